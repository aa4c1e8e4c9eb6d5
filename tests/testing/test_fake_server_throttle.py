"""FakeServer's throttle mode: the service's DRF throttles, per key and throttle class."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import aiohttp
import pytest

from product_analytics import AsyncClient, RateLimitError
from product_analytics.testing import FakeServer, Throttle

from .helpers import Answer, Api, Clock, error


@asynccontextmanager
async def throttled(**options: Any) -> AsyncIterator[tuple[FakeServer, Api]]:
    async with FakeServer(recordings=5, seed=1, **options) as server:
        async with aiohttp.ClientSession() as session:
            yield server, Api(session, server)
        assert server.stats.internal_errors == []


def recording(api: Api) -> Callable[..., Any]:
    path = api.env(f"session_recordings/{api.server.recording_ids[0]}/")
    return lambda **kw: api.get(path, **kw)


def roles(api: Api) -> Callable[..., Any]:
    return lambda **kw: api.get(api.org("roles/"), **kw)


def throttled_body(wait: int) -> dict[str, Any]:
    unit = "second" if wait == 1 else "seconds"
    return error(
        "throttled_error",
        "throttled",
        f"Request was throttled. Expected available in {wait} {unit}.",
    )


async def test_throttle_is_off_by_default(api: Api, server: FakeServer) -> None:
    get = recording(api)
    statuses = [(await get()).status for _ in range(60)]
    assert statuses == [200] * 60
    assert server.throttle_429s == 0
    assert server.throttle is None


async def test_a_full_window_answers_429_until_its_oldest_request_leaves_it() -> None:
    clock = Clock()
    async with throttled(throttle={"recordings": [(3, 10.0)]}, throttle_clock=clock) as (s, api):
        get = recording(api)
        for offset in (0.0, 1.0, 2.0):
            clock.now = 1000.0 + offset
            assert (await get()).status == 200
        clock.now = 1002.5
        refused: Answer = await get()
        assert refused.status == 429
        # Until ONE slot reopens: the request at 1000.0 leaves the window at 1010.0.
        assert refused.headers["Retry-After"] == "8"  # 7.5 s, rounded up as DRF does
        assert refused.body == throttled_body(8)
        clock.now = 1009.999
        assert (await get()).status == 429
        clock.now = 1010.0
        assert (await get()).status == 200
        # The window now holds 1001, 1002 and 1010: the next slot opens at 1011.
        again = await get()
        assert again.status == 429
        assert again.headers["Retry-After"] == "1"
        assert again.body == throttled_body(1)
        assert s.throttle_429s == 3
        assert s.throttle_429s_by_class == {"recordings": 3}


async def test_retry_after_can_be_rounded_down() -> None:
    clock = Clock()
    async with throttled(
        throttle={"recordings": [(2, 10.0)]}, throttle_retry_after="floor", throttle_clock=clock
    ) as (_, api):
        get = recording(api)
        assert [(await get()).status for _ in range(2)] == [200, 200]
        clock.now += 2.5
        refused = await get()
        assert refused.headers["Retry-After"] == "7"
        assert refused.body == throttled_body(7)
        clock.now += 7.4  # 9.9 s after the first: floor gives 0, the window is still full
        early = await get()
        assert early.status == 429
        assert early.headers["Retry-After"] == "0"


async def test_each_api_key_has_its_own_windows() -> None:
    clock = Clock()
    async with throttled(throttle={"recordings": [(2, 60.0)]}, throttle_clock=clock) as (s, api):
        other = s.issue_key(["*"])
        get = recording(api)
        assert [(await get()).status for _ in range(3)] == [200, 200, 429]
        assert [(await get(key=other)).status for _ in range(3)] == [200, 200, 429]


async def test_a_throttled_class_does_not_hold_up_the_other_classes() -> None:
    clock = Clock()
    rates = {"recordings": [(2, 60.0)], "crud": [(3, 60.0)]}
    async with throttled(throttle=rates, throttle_clock=clock) as (s, api):
        get, list_roles = recording(api), roles(api)
        assert [(await get()).status for _ in range(3)] == [200, 200, 429]
        assert [(await list_roles()).status for _ in range(4)] == [200, 200, 200, 429]
        assert s.throttle_429s_by_class == {"recordings": 1, "crud": 1}


async def test_classes_left_out_of_the_rates_are_not_throttled() -> None:
    clock = Clock()
    async with throttled(throttle={"recordings": [(1, 60.0)]}, throttle_clock=clock) as (_, api):
        list_roles = roles(api)
        assert [(await list_roles()).status for _ in range(20)] == [200] * 20


async def test_every_window_of_a_class_applies_and_refused_requests_still_count_in_the_others() -> (
    None
):
    clock = Clock()
    rates = {"recordings": [(2, 1.0), (3, 100.0)]}
    async with throttled(throttle=rates, throttle_clock=clock) as (_, api):
        get = recording(api)
        assert (await get()).status == 200  # t = 0
        clock.now += 0.1
        assert (await get()).status == 200  # t = 0.1
        clock.now += 0.1
        short = await get()  # t = 0.2: the 1-s window is full, the 100-s one takes it
        assert short.status == 429
        assert short.headers["Retry-After"] == "1"  # 0.8 s
        clock.now += 1.3
        long = await get()  # t = 1.5: the 1-s window is free, the 100-s one is full
        assert long.status == 429
        assert long.headers["Retry-After"] == "99"  # 98.5 s: until t = 100
        assert long.body == throttled_body(99)


async def test_the_services_published_rates_apply_with_throttle_true() -> None:
    clock = Clock()
    async with throttled(throttle=True, throttle_clock=clock) as (s, api):
        get = recording(api)
        statuses = [(await get()).status for _ in range(241)]
        assert statuses == [200] * 240 + [429]
        assert s.throttle_429s == 1
        assert s.throttle is not None
        assert s.throttle.settings.rates["crud"] == ((480, 60.0), (4800, 3600.0))


async def test_unauthenticated_forbidden_and_unknown_requests_are_not_counted() -> None:
    clock = Clock()
    async with throttled(throttle={"recordings": [(1, 60.0)]}, throttle_clock=clock) as (s, api):
        get = recording(api)
        no_scope = s.issue_key(["organization:read"])
        assert (await get(key=None)).status == 401
        assert (await get(key="phx_unknown")).status == 401
        assert (await get(key=no_scope)).status == 403
        assert (await api.get(api.env("session_recordings/x/nowhere/"))).status == 404
        assert (await get()).status == 200
        assert (await get()).status == 429
        assert s.throttle_429s == 1


async def test_reset_stats_clears_the_counts_and_throttle_reset_the_windows() -> None:
    clock = Clock()
    async with throttled(throttle={"recordings": [(1, 60.0)]}, throttle_clock=clock) as (s, api):
        get = recording(api)
        assert [(await get()).status for _ in range(2)] == [200, 429]
        s.reset_stats()
        assert s.throttle_429s == 0
        assert (await get()).status == 429
        assert s.throttle is not None
        s.throttle.reset()
        assert (await get()).status == 200


async def test_a_throttle_object_can_be_given_as_it_is() -> None:
    clock = Clock()
    settings = Throttle({"crud": [(1, 5.0)]}, retry_after="floor", clock=clock)
    async with throttled(throttle=settings) as (s, api):
        list_roles = roles(api)
        assert [(await list_roles()).status for _ in range(2)] == [200, 429]
        assert s.throttle is not None
        assert s.throttle.settings is settings


@pytest.mark.parametrize(
    "rates",
    [{"crud": []}, {"crud": [(0, 1.0)]}, {"crud": [(5, 0.0)]}, {"crud": [(True, 1.0)]}],
)
def test_malformed_rates_are_refused_at_construction(rates: Any) -> None:
    with pytest.raises(ValueError, match="throttle 'crud'"):
        FakeServer(throttle=rates)


def test_an_unknown_rounding_is_refused() -> None:
    with pytest.raises(ValueError, match="ceil"):
        FakeServer(throttle=True, throttle_retry_after="round")  # type: ignore[arg-type]


async def test_the_client_reads_a_throttled_answer_as_a_rate_limit_error() -> None:
    clock = Clock()
    async with (
        FakeServer(recordings=3, throttle={"recordings": [(1, 30.0)]}, throttle_clock=clock) as s,
        AsyncClient(api_key=s.api_key, base_url=s.base_url, max_retries=0) as client,
    ):
        await client.session_recordings.get(project_id=s.project_id, id=s.recording_ids[0])
        clock.now += 10.2
        with pytest.raises(RateLimitError) as raised:
            await client.session_recordings.get(project_id=s.project_id, id=s.recording_ids[1])
        error = raised.value
        assert error.retry_after == 20
        assert error.code == "throttled"
        assert error.detail == "Request was throttled. Expected available in 20 seconds."
        assert error.attr is None
        # Another class is not held up by the throttled one.
        roles = await client.roles.list(organization_id=s.organization_id)
        assert roles.results
