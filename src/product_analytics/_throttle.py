"""Client-side throttle state: pause a throttle class on a 429, learn its rate, pace it.

One `Throttles` per client (shared by the clients made with `with_options`) holds one state
per throttle class (`recordings`, `crud`, ...; `None` is the class `"default"`). Pure asyncio:
no background task, no lock; every wait happens in the task of the request that waits.

How the request loop uses it
----------------------------
For every request that reaches a server (each redirect hop too)::

    waited = await throttles.acquire(cls, max_wait=max_wait, deadline=deadline)
    response = await send(...)
    if response.status == 429:
        throttles.throttled(cls, retry_after)   # then loop: the next acquire waits the pause
    elif response.status not in (401, 403):     # answered before the service throttles
        throttles.succeeded(cls)

- `acquire(cls, *, max_wait, deadline) -> float` waits until a request of the class may go
  and returns the seconds waited. It raises `ThrottleWaitTooLong` (`.retry_after`: seconds
  from now until it could go) instead of waiting when the wait would exceed `max_wait`
  seconds or end after `deadline` (a `throttles.clock()` value); when a later 429 lengthens
  a wait under way beyond those, the waiter raises at once. Cancelling a waiter is safe.
- `throttled(cls, retry_after) -> float` reports a 429 (`retry_after` in seconds, `None` if
  the answer had none) and returns the pause of the class in seconds.
- `succeeded(cls)` reports a request that the service's throttle let through and counted:
  any answer but a 429, a 401 or a 403 (those two come before throttling; reporting them
  makes the estimate a little high). A connection error is reported as nothing.
- `add_listener(callback) -> unsubscribe` reports `ThrottleEvent`s: a class paused by the
  service (`paused_until`: wall-clock epoch seconds, `retry_after`), and resumed
  (`paused_until=None`), reported when its first request after the pause is let through.
- `paused_until(cls)`: wall-clock epoch seconds while the class is paused, else `None`;
  `rates()`: the pacing rate learned per class; `clock`: the monotonic clock of deadlines.

`throttled` and `succeeded` are matched to the request that the same task last let through
`acquire` (a context variable), so call them from the task that called `acquire`.

The algorithm
-------------
The service throttles as Django REST framework does: per key and class, a sliding window of
at most N admitted requests in any D seconds (a 429 is not counted); a refused request gets
`Retry-After` = the time until ONE slot of the window frees (the oldest admitted request
leaves it), rounded up to whole seconds (some servers round down). N and D are not sent, but
DRF parses its rates as "N/s", "N/m", "N/h" or "N/d": D is 1, 60, 3,600 or 86,400 s (the
live service: 240/min and 1,200/hour for recordings, 480/min and 4,800/hour for the rest).

1. Unthrottled: until a class has met a 429 (and without a user `RateLimit`), `acquire` is
   a dict lookup that finds nothing (and notes the admission time in a context variable);
   `succeeded` appends that time to a bounded log of the class (its last 10,000 admitted).
2. A 429 answered with Retry-After a pauses the class until now + a: rounded up, the
   server's window has a free slot by then. Once the service has been seen rounding down
   (a Retry-After of 0: under a second to go), whole-second pauses get `margin` more (1 s
   by default), and what was learned is corrected for it (below). A fractional Retry-After
   was not rounded: no margin. Without Retry-After, the pause is 1 s plus the margin.
   The 429 also sets the pacing rate. Let t be the refused request's send time (the log
   holds send times too: this takes the round trip out). The window reopens at T within
   (t + a - 1, t + a] if rounded up, [t + a, t + a + 1) if rounded down; every 429 of the
   same window narrows that down. The window's oldest request s must be an admission
   preceded by a gap of at least T - t (what came before it has left the window); the
   window holds the n admissions since s in D = T - s seconds; and no D-long stretch of the
   log may hold many more than n (else the server let more through in a window that long:
   the window is longer than assumed). s is the latest admission passing both tests (with
   T taken as the latest time left). That leaves D within (T_first - s, T_last - s], an
   interval a second wide: widened by the refused request's round trip on either side
   (the server measured both ends on arrival, not at the send times logged), and by a
   second upwards while the rounding is unknown (a server that rounds down shows it only
   with a Retry-After of 0: before that, 59 may mean 59.7 s), it holds exactly one of
   DRF's durations when the server is DRF's, and then D is that duration. Otherwise
   D = T_last - s: the estimate errs slow. (When the first burst takes a share
   of a short window, erring slow costs that share: a burst of 0.3 s against a 1 s window
   made D 1.3 s, a pace of 75 instead of 97 a second, and with no 429 at the slower pace
   nothing ever corrected it. Probing upwards for the lost pace would cost a 429 and a
   pause of a window for every probe; the DRF durations cost nothing where they apply, and
   elsewhere the estimate is what it was.) N/D is estimated as n / D and the class is
   paced at 97 % of that. Admissions sent before the 429 but reported only after it are
   added to n (they were in the window too). With nothing admitted before (the key was
   used up elsewhere), the class restarts at one request per max(a, 1) s, 25 % faster with
   each success, until a 429 gives it data.
3. Pacing is a token bucket of one token (virtual scheduling: the next request may go at
   `next_at`, which then moves on by 1 / rate): no burst above the estimate. Waiters queue
   first in, first out per class; only the head sleeps, the others wait for their turn, so
   the tasks that met the 429 wake one pacing interval apart, not all at once. A timer
   that fires late (the loop was busy) leaves `next_at` where it was, one interval after
   the late request's due time: at 100 a second, starting the interval from the late
   wake-up lost about 1 ms of 10 a request, 8 % of the pace. Lateness of over an interval
   or 1 % of D is dropped instead; at 97 % of N per D, a carry of under 3 % of D can never
   let a D-long stretch hold more than N.
4. A further 429 (from a request let through after the pause began; those in flight before
   it only extend the pause when their window reopens over 1 s later) pauses the class as
   above. Once a learned window D has passed since the rate was last set (before that the
   server's window still holds requests sent at the old rate), or when its Retry-After
   speaks of a longer window (the hourly limit after the minute's), it also sets the rate
   to 97 % of the new estimate, and to 97 % of the current one at most. The estimate
   counts only this client's admissions: another client on the same key leaves it fewer
   of the window, and the estimate follows. 429s answered at random (a fault, not a
   limit) cannot drive the rate down faster than 3 % a window, and the busiest-stretch
   test keeps the estimate at what the server has admitted. When D is a DRF duration and
   the 429 speaks of no longer window, the pace was below N per D and still met a 429:
   round trips that vary bunched the arrivals, or another client shares the key. A steady
   paced stream has no gap to find the window's start by (the estimate above would err far
   slow: 67 to 74 a second instead of 97 in simulation), so D stands and the rate drops
   3 % the first time, 6 % each time after.
5. A class idle for longer than the longest window it learned (every slot has left the
   server's window) forgets its rate: it runs unpaced again until the next 429.

A `RateLimit(n, per=s)` is a strict cap, a sliding-window log checked before each request:
`rate_limit=RateLimit(...)` is one cap for all the client's requests together (every class
counts against it); a mapping `{class: RateLimit}` caps those classes, each with its own (a
class not in it is unpaced until a 429). Pauses, pacing and the cap all apply at once.

In simulation against such a throttle (`tests/support/drf_simulation.py`, 2,000 requests
from 32 tasks, Retry-After rounded up or down alike), 1.5 % of the requests meet a 429 (the
30 in flight when the first came) and the job takes, as a multiple of the throttle's bound:
1.035 at 100 per 10 s with 20 ms round trips; at 100 per 1 s, 1.034 with 20 ms round trips,
1.054 with 0.1 s (the first burst takes 0.3 of the window; 1.348 before the DRF durations),
1.079 with 0.2 s, 1.06 to 1.08 with 0.1 s varying by up to 40 ms; 1.03 at 100 per 60 s with
0.5 s round trips; 1.036 for 3,000 requests at 240/min and 1,200/hour (0.7 % 429s, paced at
the hourly rate once past it). Windows of no DRF duration: 1.05 at 100 per 7 s; more when
the round trip is a tenth of the window or longer (1.19 at 100 per 2 s with 0.1 s round
trips, as before). Against FakeServer in the same process (`make bench`, 100 per 1 s),
`get_many` of 2,000 ids takes 1.03 times the bound with 32 429s in 2,032 requests.
"""

from __future__ import annotations

import asyncio
import bisect
import contextvars
import logging
import math
import time
from collections import deque
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass

from product_analytics._ratelimit import RateLimit

__all__ = ["DEFAULT_CLASS", "ThrottleEvent", "ThrottleWaitTooLong", "Throttles"]

logger = logging.getLogger("product_analytics")

DEFAULT_CLASS = "default"
"""The throttle class of requests given the class `None`."""

_SAFETY = 0.97  # pace at this share of the estimated rate
_LOG_SIZE = 10_000  # admissions remembered per class
_NO_RETRY_AFTER = 1.0  # the pause of a 429 without Retry-After, before the margin
_EPSILON = 1e-9  # float slack on clock comparisons
_SLOW_START = 1.25  # a guessed rate grows by this factor with each success
_CANDIDATES = 32  # window starts tried by an estimate before taking the oldest logged
_CONSISTENT = 0.9  # a window holding this share of the busiest as long is consistent
# DRF parses a rate as "N/s", "N/m", "N/h" or "N/d": its windows last exactly one of these.
_DRF_WINDOWS = (1.0, 60.0, 3_600.0, 86_400.0)
_LATENESS = 0.01  # pacing carries a late wake-up of up to this share of the window over

Clock = Callable[[], float]
Sleep = Callable[[float], Awaitable[object]]
Listener = Callable[["ThrottleEvent"], None]

# The admission of the request the current task last let through `acquire`: the Throttles'
# token, the class, the clock time it went and how many pauses had begun by then.
_Admission = tuple[object, str, float, int]
_ADMISSION: contextvars.ContextVar[_Admission | None] = contextvars.ContextVar(
    "product_analytics_throttle_admission", default=None
)


class ThrottleWaitTooLong(Exception):
    """A throttle wait would exceed `max_wait` or end after the deadline; nothing waited for it.

    `retry_after`: seconds from now until the request could go (the class reopens, or a
    pacing or `RateLimit` slot frees), as far as known now.
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


def _busiest(times: list[float], end: int, window: float) -> int:
    """The most of `times[:end]` (sorted) in any window [t, t + window)."""
    most = 0
    first = 0
    for last in range(end):
        while times[first] <= times[last] - window:
            first += 1
        most = max(most, last - first + 1)
    return most


def _wake(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


class _Waiter:
    """One task queued in `acquire`; `wakeup` is set when it is its turn, or to re-check."""

    __slots__ = ("wakeup",)

    def __init__(self, wakeup: asyncio.Future[None]) -> None:
        self.wakeup = wakeup


@dataclass
class _Episode:
    """What the 429 that set the current rate saw, for later answers to refine."""

    start: float  # the admission taken as the oldest in the server's window
    admitted: int  # admissions counted in the window
    prior: float | None  # the pacing rate when the 429 came (None: unpaced)
    seen: list[tuple[float, float]]  # (send time, Retry-After) of its 429s
    pause_number: int = 0  # the number of the pause it began
    slack: float = 0.0  # the longest round trip of its 429s, seconds


class _Gate:
    """The state of one throttle class once it needs any: a pause, a learned rate, a cap."""

    __slots__ = (
        "announced",
        "cap",
        "episode",
        "last_admit",
        "learned_at",
        "learned_window",
        "name",
        "next_at",
        "pause_number",
        "pause_started",
        "paused_until",
        "paused_until_wall",
        "provisional",
        "queue",
        "rate",
        "reopen",
        "strikes",
        "window",
        "window_is_drf",
    )

    def __init__(self, name: str, cap: RateLimit | None) -> None:
        self.name = name
        self.cap = cap
        self.rate: float | None = None  # learned pacing rate, requests a second
        self.next_at = -math.inf  # clock time of the next paced request
        self.paused_until = -math.inf  # clock time the pause ends
        self.paused_until_wall: float | None = None
        self.pause_started: float | None = None  # clock time of the 429 that began it
        self.pause_number = 0  # its number among all pauses of the Throttles
        self.reopen = -math.inf  # the window reopens then, as the last 429 said
        self.announced = False  # a pause event was sent and no resume yet
        self.window = 0.0  # longest window learned, seconds
        self.learned_at: float | None = None  # clock time the rate was last set by a 429
        self.learned_window = 0.0  # the window estimated then, seconds
        self.last_admit = -math.inf
        self.episode: _Episode | None = None
        self.provisional = False  # the rate is a guess that grows with each success
        self.window_is_drf = False  # learned_window is a DRF duration the 429s allowed
        self.strikes = 0  # 429s by that DRF window since it was learned, while paced
        self.queue: deque[_Waiter] = deque()

    def ready_at(self) -> float:
        """The clock time from which the next request may go (maybe past)."""
        ready = self.paused_until
        if self.rate is not None and self.next_at > ready:
            ready = self.next_at
        if self.cap is not None:
            free = self.cap._free_at()
            if free > ready:
                ready = free
        return ready

    def predict(self, now: float, ahead: int) -> float:
        """When a request with `ahead` others queued before it would go, as things stand."""
        t = max(now, self.ready_at())
        if ahead == 0:
            return t
        interval = 1.0 / self.rate if self.rate is not None else 0.0
        cap = self.cap
        if cap is None:
            return t + ahead * interval
        sent = deque(cap._sent, maxlen=cap.max_requests)
        for _ in range(ahead):
            sent.append(t)
            t += interval
            if len(sent) == cap.max_requests:
                t = max(t, sent[0] + cap.per)
        return t


class Throttles:
    """One per client (shared by clients made with `with_options`); one state per class.

    `rate_limit`: a `RateLimit` capping all requests together, or a mapping from throttle
    class to the `RateLimit` of that class, or `None`. `margin` is added to the pauses that
    whole-second Retry-After values ask for once the service is seen rounding them down.
    `clock` (monotonic seconds; `deadline`s are its values) and `sleep` default to the clock
    and sleep of the `RateLimit` given when it was built with its own (a test hook), else
    `time.monotonic` and a timer on the running loop; `wall_clock` gives the epoch seconds
    of the events. See the module docstring for the contract and the algorithm.
    """

    def __init__(
        self,
        rate_limit: RateLimit | Mapping[str, RateLimit] | None = None,
        *,
        margin: float = 1.0,
        clock: Clock | None = None,
        wall_clock: Clock = time.time,
        sleep: Sleep | None = None,
    ) -> None:
        caps: list[RateLimit] = []
        if rate_limit is None or isinstance(rate_limit, RateLimit):
            self._cap_for_all = rate_limit
            per_class: dict[str, RateLimit] = {}
            if rate_limit is not None:
                caps.append(rate_limit)
        elif isinstance(rate_limit, Mapping):
            self._cap_for_all = None
            per_class = dict(rate_limit)
            for name, cap in per_class.items():
                if not isinstance(name, str) or not isinstance(cap, RateLimit):
                    raise TypeError(
                        "rate_limit must map throttle class names to RateLimit, "
                        "e.g. {'recordings': RateLimit(240, per=60)}"
                    )
                caps.append(cap)
        else:
            raise TypeError(
                "rate_limit must be a RateLimit, e.g. RateLimit(240, per=60), "
                "or a mapping from throttle class to RateLimit"
            )
        if isinstance(margin, bool) or not isinstance(margin, (int, float)) or not margin >= 0:
            raise ValueError("margin must be a number of seconds >= 0")
        own = [cap for cap in caps if cap._clock is not time.monotonic]
        self.clock: Clock = clock or (own[0]._clock if own else time.monotonic)
        self._sleep: Sleep | None = sleep or (own[0]._sleep if own else None)
        self._wall_clock = wall_clock
        self._margin = float(margin)
        self._rounds_down = False  # the service was seen rounding Retry-After down
        self._token = object()
        self._pauses = 0  # pauses begun, of all classes
        self._gates: dict[str, _Gate] = {name: _Gate(name, cap) for name, cap in per_class.items()}
        self._logs: dict[str, deque[float]] = {}
        self._listeners: list[Listener] = []

    def __repr__(self) -> str:
        if not hasattr(self, "_gates"):  # __init__ refused its arguments (a crash report)
            return "Throttles(<not initialised>)"
        paused = sorted(name for name in self._gates if self.paused_until(name) is not None)
        return f"Throttles(paced={self.rates()!r}, paused={paused!r})"

    # -- the request loop -------------------------------------------------------------

    async def acquire(
        self,
        throttle_class: str | None,
        *,
        max_wait: float | None = None,
        deadline: float | None = None,
    ) -> float:
        """Wait until a request of this class may go; return the seconds waited.

        The class must not be paused, a pacing token must be free and the `RateLimit` cap
        respected. Raises `ThrottleWaitTooLong` without waiting (more) when the wait would
        exceed `max_wait` seconds in all or end after `deadline` (a `self.clock()` value).
        Call it once for every request that reaches a server, redirect hops included.
        """
        if self.admit_now(throttle_class):
            return 0.0
        return await self._wait(self._gate(throttle_class or DEFAULT_CLASS), max_wait, deadline)

    def admit_now(self, throttle_class: str | None) -> bool:
        """Let a request of this class go at once if nothing paces or caps the class (it
        never met a 429 and has no `RateLimit`), as `acquire` would; False if it must go
        through `acquire`. The cheap path of every request of an unthrottled client."""
        name = throttle_class or DEFAULT_CLASS
        if name in self._gates or self._cap_for_all is not None:
            return False
        _ADMISSION.set((self._token, name, self.clock(), self._pauses))
        return True

    def throttled(self, throttle_class: str | None, retry_after: float | None) -> float:
        """Report a 429 (`retry_after` seconds, or `None`); return the pause of the class.

        The whole class pauses until now + retry_after (+ margin when the service rounds
        down) and restarts paced at the rate learned (see the module docstring). A 429 to a
        request let through before the class paused belongs to the same pause: it narrows
        the estimate down but does not tighten the rate again.
        """
        name = throttle_class or DEFAULT_CLASS
        now = self.clock()
        admission = self._take_admission(name)
        gate = self._gate(name)
        if retry_after is None or not math.isfinite(retry_after) or retry_after < 0:
            wait, margin = _NO_RETRY_AFTER, self._margin
        else:
            wait = float(retry_after)
            if wait == 0 and not self._rounds_down:
                self._learn_rounding_down()
            # Rounded up (DRF), the window has reopened by now + wait. Rounded down, by up to
            # 1 s later: a margin then. A fraction was not rounded at all.
            margin = self._margin if self._rounds_down and wait.is_integer() else 0.0
        if gate.pause_started is not None:
            in_flight_before = (
                admission[1] < gate.pause_number
                if admission is not None
                else now < gate.paused_until
            )
            if in_flight_before and now + wait <= gate.reopen + 1.0:
                # The same window's 429: its Retry-After narrows down when it reopens.
                episode = gate.episode
                if episode is not None and episode.pause_number != gate.pause_number:
                    episode = None  # this pause did not set the rate: another window
                seen = (admission[0], wait) if admission is not None else None
                if episode is not None and seen is not None and seen not in episode.seen[-64:]:
                    episode.seen.append(seen)
                    episode.slack = max(episode.slack, now - seen[0])
                    self._estimate(gate, episode)
                return max(gate.paused_until - now, 0.0)
        # Until a window has passed since the rate was last set, the server's window still
        # holds requests sent at the rate before: a 429 then pauses but teaches nothing new,
        # unless it speaks of a longer window (as the hourly limit does after the minute's).
        learns = (
            gate.learned_at is None
            or now >= gate.learned_at + gate.learned_window
            or wait > gate.learned_window
        )
        if learns:
            if gate.window_is_drf and gate.rate is not None and wait <= gate.learned_window:
                # Paced below N per DRF window and refused by that window all the same: the
                # round trips bunched the arrivals, or another client shares the key. A
                # steady stream has no gap to tell the window's start by (an estimate would
                # err far too slow): the window stands and the pace drops, by 3 % the first
                # time and by 6 % each time after.
                gate.strikes += 1
                gate.rate *= _SAFETY ** min(gate.strikes, 2)
                gate.episode = None
            else:
                # The admissions logged are send times: measuring the window from this
                # request's send time too takes the round trip out of the estimate.
                sent_at = admission[0] if admission is not None else now
                self._learn(gate, sent_at, wait, now - sent_at)
            gate.learned_at = now
        self._pauses += 1
        gate.pause_number = self._pauses
        if learns and gate.episode is not None:
            gate.episode.pause_number = self._pauses
        gate.pause_started = now
        gate.reopen = now + wait
        until = now + wait + margin
        if until > gate.paused_until:
            gate.paused_until = until
            gate.paused_until_wall = self._wall_clock() + (until - now)
        gate.next_at = max(gate.next_at, gate.paused_until)
        for waiter in gate.queue:  # let the waiters re-check their budgets
            if not waiter.wakeup.done():
                waiter.wakeup.set_result(None)
        pause = gate.paused_until - now
        gate.announced = True
        self._emit(ThrottleEvent(name, gate.paused_until_wall, pause))
        logger.info(
            "throttle class %s paused %.2f s after a 429 (Retry-After %s); paced at %s/s",
            name, pause, retry_after,
            f"{gate.rate:.3g}" if gate.rate is not None else "-",
        )  # fmt: skip
        return pause

    def succeeded(self, throttle_class: str | None) -> None:
        """Report a request of this class that the service let through: not a 429, 401, 403."""
        name = throttle_class or DEFAULT_CLASS
        admission = self._take_admission(name)
        when = admission[0] if admission is not None else self.clock()
        log = self._logs.get(name)
        if log is None:
            log = self._logs[name] = deque(maxlen=_LOG_SIZE)
        if not log or when >= log[-1]:
            log.append(when)
        else:  # answers come back out of order: keep the log sorted
            if len(log) == _LOG_SIZE:
                log.popleft()
            i = len(log)
            while i > 0 and log[i - 1] > when:
                i -= 1
            log.insert(i, when)
        gate = self._gates.get(name)
        if gate is None or admission is None:
            return
        if gate.provisional and gate.rate is not None and admission[1] >= gate.pause_number:
            gate.rate *= _SLOW_START
        if gate.episode is None:
            return
        episode = gate.episode
        if admission[1] < episode.pause_number and episode.start <= when:
            # In the server's window when the 429 came, but reported only now.
            episode.admitted += 1
            self._estimate(gate, episode)

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
        """Wall-clock epoch seconds until which the service paused this class, or `None`."""
        gate = self._gates.get(throttle_class or DEFAULT_CLASS)
        if gate is None or self.clock() >= gate.paused_until:
            return None
        return gate.paused_until_wall

    def rates(self) -> dict[str, float]:
        """The pacing rate (requests a second) learned for each paced class."""
        return {name: g.rate for name, g in sorted(self._gates.items()) if g.rate is not None}

    # -- internals --------------------------------------------------------------------

    def _gate(self, name: str) -> _Gate:
        gate = self._gates.get(name)
        if gate is None:
            gate = self._gates[name] = _Gate(name, self._cap_for_all)
        return gate

    def _take_admission(self, name: str) -> tuple[float, int] | None:
        """(clock time, pauses begun) of this task's last admission to `name`, used up."""
        admission = _ADMISSION.get()
        if admission is None or admission[0] is not self._token or admission[1] != name:
            return None
        _ADMISSION.set(None)
        return admission[2], admission[3]

    async def _wait(self, gate: _Gate, max_wait: float | None, deadline: float | None) -> float:
        start = self.clock()
        if not gate.queue:
            self._relax(gate, start)
            if gate.ready_at() <= start + _EPSILON:
                self._admit(gate, start)
                return 0.0
        self._check(gate.predict(start, len(gate.queue)), start, start, max_wait, deadline)
        waiter = _Waiter(asyncio.get_running_loop().create_future())
        gate.queue.append(waiter)
        try:
            while gate.queue[0] is not waiter:
                await waiter.wakeup
                if gate.queue[0] is waiter:
                    break
                # A 429 changed the outlook: does this request still fit its budget?
                waiter.wakeup = asyncio.get_running_loop().create_future()
                now = self.clock()
                self._check(
                    gate.predict(now, gate.queue.index(waiter)), start, now, max_wait, deadline
                )
            while True:
                now = self.clock()
                ready = gate.ready_at()
                if ready <= now + _EPSILON:
                    break
                self._check(ready, start, now, max_wait, deadline)
                await self._sleep_as_head(waiter, ready - now)
            self._admit(gate, now)
            return now - start
        finally:
            was_head = gate.queue[0] is waiter
            gate.queue.remove(waiter)
            if was_head and gate.queue and not gate.queue[0].wakeup.done():
                gate.queue[0].wakeup.set_result(None)

    async def _sleep_as_head(self, waiter: _Waiter, seconds: float) -> None:
        """Sleep `seconds`, or less when a 429 wakes the waiter to re-check its budget.

        An injected `sleep` cannot be cut short: then the re-check comes when it ends.
        """
        if self._sleep is not None:
            await self._sleep(seconds)
            return
        loop = asyncio.get_running_loop()
        if waiter.wakeup.done():
            waiter.wakeup = loop.create_future()
        timer = loop.call_later(seconds, _wake, waiter.wakeup)
        try:
            await waiter.wakeup
        finally:
            timer.cancel()

    @staticmethod
    def _check(
        ready: float, start: float, now: float, max_wait: float | None, deadline: float | None
    ) -> None:
        """Raise `ThrottleWaitTooLong` if going at `ready` breaks `max_wait` or `deadline`."""
        if (max_wait is not None and ready - start > max_wait + _EPSILON) or (
            deadline is not None and ready > deadline + _EPSILON
        ):
            raise ThrottleWaitTooLong(ready - now)

    def _admit(self, gate: _Gate, now: float) -> None:
        if gate.rate is not None:
            # A timer fires a little late (the loop was busy): the next request is due one
            # interval after this one's due time, not after now, or every wake-up's lateness
            # would slow the pace (by 8 % at 100 a second). Lateness beyond an interval or 1 %
            # of the window is dropped: at 97 % of N per window D, a carry of under 3 % of D
            # still lets no D-long stretch hold N + 1.
            interval = 1.0 / gate.rate
            carry = min(interval, _LATENESS * gate.learned_window)
            gate.next_at = max(gate.next_at, now - carry) + interval
        if gate.cap is not None:
            gate.cap._record(now)
        gate.last_admit = now
        _ADMISSION.set((self._token, gate.name, now, self._pauses))
        if gate.announced and now >= gate.paused_until:
            gate.announced = False
            self._emit(ThrottleEvent(gate.name, None, None))

    def _relax(self, gate: _Gate, now: float) -> None:
        """Forget the rate of a class idle for longer than its window (all slots are free)."""
        if (
            gate.rate is not None
            and now >= gate.paused_until
            and now - gate.last_admit > max(gate.window, 1.0) + self._margin
        ):
            gate.rate = None
            gate.episode = None
            gate.pause_started = None
            gate.learned_at = None
            gate.provisional = False
            gate.window_is_drf = False
            gate.strikes = 0
            gate.next_at = -math.inf
            if gate.cap is None and not gate.queue and self._gates.get(gate.name) is gate:
                del self._gates[gate.name]

    def _learn(self, gate: _Gate, sent_at: float, retry_after: float, round_trip: float) -> None:
        """Estimate the rate of the class from the admissions before a 429.

        `sent_at`: when the refused request was sent; `retry_after`: its answer's, seconds;
        `round_trip`: seconds from sending it to its answer.
        """
        prior = gate.rate
        gate.strikes = 0
        log = self._logs.get(gate.name)
        times = list(log) if log else []
        end = bisect.bisect_right(times, sent_at)
        wait = self._reopen_bounds(sent_at, retry_after)[1] - sent_at
        if end == 0:  # nothing admitted to go by: start slow, speed up with each success
            guess = 1.0 / max(wait, 1.0)
            gate.rate = guess if prior is None else min(prior * _SAFETY, guess)
            gate.window = max(gate.window, wait)
            gate.learned_window = wait
            gate.window_is_drf = False
            gate.episode = None
            gate.provisional = True
            return
        gate.provisional = False
        # The window's oldest admission s is preceded by a gap of at least `wait`, and the
        # window (s, reopen] holds N admissions while no window as long ever held more: the
        # latest admission that passes both is taken (a burst long ago refutes a short one).
        reopen = sent_at + wait
        first = end - 1
        for _ in range(_CANDIDATES):
            while first > 0 and times[first] - times[first - 1] < wait:
                first -= 1
            if first == 0:
                break
            busiest = _busiest(times, end, reopen - times[first])
            if end - first >= _CONSISTENT * busiest - 1:
                break
            first -= 1
        else:
            first = 0
        gate.episode = _Episode(
            times[first], end - first, prior, [(sent_at, retry_after)], slack=round_trip
        )
        self._estimate(gate, gate.episode)

    def _reopen_bounds(self, sent_at: float, retry_after: float) -> tuple[float, float]:
        """When the window reopens, by a 429 to a request sent at `sent_at`: (after, by).

        In send times (which takes the round trip out): rounded up, within the second before
        sent_at + retry_after; rounded down, within the second after; a fraction is exact.
        """
        reopen = sent_at + retry_after
        if not retry_after.is_integer():
            return reopen, reopen
        if self._rounds_down:
            return reopen, reopen + 1.0
        return reopen - 1.0, reopen

    def _estimate(self, gate: _Gate, episode: _Episode) -> None:
        """Set the rate from what the episode saw: N admitted in the window until it reopens.

        Every 429 of the episode bounds the reopening (one that disagrees with those before
        it does not speak of this window, and is left out). When exactly one DRF duration
        (1 s, 1 min, 1 h, 1 day) fits the window those bounds leave, give or take a round
        trip, the window is that long; else the latest time within all the bounds is taken:
        the estimate errs slow. Until the service is seen rounding down, whole seconds are
        taken as rounded up; the fit allows either (a second later), which can only make
        the window found longer.
        """
        after, by = -math.inf, math.inf
        latest = math.inf  # `by`, were whole seconds rounded down
        for sent_at, retry_after in episode.seen:
            low, high = self._reopen_bounds(sent_at, retry_after)
            if low <= by + _EPSILON and high >= after - _EPSILON:
                after, by = max(after, low), min(by, high)
                either = not self._rounds_down and retry_after.is_integer()
                latest = min(latest, high + 1.0 if either else high)
        shortest = after - episode.start - episode.slack - _EPSILON
        longest = latest - episode.start + episode.slack + _EPSILON
        fits = [d for d in _DRF_WINDOWS if shortest <= d <= longest]
        gate.window_is_drf = len(fits) == 1
        window = fits[0] if gate.window_is_drf else max(by - episode.start, _EPSILON)
        estimate = _SAFETY * episode.admitted / window
        # Refused while paced: slower than before, by the estimate, and by 3 % at least.
        prior = episode.prior
        gate.rate = estimate if prior is None else min(estimate, prior * _SAFETY)
        gate.window = max(gate.window, window)
        gate.learned_window = window

    def _learn_rounding_down(self) -> None:
        """A Retry-After of 0 came: the service rounds down. Correct what was learned."""
        self._rounds_down = True
        for gate in self._gates.values():
            if gate.episode is not None:
                self._estimate(gate, gate.episode)

    def _emit(self, event: ThrottleEvent) -> None:
        for callback in list(self._listeners):
            try:
                callback(event)
            except Exception:
                logger.exception("a throttle listener failed on %r", event)
