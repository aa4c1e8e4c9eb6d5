"""Client-side throttling: a 429 pauses its throttle classes; a throttle the service has shown
paces the class in moving windows, as Django REST framework counts them.

One `Throttles` per client family holds a gate per throttle class (`"default"` for an
operation without one). The request loop calls it for every request that reaches a server::

    if throttles.watching(classes):
        waited = await throttles.acquire(classes, max_wait=..., deadline=...)
    sent_at = time.time()  # send; then, for a 429 (this request waits `wait`):
    wait = await throttles.refused(classes, sent_at, retry_after)
    # for another answer but a 401 or 403, or none, if throttles.watching(classes):
    await throttles.admitted(classes, sent_at)  # or throttles.unanswered(classes, sent_at)

1. Before a class's first 429 (without a `rate_limit` or a shared store) `watching` is a
   dict lookup and nothing else runs.
2. A 429 with `Retry-After` a (0 counts as 0.5 s, none as 1 s) pauses every class of the
   request for a seconds, and the refused request waits a.
3. A request sent after the refused one that gets through contradicts the 429 (a lone
   refusal): the pause lifts and pacing it turned on goes off. While an unpaced class is
   paused, probes go one at a time (another after 0.25 s unanswered) until 3 requests sent
   after the refused one were refused too.
4. A pause that holds (3 later requests refused too) and runs its course shows a
   throttle: the class is paced from then on, at its rates (published, or its
   `rate_limit`), and once a later pause holds, at the window its answers showed instead
   of the published one (the requests let through between two pauses, per the time the
   window took to reopen); a full window waits for its oldest request to leave, plus
   `margin` of the window (50 ms at least, and the longest recent round trip). A
   `RateLimit` paces from the first request. When a pause that held ends, one probe at a
   time goes (another after 0.25 s unanswered), uncounted in the windows until it gets
   through, before the other requests: a Retry-After rounded down ends a pause early.
5. `progress(classes)` counts requests let through once watched (the loop ends a request
   refused again and again while none of its classes progresses).

`acquire` raises `ThrottleWaitTooLong` rather than wait beyond `max_wait` seconds in all or
past `deadline` (a `time.monotonic()` value). With a shared store the windows and pauses
live there; if it fails, the gates go on in memory after one warning.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
import warnings
from collections import deque
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from limits import RateLimitItem

from product_analytics._ratelimit import RateLimit
from product_analytics._throttle_store import MemoryStore, RedisStore, StoreError, open_store

__all__ = ["DEFAULT_CLASS", "ThrottleEvent", "ThrottleWaitTooLong", "Throttles"]

logger = logging.getLogger("product_analytics")
T = TypeVar("T")

DEFAULT_CLASS = "default"
_ALL = "*"  # the gate of a RateLimit over every request
_PROBES = 3  # later requests refused too, none let through: the pause holds
_PROBE_PATIENCE = 0.25  # a probe unanswered this long (seconds) lets another go
_ZERO_PAUSE = 0.5  # a Retry-After of 0 from a server that rounds down: under a second
_NO_RETRY_AFTER = 1.0
_SHARED_NAP = 1.0  # with a shared store, re-read its pauses at least this often


class ThrottleWaitTooLong(Exception):
    """A throttle wait would exceed `max_wait` or the deadline; `retry_after`: seconds from
    now until the request could go, as far as known."""

    def __init__(self, retry_after: float) -> None:
        self.retry_after = max(retry_after, 0.0)
        super().__init__(f"the throttle wait of {self.retry_after:.2f} s does not fit")


@dataclass(frozen=True)
class ThrottleEvent:
    """A class paused by the service (`paused_until`: epoch seconds, `retry_after`: seconds)
    or resumed (`paused_until=None`)."""

    throttle_class: str
    paused_until: float | None
    retry_after: float | None


class _Gate:
    """One class: its windows and whether they pace it; its pause and what the pause saw."""

    def __init__(self, name: str, items: tuple[RateLimitItem, ...], capped: bool) -> None:
        self.name, self.base, self.items, self.capped = name, items, items, capped
        self.paced = capped
        self.until = 0.0  # epoch seconds the pause ends
        self.sent = math.inf  # send time of the first request the pause refused
        self.judged = math.nan  # `sent` of the last pause that ran its course
        self.refusals = 0  # requests sent after `sent` refused too
        self.probing = 0.0  # when the probe in flight went (0.0: none)
        self.uncounted = False  # the probe in flight is not in the windows yet
        self.progress = 0  # requests let through since the gate exists
        self.cycle = (math.nan, 0)  # (epoch, progress) when the last pause ended
        self.freed = (0.0, 0.0)  # when a full window frees a slot (epoch), and its length
        self.announced = False  # a pause event went out and no resume yet
        self.changed: asyncio.Future[None] | None = None  # set when the pause lifts


class Throttles:
    """A client family's throttle state (the module docstring has the contract).

    `rate_limit`: a `RateLimit` over all requests, `{class: RateLimit}` or None; `rates`:
    each class's published `(requests, seconds)` windows; `store`: None, "memory://" or
    "redis://host:port/db"; `namespace`: the store keys' prefix; `margin`: seconds added to
    a wait for a full window, as a share of its length.
    """

    def __init__(
        self,
        rate_limit: RateLimit | Mapping[str, RateLimit] | None = None,
        *,
        rates: Mapping[str, Sequence[tuple[int, float]]] | None = None,
        store: str | None = None,
        namespace: str = "product_analytics",
        margin: float = 0.03,
    ) -> None:
        caps = _caps(rate_limit)
        self._namespace, self._margin = namespace, margin
        self._items = {
            name: tuple(RateLimit(n, per).item(namespace) for n, per in windows)
            for name, windows in (rates or {}).items()
        }
        self._items.update({name: (cap.item(namespace),) for name, cap in caps.items()})
        self._gates = {name: _Gate(name, self._items[name], True) for name in caps}
        self._store: MemoryStore | RedisStore = open_store(store, namespace)
        self._watch_all = self._store.shared or _ALL in caps
        self._listeners: list[Callable[[ThrottleEvent], None]] = []
        self._lags: deque[tuple[float, float]] = deque(maxlen=512)  # (answered, round trip)

    def __repr__(self) -> str:
        if not hasattr(self, "_store"):  # __init__ refused its arguments (a crash report)
            return "Throttles(<not initialised>)"
        paused = sorted(n for n in self._gates if self.paused_until(n) is not None)
        return f"Throttles(paced={self.paced()!r}, paused={paused!r})"

    def watching(self, classes: Iterable[str]) -> bool:
        """Whether requests of these classes go through `acquire` and `admitted`."""
        return self._watch_all or not self._gates.keys().isdisjoint(classes)

    async def acquire(
        self, classes: Sequence[str], *, max_wait: float | None = None,
        deadline: float | None = None,
    ) -> float:  # fmt: skip
        """Wait until a request of these classes may go; return the seconds waited."""
        started = time.monotonic()
        names = (*classes, _ALL) if _ALL in self._gates else classes
        for gate in [self._gate(name) for name in names]:
            while (wait := await self._wait_for(gate)) > 0:
                now = time.monotonic()
                if (max_wait is not None and now + wait - started > max_wait) or (
                    deadline is not None and now + wait > deadline
                ):
                    raise ThrottleWaitTooLong(wait)
                if gate.changed is None or gate.changed.done():
                    gate.changed = asyncio.get_running_loop().create_future()
                nap = min(wait, _SHARED_NAP) if self._store.shared else wait
                await asyncio.wait((gate.changed,), timeout=nap)  # or until the pause lifts
        return time.monotonic() - started

    async def refused(
        self, classes: Sequence[str], sent_at: float, retry_after: float | None
    ) -> float:
        """Report a 429 to a request sent at `sent_at` (epoch); the seconds it waits."""
        if retry_after is None or not math.isfinite(retry_after) or retry_after < 0:
            wait = _NO_RETRY_AFTER
        else:
            wait = retry_after or _ZERO_PAUSE
        now = time.time()
        await self._note(now, now - sent_at)
        for name in classes:
            gate = self._gate(name)
            if now >= gate.until and gate.sent == math.inf:  # a new pause
                gate.sent, gate.refusals, gate.probing = sent_at, 0, 0.0
            elif sent_at > gate.sent:  # a probe, or sent after the first refusal: it holds
                gate.probing, gate.refusals = 0.0, gate.refusals + 1
            gate.sent = min(gate.sent, sent_at)
            if now + wait > gate.until + 0.001:
                gate.until, gate.announced = now + wait, True
                self._emit(ThrottleEvent(name, gate.until, wait))
                logger.info("throttle class %s paused %.2f s after a 429", name, wait)
                await self._shared(self._store.pause(name, gate.until, gate.sent), None)
        return wait

    async def admitted(self, classes: Sequence[str], sent_at: float) -> None:
        """Report a request sent at `sent_at` that the service's throttle let through."""
        now = time.time()
        await self._note(now, now - sent_at)
        for name in classes:
            if (gate := self._gates.get(name)) is None:
                continue
            gate.progress += 1
            if gate.uncounted and gate.sent < sent_at:  # the probe that got through
                gate.uncounted = False
                await self._shared(self._store.take(gate.items, name), (0.0, 0.0))
            if gate.sent < sent_at:  # sent after a refused request, and let through
                if sent_at < gate.until and gate.judged == gate.sent and not gate.capped:
                    gate.paced, gate.items = False, gate.base  # a lone refusal
                gate.sent, gate.probing = math.inf, 0.0
                if gate.until > time.time():
                    gate.until = time.time()
                    await self._shared(self._store.lift(name, sent_at), None)
                self._resume(gate)

    def unanswered(self, classes: Sequence[str], sent_at: float) -> None:
        """Report a request sent at `sent_at` that got no answer (a probe may go again)."""
        for name in classes:
            if (gate := self._gates.get(name)) is not None and sent_at > gate.sent:
                gate.probing = 0.0

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
        """Let go of the store's connections."""
        await self._store.close()

    def _gate(self, name: str) -> _Gate:
        if (gate := self._gates.get(name)) is None:
            gate = self._gates[name] = _Gate(name, self._items.get(name, ()), False)
        return gate

    async def _wait_for(self, gate: _Gate) -> float:
        """0.0 when a request may go now (and is counted); else seconds to wait first."""
        if self._store.shared and gate.name != _ALL:
            found = await self._shared(self._store.read(gate.name), None)
            if found is not None:  # paused by another client, maybe
                gate.until, gate.sent = max(gate.until, found[0]), min(gate.sent, found[1])
            elif self._store.shared and gate.until > time.time():  # lifted elsewhere
                gate.until, gate.sent = time.time(), math.inf
        now = time.time()
        if now < gate.until:
            if gate.refusals >= _PROBES or gate.paced:  # a paced class's 429: its window
                return gate.until - now
            if now - gate.probing < _PROBE_PATIENCE:  # the probe in flight may lift it
                return min(gate.until - now, gate.probing + _PROBE_PATIENCE - now)
            gate.probing = now
            return 0.0  # a probe: does the pause hold?
        if gate.sent != math.inf and gate.judged != gate.sent:
            if gate.refusals >= _PROBES:  # it held: a throttle
                self._judge(gate, now)
            else:  # too short to tell: over, and no pacing
                gate.sent = math.inf
        if gate.sent != math.inf:  # a throttle's pause is over, but a rounded-down
            # Retry-After may end it early: one probe at a time until one gets through
            if now - gate.probing < _PROBE_PATIENCE:
                return gate.probing + _PROBE_PATIENCE - now
            gate.probing, gate.uncounted = now, gate.paced
            return 0.0  # counted in the windows once it gets through (refused: never)
        if gate.paced and gate.items:
            # A request reaches the service up to a round trip after it left: a wait for a
            # full window ends `margin` of it later, or the longest recent round trip
            # later (re-read when it ends), or 50 ms.
            lag = max((rtt for at, rtt in self._lags if at > now - 10.0), default=0.0)
            if self._store.shared:  # the other clients' round trips count too
                lag = max(lag, await self._shared(self._store.lag(), 0.0))
            if now < (ready := gate.freed[0] + max(0.05, self._margin * gate.freed[1], lag)):
                return ready - now
            wait, span = await self._shared(self._store.take(gate.items, gate.name), (0.0, 0.0))
            if wait > 0:
                gate.freed = (now + wait, span)
                return wait + max(0.05, self._margin * span, lag)
        self._resume(gate)
        return 0.0

    def _judge(self, gate: _Gate, now: float) -> None:
        """The pause ran its course: pace the class, at the window its answers showed."""
        gate.paced, gate.judged = True, gate.sent
        since, mark = gate.cycle
        if math.isnan(since) or gate.progress > mark:
            gate.cycle = (now, gate.progress)
        if gate.progress > mark and not math.isnan(since):
            per = max(1, int(gate.until - since + 0.5))
            learned = RateLimit(gate.progress - mark, per=per).item(self._namespace)
            # The answers are the service's own rates: they replace the published ones
            # (a `rate_limit` the user set stays).
            gate.items = (*gate.base, learned) if gate.capped else (learned,)

    async def _note(self, now: float, rtt: float) -> None:
        """Keep a round trip (and share it, when it is the longest of the last 10 s)."""
        longest = max((r for at, r in self._lags if at > now - 10.0), default=0.0)
        self._lags.append((now, rtt))
        if rtt > longest and self._store.shared:
            await self._shared(self._store.note_lag(rtt), None)

    def _resume(self, gate: _Gate) -> None:
        if gate.changed is not None and not gate.changed.done():
            gate.changed.set_result(None)
        if gate.announced:
            gate.announced = False
            self._emit(ThrottleEvent(gate.name, None, None))

    async def _shared(self, call: Awaitable[T], failed: T) -> T:
        """Await a store call; on a store failure, warn once and go on in memory."""
        try:
            return await call
        except StoreError as exc:
            if self._store.shared:  # the first failure: the others see the memory store
                self._store, self._watch_all = MemoryStore(), _ALL in self._gates
                message = f"the throttle store failed ({exc}); throttling per process now"
                logger.warning(message)
                warnings.warn(message, RuntimeWarning, stacklevel=2)
            return failed

    def _emit(self, event: ThrottleEvent) -> None:
        for callback in list(self._listeners):
            try:
                callback(event)
            except Exception:
                logger.exception("a throttle listener failed on %r", event)


def _caps(rate_limit: RateLimit | Mapping[str, RateLimit] | None) -> dict[str, RateLimit]:
    """`rate_limit` as {class: RateLimit}, `"*"` for one over all requests."""
    if rate_limit is None or isinstance(rate_limit, RateLimit):
        return {} if rate_limit is None else {_ALL: rate_limit}
    if isinstance(rate_limit, Mapping) and all(
        isinstance(name, str) and isinstance(cap, RateLimit) for name, cap in rate_limit.items()
    ):
        return dict(rate_limit)
    raise TypeError(
        "rate_limit must be a RateLimit, e.g. RateLimit(240, per=60), or a mapping from "
        "throttle class to RateLimit, e.g. {'recordings': RateLimit(240, per=60)}"
    )
