"""The session layer through a `MockTransport`: `with_raw_response`, `with_options`
sharing the transport, and `close()` ending calls in flight."""

from __future__ import annotations

import asyncio

import pytest

from product_analytics import AsyncClient, ClientClosedError, Page, RawResponse
from product_analytics._transport.base import BodyTooLarge, Request, Response
from product_analytics.models import Role
from product_analytics.testing import MockTransport
from tests.support.mock_client import (
    API_KEY,
    BASE_URL,
    ORG,
    InFlight,
    MakeClient,
    json_reply,
    script,
)

ROLE = {"id": "r1", "name": "admins", "is_default": False}
HEADERS = {"X-Request-Id": "req-7", "X-Extra": "yes"}


async def test_raw_response_of_a_model_parses_to_what_the_plain_method_gives(
    make_client: MakeClient,
) -> None:
    client, _ = await make_client(script(json_reply(ROLE, 200, **HEADERS)))
    raw = await client.roles.with_raw_response.get(organization_id=ORG, id="r1")
    assert isinstance(raw, RawResponse)
    assert raw.status_code == 200
    assert raw.headers["x-extra"] == "yes"  # case-insensitive
    assert raw.request_id == "req-7"
    plain = await client.roles.get(organization_id=ORG, id="r1")
    assert isinstance(raw.parse(), Role)
    assert raw.parse() == plain


async def test_raw_response_of_a_list_parses_to_its_first_page(make_client: MakeClient) -> None:
    body = {"count": 1, "next": None, "previous": None, "results": [ROLE]}
    client, _ = await make_client(script(json_reply(body, 200, **HEADERS)))
    raw = await client.roles.with_raw_response.list(organization_id=ORG)
    assert (raw.status_code, raw.request_id) == (200, "req-7")
    page = raw.parse()
    plain = await client.roles.list(organization_id=ORG)
    assert isinstance(page, Page)
    assert page.results == plain.results
    assert (page.count, page.has_next) == (plain.count, plain.has_next)


async def test_raw_response_of_a_method_returning_none_parses_to_none(
    make_client: MakeClient,
) -> None:
    client, _ = await make_client(script((204, {"X-Request-Id": "req-8"}, b"")))
    raw = await client.proxy_records.with_raw_response.delete(organization_id=ORG, id="p1")
    assert (raw.status_code, raw.request_id) == (204, "req-8")
    assert raw.parse() is None
    assert await client.proxy_records.delete(organization_id=ORG, id="p1") is None


async def test_raw_response_without_a_request_id_header_gives_none(
    make_client: MakeClient,
) -> None:
    client, _ = await make_client(script(json_reply(ROLE)))
    raw = await client.roles.with_raw_response.get(organization_id=ORG, id="r1")
    assert raw.request_id is None


async def test_a_plain_call_after_a_raw_one_is_decoded(make_client: MakeClient) -> None:
    client, _ = await make_client(script(json_reply(ROLE)))
    await client.roles.with_raw_response.get(organization_id=ORG, id="r1")
    assert isinstance(await client.roles.get(organization_id=ORG, id="r1"), Role)


async def test_with_options_shares_the_transport(make_client: MakeClient) -> None:
    client, mock = await make_client(script(json_reply(ROLE)))
    other = client.with_options(timeout=5.0)
    await client.roles.get(organization_id=ORG, id="a")
    await other.roles.get(organization_id=ORG, id="b")
    assert [r.url.rsplit("/", 2)[-2] for r in mock.requests] == ["a", "b"]
    assert all(r.headers["Authorization"] == f"Bearer {API_KEY}" for r in mock.requests)
    assert other.stats is client.stats


async def test_with_options_timeout_takes_effect(make_client: MakeClient) -> None:
    async def slow(request: Request) -> tuple[int, dict[str, str], bytes]:
        await asyncio.sleep(0.2)
        return json_reply(ROLE)

    client, _ = await make_client(slow, timeout=0.01, max_retries=0)
    from product_analytics import ApiTimeoutError

    with pytest.raises(ApiTimeoutError):
        await client.roles.get(organization_id=ORG, id="r1")
    role = await client.with_options(timeout=10.0).roles.get(organization_id=ORG, id="r1")
    assert role.id == "r1"


async def test_with_options_max_retries_takes_effect(make_client: MakeClient) -> None:
    from product_analytics import InternalServerError

    client, mock = await make_client(script(json_reply({}, 500)), max_retries=0)
    with pytest.raises(InternalServerError):
        await client.with_options(max_retries=2).roles.get(organization_id=ORG, id="r1")
    assert len(mock.requests) == 3
    with pytest.raises(InternalServerError):
        await client.roles.get(organization_id=ORG, id="r1")
    assert len(mock.requests) == 4  # the original keeps its own setting


async def test_closing_the_original_closes_the_shared_transport(make_client: MakeClient) -> None:
    client, mock = await make_client(script(json_reply(ROLE)))
    other = client.with_options(timeout=5.0)
    await other.roles.get(organization_id=ORG, id="r1")
    await client.close()
    assert mock.closed
    assert other.closed
    with pytest.raises(ClientClosedError):
        await other.roles.get(organization_id=ORG, id="r1")
    assert len(mock.requests) == 1


async def _a_get_in_flight(
    make_client: MakeClient,
) -> tuple[AsyncClient, MockTransport, asyncio.Future[Role]]:
    """A client, its mock and a `roles.get` the server has received and never answers."""
    entered = asyncio.Event()

    async def forever(request: Request) -> tuple[int, dict[str, str], bytes]:
        entered.set()
        await asyncio.Event().wait()
        raise AssertionError("unreachable")

    client, mock = await make_client(forever)
    call = asyncio.ensure_future(client.roles.get(organization_id=ORG, id="r1"))
    await entered.wait()
    return client, mock, call


async def test_close_during_a_call_in_flight_ends_it_with_client_closed_error(
    make_client: MakeClient,
) -> None:
    client, mock, call = await _a_get_in_flight(make_client)
    await client.close()
    with pytest.raises(ClientClosedError):
        await call
    assert mock.closed


async def test_close_during_a_page_walk_ends_it_with_client_closed_error(
    make_client: MakeClient,
) -> None:
    entered = asyncio.Event()
    link = f"{BASE_URL}/api/organizations/{ORG}/roles/?page=2"

    async def handler(request: Request) -> tuple[int, dict[str, str], bytes]:
        if request.url == link:
            entered.set()
            await asyncio.Event().wait()
        return json_reply({"next": link, "results": [ROLE]})

    client, _ = await make_client(handler)
    seen: list[str | None] = []

    async def walk() -> None:
        async for role in client.roles.list(organization_id=ORG):
            seen.append(role.id)
            await entered.wait()
            await client.close()

    with pytest.raises(ClientClosedError):
        await walk()
    assert seen == ["r1"]


async def test_a_call_being_cancelled_by_its_caller_stays_a_cancellation(
    make_client: MakeClient,
) -> None:
    client, _, call = await _a_get_in_flight(make_client)
    call.cancel()
    with pytest.raises(asyncio.CancelledError):
        await call
    assert not client.closed


async def test_the_transport_gets_the_key_in_a_header_its_repr_hides(
    make_client: MakeClient,
) -> None:
    client, mock = await make_client(script(json_reply(ROLE)))
    await client.roles.get(organization_id=ORG, id="r1", extra_headers={"X-Trace": "t"})
    request = mock.requests[0]
    assert request.headers["Authorization"] == f"Bearer {API_KEY}"
    assert request.headers["X-Trace"] == "t"
    assert API_KEY not in repr(request)
    assert API_KEY not in repr(request.headers)


async def test_get_many_above_max_concurrency_is_capped_with_one_warning(
    make_client: MakeClient,
) -> None:
    handler = InFlight(
        lambda request: json_reply({"id": request.url.rstrip("/").rsplit("/", 1)[-1]}),
        delay=0.01,
    )

    from product_analytics._common import warn as _warn

    _warn.forget(UserWarning)
    client, _ = await make_client(handler, max_concurrency=4, project_id=1)
    ids = [f"r{i}" for i in range(20)]
    with pytest.warns(UserWarning, match="capped at the client's max_concurrency=4"):
        await client.session_recordings.get_many(ids=ids, concurrency=100)
    assert handler.most <= 4
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        recordings = await client.session_recordings.get_many(ids=ids, concurrency=100)
    assert [r.id for r in recordings] == ids


async def test_get_many_has_its_scope_and_throttle_class_like_every_method() -> None:
    from product_analytics import AsyncClient

    async with AsyncClient(api_key=API_KEY, base_url=BASE_URL) as client:
        get_many = client.session_recordings.get_many
        assert get_many.required_scope == client.session_recordings.get.required_scope
        assert get_many.required_scope == "session_recording:read"
        assert get_many.throttle_class == "recordings"


@pytest.mark.parametrize(
    "setting",
    [
        {"api_key": "other"},
        {"base_url": "https://other.test"},
        {"max_concurrency": 2},
        {"rate_limit": None},
        {"transport": None},
    ],
    ids=lambda s: next(iter(s)),
)
async def test_with_options_refuses_to_change_what_the_clients_share(
    make_client: MakeClient, setting: dict[str, object]
) -> None:
    client, _ = await make_client(script(json_reply(ROLE)))
    with pytest.raises(TypeError, match="create a new AsyncClient"):
        client.with_options(**setting)  # type: ignore[arg-type]


async def test_with_options_require_https_takes_effect() -> None:
    from product_analytics import AsyncClient, ConfigurationError

    async with AsyncClient(api_key=API_KEY, base_url="http://api.example.com") as client:
        with pytest.raises(ConfigurationError, match="require_https"):
            client.with_options(require_https=True)


async def test_get_many_addresses_each_id_exactly_as_get_does(make_client: MakeClient) -> None:
    sent: list[str] = []

    def handler(request: Request) -> tuple[int, dict[str, str], bytes]:
        sent.append(request.url)
        return json_reply({"id": "x"})

    client, _ = await make_client(handler, project_id="env/1")
    ids = ["plain-01", "a/b", "..", ".", "é?#", "~_.-", "%2F", "..."]
    await client.session_recordings.get_many(ids=ids, extra_query={"k": "v"})
    many = list(sent)
    sent.clear()
    for rid in ids:
        await client.session_recordings.get(id=rid, extra_query={"k": "v"})
    assert sorted(many) == sorted(sent)
    assert len(set(many)) == len(ids)
    assert all("/api/environments/env%2F1/session_recordings/" in url for url in many)
    assert not any(url.endswith(("/../?k=v", "/./?k=v")) for url in many)


@pytest.mark.parametrize("bad", [None, 7, b"r", "", ["r"]])
async def test_get_many_with_one_bad_id_anywhere_sends_nothing(
    make_client: MakeClient, bad: object
) -> None:
    sent: list[str] = []

    def handler(request: Request) -> tuple[int, dict[str, str], bytes]:
        sent.append(request.url)
        return json_reply({"id": "x"})

    client, _ = await make_client(handler, project_id=1)
    with pytest.raises((TypeError, ValueError), match="id"):
        await client.session_recordings.get_many(ids=["r1", "r2", bad, "r4"])
    assert sent == []


# -- reading a body ------------------------------------------------------------------------


class _Parts:
    """A response stream of several chunks that records whether it was closed."""

    def __init__(self, *parts: bytes) -> None:
        self.parts = list(parts)
        self.closed = False

    def __aiter__(self) -> _Parts:
        return self

    async def __anext__(self) -> bytes:
        if not self.parts:
            raise StopAsyncIteration
        return self.parts.pop(0)

    async def aclose(self) -> None:
        self.closed = True


async def test_response_read_joins_the_chunks_and_closes_the_stream() -> None:
    stream = _Parts(b"ab", b"cd", b"e")
    assert await Response(200, {}, stream).read(5) == b"abcde"
    assert stream.closed


async def test_response_read_past_its_limit_raises_body_too_large_and_closes() -> None:
    stream = _Parts(b"ab", b"cd", b"ef", b"never read")
    with pytest.raises(BodyTooLarge) as caught:
        await Response(200, {}, stream).read(5)
    assert caught.value.limit == 5
    assert stream.closed
    assert stream.parts == [b"never read"]
