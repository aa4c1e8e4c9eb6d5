"""Malformed answers: a raw loopback `aiohttp.web` server answering non-JSON 2xx bodies,
truncated JSON, HTML error pages, wrong field types, empty bodies, lists where an object is
expected, a 20 MB body, JSON nested past the decoder's depth, broken encodings, a body that
stalls midway and a connection closed midway, to single gets, the open-JSON operation, list
pages (first page and a prefetched second page) and `get_many`.

Every call must end, well within its bound, either with the result the body allows or with
a typed error (`ResponseValidationError`, `ApiTimeoutError`, `ApiConnectionError`,
`ApiStatusError`): never a bare `KeyError`, `TypeError`, `ValueError`, `JSONDecodeError` or
`RecursionError`, never a hang.

The case is named by the project id of the request (`/api/environments/<case>/...`), so the
cases can run side by side on one server.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from product_analytics import (
    ApiConnectionError,
    ApiError,
    ApiStatusError,
    ApiTimeoutError,
    AsyncClient,
    InternalServerError,
    ResponseValidationError,
)
from tests.support.reliability import KEY, LeakProbe, fast_policy, serve

__all__ = ["CASES", "TARGETS", "Outcome", "MalformedCase", "run_malformed"]

TIMEOUT = 0.3
HUGE = 20 * 1024 * 1024
RECORDING = b'{"id": "%s", "distinct_id": "d", "viewed": false, "recording_duration": 5}'

Answer = Callable[[web.Request], Awaitable[web.StreamResponse]]


def _body(
    body: bytes,
    status: int = 200,
    content_type: str = "application/json",
    headers: dict[str, str] | None = None,
) -> Answer:
    async def answer(request: web.Request) -> web.StreamResponse:
        return web.Response(
            status=status, body=body, headers={"Content-Type": content_type, **(headers or {})}
        )

    return answer


async def _part_of_body(request: web.Request, length: int, part: bytes) -> web.StreamResponse:
    """A 200 JSON answer declaring `length` bytes, of which only `part` is sent (yet)."""
    response = web.StreamResponse(status=200, headers={"Content-Type": "application/json"})
    response.content_length = length
    await response.prepare(request)
    await response.write(part)
    return response


async def _stall_mid_body(request: web.Request) -> web.StreamResponse:
    response = await _part_of_body(request, 200, b'{"id": "stalled", "distinct_id": "')
    await asyncio.sleep(TIMEOUT * 10)  # cut short when the client goes or the server stops
    return response


async def _close_mid_body(request: web.Request) -> web.StreamResponse:
    response = await _part_of_body(request, 5000, b'{"id": "cut", "distinct_id": "')
    await asyncio.sleep(0.01)
    if request.transport is not None:
        request.transport.close()
    return response


async def _broken_chunks(request: web.Request) -> web.StreamResponse:
    transport = request.transport
    assert transport is not None
    transport.write(
        b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        b"zz\r\n{}\r\n0\r\n\r\n"
    )
    await asyncio.sleep(0.01)
    transport.close()
    return web.Response(status=200)  # never sent: the connection is gone


def _huge_list() -> bytes:
    item = b'"' + b"x" * 1022 + b'",'
    return b"[" + item * (HUGE // len(item)) + b'"end"]'


@dataclass(frozen=True)
class MalformedCase:
    """One malformed answer, and what each target may end with instead of an error.

    `ok_for` names the targets whose result the body allows (the open-JSON operation takes
    any JSON); every other target must raise `error`.
    """

    name: str
    answer: Answer
    error: type[ApiError]
    ok_for: frozenset[str] = frozenset()
    timeout: float | None = None  # per-call timeout, where the client's is too short


_JSON_OK = frozenset({"json"})
HTML = b"<!DOCTYPE html><html><head><title>Bad Gateway</title></head><body>nginx</body></html>"
CASES: list[MalformedCase] = [
    MalformedCase(
        "non-json-2xx", _body(b"definitely not json", 200, "text/plain"), ResponseValidationError
    ),
    MalformedCase("non-json-201", _body(b"Created!", 201, "text/plain"), ResponseValidationError),
    MalformedCase(
        "truncated-json", _body(b'{"id": "abc", "distinct_id": "us'), ResponseValidationError
    ),
    MalformedCase("html-200", _body(HTML, 200, "text/html"), ResponseValidationError),
    MalformedCase("html-502", _body(HTML, 502, "text/html"), InternalServerError),
    MalformedCase("html-503", _body(HTML, 503, "text/html"), InternalServerError),
    MalformedCase("html-404", _body(HTML, 404, "text/html"), ApiStatusError),
    MalformedCase(
        "wrong-field-types",
        _body(
            b'{"id": {"a": 1}, "viewed": [1], "recording_duration": "long", "results": "no",'
            b' "count": "many", "next": 5}'
        ),
        ResponseValidationError,
        _JSON_OK,
    ),
    MalformedCase("empty-body", _body(b""), ResponseValidationError, _JSON_OK),
    MalformedCase("whitespace-body", _body(b" \r\n "), ResponseValidationError, _JSON_OK),
    MalformedCase("list-for-object", _body(b'[{"id": "a"}]'), ResponseValidationError, _JSON_OK),
    MalformedCase("null-body", _body(b"null"), ResponseValidationError, _JSON_OK),
    MalformedCase("string-body", _body(b'"just a string"'), ResponseValidationError, _JSON_OK),
    MalformedCase("huge-20mb-list", _body(_huge_list()), ResponseValidationError, _JSON_OK, 10.0),
    MalformedCase(
        "deeply-nested-json", _body(b"[" * 100_000 + b"]" * 100_000), ResponseValidationError
    ),
    MalformedCase("deeply-nested-error-body", _body(b"[" * 100_000, 500), InternalServerError),
    MalformedCase("invalid-utf8", _body(b'{"id": "\xff\xfe\xfa"}'), ResponseValidationError),
    MalformedCase(
        "nan-and-infinity",
        _body(b'{"id": NaN, "recording_duration": Infinity}'),
        ResponseValidationError,
        _JSON_OK,
    ),
    MalformedCase("204-without-body", _body(b"", 204), ResponseValidationError, _JSON_OK),
    MalformedCase(
        "bad-gzip", _body(b"not gzip", headers={"Content-Encoding": "gzip"}), ApiConnectionError
    ),
    MalformedCase("broken-chunked-encoding", _broken_chunks, ApiConnectionError),
    MalformedCase("stall-mid-body", _stall_mid_body, ApiTimeoutError),
    MalformedCase("close-mid-body", _close_mid_body, ApiConnectionError),
]
TARGETS = ("get", "json", "page", "second-page", "get_many")
_BY_NAME = {case.name: case for case in CASES}


@dataclass(frozen=True)
class Outcome:
    """How one call ended: `result` is "ok", "hang", or the class name of the exception;
    `good` whether that is what the case allows for the target."""

    case: str
    target: str
    result: str
    expected: str
    error: BaseException | None
    seconds: float
    good: bool


def _allowed(case: MalformedCase, target: str, error: BaseException | None) -> bool:
    if target in case.ok_for:
        return error is None
    if not isinstance(error, case.error):
        return False
    # A timeout is a connection error too, but not what a closed connection should give.
    return case.error is ApiTimeoutError or not isinstance(error, ApiTimeoutError)


async def _route(request: web.Request) -> web.StreamResponse:
    """`/api/environments/<case>/session_recordings/...`: the valid parts (the first list
    page of `second-page`, the ids of `get_many` other than `bad`) answer well; the rest
    answer the case's malformed body."""
    parts = request.path.split("/")
    case = _BY_NAME[parts[3]]
    tail = parts[4:]
    if tail[:2] == ["session_recordings", ""] and request.query.get("second") != "1":
        if request.query.get("target") == "second-page":
            link = f"{request.scheme}://{request.host}{request.path}?target=second-page&second=1"
            return web.json_response({"count": 2, "next": link, "results": [{"id": "first"}]})
    elif tail[0] == "session_recordings" and tail[1] not in ("", "bad"):
        return web.Response(body=RECORDING % tail[1].encode(), content_type="application/json")
    return await case.answer(request)


async def _call(client: AsyncClient, case: MalformedCase, target: str) -> Any:
    recordings = client.session_recordings
    project, timeout = case.name, case.timeout
    if target == "get":
        return await recordings.get(project_id=project, id="bad", timeout=timeout)
    if target == "json":
        return await client.sessions.property_definitions(project_id=project, timeout=timeout)
    if target == "page":
        return await recordings.list(project_id=project, timeout=timeout)
    if target == "second-page":
        pager = recordings.list(
            project_id=project, extra_query={"target": "second-page"}, timeout=timeout
        )
        return [r async for r in pager]
    ids = ["a", "bad", "c", "d"]
    return await recordings.get_many(project_id=project, ids=ids, timeout=timeout)


async def run_malformed(
    cases: list[MalformedCase] | None = None, *, bound: float = 10.0
) -> tuple[list[Outcome], LeakProbe]:
    """Every case against every target, a few at a time; each call bounded by `bound`
    seconds (a call still running then is a "hang")."""
    outcomes: list[Outcome] = []
    async with (
        LeakProbe(keep_records=False) as probe,
        serve(_route) as server,
        AsyncClient(
            api_key=KEY, base_url=server.base_url, timeout=TIMEOUT, retry_policy=fast_policy(0)
        ) as client,
    ):
        # One call at a time: server and client share this loop, and a huge or deeply nested
        # body parsed for one call would otherwise starve another past its short timeout.
        gate = asyncio.Semaphore(1)

        async def one(case: MalformedCase, target: str) -> None:
            expected = "ok" if target in case.ok_for else case.error.__name__
            async with gate:
                started = time.perf_counter()
                error: BaseException | None = None
                call = asyncio.ensure_future(_call(client, case, target))
                done, _ = await asyncio.wait((call,), timeout=bound)
                if not done:
                    call.cancel()
                    await asyncio.wait((call,))
                    result = "hang"
                else:
                    error = call.exception()
                    result = "ok" if error is None else type(error).__name__
                    if error is not None:
                        probe.scan_error(error)
                good = result != "hang" and _allowed(case, target, error)
                outcomes.append(
                    Outcome(
                        case.name,
                        target,
                        result,
                        expected,
                        error,
                        time.perf_counter() - started,
                        good,
                    )
                )

        await asyncio.gather(*(one(c, t) for c in cases or CASES for t in TARGETS))
    order = {(c.name, t): i for i, (c, t) in enumerate((c, t) for c in CASES for t in TARGETS)}
    outcomes.sort(key=lambda o: order.get((o.case, o.target), 0))
    return outcomes, probe
