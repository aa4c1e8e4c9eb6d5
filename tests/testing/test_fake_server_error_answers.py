"""Every error status the spec lists, through the public API against FakeServer: the typed
error of that status with the service's `code`, `detail` and `attr`."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator

import pytest

from product_analytics import (
    AsyncClient,
    AuthenticationError,
    BadRequestError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
)
from product_analytics.testing import FakeServer
from product_analytics.testing.faults import Fault


@pytest.fixture
async def fake() -> AsyncIterator[FakeServer]:
    async with FakeServer(recordings=3) as server:
        yield server


def _client(fake: FakeServer, api_key: str | None = None) -> AsyncClient:
    return AsyncClient(
        api_key=api_key or fake.api_key,
        base_url=fake.base_url,
        organization_id=fake.organization_id,
        project_id=fake.project_id,
        max_retries=0,
    )


async def test_400_is_a_bad_request_error_naming_the_field(fake: FakeServer) -> None:
    async with _client(fake) as client:
        with pytest.raises(BadRequestError) as caught:
            await client.roles.create(name="Engineering")  # a seeded role's name
    error = caught.value
    assert (error.status_code, error.code, error.attr) == (400, "unique", "name")
    assert error.detail == "There is already a role with this name."


async def test_401_is_an_authentication_error(fake: FakeServer) -> None:
    async with _client(fake, api_key="phx_unknown") as client:
        with pytest.raises(AuthenticationError) as caught:
            await client.roles.get(id=str(uuid.uuid4()))
    error = caught.value
    assert (error.status_code, error.code, error.attr) == (401, "authentication_failed", None)
    assert error.detail == "Personal API key found in request Authorization header is invalid."


async def test_403_is_a_permission_denied_error(fake: FakeServer) -> None:
    async with _client(fake, api_key=fake.issue_key(scopes=["project:read"])) as client:
        with pytest.raises(PermissionDeniedError) as caught:
            await client.roles.get(id=str(uuid.uuid4()))
    error = caught.value
    assert (error.status_code, error.code, error.attr) == (403, "permission_denied", None)
    assert error.detail == "API key missing required scope 'organization:read'"


async def test_404_is_a_not_found_error(fake: FakeServer) -> None:
    async with _client(fake) as client:
        with pytest.raises(NotFoundError) as caught:
            await client.roles.get(id=str(uuid.uuid4()))
    error = caught.value
    assert (error.status_code, error.code, error.detail, error.attr) == (
        404,
        "not_found",
        "Not found.",
        None,
    )


async def test_429_is_a_rate_limit_error_with_its_retry_after(fake: FakeServer) -> None:
    fake.faults.add(Fault.rate_limit(retry_after=7))
    async with _client(fake) as client:
        with pytest.raises(RateLimitError) as caught:
            await client.roles.get(id=str(uuid.uuid4()))
    error = caught.value
    assert (error.status_code, error.code, error.attr) == (429, "throttled", None)
    assert error.detail == "Request was throttled. Expected available in 7 seconds."
    assert error.retry_after == 7
