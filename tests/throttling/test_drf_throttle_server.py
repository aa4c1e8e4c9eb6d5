"""The hand-rolled DRF-style throttling server of tests/support, checked with raw aiohttp."""

from __future__ import annotations

from typing import Any

import aiohttp

from tests.support.drf_throttle_server import API_KEY, DrfThrottleServer


class Clock:
    def __init__(self) -> None:
        self.now = 50.0

    def __call__(self) -> float:
        return self.now


async def _get(session: aiohttp.ClientSession, url: str, key: str | None = API_KEY) -> Any:
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    async with session.get(url, headers=headers) as response:
        return response.status, response.headers.get("Retry-After"), await response.json()


async def test_drf_server_rounds_retry_after_down_to_whole_seconds() -> None:
    clock = Clock()
    async with (
        DrfThrottleServer({"recordings": [(2, 10.0)]}, clock=clock) as server,
        aiohttp.ClientSession() as session,
    ):
        url = f"{server.base_url}/api/environments/7/session_recordings/abc/"
        assert (await _get(session, url))[:2] == (200, None)
        clock.now += 0.5
        assert (await _get(session, url))[0] == 200
        clock.now += 1.7  # 2.2 s after the first: 7.8 s until its slot reopens
        status, retry_after, body = await _get(session, url)
        assert (status, retry_after) == (429, "7")
        assert body == {
            "type": "throttled_error",
            "code": "throttled",
            "detail": "Request was throttled. Expected available in 7 seconds.",
            "attr": None,
        }
        clock.now += 7.0  # trusting the floored header: still too early
        assert (await _get(session, url))[:2] == (429, "0")
        clock.now += 0.8
        assert (await _get(session, url))[0] == 200
        assert (server.served, server.throttled) == (3, 2)


async def test_drf_server_can_round_up_and_serves_recording_pages() -> None:
    clock = Clock()
    async with (
        DrfThrottleServer(
            {"recordings": [(1, 10.0)]}, recordings=5, rounding="ceil", clock=clock
        ) as server,
        aiohttp.ClientSession() as session,
    ):
        url = f"{server.base_url}/api/environments/7/session_recordings/?limit=3"
        status, _, page = await _get(session, url)
        assert status == 200
        assert [r["id"] for r in page["results"]] == server.recording_ids[:3]
        assert page["count"] == 5
        assert page["next"].endswith("limit=3&offset=3")
        clock.now += 0.2
        assert (await _get(session, url))[:2] == (429, "10")  # 9.8 s, up


async def test_drf_server_throttles_per_class_and_not_unauthenticated_requests() -> None:
    clock = Clock()
    async with (
        DrfThrottleServer({"recordings": [(1, 60.0)], "crud": [(2, 60.0)]}, clock=clock) as server,
        aiohttp.ClientSession() as session,
    ):
        recording = f"{server.base_url}/api/environments/7/session_recordings/x/"
        roles = f"{server.base_url}/api/organizations/o/roles/"
        assert (await _get(session, recording, key=None))[0] == 401
        assert [(await _get(session, recording))[0] for _ in range(2)] == [200, 429]
        assert [(await _get(session, roles))[0] for _ in range(3)] == [200, 200, 429]
