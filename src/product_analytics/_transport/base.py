"""What the client needs from HTTP: send one request, get a status, headers and a body stream.

The client does everything else itself (redirects, retries, throttling, timeouts of a whole
attempt, size bounds), so a transport is small: `AiohttpTransport` is the default one, and
`product_analytics.testing.MockTransport` answers from a function, with no socket.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from multidict import CIMultiDict

__all__ = [
    "BodyTooLarge",
    "Chunks",
    "Request",
    "RequestHeaders",
    "Response",
    "Transport",
    "TransportError",
    "TransportTimeout",
]


class RequestHeaders(CIMultiDict[str]):
    """Request headers whose repr hides the `Authorization` value. A multidict, as aiohttp
    keeps headers: it takes one as it is, where it copies a dict into one first."""

    def __repr__(self) -> str:
        shown = {k: ("***" if k.lower() == "authorization" else v) for k, v in self.items()}
        return repr(shown)


@dataclass(slots=True, eq=False)
class Request:
    """One HTTP request, as a transport sends it.

    `url` is absolute and already percent-encoded: send it as it is. `headers` include
    `Authorization`; their repr hides it. `sent` says whether the request may have left the
    process, for a failure raised without `TransportError.request_sent`: it starts True (a
    transport that cannot tell is taken to have sent it, so a POST is never repeated on a
    guess); a transport that can tell sets it False before it sends and True once the
    request may have been written to a connection.
    """

    method: str
    url: str
    headers: Mapping[str, str]
    content: bytes = b""
    sent: bool = field(default=True, repr=False)


@dataclass(slots=True, eq=False)
class Response:
    """The answer to one request: `headers` is case-insensitive; `stream` yields the body
    (decompressed) in chunks. `aclose()` releases the connection; call it whether or not the
    body was read to the end."""

    status: int
    headers: Mapping[str, str]
    stream: AsyncIterator[bytes]

    async def aclose(self) -> None:
        close = getattr(self.stream, "aclose", None)
        if close is not None:
            await close()

    def read_now(self, limit: int) -> bytes | None:
        """The whole body without waiting, then released, when it is all in already;
        `None` when it is not (then `read` it). Raises `BodyTooLarge` as `read` does. The
        base class always answers `None`; a transport's subclass may hold the body."""
        return None

    async def read(self, limit: int) -> bytes:
        """The whole body, then `aclose()`; `BodyTooLarge` as soon as it passes `limit`
        bytes (what was read is dropped), at once when an uncompressed body declares more.
        A transport may return a subclass that reads its body more cheaply, with the same
        contract."""
        chunks: list[bytes] = []
        size = 0
        try:
            if _declares_more(self.headers, limit):
                raise BodyTooLarge(limit)
            async for chunk in self.stream:
                size += len(chunk)
                if size > limit:
                    chunks.clear()
                    raise BodyTooLarge(limit)
                chunks.append(chunk)
        finally:
            await self.aclose()
        return b"".join(chunks)


class Chunks:
    """A body already in memory as a `Response.stream`: the bytes in one chunk (none when
    empty). A plain async iterator: cheaper than an async generator, which the event loop
    tracks."""

    __slots__ = ("_body",)

    def __init__(self, body: bytes) -> None:
        self._body: bytes | None = body or None

    def __aiter__(self) -> Chunks:
        return self

    async def __anext__(self) -> bytes:
        body, self._body = self._body, None
        if body is None:
            raise StopAsyncIteration
        return body

    async def aclose(self) -> None:
        self._body = None


def _declares_more(headers: Mapping[str, str], limit: int) -> bool:
    """Whether an uncompressed body declares more than `limit` bytes (refused unread)."""
    declared = headers.get("Content-Length", "")
    return declared.isdigit() and int(declared) > limit and "Content-Encoding" not in headers


class BodyTooLarge(Exception):
    """A body passed the size `limit` it was read with (`Response.read`)."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"the body passed {limit} bytes")
        self.limit = limit


class TransportError(Exception):
    """No (full) answer: the connection failed, broke, or the answer was not HTTP.

    The message names the kind of failure only: no header, body or key. `request_sent`
    says whether the request may have reached the service; None leaves it to `Request.sent`
    (True unless the transport set it False).
    """

    def __init__(self, message: str, *, request_sent: bool | None = None) -> None:
        super().__init__(message)
        self.request_sent = request_sent


class TransportTimeout(TransportError):
    """No (full) answer within the time the client gave the request."""


@runtime_checkable
class Transport(Protocol):
    """Sends one request at a time; never follows redirects or retries on its own."""

    async def send(self, request: Request, *, timeout: float) -> Response:
        """Send `request` and return once the status and headers are in.

        Raises `TransportError`. `timeout` is the seconds the client gives the request, its
        body read from `Response.stream` included: the client cancels the task awaiting the
        transport when they pass (a transport releases what it holds on cancellation), so a
        transport need not keep time; one that does raises `TransportTimeout`.
        """
        ...

    async def close(self) -> None:
        """Release every connection. Idempotent."""
        ...
