"""The API key is not in what a crash reporter captures (case 9): rendering an error the SDK
raises, and every exception chained to it, with `capture_locals=True` (the locals of every
frame, as Sentry does) never shows the key; a chained lower-level cause is sanitised (type
and message, no traceback). Logs never hold it either (what held)."""

from __future__ import annotations

import asyncio
import logging
import traceback
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

import product_analytics
from product_analytics import (
    ApiConnectionError,
    ApiError,
    ApiTimeoutError,
    AsyncClient,
    AuthenticationError,
    ConfigurationError,
    LowerLevelError,
    NotFoundError,
    ResponseTooLargeError,
    ResponseValidationError,
)
from tests.hardening.conftest import KEY, ROLES, assert_no_key, client_of, role
from tests.hardening.hostile_server import (
    HostileServer,
    json_bytes,
    plain_stream,
    raw_json,
    redirect,
    stall,
)
from tests.support.chains import error_chain

SDK_DIR = str(Path(product_analytics.__file__).resolve().parent)


def render_with_locals(error: BaseException) -> str:
    """The error and each exception chained to it rendered as a crash reporter would, with
    the locals of every frame of the SDK (this test's own frames hold the server's log of
    requests, which shows the key the client sent)."""
    rendered: list[str] = []
    for link in error_chain(error):
        captured = traceback.TracebackException.from_exception(link, capture_locals=True)
        sdk_frames = [f for f in captured.stack if f.filename.startswith(SDK_DIR)]
        if link.__traceback__ is not None and not isinstance(link, (TypeError, ValueError)):
            assert sdk_frames, "an SDK error raised through SDK frames"
        for frame in sdk_frames:
            rendered.append(f"{frame.filename}:{frame.lineno} {frame.name} {frame.locals!r}")
        rendered.append("".join(captured.format_exception_only()))
    return "\n".join(rendered)


def assert_captures_no_key(error: BaseException) -> None:
    rendered = render_with_locals(error)
    assert_no_key(rendered)
    assert_no_key("".join(traceback.format_exception(error)))
    for link in error_chain(error):
        assert_no_key(repr(vars(link)))
        if isinstance(link, LowerLevelError):
            assert link.__traceback__ is None, "a sanitised cause carries no traceback"
            assert link.__cause__ is None
            assert link.__context__ is None


async def raised(call: Callable[[], Awaitable[Any]]) -> BaseException:
    try:
        await call()
    except Exception as exc:
        return exc
    raise AssertionError("no error was raised")


@pytest.fixture
def refused_url() -> str:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"


async def test_connection_refused(refused_url: str) -> None:
    async def call() -> None:
        async with client_of(refused_url) as client:
            await client.roles.get(id="r1")

    error = await raised(call)
    assert isinstance(error, ApiConnectionError)
    assert isinstance(error.__cause__, LowerLevelError)
    assert error.__context__ is None or error.__context__ is error.__cause__
    assert_captures_no_key(error)


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        (raw_json({"detail": "bad key"}, 401), AuthenticationError),
        (raw_json({"detail": "none"}, 404), NotFoundError),
        (json_bytes(b"not json at all"), ResponseValidationError),
        (raw_json({"id": ["not", "a", "string"]}), ResponseValidationError),
        (plain_stream(4 * 1024 * 1024, chunk=65536), ResponseTooLargeError),
        (redirect("http://h:99999/"), ResponseValidationError),
        (redirect(f"{ROLES}r1/"), ApiError),  # a loop: more than 10 redirects
    ],
)
async def test_errors_from_answers(hostile: HostileServer, answer: Any, expected: type) -> None:
    hostile.route(answer)

    async def call() -> None:
        async with client_of(hostile, max_response_bytes=1024 * 1024) as client:
            await client.roles.get(id="r1")

    error = await raised(call)
    assert isinstance(error, expected)
    assert_captures_no_key(error)


def echo_authorization(status: int, *, as_json: bool) -> Any:
    """An answer quoting the request's Authorization header in its body and a header, as a
    debugging proxy or a misconfigured server may when it refuses a key."""

    async def handler(request: web.Request) -> web.StreamResponse:
        quoted = f"refused: {request.headers['Authorization']}"
        headers = {"X-Refused": quoted}
        if as_json:
            body = {"detail": quoted, "attr": quoted}
            return web.json_response(body, status=status, headers=headers)
        return web.Response(text=quoted, status=status, headers=headers)

    return handler


@pytest.mark.parametrize(
    ("status", "as_json", "expected"),
    [(401, True, AuthenticationError), (400, False, ApiError), (503, True, ApiError)],
)
async def test_an_error_body_quoting_the_key_does_not_show_it(
    hostile: HostileServer, status: int, as_json: bool, expected: type
) -> None:
    hostile.route(echo_authorization(status, as_json=as_json))

    async def call() -> None:
        async with client_of(hostile) as client:
            await client.roles.get(id="r1")

    error = await raised(call)
    assert isinstance(error, expected)
    assert "refused: Bearer ***" in str(error)
    assert_no_key(repr(error.body))
    assert_no_key(f"{error.detail} {error.attr}")
    assert error.headers["X-Refused"] == "refused: Bearer ***"
    assert_captures_no_key(error)


async def echo_in_a_success(request: web.Request) -> web.Response:
    """A 200 that is not the expected shape and quotes the request's Authorization, as an
    echo service does that `base_url` points at by mistake."""
    quoted = f"you sent {request.headers['Authorization']}"
    if request.path.endswith("/roles/"):  # the list: a page whose item is no role
        body = {"count": 1, "next": None, "previous": None, "results": [{"echo": quoted}]}
    else:
        body = {"echo": quoted}
    return web.json_response(body, headers={"X-Echo": quoted})


CALLS: dict[str, Callable[[AsyncClient], Awaitable[Any]]] = {
    "get": lambda client: client.roles.get(id="r1"),
    "list": lambda client: first_page(client),
    "get_many": lambda client: client.roles.get_many(ids=["r1", "r2"]),
    "raw parse": lambda client: raw_parse(client),
}


async def first_page(client: AsyncClient) -> Any:
    async for page in client.roles.list().pages():
        return page
    raise AssertionError("the list has no page")


async def raw_parse(client: AsyncClient) -> Any:
    raw = await client.roles.with_raw_response.get(id="r1")
    return raw.parse()


@pytest.mark.parametrize("call", sorted(CALLS))
async def test_a_success_body_quoting_the_key_does_not_show_it(
    hostile: HostileServer, call: str
) -> None:
    hostile.route(echo_in_a_success)

    async def run() -> None:
        async with client_of(hostile) as client:
            await CALLS[call](client)

    error = await raised(run)
    assert isinstance(error, ResponseValidationError)
    assert "you sent Bearer ***" in error.body
    assert error.headers["X-Echo"] == "you sent Bearer ***"
    assert_captures_no_key(error)


async def test_a_timeout(hostile: HostileServer) -> None:
    hostile.route(stall(5))

    async def call() -> None:
        async with client_of(hostile, timeout=0.2) as client:
            await client.roles.get(id="r1")

    error = await raised(call)
    assert isinstance(error, ApiTimeoutError)
    assert_captures_no_key(error)


@pytest.mark.parametrize(
    "bad_call",
    [
        lambda c: c.roles.get(id=object()),
        lambda c: c.roles.create(name=5),
        lambda c: c.roles.create(name="a", extra_headers={"Host": "x"}),
        lambda c: c.roles.create(name="a", extra_body={"x": object()}),
        lambda c: c.roles.get(id="r", timeout=-1),
        lambda c: c.session_recordings.get_many(ids="one-string"),
    ],
    ids=["id-type", "body-type", "forbidden-header", "body-not-json", "timeout", "ids-str"],
)
async def test_bad_input_raised_inside_build_request(hostile: HostileServer, bad_call: Any) -> None:
    async def call() -> None:
        async with client_of(hostile) as client:
            await bad_call(client)

    error = await raised(call)
    assert isinstance(error, (TypeError, ValueError))
    assert_captures_no_key(error)
    assert hostile.seen == []


async def test_a_get_many_failure(hostile: HostileServer) -> None:
    hostile.route(raw_json({"detail": "gone"}, 404))

    async def call() -> None:
        async with client_of(hostile) as client:
            await client.session_recordings.get_many(ids=["a", "b", "c"])

    error = await raised(call)
    assert isinstance(error, NotFoundError)
    assert_captures_no_key(error)

    async with client_of(hostile) as client:
        results = await client.session_recordings.get_many(ids=["a", "b"], return_exceptions=True)
    for result in results:
        assert isinstance(result, NotFoundError)
        assert_captures_no_key(result)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"base_url": "http://h:99999/"},
        {"base_url": "ftp://h/"},
        {"base_url": "http://user:pw@h/"},
        {"base_url": "https://h", "timeout": -1},
        {"base_url": "https://h", "max_retries": "2"},
        {"base_url": "https://h", "transport": object()},
        {"base_url": "https://h", "rate_limit": 5},
        {"base_url": "http://api.example.com", "require_https": True},
    ],
)
def test_the_constructor_failing_after_the_key_was_given(kwargs: dict[str, Any]) -> None:
    with pytest.raises((ConfigurationError, TypeError, ValueError)) as info:
        AsyncClient(api_key=KEY, **kwargs)
    assert_captures_no_key(info.value)


@pytest.mark.parametrize("bad_key", [f"{KEY} {KEY}", f"{KEY}\n", f"x\x00{KEY}", f"{KEY}\u200b"])
def test_a_malformed_key_is_not_in_the_traceback(bad_key: str) -> None:
    with pytest.raises(ConfigurationError) as info:
        AsyncClient(api_key=f"{bad_key}x", base_url="https://h")
    rendered = render_with_locals(info.value)
    assert KEY not in rendered
    assert KEY[4:] not in rendered


def test_a_key_from_the_environment_is_not_in_the_traceback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PRODUCT_ANALYTICS_API_KEY", KEY)
    monkeypatch.setenv("PRODUCT_ANALYTICS_BASE_URL", "http://h:99999/")
    with pytest.raises(ConfigurationError) as info:
        AsyncClient()
    assert_captures_no_key(info.value)


async def test_the_key_is_no_str_in_the_clients_own_objects(hostile: HostileServer) -> None:
    """Every attribute reachable from a client and its config holds the key only inside an
    object whose repr hides it."""
    hostile.route(raw_json(role()))
    async with client_of(hostile) as client:
        await client.roles.get(id="r1")
        for value in [*vars(client).values(), *vars(client._config).values()]:
            assert not (isinstance(value, str) and KEY in value)
            assert_no_key(repr(value))
        assert_no_key(repr(client._session))


async def test_debug_logs_of_redirects_stalls_and_refused_connections_never_hold_the_key(
    hostile: HostileServer, refused_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    hostile.route(redirect(f"{ROLES}r2/", 307), path=f"{ROLES}r1/")
    hostile.route(raw_json({"detail": "busy"}, 503), path=f"{ROLES}r2/")
    hostile.route(raw_json({"detail": "slow"}, 429, **{"Retry-After": "0"}), path=f"{ROLES}r3/")
    hostile.route(stall(5), path=f"{ROLES}r4/")
    caplog.set_level(logging.DEBUG)
    async with client_of(hostile, max_retries=1, timeout=0.3, deadline=1.5) as client:
        for rid in ("r1", "r3", "r4"):
            with pytest.raises(ApiError):
                await asyncio.wait_for(client.roles.get(id=rid), 5)
    async with client_of(refused_url, max_retries=1) as client:
        with pytest.raises(ApiConnectionError):
            await client.roles.get(id="r1")
    assert any("Authorization" in r.getMessage() for r in caplog.records)
    for record in caplog.records:
        assert_no_key(record.getMessage())
        assert_no_key(repr(record.args))
    assert_no_key(caplog.text)
