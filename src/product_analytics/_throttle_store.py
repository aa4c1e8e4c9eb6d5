"""Where throttle state lives: this process (`"memory://"`) or a Redis server (`"redis://..."`).

`open_store(url, namespace)` gives a store with:

- `take(items, name)`: one request of class `name` counted in every window of `items`
  (`limits` rate-limit items, held by a `MovingWindowRateLimiter` over the store's
  storage) and 0.0 returned; or, when one of them is full, nothing counted and the seconds
  until its oldest request leaves it;
- `shared`: True when other processes see the same state (then the pauses live there too);
- `read(name)`: the pause of a class as the store has it, `(until, sent_at)` in epoch
  seconds, or None; `pause(name, until, sent_at)` lengthens it (the pause keeps the send
  time of the first refused request); `lift(name, sent_at)` ends it when a request sent
  after that one got through; `close()`.

The memory store keeps no pauses (the throttle state of the process holds them): its
`read` is always None. Every key starts with `namespace` (a digest of the API key and the
service's URL: clients of other keys share nothing). A Redis failure raises `StoreError`.
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
local current = tonumber(redis.call('hget', KEYS[1], 'until') or '0')
if tonumber(ARGV[1]) > current then
  redis.call('hset', KEYS[1], 'until', ARGV[1])
  redis.call('hsetnx', KEYS[1], 'sent', ARGV[2])
  redis.call('pexpireat', KEYS[1], math.ceil(tonumber(ARGV[1]) * 1000) + 1000)
end
"""
# KEYS[1]: the pause hash. ARGV[1]: the send time of a request that got through.
_LIFT = """
local sent = tonumber(redis.call('hget', KEYS[1], 'sent') or 'inf')
if sent < tonumber(ARGV[1]) then redis.call('del', KEYS[1]) return 1 end
return 0
"""


class StoreError(Exception):
    """The shared store failed (connection lost, server gone)."""


class _Store:
    shared = False
    limiter: MovingWindowRateLimiter

    async def take(self, items: tuple[RateLimitItem, ...], name: str) -> float:
        limiter = self.limiter
        for item in items:
            if not await self._call(limiter.test(item, name)):
                stats = await self._call(limiter.get_window_stats(item, name))
                return max(stats.reset_time - time.time(), 0.001)
        for item in items:  # another client may take the last slot meanwhile: then retry
            if not await self._call(limiter.hit(item, name)):
                return 0.001
        return 0.0

    async def _call(self, awaitable: Awaitable[T]) -> T:
        return await awaitable


class MemoryStore(_Store):
    """Windows in this process's memory; pauses are the throttle state's own."""

    def __init__(self) -> None:
        self.limiter = MovingWindowRateLimiter(MemoryStorage())

    async def read(self, name: str) -> tuple[float, float] | None:
        return None

    async def pause(self, name: str, until: float, sent_at: float) -> None:
        return None

    async def lift(self, name: str, sent_at: float) -> None:
        return None

    async def close(self) -> None:
        return None


class RedisStore(_Store):
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
        self._errors: tuple[type[BaseException], ...] = (
            aioredis.RedisError,
            StorageError,
            OSError,
        )
        self._pool = aioredis.ConnectionPool.from_url(url, socket_timeout=5.0)
        self._redis = aioredis.Redis(connection_pool=self._pool)
        shared: dict[str, Any] = {"connection_pool": self._pool}  # one pool for both
        storage = RedisStorage(
            "async+" + url, implementation="redispy", wrap_exceptions=True,
            key_prefix=namespace, **shared,
        )  # fmt: skip
        self.limiter = MovingWindowRateLimiter(storage)
        self._namespace = namespace
        self._pause = self._redis.register_script(_PAUSE)
        self._lift = self._redis.register_script(_LIFT)

    def _key(self, name: str) -> str:
        return f"{self._namespace}:pause:{name}"

    async def read(self, name: str) -> tuple[float, float] | None:
        found = await self._call(self._redis.hmget(self._key(name), "until", "sent"))
        if not found or found[0] is None:
            return None
        return float(found[0]), float(found[1] or 0.0)

    async def pause(self, name: str, until: float, sent_at: float) -> None:
        await self._call(self._pause(keys=[self._key(name)], args=[repr(until), repr(sent_at)]))

    async def lift(self, name: str, sent_at: float) -> None:
        await self._call(self._lift(keys=[self._key(name)], args=[repr(sent_at)]))

    async def close(self) -> None:
        await self._redis.aclose()
        await self._pool.disconnect()

    async def _call(self, awaitable: Awaitable[T]) -> T:
        try:
            return await awaitable
        except self._errors as exc:
            raise StoreError(f"{type(exc).__name__}: {exc}") from None


def open_store(url: str | None, namespace: str) -> MemoryStore | RedisStore:
    """The store `url` names: None or "memory://" for this process, "redis://..." shared."""
    if url is None or url == "memory://":
        return MemoryStore()
    if url.startswith(("redis://", "rediss://", "unix://")):
        return RedisStore(url, namespace)
    raise ValueError(
        "throttle_store must be None, 'memory://' or 'redis://host:port/db' "
        f"(got a URL of scheme {url.partition(':')[0]!r})"
    )
