"""`AiohttpTransport`: the default transport, on one `aiohttp.ClientSession`.

The only module that imports aiohttp. The transport's own session (keep-alive, at most
`limit` connections, no cookies) opens on the first request and belongs to the event loop
it opened on; a session the user passes is used as it is and never closed here. Proxies
and TLS are settled once, when the transport is made (see `AiohttpTransport`). aiohttp's
failures become `TransportError`, whose message names the failure only. Whether a failed
request may have left the process: not while it waits for one of the pool's connections
(counted by the transport itself) or when connecting fails; after that, it may
have. A request's `timeout` covers sending it and reading its body; the transport's
`Watchdog` keeps every such limit on one timer.
"""

from __future__ import annotations

import asyncio
import collections
import os
import ssl
import urllib.request
import weakref
from typing import Any

import aiohttp
from yarl import URL

from product_analytics._generated import SPEC_USER_AGENT
from product_analytics._network import environment_proxy, ssl_setting, yarl_url
from product_analytics._transport import (
    BodyTooLarge,
    Request,
    Response,
    TransportError,
    TransportTimeout,
)
from product_analytics._version import __version__
from product_analytics._watchdog import Limit, Watchdog

__all__ = ["USER_AGENT", "AiohttpTransport"]

CHUNK_BYTES = 256 * 1024
USER_AGENT = f"product-analytics-python/{__version__} {SPEC_USER_AGENT}"
_CONNECTOR_DEFAULTS: dict[str, Any] = {"limit": 32, "limit_per_host": 0, "ttl_dns_cache": 300}

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
    settings (headers, proxy, connector); `close()` leaves it open. Without redirects,
    cookies or retries of the transport's own: the client does those.

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
        "_slots",
        "_watchdog",
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
        # The pool's connections, counted here: a request waiting for one has not left.
        size = options.get("limit")
        self._slots = _Slots(size) if session is None and size else None
        self._closed = False
        self._watchdog = Watchdog()

    def forget(self) -> None:
        """Close this transport without closing its connections, for when they cannot be
        closed from here: in a child process after fork() (they are the parent's), or when
        the event loop they belong to is closed. Its own session is detached from its
        connector (so that aiohttp neither warns of an unclosed session nor closes the
        connections later) and both are kept alive; a user's session is left alone."""
        self._closed = True
        self._watchdog.close()
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
            connector=aiohttp.TCPConnector(**self._connector_options),
            cookie_jar=aiohttp.DummyCookieJar(),
            headers={"User-Agent": USER_AGENT},
            trust_env=False,  # proxies are settled here, once per origin (see `_proxy_for`)
            raise_for_status=False,
            timeout=aiohttp.ClientTimeout(total=None),
            middlewares=(_no_resend,),
        )
        self._session = session
        return session

    async def send(self, request: Request, *, timeout: float) -> Response:
        session = self._session or self._open()
        # The error is raised after the `except` blocks, so that its context does not keep
        # aiohttp's exception, whose request info holds the Authorization header.
        failure: TransportError | None = None
        limit = self._watchdog.start(timeout)
        slots, holds_slot = self._slots, False
        limit.enter()
        try:
            if slots is not None:
                if slots.free > 0:
                    slots.free -= 1
                else:  # waiting for a connection of the pool, the request has not left
                    request.sent = False
                    await slots.take()
                    request.sent = True
                holds_slot = True
            response = await session.request(
                request.method,
                yarl_url(request.url),
                headers=request.headers,
                data=request.content or None,
                allow_redirects=False,
                raise_for_status=False,
                proxy=self._proxy_for(request.url) if self._env_proxies else self._proxy,
            )
        except asyncio.CancelledError:
            if not limit.timed_out():
                _give_back(limit, slots if holds_slot else None)
                raise
            failure = TransportTimeout(f"no answer within {timeout:g} s")
        except (asyncio.TimeoutError, TimeoutError):
            failure = TransportTimeout(f"no answer within {timeout:g} s")
        except aiohttp.ClientError as exc:
            failure = _client_failure(exc)
        except RuntimeError as exc:
            if not (self._closed or session.closed):
                _give_back(limit, slots if holds_slot else None)
                raise
            failure = TransportError(f"the transport was closed ({_describe(exc)})")
        finally:
            limit.leave()
        if failure is not None:
            _give_back(limit, slots if holds_slot else None)
            raise failure
        body = _Body(response, limit, slots if holds_slot else None)
        return _Response(response.status, response.headers, body)

    def _proxy_for(self, url: str) -> str | None:
        """The environment's proxy for `url`, looked up once per origin."""
        cut = url.find("/", url.find("://") + 3)
        origin = url if cut < 0 else url[:cut]
        try:
            return self._proxies[origin]
        except KeyError:
            proxy = environment_proxy(URL(origin, encoded=True), self._env_proxies)
            self._proxies[origin] = proxy
            return proxy

    async def close(self) -> None:
        """Close the transport's own session (a user's stays open). Idempotent."""
        self._closed = True
        self._watchdog.close()
        session, self._session = self._session, None
        if session is not None and self._owned:
            await session.close()


async def _no_resend(
    request: aiohttp.ClientRequest, handler: aiohttp.ClientHandlerType
) -> aiohttp.ClientResponse:
    """A middleware that turns off aiohttp's silent resend of an idempotent request whose
    kept-alive connection dropped: retries are the client's alone (`max_retries=0` means
    one attempt). aiohttp resends on `ClientOSError` and `ServerDisconnectedError` only;
    they reach the transport as a `ClientConnectionError` that is neither."""
    try:
        return await handler(request)
    except aiohttp.ClientConnectorError:
        raise  # never sent, and never resent by aiohttp
    except (aiohttp.ClientOSError, aiohttp.ServerDisconnectedError) as exc:
        raise _Dropped(_describe(exc)) from exc


def _give_back(limit: Limit, slots: _Slots | None) -> None:
    """A failed attempt's time limit ended, and its pool slot (if it held one) freed."""
    limit.finish()
    if slots is not None:
        slots.release()


def _client_failure(exc: aiohttp.ClientError) -> TransportError:
    """The `TransportError` of an aiohttp failure before an answer: whether the request
    may have been sent is told by the failure's kind (a refused connection or proxy: not)."""
    if isinstance(exc, aiohttp.ClientConnectorCertificateError):
        return TransportError(
            f"could not connect: the server's TLS certificate was refused ({_describe(exc)}); "
            "for a private CA pass verify='/path/to/ca-bundle.pem' (or set SSL_CERT_FILE)",
            request_sent=False,
        )
    if isinstance(exc, aiohttp.ClientConnectorError):
        return TransportError(f"could not connect: {_describe(exc)}", request_sent=False)
    if isinstance(exc, aiohttp.ClientHttpProxyError):
        return TransportError(f"the proxy refused: {_describe(exc)}", request_sent=False)
    return TransportError(f"connection failed: {_describe(exc)}", request_sent=True)


class _Dropped(aiohttp.ClientConnectionError):
    """A connection that failed after the request was handed to it."""


class _Slots:
    """The connections of the transport's pool that requests hold, counted: `free` is taken
    at once when above 0 (a request then never waits in aiohttp's pool); otherwise `take()`
    waits, first come first served, until `release()` gives one back."""

    __slots__ = ("_waiters", "free")

    def __init__(self, size: int) -> None:
        self.free = size
        self._waiters: collections.deque[asyncio.Future[None]] = collections.deque()

    async def take(self) -> None:
        while self.free <= 0:
            waiter = asyncio.get_running_loop().create_future()
            self._waiters.append(waiter)
            try:
                await waiter
            except asyncio.CancelledError:
                if waiter.done() and not waiter.cancelled():
                    self._wake()  # the connection it was woken for goes to the next one
                raise
            finally:
                if not waiter.done():
                    self._waiters.remove(waiter)
        self.free -= 1

    def release(self) -> None:
        self.free += 1
        self._wake()

    def _wake(self) -> None:
        while self._waiters and self.free > 0:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_result(None)
                return


class _Body:
    """The body's chunks, read as they come, within the request's time `limit`; `aclose()`
    releases the connection whether or not they were read. A plain async iterator, not an
    async generator: the event loop tracks every async generator it starts, at a cost per
    request."""

    __slots__ = ("_done", "_limit", "_response", "_slots")

    def __init__(
        self, response: aiohttp.ClientResponse, limit: Limit, slots: _Slots | None
    ) -> None:
        self._response = response
        self._limit = limit
        self._slots = slots
        self._done = False

    def __aiter__(self) -> _Body:
        return self

    async def __anext__(self) -> bytes:
        chunk = await self._chunk()
        if not chunk:
            raise StopAsyncIteration
        return chunk

    def read_now(self, size_limit: int) -> bytes | None:
        """The whole body if aiohttp has it all already (a small one comes with the
        headers), the connection then released; else `None`."""
        content = self._response.content
        if self._done or not content.is_eof() or content.exception() is not None:
            return None
        body = content.read_nowait()
        self._finish()
        if len(body) > size_limit:
            raise BodyTooLarge(size_limit)
        return body

    async def _chunk(self) -> bytes:
        """The next chunk; empty once the whole body is in (the connection then released)."""
        if self._done:
            return b""
        limit = self._limit
        if limit.expired:
            self._finish()
            raise TransportTimeout("no full answer within the timeout")
        failure: TransportError | None = None
        content = self._response.content
        limit.enter()
        try:
            chunk = await content.read(CHUNK_BYTES)
        except asyncio.CancelledError:
            if not limit.timed_out():
                self._finish()
                raise
            failure = TransportTimeout("no full answer within the timeout")
        except (asyncio.TimeoutError, TimeoutError):
            failure = TransportTimeout("no full answer within the timeout")
        except aiohttp.ClientError as exc:
            failure = TransportError(f"connection failed while reading: {_describe(exc)}")
        finally:
            limit.leave()
        if failure is not None:
            self._finish()
            raise failure
        if not chunk or content.at_eof():
            # The whole body is in (a body read in one chunk needs no second read).
            self._finish()
        return chunk

    async def aclose(self) -> None:
        self._finish()

    def _finish(self) -> None:
        if not self._done:
            self._done = True
            self._limit.finish()
            self._response.release()
            if self._slots is not None:
                self._slots.release()


class _Response(Response):
    """A `Response` whose `read_now` takes a body aiohttp already holds; one still coming
    is read by `Response.read`, chunk by chunk."""

    __slots__ = ()
    stream: _Body

    def read_now(self, limit: int) -> bytes | None:
        return self.stream.read_now(limit)


def _describe(exc: BaseException) -> str:
    """The exception's class and message, without request headers or other context."""
    message: Any = str(exc) or exc.__class__.__doc__ or ""
    return f"{type(exc).__name__}: {message}"
