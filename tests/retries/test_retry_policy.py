"""`RetryPolicy.decide` and `Retry-After` parsing over plain values."""

from __future__ import annotations

import random
from datetime import datetime, timezone

import pytest

from product_analytics import RetryPolicy
from product_analytics._retry import Decision, Outcome, parse_retry_after, retry_after_of

POLICY = RetryPolicy(initial_delay=1.0, max_delay=8.0, max_retry_after=60.0)
IDEMPOTENT = ("GET", "PATCH", "DELETE", "PUT")
RETRY_STATUSES = (408, 500, 502, 503, 504)


@pytest.mark.parametrize("method", IDEMPOTENT)
@pytest.mark.parametrize("status", RETRY_STATUSES)
def test_an_idempotent_method_is_retried_on_a_retry_status(method: str, status: int) -> None:
    assert POLICY.decide(method, Outcome(status), 0, 2).retry


@pytest.mark.parametrize("status", RETRY_STATUSES)
def test_a_post_is_not_retried_on_a_status_but_429(status: int) -> None:
    assert POLICY.decide("POST", Outcome(status), 0, 2) == Decision(retry=False)


@pytest.mark.parametrize("method", [*IDEMPOTENT, "POST"])
@pytest.mark.parametrize("status", [400, 401, 403, 404, 409, 501])
def test_other_statuses_are_never_retried(method: str, status: int) -> None:
    assert not POLICY.decide(method, Outcome(status), 0, 2).retry


@pytest.mark.parametrize("method", [*IDEMPOTENT, "POST"])
def test_a_429_is_a_throttle_wait_whatever_the_retries_done(method: str) -> None:
    decision = POLICY.decide(method, Outcome(429, retry_after=5.0), 99, 2)
    assert decision == Decision(retry=True, delay=0.0, throttled=True)


def test_max_retries_zero_gives_up_even_on_429() -> None:
    assert POLICY.decide("GET", Outcome(429, retry_after=1.0), 0, 0) == Decision(retry=False)
    assert RetryPolicy(max_retries=0).decide("GET", Outcome(429), 0, 5) == Decision(retry=False)


@pytest.mark.parametrize(("method", "retried"), [("POST", True), ("GET", True)])
def test_a_request_never_sent_is_retried_for_every_method(method: str, retried: bool) -> None:
    assert POLICY.decide(method, Outcome(None, request_sent=False), 0, 2).retry is retried


@pytest.mark.parametrize(("method", "retried"), [("POST", False), ("GET", True), ("PATCH", True)])
def test_a_request_that_may_have_been_sent_is_retried_only_if_idempotent(
    method: str, retried: bool
) -> None:
    assert POLICY.decide(method, Outcome(None, request_sent=True), 0, 2).retry is retried


def test_retries_stop_at_the_limit() -> None:
    assert POLICY.decide("GET", Outcome(503), 1, 2).retry
    assert not POLICY.decide("GET", Outcome(503), 2, 2).retry


def test_the_policys_own_max_retries_wins_over_the_clients() -> None:
    policy = RetryPolicy(max_retries=1)
    assert not policy.decide("GET", Outcome(503), 1, 5).retry
    assert RetryPolicy(max_retries=3).decide("GET", Outcome(503), 2, 0).retry


def test_retry_after_sets_the_delay_capped() -> None:
    assert POLICY.decide("GET", Outcome(503, retry_after=3.0), 0, 2).delay == 3.0
    assert POLICY.decide("GET", Outcome(503, retry_after=600.0), 0, 2).delay == 60.0


def test_backoff_is_jittered_under_an_exponential_ceiling() -> None:
    policy = RetryPolicy(initial_delay=1.0, max_delay=8.0, rng=random.Random(1))
    for done, ceiling in [(0, 1.0), (1, 2.0), (2, 4.0), (3, 8.0), (6, 8.0)]:
        delays = [policy.decide("GET", Outcome(500), done, 10).delay for _ in range(50)]
        assert all(0.0 <= d <= ceiling for d in delays)
        assert max(delays) > ceiling / 2  # jitter spans the range, not a constant


@pytest.mark.parametrize(
    ("value", "seconds"),
    [
        ("3", 3.0),
        ("1.5", 1.5),
        (" 7 ", 7.0),
        ("-1", None),
        ("inf", None),
        ("soon", None),
        (None, None),
    ],
)
def test_parse_retry_after_delta_seconds(value: str | None, seconds: float | None) -> None:
    assert parse_retry_after(value) == seconds


def test_parse_retry_after_an_http_date() -> None:
    now = datetime(2026, 1, 1, 12, 0, 0, tzinfo=timezone.utc)
    assert parse_retry_after("Thu, 01 Jan 2026 12:00:30 GMT", now) == 30.0
    assert parse_retry_after("Thu, 01 Jan 2026 11:00:00 GMT", now) == 0.0


def test_retry_after_of_reads_the_header_case_insensitively_from_a_mapping() -> None:
    from multidict import CIMultiDict

    assert retry_after_of(CIMultiDict({"retry-after": "4"})) == 4.0
    assert retry_after_of({}) is None


@pytest.mark.parametrize(
    "kwargs", [{"max_retries": -1}, {"max_retries": True}, {"initial_delay": -1}, {"max_wait": -1}]
)
def test_a_bad_policy_is_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises((TypeError, ValueError)):
        RetryPolicy(**kwargs)  # type: ignore[arg-type]
