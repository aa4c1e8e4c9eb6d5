"""One call as the send path (`Session.exchange`) carries it: `Call`, the request as its
attempts go, and `Failed`, how an attempt failed, with the errors that end an attempt (a
timeout, a throttle wait that does not fit, a redirect that cannot be followed)."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from product_analytics._http.links import redirect_or_error
from product_analytics._sending.retry import Outcome
from product_analytics._transport.base import RequestHeaders, Response
from product_analytics.errors import (
    ApiError,
    ApiStatusError,
    ApiTimeoutError,
    RateLimitError,
    error_for_status,
)

__all__ = ["MAX_REDIRECTS", "Call", "Failed", "describe", "follow", "gave_up_waiting", "timed_out"]

MAX_REDIRECTS = 10


@dataclass(slots=True, eq=False)
class Call:
    """One call as its attempts go: the request (a redirect changes its method, URL and
    body), its throttle classes, its time bounds (`time.monotonic()` values) and what its
    429s showed."""

    task: asyncio.Task[Any]  # the task making the call
    method: str
    url: str
    headers: Mapping[str, str]  # with `Authorization`, shared with the call's other requests
    content: bytes
    classes: tuple[str, ...]
    timeout: float
    limit: float | None  # the call's deadline, in seconds
    deadline: float | None
    throttle_deadline: float
    idempotent: bool | None = None  # the operation's, while its method is kept (None: as it is)
    last_429: RateLimitError | None = None
    attempt: int = 0  # attempts made so far, counting from 1 once the first is under way
    by_deadline: bool = False  # the attempt under way ends at the deadline, not its timeout
    refusals: int = 0  # 429s in a row while none of its classes got through
    progress: int = -1  # its classes' progress at the last 429

    @property
    def target(self) -> str:
        """The path and query of the URL, for messages."""
        cut = self.url.find("/", self.url.find("://") + 3)
        return self.url[cut:] if cut >= 0 else "/"


_NO_ANSWER = Outcome(status=None)


@dataclass(slots=True, eq=False)
class Failed:
    """How an attempt failed: the error, what the retry policy needs to know of it, the
    send time of the request it answered (a 429's), and whether nothing may retry it."""

    error: ApiError
    outcome: Outcome = _NO_ANSWER
    final: bool = False
    sent_at: float = 0.0


async def follow(call: Call, response: Response, hops: int) -> Failed | None:
    """Point `call` at the target of the redirect `response` (the `hops`-th of the
    attempt), which is closed; or the failure that ends the attempt."""
    status, headers = response.status, response.headers
    location = headers["Location"]
    await response.aclose()
    redirect = redirect_or_error(call.method, call.url, status, location, headers)
    if isinstance(redirect, ApiError):
        return Failed(error=redirect, final=True)
    if hops > MAX_REDIRECTS:
        error = error_for_status(status)(
            method=call.method,
            url=call.url,
            status_code=status,
            body=f"more than {MAX_REDIRECTS} redirects",
            headers=headers,
        )
        return Failed(error=error, final=True)
    if redirect.method != call.method:
        call.idempotent = None  # the GET a 303 sends for the result is as safe as any GET
    call.method, call.url = redirect.method, redirect.url
    if not redirect.keep_body:
        call.content = b""
        headers = RequestHeaders(call.headers)  # a copy: the prepared request's are shared
        headers.popall("Content-Type", None)
        call.headers = headers
    return None


def timed_out(call: Call, request_sent: bool) -> ApiTimeoutError:
    """The error of an attempt that ran out of time: its `timeout`, or the call's deadline
    when that came first."""
    bound = (
        f"the call's deadline of {call.limit:g} s" if call.by_deadline else f"{call.timeout:g} s"
    )
    return ApiTimeoutError(
        f"{call.method} {call.url}: no answer within {bound}",
        method=call.method,
        url=call.url,
        request_sent=request_sent,
    )


def gave_up_waiting(call: Call, retry_after: float) -> RateLimitError:
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


def describe(failure: Exception) -> str:
    """A failure in a few words, for the log line of a retry."""
    if isinstance(failure, ApiStatusError):
        return f"status {failure.status_code}"
    return type(failure).__name__
