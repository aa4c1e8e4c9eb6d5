"""The client in a production environment, against loopback servers: a real forward proxy
(proxy.py) taken from `HTTP_PROXY`, `HTTPS_PROXY` (a tunnel) or `proxy=`, and `NO_PROXY`;
TLS with a self-signed certificate (`verify=` a path, False, an SSLContext, `SSL_CERT_FILE`),
refused by default; a user's own `aiohttp.ClientSession`; `default_headers=`; a user
transport that cannot tell whether a dropped POST left; `with_options` driven by the
settings' one declaration."""

from __future__ import annotations

import asyncio
import logging
import ssl
import traceback
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web

from product_analytics import (
    AiohttpTransport,
    ApiConnectionError,
    AsyncClient,
    ConfigurationError,
    NotFoundError,
    Request,
    Response,
    TransportError,
)
from product_analytics._transport.base import Chunks
from tests.support.forward_proxy import ForwardProxy, forward_proxy
from tests.support.loopback import (
    LoopbackFactory,
    LoopbackServer,
    fast_policy,
    free_port,
    serve,
)
from tests.support.loopback_client import API_KEY, ORG, json_response, proxy_record

DATA = Path(__file__).resolve().parents[1] / "hardening" / "data"
CERT = DATA / "self_signed.pem"
KEY_FILE = DATA / "self_signed.key"
PROXY_VARIABLES = ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY")


@pytest.fixture(scope="module")
def proxy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ForwardProxy]:
    with forward_proxy(tmp_path_factory.mktemp("proxy")) as running:
        yield running


@pytest.fixture
def no_proxy_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for name in PROXY_VARIABLES:
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.lower(), raising=False)
    return monkeypatch


async def answer_record(request: web.Request) -> web.Response:
    return json_response(proxy_record("r1"))


def get_record(client: AsyncClient) -> Any:
    return client.proxy_records.get(organization_id=ORG, id="r1")


RECORD_PATH = f"/api/organizations/{ORG}/proxy_records/r1/"


# -- proxies -------------------------------------------------------------------------------


async def test_a_proxy_named_by_http_proxy_carries_the_requests(
    proxy: ForwardProxy, loopback: LoopbackFactory, no_proxy_env: pytest.MonkeyPatch
) -> None:
    server = await loopback(answer_record)
    no_proxy_env.setenv("HTTP_PROXY", proxy.url)
    async with AsyncClient(api_key=API_KEY, base_url=server.base_url) as client:
        assert (await get_record(client)).id == "r1"
    assert proxy.wait_for(f"GET 127.0.0.1:{server.port}{RECORD_PATH}")
    assert server.received[0].headers["Authorization"] == f"Bearer {API_KEY}"


async def test_the_proxy_argument_wins_over_the_environment(
    proxy: ForwardProxy, loopback: LoopbackFactory, no_proxy_env: pytest.MonkeyPatch
) -> None:
    server = await loopback(answer_record)
    no_proxy_env.setenv("HTTP_PROXY", f"http://127.0.0.1:{free_port()}")  # nothing listens
    async with AsyncClient(api_key=API_KEY, base_url=server.base_url, proxy=proxy.url) as c:
        assert (await get_record(c)).id == "r1"
    assert proxy.wait_for(f"GET 127.0.0.1:{server.port}{RECORD_PATH}")


async def test_no_proxy_sends_its_hosts_straight_to_the_server(
    loopback: LoopbackFactory, no_proxy_env: pytest.MonkeyPatch
) -> None:
    server = await loopback(answer_record)
    no_proxy_env.setenv("HTTP_PROXY", f"http://127.0.0.1:{free_port()}")  # nothing listens
    no_proxy_env.setenv("NO_PROXY", "localhost,127.0.0.1")
    async with AsyncClient(api_key=API_KEY, base_url=server.base_url) as client:
        assert (await get_record(client)).id == "r1"
    assert len(server.received) == 1


async def test_a_proxy_that_is_down_is_a_connection_error_never_sent(
    loopback: LoopbackFactory, no_proxy_env: pytest.MonkeyPatch
) -> None:
    server = await loopback(answer_record)
    proxy_url = f"http://127.0.0.1:{free_port()}"
    async with AsyncClient(
        api_key=API_KEY, base_url=server.base_url, proxy=proxy_url, max_retries=0
    ) as client:
        with pytest.raises(ApiConnectionError) as caught:
            await client.proxy_records.create(organization_id=ORG, domain="d.example.com")
    assert caught.value.request_sent is False
    assert server.received == []


@pytest.mark.parametrize("source", ["argument", "HTTPS_PROXY"])
async def test_proxy_credentials_reach_the_proxy_and_never_show_when_it_refuses_them(
    source: str,
    tls_server: LoopbackServer,
    tmp_path: Path,
    no_proxy_env: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    wrong = "wr0ng-proxy-pass"
    with forward_proxy(tmp_path, basic_auth="analyst:right-pass") as authed:
        host = authed.url.removeprefix("http://")

        def client_through(password: str) -> AsyncClient:
            url = f"http://analyst:{password}@{host}"
            if source == "argument":
                return AsyncClient(
                    api_key=API_KEY,
                    base_url=https_url(tls_server),
                    verify=str(CERT),
                    proxy=url,
                    max_retries=0,
                )
            no_proxy_env.setenv("HTTPS_PROXY", url)
            return AsyncClient(
                api_key=API_KEY, base_url=https_url(tls_server), verify=str(CERT), max_retries=0
            )

        async with client_through("right-pass") as client:
            assert (await get_record(client)).id == "r1"
        assert authed.wait_for(f"CONNECT 127.0.0.1:{tls_server.port}")
        caplog.set_level(logging.DEBUG, logger="product_analytics")
        async with client_through(wrong) as client:
            with pytest.raises(ApiConnectionError, match="proxy refused") as caught:
                await get_record(client)
            shown = [repr(client), repr(vars(client)["_config"])]
    assert caught.value.request_sent is False
    assert len(tls_server.received) == 1
    shown += [str(caught.value), repr(caught.value), *traceback.format_exception(caught.value)]
    shown += [record.getMessage() for record in caplog.records]
    assert not [text for text in shown if wrong in text]


@pytest.mark.parametrize(
    "malformed",
    [
        "http://analyst:p#ssW0RD@127.0.0.1:3128",
        "http://analyst:ssW0RD@proxy:port",
        "http://analyst:ssW0RD@proxy:99999",
        "http://analyst:ssW0RD@[proxy",
    ],
)
async def test_a_malformed_proxy_in_the_environment_is_refused_unsent_and_never_shown(
    malformed: str,
    loopback: LoopbackFactory,
    no_proxy_env: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    server = await loopback(answer_record)
    no_proxy_env.setenv("HTTP_PROXY", malformed)
    caplog.set_level(logging.DEBUG, logger="product_analytics")
    async with AsyncClient(api_key=API_KEY, base_url=server.base_url, max_retries=0) as client:
        with pytest.raises(ApiConnectionError, match="HTTP_PROXY") as caught:
            await client.proxy_records.create(organization_id=ORG, domain="d.example.com")
    assert caught.value.request_sent is False
    assert server.received == []
    shown = [str(caught.value), repr(caught.value), *traceback.format_exception(caught.value)]
    shown += [record.getMessage() for record in caplog.records]
    assert not [text for text in shown if "ssW0RD" in text]


async def test_a_proxy_that_drops_the_tunnel_leaves_a_post_unsent_and_retried(
    tls_server: LoopbackServer,
) -> None:
    tunnels: list[bytes] = []

    async def drop(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        tunnels.append(await reader.readuntil(b"\r\n\r\n"))
        writer.close()  # no answer to the CONNECT: the request never reached the service

    dropping = await asyncio.start_server(drop, "127.0.0.1", 0)
    port = dropping.sockets[0].getsockname()[1]
    try:
        async with AsyncClient(
            api_key=API_KEY,
            base_url=https_url(tls_server),
            verify=str(CERT),
            proxy=f"http://127.0.0.1:{port}",
            retry_policy=fast_policy(max_retries=2),
        ) as client:
            with pytest.raises(ApiConnectionError) as caught:
                await client.proxy_records.create(organization_id=ORG, domain="d.example.com")
    finally:
        dropping.close()
        await dropping.wait_closed()
    assert caught.value.request_sent is False
    assert [t.split(b" ")[0] for t in tunnels] == [b"CONNECT"] * 3  # a POST never sent: retried
    assert tls_server.received == []


@pytest.mark.parametrize("proxy_url", ["ftp://proxy:21", "http://", "proxy:3128", 3128])
def test_a_proxy_that_is_no_http_url_is_refused_at_construction(proxy_url: object) -> None:
    with pytest.raises(ConfigurationError, match="proxy"):
        AsyncClient(api_key=API_KEY, base_url="http://127.0.0.1:9", proxy=proxy_url)  # type: ignore[arg-type]


# -- TLS -----------------------------------------------------------------------------------


@pytest.fixture
async def tls_server() -> AsyncIterator[LoopbackServer]:
    """A loopback HTTPS server with the self-signed certificate of 127.0.0.1."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(CERT, KEY_FILE)
    async with serve(answer_record, tls=context) as server:
        yield server


def https_url(server: LoopbackServer) -> str:
    return f"https://127.0.0.1:{server.port}"


def trusting_context() -> ssl.SSLContext:
    return ssl.create_default_context(cafile=str(CERT))


@pytest.mark.parametrize(
    "verify",
    [str(CERT), CERT, False, "context"],
    ids=["path", "pathlike", "false", "sslcontext"],
)
async def test_verify_lets_the_client_reach_a_self_signed_server(
    tls_server: LoopbackServer, verify: Any
) -> None:
    if verify == "context":
        verify = trusting_context()
    async with AsyncClient(api_key=API_KEY, base_url=https_url(tls_server), verify=verify) as c:
        assert (await get_record(c)).id == "r1"
    assert len(tls_server.received) == 1


async def test_by_default_a_self_signed_server_is_refused_with_a_typed_error(
    tls_server: LoopbackServer,
) -> None:
    async with AsyncClient(api_key=API_KEY, base_url=https_url(tls_server)) as client:
        with pytest.raises(ApiConnectionError, match="certificate") as caught:
            await get_record(client)
    assert caught.value.request_sent is False
    assert "verify=" in str(caught.value)
    assert tls_server.received == []


async def test_ssl_cert_file_is_honoured_with_trust_env_only(
    tls_server: LoopbackServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SSL_CERT_FILE", str(CERT))
    monkeypatch.delenv("SSL_CERT_DIR", raising=False)
    async with AsyncClient(api_key=API_KEY, base_url=https_url(tls_server)) as client:
        assert (await get_record(client)).id == "r1"
    async with AsyncClient(
        api_key=API_KEY, base_url=https_url(tls_server), trust_env=False, max_retries=0
    ) as client:
        with pytest.raises(ApiConnectionError, match="certificate"):
            await get_record(client)
    assert len(tls_server.received) == 1


@pytest.mark.parametrize("verify", ["/no/such/bundle.pem", 1, None])
def test_a_verify_that_is_no_bundle_is_refused_at_construction(verify: Any, tmp_path: Path) -> None:
    with pytest.raises(ConfigurationError, match="verify"):
        AsyncClient(api_key=API_KEY, base_url="https://127.0.0.1:9", verify=verify)


def test_a_file_that_holds_no_certificate_is_refused_at_construction(tmp_path: Path) -> None:
    bundle = tmp_path / "empty.pem"
    bundle.write_text("not a certificate\n")
    with pytest.raises(ConfigurationError, match="not a CA bundle"):
        AsyncClient(api_key=API_KEY, base_url="https://127.0.0.1:9", verify=str(bundle))


# -- the user's own session ----------------------------------------------------------------


async def test_a_users_session_sends_its_headers_and_stays_open_after_close(
    loopback: LoopbackFactory,
) -> None:
    server = await loopback(answer_record)
    async with aiohttp.ClientSession(headers={"X-Team": "analytics"}) as session:
        transport = AiohttpTransport(session)
        async with AsyncClient(
            api_key=API_KEY, base_url=server.base_url, transport=transport
        ) as client:
            assert (await get_record(client)).id == "r1"
        assert client.closed
        assert not session.closed
        async with session.get(f"{server.base_url}/still-open") as answer:
            assert answer.status == 200
    headers = server.received[0].headers
    assert headers["X-Team"] == "analytics"
    assert headers["Authorization"] == f"Bearer {API_KEY}"


async def test_a_users_session_that_raises_for_status_still_gives_the_typed_error(
    loopback: LoopbackFactory,
) -> None:
    async def not_found(request: web.Request) -> web.Response:
        return json_response({"type": "invalid_request", "detail": "Not found."}, 404)

    server = await loopback(not_found)
    async with aiohttp.ClientSession(raise_for_status=True) as session:
        transport = AiohttpTransport(session)
        client = AsyncClient(api_key=API_KEY, base_url=server.base_url, transport=transport)
        async with client:
            with pytest.raises(NotFoundError) as caught:
                await client.proxy_records.delete(organization_id=ORG, id="r1")
    assert (caught.value.status_code, caught.value.detail) == (404, "Not found.")
    assert len(server.received) == 1  # a 404 is no connection failure: never retried


def test_a_users_session_takes_no_connector_options() -> None:
    session: Any = object()
    with pytest.raises(TypeError, match="ClientSession you pass"):
        AiohttpTransport(session, limit=3)
    with pytest.raises(TypeError, match="ClientSession you pass"):
        AiohttpTransport(session, proxy="http://proxy:3128")


async def test_connector_options_reach_the_transports_own_session(
    loopback: LoopbackFactory,
) -> None:
    server = await loopback(answer_record)
    transport = AiohttpTransport(limit=1)
    async with AsyncClient(api_key=API_KEY, base_url=server.base_url, transport=transport) as c:
        await asyncio.gather(*(get_record(c) for _ in range(4)))
    assert server.max_in_flight == 1


def test_proxy_and_verify_with_another_transport_are_refused() -> None:
    with pytest.raises(ConfigurationError, match="transport"):
        AsyncClient(
            api_key=API_KEY,
            base_url="http://127.0.0.1:9",
            transport=AiohttpTransport(),
            verify=False,
        )


# -- default headers -----------------------------------------------------------------------


async def test_default_headers_go_on_every_request_and_a_calls_extra_headers_win(
    loopback: LoopbackFactory,
) -> None:
    server = await loopback(answer_record)
    defaults = {"X-Team": "analytics", "User-Agent": "my-app/1.0"}
    async with AsyncClient(
        api_key=API_KEY, base_url=server.base_url, default_headers=defaults
    ) as client:
        await get_record(client)
        await client.proxy_records.get(
            organization_id=ORG, id="r1", extra_headers={"x-team": "other"}
        )
        await get_record(client.with_options(default_headers={"X-Other": "1"}))
    first, second, third = ({k.lower(): v for k, v in r.headers.items()} for r in server.received)
    assert (first["x-team"], first["user-agent"]) == ("analytics", "my-app/1.0")
    assert second["x-team"] == "other"
    assert third["x-other"] == "1"
    assert "x-team" not in third
    assert all(r.headers["Authorization"] == f"Bearer {API_KEY}" for r in server.received)


@pytest.mark.parametrize(
    "headers",
    [
        {"Authorization": "Bearer other"},
        {"authorization": "x"},
        {"X-A": "1\r\nHost: evil"},
        {"Content-Length": "0"},
        {"X-A": 1},
        ["X-A"],
    ],
)
def test_default_headers_cannot_set_authorization_or_framing(headers: Any) -> None:
    with pytest.raises(ConfigurationError, match="default_headers"):
        AsyncClient(api_key=API_KEY, base_url="http://127.0.0.1:9", default_headers=headers)


# -- a user's transport that cannot tell whether a request left ----------------------------


class ForwardingTransport:
    """A user's transport on aiohttp that never says whether a failed request left: it
    neither sets `Request.sent` nor `TransportError.request_sent`."""

    def __init__(self) -> None:
        self.session: aiohttp.ClientSession | None = None

    async def send(self, request: Request, *, timeout: float) -> Response:
        self.session = self.session or aiohttp.ClientSession()
        try:
            async with self.session.request(
                request.method, request.url, headers=request.headers, data=request.content
            ) as answer:
                body = await answer.read()
                return Response(answer.status, answer.headers, Chunks(body))
        except aiohttp.ClientError as exc:
            raise TransportError(f"failed: {type(exc).__name__}") from None

    async def close(self) -> None:
        if self.session is not None:
            await self.session.close()


async def test_a_user_transports_dropped_post_is_sent_once(loopback: LoopbackFactory) -> None:
    async def drop(request: web.Request) -> web.StreamResponse:
        assert request.transport is not None
        request.transport.close()  # the POST arrived; its answer never leaves
        return web.Response()

    server = await loopback(drop)
    async with AsyncClient(
        api_key=API_KEY, base_url=server.base_url, transport=ForwardingTransport(), max_retries=2
    ) as client:
        with pytest.raises(ApiConnectionError) as caught:
            await client.proxy_records.create(organization_id=ORG, domain="d.example.com")
        assert caught.value.request_sent is True
        with pytest.raises(ApiConnectionError):
            await get_record(client)
    methods = [r.method for r in server.received]
    assert methods.count("POST") == 1
    assert methods.count("GET") >= 3  # a GET is retried (aiohttp may resend it too)


# -- with_options --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "setting",
    [
        "api_key",
        "base_url",
        "max_concurrency",
        "rate_limit",
        "transport",
        "proxy",
        "trust_env",
        "verify",
        "throttle_store",
    ],
)
def test_with_options_refuses_the_settings_a_client_family_shares(setting: str) -> None:
    client = AsyncClient(api_key=API_KEY, base_url="http://127.0.0.1:9")
    with pytest.raises(TypeError, match=f"cannot change {setting}"):
        client.with_options(**{setting: None})


def test_with_options_refuses_a_name_that_is_no_setting() -> None:
    client = AsyncClient(api_key=API_KEY, base_url="http://127.0.0.1:9")
    with pytest.raises(TypeError, match="unexpected keyword"):
        client.with_options(timeout_seconds=3)


def test_with_options_checks_what_it_changes_and_keeps_the_rest() -> None:
    client = AsyncClient(
        api_key=API_KEY,
        base_url="http://127.0.0.1:9",
        timeout=7.0,
        project_id=5,
        default_headers={"X-A": "1"},
    )
    other = client.with_options(max_retries=0, project_id=None)
    assert (other._config.timeout, other._config.max_retries) == (7.0, 0)
    assert other._config.project_id is None
    assert dict(other._config.default_headers) == {"X-A": "1"}
    assert other._session is client._session
    with pytest.raises(ConfigurationError, match="timeout"):
        client.with_options(timeout=-1)
    with pytest.raises(ConfigurationError, match="default_headers"):
        client.with_options(default_headers={"Authorization": "x"})


async def test_https_goes_through_the_https_proxy_in_a_tunnel(
    proxy: ForwardProxy, tls_server: LoopbackServer, no_proxy_env: pytest.MonkeyPatch
) -> None:
    no_proxy_env.setenv("HTTPS_PROXY", proxy.url)
    async with AsyncClient(
        api_key=API_KEY, base_url=https_url(tls_server), verify=str(CERT)
    ) as client:
        assert (await get_record(client)).id == "r1"
    assert proxy.wait_for(f"CONNECT 127.0.0.1:{tls_server.port}")
    assert len(tls_server.received) == 1
