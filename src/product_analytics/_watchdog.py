"""`Watchdog`: the time limits of many concurrent attempts, kept with one timer.

A timer per request (aiohttp's `ClientTimeout`, `asyncio.timeout`) costs more than
everything else the client does for a request; one timer for every attempt of a transport,
set for the earliest end, costs a set insertion. Pure asyncio, no task of its own.

    limit = watchdog.start(seconds)       # the attempt's clock starts
    limit.enter()                         # around each await of the attempt:
    try:
        await ...
    except asyncio.CancelledError:
        if limit.timed_out():             # the watchdog's cancel: a timeout
            ...raise the transport's timeout error
        raise                             # anyone else's: a cancellation
    finally:
        limit.leave()
    ...
    limit.finish()                        # the attempt is over (answered, failed, closed)

When an attempt's time is up, the watchdog marks its `Limit` expired and, if its task is
inside an await of the attempt (between `enter` and `leave`), cancels that task; an
expired limit found between awaits is for the caller to check (`limit.expired`). Only the
watchdog's own cancellation becomes a timeout: on Python 3.11+ a cancellation requested by
anyone else as well still propagates (as with `asyncio.timeout`); before 3.11 that cannot
be told apart and the timeout wins, as with aiohttp's own timeouts.
"""

from __future__ import annotations

import asyncio
import math
import sys
from typing import Any

__all__ = ["Limit", "Watchdog"]


class Limit:
    """The time limit of one attempt; see the module docstring."""

    __slots__ = ("_cancelling", "_task", "_watchdog", "end", "expired")

    def __init__(self, watchdog: Watchdog, end: float) -> None:
        self._watchdog = watchdog
        self.end = end
        self.expired = False
        self._task: asyncio.Task[Any] | None = None
        self._cancelling = 0

    def enter(self) -> None:
        """The current task is about to await on the attempt's behalf."""
        # The watchdog's own loop is the running one (a transport is used on its loop only):
        # naming it spares `current_task` its look-up of the running loop, a system call
        # before Python 3.12.
        task = asyncio.current_task(self._watchdog._loop)
        self._task = task
        if task is not None and sys.version_info >= (3, 11):
            self._cancelling = task.cancelling()

    def leave(self) -> None:
        """That await is over."""
        self._task = None

    def timed_out(self) -> bool:
        """Called on a `CancelledError` between `enter` and `leave`: whether it is the
        watchdog's cancellation alone (then it is taken back: the caller raises a timeout
        instead), or also someone else's (then it must propagate)."""
        if not self.expired:
            return False
        task = self._task
        if task is not None and sys.version_info >= (3, 11):
            return task.uncancel() <= self._cancelling
        return True

    def finish(self) -> None:
        """The attempt is over: stop watching it. Idempotent."""
        self._watchdog._limits.discard(self)


class Watchdog:
    """Ends attempts that outlive their time: one `loop.call_at` timer, at the earliest
    end among the attempts under way. Belongs to the event loop it first ran on."""

    __slots__ = ("_limits", "_loop", "_timer", "_timer_at")

    def __init__(self) -> None:
        self._limits: set[Limit] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._timer_at = math.inf

    def start(self, seconds: float) -> Limit:
        """Watch an attempt that may take `seconds` from now."""
        loop = self._loop
        if loop is None:
            loop = self._loop = asyncio.get_running_loop()
        limit = Limit(self, loop.time() + seconds)
        self._limits.add(limit)
        if limit.end < self._timer_at:
            self._schedule(loop, limit.end)
        return limit

    def close(self) -> None:
        """Stop the timer and forget every attempt (their limits never expire)."""
        if self._timer is not None:
            self._timer.cancel()
        self._timer, self._timer_at = None, math.inf
        self._limits.clear()

    def _schedule(self, loop: asyncio.AbstractEventLoop, when: float) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer, self._timer_at = loop.call_at(when, self._fire), when

    def _fire(self) -> None:
        self._timer, self._timer_at = None, math.inf
        loop = self._loop
        assert loop is not None
        now = loop.time()
        nearest = math.inf
        for limit in list(self._limits):
            if limit.end <= now:
                self._limits.discard(limit)
                limit.expired = True
                if limit._task is not None:
                    limit._task.cancel()
            elif limit.end < nearest:
                nearest = limit.end
        if nearest < math.inf:
            self._schedule(loop, nearest)
