"""Suite 7: a bulk fetch through `AsyncClient(rate_limit=RateLimit(N, per=...))` stays under
N requests in any window, as the server's arrival times show; against a server that answers
429 above that rate, the fetch without the limit collects 429s while the fetch with it gets
none. Short windows (1 s, the shortest a `RateLimit` takes) stand in for the service's 240
a minute. On virtual time, requests bunched at a window's end and then sent as fast as
the limit allows never make Django REST framework's throttle (a log of the requests it let
through) hold more than N in any window, wherever the windows of the clock fall."""

from __future__ import annotations

import asyncio

import pytest

from product_analytics import AsyncClient, RateLimit
from tests.support.drf_throttle_server import DrfThrottleServer, Hit
from tests.support.fault_scenarios import max_in_window, rate_limited_fetch
from tests.support.reliability import FIGURES, Figure
from tests.support.virtual_time import run_in_virtual_time, virtual_clock

LIMIT = 10
PER = 1
# Arrival times jitter by a few milliseconds on loopback; the server's check (and the
# window measured) allow for that much, no more.
JITTER = 0.02
RECORDINGS = 30


async def test_a_rate_limited_bulk_fetch_stays_under_the_limit_in_every_window() -> None:
    result = await rate_limited_fetch(
        RECORDINGS, rate_limit=RateLimit(LIMIT, per=PER), server_limit=None, server_window=PER
    )
    assert result.fetched == RECORDINGS
    assert len(result.arrivals) == RECORDINGS
    assert max_in_window(result.arrivals, PER - JITTER) <= LIMIT
    # It is paced, not just slow: about RECORDINGS / LIMIT windows, not many more.
    assert (RECORDINGS / LIMIT - 1) * PER <= result.seconds < (RECORDINGS / LIMIT + 2) * PER


@pytest.mark.parametrize("limited", [False, True], ids=["without-limit", "with-limit"])
async def test_the_limit_avoids_the_429s_a_throttling_server_answers_above_its_rate(
    limited: bool,
) -> None:
    result = await rate_limited_fetch(
        RECORDINGS,
        rate_limit=RateLimit(LIMIT, per=PER) if limited else None,
        server_limit=LIMIT,
        server_window=PER - JITTER,
    )
    FIGURES.append(
        Figure(
            f"rate limit {LIMIT}/{PER}s: {'with' if limited else 'without'} limit",
            cases=RECORDINGS,
            faults=result.throttled,
            seconds=result.seconds,
            note=f"429s answered {result.throttled}, fetched {result.fetched}",
        )
    )
    if limited:
        assert result.throttled == 0
        assert result.fetched == RECORDINGS
        assert result.errors == {}
    else:
        assert result.throttled > RECORDINGS / 2
        assert result.errors["RateLimitError"] == result.throttled


def test_max_in_window_counts_the_busiest_half_open_window() -> None:
    assert max_in_window([], 1.0) == 0
    assert max_in_window([0.0, 0.5, 0.99, 1.0, 1.5], 1.0) == 3
    assert max_in_window([0.0, 1.0, 2.0], 1.0) == 1
    assert max_in_window([0.3, 0.1, 0.2], 0.25) == 3


def _bunched_then_flat_out(limit: int, per: int, epoch: float) -> tuple[list[Hit], float]:
    """On virtual time from `epoch` (epoch s), a client with `RateLimit(limit, per=per)`
    against a DRF throttle of the same rate: one request, then `limit - 1` bunched at 0.8 of
    the window, then `3 * limit` more as fast as the limit lets them go. The server's
    answers and the seconds from the bunch to the end."""

    async def run() -> tuple[list[Hit], float]:
        server = DrfThrottleServer(
            {"recordings": [(limit, per)]},
            recordings=4 * limit,
            rounding="ceil",
            clock=virtual_clock,
        )
        ids = server.recording_ids
        async with AsyncClient(
            api_key=server.api_key,
            base_url="https://drf.test",
            project_id=server.project_id,
            transport=server.transport(latency=0.02, jitter=0.005),
            rate_limit=RateLimit(limit, per=per),
            max_concurrency=2 * limit,
        ) as client:
            await client.session_recordings.get(id=ids[0])
            await asyncio.sleep(0.8 * per)
            bunched = virtual_clock()
            await client.session_recordings.get_many(ids=ids[1:limit])
            await client.session_recordings.get_many(ids=ids[limit:], return_exceptions=True)
        return server.hits, virtual_clock() - bunched

    return run_in_virtual_time(run, clocks=True, epoch=epoch)


@pytest.mark.parametrize("phase", [0.0, 0.25, 0.5, 0.75])
def test_a_rate_limit_never_lets_more_than_n_into_a_drf_window(phase: float) -> None:
    """A fixed window would let `limit` more through as it turns over, right after the
    bunch; a sliding-window counter, as the bunch's weight in it decays. `phase`: where in
    the clock's windows of `per` seconds the run starts (they fall on its multiples)."""
    limit, per = 10, 2
    hits, seconds = _bunched_then_flat_out(limit, per, epoch=1_800_000_000 + phase * per)
    refused = [hit.at for hit in hits if hit.status == 429]
    assert refused == []
    assert len(hits) == 4 * limit
    assert max_in_window([hit.at for hit in hits], per) == limit
    # Paced, not merely slow: the bunch's window, then one window per `limit` requests.
    assert seconds < 4 * per + 0.5
