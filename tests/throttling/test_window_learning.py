"""A service's window learned from its answers alone: `get_many` with default settings
against DRF-style throttles the client knows nothing of (sliding and fixed windows, from a
second to an hour, `Retry-After` rounded up or down) takes at most 1.1x the least time the
window allows, with at most 10 % of its requests answered 429 (the first window's, in
flight when its first 429 came). On virtual time (`fetch_in_virtual_time`), each run drawn
with other latencies; the real-time run is in test_service_throttles.py and the figures of
real-time runs in `make bench` (docs/benchmarks.md)."""

from __future__ import annotations

import asyncio
import math
import time

import pytest

from product_analytics import AsyncClient, RateLimit
from product_analytics._sending.throttle import Refusal, window_shown
from product_analytics.testing import MockTransport
from tests.support.drf_throttle_server import (
    fetch_in_virtual_time,
    fetch_together_in_virtual_time,
)
from tests.support.virtual_time import run_in_virtual_time

HOUR = 3600.0


@pytest.mark.parametrize("seed", range(10))
def test_thirty_a_second_is_learned_in_every_run(seed: int) -> None:
    run = fetch_in_virtual_time([(30, 1.0)], 600, seed=seed, jitter=0.01)
    assert run.errors == 0
    assert run.share_429 <= 0.10, run
    assert run.ratio <= 1.1, run


@pytest.mark.parametrize(
    ("rates", "count", "window", "offset"),
    [
        ([(40, 10.0)], 600, "sliding", 0.0),
        ([(240, 60.0)], 2400, "sliding", 0.0),
        ([(1200, HOUR)], 3600, "sliding", 0.0),
        ([(30, 1.0)], 600, "fixed", 0.37),
        ([(40, 10.0)], 600, "fixed", 3.7),
        ([(240, 60.0)], 2400, "fixed", 22.2),
        ([(1200, HOUR)], 3600, "fixed", 1234.5),
    ],
    ids=[
        "40/10s",
        "240/min",
        "1200/h",
        "fixed-30/s",
        "fixed-40/10s",
        "fixed-240/min",
        "fixed-1200/h",
    ],
)
@pytest.mark.parametrize("seed", range(2))
def test_windows_from_a_second_to_an_hour_are_learned(
    rates: list[tuple[int, float]], count: int, window: str, offset: float, seed: int
) -> None:
    # An hour's wait is beyond the default 15 minutes of throttle waits: a deadline allows it.
    run = fetch_in_virtual_time(
        rates,
        count,
        window=window,
        offset=offset,
        seed=seed,
        deadline=3 * HOUR,  # type: ignore[arg-type]
    )
    assert run.errors == 0
    assert run.share_429 <= 0.10, run
    assert run.ratio <= 1.1, run


@pytest.mark.parametrize("rates", [[(30, 1.0)], [(40, 10.0)]], ids=["30/s", "40/10s"])
def test_a_retry_after_rounded_down_is_learned_too(rates: list[tuple[int, float]]) -> None:
    run = fetch_in_virtual_time(rates, 600, rounding="floor")
    assert run.errors == 0
    assert run.share_429 <= 0.10, run
    assert run.ratio <= 1.1, run


def drf(sent: list[float], n: int, seconds: float) -> tuple[list[float], list[Refusal]]:
    """What a DRF throttle of `n` per `seconds` makes of requests sent at these times (each
    answered 10 ms later): those let through, and its refusals."""
    passed: list[float] = []
    refused: list[Refusal] = []
    for at in sent:
        window = [t for t in passed if t > at - seconds]
        if len(window) < n:
            passed.append(at)
        else:
            refused.append(Refusal(at, float(math.ceil(window[0] + seconds - at)), at + 0.01))
    return passed, refused


def test_a_burst_refused_shows_its_window() -> None:
    """40 let through in 50 ms, the next refused with `Retry-After: 10`: 40 per 10 s."""
    passed, refused = drf([100.0 + i * 0.00125 for i in range(60)], 40, 10.0)
    assert window_shown(passed, refused) == (40, 10)


def test_a_steady_stream_refused_shows_its_window() -> None:
    """About 34 a second against 60 per 2 s: the first refusal finds 60 in the last 2 s,
    the oldest leaving within the second; against 30 a second, 30 in the last one."""
    stream = [i * 0.029 for i in range(110)]
    passed, refused = drf(stream, 60, 2.0)
    assert window_shown(passed, refused[:1]) == (60, 2)
    passed, refused = drf(stream, 30, 1.0)
    assert window_shown(passed, refused[:1]) == (30, 1)


def test_a_window_already_kept_to_is_not_learned_again() -> None:
    """Paced at 30 a second and refused anyway: the refusal was not that window's (another
    client on the key, say), so the next window that explains it is learned instead."""
    passed, refused = drf([i * 0.029 for i in range(110)], 30, 1.0)
    shown = window_shown(passed, refused[:1], known=[(30, 1)])
    assert shown == (30, 2)


def test_answers_that_fit_no_window_teach_nothing() -> None:
    assert window_shown([], [Refusal(1.0, 1.0, 1.01)]) is None
    assert window_shown([0.5], []) is None


def scripted_client(answers: list[int]) -> AsyncClient:
    """A client whose requests get a role, or a 429 (`Retry-After: 1`) while `answers`
    starts with 429 (each answer taken off as it is given)."""

    def handler(request: object) -> tuple[int, dict[str, str], bytes]:
        headers = {"Content-Type": "application/json"}
        if answers and answers.pop(0) == 429:
            return 429, {**headers, "Retry-After": "1"}, b'{"detail": "throttled"}'
        return 200, headers, b'{"id": "r1", "name": "role"}'

    return AsyncClient(
        api_key="phx_test",
        base_url="https://api.test",
        organization_id="org",
        transport=MockTransport(handler),
    )


def test_a_lone_429_after_a_quiet_hour_teaches_no_window() -> None:
    """A client quiet for an hour gets one 429 (`Retry-After: 1`, a proxy's, say) and its
    retry goes through. Nothing else was sent meanwhile, so nothing shows a window: the
    next request a minute later goes at once (it was refused by a learned "1 per 3601 s")."""
    answers: list[int] = []

    async def main() -> float:
        async with scripted_client(answers) as client:
            await client.roles.get(id="r1")
            await asyncio.sleep(HOUR)
            answers.append(429)
            await client.roles.get(id="r1")  # refused once, its retry let through
            await asyncio.sleep(60.0)
            started = time.monotonic()
            await client.roles.get(id="r1")
            return time.monotonic() - started

    assert run_in_virtual_time(main, clocks=True) < 1.0


def test_two_429s_after_a_quiet_spell_teach_no_window_longer_than_the_published_ones() -> None:
    """One request, two quiet hours, then two requests at once both refused (`Retry-After:
    1`) and both retried after the pause. The one request let through two hours before
    would explain the pause as "1 per 7201 s", longer than any window the class publishes
    (an hour at most): that teaches nothing, and a request a minute later goes at once."""
    answers: list[int] = []

    async def main() -> float:
        async with scripted_client(answers) as client:
            await client.roles.get(id="r1")
            await asyncio.sleep(2 * HOUR)
            answers.extend([429, 429])
            await asyncio.gather(client.roles.get(id="r1"), client.roles.get(id="r1"))
            await asyncio.sleep(60.0)
            started = time.monotonic()
            await client.roles.get(id="r1")
            return time.monotonic() - started

    assert run_in_virtual_time(main, clocks=True) < 1.0


@pytest.mark.parametrize("seed", range(5))
def test_four_clients_on_one_key_without_a_store_each_finish_within_twice_the_bound(
    seed: int,
) -> None:
    """4 workers on one key, no shared store, 60 recordings each, `rate_limit` set to the
    service's 30 per 3 s: they collide, and each learns a share of the window from its
    429s, some of them a small one (1 or 2 requests per 3 s) while the others run. Probing
    beyond its learned window, each takes the room the others leave once they finish: the
    slowest ends within 2x the least time the window allows all 240 (what workers sharing
    a store take at best), none crawling on at its small share."""
    runs = fetch_together_in_virtual_time(
        [(30, 3.0)], 4, 60, seed=seed, max_retries=8, rate_limit=RateLimit(30, per=3)
    )
    assert [run.errors for run in runs] == [0] * 4
    slowest = max(run.seconds for run in runs)
    assert slowest <= 2 * runs[0].bound, [round(run.seconds, 1) for run in runs]
