"""Injected faults: error statuses, 429 with Retry-After, dropped connections, latency and
stalls mid-body; deterministic for a seed."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

import aiohttp
import pytest
import pytest_asyncio

from product_analytics.testing import FakeServer, Fault

from .helpers import Api


@pytest_asyncio.fixture
async def fresh_session() -> AsyncIterator[aiohttp.ClientSession]:
    """A session that opens a new connection per request (aiohttp retries a request once
    when a reused keep-alive connection turns out closed, which would hide a drop)."""
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(force_close=True)) as s:
        yield s


async def _statuses(session: aiohttp.ClientSession, fault_seed: int, count: int) -> list[int]:
    async with FakeServer(recordings=5, seed=0, fault_seed=fault_seed) as server:
        server.faults.add(Fault.error(503, rate=0.3))
        api = Api(session, server)
        return [(await api.get(api.org("roles/"))).status for _ in range(count)]


async def test_error_share_is_deterministic_for_a_seed(session: aiohttp.ClientSession) -> None:
    first = await _statuses(session, fault_seed=11, count=40)
    again = await _statuses(session, fault_seed=11, count=40)
    other = await _statuses(session, fault_seed=12, count=40)
    assert first == again
    assert first != other
    assert set(first) == {200, 503}
    assert 4 <= first.count(503) <= 24


async def test_error_fault_answers_in_the_services_shape_and_changes_nothing(
    api: Api, server: FakeServer
) -> None:
    server.faults.add(Fault.error(500, times=1))
    answer = await api.post(api.org("roles/"), {"name": "Never"})
    assert answer.status == 500
    assert set(answer.body) == {"type", "code", "detail", "attr"}
    assert answer.body["type"] == "server_error"
    listing = await api.get(api.org("roles/"))
    assert "Never" not in [r["name"] for r in listing.body["results"]]
    assert server.faults.injected == {"error": 1}


async def test_times_limits_how_often_a_fault_fires(api: Api, server: FakeServer) -> None:
    server.faults.add(Fault.error(502, times=2))
    statuses = [(await api.get(api.org("roles/"))).status for _ in range(4)]
    assert statuses == [502, 502, 200, 200]


async def test_path_prefix_and_methods_limit_where_a_fault_applies(
    api: Api, server: FakeServer
) -> None:
    server.faults.add(Fault.error(503, path_prefix=api.org("proxy_records/"), methods=["post"]))
    assert (await api.get(api.org("proxy_records/"))).status == 200
    assert (await api.get(api.org("roles/"))).status == 200
    assert (await api.post(api.org("roles/"), {"name": "Fine"})).status == 201
    refused = await api.post(api.org("proxy_records/"), {"domain": "p.example.com"})
    assert refused.status == 503


async def test_rate_limit_fault_answers_429_with_retry_after(api: Api, server: FakeServer) -> None:
    server.faults.add(Fault.rate_limit(retry_after=2, times=1))
    answer = await api.get(api.env("session_recordings/"))
    assert answer.status == 429
    assert answer.headers["Retry-After"] == "2"
    assert answer.body["code"] == "throttled"
    assert answer.body["detail"] == "Request was throttled. Expected available in 2 seconds."
    date = "Wed, 21 Oct 2015 07:28:00 GMT"
    server.faults.add(Fault.rate_limit(retry_after=date, times=1))
    assert (await api.get(api.env("session_recordings/"))).headers["Retry-After"] == date
    assert (await api.get(api.env("session_recordings/"))).status == 200


async def test_error_fault_may_carry_retry_after(api: Api, server: FakeServer) -> None:
    server.faults.add(Fault.error(503, retry_after=0.5, times=1))
    answer = await api.get(api.org("roles/"))
    assert (answer.status, answer.headers["Retry-After"]) == (503, "0.5")


async def test_dropped_connection_raises_client_side_and_runs_nothing(
    fresh_session: aiohttp.ClientSession, server: FakeServer
) -> None:
    api = Api(fresh_session, server)
    server.faults.add(Fault.drop(times=1))
    with pytest.raises(aiohttp.ClientConnectionError):
        await api.post(api.org("roles/"), {"name": "Dropped"})
    listing = await api.get(api.org("roles/"))
    assert "Dropped" not in [r["name"] for r in listing.body["results"]]
    dropped = server.requests[0]
    assert (dropped.method, dropped.status, dropped.faults) == ("POST", None, ("drop",))
    assert dropped.body == {"name": "Dropped"}
    assert server.faults.injected["drop"] == 1


async def test_latency_delays_the_answer_and_can_outlast_a_client_timeout(
    api: Api, server: FakeServer
) -> None:
    server.faults.add(Fault.latency(0.2, times=2))
    started = time.perf_counter()
    assert (await api.get(api.org("roles/"))).status == 200
    assert time.perf_counter() - started >= 0.2
    with pytest.raises(asyncio.TimeoutError):
        await api.get(api.org("roles/"), timeout=0.05)
    for _ in range(50):  # the server gives up on the abandoned request
        if server.stats.in_flight == 0:
            break
        await asyncio.sleep(0.01)
    assert server.stats.in_flight == 0
    assert (await api.get(api.org("roles/"))).status == 200


async def test_latencies_add_up_and_combine_with_an_error(api: Api, server: FakeServer) -> None:
    server.faults.add(Fault.latency(0.05))
    server.faults.add(Fault.latency(0.05))
    server.faults.add(Fault.error(503))
    started = time.perf_counter()
    answer = await api.get(api.org("roles/"))
    assert answer.status == 503
    assert time.perf_counter() - started >= 0.1
    assert server.requests[-1].faults == ("latency", "latency", "error")


async def test_stall_sends_headers_and_part_of_the_body_then_the_rest(
    session: aiohttp.ClientSession, api: Api, server: FakeServer
) -> None:
    path = api.env("session_recordings/")
    normal = await api.get(path)
    server.faults.add(Fault.stall(0.3, times=1))
    headers = {"Authorization": f"Bearer {server.api_key}"}
    started = time.perf_counter()
    async with session.get(server.base_url + path, headers=headers) as response:
        assert response.status == 200
        assert time.perf_counter() - started < 0.25
        first = await response.content.readany()
        assert 0 < len(first) < len(normal.text)
        body = first + await response.read()
    assert time.perf_counter() - started >= 0.3
    assert body.decode() == normal.text


async def test_stall_outlasting_a_read_timeout_fails_the_read(
    fresh_session: aiohttp.ClientSession, server: FakeServer
) -> None:
    server.faults.add(Fault.stall(1.0, after_bytes=10, times=1))
    api = Api(fresh_session, server)
    with pytest.raises(asyncio.TimeoutError):
        await api.get(api.env("session_recordings/"), timeout=0.2)
    assert (await api.get(api.env("session_recordings/"))).status == 200


async def test_clear_takes_faults_out_and_injected_counts_by_kind(
    api: Api, server: FakeServer
) -> None:
    server.faults.add(Fault.error(503))
    server.faults.add(Fault.latency(0.0))
    assert (await api.get(api.org("roles/"))).status == 503
    assert server.faults.injected == {"error": 1}
    assert server.faults.injected_total == 1
    server.faults.clear()
    assert server.faults.active == ()
    assert (await api.get(api.org("roles/"))).status == 200
    server.faults.add(Fault.latency(0.0))
    await api.get(api.org("roles/"))
    assert server.faults.injected == {"error": 1, "latency": 1}


def test_remove_takes_out_one_fault() -> None:
    server = FakeServer(recordings=0)
    fault = server.faults.add(Fault.error(500))
    server.faults.remove(fault)
    assert server.faults.active == ()
    with pytest.raises(ValueError, match="not in force"):
        server.faults.remove(fault)


@pytest.mark.parametrize(
    "make",
    [
        lambda: Fault.error(503, rate=1.5),
        lambda: Fault.error(700),
        lambda: Fault.latency(-1),
        lambda: Fault.drop(times=0),
        lambda: Fault.stall(1, after_bytes=-1),
    ],
)
def test_fault_refuses_impossible_settings(make: object) -> None:
    with pytest.raises(ValueError):
        make()  # type: ignore[operator]


async def test_faults_apply_to_unknown_paths_too(api: Api, server: FakeServer) -> None:
    server.faults.add(Fault.error(503))
    assert (await api.get("/no/such/path/", key=None)).status == 503
