"""Suite 7: a bulk fetch through `AsyncClient(rate_limit=RateLimit(N, per=...))` stays under
N requests in any window, as the server's arrival times show; against a server that answers
429 above that rate, the fetch without the limit collects 429s while the fetch with it gets
none. Short windows (1 s, the shortest a `RateLimit` takes) stand in for the service's 240
a minute."""

from __future__ import annotations

import pytest

from product_analytics import RateLimit
from tests.support.fault_scenarios import max_in_window, rate_limited_fetch
from tests.support.reliability import FIGURES, Figure

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
