"""Time, rate and state stay bounded: `timeout` bounds a whole attempt, redirects included
(case 5); the client's rate limit counts every request that reaches a server, redirect hops
included (case 6); distinct per-call timeouts grow no cache (case 10); a slow-drip body and
a huge Retry-After cannot hold a call (what held)."""

from __future__ import annotations

import asyncio

import pytest
from aiohttp import web

from product_analytics import (
    ApiTimeoutError,
    InternalServerError,
    RateLimit,
    RateLimitError,
    RetryPolicy,
)
from product_analytics._sending.retry import Outcome, parse_retry_after
from tests.hardening.conftest import ROLES, client_of, fast_retries, role
from tests.hardening.hostile_server import HostileServer, raw_json, slow_drip
from tests.hardening.scenarios import reachable_size


def redirect_chain(*, hops: int, delay: float = 0.0):  # type: ignore[no-untyped-def]
    """/...?hop=n answers 302 to ?hop=n+1 after `delay` seconds, until `hops`."""

    async def hop(request: web.Request) -> web.StreamResponse:
        if delay:
            await asyncio.sleep(delay)
        step = int(request.query.get("hop", "0"))
        if step >= hops:
            return web.json_response(role())
        return web.Response(status=302, headers={"Location": f"{request.path}?hop={step + 1}"})

    return hop


# -- case 5 -------------------------------------------------------------------------------


async def test_timeout_bounds_the_whole_attempt_redirects_included(hostile: HostileServer) -> None:
    hostile.route(redirect_chain(hops=20, delay=0.6))
    async with client_of(hostile, timeout=1.0) as client:
        with pytest.raises(ApiTimeoutError) as info:
            await client.roles.get(id="r1")
    await asyncio.sleep(0.7)  # a third hop, had one been sent, would have arrived by now
    assert hostile.count() == 2  # 0.6 s + 0.6 s > 1 s: the second hop was cut
    assert info.value.request_sent is True
    assert "?hop=1" in info.value.url


async def test_a_per_call_timeout_bounds_the_redirects_too(hostile: HostileServer) -> None:
    hostile.route(redirect_chain(hops=20, delay=0.3))
    async with client_of(hostile, timeout=30.0) as client:
        with pytest.raises(ApiTimeoutError):
            await client.roles.get(id="r1", timeout=0.5)
    await asyncio.sleep(0.4)
    assert hostile.count() == 2


async def test_a_slow_drip_after_redirects_is_cut_by_the_same_clock(hostile: HostileServer) -> None:
    hostile.route(slow_drip(every=0.1), path=f"{ROLES}r1/")
    hostile.route(_to(f"{ROLES}r1/", 0.4), path=f"{ROLES}r0/")
    async with client_of(hostile, timeout=1.0) as client:
        with pytest.raises(ApiTimeoutError):
            await client.roles.get(id="r0")
    assert hostile.count() == 2


def _to(location: str, delay: float):  # type: ignore[no-untyped-def]
    async def handler(request: web.Request) -> web.StreamResponse:
        await asyncio.sleep(delay)
        return web.Response(status=302, headers={"Location": location})

    return handler


# -- case 6 -------------------------------------------------------------------------------


async def test_the_rate_limit_counts_redirect_hops(hostile: HostileServer) -> None:
    hostile.route(redirect_chain(hops=50))
    async with client_of(hostile, max_retries=2, rate_limit=RateLimit(5, per=60)) as client:
        with pytest.raises(asyncio.TimeoutError):
            # The sixth request waits for the window (a minute): stopped here.
            await asyncio.wait_for(client.roles.get(id="r1"), 1.5)
        assert client.stats.requests == 5
    assert hostile.count() == 5


async def test_with_a_deadline_a_redirect_loop_under_a_rate_limit_ends_at_once(
    hostile: HostileServer,
) -> None:
    hostile.route(redirect_chain(hops=50))
    async with client_of(hostile, rate_limit=RateLimit(5, per=60), deadline=2.0) as client:
        with pytest.raises(RateLimitError, match="client's rate limit"):
            await asyncio.wait_for(client.roles.get(id="r1"), 10)
    assert hostile.count() == 5


async def test_the_rate_limit_counts_the_gets_after_a_303(hostile: HostileServer) -> None:
    hostile.route(_to(f"{ROLES}r1/", 0), path=ROLES, method="POST")
    hostile.route(raw_json(role()), path=f"{ROLES}r1/")
    limit = RateLimit(3, per=60)
    async with client_of(hostile, rate_limit=limit) as client:
        await client.roles.create(name="A")  # POST + GET: two of three
        await client.roles.get(id="r1")  # the third
        with pytest.raises(asyncio.TimeoutError):
            await asyncio.wait_for(client.roles.get(id="r1"), 0.5)
    assert hostile.count() == 3


async def test_a_redirect_loop_ends_after_max_redirects(hostile: HostileServer) -> None:
    hostile.route(redirect_chain(hops=10_000))
    async with client_of(hostile, max_retries=3) as client:
        with pytest.raises(Exception, match="more than 10 redirects"):
            await client.roles.get(id="r1")
    assert hostile.count() == 11  # the request and ten redirects; a 3xx is not retried


# -- case 10 ------------------------------------------------------------------------------


async def test_distinct_per_call_timeouts_grow_nothing(hostile: HostileServer) -> None:
    hostile.route(raw_json(role()))
    async with client_of(hostile) as client:
        for i in range(100):
            await client.roles.get(id="r1", timeout=10 + i / 1000)
        # What 1,000 calls add whatever their timeouts (the throttle state's bounded log of
        # admissions, say) is the baseline; distinct timeouts must add nothing to it.
        start = reachable_size(client)
        for _ in range(1000):
            await client.roles.get(id="r1", timeout=20, deadline=30)
        same = reachable_size(client) - start
        start = reachable_size(client)
        for i in range(1000):
            await client.roles.get(id="r1", timeout=20 + i / 1000, deadline=30 + i / 1000)
        distinct = reachable_size(client) - start
    assert distinct - same < 100, f"{distinct - same} more elements after distinct timeouts"


async def test_the_client_keeps_no_time_limit_of_a_finished_request(
    hostile: HostileServer,
) -> None:
    hostile.route(raw_json(role()))
    async with client_of(hostile) as client:
        watchdog = client._session.watchdog
        for i in range(200):
            await client.roles.get(id="r1", timeout=5 + i / 100)
        assert not watchdog.hops
        assert not watchdog.expired


# -- slow drip and Retry-After (what held) ------------------------------------------------


async def test_a_slow_drip_body_ends_at_the_timeout(hostile: HostileServer) -> None:
    hostile.route(slow_drip(b'{"id": "r1"}' + b" " * 200, every=0.2))
    async with client_of(hostile, timeout=1.0) as client:
        with pytest.raises(ApiTimeoutError) as info:
            await client.roles.get(id="r1")
    assert info.value.request_sent is True
    assert hostile.count() == 1


async def test_a_slow_drip_is_retried_for_a_get_each_attempt_bounded(
    hostile: HostileServer,
) -> None:
    hostile.route(slow_drip(every=0.2))
    async with client_of(hostile, timeout=0.5, retry_policy=fast_retries(2)) as client:
        with pytest.raises(ApiTimeoutError):
            await client.roles.get(id="r1")
    assert hostile.count() == 3


@pytest.mark.parametrize("value", ["99999999999", "99999999999999999999999", "1e12"])
async def test_a_huge_retry_after_is_capped(hostile: HostileServer, value: str) -> None:
    hostile.route(raw_json({"detail": "busy"}, 503, **{"Retry-After": value}))
    policy = RetryPolicy(max_retries=2, initial_delay=0.001, max_delay=0.01, max_retry_after=0.05)
    async with client_of(hostile, retry_policy=policy) as client:
        with pytest.raises(InternalServerError):
            await client.roles.get(id="r1")
    assert hostile.count() == 3


def test_the_default_retry_after_cap_is_a_minute() -> None:
    policy = RetryPolicy()
    assert policy.max_retry_after == 60
    assert policy.delay(Outcome(503, True, 1e12), 0) == 60
    for value in ("inf", "nan", "-5", "1e3", "1_000", "\u0661"):
        assert parse_retry_after(value) is None


async def test_a_huge_retry_after_on_429_does_not_outlive_the_deadline(
    hostile: HostileServer,
) -> None:
    hostile.route(raw_json({"detail": "slow down"}, 429, **{"Retry-After": "86400"}))
    async with client_of(hostile, max_retries=5, deadline=1.0) as client:
        with pytest.raises(RateLimitError) as info:
            await client.roles.get(id="r1")
    assert info.value.retry_after is not None
    assert info.value.retry_after > 80_000
    assert hostile.count() == 1


async def test_a_huge_retry_after_on_429_gives_up_past_max_wait(hostile: HostileServer) -> None:
    hostile.route(raw_json({"detail": "slow down"}, 429, **{"Retry-After": "86400"}))
    policy = RetryPolicy(max_retries=5, max_wait=0.5)
    async with client_of(hostile, retry_policy=policy) as client:
        with pytest.raises(RateLimitError):
            await client.roles.get(id="r1")
    assert hostile.count() == 1
