"""The aiohttp layer against real loopback servers: timeouts, dropped connections, connect
failures, redirects, the concurrency bound, connection reuse and closing."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import aiohttp
import pytest
from aiohttp import web
from hypothesis import given, settings
from hypothesis import strategies as st
from yarl import URL

from product_analytics import AiohttpTransport, AsyncClient
from product_analytics._aiohttp import yarl_url
from product_analytics.errors import (
    ApiConnectionError,
    ApiStatusError,
    ApiTimeoutError,
    ClientClosedError,
    NotFoundError,
)
from product_analytics.models import ProxyRecord
from product_analytics.testing import MockTransport, aioresponses
from tests.support.loopback_client import (
    API_KEY,
    ORG,
    assert_no_pending_tasks,
    client_for,
    free_port,
    json_response,
    loop_errors,
    proxy_record,
    serve,
)
from tests.support.mock_client import InFlight, json_reply

STALL = 2.0


def get_record(client: AsyncClient, **options: Any) -> Any:
    return client.proxy_records.get(organization_id=ORG, id="r1", **options)


async def answer_record(request: web.Request) -> web.Response:
    return json_response(proxy_record("r1"))


def delayed(seconds: float) -> Any:
    async def handler(request: web.Request) -> web.Response:
        await asyncio.sleep(seconds)
        return json_response(proxy_record("r1"))

    return handler


# -- timeouts ------------------------------------------------------------------------------


async def test_no_answer_within_timeout_raises_api_timeout_error() -> None:
    async with serve(delayed(STALL)) as server, client_for(server, timeout=0.1, max_retries=0) as c:
        started = time.monotonic()
        with pytest.raises(ApiTimeoutError) as caught:
            await get_record(c)
        elapsed = time.monotonic() - started
    error = caught.value
    assert isinstance(error, ApiConnectionError)
    assert error.method == "GET"
    assert error.url.endswith("/proxy_records/r1/")
    assert 0.08 <= elapsed < 1.0
    assert API_KEY not in str(error)


async def test_a_body_that_stalls_midway_times_out() -> None:
    async def half_then_stall(request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse(headers={"Content-Type": "application/json"})
        response.content_length = 1000
        await response.prepare(request)
        await response.write(b'{"id": "r1", ')
        await asyncio.sleep(STALL)
        return response

    async with serve(half_then_stall) as server, client_for(server, timeout=0.15) as client:
        with pytest.raises(ApiTimeoutError):
            await get_record(client)
        assert len(server.received) == 3  # a GET: retried, and timed out every time


async def test_per_call_timeout_overrides_the_clients_shorter_one() -> None:
    async with serve(delayed(0.25)) as server, client_for(server, timeout=0.05) as client:
        record = await get_record(client, timeout=2.0)
        assert isinstance(record, ProxyRecord)
        assert len(server.received) == 1


async def test_per_call_timeout_overrides_the_clients_longer_one() -> None:
    async with (
        serve(delayed(STALL)) as server,
        client_for(server, timeout=30.0, max_retries=0) as client,
    ):
        started = time.monotonic()
        with pytest.raises(ApiTimeoutError):
            await get_record(client, timeout=0.1)
        assert time.monotonic() - started < 1.0


async def test_timeout_bounds_each_attempt_not_the_whole_call() -> None:
    """Three attempts of 0.15 s each: the call fails after about 0.45 s, not 0.15 s."""
    async with serve(delayed(STALL)) as server, client_for(server, timeout=0.15) as client:
        started = time.monotonic()
        with pytest.raises(ApiTimeoutError):
            await get_record(client)
        assert time.monotonic() - started >= 0.4
        assert len(server.received) == 3


# -- connection failures --------------------------------------------------------------------


async def test_dropped_connection_raises_api_connection_error() -> None:
    async def drop(request: web.Request) -> web.Response:
        assert request.transport is not None
        request.transport.close()
        return web.Response()

    async with serve(drop) as server, client_for(server, max_retries=0) as client:
        with pytest.raises(ApiConnectionError) as caught:
            await get_record(client)
    assert not isinstance(caught.value, ApiTimeoutError)
    assert caught.value.request_sent is True
    assert len(server.received) == 1
    assert API_KEY not in str(caught.value)


async def test_nothing_listening_raises_api_connection_error_not_sent() -> None:
    port = free_port()
    async with client_for(f"http://127.0.0.1:{port}", max_retries=0) as client:
        with pytest.raises(ApiConnectionError) as caught:
            await get_record(client)
    error = caught.value
    assert not isinstance(error, ApiTimeoutError)
    assert error.request_sent is False
    assert "could not connect" in str(error)
    assert API_KEY not in str(error)


async def test_transport_errors_via_aioresponses_become_api_connection_errors() -> None:
    import aiohttp

    base = "http://api.example.test"
    url = f"{base}/api/organizations/{ORG}/proxy_records/r1/"
    async with client_for(base, max_retries=0) as client:
        with aioresponses() as mocked:
            mocked.get(url, exception=aiohttp.ServerDisconnectedError())
            mocked.get(url, exception=asyncio.TimeoutError())
            mocked.get(url, payload=proxy_record("r1"))
            with pytest.raises(ApiConnectionError) as dropped:
                await get_record(client)
            assert dropped.value.request_sent is True
            with pytest.raises(ApiTimeoutError):
                await get_record(client)
            assert isinstance(await get_record(client), ProxyRecord)


async def test_a_post_that_times_out_under_aioresponses_is_sent_once() -> None:
    # aioresponses answers before aiohttp's connector runs: as with a real timeout, the
    # POST may have reached the service, so it is not sent again.
    base = "http://api.example.test"
    url = f"{base}/api/organizations/{ORG}/proxy_records/"
    async with client_for(base, max_retries=2) as client:
        with aioresponses() as mocked:
            mocked.post(url, exception=asyncio.TimeoutError(), repeat=True)
            with pytest.raises(ApiTimeoutError) as caught:
                await client.proxy_records.create(organization_id=ORG, domain="a.example.com")
    assert caught.value.request_sent is True
    assert client.stats.requests == 1


# -- redirects -----------------------------------------------------------------------------


async def test_redirect_to_another_origin_is_not_followed() -> None:
    async with serve(answer_record) as other:

        async def redirect(request: web.Request) -> web.Response:
            raise web.HTTPFound(f"{other.base_url}/api/organizations/{ORG}/proxy_records/r1/")

        async with serve(redirect) as server, client_for(server) as client:
            with pytest.raises(ApiStatusError, match="redirect to another origin") as caught:
                await get_record(client)
    assert caught.value.status_code == 302
    assert server.received[0].headers["Authorization"] == f"Bearer {API_KEY}"
    assert other.received == []


async def test_redirect_on_the_same_origin_is_followed_with_the_key() -> None:
    async def handler(request: web.Request) -> web.Response:
        if request.path.endswith("/old/"):
            raise web.HTTPMovedPermanently(f"/api/organizations/{ORG}/proxy_records/r1/")
        return json_response(proxy_record("r1"))

    async with serve(handler) as server, client_for(server) as client:
        record = await client.proxy_records.get(organization_id=ORG, id="old")
    assert record == ProxyRecord.model_validate(proxy_record("r1"))
    assert [r.path_qs for r in server.received] == [
        f"/api/organizations/{ORG}/proxy_records/old/",
        f"/api/organizations/{ORG}/proxy_records/r1/",
    ]
    assert all(r.headers["Authorization"] == f"Bearer {API_KEY}" for r in server.received)


# -- concurrency and connection reuse -------------------------------------------------------


async def test_max_concurrency_bounds_requests_in_flight() -> None:
    async with (
        serve(delayed(0.01)) as server,
        client_for(server, max_concurrency=5) as client,
    ):
        results = await asyncio.gather(*(get_record(client) for _ in range(100)))
    assert len(results) == 100
    assert len(server.received) == 100
    assert server.max_in_flight == 5


@pytest.mark.parametrize("made_by", ["AiohttpTransport()", "the user's ClientSession"])
async def test_max_concurrency_bounds_a_transport_the_client_did_not_make(made_by: str) -> None:
    async with serve(delayed(0.01)) as server, aiohttp.ClientSession() as session:
        if made_by == "AiohttpTransport()":
            transport = AiohttpTransport()  # its own pool allows 32 connections
        else:
            transport = AiohttpTransport(session=session)  # aiohttp's default: 100
        async with client_for(server, max_concurrency=5, transport=transport) as client:
            results = await asyncio.gather(*(get_record(client) for _ in range(60)))
        await transport.close()
    assert len(results) == 60
    assert server.max_in_flight == 5


async def test_max_concurrency_bounds_a_mock_transport() -> None:
    handler = InFlight(lambda request: json_reply(proxy_record("r1")), delay=0.005)
    transport = MockTransport(handler)
    async with AsyncClient(
        api_key=API_KEY, base_url="https://example.test", transport=transport, max_concurrency=4
    ) as client:
        await asyncio.gather(*(get_record(client) for _ in range(50)))
    assert handler.most == 4


async def test_a_request_waiting_for_a_slot_spends_its_timeout_and_counts_as_not_sent() -> None:
    async with serve(delayed(STALL)) as server:
        transport = AiohttpTransport()
        async with client_for(
            server, max_concurrency=1, transport=transport, max_retries=0
        ) as client:
            holder = asyncio.create_task(get_record(client))
            await server.wait_for_requests(1)
            started = time.monotonic()
            with pytest.raises(ApiTimeoutError) as caught:
                await get_record(client, timeout=0.2)
            assert time.monotonic() - started < STALL / 2
            assert caught.value.request_sent is False
            holder.cancel()
            with pytest.raises(asyncio.CancelledError):
                await holder
        await transport.close()
    assert len(server.received) == 1


async def test_one_session_reuses_connections_across_requests() -> None:
    async with serve(answer_record) as server, client_for(server, max_concurrency=4) as client:
        for _ in range(20):
            await get_record(client)
        await asyncio.gather(*(get_record(client) for _ in range(40)))
    ports = {r.peer_port for r in server.received}
    assert len(server.received) == 60
    assert len(ports) <= 4
    # The sequential requests all went over one kept-alive connection.
    assert len({r.peer_port for r in server.received[:20]}) == 1


async def test_the_session_is_opened_once_and_shared_by_concurrent_tasks() -> None:
    async with serve(answer_record) as server, client_for(server) as client:
        transport = client._session.transport
        await asyncio.gather(*(get_record(client) for _ in range(10)))
        session = transport._session
        assert session is not None
        await get_record(client)
        assert transport._session is session
    assert session.closed


async def test_a_body_streamed_in_many_chunks_is_read_whole() -> None:
    """Larger than one read of the transport (256 KiB), sent in 64 KiB pieces."""
    payload = "x" * (1024 * 1024)

    async def streamed(request: web.Request) -> web.StreamResponse:
        body = json.dumps({**proxy_record("r1"), "padding": payload}).encode()
        response = web.StreamResponse(headers={"Content-Type": "application/json"})
        response.enable_chunked_encoding()
        await response.prepare(request)
        for start in range(0, len(body), 64 * 1024):
            await response.write(body[start : start + 64 * 1024])
            await asyncio.sleep(0)
        await response.write_eof()
        return response

    async with serve(streamed) as server, client_for(server) as client:
        record = await get_record(client)
        again = await get_record(client)  # the connection was released and is reused
    assert record.model_extra is not None
    assert record.model_extra["padding"] == payload
    assert again.id == "r1"
    assert len({r.peer_port for r in server.received}) == 1


async def test_every_request_carries_bearer_key_and_user_agent() -> None:
    async with serve(answer_record) as server, client_for(server) as client:
        await get_record(client)
    headers = server.received[0].headers
    assert headers["Authorization"] == f"Bearer {API_KEY}"
    assert headers["User-Agent"].startswith("product-analytics-python/")
    assert headers["Accept"] == "application/json"


# -- closing -------------------------------------------------------------------------------


async def test_closing_during_in_flight_requests_raises_client_closed_error_in_them() -> None:
    """Two requests on the wire, eight waiting for a connection, two sleeping in backoff."""
    stall = asyncio.Event()

    async def handler(request: web.Request) -> web.Response:
        if request.path.endswith("/flaky/"):
            return json_response({"detail": "busy"}, 503, **{"Retry-After": "30"})
        await stall.wait()
        return json_response(proxy_record("r1"))

    with loop_errors() as errors:
        async with serve(handler) as server:
            client = AsyncClient(api_key=API_KEY, base_url=server.base_url, max_concurrency=2)
            flaky = [
                asyncio.create_task(client.proxy_records.get(organization_id=ORG, id="flaky"))
                for _ in range(2)
            ]
            await server.wait_for_requests(2)
            await asyncio.sleep(0.01)
            tasks = [asyncio.create_task(get_record(client)) for _ in range(10)]
            await server.wait_for_requests(4)
            await asyncio.sleep(0.01)
            started = time.monotonic()
            await client.close()
            results = await asyncio.gather(*flaky, *tasks, return_exceptions=True)
            assert time.monotonic() - started < 1.0  # not after the 30 s Retry-After
            stall.set()
            await assert_no_pending_tasks()
            assert client.closed
    assert len(results) == 12
    for result in results:
        assert isinstance(result, ClientClosedError), repr(result)
        assert "closed" in str(result)
    assert errors == []


async def test_using_the_client_after_close_raises_client_closed_error() -> None:
    async with serve(answer_record) as server:
        client = AsyncClient(api_key=API_KEY, base_url=server.base_url)
        await get_record(client)
        await client.close()
        await client.close()  # idempotent
        with pytest.raises(ClientClosedError):
            await get_record(client)
        with pytest.raises(ClientClosedError):
            await client.proxy_records.list(organization_id=ORG)
        with pytest.raises(ClientClosedError):
            await client.session_recordings.get_many(project_id=1, ids=["a", "b"])
        with pytest.raises(ClientClosedError):
            async with client:
                pass
        assert len(server.received) == 1


async def test_async_with_closes_the_client() -> None:
    async with serve(answer_record) as server:
        async with AsyncClient(api_key=API_KEY, base_url=server.base_url) as client:
            await get_record(client)
            assert not client.closed
        assert client.closed
        with pytest.raises(ClientClosedError):
            await get_record(client)


async def test_a_client_never_used_closes_without_opening_a_session() -> None:
    client = AsyncClient(api_key=API_KEY, base_url="http://127.0.0.1:9")
    await client.close()
    assert client.closed
    assert client._session.transport._session is None  # type: ignore[attr-defined]


async def test_http_errors_from_a_real_server_are_typed() -> None:
    async def not_found(request: web.Request) -> web.Response:
        return json_response({"type": "invalid_request", "detail": "Not found."}, 404)

    async with serve(not_found) as server, client_for(server) as client:
        with pytest.raises(NotFoundError) as caught:
            await get_record(client)
    assert caught.value.status_code == 404
    assert caught.value.detail == "Not found."


@pytest.mark.parametrize(
    ("method", "status", "location", "expected"),
    [
        ("GET", 301, "/b/", ("GET", "http://h:1/b/", True)),
        ("POST", 302, "/b/", ("GET", "http://h:1/b/", False)),
        ("POST", 303, "http://h:1/b/", ("GET", "http://h:1/b/", False)),
        ("PATCH", 307, "b/", ("PATCH", "http://h:1/a/b/", True)),
        ("POST", 308, "/b/?x=1", ("POST", "http://h:1/b/?x=1", True)),
        ("GET", 301, "https://h:1/b/", None),
        ("GET", 302, "http://h:2/b/", None),
        ("POST", 307, "//elsewhere/b/", None),
    ],
)
def test_follow_redirect_keeps_to_the_origin_and_drops_the_body_like_browsers(
    method: str, status: int, location: str, expected: tuple[str, str, bool] | None
) -> None:
    from product_analytics._http.links import follow_redirect

    redirect = follow_redirect(method, "http://h:1/a/", status, location)
    if expected is None:
        assert redirect is None
    else:
        assert redirect is not None
        assert (redirect.method, redirect.url, redirect.keep_body) == expected


async def test_post_redirected_with_303_on_the_same_origin_continues_as_a_get() -> None:
    async def handler(request: web.Request) -> web.Response:
        if request.method == "POST":
            raise web.HTTPSeeOther(f"/api/organizations/{ORG}/proxy_records/r1/")
        return json_response(proxy_record("r1"))

    async with serve(handler) as server, client_for(server) as client:
        record = await client.proxy_records.create(organization_id=ORG, domain="d.example")
    assert record.id == "r1"
    assert [(r.method, r.headers.get("Content-Type")) for r in server.received] == [
        ("POST", "application/json"),
        ("GET", None),
    ]


async def test_an_id_with_reserved_characters_reaches_the_server_encoded() -> None:
    seen: list[str] = []

    async def record(request: web.Request) -> web.Response:
        seen.append(request.raw_path)
        return json_response(proxy_record("r1"))

    async with serve(record) as server, client_for(server) as client:
        await client.proxy_records.get(organization_id=ORG, id="a/b?c#d%e")
    assert seen == [f"/api/organizations/{ORG}/proxy_records/a%2Fb%3Fc%23d%25e/"]


# -- URLs built from their parts -------------------------------------------------------------

_SEGMENT = st.text(
    alphabet=st.sampled_from("abcXYZ019-._~%2F%3F%23%2E!$&'()*+,;=:@"), min_size=1, max_size=12
)
_QUERY = st.text(alphabet=st.sampled_from("abc019=&%2F+-._~"), min_size=0, max_size=20)


def assert_same_url(built: URL, parsed: URL) -> None:
    assert built == parsed
    assert (str(built), built.raw_path, built.raw_query_string) == (
        str(parsed),
        parsed.raw_path,
        parsed.raw_query_string,
    )
    assert (built.port, built.explicit_port, built.host) == (
        parsed.port,
        parsed.explicit_port,
        parsed.host,
    )


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:8000/api/environments/1/session_recordings/a%2Fb/",
        "https://Example.com/a/b",
        "https://example.com",
        "https://example.com:443/p/",
        "http://example.com:80/p/",
        "http://h:8080/p/",
        "http://[::1]:8080/api/x/",
        "https://h/pre%20fix/api/environments/1/",
        "https://h/p?limit=10&offset=20",
        "https://h/p?",
        "https://h/p/#fragment",
        "https://h/api/%2E%2E/",
        "http://u:p@h/x/",
        "/relative/path/",
    ],
)
def test_a_url_built_from_its_parts_is_the_url_parsed_whole(url: str) -> None:
    assert_same_url(yarl_url(url), URL(url, encoded=True))


@given(
    origin=st.sampled_from(
        ["http://127.0.0.1:8000", "https://api.example.com", "http://[::1]", "http://h:1"]
    ),
    segments=st.lists(_SEGMENT, min_size=0, max_size=5),
    trailing=st.booleans(),
    query=st.none() | _QUERY,
)
@settings(max_examples=300, deadline=None)
def test_any_encoded_path_and_query_are_sent_as_given(
    origin: str, segments: list[str], trailing: bool, query: str | None
) -> None:
    url = origin + "".join(f"/{s}" for s in segments) + ("/" if trailing else "")
    if query is not None:
        url += f"?{query}"
    assert_same_url(yarl_url(url), URL(url, encoded=True))
