"""Suite 3: bad input for all 26 operations (and `get_many`). Hypothesis draws every path,
query and body parameter of each operation method, up to two of them hostile (wrong types,
huge and negative numbers, ids with `/`, `..`, `?`, `#`, `%`, unicode, lone surrogates,
empty strings, JSON nested too deep or circular) plus unknown keyword arguments: each call
either reaches a loopback server with every path parameter as exactly one percent-encoded
segment decoding back to the value (and exactly the query and body passed), or raises
`TypeError`/`ValueError`/`MissingScopeError` with nothing sent. The number of cases run is
printed in the reliability figures.

Derandomized, so a command runs the same cases every time. (Hypothesis also mixes in
constants it finds in the project's imported modules, so `pytest tests/reliability` and the
whole `make test` draw somewhat different cases, each the same on every run.)"""

from __future__ import annotations

import time

import pytest

from product_analytics._generated.operations import ALL

from .bad_input import GET_MANY, OPERATION_IDS, TALLY, Tally, run_bad_input
from .support import FIGURES, Figure

EXAMPLES = 100  # per operation: about 15 s for the 27
_seconds: list[float] = []


def test_the_strategies_cover_all_26_operations() -> None:
    assert len(ALL) >= 26  # the described ones, and any operation added to the spec
    assert [op.operation_id for op in ALL] + [GET_MANY] == OPERATION_IDS


@pytest.mark.parametrize("operation_id", OPERATION_IDS)
def test_bad_input_is_encoded_as_one_segment_or_rejected_before_sending(
    operation_id: str,
) -> None:
    started = time.perf_counter()
    tally = run_bad_input(operation_id, EXAMPLES, Tally())
    _seconds.append(time.perf_counter() - started)
    TALLY.cases += tally.cases
    TALLY.outcomes.update(tally.outcomes)
    TALLY.by_operation.update(tally.by_operation)
    assert tally.cases >= EXAMPLES * 0.9
    # The strategies reach both sides of the rule for every operation.
    assert tally.outcomes["sent"] > 0
    assert sum(tally.outcomes.values()) > tally.outcomes["sent"]


def test_report_the_number_of_bad_input_cases_run() -> None:
    if len(TALLY.by_operation) < len(OPERATION_IDS):
        pytest.skip("runs after the whole parametrized test above")
    assert TALLY.cases >= len(OPERATION_IDS) * EXAMPLES * 0.9
    rejected = TALLY.cases - TALLY.outcomes["sent"]
    FIGURES.append(
        Figure(
            "bad input: 26 operations + get_many",
            cases=TALLY.cases,
            seconds=sum(_seconds),
            note=f"sent {TALLY.outcomes['sent']}, rejected before sending {rejected} "
            f"({', '.join(f'{k} {v}' for k, v in sorted(TALLY.outcomes.items()) if k != 'sent')})",
        )
    )
    print(f"\nbad input: {TALLY.cases} cases, {dict(TALLY.outcomes)}")
