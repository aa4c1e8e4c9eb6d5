"""Bulk work under the service's rate limits (issue 13), against FakeServer's throttle mode.

- `throttled_get_many`: `get_many` of N ids, default client settings, against a throttle of
  R requests per window of W seconds (DRF semantics, Retry-After rounded up). The floor of
  any client's time is the throttle's bound, N/R windows (N/R * W seconds); the figure is
  total time ÷ that bound (target <= 1.1), with the errors and the share of 429s among the
  requests the server answered (target <= 5 % for 2,000 ids at 100 a window).
- `throttled_export`: `recordings export` of N recordings through the command line (real
  processes) against the same kind of throttle: the uninterrupted run's time ÷ its bound
  (pages / R windows), and a run SIGKILLed halfway then rerun with `--resume` (until it
  succeeds) must write the same ids as the uninterrupted one.

- `drf_window`: `get_many` against a DRF-like server (`tests/support`) whose window the
  client does not know (30 a second, 40 per 10 s), `Retry-After` rounded up and down:
  time ÷ the window's bound (target <= 1.1), the share of 429s (<= 10 % rounded up) and
  errors (0).
- `shared_key`: 4 processes on one key, 60 ids each, against 30 per 3 s, each with
  `rate_limit` set to it, through one Redis store (a throwaway redis-server) and then each
  on its own: the span from the server's first request to its last ÷ the window's bound
  (target <= 1.15 with the store), the share of 429s (<= 5 % with the store), errors (0),
  each worker's seconds and, without the store, the slowest ÷ the slowest with it (<= 2).
- `limit_overhead`: 2,000 GETs against the benchmark server by the default client and by
  one with `rate_limit=RateLimit(10**6, per=1)`, which never binds, in 21 interleaved
  rounds: the median of the rounds' wall-time ratios (target <= 1.1) and of their
  client-CPU ratios, each round's ratio, and the ratio of the best time of each, with the
  load average.

The figures are measured here, not asserted.
"""

from __future__ import annotations

import asyncio
import gc
import json
import math
import os
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tests.support.drf_throttle_server import DrfThrottleServer
from tests.support.redis_server import redis_server
from tests.support.shared_store import shared_run

from benchmarks.data import recording_id
from benchmarks.server import ServerProcess
from product_analytics import AsyncClient, RateLimit
from product_analytics.cli.export import checkpoint_path
from product_analytics.testing import FakeServer

__all__ = ["drf_window", "limit_overhead", "shared_key", "throttled_export", "throttled_get_many"]


def _share(part: int, whole: int) -> float:
    return part / whole if whole else 0.0


async def _fetch_all(server: FakeServer | DrfThrottleServer, ids: list[str]) -> tuple[float, int]:
    """`get_many` of `ids` with default settings: its seconds and its errors."""
    started = time.perf_counter()
    async with AsyncClient(api_key=server.api_key, base_url=server.base_url) as client:
        results = await client.session_recordings.get_many(
            project_id=server.project_id, ids=ids, return_exceptions=True
        )
    seconds = time.perf_counter() - started
    return seconds, sum(isinstance(result, Exception) for result in results)


async def throttled_get_many(count: int, rate: int, window: float) -> dict[str, Any]:
    """`get_many` of `count` ids against `rate` requests per `window` seconds."""
    async with FakeServer(
        recordings=count, seed=13, throttle={"recordings": [(rate, window)]}
    ) as server:
        seconds, errors = await _fetch_all(server, server.recording_ids[:count])
        answered = sum(1 for r in server.requests if r.status is not None)
        throttled = server.throttle_429s
    bound = count / rate * window
    return {
        "count": count,
        "rate": rate,
        "window_s": window,
        "seconds": round(seconds, 3),
        "bound_s": round(bound, 3),
        "time_ratio": round(seconds / bound, 3),
        "fetched": count - errors,
        "errors": errors,
        "requests": answered,
        "throttled_429s": throttled,
        "share_429": round(_share(throttled, answered), 4),
    }


def _command(server: FakeServer, out: Path, page_size: int, *extra: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "product_analytics",
        "recordings",
        "export",
        "--base-url",
        server.base_url,
        "--api-key",
        server.api_key,
        "--project-id",
        str(server.project_id),
        "--out",
        str(out),
        "--page-size",
        str(page_size),
        "--no-progress",
        *extra,
    ]


async def _run(
    command: list[str], kill_at_lines: int | None = None, out: Path | None = None
) -> tuple[int, dict[str, Any]]:
    """Run the command; its exit code and its summary (empty unless it succeeded)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PRODUCT_ANALYTICS_")}
    process = await asyncio.create_subprocess_exec(
        *command, env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL
    )
    if kill_at_lines is not None and out is not None:
        while process.returncode is None:
            try:
                lines = json.loads(checkpoint_path(out).read_text())["lines"]
            except (OSError, ValueError, KeyError):
                lines = -1
            if lines >= kill_at_lines:
                process.send_signal(signal.SIGKILL)
                break
            await asyncio.sleep(0.005)
    stdout, _ = await process.communicate()
    assert process.returncode is not None
    summary = json.loads(stdout) if process.returncode == 0 and stdout.strip() else {}
    return process.returncode, summary


def _ids(path: Path) -> list[str]:
    return [json.loads(line)["id"] for line in path.read_text().splitlines()]


async def throttled_export(count: int, rate: int, window: float, page_size: int) -> dict[str, Any]:
    """The CLI export of `count` recordings against `rate` requests per `window` seconds:
    uninterrupted, and SIGKILLed halfway then resumed (until it succeeds, 10 runs at most)."""
    async with FakeServer(
        recordings=count, seed=17, throttle={"recordings": [(rate, window)]}
    ) as server:
        with tempfile.TemporaryDirectory(prefix="throttled-export-") as folder:
            whole, resumed = Path(folder) / "whole.jsonl", Path(folder) / "resumed.jsonl"
            attempts_whole = 0
            started = time.perf_counter()
            code, summary = 1, {}
            while code != 0 and attempts_whole < 10:
                extra = ("--resume",) if attempts_whole else ()
                code, summary = await _run(_command(server, whole, page_size, *extra))
                attempts_whole += 1
            wall = time.perf_counter() - started
            # The export's own time when one run did it all (no process start-up counted).
            seconds = float(summary["seconds"]) if attempts_whole == 1 and summary else wall
            requests_whole = len(server.requests)
            throttled_whole = server.throttle_429s
            server.reset_stats()
            if server.throttle is not None:
                server.throttle.reset()

            killed, _ = await _run(_command(server, resumed, page_size), count // 2, resumed)
            attempts_resumed, code = 0, 1
            while code != 0 and attempts_resumed < 10:
                code, _ = await _run(_command(server, resumed, page_size, "--resume"))
                attempts_resumed += 1
            whole_ids = _ids(whole) if whole.exists() else []
            resumed_ids = _ids(resumed) if resumed.exists() else []
    pages = math.ceil(count / page_size)
    bound = pages / rate * window
    return {
        "count": count,
        "page_size": page_size,
        "rate": rate,
        "window_s": window,
        "seconds": round(seconds, 3),
        "wall_seconds": round(wall, 3),
        "bound_s": round(bound, 3),
        "time_ratio": round(seconds / bound, 3),
        "runs_until_complete": attempts_whole,
        "requests": requests_whole,
        "throttled_429s": throttled_whole,
        "share_429": round(_share(throttled_whole, requests_whole), 4),
        "written": len(whole_ids),
        "distinct": len(set(whole_ids)),
        "killed": killed == -signal.SIGKILL,
        "resume_runs": attempts_resumed,
        "resumed_equals_uninterrupted": bool(whole_ids)
        and len(resumed_ids) == len(set(resumed_ids))
        and set(resumed_ids) == set(whole_ids),
    }


async def drf_window(count: int, rate: int, window: float, rounding: str) -> dict[str, Any]:
    """`get_many` of `count` ids, default settings, against a DRF-like server holding `rate`
    requests per `window` seconds, `Retry-After` rounded `rounding` ("ceil" or "floor"): no
    rates known to the client, which the 429s pace."""
    rates = {"recordings": [(rate, window)]}
    async with DrfThrottleServer(rates, recordings=count, rounding=rounding) as server:  # type: ignore[arg-type]
        seconds, errors = await _fetch_all(server, list(server.recording_ids))
        requests, throttled = len(server.hits), server.throttled
    bound = (math.ceil(count / rate) - 1) * window
    return {
        "count": count,
        "rate": rate,
        "window_s": window,
        "rounding": rounding,
        "seconds": round(seconds, 3),
        "bound_s": bound,
        "time_ratio": round(seconds / bound, 3) if bound else None,
        "errors": errors,
        "requests": requests,
        "throttled_429s": throttled,
        "share_429": round(_share(throttled, requests), 4),
    }


async def shared_key(count: int, rate: int, window: int, workers: int) -> dict[str, Any]:
    """`workers` processes on one key against a DRF-like window of `rate` per `window` s,
    each with `rate_limit` set to it: through one Redis store, then each on its own."""
    figures: dict[str, Any] = {
        "workers": workers,
        "count_each": count,
        "rate": rate,
        "window_s": window,
    }
    with redis_server() as redis:
        for name, store in (("redis", redis.url), ("no_store", None)):
            run = await shared_run(store, workers=workers, count=count, limit=rate, per=window)
            figures[name] = {
                "seconds": round(run.seconds, 3),
                "span_s": round(run.span, 3),
                "bound_s": run.bound,
                "time_ratio": round(run.span / run.bound, 3),
                "errors": run.errors,
                "requests": run.requests,
                "throttled_429s": run.throttled,
                "share_429": round(run.share_429, 4),
                "worker_seconds": sorted(round(each, 2) for each in run.worker_seconds),
            }
    slowest = max(figures["redis"]["worker_seconds"])
    figures["no_store"]["slowest_ratio"] = round(
        max(figures["no_store"]["worker_seconds"]) / slowest, 3
    )
    return figures


async def _gets(base_url: str, ids: list[str], limited: bool) -> tuple[float, float]:
    """Seconds of `get_many` of `ids` (after 50 to warm the pool), with the limit or not:
    wall time and this process's CPU time (the server runs in a process of its own). It
    starts on a collected heap, as `scenarios.measure` does: a full collection that the
    runs before left due (some 40 ms of a 0.2 s run) does not land in this one."""
    rate_limit = RateLimit(10**6, per=1) if limited else None
    async with AsyncClient(
        api_key="phx_bench", base_url=base_url, project_id=1, rate_limit=rate_limit
    ) as client:
        await client.session_recordings.get_many(ids=ids[:50])
        gc.collect()
        started, cpu = time.perf_counter(), time.process_time()
        await client.session_recordings.get_many(ids=ids)
        return time.perf_counter() - started, time.process_time() - cpu


def limit_overhead(count: int, rounds: int) -> dict[str, Any]:
    """`count` GETs by the default client and by one with a limit that never binds, in
    `rounds` rounds of one run each, interleaved (each first in every other round): the
    median of the rounds' ratios in wall time (the target's figure) and in the client's
    CPU time, each round's wall ratio, the ratio of the best times of each (issue 36's
    measure), and the load average (1 min) before and after. A round's ratio compares two
    runs a moment apart; the median of them is what a typical run pays, where the best of
    a few runs each can land on one quiet moment of the limited client's."""
    ids = [recording_id(index) for index in range(count)]
    runs: dict[bool, list[tuple[float, float]]] = {False: [], True: []}
    load = [round(os.getloadavg()[0], 2)]
    with ServerProcess(recordings=count) as server:
        for index in range(rounds):
            for limited in (False, True) if index % 2 == 0 else (True, False):
                runs[limited].append(asyncio.run(_gets(server.base_url, ids, limited)))
    load.append(round(os.getloadavg()[0], 2))
    pairs = list(zip(runs[False], runs[True], strict=True))
    wall = [limited[0] / default[0] for default, limited in pairs]
    cpu = [limited[1] / default[1] for default, limited in pairs]
    best = {limited: min(each[0] for each in done) for limited, done in runs.items()}
    return {
        "count": count,
        "rounds": rounds,
        "time_ratio": round(statistics.median(wall), 3),
        "cpu_ratio": round(statistics.median(cpu), 3),
        "round_time_ratios": [round(ratio, 3) for ratio in wall],
        "default_best_s": round(best[False], 4),
        "limited_best_s": round(best[True], 4),
        "best_time_ratio": round(best[True] / best[False], 3),
        "load": load,
    }
