"""Shared helpers of the client tests: the loopback server and probes of
`tests.support.loopback`, a client factory with fast retries, and answer bodies.

Async context managers rather than fixtures, imported explicitly by each test module.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

from aiohttp import web

from product_analytics import AsyncClient
from tests.support.loopback import (
    Handler,
    LoopbackServer,
    Received,
    assert_no_pending_tasks,
    client_tasks,
    fast_policy,
    free_port,
    loop_errors,
    serve,
)

__all__ = [
    "API_KEY",
    "ORG",
    "PROJECT",
    "Handler",
    "LoopbackServer",
    "Received",
    "assert_no_pending_tasks",
    "client_for",
    "client_tasks",
    "fast_policy",
    "free_port",
    "json_response",
    "loop_errors",
    "proxy_record",
    "recording",
    "serve",
]

API_KEY = "phx_test_secret_key_0123456789"
ORG = "org-1"
PROJECT = 7


@contextlib.asynccontextmanager
async def client_for(server: LoopbackServer | str, **kwargs: Any) -> AsyncIterator[AsyncClient]:
    """An `AsyncClient` on `server` (or a base URL) with fast retries unless told otherwise."""
    base_url = server if isinstance(server, str) else server.base_url
    kwargs.setdefault("retry_policy", fast_policy(kwargs.pop("max_retries", 2)))
    kwargs.setdefault("timeout", 2.0)
    async with AsyncClient(api_key=API_KEY, base_url=base_url, **kwargs) as client:
        yield client


def json_response(payload: Any, status: int = 200, **headers: str) -> web.Response:
    return web.json_response(payload, status=status, headers=headers or None)


def recording(rid: str) -> dict[str, Any]:
    return {"id": rid, "distinct_id": f"user-{rid}", "viewed": False, "recording_duration": 5}


def proxy_record(rid: str) -> dict[str, Any]:
    return {"id": rid, "domain": f"{rid}.example.com", "status": "valid"}
