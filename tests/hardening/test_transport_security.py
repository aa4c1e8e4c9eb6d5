"""Where the key may travel (case 13): an http:// base_url to a host that is not this machine
warns once (`InsecureTransportWarning`, a UserWarning), and `require_https=True` refuses it;
https and loopback http do not warn. TLS certificates are verified (what held)."""

from __future__ import annotations

import warnings
from collections.abc import AsyncIterator, Iterator

import pytest

from product_analytics import (
    ApiConnectionError,
    AsyncClient,
    ConfigurationError,
    InsecureTransportWarning,
)
from product_analytics._common import warn as _warn
from tests.hardening.conftest import KEY, assert_no_key, client_of, role
from tests.hardening.hostile_server import (
    HostileServer,
    hostile_server,
    raw_json,
    self_signed_tls,
)


@pytest.fixture
def fresh_warnings() -> Iterator[None]:
    _warn.forget(InsecureTransportWarning)
    yield
    _warn.forget(InsecureTransportWarning)


@pytest.fixture
async def tls_server() -> AsyncIterator[HostileServer]:
    async with hostile_server(tls=self_signed_tls()) as server:
        yield server


def insecure_warnings_of(make: object) -> list[warnings.WarningMessage]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        make()  # type: ignore[operator]
    return [w for w in caught if issubclass(w.category, InsecureTransportWarning)]


@pytest.mark.usefixtures("fresh_warnings")
async def test_http_to_another_host_warns_once() -> None:
    with pytest.warns(InsecureTransportWarning, match="clear text") as record:
        first = AsyncClient(api_key=KEY, base_url="http://api.example.com")
    assert issubclass(InsecureTransportWarning, UserWarning)
    assert len(record) == 1
    assert record[0].filename == __file__  # it points at the caller's line
    assert_no_key(str(record[0].message))
    assert (
        insecure_warnings_of(lambda: AsyncClient(api_key=KEY, base_url="http://api.example.com/v2"))
        == []
    )
    assert insecure_warnings_of(lambda: first.with_options(timeout=3)) == []
    # Another host is another warning.
    assert (
        len(insecure_warnings_of(lambda: AsyncClient(api_key=KEY, base_url="http://10.1.2.3"))) == 1
    )
    await first.close()


@pytest.mark.usefixtures("fresh_warnings")
@pytest.mark.parametrize(
    "base_url",
    [
        "https://api.example.com",
        "http://127.0.0.1:8000",
        "http://127.9.9.9",
        "http://localhost:8000",
        "http://LOCALHOST",
        "http://api.localhost",
        "http://[::1]:8000",
    ],
)
def test_https_and_loopback_http_do_not_warn(base_url: str) -> None:
    assert insecure_warnings_of(lambda: AsyncClient(api_key=KEY, base_url=base_url)) == []
    AsyncClient(api_key=KEY, base_url=base_url, require_https=False)


@pytest.mark.usefixtures("fresh_warnings")
@pytest.mark.parametrize(
    "base_url", ["http://api.example.com", "HTTP://api.example.com", "http://10.0.0.1:80"]
)
def test_require_https_refuses_http_to_another_host(base_url: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # refused: no warning on top
        with pytest.raises(ConfigurationError, match="require_https"):
            AsyncClient(api_key=KEY, base_url=base_url, require_https=True)


@pytest.mark.usefixtures("fresh_warnings")
def test_require_https_allows_https_and_loopback() -> None:
    for base_url in ("https://api.example.com", "http://127.0.0.1:9"):
        client = AsyncClient(api_key=KEY, base_url=base_url, require_https=True)
        assert client.base_url == base_url


def test_require_https_must_be_a_bool() -> None:
    with pytest.raises(ConfigurationError, match="require_https"):
        AsyncClient(api_key=KEY, base_url="https://h", require_https="yes")  # type: ignore[arg-type]


# -- TLS (what held) ----------------------------------------------------------------------


async def test_a_self_signed_certificate_is_refused(tls_server: HostileServer) -> None:
    tls_server.route(raw_json(role()))
    async with client_of(tls_server, max_retries=2) as client:
        with pytest.raises(ApiConnectionError) as info:
            await client.roles.get(id="r1")
    assert "certificate" in str(info.value).lower() or "ssl" in str(info.value).lower()
    assert info.value.request_sent is False
    assert tls_server.seen == []  # the request (and its key) never went over the connection
