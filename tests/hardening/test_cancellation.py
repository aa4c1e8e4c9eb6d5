"""Suite 6: cancelling a `get_many` of 5,000 midway, cancelling an `async for` midway, and
closing the client while requests are in flight leave no pending task, no unclosed session
or connector (no `ResourceWarning` after a garbage collection, nothing reported to the event
loop such as "Task exception was never retrieved" or "Unclosed client session"), send
nothing more; and the closed client raises `ClientClosedError` on every use."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable

from tests.support.fault_scenarios import (
    ShutdownResult,
    cancel_async_for_midway,
    cancel_get_many_midway,
    close_during_in_flight,
)
from tests.support.reliability import FIGURES, Figure

ALL_CLOSED = ["ClientClosedError"] * 5


async def run_and_report(
    name: str, scenario: Callable[[int], Awaitable[ShutdownResult]], cases: int
) -> ShutdownResult:
    """`scenario(cases)`'s result, its figure recorded under `name`."""
    started = time.perf_counter()
    result = await scenario(cases)
    FIGURES.append(
        Figure(
            name,
            cases=cases,
            leaked=result.leaked,
            seconds=time.perf_counter() - started,
            note=f"ended {result.outcome}; {result.sent_before} requests sent before",
        )
    )
    return result


def assert_nothing_left(result: ShutdownResult) -> None:
    probe = result.probe
    assert probe.pending_tasks == []
    assert probe.loop_errors == []  # "Task exception was never retrieved", unclosed sessions
    assert probe.resource_warnings == []  # unclosed sessions, connectors, transports
    assert result.sent_after == 0, "requests went on after the call ended"
    assert result.after_close == ALL_CLOSED


async def test_cancelling_get_many_of_5000_midway_leaves_nothing_running() -> None:
    result = await run_and_report("cancel get_many of 5,000 midway", cancel_get_many_midway, 5000)
    assert result.outcome == "cancelled"
    assert 1000 <= result.sent_before < 5000  # it was cancelled midway
    assert result.pending_before_close == 0  # get_many cancels its own requests
    assert_nothing_left(result)


async def test_cancelling_an_async_for_midway_leaves_nothing_running_after_close() -> None:
    result = await run_and_report("cancel async for midway", cancel_async_for_midway, 600)
    assert result.outcome == "cancelled"
    assert 4 <= result.sent_before < 12  # in its fourth page of twelve
    # At most the prefetch of the next page runs on until the client closes.
    assert result.pending_before_close <= 1
    assert_nothing_left(result)


async def test_closing_the_client_during_in_flight_requests_ends_them_with_client_closed() -> None:
    result = await run_and_report("close during in-flight requests", close_during_in_flight, 2000)
    assert result.outcome == "ClientClosedError"
    assert result.sent_before < 2000
    assert_nothing_left(result)
