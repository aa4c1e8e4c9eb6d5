"""The API key never shows: not in repr/str of the client and its parts, not in any error the
SDK raises (nor in what a traceback of it prints), not in a log record."""

from __future__ import annotations

import asyncio
import logging
import traceback
from typing import Any

import aiohttp
import pytest
from aiohttp import web

from product_analytics import (
    ApiConnectionError,
    ApiStatusError,
    ApiTimeoutError,
    AsyncClient,
    ClientClosedError,
    ConfigurationError,
    MissingScopeError,
    ResponseValidationError,
    RetryPolicy,
)
from product_analytics.testing import aioresponses
from tests.client.conftest import ANY_URL, BASE_URL, ORG, PROJECT
from tests.support.chains import error_chain
from tests.support.loopback import ServerFactory

# Distinctive, and long enough that no accidental substring matches.
KEY = "phx_SUPERSECRET_6f1d2c3b4a5e6f708192a3b4c5d6e7f8"
KEY_PARTS = [KEY, KEY[4:], KEY[-16:]]
REC_ID = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"


def assert_hidden(text: str) -> None:
    for part in KEY_PARTS:
        assert part not in text


def assert_error_hides_the_key(error: BaseException) -> None:
    """Not in str, repr, args or attributes of the error, nor in any exception chained to it,
    nor in the traceback Python would print."""
    assert_hidden("".join(traceback.format_exception(error)))
    for link in error_chain(error):
        assert_hidden(str(link))
        assert_hidden(repr(link))
        assert_hidden(repr(link.args))
        assert_hidden(repr(vars(link)) if hasattr(link, "__dict__") else "")


def client(base_url: str = BASE_URL, **kwargs: Any) -> AsyncClient:
    kwargs.setdefault("max_retries", 0)
    return AsyncClient(api_key=KEY, base_url=base_url, **kwargs)


# -- repr and str -------------------------------------------------------------------------


async def test_client_and_its_parts_do_not_show_the_key(mocked: aioresponses) -> None:
    mocked.get(ANY_URL, payload={"results": [{"id": "r"}]})
    async with client(scopes=["*"], project_id=1, organization_id=ORG) as c:
        texts = [repr(c), str(c), f"{c!r:>10}", repr(vars(c).get("_config")), repr(c.stats)]
        for resource in (
            c.session_recording_playlists,
            c.session_recordings,
            c.sessions,
            c.projects,
            c.proxy_records,
            c.roles,
        ):
            texts += [repr(resource), str(resource)]
        method = c.roles.get
        texts += [repr(method), str(method), str(method.__doc__), repr(method.operation)]
        pager = c.roles.list()
        page = await pager
        texts += [repr(pager), repr(page), repr(page.envelope)]
        for value in vars(c).values():
            texts.append(repr(value))
        texts.append(repr(c._session.transport))
        texts.append(repr(c._config.api_key))
    for text in texts:
        assert_hidden(text)
    assert "***" in repr(c) or "api_key" not in repr(c)


def test_a_key_from_the_environment_does_not_show(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PRODUCT_ANALYTICS_API_KEY", KEY)
    c = AsyncClient(base_url=BASE_URL)
    assert_hidden(repr(c))
    assert_hidden(str(c))


# -- errors -------------------------------------------------------------------------------


@pytest.mark.parametrize("status", [400, 401, 403, 404, 409, 418, 429, 500, 503])
async def test_status_errors_do_not_show_the_key(status: int, mocked: aioresponses) -> None:
    mocked.get(ANY_URL, status=status, payload={"detail": "nope", "code": "c", "attr": None})
    async with client() as c:
        with pytest.raises(ApiStatusError) as info:
            await c.session_recordings.get(project_id=PROJECT, id=REC_ID)
    assert_error_hides_the_key(info.value)


async def test_response_validation_error_does_not_show_the_key(mocked: aioresponses) -> None:
    mocked.get(ANY_URL, body=b'{"id": {"x": 1}}')
    async with client() as c:
        with pytest.raises(ResponseValidationError) as info:
            await c.session_recordings.get(project_id=PROJECT, id=REC_ID)
    assert_error_hides_the_key(info.value)


@pytest.mark.parametrize(
    "exception",
    [
        aiohttp.ClientConnectionError("connection reset"),
        aiohttp.ServerDisconnectedError(),
        aiohttp.ClientPayloadError("truncated"),
        asyncio.TimeoutError(),
    ],
    ids=lambda e: type(e).__name__,
)
async def test_transport_errors_do_not_show_the_key(
    exception: Exception, mocked: aioresponses
) -> None:
    mocked.get(ANY_URL, exception=exception)
    async with client() as c:
        with pytest.raises(ApiConnectionError) as info:
            await c.roles.get(organization_id=ORG, id="r")
    assert_error_hides_the_key(info.value)


async def test_connection_refused_does_not_show_the_key(refused_base_url: str) -> None:
    async with client(refused_base_url) as c:
        with pytest.raises(ApiConnectionError) as info:
            await c.roles.get(organization_id=ORG, id="r")
    assert not isinstance(info.value, ApiTimeoutError)
    assert_error_hides_the_key(info.value)


async def test_a_real_timeout_does_not_show_the_key(serve: ServerFactory) -> None:
    release = asyncio.Event()

    async def slow(request: web.Request) -> web.Response:
        await release.wait()
        return web.json_response({})

    app = web.Application()
    app.router.add_get("/api/organizations/{org}/roles/{id}/", slow)
    base = await serve(app)
    try:
        async with client(base, timeout=0.05) as c:
            with pytest.raises(ApiTimeoutError) as info:
                await c.roles.get(organization_id=ORG, id="r")
    finally:
        release.set()
    assert_error_hides_the_key(info.value)


async def test_redirect_loop_error_and_its_traceback_hide_the_key(serve: ServerFactory) -> None:
    async def loop(request: web.Request) -> web.Response:
        raise web.HTTPFound(request.path)

    app = web.Application()
    app.router.add_get("/api/organizations/{org}/roles/{id}/", loop)
    base = await serve(app)
    async with client(base) as c:
        with pytest.raises(ApiStatusError) as info:
            await c.roles.get(organization_id=ORG, id="r")
    assert info.value.status_code == 302
    assert "more than 10 redirects" in str(info.value)
    assert_error_hides_the_key(info.value)
    assert_hidden(str(info.value))
    assert_hidden(repr(info.value))
    assert_hidden("".join(traceback.format_exception(info.value)))


async def test_input_errors_do_not_show_the_key(mocked: aioresponses) -> None:
    async with client() as c:
        bad_calls = [
            lambda: c.projects.update(organization_id=ORG, id=1, anonymize_ips="yes"),
            lambda: c.projects.update(organization_id=ORG, id="1"),
            lambda: c.session_recordings.update(project_id=1, id=REC_ID, person=object()),
            lambda: c.roles.get(organization_id=ORG, id="r", extra_headers={"authorization": KEY}),
            lambda: c.roles.list(organization_id=ORG, limit=0),
            lambda: c.session_recordings.get(id=REC_ID),
        ]
        for call in bad_calls:
            with pytest.raises((TypeError, ValueError)) as info:
                await call()
            assert_error_hides_the_key(info.value)


async def test_scope_error_does_not_show_the_key() -> None:
    async with client(scopes=["roles:read"]) as c:
        with pytest.raises(MissingScopeError) as info:
            await c.session_recordings.get(project_id=PROJECT, id=REC_ID)
    assert_error_hides_the_key(info.value)


async def test_closed_client_error_does_not_show_the_key() -> None:
    c = client()
    await c.close()
    with pytest.raises(ClientClosedError) as info:
        await c.roles.get(organization_id=ORG, id="r")
    assert_error_hides_the_key(info.value)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"base_url": "not a url"},
        {"base_url": "ftp://h.example"},
        {"base_url": "http://u:p@h.example"},
        {"timeout": -1},
        {"max_retries": -1},
        {"max_concurrency": 0},
        {"scopes": ["bad"]},
        {"project_id": ""},
    ],
    ids=repr,
)
def test_config_errors_do_not_show_the_key(kwargs: dict[str, Any]) -> None:
    kwargs = {"base_url": BASE_URL, **kwargs}
    with pytest.raises((TypeError, ValueError)) as info:
        AsyncClient(api_key=KEY, **kwargs)
    assert_error_hides_the_key(info.value)


@pytest.mark.parametrize(
    "bad_key", [KEY + "\nx", KEY + "\x00", f"{KEY} {KEY}", "\t" + KEY + "\r\n" + KEY], ids=repr
)
def test_a_rejected_key_is_not_echoed(bad_key: str) -> None:
    with pytest.raises(ConfigurationError) as info:
        AsyncClient(api_key=bad_key, base_url=BASE_URL)
    assert_error_hides_the_key(info.value)


@pytest.mark.parametrize("variable", [False, True], ids=["argument", "environment"])
def test_a_key_given_as_the_base_url_is_not_echoed(
    variable: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Swapped arguments or variables must not print the key in the error."""
    if variable:
        monkeypatch.setenv("PRODUCT_ANALYTICS_BASE_URL", KEY)
        kwargs = {}
    else:
        kwargs = {"base_url": KEY}
    with pytest.raises(ConfigurationError) as info:
        AsyncClient(api_key="phx_other", **kwargs)
    assert_error_hides_the_key(info.value)


# -- logs ---------------------------------------------------------------------------------


def _assert_records_hide_the_key(records: list[logging.LogRecord]) -> None:
    for record in records:
        assert_hidden(record.getMessage())
        assert_hidden(repr(record.msg))
        assert_hidden(repr(record.args))
        if record.exc_info and record.exc_info[1] is not None:
            assert_hidden("".join(traceback.format_exception(record.exc_info[1])))


async def test_debug_logs_of_a_retried_and_a_failed_call_mask_the_key(
    caplog: pytest.LogCaptureFixture, serve: ServerFactory
) -> None:
    caplog.set_level(logging.DEBUG, logger="product_analytics")
    attempts = {"n": 0}

    async def flaky(request: web.Request) -> web.Response:
        attempts["n"] += 1
        if attempts["n"] == 1:
            return web.json_response({"detail": "busy"}, status=503)
        return web.json_response({"id": request.match_info["id"]})

    async def missing(request: web.Request) -> web.Response:
        return web.json_response({"detail": "Not found."}, status=404)

    app = web.Application()
    app.router.add_get("/api/organizations/{org}/roles/{id}/", flaky)
    app.router.add_get("/api/organizations/{org}/proxy_records/{id}/", missing)
    base = await serve(app)
    policy = RetryPolicy(max_retries=1, initial_delay=0.0, max_delay=0.0)
    async with AsyncClient(api_key=KEY, base_url=base, retry_policy=policy) as c:
        role = await c.roles.get(organization_id=ORG, id="r1")
        assert role.id == "r1"
        with pytest.raises(ApiStatusError):
            await c.proxy_records.get(organization_id=ORG, id="p1")
    sdk_records = [r for r in caplog.records if r.name.startswith("product_analytics")]
    assert sdk_records, "the SDK logged nothing at DEBUG"
    _assert_records_hide_the_key(caplog.records)

    requests = [r.getMessage() for r in sdk_records if "request headers" in r.getMessage()]
    assert len(requests) == 3  # the failed attempt, its retry, the 404
    for message in requests:
        assert "Authorization" in message
        assert "***" in message
    assert any("retry" in r.getMessage() for r in sdk_records)


async def test_debug_logs_of_connection_failures_never_hold_the_key(
    caplog: pytest.LogCaptureFixture, refused_base_url: str
) -> None:
    caplog.set_level(logging.DEBUG)
    policy = RetryPolicy(max_retries=1, initial_delay=0.0, max_delay=0.0)
    async with AsyncClient(api_key=KEY, base_url=refused_base_url, retry_policy=policy) as c:
        with pytest.raises(ApiConnectionError):
            await c.roles.get(organization_id=ORG, id="r")
    assert caplog.records
    _assert_records_hide_the_key(caplog.records)
