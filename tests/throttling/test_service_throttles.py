"""The client under a real throttle: FakeServer's DRF mode (Retry-After rounded up) and a
hand-rolled DRF server that rounds it down. Bulk work ends with every result and few 429s;
a pause holds one throttle class, not the others; waits are bounded and close() ends them."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from product_analytics import (
    AsyncClient,
    ClientClosedError,
    RateLimit,
    RateLimitError,
    RetryPolicy,
    ThrottleEvent,
)
from product_analytics.testing import FakeServer
from tests.support.drf_throttle_server import DrfThrottleServer

ONE_PER_MINUTE = {"recordings": [(1, 60.0)]}


def client_of(server: FakeServer | DrfThrottleServer, **kwargs: Any) -> AsyncClient:
    return AsyncClient(
        api_key=server.api_key, base_url=server.base_url, project_id=server.project_id, **kwargs
    )


async def until_paused(client: AsyncClient) -> None:
    while client.paused_until("recordings") is None:  # noqa: ASYNC110 (a state, no event)
        await asyncio.sleep(0.01)


async def test_get_many_under_a_drf_throttle_with_rounded_up_retry_after_loses_nothing() -> None:
    throttle = {"recordings": [(40, 1.0)]}
    async with (
        FakeServer(recordings=160, seed=3, throttle=throttle) as server,
        client_of(server) as client,
    ):
        ids = list(server.recording_ids)
        recordings = await client.session_recordings.get_many(ids=ids)
        assert [r.id for r in recordings] == ids
        assert client.stats.retries == 0
        # 40 a second is stricter than the published 240 a minute: the 429s pace the class.
        # Each window, the requests in flight when its first 429 came (at most
        # max_concurrency=32) and the probes (3) meet a 429 too: 4 windows for 160 ids.
        assert 1 <= server.throttle_429s <= 5 * (32 + 3)
        assert client.stats.throttled == server.throttle_429s


async def test_get_many_under_a_drf_throttle_with_rounded_down_retry_after_loses_nothing() -> None:
    async with (
        DrfThrottleServer({"recordings": [(40, 1.0)]}, recordings=160) as server,
        client_of(server) as client,
    ):
        ids = list(server.recording_ids)
        recordings = await client.session_recordings.get_many(ids=ids)
        assert [r.id for r in recordings] == ids
        assert server.served == len(ids)
        # As above; a Retry-After rounded down wakes the class early: a second wave a window.
        assert 1 <= server.throttled <= 2 * 5 * (32 + 3)
        assert client.stats.throttled == server.throttled


async def test_an_unknown_window_of_thirty_a_second_is_learned_in_real_time() -> None:
    """A DRF service at 30 a second (Retry-After rounded up, as DRF sends it) that the
    client knows nothing of: its first 429s show the window, and from then on the class is
    paced in it. Only the first window's requests in flight meet a 429 (at most
    max_concurrency of them, and the probes): under 10 % of 360. On virtual time, the other
    windows: test_window_learning.py."""
    async with (
        DrfThrottleServer({"recordings": [(30, 1.0)]}, recordings=360, rounding="ceil") as server,
        client_of(server) as client,
    ):
        ids = list(server.recording_ids)
        recordings = await client.session_recordings.get_many(ids=ids)
        assert [r.id for r in recordings] == ids
    assert server.throttled <= 0.10 * len(server.hits), (server.throttled, len(server.hits))


async def test_a_paused_class_does_not_hold_up_another() -> None:
    async with (
        FakeServer(recordings=10, seed=3, throttle=ONE_PER_MINUTE) as server,
        client_of(server, organization_id=server.organization_id) as client,
    ):
        first, second = server.recording_ids[:2]
        await client.session_recordings.get(id=first)
        waiting = asyncio.ensure_future(client.session_recordings.get(id=second))
        await until_paused(client)
        started = time.monotonic()
        roles = await client.roles.list()  # class crud: not paused
        assert time.monotonic() - started < 5
        assert roles.results is not None
        assert not waiting.done()
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting


async def test_close_ends_a_throttle_wait_with_client_closed_error() -> None:
    async with FakeServer(recordings=4, seed=3, throttle=ONE_PER_MINUTE) as server:
        client = client_of(server)
        first, second = server.recording_ids[:2]
        await client.session_recordings.get(id=first)
        waiting = asyncio.ensure_future(client.session_recordings.get(id=second))
        await until_paused(client)
        await client.close()
        with pytest.raises(ClientClosedError):
            await waiting


async def test_a_wait_longer_than_max_wait_raises_rate_limit_error_with_retry_after() -> None:
    async with (
        FakeServer(recordings=4, seed=3, throttle=ONE_PER_MINUTE) as server,
        client_of(server, retry_policy=RetryPolicy(max_wait=1.0)) as client,
    ):
        first, second = server.recording_ids[:2]
        await client.session_recordings.get(id=first)
        started = time.monotonic()
        with pytest.raises(RateLimitError) as caught:
            await client.session_recordings.get(id=second)
        assert time.monotonic() - started < 10
        assert caught.value.retry_after is not None
        assert caught.value.retry_after > 1.0


async def test_a_client_deadline_bounds_a_call_throttled_for_longer() -> None:
    async with (
        FakeServer(recordings=4, seed=3, throttle=ONE_PER_MINUTE) as server,
        client_of(server, deadline=2.0) as client,
    ):
        first, second = server.recording_ids[:2]
        await client.session_recordings.get(id=first)
        with pytest.raises(RateLimitError) as caught:
            await client.session_recordings.get(id=second)
        assert caught.value.retry_after is not None
        assert caught.value.retry_after > 2.0


async def test_a_rate_limit_per_class_caps_that_class_only() -> None:
    limit = RateLimit(4, per=1.0)
    async with (
        FakeServer(recordings=12, seed=3) as server,
        client_of(
            server, organization_id=server.organization_id, rate_limit={"recordings": limit}
        ) as client,
    ):
        started = time.monotonic()
        await asyncio.gather(*(client.roles.list() for _ in range(12)))
        crud_seconds = time.monotonic() - started
        started = time.monotonic()
        await client.session_recordings.get_many(ids=server.recording_ids[:8])
        recordings_seconds = time.monotonic() - started
    # 8 requests at 4 a second need at least one full window; 12 crud ones need none.
    assert recordings_seconds >= 0.9
    assert crud_seconds < recordings_seconds


async def test_listeners_hear_when_the_service_pauses_a_class() -> None:
    events: list[ThrottleEvent] = []
    throttle = {"recordings": [(2, 1.0)]}
    async with (
        FakeServer(recordings=6, seed=3, throttle=throttle) as server,
        client_of(server) as client,
    ):
        remove = client.add_throttle_listener(events.append)
        await client.session_recordings.get_many(ids=server.recording_ids)
        remove()
    paused = [e for e in events if e.paused_until is not None]
    assert paused
    assert all(e.throttle_class == "recordings" for e in events)
    assert all(e.paused_until is not None and e.paused_until > time.time() - 60 for e in paused)
