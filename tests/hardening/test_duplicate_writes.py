"""A write is never sent twice: a POST answered with a redirect has taken effect, so a retry
repeats only the redirected request (case 1); a POST that timed out waiting for a pooled
connection never left, so it is retried, while one that reached the server is not
(case 7)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest
from aiohttp import web

from product_analytics import ApiTimeoutError, InternalServerError
from tests.hardening.conftest import ROLES, client_of, fast_retries, role
from tests.hardening.hostile_server import HostileServer, raw_json, redirect, stall

CREATED = f"{ROLES}r1/"


def answers(*handlers: Callable[[web.Request], Awaitable[web.StreamResponse]]):  # type: ignore[no-untyped-def]
    """A handler giving each answer in turn, the last one from then on."""
    queue = list(handlers)

    async def handler(request: web.Request) -> web.StreamResponse:
        current = queue.pop(0) if len(queue) > 1 else queue[0]
        return await current(request)

    return handler


# -- case 1: a redirected POST is never repeated ------------------------------------------


async def test_post_answered_303_then_get_429_sends_the_post_once(hostile: HostileServer) -> None:
    hostile.route(redirect(CREATED, 303), path=ROLES, method="POST")
    hostile.route(
        answers(raw_json({"detail": "slow down"}, 429, **{"Retry-After": "0"}), raw_json(role())),
        path=CREATED,
    )
    async with client_of(hostile, retry_policy=fast_retries(3)) as client:
        created = await client.roles.create(name="Analysts")
    assert created.id == "r1"
    assert hostile.methods() == ["POST", "GET", "GET"]
    assert [s.path_qs for s in hostile.seen[1:]] == [CREATED, CREATED]


@pytest.mark.parametrize("status", [301, 302, 303])
async def test_post_redirected_then_get_failing_retries_only_the_get(
    hostile: HostileServer, status: int
) -> None:
    hostile.route(redirect(CREATED, status), path=ROLES, method="POST")
    hostile.route(
        answers(
            raw_json({"detail": "down"}, 503), raw_json({"detail": "down"}, 502), raw_json(role())
        ),
        path=CREATED,
    )
    async with client_of(hostile, retry_policy=fast_retries(3)) as client:
        created = await client.roles.create(name="Analysts")
    assert created.id == "r1"
    assert hostile.count("POST") == 1
    assert hostile.methods() == ["POST", "GET", "GET", "GET"]


async def test_post_redirected_then_get_failing_for_good_ends_with_the_gets_error(
    hostile: HostileServer,
) -> None:
    hostile.route(redirect(CREATED, 303), path=ROLES, method="POST")
    hostile.route(raw_json({"detail": "down"}, 503), path=CREATED)
    async with client_of(hostile, retry_policy=fast_retries(2)) as client:
        with pytest.raises(InternalServerError) as info:
            await client.roles.create(name="Analysts")
    assert info.value.method == "GET"
    assert info.value.url.endswith(CREATED)
    assert hostile.methods() == ["POST", "GET", "GET", "GET"]


async def test_a_post_answered_429_itself_is_retried(hostile: HostileServer) -> None:
    hostile.route(
        answers(
            raw_json({"detail": "slow down"}, 429, **{"Retry-After": "0"}), raw_json(role(), 201)
        ),
        path=ROLES,
        method="POST",
    )
    async with client_of(hostile, retry_policy=fast_retries(2)) as client:
        created = await client.roles.create(name="Analysts")
    assert created.id == "r1"
    assert hostile.methods() == ["POST", "POST"]


async def test_a_post_answered_503_is_not_retried(hostile: HostileServer) -> None:
    hostile.route(raw_json({"detail": "down"}, 503), path=ROLES, method="POST")
    async with client_of(hostile, retry_policy=fast_retries(3)) as client:
        with pytest.raises(InternalServerError):
            await client.roles.create(name="Analysts")
    assert hostile.methods() == ["POST"]


# -- case 7: waiting for a pooled connection is not "sent" --------------------------------


async def _hold_the_only_connection(
    hostile: HostileServer, client_call: Awaitable[object]
) -> asyncio.Task[object]:
    """Start a call that occupies the pool's only connection until the server lets go."""
    task: asyncio.Task[object] = asyncio.ensure_future(client_call)
    await hostile.wait_for(1)
    return task


async def test_a_post_that_never_got_a_connection_is_not_sent(hostile: HostileServer) -> None:
    release = asyncio.Event()

    async def held(request: web.Request) -> web.StreamResponse:
        await release.wait()
        return web.json_response(role("held"))

    hostile.route(held, path=f"{ROLES}held/")
    hostile.route(raw_json(role(), 201), path=ROLES, method="POST")
    async with client_of(hostile, max_concurrency=1) as client:
        holder = await _hold_the_only_connection(hostile, client.roles.get(id="held"))
        with pytest.raises(ApiTimeoutError) as info:
            await client.roles.create(name="Analysts", timeout=0.3)
        release.set()
        await holder
    assert info.value.request_sent is False
    assert hostile.count("POST") == 0


async def test_a_post_that_never_got_a_connection_is_retried_and_sent_once(
    hostile: HostileServer,
) -> None:
    async def held(request: web.Request) -> web.StreamResponse:
        await asyncio.sleep(0.8)
        return web.json_response(role("held"))

    hostile.route(held, path=f"{ROLES}held/")
    hostile.route(raw_json(role(), 201), path=ROLES, method="POST")
    policy = fast_retries(20, initial_delay=0.01, max_delay=0.05)
    async with client_of(hostile, max_concurrency=1, retry_policy=policy) as client:
        holder = await _hold_the_only_connection(hostile, client.roles.get(id="held"))
        created = await client.roles.create(name="Analysts", timeout=0.2)
        await holder
        retries = client.stats.retries
    assert created.id == "r1"
    assert retries >= 1  # it did time out in the pool at least once
    assert hostile.count("POST") == 1


async def test_a_post_that_reached_the_server_and_timed_out_is_sent_and_not_retried(
    hostile: HostileServer,
) -> None:
    hostile.route(stall(5), path=ROLES, method="POST")
    async with client_of(hostile, retry_policy=fast_retries(3)) as client:
        with pytest.raises(ApiTimeoutError) as info:
            await client.roles.create(name="Analysts", timeout=0.3)
    assert info.value.request_sent is True
    await asyncio.sleep(0.1)
    assert hostile.count("POST") == 1
