"""Suite 5: with DEBUG logging on (the SDK's, aiohttp's, asyncio's and the root logger),
calls of every kind, failing and succeeding, leave the key in no log record, no exception
(str, repr, args, attributes, the chain of causes and contexts, the printed traceback) and
no repr of the client; and another origin never receives the `Authorization` header, whether
reached by a `next` link or by a redirect, as a second loopback server's log shows."""

from __future__ import annotations

import time

import pytest
import pytest_asyncio
from aiohttp import web

from product_analytics import ApiStatusError, AsyncClient, ResponseValidationError
from tests.hardening.secrets_scan import (
    REDIRECT_CODES,
    SecretsResult,
    carries_key,
    other_origin,
    secrets_scan,
)
from tests.support.loopback import LoopbackFactory
from tests.support.reliability import FIGURES, KEY, Figure, fast_policy

EXPECTED_OUTCOMES = {
    "get ok: ok",
    "get flaky: ok",
    "get slow: ApiTimeoutError",
    "get drop: ApiConnectionError",
    "get garbage: ResponseValidationError",
    "get html: InternalServerError",
    "get status-401: AuthenticationError",
    "get status-403: PermissionDeniedError",
    "get status-429: RateLimitError",
    "create status-500: InternalServerError",
    "paging: ResponseValidationError",
    "scope: MissingScopeError",
    "input: TypeError",
    "header: ValueError",
    "refused: ApiConnectionError",
    "closed: ClientClosedError",
    "rate-limited: ok",
    "get_many: ok",
    "get same-origin-redirect: ok",
}


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def scan() -> SecretsResult:
    """The scan, run once for the tests of this module. Its `LeakProbe` turns DEBUG on for
    the SDK, aiohttp, asyncio and the root logger, and collects every record reaching the
    root logger (what pytest's own log capture sees too)."""
    started = time.perf_counter()
    result = await secrets_scan()
    seconds = time.perf_counter() - started
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
    return result


def test_no_log_record_holds_the_key(scan: SecretsResult) -> None:
    result = scan
    sdk = [r for r in result.probe.log_records if r.name.startswith("product_analytics")]
    assert len(sdk) > 50, "DEBUG logging of the SDK was not on"
    assert any("Authorization" in r.getMessage() for r in sdk)  # headers are logged, redacted
    assert result.probe.key_in_logs == 0


def test_no_error_or_repr_holds_the_key(scan: SecretsResult) -> None:
    result = scan
    assert set(result.outcomes) >= EXPECTED_OUTCOMES, set(result.outcomes)
    assert result.probe.errors_scanned >= 20
    assert result.probe.key_in_errors == 0


def test_nothing_sent_to_another_origin_carries_the_key(scan: SecretsResult) -> None:
    result = scan
    assert result.other == []  # redirects and next links elsewhere are never followed
    assert result.other_with_key == 0


def test_the_scan_leaves_no_task_or_session_behind(scan: SecretsResult) -> None:
    result = scan
    assert result.probe.pending_tasks == []
    assert result.probe.loop_errors == []
    assert result.probe.resource_warnings == []


def _client(base_url: str) -> AsyncClient:
    return AsyncClient(api_key=KEY, base_url=base_url, retry_policy=fast_policy(0), timeout=2.0)


@pytest.mark.parametrize("method", ["GET", "POST"])
@pytest.mark.parametrize("code", REDIRECT_CODES)
async def test_a_redirect_to_another_origin_is_refused_and_sends_it_nothing(
    loopback: LoopbackFactory, code: int, method: str
) -> None:
    other = await loopback(other_origin)

    async def redirect(request: web.Request) -> web.Response:
        return web.Response(status=code, headers={"Location": other.base_url + request.path})

    server = await loopback(redirect)
    async with _client(server.base_url) as client:
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


async def test_a_next_link_to_another_origin_is_never_requested_with_the_key(
    loopback: LoopbackFactory,
) -> None:
    other = await loopback(other_origin)

    async def page(request: web.Request) -> web.Response:
        link = f"{other.base_url}{request.path}?offset=1"
        return web.json_response({"count": 2, "next": link, "results": [{"id": "a"}]})

    server = await loopback(page)
    async with _client(server.base_url) as client:
        first = await client.roles.list(organization_id="o")
        assert first.has_next
        with pytest.raises(ResponseValidationError, match="another origin"):
            await first.next_page()
        with pytest.raises(ResponseValidationError):
            _ = [role async for role in client.roles.list(organization_id="o")]
    assert all(not carries_key(request) for request in other.received)
    assert other.received == []
