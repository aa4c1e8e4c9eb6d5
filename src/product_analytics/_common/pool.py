"""Running one coroutine per input with bounded concurrency, results in input order
(`map_bounded`), and lending a slot while a call waits without sending (`lend_slot`).

A call of `map_bounded` that waits without sending (a 429 waited out, a backoff before a
retry: the send path wraps those waits in `lend_slot`) lends its slot meanwhile: the next
input starts in its place, and the call takes a slot back before it goes on.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from types import TracebackType
from typing import Any, Generic, TypeVar

__all__ = ["lend_slot", "map_bounded"]

InT = TypeVar("InT")
OutT = TypeVar("OutT")


async def map_bounded(
    function: Callable[[InT], Awaitable[OutT]],
    inputs: Sequence[InT],
    *,
    concurrency: int,
    return_exceptions: bool = False,
) -> list[OutT | Exception]:
    """`[await function(x) for x in inputs]`, at most `concurrency` calls at a time.

    A call inside `async with lend_slot():` does not count against `concurrency` meanwhile:
    the next input starts in its place, and the call takes a slot back before it goes on.

    With `return_exceptions=False` the first exception cancels the calls still running,
    waits for them to finish, and is raised. With `return_exceptions=True` an exception
    takes its input's place. Cancelling this coroutine cancels every call and waits for
    them: no task outlives it.
    """
    if not inputs:
        return []
    return await _Pool(function=function, inputs=inputs, return_exceptions=return_exceptions).run(
        concurrency
    )


def lend_slot() -> _LentSlot:
    """`async with lend_slot():` around a wait of a `map_bounded` call, in the task that
    runs it: its slot goes to the next input (or to a call waiting for a slot) meanwhile,
    and leaving the block takes a slot back, waiting for one if need be, so that the calls
    that may send stay within `concurrency`. Left by a cancellation (a `BaseException`), the
    block takes no slot back, and that task runs no further input after this call.
    Anywhere else the block does nothing."""
    return _LentSlot()


class _LentSlot:
    """What `lend_slot` returns: the worker that lent its slot, if any."""

    __slots__ = ("worker",)

    worker: _Worker | None

    async def __aenter__(self) -> None:
        task = asyncio.current_task()
        worker = self.worker = None if task is None else _WORKERS.get(task)
        if worker is not None:
            worker.holds = False
            worker.pool.release()

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        worker = self.worker
        if worker is not None and (kind is None or issubclass(kind, Exception)):
            await worker.pool.reclaim(worker)


class _Worker:
    """A task running inputs of a `map_bounded` call, and whether it holds a slot."""

    __slots__ = ("holds", "pool")

    def __init__(self, pool: _Pool[Any, Any]) -> None:
        self.pool = pool
        self.holds = True


# The worker each task running inputs of a `map_bounded` call is. A dict, not a context
# variable: a task that a call starts (and that inherits its context) is no worker, and a
# variable set in each worker's context made every request of the call dearer.
_WORKERS: dict[asyncio.Task[Any], _Worker] = {}


class _Pool(Generic[InT, OutT]):
    """The worker tasks of one `map_bounded` call and its slots. A worker holds a slot,
    runs inputs one after the other, and before each hands its slot to the first call
    waiting for one (and ends) if there is one. A slot given up goes to a call waiting for
    one, else to a new worker while inputs remain, else stays free."""

    def __init__(
        self,
        function: Callable[[InT], Awaitable[OutT]],
        inputs: Sequence[InT],
        return_exceptions: bool,
    ) -> None:
        self.function = function
        self.inputs = inputs
        self.return_exceptions = return_exceptions
        self.results: list[Any] = [None] * len(inputs)
        self.position = 0  # the next input to run
        self.failure: list[BaseException] = []
        self.running: set[asyncio.Task[None]] = set()
        self.free = 0  # slots given up while no input remained
        self.waiters: deque[asyncio.Future[None]] = deque()  # calls waiting for a slot
        self.stopping = False
        self.settled: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        # Every worker runs in the context of the `map_bounded` call, not of the worker
        # whose slot it took.
        self.context = contextvars.copy_context()

    async def run(self, concurrency: int) -> list[OutT | Exception]:
        """Start the workers; the results once every input ran, or the first failure
        once the workers still running were cancelled and finished."""
        for _ in range(min(concurrency, len(self.inputs))):
            self.start_worker()
        try:
            await self.settled
        finally:
            await self.stop()
        if self.failure:
            raise self.failure[0]
        return self.results

    async def work(self) -> None:
        """A worker: inputs one after the other while it holds its slot."""
        task = asyncio.current_task()
        assert task is not None
        worker = _Worker(self)
        _WORKERS[task] = worker
        # Read once here, not at each input: the loop below runs once a request.
        function = self.function
        inputs = self.inputs
        results = self.results
        failure = self.failure
        waiters = self.waiters
        count = len(inputs)
        try:
            while self.position < count and not failure:
                if waiters and self.hand_over():
                    return
                index = self.position
                self.position = index + 1
                try:
                    # The awaited value is stored, never bound here: an exception stored
                    # by `return_exceptions` keeps this frame in its traceback.
                    results[index] = await function(inputs[index])
                except Exception as exc:
                    if not self.return_exceptions:
                        failure.append(exc)
                        raise
                    results[index] = exc
                if not worker.holds:  # its slot went on when the call lent it
                    return
            self.release()
        finally:
            del _WORKERS[task]

    def start_worker(self) -> None:
        # A copy each time: a context cannot be entered twice at once.
        task = self.context.copy().run(asyncio.create_task, self.work())
        self.running.add(task)
        task.add_done_callback(self.finished)

    def finished(self, task: asyncio.Task[None]) -> None:
        """A worker ended: its failure is the call's unless one came first (its outcome is
        retrieved either way); the call is settled by a failure or the last worker."""
        self.running.discard(task)
        error = None if task.cancelled() else task.exception()
        if error is not None and not self.failure:
            self.failure.append(error)
        if (error is not None or not self.running) and not self.settled.done():
            self.settled.set_result(None)

    def hand_over(self) -> bool:
        """Give a slot to the first call waiting for one; whether there was one."""
        waiters = self.waiters
        while waiters:
            waiter = waiters.popleft()
            if not waiter.done():  # not cancelled while it waited
                waiter.set_result(None)
                return True
        return False

    def release(self) -> None:
        """Give up a slot: to a call waiting for one, else to a new worker while inputs
        remain, else it stays free."""
        if self.waiters and self.hand_over():
            return
        if self.position < len(self.inputs) and not self.failure and not self.stopping:
            self.start_worker()
        else:
            self.free += 1

    async def reclaim(self, worker: _Worker) -> None:
        """Take a slot back for `worker`, a free one or the first handed over."""
        if self.free:
            self.free -= 1
            worker.holds = True
            return
        waiter = asyncio.get_running_loop().create_future()
        self.waiters.append(waiter)
        try:
            await waiter
        finally:
            # Handed a slot, even if cancelled since; else `hand_over` passes it by.
            waiter.cancel()
            worker.holds = not waiter.cancelled()

    async def stop(self) -> None:
        """Cancel the workers still running and wait for them; none starts any more."""
        self.stopping = True
        if self.running:
            running = list(self.running)
            for task in running:
                task.cancel()
            await asyncio.gather(*running, return_exceptions=True)
