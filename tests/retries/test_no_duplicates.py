"""Suite 2: 1,000 creates (proxy records and roles, unique domains and names) against a
FakeServer answering a fifth of them with 500, 502, 503, 429 + Retry-After, a dropped
connection or a body stalling past the timeout. Nothing is created twice; every failure the
caller sees is a typed error; a create that succeeded exists exactly once; one that failed
with a status or a dropped connection (answered before the operation ran) created nothing;
one that timed out in a stall (after the operation ran) exists once."""

from __future__ import annotations

import pytest_asyncio

from product_analytics import ApiConnectionError, ApiTimeoutError, InternalServerError
from tests.support.fault_scenarios import CreateStormResult, create_storm
from tests.support.reliability import FIGURES

CREATES = 1000


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def storm() -> CreateStormResult:
    """The storm, run once for the tests of this module."""
    result = await create_storm(CREATES, seed=2, fault_rate=0.2)
    FIGURES.append(result.figure("no duplicates: create"))
    return result


def test_no_record_is_created_twice_under_faults(storm: CreateStormResult) -> None:
    result = storm
    assert result.duplicated == []
    assert max(result.stored.values()) == 1
    assert max(result.dispatched.values()) == 1  # no POST reached the operation twice
    assert result.listed == result.stored  # the list API agrees with the server's state


def test_every_failure_surfaced_is_a_typed_error(storm: CreateStormResult) -> None:
    result = storm
    assert result.untyped == []
    failures = {name for name in result.outcomes if name != "created"}
    # The faults produced each kind of failure, so the check above saw all of them.
    assert {"InternalServerError", "ApiConnectionError", "ApiTimeoutError"} <= failures


def test_a_create_that_succeeded_exists_exactly_once(storm: CreateStormResult) -> None:
    result = storm
    created = [call for call in result.calls if call.created_id is not None]
    assert len(created) > CREATES * 0.7
    assert result.lost == []
    assert all(result.stored[call.name] == 1 for call in created)


def test_a_create_answered_5xx_or_dropped_created_nothing(storm: CreateStormResult) -> None:
    result = storm
    assert result.phantoms == []
    refused = [
        call
        for call in result.calls
        if isinstance(call.error, (InternalServerError, ApiConnectionError))
        and not isinstance(call.error, ApiTimeoutError)
    ]
    assert refused
    assert all(result.stored[call.name] == 0 for call in refused)


def test_a_create_that_timed_out_in_a_stall_exists_once_not_twice(storm: CreateStormResult) -> None:
    result = storm
    timed_out = [call for call in result.calls if isinstance(call.error, ApiTimeoutError)]
    assert timed_out
    assert all(result.stored[call.name] == 1 for call in timed_out)
    assert result.timed_out_but_stored == len(timed_out)


def test_creates_throttled_with_429_are_retried_and_created_once(storm: CreateStormResult) -> None:
    result = storm
    throttled = [call for call in result.calls if result.throttled[call.name]]
    assert throttled
    # Only 429s are retried for a POST: one retry per 429 the server answered.
    assert result.retries == sum(result.throttled.values())
    for call in throttled:
        if call.error is None:
            assert result.stored[call.name] == 1
            assert result.dispatched[call.name] == 1


def test_the_storm_leaks_nothing(storm: CreateStormResult) -> None:
    result = storm
    assert result.probe.leaked == 0, (result.probe.pending_tasks, result.probe.loop_errors)
