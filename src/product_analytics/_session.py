"""`Session`: what the clients of one family share, and the one loop that sends a request.

`exchange` sends a prepared request until it has a 2xx answer: every hop goes through the
throttle state (`_throttle`) and the transport; redirects are followed here, within the
origin; the body is read within `max_response_bytes`; a failed attempt is retried as
`RetryPolicy.decide` says, a 429 waited out through the throttle state; the attempt's
`timeout` and the call's `deadline` bound it all. `close()` ends the calls in flight: this is
the one place that turns that into `ClientClosedError`.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from collections.abc import Awaitable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from product_analytics._config import ClientConfig
from product_analytics._operation import Operation
from product_analytics._retry import Outcome, RetryPolicy, retry_after_of
from product_analytics._throttle import DEFAULT_CLASS, Throttles, ThrottleWaitTooLong
from product_analytics._transport import (
    BodyTooLarge,
    Request,
    Response,
    Transport,
    TransportError,
    TransportTimeout,
    _Headers,
)
from product_analytics._wire import (
    REDIRECT_STATUSES,
    Answer,
    BadLink,
    PreparedRequest,
    decode_error,
    follow_redirect,
)
from product_analytics.errors import (
    ApiConnectionError,
    ApiError,
    ApiStatusError,
    ApiTimeoutError,
    ClientClosedError,
    LowerLevelError,
    ProductAnalyticsError,
    RateLimitError,
    ResponseTooLargeError,
    ResponseValidationError,
    error_for_status,
)

__all__ = ["ClientStats", "Session"]

logger = logging.getLogger("product_analytics")
ResultT = TypeVar("ResultT")

MAX_REDIRECTS = 10
# This process's id, kept current across fork() (cheaper than asking the system each call).
_pid = os.getpid()


def _after_fork_in_child() -> None:
    global _pid
    _pid = os.getpid()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)
# With no deadline, a call gives up after this many seconds of throttle waits in total.
DEFAULT_THROTTLE_BUDGET = 15 * 60.0
# A request refused this many times in a row, while no request of its throttle classes got
# through, ends with its RateLimitError: the service will not let it pass.
MAX_REFUSALS = 10
_DEFAULT_CLASSES = (DEFAULT_CLASS,)


@dataclass
class ClientStats:
    """Counters of one client family: HTTP requests that reached a transport (redirect hops
    included), retries made, 429s answered and seconds spent waiting them out."""

    requests: int = 0
    retries: int = 0
    throttled: int = 0
    throttle_wait: float = 0.0


@dataclass(eq=False)
class Session:
    """What a client and the clients made from it by `with_options` share (the connection
    pool, the throttle state, the calls in flight, the counters), and the one loop that
    sends a request: `exchange`."""

    transport: Transport
    throttles: Throttles
    stats: ClientStats = field(default_factory=ClientStats)
    closed: bool = False
    loop: asyncio.AbstractEventLoop | None = None
    pid: int = field(default_factory=lambda: _pid)
    calls: dict[asyncio.Task[Any], int] = field(default_factory=dict)
    closed_calls: set[asyncio.Task[Any]] = field(default_factory=set)
    background: set[asyncio.Future[Any]] = field(default_factory=set)

    def spawn(self, awaitable: Awaitable[ResultT]) -> asyncio.Future[ResultT]:
        """Run `awaitable` in the background until done or until `close()`."""
        future: asyncio.Future[ResultT] = asyncio.ensure_future(awaitable)
        self.background.add(future)
        future.add_done_callback(self._forget)
        return future

    def _forget(self, future: asyncio.Future[Any]) -> None:
        self.background.discard(future)
        if not future.cancelled():
            future.exception()  # retrieved: a prefetch nobody awaited must not warn

    async def close(self) -> None:
        """End every call in flight with `ClientClosedError`, stop background page fetches
        and close every connection. Idempotent."""
        shared = self
        if shared.closed:
            return
        foreign = self.foreign_use()
        if foreign is not None:
            if shared.pid == _pid and not (shared.loop is None or shared.loop.is_closed()):
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
        await shared.throttles.close()
        await shared.transport.close()

    async def exchange(
        self,
        operation: Operation[Any],
        prepared: PreparedRequest,
        config: ClientConfig,
        policy: RetryPolicy,
    ) -> tuple[Answer, str]:
        """Send `prepared` until it has a 2xx answer (following redirects, retrying, waiting
        out throttles); that answer and the URL it came from. Raises the failure that ended
        it, or `ClientClosedError` when `close()` ended it: the one place that decides so."""
        task = self.enter()
        try:
            call = _Call.of(operation, prepared, config)
            return await self._retrying(call, config, policy)
        except ApiError as error:
            # The loop raises its errors outside any `except` block, so that they chain no
            # lower-level exception (whose frames hold the request and its key). Before
            # Python 3.11 a coroutine resumed with an exception still counts it as being
            # handled: drop that implicit context here (a bare `raise` keeps it dropped).
            if not isinstance(error.__context__, (ApiError, LowerLevelError, type(None))):
                error.__context__ = None
            raise
        except asyncio.CancelledError:
            if task in self.closed_calls and _only_close_cancelled(task):
                raise ClientClosedError(
                    "the client was closed while this request was in flight"
                ) from None
            raise
        finally:
            count = self.calls.get(task, 1) - 1
            if count:
                self.calls[task] = count
            else:
                self.calls.pop(task, None)
                self.closed_calls.discard(task)

    async def _retrying(
        self, call: _Call, config: ClientConfig, policy: RetryPolicy
    ) -> tuple[Answer, str]:
        """Attempt `call` until an answer is 2xx or the retry policy or throttle gives up."""
        retries = refusals = 0
        progress = -1
        while True:
            result = await self._attempt(call, config, policy)
            if isinstance(result, Answer):
                return result, call.url
            if result.final:
                raise result.error  # a redirect that cannot be followed, a body too large
            decision = policy.decide(call.method, result.outcome, retries, config.max_retries)
            if self.closed:
                raise ClientClosedError("the client was closed while this request was in flight")
            if not decision.retry:
                raise result.error
            if decision.throttled:
                assert isinstance(result.error, RateLimitError)
                call.last_429 = result.error
                self.stats.throttled += 1
                seen, progress = progress, self.throttles.progress(call.classes)
                refusals = refusals + 1 if seen == progress else 1
                if refusals >= MAX_REFUSALS:  # refused again and again, and none of its
                    raise result.error  # class got through meanwhile: this will not pass
                wait = await self.throttles.refused(
                    call.classes, result.sent_at, result.outcome.retry_after
                )
                await self._wait_out(call, wait, policy)
                continue
            if call.deadline is not None and time.monotonic() + decision.delay >= call.deadline:
                raise result.error
            retries += 1
            self.stats.retries += 1
            logger.info(
                "retry %d/%d of %s %s in %.2f s after %s",
                retries, config.max_retries, call.method, call.target, decision.delay,
                _describe_failure(result.error),
            )  # fmt: skip
            await asyncio.sleep(decision.delay)

    async def _wait_out(self, call: _Call, wait: float, policy: RetryPolicy) -> None:
        """Wait the `wait` seconds a 429 asked this request to, within the call's bounds."""
        now = time.monotonic()
        if (policy.max_wait is not None and wait > policy.max_wait) or (
            now + wait > call.throttle_deadline
        ):
            raise _gave_up_waiting(call, wait)
        self.stats.throttle_wait += wait
        logger.info("429 on %s %s: waiting %.2f s", call.method, call.target, wait)
        await asyncio.sleep(wait)

    async def _attempt(
        self, call: _Call, config: ClientConfig, policy: RetryPolicy
    ) -> Answer | _Failed:
        """One attempt: the request and the redirects it is answered with, each hop let
        through the throttle first. The whole answer when 2xx; else how the attempt failed
        (a non-2xx answer becomes its error here, so nothing else holds its body)."""
        throttles, classes = self.throttles, call.classes
        attempt_end: float | None = None
        by_deadline = False
        hops = 0
        while True:
            if throttles.watching(classes):
                try:
                    waited = await throttles.acquire(
                        classes, max_wait=policy.max_wait, deadline=call.throttle_deadline
                    )
                except ThrottleWaitTooLong as exc:
                    return _Failed(_gave_up_waiting(call, exc.retry_after), final=True)
                self.stats.throttle_wait += waited
            now = time.monotonic()
            if attempt_end is None:
                attempt_end = now + call.timeout
                if call.deadline is not None and call.deadline < attempt_end:
                    attempt_end, by_deadline = call.deadline, True
            if attempt_end - now <= 0:
                error = _timeout(call, by_deadline, hops > 0)
                return _Failed(error, Outcome(None, request_sent=hops > 0))
            sent_at = time.time()
            result = await self._hop(call, attempt_end - now, by_deadline, config)
            if isinstance(result, Response):  # a redirect
                hops += 1
                failure = await _follow(call, result, hops)
                if failure is not None:
                    return failure
                continue
            if isinstance(result, _Failed):
                if throttles.watching(classes):
                    throttles.unanswered(classes, sent_at)
                return result
            return await self._settle(call, result, sent_at)

    async def _hop(
        self, call: _Call, timeout: float, by_deadline: bool, config: ClientConfig
    ) -> Answer | Response | _Failed:
        """Send the call's request as it stands now: the whole answer, a redirect's response
        (unread), or how it failed. The one place that calls the transport."""
        request = Request(call.method, call.url, call.headers, call.content)
        self.stats.requests += 1
        if logger.isEnabledFor(logging.DEBUG):  # the one record of each attempt
            logger.debug("request %s %s headers=%r", call.method, call.url, call.headers)
        max_bytes = config.max_response_bytes
        try:
            response = await self.transport.send(request, timeout=timeout)
            if response.status in REDIRECT_STATUSES and "Location" in response.headers:
                return response
            body = response.read_now(max_bytes)
            if body is None:
                body = await response.read(max_bytes)
            return Answer(response.status, response.headers, body)
        except BodyTooLarge:
            error: ApiError = ResponseTooLargeError(
                method=call.method, url=call.url, status_code=response.status,
                limit=max_bytes, headers=response.headers,
            )  # fmt: skip
            return _Failed(error, final=True)
        except TransportTimeout as exc:
            error, sent = _timeout(call, by_deadline, request.sent), request.sent
            cause: Exception = exc
        except TransportError as exc:
            sent = request.sent if exc.request_sent is None else exc.request_sent
            error = ApiConnectionError(
                f"{call.method} {call.url}: {exc}", method=call.method, url=call.url,
                request_sent=sent,
            )  # fmt: skip
            cause = exc
        error.__cause__ = LowerLevelError(f"{type(cause).__name__}: {cause}")
        return _Failed(error, Outcome(None, request_sent=sent))

    async def _settle(self, call: _Call, answer: Answer, sent_at: float) -> Answer | _Failed:
        """A whole answer: itself when 2xx, else its error (which keeps an excerpt of the
        body: once this returns, nothing holds the body of a failed answer)."""
        status = answer.status
        if logger.isEnabledFor(logging.DEBUG):
            logger.debug("response %s %s %s", status, call.method, call.url)
        if status not in (401, 403, 429) and self.throttles.watching(call.classes):
            await self.throttles.admitted(call.classes, sent_at)  # let through by the service
        if 200 <= status < 300:
            return answer
        retry_after = retry_after_of(answer.headers)
        error = decode_error(answer, method=call.method, url=call.url, retry_after=retry_after)
        return _Failed(error, Outcome(status, True, retry_after), sent_at=sent_at)

    def enter(self) -> asyncio.Task[Any]:
        """Register the calling task as in a call; refuse a closed client or a foreign loop."""
        shared = self
        if shared.closed:
            raise ClientClosedError("the client is closed; create a new AsyncClient")
        loop = shared.loop
        if loop is None or shared.pid != _pid or not _runs_here(loop):
            loop = asyncio.get_running_loop()
            if shared.loop is None:
                shared.loop, shared.pid = loop, _pid
            elif loop is not shared.loop or shared.pid != _pid:
                foreign = self.foreign_use()
                assert foreign is not None
                raise ProductAnalyticsError(f"{foreign}; create one AsyncClient per event loop")
        task = asyncio.current_task(loop)
        assert task is not None
        calls = shared.calls
        calls[task] = calls.get(task, 0) + 1
        return task

    def foreign_use(self) -> str | None:
        """What is wrong with using this client here: from another event loop than the one
        it first ran on, or in a child process after fork(); None when nothing is."""
        shared = self
        if shared.loop is None:
            return None
        if shared.pid != _pid:
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


def _runs_here(loop: asyncio.AbstractEventLoop) -> bool:
    """Whether `loop` is running in this thread (then it is the running loop: a thread runs
    one loop at a time). asyncio's loops note the thread they run in; asking them is cheaper
    than `asyncio.get_running_loop()`, which before Python 3.12 makes a system call (for the
    process id) each time. A loop that does not say is never taken as running here."""
    return getattr(loop, "_thread_id", None) == threading.get_ident()


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


@dataclass(slots=True, eq=False)
class _Call:
    """One call as its attempts go: the request (a redirect changes its method, URL and
    body), its throttle classes and its time bounds (`time.monotonic()` values)."""

    method: str
    url: str
    target: str
    headers: _Headers
    content: bytes
    classes: tuple[str, ...]
    timeout: float
    limit: float | None  # the call's deadline, in seconds
    deadline: float | None
    throttle_deadline: float
    last_429: RateLimitError | None = None

    @classmethod
    def of(
        cls, operation: Operation[Any], prepared: PreparedRequest, config: ClientConfig
    ) -> _Call:
        started = time.monotonic()
        limit = prepared.deadline if prepared.deadline is not None else config.deadline
        deadline = None if limit is None else started + limit
        headers = _Headers(prepared.headers)
        headers["Authorization"] = config.api_key.header
        return cls(
            prepared.method, prepared.url, prepared.target, headers, prepared.body or b"",
            operation.throttle_classes or _DEFAULT_CLASSES,
            prepared.timeout if prepared.timeout is not None else config.timeout,
            limit, deadline,
            deadline if deadline is not None else started + DEFAULT_THROTTLE_BUDGET,
        )  # fmt: skip


_NO_ANSWER = Outcome(None)


@dataclass(slots=True, eq=False)
class _Failed:
    """How an attempt failed: the error, what the retry policy needs to know of it, the
    send time of the request it answered (a 429's), and whether nothing may retry it."""

    error: ApiError
    outcome: Outcome = _NO_ANSWER
    final: bool = False
    sent_at: float = 0.0


async def _follow(call: _Call, response: Response, hops: int) -> _Failed | None:
    """Point `call` at the redirect's target; or the failure that ends the attempt."""
    status, headers = response.status, response.headers
    location = headers["Location"]
    await response.aclose()
    redirect = _redirect(call.method, call.url, status, location, headers)
    if isinstance(redirect, ApiError):
        return _Failed(redirect, final=True)
    if hops > MAX_REDIRECTS:
        error = error_for_status(
            method=call.method, url=call.url, status_code=status,
            body=f"more than {MAX_REDIRECTS} redirects", retry_after=None, headers=headers,
        )  # fmt: skip
        return _Failed(error, final=True)
    call.method, call.url = redirect.method, redirect.url
    if not redirect.keep_body:
        call.content = b""
        call.headers.pop("Content-Type", None)
    return None


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


def _timeout(call: _Call, by_deadline: bool, request_sent: bool) -> ApiTimeoutError:
    """The error of an attempt that ran out of time: its `timeout`, or the call's deadline
    when that came first."""
    bound = f"the call's deadline of {call.limit:g} s" if by_deadline else f"{call.timeout:g} s"
    return ApiTimeoutError(
        f"{call.method} {call.url}: no answer within {bound}",
        method=call.method,
        url=call.url,
        request_sent=request_sent,
    )


def _gave_up_waiting(call: _Call, retry_after: float) -> RateLimitError:
    """The error for a throttle wait that does not fit the call's bounds."""
    last_429 = call.last_429
    return RateLimitError(
        method=call.method,
        url=call.url,
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
