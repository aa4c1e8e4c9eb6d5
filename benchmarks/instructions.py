"""Instructions per request of bulk get, counted by valgrind: a measure that does not drift.

    python -m benchmarks.instructions            # the SDK and raw aiohttp + models
    python -m benchmarks.instructions --count 1000 4000
    python -m benchmarks.instructions --check    # exit 1 if a target is missed

Wall and CPU time on a shared VM move by up to 1.8 x within a minute; the number of
instructions a workload executes does not. Each variant (`get_many`, and the raw aiohttp
baseline that builds the same models) runs under `valgrind --tool=callgrind` twice, for
two sizes, against the benchmark server; the difference over the difference in size is
the cost of one request, start-up and connection set-up taken out. It counts instructions
only: system calls (their kernel time) and cache misses do not show. Needs `valgrind`
(`apt-get install valgrind`); a few minutes. `make bench` runs it with `--check`: the
targets are no more instructions a request than raw aiohttp building the same models, and,
for `get_many` through `rate_limit=RateLimit(10**6, per=1)` (a limit that never binds), at
most 1.1 times the SDK's without it (issue 36).

    python -m benchmarks.instructions --pages 2 6   # iteration: instructions a list page

counts instead, per page of 1,000 recordings, the SDK's `async for`, the raw pager + models,
and the floor under both (`benchmarks.iteration_floor`: every page read, then validated with
the collector paused), each walking a list of 2 and of 6 pages (a server for each).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

from benchmarks import iteration_floor, scenarios
from benchmarks.data import recording_id
from benchmarks.server import ROOT, ServerProcess
from product_analytics import RateLimit

__all__ = ["main"]

VARIANTS = ("sdk", "raw_aiohttp_models", "sdk_rate_limit")
PAGE_VARIANTS = ("sdk_iterate", "raw_iterate_models", "read_and_validate")
PAGE_SIZE = 1_000
LIMIT_COST = 1.1  # the most instructions a request through a limit that never binds, ÷ sdk


async def _workload(variant: str, base_url: str, count: int) -> None:
    """Run `variant` on `count` ids (bulk), or over the whole list of `count` (iteration)."""
    if variant == "sdk_iterate":
        await scenarios.sdk_iterate(base_url, PAGE_SIZE)
        return
    if variant == "raw_iterate_models":
        await scenarios.raw_aiohttp_iterate(base_url, PAGE_SIZE, typed=True)
        return
    if variant == "read_and_validate":
        bodies = await iteration_floor.read_pages(base_url, count, PAGE_SIZE)
        iteration_floor.validate_pages(bodies)
        return
    ids = [recording_id(index) for index in range(count)]
    if variant == "sdk":
        await scenarios.sdk_get_many(base_url, ids, 64)
    elif variant == "sdk_rate_limit":
        await scenarios.sdk_get_many(base_url, ids, 64, rate_limit=RateLimit(10**6, per=1))
    else:
        await scenarios.raw_aiohttp_get(base_url, ids, 64, typed=True)


def _instructions(variant: str, base_url: str, count: int) -> int:
    """Instructions of a whole process running `variant` for `count` ids."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    command += [sys.executable, "-m", "benchmarks.instructions", "--run", variant]
    command += ["--base-url", base_url, "--ids", str(count)]
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise RuntimeError(f"no instruction count from valgrind:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, nargs=2, default=[1000, 4000], metavar="N")
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    parser.add_argument(
        "--pages", type=int, nargs=2, metavar="N", help="count iteration, per list page"
    )
    parser.add_argument("--run", choices=VARIANTS + PAGE_VARIANTS, help=argparse.SUPPRESS)
    parser.add_argument("--base-url", help=argparse.SUPPRESS)
    parser.add_argument("--ids", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.run is not None:  # the process measured under valgrind
        asyncio.run(_workload(args.run, args.base_url, args.ids))
        return 0
    if args.pages is not None:
        _count_pages(*sorted(args.pages))
        return 0
    small, large = sorted(args.count)
    with ServerProcess(recordings=large) as server, ThreadPoolExecutor(2) as pool:
        jobs = {
            (variant, count): pool.submit(_instructions, variant, server.base_url, count)
            for variant in VARIANTS
            for count in (small, large)
        }
        per_request = {
            variant: (jobs[variant, large].result() - jobs[variant, small].result())
            / (large - small)
            for variant in VARIANTS
        }
    for variant, cost in per_request.items():
        print(f"{variant:20s} {cost / 1000:8.1f}k instructions a request")
    print(f"raw / sdk            {per_request['raw_aiohttp_models'] / per_request['sdk']:8.3f}")
    limited = per_request["sdk_rate_limit"] / per_request["sdk"]
    print(f"sdk_rate_limit / sdk {limited:8.3f}")
    met = per_request["sdk"] <= per_request["raw_aiohttp_models"]
    print(f"target sdk <= raw_aiohttp_models: {'met' if met else 'MISSED'}")
    limit_met = limited <= LIMIT_COST
    print(f"target sdk_rate_limit / sdk <= {LIMIT_COST}: {'met' if limit_met else 'MISSED'}")
    return 1 if args.check and not (met and limit_met) else 0


def _count_pages(small: int, large: int) -> None:
    """Print the instructions a list page of each iteration variant, from lists of `small`
    and `large` pages."""
    sizes = (small * PAGE_SIZE, large * PAGE_SIZE)
    with (
        ServerProcess(recordings=sizes[0]) as short,
        ServerProcess(recordings=sizes[1]) as long,
        ThreadPoolExecutor(2) as pool,
    ):
        urls = {sizes[0]: short.base_url, sizes[1]: long.base_url}
        jobs = {
            (variant, count): pool.submit(_instructions, variant, urls[count], count)
            for variant in PAGE_VARIANTS
            for count in sizes
        }
        per_page = {
            variant: (jobs[variant, sizes[1]].result() - jobs[variant, sizes[0]].result())
            / (large - small)
            for variant in PAGE_VARIANTS
        }
    for variant, cost in per_page.items():
        print(f"{variant:20s} {cost / 1e6:8.2f}M instructions a page of {PAGE_SIZE:,}")
    floor = per_page["read_and_validate"]
    print(f"sdk_iterate / floor  {per_page['sdk_iterate'] / floor:8.3f}")
    print(f"raw_models / floor   {per_page['raw_iterate_models'] / floor:8.3f}")


if __name__ == "__main__":
    raise SystemExit(main())
