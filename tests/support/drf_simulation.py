"""An in-process model of the service's throttle, and a bulk job to run against it.

`DrfThrottle` answers as Django REST framework's `SimpleRateThrottle` does (the live service's
throttles): per rate, a sliding window of the admitted requests' times; a request is refused
when a window already holds `num_requests`, with `Retry-After` = the time until the oldest of
them leaves it (ONE slot frees), rounded up to whole seconds as DRF does (`math.ceil`), or
down (`rounding="floor"`) as some servers do. With several rates (the service's 240/min and
1,200/hour), each that admits a request counts it even when another refuses it, as DRF's
`check_throttles` does. A refused request is not counted.

`run_bulk` runs `requests` requests from `workers` concurrent tasks through a `Throttles` the
way the client's request loop does (acquire, send, report the answer, retry a 429), with
`latency` seconds per round trip (plus `jitter`), and returns what happened. Use it on virtual time
(`tests.support.virtual_time.run_in_virtual_time`).
"""

from __future__ import annotations

import asyncio
import math
import random
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from product_analytics._throttle import Throttles

__all__ = ["BulkResult", "DrfThrottle", "max_in_any_window", "run_bulk"]


class DrfThrottle:
    """A DRF sliding-window throttle for one key and class: `rates` of (requests, seconds)."""

    def __init__(
        self,
        rates: Sequence[tuple[int, float]],
        *,
        clock: Callable[[], float],
        rounding: Literal["ceil", "floor"] = "ceil",
    ) -> None:
        self.rates = list(rates)
        self.clock = clock
        self.rounding = rounding
        self._histories: list[deque[float]] = [deque() for _ in self.rates]
        self.admitted: list[float] = []  # arrival times of every admitted request
        self.refused = 0

    def check(self) -> int | None:
        """A request arrives now: `None` if admitted, else the Retry-After it is answered."""
        now = self.clock()
        waits: list[float] = []
        for (num_requests, duration), history in zip(self.rates, self._histories, strict=True):
            while history and history[0] <= now - duration:
                history.popleft()
            if len(history) >= num_requests:
                waits.append(duration - (now - history[0]))
            else:
                history.append(now)
        if not waits:
            self.admitted.append(now)
            return None
        self.refused += 1
        wait = max(waits)
        return math.ceil(wait) if self.rounding == "ceil" else math.floor(wait)


@dataclass
class BulkResult:
    """What a `run_bulk` job met: requests sent, 429s answered, virtual seconds it took."""

    requests: int = 0
    throttled: int = 0
    completed: int = 0
    seconds: float = 0.0
    waits: list[float] = field(default_factory=list)

    @property
    def throttled_share(self) -> float:
        return self.throttled / self.requests if self.requests else 0.0


async def run_bulk(
    throttles: Throttles,
    server: DrfThrottle,
    *,
    requests: int,
    workers: int,
    latency: float = 0.02,
    jitter: float = 0.0,
    seed: int = 0,
    throttle_class: str | None = "recordings",
) -> BulkResult:
    """`requests` jobs from `workers` tasks, each retried on 429 until admitted.

    Each way of a round trip takes `latency / 2` seconds plus up to `jitter` more, at random
    (`seed`), so requests may reach the server in another order than they were sent.
    """
    rng = random.Random(seed)
    result = BulkResult()
    remaining = iter(range(requests))
    start = asyncio.get_running_loop().time()

    async def one() -> None:
        while True:
            result.waits.append(
                await throttles.acquire(throttle_class, max_wait=None, deadline=None)
            )
            result.requests += 1
            await asyncio.sleep(latency / 2 + rng.uniform(0.0, jitter))
            retry_after = server.check()
            await asyncio.sleep(latency / 2 + rng.uniform(0.0, jitter))
            if retry_after is None:
                throttles.succeeded(throttle_class)
                result.completed += 1
                return
            result.throttled += 1
            throttles.throttled(throttle_class, retry_after)

    async def worker() -> None:
        for _ in remaining:
            await one()

    await asyncio.gather(*(worker() for _ in range(workers)))
    result.seconds = asyncio.get_running_loop().time() - start
    return result


def max_in_any_window(times: Sequence[float], window: float) -> int:
    """The most of `times` in any half-open window [t, t + window)."""
    ordered = sorted(times)
    best = 0
    first = 0
    for last, t in enumerate(ordered):
        while ordered[first] <= t - window:
            first += 1
        best = max(best, last - first + 1)
    return best
