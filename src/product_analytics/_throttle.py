"""Client-side throttling: a 429 pauses its throttle classes; a throttle the service has shown
paces the class in moving windows, as Django REST framework counts them.

A `Throttles` per client family, a gate per throttle class (`"default"` for none). The send
loop: `if watching(classes): await acquire(classes, ...)`; send at `sent_at`; then for a 429
`await refused(classes, sent_at, retry_after)` (the seconds that request waits), else if
watched `await admitted(classes, sent_at)` (let through) or `unanswered(classes, sent_at)`.
Before a class's first 429 (with no `rate_limit` or shared store) `watching` is all it costs.

A 429 (`Retry-After` a; 0 counts as 0.5 s, none as 1 s) pauses the request's classes for a
seconds; meanwhile one request at a time goes as a probe (another after 0.25 s unanswered)
until 3 sent after the refused one were refused too. Answers judge the pause by when their
requests went, whenever they land: one sent after the refused one and before the end let
through lifts it (a lone refusal); one sent after the end let through first shows that it
ran its course, a throttle, unless a probe went during it and none was refused (its answer
never came: no verdict, the pause just ends). A throttle's class is paced from then on at
its published rates (a `rate_limit` paces from the start), after its next such pause (a
second or more later) at what the service let through between the two (per whole seconds).
A full window waits for its oldest request to leave, plus `margin` seconds; with a shared
store at least 50 ms, 3 % of the window and the longest round trip of the last 10 s.
`acquire` raises `ThrottleWaitTooLong` rather than wait beyond `max_wait` s or past
`deadline` (monotonic).

The state lives in a `_Store`: `limits` storage in this process (`None`, `"memory://"`) or
in Redis (`"redis://host:port/db"`), shared by every client on it; if Redis fails, it warns
once and goes on in memory. The windows are `limits` moving windows, as DRF's: in memory a
window holds the requests let through at their answer, plus those in flight; in Redis,
every client's at their send. Shared too: each class's pause (its end, epoch s).
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
import warnings
from collections import deque
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from limits import RateLimitItem, RateLimitItemPerSecond
from limits.aio.storage import MemoryStorage, RedisStorage
from limits.errors import StorageError

from product_analytics.errors import ConfigurationError

__all__ = [
    "DEFAULT_CLASS", "RateLimit", "ThrottleEvent", "ThrottleWaitTooLong", "Throttles",
    "check_store",
]  # fmt: skip

logger = logging.getLogger("product_analytics")
DEFAULT_CLASS, _ALL = "default", "*"  # `_ALL`: the gate of a RateLimit over every request
_PROBES, _PATIENCE = 3, 0.25  # refusals after the first that hold a pause; probe spacing (s)
T = TypeVar("T")
Items = tuple[RateLimitItem, ...]


@dataclass(frozen=True, slots=True, repr=False)
class RateLimit:
    """At most `max_requests` (an int >= 1) requests in any window of `per` seconds (a whole
    number >= 1), as services publish rates; anything else is a `TypeError` or `ValueError`."""

    max_requests: int
    per: float = 1.0

    def __post_init__(self) -> None:
        count, per = self.max_requests, self.per
        if isinstance(count, bool) or not isinstance(count, int):
            raise TypeError("max_requests must be an int")
        if count < 1:
            raise ValueError("max_requests must be >= 1")
        number = isinstance(per, int | float) and not isinstance(per, bool)
        if not (number and per >= 1 and float(per).is_integer()):
            raise ValueError("per must be a whole number of seconds >= 1")
        object.__setattr__(self, "per", float(per))

    def __repr__(self) -> str:
        return f"RateLimit({self.max_requests}, per={self.per:g})"

    def item(self, namespace: str) -> RateLimitItem:
        """This rate as a `limits` moving-window item whose keys start with `namespace`."""
        return RateLimitItemPerSecond(self.max_requests, int(self.per), namespace=namespace)


class ThrottleWaitTooLong(Exception):
    """A throttle wait would not fit; `retry_after`: seconds until the request could go."""

    def __init__(self, retry_after: float) -> None:
        self.retry_after = max(retry_after, 0.0)
        super().__init__(f"the throttle wait of {self.retry_after:.2f} s does not fit")


@dataclass(frozen=True)
class ThrottleEvent:
    """A class paused (`paused_until`: epoch s, `retry_after`: s) or resumed (None, None)."""

    throttle_class: str
    paused_until: float | None
    retry_after: float | None


@dataclass(eq=False)
class _Gate:
    """One class: its windows and whether they pace it, its pause and what the pause saw."""

    name: str
    items: Items
    paced: bool = False
    until: float = 0.0  # epoch seconds the pause ends
    sent: float = math.inf  # send time of the first request the pause refused
    refusals: int = 0  # requests sent after `sent` refused too
    probing: float = 0.0  # when the probe in flight went
    asked: bool = False  # a probe went before the pause's end
    progress: int = 0  # requests let through since the gate exists
    cycle: tuple[float, int] = (math.nan, 0)  # (epoch, progress) at the last throttle's end
    flying: deque[float] = field(default_factory=deque)  # paced requests in flight, sent at
    ready: float = 0.0  # no request before (epoch): a full window's wait and its margin
    changed: asyncio.Future[None] | None = None  # set when a pause lifts


class Throttles:
    """A client family's throttle state (see above): `rate_limit` a `RateLimit` over all
    requests, `{class: RateLimit}` or None; `rates` each class's published `(requests,
    seconds)` windows; `store` None, "memory://" or "redis://..."; `namespace` its keys'.
    Given `rates`, a class of `rate_limit` they do not name (it would pace nothing) is a
    `ConfigurationError`."""

    def __init__(self, rate_limit: RateLimit | Mapping[str, RateLimit] | None = None, *,
                 rates: Mapping[str, Sequence[tuple[int, float]]] | None = None,
                 store: str | None = None, namespace: str = "product_analytics",
                 margin: float = 0.01) -> None:  # fmt: skip
        caps = dict(rate_limit) if isinstance(rate_limit, Mapping) else {_ALL: rate_limit}
        if not all(isinstance(cap, RateLimit | None) for cap in caps.values()):
            raise TypeError("rate_limit must be a RateLimit, e.g. RateLimit(240, per=60), or "
                            "{throttle class: RateLimit}")  # fmt: skip
        if rates is not None and (unknown := sorted(set(caps) - {_ALL} - set(rates))):
            raise ConfigurationError(f"rate_limit names no throttle class: {unknown}; the "
                                     f"classes are {sorted(rates)}")  # fmt: skip
        self._namespace, self._margin, self._store = namespace, margin, _Store(store, namespace)
        self._caps = {name: (cap.item(namespace),) for name, cap in caps.items() if cap}
        self._items = {name: tuple(RateLimit(n, per).item(namespace) for n, per in windows)
                       for name, windows in (rates or {}).items()} | self._caps  # fmt: skip
        self._gates = {name: _Gate(name, items, paced=True) for name, items in self._caps.items()}
        self._watch_all = self._store.shared or _ALL in self._caps
        self._listeners: list[Callable[[ThrottleEvent], None]] = []
        self._lags: deque[tuple[float, float]] = deque(maxlen=256)  # (answered, round trip)

    def watching(self, classes: Iterable[str]) -> bool:
        """Whether requests of these classes go through `acquire` and `admitted`."""
        return self._watch_all or not self._gates.keys().isdisjoint(classes)

    async def acquire(self, classes: Sequence[str], *, max_wait: float | None = None,
                      deadline: float | None = None) -> float:  # fmt: skip
        """Wait until a request of these classes may go; return the seconds waited. It goes
        when none of its classes holds a pause, including one that began while it waited
        on another of its classes."""
        started = time.monotonic()
        latest = math.inf if max_wait is None else started + max_wait
        latest = min(latest, math.inf if deadline is None else deadline)
        gates = [*map(self._gate, (*classes, _ALL) if _ALL in self._gates else classes)]
        for gate in gates:
            while (wait := await self._wait_for(gate)) > 0:
                await self._nap(gate, wait, latest)
        while len(gates) > 1:
            now = time.time()
            gate = max(gates, key=lambda gate: _held(gate, now))
            if (wait := _held(gate, now)) <= 0:
                break
            await self._nap(gate, wait, latest)
        return time.monotonic() - started

    async def _nap(self, gate: _Gate, wait: float, latest: float) -> None:
        """Wait `wait` s for `gate`, or less when its pause lifts; `ThrottleWaitTooLong`
        when that would pass `latest` (monotonic)."""
        if time.monotonic() + wait > latest:
            raise ThrottleWaitTooLong(wait)
        if gate.changed is None or gate.changed.done():
            gate.changed = asyncio.get_running_loop().create_future()
        nap = min(wait, 1.0) if self._store.shared else wait  # re-read shared pauses
        await asyncio.wait((gate.changed,), timeout=nap)

    async def refused(self, classes: Sequence[str], sent_at: float,
                      retry_after: float | None) -> float:  # fmt: skip
        """Report a 429 to a request sent at `sent_at` (epoch); the seconds it waits."""
        known = retry_after is not None and 0 <= retry_after < math.inf
        wait, now = (retry_after if known else 1.0) or 0.5, self._landed(classes, sent_at)
        for gate in map(self._gate, classes):
            if gate.sent == math.inf:  # a new pause
                gate.sent, gate.refusals, gate.probing = sent_at, 0, 0.0
            elif sent_at > gate.sent:  # a probe, or sent after the first refusal
                gate.refusals += 1
            gate.sent = min(gate.sent, sent_at)
            if now + wait > gate.until + 0.001:
                gate.until = now + wait
                self._emit(ThrottleEvent(gate.name, gate.until, wait))
                logger.info("throttle class %s paused %.2f s after a 429", gate.name, wait)
                await self._store.pause(gate.name, gate.until)
        return wait

    async def admitted(self, classes: Sequence[str], sent_at: float) -> None:
        """Report a request sent at `sent_at` that the service's throttle let through."""
        gates = [self._gates[n] for n in (*classes, _ALL) if n in self._gates]
        for gate in gates:  # sent after a pause's end: it ran its course (this one counts)
            ran = gate.sent < sent_at and gate.until <= sent_at
            if ran and (gate.refusals or not gate.asked):  # unless a probe told nothing
                self._judge(gate, sent_at)
        for gate in gates:  # in the windows first, then no longer in flight
            if gate.paced:
                await self._store.answered(gate.items, gate.name)
        now = self._landed(classes, sent_at)
        for gate in gates:
            gate.progress += 1
            if gate.sent < sent_at:  # sent after a refused request, and let through
                if gate.until > now:  # a lone refusal
                    gate.until = now
                    await self._store.lift(gate.name)
                self._resume(gate)

    def unanswered(self, classes: Sequence[str], sent_at: float) -> None:
        """Report a request sent at `sent_at` that got no answer (a probe may go again)."""
        self._landed(classes, sent_at)

    def progress(self, classes: Iterable[str]) -> int:
        """Requests of these classes let through since they were first watched."""
        return sum(self._gates[name].progress for name in classes if name in self._gates)

    def add_listener(self, callback: Callable[[ThrottleEvent], None]) -> Callable[[], None]:
        """Call `callback(event)` (synchronously) on every `ThrottleEvent`; returns a function
        that stops it. An exception in a callback is logged."""
        self._listeners.append(callback)
        return lambda: self._listeners.remove(callback) if callback in self._listeners else None

    def paused_until(self, throttle_class: str | None) -> float | None:
        """Epoch seconds until which the service paused this class, or None."""
        gate = self._gates.get(throttle_class or DEFAULT_CLASS)
        return gate.until if gate is not None and time.time() < gate.until else None

    def paced(self) -> list[str]:
        """The classes paced at their rates."""
        return sorted(name for name, gate in self._gates.items() if gate.paced and name != _ALL)

    async def close(self) -> None:
        """Let go of Redis's connections, and wait for the memory store's expiry pass (a task
        `limits` starts after each count) so that no task outlives the client."""
        await self._store.close()

    def _gate(self, name: str) -> _Gate:
        if (gate := self._gates.get(name)) is None:
            gate = self._gates[name] = _Gate(name, self._items.get(name, ()))
        return gate

    def _landed(self, classes: Sequence[str], sent_at: float) -> float:
        """A request sent at `sent_at` is in flight no more (if a probe, another may go); the
        time now."""
        now = time.time()
        self._lags.append((now, now - sent_at))
        for gate in [self._gates[n] for n in (*classes, _ALL) if n in self._gates]:
            gate.probing = 0.0 if sent_at > gate.sent else gate.probing
            if mine := [at for at in gate.flying if at <= sent_at]:
                gate.flying.remove(mine[-1])  # its own, or one counted a moment before
        return now

    async def _wait_for(self, gate: _Gate) -> float:
        """0.0 when a request may go now (and is counted); else seconds to wait first."""
        if self._store.shared and gate.name != _ALL:
            until, now = await self._store.read(gate.name), time.time()
            if until is not None and until > gate.until + 0.001:  # paused by another client
                gate.until, gate.sent = until, min(gate.sent, now)
                self._emit(ThrottleEvent(gate.name, until, until - now))
            elif until is not None and until < now < gate.until:  # lifted elsewhere
                gate.until = now
                self._resume(gate)
        now = time.time()
        if (held := _held(gate, now)) > 0:
            return held
        # Paused: one probe at a time, until one gets through.
        if gate.sent < math.inf and now - gate.probing < _PATIENCE:
            return gate.probing + _PATIENCE - now
        if (wait := await self._window(gate, now)) <= 0:
            gate.probing = now  # the last request to go (a probe while paused)
            gate.asked = gate.asked or gate.sent < now < gate.until
        return wait

    async def _window(self, gate: _Gate, now: float) -> float:
        """0.0 once a paced request is counted in its class's windows; else seconds to wait."""
        if not (gate.paced and gate.items):
            return 0.0
        span = min(item.get_expiry() for item in gate.items)  # after it, a request no answer
        while gate.flying and gate.flying[0] < now - span:  # was told of counts as answered
            gate.flying.popleft()
        if now < gate.ready:
            return gate.ready - now
        if (wait := await self._store.take(gate.items, gate.name, len(gate.flying))) <= 0:
            gate.flying.append(now)
            return 0.0
        lag = self._margin
        if self._store.shared:  # the service counts a request up to a round trip late
            lag = max(lag, 0.05, 0.03 * span, *(s for at, s in self._lags if at > now - 10))
        gate.ready = now + wait + lag
        return wait + lag

    def _judge(self, gate: _Gate, now: float) -> None:
        """A throttle's pause ran its course: pace the class, at the window its answers
        showed when a pause ended a second or more before (a `rate_limit` the user set
        stays); pauses closer than that are no window's cycle and teach nothing."""
        gate.paced = True
        since, mark = gate.cycle
        span = 0 if math.isnan(since) else round(gate.until - since)
        learned = gate.progress > mark and span >= 1
        if learned:
            item = RateLimit(gate.progress - mark, per=span)
            gate.items = (*self._caps.get(gate.name, ()), item.item(self._namespace))
        if learned or math.isnan(since):
            gate.cycle = (now, gate.progress)

    def _resume(self, gate: _Gate) -> None:
        gate.sent, gate.asked = math.inf, False
        if gate.changed is not None and not gate.changed.done():
            gate.changed.set_result(None)
        self._emit(ThrottleEvent(gate.name, None, None))

    def _emit(self, event: ThrottleEvent) -> None:
        for callback in list(self._listeners):
            try:
                callback(event)
            except Exception:
                logger.exception("a throttle listener failed on %r", event)


def _held(gate: _Gate, now: float) -> float:
    """Seconds the pause of `gate` holds (its probes refused too) from `now`; 0.0 if none."""
    return gate.until - now if now < gate.until and gate.refusals >= _PROBES else 0.0


_REDIS_SCHEMES = ("redis://", "rediss://", "unix://")


def check_store(url: str | None, what: str = "throttle_store") -> str | None:
    """`url` if it names a throttle store: None, "memory://" or a Redis URL (redis://,
    rediss://, unix://); else a `ConfigurationError` naming `what` and only the URL's
    scheme (the URL may hold a password)."""
    if url is None or url == "memory://" or url.startswith(_REDIS_SCHEMES):
        return url
    scheme = url.partition("://")[0] if "://" in url else ""
    raise ConfigurationError(
        f"{what} must be None, 'memory://' or 'redis://host:port/db'; got "
        + (f"a URL of scheme {scheme!r}" if scheme else "no scheme")
    )


class _Store:
    """The windows (and, when shared, the pauses) of one client family (see above)."""

    def __init__(self, url: str | None, namespace: str) -> None:
        self.shared = check_store(url) not in (None, "memory://")
        self._pool, self._prefix = None, namespace
        self._storage: MemoryStorage | RedisStorage = MemoryStorage()
        self._failures: tuple[type[Exception], ...] = (StorageError, OSError)
        if url is not None and self.shared:
            import redis.asyncio  # the `redis` extra: pip install 'product-analytics-sdk[redis]'

            self._pool = redis.asyncio.ConnectionPool.from_url(url, socket_timeout=5.0)
            self._redis = redis.asyncio.Redis(connection_pool=self._pool)
            self._failures += (redis.RedisError,)
            pool: dict[str, Any] = {"connection_pool": self._pool}
            self._storage = RedisStorage(
                "async+" + url, implementation="redispy", wrap_exceptions=True,
                key_prefix=namespace, **pool,
            )  # fmt: skip

    async def take(self, items: Items, name: str, flying: int) -> float:
        for item in items:  # keys: "...True..." for sends, "...False..." for answers
            key, n, span = item.key_for(name, self.shared), item.amount, item.get_expiry()
            oldest, count = await self._call(self._storage.get_moving_window(key, n, span), (0, 0))
            if count >= n:
                return max(oldest + span - time.time(), 0.001)
            if not self.shared and count + flying >= n:
                return 0.05  # polled: one in flight refused or unanswered frees a slot
        for item in items if self.shared else ():  # another client may take the last slot
            key, n, span = item.key_for(name, True), item.amount, item.get_expiry()
            if not await self._call(self._storage.acquire_entry(key, n, span), True):
                return 0.001
        return 0.0

    async def answered(self, items: Items, name: str) -> None:
        for item in () if self.shared else items:  # room for twice: answers may bunch
            key, n, span = item.key_for(name, False), 2 * item.amount, item.get_expiry()
            await self._call(self._storage.acquire_entry(key, n, span), True)

    async def read(self, name: str) -> float | None:
        key = f"{self._prefix}:pause:{name}"  # its end (epoch s; 0.0: none; None: failed)
        found = await self._call(self._redis.zscore(key, "end"), -1.0) if self.shared else 0.0
        return None if found == -1.0 else found or 0.0

    async def pause(self, name: str, until: float) -> None:
        """Make the class's shared pause end at `until` unless it ends later: one atomic
        `ZADD GT`, so clients pausing at once keep the latest end. It stays an hour at most."""
        if self.shared:
            key = f"{self._prefix}:pause:{name}"
            pipe = self._redis.pipeline()
            pipe.zadd(key, {"end": until}, gt=True)
            pipe.expire(key, 3600)
            await self._call(pipe.execute(), [])

    async def lift(self, name: str) -> None:
        if self.shared:
            await self._call(self._redis.delete(f"{self._prefix}:pause:{name}"), 0)

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.disconnect()
        timer = getattr(self._storage, "timer", None)
        if isinstance(timer, asyncio.Task) and not timer.done():
            await asyncio.wait((timer,))

    async def _call(self, call: Awaitable[T], failed: T) -> T:
        try:
            return await call
        except self._failures as exc:  # Redis's (the memory store does not fail)
            if self.shared:  # the first failure (calls under way fail too, silently)
                self.shared, self._storage = False, MemoryStorage()
                message = f"the throttle store failed ({exc}); throttling per process now"
                logger.warning(message)
                warnings.warn(message, RuntimeWarning, stacklevel=3)
            return failed
