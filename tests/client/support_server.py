"""Shared helpers of the client tests: a loopback `aiohttp.web` server that records what it
receives, a client factory with fast retries, and checks for leftover tasks and for errors
reported to the event loop ("Task exception was never retrieved").

Async context managers rather than fixtures, imported explicitly by each test module.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import socket
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from product_analytics import AsyncClient
from product_analytics._retry import RetryPolicy

API_KEY = "phx_test_secret_key_0123456789"
ORG = "org-1"
PROJECT = 7

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def fast_policy(max_retries: int = 2, *, max_retry_after: float = 0.05) -> RetryPolicy:
    """A retry policy whose waits are a few milliseconds at most."""
    return RetryPolicy(
        max_retries=max_retries,
        initial_delay=0.001,
        max_delay=0.01,
        max_retry_after=max_retry_after,
    )


@dataclass
class Received:
    """One request as the server saw it."""

    method: str
    path_qs: str
    headers: dict[str, str]
    peer_port: int
    body: bytes
    at: float


@dataclass
class LoopbackServer:
    """An `aiohttp.web` app on 127.0.0.1 (a free port) answering every path with `handler`.

    `received` logs every request in arrival order; `in_flight` / `max_in_flight` gauge the
    handlers running at once; `arrived` is set whenever a request arrives.
    """

    handler: Handler
    received: list[Received] = field(default_factory=list)
    in_flight: int = 0
    max_in_flight: int = 0
    port: int = 0
    runner: web.AppRunner | None = None
    arrived: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def paths(self) -> list[str]:
        return [r.path_qs for r in self.received]

    async def _dispatch(self, request: web.Request) -> web.StreamResponse:
        peer = request.transport.get_extra_info("peername") if request.transport else None
        self.received.append(
            Received(
                method=request.method,
                path_qs=request.path_qs,
                headers=dict(request.headers),
                peer_port=peer[1] if peer else -1,
                body=await request.read(),
                at=asyncio.get_running_loop().time(),
            )
        )
        self.arrived.set()
        self.in_flight += 1
        self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            return await self.handler(request)
        finally:
            self.in_flight -= 1

    async def wait_for_requests(self, count: int, timeout: float = 2.0) -> None:
        """Wait until at least `count` requests have arrived."""

        async def poll() -> None:
            while len(self.received) < count:
                self.arrived.clear()
                await self.arrived.wait()

        await asyncio.wait_for(poll(), timeout)


@contextlib.asynccontextmanager
async def serve(handler: Handler, *, port: int = 0) -> AsyncIterator[LoopbackServer]:
    """Run a `LoopbackServer` for the block (on `port`, or a free one); stalled handlers are
    cut short at the end."""
    server = LoopbackServer(handler)
    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", server._dispatch)
    runner = web.AppRunner(app, shutdown_timeout=0.05, handle_signals=False)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", port)
    await site.start()
    sockets = runner.addresses
    server.port = sockets[0][1]
    server.runner = runner
    try:
        yield server
    finally:
        await runner.cleanup()


@contextlib.asynccontextmanager
async def client_for(server: LoopbackServer | str, **kwargs: Any) -> AsyncIterator[AsyncClient]:
    """An `AsyncClient` on `server` (or a base URL) with fast retries unless told otherwise."""
    base_url = server if isinstance(server, str) else server.base_url
    kwargs.setdefault("retry_policy", fast_policy(kwargs.pop("max_retries", 2)))
    kwargs.setdefault("timeout", 2.0)
    async with AsyncClient(api_key=API_KEY, base_url=base_url, **kwargs) as client:
        yield client


def free_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


def json_response(payload: Any, status: int = 200, **headers: str) -> web.Response:
    return web.json_response(payload, status=status, headers=headers or None)


def recording(rid: str) -> dict[str, Any]:
    return {"id": rid, "distinct_id": f"user-{rid}", "viewed": False, "recording_duration": 5}


def proxy_record(rid: str) -> dict[str, Any]:
    return {"id": rid, "domain": f"{rid}.example.com", "status": "valid"}


def _is_server_task(task: asyncio.Task[Any]) -> bool:
    """Whether `task` belongs to the loopback aiohttp.web server rather than the client."""
    coro = task.get_coro()
    code = getattr(coro, "cr_code", None)
    filename = code.co_filename if code is not None else ""
    return "aiohttp/web_" in filename.replace("\\", "/")


def client_tasks() -> list[asyncio.Task[Any]]:
    """Tasks of this loop that are not done, other than the current one and the server's."""
    current = asyncio.current_task()
    return [
        t
        for t in asyncio.all_tasks()
        if t is not current and not t.done() and not _is_server_task(t)
    ]


async def assert_no_pending_tasks() -> None:
    """No client-side task is left running (after a few loop turns to let them finish)."""
    for _ in range(5):
        await asyncio.sleep(0)
    leftover = client_tasks()
    assert leftover == [], f"tasks left pending: {leftover}"


@contextlib.contextmanager
def loop_errors() -> Iterator[list[dict[str, Any]]]:
    """Record what is reported to the loop's exception handler during the block (such as
    "Task exception was never retrieved"); garbage is collected at the end so that
    unretrieved task exceptions are reported before the check."""
    loop = asyncio.get_running_loop()
    calls: list[dict[str, Any]] = []
    previous = loop.get_exception_handler()
    loop.set_exception_handler(lambda _loop, context: calls.append(context))
    try:
        yield calls
        gc.collect()
    finally:
        loop.set_exception_handler(previous)
