"""Bulk fetch: `session_recordings.get_many` against a loopback server, and `map_bounded`
(with the slots its calls lend while they wait)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Collection
from typing import Any

import pytest
from aiohttp import web

from product_analytics._common.pool import lend_slot, map_bounded
from product_analytics.errors import ClientClosedError, InternalServerError, NotFoundError
from product_analytics.models import SessionRecording
from tests.support.loopback_client import (
    PROJECT,
    assert_no_pending_tasks,
    client_for,
    json_response,
    loop_errors,
    recording,
    serve,
)

RECORDING_PREFIX = f"/api/environments/{PROJECT}/session_recordings/"


def recording_server(
    *,
    missing: frozenset[str] = frozenset(),
    failing: frozenset[str] = frozenset(),
    delay: tuple[float, float] = (0.0, 0.01),
    seed: int = 0,
    hang: frozenset[str] = frozenset(),
    answered: list[str] | None = None,
) -> Any:
    """Answers each recording after a random small delay; 404 for `missing`, 500 for
    `failing`; `hang` ids never answer."""
    rng = random.Random(seed)

    async def handler(request: web.Request) -> web.Response:
        rid = request.match_info["tail"].rstrip("/").rsplit("/", 1)[-1]
        if rid in hang:
            await asyncio.sleep(10)
        await asyncio.sleep(rng.uniform(*delay))
        if rid in missing:
            return json_response({"type": "invalid_request", "detail": "Not found."}, 404)
        if rid in failing:
            return json_response({"detail": "boom"}, 500)
        if answered is not None:
            answered.append(rid)
        return json_response(recording(rid))

    return handler


def requested_ids(paths: list[str]) -> list[str]:
    return [p.removeprefix(RECORDING_PREFIX).rstrip("/") for p in paths]


# -- get_many ------------------------------------------------------------------------------


async def test_get_many_returns_models_in_input_order() -> None:
    ids = [f"rec-{i:03d}" for i in range(60)]
    answered: list[str] = []
    async with (
        serve(recording_server(delay=(0.0, 0.02), answered=answered)) as server,
        client_for(server) as client,
    ):
        results = await client.session_recordings.get_many(
            project_id=PROJECT, ids=ids, concurrency=8
        )
    assert [r.id for r in results] == ids
    assert all(isinstance(r, SessionRecording) for r in results)
    assert sorted(requested_ids(server.paths())) == sorted(ids)
    # The answers really came back out of order.
    assert sorted(answered) == ids
    assert answered != ids


@pytest.mark.parametrize("concurrency", [1, 3, 7])
async def test_get_many_never_has_more_than_concurrency_in_flight(concurrency: int) -> None:
    ids = [f"r{i}" for i in range(40)]
    async with (
        serve(recording_server(delay=(0.002, 0.01))) as server,
        client_for(server, max_concurrency=32) as client,
    ):
        results = await client.session_recordings.get_many(
            project_id=PROJECT, ids=ids, concurrency=concurrency
        )
    assert len(results) == 40
    assert server.max_in_flight == concurrency


async def test_get_many_defaults_to_the_clients_max_concurrency() -> None:
    ids = [f"r{i}" for i in range(30)]
    async with (
        serve(recording_server(delay=(0.005, 0.01))) as server,
        client_for(server, max_concurrency=4) as client,
    ):
        await client.session_recordings.get_many(project_id=PROJECT, ids=ids)
    assert server.max_in_flight == 4


async def test_get_many_default_concurrency_is_max_concurrency_not_the_connection_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The default reaches `map_bounded` as `concurrency=max_concurrency`."""
    import product_analytics._resources.bulk as bulk_module

    seen: list[int] = []
    real = map_bounded

    async def spy(function: Any, inputs: Any, *, concurrency: int, **kw: Any) -> Any:
        seen.append(concurrency)
        return await real(function, inputs, concurrency=concurrency, **kw)

    monkeypatch.setattr(bulk_module, "map_bounded", spy)
    async with serve(recording_server()) as server, client_for(server, max_concurrency=6) as c:
        await c.session_recordings.get_many(project_id=PROJECT, ids=["a", "b"])
        await c.session_recordings.get_many(project_id=PROJECT, ids=["a"], concurrency=2)
    assert seen == [6, 2]


async def test_a_failing_id_raises_its_error_after_the_others_are_cancelled_cleanly() -> None:
    ids = [f"r{i}" for i in range(50)]
    with loop_errors() as errors:
        async with (
            serve(recording_server(missing=frozenset({"r7"}), delay=(0.01, 0.03))) as server,
            client_for(server) as client,
        ):
            with pytest.raises(NotFoundError) as caught:
                await client.session_recordings.get_many(project_id=PROJECT, ids=ids, concurrency=5)
            await assert_no_pending_tasks()
            await asyncio.sleep(0.02)  # requests written before the end may still arrive
            sent = len(server.received)
            await asyncio.sleep(0.05)
            assert len(server.received) == sent  # nothing started after the failure
    assert caught.value.status_code == 404
    assert caught.value.url.endswith("/r7/")
    assert sent < len(ids)
    assert errors == []


async def test_several_failures_raise_one_error_and_report_nothing_else() -> None:
    ids = [f"r{i}" for i in range(20)]
    bad = frozenset(ids[3:12])
    with loop_errors() as errors:
        async with (
            serve(recording_server(missing=bad, delay=(0.0, 0.005))) as server,
            client_for(server) as client,
        ):
            with pytest.raises(NotFoundError) as caught:
                await client.session_recordings.get_many(
                    project_id=PROJECT, ids=ids, concurrency=10
                )
            await assert_no_pending_tasks()
    assert caught.value.url.rstrip("/").rsplit("/", 1)[-1] in bad
    assert errors == []


async def test_return_exceptions_puts_the_error_in_place_and_keeps_going() -> None:
    ids = ["a", "missing", "b", "broken", "c"]
    async with (
        serve(
            recording_server(missing=frozenset({"missing"}), failing=frozenset({"broken"}))
        ) as server,
        client_for(server, max_retries=0) as client,
    ):
        results = await client.session_recordings.get_many(
            project_id=PROJECT, ids=ids, concurrency=2, return_exceptions=True
        )
    assert isinstance(results[0], SessionRecording)
    assert results[0].id == "a"
    assert isinstance(results[1], NotFoundError)
    assert isinstance(results[2], SessionRecording)
    assert results[2].id == "b"
    assert isinstance(results[3], InternalServerError)
    assert isinstance(results[4], SessionRecording)
    assert results[4].id == "c"
    assert sorted(requested_ids(server.paths())) == sorted(ids)


async def test_failures_are_retried_before_they_count() -> None:
    attempts: dict[str, int] = {}

    async def handler(request: web.Request) -> web.Response:
        rid = request.path.rstrip("/").rsplit("/", 1)[-1]
        attempts[rid] = attempts.get(rid, 0) + 1
        if attempts[rid] == 1:
            return json_response({"detail": "busy"}, 503)
        return json_response(recording(rid))

    async with serve(handler) as server, client_for(server, max_retries=1) as client:
        results = await client.session_recordings.get_many(project_id=PROJECT, ids=["a", "b"])
    assert [r.id for r in results] == ["a", "b"]
    assert attempts == {"a": 2, "b": 2}
    assert client.stats.retries == 2
    assert len(server.received) == 4


@pytest.mark.parametrize(
    "ids",
    [
        ["ok", 5, "ok2"],
        ["ok", None],
        ["ok", b"bytes"],
        ["ok", ""],
        ["ok", 1.5],
    ],
)
async def test_a_bad_id_raises_before_any_request_is_sent(ids: list[Any]) -> None:
    async with serve(recording_server()) as server, client_for(server) as client:
        with pytest.raises((TypeError, ValueError)):
            await client.session_recordings.get_many(project_id=PROJECT, ids=ids)
    assert server.received == []


@pytest.mark.parametrize("ids", ["abc", b"abc", None, 7])
async def test_one_string_or_no_list_is_a_type_error_naming_ids(ids: Any) -> None:
    async with serve(recording_server()) as server, client_for(server) as client:
        with pytest.raises(TypeError, match=r"^ids must be a list of values"):
            await client.session_recordings.get_many(project_id=PROJECT, ids=ids)
    assert server.received == []


@pytest.mark.parametrize(
    ("concurrency", "error"),
    [(0, ValueError), (-1, ValueError), (2.0, TypeError), (True, TypeError)],
)
async def test_a_bad_concurrency_raises_before_any_request(
    concurrency: Any, error: type[Exception]
) -> None:
    async with serve(recording_server()) as server, client_for(server) as client:
        with pytest.raises(error):
            await client.session_recordings.get_many(
                project_id=PROJECT, ids=["a"], concurrency=concurrency
            )
    assert server.received == []


async def test_empty_ids_give_an_empty_list_without_requests() -> None:
    async with serve(recording_server()) as server, client_for(server) as client:
        assert await client.session_recordings.get_many(project_id=PROJECT, ids=[]) == []
        assert await client.session_recordings.get_many(project_id=PROJECT, ids=iter(())) == []
    assert server.received == []


async def test_ids_may_be_any_iterable_and_duplicates_are_fetched_each() -> None:
    async with serve(recording_server()) as server, client_for(server) as client:
        results = await client.session_recordings.get_many(
            project_id=PROJECT, ids=(f"r{i % 3}" for i in range(6))
        )
    assert [r.id for r in results] == ["r0", "r1", "r2", "r0", "r1", "r2"]
    assert len(server.received) == 6


async def test_cancelling_get_many_leaves_no_tasks_and_sends_nothing_more() -> None:
    ids = [f"r{i}" for i in range(200)]
    with loop_errors() as errors:
        async with (
            serve(recording_server(delay=(0.01, 0.02))) as server,
            client_for(server) as client,
        ):
            task = asyncio.create_task(
                client.session_recordings.get_many(project_id=PROJECT, ids=ids, concurrency=4)
            )
            await server.wait_for_requests(10)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            await assert_no_pending_tasks()
            await asyncio.sleep(0.02)  # requests written before the end may still arrive
            sent = len(server.received)
            await asyncio.sleep(0.08)
            assert len(server.received) == sent
            assert sent < len(ids)
            # The client still works afterwards.
            again = await client.session_recordings.get_many(project_id=PROJECT, ids=["x"])
            assert again[0].id == "x"
    assert errors == []


async def test_the_clients_deadline_bounds_each_id_not_the_whole_get_many() -> None:
    # 12 ids one at a time, 30-40 ms each: about 0.4 s in all, twice the deadline, while
    # each id's call takes a fifth of it.
    ids = [f"r{i}" for i in range(12)]
    async with (
        serve(recording_server(delay=(0.03, 0.04))) as server,
        client_for(server, deadline=0.2) as client,
    ):
        started = asyncio.get_running_loop().time()
        results = await client.session_recordings.get_many(
            project_id=PROJECT, ids=ids, concurrency=1
        )
        assert asyncio.get_running_loop().time() - started > 0.2
    assert [r.id for r in results] == ids


async def test_asyncio_wait_for_bounds_a_whole_get_many_and_leaves_no_tasks() -> None:
    ids = [f"r{i}" for i in range(200)]
    with loop_errors() as errors:
        async with (
            serve(recording_server(delay=(0.01, 0.02))) as server,
            client_for(server) as client,
        ):
            with pytest.raises(asyncio.TimeoutError):
                await asyncio.wait_for(
                    client.session_recordings.get_many(project_id=PROJECT, ids=ids, concurrency=2),
                    timeout=0.1,
                )
            await assert_no_pending_tasks()
            assert len(server.received) < len(ids)
    assert errors == []


async def test_closing_the_client_during_get_many_raises_client_closed_error() -> None:
    ids = [f"r{i}" for i in range(20)]
    with loop_errors() as errors:
        async with serve(recording_server(hang=frozenset(ids))) as server:
            async with client_for(server) as client:
                task = asyncio.create_task(
                    client.session_recordings.get_many(project_id=PROJECT, ids=ids, concurrency=3)
                )
                await server.wait_for_requests(3)
                await client.close()
                with pytest.raises(ClientClosedError):
                    await task
            await assert_no_pending_tasks()
    assert errors == []


async def test_an_id_waiting_out_a_429_leaves_its_slot_to_the_other_ids() -> None:
    """r0 is refused with a Retry-After of 10 minutes: at concurrency 1 the ids after it
    are fetched meanwhile, one at a time, up to r9, which is never answered. Closing the
    client ends r0's wait and r9's request."""
    ids = [f"r{i}" for i in range(10)]
    never = asyncio.Event()

    async def handler(request: web.Request) -> web.Response:
        rid = request.path.rstrip("/").rsplit("/", 1)[-1]
        if rid == "r0":
            return json_response({"detail": "slow down"}, 429, **{"Retry-After": "600"})
        if rid == "r9":
            await never.wait()
        return json_response(recording(rid))

    with loop_errors() as errors:
        async with serve(handler) as server:
            async with client_for(server) as client:
                task = asyncio.create_task(
                    client.session_recordings.get_many(
                        project_id=PROJECT, ids=ids, concurrency=1, return_exceptions=True
                    )
                )
                # r9 is sent once r1 to r8 are done, while r0 waits.
                await server.wait_for_requests(len(ids))
                await client.close()
                results = await task
            await assert_no_pending_tasks()
    assert requested_ids(server.paths()) == ids
    assert server.max_in_flight == 1
    assert client.stats.throttled == 1
    assert client.stats.throttle_wait >= 600  # r0 was waiting, it did not give up
    assert isinstance(results[0], ClientClosedError)
    assert isinstance(results[9], ClientClosedError)
    assert [r.id for r in results[1:9]] == ids[1:9]  # type: ignore[union-attr]
    assert errors == []


@pytest.mark.parametrize("concurrency", [1, 4])
async def test_get_many_under_many_429s_never_has_more_than_concurrency_in_flight(
    concurrency: int,
) -> None:
    ids = [f"r{i}" for i in range(45)]
    refused = set(ids[::3])
    rng = random.Random(0)

    async def handler(request: web.Request) -> web.Response:
        rid = request.path.rstrip("/").rsplit("/", 1)[-1]
        if rid in refused:
            refused.discard(rid)
            return json_response({"detail": "slow down"}, 429, **{"Retry-After": "0.02"})
        await asyncio.sleep(rng.uniform(0.001, 0.005))
        return json_response(recording(rid))

    async with serve(handler) as server, client_for(server) as client:
        results = await client.session_recordings.get_many(
            project_id=PROJECT, ids=ids, concurrency=concurrency
        )
    assert [r.id for r in results] == ids
    assert client.stats.throttled == 15
    assert len(server.received) == 60
    assert server.max_in_flight <= concurrency


# -- map_bounded ---------------------------------------------------------------------------


class Gauge:
    def __init__(self) -> None:
        self.now = 0
        self.peak = 0
        self.started: list[int] = []
        self.finished: list[int] = []
        self.cancelled: list[int] = []


def tracked(
    gauge: Gauge,
    *,
    fail: Collection[int] = frozenset(),
    seed: int = 0,
    hang: Collection[int] = frozenset(),
) -> Any:
    rng = random.Random(seed)

    async def function(x: int) -> int:
        gauge.started.append(x)
        gauge.now += 1
        gauge.peak = max(gauge.peak, gauge.now)
        try:
            await asyncio.sleep(100 if x in hang else rng.uniform(0, 0.005))
            if x in fail:
                raise ValueError(f"bad {x}")
            gauge.finished.append(x)
            return x * 10
        except asyncio.CancelledError:
            gauge.cancelled.append(x)
            raise
        finally:
            gauge.now -= 1

    return function


async def test_map_bounded_keeps_input_order_and_bounds_concurrency() -> None:
    gauge = Gauge()
    results = await map_bounded(tracked(gauge), list(range(50)), concurrency=6)
    assert results == [x * 10 for x in range(50)]
    assert gauge.peak == 6
    assert gauge.finished != sorted(gauge.finished)  # finished out of order


async def test_map_bounded_with_fewer_inputs_than_concurrency() -> None:
    gauge = Gauge()
    assert await map_bounded(tracked(gauge), [1, 2], concurrency=10) == [10, 20]
    assert gauge.peak == 2


async def test_map_bounded_of_nothing() -> None:
    async def never(x: int) -> int:
        raise AssertionError("not called")

    assert await map_bounded(never, [], concurrency=3) == []


async def test_map_bounded_first_failure_cancels_the_rest_and_is_raised() -> None:
    gauge = Gauge()
    with loop_errors() as errors:
        with pytest.raises(ValueError, match="bad 5"):
            await map_bounded(
                tracked(gauge, fail={5}, hang={1, 2, 3}), list(range(100)), concurrency=4
            )
        await assert_no_pending_tasks()
    assert set(gauge.cancelled) == {1, 2, 3}
    assert gauge.now == 0
    assert 99 not in gauge.started  # stopped starting new calls
    assert errors == []


async def test_map_bounded_return_exceptions_keeps_going() -> None:
    gauge = Gauge()
    results = await map_bounded(
        tracked(gauge, fail={2, 7}), list(range(10)), concurrency=3, return_exceptions=True
    )
    assert [r for i, r in enumerate(results) if i not in (2, 7)] == [
        i * 10 for i in range(10) if i not in (2, 7)
    ]
    assert isinstance(results[2], ValueError)
    assert str(results[7]) == "bad 7"
    assert sorted(gauge.started) == list(range(10))


async def test_map_bounded_cancelled_from_outside_cancels_every_call() -> None:
    gauge = Gauge()
    with loop_errors() as errors:
        task = asyncio.ensure_future(
            map_bounded(tracked(gauge, hang=set(range(20))), list(range(20)), concurrency=5)
        )
        for _ in range(5):
            await asyncio.sleep(0)
        assert gauge.now == 5
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        await assert_no_pending_tasks()
    assert sorted(gauge.cancelled) == [0, 1, 2, 3, 4]
    assert gauge.now == 0
    assert errors == []


async def test_map_bounded_many_simultaneous_failures_report_nothing_unretrieved() -> None:
    async def fail(x: int) -> int:
        await asyncio.sleep(0)
        raise KeyError(x)

    with loop_errors() as errors:
        with pytest.raises(KeyError):
            await map_bounded(fail, list(range(30)), concurrency=10)
        await assert_no_pending_tasks()
    assert errors == []


class Abort(BaseException):
    """Not an `Exception`: `return_exceptions` does not catch it."""


@pytest.mark.parametrize("return_exceptions", [False, True])
async def test_map_bounded_base_exception_in_a_call_propagates_and_cleans_up(
    return_exceptions: bool,
) -> None:
    gauge = Gauge()
    inner = tracked(gauge, hang={0, 1})

    async def function(x: int) -> int:
        if x == 2:
            await asyncio.sleep(0.001)
            raise Abort
        return await inner(x)  # type: ignore[no-any-return]

    with loop_errors() as errors:
        with pytest.raises(Abort):
            await map_bounded(
                function, [0, 1, 2, 3], concurrency=3, return_exceptions=return_exceptions
            )
        await assert_no_pending_tasks()
    assert sorted(gauge.cancelled) == [0, 1]
    assert errors == []


# -- slots lent while a call waits ---------------------------------------------------------


async def test_a_lent_slot_runs_the_next_inputs_and_comes_back_before_new_ones() -> None:
    """At concurrency 1, call 0 lends its slot until call 3 runs: 1, 2 and 3 run meanwhile;
    then call 0 takes the slot back before input 4 starts."""
    log: list[str] = []
    released = asyncio.Event()

    async def function(x: int) -> int:
        log.append(f"start {x}")
        if x == 0:
            async with lend_slot():
                await released.wait()
            log.append("back 0")
        if x == 3:
            released.set()
        await asyncio.sleep(0)
        log.append(f"end {x}")
        return x * 10

    with loop_errors() as errors:
        results = await map_bounded(function, list(range(6)), concurrency=1)
        await assert_no_pending_tasks()
    assert results == [0, 10, 20, 30, 40, 50]
    assert log == [
        "start 0",
        *("start 1", "end 1", "start 2", "end 2", "start 3", "end 3"),
        *("back 0", "end 0"),
        *("start 4", "end 4", "start 5", "end 5"),
    ]
    assert errors == []


@pytest.mark.parametrize("return_exceptions", [False, True])
async def test_calls_that_lend_their_slots_stay_within_concurrency(
    return_exceptions: bool,
) -> None:
    """Every call lends its slot for a while: more than `concurrency` calls are under way
    at once, never more than `concurrency` of them outside their waits."""
    rng = random.Random(3)
    active = Gauge()  # calls outside `lend_slot`
    under_way = Gauge()  # calls started and not finished

    async def function(x: int) -> int:
        for gauge in (active, under_way):
            gauge.now += 1
            gauge.peak = max(gauge.peak, gauge.now)
        await asyncio.sleep(rng.uniform(0, 0.002))
        active.now -= 1
        async with lend_slot():
            await asyncio.sleep(rng.uniform(0, 0.01))
        active.now += 1
        active.peak = max(active.peak, active.now)
        await asyncio.sleep(rng.uniform(0, 0.002))
        active.now -= 1
        under_way.now -= 1
        return x

    results = await map_bounded(
        function, list(range(200)), concurrency=5, return_exceptions=return_exceptions
    )
    assert results == list(range(200))
    assert active.peak == 5
    assert under_way.peak > 5


async def test_lend_slot_outside_a_map_bounded_call_does_nothing() -> None:
    """Alone, and in a task that a call of `map_bounded` started: that call keeps its slot
    (input 1 waits for input 0 to end)."""
    async with lend_slot():
        await asyncio.sleep(0)
    log: list[str] = []

    async def wait_in_a_child_task() -> None:
        async with lend_slot():
            await asyncio.sleep(0.01)

    async def function(x: int) -> int:
        log.append(f"start {x}")
        if x == 0:
            await asyncio.create_task(wait_in_a_child_task())
        log.append(f"end {x}")
        return x

    assert await map_bounded(function, [0, 1], concurrency=1) == [0, 1]
    assert log == ["start 0", "end 0", "start 1", "end 1"]


@pytest.mark.parametrize("taking_it_back", [False, True])
async def test_cancelling_map_bounded_while_a_slot_is_lent_cancels_every_call(
    taking_it_back: bool,
) -> None:
    """Call 0 lends its slot and waits (or waits to take it back while call 1 holds it):
    cancelling `map_bounded` cancels both and leaves no task."""
    gauge = Gauge()
    inner = tracked(gauge, hang={1})

    async def function(x: int) -> int:
        if x == 0:
            try:
                async with lend_slot():
                    await asyncio.sleep(0 if taking_it_back else 100)
            except asyncio.CancelledError:
                gauge.cancelled.append(0)
                raise
        return await inner(x)  # type: ignore[no-any-return]

    with loop_errors() as errors:
        task = asyncio.ensure_future(map_bounded(function, [0, 1, 2], concurrency=1))
        for _ in range(5):
            await asyncio.sleep(0)
        assert gauge.started == [1]
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        await assert_no_pending_tasks()
    assert sorted(gauge.cancelled) == [0, 1]
    assert 2 not in gauge.started
    assert errors == []


async def test_a_failure_while_a_slot_is_lent_cancels_the_lender_and_is_raised() -> None:
    gauge = Gauge()
    inner = tracked(gauge, fail={3})
    lender_cancelled = []

    async def function(x: int) -> int:
        if x == 0:
            try:
                async with lend_slot():
                    await asyncio.sleep(100)
            except asyncio.CancelledError:
                lender_cancelled.append(x)
                raise
        return await inner(x)  # type: ignore[no-any-return]

    with loop_errors() as errors:
        with pytest.raises(ValueError, match="bad 3"):
            await map_bounded(function, list(range(50)), concurrency=2)
        await assert_no_pending_tasks()
    assert lender_cancelled == [0]
    assert 49 not in gauge.started
    assert gauge.now == 0
    assert errors == []


async def test_nested_map_bounded_calls_lend_their_own_slots() -> None:
    """Each inner call lends an inner slot: every inner `map_bounded` stays within its
    concurrency of 2, and the outer one within its 2, so at most 4 run outside waits."""
    active = Gauge()

    async def item(x: int) -> int:
        active.now += 1
        active.peak = max(active.peak, active.now)
        await asyncio.sleep(0.001)
        active.now -= 1
        async with lend_slot():
            await asyncio.sleep(0.002)
        return x

    async def group(g: int) -> list[int | Exception]:
        return await map_bounded(item, [g * 10 + i for i in range(6)], concurrency=2)

    results = await map_bounded(group, [0, 1, 2, 3], concurrency=2)
    assert results == [[g * 10 + i for i in range(6)] for g in range(4)]
    assert active.peak == 4
