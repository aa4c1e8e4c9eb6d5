"""A client-side request rate limit: at most `max_requests` in any window of `per` seconds.

A sliding-window log of the last `max_requests` send times: a request waits until the oldest
of them is `per` seconds old. Unlike a token bucket refilling at `max_requests / per`, this
never lets more than `max_requests` through in any window, which is how services publish
their limits (e.g. 240 a minute on recordings).
"""

from __future__ import annotations

import asyncio
import math
import time
from collections import deque
from collections.abc import Awaitable, Callable

__all__ = ["RateLimit"]


class RateLimit:
    """Share one between requests to keep them under `max_requests` per `per` seconds.

    `clock` and `sleep` are injectable for tests; they default to the monotonic clock and
    `asyncio.sleep`. Waiters are served in the order they arrived.
    """

    def __init__(
        self,
        max_requests: int,
        per: float = 1.0,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    ) -> None:
        if isinstance(max_requests, bool) or not isinstance(max_requests, int):
            raise TypeError("max_requests must be an int")
        if max_requests < 1:
            raise ValueError("max_requests must be >= 1")
        if isinstance(per, bool) or not isinstance(per, (int, float)) or not per > 0:
            raise ValueError("per must be a positive number of seconds")
        self.max_requests = max_requests
        self.per: float = float(per)
        self._clock = clock
        self._sleep = sleep
        self._sent: deque[float] = deque(maxlen=max_requests)
        self._lock = asyncio.Lock()
        self.waited: float = 0.0

    def __repr__(self) -> str:
        return f"RateLimit({self.max_requests}, per={self.per})"

    async def acquire(self) -> None:
        """Wait until one more request fits in the window, and count it as sent now."""
        async with self._lock:
            now = self._clock()
            # Re-checked after each sleep: a client's throttle state may have taken the slot
            # meanwhile (`_record`), as it does not go through this lock.
            while (wait := self._free_at() - now) > 0:
                self.waited += wait
                await self._sleep(wait)
                now = self._clock()
            self._record(now)

    # -- used by the client's throttle state, which queues and sleeps on its own ----------

    def _free_at(self) -> float:
        """The clock time from which one more request fits (-inf when one fits already)."""
        if len(self._sent) < self.max_requests:
            return -math.inf
        return self._sent[0] + self.per

    def _record(self, when: float) -> None:
        """Count one request as sent at clock time `when` (not before the last one counted)."""
        self._sent.append(when)
