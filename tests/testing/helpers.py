"""Raw-HTTP helpers for the FakeServer tests (no SDK client involved)."""

from __future__ import annotations

import io
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import aiohttp

from product_analytics.testing import FakeServer

_DEFAULT: Any = object()


@dataclass(frozen=True)
class Answer:
    """A response, fully read: `body` is the decoded JSON, or None when the body is empty."""

    status: int
    body: Any
    text: str
    headers: Mapping[str, str]  # case-insensitive


class Api:
    """Sends requests to one FakeServer, with its full-scope key unless told otherwise."""

    def __init__(self, session: aiohttp.ClientSession, server: FakeServer) -> None:
        self.session = session
        self.server = server

    def env(self, tail: str, project_id: int | str | None = None) -> str:
        """`/api/environments/<project_id>/<tail>` (the seeded project by default)."""
        pid = self.server.project_id if project_id is None else project_id
        return f"/api/environments/{pid}/{tail}"

    def org(self, tail: str, organization_id: str | None = None) -> str:
        """`/api/organizations/<organization_id>/<tail>` (the seeded organization by default)."""
        oid = self.server.organization_id if organization_id is None else organization_id
        return f"/api/organizations/{oid}/{tail}"

    async def request(
        self,
        method: str,
        path: str,
        *,
        key: str | None = _DEFAULT,
        json_body: Any = _DEFAULT,
        data: bytes | str | io.BytesIO | None = None,
        headers: dict[str, str] | None = None,
        params: dict[str, str] | None = None,
        timeout: float | None = None,
    ) -> Answer:
        """Send one request; `key=None` sends no Authorization header."""
        sent = dict(headers or {})
        token = self.server.api_key if key is _DEFAULT else key
        if token is not None:
            sent["Authorization"] = f"Bearer {token}"
        url = path if path.startswith("http") else self.server.base_url + path
        async with self.session.request(
            method,
            url,
            json=None if json_body is _DEFAULT else json_body,
            data=data,
            headers=sent,
            params=params,
            timeout=aiohttp.ClientTimeout(total=timeout) if timeout else _DEFAULT_TIMEOUT,
        ) as response:
            text = await response.text()
            return Answer(
                response.status, json.loads(text) if text else None, text, response.headers
            )

    async def get(self, path: str, **kwargs: Any) -> Answer:
        return await self.request("GET", path, **kwargs)

    async def post(self, path: str, body: Any = _DEFAULT, **kwargs: Any) -> Answer:
        return await self.request("POST", path, json_body=body, **kwargs)

    async def patch(self, path: str, body: Any = _DEFAULT, **kwargs: Any) -> Answer:
        return await self.request("PATCH", path, json_body=body, **kwargs)

    async def delete(self, path: str, **kwargs: Any) -> Answer:
        return await self.request("DELETE", path, **kwargs)


_DEFAULT_TIMEOUT = aiohttp.ClientTimeout(total=10)


def error(status_type: str, code: str, detail: str, attr: str | None = None) -> dict[str, Any]:
    """The service's error body."""
    return {"type": status_type, "code": code, "detail": detail, "attr": attr}


class Clock:
    """A clock the test moves by hand (for `FakeServer(throttle_clock=...)`)."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now
