"""Suite 1: `get_many` of 1,000 recordings against a FakeServer answering a fifth of the
requests with a fault (503, 500, 429 with Retry-After, dropped connections, headers later than
the timeout, bodies stalling past it): every recording comes back once, in order, with no
error, and the client retried exactly as often as the server log shows attempts failing.

The soak runs on virtual time (`run_in_virtual_time`), so that only the injected slow answers
outlast the client's timeout. On real time a process starved of the CPU for a second (a
loaded machine) also times out answers that had no fault, and may give up on a request
before the server's handler started, which the server then never logs: the client rightly
retries more than the log shows, and the count depends on the load."""

from __future__ import annotations

import pytest

from tests.support.fault_scenarios import FaultSoakResult, fault_soak
from tests.support.reliability import FIGURES
from tests.support.virtual_time import run_in_virtual_time

RECORDINGS = 1000
FAULT_RATE = 0.2
SEED = 1


def run_soak(*, again: bool = False) -> FaultSoakResult:
    """The soak of `SEED`, on virtual time."""

    async def soak() -> FaultSoakResult:
        return await fault_soak(RECORDINGS, seed=SEED, fault_rate=FAULT_RATE)

    result = run_in_virtual_time(soak, clocks=True)
    FIGURES.append(result.figure(f"fault soak: get_many (seed {SEED}{', rerun' if again else ''})"))
    return result


@pytest.fixture(scope="module")
def soak() -> FaultSoakResult:
    """The soak of `SEED`, run once for the tests of this module."""
    return run_soak()


def test_every_recording_comes_back_once_in_order_under_a_fifth_of_faults(
    soak: FaultSoakResult,
) -> None:
    result = soak
    assert result.error is None, f"get_many raised {result.error!r}"
    assert result.returned_ids == result.expected_ids
    assert (result.lost, result.duplicated, result.misplaced) == (0, 0, 0)
    assert len(result.expected_ids) == RECORDINGS


def test_the_retry_count_is_what_the_server_log_implies(soak: FaultSoakResult) -> None:
    result = soak
    # Every attempt the server saw was counted by the client, and every failed one retried.
    assert result.logged_requests == result.requests
    assert result.failed_attempts == result.faulted_requests
    assert result.retries == result.failed_attempts
    assert result.requests == RECORDINGS + result.retries
    # Each kind of fault was injected, at about the rate asked for.
    assert set(result.faults_injected) == {"error", "drop", "latency", "stall"}
    share = result.faulted_requests / result.logged_requests
    assert 0.15 < share < 0.25, share


def test_the_soak_is_deterministic_for_a_seed(soak: FaultSoakResult) -> None:
    first = soak
    second = run_soak(again=True)
    assert first.retries == second.retries
    assert first.faults_injected == second.faults_injected
    assert first.returned_ids == second.returned_ids


def test_the_soak_leaks_nothing(soak: FaultSoakResult) -> None:
    result = soak
    assert result.probe.pending_tasks == []
    assert result.probe.loop_errors == []
    assert result.probe.resource_warnings == []
    assert result.probe.key_in_logs == result.probe.key_in_errors == 0


async def test_lone_429s_hold_only_the_requests_they_refuse() -> None:
    """A sixth of the faults are lone 429s with `Retry-After: 1` (about 3 % of requests):
    the requests sent after one go through, so each holds its own request for its second
    and no other. A 429 pausing the whole class held every worker for it (165 s for this
    soak): the seconds waited in all would be tens of times the 429s' own."""
    result = await fault_soak(RECORDINGS, seed=SEED, fault_rate=FAULT_RATE, retry_after=1.0)
    FIGURES.append(result.figure(f"fault soak: lone 429s, Retry-After 1 (seed {SEED})"))
    assert result.error is None, f"get_many raised {result.error!r}"
    assert (result.lost, result.duplicated, result.misplaced) == (0, 0, 0)
    assert result.throttled >= 10
    # Each refused request waits its own second; the others wait moments (while a probe
    # finds out that the 429 was alone), far less in all than the refused ones: a pause of
    # the whole class holds every worker, some 30 times as much.
    assert result.throttled * 1.0 <= result.throttle_wait <= result.throttled * 3.0
    assert result.retries == result.failed_attempts
