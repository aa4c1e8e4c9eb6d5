"""RateLimit keeps requests under N per window, tested on a fake clock."""

from __future__ import annotations

import asyncio

import pytest

from product_analytics._ratelimit import RateLimit


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


def _max_in_any_window(times: list[float], window: float) -> int:
    return max(sum(1 for t in times if start <= t < start + window) for start in times)


async def test_first_n_requests_go_at_once_then_each_waits_for_the_window() -> None:
    clock = FakeClock()
    limit = RateLimit(3, per=60.0, clock=clock, sleep=clock.sleep)
    sent = []
    for _ in range(7):
        await limit.acquire()
        sent.append(clock.now)
    assert sent == [0.0, 0.0, 0.0, 60.0, 60.0, 60.0, 120.0]
    assert limit.waited == 120.0


async def test_never_more_than_n_in_any_window_under_concurrency() -> None:
    clock = FakeClock()
    limit = RateLimit(240, per=60.0, clock=clock, sleep=clock.sleep)
    sent: list[float] = []

    async def request(i: int) -> None:
        clock.now += 0.01 * (i % 3)  # requests arrive spread out a little
        await limit.acquire()
        sent.append(clock.now)

    await asyncio.gather(*(request(i) for i in range(1000)))
    assert len(sent) == 1000
    assert _max_in_any_window(sent, 60.0) <= 240
    assert sent == sorted(sent)


async def test_requests_spaced_wider_than_the_window_never_wait() -> None:
    clock = FakeClock()
    limit = RateLimit(2, per=1.0, clock=clock, sleep=clock.sleep)
    for _ in range(5):
        await limit.acquire()
        clock.now += 0.6
    assert clock.sleeps == []


async def test_real_clock_short_window_spaces_requests() -> None:
    limit = RateLimit(5, per=0.2)
    loop = asyncio.get_running_loop()
    times = []
    for _ in range(11):
        await limit.acquire()
        times.append(loop.time())
    assert times[10] - times[0] >= 0.4 - 0.01
    assert _max_in_any_window(times, 0.2 - 0.01) <= 5


@pytest.mark.parametrize(("max_requests", "per"), [(0, 1.0), (-1, 1.0), (1, 0), (1, -2.0)])
def test_bad_limits_are_rejected(max_requests: int, per: float) -> None:
    with pytest.raises(ValueError):
        RateLimit(max_requests, per)


def test_non_integer_max_requests_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        RateLimit(2.5, 1.0)  # type: ignore[arg-type]


async def test_client_rate_limit_spaces_every_attempt_against_the_fake_server() -> None:
    from product_analytics import AsyncClient
    from product_analytics.testing import FakeServer

    async with FakeServer(recordings=12, seed=2) as server:
        clock = FakeClock()
        limit = RateLimit(4, per=60.0, clock=clock, sleep=clock.sleep)
        async with AsyncClient(
            api_key=server.api_key, base_url=server.base_url, rate_limit=limit
        ) as client:
            await client.session_recordings.get_many(
                project_id=server.project_id, ids=server.recording_ids, concurrency=8
            )
        assert len(server.requests) == 12
        assert clock.sleeps == [60.0, 60.0]
        assert clock.now == 120.0


def test_client_rejects_a_rate_limit_that_is_not_a_rate_limit() -> None:
    from product_analytics import AsyncClient

    with pytest.raises(TypeError, match="RateLimit"):
        AsyncClient(api_key="k", base_url="http://h", rate_limit=240)  # type: ignore[arg-type]
