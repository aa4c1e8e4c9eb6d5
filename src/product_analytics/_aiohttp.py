"""`AiohttpTransport`: the default transport, one pooled `aiohttp.ClientSession`.

The only module that imports aiohttp. The session (keep-alive, at most `max_connections`
connections, no cookies, no proxy settings from the environment) opens on the first request
and belongs to the event loop it opened on. aiohttp's own failures become `TransportError`
whose message names the failure only; whether the request left the process is read from
aiohttp's trace of the headers being written.
"""

from __future__ import annotations

import asyncio
import os
import weakref
from types import SimpleNamespace
from typing import Any

import aiohttp
from yarl import URL

from product_analytics._transport import Request, Response, TransportError, TransportTimeout

__all__ = ["AiohttpTransport"]

CHUNK_BYTES = 256 * 1024


async def _on_headers_sent(
    session: aiohttp.ClientSession, context: SimpleNamespace, params: Any
) -> None:
    request = context.trace_request_ctx
    if isinstance(request, Request):
        request.sent = True


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

    __slots__ = ("__weakref__", "_closed", "_max_connections", "_session", "_user_agent")

    def __init__(self, *, max_connections: int = 32, user_agent: str = "") -> None:
        self._max_connections = max_connections
        self._user_agent = user_agent
        self._session: aiohttp.ClientSession | None = None
        self._closed = False

    def forget(self) -> None:
        """Close this transport without closing its connections, for when they cannot be
        closed from here: in a child process after fork() (they are the parent's), or when
        the event loop they belong to is closed. aiohttp's finalizers are told the session
        is closed, so that they neither warn of an unclosed session nor close the
        connections later."""
        self._closed = True
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
        trace = aiohttp.TraceConfig()
        trace.on_request_headers_sent.append(_on_headers_sent)
        connector = aiohttp.TCPConnector(
            limit=self._max_connections, limit_per_host=0, ttl_dns_cache=300
        )
        session = aiohttp.ClientSession(
            connector=connector,
            cookie_jar=aiohttp.DummyCookieJar(),
            headers={"User-Agent": self._user_agent} if self._user_agent else None,
            trust_env=False,
            raise_for_status=False,
            trace_configs=[trace],
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
        try:
            response = await session.request(
                request.method,
                URL(request.url, encoded=True),
                headers=request.headers,
                data=request.content or None,
                allow_redirects=False,
                timeout=aiohttp.ClientTimeout(total=timeout),
                trace_request_ctx=request,
            )
        except (asyncio.TimeoutError, TimeoutError):
            failure = TransportTimeout(f"no answer within {timeout:g} s")
        except aiohttp.ClientConnectorError as exc:
            failure = TransportError(f"could not connect: {_describe(exc)}", request_sent=False)
        except aiohttp.ClientError as exc:
            failure = TransportError(f"connection failed: {_describe(exc)}", request_sent=True)
        except RuntimeError as exc:
            if not (self._closed or session.closed):
                raise
            failure = TransportError(f"the transport was closed ({_describe(exc)})")
        if failure is not None:
            raise failure
        return Response(response.status, response.headers, _Body(response))

    async def close(self) -> None:
        self._closed = True
        session, self._session = self._session, None
        if session is not None:
            await session.close()


class _Body:
    """The body's chunks, read as they come; `aclose()` releases the connection whether or
    not they were read. A plain async iterator, not an async generator: the event loop
    tracks every async generator it starts, at a cost per request."""

    __slots__ = ("_response",)

    def __init__(self, response: aiohttp.ClientResponse) -> None:
        self._response = response

    def __aiter__(self) -> _Body:
        return self

    async def __anext__(self) -> bytes:
        failure: TransportError | None = None
        try:
            chunk = await self._response.content.read(CHUNK_BYTES)
        except (asyncio.TimeoutError, TimeoutError):
            failure = TransportTimeout("no full answer within the timeout")
        except aiohttp.ClientError as exc:
            failure = TransportError(f"connection failed while reading: {_describe(exc)}")
        if failure is not None:
            self._response.release()
            raise failure
        if not chunk:
            self._response.release()
            raise StopAsyncIteration
        return chunk

    async def aclose(self) -> None:
        self._response.release()


def _describe(exc: BaseException) -> str:
    """The exception's class and message, without request headers or other context."""
    message: Any = str(exc) or exc.__class__.__doc__ or ""
    return f"{type(exc).__name__}: {message}"
