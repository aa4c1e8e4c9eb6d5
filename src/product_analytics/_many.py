"""Fetching many resources by id: `get_many`'s engine, mixed into `AsyncClient`.

`_request_many` sends one operation once per value of a path parameter, at most
`concurrency` at a time, results in input order; with a batch size, through the list
operation that finds many at once first, then one by one for the ids the list missed.
Every argument (each value included) is checked before the first request is sent.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any, TypeVar

from product_analytics._bulk import (
    BatchLookup,
    batch_groups,
    check_batch_size,
    fetch_batched,
    map_bounded,
)
from product_analytics._config import ClientConfig
from product_analytics._decode import decode_success
from product_analytics._operation import Operation
from product_analytics._session import Session
from product_analytics._warn import warn_once
from product_analytics._wire import PreparedRequest, RequestOptions, path_template

__all__ = ["ManyRequests"]

ResultT = TypeVar("ResultT")


class ManyRequests:
    """The many-request methods of a client; the client supplies the attributes below."""

    _config: ClientConfig
    _session: Session
    _path_defaults: dict[str, object]

    # The client's `_prepare`: checks a call and builds its request.
    _prepare: Callable[..., PreparedRequest]

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
        batch: BatchLookup | None = None,
        batch_size: int | None = None,
    ) -> list[Any]:
        """`operation` once per value of the path parameter `param`, bounded, in order; with
        `batch_size`, through `batch`'s list operation first (see `_bulk.fetch_batched`).

        Every argument (each value included) is checked before the first request is sent.
        """
        if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
            raise TypeError(f"{param}s must be a list of values, not {type(values).__name__}")
        if batch_size is not None:
            if batch is None:
                raise TypeError(f"{operation.operation_id} cannot be fetched in batches")
            batch_size = check_batch_size(batch_size, batch.max_size)
        concurrency = self._check_concurrency(concurrency)
        values = list(values)
        if not values:
            return []
        fetch, urls = self._many_requests(operation, param, values, path, options)
        if batch is None or batch_size is None:
            return await map_bounded(
                fetch, urls, concurrency=concurrency, return_exceptions=return_exceptions
            )
        return await self._request_batched(
            batch, batch_size, [str(value) for value in values],  # each checked to be a str
            urls, fetch, path, options, concurrency, return_exceptions,
        )  # fmt: skip

    async def _request_batched(
        self,
        batch: BatchLookup,
        batch_size: int,
        keys: list[str],
        urls: list[str],
        fetch: Callable[[str], Awaitable[Any]],
        path: Mapping[str, object],
        options: RequestOptions,
        concurrency: int,
        return_exceptions: bool,
    ) -> list[Any]:
        """`_request_many` through `batch`'s list: one request per `batch_size` distinct
        `keys`, then `fetch(url)` for each key the list did not return."""
        url_of = dict(zip(keys, urls, strict=True))
        groups = batch_groups(keys, batch_size)
        list_path = {p.name: path[p.name] for p in batch.operation.path_params}
        pages = [
            self._prepare(batch.operation, list_path, batch.query_for(group), options=options)
            for group in groups
        ]  # every list request checked before the first is sent

        async def fetch_group(index: int) -> dict[str, Any]:
            answer, url = await self._session.exchange(
                batch.operation, pages[index], self._config, self._config.retry_policy
            )
            page = decode_success(
                batch.operation, answer, method=pages[index].method, url=url,
                max_items=self._config.max_page_items,
            )  # fmt: skip
            del answer
            return batch.found(page.results, groups[index])

        def fetch_one(key: str) -> Awaitable[Any]:
            return fetch(url_of[key])

        return await fetch_batched(
            keys, groups, fetch_group=fetch_group, fetch_one=fetch_one,
            concurrency=concurrency, return_exceptions=return_exceptions,
        )  # fmt: skip

    def _check_concurrency(self, concurrency: int | None) -> int:
        """`concurrency` checked and capped at the client's `max_concurrency` (its default)."""
        limit = self._config.max_concurrency
        if concurrency is None:
            return limit
        if isinstance(concurrency, bool) or not isinstance(concurrency, int):
            raise TypeError("concurrency must be an int")
        if concurrency < 1:
            raise ValueError("concurrency must be >= 1")
        if concurrency > limit:
            warn_once(
                UserWarning,
                f"concurrency>{limit}",
                f"concurrency={concurrency} is capped at the client's max_concurrency={limit}; "
                "raise AsyncClient(max_concurrency=...) for more requests in flight",
            )
            return limit
        return concurrency

    def _many_requests(
        self,
        operation: Operation[Any],
        param: str,
        values: list[object],
        path: Mapping[str, object],
        options: RequestOptions,
    ) -> tuple[Callable[[str], Awaitable[Any]], list[str]]:
        """`fetch(url)`, which sends the request for one value to `url` and decodes its
        answer, and the URL of each value of `param`: every value checked and encoded now,
        before anything is sent."""
        # The call is checked once, the first request built in full; the others differ in
        # `param` alone. Only their URLs are kept until sent.
        first = self._prepare(operation, {**path, param: values[0]}, {}, options=options)
        base_url = self._config.base_url
        template = path_template(
            operation, first, base_url=base_url, name=param, args=path,
            defaults=self._path_defaults,
        )  # fmt: skip
        urls = [first.url, *map(template.url, values[1:])]
        exchange, config, retry = self._session.exchange, self._config, self._config.retry_policy
        method = first.method

        async def fetch(url: str) -> Any:
            answer, final_url = await exchange(operation, first, config, retry, url)
            try:
                return decode_success(operation, answer, method=method, url=final_url)
            finally:
                del answer  # errors returned by get_many must not keep bodies alive

        return fetch, urls
