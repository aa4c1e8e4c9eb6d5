"""Redirects, followed by the client's one send loop (the transport never follows them):
method and body by status, the origin kept, hops bounded. Through a `MockTransport`."""

from __future__ import annotations

import json

import pytest

from product_analytics import ApiStatusError, ResponseValidationError
from product_analytics._transport.base import Request
from tests.support.mock_client import API_KEY, BASE_URL, ORG, MakeClient, json_reply

ROLE = {"id": "r1", "name": "n"}
MOVED = f"{BASE_URL}/moved/"


def redirect_once(status: int, location: str = "/moved/") -> object:
    def handler(request: Request) -> tuple[int, dict[str, str], bytes]:
        if request.url == MOVED:
            return json_reply(ROLE)
        return status, {"Location": location}, b""

    return handler


@pytest.mark.parametrize("status", [307, 308])
async def test_307_and_308_repeat_a_post_with_its_body(
    make_client: MakeClient, status: int
) -> None:
    client, mock = await make_client(redirect_once(status))
    await client.roles.create(organization_id=ORG, name="n")
    first, second = mock.requests
    assert (second.method, second.url) == ("POST", MOVED)
    assert json.loads(second.content) == json.loads(first.content) == {"name": "n"}
    assert second.headers["Authorization"] == f"Bearer {API_KEY}"


@pytest.mark.parametrize("status", [301, 302, 303])
async def test_301_302_303_after_a_post_continue_as_a_get_without_body(
    make_client: MakeClient, status: int
) -> None:
    client, mock = await make_client(redirect_once(status))
    await client.roles.create(organization_id=ORG, name="n")
    first, second = mock.requests
    assert (second.method, second.content) == ("GET", b"")
    assert "Content-Type" not in second.headers
    assert first.headers["Content-Type"] == "application/json"  # the POST as it was sent


async def test_a_redirect_to_another_origin_is_not_followed(make_client: MakeClient) -> None:
    client, mock = await make_client(redirect_once(302, "https://elsewhere.test/moved/"))
    with pytest.raises(ApiStatusError, match="another origin") as caught:
        await client.roles.get(organization_id=ORG, id="r1")
    assert caught.value.status_code == 302
    assert len(mock.requests) == 1


async def test_a_location_that_is_not_a_url_ends_with_response_validation_error(
    make_client: MakeClient,
) -> None:
    client, mock = await make_client(redirect_once(302, "http://api.test:99999/x"))
    with pytest.raises(ResponseValidationError, match="Location"):
        await client.roles.get(organization_id=ORG, id="r1")
    assert len(mock.requests) == 1


async def test_a_redirect_loop_ends_after_ten_hops(make_client: MakeClient) -> None:
    def loop(request: Request) -> tuple[int, dict[str, str], bytes]:
        return 302, {"Location": request.url}, b""

    client, mock = await make_client(loop, max_retries=3)
    with pytest.raises(ApiStatusError, match="more than 10 redirects"):
        await client.roles.get(organization_id=ORG, id="r1")
    assert len(mock.requests) == 11  # not retried: a loop does not heal
    assert client.stats.requests == 11


async def test_a_redirect_without_location_is_an_error_status(make_client: MakeClient) -> None:
    client, mock = await make_client(lambda request: (302, {}, b"moved"))
    with pytest.raises(ApiStatusError) as caught:
        await client.roles.get(organization_id=ORG, id="r1")
    assert caught.value.status_code == 302
    assert len(mock.requests) == 1


@pytest.mark.parametrize(
    ("status", "methods"), [(303, ["PATCH", "GET", "GET"]), (307, ["PATCH", "PATCH"])]
)
async def test_a_redirect_from_a_patch_that_is_not_idempotent_retries_only_a_get(
    make_client: MakeClient, status: int, methods: list[str]
) -> None:
    """`reset_token` (`x-sdk-idempotent: false`) is not sent twice; the GET a 303 sends for
    its result is retried as any GET is, while a 307 keeps the PATCH, and so its rule."""
    failed: list[str] = []

    def handler(request: Request) -> tuple[int, dict[str, str], bytes]:
        if request.url != MOVED:
            return status, {"Location": "/moved/"}, b""
        if not failed:
            failed.append(request.method)
            return 503, {}, b'{"detail": "busy"}'
        return json_reply({"id": 17})

    client, mock = await make_client(handler)
    if status == 303:
        project = await client.projects.reset_token(organization_id=ORG, id=17)
        assert project.id == 17
    else:
        with pytest.raises(ApiStatusError) as caught:
            await client.projects.reset_token(organization_id=ORG, id=17)
        assert caught.value.status_code == 503
    assert [request.method for request in mock.requests] == methods
