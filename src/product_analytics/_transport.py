"""The aiohttp adapter: sends a `PreparedRequest` and returns the `RawResponse`.

The only module that touches the network. One `aiohttp.ClientSession` (one connector,
keep-alive, at most `max_concurrency` connections) is opened on first use and closed by
`close()`. Failures become `ApiConnectionError` / `ApiTimeoutError` whose `request_sent`
tells whether the request may have reached the service.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import aiohttp
from yarl import URL

from product_analytics._wire import (
    REDIRECT_STATUSES,
    PreparedRequest,
    RawResponse,
    follow_redirect,
)
from product_analytics.errors import ApiConnectionError, ApiTimeoutError, ClientClosedError

__all__ = ["Transport", "logger"]

logger = logging.getLogger("product_analytics")

REDACTED = "Bearer ***"
MAX_REDIRECTS = 10


class Transport:
    """Sends requests on one pooled aiohttp session, adding `Authorization` to each."""

    __slots__ = ("_authorization", "_closed", "_max_concurrency", "_session", "_timeouts",
                 "_user_agent", "default_timeout")  # fmt: skip

    def __init__(
        self, *, api_key: str, max_concurrency: int, default_timeout: float, user_agent: str
    ) -> None:
        self._authorization = f"Bearer {api_key}"
        self._max_concurrency = max_concurrency
        self._session: aiohttp.ClientSession | None = None
        self._timeouts: dict[float, aiohttp.ClientTimeout] = {}
        self._user_agent = user_agent
        self._closed = False
        self.default_timeout = default_timeout

    def __repr__(self) -> str:
        return f"<Transport max_concurrency={self._max_concurrency} closed={self._closed}>"

    @property
    def closed(self) -> bool:
        return self._closed

    def _open(self) -> aiohttp.ClientSession:
        if self._closed:
            raise ClientClosedError("the client is closed; create a new AsyncClient")
        connector = aiohttp.TCPConnector(
            limit=self._max_concurrency, limit_per_host=0, ttl_dns_cache=300
        )
        self._session = aiohttp.ClientSession(
            connector=connector,
            cookie_jar=aiohttp.DummyCookieJar(),
            headers={"User-Agent": self._user_agent},
            trust_env=False,
            raise_for_status=False,
        )
        # aiohttp silently resends an idempotent request once when the connection drops;
        # retries are the RetryPolicy's alone (max_retries=0 means one attempt, and every
        # attempt is counted), so that is turned off, as aiohttp's own test client does.
        if hasattr(self._session, "_retry_connection"):
            self._session._retry_connection = False
        return self._session

    def _timeout(self, seconds: float | None) -> aiohttp.ClientTimeout:
        seconds = self.default_timeout if seconds is None else seconds
        timeout = self._timeouts.get(seconds)
        if timeout is None:
            timeout = self._timeouts[seconds] = aiohttp.ClientTimeout(total=seconds)
        return timeout

    async def send(self, request: PreparedRequest) -> RawResponse:
        """One attempt of `request`; raises `ApiConnectionError` when no full answer came."""
        session = self._session or self._open()
        headers = dict(request.headers)
        headers["Authorization"] = self._authorization
        debug = logger.isEnabledFor(logging.DEBUG)
        if debug:
            shown = {**headers, "Authorization": REDACTED}
            logger.debug("request %s %s headers=%s", request.method, request.url, shown)
            started = time.perf_counter()
        # The SDK's error is raised after the `except` blocks, not inside them, so that its
        # `__context__` does not keep aiohttp's exception (whose request info holds the
        # Authorization header).
        failure: Exception | None = None
        try:
            result = await self._follow(session, request, headers)
        except asyncio.CancelledError:
            # Closing the session cancels the requests waiting for a connection; they get
            # a clear error rather than a cancellation nobody asked for.
            if not (self._closed and not _cancel_requested()):
                raise
            failure = self._closed_in_flight()
        except (asyncio.TimeoutError, TimeoutError):
            seconds = self._timeout(request.timeout).total
            failure = _failure(ApiTimeoutError, request, f"no answer within {seconds} s", True)
        except aiohttp.ClientConnectorError as exc:
            failure = _failure(
                ApiConnectionError, request, f"could not connect: {_describe(exc)}", False
            )
        except aiohttp.ClientError as exc:
            failure = _failure(
                ApiConnectionError, request, f"connection failed: {_describe(exc)}", True
            )
        except RuntimeError:
            if not (self._closed or session.closed):
                raise
            failure = self._closed_in_flight()
        if failure is not None:
            if self._closed:
                failure = self._closed_in_flight()
            raise failure
        if debug:
            elapsed = (time.perf_counter() - started) * 1000
            logger.debug(
                "response %s %s %s (%.1f ms, %d bytes)",
                result.status, request.method, request.url, elapsed, len(result.body),
            )  # fmt: skip
        return result

    async def _follow(
        self, session: aiohttp.ClientSession, request: PreparedRequest, headers: dict[str, str]
    ) -> RawResponse:
        """Send `request`, following redirects that stay on its origin; a redirect
        elsewhere, or more than `MAX_REDIRECTS`, ends as that 3xx answer with a body that
        says why."""
        method, url, body = request.method, request.url, request.body
        timeout = self._timeout(request.timeout)
        for _ in range(MAX_REDIRECTS + 1):
            async with session.request(
                method,
                URL(url, encoded=True),
                headers=headers,
                data=body,
                timeout=timeout,
                allow_redirects=False,
            ) as response:
                payload = await response.read()
                location = response.headers.get("Location")
                result = RawResponse(response.status, payload, response.headers.get("Retry-After"))
            if result.status not in REDIRECT_STATUSES or location is None:
                return result
            redirect = follow_redirect(method, url, result.status, location)
            if redirect is None:
                reason = f"a redirect to another origin ({location}) is not followed"
                return RawResponse(result.status, reason.encode())
            method, url = redirect.method, redirect.url
            if not redirect.keep_body:
                body = None
                headers.pop("Content-Type", None)
        return RawResponse(result.status, f"more than {MAX_REDIRECTS} redirects".encode())

    @staticmethod
    def _closed_in_flight() -> ClientClosedError:
        return ClientClosedError("the client was closed while this request was in flight")

    async def close(self) -> None:
        """Close the session and its connections; later `send` calls raise
        `ClientClosedError`."""
        self._closed = True
        session, self._session = self._session, None
        if session is not None:
            await session.close()


def _cancel_requested() -> bool:
    """Whether the current task is being cancelled (always assumed before Python 3.11,
    which cannot tell)."""
    task = asyncio.current_task()
    cancelling = getattr(task, "cancelling", None)
    return cancelling is None or cancelling() > 0


def _failure(
    kind: type[ApiConnectionError], request: PreparedRequest, what: str, request_sent: bool
) -> ApiConnectionError:
    return kind(
        f"{request.method} {request.url}: {what}",
        method=request.method,
        url=request.url,
        request_sent=request_sent,
    )


def _describe(exc: BaseException) -> str:
    """The exception's class and message, without request headers or other context."""
    message: Any = str(exc) or exc.__class__.__doc__ or ""
    return f"{type(exc).__name__}: {message}"
