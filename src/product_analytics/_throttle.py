"""Client-side throttling: a 429 pauses its throttle classes; a throttle the service has shown
paces the class at its rates, in moving windows as Django REST framework counts them.

One `Throttles` per client family (the clients made with `with_options` share it) holds one
gate per throttle class (`recordings`, `crud`, `listing`; `"default"` for an operation
without one). The request loop (`_session`) calls it for every request that reaches a
server, each redirect hop included::

    if throttles.watching(classes):
        waited = await throttles.acquire(classes, max_wait=..., deadline=...)
    sent_at = time.time()
    ...  # send; then, for a 429:
    wait = await throttles.refused(classes, sent_at, retry_after)  # this request waits `wait`
    ...  # for any other answer but a 401 or 403, if throttles.watching(classes):
    await throttles.admitted(classes, sent_at)

The rules:

1. Nothing is watched before a class's first 429 (or a `rate_limit`, or a shared store):
   `watching` is a dict lookup and nothing else runs.
2. A 429 with `Retry-After` a (0 counts as 0.5 s, none as 1 s) pauses every class of the
   request until a from now, and the refused request waits a.
3. A request of the class sent after the refused one that gets through contradicts the
   429 (a lone refusal: a proxy's, or the service at capacity): the pause lifts at once and
   its waiters go; pacing it turned on (4) goes off again. While a class is paused, probes
   go one at a time (another if one is unanswered for 0.25 s) to find out, until 3
   requests sent after the first refused one were refused too (then the pause holds).
4. A pause that runs its course uncontradicted shows a throttle: from then on the class is
   paced at its rates (the published ones, or the `rate_limit` given for it), each a moving
   window (`limits`' `MovingWindowRateLimiter`); a full window waits until its oldest
   request leaves it, plus `margin`. A `RateLimit` for all requests, or for a class, paces
   from the first request. A server stricter than the rates paces the class by its 429s.
5. `progress(classes)` counts the requests of those classes that got through once watched:
   the loop ends a request refused again and again with none of them getting through.

`acquire` raises `ThrottleWaitTooLong` instead of waiting longer than `max_wait` seconds in
all or past `deadline` (a `time.monotonic()` value). With a shared store (`store=
"redis://..."`) the windows and pauses live there, for every client on it; if it fails, the
gates go on in this process's memory after one warning.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
import warnings
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from limits import RateLimitItem

from product_analytics._ratelimit import RateLimit
from product_analytics._throttle_store import MemoryStore, RedisStore, StoreError, open_store

__all__ = ["DEFAULT_CLASS", "ThrottleEvent", "ThrottleWaitTooLong", "Throttles"]

logger = logging.getLogger("product_analytics")

DEFAULT_CLASS = "default"
_ALL = "*"  # the gate of a RateLimit over every request
_PROBES = 3  # later requests refused too, none let through: the pause holds (no more probes)
_ZERO_PAUSE = 0.5  # a Retry-After of 0 from a server that rounds down: under a second
_NO_RETRY_AFTER = 1.0
_PROBE_PATIENCE = 0.25  # a probe unanswered this long (seconds) lets another go
_SHARED_NAP = 1.0  # with a shared store, re-read its pauses at least this often

Listener = Callable[["ThrottleEvent"], None]
T = TypeVar("T")


class ThrottleWaitTooLong(Exception):
    """A throttle wait would exceed `max_wait` or end after the deadline; nothing waited.

    `retry_after`: seconds from now until the request could go, as far as known now.
    """

    def __init__(self, retry_after: float) -> None:
        self.retry_after = max(retry_after, 0.0)
        super().__init__(f"the throttle wait of {self.retry_after:.2f} s does not fit")


@dataclass(frozen=True)
class ThrottleEvent:
    """A class paused by the service (`paused_until` set) or resumed (`paused_until=None`).

    `paused_until` is wall-clock epoch seconds (`time.time()`); `retry_after` the pause in
    seconds from when it was reported.
    """

    throttle_class: str
    paused_until: float | None
    retry_after: float | None


class _Gate:
    """One class: its windows, whether they pace it, its pause and what the pause saw."""

    __slots__ = ("announced", "capped", "changed", "items", "name", "paced", "paced_by",
                 "probing", "progress", "refusals", "sent", "until")  # fmt: skip

    def __init__(self, name: str, items: tuple[RateLimitItem, ...], capped: bool) -> None:
        self.name, self.items, self.capped, self.paced = name, items, capped, capped
        self.paced_by = math.nan  # `sent` of the pause that turned pacing on
        self.until = 0.0  # epoch seconds the pause ends
        self.sent = math.inf  # send time of the first request the pause's 429s refused
        self.refusals = 0  # requests sent after `sent` refused too
        self.probing = 0.0  # when the probe in flight went (0.0: none)
        self.progress = 0  # requests let through since the gate exists
        self.announced = False  # a pause event went out and no resume yet
        self.changed: asyncio.Future[None] | None = None  # set when the pause lifts


def _pause_of(retry_after: float | None) -> float:
    if retry_after is None or not math.isfinite(retry_after) or retry_after < 0:
        return _NO_RETRY_AFTER
    return retry_after if retry_after > 0 else _ZERO_PAUSE


class Throttles:
    """The throttle state of a client family (see the module docstring for the contract).

    `rate_limit`: a `RateLimit` over all requests, `{class: RateLimit}`, or None. `rates`:
    each class's published windows as `(requests, seconds)`. `store`: None, "memory://" or
    "redis://host:port/db". `namespace`: the prefix of the store's keys. `margin`: seconds
    added to a wait for a full window, so that a request arrives after the slot freed.
    """

    def __init__(
        self,
        rate_limit: RateLimit | Mapping[str, RateLimit] | None = None,
        *,
        rates: Mapping[str, Sequence[tuple[int, float]]] | None = None,
        store: str | None = None,
        namespace: str = "product_analytics",
        margin: float = 0.05,
    ) -> None:
        caps = _caps(rate_limit)
        self._items = {
            name: tuple(RateLimit(n, per).item(namespace) for n, per in windows)
            for name, windows in (rates or {}).items()
        }
        self._items.update({name: (cap.item(namespace),) for name, cap in caps.items()})
        self._gates = {name: _Gate(name, self._items[name], True) for name in caps}
        self._store: MemoryStore | RedisStore = open_store(store, namespace)
        self._watch_all = self._store.shared or _ALL in caps
        self._margin = margin
        self._listeners: list[Listener] = []

    def __repr__(self) -> str:
        if not hasattr(self, "_store"):  # __init__ refused its arguments (a crash report)
            return "Throttles(<not initialised>)"
        paced = sorted(n for n, g in self._gates.items() if g.paced and n != _ALL)
        paused = sorted(n for n in self._gates if self.paused_until(n) is not None)
        return f"Throttles(paced={paced!r}, paused={paused!r})"

    # -- the request loop -------------------------------------------------------------

    def watching(self, classes: Iterable[str]) -> bool:
        """Whether requests of these classes go through `acquire` and `admitted`."""
        return self._watch_all or any(name in self._gates for name in classes)

    async def acquire(
        self, classes: Sequence[str], *, max_wait: float | None = None,
        deadline: float | None = None,
    ) -> float:  # fmt: skip
        """Wait until a request of these classes may go; return the seconds waited."""
        started = time.monotonic()
        for gate in [self._gate(name) for name in (*classes, _ALL) if name != _ALL or
                     _ALL in self._gates]:  # fmt: skip
            while (wait := await self._wait_for(gate)) > 0:
                now = time.monotonic()
                if (max_wait is not None and now + wait - started > max_wait) or (
                    deadline is not None and now + wait > deadline
                ):
                    raise ThrottleWaitTooLong(wait)
                await self._nap(gate, wait)
        return time.monotonic() - started

    async def refused(
        self, classes: Sequence[str], sent_at: float, retry_after: float | None
    ) -> float:
        """Report a 429 to a request sent at `sent_at` (epoch); the seconds it waits."""
        wait = _pause_of(retry_after)
        now = time.time()
        until = now + wait
        for name in classes:
            gate = self._gate(name)
            if now >= gate.until:  # a new pause
                gate.sent, gate.refusals, gate.probing = sent_at, 0, 0.0
            elif sent_at > gate.sent:  # a probe, or sent after the first refusal: it holds
                gate.probing, gate.refusals = 0.0, gate.refusals + 1
            gate.sent = min(gate.sent, sent_at)
            if until > gate.until + 0.001:
                gate.until = until
                gate.announced = True
                self._emit(ThrottleEvent(name, until, wait))
                logger.info("throttle class %s paused %.2f s after a 429", name, wait)
                await self._shared(self._store.pause(name, until, gate.sent), None)
        return wait

    async def admitted(self, classes: Sequence[str], sent_at: float) -> None:
        """Report a request sent at `sent_at` that the service's throttle let through."""
        for name in classes:
            gate = self._gates.get(name)
            if gate is None:
                continue
            gate.progress += 1
            if gate.sent < sent_at < gate.until:  # sent during the pause and let through:
                if gate.paced_by == gate.sent and not gate.capped:  # a lone refusal
                    gate.paced = False
                gate.sent, gate.probing = math.inf, 0.0
                if gate.until > time.time():
                    gate.until = time.time()
                    self._resume(gate)
                    await self._shared(self._store.lift(name, sent_at), None)

    def unanswered(self, classes: Sequence[str], sent_at: float) -> None:
        """Report a request sent at `sent_at` that got no answer (a probe may go again)."""
        for name in classes:
            gate = self._gates.get(name)
            if gate is not None and sent_at > gate.sent:
                gate.probing = 0.0

    def progress(self, classes: Iterable[str]) -> int:
        """Requests of these classes let through since they were first watched."""
        return sum(self._gates[name].progress for name in classes if name in self._gates)

    # -- progress ---------------------------------------------------------------------

    def add_listener(self, callback: Listener) -> Callable[[], None]:
        """Call `callback(event)` on every `ThrottleEvent`; returns a function to stop that.

        Callbacks run synchronously in the request's task; an exception in one is logged.
        """
        self._listeners.append(callback)

        def unsubscribe() -> None:
            if callback in self._listeners:
                self._listeners.remove(callback)

        return unsubscribe

    def paused_until(self, throttle_class: str | None) -> float | None:
        """Wall-clock epoch seconds until which the service paused this class, or None."""
        gate = self._gates.get(throttle_class or DEFAULT_CLASS)
        if gate is None or time.time() >= gate.until:
            return None
        return gate.until

    def paced(self) -> list[str]:
        """The classes paced at their rates."""
        return sorted(name for name, gate in self._gates.items() if gate.paced)

    async def close(self) -> None:
        """Let go of the store's connections."""
        await self._store.close()

    # -- internals --------------------------------------------------------------------

    def _gate(self, name: str) -> _Gate:
        gate = self._gates.get(name)
        if gate is None:
            gate = self._gates[name] = _Gate(name, self._items.get(name, ()), False)
        return gate

    async def _wait_for(self, gate: _Gate) -> float:
        """0.0 when a request may go now (and is counted); else seconds to wait first."""
        if self._store.shared and gate.name != _ALL:
            await self._pull(gate)
        now = time.time()
        if now < gate.until:
            if gate.refusals >= _PROBES:
                return gate.until - now
            if now - gate.probing < _PROBE_PATIENCE:  # the probe in flight may lift it
                return min(gate.until - now, gate.probing + _PROBE_PATIENCE - now)
            gate.probing = now
            return 0.0  # a probe: does the pause hold?
        if gate.sent != math.inf and not gate.paced:  # the pause ran its course: a throttle
            gate.paced, gate.paced_by = True, gate.sent
        if gate.paced and gate.items:
            wait = await self._shared(self._store.take(gate.items, gate.name), 0.0)
            if wait > 0:
                return wait + self._margin
        self._resume(gate)
        return 0.0

    async def _pull(self, gate: _Gate) -> None:
        """Take the store's pause of the class: others may have paused or lifted it."""
        found = await self._shared(self._store.read(gate.name), None)
        if not self._store.shared:
            return
        if found is not None:
            gate.until, gate.sent = max(gate.until, found[0]), min(gate.sent, found[1])
        elif gate.until > time.time():  # lifted elsewhere
            gate.until, gate.sent = time.time(), math.inf

    async def _nap(self, gate: _Gate, seconds: float) -> None:
        """Sleep `seconds`, or until the class's pause lifts."""
        if gate.changed is None or gate.changed.done():
            gate.changed = asyncio.get_running_loop().create_future()
        if self._store.shared:
            seconds = min(seconds, _SHARED_NAP)
        await asyncio.wait((gate.changed,), timeout=seconds)

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
            if not self._store.shared:  # another call failed first and warned
                return failed
            self._store, self._watch_all = MemoryStore(), _ALL in self._gates
            message = f"the throttle store failed ({exc}); throttling per process from now on"
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
    if rate_limit is None:
        return {}
    if isinstance(rate_limit, RateLimit):
        return {_ALL: rate_limit}
    if isinstance(rate_limit, Mapping) and all(
        isinstance(name, str) and isinstance(cap, RateLimit) for name, cap in rate_limit.items()
    ):
        return dict(rate_limit)
    raise TypeError(
        "rate_limit must be a RateLimit, e.g. RateLimit(240, per=60), "
        "or a mapping from throttle class to RateLimit, e.g. {'recordings': RateLimit(240, per=60)}"
    )
