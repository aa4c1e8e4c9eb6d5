"""When a failed attempt is tried again, and how long to wait first. No I/O.

Retried: connection errors, timeouts, and the statuses 408, 429, 500, 502, 503, 504. GET,
PATCH, PUT and DELETE are retried on all of these; POST only on 429 and on a connection that
failed before the request was sent, so that nothing is created twice. An operation the spec
marks `x-sdk-idempotent: false` (a PATCH that rotates a token) is retried as a POST is.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime

__all__ = ["Decision", "Outcome", "RetryPolicy", "parse_retry_after", "retry_after_of"]

RETRY_STATUSES = frozenset({408, 429, 500, 502, 503, 504})
IDEMPOTENT_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "PUT", "PATCH", "DELETE"})
# delta-seconds (RFC 9110: digits), tolerating a fraction; not "-1", "inf", "1e3", "1_000".
_DELTA_SECONDS = re.compile(r"[0-9]+(?:\.[0-9]+)?")


@dataclass(frozen=True, slots=True)
class Outcome:
    """How one attempt ended, as far as retrying is concerned.

    `status` is the answer's status, or None when no answer came; then `request_sent` tells
    whether the request may have reached the service. `retry_after` is the answer's
    `Retry-After` in seconds (read once, by `retry_after_of`).
    """

    status: int | None
    request_sent: bool = True
    retry_after: float | None = None


@dataclass(frozen=True, slots=True)
class Decision:
    """What to do after a failed attempt: `retry` after `delay` seconds, or not. `throttled`
    marks a 429, which the client waits out through its throttle state, not `delay`."""

    retry: bool
    delay: float = 0.0
    throttled: bool = False


GIVE_UP = Decision(retry=False)


@dataclass(frozen=True)
class RetryPolicy:
    """Exponential backoff with full jitter, capped, honouring `Retry-After` up to a cap.

    The wait before retry n (1-based) is uniform in [0, min(max_delay, initial_delay * 2**(n-1))],
    or the service's `Retry-After` when it sent one, capped at `max_retry_after`.
    `max_retries`, when set, overrides the client's `max_retries`; left at None, the client's
    governs. A 429 is not counted against it: the client waits it out through its throttle
    state, each wait at most `max_wait` seconds (None: bounded only by the call's deadline,
    or 15 minutes of throttle waits in all); `max_retries=0` turns every retry off, 429
    included. A delay that is not a number is a `TypeError`; a negative or NaN one (or
    `max_wait`) a `ValueError`.
    """

    max_retries: int | None = None
    initial_delay: float = 0.5
    max_delay: float = 8.0
    max_retry_after: float = 60.0
    max_wait: float | None = None
    rng: random.Random = field(default_factory=random.Random, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.max_retries is not None:
            if isinstance(self.max_retries, bool) or not isinstance(self.max_retries, int):
                raise TypeError("max_retries must be an int")
            if self.max_retries < 0:
                raise ValueError("max_retries must be >= 0")
        if self.max_wait is not None and not self.max_wait >= 0:
            raise ValueError("max_wait must be >= 0 seconds, or None")
        for name in ("initial_delay", "max_delay", "max_retry_after"):
            seconds = getattr(self, name)
            if isinstance(seconds, bool) or not isinstance(seconds, int | float):
                raise TypeError(f"{name} must be a number of seconds")
            if not seconds >= 0:  # NaN too: it would make every wait NaN
                raise ValueError(f"{name} must be >= 0 seconds, got {seconds}")

    def decide(
        self,
        method: str,
        outcome: Outcome,
        retries_done: int,
        max_retries: int,
        *,
        idempotent: bool | None = None,
    ) -> Decision:
        """Whether and when to try again after `outcome`, `retries_done` retries having been
        made, with `max_retries` allowed (this policy's own, when set, wins). `idempotent`
        says whether a repeat of the request does no more than the request (None: as
        `method` is)."""
        limit = self.max_retries if self.max_retries is not None else max_retries
        if limit == 0:
            return GIVE_UP
        if outcome.status == 429:
            return Decision(retry=True, delay=0.0, throttled=True)
        if retries_done >= limit or not self.retryable(method, outcome, idempotent=idempotent):
            return GIVE_UP
        return Decision(retry=True, delay=self.delay(outcome, retries_done))

    @staticmethod
    def retryable(method: str, outcome: Outcome, *, idempotent: bool | None = None) -> bool:
        """Whether `outcome` may be retried at all: never a request that is not idempotent
        (a POST, or what `idempotent=False` marks) once the service may have seen it, but
        for a 429, which says it was not acted on."""
        if idempotent is None:
            idempotent = method in IDEMPOTENT_METHODS
        if outcome.status is None:
            return not outcome.request_sent or idempotent
        if not idempotent:
            return outcome.status == 429
        return outcome.status in RETRY_STATUSES

    def delay(self, outcome: Outcome, retries_done: int) -> float:
        """Seconds to wait before the next try, `retries_done` retries having been made."""
        if outcome.retry_after is not None:
            return min(max(outcome.retry_after, 0.0), self.max_retry_after)
        ceiling = min(self.max_delay, self.initial_delay * (2**retries_done))
        return self.rng.uniform(0.0, ceiling)


def retry_after_of(headers: Mapping[str, str]) -> float | None:
    """The answer's `Retry-After` in seconds, or None: the one place that reads it."""
    return parse_retry_after(headers.get("Retry-After"))


def parse_retry_after(value: str | None, now: datetime | None = None) -> float | None:
    """Seconds to wait from a `Retry-After` header (delta-seconds or an HTTP date), or None."""
    if value is None:
        return None
    value = value.strip()
    if _DELTA_SECONDS.fullmatch(value):
        seconds = float(value)
        return seconds if math.isfinite(seconds) else None  # too many digits for a float
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    current = now or datetime.now(timezone.utc)
    return max((when - current).total_seconds(), 0.0)
