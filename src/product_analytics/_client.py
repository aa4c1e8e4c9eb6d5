"""`AsyncClient`: the resources, on top of one transport, a retry policy and scope checks."""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import warnings
from collections.abc import Awaitable, Iterable, Mapping
from dataclasses import dataclass
from types import TracebackType
from typing import Any, TypeVar

from pydantic import BaseModel

from product_analytics._bulk import map_bounded
from product_analytics._config import ClientConfig
from product_analytics._generated.resources import ClientResources
from product_analytics._operation import Operation
from product_analytics._pagination import Pager, _Walk
from product_analytics._ratelimit import RateLimit
from product_analytics._retry import Attempt, RetryPolicy, parse_retry_after
from product_analytics._scopes import grants
from product_analytics._transport import Transport
from product_analytics._version import __version__
from product_analytics._wire import (
    PreparedRequest,
    RequestOptions,
    build_request,
    decode_error,
    decode_success,
    origin,
)
from product_analytics.errors import (
    ApiConnectionError,
    ApiStatusError,
    ClientClosedError,
    ExperimentalOperationWarning,
    MissingScopeError,
    PersonalApiKeyWarning,
    RateLimitError,
)

__all__ = ["AsyncClient", "ClientStats"]

logger = logging.getLogger("product_analytics")
ResultT = TypeVar("ResultT")
ItemT = TypeVar("ItemT")

_warned_experimental: set[str] = set()
_warned_personal_api_key: set[str] = set()


@dataclass
class ClientStats:
    """Counters of one client: HTTP attempts sent and retries made."""

    requests: int = 0
    retries: int = 0


class AsyncClient(ClientResources):
    """An async client of the product-analytics API.

    Use it as `async with AsyncClient(...) as client:` or call `await client.close()`. One
    client holds one connection pool and may be shared by many concurrent tasks.

    `api_key` and `base_url` default to the environment variables
    `PRODUCT_ANALYTICS_API_KEY` and `PRODUCT_ANALYTICS_BASE_URL`. `scopes`, when given, are
    the scopes the key holds: an operation needing another raises `MissingScopeError`
    before sending. `timeout` bounds one attempt of one request, in seconds. `max_retries`
    extra attempts follow a retryable failure (0 turns retries off); `retry_policy` replaces
    the backoff settings. `rate_limit=RateLimit(240, per=60)` keeps every attempt of this
    client under that many requests a window. `project_id` and `organization_id` are the
    defaults of the path parameters of those names.
    """

    def __init__(
        self,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        scopes: Iterable[str] | None = None,
        timeout: float = 30.0,
        max_retries: int = 2,
        max_concurrency: int = 32,
        project_id: str | int | None = None,
        organization_id: str | None = None,
        retry_policy: RetryPolicy | None = None,
        rate_limit: RateLimit | None = None,
    ) -> None:
        self._config = ClientConfig.resolve(
            api_key=api_key,
            base_url=base_url,
            scopes=scopes,
            timeout=timeout,
            max_retries=max_retries,
            max_concurrency=max_concurrency,
            project_id=project_id,
            organization_id=organization_id,
        )
        if retry_policy is None:
            retry_policy = RetryPolicy(max_retries=self._config.max_retries)
        self._retry = retry_policy
        if rate_limit is not None and not isinstance(rate_limit, RateLimit):
            raise TypeError("rate_limit must be a RateLimit, e.g. RateLimit(240, per=60)")
        self._rate_limit = rate_limit
        self._transport = Transport(
            api_key=self._config.api_key,
            max_concurrency=self._config.max_concurrency,
            default_timeout=self._config.timeout,
            user_agent=f"product-analytics-python/{__version__}",
        )
        self._path_defaults: dict[str, object] = {
            "project_id": self._config.project_id,
            "organization_id": self._config.organization_id,
        }
        self._base_origin = origin(self._config.base_url)
        self._background: set[asyncio.Future[Any]] = set()
        self._sleepers: set[asyncio.Future[None]] = set()
        self.stats = ClientStats()
        super().__init__(self)

    # -- configuration ------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        return self._config.base_url

    @property
    def scopes(self) -> frozenset[str] | None:
        return self._config.scopes

    @property
    def max_concurrency(self) -> int:
        return self._config.max_concurrency

    @property
    def closed(self) -> bool:
        return self._transport.closed

    def __repr__(self) -> str:
        return (
            f"AsyncClient(base_url={self._config.base_url!r}, api_key='***', "
            f"scopes={sorted(self._config.scopes) if self._config.scopes is not None else None})"
        )

    # -- lifecycle ----------------------------------------------------------------------

    async def __aenter__(self) -> AsyncClient:
        if self.closed:
            raise ClientClosedError("the client is closed; create a new AsyncClient")
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()

    async def close(self) -> None:
        """Cancel background page fetches and close every connection. Idempotent."""
        background, self._background = self._background, set()
        for task in (*background, *self._sleepers):
            task.cancel()
        if background:
            await asyncio.gather(*background, return_exceptions=True)
        await self._transport.close()

    # -- the Requester the resources call -----------------------------------------------

    def _check_call(self, operation: Operation[Any]) -> None:
        if self._transport.closed:
            raise ClientClosedError("the client is closed; create a new AsyncClient")
        held = self._config.scopes
        required = operation.required_scope
        if held is not None and required is not None and not grants(held, required):
            raise MissingScopeError(operation.operation_id, required, held)
        if operation.experimental and operation.operation_id not in _warned_experimental:
            _warned_experimental.add(operation.operation_id)
            warnings.warn(
                f"{operation.operation_id} is in development on the service and may change; "
                "do not depend on it",
                ExperimentalOperationWarning,
                stacklevel=_stacklevel_of_caller(),
            )
        if not operation.personal_api_key_allowed and operation.operation_id not in (
            _warned_personal_api_key
        ):
            _warned_personal_api_key.add(operation.operation_id)
            warnings.warn(
                f"the live service refuses personal API keys for {operation.operation_id}: "
                "expect a 403 (PermissionDeniedError) with one",
                PersonalApiKeyWarning,
                stacklevel=_stacklevel_of_caller(),
            )

    def _prepare(
        self,
        operation: Operation[Any],
        path_args: Mapping[str, object],
        query_args: Mapping[str, object],
        body_fields: Mapping[str, object] | None,
        options: RequestOptions,
    ) -> PreparedRequest:
        self._check_call(operation)
        return build_request(
            operation,
            base_url=self._config.base_url,
            path_args=path_args,
            query_args=query_args,
            body_fields=body_fields,
            options=options,
            path_defaults=self._path_defaults,
        )

    async def _request(
        self,
        operation: Operation[ResultT],
        *,
        path: Mapping[str, object],
        query: Mapping[str, object],
        body: Mapping[str, object] | None,
        options: RequestOptions,
    ) -> ResultT:
        """Perform `operation` with these arguments and return its decoded result."""
        prepared = self._prepare(operation, path, query, body, options)
        return await self._send(operation, prepared)

    async def _send(self, operation: Operation[ResultT], request: PreparedRequest) -> ResultT:
        """Send with retries; decode the 2xx answer or raise the last failure."""
        retries = 0
        method = request.method
        while True:
            if self._rate_limit is not None:
                await self._rate_limit.acquire()
            self.stats.requests += 1
            try:
                response = await self._transport.send(request)
            except ApiConnectionError as exc:
                attempt = Attempt(
                    connect_failed=not exc.request_sent, failed_after_send=exc.request_sent
                )
                failure: Exception = exc
            else:
                if 200 <= response.status < 300:
                    return decode_success(operation, response, method=method, url=request.url)
                error = decode_error(response, method=method, url=request.url)
                retry_after = (
                    error.retry_after
                    if isinstance(error, RateLimitError)
                    else parse_retry_after(response.retry_after)
                )
                attempt = Attempt(status=response.status, retry_after=retry_after)
                failure = error
            if self._transport.closed or not self._retry.should_retry(method, attempt, retries):
                raise failure
            delay = self._retry.delay(attempt, retries)
            retries += 1
            self.stats.retries += 1
            logger.info(
                "retry %d/%d of %s %s in %.2f s after %s",
                retries, self._retry.max_retries, method, request.target, delay,
                _outcome(failure),
            )  # fmt: skip
            await self._wait_before_retry(delay)

    async def _wait_before_retry(self, delay: float) -> None:
        """Sleep `delay` seconds; `close()` cuts the wait short with `ClientClosedError`."""
        sleeper = asyncio.ensure_future(asyncio.sleep(delay))
        self._sleepers.add(sleeper)
        try:
            await asyncio.wait((sleeper,))
        except BaseException:
            sleeper.cancel()
            raise
        finally:
            self._sleepers.discard(sleeper)
        if sleeper.cancelled():
            raise ClientClosedError("the client was closed while this request waited to retry")

    def _paginate(
        self,
        operation: Operation[Any],
        *,
        path: Mapping[str, object],
        query: Mapping[str, object],
        body: Mapping[str, object] | None,
        options: RequestOptions,
    ) -> Pager[Any]:
        """A pager over the list `operation`; its arguments are checked now, not when used."""
        first = self._prepare(operation, path, query, body, options)

        async def fetch(url: str) -> tuple[BaseModel, str]:
            self._check_call(operation)
            request = PreparedRequest("GET", url, url, first.headers, None, first.timeout)
            envelope: BaseModel = await self._send(operation, request)
            return envelope, url

        def make_walk() -> _Walk[Any]:
            return _Walk(fetch, self._base_origin, self._spawn)

        return Pager(first.url, make_walk)

    def _spawn(self, awaitable: Awaitable[ResultT]) -> asyncio.Future[ResultT]:
        """Run `awaitable` in the background until done or until the client closes."""
        task: asyncio.Future[ResultT] = asyncio.ensure_future(awaitable)
        self._background.add(task)
        task.add_done_callback(self._forget)
        return task

    def _forget(self, task: asyncio.Future[Any]) -> None:
        self._background.discard(task)
        if not task.cancelled():
            task.exception()  # retrieved: a prefetch nobody awaited must not warn

    async def _request_many(
        self,
        operation: Operation[ResultT],
        *,
        param: str,
        values: Iterable[object],
        path: Mapping[str, object],
        concurrency: int | None,
        return_exceptions: bool,
        options: RequestOptions,
    ) -> list[Any]:
        """`operation` once per value of the path parameter `param`, bounded, in order.

        Every request is built (and so every argument checked) before the first is sent.
        """
        if isinstance(values, (str, bytes)):
            raise TypeError(f"{param}s must be a list of values, not one string")
        if concurrency is None:
            concurrency = self._config.max_concurrency
        elif isinstance(concurrency, bool) or not isinstance(concurrency, int):
            raise TypeError("concurrency must be an int")
        elif concurrency < 1:
            raise ValueError("concurrency must be >= 1")
        requests = [
            self._prepare(operation, {**path, param: value}, {}, None, options) for value in values
        ]

        async def send(request: PreparedRequest) -> ResultT:
            return await self._send(operation, request)

        return await map_bounded(
            send, requests, concurrency=concurrency, return_exceptions=return_exceptions
        )


_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep


def _stacklevel_of_caller() -> int:
    """The `stacklevel` for a warning raised by the caller of this function that points at
    the first frame outside this package: the user's line, whichever way it came in."""
    frame = sys._getframe(1)
    level = 1
    while frame.f_back is not None and frame.f_code.co_filename.startswith(_PACKAGE_DIR):
        frame = frame.f_back
        level += 1
    return level


def _outcome(failure: Exception) -> str:
    if isinstance(failure, ApiStatusError):
        return f"status {failure.status_code}"
    return type(failure).__name__
