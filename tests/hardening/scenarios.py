"""The hostile scenarios of issue 14, one per case, each measured in a process of its own.

`python -m tests.hardening.scenarios CASE` runs one and prints one JSON line: requests the
server saw, seconds, peak memory growth (the process's peak RSS during the scenario less
before it) and the outcome. The memory tests run the size cases this way, and
`scripts/hostile.py` runs them all as a table.

Only the SDK's public API is used (`AsyncClient`, resource methods, `RateLimit`), never a
name that a given version may lack, so the same scenarios measure the SDK before and after
the hardening: point `PYTHONPATH` at another source tree to measure that one. Each process
caps its address space (`--memory-cap`, MiB) so that a version without bounds ends in
`MemoryError` instead of taking the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import multiprocessing
import os
import re
import resource
import sys
import threading
import time
import traceback
import tracemalloc
import warnings
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any

from aiohttp import web

import product_analytics
from product_analytics import AsyncClient, RateLimit
from tests.hardening.hostile_server import (
    GiB,
    HostileServer,
    MiB,
    gzip_json,
    gzip_zeros,
    hostile_server,
    page_of_empty_items,
    plain_stream,
    raw_json,
    redirect,
    redirect_chain,
    stall,
)

KEY = "phx_HOSTILE_7c1e5a9b3d2f4e6a8b0c1d2e3f405162"
ORG = "org-1"
ROLES = f"/api/organizations/{ORG}/roles/"
RECORDINGS = "/api/environments/7/session_recordings/"
# A walk the SDK would not stop by itself is cut by the server after this many requests.
CUT_AFTER = 500

Scenario = Callable[[], Awaitable[dict[str, Any]]]
SCENARIOS: dict[str, tuple[str, Scenario]] = {}
_baseline_kb = 0


def scenario(name: str, title: str) -> Callable[[Scenario], Scenario]:
    def register(function: Scenario) -> Scenario:
        SCENARIOS[name] = (title, function)
        return function

    return register


def _peak_kb() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


@contextlib.contextmanager
def _held_by_python() -> Iterator[list[float]]:
    """MB that Python objects made in the block still hold at its end (tracemalloc)."""
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    held = [0.0]
    try:
        yield held
    finally:
        gc.collect()
        held[0] = (tracemalloc.get_traced_memory()[0] - before) / MiB
        tracemalloc.stop()


def mark() -> None:
    """Memory is measured from here (after the server and its canned answers are made)."""
    global _baseline_kb
    gc.collect()
    _baseline_kb = _peak_kb()


def client(server: HostileServer | str, **kwargs: Any) -> AsyncClient:
    base_url = server if isinstance(server, str) else server.base_url
    kwargs.setdefault("max_retries", 0)
    kwargs.setdefault("organization_id", ORG)
    kwargs.setdefault("project_id", 7)
    return AsyncClient(api_key=KEY, base_url=base_url, **kwargs)


def outcome_of(error: BaseException | None, result: Any = None) -> str:
    if error is None:
        return f"returned {type(result).__name__}"
    text = re.sub(
        r"https?://127\.0\.0\.1:\d+(/api/(organizations|environments)/[^/]+)?", "", str(error)
    )
    return f"{type(error).__name__}: {' '.join(text.split())[:160]}"


class StillRunning(Exception):
    """The call had not ended when the scenario stopped waiting for it."""


async def attempt(call: Awaitable[Any], limit: float = 30.0) -> tuple[Any, BaseException | None]:
    """The call's result or error; `StillRunning` (not a TimeoutError, which the SDK might
    raise itself) when it is still running after `limit` seconds, and then cancelled."""
    task = asyncio.ensure_future(call)
    done, _ = await asyncio.wait({task}, timeout=limit)
    if not done:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        return None, StillRunning(f"still running after {limit:g} s (cut by the script)")
    if task.cancelled():
        return None, asyncio.CancelledError()
    error = task.exception()
    return (None, error) if error is not None else (task.result(), None)


# -- 1 ------------------------------------------------------------------------------------


@scenario("1-post-303-get-429", "POST -> 303 -> GET 429 then 200: POSTs sent")
async def post_303_get_429() -> dict[str, Any]:
    async with hostile_server() as server:
        created = f"{ROLES}r1/"
        state = {"gets": 0}

        async def get(request: web.Request) -> web.StreamResponse:
            state["gets"] += 1
            if state["gets"] == 1:
                return web.json_response(
                    {"detail": "slow"}, status=429, headers={"Retry-After": "0"}
                )
            return web.json_response({"id": "r1", "name": "x"})

        server.route(redirect(created, 303), path=ROLES, method="POST")
        server.route(get, path=created)
        mark()
        async with client(server, max_retries=2) as c:
            result, error = await attempt(c.roles.create(name="Analysts"))
        return {
            "requests": len(server.seen),
            "outcome": f"{server.count('POST')} POST, {server.count('GET')} GET; "
            + outcome_of(error, result),
        }


# -- 2 ------------------------------------------------------------------------------------


async def _page_items(limit: int | None) -> dict[str, Any]:
    async with hostile_server() as server:
        handler = gzip_json(page_of_empty_items(2_500_000))
        server.route(handler, path=ROLES)
        mark()
        async with client(server) as c:
            pager = c.roles.list(limit=limit) if limit else c.roles.list()
            result, error = await attempt(pager, 120)
        size = handler.compressed_size  # type: ignore[attr-defined]
        return {
            "requests": len(server.seen),
            "outcome": f"{size // 1024} KB gzip; " + outcome_of(error, result),
            "error": type(error).__name__ if error else None,
        }


@scenario("2a-items-limit", "7 KB gzip page of 2.5M {} items, limit=10")
async def page_items_limit() -> dict[str, Any]:
    return await _page_items(10)


@scenario("2b-items-no-limit", "7 KB gzip page of 2.5M {} items, no limit")
async def page_items_no_limit() -> dict[str, Any]:
    return await _page_items(None)


async def _get_one_role(handler: Any) -> dict[str, Any]:
    """`roles.get` answered by `handler`: requests seen, outcome, error class."""
    async with hostile_server() as server:
        server.route(handler, path=f"{ROLES}r1/")
        mark()
        async with client(server, timeout=120) as c:
            result, error = await attempt(c.roles.get(id="r1"), 120)
        return {
            "requests": len(server.seen),
            "outcome": outcome_of(error, result),
            "error": type(error).__name__ if error else None,
        }


@scenario("2c-gzip-bomb", "gzip bomb: 1 GiB of zeros")
async def gzip_bomb() -> dict[str, Any]:
    return await _get_one_role(gzip_zeros(GiB))


@scenario("2d-plain-1gib", "1 GiB plain body, streamed")
async def plain_gib() -> dict[str, Any]:
    return await _get_one_role(plain_stream(GiB))


@scenario("2e-items-64mib", "64 KB gzip page of 22M {} items (64 MiB inflated), limit=10")
async def page_items_dense() -> dict[str, Any]:
    async with hostile_server() as server:
        handler = gzip_json(page_of_empty_items(22_000_000))
        server.route(handler, path=ROLES)
        mark()
        async with client(server, timeout=120) as c:
            result, error = await attempt(c.roles.list(limit=10), 120)
        return {"requests": len(server.seen), "outcome": outcome_of(error, result)}


# -- 3 ------------------------------------------------------------------------------------


@scenario("3a-52mb-detail", "400 with a 52 MB detail: str(error), memory kept by the error")
async def huge_detail() -> dict[str, Any]:
    async with hostile_server() as server:
        server.route(raw_json({"detail": "x" * (52 * 1000 * 1000)}, 400), path=f"{ROLES}r1/")
        mark()
        with _held_by_python() as kept_mb:
            async with client(server, timeout=60) as c:
                _, error = await attempt(c.roles.get(id="r1"), 60)
        kept = kept_mb[0]
        text = len(str(error))
        del error
        return {
            "requests": len(server.seen),
            "outcome": f"len(str(error)) = {text:,}; error alive keeps {kept:.0f} MB",
        }


@scenario("3b-get-many-errors", "get_many of 5, each 400 with a 10 MB detail, return_exceptions")
async def get_many_errors() -> dict[str, Any]:
    async with hostile_server() as server:
        server.route(raw_json({"detail": "y" * (10 * 1000 * 1000)}, 400))
        mark()
        with _held_by_python() as kept_mb:
            async with client(server, timeout=60) as c:
                results, error = await attempt(
                    c.session_recordings.get_many(
                        ids=[f"r{i}" for i in range(5)], return_exceptions=True
                    ),
                    60,
                )
        kept = kept_mb[0]
        count = len(results or [])
        del results
        return {
            "requests": len(server.seen),
            "outcome": f"{count} errors kept alive hold {kept:.0f} MB; " + outcome_of(error, None)
            if error
            else f"{count} errors kept alive hold {kept:.0f} MB",
        }


# -- 4 ------------------------------------------------------------------------------------


def _cut(server: HostileServer, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]):  # type: ignore[no-untyped-def]
    async def cut(request: web.Request) -> web.StreamResponse:
        if len(server.seen) > CUT_AFTER:
            return web.json_response({"detail": "the script stopped the loop"}, status=400)
        return await handler(request)

    return cut


@scenario("4a-empty-pages", "has_next: true with empty results, limit=10")
async def empty_pages() -> dict[str, Any]:
    async with hostile_server() as server:
        body = {"count": None, "next": None, "previous": None, "has_next": True, "results": []}
        server.route(_cut(server, raw_json(body)), path=RECORDINGS)
        mark()
        async with client(server) as c:
            result, error = await attempt(_walk(c.session_recordings.list(limit=10)), 60)
        return {"requests": len(server.seen), "outcome": outcome_of(error, result)}


async def _walk(pager: Any) -> int:
    return len([item async for item in pager])


@scenario("4b-fragment-loop", "next link = this page + '#fragment'")
async def fragment_loop() -> dict[str, Any]:
    async with hostile_server() as server:

        async def page(request: web.Request) -> web.StreamResponse:
            link = f"{server.base_url}{request.path_qs}#f{len(server.seen)}"
            return web.json_response(
                {"count": 1, "next": link, "previous": None, "results": [{"id": "r", "name": "x"}]}
            )

        server.route(_cut(server, page), path=ROLES)
        mark()
        async with client(server) as c:
            result, error = await attempt(_walk(c.roles.list(limit=1)), 60)
        return {"requests": len(server.seen), "outcome": outcome_of(error, result)}


# -- 5, 6 ---------------------------------------------------------------------------------


@scenario("5-slow-redirects", "timeout=1, redirect chain of 20 hops each 0.6 s")
async def slow_redirects() -> dict[str, Any]:
    async with hostile_server() as server:
        server.route(redirect_chain(20, delay=0.6))
        mark()
        async with client(server, timeout=1) as c:
            result, error = await attempt(c.roles.get(id="r1"), 60)
        return {"requests": len(server.seen), "outcome": outcome_of(error, result)}


@scenario("6-rate-limit-redirects", "RateLimit(5, per=60), redirect loop of 50 hops (3 s)")
async def rate_limited_redirects() -> dict[str, Any]:
    async with hostile_server() as server:
        server.route(redirect_chain(50))
        mark()
        async with client(server, max_retries=2, rate_limit=RateLimit(5, per=60)) as c:
            result, error = await attempt(c.roles.get(id="r1"), 3)
        return {"requests": len(server.seen), "outcome": outcome_of(error, result)}


# -- 7 ------------------------------------------------------------------------------------


@scenario("7-pool-wait", "max_concurrency=1, POST waiting for the held connection, timeout=0.3")
async def pool_wait() -> dict[str, Any]:
    async with hostile_server() as server:
        server.route(stall(1.0), path=f"{ROLES}held/")
        server.route(raw_json({"id": "r1", "name": "x"}, 201), path=ROLES, method="POST")
        mark()
        async with client(server, max_concurrency=1) as c:
            holder = asyncio.ensure_future(c.roles.get(id="held"))
            await server.wait_for(1)
            _, error = await attempt(c.roles.create(name="A", timeout=0.3))
            await attempt(holder)
        sent = getattr(error, "request_sent", None)
        return {
            "requests": len(server.seen),
            "outcome": f"request_sent={sent}, POSTs at the server: {server.count('POST')}; "
            + outcome_of(error),
        }


# -- 8 ------------------------------------------------------------------------------------

BAD_LINKS = ("http://h:99999/", "http://h:-1/", "http://[::1/x", "http://h:1:2/", "http://h:1@x/")


@scenario("8-malformed-links", "Location and next with 5 malformed URLs each")
async def malformed_links() -> dict[str, Any]:
    kinds: dict[str, int] = {}
    async with hostile_server() as server:
        mark()
        async with client(server) as c:
            for link in BAD_LINKS:
                server.route(redirect(link), path=f"{ROLES}r1/")
                _, error = await attempt(c.roles.get(id="r1"))
                name = type(error).__name__
                kinds[name] = kinds.get(name, 0) + 1
                page = {"count": 2, "next": link, "previous": None, "results": [{"id": "r"}]}
                server.route(raw_json(page), path=ROLES)
                first, error = await attempt(c.roles.list(limit=1))
                if error is None:
                    _, error = await attempt(first.next_page())
                name = type(error).__name__
                kinds[name] = kinds.get(name, 0) + 1
        return {
            "requests": len(server.seen),
            "outcome": ", ".join(f"{n} {k}" for k, n in sorted(kinds.items())),
        }


# -- 9 ------------------------------------------------------------------------------------


def _safe_repr(value: object) -> str:
    try:
        return repr(value)
    except Exception:
        return "<repr failed>"


def _leaks(error: BaseException) -> bool:
    """Whether the key shows in `error` or an exception chained to it, rendered with the
    locals of the SDK's frames (`capture_locals`, as crash reporters do)."""
    sdk = os.path.dirname(product_analytics.__file__)
    seen: set[int] = set()
    todo: list[BaseException] = [error]
    while todo:
        link = todo.pop()
        if id(link) in seen:
            continue
        seen.add(id(link))
        rendered = "".join(traceback.format_exception_only(type(link), link))
        tb = link.__traceback__
        while tb is not None:
            if tb.tb_frame.f_code.co_filename.startswith(sdk):
                rendered += "".join(_safe_repr(v) for v in tb.tb_frame.f_locals.values())
            tb = tb.tb_next
        if KEY in rendered or KEY[4:] in rendered:
            return True
        todo += [e for e in (link.__cause__, link.__context__) if e is not None]
    return False


@scenario("9-key-in-locals", "the key in traceback.TracebackException(capture_locals=True)")
async def key_in_locals() -> dict[str, Any]:
    leaked: list[str] = []
    checked = 0
    async with hostile_server() as server:
        server.route(raw_json({"detail": "bad key"}, 401), path=f"{ROLES}unauthorized/")
        server.route(stall(5), path=f"{ROLES}slow/")
        server.route(raw_json({"detail": "gone"}, 404))
        mark()

        async def refused() -> None:
            async with client("http://127.0.0.1:9") as c:
                await c.roles.get(id="r")

        async def unauthorized() -> None:
            async with client(server) as c:
                await c.roles.get(id="unauthorized")

        async def timeout() -> None:
            async with client(server, timeout=0.2) as c:
                await c.roles.get(id="slow")

        async def bad_input() -> None:
            async with client(server) as c:
                await c.roles.get(id=object())  # type: ignore[arg-type]

        async def get_many() -> None:
            async with client(server) as c:
                await c.session_recordings.get_many(ids=["a", "b"])

        async def bad_base_url() -> None:
            AsyncClient(api_key=KEY, base_url="http://h:99999/")

        async def bad_key_char() -> None:
            AsyncClient(api_key=KEY + "\n" + KEY, base_url=server.base_url)

        cases = (refused, unauthorized, timeout, bad_input, get_many, bad_base_url, bad_key_char)
        for case in cases:
            name = case.__name__
            try:
                await case()
            except Exception as exc:
                checked += 1
                if _leaks(exc):
                    leaked.append(name)
    return {
        "requests": len(server.seen),
        "outcome": f"{len(leaked)} of {checked} errors show the key"
        + (f" ({', '.join(leaked)})" if leaked else ""),
    }


# -- 10 -----------------------------------------------------------------------------------


def reachable_size(root: object) -> int:
    """Elements of every container reachable from `root` (not through modules, classes,
    functions or the event loop): what grows when something caches per call."""
    import types

    skip = (
        types.ModuleType,
        type,
        types.FunctionType,
        types.BuiltinFunctionType,
        types.MethodType,
        types.CodeType,
        types.FrameType,
        asyncio.AbstractEventLoop,
    )
    seen: set[int] = set()
    todo = [root]
    total = 0
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, skip):
            continue
        seen.add(id(obj))
        if isinstance(obj, (dict, list, set, tuple, frozenset)) or hasattr(obj, "__len__"):
            with contextlib.suppress(Exception):
                total += len(obj)  # type: ignore[arg-type]
        todo.extend(gc.get_referents(obj))
    return total


@scenario("10-distinct-timeouts", "1,000 calls with one timeout, 1,000 with distinct ones")
async def distinct_timeouts() -> dict[str, Any]:
    async with hostile_server() as server:
        server.route(raw_json({"id": "r1", "name": "x"}))
        mark()
        async with client(server) as c:
            for _ in range(50):
                await c.roles.get(id="r1", timeout=10)
            start = reachable_size(c)
            for _ in range(1000):
                await c.roles.get(id="r1", timeout=10)
            same = reachable_size(c) - start
            for i in range(1000):
                await c.roles.get(id="r1", timeout=20 + i / 1000)
            distinct = reachable_size(c) - start - same
        return {
            "requests": len(server.seen),
            "outcome": f"client state grew by {distinct} elements over 1,000 distinct timeouts, "
            f"{same} over 1,000 calls with one timeout",
        }


# -- 11 -----------------------------------------------------------------------------------


@scenario("11-framing-headers", "extra_headers Transfer-Encoding/Content-Length/Host/Connection")
async def framing_headers() -> dict[str, Any]:
    refused = 0
    other: list[str] = []
    headers = [
        {"Transfer-Encoding": "chunked"},
        {"transfer-encoding": "chunked"},
        {"Content-Length": "0"},
        {"CONTENT-LENGTH": "5"},
        {"Host": "evil.example"},
        {"hOsT": "evil.example"},
        {"Connection": "close"},
        {"connection": "upgrade"},
    ]
    async with hostile_server() as server:
        server.route(raw_json({"id": "r1", "name": "x"}, 201))
        mark()
        async with client(server) as c:
            for extra in headers:
                _, error = await attempt(c.roles.create(name="A", extra_headers=extra))
                if isinstance(error, ValueError) and not isinstance(
                    error, product_analytics.ApiError
                ):
                    refused += 1
                else:
                    other.append(outcome_of(error, None)[:40])
    return {
        "requests": len(server.seen),
        "outcome": f"{refused} of {len(headers)} refused before sending"
        + (f"; others: {sorted(set(other))}" if other else ""),
    }


# -- 12 -----------------------------------------------------------------------------------


def _loop_complaints(run: Callable[[], None]) -> tuple[list[str], list[str]]:
    """Warnings and loop-error log lines `run` produced."""
    import logging

    lines: list[str] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            lines.append(record.getMessage()[:80])

    handler = Collect()
    logging.getLogger("asyncio").addHandler(handler)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            run()
            gc.collect()
    finally:
        logging.getLogger("asyncio").removeHandler(handler)
    return [f"{w.category.__name__}: {str(w.message)[:60]}" for w in caught], lines


@contextlib.asynccontextmanager
async def _used_client() -> AsyncIterator[tuple[HostileServer, AsyncClient]]:
    """A server answering a role, and a client that has fetched it once (its pool is open)."""
    async with hostile_server() as server:
        server.route(raw_json({"id": "r1", "name": "x"}))
        mark()
        c = client(server)
        await c.roles.get(id="r1")
        yield server, c


@scenario("12a-other-loop", "a client used from a thread running its own event loop")
async def other_loop() -> dict[str, Any]:
    async with _used_client() as (server, c):
        box: dict[str, Any] = {}

        def in_thread() -> None:
            async def use() -> None:
                box["result"], box["error"] = await attempt(c.roles.get(id="r1"))

            asyncio.run(use())

        def run() -> None:
            thread = threading.Thread(target=in_thread)
            thread.start()
            thread.join()

        caught, logged = await asyncio.to_thread(_loop_complaints, run)
        await c.close()
        return {
            "requests": len(server.seen),
            "outcome": outcome_of(box.get("error"), box.get("result"))
            + f"; {len(caught)} warnings, {len(logged)} loop errors logged",
        }


def _child(c: AsyncClient, queue: Any) -> None:
    box: dict[str, Any] = {}

    def run() -> None:
        async def use() -> None:
            box["result"], box["error"] = await attempt(c.roles.get(id="r1"))
            _, box["close_error"] = await attempt(c.close())

        asyncio.run(use())

    caught, logged = _loop_complaints(run)
    queue.put(
        outcome_of(box.get("error"), box.get("result"))
        + f"; close(): {outcome_of(box.get('close_error'))[:40]}"
        + f"; {len(caught)} warnings, {len(logged)} loop errors logged"
    )


@scenario("12b-after-fork", "a client used in a child process after fork")
async def after_fork() -> dict[str, Any]:
    async with _used_client() as (server, c):
        context = multiprocessing.get_context("fork")
        queue = context.Queue()
        process = context.Process(target=_child, args=(c, queue))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # fork with threads
            process.start()
        message = await asyncio.to_thread(queue.get, True, 30)
        await asyncio.to_thread(process.join, 30)
        await c.close()
        return {"requests": len(server.seen), "outcome": message}


# -- 13 -----------------------------------------------------------------------------------


@scenario("13-http-non-loopback", "http:// to a non-loopback host; require_https=True")
async def http_non_loopback() -> dict[str, Any]:
    mark()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for _ in range(3):
            await AsyncClient(api_key=KEY, base_url="http://api.example.com").close()
    try:
        AsyncClient(api_key=KEY, base_url="http://api.example.com", require_https=True)
        strict = "require_https=True accepted"
    except Exception as exc:
        strict = f"require_https=True: {type(exc).__name__}"
    return {"requests": 0, "outcome": f"{len(caught)} warnings for 3 clients; {strict}"}


# -- running ------------------------------------------------------------------------------


def run(name: str) -> dict[str, Any]:
    title, function = SCENARIOS[name]
    mark()
    started = time.monotonic()
    try:
        report = asyncio.run(function())
    except BaseException as exc:
        report = {"requests": None, "outcome": f"scenario crashed: {outcome_of(exc)}"}
    report.update(
        case=name,
        title=title,
        seconds=round(time.monotonic() - started, 2),
        peak_mb=round((_peak_kb() - _baseline_kb) / 1024, 1),
    )
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("case", choices=sorted(SCENARIOS))
    parser.add_argument("--memory-cap", type=int, default=4096, help="address space cap, MiB")
    args = parser.parse_args()
    if args.memory_cap:
        cap = args.memory_cap * MiB
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    sys.setrecursionlimit(10_000)
    print(json.dumps(run(args.case)), flush=True)


if __name__ == "__main__":
    main()
