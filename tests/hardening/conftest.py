"""Fixtures of the hardening tests: a hostile loopback server and clients pointed at it."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from product_analytics import AsyncClient, ExperimentalOperationWarning, RetryPolicy
from product_analytics._common import warn as _warn
from product_analytics._generated.operations import ALL
from tests.hardening.hostile_server import HostileServer, hostile_server

# Distinctive, and long enough that no accidental substring matches.
KEY = "phx_HOSTILE_7c1e5a9b3d2f4e6a8b0c1d2e3f405162"
KEY_PARTS = (KEY, KEY[4:], KEY[-16:])
ORG = "org-1"
PROJECT = 7
ROLES = f"/api/organizations/{ORG}/roles/"


def role(rid: str = "r1") -> dict[str, Any]:
    return {"id": rid, "name": f"role {rid}"}


def fast_retries(max_retries: int = 2, **kwargs: Any) -> RetryPolicy:
    """Backoff of milliseconds, so that tests spend no time waiting."""
    kwargs.setdefault("initial_delay", 0.001)
    kwargs.setdefault("max_delay", 0.01)
    kwargs.setdefault("max_retry_after", 0.05)
    return RetryPolicy(max_retries=max_retries, **kwargs)


def client_of(server: HostileServer | str, **kwargs: Any) -> AsyncClient:
    """A client of `server` holding `KEY`, with no retries unless told otherwise."""
    base_url = server if isinstance(server, str) else server.base_url
    kwargs.setdefault("max_retries", 0)
    kwargs.setdefault("organization_id", ORG)
    kwargs.setdefault("project_id", PROJECT)
    kwargs.setdefault("timeout", 5.0)
    return AsyncClient(api_key=KEY, base_url=base_url, **kwargs)


def assert_no_key(text: str) -> None:
    for part in KEY_PARTS:
        assert part not in text


@pytest.fixture
async def hostile() -> AsyncIterator[HostileServer]:
    async with hostile_server() as server:
        yield server


@pytest.fixture
async def other_origin() -> AsyncIterator[HostileServer]:
    """A second server: another origin, which must never see a request."""
    async with hostile_server() as server:
        yield server


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No setting from the host's environment; experimental operations count as warned."""
    for name in ("PRODUCT_ANALYTICS_API_KEY", "PRODUCT_ANALYTICS_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    for operation in ALL:
        if operation.experimental:
            _warn.mark_given(ExperimentalOperationWarning, operation.operation_id)
    yield
    _warn.forget(ExperimentalOperationWarning)
