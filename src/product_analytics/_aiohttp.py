"""`AiohttpTransport`: the default transport, one pooled `aiohttp.ClientSession`.

The only module that imports aiohttp. The session (keep-alive, at most `max_connections`
connections, no cookies, no proxy settings from the environment) opens on the first request
and belongs to the event loop it opened on. aiohttp's own failures become `TransportError`
whose message names the failure only; whether the request left the process is marked by the
session's request class once a connection is there to write it on (a context variable names
the `Request` being sent: cheaper than aiohttp's tracing, which costs several signals a
request). A request's `timeout` covers sending it and reading its body; the transport's
`Watchdog` keeps every such limit on one timer (aiohttp's own timeout costs a timer a
request, more than the rest of the client's work for it). A URL without a query is built
on its origin's parsed URL, kept per origin, instead of parsed whole again each time.
"""

from __future__ import annotations

import asyncio
import contextvars
import os
import weakref
from collections.abc import Coroutine
from typing import Any

import aiohttp
from yarl import URL

from product_analytics._transport import (
    BodyTooLarge,
    Request,
    Response,
    TransportError,
    TransportTimeout,
)
from product_analytics._watchdog import Limit, Watchdog

__all__ = ["AiohttpTransport"]

CHUNK_BYTES = 256 * 1024
# Parsed origins kept per transport (a client talks to its base_url's origin).
MAX_ORIGINS = 8


# The request the current task is sending through `AiohttpTransport.send`.
_SENDING: contextvars.ContextVar[Request | None] = contextvars.ContextVar(
    "product_analytics_sending", default=None
)


class _MarkingRequest(aiohttp.ClientRequest):
    """aiohttp's request, which marks the `Request` being sent as sent when it is written
    to a connection (from then on a failure may have reached the service)."""

    def send(self, conn: Any) -> Coroutine[Any, Any, aiohttp.ClientResponse]:
        request = _SENDING.get()
        if request is not None:
            request.sent = True
        return super().send(conn)


# Sessions a child process inherited through fork(): kept here, never closed or collected in
# the child, because closing them (or aiohttp's finalizer) would act on the parent's
# connections through the parent's event loop.
_INHERITED: list[aiohttp.ClientSession] = []
_OPEN: weakref.WeakSet[AiohttpTransport] = weakref.WeakSet()


def _after_fork_in_child() -> None:
    for transport in list(_OPEN):
        session = transport._session
        transport.forget()
        if session is not None:
            _INHERITED.append(session)


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


class AiohttpTransport:
    """Sends requests on one pooled aiohttp session.

    `user_agent` goes on every request. `close()` closes the session; a closed transport
    refuses to send. In a child process after fork() the transport is closed without
    touching the parent's connections (see `forget`).
    """

    __slots__ = (
        "__weakref__",
        "_closed",
        "_max_connections",
        "_origins",
        "_session",
        "_user_agent",
        "_watchdog",
    )

    def __init__(self, *, max_connections: int = 32, user_agent: str = "") -> None:
        self._max_connections = max_connections
        self._user_agent = user_agent
        self._session: aiohttp.ClientSession | None = None
        self._closed = False
        self._watchdog = Watchdog()
        self._origins: dict[str, URL] = {}

    def forget(self) -> None:
        """Close this transport without closing its connections, for when they cannot be
        closed from here: in a child process after fork() (they are the parent's), or when
        the event loop they belong to is closed. aiohttp's finalizers are told the session
        is closed, so that they neither warn of an unclosed session nor close the
        connections later."""
        self._closed = True
        self._watchdog.close()
        session, self._session = self._session, None
        if session is None:
            return
        connector = session.connector
        if connector is not None and hasattr(connector, "_closed"):
            connector._closed = True

    def __repr__(self) -> str:
        return f"<AiohttpTransport max_connections={self._max_connections} closed={self._closed}>"

    def _open(self) -> aiohttp.ClientSession:
        if self._closed:
            raise TransportError("the transport is closed")
        _OPEN.add(self)
        connector = aiohttp.TCPConnector(
            limit=self._max_connections, limit_per_host=0, ttl_dns_cache=300
        )
        session = aiohttp.ClientSession(
            connector=connector,
            cookie_jar=aiohttp.DummyCookieJar(),
            headers={"User-Agent": self._user_agent} if self._user_agent else None,
            trust_env=False,
            raise_for_status=False,
            request_class=_MarkingRequest,
            timeout=aiohttp.ClientTimeout(total=None),
        )
        # aiohttp silently resends an idempotent request once when a kept-alive connection
        # drops; retries are the client's alone (max_retries=0 means one attempt), so that
        # is turned off, as aiohttp's own test client does.
        if hasattr(session, "_retry_connection"):
            session._retry_connection = False
        self._session = session
        return session

    async def send(self, request: Request, *, timeout: float) -> Response:
        session = self._session or self._open()
        # The error is raised after the `except` blocks, so that its context does not keep
        # aiohttp's exception, whose request info holds the Authorization header.
        failure: TransportError | None = None
        limit = self._watchdog.start(timeout)
        sending = _SENDING.set(request)
        limit.enter()
        try:
            response = await session.request(
                request.method,
                self._url(request.url),
                headers=request.headers,
                data=request.content or None,
                allow_redirects=False,
            )
        except asyncio.CancelledError:
            if not limit.timed_out():
                limit.finish()
                raise
            failure = TransportTimeout(f"no answer within {timeout:g} s")
        except (asyncio.TimeoutError, TimeoutError):
            failure = TransportTimeout(f"no answer within {timeout:g} s")
        except aiohttp.ClientConnectorError as exc:
            failure = TransportError(f"could not connect: {_describe(exc)}", request_sent=False)
        except aiohttp.ClientError as exc:
            failure = TransportError(f"connection failed: {_describe(exc)}", request_sent=True)
        except RuntimeError as exc:
            if not (self._closed or session.closed):
                limit.finish()
                raise
            failure = TransportError(f"the transport was closed ({_describe(exc)})")
        finally:
            limit.leave()
            _SENDING.reset(sending)
        if failure is not None:
            limit.finish()
            raise failure
        return _Response(response.status, response.headers, _Body(response, limit))

    def _url(self, url: str) -> URL:
        """`url` (absolute, already encoded) as aiohttp takes it. Without a query or
        fragment, its path goes on the parsed URL of its origin: a third of the cost of
        parsing the whole string, the same URL."""
        scheme_end = url.find("://")
        cut = url.find("/", scheme_end + 3) if scheme_end > 0 else -1
        if cut < 0 or "?" in url or "#" in url:
            return URL(url, encoded=True)
        head = url[:cut]
        origin = self._origins.get(head)
        if origin is None:
            origin = URL(head, encoded=True)
            if len(self._origins) >= MAX_ORIGINS:
                self._origins.clear()
            self._origins[head] = origin
        return origin.with_path(url[cut:], encoded=True)

    async def close(self) -> None:
        self._closed = True
        self._watchdog.close()
        session, self._session = self._session, None
        if session is not None:
            await session.close()


class _Body:
    """The body's chunks, read as they come, within the request's time `limit`; `aclose()`
    releases the connection whether or not they were read. A plain async iterator, not an
    async generator: the event loop tracks every async generator it starts, at a cost per
    request."""

    __slots__ = ("_done", "_limit", "_response")

    def __init__(self, response: aiohttp.ClientResponse, limit: Limit) -> None:
        self._response = response
        self._limit = limit
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
