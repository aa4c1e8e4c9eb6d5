"""The request log, the in-flight gauge, the pytest fixture and the foreground runner."""

from __future__ import annotations

import asyncio
import io
import json
import socket

import aiohttp
import pytest

from product_analytics import AsyncClient, NotFoundError
from product_analytics.testing import FakeServer, Fault, RequestRecord, serve_forever

from .helpers import Api


async def test_request_log_records_each_request(api: Api, server: FakeServer) -> None:
    await api.get(api.env("session_recordings/"), params={"limit": "2"})
    await api.post(api.org("roles/"), {"name": "Logged"}, key=None)
    await api.patch(api.org(f"projects/{server.project_id}/"), {"name": "Logged"})
    listed, unauthenticated, patched = server.requests
    assert isinstance(listed, RequestRecord)
    assert (listed.method, listed.path, listed.query) == (
        "GET",
        api.env("session_recordings/"),
        {"limit": "2"},
    )
    assert (listed.status, listed.body, listed.operation_id) == (
        200,
        None,
        "session_recordings_list",
    )
    assert listed.has_authorization
    assert listed.headers["authorization"] == f"Bearer {server.api_key}"
    assert listed.faults == ()
    assert listed.duration >= 0
    assert (unauthenticated.status, unauthenticated.has_authorization) == (401, False)
    assert unauthenticated.body == {"name": "Logged"}
    assert unauthenticated.operation_id is None
    assert (patched.method, patched.status, patched.body) == ("PATCH", 200, {"name": "Logged"})
    assert patched.operation_id == "projects_partial_update"


async def test_max_in_flight_counts_concurrent_requests(api: Api, server: FakeServer) -> None:
    server.faults.add(Fault.latency(0.2))
    answers = await asyncio.gather(*(api.get(api.org("roles/")) for _ in range(12)))
    assert [a.status for a in answers] == [200] * 12
    assert server.stats.max_in_flight == 12
    assert server.stats.in_flight == 0
    server.reset_stats()
    assert (server.stats.max_in_flight, server.requests, server.faults.injected_total) == (0, [], 0)
    server.faults.clear()
    await asyncio.gather(*(api.get(api.org("roles/")) for _ in range(3)))
    assert 1 <= server.stats.max_in_flight <= 3
    assert len(server.requests) == 3


async def test_request_log_limit_keeps_the_latest(session: aiohttp.ClientSession) -> None:
    async with FakeServer(recordings=1, request_log_limit=2) as server:
        api = Api(session, server)
        for limit in ("1", "2", "3"):
            await api.get(api.env("session_recordings/"), params={"limit": limit})
        assert [r.query["limit"] for r in server.requests] == ["2", "3"]


async def test_soak_of_concurrent_requests_is_served_without_errors(
    api: Api, server: FakeServer
) -> None:
    semaphore = asyncio.Semaphore(50)
    paths = [api.env(f"session_recordings/{rid}/") for rid in server.recording_ids] * 4

    async def fetch(path: str) -> int:
        async with semaphore:
            return (await api.get(path)).status

    statuses = await asyncio.gather(*(fetch(path) for path in paths))
    assert statuses == [200] * len(paths)
    assert 1 <= server.stats.max_in_flight <= 50
    assert server.stats.internal_errors == []


async def test_fake_server_fixture_from_the_plugin_is_started(
    fake_server: FakeServer, session: aiohttp.ClientSession
) -> None:
    api = Api(session, fake_server)
    answer = await api.get(api.env("session_recordings/"))
    assert answer.status == 200
    assert answer.body["count"] == len(fake_server.recording_ids) == 50
    assert fake_server.base_url.startswith("http://127.0.0.1:")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def test_start_and_stop_on_a_given_port(session: aiohttp.ClientSession) -> None:
    port = _free_port()
    server = FakeServer(recordings=2, seed=0, port=port)
    await server.start()
    try:
        assert server.base_url == f"http://127.0.0.1:{port}"
        with pytest.raises(RuntimeError):
            await server.start()
        api = Api(session, server)
        assert (await api.get(api.org("roles/"))).status == 200
    finally:
        await server.stop()
    await server.stop()  # a second stop does nothing
    with pytest.raises(aiohttp.ClientConnectionError):
        await Api(session, server).get(api.org("roles/"))


async def test_stop_does_not_wait_for_a_stalled_request(
    session: aiohttp.ClientSession,
) -> None:
    server = FakeServer(recordings=2, shutdown_timeout=0.1)
    await server.start()
    server.faults.add(Fault.latency(30))
    api = Api(session, server)
    pending = asyncio.ensure_future(api.get(api.org("roles/")))
    for _ in range(500):
        if server.stats.in_flight:
            break
        await asyncio.sleep(0.01)
    await asyncio.wait_for(server.stop(), timeout=5)
    with pytest.raises(aiohttp.ClientError):
        await pending


async def test_serve_forever_prints_connection_info_and_serves_until_cancelled(
    session: aiohttp.ClientSession,
) -> None:
    out = io.StringIO()
    task = asyncio.ensure_future(serve_forever(FakeServer(recordings=7, seed=3), out=out))
    for _ in range(200):
        if out.getvalue():
            break
        await asyncio.sleep(0.01)
    info = json.loads(out.getvalue())
    assert info["recordings"] == 7
    assert info["env"] == {
        "PRODUCT_ANALYTICS_BASE_URL": info["base_url"],
        "PRODUCT_ANALYTICS_API_KEY": info["api_key"],
        "PRODUCT_ANALYTICS_PROJECT_ID": str(info["project_id"]),
        "PRODUCT_ANALYTICS_ORGANIZATION_ID": info["organization_id"],
    }
    headers = {"Authorization": f"Bearer {info['api_key']}"}
    url = f"{info['base_url']}/api/environments/{info['project_id']}/session_recordings/"
    async with session.get(url, headers=headers) as response:
        assert response.status == 200
        assert (await response.json())["count"] == 7
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


async def test_every_answer_carries_a_distinct_request_id(api: Api, server: FakeServer) -> None:
    """Successes, API errors (401, 404) and the SDK's `request_id` all see `X-Request-Id`."""
    answers = [
        await api.get(api.env("session_recordings/")),
        await api.get(api.env("session_recordings/"), key="phx_unknown"),
        await api.get("/api/nowhere/"),
    ]
    assert [a.status for a in answers] == [200, 401, 404]
    ids = [a.headers["X-Request-Id"] for a in answers]
    assert len(set(ids)) == 3
    async with AsyncClient(
        api_key=server.api_key, base_url=server.base_url, project_id=server.project_id
    ) as client:
        raw = await client.session_recordings.with_raw_response.list(limit=1)
        with pytest.raises(NotFoundError) as info:
            await client.session_recordings.get(id="missing")
    assert raw.request_id is not None
    assert raw.request_id not in ids
    assert info.value.request_id is not None
