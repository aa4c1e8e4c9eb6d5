"""Bulk fetch under live-like throttles, batched and not (issue 22), against FakeServer's
throttle mode with the live service's shapes.

The live service's classes, scaled down in time: `recordings` R per W seconds counts GETs
and lists, `listing` L per W seconds counts lists only (the service's 240/min and 60/min on
paid plans, in windows short enough for a benchmark). `get_many` of N ids runs twice, each
on a fresh server: with `batch_size` (one list request per batch, then a GET per id the list
did not return) and without (one GET per id). The figure is the speed-up, the unbatched
time divided by the batched time, with each run's requests, 429s and errors.
"""

from __future__ import annotations

import time
from typing import Any

from product_analytics import AsyncClient
from product_analytics.testing import FakeServer

__all__ = ["batched_get_many", "table_rows"]

LIST = "session_recordings_list"
GET = "session_recordings_retrieve"


async def _run(
    count: int, batch_size: int | None, rates: dict[str, list[tuple[int, float]]]
) -> dict[str, Any]:
    """`get_many` of `count` ids on a fresh throttled server: time, requests, 429s, errors."""
    async with FakeServer(
        recordings=count, seed=22, list_style="live", live_quirks=True, throttle=rates
    ) as server:
        ids = server.recording_ids[:count]
        async with AsyncClient(
            api_key=server.api_key, base_url=server.base_url, project_id=server.project_id
        ) as client:
            started = time.perf_counter()
            results = await client.session_recordings.get_many(
                ids=ids, batch_size=batch_size, return_exceptions=True
            )
            seconds = time.perf_counter() - started
        operations = [r.operation_id for r in server.requests]
        wrong = sum(
            isinstance(result, Exception) or result.id != rid
            for rid, result in zip(ids, results, strict=True)
        )
        return {
            "batch_size": batch_size,
            "seconds": round(seconds, 3),
            "list_requests": operations.count(LIST),
            "get_requests": operations.count(GET),
            "throttled_429s": server.throttle_429s,
            "throttled_429s_by_class": server.throttle_429s_by_class,
            "errors": wrong,
        }


async def batched_get_many(
    count: int,
    batch_size: int,
    *,
    recordings_rate: int,
    listing_rate: int,
    window: float,
) -> dict[str, Any]:
    """Both runs of `count` ids and the speed-up of the batched one."""
    rates = {"recordings": [(recordings_rate, window)], "listing": [(listing_rate, window)]}
    batched = await _run(count, batch_size, rates)
    unbatched = await _run(count, None, rates)
    return {
        "count": count,
        "rates": {name: f"{windows[0][0]}/{windows[0][1]:g}s" for name, windows in rates.items()},
        "batched": batched,
        "unbatched": unbatched,
        "speedup": round(unbatched["seconds"] / batched["seconds"], 2),
        "errors": batched["errors"] + unbatched["errors"],
    }


def table_rows(figures: dict[str, Any] | None) -> list[tuple[str, str, str]]:
    """The rows of `benchmarks.run`'s table for `batched_get_many`'s figures (none: none)."""
    if not figures:
        return []
    rates = ", ".join(f"{name} {rate}" for name, rate in figures["rates"].items())
    title = f"batched {figures['count']:,} ({rates})"
    rows = []
    for name in ("batched", "unbatched"):
        run = figures[name]
        rows.append(
            (
                title,
                name,
                f"{run['seconds']:>10.3f} s   lists {run['list_requests']}, GETs "
                f"{run['get_requests']}, 429s {run['throttled_429s']}, errors {run['errors']}",
            )
        )
    rows.append((title, "speed-up", f"{figures['speedup']:>10.2f} x"))
    return rows
