"""A hand-rolled loopback server throttling like Django REST framework, for client tests.

Independent of `FakeServer` (shares no code with it), so client tests can check their
throttle handling against a second implementation. It throttles the way DRF's
`SimpleRateThrottle` does: per API key and throttle class, each window keeps the times of
the requests it let through; a request is refused when a window already holds `n` of them
younger than its duration; the refusal's wait is DRF's `wait()`, the largest over the
refusing windows. Unlike DRF (which rounds up), `Retry-After` and the detail are that wait
rounded DOWN to whole seconds by default, so a client that trusts the header wakes before
the slot reopens; `rounding="ceil"` gives DRF's own behaviour. `window="fixed"` counts in
fixed windows instead (`n` per window, the windows starting at whole multiples of the
duration on the server's clock), as many proxies and API gateways do; the wait is then
until the window ends.

Without a socket, `transport(latency=...)` answers through a `MockTransport` (each answer
`latency` seconds after its request, the throttle deciding half-way), for tests on virtual
time (`tests/support/virtual_time.py`).

Routes (any method):
- `.../session_recordings/` answers a list page (`limit`/`offset`) of `recordings` recordings;
- `.../session_recordings/<id>/` answers the recording `{"id": <id>, ...}`;
- anything else under `/api/` answers `{"ok": true}`.
Paths holding `session_recording` or `/sessions/` are class `recordings`, others `crud`.
A request without `Authorization: Bearer <api_key>` is a 401 and is not counted.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from aiohttp import web

from product_analytics import AsyncClient
from product_analytics._transport.base import Request
from product_analytics.testing import MockTransport
from tests.support.loopback import serve
from tests.support.virtual_time import run_in_virtual_time, virtual_clock

__all__ = [
    "API_KEY",
    "DrfThrottleServer",
    "Fetch",
    "Hit",
    "bound",
    "fetch_in_virtual_time",
    "fetch_together_in_virtual_time",
]

API_KEY = "phx_drf_throttle_test_key"


@dataclass(frozen=True)
class Hit:
    """One request as the server answered it (`retry_after` only on a 429)."""

    at: float
    key: str
    throttle_class: str
    path: str
    status: int
    retry_after: int | None


@dataclass
class _Scope:
    """DRF SimpleRateThrottle for one key, class and rate: its history, newest first."""

    num_requests: int
    duration: float
    history: list[float] = field(default_factory=list)

    def allow_request(self, now: float) -> bool:
        while self.history and self.history[-1] <= now - self.duration:
            self.history.pop()
        if len(self.history) >= self.num_requests:
            return False
        self.history.insert(0, now)
        return True

    def wait(self, now: float) -> float | None:
        remaining = self.duration - (now - self.history[-1]) if self.history else self.duration
        available = self.num_requests - len(self.history) + 1
        if available <= 0:
            return None
        return remaining / float(available)


@dataclass
class _FixedScope:
    """`num_requests` per window of `duration` s, the windows starting at its multiples."""

    num_requests: int
    duration: float
    window: float = -1.0
    count: int = 0

    def allow_request(self, now: float) -> bool:
        window = math.floor(now / self.duration)
        if window != self.window:
            self.window, self.count = window, 0
        if self.count >= self.num_requests:
            return False
        self.count += 1
        return True

    def wait(self, now: float) -> float:
        return (self.window + 1) * self.duration - now


def _recording(index: int) -> dict[str, Any]:
    return {
        "id": f"drf-rec-{index:05d}",
        "distinct_id": f"user-{index % 17}",
        "recording_duration": 30 + index % 90,
        "start_time": "2024-01-01T00:00:00Z",
        "viewed": False,
    }


class DrfThrottleServer:
    """`async with DrfThrottleServer({"recordings": [(40, 10.0)]}) as server:`.

    `rates`: class -> `(requests, seconds)` windows (classes left out are not throttled);
    `rounding`: `"floor"` (default) or `"ceil"` for `Retry-After`; `window`: `"sliding"`
    (DRF's, default) or `"fixed"`; `clock`: seconds,
    monotonic (inject one for deterministic tests). `hits` logs every answer; `throttled`
    and `served` count 429s and 200s.
    """

    def __init__(
        self,
        rates: Mapping[str, Sequence[tuple[int, float]]],
        *,
        recordings: int = 100,
        rounding: Literal["floor", "ceil"] = "floor",
        window: Literal["sliding", "fixed"] = "sliding",
        clock: Callable[[], float] = time.monotonic,
        api_key: str = API_KEY,
    ) -> None:
        self.rates = {name: [(int(n), float(s)) for n, s in ws] for name, ws in rates.items()}
        self.rounding = rounding
        self.window = window
        self.clock = clock
        self.api_key = api_key
        self.project_id = 7
        self.recordings = [_recording(i) for i in range(recordings)]
        self.recording_ids = [r["id"] for r in self.recordings]
        self.hits: list[Hit] = []
        self._scopes: dict[tuple[str, str, int], _Scope | _FixedScope] = {}
        self._serving = contextlib.AsyncExitStack()
        self._port = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._port}"

    @property
    def throttled(self) -> int:
        return sum(hit.status == 429 for hit in self.hits)

    @property
    def served(self) -> int:
        return sum(hit.status == 200 for hit in self.hits)

    def _throttle_class(self, path: str) -> str:
        return "recordings" if "session_recording" in path or "/sessions/" in path else "crud"

    def _check(self, key: str, throttle_class: str) -> int | None:
        """None when allowed; else the whole seconds of Retry-After (-1: no wait known)."""
        now = self.clock()
        durations: list[float | None] = []
        for index, (num, duration) in enumerate(self.rates.get(throttle_class, [])):
            kind = _Scope if self.window == "sliding" else _FixedScope
            scope = self._scopes.setdefault((key, throttle_class, index), kind(num, duration))
            if not scope.allow_request(now):
                durations.append(scope.wait(now))
        if not durations:
            return None
        known = [d for d in durations if d is not None]
        if not known:
            return -1
        wait = max(known)
        return math.floor(wait) if self.rounding == "floor" else math.ceil(wait)

    def _body(self, path: str, query: Mapping[str, str]) -> Any:
        parts = [p for p in path.split("/") if p]
        if parts[-1] == "session_recordings":
            limit = int(query.get("limit", "100"))
            offset = int(query.get("offset", "0"))
            results = self.recordings[offset : offset + limit]
            more = offset + limit < len(self.recordings)
            base = f"{self.base_url}{path}"
            return {
                "count": len(self.recordings),
                "next": f"{base}?limit={limit}&offset={offset + limit}" if more else None,
                "previous": None,
                "results": results,
            }
        if len(parts) >= 2 and parts[-2] == "session_recordings":
            return {**_recording(0), "id": parts[-1]}
        return {"ok": True}

    def answer(
        self, path: str, query: Mapping[str, str], authorization: str
    ) -> tuple[int, dict[str, str], bytes]:
        """The answer to a request for `path`: status, headers and body."""
        json_type = {"Content-Type": "application/json"}
        scheme, _, token = authorization.partition(" ")
        if scheme != "Bearer" or token != self.api_key:
            error = {
                "type": "authentication_error",
                "code": "not_authenticated",
                "detail": "Authentication credentials were not provided.",
                "attr": None,
            }
            return 401, json_type, json.dumps(error).encode()
        throttle_class = self._throttle_class(path)
        wait = self._check(token, throttle_class)
        if wait is None:
            self.hits.append(Hit(self.clock(), token, throttle_class, path, 200, None))
            return 200, json_type, json.dumps(self._body(path, query)).encode()
        headers = json_type if wait < 0 else {**json_type, "Retry-After": str(wait)}
        detail = "Request was throttled."
        if wait >= 0:
            detail += f" Expected available in {wait} second{'' if wait == 1 else 's'}."
        self.hits.append(Hit(self.clock(), token, throttle_class, path, 429, max(wait, 0)))
        error = {"type": "throttled_error", "code": "throttled", "detail": detail, "attr": None}
        return 429, headers, json.dumps(error).encode()

    async def _handle(self, request: web.Request) -> web.Response:
        authorization = request.headers.get("Authorization", "")
        status, headers, body = self.answer(request.path, request.query, authorization)
        return web.Response(status=status, headers=headers, body=body)

    def transport(
        self, *, latency: float = 0.02, jitter: float = 0.0, seed: int = 0
    ) -> MockTransport:
        """A `MockTransport` answering as this server would, with no socket: each request
        reaches the throttle `latency / 2` seconds after it is sent (give or take up to
        `jitter` s, drawn from `seed`), and its answer comes as long after. On virtual time,
        these are virtual seconds."""
        draw = random.Random(seed)

        async def handle(request: Request) -> tuple[int, dict[str, str], bytes]:
            await asyncio.sleep(latency / 2 + draw.uniform(0, jitter))
            url = request.url.partition("://")[2].partition("/")[2]
            path, _, query = url.partition("?")
            pairs = dict(pair.partition("=")[::2] for pair in query.split("&") if pair)
            answer = self.answer(f"/{path}", pairs, request.headers.get("Authorization", ""))
            await asyncio.sleep(latency / 2 + draw.uniform(0, jitter))
            return answer

        return MockTransport(handle)

    async def __aenter__(self) -> DrfThrottleServer:
        self._serving = contextlib.AsyncExitStack()
        self._port = (await self._serving.enter_async_context(serve(self._handle))).port
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self._serving.aclose()


@dataclass(frozen=True)
class Fetch:
    """What one `get_many` against a `DrfThrottleServer` measured: its `seconds`, the least
    time its server's windows allow (`bound`), the requests the server answered, its 429s
    and the results that were errors."""

    seconds: float
    bound: float
    requests: int
    throttled: int
    errors: int

    @property
    def ratio(self) -> float:
        return self.seconds / self.bound

    @property
    def share_429(self) -> float:
        return self.throttled / max(self.requests, 1)


def bound(count: int, rates: Sequence[tuple[int, float]]) -> float:
    """The least time `count` requests take through these windows from an empty start: the
    last full window's requests go one window after the first's."""
    return max((math.ceil(count / n) - 1) * seconds for n, seconds in rates)


def fetch_in_virtual_time(
    rates: Sequence[tuple[int, float]],
    count: int,
    *,
    window: Literal["sliding", "fixed"] = "sliding",
    rounding: Literal["floor", "ceil"] = "ceil",
    offset: float = 0.0,
    latency: float = 0.02,
    jitter: float = 0.005,
    seed: int = 0,
    **settings: Any,
) -> Fetch:
    """`get_many` of `count` recordings by a client with default settings (and `settings`),
    on virtual time, against a server throttling `recordings` at `rates` (its clock
    `offset` s ahead, which places fixed windows) through its `transport`."""

    async def fetch() -> Fetch:
        server = DrfThrottleServer(
            {"recordings": rates},
            recordings=count,
            rounding=rounding,
            window=window,
            clock=lambda: virtual_clock() + offset,
        )
        transport = server.transport(latency=latency, jitter=jitter, seed=seed)
        started = virtual_clock()
        found = await _get_every_recording(server, transport, settings)
        return Fetch(
            seconds=virtual_clock() - started,
            bound=bound(count, rates),
            requests=len(server.hits),
            throttled=server.throttled,
            errors=sum(isinstance(item, BaseException) for item in found),
        )

    return run_in_virtual_time(fetch, clocks=True)


async def _get_every_recording(
    server: DrfThrottleServer, transport: MockTransport, settings: Mapping[str, Any]
) -> list[Any]:
    """`get_many` of every recording `server` holds, by a client with `settings` through
    `transport`: each result, or the exception that ended it."""
    async with AsyncClient(
        api_key=server.api_key,
        base_url="https://drf.test",
        project_id=server.project_id,
        transport=transport,
        **settings,
    ) as client:
        return await client.session_recordings.get_many(
            ids=server.recording_ids, return_exceptions=True
        )


def fetch_together_in_virtual_time(
    rates: Sequence[tuple[int, float]],
    workers: int,
    count: int,
    *,
    stagger: float = 0.013,
    latency: float = 0.02,
    jitter: float = 0.03,
    seed: int = 0,
    **settings: Any,
) -> list[Fetch]:
    """`workers` clients on one API key and no shared store (as many processes), started
    `stagger` s apart, each its own `get_many` of `count` recordings with `settings`, on
    virtual time, against one server throttling `recordings` at `rates`; each through its
    own `transport` (its jitter drawn from `seed` and its place). One `Fetch` a worker:
    its own seconds and errors, the server's requests and 429s (all workers')."""

    async def fetch_all() -> list[Fetch]:
        server = DrfThrottleServer(
            {"recordings": rates}, recordings=count, rounding="ceil", clock=virtual_clock
        )

        async def fetch(index: int) -> tuple[float, int]:
            await asyncio.sleep(index * stagger)
            transport = server.transport(
                latency=latency, jitter=jitter, seed=seed * workers + index
            )
            started = virtual_clock()
            found = await _get_every_recording(server, transport, settings)
            errors = sum(isinstance(item, BaseException) for item in found)
            return virtual_clock() - started, errors

        done = await asyncio.gather(*map(fetch, range(workers)))
        return [
            Fetch(
                seconds=seconds,
                bound=bound(workers * count, rates),
                requests=len(server.hits),
                throttled=server.throttled,
                errors=errors,
            )
            for seconds, errors in done
        ]

    return run_in_virtual_time(fetch_all, clocks=True)
