"""The measured workloads, and how they are timed.

Network workloads (each returns how many recordings it got, after checking them):

- bulk get: `sdk_get_many` vs `raw_aiohttp_get` vs `httpx_get`, the same ids, the same
  concurrency (connection limit and number of workers);
- iteration: `sdk_iterate` (`async for` over the pager) vs `raw_aiohttp_iterate` (a
  sequential loop that `json.loads` each page and follows `next`).

Each variant opens and closes its own client inside the timed region, as a caller would.
`interleave` runs the variants A B C, B C A, ... (or in the orders it is given) over several
rounds and records, per run, the wall time, the CPU time of this process and the CPU time of
the server process.

`overhead` times the SDK with its transport replaced by a stub returning a prebuilt
response: what one call costs on the client's side, and its parts.
"""

from __future__ import annotations

import asyncio
import gc
import json
import statistics
import subprocess
import sys
import time
import timeit
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import aiohttp
import httpx
import psutil
from multidict import CIMultiDict, CIMultiDictProxy

from benchmarks.data import PROJECT_ID, recording_bytes, recording_id
from benchmarks.server import ROOT
from product_analytics import AsyncClient, RateLimit, models
from product_analytics._common.scopes import grants
from product_analytics._generated import operations
from product_analytics._http.decode import Answer, decode_success
from product_analytics._http.wire import RequestOptions, build_request
from product_analytics._transport.base import Chunks, Request, Response

__all__ = [
    "API_KEY",
    "Sample",
    "httpx_get",
    "interleave",
    "memory_run",
    "overhead",
    "paired_ratio",
    "raw_aiohttp_get",
    "raw_aiohttp_iterate",
    "sdk_get_many",
    "sdk_iterate",
    "summarize",
]

API_KEY = "phx_benchmark_0123456789abcdef"
Workload = Callable[[], Awaitable[int]]


def _headers() -> dict[str, str]:
    """What a hand-written client sends: the same as the SDK minus its User-Agent."""
    return {"Authorization": f"Bearer {API_KEY}", "Accept": "application/json"}


def _recording_url(base_url: str, rid: str) -> str:
    return f"{base_url}/api/environments/{PROJECT_ID}/session_recordings/{rid}/"


def _list_url(base_url: str, page_size: int) -> str:
    return f"{base_url}/api/environments/{PROJECT_ID}/session_recordings/?limit={page_size}"


def _check_ids(kind: str, got: Sequence[str | None], ids: Sequence[str]) -> None:
    if len(got) != len(ids) or got[0] != ids[0] or got[-1] != ids[-1]:
        raise AssertionError(f"{kind}: got {len(got)} recordings, not the {len(ids)} asked for")


def _id_of(result: Any) -> str | None:
    return result["id"] if isinstance(result, dict) else result.id  # type: ignore[no-any-return]


# -- bulk get -----------------------------------------------------------------------------


async def sdk_get_many(
    base_url: str, ids: Sequence[str], concurrency: int, rate_limit: RateLimit | None = None
) -> int:
    """`get_many` of `ids` with the SDK (client `max_concurrency` = `concurrency`, and
    `rate_limit`)."""
    async with AsyncClient(
        api_key=API_KEY, base_url=base_url, max_concurrency=concurrency, rate_limit=rate_limit
    ) as client:
        recordings = await client.session_recordings.get_many(
            project_id=PROJECT_ID, ids=ids, concurrency=concurrency
        )
    _check_ids("sdk", [r.id for r in recordings], ids)
    return len(recordings)


async def _pool(count: int, concurrency: int, fetch: Callable[[int], Awaitable[None]]) -> None:
    """`fetch(0) .. fetch(count - 1)` by `concurrency` workers taking the next index."""
    position = 0

    async def worker() -> None:
        nonlocal position
        while position < count:
            index = position
            position += 1
            await fetch(index)

    await asyncio.gather(*(worker() for _ in range(min(concurrency, count))))


async def raw_aiohttp_get(
    base_url: str, ids: Sequence[str], concurrency: int, *, typed: bool = False
) -> int:
    """The hand-written baseline: one session, `TCPConnector(limit=concurrency)`,
    `concurrency` workers, `json.loads` of each body (with `typed`: the SDK's model built
    with `model_validate_json`, the same work as the SDK's)."""
    results: list[Any] = [None] * len(ids)
    model = models.SessionRecording
    headers = _headers()
    connector = aiohttp.TCPConnector(limit=concurrency)
    async with aiohttp.ClientSession(connector=connector) as session:

        async def fetch(index: int) -> None:
            async with session.get(_recording_url(base_url, ids[index]), headers=headers) as r:
                body = await r.read()
                if r.status != 200:
                    raise RuntimeError(f"raw aiohttp: status {r.status}")
            results[index] = model.model_validate_json(body) if typed else json.loads(body)

        await _pool(len(ids), concurrency, fetch)
    _check_ids("raw aiohttp", [_id_of(r) for r in results], ids)
    return len(results)


async def httpx_get(
    base_url: str, ids: Sequence[str], concurrency: int, *, typed: bool = False
) -> int:
    """The same loop on `httpx.AsyncClient` with at most `concurrency` connections (with
    `typed`: httpx + pydantic, what openai-style SDKs do)."""
    results: list[Any] = [None] * len(ids)
    model = models.SessionRecording
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(limits=limits, headers=_headers(), trust_env=False) as client:

        async def fetch(index: int) -> None:
            response = await client.get(_recording_url(base_url, ids[index]))
            if response.status_code != 200:
                raise RuntimeError(f"httpx: status {response.status_code}")
            content = response.content
            results[index] = model.model_validate_json(content) if typed else json.loads(content)

        await _pool(len(ids), concurrency, fetch)
    _check_ids("httpx", [_id_of(r) for r in results], ids)
    return len(results)


# -- iteration ----------------------------------------------------------------------------


async def sdk_iterate(base_url: str, page_size: int) -> int:
    """`async for` over every recording of the list, `page_size` per page."""
    count = 0
    clicks = 0
    async with AsyncClient(api_key=API_KEY, base_url=base_url) as client:
        async for recording in client.session_recordings.list(
            project_id=PROJECT_ID, limit=page_size
        ):
            count += 1
            clicks += recording.click_count or 0
    return count


async def raw_aiohttp_iterate(base_url: str, page_size: int, *, typed: bool = False) -> int:
    """The hand-written baseline: fetch a page, `json.loads` it, use it, follow `next`.

    With `typed`, each page is validated into the SDK's models instead: the same typed
    result as the SDK's, without its prefetch (a reference, not a target).
    """
    count = 0
    clicks = 0
    headers = _headers()
    url: str | None = _list_url(base_url, page_size)
    async with aiohttp.ClientSession() as session:
        while url:
            async with session.get(url, headers=headers) as response:
                body = await response.read()
                if response.status != 200:
                    raise RuntimeError(f"raw aiohttp: status {response.status}")
            if typed:
                page = models.PaginatedSessionRecordingList.model_validate_json(body)
                for typed in page.results:
                    count += 1
                    clicks += typed.click_count or 0
                url = page.next
            else:
                parsed = json.loads(body)
                for recording in parsed["results"]:
                    count += 1
                    clicks += recording["click_count"] or 0
                url = parsed["next"]
    return count


# -- timing -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sample:
    """One timed run: wall seconds, CPU seconds of this process and of the server."""

    items: int
    seconds: float
    client_cpu: float
    server_cpu: float

    @property
    def per_second(self) -> float:
        return self.items / self.seconds


async def measure(workload: Workload, server: psutil.Process) -> Sample:
    gc.collect()
    server_before = sum(server.cpu_times()[:2])
    cpu_before = time.process_time()
    started = time.perf_counter()
    items = await workload()
    seconds = time.perf_counter() - started
    client_cpu = time.process_time() - cpu_before
    server_cpu = sum(server.cpu_times()[:2]) - server_before
    return Sample(items, seconds, client_cpu, server_cpu)


async def interleave(
    variants: Mapping[str, Workload],
    *,
    rounds: int,
    server_pid: int,
    progress: Callable[[str], None] | None = None,
    orders: Sequence[Sequence[str]] | None = None,
) -> dict[str, list[Sample]]:
    """Every variant once per round, the order rotating each round (A B C, B C A, ...);
    with `orders`, round `i` runs the variants in the order `orders[i % len(orders)]`."""
    server = psutil.Process(server_pid)
    names = list(variants)
    if orders is None:
        orders = [names[shift:] + names[:shift] for shift in range(len(names))]
    if any(sorted(order) != sorted(names) for order in orders):
        raise ValueError("each order must run every variant once")
    samples: dict[str, list[Sample]] = {name: [] for name in names}
    for round_number in range(rounds):
        for name in orders[round_number % len(orders)]:
            sample = await measure(variants[name], server)
            samples[name].append(sample)
            if progress is not None:
                progress(
                    f"round {round_number + 1}/{rounds} {name}: {sample.per_second:,.0f}/s "
                    f"({sample.seconds:.2f} s)"
                )
    return samples


def summarize(samples: Sequence[Sample]) -> dict[str, Any]:
    """Medians (and every run) of a variant's samples, as JSON-ready figures."""
    items = samples[0].items
    return {
        "items": items,
        "median_per_s": statistics.median(s.per_second for s in samples),
        "median_seconds": statistics.median(s.seconds for s in samples),
        "client_cpu_us_per_item": statistics.median(s.client_cpu for s in samples) / items * 1e6,
        "server_cpu_share": statistics.median(s.server_cpu / s.seconds for s in samples),
        "runs_per_s": [round(s.per_second, 1) for s in samples],
    }


def paired_ratio(samples: Sequence[Sample], baseline: Sequence[Sample]) -> float:
    """The median over rounds of throughput / baseline throughput within the same round:
    less sensitive than a ratio of medians to load that drifts during the run."""
    return statistics.median(
        a.per_second / b.per_second for a, b in zip(samples, baseline, strict=True)
    )


# -- memory -------------------------------------------------------------------------------


def memory_run(mode: str, base_url: str, page_size: int) -> dict[str, Any]:
    """Peak RSS growth of a fresh `python -m benchmarks.memory` iterating the list."""
    command = [sys.executable, "-m", "benchmarks.memory", "--mode", mode]
    command += ["--base-url", base_url, "--page-size", str(page_size)]
    completed = subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, check=False, timeout=600
    )
    if completed.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed:\n{completed.stderr}")
    result: dict[str, Any] = json.loads(completed.stdout.strip().splitlines()[-1])
    return result


# -- overhead per call --------------------------------------------------------------------


class StubTransport:
    """A `Transport` whose every `send` answers 200 with the same body, at once."""

    def __init__(self, body: bytes) -> None:
        self.closed = False
        self.body = body
        self.headers = CIMultiDictProxy(CIMultiDict({"Content-Type": "application/json"}))

    async def send(self, request: Request, *, timeout: float) -> Response:
        return Response(200, self.headers, Chunks(self.body))

    async def close(self) -> None:
        self.closed = True


def _stubbed_client(body: bytes, **kwargs: Any) -> AsyncClient:
    return AsyncClient(
        api_key=API_KEY, base_url="http://127.0.0.1:9", transport=StubTransport(body), **kwargs
    )


def _best_us(function: Callable[[], object], number: int, repeat: int) -> float:
    """The fastest of `repeat` timings of `number` calls, in microseconds per call."""
    return min(timeit.repeat(function, number=number, repeat=repeat)) / number * 1e6


async def _per_call_us(call: Callable[[], Awaitable[object]], calls: int, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        for _ in range(calls):
            await call()
        best = min(best, time.perf_counter() - started)
    return best / calls * 1e6


def _page_of(body: bytes, size: int) -> bytes:
    """A last page (no `next`) of `size` copies of `body`."""
    head = b'{"count":%d,"next":null,"previous":null,"results":[' % size
    return head + b",".join([body] * size) + b"]}"


async def _overhead_async(calls: int, repeat: int, page_size: int) -> dict[str, float]:
    body = recording_bytes(7)
    rid = recording_id(7)
    results: dict[str, float] = {}
    # Scopes given, so that the scope check runs.
    async with _stubbed_client(
        body, scopes=["session_recording:read"], max_concurrency=64
    ) as client:
        recordings = client.session_recordings

        async def get() -> object:
            return await recordings.get(project_id=PROJECT_ID, id=rid)

        results["get_us"] = await _per_call_us(get, calls, repeat)

        ids = [rid] * calls
        best = float("inf")
        for _ in range(repeat):
            started = time.perf_counter()
            await recordings.get_many(project_id=PROJECT_ID, ids=ids, concurrency=64)
            best = min(best, time.perf_counter() - started)
        results["get_many_us_per_item"] = best / calls * 1e6

    page = _page_of(body, page_size)
    async with _stubbed_client(page) as client:

        async def iterate() -> object:
            async for _ in client.session_recordings.list(project_id=PROJECT_ID, limit=page_size):
                pass
            return None

        results["list_us_per_item"] = await _per_call_us(iterate, 3, repeat) / page_size
    return results


def overhead(calls: int, repeat: int, page_size: int) -> dict[str, float]:
    """Microseconds per call of the SDK with the network stubbed out, and of its parts.

    `get_us`: `await client.session_recordings.get(...)` against a prebuilt 200 response;
    `get_many_us_per_item`: the same through `get_many` (the worker pool);
    `list_us_per_item`: `async for` over one page of `page_size`, per recording.
    The parts (best of `repeat` timeit runs): `build_request_us`, `check_call_us` (scope
    check), `decode_success_us` (pydantic `model_validate_json`), and `json_loads_us`, what
    the raw aiohttp loop spends on the same body; per recording of a `page_size` page,
    `page_validate_us_per_item` (what the pager does) and `page_json_loads_us_per_item`.
    """
    results = asyncio.run(_overhead_async(calls, repeat, page_size))
    body = recording_bytes(7)
    rid = recording_id(7)
    operation = operations.SESSION_RECORDINGS_RETRIEVE
    options = RequestOptions()
    defaults: dict[str, object] = {"project_id": None, "organization_id": None}
    path_args: dict[str, object] = {"project_id": PROJECT_ID, "id": rid}
    base_url = "http://127.0.0.1:9"
    response = Answer(200, {}, body)
    url = _recording_url(base_url, rid)
    client = _stubbed_client(body, scopes=["session_recording:read"])
    held = frozenset({"session_recording:read"})
    page = _page_of(body, page_size)
    page_model = models.PaginatedSessionRecordingList

    def build() -> object:
        return build_request(
            operation,
            base_url=base_url,
            path_args=path_args,
            query_args={},
            body_fields=None,
            options=options,
            path_defaults=defaults,
        )

    parts: dict[str, Callable[[], object]] = {
        "endpoint_lookup_us": lambda: client.session_recordings.get,
        "request_options_us": lambda: RequestOptions(
            timeout=None, deadline=None, extra_headers=None, extra_query=None
        ),
        "check_call_us": lambda: grants(held, operation.required_scope),
        "build_request_us": build,
        "decode_success_us": lambda: decode_success(operation, response, method="GET", url=url),
        "json_loads_us": lambda: json.loads(body),
        "page_validate_us_per_item": lambda: page_model.model_validate_json(page),
        "page_json_loads_us_per_item": lambda: json.loads(page),
    }
    number = max(1, calls // 4)
    for name, function in parts.items():
        if name.startswith("page_"):
            pages = max(1, number // page_size)
            results[name] = _best_us(function, pages, repeat) / page_size
        else:
            results[name] = _best_us(function, number, repeat)
    asyncio.run(client.close())
    results["sdk_minus_parse_us"] = results["get_us"] - results["decode_success_us"]
    return results
