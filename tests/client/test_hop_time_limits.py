"""`Watchdog`: the time limits of many hops on one timer, without a network."""

from __future__ import annotations

import asyncio
import sys
import time
from typing import Any

import pytest

from product_analytics import ApiTimeoutError, AsyncClient, Request, Response
from product_analytics._sending.watchdog import Watchdog


def _task() -> asyncio.Task[Any]:
    task = asyncio.current_task()
    assert task is not None
    return task


async def _hop(watchdog: Watchdog, limit_seconds: float, seconds: float) -> str:
    """Await `seconds` within a limit of `limit_seconds`, as the send path awaits a
    transport."""
    task = _task()
    watchdog.start(task, limit_seconds)
    try:
        await asyncio.sleep(seconds)
    except asyncio.CancelledError:
        if watchdog.timed_out(task):
            return "timed out"
        raise
    finally:
        watchdog.finish(task)
    return "answered"


def _end_of_only_hop(watchdog: Watchdog) -> float:
    ((end, _),) = watchdog.hops.values()
    return end


async def test_a_hop_within_its_time_is_left_alone() -> None:
    watchdog = Watchdog()
    assert await _hop(watchdog, 1.0, 0.01) == "answered"
    assert not watchdog.hops


async def test_a_hop_past_its_time_is_ended_as_a_timeout() -> None:
    watchdog = Watchdog()
    assert await asyncio.wait_for(_hop(watchdog, 0.05, 10.0), 5.0) == "timed out"
    assert not watchdog.hops
    assert not watchdog.expired
    assert watchdog.timer is None


async def test_many_hops_share_one_timer_and_each_ends_at_its_own_time() -> None:
    watchdog = Watchdog()
    # The even ones answer at once; the odd ones wait past their limits.
    hops = [
        asyncio.ensure_future(_hop(watchdog, 0.05 + i * 0.01, 0.0 if i % 2 == 0 else 10.0))
        for i in range(20)
    ]
    await asyncio.sleep(0)  # every hop has started; only the first set a timer
    assert watchdog.timer is not None
    assert watchdog.timer_at == min(end for end, _ in watchdog.hops.values())
    outcomes = await asyncio.gather(*hops)
    assert outcomes == ["answered" if i % 2 == 0 else "timed out" for i in range(20)]
    assert watchdog.timer is None
    assert not watchdog.hops
    assert not watchdog.expired


async def test_an_earlier_end_moves_the_timer_forward() -> None:
    watchdog = Watchdog()
    late_hop = asyncio.ensure_future(_hop(watchdog, 30.0, 60.0))
    await asyncio.sleep(0)
    late_end = _end_of_only_hop(watchdog)
    early_hop = asyncio.ensure_future(_hop(watchdog, 0.05, 10.0))
    await asyncio.sleep(0)
    assert watchdog.timer_at < late_end
    assert await asyncio.wait_for(early_hop, 5.0) == "timed out"
    assert watchdog.timer_at == late_end  # rescheduled for the one still watched
    late_hop.cancel()
    with pytest.raises(asyncio.CancelledError):
        await late_hop
    watchdog.close()


async def test_a_finished_hop_never_expires() -> None:
    watchdog = Watchdog()
    task = _task()
    watchdog.start(task, 0.02)
    watchdog.finish(task)
    watchdog.finish(task)  # idempotent
    await asyncio.sleep(0.06)
    assert not watchdog.timed_out(task)
    assert not watchdog.expired


@pytest.mark.skipif(sys.version_info < (3, 11), reason="cancellations are told apart from 3.11")
async def test_a_cancellation_from_elsewhere_at_the_same_time_propagates() -> None:
    watchdog = Watchdog()
    task = asyncio.ensure_future(_hop(watchdog, 0.05, 10.0))
    await asyncio.sleep(0.02)
    loop = asyncio.get_running_loop()
    # Someone cancels the task in the same loop iteration as the watchdog's timer fires.
    loop.call_at(_end_of_only_hop(watchdog), task.cancel)
    with pytest.raises(asyncio.CancelledError):
        await task


async def test_a_cancellation_from_elsewhere_before_the_limit_propagates() -> None:
    watchdog = Watchdog()
    task = asyncio.ensure_future(_hop(watchdog, 5.0, 10.0))
    await asyncio.sleep(0.01)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert not watchdog.hops
    assert not watchdog.expired


async def test_close_stops_the_timer_and_forgets_every_hop() -> None:
    watchdog = Watchdog()
    hops = [asyncio.ensure_future(_hop(watchdog, 0.02, 0.2)) for _ in range(3)]
    await asyncio.sleep(0)
    watchdog.close()
    assert watchdog.timer is None
    assert await asyncio.gather(*hops) == ["answered"] * 3


# -- through the client --------------------------------------------------------------------


class _Stalling:
    """A transport that keeps no time: it never answers."""

    async def send(self, request: Request, *, timeout: float) -> Response:
        request.sent = False  # it never left: waiting for a connection, say
        await asyncio.sleep(3600)
        raise AssertionError("never answered")

    async def close(self) -> None:
        pass


async def test_a_transport_that_keeps_no_time_is_ended_at_the_calls_timeout() -> None:
    async with AsyncClient(
        api_key="phx_test",
        base_url="http://127.0.0.1:9",
        transport=_Stalling(),
        timeout=0.1,
        max_retries=0,
    ) as client:
        started = time.monotonic()
        with pytest.raises(ApiTimeoutError) as caught:
            await client.roles.get(organization_id="org", id="r1")
        assert time.monotonic() - started < 5
        assert not client._session.watchdog.hops
    assert caught.value.request_sent is False
