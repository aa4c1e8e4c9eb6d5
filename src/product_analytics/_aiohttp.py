"""`AiohttpTransport`: the default transport, on one `aiohttp.ClientSession`.

The only module that imports aiohttp. The transport's own session (keep-alive, at most
`limit` connections, no cookies) opens on the first request and belongs to the event loop
it opened on; a session the user passes is used as it is and never closed here. Proxies
and TLS are settled once, when the transport is made (see `AiohttpTransport`). aiohttp's
failures become `TransportError`, whose message names the failure only.

On its own session, the transport's connector (`_Connector`) tells whether a request left:
not while it waits for a connection of the pool or while connecting; once it has one, it
may have. It also refuses the second connection aiohttp would take to resend a request
whose kept-alive connection dropped: retries are the client's alone (`max_retries=0` means
one attempt). The client bounds each attempt in time (`Session.exchange`), so aiohttp's own
timeout, a timer per request, is off.
"""

from __future__ import annotations

import asyncio
import contextvars
import os
import ssl
import urllib.request
import weakref
from dataclasses import dataclass
from typing import Any

import aiohttp
from yarl import URL

from product_analytics._generated import SPEC_USER_AGENT
from product_analytics._transport.base import (
    BodyTooLarge,
    Request,
    Response,
    TransportError,
    TransportTimeout,
)
from product_analytics._transport.network import environment_proxy, ssl_setting
from product_analytics._version import __version__

__all__ = ["USER_AGENT", "AiohttpTransport", "yarl_url"]

CHUNK_BYTES = 256 * 1024
USER_AGENT = f"product-analytics-python/{__version__} {SPEC_USER_AGENT}"
_CONNECTOR_DEFAULTS: dict[str, Any] = {"limit": 32, "limit_per_host": 0, "ttl_dns_cache": 300}
# Parsed origins (`scheme://host:port`) of the URLs sent: a process talks to a few.
_ORIGINS: dict[str, URL] = {}
_MAX_ORIGINS = 64

# The request the current task is sending on a transport's own session (see `_Connector`).
_SENDING: contextvars.ContextVar[Request | None] = contextvars.ContextVar(
    "product_analytics_sending", default=None
)

# Sessions a child process inherited through fork(), with their connectors: kept here, never
# closed or collected in the child, because closing them (or aiohttp's finalizers) would act
# on the parent's connections through the parent's event loop.
_INHERITED: list[tuple[aiohttp.ClientSession, aiohttp.BaseConnector | None]] = []
_OPEN: weakref.WeakSet[AiohttpTransport] = weakref.WeakSet()


def _after_fork_in_child() -> None:
    for transport in list(_OPEN):
        transport.forget()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


class AiohttpTransport:
    """Sends requests on one aiohttp session: its own, or `session`, the user's.

    `AiohttpTransport(**aiohttp_connector_options)` makes its own session on an
    `aiohttp.TCPConnector` with those options (default `limit=32`, `limit_per_host=0`,
    `ttl_dns_cache=300`); `close()` closes it. `proxy` is the proxy every request goes
    through; with `trust_env` (the default) and no `proxy`, `HTTPS_PROXY`/`HTTP_PROXY`/
    `ALL_PROXY` and `NO_PROXY` are read once per origin, and `SSL_CERT_FILE`/`SSL_CERT_DIR`
    are honoured. `verify`: True checks certificates against the system's CAs, False not at
    all, a path against that CA bundle (file or directory), or an `ssl.SSLContext` as given.
    `~/.netrc` is never read: the API key is the only authentication.

    `AiohttpTransport(session)` sends on the user's `aiohttp.ClientSession` with its own
    settings (headers, proxy, connector, timeouts); `close()` leaves it open. Without
    redirects, `raise_for_status`, cookies or retries of the transport's own: the client
    does those. `send` keeps no time: the client ends an attempt that outlives its `timeout`
    by cancelling it (the connection is then closed, not reused).

    A closed transport refuses to send. In a child process after fork() the transport is
    closed without touching the parent's connections (see `forget`).
    """

    __slots__ = (
        "__weakref__",
        "_closed",
        "_connector_options",
        "_env_proxies",
        "_owned",
        "_proxies",
        "_proxy",
        "_session",
    )

    def __init__(
        self,
        session: aiohttp.ClientSession | None = None,
        *,
        proxy: str | None = None,
        trust_env: bool = True,
        verify: bool | str | ssl.SSLContext = True,
        **aiohttp_connector_options: Any,
    ) -> None:
        if session is not None and (
            proxy is not None or verify is not True or aiohttp_connector_options
        ):
            raise TypeError(
                "proxy=, verify= and connector options set up the transport's own session: "
                "configure the aiohttp.ClientSession you pass instead"
            )
        self._session = session
        self._owned = session is None
        self._proxy = proxy
        # Read once, when the transport is made: the environment's proxies, unless `proxy`
        # is given or the session is the user's.
        self._env_proxies = (
            urllib.request.getproxies_environment()
            if trust_env and proxy is None and session is None
            else {}
        )
        self._proxies: dict[str, str | None] = {}
        options = {**_CONNECTOR_DEFAULTS, **aiohttp_connector_options}
        if "ssl" not in options:
            options["ssl"] = ssl_setting(verify, trust_env=trust_env)
        self._connector_options = options
        self._closed = False

    def forget(self) -> None:
        """Close this transport without closing its connections, for a child process after
        fork(): they are the parent's. Its own session is detached from its connector (so
        that aiohttp neither warns of an unclosed session nor closes the connections later)
        and both are kept alive; a user's session is left alone."""
        self._closed = True
        session, self._session = self._session, None
        if session is not None and self._owned:
            connector = session.connector
            session.detach()
            _INHERITED.append((session, connector))

    def __repr__(self) -> str:
        whose = "own" if self._owned else "user's"
        return f"<AiohttpTransport {whose} session, closed={self._closed}>"

    def _open(self) -> aiohttp.ClientSession:
        if self._closed:
            raise TransportError("the transport is closed")
        _OPEN.add(self)
        session = aiohttp.ClientSession(
            connector=_Connector(**self._connector_options),
            cookie_jar=aiohttp.DummyCookieJar(),
            headers={"User-Agent": USER_AGENT},
            trust_env=False,  # proxies are settled here, once per origin (see `_proxy_for`)
            raise_for_status=False,
            timeout=aiohttp.ClientTimeout(total=None),
        )
        self._session = session
        return session

    async def send(self, request: Request, *, timeout: float) -> Response:
        session = self._session or self._open()
        sending = None
        if self._owned:  # the connector tells when it leaves
            request.sent = False
            sending = _SENDING.set(request)
        # The error is raised after the `except` blocks, so that its context does not keep
        # aiohttp's exception, whose request info holds the Authorization header.
        failure: TransportError | None = None
        try:
            response = await session.request(
                request.method,
                yarl_url(request.url),
                headers=request.headers,
                data=request.content or None,
                allow_redirects=False,
                raise_for_status=False,  # a user's session may raise; the client types errors
                proxy=self._proxy_for(request.url) if self._env_proxies else self._proxy,
            )
        except (asyncio.TimeoutError, TimeoutError):
            # A user session's own timeout, or a mock's (aioresponses answers before the
            # connector runs): neither tells whether the request left, so it may have.
            request.sent = True
            failure = TransportTimeout("no answer within the session's timeout")
        except aiohttp.ClientError as exc:
            failure = _client_failure(exc)
        except RuntimeError as exc:
            if not (self._closed or session.closed):
                raise
            failure = TransportError(f"the transport was closed ({_describe(exc)})")
        finally:
            if sending is not None:
                _SENDING.reset(sending)
        if failure is not None:
            raise failure
        return _Response(
            status=response.status, headers=response.headers, stream=_Body(response=response)
        )

    def _proxy_for(self, url: str) -> str | None:
        """The environment's proxy for `url`, looked up once per origin. A proxy that is no
        valid URL (a bad port, a password with a `#` not percent-encoded) raises
        `TransportError` (the request not sent) naming the variable, never the URL: it may
        hold a password."""
        cut = url.find("/", url.find("://") + 3)
        origin = url if cut < 0 else url[:cut]
        try:
            return self._proxies[origin]
        except KeyError:
            target = URL(origin, encoded=True)
            proxy = environment_proxy(target, self._env_proxies)
            if proxy is not None and not _valid_url(proxy):
                names = f"{target.scheme.upper()}_PROXY or ALL_PROXY"
                raise TransportError(
                    f"the proxy that {names} names is not a valid URL (check its host and "
                    "port, and that its password is percent-encoded)",
                    request_sent=False,
                ) from None
            self._proxies[origin] = proxy
            return proxy

    async def close(self) -> None:
        """Close the transport's own session (a user's stays open). Idempotent."""
        self._closed = True
        session, self._session = self._session, None
        if session is not None and self._owned:
            await session.close()


class _Connector(aiohttp.TCPConnector):
    """aiohttp's connector, which marks the request being sent (`_SENDING`) as sent once
    it has a connection to be written on, and refuses a second connection for it: the
    one aiohttp takes to resend an idempotent request whose kept-alive connection dropped.
    A failure while connecting (a proxy that drops or breaks the tunnel before it is made)
    is raised as `_NotConnected`: the request was not sent."""

    async def connect(self, req: Any, traces: Any, timeout: Any) -> Any:
        request = _SENDING.get()
        if request is None:
            return await super().connect(req, traces, timeout)
        if request.sent:
            raise _NotResent("the connection dropped after the request was sent")
        failure: _NotConnected | None = None
        try:
            connection = await super().connect(req, traces, timeout)
        except (aiohttp.ClientConnectorError, aiohttp.ClientHttpProxyError):
            raise  # told apart by `_client_failure`
        except aiohttp.ClientError as exc:
            failure = _NotConnected(_describe(exc))
        if failure is not None:  # raised here: aiohttp's exception is not its context
            raise failure
        request.sent = True
        return connection


class _NotResent(aiohttp.ClientConnectionError):
    """A request aiohttp would have sent again on another connection."""


class _NotConnected(aiohttp.ClientConnectionError):
    """A connection that failed before the request could be written on it."""


def yarl_url(url: str) -> URL:
    """`url` (absolute, already encoded) as aiohttp takes it: the `URL` that parsing it
    whole gives. Its origin is parsed whole once (and kept in `_ORIGINS`); the path (and
    query) go on that, at a fraction of the cost of parsing the whole URL again. A URL with
    a fragment or credentials is parsed whole."""
    start = url.find("://")
    cut = url.find("/", start + 3) if start > 0 else -1
    if cut < 0 or "#" in url or "@" in url[:cut]:
        return URL(url, encoded=True)
    head = url[:cut]
    origin = _ORIGINS.get(head)
    if origin is None:
        if len(_ORIGINS) >= _MAX_ORIGINS:
            _ORIGINS.clear()
        origin = _ORIGINS[head] = URL(head, encoded=True)
    path, mark, query = url[cut:].partition("?")
    if not mark:
        return origin.with_path(path, encoded=True)
    return URL.build(
        scheme=origin.scheme,
        authority=origin.raw_authority,
        path=path,
        query_string=query,
        encoded=True,
    )


def _valid_url(url: str) -> bool:
    """Whether aiohttp can take `url` (a proxy's) as a URL with a host."""
    try:
        return URL(url).host is not None
    except ValueError:
        return False


def _client_failure(exc: aiohttp.ClientError) -> TransportError:
    """The `TransportError` of an aiohttp failure before an answer: whether the request
    may have been sent is told by the failure's kind (a refused connection or proxy, or a
    failure while connecting, as a proxy dropping the tunnel: not). A proxy's refusal is
    named by its status and reason alone: aiohttp's message holds the proxy's URL, and
    with it the proxy's password."""
    if isinstance(exc, aiohttp.ClientConnectorCertificateError):
        return TransportError(
            f"could not connect: the server's TLS certificate was refused ({_describe(exc)}); "
            "for a private CA pass verify='/path/to/ca-bundle.pem' (or set SSL_CERT_FILE)",
            request_sent=False,
        )
    if isinstance(exc, aiohttp.ClientConnectorError):
        return TransportError(f"could not connect: {_describe(exc)}", request_sent=False)
    if isinstance(exc, _NotConnected):
        return TransportError(f"could not connect: {exc}", request_sent=False)
    if isinstance(exc, aiohttp.ClientHttpProxyError):
        refusal = f"{exc.status} {exc.message}".strip()
        return TransportError(f"the proxy refused: {refusal}", request_sent=False)
    return TransportError(f"connection failed: {_describe(exc)}", request_sent=True)


@dataclass(slots=True, eq=False)
class _Body:
    """The body's chunks, read as they come; `aclose()` releases the connection whether or
    not they were read. A plain async iterator, not an async generator: the event loop
    tracks every async generator it starts, at a cost per request."""

    response: aiohttp.ClientResponse
    done: bool = False

    def __aiter__(self) -> _Body:
        return self

    async def __anext__(self) -> bytes:
        if self.done:
            raise StopAsyncIteration
        failure: TransportError | None = None
        content = self.response.content
        try:
            chunk = await content.read(CHUNK_BYTES)
        except (asyncio.TimeoutError, TimeoutError):  # a user session's own timeout
            failure = TransportTimeout("no full answer within the session's timeout")
        except aiohttp.ClientError as exc:
            failure = TransportError(f"connection failed while reading: {_describe(exc)}")
        if failure is not None:
            await self.aclose()
            raise failure
        if not chunk or content.at_eof():
            await self.aclose()  # the whole body is in: a body of one chunk needs no more
        if not chunk:
            raise StopAsyncIteration
        return chunk

    async def aclose(self) -> None:
        if not self.done:
            self.done = True
            self.response.release()


class _Response(Response):
    """A `Response` whose `read_now` takes a body aiohttp holds already (a small one comes
    with the headers); one still coming is read by `Response.read`, chunk by chunk."""

    __slots__ = ()
    stream: _Body

    def read_now(self, limit: int) -> bytes | None:
        body = self.stream
        content = body.response.content
        if body.done or not content.is_eof() or content.exception() is not None:
            return None
        data = content.read_nowait()
        body.done = True  # as `aclose()`, without awaiting
        body.response.release()
        if len(data) > limit:
            raise BodyTooLarge(limit)
        return data


def _describe(exc: BaseException) -> str:
    """The exception's class and message, without request headers or other context."""
    message: Any = str(exc) or exc.__class__.__doc__ or ""
    return f"{type(exc).__name__}: {message}"
