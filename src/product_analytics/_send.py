"""The send path of one call: `Sender.send` attempts a prepared request until it has a 2xx
answer, as `RetryPolicy.decide` and the throttle state (`_throttle`) allow.

One attempt (`_attempt`) lets each hop through the throttle, sends it (`_hop`, the one
place that calls the transport, and where a record of each attempt is logged), follows
redirects within the origin, and reads the body within `max_response_bytes`; `_settle`
turns an answer into the 2xx answer or the error it is, so the body of a failed answer
lives in that frame only (the error keeps an excerpt). The loop (`send`) retries failures,
waits out 429s (not counted against `max_retries`; `max_retries=0` turns them off), gives
up on a request refused `MAX_REFUSALS` times in a row while nothing of its classes got
through, and bounds it all by the attempt's `timeout` and the call's `deadline`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from product_analytics._config import ClientConfig
from product_analytics._decode import Answer, decode_error
from product_analytics._log import log_request
from product_analytics._operation import Operation
from product_analytics._redirect import REDIRECT_STATUSES, BadLink, follow_redirect
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
    ApiStatusError,
    ApiTimeoutError,
    ClientClosedError,
    LowerLevelError,
    RateLimitError,
    ResponseTooLargeError,
    ResponseValidationError,
    error_for_status,
)

__all__ = ["Call", "ClientStats", "Sender"]

logger = logging.getLogger("product_analytics")

MAX_REDIRECTS = 10
# With no deadline, a call gives up after this many seconds of throttle waits in total.
DEFAULT_THROTTLE_BUDGET = 15 * 60.0
# A request refused this many times in a row, while no request of its throttle classes got
# through, ends with its RateLimitError: the service will not let it pass.
MAX_REFUSALS = 10
_DEFAULT_CLASSES = (DEFAULT_CLASS,)


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
    """The transport, throttle state and counters a client family shares, and the loop
    that sends through them."""

    transport: Transport
    throttles: Throttles
    stats: ClientStats = field(default_factory=ClientStats)
    closed: bool = False

    async def send(
        self, call: Call, config: ClientConfig, policy: RetryPolicy
    ) -> tuple[Answer, str]:
        """Attempt `call` until an answer is 2xx (that answer, and the URL it came from) or
        the retry policy or the throttle gives up (the failure that ended it is raised)."""
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

    async def _wait_out(self, call: Call, wait: float, policy: RetryPolicy) -> None:
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
        self, call: Call, config: ClientConfig, policy: RetryPolicy
    ) -> Answer | _Failed:
        """One attempt: the request and the redirects it is answered with, each hop let
        through the throttle first. The whole answer when 2xx; else how the attempt failed
        (a non-2xx answer becomes its error here, so nothing else holds its body)."""
        throttles, classes = self.throttles, call.classes
        call.attempt += 1
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
        self, call: Call, timeout: float, by_deadline: bool, config: ClientConfig
    ) -> Answer | Response | _Failed:
        """Send the call's request as it stands now: the whole answer, a redirect's response
        (unread), or how it failed. The one place that calls the transport."""
        request = Request(call.method, call.url, call.headers, call.content)
        self.stats.requests += 1
        logged = logger.isEnabledFor(logging.INFO)  # one record of each hop
        sent_at = time.perf_counter()
        max_bytes = config.max_response_bytes
        try:
            response = await self.transport.send(request, timeout=timeout)
            if logged:
                log_request(
                    call.method, call.url, call.headers, sent_at, call.attempt,
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
        if logged:
            failure = "timeout" if isinstance(cause, TransportTimeout) else str(cause)
            log_request(
                call.method, call.url, call.headers, sent_at, call.attempt, None, None, failure
            )
        error.__cause__ = LowerLevelError(f"{type(cause).__name__}: {cause}")
        return _Failed(error, Outcome(None, request_sent=sent))

    async def _settle(self, call: Call, answer: Answer, sent_at: float) -> Answer | _Failed:
        """A whole answer: itself when 2xx, else its error (which keeps an excerpt of the
        body: once this returns, nothing holds the body of a failed answer)."""
        status = answer.status
        if status not in (401, 403, 429) and self.throttles.watching(call.classes):
            await self.throttles.admitted(call.classes, sent_at)  # let through by the service
        if 200 <= status < 300:
            return answer
        retry_after = retry_after_of(answer.headers)
        error = decode_error(answer, method=call.method, url=call.url, retry_after=retry_after)
        return _Failed(error, Outcome(status, True, retry_after), sent_at=sent_at)


@dataclass(slots=True, eq=False)
class Call:
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
    attempt: int = 0  # attempts made so far, counting from 1 once the first is under way

    @classmethod
    def of(cls, operation: Operation[Any], prepared: PreparedRequest, config: ClientConfig) -> Call:
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


async def _follow(call: Call, response: Response, hops: int) -> _Failed | None:
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


def _timeout(call: Call, by_deadline: bool, request_sent: bool) -> ApiTimeoutError:
    """The error of an attempt that ran out of time: its `timeout`, or the call's deadline
    when that came first."""
    bound = f"the call's deadline of {call.limit:g} s" if by_deadline else f"{call.timeout:g} s"
    return ApiTimeoutError(
        f"{call.method} {call.url}: no answer within {bound}",
        method=call.method,
        url=call.url,
        request_sent=request_sent,
    )


def _gave_up_waiting(call: Call, retry_after: float) -> RateLimitError:
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
