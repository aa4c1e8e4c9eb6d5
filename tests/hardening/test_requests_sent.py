"""What the client sends is its own (case 11 and what held): `extra_headers` cannot set
framing or hop-by-hop headers (any case; `ValueError` before sending); ids are one
percent-encoded path segment; cookies a server sets are never sent back; with
`trust_env=False` proxy settings from the environment are not used; `~/.netrc` never is."""

from __future__ import annotations

from typing import Any

import pytest
from aiohttp import web

from tests.hardening.conftest import KEY, ORG, PROJECT, ROLES, client_of, role
from tests.hardening.hostile_server import HostileServer, raw_json

FRAMING = [
    "Transfer-Encoding",
    "Content-Length",
    "Host",
    "Connection",
    "Keep-Alive",
    "TE",
    "Trailer",
    "Upgrade",
    "Proxy-Authorization",
    "Proxy-Connection",
    "Authorization",
]


def casings(name: str) -> list[str]:
    return [name, name.lower(), name.upper(), name.swapcase()]


@pytest.mark.parametrize("name", [c for n in FRAMING for c in casings(n)])
async def test_framing_and_hop_headers_are_refused_before_sending(
    hostile: HostileServer, name: str
) -> None:
    hostile.route(raw_json(role(), 201))
    async with client_of(hostile) as client:
        with pytest.raises(ValueError, match="cannot be set through extra_headers"):
            await client.roles.create(name="A", extra_headers={name: "0"})
        with pytest.raises(ValueError, match="cannot be set through extra_headers"):
            await client.roles.get(id="r1", extra_headers={name: "x"})
        with pytest.raises(ValueError, match="cannot be set through extra_headers"):
            client.roles.list(extra_headers={name: "x"})
        with pytest.raises(ValueError, match="cannot be set through extra_headers"):
            await client.session_recordings.get_many(ids=["a"], extra_headers={name: "x"})
    assert hostile.seen == []


@pytest.mark.parametrize(
    "headers",
    [
        {" Host": "x"},
        {"Host ": "x"},
        {"X-A\r\nHost": "x"},
        {"X-A": "1\r\nHost: evil"},
        {"X-A": "1\nTransfer-Encoding: chunked"},
        {"": "x"},
        {"X A": "x"},
    ],
)
async def test_header_names_and_values_cannot_smuggle_headers(
    hostile: HostileServer, headers: dict[str, str]
) -> None:
    async with client_of(hostile) as client:
        with pytest.raises(ValueError):
            await client.roles.create(name="A", extra_headers=headers)
    assert hostile.seen == []


async def test_ordinary_extra_headers_are_sent(hostile: HostileServer) -> None:
    hostile.route(raw_json(role(), 201))
    async with client_of(hostile) as client:
        await client.roles.create(name="A", extra_headers={"X-Request-Id": "r-1", "accept": "*/*"})
    headers = hostile.seen[0].headers
    assert headers["X-Request-Id"] == "r-1"
    assert headers["Accept"] == "*/*"
    assert headers["Authorization"] == f"Bearer {KEY}"


# -- id encoding (what held) --------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "encoded"),
    [
        ("../../x", "..%2F..%2Fx"),
        ("..", "%2E%2E"),
        (".", "%2E"),
        ("a/b", "a%2Fb"),
        ("a?b=c", "a%3Fb%3Dc"),
        ("a#b", "a%23b"),
        ("%2e%2e", "%252e%252e"),
        ("a b", "a%20b"),
        ("\u00fc", "%C3%BC"),
        ("r\r\nHost: evil", "r%0D%0AHost%3A%20evil"),
    ],
)
async def test_ids_stay_one_path_segment(hostile: HostileServer, value: str, encoded: str) -> None:
    hostile.route(raw_json(role()))
    async with client_of(hostile) as client:
        await client.roles.get(id=value)
        await client.session_recordings.get_many(ids=[value])
    assert [s.path_qs for s in hostile.seen] == [
        f"{ROLES}{encoded}/",
        f"/api/environments/{PROJECT}/session_recordings/{encoded}/",
    ]


async def test_an_organization_id_cannot_escape_its_segment(hostile: HostileServer) -> None:
    hostile.route(raw_json(role()))
    async with client_of(hostile) as client:
        await client.roles.get(organization_id="../../admin", id="r1")
    assert hostile.seen[0].path_qs == "/api/organizations/..%2F..%2Fadmin/roles/r1/"


# -- cookies and proxies (what held) ------------------------------------------------------


async def test_cookies_a_server_sets_are_never_sent_back(hostile: HostileServer) -> None:
    async def set_cookie(request: web.Request) -> web.StreamResponse:
        response = web.json_response(role())
        response.set_cookie("session", "s3cr3t", path="/")
        response.headers.add("Set-Cookie", "tracker=1; Domain=127.0.0.1; Path=/")
        return response

    hostile.route(set_cookie)
    async with client_of(hostile) as client:
        for _ in range(3):
            await client.roles.get(id="r1")
    assert hostile.count() == 3
    assert all("Cookie" not in s.headers for s in hostile.seen)


async def test_with_trust_env_false_proxy_settings_from_the_environment_are_not_used(
    hostile: HostileServer, other_origin: HostileServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`trust_env=False`: a proxy named by the environment never sees the request (or the
    key in it); the request goes straight to the service."""
    other_origin.route(raw_json({"detail": "proxy"}, 502))
    hostile.route(raw_json(role()))
    for name in (
        "HTTP_PROXY",
        "http_proxy",
        "HTTPS_PROXY",
        "https_proxy",
        "ALL_PROXY",
        "all_proxy",
    ):
        monkeypatch.setenv(name, other_origin.base_url)
    monkeypatch.delenv("NO_PROXY", raising=False)
    monkeypatch.delenv("no_proxy", raising=False)
    async with client_of(hostile, trust_env=False) as client:
        assert (await client.roles.get(id="r1")).id == "r1"
    assert other_origin.seen == []
    assert hostile.count() == 1


async def test_netrc_credentials_are_not_used(
    hostile: HostileServer, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    netrc = tmp_path / ".netrc"
    netrc.write_text("machine 127.0.0.1 login someone password other-secret\n")
    netrc.chmod(0o600)
    monkeypatch.setenv("NETRC", str(netrc))
    hostile.route(raw_json(role()))
    async with client_of(hostile) as client:
        await client.roles.get(id="r1", organization_id=ORG)
    assert hostile.seen[0].headers["Authorization"] == f"Bearer {KEY}"
