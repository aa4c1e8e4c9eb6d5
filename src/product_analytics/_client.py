"""`AsyncClient`: the resources, on top of one transport, a retry policy, throttle state and
scope checks.

A call flows: generated method -> `_prepare` (scope check, `_wire.build_request`: every
argument checked, nothing sent yet) -> `_exchange` (the one loop that sends: throttle,
transport, redirects, retries, timeouts and deadline; it reads the body within
`max_response_bytes`) -> `_wire.decode_success` or `_wire.decode_error`.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import TracebackType
from typing import Any, TypeVar

from product_analytics._aiohttp import AiohttpTransport
from product_analytics._bulk import map_bounded
from product_analytics._config import ClientConfig, Secret
from product_analytics._generated import SPEC_USER_AGENT
from product_analytics._generated.resources import ClientResources
from product_analytics._operation import Operation
from product_analytics._pagination import Pager
from product_analytics._ratelimit import RateLimit
from product_analytics._raw_response import RAW, RawResponse
from product_analytics._retry import Outcome, RetryPolicy, retry_after_of
from product_analytics._scopes import grants
from product_analytics._throttle import ThrottleEvent, Throttles, ThrottleWaitTooLong
from product_analytics._transport import (
    Request,
    Response,
    Transport,
    TransportError,
    TransportTimeout,
    _Headers,
)
from product_analytics._version import __version__
from product_analytics._warn import warn_once
from product_analytics._wire import (
    REDIRECT_STATUSES,
    Answer,
    BadLink,
    PreparedRequest,
    RequestOptions,
    build_request,
    decode_error,
    decode_success,
    follow_redirect,
)
from product_analytics.errors import (
    ApiConnectionError,
    ApiError,
    ApiStatusError,
    ApiTimeoutError,
    ClientClosedError,
    ExperimentalOperationWarning,
    LowerLevelError,
    MissingScopeError,
    PersonalApiKeyWarning,
    ProductAnalyticsError,
    RateLimitError,
    ResponseTooLargeError,
    ResponseValidationError,
    error_for_status,
)

__all__ = ["AsyncClient", "ClientStats"]

logger = logging.getLogger("product_analytics")
ResultT = TypeVar("ResultT")

MAX_REDIRECTS = 10
# With no deadline, a call gives up after this many seconds of throttle waits in total.
DEFAULT_THROTTLE_BUDGET = 15 * 60.0
_UNSET: Any = object()


@dataclass
class ClientStats:
    """Counters of one client family: HTTP requests that reached a transport (redirect hops
    included), retries made, 429s answered and seconds spent waiting them out."""

    requests: int = 0
    retries: int = 0
    throttled: int = 0
    throttle_wait: float = 0.0


@dataclass(eq=False)
class _Shared:
    """What a client and the clients made from it by `with_options` share: the connection
    pool, the throttle state, the calls in flight and the counters."""

    transport: Transport
    throttles: Throttles
    stats: ClientStats = field(default_factory=ClientStats)
    closed: bool = False
    loop: asyncio.AbstractEventLoop | None = None
    pid: int = field(default_factory=os.getpid)
    calls: dict[asyncio.Task[Any], int] = field(default_factory=dict)
    closed_calls: set[asyncio.Task[Any]] = field(default_factory=set)
    background: set[asyncio.Future[Any]] = field(default_factory=set)


class AsyncClient(ClientResources):
    """An async client of the product-analytics API.

    Use it as `async with AsyncClient(...) as client:` or call `await client.close()`. One
    client holds one connection pool and may be shared by many concurrent tasks of the event
    loop it first ran on.

    `api_key` and `base_url` default to the environment variables
    `PRODUCT_ANALYTICS_API_KEY` and `PRODUCT_ANALYTICS_BASE_URL`. `scopes`, when given, are
    the scopes the key holds: an operation needing another raises `MissingScopeError`
    before sending. `timeout` bounds one attempt of one request (redirects included), in
    seconds; `deadline` bounds a whole call (attempts, retries and throttle waits).
    `max_retries` extra attempts follow a retryable failure (0 turns retries off, 429 waits
    included); `retry_policy` sets the backoff. A 429 pauses the operation's throttle class
    for every task of the client until the service's window reopens, then requests of the
    class are paced; `rate_limit=RateLimit(240, per=60)` (or `{throttle_class: RateLimit}`)
    caps requests up front. `max_response_bytes` bounds one response body (after
    decompression); `max_page_items` bounds the items of a list page that asked for no
    `limit`. `project_id` and `organization_id` are the defaults of the path parameters of
    those names. `transport` replaces the aiohttp transport (see `MockTransport`).
    """

    def __init__(
        self,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        scopes: Iterable[str] | None = None,
        timeout: float = 30.0,
        max_retries: int = 2,
        max_concurrency: int = 32,
        project_id: str | int | None = None,
        organization_id: str | None = None,
        deadline: float | None = None,
        max_response_bytes: int = 64 * 1024 * 1024,
        max_page_items: int = 10_000,
        rate_limit: RateLimit | Mapping[str, RateLimit] | None = None,
        transport: Transport | None = None,
        retry_policy: RetryPolicy | None = None,
        require_https: bool = False,
    ) -> None:
        # The key goes into the config's Secret at once: this frame keeps no str of it, so
        # that a traceback's locals (a configuration error below, say) cannot show it.
        secret, api_key = Secret.of(api_key), None
        self._config = ClientConfig.resolve(
            api_key=secret,
            base_url=base_url,
            scopes=scopes,
            timeout=timeout,
            max_retries=max_retries,
            max_concurrency=max_concurrency,
            project_id=project_id,
            organization_id=organization_id,
            deadline=deadline,
            max_response_bytes=max_response_bytes,
            max_page_items=max_page_items,
            require_https=require_https,
        )
        self._retry = _check_policy(retry_policy)
        if transport is None:
            transport = AiohttpTransport(
                max_connections=self._config.max_concurrency,
                user_agent=f"product-analytics-python/{__version__} {SPEC_USER_AGENT}",
            )
        elif not isinstance(transport, Transport):
            raise TypeError("transport must have async send(request, *, timeout) and close()")
        self._shared = _Shared(transport, Throttles(_check_rate_limit(rate_limit)))
        self._init_resources()

    def _init_resources(self) -> None:
        self._path_defaults: dict[str, object] = {
            "project_id": self._config.project_id,
            "organization_id": self._config.organization_id,
        }
        ClientResources.__init__(self, self)

    def with_options(
        self,
        *,
        scopes: Iterable[str] | None = _UNSET,
        timeout: float = _UNSET,
        max_retries: int = _UNSET,
        project_id: str | int | None = _UNSET,
        organization_id: str | None = _UNSET,
        deadline: float | None = _UNSET,
        max_response_bytes: int = _UNSET,
        max_page_items: int = _UNSET,
        retry_policy: RetryPolicy | None = _UNSET,
        require_https: bool = _UNSET,
        api_key: str | None = _UNSET,
        base_url: str | None = _UNSET,
        max_concurrency: int = _UNSET,
        rate_limit: RateLimit | Mapping[str, RateLimit] | None = _UNSET,
        transport: Transport | None = _UNSET,
    ) -> AsyncClient:
        """A client with other settings that shares this one's connection pool, throttle
        state and counters. Closing either closes the pool for both.

        The settings that make the shared parts (`api_key`, `base_url`, `max_concurrency`,
        `rate_limit`, `transport`) cannot change: a `TypeError` says to create a new client.
        """
        fixed = {
            "api_key": api_key,
            "base_url": base_url,
            "max_concurrency": max_concurrency,
            "rate_limit": rate_limit,
            "transport": transport,
        }
        changed_fixed = sorted(name for name, value in fixed.items() if value is not _UNSET)
        if changed_fixed:
            raise TypeError(
                f"with_options cannot change {', '.join(changed_fixed)}: the client it makes "
                "shares this one's key, connection pool and throttle state; create a new "
                "AsyncClient instead"
            )
        changes: dict[str, Any] = {
            name: value
            for name, value in {
                "timeout": timeout,
                "max_retries": max_retries,
                "project_id": project_id,
                "organization_id": organization_id,
                "deadline": deadline,
                "max_response_bytes": max_response_bytes,
                "max_page_items": max_page_items,
            }.items()
            if value is not _UNSET
        }
        old = self._config
        checked = ClientConfig.resolve(
            api_key="-",  # not used: the key stays the one this client holds
            base_url=old.base_url,
            scopes=old.scopes if scopes is _UNSET else scopes,
            timeout=changes.get("timeout", old.timeout),
            max_retries=changes.get("max_retries", old.max_retries),
            max_concurrency=old.max_concurrency,
            project_id=changes.get("project_id", old.project_id),
            organization_id=changes.get("organization_id", old.organization_id),
            deadline=changes.get("deadline", old.deadline),
            max_response_bytes=changes.get("max_response_bytes", old.max_response_bytes),
            max_page_items=changes.get("max_page_items", old.max_page_items),
            require_https=old.require_https if require_https is _UNSET else require_https,
        )
        clone = object.__new__(AsyncClient)
        clone._config = replace(checked, api_key=old.api_key)
        clone._retry = self._retry if retry_policy is _UNSET else _check_policy(retry_policy)
        clone._shared = self._shared
        clone._init_resources()
        return clone

    # -- configuration ------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        return self._config.base_url

    @property
    def scopes(self) -> frozenset[str] | None:
        return self._config.scopes

    @property
    def max_concurrency(self) -> int:
        return self._config.max_concurrency

    @property
    def stats(self) -> ClientStats:
        """Counters shared by this client and those made from it by `with_options`."""
        return self._shared.stats

    @property
    def closed(self) -> bool:
        return self._shared.closed

    def paused_until(self, throttle_class: str) -> float | None:
        """When (`time.time()`) the service's throttle lets `throttle_class` go again, or
        None when it is not paused."""
        return self._shared.throttles.paused_until(throttle_class)

    def add_throttle_listener(
        self, callback: Callable[[ThrottleEvent], None]
    ) -> Callable[[], None]:
        """Call `callback(ThrottleEvent)` when the service pauses a throttle class (and
        when it resumes); returns a function that removes the callback. Progress displays
        use it to show that work is paused by the service, and until when."""
        return self._shared.throttles.add_listener(callback)

    def __repr__(self) -> str:
        config: ClientConfig | None = getattr(self, "_config", None)
        if config is None:  # its __init__ failed (as a traceback's locals may show)
            return "AsyncClient(<not configured>)"
        scopes = sorted(config.scopes) if config.scopes is not None else None
        return f"AsyncClient(base_url={config.base_url!r}, api_key='***', scopes={scopes})"

    # -- lifecycle ----------------------------------------------------------------------

    async def __aenter__(self) -> AsyncClient:
        if self.closed:
            raise ClientClosedError("the client is closed; create a new AsyncClient")
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()

    async def close(self) -> None:
        """End every call in flight with `ClientClosedError`, stop background page fetches
        and close every connection. Idempotent."""
        shared = self._shared
        if shared.closed:
            return
        foreign = self._foreign_use()
        if foreign is not None:
            if shared.pid == os.getpid() and not (shared.loop is None or shared.loop.is_closed()):
                raise ProductAnalyticsError(
                    f"{foreign}; close it from the event loop it belongs to"
                )
            # After fork() its connections are the parent's, or its loop is closed: neither
            # can be closed from here. The client is closed; its connections are let go.
            shared.closed = True
            forget = getattr(shared.transport, "forget", None)
            if forget is not None:
                forget()
            return
        shared.closed = True
        current = asyncio.current_task()
        for task in list(shared.calls):
            if task is not current and not task.done():
                shared.closed_calls.add(task)
                task.cancel()
        background, shared.background = shared.background, set()
        for future in background:
            future.cancel()
        if background:
            await asyncio.gather(*background, return_exceptions=True)
        await shared.transport.close()

    def _spawn(self, awaitable: Awaitable[ResultT]) -> asyncio.Future[ResultT]:
        """Run `awaitable` in the background until done or until the client closes."""
        future: asyncio.Future[ResultT] = asyncio.ensure_future(awaitable)
        self._shared.background.add(future)
        future.add_done_callback(self._forget)
        return future

    def _forget(self, future: asyncio.Future[Any]) -> None:
        self._shared.background.discard(future)
        if not future.cancelled():
            future.exception()  # retrieved: a prefetch nobody awaited must not warn

    # -- what the generated resources call ----------------------------------------------

    def _prepare(
        self,
        operation: Operation[Any],
        path: Mapping[str, object],
        query: Mapping[str, object],
        body: Mapping[str, object] | None,
        options: RequestOptions,
    ) -> PreparedRequest:
        """Check the call (client open, scope) and every argument; build the request."""
        if self._shared.closed:
            raise ClientClosedError("the client is closed; create a new AsyncClient")
        held = self._config.scopes
        required = operation.required_scope
        if held is not None and required is not None and not grants(held, required):
            raise MissingScopeError(operation.operation_id, required, held)
        if operation.experimental:
            warn_once(
                ExperimentalOperationWarning,
                operation.operation_id,
                f"{operation.operation_id} is in development on the service and may change; "
                "do not depend on it",
            )
        if not operation.personal_api_key_allowed:
            warn_once(
                PersonalApiKeyWarning,
                operation.operation_id,
                f"the live service refuses personal API keys for {operation.operation_id}: "
                "expect a 403 (PermissionDeniedError) with one",
            )
        return build_request(
            operation,
            base_url=self._config.base_url,
            path_args=path,
            query_args=query,
            body_fields=body,
            options=options,
            path_defaults=self._path_defaults,
        )

    async def _request(
        self,
        operation: Operation[ResultT],
        *,
        path: Mapping[str, object],
        query: Mapping[str, object],
        body: Mapping[str, object] | None,
        options: RequestOptions,
    ) -> ResultT:
        """Perform `operation` with these arguments and return its decoded result (or,
        under `with_raw_response`, the raw response)."""
        prepared = self._prepare(operation, path, query, body, options)
        answer, url = await self._exchange(operation, prepared)
        if RAW.get():
            return RawResponse(answer, operation, prepared.method, url)  # type: ignore[return-value]
        try:
            return decode_success(operation, answer, method=prepared.method, url=url)
        finally:
            del answer  # an error's traceback keeps this frame, and must not keep the body

    def _paginate(
        self,
        operation: Operation[Any],
        *,
        path: Mapping[str, object],
        query: Mapping[str, object],
        body: Mapping[str, object] | None,
        options: RequestOptions,
    ) -> Pager[Any]:
        """A pager over the list `operation`; its arguments are checked now, not when used."""
        return Pager(self, operation, self._prepare(operation, path, query, body, options))

    async def _request_many(
        self,
        operation: Operation[ResultT],
        *,
        param: str,
        values: Iterable[object],
        path: Mapping[str, object],
        concurrency: int | None,
        return_exceptions: bool,
        options: RequestOptions,
    ) -> list[Any]:
        """`operation` once per value of the path parameter `param`, bounded, in order.

        Every request is built (and so every argument checked) before the first is sent.
        """
        if isinstance(values, (str, bytes)):
            raise TypeError(f"{param}s must be a list of values, not one string")
        limit = self._config.max_concurrency
        if concurrency is None:
            concurrency = limit
        elif isinstance(concurrency, bool) or not isinstance(concurrency, int):
            raise TypeError("concurrency must be an int")
        elif concurrency < 1:
            raise ValueError("concurrency must be >= 1")
        elif concurrency > limit:
            warn_once(
                UserWarning,
                f"concurrency>{limit}",
                f"concurrency={concurrency} is capped at the client's max_concurrency={limit}; "
                "raise AsyncClient(max_concurrency=...) for more requests in flight",
            )
            concurrency = limit
        requests = [
            self._prepare(operation, {**path, param: value}, {}, None, options) for value in values
        ]

        async def send(request: PreparedRequest) -> Any:
            answer, url = await self._exchange(operation, request)
            try:
                return decode_success(operation, answer, method=request.method, url=url)
            finally:
                del answer  # errors returned by get_many must not keep bodies alive

        return await map_bounded(
            send, requests, concurrency=concurrency, return_exceptions=return_exceptions
        )

    # -- sending ------------------------------------------------------------------------

    async def _exchange(
        self, operation: Operation[Any], prepared: PreparedRequest
    ) -> tuple[Answer, str]:
        """Send `prepared` until it has a 2xx answer (following redirects, retrying, waiting
        out throttles); that answer and the URL it came from. Raises the failure that ended
        it, or `ClientClosedError` when `close()` ended it: the one place that decides so."""
        shared = self._shared
        task = self._enter()
        try:
            return await self._exchange_loop(operation, prepared)
        except ApiError as error:
            # The loop raises its errors outside any `except` block, so that they chain no
            # lower-level exception (whose frames hold the request and its key). Before
            # Python 3.11 a coroutine resumed with an exception still counts it as being
            # handled: drop that implicit context here (a bare `raise` keeps it dropped).
            if not isinstance(error.__context__, (ApiError, LowerLevelError, type(None))):
                error.__context__ = None
            raise
        except asyncio.CancelledError:
            if task in shared.closed_calls and _only_close_cancelled(task):
                raise ClientClosedError(
                    "the client was closed while this request was in flight"
                ) from None
            raise
        finally:
            count = shared.calls.get(task, 1) - 1
            if count:
                shared.calls[task] = count
            else:
                shared.calls.pop(task, None)
                shared.closed_calls.discard(task)

    def _enter(self) -> asyncio.Task[Any]:
        """Register the calling task as in a call; refuse a closed client or a foreign loop."""
        shared = self._shared
        if shared.closed:
            raise ClientClosedError("the client is closed; create a new AsyncClient")
        if shared.loop is None:
            shared.loop, shared.pid = asyncio.get_running_loop(), os.getpid()
        foreign = self._foreign_use()
        if foreign is not None:
            raise ProductAnalyticsError(f"{foreign}; create one AsyncClient per event loop")
        task = asyncio.current_task()
        assert task is not None
        shared.calls[task] = shared.calls.get(task, 0) + 1
        return task

    def _foreign_use(self) -> str | None:
        """What is wrong with using this client here: from another event loop than the one
        it first ran on, or in a child process after fork(); None when nothing is."""
        shared = self._shared
        if shared.loop is None:
            return None
        if shared.pid != os.getpid():
            return (
                "this AsyncClient belongs to the event loop it first ran on, in another "
                "process: it cannot be used after fork()"
            )
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is not shared.loop:
            return (
                "this AsyncClient belongs to the event loop it first ran on and is used from "
                "another event loop"
            )
        return None

    async def _exchange_loop(
        self, operation: Operation[Any], prepared: PreparedRequest
    ) -> tuple[Answer, str]:
        shared, config, policy = self._shared, self._config, self._retry
        throttles, stats = shared.throttles, shared.stats
        throttle_class = operation.throttle_class
        clock = throttles.clock  # deadlines are values of the throttle state's clock
        started = clock()
        limit = prepared.deadline if prepared.deadline is not None else config.deadline
        deadline = None if limit is None else started + limit
        throttle_deadline = deadline if deadline is not None else started + DEFAULT_THROTTLE_BUDGET
        timeout = prepared.timeout if prepared.timeout is not None else config.timeout
        method, url, content = prepared.method, prepared.url, prepared.body or b""
        headers = _Headers(prepared.headers)
        headers["Authorization"] = config.api_key.header
        retries = 0
        last_429: RateLimitError | None = None
        while True:
            attempt_end: float | None = None  # the attempt's clock starts once it may send
            bound = f"{timeout:g} s"  # what ends the attempt: the timeout or the deadline
            hops = 0
            failure: ApiError | None = None
            answer: Answer | None = None
            while True:  # one attempt: the request and the redirects it is answered with
                try:
                    stats.throttle_wait += await throttles.acquire(
                        throttle_class, max_wait=policy.max_wait, deadline=throttle_deadline
                    )
                except ThrottleWaitTooLong as exc:
                    raise _gave_up_waiting(last_429, method, url, exc.retry_after) from None
                if attempt_end is None:
                    attempt_end = clock() + timeout
                    if deadline is not None and deadline < attempt_end:
                        attempt_end, bound = deadline, f"the call's deadline of {limit:g} s"
                remaining = attempt_end - clock()
                if remaining <= 0:
                    failure = _timeout(method, url, bound, request_sent=hops > 0)
                    break
                request = Request(method, url, headers, content)
                stats.requests += 1
                if logger.isEnabledFor(logging.DEBUG):
                    logger.debug("request %s %s headers=%r", method, url, headers)
                try:
                    response = await shared.transport.send(request, timeout=remaining)
                    status = response.status
                    if logger.isEnabledFor(logging.DEBUG):
                        logger.debug("response %s %s %s", status, method, url)
                    if status in REDIRECT_STATUSES and "Location" in response.headers:
                        location = response.headers["Location"]
                        await response.aclose()
                        redirect = _redirect(method, url, status, location, response.headers)
                        hops += 1
                        if isinstance(redirect, ApiError):
                            failure = redirect
                            break
                        if hops > MAX_REDIRECTS:
                            failure = error_for_status(
                                method=method, url=url, status_code=status,
                                body=f"more than {MAX_REDIRECTS} redirects",
                                retry_after=None, headers=response.headers,
                            )  # fmt: skip
                            break
                        method, url = redirect.method, redirect.url
                        if not redirect.keep_body:
                            content = b""
                            headers.pop("Content-Type", None)
                        continue
                    answer = Answer(
                        status,
                        response.headers,
                        await _read(response, config.max_response_bytes, method, url),
                    )
                except TransportTimeout as exc:
                    failure = _timeout(method, url, bound, request_sent=request.sent)
                    failure.__cause__ = LowerLevelError(f"{type(exc).__name__}: {exc}")
                except TransportError as exc:
                    sent = request.sent if exc.request_sent is None else exc.request_sent
                    failure = ApiConnectionError(
                        f"{method} {url}: {exc}", method=method, url=url, request_sent=sent
                    )
                    failure.__cause__ = LowerLevelError(f"{type(exc).__name__}: {exc}")
                break
            if answer is not None and answer.status not in (401, 403, 429):
                throttles.succeeded(throttle_class)  # admitted by the service's throttle
            if answer is not None and 200 <= answer.status < 300:
                return answer, url
            if answer is not None:
                retry_after = retry_after_of(answer.headers)
                failure = decode_error(answer, method=method, url=url, retry_after=retry_after)
                outcome = Outcome(answer.status, True, retry_after)
                # The error holds an excerpt; its traceback holds this frame: not the body.
                answer = None
            else:
                assert failure is not None
                sent = not isinstance(failure, ApiConnectionError) or failure.request_sent
                outcome = Outcome(None, request_sent=sent)
                if not isinstance(failure, ApiConnectionError):
                    raise failure  # a redirect that cannot be followed
            decision = policy.decide(method, outcome, retries, config.max_retries)
            if shared.closed:
                raise ClientClosedError("the client was closed while this request was in flight")
            if not decision.retry:
                raise failure
            if decision.throttled:
                assert isinstance(failure, RateLimitError)
                last_429 = failure
                stats.throttled += 1
                pause = throttles.throttled(throttle_class, outcome.retry_after)
                logger.info(
                    "429 on %s %s: %s paused for %.1f s",
                    method, prepared.target, throttle_class or "requests", pause,
                )  # fmt: skip
                continue
            if deadline is not None and clock() + decision.delay >= deadline:
                raise failure
            retries += 1
            stats.retries += 1
            logger.info(
                "retry %d/%d of %s %s in %.2f s after %s",
                retries, config.max_retries, method, prepared.target, decision.delay,
                _describe_failure(failure),
            )  # fmt: skip
            await asyncio.sleep(decision.delay)


def _only_close_cancelled(task: asyncio.Task[Any]) -> bool:
    """Whether the cancellation under way came from `close()` alone (so it may become
    `ClientClosedError`); before Python 3.11 that cannot be told, and is assumed."""
    cancelling = getattr(task, "cancelling", None)
    if cancelling is None:
        return True
    if cancelling() <= 1:
        task.uncancel()  # type: ignore[attr-defined]
        return True
    return False


def _redirect(method: str, url: str, status: int, location: str, headers: Mapping[str, str]) -> Any:
    """The redirect to follow, or the error that ends the attempt."""
    try:
        redirect = follow_redirect(method, url, status, location)
    except BadLink as exc:
        return ResponseValidationError(
            f"its Location: {exc}",
            method=method, url=url, status_code=status, body="", headers=headers,
            subject="a link that cannot be followed",
        )  # fmt: skip
    if redirect is None:
        return error_for_status(
            method=method,
            url=url,
            status_code=status,
            body=f"a redirect to another origin ({location[:200]}) is not followed",
            retry_after=None,
            headers=headers,
        )
    return redirect


async def _read(response: Response, limit: int, method: str, url: str) -> bytes:
    """The whole body, or `ResponseTooLargeError` as soon as it passes `limit` bytes (at
    once when an uncompressed body declares a longer Content-Length)."""
    chunks: list[bytes] = []
    size = 0
    declared = response.headers.get("Content-Length", "")
    try:
        if (
            declared.isdigit()
            and int(declared) > limit
            and "Content-Encoding" not in response.headers
        ):
            raise _too_large(response, limit, method, url)
        async for chunk in response.stream:
            size += len(chunk)
            if size > limit:
                chunks.clear()
                raise _too_large(response, limit, method, url)
            chunks.append(chunk)
    finally:
        await response.aclose()
    return b"".join(chunks)


def _too_large(response: Response, limit: int, method: str, url: str) -> ResponseTooLargeError:
    return ResponseTooLargeError(
        method=method, url=url, status_code=response.status, limit=limit, headers=response.headers
    )


def _timeout(method: str, url: str, bound: str, *, request_sent: bool) -> ApiTimeoutError:
    return ApiTimeoutError(
        f"{method} {url}: no answer within {bound}",
        method=method,
        url=url,
        request_sent=request_sent,
    )


def _gave_up_waiting(
    last_429: RateLimitError | None, method: str, url: str, retry_after: float
) -> RateLimitError:
    """The error for a throttle wait that does not fit the call's bounds."""
    return RateLimitError(
        method=method,
        url=url,
        status_code=429,
        body=(
            last_429.body
            if last_429 is not None
            else {"detail": f"throttled by the client's rate limit for {retry_after:.1f} s more"}
        ),
        retry_after=retry_after,
        headers=last_429.headers if last_429 is not None else None,
    )


def _describe_failure(failure: Exception) -> str:
    if isinstance(failure, ApiStatusError):
        return f"status {failure.status_code}"
    return type(failure).__name__


def _check_policy(policy: RetryPolicy | None) -> RetryPolicy:
    if policy is None:
        return RetryPolicy()
    if not isinstance(policy, RetryPolicy):
        raise TypeError("retry_policy must be a RetryPolicy")
    return policy


def _check_rate_limit(
    rate_limit: RateLimit | Mapping[str, RateLimit] | None,
) -> RateLimit | Mapping[str, RateLimit] | None:
    if rate_limit is None or isinstance(rate_limit, RateLimit):
        return rate_limit
    if isinstance(rate_limit, Mapping) and all(
        isinstance(k, str) and isinstance(v, RateLimit) for k, v in rate_limit.items()
    ):
        return dict(rate_limit)
    raise TypeError(
        "rate_limit must be a RateLimit, e.g. RateLimit(240, per=60), or a mapping of "
        "throttle class to RateLimit"
    )


__all__ += ["ThrottleEvent"]
