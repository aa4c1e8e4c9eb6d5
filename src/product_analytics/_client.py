"""`AsyncClient`: the resources, on top of one transport, a retry policy, throttle state and
scope checks.

A call flows: generated method -> `_prepare` (scope check, `_wire.build_request`: every
argument checked, nothing sent yet) -> `Session.exchange` (`_session`: the one loop that
sends: throttle, transport, redirects, retries, timeouts and deadline; it reads the body
within `max_response_bytes`) -> `_wire.decode_success`.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import replace
from types import TracebackType
from typing import Any, TypeVar

from product_analytics._aiohttp import AiohttpTransport
from product_analytics._bulk import map_bounded
from product_analytics._config import THROTTLE_STORE_ENV, ClientConfig, Secret
from product_analytics._generated import SPEC_USER_AGENT
from product_analytics._generated.operations import THROTTLE_RATES
from product_analytics._generated.resources import ClientResources
from product_analytics._operation import Operation
from product_analytics._pagination import Pager
from product_analytics._ratelimit import RateLimit
from product_analytics._raw_response import RAW, RawResponse
from product_analytics._retry import RetryPolicy
from product_analytics._scopes import grants
from product_analytics._session import ClientStats, Session
from product_analytics._throttle import ThrottleEvent, Throttles
from product_analytics._transport import (
    Transport,
)
from product_analytics._version import __version__
from product_analytics._warn import warn_once
from product_analytics._wire import (
    Answer,
    PreparedRequest,
    RequestOptions,
    build_request,
    decode_success,
    path_template,
)
from product_analytics.errors import (
    ClientClosedError,
    ExperimentalOperationWarning,
    MissingScopeError,
    PersonalApiKeyWarning,
)

__all__ = ["AsyncClient", "ClientStats"]

ResultT = TypeVar("ResultT")

_UNSET: Any = object()


class AsyncClient(ClientResources):
    """An async client of the product-analytics API.

    Use it as `async with AsyncClient(...) as client:` or call `await client.close()`. One
    client holds one connection pool and may be shared by many concurrent tasks of the event
    loop it first ran on.

    `api_key` and `base_url` default to the environment variables
    `PRODUCT_ANALYTICS_API_KEY` and `PRODUCT_ANALYTICS_BASE_URL`. `scopes`, when given, are
    the scopes the key holds: an operation needing another raises `MissingScopeError`
    before sending. `timeout` bounds one attempt of one request (redirects included), in
    seconds; `deadline` bounds a whole call (attempts, retries and throttle waits).
    `max_retries` extra attempts follow a retryable failure (0 turns retries off, 429 waits
    included); `retry_policy` sets the backoff. A 429 pauses the operation's throttle class
    for every task of the client until the service's window reopens, then requests of the
    class are paced; `rate_limit=RateLimit(240, per=60)` (or `{throttle_class: RateLimit}`)
    caps requests up front. `throttle_store="redis://host:6379/0"` (or env
    `PRODUCT_ANALYTICS_THROTTLE_STORE`) shares the throttle windows and pauses with every
    client on that Redis server; None or "memory://" keeps them in this process.
    `max_response_bytes` bounds one response body (after
    decompression); `max_page_items` bounds the items of a list page that asked for no
    `limit`. `project_id` and `organization_id` are the defaults of the path parameters of
    those names. `transport` replaces the aiohttp transport (see `MockTransport`).
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
        deadline: float | None = None,
        max_response_bytes: int = 64 * 1024 * 1024,
        max_page_items: int = 10_000,
        rate_limit: RateLimit | Mapping[str, RateLimit] | None = None,
        transport: Transport | None = None,
        retry_policy: RetryPolicy | None = None,
        require_https: bool = False,
        throttle_store: str | None = None,
    ) -> None:
        # The key goes into the config's Secret at once: this frame keeps no str of it, so
        # that a traceback's locals (a configuration error below, say) cannot show it.
        secret, api_key = Secret.of(api_key), None
        self._config = ClientConfig.resolve(
            api_key=secret,
            base_url=base_url,
            scopes=scopes,
            timeout=timeout,
            max_retries=max_retries,
            max_concurrency=max_concurrency,
            project_id=project_id,
            organization_id=organization_id,
            deadline=deadline,
            max_response_bytes=max_response_bytes,
            max_page_items=max_page_items,
            require_https=require_https,
        )
        self._retry = _check_policy(retry_policy)
        if transport is None:
            transport = AiohttpTransport(
                max_connections=self._config.max_concurrency,
                user_agent=f"product-analytics-python/{__version__} {SPEC_USER_AGENT}",
            )
        elif not isinstance(transport, Transport):
            raise TypeError("transport must have async send(request, *, timeout) and close()")
        throttles = Throttles(  # Throttles checks rate_limit and the store's URL
            rate_limit,
            rates=THROTTLE_RATES,
            store=throttle_store or os.environ.get(THROTTLE_STORE_ENV) or None,
            namespace=self._config.throttle_namespace(),
        )
        self._session = Session(transport, throttles)
        self._init_resources()

    def _init_resources(self) -> None:
        self._path_defaults: dict[str, object] = {
            "project_id": self._config.project_id,
            "organization_id": self._config.organization_id,
        }
        ClientResources.__init__(self, self)

    def with_options(
        self,
        *,
        scopes: Iterable[str] | None = _UNSET,
        timeout: float = _UNSET,
        max_retries: int = _UNSET,
        project_id: str | int | None = _UNSET,
        organization_id: str | None = _UNSET,
        deadline: float | None = _UNSET,
        max_response_bytes: int = _UNSET,
        max_page_items: int = _UNSET,
        retry_policy: RetryPolicy | None = _UNSET,
        require_https: bool = _UNSET,
        api_key: str | None = _UNSET,
        base_url: str | None = _UNSET,
        max_concurrency: int = _UNSET,
        rate_limit: RateLimit | Mapping[str, RateLimit] | None = _UNSET,
        transport: Transport | None = _UNSET,
        throttle_store: str | None = _UNSET,
    ) -> AsyncClient:
        """A client with other settings that shares this one's connection pool, throttle
        state and counters. Closing either closes the pool for both.

        The settings that make the shared parts (`api_key`, `base_url`, `max_concurrency`,
        `rate_limit`, `transport`, `throttle_store`) cannot change: a `TypeError` says to
        create a new client.
        """
        fixed = {
            "api_key": api_key,
            "base_url": base_url,
            "max_concurrency": max_concurrency,
            "rate_limit": rate_limit,
            "transport": transport,
            "throttle_store": throttle_store,
        }
        changed_fixed = sorted(name for name, value in fixed.items() if value is not _UNSET)
        if changed_fixed:
            raise TypeError(
                f"with_options cannot change {', '.join(changed_fixed)}: the client it makes "
                "shares this one's key, connection pool and throttle state; create a new "
                "AsyncClient instead"
            )
        changes: dict[str, Any] = {
            name: value
            for name, value in {
                "timeout": timeout,
                "max_retries": max_retries,
                "project_id": project_id,
                "organization_id": organization_id,
                "deadline": deadline,
                "max_response_bytes": max_response_bytes,
                "max_page_items": max_page_items,
            }.items()
            if value is not _UNSET
        }
        old = self._config
        checked = ClientConfig.resolve(
            api_key="-",  # not used: the key stays the one this client holds
            base_url=old.base_url,
            scopes=old.scopes if scopes is _UNSET else scopes,
            timeout=changes.get("timeout", old.timeout),
            max_retries=changes.get("max_retries", old.max_retries),
            max_concurrency=old.max_concurrency,
            project_id=changes.get("project_id", old.project_id),
            organization_id=changes.get("organization_id", old.organization_id),
            deadline=changes.get("deadline", old.deadline),
            max_response_bytes=changes.get("max_response_bytes", old.max_response_bytes),
            max_page_items=changes.get("max_page_items", old.max_page_items),
            require_https=old.require_https if require_https is _UNSET else require_https,
        )
        clone = object.__new__(AsyncClient)
        clone._config = replace(checked, api_key=old.api_key)
        clone._retry = self._retry if retry_policy is _UNSET else _check_policy(retry_policy)
        clone._session = self._session
        clone._init_resources()
        return clone

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
    def stats(self) -> ClientStats:
        """Counters shared by this client and those made from it by `with_options`."""
        return self._session.stats

    @property
    def closed(self) -> bool:
        return self._session.closed

    def paused_until(self, throttle_class: str) -> float | None:
        """When (`time.time()`) the service's throttle lets `throttle_class` go again, or
        None when it is not paused."""
        return self._session.throttles.paused_until(throttle_class)

    def add_throttle_listener(
        self, callback: Callable[[ThrottleEvent], None]
    ) -> Callable[[], None]:
        """Call `callback(ThrottleEvent)` when the service pauses a throttle class (and
        when it resumes); returns a function that removes the callback. Progress displays
        use it to show that work is paused by the service, and until when."""
        return self._session.throttles.add_listener(callback)

    def __repr__(self) -> str:
        config: ClientConfig | None = getattr(self, "_config", None)
        if config is None:  # its __init__ failed (as a traceback's locals may show)
            return "AsyncClient(<not configured>)"
        scopes = sorted(config.scopes) if config.scopes is not None else None
        return f"AsyncClient(base_url={config.base_url!r}, api_key='***', scopes={scopes})"

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
        """End every call in flight with `ClientClosedError`, stop background page fetches
        and close every connection (those of the clients `with_options` made too).
        Idempotent."""
        await self._session.close()

    def _spawn(self, awaitable: Awaitable[ResultT]) -> asyncio.Future[ResultT]:
        """Run `awaitable` in the background until done or until the client closes."""
        return self._session.spawn(awaitable)

    async def _exchange(
        self, operation: Operation[Any], prepared: PreparedRequest
    ) -> tuple[Answer, str]:
        """Send `prepared` until it has a 2xx answer; see `Session.exchange`."""
        return await self._session.exchange(operation, prepared, self._config, self._retry)

    # -- what the generated resources call ----------------------------------------------

    def _prepare(
        self,
        operation: Operation[Any],
        path: Mapping[str, object],
        query: Mapping[str, object],
        body: Mapping[str, object] | None,
        options: RequestOptions,
    ) -> PreparedRequest:
        """Check the call (client open, scope) and every argument; build the request."""
        if self._session.closed:
            raise ClientClosedError("the client is closed; create a new AsyncClient")
        held = self._config.scopes
        required = operation.required_scope
        if held is not None and required is not None and not grants(held, required):
            raise MissingScopeError(operation.operation_id, required, held)
        if operation.experimental:
            warn_once(
                ExperimentalOperationWarning,
                operation.operation_id,
                f"{operation.operation_id} is in development on the service and may change; "
                "do not depend on it",
            )
        if not operation.personal_api_key_allowed:
            warn_once(
                PersonalApiKeyWarning,
                operation.operation_id,
                f"the live service refuses personal API keys for {operation.operation_id}: "
                "expect a 403 (PermissionDeniedError) with one",
            )
        return build_request(
            operation,
            base_url=self._config.base_url,
            path_args=path,
            query_args=query,
            body_fields=body,
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
        """Perform `operation` with these arguments and return its decoded result (or,
        under `with_raw_response`, the raw response)."""
        prepared = self._prepare(operation, path, query, body, options)
        answer, url = await self._exchange(operation, prepared)
        if RAW.get():
            return RawResponse(answer, operation, prepared.method, url)  # type: ignore[return-value]
        try:
            return decode_success(operation, answer, method=prepared.method, url=url)
        finally:
            del answer  # an error's traceback keeps this frame, and must not keep the body

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
        return Pager(self, operation, self._prepare(operation, path, query, body, options))

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

        Every argument (each value included) is checked before the first request is sent.
        """
        if isinstance(values, (str, bytes)):
            raise TypeError(f"{param}s must be a list of values, not one string")
        limit = self._config.max_concurrency
        if concurrency is None:
            concurrency = limit
        elif isinstance(concurrency, bool) or not isinstance(concurrency, int):
            raise TypeError("concurrency must be an int")
        elif concurrency < 1:
            raise ValueError("concurrency must be >= 1")
        elif concurrency > limit:
            warn_once(
                UserWarning,
                f"concurrency>{limit}",
                f"concurrency={concurrency} is capped at the client's max_concurrency={limit}; "
                "raise AsyncClient(max_concurrency=...) for more requests in flight",
            )
            concurrency = limit
        values = list(values)
        if not values:
            return []
        # The call is checked once, the first request built in full; the others differ in
        # `param` alone, each checked and encoded before the first request is sent. Only
        # their URLs are kept until sent.
        first = self._prepare(operation, {**path, param: values[0]}, {}, None, options)
        base_url = self._config.base_url
        template = path_template(
            operation, first, base_url=base_url, name=param, args=path,
            defaults=self._path_defaults,
        )  # fmt: skip
        urls = [first.url, *map(template.url, values[1:])]
        start = len(base_url)
        exchange, config, retry = self._session.exchange, self._config, self._retry

        method = first.method

        def send(url: str) -> Awaitable[tuple[Answer, str]]:
            request = PreparedRequest(
                method, url, url[start:], first.headers, first.body, first.timeout,
                first.deadline,
            )  # fmt: skip
            return exchange(operation, request, config, retry)

        def decode(exchanged: tuple[Answer, str]) -> Any:
            answer, final_url = exchanged
            del exchanged
            try:
                return decode_success(operation, answer, method=method, url=final_url)
            finally:
                del answer  # errors returned by get_many must not keep bodies alive

        return await map_bounded(
            send, urls, concurrency=concurrency, return_exceptions=return_exceptions, then=decode
        )


def _check_policy(policy: RetryPolicy | None) -> RetryPolicy:
    if policy is None:
        return RetryPolicy()
    if not isinstance(policy, RetryPolicy):
        raise TypeError("retry_policy must be a RetryPolicy")
    return policy
