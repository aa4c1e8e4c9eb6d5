"""Fixtures of the client tests: an aioresponses mock and clients. The loopback servers'
fixtures (`serve`, `loopback`, `refused_base_url`) are in `tests/conftest.py`."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from product_analytics import AsyncClient, ExperimentalOperationWarning
from product_analytics._common import warn as _warn
from product_analytics._generated.operations import ALL
from product_analytics.testing import aioresponses

API_KEY = "phx_TEST_secret_key_0123456789abcdef"
BASE_URL = "http://api.test"
ORG = "0190aaaa-bbbb-7ccc-8ddd-eeeeeeeeeeee"
PROJECT = 4242
ANY_URL = re.compile(r".*")

EXPERIMENTAL_IDS = frozenset(op.operation_id for op in ALL if op.experimental)


@pytest.fixture(autouse=True)
def _experimental_already_warned() -> Iterator[None]:
    """Mark the experimental operations as warned about, so that calling them in a test
    about something else does not raise (warnings are errors). Restored afterwards."""
    for operation_id in EXPERIMENTAL_IDS:
        _warn.mark_given(ExperimentalOperationWarning, operation_id)
    yield
    _warn.forget(ExperimentalOperationWarning)


@pytest.fixture
def fresh_experimental_warnings() -> None:
    """As in a fresh process: no experimental operation has been warned about yet."""
    _warn.forget(ExperimentalOperationWarning)


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
def defaults_client(client: AsyncClient) -> AsyncClient:
    """`client` with `project_id` and `organization_id` defaults set (made by `with_options`,
    so it shares the pool `client` closes)."""
    return client.with_options(project_id=PROJECT, organization_id=ORG)


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
