"""`RetryPolicy` over plain values: `decide`, the jittered backoff `delay`, and `Retry-After`
parsing."""

from __future__ import annotations

import math
import random
from datetime import datetime, timedelta, timezone
from email.utils import format_datetime

import pytest

from product_analytics import RetryPolicy
from product_analytics._sending.retry import Decision, Outcome, parse_retry_after, retry_after_of

POLICY = RetryPolicy(initial_delay=1.0, max_delay=8.0, max_retry_after=60.0)
IDEMPOTENT = ("GET", "PATCH", "DELETE", "PUT")
RETRY_STATUSES = (408, 500, 502, 503, 504)
NOW = datetime(2015, 10, 21, 7, 28, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize("method", IDEMPOTENT)
@pytest.mark.parametrize("status", [*RETRY_STATUSES, 429])
def test_an_idempotent_method_is_retried_on_a_retry_status(method: str, status: int) -> None:
    assert POLICY.decide(method, Outcome(status), 0, 2).retry


@pytest.mark.parametrize("status", RETRY_STATUSES)
def test_a_post_is_not_retried_on_a_status_but_429(status: int) -> None:
    assert POLICY.decide("POST", Outcome(status), 0, 2) == Decision(retry=False)


@pytest.mark.parametrize("method", [*IDEMPOTENT, "POST"])
@pytest.mark.parametrize("status", [400, 401, 403, 404, 409, 422, 501])
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


@pytest.mark.parametrize("status", [*RETRY_STATUSES, None])
def test_idempotent_false_makes_a_patch_retried_as_a_post_is(status: int | None) -> None:
    sent = Outcome(status, request_sent=True)
    assert POLICY.decide("PATCH", sent, 0, 2, idempotent=False) == Decision(retry=False)
    assert POLICY.decide("POST", sent, 0, 2, idempotent=True).retry
    assert POLICY.decide("PATCH", Outcome(None, request_sent=False), 0, 2, idempotent=False).retry
    assert POLICY.decide("PATCH", Outcome(429), 0, 2, idempotent=False).throttled


def test_retries_stop_at_the_limit() -> None:
    assert POLICY.decide("GET", Outcome(503), 1, 2).retry
    assert not POLICY.decide("GET", Outcome(503), 2, 2).retry
    never_sent = Outcome(None, request_sent=False)
    assert not RetryPolicy(max_retries=0).decide("GET", never_sent, 0, 0).retry


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


def test_retry_after_of_reads_the_header_case_insensitively_from_a_mapping() -> None:
    from multidict import CIMultiDict

    assert retry_after_of(CIMultiDict({"retry-after": "4"})) == 4.0
    assert retry_after_of({}) is None


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"max_retries": -1}, ValueError),
        ({"max_retries": True}, TypeError),
        ({"initial_delay": -0.1}, ValueError),
        ({"initial_delay": -1}, ValueError),
        ({"max_wait": -1}, ValueError),
        ({"initial_delay": math.nan}, ValueError),
        ({"max_delay": math.nan}, ValueError),
        ({"max_retry_after": math.nan}, ValueError),
        ({"max_delay": "8"}, TypeError),
        ({"max_retry_after": None}, TypeError),
    ],
    ids=repr,
)
def test_a_bad_policy_is_refused(kwargs: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        RetryPolicy(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("retries_done", range(12))
def test_backoff_with_jitter_stays_within_the_capped_exponential_ceiling(retries_done: int) -> None:
    policy = RetryPolicy(initial_delay=0.5, max_delay=8.0, rng=random.Random(retries_done))
    ceiling = min(8.0, 0.5 * 2**retries_done)
    delays = [policy.delay(Outcome(503), retries_done) for _ in range(400)]
    assert all(0.0 <= d <= ceiling for d in delays)
    # Jitter: spread over the range, not a constant.
    assert len(set(delays)) > 300
    assert max(delays) > 0.8 * ceiling
    assert min(delays) < 0.2 * ceiling


def test_backoff_ceiling_grows_exponentially_then_caps_at_max_delay() -> None:
    policy = RetryPolicy(initial_delay=0.1, max_delay=1.0, rng=random.Random(1))
    highest = [max(policy.delay(Outcome(500), n) for _ in range(300)) for n in range(7)]
    assert highest[0] <= 0.1 < highest[1] <= 0.2 < highest[2] <= 0.4 < highest[3] <= 0.8
    assert all(0.8 < h <= 1.0 for h in highest[4:])


def test_seeded_rng_makes_backoff_deterministic() -> None:
    first = RetryPolicy(rng=random.Random(42))
    second = RetryPolicy(rng=random.Random(42))
    other = RetryPolicy(rng=random.Random(43))
    a = [first.delay(Outcome(503), n % 4) for n in range(20)]
    b = [second.delay(Outcome(503), n % 4) for n in range(20)]
    c = [other.delay(Outcome(503), n % 4) for n in range(20)]
    assert a == b
    assert a != c


def test_retry_after_replaces_backoff_and_is_capped_at_max_retry_after() -> None:
    policy = RetryPolicy(max_retry_after=10.0, rng=random.Random(0))
    assert policy.delay(Outcome(429, retry_after=3.0), 0) == 3.0
    assert policy.delay(Outcome(429, retry_after=0.0), 5) == 0.0
    assert policy.delay(Outcome(503, retry_after=3600.0), 0) == 10.0


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("120", 120.0),
        (" 3 ", 3.0),
        ("0", 0.0),
        ("1.5", 1.5),
        ("Wed, 21 Oct 2015 07:29:00 GMT", 60.0),
        ("Wed, 21 Oct 2015 09:28:00 GMT", 7200.0),
        ("Wednesday, 21-Oct-15 07:28:30 GMT", 30.0),
        ("Wed, 21 Oct 2015 07:00:00 GMT", 0.0),  # in the past: no wait
    ],
)
def test_parse_retry_after_reads_seconds_and_http_dates(value: str, expected: float) -> None:
    assert parse_retry_after(value, now=NOW) == pytest.approx(expected)


@pytest.mark.parametrize(
    "value",
    [
        None,
        "",
        "   ",
        "soon",
        "12abc",
        "nan",
        "inf",
        "-inf",
        "1_000",
        "0x10",
        "1e3",
        "-5",
        "Wed, 99 Foo",
        "9" * 400,  # digits beyond any float: infinity
    ],
)
def test_parse_retry_after_of_garbage_is_none(value: str | None) -> None:
    assert parse_retry_after(value, now=NOW) is None


def test_parse_retry_after_http_date_without_now_uses_the_clock() -> None:
    future = datetime.now(timezone.utc) + timedelta(seconds=100)
    seconds = parse_retry_after(format_datetime(future, usegmt=True))
    assert seconds is not None
    assert 95 <= seconds <= 100
