"""Steps of throttle scenarios, on a `Throttles` directly (real or virtual time)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence

from product_analytics._sending.throttle import Throttles


async def refused_and_held(
    throttles: Throttles, classes: Sequence[str], sent_at: float, seconds: float
) -> None:
    """A 429 to a request sent at `sent_at`, and 3 sent just after it refused too: a pause
    that holds, `seconds` long from now."""
    for i in range(4):
        await throttles.refused(classes, sent_at + i * 0.001, seconds)


def waiting_request(
    throttles: Throttles, classes: Sequence[str], sent: list[float]
) -> asyncio.Future[None]:
    """A request of `classes` that waits in the background until the throttle lets it go;
    the time it goes is added to `sent`."""

    async def request() -> None:
        await throttles.acquire(classes)
        sent.append(time.time())

    return asyncio.ensure_future(request())
