"""The figures of issue 36, several runs each, with the machine's load beside them.

    python scripts/throttle_figures.py drf --runs 10        # point 1: unknown DRF windows
    python scripts/throttle_figures.py shared --runs 5      # points 2 and 3: 4 processes
    python scripts/throttle_figures.py overhead --rounds 21  # point 4: a limit that never binds
    python scripts/throttle_figures.py virtual --runs 10    # point 1 on virtual time

`drf`: `get_many` with default settings against a real-time loopback DRF throttle
(`Retry-After` rounded up) at 30 a second (600 ids), 40 per 10 s (400 ids) and 240 a minute
(720 ids: three windows, 2 minutes of bound, where 2,400 would take 9): time ÷ the
window's bound and the share of 429s. `virtual`: the same on virtual time at 30/s, 40 per
10 s, 240 a minute and 1,200 an hour. `shared`: 4 processes, 60 ids each, against 30 per
3 s, through one Redis (a throwaway `redis-server` from PATH) and without a store: the span
÷ the bound, the 429s, each worker's seconds. `overhead`: `make bench`'s
`limit_overhead` (2,000 GETs by the default client and by one with
`rate_limit=RateLimit(10**6, per=1)`, alternated: the median of the rounds' ratios).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.throttled import limit_overhead  # noqa: E402
from tests.support.drf_throttle_server import (  # noqa: E402
    DrfThrottleServer,
    bound,
    fetch_in_virtual_time,
)
from tests.support.redis_server import redis_server  # noqa: E402
from tests.support.shared_store import shared_run  # noqa: E402

from product_analytics import AsyncClient  # noqa: E402


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f}"


async def drf_run(rate: int, per: float, count: int) -> str:
    async with DrfThrottleServer(
        {"recordings": [(rate, per)]}, recordings=count, rounding="ceil"
    ) as server:
        started = time.perf_counter()
        async with AsyncClient(
            api_key=server.api_key, base_url=server.base_url, project_id=server.project_id
        ) as client:
            found = await client.session_recordings.get_many(
                ids=server.recording_ids, return_exceptions=True
            )
        seconds = time.perf_counter() - started
    errors = sum(isinstance(item, BaseException) for item in found)
    least = bound(count, [(rate, per)])
    share = server.throttled / len(server.hits)
    return (
        f"{rate}/{per:g}s {count} ids: {seconds:6.2f} s / {least:g} s = {seconds / least:.3f}x"
        f"  429s {server.throttled}/{len(server.hits)} = {share:.1%}  errors {errors}  ({load()})"
    )


def drf(runs: int, cases: list[str]) -> None:
    for case in cases:
        rate, per, count = case.split("/")
        for run in range(runs):
            figures = asyncio.run(drf_run(int(rate), float(per), int(count)))
            print(f"run {run + 1:2d}  {figures}", flush=True)


def virtual(runs: int) -> None:
    cases = (
        ([(30, 1.0)], 600),
        ([(40, 10.0)], 600),
        ([(240, 60.0)], 2400),
        ([(1200, 3600.0)], 3600),
    )
    for rates, count in cases:
        for seed in range(runs):
            run = fetch_in_virtual_time(rates, count, seed=seed, jitter=0.01, deadline=3 * 3600.0)
            n, per = rates[0]
            print(
                f"run {seed + 1:2d}  {n}/{per:g}s {count} ids: {run.seconds:8.2f} s / "
                f"{run.bound:g} s = {run.ratio:.3f}x  429s {run.throttled}/{run.requests} = "
                f"{run.share_429:.1%}  errors {run.errors}",
                flush=True,
            )


def seconds(each: list[float]) -> str:
    return ", ".join(f"{value:.1f}" for value in sorted(each)) + " s"


def shared(runs: int) -> None:
    with redis_server() as redis:
        for run in range(runs):
            via = asyncio.run(shared_run(redis.url))
            alone = asyncio.run(shared_run(None))
            slowest = max(via.worker_seconds)
            print(
                f"run {run + 1}  redis: span {via.span:5.2f} s / {via.bound} s = "
                f"{via.span / via.bound:.3f}x  429s {via.throttled}/{via.requests} = "
                f"{via.share_429:.1%}  errors {via.errors}  workers {seconds(via.worker_seconds)}",
                flush=True,
            )
            print(
                f"       no store: span {alone.span:5.2f} s  429s {alone.throttled}/"
                f"{alone.requests} = {alone.share_429:.1%}  errors {alone.errors}  workers "
                f"{seconds(alone.worker_seconds)}  slowest ÷ slowest with the store "
                f"{max(alone.worker_seconds) / slowest:.2f}  ({load()})",
                flush=True,
            )


def overhead(rounds: int) -> None:
    figures = limit_overhead(2000, rounds)
    print(f"rounds, limit ÷ default: {figures['round_time_ratios']}  ({load()})")
    print(
        f"median of {rounds} rounds: {figures['time_ratio']:.3f}x wall, "
        f"{figures['cpu_ratio']:.3f}x client CPU; best of each: {figures['best_time_ratio']:.3f}x"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("figures", choices=("drf", "virtual", "shared", "overhead"))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=21)
    parser.add_argument(
        "--cases",
        nargs="+",
        default=["30/1/600", "40/10/400", "240/60/720"],
        help="drf: RATE/SECONDS/IDS",
    )
    args = parser.parse_args()
    print(f"{args.figures}: {time.strftime('%Y-%m-%d %H:%M:%S')}  ({load()})", flush=True)
    if args.figures == "overhead":
        overhead(args.rounds)
    elif args.figures == "drf":
        drf(args.runs, args.cases)
    else:
        {"drf": drf, "virtual": virtual, "shared": shared}[args.figures](args.runs)


if __name__ == "__main__":
    main()
