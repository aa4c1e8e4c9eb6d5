"""What the client and reliability tests share: a loopback `aiohttp.web` server that records
every request before handling it, fast retry policies, and probes for tasks left running and
for errors reported to the event loop.

Plain helpers (no pytest), so that `scripts/soak.py` can use them too; the fixtures built on
them live in `tests/conftest.py`.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import random
import socket
import ssl
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from product_analytics import RetryPolicy

__all__ = [
    "Handler",
    "LoopbackFactory",
    "LoopbackServer",
    "Received",
    "ServerFactory",
    "assert_no_pending_tasks",
    "client_tasks",
    "fast_policy",
    "free_port",
    "loop_errors",
    "serve",
]

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
# The fixtures of `tests/conftest.py`: `serve(app)` gives a base URL, `loopback(handler)` a
# started `LoopbackServer`.
ServerFactory = Callable[[web.Application], Awaitable[str]]
LoopbackFactory = Callable[[Handler], Awaitable["LoopbackServer"]]


def fast_policy(
    max_retries: int | None = 2, *, seed: int | None = None, max_retry_after: float = 0.05
) -> RetryPolicy:
    """Backoff of a few milliseconds, `Retry-After` capped at `max_retry_after` (50 ms);
    jitter seeded when `seed` is given."""
    return RetryPolicy(
        max_retries=max_retries,
        initial_delay=0.001,
        max_delay=0.01,
        max_retry_after=max_retry_after,
        rng=random.Random(seed),
    )


@dataclass(frozen=True)
class Received:
    """One request as the server saw it: `raw_path` and `query_string` exactly as sent
    (still encoded), `path_qs` decoded."""

    method: str
    path_qs: str
    raw_path: str
    query_string: str
    headers: dict[str, str]
    body: bytes
    peer_port: int
    at: float


@dataclass
class LoopbackServer:
    """An `aiohttp.web` app on 127.0.0.1 answering every path with `handler`.

    `received` logs every request in arrival order; `in_flight` / `max_in_flight` gauge the
    handlers running at once; `arrived` is set whenever a request arrives.
    """

    handler: Handler
    received: list[Received] = field(default_factory=list)
    in_flight: int = 0
    max_in_flight: int = 0
    port: int = 0
    arrived: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def paths(self) -> list[str]:
        return [r.path_qs for r in self.received]

    async def _dispatch(self, request: web.Request) -> web.StreamResponse:
        peer = request.transport.get_extra_info("peername") if request.transport else None
        raw_path, _, query = request.raw_path.partition("?")
        self.received.append(
            Received(
                method=request.method,
                path_qs=request.path_qs,
                raw_path=raw_path,
                query_string=query,
                headers=dict(request.headers),
                body=await request.read(),
                peer_port=peer[1] if peer else -1,
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
async def serve(
    handler: Handler, *, port: int = 0, tls: ssl.SSLContext | None = None
) -> AsyncIterator[LoopbackServer]:
    """Run a `LoopbackServer` for the block (on `port`, or a free one; over TLS with the
    server context `tls`); stalled handlers are cut short at the end."""
    server = LoopbackServer(handler)
    app = web.Application(client_max_size=64 * 1024**2)
    app.router.add_route("*", r"/{tail:[\s\S]*}", server._dispatch)
    runner = web.AppRunner(app, shutdown_timeout=0.05, handle_signals=False, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", port, ssl_context=tls)
    await site.start()
    server.port = runner.addresses[0][1]
    try:
        yield server
    finally:
        await runner.cleanup()


def free_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


def _is_server_task(task: asyncio.Task[Any]) -> bool:
    """Whether `task` belongs to an aiohttp.web server (a loopback one or a FakeServer)."""
    coro = task.get_coro()
    code = getattr(coro, "cr_code", None)
    filename = code.co_filename if code is not None else ""
    return "aiohttp/web_" in filename.replace("\\", "/")


def client_tasks(exclude: Iterable[asyncio.Task[Any]] = ()) -> list[asyncio.Task[Any]]:
    """Tasks of the running loop that are not done, other than the current one, `exclude`
    and the servers'."""
    skip = {id(task) for task in exclude}
    current = asyncio.current_task()
    return [
        task
        for task in asyncio.all_tasks()
        if task is not current
        and not task.done()
        and id(task) not in skip
        and not _is_server_task(task)
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
