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
import time
from collections.abc import Awaitable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from product_analytics._config import ClientConfig
from product_analytics._log import log_request
from product_analytics._operation import Operation
from product_analytics._retry import Outcome, RetryPolicy, retry_after_of
from product_analytics._throttle import Throttles, ThrottleWaitTooLong
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
        shared = self
        task = self.enter()
        try:
            throttles, stats = shared.throttles, shared.stats
            throttle_class = operation.throttle_class
            clock = throttles.clock  # deadlines are values of the throttle state's clock
            started = clock()
            limit = prepared.deadline if prepared.deadline is not None else config.deadline
            deadline = None if limit is None else started + limit
            throttle_deadline = (
                deadline if deadline is not None else started + DEFAULT_THROTTLE_BUDGET
            )
            timeout = prepared.timeout if prepared.timeout is not None else config.timeout
            method, url, content = prepared.method, prepared.url, prepared.body or b""
            headers = _Headers(prepared.headers)
            headers["Authorization"] = config.api_key.header
            logged = logger.isEnabledFor(logging.INFO)
            retries = 0
            last_429: RateLimitError | None = None
            while True:
                attempt_end: float | None = None  # the attempt's clock starts once it may send
                by_deadline = False  # what ends the attempt: the timeout, or the call's deadline
                hops = 0
                failure: ApiError | None = None
                answer: Answer | None = None
                while True:  # one attempt: the request and the redirects it is answered with
                    if not throttles.admit_now(throttle_class):
                        try:
                            stats.throttle_wait += await throttles.acquire(
                                throttle_class, max_wait=policy.max_wait, deadline=throttle_deadline
                            )
                        except ThrottleWaitTooLong as exc:
                            raise _gave_up_waiting(last_429, method, url, exc.retry_after) from None
                    now = clock()
                    if attempt_end is None:
                        attempt_end, remaining = now + timeout, timeout
                        if deadline is not None and deadline < attempt_end:
                            attempt_end, remaining, by_deadline = deadline, deadline - now, True
                    else:
                        remaining = attempt_end - now
                    if remaining <= 0:
                        failure = _timeout(method, url, timeout, limit, by_deadline, hops > 0)
                        break
                    request = Request(method, url, headers, content)
                    stats.requests += 1
                    sent_at = time.perf_counter()
                    try:
                        response = await shared.transport.send(request, timeout=remaining)
                        status = response.status
                        if logged:
                            log_request(
                                method, url, headers, sent_at, retries + 1, status, response.headers
                            )
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
                        max_bytes = config.max_response_bytes
                        body = response.read_now(max_bytes)
                        if body is None:
                            body = await response.read(max_bytes)
                        answer = Answer(status, response.headers, body)
                        del body  # held by `answer` alone, which an error drops (below)
                    except BodyTooLarge:
                        failure = _too_large(response, max_bytes, method, url)
                    except TransportTimeout as exc:
                        if logged:
                            log_request(
                                method, url, headers, sent_at, retries + 1, None, None, "timeout"
                            )
                        failure = _timeout(method, url, timeout, limit, by_deadline, request.sent)
                        failure.__cause__ = LowerLevelError(f"{type(exc).__name__}: {exc}")
                    except TransportError as exc:
                        if logged:
                            log_request(
                                method, url, headers, sent_at, retries + 1, None, None, str(exc)
                            )
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
                        raise failure  # a redirect that cannot be followed, a body too large
                decision = policy.decide(method, outcome, retries, config.max_retries)
                if shared.closed:
                    raise ClientClosedError(
                        "the client was closed while this request was in flight"
                    )
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
    """Whether `loop` is the event loop running in this thread."""
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


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


def _too_large(response: Response, limit: int, method: str, url: str) -> ResponseTooLargeError:
    return ResponseTooLargeError(
        method=method, url=url, status_code=response.status, limit=limit, headers=response.headers
    )


def _timeout(
    method: str,
    url: str,
    timeout: float,
    limit: float | None,
    by_deadline: bool,
    request_sent: bool,
) -> ApiTimeoutError:
    """The error of an attempt that ran out of time: its `timeout`, or the call's deadline
    (`limit` seconds) when that came first."""
    bound = f"the call's deadline of {limit:g} s" if by_deadline else f"{timeout:g} s"
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
