"""Throttle mode: the service's rate limits, as Django REST framework's throttles apply them.

Each throttle class (`recordings`, `crud`, ... as the operations name them) has one or more
windows of `(requests, seconds)`, e.g. the live service's `recordings: [(240, 60), (1200,
3600)]`. Per API key, class and window the server keeps the times of the requests it let
through (DRF `SimpleRateThrottle`: a sliding window, not a fixed one). A request is refused
with 429 when any window already holds `requests` entries younger than `seconds`; every
window that did allow it still records it, as DRF evaluates all throttles of a view.

The 429 carries `Retry-After` = the time until the oldest entry of the fullest window
leaves it, i.e. until ONE slot reopens (DRF's `wait()`: the remaining duration divided by
the requests still available plus one, which is 1 for a full window; the largest over the
refusing windows), in whole seconds rounded UP as DRF's `Throttled` does (`math.ceil`), or
rounded DOWN with `retry_after="floor"` (a server that may answer `Retry-After: 0`). The
body is the service's `{"type": "throttled_error", "code": "throttled", "detail": "Request
was throttled. Expected available in N seconds.", "attr": null}`.

An operation may count against several classes: the recordings list counts against
`recordings` and `listing` (the service's view adds ListingBurst/SustainedRateThrottle to its
throttles for `list`). DRF checks every throttle of the view: each window of each class that
allows the request records it, and a window of any class that is full refuses it; the 429's
`Retry-After` is the longest wait among the refusing windows.

Only authenticated requests to a known operation count (the service throttles after
authentication and permission checks); unknown paths, 401s and 403s do not.
"""

from __future__ import annotations

import math
import time
from collections import Counter, deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from product_analytics._generated.operations import THROTTLE_RATES
from product_analytics.testing.errors import ApiProblem

__all__ = ["SERVICE_RATES", "RetryAfterRounding", "Throttle", "ThrottleState"]

RetryAfterRounding = Literal["ceil", "floor"]
Windows = tuple[tuple[int, float], ...]

# The live service's published rates per API key, from the spec's `x-throttle-classes`.
SERVICE_RATES: dict[str, Windows] = dict(THROTTLE_RATES)


def _windows(name: str, windows: Sequence[tuple[int, float]]) -> Windows:
    checked = []
    for window in windows:
        requests, seconds = window
        if isinstance(requests, bool) or not isinstance(requests, int) or requests < 1:
            raise ValueError(f"throttle {name!r}: requests per window must be an int >= 1")
        if not seconds > 0:
            raise ValueError(f"throttle {name!r}: a window must last more than 0 seconds")
        checked.append((requests, float(seconds)))
    if not checked:
        raise ValueError(f"throttle {name!r}: give at least one (requests, seconds) window")
    return tuple(checked)


@dataclass(frozen=True)
class Throttle:
    """The throttle mode's settings (see the module's doc).

    - `rates`: throttle class -> its windows as `(requests, seconds)`; classes not listed
      are not throttled. Default: the live service's rates (`SERVICE_RATES`).
    - `retry_after`: `"ceil"` (DRF, the service) or `"floor"` for the whole seconds of
      `Retry-After` and of the detail text.
    - `clock`: seconds, monotonic; inject a fake one for deterministic tests.
    """

    rates: Mapping[str, Sequence[tuple[int, float]]] = field(
        default_factory=lambda: dict(SERVICE_RATES)
    )
    retry_after: RetryAfterRounding = "ceil"
    clock: Callable[[], float] = time.monotonic

    def __post_init__(self) -> None:
        if self.retry_after not in ("ceil", "floor"):
            raise ValueError("retry_after must be 'ceil' or 'floor'")
        checked = {str(name): _windows(name, windows) for name, windows in self.rates.items()}
        object.__setattr__(self, "rates", checked)

    @classmethod
    def of(
        cls,
        value: Throttle | Mapping[str, Sequence[tuple[int, float]]] | bool | None,
        retry_after: RetryAfterRounding = "ceil",
        clock: Callable[[], float] | None = None,
    ) -> Throttle | None:
        """What `FakeServer(throttle=...)` takes: None/False (off), True (the service's
        rates), a mapping of rates, or a `Throttle` (used as it is)."""
        if value is None or value is False:
            return None
        if isinstance(value, Throttle):
            return value
        rates = SERVICE_RATES if value is True else value
        return cls(
            rates=rates,
            retry_after=retry_after,
            clock=clock if clock is not None else time.monotonic,
        )


def _detail(wait: int) -> str:
    unit = "second" if wait == 1 else "seconds"
    return f"Request was throttled. Expected available in {wait} {unit}."


class ThrottleState:
    """The windows of every key and class, and the count of 429s answered per class."""

    def __init__(self, settings: Throttle) -> None:
        self.settings = settings
        # (key, class, window index) -> times of the requests let through, newest first.
        self._history: dict[tuple[str, str, int], deque[float]] = {}
        self.answered: Counter[str] = Counter()

    def reset(self) -> None:
        """Forget every window (as if the service's cache were flushed) and the counts."""
        self._history.clear()
        self.answered.clear()

    def check(self, key: str, classes: str | Sequence[str] | None) -> None:
        """Count one request of `key` to an operation of the throttle class(es) `classes`,
        or refuse it with a 429 `ApiProblem`. The 429 is counted once, under the class whose
        window gave the longest wait."""
        names = (classes,) if isinstance(classes, str) else tuple(classes or ())
        now = self.settings.clock()
        waits: list[tuple[float, str]] = []
        for name in names:
            for index, (requests, seconds) in enumerate(self.settings.rates.get(name, ())):
                history = self._history.setdefault((key, name, index), deque())
                while history and history[-1] <= now - seconds:
                    history.pop()
                if len(history) >= requests:
                    # DRF's wait(): the remaining duration / (requests - len(history) + 1),
                    # and a window never holds more than `requests` here, so: until the
                    # oldest entry leaves the window.
                    waits.append((seconds - (now - history[-1]), name))
                else:
                    history.appendleft(now)
        if not waits:
            return
        wait, refusing = max(waits)
        self.answered[refusing] += 1
        whole = math.ceil(wait) if self.settings.retry_after == "ceil" else math.floor(wait)
        raise ApiProblem(
            status=429,
            type_="throttled_error",
            code="throttled",
            detail=_detail(whole),
            headers={"Retry-After": str(whole)},
        )
