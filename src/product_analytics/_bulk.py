"""Running one coroutine per input with bounded concurrency, results in input order."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar, overload

__all__ = ["map_bounded"]

InT = TypeVar("InT")
MidT = TypeVar("MidT")
OutT = TypeVar("OutT")


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

    workers = [asyncio.ensure_future(worker()) for _ in range(min(concurrency, count))]
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
    if failure:
        raise failure[0]
    return results
