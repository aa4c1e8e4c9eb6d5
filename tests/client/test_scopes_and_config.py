"""Required scopes of every operation and the client-side scope check; client configuration
from arguments and environment; the client's lifecycle."""

from __future__ import annotations

import asyncio
import gc
import math
import warnings
from collections.abc import AsyncIterator
from typing import Any

import pytest
from aioresponses import CallbackResult
from multidict import CIMultiDict

from product_analytics import (
    ApiStatusError,
    ApiTimeoutError,
    AsyncClient,
    ClientClosedError,
    ConfigurationError,
    ProductAnalyticsError,
    RateLimit,
    Request,
    Response,
)
from product_analytics._generated.operations import ALL
from product_analytics.testing import aioresponses
from tests.client.conftest import ANY_URL, API_KEY, BASE_URL, ORG, PROJECT, calls, only_call
from tests.support.operation_cases import bound_methods

REC_ID = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"

# The Scope column of the description's endpoint tables, by (resource, method).
DESCRIBED_SCOPES: dict[str, str | None] = {
    "session_recording_playlists.remove_recording": None,
    "session_recordings.list": "session_recording:read",
    "session_recordings.get_many": "session_recording:read",
    "session_recordings.get": "session_recording:read",
    "session_recordings.update": "session_recording:write",
    "session_recordings.delete": "session_recording:write",
    "session_recordings.get_sharing": "sharing_configuration:read",
    "session_recordings.ai_filters": None,
    "session_recordings.ai_regex": None,
    "sessions.property_definitions": None,
    "projects.update": "project:read",
    "projects.delete": "project:write",
    "projects.activity": None,
    "projects.add_product_intent": "team:read",
    "projects.authenticate_wizard": None,
    "projects.change_organization": None,
    "projects.complete_product_onboarding": "team:read",
    "projects.is_generating_demo_data": None,
    "projects.reset_token": None,
    "proxy_records.list": "organization:read",
    "proxy_records.create": "organization:write",
    "proxy_records.get": "organization:read",
    "proxy_records.update": "organization:write",
    "proxy_records.delete": "organization:write",
    "roles.list": "organization:read",
    "roles.create": "organization:write",
    "roles.get": "organization:read",
}
# -- required_scope -----------------------------------------------------------------------


def test_every_operation_method_exposes_the_described_scope(client: AsyncClient) -> None:
    methods = bound_methods(client)
    # The 26 operations and get_many, each with its described scope (an operation added to
    # the spec is an extra method).
    assert {name: methods[name].required_scope for name in DESCRIBED_SCOPES} == DESCRIBED_SCOPES


def test_the_26_methods_cover_the_26_operations(client: AsyncClient) -> None:
    methods = bound_methods(client)
    assert {m.operation.operation_id for m in methods.values()} == {op.operation_id for op in ALL}
    for method in methods.values():
        assert method.required_scope == method.operation.required_scope


@pytest.mark.parametrize("name", list(DESCRIBED_SCOPES))
def test_the_docstring_names_the_required_scope(name: str, client: AsyncClient) -> None:
    method = bound_methods(client)[name]
    scope = DESCRIBED_SCOPES[name]
    assert method.__doc__ is not None
    assert (scope or "none listed") in method.__doc__


def test_required_scope_is_also_on_the_class_attribute() -> None:
    from product_analytics._generated.resources import Roles

    assert Roles.get.required_scope == "organization:read"


# -- configuration ------------------------------------------------------------------------


def test_api_key_and_base_url_from_arguments() -> None:
    client = AsyncClient(api_key=API_KEY, base_url="https://api.example.com/")
    assert client.base_url == "https://api.example.com"


@pytest.mark.parametrize(
    ("arguments", "base_url", "key"),
    [
        ({}, "http://env.test", "phx_from_env"),
        ({"api_key": API_KEY, "base_url": BASE_URL}, BASE_URL, API_KEY),
    ],
    ids=["from-the-environment", "arguments-win"],
)
async def test_api_key_and_base_url_come_from_the_arguments_else_the_environment(
    arguments: dict[str, Any],
    base_url: str,
    key: str,
    monkeypatch: pytest.MonkeyPatch,
    mocked: aioresponses,
) -> None:
    monkeypatch.setenv("PRODUCT_ANALYTICS_API_KEY", "phx_from_env")
    monkeypatch.setenv("PRODUCT_ANALYTICS_BASE_URL", "http://env.test")
    mocked.get(ANY_URL, payload={"id": "r"})
    async with AsyncClient(**arguments) as client:
        assert client.base_url == base_url
        await client.roles.get(organization_id=ORG, id="r")
    _, url, kwargs = only_call(mocked)
    assert url.startswith(base_url + "/api/")
    assert kwargs["headers"]["Authorization"] == f"Bearer {key}"


@pytest.mark.parametrize("empty_env", [False, True], ids=["unset", "empty"])
@pytest.mark.parametrize(
    ("missing", "variable", "given"),
    [
        ("api_key", "PRODUCT_ANALYTICS_API_KEY", {"base_url": BASE_URL}),
        ("base_url", "PRODUCT_ANALYTICS_BASE_URL", {"api_key": API_KEY}),
    ],
    ids=["api_key", "base_url"],
)
def test_a_missing_setting_names_the_argument_and_the_variable(
    missing: str,
    variable: str,
    given: dict[str, Any],
    empty_env: bool,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if empty_env:
        monkeypatch.setenv(variable, "")
    with pytest.raises(ConfigurationError) as info:
        AsyncClient(**given)
    assert missing in str(info.value)
    assert variable in str(info.value)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, ProductAnalyticsError)


def test_missing_both_reports_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ConfigurationError, match="PRODUCT_ANALYTICS_API_KEY"):
        AsyncClient()


@pytest.mark.parametrize(
    "api_key",
    ["", "   ", "phx_a\nb", "phx_a\rb", "phx_\x00x", "phx_a b", 123, b"phx_bytes"],
    ids=repr,
)
def test_bad_api_key_is_rejected(api_key: Any) -> None:
    with pytest.raises(ConfigurationError, match="api_key"):
        AsyncClient(api_key=api_key, base_url=BASE_URL)


@pytest.mark.parametrize(
    "base_url",
    [
        "api.example.com",
        "ftp://api.example.com",
        "http://",
        "https:///path",
        "http://api.example.com/?x=1",
        "http://api.example.com/#frag",
        "http://user:secret@api.example.com",
        "http://api.example.com:99999",
        "http://api.example.com:port",
        "http://[::1",
        "http://api.example.com/a b",
        "http://api.example.com/\x00",
        "",
        5,
    ],
    ids=repr,
)
def test_bad_base_url_is_rejected(base_url: Any) -> None:
    with pytest.raises(ConfigurationError, match="base_url"):
        AsyncClient(api_key=API_KEY, base_url=base_url)


@pytest.mark.parametrize(
    ("base_url", "expected"),
    [
        ("http://127.0.0.1:8000", "http://127.0.0.1:8000"),
        ("https://h.example/", "https://h.example"),
        ("https://h.example/prefix/", "https://h.example/prefix"),
        ("  https://h.example  ", "https://h.example"),
    ],
)
def test_good_base_url_is_normalised(base_url: str, expected: str) -> None:
    assert AsyncClient(api_key=API_KEY, base_url=base_url).base_url == expected


@pytest.mark.parametrize(
    "kwargs",
    [
        {"timeout": 0},
        {"timeout": -1.0},
        {"timeout": "30"},
        {"timeout": None},
        {"timeout": True},
        {"timeout": math.nan},
        {"timeout": math.inf},
        {"max_retries": -1},
        {"max_retries": 1.0},
        {"max_retries": True},
        {"max_retries": "2"},
        {"max_concurrency": 0},
        {"max_concurrency": -5},
        {"max_concurrency": 2.5},
        {"max_concurrency": None},
        {"max_concurrency": False},
        {"project_id": ""},
        {"project_id": True},
        {"project_id": 1.5},
        {"organization_id": ""},
        {"organization_id": 7},
    ],
    ids=repr,
)
def test_bad_numeric_and_default_settings_are_rejected(kwargs: dict[str, Any]) -> None:
    with pytest.raises((TypeError, ValueError)) as info:
        AsyncClient(api_key=API_KEY, base_url=BASE_URL, **kwargs)
    assert next(iter(kwargs)) in str(info.value)


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [
        ({"scopes": ["recordings"]}, "scope"),
        ({"rate_limit": {"recording": RateLimit(10, per=60)}}, "recording"),
    ],
    ids=repr,
)
def test_a_bad_setting_value_is_a_configuration_error(kwargs: dict[str, Any], named: str) -> None:
    """What the docs tell to catch around construction: a bad value of any setting, a
    throttle class that no operation has included (it would pace nothing)."""
    with pytest.raises(ConfigurationError, match=named):
        AsyncClient(api_key=API_KEY, base_url=BASE_URL, **kwargs)


class _Recorder:
    """A transport that answers 503 to the first request, then 200, and records each
    request's URL, its timeout and the most requests it held at once."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, float]] = []
        self.in_flight = 0
        self.max_in_flight = 0

    async def send(self, request: Request, *, timeout: float) -> Response:
        self.sent.append((request.url, timeout))
        self.in_flight += 1
        self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            await asyncio.sleep(0)  # let other requests of a get_many start meanwhile
        finally:
            self.in_flight -= 1
        status = 503 if len(self.sent) == 1 else 200
        return Response(status, CIMultiDict(), _one_chunk(b'{"id": "r"}'))

    async def close(self) -> None:
        pass


async def _one_chunk(body: bytes) -> AsyncIterator[bytes]:
    yield body


@pytest.mark.parametrize("timeout", [0.5, 10])
async def test_the_timeout_setting_bounds_each_attempt(timeout: float) -> None:
    transport = _Recorder()
    async with AsyncClient(
        api_key=API_KEY, base_url=BASE_URL, timeout=timeout, transport=transport
    ) as client:
        await client.roles.get(organization_id=ORG, id="r")
    assert len(transport.sent) == 2  # the 503, retried
    assert all(0 < t <= timeout and t > timeout * 0.5 for _, t in transport.sent)


async def test_the_max_retries_setting_zero_makes_one_attempt() -> None:
    transport = _Recorder()
    async with AsyncClient(
        api_key=API_KEY, base_url=BASE_URL, max_retries=0, transport=transport
    ) as client:
        with pytest.raises(ApiStatusError):
            await client.roles.get(organization_id=ORG, id="r")
    assert len(transport.sent) == 1


async def test_the_max_concurrency_setting_bounds_requests_in_flight() -> None:
    transport = _Recorder()
    transport.sent.append(("warm-up: no 503", 0.0))
    async with AsyncClient(
        api_key=API_KEY, base_url=BASE_URL, max_concurrency=1, transport=transport
    ) as client:
        assert client.max_concurrency == 1
        await client.session_recordings.get_many(project_id=PROJECT, ids=["a", "b", "c"])
    assert transport.max_in_flight == 1
    assert len(transport.sent) == 4


@pytest.mark.parametrize(
    ("setting", "path"),
    [
        ({"project_id": 3}, "/api/environments/3/session_recordings/r/"),
        ({"project_id": "3"}, "/api/environments/3/session_recordings/r/"),
        ({"organization_id": ORG}, f"/api/organizations/{ORG}/roles/r/"),
    ],
    ids=repr,
)
async def test_a_path_default_setting_fills_the_path(setting: dict[str, Any], path: str) -> None:
    transport = _Recorder()
    transport.sent.append(("warm-up: no 503", 0.0))
    async with AsyncClient(
        api_key=API_KEY, base_url=BASE_URL, transport=transport, **setting
    ) as client:
        if "project_id" in setting:
            await client.session_recordings.get(id="r")
        else:
            await client.roles.get(id="r")
    assert transport.sent[-1][0] == BASE_URL + path


def test_max_concurrency_is_exposed() -> None:
    assert AsyncClient(api_key=API_KEY, base_url=BASE_URL).max_concurrency == 32
    assert AsyncClient(api_key=API_KEY, base_url=BASE_URL, max_concurrency=4).max_concurrency == 4


async def test_per_call_timeout_overrides_the_clients(mocked: aioresponses) -> None:
    async def slow(url: Any, **kwargs: Any) -> CallbackResult:
        await asyncio.sleep(0.4)
        return CallbackResult(payload={"id": "r"})

    mocked.get(ANY_URL, callback=slow, repeat=True)
    async with AsyncClient(
        api_key=API_KEY, base_url=BASE_URL, timeout=12.5, max_retries=0
    ) as client:
        role = await client.roles.get(organization_id=ORG, id="r")  # within 12.5 s
        assert role.id == "r"
        with pytest.raises(ApiTimeoutError, match=r"no answer within 0\.1 s"):
            await client.roles.get(organization_id=ORG, id="r", timeout=0.1)
        slow_client = client.with_options(timeout=0.1)
        role = await slow_client.roles.get(organization_id=ORG, id="r", timeout=12.5)
        assert role.id == "r"


def _all_calls(mocked: aioresponses) -> list[tuple[str, str, dict[str, Any]]]:
    return calls(mocked)


# -- lifecycle ----------------------------------------------------------------------------


def test_a_client_can_be_built_outside_an_event_loop() -> None:
    client = AsyncClient(api_key=API_KEY, base_url=BASE_URL)
    assert not client.closed


async def test_close_closes_the_client_and_is_idempotent(mocked: aioresponses) -> None:
    mocked.get(ANY_URL, payload={"id": "r"})
    client = AsyncClient(api_key=API_KEY, base_url=BASE_URL)
    await client.roles.get(organization_id=ORG, id="r")
    await client.close()
    assert client.closed
    await client.close()
    assert client.closed


async def test_close_of_an_unused_client() -> None:
    client = AsyncClient(api_key=API_KEY, base_url=BASE_URL)
    await client.close()
    assert client.closed


@pytest.mark.parametrize(
    "call",
    [
        lambda c: c.roles.get(organization_id=ORG, id="r"),
        lambda c: c.roles.list(organization_id=ORG),
        lambda c: c.proxy_records.create(organization_id=ORG, domain="a.example"),
        lambda c: c.session_recordings.get_many(project_id=1, ids=["a"]),
    ],
    ids=["get", "list", "create", "get_many"],
)
async def test_calling_after_close_raises_client_closed_error(
    call: Any, mocked: aioresponses
) -> None:
    mocked.get(ANY_URL, payload={"id": "r"}, repeat=True)
    mocked.post(ANY_URL, payload={"id": "r"}, repeat=True)
    async with AsyncClient(api_key=API_KEY, base_url=BASE_URL) as client:
        await client.roles.get(organization_id=ORG, id="r")
    with pytest.raises(ClientClosedError):
        await call(client)
    assert len(calls(mocked)) == 1


async def test_reentering_a_closed_client_raises(mocked: aioresponses) -> None:
    client = AsyncClient(api_key=API_KEY, base_url=BASE_URL)
    await client.close()
    with pytest.raises(ClientClosedError):
        async with client:
            pass


async def test_client_closed_error_is_a_product_analytics_error() -> None:
    assert issubclass(ClientClosedError, ProductAnalyticsError)


async def test_no_unclosed_session_warning_after_use(serve: Any) -> None:
    from aiohttp import web

    async def ok(request: web.Request) -> web.Response:
        return web.json_response({"id": request.match_info["id"]})

    app = web.Application()
    app.router.add_get("/api/organizations/{org}/roles/{id}/", ok)
    base = await serve(app)
    # Warnings are errors (pyproject.toml), and an unclosed aiohttp session warns when it
    # is collected: collect now, inside the test, so that such a warning fails it.
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        async with AsyncClient(api_key=API_KEY, base_url=base) as client:
            await asyncio.gather(
                *(client.roles.get(organization_id=ORG, id=str(i)) for i in range(5))
            )
        del client
        gc.collect()
        await asyncio.sleep(0)
    assert [str(w.message) for w in record] == []
