"""Where throttle state lives: `limits` storage in this process (`None`, `"memory://"`) or in
Redis (`"redis://host:port/db"`), shared by every client on it. If Redis fails, it warns
once and goes on in memory. `take(items, name, flying)` gives 0.0 when a request of class
`name` may go, else the seconds to wait, for each `limits` item (a moving window, as DRF's).
In memory a window holds the requests let through at their answer (`answered`), plus the
`flying` ones; in Redis, every client's at their send. Shared: each class's pause (`read`:
its end, epoch s, 0.0 if none, None if the store failed; `pause` lengthens it, `lift` ends it).
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
import warnings
from collections.abc import Awaitable
from typing import Any, TypeVar

from limits import RateLimitItem
from limits.aio.storage import MemoryStorage, RedisStorage
from limits.errors import StorageError

__all__ = ["Store"]

logger = logging.getLogger("product_analytics")
T = TypeVar("T")
Items = tuple[RateLimitItem, ...]


class Store:
    """The windows (and, when shared, the pauses) of one client family (see above)."""

    def __init__(self, url: str | None, namespace: str) -> None:
        self.shared, self._pool = url not in (None, "memory://"), None
        self._storage: MemoryStorage | RedisStorage = MemoryStorage()
        if url is not None and url.startswith(("redis://", "rediss://", "unix://")):
            import redis.asyncio  # the `redis` extra: pip install 'product-analytics-sdk[redis]'

            self._pool = redis.asyncio.ConnectionPool.from_url(url, socket_timeout=5.0)
            pool: dict[str, Any] = {"connection_pool": self._pool}
            self._storage = RedisStorage(
                "async+" + url, implementation="redispy", wrap_exceptions=True,
                key_prefix=namespace, **pool,
            )  # fmt: skip
        elif self.shared:
            scheme = str(url).partition(":")[0]
            raise ValueError(f"throttle_store must be None, 'memory://' or 'redis://host:port/db'"
                             f" (got a URL of scheme {scheme!r})")  # fmt: skip

    async def take(self, items: Items, name: str, flying: int) -> float:
        for item in items:  # keys: "...True..." for sends, "...False..." for answers
            key, n, span = item.key_for(name, self.shared), item.amount, item.get_expiry()
            oldest, count = await self._call(self._storage.get_moving_window(key, n, span), (0, 0))
            if count + (0 if self.shared else flying) >= n:  # till its oldest request leaves
                return max(oldest + span - time.time(), 0.001 if count >= n else 0.05)
        for item in items if self.shared else ():  # another client may take the last slot
            entry = self._storage.acquire_entry(
                item.key_for(name, True), item.amount, item.get_expiry()
            )
            if not await self._call(entry, True):
                return 0.001
        return 0.0

    async def answered(self, items: Items, name: str) -> None:
        for item in () if self.shared else items:  # room for twice: answers may bunch
            entry = self._storage.acquire_entry(
                item.key_for(name, False), 2 * item.amount, item.get_expiry()
            )
            await self._call(entry, True)

    async def read(self, name: str) -> float | None:
        found = await self._call(self._storage.get(f"pause:{name}"), None) if self.shared else 0
        return None if found is None else found / 1000

    async def pause(self, name: str, until: float) -> None:
        key, ms = f"pause:{name}", math.ceil(until * 1000)
        current = await self._call(self._storage.get(key), ms) if self.shared else ms
        if current < time.time() * 1000:  # none, or an old one's leftover
            await self._call(self._storage.clear(key), None)
            current = 0
        if ms > current:  # a pause stays an hour at most (a longer one is met again)
            await self._call(self._storage.incr(key, 3600, ms - current), 0)

    async def lift(self, name: str) -> None:
        if self.shared:
            await self._call(self._storage.clear(f"pause:{name}"), None)

    async def close(self) -> None:
        """Let go of Redis's connections, and wait for the memory store's expiry pass (a
        task `limits` starts after each count) so that no task outlives the client."""
        if self._pool is not None:
            await self._pool.disconnect()
        timer = getattr(self._storage, "timer", None)
        if isinstance(timer, asyncio.Task) and not timer.done():
            await asyncio.wait((timer,))

    async def _call(self, call: Awaitable[T], failed: T) -> T:
        try:
            return await call
        except (StorageError, OSError) as exc:  # Redis's (the memory store does not fail)
            if self.shared:  # the first failure (calls under way fail too, silently)
                self.shared, self._storage = False, MemoryStorage()
                message = f"the throttle store failed ({exc}); throttling per process now"
                logger.warning(message)
                warnings.warn(message, RuntimeWarning, stacklevel=3)
            return failed
