"""Running one coroutine per input with bounded concurrency, results in input order."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import TypeVar

__all__ = ["map_bounded"]

InT = TypeVar("InT")
OutT = TypeVar("OutT")


async def map_bounded(
    function: Callable[[InT], Awaitable[OutT]],
    inputs: Sequence[InT],
    *,
    concurrency: int,
    return_exceptions: bool = False,
) -> list[OutT | Exception]:
    """`[await function(x) for x in inputs]`, at most `concurrency` at a time.

    With `return_exceptions=False` the first exception cancels the calls still running,
    waits for them to finish, and is raised. With `return_exceptions=True` an exception
    takes its input's place. Cancelling this coroutine cancels every call and waits for
    them: no task outlives it.
    """
    count = len(inputs)
    results: list[OutT | Exception] = [None] * count  # type: ignore[list-item]
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
                results[index] = await function(inputs[index])
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
