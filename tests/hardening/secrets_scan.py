"""The key never shows: calls of every kind (successes, retries, every error status, timeouts,
dropped and refused connections, bodies that do not parse, scope and input errors, paging,
use after close) with DEBUG logging on, every log record, exception and repr scanned for it;
and nothing on another origin (a second loopback server) ever receives it, whether pointed
at by a `next` link or by a redirect (301, 302, 303, 307, 308; GET and POST): neither is
followed.
"""

from __future__ import annotations

import asyncio
import socket
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from aiohttp import web

from product_analytics import AsyncClient, RateLimit
from tests.support.reliability import (
    KEY,
    LeakProbe,
    LoopbackServer,
    Received,
    fast_policy,
    key_hits,
    serve,
)

__all__ = ["REDIRECT_CODES", "SecretsResult", "carries_key", "other_origin", "secrets_scan"]

ORG = "org-s"
PROJECT = 9
REDIRECT_CODES = (301, 302, 303, 307, 308)
ROLE = {"id": "r1", "name": "Role", "feature_flags_access_level": 21}


def carries_key(request: Received) -> bool:
    """Whether a request holds an Authorization header, or the key in any header or its
    path, query or body."""
    if any(name.lower() == "authorization" for name in request.headers):
        return True
    texts = [*request.headers.values(), request.raw_path, request.query_string]
    return any(key_hits(text) for text in texts) or key_hits(request.body.decode("latin-1")) > 0


async def other_origin(request: web.Request) -> web.Response:
    """What the second server answers to anything: a page, which is also a valid role."""
    return web.json_response({**ROLE, "count": 1, "next": None, "results": [ROLE]})


def api(other: LoopbackServer) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
    """The first server: the organization id of the path names what it answers."""
    attempts: Counter[str] = Counter()

    async def answer(request: web.Request) -> web.StreamResponse:
        case = request.path.split("/")[3]
        attempts[case] += 1
        if case == "paging":  # two pages on this origin, then a link to the other one
            page = request.query.get("page", "1")
            base = f"{request.scheme}://{request.host}{request.path}"
            following = {"1": f"{base}?page=2", "2": f"{other.base_url}{request.path}?page=3"}
            results = [{"id": f"p{page}", "domain": f"p{page}.example.com"}]
            return web.json_response({"count": 3, "next": following[page], "results": results})
        if case == "ok" or (case == "flaky" and attempts[case] > 1):
            return web.json_response(ROLE)
        if case == "flaky":
            return web.json_response({"detail": "Busy."}, status=503)
        if case.startswith("status-"):
            status = int(case[7:])
            headers = {"Retry-After": "0.01"} if status == 429 else None
            body = {"type": "x", "code": "c", "detail": f"Failed {status}.", "attr": None}
            return web.json_response(body, status=status, headers=headers)
        if case == "html":
            return web.Response(
                status=502, text="<html>bad gateway</html>", content_type="text/html"
            )
        if case == "slow":
            await asyncio.sleep(2)
        if case == "drop" and request.transport is not None:
            request.transport.abort()
        if case == "garbage":
            return web.Response(text="not json at all")
        if case.startswith("redirect-"):
            location = f"{other.base_url}{request.path}"
            return web.Response(status=int(case[9:]), headers={"Location": location})
        if case == "same-origin-redirect":
            return web.Response(status=302, headers={"Location": "/api/organizations/ok/roles/r1/"})
        return web.json_response({"detail": "Not found."}, status=404)

    return answer


@dataclass
class SecretsResult:
    """What `secrets_scan` found: `probe` holds the key hits in logs and errors; `other`
    the requests the second origin received."""

    probe: LeakProbe
    other: list[Received]
    outcomes: Counter[str] = field(default_factory=Counter)
    calls: int = 0

    @property
    def other_with_key(self) -> int:
        return sum(carries_key(request) for request in self.other)

    @property
    def leaked(self) -> int:
        """Key hits, requests carrying the key elsewhere, tasks and sessions left behind."""
        return self.probe.leaked + self.other_with_key


def _refused_url() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"


async def secrets_scan(rounds: int = 1) -> SecretsResult:
    """Calls of every kind, `rounds` times, with DEBUG logging on: see the module docstring."""
    async with (
        serve(other_origin) as other,
        serve(api(other)) as server,
        LeakProbe() as probe,
    ):
        result = SecretsResult(probe, other.received)
        common: dict[str, Any] = {
            "api_key": KEY,
            "timeout": 0.3,
            "deadline": 1.0,  # an always-429 answer ends as RateLimitError within it
            "retry_policy": fast_policy(2),
            "project_id": PROJECT,
        }
        client = AsyncClient(base_url=server.base_url, **common)
        scoped = AsyncClient(base_url=server.base_url, scopes=["project:read"], **common)
        limit = RateLimit(500, per=1)
        limited = AsyncClient(base_url=server.base_url, rate_limit=limit, **common)
        refused = AsyncClient(base_url=_refused_url(), **common)
        # Its own client: a 429 paces the whole throttle class of the client that got it.
        throttled = AsyncClient(base_url=server.base_url, **common)
        clients = (client, scoped, limited, refused, throttled)

        async def attempt(name: str, call: Callable[[], Awaitable[Any]]) -> None:
            result.calls += 1
            try:
                await asyncio.wait_for(call(), 10)
            except Exception as exc:
                result.outcomes[f"{name}: {type(exc).__name__}"] += 1
                probe.scan_error(exc)
            else:
                result.outcomes[f"{name}: ok"] += 1

        try:
            await _calls(client, scoped, limited, refused, throttled, attempt, rounds)
            for each in clients:
                probe.scan_text(repr(each))
                probe.scan_text(str(each))
                probe.scan_text(repr(vars(each)))
                probe.scan_text(repr(each.stats))
            probe.scan_text(repr(client.roles.list(organization_id="ok")))
        finally:
            for each in clients:
                await each.close()
        await attempt("closed", lambda: client.roles.get(organization_id="ok", id="r1"))
    return result


Attempt = Callable[[str, Callable[[], Awaitable[Any]]], Awaitable[None]]


async def _calls(
    client: AsyncClient,
    scoped: AsyncClient,
    limited: AsyncClient,
    refused: AsyncClient,
    throttled: AsyncClient,
    attempt: Attempt,
    rounds: int,
) -> None:
    roles = client.roles
    orgs = [
        "ok",
        "flaky",
        "html",
        "slow",
        "drop",
        "garbage",
        "missing",
        "same-origin-redirect",
        *(f"status-{status}" for status in (400, 401, 403, 404, 409, 429, 500, 503)),
        *(f"redirect-{code}" for code in REDIRECT_CODES),
    ]
    for _ in range(rounds):
        for org in orgs:
            on = throttled.roles if org == "status-429" else roles
            await attempt(f"get {org}", partial(on.get, organization_id=org, id="r1"))
        for org in ("redirect-307", "redirect-308", "status-500", "status-429"):
            on = throttled.roles if org == "status-429" else roles
            await attempt(f"create {org}", partial(on.create, organization_id=org, name="n"))
        await attempt("paging", lambda: _walk(client))
        await attempt(
            "get_many",
            lambda: client.session_recordings.get_many(
                ids=["a", "b"], project_id="x", return_exceptions=True
            ),
        )
        await attempt("scope", lambda: scoped.roles.get(organization_id="ok", id="r1"))
        await attempt("input", lambda: roles.get(organization_id="ok", id=["r1"]))  # type: ignore[arg-type]
        await attempt(
            "header",
            lambda: roles.get(organization_id="ok", id="r", extra_headers={"Authorization": "x"}),
        )
        await attempt("rate-limited", lambda: limited.roles.get(organization_id="ok", id="r1"))
        await attempt("refused", lambda: refused.roles.get(organization_id="ok", id="r1"))


async def _walk(client: AsyncClient) -> list[Any]:
    pager = client.proxy_records.list(organization_id="paging")
    first = await pager
    texts = [repr(pager), repr(first), repr(first.envelope)]
    if any(key_hits(text) for text in texts):
        raise AssertionError("a page shows the key")
    return [record async for record in pager]
