"""`Watchdog`: ends the hops (one request of a call, a redirect followed) that outlive their
time, for the send path (`Session._hop`), with one timer for all of them."""

from __future__ import annotations

import asyncio
import math
import sys
from typing import Any

__all__ = ["Watchdog"]

_CANCELLING = sys.version_info >= (3, 11)  # Task.cancelling() and uncancel()


class Watchdog:
    """Ends hops that outlive their time: one `loop.call_at` timer, at the earliest end
    among the hops under way (a timer per request costs more than the rest of a request's
    work here). A hop is its task's: the task is inside the hop's awaits from `start` until
    `finish`, and is cancelled when the hop's time passes first; `timed_out` tells that
    cancellation from anyone else's. Belongs to the event loop it first ran on."""

    __slots__ = ("expired", "hops", "loop", "timer", "timer_at")

    def __init__(self) -> None:
        # The hops under way: each task's end (the loop's time) and its pending cancellations
        # when the hop began; and those of the hops that expired, until their task is told.
        self.hops: dict[asyncio.Task[Any], tuple[float, int]] = {}
        self.expired: dict[asyncio.Task[Any], int] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.timer: asyncio.TimerHandle | None = None
        self.timer_at = math.inf

    def start(self, task: asyncio.Task[Any], seconds: float) -> None:
        """Watch the hop `task` begins, which may take `seconds` from now."""
        loop = self.loop
        if loop is None:
            loop = self.loop = asyncio.get_running_loop()
        end = loop.time() + seconds
        cancelling = task.cancelling() if _CANCELLING else 0  # type: ignore[attr-defined]
        self.hops[task] = (end, cancelling)
        if end < self.timer_at:
            if self.timer is not None:
                self.timer.cancel()
            self._set_timer(loop, end)

    def timed_out(self, task: asyncio.Task[Any]) -> bool:
        """Called on a `CancelledError` of `task`'s hop: whether it is the watchdog's alone
        (then it is taken back: the caller raises a timeout instead), or also someone
        else's (then it must propagate). Before Python 3.11 that cannot be told apart and
        the timeout wins."""
        cancelling = self.expired.pop(task, None)
        if cancelling is None:
            return False
        return task.uncancel() <= cancelling if _CANCELLING else True  # type: ignore[attr-defined]

    def finish(self, task: asyncio.Task[Any]) -> None:
        """`task`'s hop is over: stop watching it. Idempotent."""
        self.hops.pop(task, None)
        if self.expired:
            self.expired.pop(task, None)

    def close(self) -> None:
        """Stop the timer and forget every hop (none expires any more)."""
        if self.timer is not None:
            self.timer.cancel()
        self.timer = None
        self.timer_at = math.inf
        self.hops.clear()
        self.expired.clear()

    def _set_timer(self, loop: asyncio.AbstractEventLoop, when: float) -> None:
        self.timer = loop.call_at(when, self._fire)
        self.timer_at = when

    def _fire(self) -> None:
        """The timer: cancel the hops whose time passed, and set it for the nearest end."""
        self.timer = None
        self.timer_at = math.inf
        loop = self.loop
        assert loop is not None
        now = loop.time()
        nearest = math.inf
        for task, (end, cancelling) in list(self.hops.items()):
            if end <= now:
                del self.hops[task]
                self.expired[task] = cancelling
                task.cancel()
            elif end < nearest:
                nearest = end
        if nearest < math.inf:
            self._set_timer(loop, nearest)
