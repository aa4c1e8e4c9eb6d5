"""Suite 5: with DEBUG logging on (the SDK's, aiohttp's, asyncio's and the root logger),
calls of every kind, failing and succeeding, leave the key in no log record, no exception
(str, repr, args, attributes, the chain of causes and contexts, the printed traceback) and
no repr of the client; and another origin never receives the `Authorization` header, whether
reached by a `next` link or by a redirect, as a second loopback server's log shows."""

from __future__ import annotations

import logging
import time

import pytest
from aiohttp import web

from product_analytics import ApiStatusError, AsyncClient, ResponseValidationError

from .secrets_scan import REDIRECT_CODES, SecretsResult, carries_key, other_origin, secrets_scan
from .support import FIGURES, KEY, Figure, fast_policy, key_hits, raw_server, record_texts

_runs: list[SecretsResult] = []

EXPECTED_OUTCOMES = {
    "get ok: ok", "get flaky: ok", "get slow: ApiTimeoutError", "get drop: ApiConnectionError",
    "get garbage: ResponseValidationError", "get html: InternalServerError",
    "get status-401: AuthenticationError", "get status-403: PermissionDeniedError",
    "get status-429: RateLimitError", "create status-500: InternalServerError",
    "paging: ResponseValidationError", "scope: MissingScopeError", "input: TypeError",
    "header: ValueError", "refused: ApiConnectionError", "closed: ClientClosedError",
    "rate-limited: ok", "get_many: ok", "get same-origin-redirect: ok",
}  # fmt: skip


async def scan(caplog: pytest.LogCaptureFixture) -> SecretsResult:
    if not _runs:
        for name in (None, "product_analytics", "aiohttp", "asyncio"):
            caplog.set_level(logging.DEBUG, logger=name)
        started = time.perf_counter()
        result = await secrets_scan()
        seconds = time.perf_counter() - started
        # What pytest's own capture saw must hold no key either.
        result.probe.key_in_logs += sum(
            key_hits(text) for record in caplog.records for text in record_texts(record)
        )
        _runs.append(result)
        FIGURES.append(
            Figure(
                "secrets: logs, errors, reprs, origins",
                cases=result.calls,
                leaked=result.leaked,
                seconds=seconds,
                note=f"{len(result.probe.log_records)} log records, "
                f"{result.probe.errors_scanned} errors, {result.probe.texts_scanned} reprs, "
                f"{len(result.other)} requests to the other origin scanned",
            )
        )
    return _runs[0]


async def test_no_log_record_holds_the_key(caplog: pytest.LogCaptureFixture) -> None:
    result = await scan(caplog)
    sdk = [r for r in result.probe.log_records if r.name.startswith("product_analytics")]
    assert len(sdk) > 50, "DEBUG logging of the SDK was not on"
    assert any("Authorization" in r.getMessage() for r in sdk)  # headers are logged, redacted
    assert result.probe.key_in_logs == 0


async def test_no_error_or_repr_holds_the_key(caplog: pytest.LogCaptureFixture) -> None:
    result = await scan(caplog)
    assert set(result.outcomes) >= EXPECTED_OUTCOMES, set(result.outcomes)
    assert result.probe.errors_scanned >= 20
    assert result.probe.key_in_errors == 0


async def test_nothing_sent_to_another_origin_carries_the_key(
    caplog: pytest.LogCaptureFixture,
) -> None:
    result = await scan(caplog)
    assert result.other == []  # redirects and next links elsewhere are never followed
    assert result.other_with_key == 0


async def test_the_scan_leaves_no_task_or_session_behind(caplog: pytest.LogCaptureFixture) -> None:
    result = await scan(caplog)
    assert result.probe.pending_tasks == []
    assert result.probe.loop_errors == []
    assert result.probe.resource_warnings == []


def _client(base_url: str) -> AsyncClient:
    return AsyncClient(api_key=KEY, base_url=base_url, retry_policy=fast_policy(0), timeout=2.0)


@pytest.mark.parametrize("method", ["GET", "POST"])
@pytest.mark.parametrize("code", REDIRECT_CODES)
async def test_a_redirect_to_another_origin_is_refused_and_sends_it_nothing(
    code: int, method: str
) -> None:
    async with raw_server(other_origin) as other:

        async def redirect(request: web.Request) -> web.Response:
            return web.Response(status=code, headers={"Location": other.base_url + request.path})

        async with raw_server(redirect) as server, _client(server.base_url) as client:
            call = (
                client.roles.get(organization_id="o", id="r1")
                if method == "GET"
                else client.roles.create(organization_id="o", name="n")
            )
            with pytest.raises(ApiStatusError, match="another origin") as caught:
                await call
    assert caught.value.status_code == code
    assert server.received[0].headers["Authorization"] == f"Bearer {KEY}"
    assert other.received == []


async def test_a_next_link_to_another_origin_is_never_requested_with_the_key() -> None:
    async with raw_server(other_origin) as other:

        async def page(request: web.Request) -> web.Response:
            link = f"{other.base_url}{request.path}?offset=1"
            return web.json_response({"count": 2, "next": link, "results": [{"id": "a"}]})

        async with raw_server(page) as server, _client(server.base_url) as client:
            first = await client.roles.list(organization_id="o")
            assert first.has_next
            with pytest.raises(ResponseValidationError, match="another origin"):
                await first.next_page()
            with pytest.raises(ResponseValidationError):
                _ = [role async for role in client.roles.list(organization_id="o")]
    assert all(not carries_key(request) for request in other.received)
    assert other.received == []
