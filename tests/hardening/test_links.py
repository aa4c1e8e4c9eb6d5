"""Links the server gives (`Location`, `next`): a malformed one is a typed error naming it,
never a bare ValueError from yarl or aiohttp (case 8); one to another origin is never
followed, so neither the key nor a body leaves (what held)."""

from __future__ import annotations

import pytest

from product_analytics import ApiError, ApiStatusError, ResponseValidationError
from tests.hardening.conftest import ROLES, client_of, role
from tests.hardening.hostile_server import (
    HostileServer,
    raw_answer,
    raw_json,
    raw_server,
    redirect,
)

MALFORMED = [
    pytest.param("http://h:99999/", id="port-99999"),
    pytest.param("http://h:-1/", id="port-minus-1"),
    pytest.param("http://[::1/x", id="unclosed-bracket"),
    pytest.param("http://h:1:2/", id="two-ports"),
    pytest.param("http://h:1@x/", id="port-with-at"),
    pytest.param("http://h:+80/", id="port-with-sign"),
    pytest.param("http://h:\u0661\u0662/", id="port-of-non-ascii-digits"),
    pytest.param("/a b", id="space"),
    pytest.param("/a\x01b", id="control-character"),
    pytest.param("/a\x7fb", id="delete-character"),
    pytest.param("javascript:alert(1)", id="other-scheme"),
    pytest.param("ftp://127.0.0.1/", id="ftp"),
    pytest.param("/\ud800", id="lone-surrogate"),
]


def assert_names_the_link(error: ApiError, link: str) -> None:
    assert isinstance(error, ResponseValidationError)
    assert "link that cannot be followed" in str(error)
    shown = repr(link)[1:-1][:40]
    assert shown in str(error) or link[:40] in str(error)


@pytest.mark.parametrize("link", MALFORMED)
async def test_a_malformed_location_is_a_typed_error_naming_it(link: str) -> None:
    # A raw server: aiohttp.web refuses to send some of these.
    location = link.encode("utf-8", "surrogatepass")
    async with raw_server(raw_answer("HTTP/1.1 302 Found", [(b"Location", location)])) as server:
        client = client_of(server.base_url, max_retries=2)
        async with client:
            with pytest.raises(ApiError) as info:
                await client.roles.get(id="r1")
    assert isinstance(info.value, ResponseValidationError)
    assert "link that cannot be followed" in str(info.value)
    if "\ud800" not in link:
        assert_names_the_link(info.value, link)
    assert server.requests == 1  # not retried, nothing else sent


@pytest.mark.parametrize("link", MALFORMED)
async def test_a_malformed_next_link_is_a_typed_error_naming_it(
    hostile: HostileServer, link: str
) -> None:
    hostile.route(
        raw_json({"count": 2, "next": link, "previous": None, "results": [role()]}), path=ROLES
    )
    async with client_of(hostile) as client:
        if "\ud800" in link:
            # Not valid JSON text once encoded: the page itself is refused.
            with pytest.raises(ResponseValidationError):
                await client.roles.list(limit=1)
            return
        page = await client.roles.list(limit=1)
        assert page.has_next
        with pytest.raises(ApiError) as info:
            await page.next_page()
        assert_names_the_link(info.value, link)
        with pytest.raises(ResponseValidationError):
            [r async for r in client.roles.list(limit=1)]
    assert hostile.count() == 2  # the two first pages; no link was followed


async def test_a_bracketed_ipv4_location_is_not_followed() -> None:
    """Python 3.11 refuses `[127.0.0.1]` as a host (a link that cannot be followed); 3.10
    reads it as a host of its own (another origin). Either way: a typed error, not
    followed."""
    location = b"http://[127.0.0.1]:80/"
    async with raw_server(raw_answer("HTTP/1.1 302 Found", [(b"Location", location)])) as server:
        client = client_of(server.base_url, max_retries=2)
        async with client:
            with pytest.raises(ApiError) as info:
                await client.roles.get(id="r1")
    assert isinstance(info.value, (ResponseValidationError, ApiStatusError))
    assert server.requests == 1


@pytest.mark.parametrize(
    "location",
    [b"/a\x01b", b"/a\x1fb", b"/\xff\xfe", b"http://h:99999/", b"http://[::1/x"],
    ids=["control-1", "control-1f", "not-utf8", "port-99999", "bracket"],
)
async def test_raw_bytes_in_location_are_a_typed_error(location: bytes) -> None:
    async with raw_server(raw_answer("HTTP/1.1 302 Found", [(b"Location", location)])) as server:
        client = client_of(server.base_url, max_retries=2)
        async with client:
            with pytest.raises(ResponseValidationError, match="link that cannot be followed"):
                await client.roles.get(id="r1")
    assert server.requests == 1


async def test_a_nul_in_location_is_refused_by_the_parser_as_a_connection_error() -> None:
    async with raw_server(raw_answer("HTTP/1.1 302 Found", [(b"Location", b"/a\x00b")])) as server:
        client = client_of(server.base_url)
        async with client:
            with pytest.raises(ApiError):
                await client.roles.get(id="r1")


async def test_a_non_ascii_location_is_followed_percent_encoded(hostile: HostileServer) -> None:
    hostile.route(redirect(f"{ROLES}r\u00fc/"), path=f"{ROLES}r1/")
    hostile.route(raw_json(role("r\u00fc")), path=f"{ROLES}r\u00fc/")
    async with client_of(hostile) as client:
        assert (await client.roles.get(id="r1")).id == "r\u00fc"
    assert hostile.seen[1].path_qs == f"{ROLES}r%C3%BC/"


# -- origin checks (what held) ------------------------------------------------------------


def other_origin_links(other: HostileServer, hostile: HostileServer) -> list[str]:
    return [
        f"{other.base_url}/steal",
        f"//127.0.0.1:{other.port}/steal",
        f"https://127.0.0.1:{hostile.port}/steal",  # same host and port, other scheme
        f"http://localhost:{hostile.port}/steal",  # same address, other host name
        f"http://127.0.0.1:{hostile.port}@127.0.0.1:{other.port}/steal",
        f"http://127.0.0.1:{other.port}#@127.0.0.1:{hostile.port}/",
    ]


async def test_redirects_to_another_origin_are_not_followed(
    hostile: HostileServer, other_origin: HostileServer
) -> None:
    async with client_of(hostile, max_retries=2) as client:
        for link in other_origin_links(other_origin, hostile):
            hostile.route(redirect(link, 307), path=ROLES, method="POST")
            with pytest.raises(ApiError) as info:
                await client.roles.create(name="secret body")
            error = info.value
            assert isinstance(error, (ApiStatusError, ResponseValidationError))
            assert error.status_code == 307
    assert other_origin.seen == []
    assert hostile.count("POST") == len(other_origin_links(other_origin, hostile))


async def test_next_links_to_another_origin_are_not_followed(
    hostile: HostileServer, other_origin: HostileServer
) -> None:
    async with client_of(hostile) as client:
        for link in other_origin_links(other_origin, hostile):
            hostile.route(
                raw_json({"count": 2, "next": link, "previous": None, "results": [role()]}),
                path=ROLES,
            )
            with pytest.raises(ResponseValidationError, match="link that cannot be followed"):
                [r async for r in client.roles.list(limit=1)]
    assert other_origin.seen == []
