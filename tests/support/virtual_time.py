"""An asyncio event loop on virtual time: sleeping advances its clock at once.

`run_in_virtual_time(main)` runs the coroutine function `main` on such a loop: whenever every
task waits on a timer, the clock jumps to the next one, so `asyncio.sleep(3600)` returns at
once with `loop.time()` an hour later, and many concurrent tasks interleave exactly as they
would in real time. `virtual_clock()` is the running loop's clock; a loop with nothing left
to run and nothing scheduled raises `VirtualTimeDeadlock` instead of hanging.

Only timers are virtual: real sockets still work (they are polled without blocking), but
time spent in them counts as nothing, so use it with in-process fakes. With
`clocks=True`, `time.time()` and `time.monotonic()` follow the loop's clock too (from the
real epoch time when it started, or `epoch`), for code that reads them: the client's
throttle state, `limits`' windows.
"""

from __future__ import annotations

import asyncio
import selectors
import time
from collections.abc import Callable, Coroutine, Mapping
from typing import Any, TypeVar
from unittest import mock

__all__ = ["VirtualTimeDeadlock", "VirtualTimeLoop", "run_in_virtual_time", "virtual_clock"]

T = TypeVar("T")


class VirtualTimeDeadlock(RuntimeError):
    """Every task waits, and on nothing that time could bring."""


class _VirtualSelector(selectors.BaseSelector):
    def __init__(self) -> None:
        self._real = selectors.DefaultSelector()
        self.loop: VirtualTimeLoop | None = None

    def register(self, fileobj: Any, events: int, data: Any = None) -> selectors.SelectorKey:
        return self._real.register(fileobj, events, data)

    def unregister(self, fileobj: Any) -> selectors.SelectorKey:
        return self._real.unregister(fileobj)

    def select(self, timeout: float | None = None) -> list[tuple[selectors.SelectorKey, int]]:
        ready = self._real.select(0)
        if ready or timeout == 0:
            return ready
        if timeout is None:
            raise VirtualTimeDeadlock("every task waits and no timer is scheduled")
        assert self.loop is not None
        self.loop.advance(timeout)
        return []

    def get_map(self) -> Mapping[Any, selectors.SelectorKey]:
        return self._real.get_map()

    def close(self) -> None:
        self._real.close()


class VirtualTimeLoop(asyncio.SelectorEventLoop):
    """A selector event loop whose `time()` only moves when it would otherwise sleep."""

    def __init__(self) -> None:
        self._virtual_now = 0.0
        selector = _VirtualSelector()
        super().__init__(selector)
        selector.loop = self

    def time(self) -> float:
        return self._virtual_now

    def advance(self, seconds: float) -> None:
        self._virtual_now += seconds


def virtual_clock() -> float:
    """The running loop's clock: virtual seconds since the loop started."""
    return asyncio.get_running_loop().time()


def run_in_virtual_time(
    main: Callable[[], Coroutine[Any, Any, T]], *, clocks: bool = False, epoch: float | None = None
) -> T:
    """Run `main()` to completion on a fresh `VirtualTimeLoop`; call it from synchronous code.
    `clocks`: `time.time()` and `time.monotonic()` follow the loop's clock meanwhile,
    `time.time()` from `epoch` (default: the real time)."""
    loop = VirtualTimeLoop()
    epoch, start = time.time() if epoch is None else epoch, time.monotonic()

    def wall() -> float:
        return epoch + loop.time()

    def monotonic() -> float:
        return start + loop.time()

    patches = [mock.patch("time.time", wall), mock.patch("time.monotonic", monotonic)]
    patches = patches if clocks else []
    try:
        for patch in patches:
            patch.start()
        return loop.run_until_complete(main())
    finally:
        for patch in reversed(patches):
            patch.stop()
        try:
            loop.run_until_complete(loop.shutdown_asyncgens())
        finally:
            loop.close()
