"""Retry decisions end to end, through a `MockTransport`: which statuses and failures are
retried for which methods, `Retry-After`, 429 waits outside `max_retries`, a custom
`RetryPolicy` with the client's `max_retries`, and `deadline=`."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from product_analytics import (
    ApiConnectionError,
    ApiStatusError,
    ApiTimeoutError,
    AsyncClient,
    RateLimitError,
    RetryPolicy,
    TransportError,
    TransportTimeout,
)
from product_analytics._transport.base import Request
from tests.support.mock_client import ORG, MakeClient, Sleeps, dropped, json_reply, refused, script

Call = Callable[[AsyncClient], Awaitable[Any]]

CALLS: dict[str, Call] = {
    "GET": lambda c: c.roles.get(organization_id=ORG, id="r1"),
    "POST": lambda c: c.roles.create(organization_id=ORG, name="n"),
    "PATCH": lambda c: c.proxy_records.update(organization_id=ORG, id="p1", domain="a.example"),
    "DELETE": lambda c: c.proxy_records.delete(organization_id=ORG, id="p1"),
}
OK = json_reply({"id": "r1", "name": "n", "domain": "a.example"})
RETRIED_STATUSES = (408, 500, 502, 503, 504)
NOT_RETRIED_STATUSES = (400, 401, 403, 404, 409, 422, 501)


@pytest.mark.parametrize("method", ["GET", "PATCH", "DELETE"])
@pytest.mark.parametrize("status", RETRIED_STATUSES)
async def test_an_idempotent_call_is_retried_on_a_retryable_status(
    make_client: MakeClient, sleeps: Sleeps, method: str, status: int
) -> None:
    client, mock = await make_client(script(json_reply({}, status), OK), max_retries=2)
    await CALLS[method](client)
    assert [r.method for r in mock.requests] == [method, method]
    assert client.stats.retries == 1


@pytest.mark.parametrize("status", RETRIED_STATUSES)
async def test_a_post_is_not_retried_on_a_status_other_than_429(
    make_client: MakeClient, sleeps: Sleeps, status: int
) -> None:
    client, mock = await make_client(script(json_reply({}, status), OK), max_retries=2)
    with pytest.raises(ApiStatusError) as caught:
        await CALLS["POST"](client)
    assert caught.value.status_code == status
    assert len(mock.requests) == 1


@pytest.mark.parametrize("method", list(CALLS))
@pytest.mark.parametrize("status", NOT_RETRIED_STATUSES)
async def test_a_status_that_is_not_retryable_is_never_retried(
    make_client: MakeClient, sleeps: Sleeps, method: str, status: int
) -> None:
    client, mock = await make_client(script(json_reply({}, status), OK), max_retries=2)
    with pytest.raises(ApiStatusError):
        await CALLS[method](client)
    assert len(mock.requests) == 1


@pytest.mark.parametrize("method", list(CALLS))
async def test_a_429_is_retried_for_every_method_including_post(
    make_client: MakeClient, sleeps: Sleeps, method: str
) -> None:
    client, mock = await make_client(
        script(json_reply({}, 429, **{"Retry-After": "3"}), OK), max_retries=1
    )
    await CALLS[method](client)
    assert len(mock.requests) == 2
    assert client.stats.throttled == 1
    assert client.stats.throttle_wait >= 3.0  # the service's wait was honoured


@pytest.mark.parametrize(
    ("failure", "method"),
    [pytest.param(refused, method, id=f"never-opened-{method}") for method in CALLS]
    + [
        pytest.param(dropped, method, id=f"dropped-{method}")
        for method in ("GET", "PATCH", "DELETE")
    ],
)
async def test_a_failed_connection_is_retried_where_that_is_safe(
    make_client: MakeClient, sleeps: Sleeps, failure: Callable[[], TransportError], method: str
) -> None:
    """A connection that never opened is retried for every method; a dropped one for an
    idempotent call."""
    client, mock = await make_client(script(failure(), OK), max_retries=1)
    await CALLS[method](client)
    assert len(mock.requests) == 2


async def test_a_handler_marking_the_request_unsent_counts_as_never_opened(
    make_client: MakeClient, sleeps: Sleeps
) -> None:
    attempts: list[Request] = []

    def handler(request: Request) -> tuple[int, dict[str, str], bytes]:
        attempts.append(request)
        if len(attempts) == 1:
            request.sent = False
            raise TransportError("could not connect")  # request_sent left to request.sent
        return OK

    client, _ = await make_client(handler, max_retries=1)
    await CALLS["POST"](client)
    assert len(attempts) == 2


async def test_a_timeout_the_transport_says_came_before_sending_is_retried_for_a_post(
    make_client: MakeClient, sleeps: Sleeps
) -> None:
    # As TransportError's request_sent: no pooled connection came free in time.
    client, mock = await make_client(
        script(TransportTimeout("no connection free", request_sent=False), OK), max_retries=1
    )
    await CALLS["POST"](client)
    assert len(mock.requests) == 2


async def test_a_post_whose_connection_dropped_after_sending_is_not_retried(
    make_client: MakeClient, sleeps: Sleeps
) -> None:
    client, mock = await make_client(script(dropped(), OK), max_retries=3)
    with pytest.raises(ApiConnectionError) as caught:
        await CALLS["POST"](client)
    assert caught.value.request_sent is True
    assert len(mock.requests) == 1


async def test_retries_stop_after_max_retries_with_the_last_error(
    make_client: MakeClient, sleeps: Sleeps
) -> None:
    statuses = iter([500, 502, 503, 504])

    def handler(request: Request) -> tuple[int, dict[str, str], bytes]:
        return json_reply({"detail": "down"}, next(statuses))

    client, mock = await make_client(handler, max_retries=2)
    with pytest.raises(ApiStatusError) as caught:
        await CALLS["GET"](client)
    assert len(mock.requests) == 3
    assert caught.value.status_code == 503


async def test_retry_after_is_the_delay_of_a_retried_5xx(
    make_client: MakeClient, sleeps: Sleeps
) -> None:
    client, _ = await make_client(
        script(json_reply({}, 503, **{"Retry-After": "2"}), OK), max_retries=1
    )
    await CALLS["GET"](client)
    assert sleeps == [2.0]


async def test_retry_after_is_read_once_per_answer(
    make_client: MakeClient, sleeps: Sleeps, monkeypatch: pytest.MonkeyPatch
) -> None:
    from product_analytics._sending import retry as _retry
    from product_analytics._sending import session as _session

    reads: list[str | None] = []
    real = _retry.parse_retry_after

    def counting(value: str | None, now: Any = None) -> float | None:
        reads.append(value)
        return real(value, now)

    monkeypatch.setattr(_retry, "parse_retry_after", counting)
    client, _ = await make_client(
        script(json_reply({}, 429, **{"Retry-After": "1"}), OK), max_retries=1
    )
    await CALLS["GET"](client)
    assert reads == ["1"]  # the 429's header, read once; the 200's is not read at all
    assert _session.retry_after_of is _retry.retry_after_of


async def test_waiting_out_a_429_does_not_use_up_max_retries(
    make_client: MakeClient, sleeps: Sleeps
) -> None:
    throttled = json_reply({"detail": "slow down"}, 429, **{"Retry-After": "1"})
    client, mock = await make_client(
        script(throttled, throttled, throttled, json_reply({}, 500), OK), max_retries=1
    )
    await CALLS["GET"](client)
    assert len(mock.requests) == 5
    assert (client.stats.throttled, client.stats.retries) == (3, 1)


async def test_max_retries_zero_turns_429_waits_off(
    make_client: MakeClient, sleeps: Sleeps
) -> None:
    client, mock = await make_client(
        script(json_reply({"detail": "slow"}, 429, **{"Retry-After": "7"}), OK), max_retries=0
    )
    with pytest.raises(RateLimitError) as caught:
        await CALLS["GET"](client)
    assert caught.value.retry_after == 7.0
    assert len(mock.requests) == 1
    assert sleeps == []
    assert client.stats.throttle_wait == 0.0


@pytest.mark.parametrize(
    ("policy_retries", "client_retries", "later_retries", "attempts"),
    [(None, 3, None, 4), (1, 5, None, 2), (None, 0, 2, 3)],
    ids=["the-clients", "the-policys-wins", "with-options-composes"],
)
async def test_the_retry_count_is_the_policys_else_the_clients(
    make_client: MakeClient,
    sleeps: Sleeps,
    policy_retries: int | None,
    client_retries: int,
    later_retries: int | None,
    attempts: int,
) -> None:
    """A policy's `max_retries` wins; left at None, the client's count (that `with_options`
    sets too) applies, with the policy's backoff."""
    policy = RetryPolicy(max_retries=policy_retries, initial_delay=0.25, max_delay=0.25)
    client, mock = await make_client(
        script(json_reply({}, 500)), max_retries=client_retries, retry_policy=policy
    )
    if later_retries is not None:
        client = client.with_options(max_retries=later_retries)
    with pytest.raises(ApiStatusError):
        await CALLS["GET"](client)
    assert len(mock.requests) == attempts
    assert len(sleeps) == attempts - 1
    assert all(0 <= s <= 0.25 for s in sleeps)


async def test_a_timed_out_attempt_is_retried_for_get(
    make_client: MakeClient, sleeps: Sleeps
) -> None:
    import asyncio

    calls = 0

    async def handler(request: Request) -> tuple[int, dict[str, str], bytes]:
        nonlocal calls
        calls += 1
        if calls == 1:
            await asyncio.Event().wait()  # never answers: the attempt times out
        return OK

    client, _ = await make_client(handler, max_retries=1, timeout=0.05)
    await CALLS["GET"](client)
    assert calls == 2


# -- deadline --------------------------------------------------------------------------------


async def test_a_per_call_deadline_ends_the_retries_with_the_last_error(
    make_client: MakeClient, sleeps: Sleeps
) -> None:
    policy = RetryPolicy(initial_delay=30.0, max_delay=30.0, rng=_MaxRandom())
    client, mock = await make_client(
        script(json_reply({"detail": "down"}, 503)), max_retries=5, retry_policy=policy
    )
    with pytest.raises(ApiStatusError) as caught:
        await client.roles.get(organization_id=ORG, id="r1", deadline=10.0)
    assert caught.value.status_code == 503
    assert len(mock.requests) == 1  # a 30 s backoff does not fit a 10 s deadline
    assert sleeps == []


async def test_a_client_deadline_ends_a_call_that_never_answers(make_client: MakeClient) -> None:
    import asyncio

    async def never(request: Request) -> tuple[int, dict[str, str], bytes]:
        await asyncio.Event().wait()
        raise AssertionError("unreachable")

    client, mock = await make_client(never, deadline=0.05, timeout=30.0, max_retries=3)
    with pytest.raises(ApiTimeoutError) as caught:
        await CALLS["GET"](client)
    assert len(mock.requests) == 1
    assert "deadline" in str(caught.value)


async def test_a_deadline_shorter_than_a_429_wait_ends_with_rate_limit_error(
    make_client: MakeClient, sleeps: Sleeps
) -> None:
    client, mock = await make_client(
        script(json_reply({"detail": "slow down"}, 429, **{"Retry-After": "100"}, **_RID))
    )
    with pytest.raises(RateLimitError) as caught:
        await client.roles.get(organization_id=ORG, id="r1", deadline=5.0)
    assert caught.value.retry_after is not None
    assert caught.value.retry_after >= 99.0
    assert caught.value.detail == "slow down"
    assert caught.value.request_id == "req-429"
    assert len(mock.requests) == 1
    assert sleeps == []


async def test_a_per_call_deadline_overrides_the_clients(
    make_client: MakeClient, sleeps: Sleeps
) -> None:
    refused = json_reply({}, 429, **{"Retry-After": "20"})
    client, mock = await make_client(script(refused, OK, refused), deadline=5.0)
    await client.roles.get(organization_id=ORG, id="r1", deadline=60.0)
    assert len(mock.requests) == 2
    assert sleeps == [20.0]
    with pytest.raises(RateLimitError):  # its 20 s wait does not fit the client's 5 s
        await client.roles.get(organization_id=ORG, id="r1")
    assert len(mock.requests) == 3


_RID = {"X-Request-Id": "req-429"}


class _MaxRandom:
    """Stands in for `random.Random`: every jittered delay is its ceiling."""

    def uniform(self, low: float, high: float) -> float:
        return high
