"""`Watchdog`: the time limits of many attempts on one timer, without a network."""

from __future__ import annotations

import asyncio
import sys

import pytest

from product_analytics._watchdog import Limit, Watchdog


async def _attempt(limit: Limit, seconds: float) -> str:
    """Await `seconds` under `limit`, as a transport awaits the service."""
    limit.enter()
    try:
        await asyncio.sleep(seconds)
    except asyncio.CancelledError:
        if limit.timed_out():
            return "timed out"
        raise
    finally:
        limit.leave()
    limit.finish()
    return "answered"


async def test_an_attempt_within_its_time_is_left_alone() -> None:
    watchdog = Watchdog()
    assert await _attempt(watchdog.start(1.0), 0.01) == "answered"
    assert not watchdog._limits


async def test_an_attempt_past_its_time_is_ended_as_a_timeout() -> None:
    watchdog = Watchdog()
    limit = watchdog.start(0.05)
    assert await asyncio.wait_for(_attempt(limit, 10.0), 5.0) == "timed out"
    assert limit.expired
    assert not watchdog._limits


async def test_many_attempts_share_one_timer_and_each_ends_at_its_own_time() -> None:
    watchdog = Watchdog()
    limits = [watchdog.start(0.05 + i * 0.01) for i in range(20)]
    timer = watchdog._timer
    assert timer is not None
    assert all(watchdog._timer is timer for _ in limits)  # later ends set no new timer
    # The even ones answer at once; the odd ones wait past their limits.
    outcomes = await asyncio.gather(
        *(_attempt(limit, 0.0 if i % 2 == 0 else 10.0) for i, limit in enumerate(limits))
    )
    assert outcomes == ["answered" if i % 2 == 0 else "timed out" for i in range(20)]
    assert watchdog._timer is None
    assert not watchdog._limits


async def test_an_earlier_end_moves_the_timer_forward() -> None:
    watchdog = Watchdog()
    late = watchdog.start(30.0)
    early = watchdog.start(0.05)
    assert watchdog._timer_at == early.end < late.end
    assert await asyncio.wait_for(_attempt(early, 10.0), 5.0) == "timed out"
    assert not late.expired
    assert watchdog._timer_at == late.end  # rescheduled for the one still watched
    late.finish()
    watchdog.close()


async def test_an_attempt_that_expires_between_awaits_is_marked_not_cancelled() -> None:
    watchdog = Watchdog()
    limit = watchdog.start(0.02)
    await asyncio.sleep(0.1)  # not inside an await of the attempt: nothing to cancel
    assert limit.expired  # the caller checks this before its next await


async def test_a_finished_attempt_never_expires() -> None:
    watchdog = Watchdog()
    limit = watchdog.start(0.02)
    limit.finish()
    limit.finish()  # idempotent
    await asyncio.sleep(0.06)
    assert not limit.expired


@pytest.mark.skipif(sys.version_info < (3, 11), reason="cancellations are told apart from 3.11")
async def test_a_cancellation_from_elsewhere_at_the_same_time_propagates() -> None:
    watchdog = Watchdog()
    limit = watchdog.start(0.05)
    task = asyncio.ensure_future(_attempt(limit, 10.0))
    await asyncio.sleep(0.02)
    loop = asyncio.get_running_loop()
    # Someone cancels the task in the same loop iteration as the watchdog's timer fires.
    loop.call_at(limit.end, task.cancel)
    with pytest.raises(asyncio.CancelledError):
        await task


async def test_a_cancellation_from_elsewhere_before_the_limit_propagates() -> None:
    watchdog = Watchdog()
    limit = watchdog.start(5.0)
    task = asyncio.ensure_future(_attempt(limit, 10.0))
    await asyncio.sleep(0.01)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert not limit.expired


async def test_close_stops_the_timer_and_forgets_every_attempt() -> None:
    watchdog = Watchdog()
    limits = [watchdog.start(0.02) for _ in range(3)]
    watchdog.close()
    await asyncio.sleep(0.05)
    assert watchdog._timer is None
    assert not any(limit.expired for limit in limits)
