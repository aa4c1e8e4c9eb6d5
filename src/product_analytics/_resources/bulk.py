"""Fetching many results of one operation by id: `get_many`'s engine, mixed into
`AsyncClient` (`ManyRequests`).

`_request_many` sends the operation once per value of a path parameter, at most
`concurrency` at a time (`_common.pool.map_bounded`), results in input order. With a batch size
it goes through the list operation that finds many at once (`BatchLookup`, read from the
spec's `x-sdk-batch`) first, then one by one for the ids the list did not return. Every
argument (each value included) is checked before the first request is sent.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from product_analytics._common.pool import map_bounded
from product_analytics._common.warn import warn_once
from product_analytics._http.decode import decode_success
from product_analytics._http.wire import PreparedRequest, RequestOptions, path_template
from product_analytics._sending.config import ClientConfig
from product_analytics._sending.session import Session
from product_analytics._spec.operation import Operation

__all__ = [
    "BatchLookup",
    "ManyRequests",
    "batch_groups",
    "check_batch_size",
    "fetch_batched",
]

KeyT = TypeVar("KeyT", bound=Hashable)
ResultT = TypeVar("ResultT")


@dataclass(frozen=True, slots=True)
class BatchLookup:
    """How a list operation returns many results of a retrieve operation (`x-sdk-batch`).

    One request of `operation` carries the ids as its JSON-list query parameter
    `parameter` (at most `max_size` of them), its page size `limit` set to their count, and
    the fixed query parameters `query`. Its results are matched to the ids by their `field`.
    """

    operation: Operation[Any]
    parameter: str
    max_size: int
    limit: str | None = None
    query: Mapping[str, str] = field(default_factory=dict)
    field: str = "id"

    def query_for(self, ids: Sequence[str]) -> dict[str, object]:
        """The query arguments of the request for `ids`."""
        query: dict[str, object] = dict(self.query)
        query[self.parameter] = list(ids)
        if self.limit is not None:
            query[self.limit] = len(ids)
        return query

    def found(self, results: Sequence[Any], wanted: Sequence[str]) -> dict[str, Any]:
        """The results of `results` whose `field` is one of `wanted`, by that id. Others
        (rows the service adds beyond the ids asked for) are left out."""
        asked = set(wanted)
        by_id: dict[str, Any] = {}
        for item in results:
            key = getattr(item, self.field, None)
            if isinstance(key, str) and key in asked:
                by_id.setdefault(key, item)
        return by_id


def check_batch_size(batch_size: object, maximum: int) -> int:
    """`batch_size` when it is an int from 1 to `maximum`; TypeError or ValueError if not."""
    if isinstance(batch_size, bool) or not isinstance(batch_size, int):
        raise TypeError(f"batch_size must be an int, not {type(batch_size).__name__}")
    if not 1 <= batch_size <= maximum:
        raise ValueError(f"batch_size must be from 1 to {maximum}, not {batch_size}")
    return batch_size


def batch_groups(keys: Sequence[KeyT], size: int) -> list[list[KeyT]]:
    """The distinct `keys`, in the order first seen, in groups of at most `size`."""
    distinct = list(dict.fromkeys(keys))
    return [distinct[start : start + size] for start in range(0, len(distinct), size)]


async def fetch_batched(
    keys: Sequence[KeyT],
    groups: Sequence[Sequence[KeyT]],
    *,
    fetch_group: Callable[[int], Awaitable[Mapping[KeyT, Any]]],
    fetch_one: Callable[[KeyT], Awaitable[Any]],
    concurrency: int,
    return_exceptions: bool,
) -> list[Any]:
    """One result per key of `keys`, in their order, fetched group by group.

    `fetch_group(i)` fetches `groups[i]` and gives what it found by key; each key of the
    groups it did not find is then fetched alone by `fetch_one`. A key repeated in `keys`
    is fetched once and its result placed at each of its positions. Both kinds of fetch run
    at most `concurrency` at a time. A failure is raised as `map_bounded` raises it; with
    `return_exceptions=True` a failed group's exception takes the place of each of its keys,
    and a failed single fetch the place of its key.
    """
    outcome: dict[KeyT, Any] = {}
    found = await map_bounded(
        fetch_group,
        range(len(groups)),
        concurrency=concurrency,
        return_exceptions=return_exceptions,
    )
    for group, by_key in zip(groups, found, strict=True):
        for key in group:
            if isinstance(by_key, Exception):
                outcome[key] = by_key
            elif key in by_key:
                outcome[key] = by_key[key]
    missing = [key for group in groups for key in group if key not in outcome]
    alone = await map_bounded(
        fetch_one, missing, concurrency=concurrency, return_exceptions=return_exceptions
    )
    outcome.update(zip(missing, alone, strict=True))
    return [outcome[key] for key in keys]


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
        `batch_size`, through `batch`'s list operation first (see `fetch_batched`).

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
            batch=batch,
            batch_size=batch_size,
            keys=[str(value) for value in values],  # each checked to be a str
            urls=urls,
            fetch=fetch,
            path=path,
            options=options,
            concurrency=concurrency,
            return_exceptions=return_exceptions,
        )

    async def _request_batched(
        self,
        *,
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
                batch.operation,
                answer,
                method=pages[index].method,
                url=url,
                max_items=self._config.max_page_items,
                hide=self._config.api_key.hidden_in,
            )
            del answer
            return batch.found(page.results, groups[index])

        def fetch_one(key: str) -> Awaitable[Any]:
            return fetch(url_of[key])

        return await fetch_batched(
            keys,
            groups,
            fetch_group=fetch_group,
            fetch_one=fetch_one,
            concurrency=concurrency,
            return_exceptions=return_exceptions,
        )

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
        template = path_template(
            operation,
            first,
            base_url=self._config.base_url,
            name=param,
            args=path,
            defaults=self._path_defaults,
        )
        urls = [first.url, *map(template.url, values[1:])]
        # Looked up once here, not once an id in `fetch`.
        exchange = self._session.exchange
        config = self._config
        retry_policy = config.retry_policy
        method = first.method
        hide = config.api_key.hidden_in

        async def fetch(url: str) -> Any:
            answer, final_url = await exchange(operation, first, config, retry_policy, url)
            try:
                return decode_success(operation, answer, method=method, url=final_url, hide=hide)
            finally:
                del answer  # errors returned by get_many must not keep bodies alive

        return fetch, urls
