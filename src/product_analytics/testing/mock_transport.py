"""`MockTransport`: a transport that answers from a function, for tests with no socket."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable, Mapping

from multidict import CIMultiDict, CIMultiDictProxy

from product_analytics._transport.base import (
    Chunks,
    Request,
    Response,
    TransportError,
    TransportTimeout,
)

__all__ = ["Handler", "MockTransport"]

Answer = tuple[int, Mapping[str, str], bytes]
Handler = Callable[[Request], Answer | Awaitable[Answer]]


class MockTransport:
    """A `Transport` whose answers come from `handler(request)`.

    `request` has `.method`, `.url` (str), `.headers` (with `Authorization`) and `.content`
    (bytes); the handler returns `(status, headers, body_bytes)` or an awaitable of it, or
    raises `TransportError` to stand for a failed connection (`request.sent` is True by the
    time it is called; set it to False to stand for a connection that never opened). An
    awaitable that takes longer than the request's timeout ends as a timeout. `requests`
    lists every request received, in order.
    """

    def __init__(self, handler: Handler) -> None:
        self._handler = handler
        self.requests: list[Request] = []
        self.closed: bool = False

    async def send(self, request: Request, *, timeout: float) -> Response:
        if self.closed:
            raise TransportError("the transport is closed")
        request.sent = True
        self.requests.append(request)
        result = self._handler(request)
        if inspect.isawaitable(result):
            try:
                result = await asyncio.wait_for(_awaited(result), timeout)
            except asyncio.TimeoutError:
                raise TransportTimeout(f"no answer within {timeout:g} s") from None
        status, headers, body = result
        return Response(
            status=status,
            headers=CIMultiDictProxy(CIMultiDict(headers)),
            stream=Chunks(bytes(body)),
        )

    async def close(self) -> None:
        self.closed = True


async def _awaited(awaitable: Awaitable[Answer]) -> Answer:
    return await awaitable
