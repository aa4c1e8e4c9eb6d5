"""Suite 3: bad input for all 26 operations (and `get_many`). Hypothesis draws every path,
query and body parameter of each operation method, up to two of them hostile (wrong types,
huge and negative numbers, ids with `/`, `..`, `?`, `#`, `%`, unicode, lone surrogates,
empty strings, JSON nested too deep or circular) plus unknown keyword arguments: each call
either reaches a loopback server with every path parameter as exactly one percent-encoded
segment decoding back to the value (and exactly the query and body passed), or raises
`TypeError`/`ValueError`/`MissingScopeError` with nothing sent. The number of cases run is
printed in the reliability figures.

Derandomized, so a command runs the same cases every time. (Hypothesis also mixes in
constants it finds in the project's imported modules, so `pytest tests/hardening` and the
whole `make test` draw somewhat different cases, each the same on every run.)"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest

from product_analytics._generated.operations import ALL
from tests.hardening.bad_input import GET_MANY, OPERATION_IDS, Tally, run_bad_input
from tests.support.reliability import FIGURES, Figure

EXAMPLES = 100  # per operation: about 15 s for the 27


@dataclass
class Run:
    """What the parametrized test below ran, summed over its operations."""

    tally: Tally = field(default_factory=Tally)
    seconds: float = 0.0


@pytest.fixture(scope="module")
def run() -> Iterator[Run]:
    """The cases of this module's tests, added up; their figure is reported at the end."""
    total = Run()
    yield total
    if total.tally.cases:
        outcomes = total.tally.outcomes
        rejected = total.tally.cases - outcomes["sent"]
        FIGURES.append(
            Figure(
                "bad input: 26 operations + get_many",
                cases=total.tally.cases,
                seconds=total.seconds,
                note=f"sent {outcomes['sent']}, rejected before sending {rejected} "
                f"({', '.join(f'{k} {v}' for k, v in sorted(outcomes.items()) if k != 'sent')})",
            )
        )


def test_the_strategies_cover_all_26_operations() -> None:
    assert len(ALL) >= 26  # the described ones, and any operation added to the spec
    assert [op.operation_id for op in ALL] + [GET_MANY] == OPERATION_IDS


@pytest.mark.parametrize("operation_id", OPERATION_IDS)
def test_bad_input_is_encoded_as_one_segment_or_rejected_before_sending(
    run: Run, operation_id: str
) -> None:
    started = time.perf_counter()
    tally = run_bad_input(operation_id, EXAMPLES, Tally())
    run.seconds += time.perf_counter() - started
    run.tally.cases += tally.cases
    run.tally.outcomes.update(tally.outcomes)
    run.tally.by_operation.update(tally.by_operation)
    assert tally.cases >= EXAMPLES * 0.9
    assert tally.by_operation[operation_id] == tally.cases
    # The strategies reach both sides of the rule for every operation.
    assert tally.outcomes["sent"] > 0
    assert sum(tally.outcomes.values()) > tally.outcomes["sent"]
