"""`AsyncClient`: the resources, on top of one transport, a retry policy, throttle state and
scope checks.

A call flows one way down and back: generated method -> `_prepare` (scope check,
`_http.wire.build_request`: every argument checked, nothing sent yet) ->
`Session.exchange` (`_sending.session`: the one path that sends: throttle, transport,
redirects, retries, timeouts and deadline; it reads the body within `max_response_bytes`)
-> `_http.decode.decode_success`.
"""

from __future__ import annotations

import asyncio
import copy
import ssl
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any, TypeVar

from typing_extensions import Unpack

from product_analytics._aiohttp import AiohttpTransport
from product_analytics._common.log import configure_from_env
from product_analytics._common.scopes import grants
from product_analytics._common.warn import warn_once
from product_analytics._generated.operations import THROTTLE_RATES
from product_analytics._generated.resources import ClientResources
from product_analytics._http.decode import Answer, decode_success
from product_analytics._http.wire import PreparedRequest, RequestOptions, build_request
from product_analytics._resources.bulk import ManyRequests
from product_analytics._resources.pagination import Pager
from product_analytics._resources.raw_response import RAW, RawResponse
from product_analytics._resources.resource import OperationArgs
from product_analytics._sending.config import ClientConfig, Secret
from product_analytics._sending.retry import RetryPolicy
from product_analytics._sending.session import Session
from product_analytics._sending.stats import ClientStats
from product_analytics._sending.throttle import RateLimit, ThrottleEvent, Throttles
from product_analytics._spec.operation import NO_ARGS, Operation
from product_analytics._transport.base import RequestHeaders, Transport
from product_analytics.errors import (
    ClientClosedError,
    ConfigurationError,
    ExperimentalOperationWarning,
    MissingScopeError,
    PersonalApiKeyWarning,
)

__all__ = ["AsyncClient"]

ResultT = TypeVar("ResultT")

_UNSET: Any = object()


class AsyncClient(ManyRequests, ClientResources):
    """An async client of the product-analytics API.

    Use it as `async with AsyncClient(...) as client:` or call `await client.close()`. One
    client holds one connection pool and may be shared by many concurrent tasks of the event
    loop it first ran on.

    `api_key` and `base_url` default to the environment variables
    `PRODUCT_ANALYTICS_API_KEY` and `PRODUCT_ANALYTICS_BASE_URL`. `scopes`, when given, are
    the scopes the key holds: an operation needing another raises `MissingScopeError`
    before sending. `timeout` bounds one attempt of one request (redirects included), in
    seconds; `deadline` bounds a whole call (attempts, retries and throttle waits).
    `max_concurrency` bounds the requests in flight at once, across every task, whatever
    the transport (a request waiting for its turn spends its `timeout`). `max_retries`
    extra attempts follow a retryable failure (0 turns retries off, 429 waits included);
    `retry_policy` sets the backoff. A 429 pauses the operation's throttle class for every
    task of the client until the service's window reopens, then requests of the class are
    paced; `rate_limit=RateLimit(240, per=60)` (or `{throttle_class: RateLimit}`)
    caps requests up front. `throttle_store="redis://host:6379/0"` (or env
    `PRODUCT_ANALYTICS_THROTTLE_STORE`) shares the throttle windows and pauses with every
    client on that Redis server; None or "memory://" keeps them in this process.
    `max_response_bytes` bounds one response body (after decompression); `max_page_items`
    bounds the items of any list page (a page may hold more than its `limit`). `project_id`
    and `organization_id` are the defaults of the path parameters of those names;
    `project_id` is also the default of `environment_id`. `default_headers` go on every
    request (a call's `extra_headers` win; they may set `User-Agent`, never `Authorization`).

    `transport` replaces the aiohttp transport (`AiohttpTransport(session)` sends on your
    own `aiohttp.ClientSession`; see also `MockTransport`). The default transport goes
    through `proxy` when given; with `trust_env` (the default) and no `proxy`, through the
    proxy `HTTPS_PROXY`/`HTTP_PROXY` name for the host unless `NO_PROXY` exempts it, and
    `SSL_CERT_FILE` is honoured. `verify` is True (the system's CAs), False (no
    certificate check), a CA bundle path or an `ssl.SSLContext`.
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
        proxy: str | None = None,
        trust_env: bool = True,
        verify: bool | str | ssl.SSLContext = True,
        default_headers: Mapping[str, str] | None = None,
        throttle_store: str | None = None,
    ) -> None:
        # The key goes into a Secret at once: this frame keeps no str of it, so that a
        # traceback's locals (a configuration error below, say) cannot show it.
        configure_from_env()  # PRODUCT_ANALYTICS_LOG, read once a process
        api_key = Secret.of(api_key)  # type: ignore[assignment]
        settings = dict(locals())
        del settings["self"]
        self._config = config = ClientConfig.resolve(settings)
        transport = _transport_for(config)
        throttles = Throttles(  # Throttles checks rate_limit and the store's URL
            rate_limit,
            rates=THROTTLE_RATES,
            store=config.throttle_store,
            namespace=config.throttle_namespace(),
        )
        slots = None if config.transport is None else asyncio.Semaphore(config.max_concurrency)
        self._session = Session(transport=transport, throttles=throttles, slots=slots)
        self._init_resources()

    def _init_resources(self) -> None:
        self._path_defaults: dict[str, object] = {
            "project_id": self._config.project_id,
            # PostHog's current spec names the project of environment paths `environment_id`.
            "environment_id": self._config.project_id,
            "organization_id": self._config.organization_id,
        }
        ClientResources.__init__(self, self)

    def with_options(self, **changes: Any) -> AsyncClient:
        """A client with other settings that shares this one's connection pool, throttle
        state and counters. Closing either closes the pool for both.

        Takes the keywords of `AsyncClient`. The settings that make the shared parts
        (`api_key`, `base_url`, `max_concurrency`, `rate_limit`, `transport`, `proxy`,
        `trust_env`, `verify`, `throttle_store`) cannot change: a `TypeError` says to
        create a new client.
        """
        clone = copy.copy(self)
        clone._config = self._config.replaced(changes)
        clone._init_resources()
        return clone

    # -- configuration ------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        """The service's base URL, as given or read from the environment."""
        return self._config.base_url

    @property
    def scopes(self) -> frozenset[str] | None:
        """The scopes the key holds, or None when calls are not checked against them."""
        return self._config.scopes

    @property
    def max_concurrency(self) -> int:
        """The most requests this client has in flight at once."""
        return self._config.max_concurrency

    @property
    def stats(self) -> ClientStats:
        """Counters shared by this client and those made from it by `with_options`."""
        return self._session.stats

    @property
    def closed(self) -> bool:
        """Whether the client is closed (by `close()` or by leaving its `async with`)."""
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

    async def __aexit__(self, *exc_info: object) -> None:
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
        return await self._session.exchange(
            operation, prepared, self._config, self._config.retry_policy
        )

    # -- what the generated resources call ----------------------------------------------

    def _prepare(
        self,
        operation: Operation[Any],
        path: Mapping[str, object],
        query: Mapping[str, object] = NO_ARGS,
        body: Mapping[str, object] | None = None,
        *,
        options: RequestOptions,
    ) -> PreparedRequest:
        """Check the call (client open, scope) and every argument; build the request, with
        the `Authorization` of the client's key (in headers whose repr hides it). Every
        request sent for this call shares those headers: each of a `get_many`, each page of
        a list."""
        if self._session.closed:
            raise ClientClosedError("the client is closed; create a new AsyncClient")
        held = self._config.scopes
        if held is not None:
            for required in operation.required_scopes:
                if not grants(held, required):
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
        defaults = self._config.default_headers
        extra = options.extra_headers  # not a mapping: left for build_request to refuse
        if defaults and (extra is None or isinstance(extra, Mapping)):
            options = replace(options, extra_headers={**defaults, **extra} if extra else defaults)
        prepared = build_request(
            operation,
            base_url=self._config.base_url,
            path_args=path,
            query_args=query,
            body_fields=body,
            options=options,
            path_defaults=self._path_defaults,
        )
        headers = RequestHeaders(prepared.headers)
        headers["Authorization"] = self._config.api_key.header
        return prepared._replace(headers=headers)

    async def _request(
        self, operation: Operation[ResultT], **arguments: Unpack[OperationArgs]
    ) -> ResultT:
        """Perform `operation` with these arguments and return its decoded result (or,
        under `with_raw_response`, the raw response)."""
        prepared = self._prepare(operation, **arguments)
        config = self._config
        answer, url = await self._session.exchange(operation, prepared, config, config.retry_policy)
        if RAW.get():
            return RawResponse(  # type: ignore[return-value]
                answer=answer,
                operation=operation,
                method=prepared.method,
                url=url,
                hide=config.api_key.hidden_in,
            )
        try:
            return decode_success(
                operation, answer, method=prepared.method, url=url, hide=config.api_key.hidden_in
            )
        finally:
            del answer  # an error's traceback keeps this frame, and must not keep the body

    def _paginate(
        self, operation: Operation[Any], **arguments: Unpack[OperationArgs]
    ) -> Pager[Any]:
        """A pager over the list `operation`; its arguments are checked now, not when used."""
        return Pager(client=self, operation=operation, first=self._prepare(operation, **arguments))


def _transport_for(config: ClientConfig) -> Transport:
    """The transport a client sends with: `config.transport`, or an `AiohttpTransport` set
    up by `proxy`, `trust_env` and `verify` (which only that default transport takes)."""
    if config.transport is None:
        return AiohttpTransport(
            proxy=config.proxy,
            trust_env=config.trust_env,
            verify=config.verify,
            limit=config.max_concurrency,
        )
    if config.proxy is not None or config.verify is not True:
        raise ConfigurationError(
            "proxy= and verify= set up the default transport: with transport=, "
            "configure the transport (AiohttpTransport(proxy=..., verify=...)) instead"
        )
    return config.transport
