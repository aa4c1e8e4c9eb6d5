"""Where a request goes, settled without aiohttp: the proxy the environment names for an
origin, and the TLS context that `verify=` stands for."""

from __future__ import annotations

import functools
import os
import ssl
import urllib.request

from yarl import URL

from product_analytics.errors import ConfigurationError

__all__ = ["environment_proxy", "ssl_setting"]


def environment_proxy(url: URL, proxies: dict[str, str]) -> str | None:
    """The proxy of `proxies` (`HTTP(S)_PROXY`/`ALL_PROXY`) for `url`, unless `NO_PROXY`
    exempts its host; None when there is none."""
    if url.host is None or urllib.request.proxy_bypass(url.host):
        return None
    return proxies.get(url.scheme) or proxies.get("all")


@functools.cache
def _system_context() -> ssl.SSLContext:
    """A verifying context on the system's CAs, ignoring `SSL_CERT_FILE`/`SSL_CERT_DIR`
    (the places OpenSSL was built with, where they exist)."""
    paths = ssl.get_default_verify_paths()
    cafile = paths.openssl_cafile if os.path.isfile(paths.openssl_cafile) else None
    capath = paths.openssl_capath if os.path.isdir(paths.openssl_capath) else None
    if cafile is None and capath is None:
        return ssl.create_default_context()
    return ssl.create_default_context(cafile=cafile, capath=capath)


@functools.lru_cache(maxsize=4)
def _environment_context(cafile: str | None, capath: str | None) -> ssl.SSLContext:
    """A verifying context on the CAs `SSL_CERT_FILE`/`SSL_CERT_DIR` name (read when the
    transport is made: aiohttp's own default context is made once, at its import)."""
    return ssl.create_default_context(
        cafile=cafile if cafile and os.path.isfile(cafile) else None,
        capath=capath if capath and os.path.isdir(capath) else None,
    )


def ssl_setting(verify: bool | str | ssl.SSLContext, *, trust_env: bool) -> bool | ssl.SSLContext:
    """What aiohttp's `ssl=` takes for `verify`. True: the system's CAs, or with
    `trust_env` those `SSL_CERT_FILE`/`SSL_CERT_DIR` name when set. A path that is no CA
    bundle is a `ConfigurationError`."""
    if isinstance(verify, ssl.SSLContext) or verify is False:
        return verify
    if verify is True:
        if not trust_env:
            return _system_context()
        cafile = os.environ.get("SSL_CERT_FILE")
        capath = os.environ.get("SSL_CERT_DIR")
        return _environment_context(cafile, capath) if cafile or capath else True
    try:
        if os.path.isdir(verify):
            return ssl.create_default_context(capath=verify)
        return ssl.create_default_context(cafile=verify)
    except (OSError, ssl.SSLError) as exc:
        raise ConfigurationError(f"verify: {verify!r} is not a CA bundle ({exc})") from None
