"""Fixtures every test folder shares: loopback servers (an `aiohttp.web` application, or a
`LoopbackServer` recording every request) and a URL where nothing listens."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Iterator

import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer

from product_analytics import ExperimentalOperationWarning, PersonalApiKeyWarning
from product_analytics._common import warn as _warn
from product_analytics._generated.operations import ALL
from tests.support.loopback import (
    Handler,
    LoopbackFactory,
    LoopbackServer,
    ServerFactory,
    free_port,
)
from tests.support.loopback import serve as serve_loopback
from tests.support.mock_client import make_client, sleeps  # noqa: F401  (fixtures)
from tests.support.redis_server import RedisServer, redis_server
from tests.support.reliability import FIGURES, format_table

REFUSING_PERSONAL_API_KEYS = frozenset(
    op.operation_id for op in ALL if not op.personal_api_key_allowed
)
EXPERIMENTAL = frozenset(op.operation_id for op in ALL if op.experimental)


@pytest.fixture(autouse=True)
def _no_proxy_from_the_host(monkeypatch: pytest.MonkeyPatch) -> None:
    """The client reads proxies from the environment (`trust_env=True`): a proxy set on the
    machine running the tests must not carry their loopback requests. Tests of proxies set
    their own."""
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY"):
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.lower(), raising=False)


@pytest.fixture(autouse=True)
def _isolated_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """The host's environment never leaks into a test's client configuration."""
    monkeypatch.delenv("PRODUCT_ANALYTICS_API_KEY", raising=False)
    monkeypatch.delenv("PRODUCT_ANALYTICS_BASE_URL", raising=False)
    monkeypatch.delenv("PRODUCT_ANALYTICS_PROJECT_ID", raising=False)
    monkeypatch.delenv("PRODUCT_ANALYTICS_ORGANIZATION_ID", raising=False)
    monkeypatch.delenv("PRODUCT_ANALYTICS_THROTTLE_STORE", raising=False)


@pytest.fixture(autouse=True)
def _once_warnings_already_given() -> Iterator[None]:
    """Mark the operations the live service refuses to personal API keys, and the
    experimental ones, as warned about, so that calling them in a test about something else
    does not raise (warnings are errors). Restored afterwards."""
    for operation_id in REFUSING_PERSONAL_API_KEYS:
        _warn.mark_given(PersonalApiKeyWarning, operation_id)
    for operation_id in EXPERIMENTAL:
        _warn.mark_given(ExperimentalOperationWarning, operation_id)
    yield
    _warn.forget(PersonalApiKeyWarning)
    _warn.forget(ExperimentalOperationWarning)


@pytest.fixture
def fresh_personal_api_key_warnings() -> None:
    """As in a fresh process: no personal-API-key warning has been given yet."""
    _warn.forget(PersonalApiKeyWarning)


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


@pytest.fixture
def redis_store() -> Iterator[RedisServer]:
    """A throwaway redis-server on a free loopback port (stopped at the end)."""
    with redis_server() as server:
        yield server


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Prints the figures the reliability tests measured (cases, faults injected, retries,
    lost, duplicated, leaked) at the end of the run."""
    if FIGURES:
        terminalreporter.section("reliability figures")
        for line in format_table(FIGURES):
            terminalreporter.write_line(line)
