"""The send path of one call: `Sender.exchange` sends a prepared request until it has a 2xx
answer, as `RetryPolicy.decide` and the throttle state (`_throttle`) allow.

One pass down and back: `exchange` registers the calling task as in a call (`_begin`: a
client belongs to the event loop it first ran on, and to its process), then loops: it
retries failures, waits out 429s (`_wait_out`; not counted against `max_retries`, and
`max_retries=0` turns them off; a request refused `MAX_REFUSALS` times in a row while
nothing of its classes got through ends there), all within the call's `deadline`, and turns
a cancellation by `close()` into `ClientClosedError`. While it sleeps before a retry or
waits out a 429, a call run by `map_bounded` lends its slot (`_bulk.lend_slot`). One
attempt (`_attempt`) lets each hop through the throttle and follows redirects within the
origin, within the attempt's `timeout`; a non-2xx answer becomes its error there, so the
body of a failed answer lives in that frame only (the error keeps an excerpt). A hop
(`_hop`, the one place that calls the transport, and where a record of each hop is logged)
sends the request and reads the body within `max_response_bytes`; the `Watchdog` cancels a
hop that outlives its time.
"""

from __future__ import annotations

import asyncio
import logging
import math
import os
import sys
import time
from dataclasses import dataclass, field
from threading import get_ident
from typing import Any

from product_analytics._bulk import lend_slot
from product_analytics._call import Call, Failed, describe, follow, gave_up_waiting, timed_out
from product_analytics._config import ClientConfig
from product_analytics._decode import Answer, decode_error
from product_analytics._log import log_request
from product_analytics._operation import Operation
from product_analytics._redirect import REDIRECT_STATUSES
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
from product_analytics._wire import PreparedRequest
from product_analytics.errors import (
    ApiConnectionError,
    ApiError,
    ClientClosedError,
    LowerLevelError,
    ProductAnalyticsError,
    RateLimitError,
    ResponseTooLargeError,
)

__all__ = ["PROCESS", "ClientStats", "Sender", "Watchdog"]

logger = logging.getLogger("product_analytics")

# With no deadline, a call gives up after this many seconds of throttle waits in total.
DEFAULT_THROTTLE_BUDGET = 15 * 60.0
# A request refused this many times in a row, while no request of its throttle classes got
# through, ends with its RateLimitError: the service will not let it pass.
MAX_REFUSALS = 10
_DEFAULT_CLASSES = (DEFAULT_CLASS,)
_CANCELLING = sys.version_info >= (3, 11)  # Task.cancelling() and uncancel()


class PROCESS:
    """This process's id, kept current across fork() (cheaper than asking the system)."""

    pid = os.getpid()


def _after_fork_in_child() -> None:
    PROCESS.pid = os.getpid()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


@dataclass
class ClientStats:
    """Counters of one client family: HTTP requests that reached a transport (redirect hops
    included), retries made, 429s answered and seconds spent waiting on throttles."""

    requests: int = 0
    retries: int = 0
    throttled: int = 0
    throttle_wait: float = 0.0


@dataclass(eq=False)
class Sender:
    """The transport, throttle state and counters a client family shares, the calls in
    flight and the event loop they run on, and `exchange`, which sends one call."""

    transport: Transport
    throttles: Throttles
    stats: ClientStats = field(default_factory=ClientStats)
    closed: bool = False
    loop: asyncio.AbstractEventLoop | None = None
    pid: int = field(default_factory=lambda: PROCESS.pid)
    thread: int = 0  # the loop's: the loop running in it is the client's while that runs
    calls: dict[asyncio.Task[Any], int] = field(default_factory=dict)
    closed_calls: set[asyncio.Task[Any]] = field(default_factory=set)
    watchdog: Watchdog = field(default_factory=lambda: Watchdog())

    async def exchange(
        self,
        operation: Operation[Any],
        prepared: PreparedRequest,
        config: ClientConfig,
        policy: RetryPolicy,
        url: str | None = None,
    ) -> tuple[Answer, str]:
        """Send `prepared` (to `url` instead of `prepared.url` when given) until an answer
        is 2xx (following redirects, retrying, waiting out throttles); that answer and the
        URL it came from. Raises the failure that ended it, or `ClientClosedError` when
        `close()` ended it: the one place that decides so."""
        call = self._begin(operation, prepared, config, url)
        retries = 0
        try:
            while True:
                result = await self._attempt(call, config, policy)
                if isinstance(result, Answer):
                    return result, call.url
                if result.final:
                    raise result.error  # a redirect that cannot be followed, a body too large
                decision = policy.decide(call.method, result.outcome, retries, config.max_retries)
                if self.closed:
                    raise ClientClosedError(
                        "the client was closed while this request was in flight"
                    )
                if not decision.retry:
                    raise result.error
                if decision.throttled:
                    await self._wait_out(call, result, policy)
                    continue
                if call.deadline is not None and time.monotonic() + decision.delay >= call.deadline:
                    raise result.error
                retries += 1
                self.stats.retries += 1
                logger.info(
                    "retry %d/%d of %s %s in %.2f s after %s",
                    retries, config.max_retries, call.method, call.target, decision.delay,
                    describe(result.error),
                )  # fmt: skip
                async with lend_slot():
                    await asyncio.sleep(decision.delay)
        except ApiError as error:
            # Raised outside any `except` block, an error chains no lower-level exception
            # (whose frames hold the request and its key); before Python 3.11 a coroutine
            # resumed with an exception still counts it as handled: drop that context.
            if not isinstance(error.__context__, (ApiError, LowerLevelError, type(None))):
                error.__context__ = None
            raise
        except asyncio.CancelledError:
            if call.task in self.closed_calls and _only_close_cancelled(call.task):
                raise ClientClosedError(
                    "the client was closed while this request was in flight"
                ) from None
            raise
        finally:
            self._end(call.task)

    def _begin(
        self,
        operation: Operation[Any],
        prepared: PreparedRequest,
        config: ClientConfig,
        url: str | None,
    ) -> Call:
        """The call's `Call`, its calling task registered as in a call; refuses a closed
        client, another event loop than the client's, or a child process after fork()."""
        if self.closed:
            raise ClientClosedError("the client is closed; create a new AsyncClient")
        loop = self.loop
        if loop is None:  # the first call: the client takes this loop
            loop = self.loop = asyncio.get_running_loop()
            self.pid, self.thread = PROCESS.pid, get_ident()
        elif self.pid != PROCESS.pid or self.thread != get_ident() or not loop.is_running():
            foreign = self.foreign_use()  # the exact check, on this path alone
            if foreign is not None:
                raise ProductAnalyticsError(f"{foreign}; create one AsyncClient per event loop")
            self.thread = get_ident()  # its loop runs in another thread now
        task = asyncio.current_task(loop)
        assert task is not None
        started = time.monotonic()
        limit = prepared.deadline if prepared.deadline is not None else config.deadline
        deadline = None if limit is None else started + limit
        headers = _Headers(prepared.headers)
        headers["Authorization"] = config.api_key.header
        call = Call(
            task, prepared.method, prepared.url if url is None else url, headers,
            prepared.body or b"", operation.throttle_classes or _DEFAULT_CLASSES,
            prepared.timeout if prepared.timeout is not None else config.timeout,
            limit, deadline,
            deadline if deadline is not None else started + DEFAULT_THROTTLE_BUDGET,
        )  # fmt: skip
        self.calls[task] = self.calls.get(task, 0) + 1
        return call

    def _end(self, task: asyncio.Task[Any]) -> None:
        """The task's call is over: it is in one call fewer."""
        count = self.calls.get(task, 1) - 1
        if count:
            self.calls[task] = count
        else:
            self.calls.pop(task, None)
            self.closed_calls.discard(task)

    def foreign_use(self) -> str | None:
        """What is wrong with using this client here: from another event loop than the one
        it first ran on, or in a child process after fork(); None when nothing is."""
        if self.loop is None:
            return None
        if self.pid != PROCESS.pid:
            return (
                "this AsyncClient belongs to the event loop it first ran on, in another "
                "process: it cannot be used after fork()"
            )
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is not self.loop:
            return (
                "this AsyncClient belongs to the event loop it first ran on and is used from "
                "another event loop"
            )
        return None

    async def _wait_out(self, call: Call, refused: Failed, policy: RetryPolicy) -> None:
        """Wait out the 429 `refused`: as long as the throttle state says, within the
        call's bounds; its error when the service will not let the call pass (refused again
        and again while none of its classes got through) or the wait does not fit."""
        error = refused.error
        assert isinstance(error, RateLimitError)
        call.last_429 = error
        self.stats.throttled += 1
        seen, call.progress = call.progress, self.throttles.progress(call.classes)
        call.refusals = call.refusals + 1 if seen == call.progress else 1
        if call.refusals >= MAX_REFUSALS:
            raise error
        wait = await self.throttles.refused(
            call.classes, refused.sent_at, refused.outcome.retry_after
        )
        if (policy.max_wait is not None and wait > policy.max_wait) or (
            time.monotonic() + wait > call.throttle_deadline
        ):
            raise gave_up_waiting(call, wait)
        self.stats.throttle_wait += wait
        logger.info("429 on %s %s: waiting %.2f s", call.method, call.target, wait)
        async with lend_slot():
            await asyncio.sleep(wait)

    async def _attempt(
        self, call: Call, config: ClientConfig, policy: RetryPolicy
    ) -> Answer | Failed:
        """One attempt: the request and the redirects it is answered with, each hop let
        through the throttle first, all within the attempt's `timeout`. The whole answer
        when 2xx; else how the attempt failed (a non-2xx answer becomes its error here)."""
        throttles, classes = self.throttles, call.classes
        call.attempt += 1
        end = 0.0
        hops = 0
        while True:
            if throttles.watching(classes):
                try:
                    waited = await throttles.acquire(
                        classes, max_wait=policy.max_wait, deadline=call.throttle_deadline
                    )
                except ThrottleWaitTooLong as exc:
                    return Failed(gave_up_waiting(call, exc.retry_after), final=True)
                self.stats.throttle_wait += waited
            now = time.monotonic()
            if not end:  # the attempt's clock starts with its first hop
                end, deadline = now + call.timeout, call.deadline
                call.by_deadline = deadline is not None and deadline < end
                if deadline is not None and deadline < end:
                    end = deadline
            if end - now <= 0:
                return Failed(timed_out(call, hops > 0), Outcome(None, request_sent=hops > 0))
            sent_at = time.time()
            result = await self._hop(call, end - now, config)
            if isinstance(result, Response):  # a redirect
                hops += 1
                failure = await follow(call, result, hops)
                if failure is not None:
                    return failure
                continue
            if isinstance(result, Failed):
                if throttles.watching(classes):
                    throttles.unanswered(classes, sent_at)
                return result
            status = result.status
            if status not in (401, 403, 429):
                await throttles.admitted(classes, sent_at)  # let through by the service
            if 200 <= status < 300:
                return result
            retry_after = retry_after_of(result.headers)
            error = decode_error(result, method=call.method, url=call.url, retry_after=retry_after)
            return Failed(error, Outcome(status, True, retry_after), sent_at=sent_at)

    async def _hop(
        self, call: Call, seconds: float, config: ClientConfig
    ) -> Answer | Response | Failed:
        """Send the call's request as it stands now, within `seconds`: the whole answer, a
        redirect's response (unread), or how it failed. The one place that calls the
        transport."""
        request = Request(call.method, call.url, call.headers, call.content)
        self.stats.requests += 1
        logged = logger.isEnabledFor(logging.INFO)  # one record of each hop
        started = time.perf_counter() if logged else 0.0
        max_bytes = config.max_response_bytes
        watchdog, task = self.watchdog, call.task
        watchdog.start(task, seconds)
        try:
            response = await self.transport.send(request, timeout=seconds)
            if logged:
                log_request(
                    call.method, call.url, call.headers, started, call.attempt,
                    response.status, response.headers,
                )  # fmt: skip
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
            return Failed(error, final=True)
        except asyncio.CancelledError:
            if not watchdog.timed_out(task):
                raise
            cause: Exception = TransportTimeout(f"no full answer within {seconds:g} s")
            error, sent = timed_out(call, request.sent), request.sent
        except TransportTimeout as exc:
            error, sent, cause = timed_out(call, request.sent), request.sent, exc
        except TransportError as exc:
            sent = request.sent if exc.request_sent is None else exc.request_sent
            error = ApiConnectionError(
                f"{call.method} {call.url}: {exc}", method=call.method, url=call.url,
                request_sent=sent,
            )  # fmt: skip
            cause = exc
        finally:
            watchdog.finish(task)
        if logged:
            failure = "timeout" if isinstance(cause, TransportTimeout) else str(cause)
            log_request(
                call.method, call.url, call.headers, started, call.attempt, None, None, failure
            )
        error.__cause__ = LowerLevelError(f"{type(cause).__name__}: {cause}")
        return Failed(error, Outcome(None, request_sent=sent))


def _only_close_cancelled(task: asyncio.Task[Any]) -> bool:
    """Whether the cancellation under way came from `close()` alone (so it may become
    `ClientClosedError`); before Python 3.11 that cannot be told, and is assumed."""
    if not _CANCELLING:
        return True
    if task.cancelling() <= 1:  # type: ignore[attr-defined]
        task.uncancel()  # type: ignore[attr-defined]
        return True
    return False


# -- the time limits of hops ----------------------------------------------------------------


class Watchdog:
    """Ends hops that outlive their time: one `loop.call_at` timer, at the earliest end
    among the hops under way (a timer per request costs more than the rest of a request's
    work here). A hop is its task's: the task is inside the hop's awaits from `start` until
    `finish`, and is cancelled when the hop's time passes first; `timed_out` tells that
    cancellation from anyone else's. Belongs to the event loop it first ran on."""

    __slots__ = ("expired", "hops", "loop", "timer", "timer_at")

    def __init__(self) -> None:
        # The hops under way: each task's end (the loop's time) and its pending cancellations
        # when the hop began; and those of the hops that expired, until their task is told.
        self.hops: dict[asyncio.Task[Any], tuple[float, int]] = {}
        self.expired: dict[asyncio.Task[Any], int] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.timer: asyncio.TimerHandle | None = None
        self.timer_at = math.inf

    def start(self, task: asyncio.Task[Any], seconds: float) -> None:
        """Watch the hop `task` begins, which may take `seconds` from now."""
        loop = self.loop
        if loop is None:
            loop = self.loop = asyncio.get_running_loop()
        end = loop.time() + seconds
        self.hops[task] = (end, task.cancelling() if _CANCELLING else 0)  # type: ignore[attr-defined]
        if end < self.timer_at:
            if self.timer is not None:
                self.timer.cancel()
            self.timer, self.timer_at = loop.call_at(end, self._fire), end

    def timed_out(self, task: asyncio.Task[Any]) -> bool:
        """Called on a `CancelledError` of `task`'s hop: whether it is the watchdog's alone
        (then it is taken back: the caller raises a timeout instead), or also someone
        else's (then it must propagate). Before Python 3.11 that cannot be told apart and
        the timeout wins."""
        cancelling = self.expired.pop(task, None)
        if cancelling is None:
            return False
        return task.uncancel() <= cancelling if _CANCELLING else True  # type: ignore[attr-defined]

    def finish(self, task: asyncio.Task[Any]) -> None:
        """`task`'s hop is over: stop watching it. Idempotent."""
        self.hops.pop(task, None)
        if self.expired:
            self.expired.pop(task, None)

    def close(self) -> None:
        """Stop the timer and forget every hop (none expires any more)."""
        if self.timer is not None:
            self.timer.cancel()
        self.timer, self.timer_at = None, math.inf
        self.hops.clear()
        self.expired.clear()

    def _fire(self) -> None:
        self.timer, self.timer_at = None, math.inf
        loop = self.loop
        assert loop is not None
        now = loop.time()
        nearest = math.inf
        for task, (end, cancelling) in list(self.hops.items()):
            if end <= now:
                del self.hops[task]
                self.expired[task] = cancelling
                task.cancel()
            elif end < nearest:
                nearest = end
        if nearest < math.inf:
            self.timer, self.timer_at = loop.call_at(nearest, self._fire), nearest
