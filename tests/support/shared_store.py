"""The shared-throttle scenario, for its test and `make bench`: `workers` processes share one
API key against a `DrfThrottleServer` holding `limit` requests per `per` seconds, each
fetching `count` recordings with `rate_limit` set to that window, through `store` (a Redis
URL) or each on its own (`store=None`). The processes start together: each imports, says
"ready", and begins on "go"."""

from __future__ import annotations

import asyncio
import json
import math
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from tests.support.drf_throttle_server import DrfThrottleServer

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class SharedRun:
    """What one run measured: `seconds` from starting the processes to their end, `span`
    from the server's first request to its last, `worker_seconds` each process's own
    `get_many`; `bound` is the least span its window allows."""

    requests: int
    throttled: int
    errors: int
    fetched: int
    seconds: float
    span: float
    bound: float
    worker_seconds: list[float]

    @property
    def share_429(self) -> float:
        return self.throttled / max(self.requests, 1)


async def shared_run(
    store: str | None,
    *,
    workers: int = 4,
    count: int = 60,
    limit: int = 30,
    per: int = 3,
    rounding: str = "ceil",
) -> SharedRun:
    """Run the scenario once (see the module docstring)."""
    rates = {"recordings": [(limit, float(per))]}
    server = DrfThrottleServer(rates, recordings=count, rounding=rounding)  # type: ignore[arg-type]
    async with server:
        args = [server.base_url, server.api_key, store or "-", str(count), str(limit), str(per)]
        processes = [
            await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "tests.support.shared_store_worker",
                *args,
                cwd=ROOT,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
            )
            for _ in range(workers)
        ]
        for process in processes:
            assert process.stdout is not None
            assert (await process.stdout.readline()).strip() == b"ready"
        started = time.monotonic()
        for process in processes:
            assert process.stdin is not None
            process.stdin.write(b"go\n")
            await process.stdin.drain()
        outputs = [await process.communicate() for process in processes]
        seconds = time.monotonic() - started
        results = [json.loads(out.decode().strip().splitlines()[-1]) for out, _ in outputs]
        total = workers * count
        return SharedRun(
            requests=len(server.hits),
            throttled=server.throttled,
            errors=sum(r["error_count"] for r in results),
            fetched=sum(r["fetched"] for r in results),
            seconds=seconds,
            span=server.hits[-1].at - server.hits[0].at if server.hits else 0.0,
            bound=(math.ceil(total / limit) - 1) * per,
            worker_seconds=[r["seconds"] for r in results],
        )
