"""Fixtures of the client tests: an aioresponses mock, clients, a loopback aiohttp server."""

from __future__ import annotations

import re
import socket
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any

import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer
from aioresponses import aioresponses

import product_analytics._client as client_module
from product_analytics import AsyncClient
from product_analytics._generated.operations import ALL

API_KEY = "phx_TEST_secret_key_0123456789abcdef"
BASE_URL = "http://api.test"
ORG = "0190aaaa-bbbb-7ccc-8ddd-eeeeeeeeeeee"
PROJECT = 4242
ANY_URL = re.compile(r".*")

EXPERIMENTAL_IDS = frozenset(op.operation_id for op in ALL if op.experimental)


@pytest.fixture(autouse=True)
def _isolated_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """The host's environment never leaks into a test's client configuration."""
    monkeypatch.delenv("PRODUCT_ANALYTICS_API_KEY", raising=False)
    monkeypatch.delenv("PRODUCT_ANALYTICS_BASE_URL", raising=False)
    monkeypatch.delenv("PRODUCT_ANALYTICS_PROJECT_ID", raising=False)
    monkeypatch.delenv("PRODUCT_ANALYTICS_ORGANIZATION_ID", raising=False)


@pytest.fixture(autouse=True)
def _experimental_already_warned() -> Iterator[None]:
    """Mark the experimental operations as warned about, so that calling them in a test
    about something else does not raise (warnings are errors). Restored afterwards."""
    saved = set(client_module._warned_experimental)
    client_module._warned_experimental.update(EXPERIMENTAL_IDS)
    yield
    client_module._warned_experimental.clear()
    client_module._warned_experimental.update(saved)


@pytest.fixture
def fresh_experimental_warnings() -> None:
    """As in a fresh process: no experimental operation has been warned about yet."""
    client_module._warned_experimental.clear()


@pytest.fixture
def mocked() -> Iterator[aioresponses]:
    with aioresponses() as mock:
        yield mock


@pytest.fixture
async def client() -> AsyncIterator[AsyncClient]:
    """A client without path defaults and without retries."""
    async with AsyncClient(api_key=API_KEY, base_url=BASE_URL, max_retries=0) as c:
        yield c


@pytest.fixture
async def defaults_client() -> AsyncIterator[AsyncClient]:
    """A client whose `project_id` and `organization_id` defaults are set."""
    async with AsyncClient(
        api_key=API_KEY,
        base_url=BASE_URL,
        max_retries=0,
        project_id=PROJECT,
        organization_id=ORG,
    ) as c:
        yield c


def calls(mock: aioresponses) -> list[tuple[str, str, dict[str, Any]]]:
    """Every request the mock saw: (method, encoded URL, the keyword arguments)."""
    return [
        (method, str(url), call.kwargs)
        for (method, url), recorded in mock.requests.items()
        for call in recorded
    ]


def only_call(mock: aioresponses) -> tuple[str, str, dict[str, Any]]:
    sent = calls(mock)
    assert len(sent) == 1, sent
    return sent[0]


ServerFactory = Callable[[web.Application], Awaitable[str]]


@pytest.fixture
async def serve() -> AsyncIterator[ServerFactory]:
    """Start an aiohttp.web application on 127.0.0.1; returns its base URL."""
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
def refused_base_url() -> str:
    """A loopback URL where nothing listens: connecting is refused at once."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"
