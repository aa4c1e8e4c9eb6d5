"""`from product_analytics.testing import aioresponses`: the latest aioresponses, able to mock
the installed aiohttp, driving the SDK (one GET, a two-page list) and plain aiohttp, with
bodies past the reader's high-water mark; upstream's class itself once upstream can."""

from __future__ import annotations

import aiohttp
import aioresponses as upstream_package
import aioresponses.core as upstream
import pytest

from product_analytics import AsyncClient
from product_analytics.testing import aioresponses
from product_analytics.testing.aiohttp_mock import UPSTREAM_WORKS

BASE_URL = "http://api.test"
KEY = "phx_aioresponses_key_0123456789"
ORG = "org-1"
LIST_URL = f"{BASE_URL}/api/organizations/{ORG}/roles/"


def role(rid: str) -> dict[str, object]:
    return {"id": rid, "name": rid.upper(), "created_at": "2026-01-01T00:00:00Z"}


async def test_one_get_through_the_sdk() -> None:
    with aioresponses() as mocked:
        mocked.get(f"{LIST_URL}r1/", payload=role("r1"), headers={"X-Request-Id": "req-1"})
        async with AsyncClient(api_key=KEY, base_url=BASE_URL) as client:
            raw = await client.roles.with_raw_response.get(organization_id=ORG, id="r1")
    assert raw.request_id == "req-1"
    assert raw.parse().name == "R1"
    [(method, url)] = list(mocked.requests)
    assert (method, str(url)) == ("GET", f"{LIST_URL}r1/")
    [call] = mocked.requests[(method, url)]
    assert call.kwargs["headers"]["Authorization"] == f"Bearer {KEY}"


async def test_a_two_page_list_through_the_sdk() -> None:
    second = f"{LIST_URL}?limit=2&offset=2"
    with aioresponses() as mocked:
        mocked.get(
            f"{LIST_URL}?limit=2",
            payload={
                "count": 3,
                "next": second,
                "previous": None,
                "results": [role("r1"), role("r2")],
            },
        )
        mocked.get(
            second,
            payload={
                "count": 3,
                "next": None,
                "previous": f"{LIST_URL}?limit=2",
                "results": [role("r3")],
            },
        )
        async with AsyncClient(api_key=KEY, base_url=BASE_URL) as client:
            ids = [r.id async for r in client.roles.list(organization_id=ORG, limit=2)]
    assert ids == ["r1", "r2", "r3"]
    assert len(mocked.requests) == 2


async def test_plain_aiohttp_with_a_body_past_the_readers_high_water_mark() -> None:
    large = b"x" * (3 * 2**16 + 1)
    with aioresponses() as mocked:
        mocked.get("http://raw.test/a/", status=201, payload={"a": 1}, headers={"X-Y": "z"})
        mocked.post("http://raw.test/b/", body=large)
        async with aiohttp.ClientSession() as session:
            async with session.get("http://raw.test/a/") as answer:
                assert (answer.status, answer.headers["X-Y"]) == (201, "z")
                assert await answer.json() == {"a": 1}
            async with session.post("http://raw.test/b/", json={"x": 1}) as answer:
                assert await answer.read() == large
    assert [m for m, _ in mocked.requests] == ["GET", "POST"]


def test_the_latest_release_is_what_is_tested() -> None:
    """The fix is tested against aioresponses 0.7.9, the latest release (uv.lock pins it)."""
    assert upstream_package.__version__ == "0.7.9"


def test_the_fix_stands_in_only_where_upstream_cannot_mock_this_aiohttp() -> None:
    assert (aioresponses is upstream.aioresponses) is UPSTREAM_WORKS
    if UPSTREAM_WORKS:
        return
    assert issubclass(aioresponses, upstream.aioresponses)
    originals = (upstream.ClientResponse, upstream.stream_reader_factory)
    with aioresponses():
        assert upstream.ClientResponse is not aiohttp.ClientResponse
    assert (upstream.ClientResponse, upstream.stream_reader_factory) == originals


@pytest.mark.skipif(UPSTREAM_WORKS, reason="upstream aioresponses mocks this aiohttp itself")
async def test_upstream_alone_cannot_build_a_response_for_this_aiohttp() -> None:
    """Why the fix exists (pnuckowski/aioresponses#289): when this fails, upstream works and
    `UPSTREAM_WORKS` drops the fix by itself."""
    with upstream.aioresponses() as mocked:
        mocked.get("http://raw.test/a/", payload={})
        async with aiohttp.ClientSession() as session:
            with pytest.raises(TypeError, match="stream_writer"):
                await session.get("http://raw.test/a/")
