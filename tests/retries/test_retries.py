"""Retrying through the client against a loopback server that fails a given number of times
(the pure policy is in test_retry_policy.py)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta, timezone
from email.utils import format_datetime
from typing import Any

import pytest
from aiohttp import web

from product_analytics import AsyncClient
from product_analytics._sending.retry import RetryPolicy
from product_analytics.errors import (
    ApiConnectionError,
    ApiStatusError,
    ApiTimeoutError,
    BadRequestError,
    InternalServerError,
    NotFoundError,
    RateLimitError,
)
from product_analytics.models import ProxyRecord
from tests.support.loopback_client import (
    API_KEY,
    ORG,
    LoopbackServer,
    client_for,
    fast_policy,
    free_port,
    json_response,
    proxy_record,
    serve,
)

# -- through the client ---------------------------------------------------------------------

STALL = 2.0  # a stalled handler sleeps this long (cut short when the server stops)
TIMEOUT = 0.15


def failing(failures: list[str | int], success: Callable[[], web.Response]) -> Any:
    """A handler that answers each request with the next failure, then with `success()`.

    A failure is a status, `"drop"` (close the connection without an answer) or `"stall"`
    (answer nothing within the client's timeout).
    """
    remaining = list(failures)

    async def handler(request: web.Request) -> web.StreamResponse:
        if not remaining:
            return success()
        failure = remaining.pop(0)
        if failure == "drop":
            assert request.transport is not None
            request.transport.close()
            return web.Response()
        if failure == "stall":
            await asyncio.sleep(STALL)
            return success()
        assert isinstance(failure, int)
        return json_response({"detail": f"failure {failure}"}, status=failure)

    return handler


def record_ok() -> web.Response:
    return json_response(proxy_record("r1"))


def call(client: AsyncClient, method: str, deadline: float | None = None) -> Awaitable[Any]:
    resource = client.proxy_records
    if method == "GET":
        return resource.get(organization_id=ORG, id="r1", deadline=deadline)
    if method == "PATCH":
        return resource.update(
            organization_id=ORG, id="r1", domain="new.example.com", deadline=deadline
        )
    if method == "DELETE":
        return resource.delete(organization_id=ORG, id="r1", deadline=deadline)
    assert method == "POST"
    return resource.create(organization_id=ORG, domain="new.example.com", deadline=deadline)


RETRYABLE = ["drop", "stall", 408, 429, 500, 502, 503, 504]


@pytest.mark.parametrize("failure", RETRYABLE)
@pytest.mark.parametrize("method", ["GET", "PATCH", "DELETE"])
async def test_idempotent_request_is_retried_on_retryable_failure_then_succeeds(
    method: str, failure: str | int
) -> None:
    async with (
        serve(failing([failure, failure], record_ok)) as server,
        client_for(server, max_retries=2, timeout=TIMEOUT) as client,
    ):
        result = await call(client, method)
        assert len(server.received) == 3
        assert {r.method for r in server.received} == {method}
        # A 429 is waited out by the throttle state, the rest retried.
        assert client.stats.retries + client.stats.throttled == 2
        assert client.stats.throttled == (2 if failure == 429 else 0)
        assert client.stats.requests == 3
    if method == "DELETE":
        assert result is None
    else:
        assert result == ProxyRecord.model_validate(proxy_record("r1"))


@pytest.mark.parametrize("method", ["POST", "GET", "DELETE"])
async def test_request_is_retried_after_connect_failure_then_succeeds(
    monkeypatch: pytest.MonkeyPatch, method: str
) -> None:
    """Nothing listens at first; the server comes up during the backoff wait."""
    port = free_port()
    real_sleep = asyncio.sleep
    servers: list[LoopbackServer] = []
    async with contextlib.AsyncExitStack() as stack:

        async def sleep_then_start(delay: float, result: Any = None) -> Any:
            if delay > 0 and not stack_started:
                stack_started.append(True)
                servers.append(await stack.enter_async_context(serve(ok_handler, port=port)))
            await real_sleep(0)
            return result

        async def ok_handler(request: web.Request) -> web.Response:
            return record_ok()

        stack_started: list[bool] = []
        monkeypatch.setattr(asyncio, "sleep", sleep_then_start)
        policy = RetryPolicy(max_retries=2, initial_delay=1.0)
        async with client_for(f"http://127.0.0.1:{port}", retry_policy=policy) as client:
            result = await call(client, method)
            assert client.stats.retries == 1
            assert client.stats.requests == 2
        monkeypatch.undo()
    assert result is None if method == "DELETE" else isinstance(result, ProxyRecord)
    assert [r.method for r in servers[0].received] == [method]


async def test_post_is_retried_on_connect_failure_until_retries_are_exhausted() -> None:
    port = free_port()
    async with client_for(f"http://127.0.0.1:{port}", max_retries=2) as client:
        with pytest.raises(ApiConnectionError) as caught:
            await call(client, "POST")
        assert caught.value.request_sent is False
        assert client.stats.requests == 3
        assert client.stats.retries == 2


async def test_post_is_retried_on_429() -> None:
    async with (
        serve(failing([429, 429], record_ok)) as server,
        client_for(server, max_retries=3) as client,
    ):
        result = await call(client, "POST")
        assert isinstance(result, ProxyRecord)
        assert [r.method for r in server.received] == ["POST"] * 3
        assert client.stats.throttled == 2
        assert client.stats.retries == 0  # waiting out a 429 uses no retry


@pytest.mark.parametrize(
    ("failure", "error"),
    [
        (500, InternalServerError),
        (502, InternalServerError),
        (503, InternalServerError),
        (504, InternalServerError),
        ("drop", ApiConnectionError),
        ("stall", ApiTimeoutError),
    ],
)
async def test_post_is_never_retried_on_5xx_timeouts_or_dropped_connections(
    failure: str | int, error: type[Exception]
) -> None:
    async with (
        serve(failing([failure] * 3, record_ok)) as server,
        client_for(server, max_retries=3, timeout=TIMEOUT) as client,
    ):
        with pytest.raises(error) as caught:
            await call(client, "POST")
        assert [r.method for r in server.received] == ["POST"]
        assert client.stats.retries == 0
        if isinstance(caught.value, ApiConnectionError):
            assert caught.value.request_sent is True


def project_ok() -> web.Response:
    return json_response({"id": 17, "api_token": "phc_new"})


@pytest.mark.parametrize(
    ("failure", "error"),
    [
        (500, InternalServerError),
        (503, InternalServerError),
        (408, ApiStatusError),
        ("drop", ApiConnectionError),
        ("stall", ApiTimeoutError),
    ],
)
async def test_a_patch_the_spec_marks_not_idempotent_is_not_sent_twice(
    failure: str | int, error: type[Exception]
) -> None:
    """`reset_token` is a PATCH that draws a new token each time (`x-sdk-idempotent: false`):
    after an answer or a connection that may have reached the service, it is not retried."""
    async with (
        serve(failing([failure] * 3, project_ok)) as server,
        client_for(server, max_retries=3, timeout=TIMEOUT) as client,
    ):
        with pytest.raises(error):
            await client.projects.reset_token(organization_id=ORG, id=17)
        assert [r.method for r in server.received] == ["PATCH"]
        assert client.stats.retries == 0


async def test_a_patch_the_spec_marks_not_idempotent_still_waits_out_a_429() -> None:
    async with (
        serve(failing([429], project_ok)) as server,
        client_for(server, max_retries=3) as client,
    ):
        project = await client.projects.reset_token(organization_id=ORG, id=17)
        assert project.api_token == "phc_new"
        assert [r.method for r in server.received] == ["PATCH", "PATCH"]


async def test_post_is_not_retried_on_408() -> None:
    async with (
        serve(failing([408, 408], record_ok)) as server,
        client_for(server, max_retries=3) as client,
    ):
        with pytest.raises(ApiStatusError) as caught:
            await call(client, "POST")
        assert caught.value.status_code == 408
        assert len(server.received) == 1


@pytest.mark.parametrize("failure", [503, "drop", "stall", 429])
async def test_max_retries_zero_disables_retries(failure: str | int) -> None:
    expected = ApiConnectionError if failure in ("drop", "stall") else ApiStatusError
    async with (
        serve(failing([failure], record_ok)) as server,
        AsyncClient(
            api_key=API_KEY, base_url=server.base_url, max_retries=0, timeout=TIMEOUT
        ) as client,
    ):
        with pytest.raises(expected):
            await call(client, "GET")
        assert len(server.received) == 1
        assert client.stats.retries == 0
        # The next request gets the success: the failure was not hidden by a retry.
        assert isinstance(await call(client, "GET"), ProxyRecord)


async def test_max_retries_of_the_client_sets_the_number_of_attempts() -> None:
    """`AsyncClient(max_retries=N)` without a `retry_policy`: N + 1 attempts."""
    async with (
        serve(failing([503] * 10, record_ok)) as server,
        AsyncClient(
            api_key=API_KEY,
            base_url=server.base_url,
            max_retries=3,
            retry_policy=RetryPolicy(initial_delay=0.0),
        ) as client,
    ):
        with pytest.raises(InternalServerError):
            await call(client, "GET")
        assert len(server.received) == 4
        assert client.stats.retries == 3


@pytest.mark.parametrize(
    ("policy_retries", "attempts"), [(None, 2), (4, 5)], ids=["the-clients", "the-policys"]
)
async def test_max_retries_and_a_retry_policy_compose(
    policy_retries: int | None, attempts: int
) -> None:
    """The policy sets the backoff; the client's `max_retries` the count, unless the policy
    sets its own."""
    policy = RetryPolicy(max_retries=policy_retries, initial_delay=0.0)
    async with (
        serve(failing([503] * 10, record_ok)) as server,
        AsyncClient(
            api_key=API_KEY, base_url=server.base_url, max_retries=1, retry_policy=policy
        ) as client,
    ):
        with pytest.raises(InternalServerError):
            await call(client, "GET")
        assert len(server.received) == attempts


async def test_max_retries_zero_turns_429_waits_off_too() -> None:
    async def handler(request: web.Request) -> web.Response:
        return json_response({"detail": "slow down"}, 429, **{"Retry-After": "0"})

    async with serve(handler) as server, client_for(server, max_retries=0) as client:
        with pytest.raises(RateLimitError) as caught:
            await call(client, "GET")
        assert caught.value.retry_after == 0.0
        assert len(server.received) == 1


async def test_exhausted_retries_raise_the_last_error() -> None:
    async with (
        serve(failing([503, 500, 502, 504], record_ok)) as server,
        client_for(server, max_retries=2) as client,
    ):
        with pytest.raises(InternalServerError) as caught:
            await call(client, "GET")
        assert caught.value.status_code == 502
        assert caught.value.detail == "failure 502"
        assert len(server.received) == 3
        assert client.stats.retries == 2


async def test_exhausted_retries_after_timeouts_raise_api_timeout_error() -> None:
    async with (
        serve(failing(["stall"] * 3, record_ok)) as server,
        client_for(server, max_retries=1, timeout=TIMEOUT) as client,
    ):
        with pytest.raises(ApiTimeoutError):
            await call(client, "GET")
        assert len(server.received) == 2


@pytest.mark.parametrize(("status", "error"), [(400, BadRequestError), (404, NotFoundError)])
@pytest.mark.parametrize("method", ["GET", "PATCH", "DELETE", "POST"])
async def test_client_errors_are_never_retried(
    method: str, status: int, error: type[Exception]
) -> None:
    async with (
        serve(failing([status] * 3, record_ok)) as server,
        client_for(server, max_retries=3) as client,
    ):
        with pytest.raises(error):
            await call(client, method)
        assert len(server.received) == 1
        assert client.stats.retries == 0


@pytest.fixture
def sleeps(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """Every `asyncio.sleep` delay, recorded; the sleeps themselves take no time."""
    recorded: list[float] = []
    real_sleep = asyncio.sleep

    async def fake_sleep(delay: float, result: Any = None) -> Any:
        recorded.append(delay)
        await real_sleep(0)
        return result

    monkeypatch.setattr(asyncio, "sleep", fake_sleep)
    return recorded


@pytest.mark.parametrize("method", ["GET", "POST"])
async def test_retry_after_seconds_is_honoured_on_503(sleeps: list[float], method: str) -> None:
    answers = [(503, "7"), (503, "2.5")]

    async def handler(request: web.Request) -> web.Response:
        if answers:
            code, wait = answers.pop(0)
            return json_response({"detail": "wait"}, code, **{"Retry-After": wait})
        return record_ok()

    policy = RetryPolicy(max_retries=3, initial_delay=100.0, max_delay=100.0, max_retry_after=60)
    async with serve(handler) as server, client_for(server, retry_policy=policy) as client:
        if method == "POST":  # a POST answered 503 may have been acted on: not retried
            with pytest.raises(InternalServerError):
                await call(client, method)
            assert len(server.received) == 1
            return
        assert isinstance(await call(client, method), ProxyRecord)
        assert len(server.received) == 3
    assert [d for d in sleeps if d > 0] == [7.0, 2.5]


@pytest.mark.parametrize("method", ["GET", "POST"])
async def test_retry_after_of_a_429_is_waited_out(method: str) -> None:
    answers = ["1", "0.5"]

    async def handler(request: web.Request) -> web.Response:
        if answers:
            return json_response({"detail": "wait"}, 429, **{"Retry-After": answers.pop(0)})
        return record_ok()

    async with serve(handler) as server, client_for(server, max_retries=1) as client:
        assert isinstance(await call(client, method), ProxyRecord)
        assert len(server.received) == 3
        assert client.stats.throttled == 2
        assert client.stats.retries == 0
        assert client.stats.throttle_wait >= 1.5


async def test_retry_after_http_date_is_honoured() -> None:
    when = datetime.now(timezone.utc) + timedelta(seconds=2)
    answers = [format_datetime(when, usegmt=True)]

    async def handler(request: web.Request) -> web.Response:
        if answers:
            return json_response({}, 429, **{"Retry-After": answers.pop()})
        return record_ok()

    async with serve(handler) as server, client_for(server, max_retries=1) as client:
        await call(client, "GET")
        # An HTTP date has whole seconds: the wait is up to a second short of 2 s.
        assert 0.5 <= client.stats.throttle_wait <= 3.5


async def test_retry_after_is_capped_at_max_retry_after(sleeps: list[float]) -> None:
    answers = ["3600"]

    async def handler(request: web.Request) -> web.Response:
        if answers:
            return json_response({}, 503, **{"Retry-After": answers.pop()})
        return record_ok()

    policy = RetryPolicy(max_retries=1, initial_delay=100.0, max_delay=100.0, max_retry_after=5)
    async with serve(handler) as server, client_for(server, retry_policy=policy) as client:
        await call(client, "GET")
    assert [d for d in sleeps if d > 0] == [5.0]


async def test_without_retry_after_the_wait_is_jittered_backoff(sleeps: list[float]) -> None:
    async with (
        serve(failing([500, 500, 500], record_ok)) as server,
        client_for(
            server,
            retry_policy=RetryPolicy(max_retries=3, initial_delay=1.0, max_delay=3.0),
        ) as client,
    ):
        await call(client, "GET")
    waits = [d for d in sleeps if d != 0]
    assert len(waits) == 3
    assert 0 < waits[0] <= 1.0
    assert 0 < waits[1] <= 2.0
    assert 0 < waits[2] <= 3.0


async def test_rate_limit_error_carries_retry_after_when_the_wait_does_not_fit() -> None:
    async def handler(request: web.Request) -> web.Response:
        return json_response({"detail": "slow down"}, 429, **{"Retry-After": "30"})

    async with serve(handler) as server, client_for(server, max_retries=1) as client:
        with pytest.raises(RateLimitError) as caught:
            await call(client, "GET", deadline=2.0)
    assert caught.value.retry_after is not None
    assert caught.value.retry_after >= 29
    assert caught.value.detail == "slow down"
    assert len(server.received) == 1


async def test_stats_count_requests_and_retries_across_calls() -> None:
    async with (
        serve(failing([500, 429, 503], record_ok)) as server,
        client_for(server, max_retries=2) as client,
    ):
        await call(client, "GET")  # 500, 429, 503, ok: two retries and one throttle wait
        await call(client, "GET")
        assert client.stats.retries == 2
        assert client.stats.throttled == 1
        assert client.stats.requests == 5
        assert len(server.received) == 5


async def test_retry_policy_argument_replaces_max_retries() -> None:
    async with (
        serve(failing([500] * 4, record_ok)) as server,
        client_for(server, retry_policy=fast_policy(4)) as client,
    ):
        await call(client, "GET")
        assert len(server.received) == 5
