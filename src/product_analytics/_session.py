"""`Session`: what the clients of one family share, and where one call starts and ends.

`exchange` registers the calling task as in a call, sends the call through `Sender.send`
(`_send`: throttle, transport, redirects, retries, timeouts and deadline) and ends it. A
client belongs to the event loop it first ran on (and to its process: not after fork()).
`close()` ends the calls in flight: `exchange` is the one place that turns that into
`ClientClosedError`.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from product_analytics._config import ClientConfig
from product_analytics._decode import Answer
from product_analytics._operation import Operation
from product_analytics._retry import RetryPolicy
from product_analytics._send import Call, ClientStats, Sender
from product_analytics._wire import PreparedRequest
from product_analytics.errors import (
    ApiError,
    ClientClosedError,
    LowerLevelError,
    ProductAnalyticsError,
)

__all__ = ["ClientStats", "Session"]

ResultT = TypeVar("ResultT")

# This process's id, kept current across fork() (cheaper than asking the system each call).
_pid = os.getpid()


def _after_fork_in_child() -> None:
    global _pid
    _pid = os.getpid()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


@dataclass(eq=False)
class Session(Sender):
    """What a client and the clients made from it by `with_options` share (the connection
    pool, the throttle state, the counters: a `Sender`; the calls in flight, the event loop
    they run on), and `exchange`, which sends one call."""

    loop: asyncio.AbstractEventLoop | None = None
    pid: int = field(default_factory=lambda: _pid)
    calls: dict[asyncio.Task[Any], int] = field(default_factory=dict)
    closed_calls: set[asyncio.Task[Any]] = field(default_factory=set)
    background: set[asyncio.Future[Any]] = field(default_factory=set)

    def spawn(self, awaitable: Awaitable[ResultT]) -> asyncio.Future[ResultT]:
        """Run `awaitable` in the background until done or until `close()`."""
        future: asyncio.Future[ResultT] = asyncio.ensure_future(awaitable)
        self.background.add(future)
        future.add_done_callback(self._forget)
        return future

    def _forget(self, future: asyncio.Future[Any]) -> None:
        self.background.discard(future)
        if not future.cancelled():
            future.exception()  # retrieved: a prefetch nobody awaited must not warn

    async def close(self) -> None:
        """End every call in flight with `ClientClosedError`, stop background page fetches
        and close every connection. Idempotent."""
        if self.closed:
            return
        foreign = self.foreign_use()
        if foreign is not None:
            if self.pid == _pid and not (self.loop is None or self.loop.is_closed()):
                raise ProductAnalyticsError(
                    f"{foreign}; close it from the event loop it belongs to"
                )
            # After fork() its connections are the parent's, or its loop is closed: neither
            # can be closed from here. The client is closed; its connections are let go.
            self.closed = True
            forget = getattr(self.transport, "forget", None)
            if forget is not None:
                forget()
            return
        self.closed = True
        current = asyncio.current_task()
        for task in list(self.calls):
            if task is not current and not task.done():
                self.closed_calls.add(task)
                task.cancel()
        background, self.background = self.background, set()
        for future in background:
            future.cancel()
        if background:
            await asyncio.gather(*background, return_exceptions=True)
        await self.throttles.close()
        await self.transport.close()

    async def exchange(
        self,
        operation: Operation[Any],
        prepared: PreparedRequest,
        config: ClientConfig,
        policy: RetryPolicy,
    ) -> tuple[Answer, str]:
        """Send `prepared` until it has a 2xx answer (following redirects, retrying, waiting
        out throttles); that answer and the URL it came from. Raises the failure that ended
        it, or `ClientClosedError` when `close()` ended it: the one place that decides so."""
        task = self.enter()
        try:
            return await self.send(Call.of(operation, prepared, config), config, policy)
        except ApiError as error:
            # The loop raises its errors outside any `except` block, so that they chain no
            # lower-level exception (whose frames hold the request and its key). Before
            # Python 3.11 a coroutine resumed with an exception still counts it as being
            # handled: drop that implicit context here (a bare `raise` keeps it dropped).
            if not isinstance(error.__context__, (ApiError, LowerLevelError, type(None))):
                error.__context__ = None
            raise
        except asyncio.CancelledError:
            if task in self.closed_calls and _only_close_cancelled(task):
                raise ClientClosedError(
                    "the client was closed while this request was in flight"
                ) from None
            raise
        finally:
            count = self.calls.get(task, 1) - 1
            if count:
                self.calls[task] = count
            else:
                self.calls.pop(task, None)
                self.closed_calls.discard(task)

    def enter(self) -> asyncio.Task[Any]:
        """Register the calling task as in a call; refuse a closed client or a foreign loop."""
        if self.closed:
            raise ClientClosedError("the client is closed; create a new AsyncClient")
        loop = self.loop
        if loop is None or self.pid != _pid or not _runs_here(loop):
            loop = asyncio.get_running_loop()
            if self.loop is None:
                self.loop, self.pid = loop, _pid
            elif loop is not self.loop or self.pid != _pid:
                foreign = self.foreign_use()
                assert foreign is not None
                raise ProductAnalyticsError(f"{foreign}; create one AsyncClient per event loop")
        task = asyncio.current_task(loop)
        assert task is not None
        calls = self.calls
        calls[task] = calls.get(task, 0) + 1
        return task

    def foreign_use(self) -> str | None:
        """What is wrong with using this client here: from another event loop than the one
        it first ran on, or in a child process after fork(); None when nothing is."""
        if self.loop is None:
            return None
        if self.pid != _pid:
            return (
                "this AsyncClient belongs to the event loop it first ran on, in another "
                "process: it cannot be used after fork()"
            )
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is not self.loop:
            return (
                "this AsyncClient belongs to the event loop it first ran on and is used from "
                "another event loop"
            )
        return None


def _runs_here(loop: asyncio.AbstractEventLoop) -> bool:
    """Whether `loop` is the event loop running in this thread."""
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


def _only_close_cancelled(task: asyncio.Task[Any]) -> bool:
    """Whether the cancellation under way came from `close()` alone (so it may become
    `ClientClosedError`); before Python 3.11 that cannot be told, and is assumed."""
    cancelling = getattr(task, "cancelling", None)
    if cancelling is None:
        return True
    if cancelling() <= 1:
        task.uncancel()  # type: ignore[attr-defined]
        return True
    return False
