"""Where throttle state lives: this process (`"memory://"`) or a Redis server (`"redis://..."`).

A store's `take(items, name)` counts one request of class `name` in every window of `items`
(`limits` items, in a `MovingWindowRateLimiter` over the store's storage) and gives
`(0.0, 0.0)`; or counts nothing and gives the seconds until the full one frees a slot, and
its length. A shared store also keeps the pauses: `read(name)` gives `(until, sent_at)`
(epoch seconds) or None; `pause` lengthens one (keeping the first refused request's send
time); `lift(name, sent_at)` ends one that refused a request sent before `sent_at`;
`note_lag(rtt)` and `lag()` share the longest round trip of the last 10 s. The
memory store keeps no pauses (the throttle state does). Keys start with a namespace; a
Redis failure raises `StoreError`.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable
from typing import Any, TypeVar

from limits import RateLimitItem
from limits.aio.storage import MemoryStorage, RedisStorage
from limits.aio.strategies import MovingWindowRateLimiter
from limits.errors import StorageError

__all__ = ["MemoryStore", "RedisStore", "StoreError", "open_store"]

T = TypeVar("T")
# KEYS[1]: the pause hash. ARGV: until, sent_at (epoch seconds). Lengthens, never shortens.
_PAUSE = """
if tonumber(ARGV[1]) > tonumber(redis.call('hget', KEYS[1], 'until') or '0') then
  redis.call('hset', KEYS[1], 'until', ARGV[1])
  redis.call('hsetnx', KEYS[1], 'sent', ARGV[2])
  redis.call('pexpireat', KEYS[1], math.ceil(tonumber(ARGV[1]) * 1000) + 1000)
end
"""
# KEYS[1]: the longest recent round trip. ARGV[1]: a round trip (seconds); kept 10 s.
_LAG = """
if tonumber(ARGV[1]) > tonumber(redis.call('get', KEYS[1]) or '0') then
  redis.call('set', KEYS[1], ARGV[1], 'PX', 10000)
end
"""
# KEYS[1]: the pause hash. ARGV[1]: the send time of a request that got through.
_LIFT = """
if tonumber(redis.call('hget', KEYS[1], 'sent') or '1e300') < tonumber(ARGV[1]) then
  redis.call('del', KEYS[1])
end
"""


class StoreError(Exception):
    """The shared store failed (connection lost, server gone)."""


class MemoryStore:
    """Windows in this process's memory."""

    shared = False

    def __init__(self) -> None:
        self.limiter = MovingWindowRateLimiter(MemoryStorage())

    async def take(self, items: tuple[RateLimitItem, ...], name: str) -> tuple[float, float]:
        limiter = self.limiter
        for item in items:
            if not await self._call(limiter.test(item, name)):
                stats = await self._call(limiter.get_window_stats(item, name))
                return max(stats.reset_time - time.time(), 0.001), item.get_expiry()
        for item in items:  # another client may take the last slot meanwhile: then retry
            if not await self._call(limiter.hit(item, name)):
                return 0.001, item.get_expiry()
        return 0.0, 0.0

    async def read(self, name: str) -> tuple[float, float] | None:
        return None

    async def pause(self, name: str, until: float, sent_at: float) -> None:
        return None

    async def lift(self, name: str, sent_at: float) -> None:
        return None

    async def close(self) -> None:
        return None

    async def note_lag(self, rtt: float) -> None:
        return None

    async def lag(self) -> float:
        return 0.0

    async def _call(self, awaitable: Awaitable[T]) -> T:
        return await awaitable


class RedisStore(MemoryStore):
    """Windows and pauses in Redis, shared by every client that uses the same server."""

    shared = True

    def __init__(self, url: str, namespace: str) -> None:
        try:
            import redis.asyncio as aioredis
        except ImportError:  # pragma: no cover - the optional extra is missing
            raise ImportError(
                "throttle_store='redis://...' needs the Redis client: "
                "pip install 'product-analytics-sdk[redis]'"
            ) from None
        self._errors = (aioredis.RedisError, StorageError, OSError)
        self._pool = aioredis.ConnectionPool.from_url(url, socket_timeout=5.0)
        self._redis = aioredis.Redis(connection_pool=self._pool)
        shared: dict[str, Any] = {"connection_pool": self._pool}  # one pool for both
        storage = RedisStorage(
            "async+" + url, implementation="redispy", wrap_exceptions=True,
            key_prefix=namespace, **shared,
        )  # fmt: skip
        self.limiter = MovingWindowRateLimiter(storage)
        self._prefix = f"{namespace}:pause:"
        self._pause = self._redis.register_script(_PAUSE)
        self._lift = self._redis.register_script(_LIFT)
        self._note_lag = self._redis.register_script(_LAG)
        self._lag_key = f"{namespace}:lag"

    async def read(self, name: str) -> tuple[float, float] | None:
        found = await self._call(self._redis.hmget(self._prefix + name, "until", "sent"))
        return None if not found or found[0] is None else (float(found[0]), float(found[1] or 0))

    async def pause(self, name: str, until: float, sent_at: float) -> None:
        await self._call(self._pause(keys=[self._prefix + name], args=[until, sent_at]))

    async def lift(self, name: str, sent_at: float) -> None:
        await self._call(self._lift(keys=[self._prefix + name], args=[sent_at]))

    async def note_lag(self, rtt: float) -> None:
        await self._call(self._note_lag(keys=[self._lag_key], args=[rtt]))

    async def lag(self) -> float:
        found: bytes | str | None = await self._call(self._redis.get(self._lag_key))
        return float(found or 0.0)

    async def close(self) -> None:
        await self._redis.aclose()
        await self._pool.disconnect()

    async def _call(self, awaitable: Awaitable[T]) -> T:
        try:
            return await awaitable
        except self._errors as exc:
            raise StoreError(f"{type(exc).__name__}: {exc}") from None


def open_store(url: str | None, namespace: str) -> MemoryStore:
    """The store `url` names: None or "memory://" for this process, "redis://..." shared."""
    if url is None or url == "memory://":
        return MemoryStore()
    if url.startswith(("redis://", "rediss://", "unix://")):
        return RedisStore(url, namespace)
    raise ValueError(
        "throttle_store must be None, 'memory://' or 'redis://host:port/db' "
        f"(got a URL of scheme {url.partition(':')[0]!r})"
    )
