from __future__ import annotations

from collections.abc import AsyncIterator

import aiohttp
import pytest
import pytest_asyncio

from product_analytics.testing import FakeServer

from .helpers import Api

pytest_plugins = ["product_analytics.testing.pytest_plugin"]


@pytest_asyncio.fixture
async def server() -> AsyncIterator[FakeServer]:
    """A FakeServer with 250 recordings; the test fails if any request crashed it."""
    async with FakeServer(recordings=250, seed=7) as started:
        yield started
        assert started.stats.internal_errors == []


@pytest_asyncio.fixture
async def session() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as client_session:
        yield client_session


@pytest.fixture
def api(session: aiohttp.ClientSession, server: FakeServer) -> Api:
    return Api(session, server)
