"""When a failed attempt is tried again, and how long to wait first. No I/O.

Retried: connection errors, timeouts, and the statuses 408, 429, 500, 502, 503, 504. GET,
PATCH, PUT and DELETE are retried on all of these; POST only on 429 and on a connection that
failed before the request was sent, so that nothing is created twice.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime

__all__ = ["Attempt", "RetryPolicy", "parse_retry_after"]

RETRY_STATUSES = frozenset({408, 429, 500, 502, 503, 504})
IDEMPOTENT_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "PUT", "PATCH", "DELETE"})
# delta-seconds (RFC 9110: digits), tolerating a fraction; not "-1", "inf", "1e3", "1_000".
_DELTA_SECONDS = re.compile(r"[0-9]+(?:\.[0-9]+)?")


@dataclass(frozen=True, slots=True)
class Attempt:
    """How one attempt ended, as far as retrying is concerned.

    Exactly one of `status` (an answer came) or a failure flag is set: `connect_failed` (the
    request never left: connecting failed) or `failed_after_send` (dropped, reset, or timed
    out once the request may have reached the service).
    """

    status: int | None = None
    connect_failed: bool = False
    failed_after_send: bool = False
    retry_after: float | None = None


@dataclass(frozen=True)
class RetryPolicy:
    """Exponential backoff with full jitter, capped, honouring `Retry-After` up to a cap.

    The wait before retry n (1-based) is uniform in [0, min(max_delay, initial_delay * 2**(n-1))],
    or the service's `Retry-After` when it sent one, capped at `max_retry_after`.
    """

    max_retries: int = 2
    initial_delay: float = 0.5
    max_delay: float = 8.0
    max_retry_after: float = 60.0
    rng: random.Random = field(default_factory=random.Random, compare=False, repr=False)

    def __post_init__(self) -> None:
        if isinstance(self.max_retries, bool) or not isinstance(self.max_retries, int):
            raise TypeError("max_retries must be an int")
        if self.max_retries < 0:
            raise ValueError("max_retries must be >= 0")
        if self.initial_delay < 0 or self.max_delay < 0 or self.max_retry_after < 0:
            raise ValueError("retry delays must be >= 0")

    def should_retry(self, method: str, attempt: Attempt, retries_done: int) -> bool:
        """Whether to try again after `attempt`, `retries_done` retries having been made."""
        if retries_done >= self.max_retries:
            return False
        if attempt.connect_failed:
            return True
        if method not in IDEMPOTENT_METHODS:
            return attempt.status == 429
        if attempt.failed_after_send:
            return True
        return attempt.status in RETRY_STATUSES

    def delay(self, attempt: Attempt, retries_done: int) -> float:
        """Seconds to wait before the next try, `retries_done` retries having been made."""
        if attempt.retry_after is not None:
            return min(max(attempt.retry_after, 0.0), self.max_retry_after)
        ceiling = min(self.max_delay, self.initial_delay * (2**retries_done))
        return self.rng.uniform(0.0, ceiling)


def parse_retry_after(value: str | None, now: datetime | None = None) -> float | None:
    """Seconds to wait from a `Retry-After` header (delta-seconds or an HTTP date), or None."""
    if value is None:
        return None
    value = value.strip()
    if _DELTA_SECONDS.fullmatch(value):
        return float(value)
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    current = now or datetime.now(timezone.utc)
    return max((when - current).total_seconds(), 0.0)
