"""Fixtures every test folder shares: loopback servers (an `aiohttp.web` application, or a
`LoopbackServer` recording every request) and a URL where nothing listens."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer

from tests.support import aioresponses_compat
from tests.support.loopback import (
    Handler,
    LoopbackFactory,
    LoopbackServer,
    ServerFactory,
    free_port,
)
from tests.support.loopback import serve as serve_loopback

aioresponses_compat.install()


@pytest.fixture
async def serve() -> AsyncIterator[ServerFactory]:
    """`await serve(app)`: start an aiohttp.web application on 127.0.0.1; its base URL."""
    servers: list[TestServer] = []

    async def start(app: web.Application) -> str:
        server = TestServer(app, host="127.0.0.1")
        await server.start_server()
        servers.append(server)
        return str(server.make_url("")).rstrip("/")

    yield start
    for server in servers:
        await server.close()


@pytest.fixture
async def loopback() -> AsyncIterator[LoopbackFactory]:
    """`await loopback(handler)`: a `LoopbackServer` answering every path with `handler` and
    recording each request; stopped at the end of the test."""
    async with contextlib.AsyncExitStack() as stack:

        async def start(handler: Handler) -> LoopbackServer:
            return await stack.enter_async_context(serve_loopback(handler))

        yield start


@pytest.fixture
def refused_base_url() -> str:
    """A loopback URL where nothing listens: connecting is refused at once."""
    return f"http://127.0.0.1:{free_port()}"
