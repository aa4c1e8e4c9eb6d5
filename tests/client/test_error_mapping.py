"""Every failure reaches the caller as its typed error, with what the answer held: status ->
class, `detail`/`code`/`attr`, headers and request id, and a `LowerLevelError` as the
`__cause__` of a transport failure. Through a `MockTransport`, no socket."""

from __future__ import annotations

import asyncio

import pytest

import product_analytics as pa
from product_analytics._transport.base import Request
from tests.support.mock_client import API_KEY, ORG, MakeClient, json_reply, refused, script

STATUS_CLASSES = [
    (400, pa.BadRequestError),
    (401, pa.AuthenticationError),
    (403, pa.PermissionDeniedError),
    (404, pa.NotFoundError),
    (409, pa.ConflictError),
    (429, pa.RateLimitError),
    (500, pa.InternalServerError),
    (502, pa.InternalServerError),
    (503, pa.InternalServerError),
    (504, pa.InternalServerError),
    (599, pa.InternalServerError),
    (418, pa.ApiStatusError),
    (405, pa.ApiStatusError),
    (408, pa.ApiStatusError),
    (422, pa.ApiStatusError),
]


@pytest.mark.parametrize(("status", "cls"), STATUS_CLASSES)
async def test_each_status_raises_its_class(
    make_client: MakeClient, status: int, cls: type[pa.ApiStatusError]
) -> None:
    client, _ = await make_client(script(json_reply({"detail": "no"}, status)), max_retries=0)
    with pytest.raises(pa.ApiStatusError) as caught:
        await client.roles.get(organization_id=ORG, id="r1")
    assert type(caught.value) is cls
    assert isinstance(caught.value, pa.ApiError)
    assert isinstance(caught.value, pa.ProductAnalyticsError)
    assert caught.value.status_code == status
    assert (caught.value.method, caught.value.url) == (
        "GET",
        "http://api.test/api/organizations/org-1/roles/r1/",
    )


async def test_detail_code_and_attr_come_from_the_error_body(make_client: MakeClient) -> None:
    body = {"type": "validation_error", "code": "invalid", "detail": "Bad name", "attr": "name"}
    client, _ = await make_client(script(json_reply(body, 400)), max_retries=0)
    with pytest.raises(pa.BadRequestError) as caught:
        await client.roles.create(organization_id=ORG, name="x")
    error = caught.value
    assert (error.detail, error.code, error.attr) == ("Bad name", "invalid", "name")
    assert error.body == body
    assert (error.method, error.url) == ("POST", "http://api.test/api/organizations/org-1/roles/")
    assert "POST" in str(error)
    assert "400" in str(error)
    assert "Bad name" in str(error)


async def test_an_error_body_with_only_error_names_it_and_leaves_the_fields_none(
    make_client: MakeClient,
) -> None:
    client, _ = await make_client(script(json_reply({"error": "quota exceeded"}, 403)))
    with pytest.raises(pa.PermissionDeniedError) as caught:
        await client.roles.get(organization_id=ORG, id="r1")
    assert (caught.value.detail, caught.value.code, caught.value.attr) == (None, None, None)
    assert caught.value.body == {"error": "quota exceeded"}
    assert "quota exceeded" in str(caught.value)


@pytest.mark.parametrize(
    "text",
    [
        "<h1>Bad gateway</h1>",
        "<html><body>502 Bad Gateway</body></html>",
        "upstream connect error",
        '{"detail": "trunc',
    ],
)
async def test_a_text_error_body_is_kept_as_text(make_client: MakeClient, text: str) -> None:
    client, _ = await make_client(
        script((502, {"Content-Type": "text/html"}, text.encode())), max_retries=0
    )
    with pytest.raises(pa.InternalServerError) as caught:
        await client.roles.get(organization_id=ORG, id="r1")
    assert caught.value.body == text
    assert (caught.value.detail, caught.value.code, caught.value.attr) == (None, None, None)
    assert text in str(caught.value)


async def test_an_error_carries_the_answers_headers_and_request_id(make_client: MakeClient) -> None:
    client, _ = await make_client(
        script(json_reply({"detail": "gone"}, 404, **{"X-Request-Id": "req-1", "X-Other": "v"}))
    )
    with pytest.raises(pa.NotFoundError) as caught:
        await client.roles.get(organization_id=ORG, id="r1")
    assert caught.value.request_id == "req-1"
    assert caught.value.headers["X-Other"] == "v"


async def test_a_body_that_does_not_parse_keeps_headers_and_request_id(
    make_client: MakeClient,
) -> None:
    client, _ = await make_client(script((200, {"X-Request-Id": "req-2"}, b"not json")))
    with pytest.raises(pa.ResponseValidationError) as caught:
        await client.roles.get(organization_id=ORG, id="r1")
    assert caught.value.request_id == "req-2"
    assert isinstance(caught.value.__cause__, pa.LowerLevelError)


async def test_a_body_over_max_response_bytes_is_refused(make_client: MakeClient) -> None:
    client, _ = await make_client(
        script((200, {"X-Request-Id": "req-3"}, b'{"id": "' + b"x" * 2000 + b'"}')),
        max_response_bytes=1000,
    )
    with pytest.raises(pa.ResponseTooLargeError) as caught:
        await client.roles.get(organization_id=ORG, id="r1")
    assert (caught.value.limit, caught.value.request_id) == (1000, "req-3")


async def test_a_failed_connection_chains_a_lower_level_error_and_no_response_data(
    make_client: MakeClient,
) -> None:
    client, _ = await make_client(script(refused()), max_retries=0)
    with pytest.raises(pa.ApiConnectionError) as caught:
        await client.roles.get(organization_id=ORG, id="r1")
    error = caught.value
    assert error.request_sent is False
    assert isinstance(error.__cause__, pa.LowerLevelError)
    assert "TransportError" in str(error.__cause__)
    assert "refused" in str(error.__cause__)
    assert (error.headers, error.request_id) == ({}, None)


async def test_a_timeout_chains_a_lower_level_error(make_client: MakeClient) -> None:
    async def never(request: Request) -> tuple[int, dict[str, str], bytes]:
        await asyncio.Event().wait()
        raise AssertionError("unreachable")

    client, _ = await make_client(never, max_retries=0, timeout=0.05)
    with pytest.raises(pa.ApiTimeoutError) as caught:
        await client.roles.get(organization_id=ORG, id="r1")
    assert caught.value.request_sent is True
    assert "0.05 s" in str(caught.value)
    assert isinstance(caught.value.__cause__, pa.LowerLevelError)
    assert "TransportTimeout" in str(caught.value.__cause__)


async def test_a_transport_error_message_never_holds_the_key(make_client: MakeClient) -> None:
    def handler(request: Request) -> tuple[int, dict[str, str], bytes]:
        raise pa.TransportError("connection failed", request_sent=False)

    client, _ = await make_client(handler, max_retries=0)
    with pytest.raises(pa.ApiConnectionError) as caught:
        await client.roles.get(organization_id=ORG, id="r1")
    texts = [str(caught.value), repr(caught.value), str(caught.value.__cause__)]
    assert not any(API_KEY in text for text in texts)
