"""Bad input never crashes the server: every bad request gets an answer in the service's
shape, and the next good request is served."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import aiohttp
import pytest

from product_analytics.testing import FakeServer
from product_analytics.testing.context import Context, Reply
from product_analytics.testing.handlers import HANDLERS

from .helpers import Api

ERROR_KEYS = {"type", "code", "detail", "attr"}


async def _still_serving(api: Api) -> None:
    answer = await api.get(api.env("session_recordings/"), params={"limit": "1"})
    assert answer.status == 200
    assert api.server.stats.internal_errors == []


@pytest.mark.parametrize(
    ("data", "content_type", "code"),
    [
        (b'{"name": ', "application/json", "parse_error"),
        (b"{'name': 'x'}", "application/json", "parse_error"),
        (b"\xff\xfe\x00garbage", "application/json", "parse_error"),
        (b"[" * 100_000 + b"]" * 100_000, "application/json", "parse_error"),
        (b'{"name": "x"}', "text/plain", "unsupported_media_type"),
        (b"name=x", "application/x-www-form-urlencoded", "unsupported_media_type"),
        (b'{"name": "x"}', "application/octet-stream", "unsupported_media_type"),
        (b'["name"]', "application/json", "invalid_input"),
        (b'"name"', "application/json", "invalid_input"),
        (b"42", "application/json", "invalid_input"),
        (b"null", "application/json", "invalid_input"),
    ],
)
async def test_unreadable_body_is_a_400_and_the_server_keeps_serving(
    api: Api, server: FakeServer, data: bytes, content_type: str, code: str
) -> None:
    path = api.org(f"projects/{server.project_id}/")
    answer = await api.patch(path, data=data, headers={"Content-Type": content_type})
    assert answer.status == 400
    assert set(answer.body) == ERROR_KEYS
    assert answer.body["code"] == code
    await _still_serving(api)


async def test_json_content_type_with_charset_or_suffix_is_accepted(
    api: Api, server: FakeServer
) -> None:
    path = api.org(f"projects/{server.project_id}/")
    for content_type in ("application/json; charset=utf-8", "application/merge-patch+json"):
        answer = await api.patch(
            path, data=b'{"name": "ok"}', headers={"Content-Type": content_type}
        )
        assert answer.status == 200, content_type


async def test_empty_patch_body_changes_nothing(api: Api, server: FakeServer) -> None:
    path = api.org(f"projects/{server.project_id}/")
    before = (await api.get(api.org(f"projects/{server.project_id}/activity/"))).body
    answer = await api.patch(path, data=b"", headers={"Content-Type": "application/json"})
    assert (answer.status, answer.body) == (200, before)


async def test_body_over_the_size_limit_is_a_413_in_the_services_shape(
    api: Api, server: FakeServer
) -> None:
    body = io.BytesIO(b'{"name": "' + b"x" * (2 * 1024 * 1024) + b'"}')
    answer = await api.patch(
        api.org(f"projects/{server.project_id}/"),
        data=body,
        headers={"Content-Type": "application/json"},
    )
    assert answer.status == 413
    assert set(answer.body) == ERROR_KEYS
    await _still_serving(api)


@pytest.mark.parametrize(
    "project_id", ["abc", "1.5", "-1", "1e3", "٣", "9" * 60, "%20", "0x10", "@current"]
)
async def test_non_integer_project_id_in_a_path_is_a_404(
    api: Api, server: FakeServer, project_id: str
) -> None:
    env = await api.get(api.env("session_recordings/", project_id=project_id))
    assert env.status == 404
    assert set(env.body) == ERROR_KEYS
    org = await api.get(api.org(f"projects/{project_id}/activity/"))
    assert org.status == 404
    await _still_serving(api)


@pytest.mark.parametrize(
    "segment", ["..%2F..%2Fprojects", "%2E%2E", "a%3Fb%23c", "%00", "%FF%FE", "x" * 5000]
)
async def test_odd_ids_in_paths_are_404s(api: Api, segment: str) -> None:
    for path in (
        api.env(f"session_recordings/{segment}/"),
        api.org(f"roles/{segment}/"),
        api.org(f"proxy_records/{segment}/"),
        f"/api/organizations/{segment}/roles/",
    ):
        answer = await api.get(path)
        assert answer.status == 404, path
        assert set(answer.body) == ERROR_KEYS
    await _still_serving(api)


async def test_undecodable_query_value_is_a_400(api: Api, server: FakeServer) -> None:
    url = f"{server.base_url}{api.env('session_recordings/')}?limit=%FF"
    answer = await api.get(url)
    assert answer.status == 400
    await _still_serving(api)


async def test_garbage_on_the_socket_does_not_stop_the_server(api: Api, server: FakeServer) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    writer.write(b"NOT HTTP AT ALL\r\n\r\n")
    await writer.drain()
    status_line = await reader.readline()
    writer.close()
    await writer.wait_closed()
    assert status_line.split()[1] == b"400"
    await _still_serving(api)


async def test_unexpected_exception_is_a_500_in_the_services_shape_and_counted(
    session: aiohttp.ClientSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    def explode(ctx: Context) -> Reply:
        raise RuntimeError("boom")

    monkeypatch.setitem(HANDLERS, "roles_list", explode)
    async with FakeServer(recordings=3, seed=0) as server:
        api = Api(session, server)
        answer = await api.get(api.org("roles/"))
        assert answer.status == 500
        assert answer.body == {
            "type": "server_error",
            "code": "error",
            "detail": "A server error occurred.",
            "attr": None,
        }
        assert len(server.stats.internal_errors) == 1
        assert "RuntimeError: boom" in server.stats.internal_errors[0]
        assert (await api.get(api.org(f"roles/{'0' * 8}/"))).status == 404
        server.reset_stats()
        assert server.stats.internal_errors == []


async def test_many_bad_requests_in_a_row_leave_the_server_healthy(
    api: Api, server: FakeServer
) -> None:
    bad: list[dict[str, Any]] = [
        {"method": "PATCH", "path": api.org(f"projects/{server.project_id}/"), "data": b"{"},
        {"method": "GET", "path": api.env("session_recordings/"), "params": {"offset": "-5"}},
        {"method": "DELETE", "path": api.org("roles/")},
        {"method": "POST", "path": api.org("proxy_records/"), "json_body": {"domain": "d" * 65}},
        {"method": "GET", "path": "/api/environments/abc/session_recordings/"},
        {"method": "GET", "path": "/api/environments/abc/session_recordings/", "key": None},
    ]
    for _ in range(20):
        results = await asyncio.gather(*(api.request(**request) for request in bad))
        assert [r.status for r in results] == [400, 400, 405, 400, 404, 401]
    await _still_serving(api)
