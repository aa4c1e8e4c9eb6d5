"""`AiohttpTransport`: the default transport, one pooled `aiohttp.ClientSession`.

The only module that imports aiohttp. The session (keep-alive, at most `max_connections`
connections, no cookies, no proxy settings from the environment) opens on the first request
and belongs to the event loop it opened on. aiohttp's own failures become `TransportError`
whose message names the failure only; whether the request left the process is read from
aiohttp's trace of the headers being written.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
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


class AiohttpTransport:
    """Sends requests on one pooled aiohttp session.

    `user_agent` goes on every request. `close()` closes the session; a closed transport
    refuses to send.
    """

    __slots__ = ("_closed", "_max_connections", "_session", "_user_agent")

    def __init__(self, *, max_connections: int = 32, user_agent: str = "") -> None:
        self._max_connections = max_connections
        self._user_agent = user_agent
        self._session: aiohttp.ClientSession | None = None
        self._closed = False

    def __repr__(self) -> str:
        return f"<AiohttpTransport max_connections={self._max_connections} closed={self._closed}>"

    def _open(self) -> aiohttp.ClientSession:
        if self._closed:
            raise TransportError("the transport is closed")
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
        return Response(response.status, response.headers, _body(response))

    async def close(self) -> None:
        self._closed = True
        session, self._session = self._session, None
        if session is not None:
            await session.close()


async def _body(response: aiohttp.ClientResponse) -> AsyncIterator[bytes]:
    failure: TransportError | None = None
    try:
        async for chunk in response.content.iter_chunked(CHUNK_BYTES):
            yield chunk
    except (asyncio.TimeoutError, TimeoutError):
        failure = TransportTimeout("no full answer within the timeout")
    except aiohttp.ClientError as exc:
        failure = TransportError(f"connection failed while reading: {_describe(exc)}")
    finally:
        response.release()
    if failure is not None:
        raise failure


def _describe(exc: BaseException) -> str:
    """The exception's class and message, without request headers or other context."""
    message: Any = str(exc) or exc.__class__.__doc__ or ""
    return f"{type(exc).__name__}: {message}"
