"""Running one coroutine per input with bounded concurrency, results in input order; and
fetching many results of a retrieve operation through a list operation, in batches.

The batch part is request planning only (which ids go in which request, what each request's
query holds, where each result lands); the caller supplies the coroutines that send.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar, overload

from product_analytics._operation import Operation

__all__ = ["BatchLookup", "batch_groups", "check_batch_size", "fetch_batched", "map_bounded"]

InT = TypeVar("InT")
MidT = TypeVar("MidT")
OutT = TypeVar("OutT")
KeyT = TypeVar("KeyT", bound=Hashable)


@overload
async def map_bounded(
    function: Callable[[InT], Awaitable[OutT]],
    inputs: Sequence[InT],
    *,
    concurrency: int,
    return_exceptions: bool = False,
) -> list[OutT | Exception]: ...


@overload
async def map_bounded(
    function: Callable[[InT], Awaitable[MidT]],
    inputs: Sequence[InT],
    *,
    concurrency: int,
    return_exceptions: bool = False,
    then: Callable[[MidT], OutT],
) -> list[OutT | Exception]: ...


async def map_bounded(
    function: Callable[[Any], Awaitable[Any]],
    inputs: Sequence[Any],
    *,
    concurrency: int,
    return_exceptions: bool = False,
    then: Callable[[Any], Any] | None = None,
) -> list[Any]:
    """`[await function(x) for x in inputs]` (with `then`: `[then(await function(x)) ...]`),
    at most `concurrency` at a time. `then` finishes each result synchronously in the worker,
    which spares a coroutine a call where `function` only needs to start one.

    With `return_exceptions=False` the first exception cancels the calls still running,
    waits for them to finish, and is raised. With `return_exceptions=True` an exception
    takes its input's place. Cancelling this coroutine cancels every call and waits for
    them: no task outlives it.
    """
    count = len(inputs)
    results: list[Any] = [None] * count
    if count == 0:
        return results
    position = 0
    failure: list[BaseException] = []

    async def worker() -> None:
        nonlocal position
        while position < count and not failure:
            index = position
            position += 1
            try:
                # The awaited value is passed on, never bound here: an exception stored by
                # `return_exceptions` keeps this frame in its traceback.
                if then is None:
                    results[index] = await function(inputs[index])
                else:
                    results[index] = then(await function(inputs[index]))
            except Exception as exc:
                if not return_exceptions:
                    failure.append(exc)
                    raise
                results[index] = exc

    workers = [asyncio.create_task(worker()) for _ in range(min(concurrency, count))]
    await _settle(workers, failure)
    if failure:
        raise failure[0]
    return results


async def _settle(workers: list[asyncio.Task[None]], failure: list[BaseException]) -> None:
    """Wait for `workers` until all are done or one fails; then cancel and wait for the
    rest. The first failure not yet in `failure` is added to it. Cancelling this
    coroutine cancels every worker and waits for them."""
    try:
        done, pending = await asyncio.wait(workers, return_when=asyncio.FIRST_EXCEPTION)
    except BaseException:
        for task in workers:
            task.cancel()
        await asyncio.gather(*workers, return_exceptions=True)
        raise
    if pending:
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
    for task in done:
        if not task.cancelled() and task.exception() is not None and not failure:
            failure.append(task.exception())  # type: ignore[arg-type]
    # Retrieve every worker's outcome so that none is reported as never retrieved.
    for task in workers:
        if not task.cancelled():
            task.exception()


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
