"""A hand-written hostile HTTP server on loopback, for the hardening tests and
`scripts/hostile.py`.

It imports nothing from the SDK, so the same server exercises any version of it. Routes
are set per test: `server.route(handler)` answers every path; `server.route(handler,
path=...)` one path (with aiohttp's `{name}` patterns). Every request is logged in `seen`
before its handler runs, so a test can count exactly what reached the server, including
requests whose handler never answers.

The answer builders below are the attacks: redirect chains and loops, gzip bombs and huge
bodies streamed chunk by chunk (never built in memory), slow drips, header floods, links
that are not valid URLs.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import json
import ssl
import struct
import zlib
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web
from multidict import CIMultiDict

__all__ = [
    "HostileServer",
    "Seen",
    "gzip_json",
    "gzip_zeros",
    "hostile_server",
    "plain_stream",
    "raw_json",
    "redirect",
    "slow_drip",
]

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
MiB = 1024 * 1024
GiB = 1024 * MiB


@dataclass
class Seen:
    """One request as it reached the server (before its handler ran)."""

    method: str
    path_qs: str
    headers: CIMultiDict[str]  # case-insensitive, as HTTP headers are
    body: bytes


@dataclass
class HostileServer:
    """An aiohttp.web server on 127.0.0.1 whose answers each test writes."""

    seen: list[Seen] = field(default_factory=list)
    port: int = 0
    scheme: str = "http"
    _routes: list[tuple[str | None, str | None, Handler]] = field(default_factory=list)
    _runner: web.AppRunner | None = None
    arrived: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def base_url(self) -> str:
        return f"{self.scheme}://127.0.0.1:{self.port}"

    def url(self, path: str) -> str:
        return self.base_url + path

    def route(
        self, handler: Handler, *, path: str | None = None, method: str | None = None
    ) -> None:
        """Answer requests to `path` (every path when None) and `method` with `handler`;
        the route added last that matches wins."""
        self._routes.insert(0, (method, path, handler))

    def methods(self) -> list[str]:
        return [s.method for s in self.seen]

    def count(self, method: str | None = None) -> int:
        return sum(1 for s in self.seen if method is None or s.method == method)

    def open_connections(self) -> int:
        """Connections from clients that the server holds open now."""
        return (
            0
            if self._runner is None or self._runner.server is None
            else len(self._runner.server.connections)
        )

    async def wait_for(self, count: int, timeout: float = 5.0) -> None:
        """Wait until at least `count` requests have arrived."""

        async def poll() -> None:
            while len(self.seen) < count:
                self.arrived.clear()
                await self.arrived.wait()

        await asyncio.wait_for(poll(), timeout)

    async def _dispatch(self, request: web.Request) -> web.StreamResponse:
        self.seen.append(
            Seen(
                request.method, request.path_qs, CIMultiDict(request.headers), await request.read()
            )
        )
        self.arrived.set()
        for method, path, handler in self._routes:
            if method is not None and method != request.method:
                continue
            if path is not None and path != request.path:
                continue
            return await handler(request)
        return web.json_response({"detail": "no route"}, status=404)


@contextlib.asynccontextmanager
async def hostile_server(*, tls: ssl.SSLContext | None = None) -> AsyncIterator[HostileServer]:
    """A `HostileServer` for the block; handlers still running at the end are cut short."""
    server = HostileServer()
    app = web.Application()
    app.router.add_route("*", r"/{tail:[\s\S]*}", server._dispatch)
    runner = web.AppRunner(app, shutdown_timeout=0.05, handle_signals=False, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0, ssl_context=tls)
    await site.start()
    server.port = runner.addresses[0][1]
    server.scheme = "https" if tls is not None else "http"
    server._runner = runner
    try:
        yield server
    finally:
        await runner.cleanup()


# -- answers ------------------------------------------------------------------------------


def redirect(location: str, status: int = 302, *, delay: float = 0.0) -> Handler:
    """Answer `status` with this `Location` (after `delay` seconds)."""

    async def handler(request: web.Request) -> web.StreamResponse:
        if delay:
            await asyncio.sleep(delay)
        return web.Response(status=status, headers={"Location": location})

    return handler


def redirect_chain(hops: int, *, delay: float = 0.0) -> Handler:
    """Redirect to the same path `hops` times (`?hop=1`, `?hop=2`, ...), each answer after
    `delay` seconds, then answer a role."""

    async def handler(request: web.Request) -> web.StreamResponse:
        if delay:
            await asyncio.sleep(delay)
        step = int(request.query.get("hop", "0"))
        if step >= hops:
            return web.json_response({"id": "r1", "name": "x"})
        return web.Response(status=302, headers={"Location": f"{request.path}?hop={step + 1}"})

    return handler


def raw_json(payload: Any, status: int = 200, **headers: str) -> Handler:
    body = json.dumps(payload).encode()

    async def handler(request: web.Request) -> web.StreamResponse:
        return web.Response(
            status=status, body=body, content_type="application/json", headers=headers or None
        )

    return handler


def json_bytes(body: bytes, status: int = 200, **headers: str) -> Handler:
    """Answer these bytes as they are, labelled JSON."""

    async def handler(request: web.Request) -> web.StreamResponse:
        return web.Response(
            status=status, body=body, content_type="application/json", headers=headers or None
        )

    return handler


def page_of_empty_items(count: int) -> bytes:
    """A list envelope whose `results` holds `count` empty objects, uncompressed."""
    return (
        b'{"count":%d,"next":null,"previous":null,"results":[' % count
        + b",".join(_repeat(b"{}", count))
        + b"]}"
    )


def _repeat(item: bytes, count: int) -> Iterator[bytes]:
    for _ in range(count):
        yield item


def gzip_json(body: bytes, status: int = 200) -> Handler:
    """Answer `body` gzip-compressed (compressed once, when the handler is made)."""
    compressed = gzip.compress(body, 9)

    async def handler(request: web.Request) -> web.StreamResponse:
        return web.Response(
            status=status,
            body=compressed,
            headers={"Content-Encoding": "gzip", "Content-Type": "application/json"},
        )

    handler.compressed_size = len(compressed)  # type: ignore[attr-defined]
    return handler


def _gzip_of_zeros(total: int) -> Iterator[bytes]:
    """The gzip stream of `total` zero bytes (a whole number of MiB), piece by piece.

    Each MiB of zeros deflated after a full flush is the same 1 KB, so the stream is made
    from one compressed MiB repeated (some 1 MB for 1 GiB), without holding or compressing
    the zeros; the trailer's CRC is computed only if a reader gets that far.
    """
    blocks = max(total // MiB, 1)
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)  # raw deflate; gzip framing below
    zeros = bytes(MiB)
    piece = compressor.compress(zeros) + compressor.flush(zlib.Z_FULL_FLUSH)
    end = compressor.flush(zlib.Z_FINISH)
    yield b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"  # gzip header, no name, no time
    for _ in range(blocks):
        yield piece
    crc = 0
    for _ in range(blocks):
        crc = zlib.crc32(zeros, crc)
    yield end + struct.pack("<II", crc, (blocks * MiB) & 0xFFFFFFFF)


def gzip_zeros(
    total: int = GiB, status: int = 200, content_type: str = "application/json"
) -> Handler:
    """A gzip bomb: `total` bytes of zeros once decompressed, streamed compressed."""

    async def handler(request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse(
            status=status, headers={"Content-Encoding": "gzip", "Content-Type": content_type}
        )
        await response.prepare(request)
        with contextlib.suppress(ConnectionError):
            for piece in _gzip_of_zeros(total):
                await response.write(piece)
                await asyncio.sleep(0)  # let the client read: the writes never fill a buffer
            await response.write_eof()
        return response

    return handler


def plain_stream(
    total: int = GiB, status: int = 200, chunk: int = MiB, *, fill: bytes = b" "
) -> Handler:
    """A plain body of `total` bytes (`fill` repeated), streamed a chunk at a time with its
    Content-Length; stops when the client goes away."""

    async def handler(request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse(
            status=status,
            headers={"Content-Type": "application/json", "Content-Length": str(total)},
        )
        await response.prepare(request)
        block = (fill * (chunk // len(fill) + 1))[:chunk]
        left = total
        with contextlib.suppress(ConnectionError):
            while left:
                piece = block[: min(left, chunk)]
                await response.write(piece)
                left -= len(piece)
            await response.write_eof()
        return response

    return handler


def slow_drip(
    body: bytes = b'{"id": "r"}' + b" " * 64, *, every: float = 0.2, status: int = 200
) -> Handler:
    """Send the headers at once, then the body one byte every `every` seconds."""

    async def handler(request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse(
            status=status,
            headers={"Content-Type": "application/json", "Content-Length": str(len(body))},
        )
        await response.prepare(request)
        with contextlib.suppress(ConnectionError):
            for index in range(len(body)):
                await response.write(body[index : index + 1])
                await asyncio.sleep(every)
            await response.write_eof()
        return response

    return handler


def stall(seconds: float = 30.0) -> Handler:
    """Never answer (within `seconds`)."""

    async def handler(request: web.Request) -> web.StreamResponse:
        await asyncio.sleep(seconds)
        return web.json_response({})

    return handler


def self_signed_tls() -> ssl.SSLContext:
    """A server TLS context with the committed self-signed certificate for 127.0.0.1 (a
    test-only key: no client trusts it)."""
    from pathlib import Path

    here = Path(__file__).resolve().parent / "data"
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(here / "self_signed.pem", here / "self_signed.key")
    return context


@dataclass
class RawServer:
    """A TCP server on 127.0.0.1 that answers each request with bytes written as they are:
    for answers aiohttp.web refuses to send (control characters in headers, floods)."""

    answer: bytes
    port: int = 0
    requests: int = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            await reader.readuntil(b"\r\n\r\n")
            self.requests += 1
            writer.write(self.answer)
            await writer.drain()
        except (ConnectionError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
            pass
        finally:
            writer.close()


@contextlib.asynccontextmanager
async def raw_server(answer: bytes) -> AsyncIterator[RawServer]:
    server = RawServer(answer)
    tcp = await asyncio.start_server(server._serve, "127.0.0.1", 0)
    server.port = tcp.sockets[0].getsockname()[1]
    try:
        yield server
    finally:
        tcp.close()
        await tcp.wait_closed()


def raw_answer(status_line: str, headers: list[tuple[bytes, bytes]], body: bytes = b"") -> bytes:
    """An HTTP/1.1 answer, closing the connection, with these headers as given."""
    head = [status_line.encode(), b"Connection: close", b"Content-Length: %d" % len(body)]
    head += [name + b": " + value for name, value in headers]
    return b"\r\n".join(head) + b"\r\n\r\n" + body
