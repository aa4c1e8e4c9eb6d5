"""Suite 4: malformed answers from a raw loopback server, to single gets, the open-JSON
operation, list pages (the first, and a prefetched second) and `get_many`: always the result
the body allows or a typed error (`ResponseValidationError`, `ApiTimeoutError`,
`ApiConnectionError`, `ApiStatusError`), never a hang, never a bare `KeyError`,
`TypeError`, `ValueError`, `JSONDecodeError` or `RecursionError`."""

from __future__ import annotations

import time
from dataclasses import dataclass

import pytest
import pytest_asyncio

from product_analytics import ApiError, ResponseValidationError
from tests.hardening.malformed import CASES, TARGETS, Outcome, run_malformed
from tests.support.reliability import FIGURES, Figure


@dataclass(frozen=True)
class MalformedRun:
    outcomes: list[Outcome]
    leaked: int


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def run() -> MalformedRun:
    """Every case against every target, run once for the tests of this module."""
    started = time.perf_counter()
    found, probe = await run_malformed()
    seconds = time.perf_counter() - started
    FIGURES.append(
        Figure(
            "malformed responses",
            cases=len(found),
            leaked=probe.leaked,
            seconds=seconds,
            failed=sum(not o.good for o in found),
        )
    )
    return MalformedRun(found, probe.leaked)


@pytest.mark.parametrize("case", [c.name for c in CASES])
def test_a_malformed_answer_ends_in_a_typed_error_or_the_allowed_result(
    run: MalformedRun, case: str
) -> None:
    found = [o for o in run.outcomes if o.case == case]
    assert [o.target for o in found] == list(TARGETS)
    for outcome in found:
        assert outcome.result != "hang", f"{outcome.target} did not end"
        if outcome.error is not None:
            assert isinstance(outcome.error, ApiError), (outcome.target, repr(outcome.error))
        assert outcome.good, (outcome.target, outcome.result, outcome.expected, outcome.error)


def test_no_call_hangs_or_waits_much_past_its_timeout(run: MalformedRun) -> None:
    found = run.outcomes
    assert max(o.seconds for o in found) < 5.0


def test_a_validation_error_names_the_request_and_keeps_only_an_excerpt(run: MalformedRun) -> None:
    found = run.outcomes
    huge = next(o for o in found if o.case == "huge-20mb-list" and o.target == "get")
    assert isinstance(huge.error, ResponseValidationError)
    assert "GET" in str(huge.error)
    assert "/session_recordings/bad/" in str(huge.error)
    assert len(str(huge.error)) < 2000


def test_malformed_answers_leak_nothing(run: MalformedRun) -> None:
    assert run.leaked == 0
