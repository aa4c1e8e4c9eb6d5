"""What tests assert on: the request log, the in-flight gauge, and crashes turned into 500s."""

from __future__ import annotations

import contextlib
import json
import time
import traceback
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web
from aiohttp.typedefs import Handler, Middleware

from product_analytics.testing.bodies import read_raw_body
from product_analytics.testing.errors import ApiProblem, error_response
from product_analytics.testing.faults import FAULTS_KEY

__all__ = [
    "OPERATION_KEY",
    "RequestRecord",
    "ServerStats",
    "error_middleware",
    "observe_middleware",
]

# Request key: the operation the dispatcher resolved the request to.
OPERATION_KEY: web.RequestKey[str] = web.RequestKey("product_analytics.operation_id")


@dataclass(frozen=True)
class RequestRecord:
    """One request as the server saw it.

    `path` is decoded and without the query; `query` keeps the last value of a repeated
    name; `body` is the decoded JSON body, or None when there is none or it is not JSON;
    `status` is None when no answer was sent (dropped connection, client gone);
    `headers` are case-insensitive; `operation_id` is None for unknown paths and methods;
    `faults` lists the kinds of injected faults that fired; `duration` is in seconds.
    """

    method: str
    path: str
    query: dict[str, str]
    body: Any
    status: int | None
    headers: Mapping[str, str]
    has_authorization: bool
    operation_id: str | None
    faults: tuple[str, ...]
    duration: float


@dataclass
class ServerStats:
    """What one server counts (`FakeServer.stats`): `in_flight`, the requests being handled
    now; `max_in_flight`, the most handled at once; `internal_errors`, the tracebacks of
    exceptions that escaped a handler (each answered as a 500); `log`, the request log,
    bounded by `log_limit` (oldest dropped; `FakeServer.requests` is a copy)."""

    log_limit: int | None = None
    in_flight: int = 0
    max_in_flight: int = 0
    internal_errors: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.log: deque[RequestRecord] = deque(maxlen=self.log_limit)

    def reset(self) -> None:
        """Forget the log and the crashes; the gauge's maximum restarts from `in_flight`."""
        self.log.clear()
        self.internal_errors.clear()
        self.max_in_flight = self.in_flight


def _decode(raw: bytes) -> Any:
    if not raw:
        return None
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        return None


def observe_middleware(stats: ServerStats) -> Middleware:
    """Outermost middleware: counts requests in flight and logs each one when it ends."""

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        stats.in_flight += 1
        stats.max_in_flight = max(stats.max_in_flight, stats.in_flight)
        started = time.perf_counter()
        raw = b""
        status: int | None = None
        try:
            with contextlib.suppress(web.HTTPException):  # too large: answered inside
                raw = await read_raw_body(request)
            response = await handler(request)
            transport = request.transport
            if response.prepared or (transport is not None and not transport.is_closing()):
                status = response.status
            return response
        finally:
            stats.in_flight -= 1
            stats.log.append(
                RequestRecord(
                    method=request.method,
                    path=request.path,
                    query=dict(request.query),
                    body=_decode(raw),
                    status=status,
                    headers=request.headers,
                    has_authorization="Authorization" in request.headers,
                    operation_id=request.get(OPERATION_KEY),
                    faults=request.get(FAULTS_KEY, ()),
                    duration=time.perf_counter() - started,
                )
            )

    return middleware


def error_middleware(on_crash: Callable[[str], None]) -> Middleware:
    """Turns `ApiProblem` and aiohttp HTTP errors into the service's error shape, and any
    other exception into a 500 in that shape after passing its traceback to `on_crash`."""

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        try:
            return await handler(request)
        except ApiProblem as problem:
            return problem.to_response()
        except web.HTTPException as exc:
            code = exc.reason.lower().replace(" ", "_")
            return error_response(exc.status, "invalid_request", code, exc.reason + ".")
        except Exception:
            on_crash(traceback.format_exc())
            return error_response(500, "server_error", "error", "A server error occurred.")

    return middleware
