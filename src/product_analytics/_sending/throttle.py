"""Client-side throttling: a 429 pauses its throttle classes; the window the service showed
paces the class in moving windows, as Django REST framework counts them.

A `Throttles` per client family, a gate per throttle class (`"default"` for none). The send
loop: `if watching(classes): await acquire(classes, ...)`; send at `sent_at`; then for a 429
`await refused(classes, sent_at, retry_after)` (the seconds that request waits), else
`await admitted(classes, sent_at)` (let through: its send time is kept, a few thousand per
class) or, if watched, `unanswered(classes, sent_at)`. Before a class's first 429 (with no
`rate_limit` or shared store) nothing is paced: `watching` and that record are all it costs.
While no class of a request holds a pause or learned windows and the store is this
process's, `acquire` and `admitted` only count it in its windows (`_counted_at_once`,
`_calm`), and the windows are looked at once for as many requests as they had room for
(`_LOOK_EVERY` at most): a `rate_limit` that never binds costs that count alone.

A 429 (`Retry-After` a; 0 counts as 0.5 s, none as 1 s, more than `LONGEST_PAUSE` as that)
pauses the request's classes for a seconds; meanwhile one request at a time goes as a probe
(another after 0.25 s unanswered)
until 3 sent after the refused one were refused too. Answers judge the pause by when their
requests went, whenever they land: one sent after the refused one and before the end let
through lifts it (a lone refusal); one sent after the end let through first shows that it
ran its course, a throttle, unless a probe went during it and none was refused (its answer
never came: no verdict, the pause just ends). A throttle's class is paced from then on: in
the window the pause showed (`window_shown`: from the first refusal's `Retry-After`, the
send times of the requests let through before it and the other refusals; never longer than
the longest window the class publishes or a `rate_limit` for it or for all requests sets, an
hour without any: a request let through before a long quiet spell would otherwise explain
two 429s as one request per that spell), else at its published rates; a `rate_limit` for it
paces from the start and stays. A class keeps the last 3 windows it learned, one per span
(the one with fewer requests: the looser never binds beside it).
Learned windows are probed, as TCP probes a congestion window: one span of the shortest
after one is learned or the last 429, a request that finds them full for `_AHEAD` s more
goes beyond them (one at a time). Let through, each full one takes more requests (1, then
twice as many after each probe let through in a row; what got through, at least), still
counting the answers it holds, and the next probe may go at once: a share of the key that
other clients left comes back in a few round trips. Refused, it costs that 429 alone: the
service counted it in no window (DRF's `SimpleRateThrottle` records only the requests it
lets through), so it pauses nothing and the request waits for room in the learned windows;
the next probe goes twice as many spans later, `_PROBE_SPANS` at most, and takes 1 again.
A full window waits for a slot to free, plus `margin` seconds. `acquire` raises
`ThrottleWaitTooLong` rather than wait beyond `max_wait` s or past `deadline` (monotonic).

The state lives in a `_Store`: in this process (`None`, `"memory://"`), or in a Redis server
(`"redis://host:port/db"`), shared by every client on it; if Redis fails, it warns once and
goes on in memory. Windows are moving windows, as DRF's (at most N requests in any D
seconds), whose slots a request holds from when it goes until one window after its answer:
the service counts it when it reaches it, at its answer at the latest. In memory a window
holds the answer times of the requests let through (its newest N, in a deque: DRF's own
history), plus the requests in flight. In Redis, a sorted set per window of every client's
requests, each scored by when its slot frees (two windows after it went while no answer
says otherwise; at once if refused), taken by one script that checks every window of the
class and takes a slot in each, or none: clients asking at the same moment cannot all see
the one free slot and each take it. Slots are timed by each client's clock: clients on
several hosts need their clocks in step. Shared too: each class's pause (its end, epoch s).
A shared store learns no window: a process sees its own requests only, not the key's; set
`rate_limit`.

Why not `limits`' storages (its `RateLimitItem` still names the keys): its fixed window and
sliding-window counter let more than N into one of DRF's windows; its moving window's
`MemoryStorage` takes a lock, builds an object and starts an expiry thread every 10 ms of
activity, a cost every request paid; its Redis
moving window counts a request from its send only and cannot take a slot in several windows
at once, so workers woken together at a window's edge each saw the one free slot.
"""

from __future__ import annotations

import asyncio
import bisect
import logging
import math
import time
import uuid
import warnings
from collections import defaultdict, deque
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, TypeVar

from limits import RateLimitItem, RateLimitItemPerSecond

from product_analytics.errors import ConfigurationError

__all__ = [
    "LONGEST_PAUSE",
    "DEFAULT_CLASS",
    "RateLimit",
    "ThrottleEvent",
    "ThrottleWaitTooLong",
    "Throttles",
    "check_store",
]

logger = logging.getLogger("product_analytics")
DEFAULT_CLASS, _ALL = "default", "*"  # `_ALL`: the gate of a RateLimit over every request
_PROBES, _PATIENCE = 3, 0.25  # refusals after the first that hold a pause; probe spacing (s)
_HISTORY = 10_000  # send times kept per class of the requests the service let through
# The longest pause a 429 sets on its classes: DRF's longest window. A longer `Retry-After` (a
# broken or hostile service's) still ends the request that got it, whose wait does not fit the
# call's bounds, but does not stop every later call of its classes for the client's lifetime.
LONGEST_PAUSE = 3600.0
_LEARNED = 3  # windows learned per class, the latest kept
_JITTER = 0.02  # s: how much earlier or later than its neighbours a request may reach the service
_PROBE_SPANS = 4  # the most spans of the shortest learned window between two probes beyond
_AHEAD = 0.25  # s: a probe beyond the learned windows goes no later than this before they free
# The most requests a calm gate lets go on one look at its windows: answers older than a
# window stay in memory until the next look, so a limit far from binding keeps that many more.
_LOOK_EVERY = 1_000
T = TypeVar("T")


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


class Refusal(NamedTuple):
    """A 429: when its request went, its `Retry-After` (s) and when it came (epoch s)."""

    sent: float
    wait: float
    landed: float


@dataclass(frozen=True, slots=True)
class _Window:
    """A window of `amount` requests per `span` seconds for one class: its store keys, for
    the slots a shared store holds and the answers counted in this process."""

    amount: int
    span: int
    slots: str
    answers: str


def _windows(
    rates: Iterable[RateLimit], name: str, namespace: str, learned: Iterable[RateLimit] = ()
) -> tuple[_Window, ...]:
    """The windows of class `name` at `rates` and at the rates `learned` from the service's
    answers, the shortest first, their keys in `namespace`. A learned window's keys are its
    own: one equal to a `rate_limit` of the class counts its answers apart, not each twice
    in one."""
    roles = [(rate, ()) for rate in rates] + [(rate, ("learned",)) for rate in learned]
    windows = []
    for rate, role in sorted(roles, key=lambda pair: pair[0].per):
        item = rate.item(namespace)
        windows.append(
            _Window(
                amount=rate.max_requests,
                span=int(rate.per),
                slots=item.key_for(name, *role, "slots"),
                answers=item.key_for(name, *role, False),
            )
        )
    return tuple(windows)


@dataclass(eq=False)
class _Gate:
    """One class: its windows and whether they pace it, its pause and what the pause saw."""

    name: str
    items: tuple[_Window, ...]
    paced: bool = False
    until: float = 0.0  # epoch seconds the pause ends
    sent: float = math.inf  # send time of the first request the pause refused
    refusals: int = 0  # requests sent after `sent` refused too
    probing: float = 0.0  # when the probe in flight went
    asked: bool = False  # a probe went before the pause's end
    progress: int = 0  # requests let through since the gate exists
    refused: list[Refusal] = field(default_factory=list)  # the pause's, Retry-After known
    learned: list[tuple[int, int]] = field(default_factory=list)  # (requests, s) it showed
    beyond: float = 0.0  # when the probe beyond the learned windows went (0.0: none out)
    full: frozenset[tuple[int, int]] = frozenset()  # the windows full when it went
    probe_at: float = 0.0  # no probe beyond the learned windows before (epoch)
    probe_spans: int = 1  # spans of the shortest learned window from a refused probe to the next
    growth: int = 1  # requests a full learned window takes when its probe is let through
    flying: deque[float] = field(default_factory=deque)  # paced requests in flight, sent at
    ready: float = 0.0  # no request before (epoch): a full window's wait and its margin
    room: int = 0  # requests `_counted_at_once` lets go before it looks at the windows again
    changed: asyncio.Future[None] | None = None  # set when a pause lifts


class _Passed(NamedTuple):
    """A gate that let a request through in `acquire`, at `at` (epoch s): when it counted
    the request in its windows (`slot`; None: not paced) and its probe record before, all
    that a later gate holding the request gives back."""

    gate: _Gate
    at: float
    slot: float | None
    probing: float
    asked: bool
    beyond: float
    full: frozenset[tuple[int, int]]


class Throttles:
    """A client family's throttle state (see above): `rate_limit` a `RateLimit` over all
    requests, `{class: RateLimit}` or None; `rates` each class's published `(requests,
    seconds)` windows; `store` None, "memory://" or "redis://..."; `namespace` its keys'.
    Given `rates`, a class of `rate_limit` they do not name (it would pace nothing) is a
    `ConfigurationError`."""

    def __init__(
        self,
        rate_limit: RateLimit | Mapping[str, RateLimit] | None = None,
        *,
        rates: Mapping[str, Sequence[tuple[int, float]]] | None = None,
        store: str | None = None,
        namespace: str = "product_analytics",
        margin: float = 0.01,
    ) -> None:
        caps = dict(rate_limit) if isinstance(rate_limit, Mapping) else {_ALL: rate_limit}
        if not all(isinstance(cap, RateLimit | None) for cap in caps.values()):
            raise TypeError(
                "rate_limit must be a RateLimit, e.g. RateLimit(240, per=60), or "
                "{throttle class: RateLimit}"
            )
        if rates is not None and (unknown := sorted(set(caps) - {_ALL} - set(rates))):
            raise ConfigurationError(
                f"rate_limit names no throttle class: {unknown}; the classes are {sorted(rates)}"
            )
        self._namespace, self._margin, self._store = namespace, margin, _Store(store, namespace)
        self._caps = {name: (cap,) for name, cap in caps.items() if cap}
        published = {
            name: tuple(RateLimit(n, per) for n, per in windows)
            for name, windows in (rates or {}).items()
        }
        self._rates = published | self._caps
        self._published = published
        self._gates = {
            name: _Gate(name, _windows(rates, name, namespace), paced=True)
            for name, rates in self._caps.items()
        }
        self._watch_all = self._store.shared or _ALL in self._caps
        # Per tuple of classes: the gates that may hold its requests (`_route`).
        self._routes: dict[tuple[str, ...], tuple[_Gate, ...]] = {}
        self._listeners: list[Callable[[ThrottleEvent], None]] = []
        # Per class: the send times of the requests let through, sorted.
        self._passed: defaultdict[str, list[float]] = defaultdict(list)

    def watching(self, classes: Iterable[str]) -> bool:
        """Whether requests of these classes go through `acquire` and `admitted`."""
        return self._watch_all or not self._gates.keys().isdisjoint(classes)

    async def acquire(
        self,
        classes: Sequence[str],
        *,
        max_wait: float | None = None,
        deadline: float | None = None,
    ) -> float:
        """Wait until a request of these classes may go; return the seconds waited. It goes
        when none of its classes holds a pause, including one that began while it waited
        on another of its classes, and takes its slots in all their windows at that moment."""
        if self._counted_at_once(self._route(classes)):
            return 0.0
        started = time.monotonic()
        latest = math.inf if max_wait is None else started + max_wait
        latest = min(latest, math.inf if deadline is None else deadline)
        gates = [*map(self._gate, (*classes, _ALL) if _ALL in self._gates else classes)]
        # It takes its slots in all its classes' windows at one moment: a gate that holds
        # it gives back what the gates before it took (a slot kept through the wait would
        # leave its window meanwhile, and the request would go one over that window's
        # limit), and after the nap it starts again from the first gate.
        while True:
            passed: list[_Passed] = []
            for gate in gates:
                if (wait := await self._wait_for(gate, passed)) > 0:
                    break
            else:
                # A pause begun on a class already checked: only while other tasks ran,
                # during a call to Redis (a memory window's check does not yield).
                if len(gates) == 1 or not self._store.shared:
                    return time.monotonic() - started
                now = time.time()
                gate = max(gates, key=lambda gate: _held(gate, now))
                if (wait := _held(gate, now)) <= 0:
                    return time.monotonic() - started
            await self._give_back(passed)
            await self._nap(gate, wait, latest)

    async def _give_back(self, passed: Sequence[_Passed]) -> None:
        """Undo what gates let a request through for before another held it: free its slots
        in their windows, and a paused class's probe (or a probe beyond its learned
        windows) did not go."""
        now = time.time()
        for record in passed:
            gate = record.gate
            if record.slot is not None:
                _leave_flight(gate, record.slot, now)
                if gate.beyond == record.slot:
                    gate.beyond, gate.full = record.beyond, record.full
            if gate.probing == record.at:  # no other request went since as its probe
                gate.probing, gate.asked = record.probing, record.asked
        shared = [(record.gate.items, record.slot) for record in passed if record.slot is not None]
        await self._store.free(shared)

    async def _nap(self, gate: _Gate, wait: float, latest: float) -> None:
        """Wait `wait` s for `gate`, or less when its pause lifts; `ThrottleWaitTooLong`
        when that would pass `latest` (monotonic)."""
        if time.monotonic() + wait > latest:
            raise ThrottleWaitTooLong(wait)
        if gate.changed is None or gate.changed.done():
            gate.changed = asyncio.get_running_loop().create_future()
        nap = min(wait, 1.0) if self._store.shared else wait  # re-read shared pauses
        await asyncio.wait((gate.changed,), timeout=nap)

    async def refused(
        self, classes: Sequence[str], sent_at: float, retry_after: float | None
    ) -> float:
        """Report a 429 to a request sent at `sent_at` (epoch); the seconds it waits (0.0 for
        a probe beyond the learned windows: it pauses nothing and waits for their room)."""
        known = retry_after is not None and 0 <= retry_after < math.inf
        wait = min((retry_after if known else 1.0) or 0.5, LONGEST_PAUSE)
        now, taken = self._landed(self._route(classes), sent_at)
        # The service counted it in no window.
        await self._store.free([(self._gates[name].items, at) for name, at in taken.items()])
        gates = [*map(self._gate, classes)]
        if probes := [gate for gate in gates if _probe(gate, taken)]:
            for gate in probes:  # the learned windows hold: it waits for their room
                self._probed(gate, now, room=False)
            return 0.0
        for gate in gates:
            if gate.sent == math.inf:  # a new pause
                gate.sent, gate.refusals, gate.probing, gate.refused = sent_at, 0, 0.0, []
            elif sent_at > gate.sent:  # a probe, or sent after the first refusal
                gate.refusals += 1
            gate.sent = min(gate.sent, sent_at)
            if gate.learned:  # no probe beyond them while the 429s go on
                gate.probe_at = max(gate.probe_at, now + _shortest(gate))
            # Only a whole-second Retry-After, as DRF sends it, can show a window.
            if retry_after is not None and known and float(retry_after).is_integer():
                gate.refused.append(Refusal(sent=sent_at, wait=retry_after, landed=now))
            if now + wait > gate.until + 0.001:
                gate.until = now + wait
                self._emit(
                    ThrottleEvent(
                        throttle_class=gate.name, paused_until=gate.until, retry_after=wait
                    )
                )
                logger.info("throttle class %s paused %.2f s after a 429", gate.name, wait)
                await self._store.pause(gate.name, gate.until)
        return wait

    def let_through(self, classes: Sequence[str], sent_at: float) -> None:
        """Record a request sent at `sent_at` that the service's throttle let through, watched
        or not: a class's first 429 is read against what got through before it. A watched
        request is then reported to `admitted` too."""
        for name in classes:
            passed = self._passed[name]
            if passed and sent_at < passed[-1]:
                bisect.insort(passed, sent_at)
            else:
                passed.append(sent_at)
            if len(passed) > 2 * _HISTORY:
                del passed[:_HISTORY]

    async def admitted(self, classes: Sequence[str], sent_at: float) -> None:
        """Report a request of watched classes (`watching`), sent at `sent_at`, that the
        service's throttle let through (after `let_through`); nothing for other classes
        (none of them has a gate)."""
        gates = self._route(classes)
        if not self._store.shared and all(map(_calm, gates)):  # nothing to judge, widen or lift
            now = time.time()
            for gate in gates:
                _leave_flight(gate, sent_at, now)
                if gate.paced:
                    self._store.count(gate.items, now)
                gate.progress += 1
            return
        now, taken = self._landed(gates, sent_at)
        for gate in gates:  # sent after a pause's end: it ran its course (this one counts)
            ran = gate.sent < sent_at and gate.until <= sent_at
            if ran and (gate.refusals or not gate.asked):  # unless a probe told nothing
                self._judge(gate)
            if gate.learned and not self._store.shared:
                probe = _probe(gate, taken)
                wider = self._widen(gate, sent_at, probe=probe)
                if probe:
                    self._probed(gate, now, room=wider)
        for gate in gates:
            if gate.paced:
                await self._store.answered(gate.items, taken.get(gate.name))
        for gate in gates:
            gate.progress += 1
            if gate.sent < sent_at:  # sent after a refused request, and let through
                if gate.until > now:  # a lone refusal
                    gate.until = now
                    await self._store.lift(gate.name)
                self._resume(gate)

    def unanswered(self, classes: Sequence[str], sent_at: float) -> None:
        """Report a request sent at `sent_at` that got no answer (a probe may go again)."""
        # Its shared slots free two spans after it went.
        self._landed(self._route(classes), sent_at)

    def progress(self, classes: Iterable[str]) -> int:
        """Requests of these classes let through since the throttle began keeping state for
        them (their `rate_limit`, their first 429, or a request of theirs that `acquire`
        could not just count): a count to compare between two moments, not a total."""
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
        """Let go of Redis's connections."""
        await self._store.close()

    def _route(self, classes: Sequence[str]) -> tuple[_Gate, ...]:
        """The gates of these classes that exist, and that of a `rate_limit` over all
        requests: those that may hold a request of these classes (a class without a gate
        holds no pause and is paced by nothing). Kept per tuple of classes until a gate is
        made."""
        if (gates := self._routes.get(key := tuple(classes))) is None:
            names = [name for name in (*classes, _ALL) if name in self._gates]
            gates = self._routes[key] = tuple(self._gates[name] for name in names)
        return gates

    def _counted_at_once(self, gates: tuple[_Gate, ...]) -> bool:
        """Whether a request through `gates` goes now with nothing to decide, counted in
        their windows: the store is this process's, they are `_calm`, none waits out a full
        window, and the windows of each paced one have room. A look at a gate's windows
        finds room for some requests (`_LOOK_EVERY` at most); they go without another look,
        as only these requests take that room: whatever else takes a slot forgets it (the
        general path's `_window`, an answer `_leave_flight` finds no request in flight for
        in the shortest window, new windows in `_pace`). If not, nothing is counted:
        `acquire`'s general path decides, as it would have."""
        if self._store.shared:
            return False
        now = time.time()
        for gate in gates:
            if not _calm(gate) or now < gate.until or now < gate.ready:
                return False
            if gate.paced and gate.items and gate.room <= 0:
                room = self._store.room(gate.items, _in_flight(gate, now), now)
                gate.room = min(room, _LOOK_EVERY)
                if gate.room <= 0:
                    return False
        for gate in gates:
            gate.probing = now  # the last request to go, as `_wait_for` records it
            if gate.paced and gate.items:
                gate.flying.append(now)
                gate.room -= 1
        return True

    def _gate(self, name: str) -> _Gate:
        if (gate := self._gates.get(name)) is None:
            items = _windows(self._rates.get(name, ()), name, self._namespace)
            gate = self._gates[name] = _Gate(name, items)
            self._routes.clear()
        return gate

    def _landed(self, gates: Iterable[_Gate], sent_at: float) -> tuple[float, dict[str, float]]:
        """A request of these gates sent at `sent_at` is in flight no more (if a probe,
        another may go): the time now, and when it was counted in each gate's windows where
        it was (its own count, or one a moment before: the same to the windows)."""
        now, taken = time.time(), {}
        for gate in gates:
            gate.probing = 0.0 if sent_at > gate.sent else gate.probing
            if (counted := _leave_flight(gate, sent_at, now)) is not None:
                taken[gate.name] = counted
        return now, taken

    async def _wait_for(self, gate: _Gate, passed: list[_Passed]) -> float:
        """0.0 when a request may go now (and is counted; what that changed in `gate` is
        added to `passed`); else seconds to wait first."""
        if self._store.shared and gate.name != _ALL:
            until, now = await self._store.read(gate.name), time.time()
            if until is not None and until > gate.until + 0.001:  # paused by another client
                gate.until, gate.sent = until, min(gate.sent, now)
                self._emit(
                    ThrottleEvent(
                        throttle_class=gate.name, paused_until=until, retry_after=until - now
                    )
                )
            elif until is not None and until < now < gate.until:  # lifted elsewhere
                gate.until = now
                self._resume(gate)
        now = time.time()
        if (held := _held(gate, now)) > 0:
            return held
        # Paused: one probe at a time, until one gets through.
        if gate.sent < math.inf and now - gate.probing < _PATIENCE:
            return gate.probing + _PATIENCE - now
        before = _Passed(
            gate=gate,
            at=now,
            slot=None,
            probing=gate.probing,
            asked=gate.asked,
            beyond=gate.beyond,
            full=gate.full,
        )
        counted = gate.paced and bool(gate.items)
        wait = await self._window(gate, now) if counted else 0.0
        if wait <= 0:
            passed.append(before._replace(slot=now) if counted else before)
            gate.probing = now  # the last request to go (a probe while paused)
            gate.asked = gate.asked or gate.sent < now < gate.until
        return wait

    async def _window(self, gate: _Gate, now: float) -> float:
        """0.0 once a request of a paced class is counted in its windows; else seconds to
        wait."""
        flying = _in_flight(gate, now)
        if now < gate.ready:
            return gate.ready - now
        if (wait := await self._store.take(gate.items, flying, now)) <= 0 or (
            await self._beyond(gate, now, wait)
        ):
            gate.flying.append(now)
            # The calm path's room does not hold this slot (a look may even have come while
            # the store took it, had it just failed): the next calm request looks again.
            gate.room = 0
            return 0.0
        gate.ready = now + wait + self._margin
        return wait + self._margin

    async def _beyond(self, gate: _Gate, now: float, wait: float) -> bool:
        """Whether a request goes beyond the learned windows of `gate`, full for `wait` s
        more, as a probe: the service may allow more (other clients on its key gone quiet, a
        window learned from too few requests). One at a time, while the class holds no
        pause, from `probe_at` on, when the windows free no sooner than `_AHEAD` s (they
        free up to a round trip after the service's: a probe let through sooner would show
        that lag, not room), and only if the windows the user set have room."""
        if not gate.learned or gate.sent < math.inf or self._store.shared:
            return False
        if now < gate.probe_at or now - gate.beyond < _shortest(gate) or wait < _AHEAD:
            return False  # too soon, the probe out not answered yet, or a slot frees soon
        caps = _windows(self._caps.get(gate.name, ()), gate.name, self._namespace)
        if await self._store.take(caps, gate.flying, now) > 0:
            return False
        full = [
            (item.amount, item.span)
            for item in gate.items
            if await self._store.take((item,), gate.flying, now) > 0
        ]
        gate.beyond, gate.full = now, frozenset(full)
        return True

    def _probed(self, gate: _Gate, now: float, *, room: bool) -> None:
        """The probe beyond the learned windows of `gate` is answered. It found `room` (let
        through, and they took what got through): the next may go at once and, let through,
        widens them twice as much. Else (refused, or let through with the windows kept to
        anyway) the next goes a span of the shortest learned window later, and after each
        refused one twice as many spans, `_PROBE_SPANS` at most; let through, it widens
        them by one."""
        gate.beyond = 0.0
        if room:
            gate.probe_at, gate.probe_spans, gate.growth = now, 1, 2 * gate.growth
            return
        gate.probe_at = now + gate.probe_spans * _shortest(gate)
        gate.probe_spans, gate.growth = min(2 * gate.probe_spans, _PROBE_SPANS), 1

    def _widen(self, gate: _Gate, sent_at: float, *, probe: bool) -> bool:
        """Whether a learned window of `gate` was too narrow: the request sent at `sent_at`,
        let through, makes it hold more than it allows (a request sent before it was
        learned can), or it was full when that request went as a `probe` beyond it. It
        then takes what got through, `growth` requests more at least for a probe's, and
        goes on counting the answers it held."""
        passed = self._passed.get(gate.name, [])
        end = bisect.bisect_right(passed, sent_at)

        def through(n: int, per: int) -> int:
            more = gate.growth if probe and (n, per) in gate.full else 0
            return max(n + more, end - bisect.bisect_right(passed, sent_at - per))

        wider = [(through(n, per), per) for n, per in gate.learned]
        if wider == gate.learned:
            return False
        logger.info("throttle class %s: more got through than %s", gate.name, gate.learned)
        narrow, wide = (
            _windows((), gate.name, self._namespace, (RateLimit(n, per=per) for n, per in rates))
            for rates in (gate.learned, wider)
        )
        for before, after in zip(narrow, wide, strict=True):
            self._store.widen(before, after)
        gate.learned, gate.ready = wider, 0.0  # a wait for the narrower windows is over
        self._pace(gate)
        return True

    def _judge(self, gate: _Gate) -> None:
        """A throttle's pause ran its course: pace the class from now on, in the window the
        pause showed (`window_shown`; a pause of one 429 shows none; none longer than the
        longest window the class publishes or a `rate_limit` for it or for all requests
        sets), beside a `rate_limit` the user set for it; at its published rates while its
        answers have shown none."""
        gate.paced = True
        if self._store.shared:  # this process saw its own requests only, not the key's
            return
        if len(gate.refused) < 2:  # a lone 429 fits a window as long as the quiet before it
            return
        given = (
            *self._published.get(gate.name, ()),
            *self._caps.get(gate.name, ()),
            *self._caps.get(_ALL, ()),
        )
        longest = max((rate.per for rate in given), default=LONGEST_PAUSE)
        passed = self._passed.get(gate.name, [])
        shown = window_shown(passed, gate.refused, gate.learned, longest)
        if shown is None:
            return
        gate.learned = _learn(gate.learned, shown)
        gate.probe_at, gate.probe_spans, gate.growth = time.time() + _shortest(gate), 1, 1
        self._pace(gate)
        logger.info("throttle class %s paced at %d requests per %d s", gate.name, *shown)

    def _pace(self, gate: _Gate) -> None:
        """Pace `gate` in its learned windows, beside a `rate_limit` the user set for it."""
        learned = (RateLimit(n, per=per) for n, per in gate.learned)
        caps = self._caps.get(gate.name, ())
        gate.items = _windows(caps, gate.name, self._namespace, learned)
        gate.room = 0  # what a look found in the windows before

    def _resume(self, gate: _Gate) -> None:
        gate.sent, gate.asked, gate.refused = math.inf, False, []
        if gate.changed is not None and not gate.changed.done():
            gate.changed.set_result(None)
        self._emit(ThrottleEvent(throttle_class=gate.name, paused_until=None, retry_after=None))

    def _emit(self, event: ThrottleEvent) -> None:
        for callback in list(self._listeners):
            try:
                callback(event)
            except Exception:
                logger.exception("a throttle listener failed on %r", event)


def _in_flight(gate: _Gate, now: float) -> deque[float]:
    """The send times of the requests of a paced `gate` in flight at `now`, oldest first.
    One that no answer was told of counts as answered when it went: it leaves a window
    a span after it went, and the record once it left the longest."""
    flying, oldest = gate.flying, now - gate.items[-1].span
    while flying and flying[0] < oldest:
        flying.popleft()
    return flying


def _sent_in(window: _Window, flying: Sequence[float], now: float) -> int:
    """How many of the requests in flight sent at `flying` (oldest first) `window` holds at
    `now`: those sent within its span."""
    return len(flying) - bisect.bisect_left(flying, now - window.span)


def _calm(gate: _Gate) -> bool:
    """Whether a request through `gate` is only counted: it holds no pause and no learned
    windows, so there is no verdict to reach, no window to widen and no probe to send."""
    return gate.sent == math.inf and not gate.learned


def _leave_flight(gate: _Gate, sent_at: float, now: float) -> float | None:
    """Take the request sent at `sent_at` off `gate`'s in-flight record at `now`: when it
    was counted in the gate's windows (its own count, or one a moment before: the same to
    the windows), or None if it is not there (it went unpaced, or counted as answered after
    the longest window). An answer then counted for it, or for one that had left the
    shortest window already, takes room no look at the windows saw: the gate forgets the
    room its last look found, and `_counted_at_once` looks again."""
    flying = gate.flying
    if not (mine := bisect.bisect_right(flying, sent_at)):
        gate.room = 0
        return None
    counted = flying[mine - 1]
    del flying[mine - 1]
    if gate.items and counted < now - gate.items[0].span:
        gate.room = 0
    return counted


def _learn(learned: Sequence[tuple[int, int]], shown: tuple[int, int]) -> list[tuple[int, int]]:
    """The windows `(requests, seconds)` learned, `shown` the latest, the last `_LEARNED`
    kept, one per span: of two with the same span, the one with fewer requests. The other
    never binds beside it (`window_shown` learns a span already known only with fewer
    requests: a pause came while paced in the known one), and `_widen` would make the two
    one window twice, which counts each answer twice."""
    requests, span = shown
    same = [count for count, seconds in learned if seconds == span]
    others = [window for window in learned if window[1] != span]
    return [*others, (min([requests, *same]), span)][-_LEARNED:]


def _shortest(gate: _Gate) -> int:
    """The span (s) of the shortest window learned for `gate`."""
    return min(per for _, per in gate.learned)


def _probe(gate: _Gate, taken: Mapping[str, float]) -> bool:
    """Whether the request counted in `gate`'s windows at `taken[gate.name]` was its probe
    beyond the learned windows."""
    return bool(gate.beyond) and taken.get(gate.name) == gate.beyond


def _held(gate: _Gate, now: float) -> float:
    """Seconds the pause of `gate` holds (its probes refused too) from `now`; 0.0 if none."""
    return gate.until - now if now < gate.until and gate.refusals >= _PROBES else 0.0


def window_shown(
    passed: Sequence[float],
    refused: Sequence[Refusal],
    known: Sequence[tuple[int, int]] = (),
    longest: float = LONGEST_PAUSE,
) -> tuple[int, int] | None:
    """The window `(requests, seconds)` a pause showed, or None when its answers fit none.

    `passed`: the send times (sorted) of the requests the service let through; `refused`:
    the pause's 429s; `known`: windows the class was already paced in (the pause came
    anyway: none of them is the service's); `longest`: the longest window it may be (s).
    The window is the shortest one, in whole seconds, that explains the pause: its first
    refusal (sent at t, `Retry-After` r) found it full of the requests let through that
    went in the D seconds before t or while that 429 was on its way back, and the oldest of
    them (o) leaves it as `Retry-After` says.
    Rounded up (Django REST framework), r + t - o is in [D, D + 1); rounded down (proxies),
    in [D - 1, D): read first as rounded up, then as rounded down. Every other refusal of
    the pause found the window as full (one request less, for the order in which requests
    reach the service), and no window of `known` already keeps to it."""
    if not refused or not passed:
        return None
    first = min(refused)
    end = bisect.bisect_right(passed, first.landed)
    span = min(math.floor(first.wait + first.sent - passed[0] + _JITTER) + 1, int(longest))
    for rounding in (0, 1):  # rounded up, rounded down
        for seconds in range(1, span + 1):
            start = bisect.bisect_right(passed, first.sent - seconds)
            if start >= end:  # nothing let through in it: it was no full window
                continue
            if _reading(first.wait + first.sent - passed[start]) + rounding != seconds:
                continue
            count = end - start
            full = all(
                bisect.bisect_right(passed, landed) - bisect.bisect_right(passed, sent - seconds)
                >= count - 1
                for sent, _, landed in refused
            )
            kept = any(n * math.ceil(seconds / per) <= count for n, per in known)
            if full and not kept:
                return count, seconds
    return None


def _reading(reopens_in: float) -> int:
    """The whole seconds of a window whose oldest request leaves it `reopens_in` s after it
    came, as a `Retry-After` rounded up says (give or take `_JITTER`)."""
    return math.floor(reopens_in + _JITTER)


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


# Take a slot in every window of a class at once, or none: KEYS are the windows' sorted
# sets (member: a request; score: when its slot frees, epoch s), ARGV the time now, the
# request's member, then each window's requests and seconds. Slots freed by now are dropped;
# in a full window, the answer is the seconds until one frees (a string: Lua numbers reach
# Redis as integers); else the request holds a slot in each window, two spans at most (its
# answer sets when it frees), and the answer is "0".
_TAKE = """
local now, member, wait = tonumber(ARGV[1]), ARGV[2], 0
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  local amount, held = tonumber(ARGV[1 + 2 * i]), redis.call('ZCARD', key)
  if held >= amount then
    local frees = redis.call('ZRANGE', key, held - amount, held - amount, 'WITHSCORES')[2]
    wait = math.max(wait, tonumber(frees) - now)
  end
end
if wait > 0 then
  return tostring(wait)
end
for i, key in ipairs(KEYS) do
  local span = tonumber(ARGV[2 + 2 * i])
  redis.call('ZADD', key, now + 2 * span, member)
  redis.call('EXPIRE', key, math.ceil(2 * span))
end
return '0'
"""


class _Store:
    """The windows (and, when shared, the pauses) of one client family (see above)."""

    def __init__(self, url: str | None, namespace: str) -> None:
        self.shared = check_store(url) not in (None, "memory://")
        self._pool, self._prefix = None, namespace
        self._answers: dict[str, deque[float]] = {}  # in memory: each window's, newest last
        self._failures: tuple[type[Exception], ...] = (OSError,)
        self._client = uuid.uuid4().hex  # names this family's requests in the shared slots
        if url is not None and self.shared:
            import redis.asyncio  # the `redis` extra: pip install 'product-analytics-sdk[redis]'

            self._pool = redis.asyncio.ConnectionPool.from_url(url, socket_timeout=5.0)
            self._redis = redis.asyncio.Redis(connection_pool=self._pool)
            self._take_slots = self._redis.register_script(_TAKE)
            self._failures += (redis.RedisError,)

    async def take(
        self, windows: tuple[_Window, ...], flying: Sequence[float], now: float
    ) -> float:
        """0.0 once a request is counted in `windows` at `now` (`flying`: the send times,
        oldest first, of this class's requests in flight in this process); else the seconds
        to wait first. If Redis fails to answer, the windows in memory decide, as they do
        from then on."""
        if self.shared:
            rates = [number for window in windows for number in (window.amount, window.span)]
            keys = [self._slots_key(window) for window in windows]
            taking = self._take_slots(keys, [repr(now), self._member(now), *rates])
            if (found := await self._call(taking, None)) is not None:
                wait = float(found)
                return 0.0 if wait <= 0 else min(wait, min(window.span for window in windows))
        return self.wait(windows, flying, now)

    def wait(self, windows: tuple[_Window, ...], flying: Sequence[float], now: float) -> float:
        """In memory: 0.0 when `windows` have room at `now` for one more request beside
        their answers and the `flying` requests in each; else the seconds to wait first."""
        for window in windows:
            answers = self._answers_at(window, now)
            if len(answers) >= window.amount:  # its newest N: room once the oldest leaves
                return max(answers[0] + window.span - now, 0.001)
            if len(answers) + _sent_in(window, flying, now) >= window.amount:
                return 0.05  # polled: one in flight refused or unanswered frees a slot
        return 0.0

    def room(self, windows: tuple[_Window, ...], flying: Sequence[float], now: float) -> int:
        """In memory: how many more requests `windows` have room for at `now` beside their
        answers and the `flying` requests in each (0 or less: none)."""
        return min(
            window.amount - len(self._answers_at(window, now)) - _sent_in(window, flying, now)
            for window in windows
        )

    async def answered(self, windows: tuple[_Window, ...], taken: float | None) -> None:
        """Count an answer in the windows: in memory, its time; in a shared store, the slot
        of the request counted at `taken` (a new one if None) frees one window after now."""
        now = time.time()
        if not self.shared:
            self.count(windows, now)
            return
        member = self._member(now if taken is None else taken)
        pipe = self._redis.pipeline(transaction=False)
        for window in windows:
            key = self._slots_key(window)
            pipe.zadd(key, {member: now + window.span})
            pipe.expire(key, 2 * window.span)
        await self._call(pipe.execute(), [])

    def count(self, windows: tuple[_Window, ...], at: float) -> None:
        """In memory: count an answer that came at `at` (epoch s) in `windows`."""
        for window in windows:
            self._answers_in(window).append(at)

    async def free(self, slots: Sequence[tuple[tuple[_Window, ...], float]]) -> None:
        """In a shared store, free the slots of a request: `(windows, taken)` for each of
        its classes, in whose windows it was counted at `taken`. One round trip for all."""
        if self.shared and slots:
            pipe = self._redis.pipeline(transaction=False)
            for windows, taken in slots:
                for window in windows:
                    pipe.zrem(self._slots_key(window), self._member(taken))
            await self._call(pipe.execute(), [])

    def widen(self, before: _Window, after: _Window) -> None:
        """In memory, window `after` (the same span, more requests) goes on counting the
        answers `before` holds: widened by a request, it lets one more go, not a whole
        window's worth at once."""
        if not self.shared and (answers := self._answers.pop(before.answers, None)):
            self._answers[after.answers] = deque(answers, maxlen=after.amount)

    def _answers_in(self, window: _Window) -> deque[float]:
        """The answer times (epoch s) `window` holds in this process: its newest N, in the
        order they came, as DRF keeps its history (an older one cannot decide a wait)."""
        if (answers := self._answers.get(window.answers)) is None:
            answers = self._answers[window.answers] = deque(maxlen=window.amount)
        return answers

    def _answers_at(self, window: _Window, now: float) -> deque[float]:
        """The answer times `window` holds in this process that still count at `now`."""
        answers = self._answers_in(window)
        while answers and answers[0] <= now - window.span:
            answers.popleft()
        return answers

    def _slots_key(self, window: _Window) -> str:
        """The Redis key of the sorted set holding `window`'s slots."""
        return f"{self._prefix}:{window.slots}"

    def _member(self, taken: float) -> str:
        return f"{self._client}:{taken!r}"

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

    async def _call(self, call: Awaitable[T], failed: T) -> T:
        try:
            return await call
        except self._failures as exc:  # Redis's
            if self.shared:  # the first failure (calls under way fail too, silently)
                self.shared = False
                message = f"the throttle store failed ({exc}); throttling per process now"
                logger.warning(message)
                warnings.warn(message, RuntimeWarning, stacklevel=3)
            return failed
