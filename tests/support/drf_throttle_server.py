"""A hand-rolled loopback server throttling like Django REST framework, for client tests.

Independent of `FakeServer` (shares no code with it), so client tests can check their
throttle handling against a second implementation. It throttles the way DRF's
`SimpleRateThrottle` does: per API key and throttle class, each window keeps the times of
the requests it let through; a request is refused when a window already holds `n` of them
younger than its duration; the refusal's wait is DRF's `wait()`, the largest over the
refusing windows. Unlike DRF (which rounds up), `Retry-After` and the detail are that wait
rounded DOWN to whole seconds by default, so a client that trusts the header wakes before
the slot reopens; `rounding="ceil"` gives DRF's own behaviour.

Routes (any method):
- `.../session_recordings/` answers a list page (`limit`/`offset`) of `recordings` recordings;
- `.../session_recordings/<id>/` answers the recording `{"id": <id>, ...}`;
- anything else under `/api/` answers `{"ok": true}`.
Paths holding `session_recording` or `/sessions/` are class `recordings`, others `crud`.
A request without `Authorization: Bearer <api_key>` is a 401 and is not counted.
"""

from __future__ import annotations

import contextlib
import json
import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from aiohttp import web

from tests.support.loopback import serve

__all__ = ["API_KEY", "DrfThrottleServer", "Hit"]

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
    `rounding`: `"floor"` (default) or `"ceil"` for `Retry-After`; `clock`: seconds,
    monotonic (inject one for deterministic tests). `hits` logs every answer; `throttled`
    and `served` count 429s and 200s.
    """

    def __init__(
        self,
        rates: Mapping[str, Sequence[tuple[int, float]]],
        *,
        recordings: int = 100,
        rounding: Literal["floor", "ceil"] = "floor",
        clock: Callable[[], float] = time.monotonic,
        api_key: str = API_KEY,
    ) -> None:
        self.rates = {name: [(int(n), float(s)) for n, s in ws] for name, ws in rates.items()}
        self.rounding = rounding
        self.clock = clock
        self.api_key = api_key
        self.project_id = 7
        self.recordings = [_recording(i) for i in range(recordings)]
        self.recording_ids = [r["id"] for r in self.recordings]
        self.hits: list[Hit] = []
        self._scopes: dict[tuple[str, str, int], _Scope] = {}
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
            scope = self._scopes.setdefault((key, throttle_class, index), _Scope(num, duration))
            if not scope.allow_request(now):
                durations.append(scope.wait(now))
        if not durations:
            return None
        known = [d for d in durations if d is not None]
        if not known:
            return -1
        wait = max(known)
        return math.floor(wait) if self.rounding == "floor" else math.ceil(wait)

    def _body(self, request: web.Request) -> Any:
        parts = [p for p in request.path.split("/") if p]
        if parts[-1] == "session_recordings":
            limit = int(request.query.get("limit", "100"))
            offset = int(request.query.get("offset", "0"))
            results = self.recordings[offset : offset + limit]
            more = offset + limit < len(self.recordings)
            base = f"{self.base_url}{request.path}"
            return {
                "count": len(self.recordings),
                "next": f"{base}?limit={limit}&offset={offset + limit}" if more else None,
                "previous": None,
                "results": results,
            }
        if len(parts) >= 2 and parts[-2] == "session_recordings":
            return {**_recording(0), "id": parts[-1]}
        return {"ok": True}

    async def _handle(self, request: web.Request) -> web.Response:
        scheme, _, token = request.headers.get("Authorization", "").partition(" ")
        if scheme != "Bearer" or token != self.api_key:
            return web.json_response(
                {
                    "type": "authentication_error",
                    "code": "not_authenticated",
                    "detail": "Authentication credentials were not provided.",
                    "attr": None,
                },
                status=401,
            )
        throttle_class = self._throttle_class(request.path)
        wait = self._check(token, throttle_class)
        if wait is None:
            self.hits.append(Hit(self.clock(), token, throttle_class, request.path, 200, None))
            return web.Response(
                body=json.dumps(self._body(request)).encode(), content_type="application/json"
            )
        headers = {} if wait < 0 else {"Retry-After": str(wait)}
        detail = "Request was throttled."
        if wait >= 0:
            detail += f" Expected available in {wait} second{'' if wait == 1 else 's'}."
        self.hits.append(Hit(self.clock(), token, throttle_class, request.path, 429, max(wait, 0)))
        return web.json_response(
            {"type": "throttled_error", "code": "throttled", "detail": detail, "attr": None},
            status=429,
            headers=headers,
        )

    async def __aenter__(self) -> DrfThrottleServer:
        self._serving = contextlib.AsyncExitStack()
        self._port = (await self._serving.enter_async_context(serve(self._handle))).port
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self._serving.aclose()
