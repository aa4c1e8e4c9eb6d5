"""`Session`: what the clients of one family share, and how it ends.

A `Sender` (`_send`: the transport, the throttle state, the counters, the calls in flight
and `exchange`, which sends one call) with the background work of the family (a page
fetched ahead) and `close()`, which ends the calls in flight: `exchange` turns that into
`ClientClosedError`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from product_analytics._send import PROCESS, ClientStats, Sender
from product_analytics.errors import ProductAnalyticsError

__all__ = ["ClientStats", "Session"]

ResultT = TypeVar("ResultT")


@dataclass(eq=False)
class Session(Sender):
    """What a client and the clients made from it by `with_options` share (the connection
    pool, the throttle state, the counters, the calls in flight, the event loop they run
    on: a `Sender`), and their background work."""

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
            if self.pid == PROCESS.pid and not (self.loop is None or self.loop.is_closed()):
                raise ProductAnalyticsError(
                    f"{foreign}; close it from the event loop it belongs to"
                )
            self.closed = True
            self.watchdog.close()
            if self.pid == PROCESS.pid:
                # Its loop is closed: the transport lets the connections go (aiohttp touches
                # nothing of a closed loop), and they close as they are collected.
                await self.transport.close()
                return
            # After fork() its connections are the parent's: they are kept, never closed here.
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
        self.watchdog.close()
        await self.throttles.close()
        await self.transport.close()
