"""`Session`: what the clients of one family share, and the one path that sends a call.

A client and the clients `with_options` makes from it share one `Session`: the transport
(its connection pool), the throttle state, the counters (`ClientStats`), the calls in
flight, the event loop they run on and their background work (a page fetched ahead).

`Session.exchange` sends a prepared request until it has a 2xx answer, as
`RetryPolicy.decide` and the throttle state (`throttle`) allow. One pass down and back:
`exchange` registers the calling task as in a call (`_begin`: a client belongs to the event
loop it first ran on, and to its process), then loops: it retries failures, waits out 429s
(`_wait_out`; not counted against `max_retries`, and `max_retries=0` turns them off; a
request refused `MAX_REFUSALS` times in a row while nothing of its classes got through ends
there), all within the call's `deadline`, and turns a cancellation by `close()` into
`ClientClosedError`. While it sleeps before a retry or waits out a 429, a call run by
`map_bounded` lends its slot (`_common.pool.lend_slot`). One attempt (`_attempt`) lets each hop
through the throttle and follows redirects within the origin, within the attempt's
`timeout`; a non-2xx answer becomes its error there, so the body of a failed answer lives in
that frame only (the error keeps an excerpt). A hop (`_hop`, the one place that calls the
transport, and where a record of each hop is logged) sends the request and reads the body
within `max_response_bytes` (a 2xx one over it is `ResponseTooLargeError`; any other
status keeps its typed error, its body not read); the `Watchdog` cancels a hop that
outlives its time.

`close()` ends the calls in flight (`exchange` turns that into `ClientClosedError`), the
background work and the connections.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import time
from collections.abc import Awaitable
from dataclasses import dataclass, field
from threading import get_ident
from typing import Any, TypeVar

from product_analytics._common.log import log_request
from product_analytics._common.pool import lend_slot
from product_analytics._http.decode import Answer, decode_error
from product_analytics._http.links import REDIRECT_STATUSES
from product_analytics._http.wire import PreparedRequest
from product_analytics._sending.call import (
    Call,
    Failed,
    describe,
    follow,
    gave_up_waiting,
    timed_out,
)
from product_analytics._sending.config import ClientConfig
from product_analytics._sending.retry import Outcome, RetryPolicy, retry_after_of
from product_analytics._sending.stats import ClientStats
from product_analytics._sending.throttle import DEFAULT_CLASS, Throttles, ThrottleWaitTooLong
from product_analytics._sending.watchdog import Watchdog
from product_analytics._spec.operation import Operation
from product_analytics._transport.base import (
    BodyTooLarge,
    Request,
    Response,
    Transport,
    TransportError,
    TransportTimeout,
)
from product_analytics.errors import (
    ApiConnectionError,
    ApiError,
    ClientClosedError,
    LowerLevelError,
    ProductAnalyticsError,
    RateLimitError,
    ResponseTooLargeError,
)

__all__ = ["DEFAULT_THROTTLE_BUDGET", "MAX_REFUSALS", "PROCESS", "Session"]

logger = logging.getLogger("product_analytics")
ResultT = TypeVar("ResultT")

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


@dataclass(eq=False)
class Session:
    """What a client and the clients made from it by `with_options` share: the transport
    (the connection pool), the throttle state, the counters, the calls in flight, the event
    loop they run on and their background work; `exchange` sends one call."""

    transport: Transport
    throttles: Throttles
    stats: ClientStats = field(default_factory=ClientStats)
    closed: bool = False
    loop: asyncio.AbstractEventLoop | None = None
    pid: int = field(default_factory=lambda: PROCESS.pid)
    thread: int = 0  # the loop's: the loop running in it is the client's while that runs
    # The tasks in a call, each with its number of calls under way; those `close()` ended.
    calls: dict[asyncio.Task[Any], int] = field(default_factory=dict)
    closed_calls: set[asyncio.Task[Any]] = field(default_factory=set)
    watchdog: Watchdog = field(default_factory=Watchdog)
    background: set[asyncio.Future[Any]] = field(default_factory=set)
    # `max_concurrency` for a transport the client did not make (the one it makes bounds
    # its connections itself): a request holds a slot while it is sent and its body read.
    slots: asyncio.Semaphore | None = None

    # -- sending one call ----------------------------------------------------------------

    async def exchange(
        self,
        operation: Operation[Any],
        prepared: PreparedRequest,
        config: ClientConfig,
        policy: RetryPolicy,
        url: str | None = None,
    ) -> tuple[Answer, str]:
        """Send `prepared`, its `Authorization` among its headers (to `url` instead of
        `prepared.url` when given), until an answer is 2xx (following redirects, retrying,
        waiting out throttles); that answer and the URL it came from. Raises the failure
        that ended it, or `ClientClosedError` when `close()` ended it: the one place that
        decides so."""
        call = self._begin(operation, prepared, config, url)
        retries = 0
        try:
            while True:
                result = await self._attempt(call, config, policy)
                if isinstance(result, Answer):
                    return result, call.url
                if result.final:
                    raise result.error  # a redirect that cannot be followed, a body too large
                decision = policy.decide(
                    call.method,
                    result.outcome,
                    retries,
                    config.max_retries,
                    idempotent=call.idempotent,
                )
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
                    retries,
                    config.max_retries,
                    call.method,
                    call.target,
                    decision.delay,
                    describe(result.error),
                )
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
            loop = asyncio.get_running_loop()
            self.loop = loop
            self.pid = PROCESS.pid
            self.thread = get_ident()
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
        throttle_deadline = started + DEFAULT_THROTTLE_BUDGET if deadline is None else deadline
        call = Call(
            task=task,
            method=prepared.method,
            url=prepared.url if url is None else url,
            headers=prepared.headers,
            content=prepared.body or b"",
            classes=operation.throttle_classes or _DEFAULT_CLASSES,
            timeout=prepared.timeout if prepared.timeout is not None else config.timeout,
            limit=limit,
            deadline=deadline,
            throttle_deadline=throttle_deadline,
            idempotent=operation.idempotent,
        )
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
        progress_before = call.progress
        call.progress = self.throttles.progress(call.classes)
        if call.progress == progress_before:
            call.refusals += 1
        else:
            call.refusals = 1
        if call.refusals >= MAX_REFUSALS:
            raise error
        wait = await self.throttles.refused(
            call.classes, refused.sent_at, refused.outcome.retry_after
        )
        too_long = policy.max_wait is not None and wait > policy.max_wait
        if too_long or time.monotonic() + wait > call.throttle_deadline:
            # The service's own Retry-After, which a class pause may cut to LONGEST_PAUSE.
            raise gave_up_waiting(call, max(wait, error.retry_after or 0.0))
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
        throttles = self.throttles
        classes = call.classes
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
                    return Failed(error=gave_up_waiting(call, exc.retry_after), final=True)
                self.stats.throttle_wait += waited
            now = time.monotonic()
            if not end:  # the attempt's clock starts with its first hop
                end = now + call.timeout
                deadline = call.deadline
                call.by_deadline = deadline is not None and deadline < end
                if deadline is not None and deadline < end:
                    end = deadline
            if end - now <= 0:
                return Failed(
                    error=timed_out(call, request_sent=hops > 0),
                    outcome=Outcome(status=None, request_sent=hops > 0),
                )
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
            if status not in (401, 403, 429):  # let through by the service's throttle
                throttles.let_through(classes, sent_at)
                if throttles.watching(classes):
                    await throttles.admitted(classes, sent_at)
            if 200 <= status < 300:
                return result
            retry_after = retry_after_of(result.headers)
            error = decode_error(
                config.api_key.hidden_in(result),
                method=call.method,
                url=call.url,
                retry_after=retry_after,
            )
            return Failed(
                error=error,
                outcome=Outcome(status=status, request_sent=True, retry_after=retry_after),
                sent_at=sent_at,
            )

    async def _hop(
        self, call: Call, seconds: float, config: ClientConfig
    ) -> Answer | Response | Failed:
        """Send the call's request as it stands now, within `seconds`: the whole answer, a
        redirect's response (unread), or how it failed. The one place that calls the
        transport."""
        request = Request(
            method=call.method, url=call.url, headers=call.headers, content=call.content
        )
        self.stats.requests += 1
        logged = logger.isEnabledFor(logging.INFO)  # one record of each hop
        started = time.perf_counter() if logged else 0.0
        max_bytes = config.max_response_bytes
        slots, holding = self.slots, False
        self.watchdog.start(call.task, seconds)  # a wait for a slot counts in `seconds`
        try:
            if slots is not None:
                request.sent = False  # while it waits for a slot
                await slots.acquire()
                holding = request.sent = True
            response = await self.transport.send(request, timeout=seconds)
            if logged:
                log_request(
                    method=call.method,
                    url=call.url,
                    headers=call.headers,
                    started=started,
                    attempt=call.attempt,
                    status=response.status,
                    answer_headers=response.headers,
                )
            if response.status in REDIRECT_STATUSES and "Location" in response.headers:
                return response
            body = response.read_now(max_bytes)
            if body is None:
                body = await response.read(max_bytes)
            return Answer(status=response.status, headers=response.headers, body=body)
        except BodyTooLarge:
            if not 200 <= response.status < 300:
                # A failure's status says what went wrong, whatever its size: its typed
                # error (retried, waited out as its status is), with a body saying why the
                # service's own is not there.
                return Answer(
                    status=response.status,
                    headers=response.headers,
                    body=_not_read(max_bytes),
                )
            too_large = ResponseTooLargeError(
                method=call.method,
                url=call.url,
                status_code=response.status,
                limit=max_bytes,
                headers=response.headers,
            )
            return Failed(error=too_large, final=True)
        except asyncio.CancelledError:
            if not self.watchdog.timed_out(call.task):
                raise
            cause: Exception = TransportTimeout(f"no full answer within {seconds:g} s")
            error: ApiError = timed_out(call, request_sent=request.sent)
            sent = request.sent
        except TransportTimeout as exc:
            cause = exc
            sent = request.sent if exc.request_sent is None else exc.request_sent
            error = timed_out(call, request_sent=sent)
        except TransportError as exc:
            cause = exc
            sent = request.sent if exc.request_sent is None else exc.request_sent
            error = ApiConnectionError(
                f"{call.method} {call.url}: {exc}",
                method=call.method,
                url=call.url,
                request_sent=sent,
            )
        finally:
            self.watchdog.finish(call.task)
            if slots is not None and holding:
                slots.release()
        if logged:
            log_request(
                method=call.method,
                url=call.url,
                headers=call.headers,
                started=started,
                attempt=call.attempt,
                status=None,
                failure="timeout" if isinstance(cause, TransportTimeout) else str(cause),
            )
        error.__cause__ = LowerLevelError(f"{type(cause).__name__}: {cause}")
        return Failed(error=error, outcome=Outcome(status=None, request_sent=sent))

    # -- background work and the end -----------------------------------------------------

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
        if self.closed:
            return
        foreign = self.foreign_use()
        if foreign is not None:
            await self._close_from_elsewhere(foreign)
            return
        self.closed = True
        current = asyncio.current_task()
        for task in list(self.calls):
            if task is not current and not task.done():
                self.closed_calls.add(task)
                task.cancel()
        background = self.background
        self.background = set()
        for future in background:
            future.cancel()
        if background:
            await asyncio.gather(*background, return_exceptions=True)
        self.watchdog.close()
        await self.throttles.close()
        await self.transport.close()

    async def _close_from_elsewhere(self, foreign: str) -> None:
        """`close()` away from the client's event loop (`foreign` says why): allowed when
        that loop is closed, or in a child process after fork(); else an error."""
        if self.pid == PROCESS.pid and not (self.loop is None or self.loop.is_closed()):
            raise ProductAnalyticsError(f"{foreign}; close it from the event loop it belongs to")
        self.closed = True
        self.watchdog.close()
        if self.pid == PROCESS.pid:
            # Its loop is closed: the transport lets the connections go (aiohttp touches
            # nothing of a closed loop), and they close as they are collected.
            await self.transport.close()
            return
        # After fork() its connections are the parent's: they are kept, never closed here.
        forget = getattr(self.transport, "forget", None)
        if forget is not None:
            forget()


def _not_read(limit: int) -> bytes:
    """What stands for an error answer's body that passed `limit` bytes and was not read."""
    return f"(a body over {limit} bytes: not read, as max_response_bytes bounds it)".encode()


def _only_close_cancelled(task: asyncio.Task[Any]) -> bool:
    """Whether the cancellation under way came from `close()` alone (so it may become
    `ClientClosedError`); before Python 3.11 that cannot be told, and is assumed."""
    if not _CANCELLING:
        return True
    if task.cancelling() <= 1:  # type: ignore[attr-defined]
        task.uncancel()  # type: ignore[attr-defined]
        return True
    return False
