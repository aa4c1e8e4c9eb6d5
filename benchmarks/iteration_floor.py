"""The best iteration ratio this machine allows, measured: the floor under the SDK's time.

    python -m benchmarks.iteration_floor               # 5 rounds, 100,000 recordings by 1,000
    python -m benchmarks.iteration_floor --rounds 7 --count 50000

The iteration target compares `async for` over the SDK's pager with the raw sequential
pager that validates each page into the same models (`scenarios.raw_aiohttp_iterate` with
`typed=True`). The SDK's run is bound by this process's CPU (the server uses a few per cent
of a core), and whatever it does, every page must be read off its connection and validated
into the models. Those two costs, measured alone in the same process and the same round,
are the floor under the SDK's time:

- `read`: the client CPU of fetching every page with one aiohttp session and reading its
  body, at URLs known in advance, nothing parsed;
- `validate`: the CPU of validating every body (`validate_json` of the list model, the
  cyclic collector paused around it as the SDK pauses it) and reading each item's
  `click_count`, as both benchmark loops do;
- `best_ratio` = the raw pager's wall time / (`read` + `validate`): the ratio the SDK would
  reach if it spent nothing else; `best_ratio_from_cpu`, the same from the raw pager's CPU
  time (as if the raw pager never waited for the server: steadier on a loaded machine,
  where wall times stretch);
- `sdk_over_floor` = the SDK's CPU / (`read` + `validate`): what it spends beyond the
  floor (its `async for`, links, prefetch and send path).

Each figure is the median over rounds of the per-round value.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import time
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp

from benchmarks import scenarios
from benchmarks.data import PROJECT_ID
from benchmarks.server import ServerProcess
from product_analytics import models
from product_analytics._http.decode import collector_paused

__all__ = ["measure", "read_pages", "validate_pages"]


async def read_pages(base_url: str, count: int, page_size: int) -> list[bytes]:
    """The bodies of the list's pages, fetched one after the other and read, unparsed."""
    bodies: list[bytes] = []
    headers = {"Authorization": f"Bearer {scenarios.API_KEY}", "Accept": "application/json"}
    prefix = f"{base_url}/api/environments/{PROJECT_ID}/session_recordings/?limit={page_size}"
    async with aiohttp.ClientSession() as session:
        for offset in range(0, count, page_size):
            async with session.get(f"{prefix}&offset={offset}", headers=headers) as response:
                bodies.append(await response.read())
                if response.status != 200:
                    raise RuntimeError(f"status {response.status}")
    return bodies


def validate_pages(bodies: list[bytes]) -> int:
    """Validate each body into the list model, the collector paused as the SDK's pager
    pauses it, and read every item as the benchmark loops do; the number of items."""
    validator = models.PaginatedSessionRecordingList.__pydantic_validator__
    count = 0
    clicks = 0
    for body in bodies:
        with collector_paused():
            page = validator.validate_json(body)
        for recording in page.results:
            count += 1
            clicks += recording.click_count or 0
    return count


async def _timed(run: Callable[[], Awaitable[Any]]) -> tuple[float, float, Any]:
    """Wall and CPU seconds of `await run()`, and its result."""
    gc.collect()
    cpu = time.process_time()
    wall = time.perf_counter()
    result = await run()
    return time.perf_counter() - wall, time.process_time() - cpu, result


async def _rounds(base_url: str, count: int, page_size: int, rounds: int) -> dict[str, Any]:
    def sdk() -> Awaitable[int]:
        return scenarios.sdk_iterate(base_url, page_size)

    def raw_models() -> Awaitable[int]:
        return scenarios.raw_aiohttp_iterate(base_url, page_size, typed=True)

    for warm_up in (sdk, raw_models):
        await warm_up()
    figures: dict[str, list[float]] = {
        "read_cpu": [],
        "validate_cpu": [],
        "sdk_wall": [],
        "sdk_cpu": [],
        "raw_models_wall": [],
        "raw_models_cpu": [],
    }
    for round_number in range(rounds):
        _, read_cpu, bodies = await _timed(lambda: read_pages(base_url, count, page_size))
        gc.collect()
        cpu = time.process_time()
        if validate_pages(bodies) != count:
            raise AssertionError(f"validate: not {count} recordings")
        figures["validate_cpu"].append(time.process_time() - cpu)
        figures["read_cpu"].append(read_cpu)
        del bodies
        order = [("sdk", sdk), ("raw_models", raw_models)]
        for name, run in order if round_number % 2 == 0 else order[::-1]:
            wall, cpu_seconds, items = await _timed(run)
            if items != count:
                raise AssertionError(f"{name}: not {count} recordings")
            figures[f"{name}_wall"].append(wall)
            figures[f"{name}_cpu"].append(cpu_seconds)
    return figures


def measure(base_url: str, count: int, page_size: int, rounds: int) -> dict[str, float]:
    """The medians of each figure over `rounds` rounds against the server at `base_url`
    (which holds `count` recordings), and the per-round `best_ratio`, `sdk_ratio` (the
    SDK's over the raw pager's wall time, as the target reads) and `sdk_over_floor`."""
    figures = asyncio.run(_rounds(base_url, count, page_size, rounds))
    floors = [r + v for r, v in zip(figures["read_cpu"], figures["validate_cpu"], strict=True)]
    per_round = {
        "best_ratio": [
            raw / floor for raw, floor in zip(figures["raw_models_wall"], floors, strict=True)
        ],
        "best_ratio_from_cpu": [
            raw / floor for raw, floor in zip(figures["raw_models_cpu"], floors, strict=True)
        ],
        "sdk_ratio": [
            raw / sdk
            for raw, sdk in zip(figures["raw_models_wall"], figures["sdk_wall"], strict=True)
        ],
        "sdk_over_floor": [
            sdk / floor for sdk, floor in zip(figures["sdk_cpu"], floors, strict=True)
        ],
    }
    return {name: statistics.median(values) for name, values in {**figures, **per_round}.items()}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--count", type=int, default=100_000, help="recordings in the list")
    parser.add_argument("--page-size", type=int, default=1_000)
    args = parser.parse_args(argv)
    with ServerProcess(recordings=args.count) as server:
        result = measure(server.base_url, args.count, args.page_size, args.rounds)
    for name, value in result.items():
        unit = " x" if "ratio" in name or "over" in name else " s"
        print(f"{name:20s} {value:8.3f}{unit}")


if __name__ == "__main__":
    main()
