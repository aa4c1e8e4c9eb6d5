"""Client-side throttle state: one per client family and throttle class.

Interim version: a 429 pauses the whole class until Retry-After plus a margin; the user's
`RateLimit` caps are applied per class. Learned pacing comes with the full version.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass

from product_analytics._ratelimit import RateLimit

__all__ = ["ThrottleEvent", "ThrottleWaitTooLong", "Throttles"]

DEFAULT_PAUSE = 1.0


async def _asyncio_sleep(seconds: float) -> None:
    await asyncio.sleep(seconds)  # looked up when called, so tests may replace it


class ThrottleWaitTooLong(Exception):
    """The wait a request needs does not fit `max_wait` or the deadline."""

    def __init__(self, retry_after: float) -> None:
        super().__init__(f"throttled for {retry_after:.1f} s more")
        self.retry_after = retry_after


@dataclass(frozen=True)
class ThrottleEvent:
    """A throttle class paused by the service (until `paused_until`, wall clock), or resumed
    (`paused_until` None)."""

    throttle_class: str
    paused_until: float | None
    retry_after: float | None


class Throttles:
    """The throttle state of one client family, shared by every task."""

    def __init__(
        self,
        rate_limit: RateLimit | Mapping[str, RateLimit] | None = None,
        *,
        margin: float = 0.5,
        clock: Callable[[], float] = time.monotonic,
        wall_clock: Callable[[], float] = time.time,
        sleep: Callable[[float], Awaitable[object]] | None = None,
    ) -> None:
        self._limits = rate_limit
        self._margin = margin
        self._clock = clock
        self._wall_clock = wall_clock
        self._sleep = sleep or _asyncio_sleep
        self._paused: dict[str | None, float] = {}
        self._listeners: list[Callable[[ThrottleEvent], None]] = []

    def _limit(self, throttle_class: str | None) -> RateLimit | None:
        if self._limits is None or isinstance(self._limits, RateLimit):
            return self._limits
        return self._limits.get(throttle_class or "")

    async def acquire(
        self, throttle_class: str | None, *, max_wait: float | None, deadline: float | None
    ) -> float:
        """Wait until a request of `throttle_class` may go; seconds waited."""
        waited = 0.0
        until = self._paused.get(throttle_class)
        if until is not None:
            wait = until - self._clock()
            if wait > 0:
                if (max_wait is not None and wait > max_wait) or (
                    deadline is not None and self._clock() + wait > deadline
                ):
                    raise ThrottleWaitTooLong(wait)
                await self._sleep(wait)
                waited += wait
            elif self._paused.pop(throttle_class, None) is not None and throttle_class:
                self._emit(ThrottleEvent(throttle_class, None, None))
        limit = self._limit(throttle_class)
        if limit is not None:
            await limit.acquire()
        return waited

    def throttled(self, throttle_class: str | None, retry_after: float | None) -> float:
        """A 429 was answered: pause the class; the pause length in seconds."""
        pause = (retry_after if retry_after is not None else DEFAULT_PAUSE) + self._margin
        until = self._clock() + pause
        if until > self._paused.get(throttle_class, 0.0):
            self._paused[throttle_class] = until
            if throttle_class:
                self._emit(ThrottleEvent(throttle_class, self._wall_clock() + pause, retry_after))
        return pause

    def succeeded(self, throttle_class: str | None) -> None:
        """A request of the class was answered without a 429."""

    def paused_until(self, throttle_class: str) -> float | None:
        until = self._paused.get(throttle_class)
        if until is None or until <= self._clock():
            return None
        return self._wall_clock() + (until - self._clock())

    def add_listener(self, callback: Callable[[ThrottleEvent], None]) -> Callable[[], None]:
        self._listeners.append(callback)
        return lambda: self._listeners.remove(callback)

    def _emit(self, event: ThrottleEvent) -> None:
        for listener in list(self._listeners):
            listener(event)
