"""`throttle_store="redis://..."`: windows and pauses shared by every client on one Redis
server, in any process; a store that dies mid-job leaves each client throttling on its own,
after one warning, with nothing lost. Against a real redis-server (the `redis_store`
fixture starts one on a free loopback port)."""

from __future__ import annotations

import asyncio
import bisect
import time
from typing import Any

import pytest
import redis.asyncio
from redis.asyncio.client import Pipeline

from product_analytics import AsyncClient, ConfigurationError, RateLimit
from product_analytics._sending.throttle import ThrottleEvent, Throttles, ThrottleWaitTooLong
from product_analytics.testing import FakeServer
from tests.support.loopback import free_port
from tests.support.redis_server import RedisServer
from tests.support.shared_store import shared_run
from tests.support.throttle_steps import refused_and_held, waiting_request

RECORDINGS = ("recordings",)


async def test_a_pause_made_by_one_client_holds_another_on_the_same_store(
    redis_store: RedisServer,
) -> None:
    first = Throttles(store=redis_store.url, namespace="t1")
    second = Throttles(store=redis_store.url, namespace="t1")
    other_key = Throttles(store=redis_store.url, namespace="t2")
    heard: list[ThrottleEvent] = []
    second.add_listener(heard.append)
    try:
        await first.refused(RECORDINGS, time.time(), 30.0)
        assert second.watching(RECORDINGS)
        await second.acquire(RECORDINGS, max_wait=0.1)  # its probe: does the pause hold?
        assert [event.retry_after is not None for event in heard] == [True]  # heard it
        for _ in range(3):  # its probes are refused too: the pause holds
            await second.refused(RECORDINGS, time.time(), 30.0)
        with pytest.raises(ThrottleWaitTooLong) as caught:
            await second.acquire(RECORDINGS, max_wait=0.5)
        assert caught.value.retry_after > 25
        await other_key.acquire(RECORDINGS, max_wait=0.0)  # another key shares nothing
        # The probe got through: the second client lifts the pause for the first one too.
        await second.admitted(RECORDINGS, time.time())
        assert await first.acquire(RECORDINGS, max_wait=0.5) < 0.5
        assert heard[-1].paused_until is None  # and its listeners heard the pause lift
    finally:
        for throttles in (first, second, other_key):
            await throttles.close()


async def test_clients_pausing_at_once_keep_the_latest_end(redis_store: RedisServer) -> None:
    """Two clients refused at the same moment each write their pause: the store keeps the
    later end, not a sum of the two (a read-then-write race would put it decades away)."""
    clients = [Throttles(store=redis_store.url, namespace="race") for _ in range(3)]
    try:
        for _ in range(20):
            sent = time.time()
            await asyncio.gather(
                clients[0].refused(RECORDINGS, sent, 2.0), clients[1].refused(RECORDINGS, sent, 3.0)
            )
            await clients[2].acquire(RECORDINGS)  # reads the shared pause
            until = clients[2].paused_until("recordings")
            assert until is not None
            assert sent + 2.9 < until < time.time() + 3.1
            await clients[0].admitted(RECORDINGS, time.time())  # lifts it for the next round
            await clients[2].acquire(RECORDINGS)
            assert clients[2].paused_until("recordings") is None
    finally:
        for throttles in clients:
            await throttles.close()


async def test_clients_on_one_store_share_their_windows(redis_store: RedisServer) -> None:
    clients = [
        Throttles(RateLimit(3, per=1), store=redis_store.url, namespace="w", margin=0.0)
        for _ in range(2)
    ]
    try:
        sent = []
        for i in range(9):
            await clients[i % 2].acquire(("crud",))
            sent.append(time.monotonic())
        assert sum(t < sent[0] + 0.9 for t in sent) <= 3
        assert sent[-1] - sent[0] >= 1.9  # 9 at 3 a second between them: 3 windows
    finally:
        for throttles in clients:
            await throttles.close()


async def test_a_shared_slot_frees_a_window_after_the_answer_not_the_send(
    redis_store: RedisServer,
) -> None:
    """The service counts a request when it reaches it, up to its answer: a slot frees one
    window after the answer. 5 per second: one client takes four slots, answered 0.4 s
    later; another takes one, answered at once. Ten requests of the second, waiting
    together: one goes when its slot frees, the next ones when the four do, and no second
    holds more than 5. (Counted at their sends with a count of answers beside, the ten all
    saw room for one at once and each took it: 4 more 429s.)"""
    slow, quick = (
        Throttles(RateLimit(5, per=1), store=redis_store.url, namespace="edge", margin=0.0)
        for _ in range(2)
    )
    try:
        sent = []
        for _ in range(4):
            await slow.acquire(("crud",))
            sent.append(time.time())
        await quick.acquire(("crud",))
        sent.append(time.time())
        await quick.admitted(("crud",), sent[-1])
        went: list[float] = []

        async def one() -> None:
            await quick.acquire(("crud",))
            went.append(time.time())
            await quick.admitted(("crud",), went[-1])

        waiting = asyncio.gather(*(one() for _ in range(10)))
        await asyncio.sleep(0.4)
        late = time.time()
        for at in sent[:4]:
            await slow.admitted(("crud",), at)
        await waiting
        assert sum(at < late + 1.0 for at in went) <= 1, [at - sent[0] for at in sorted(went)]
        taken = sorted([*sent, *went])
        assert all(bisect.bisect_left(taken, at + 1.0) - i <= 5 for i, at in enumerate(taken))
    finally:
        for throttles in (slow, quick):
            await throttles.close()


async def test_a_refused_request_frees_its_slots_in_every_class_in_one_round_trip(
    redis_store: RedisServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A list request (classes recordings and listing, each limited to 1 a minute) holds a
    slot in each class's window. Refused, it was counted in neither: one pipeline to Redis
    frees both, and the next request goes at once, as the pause's probe."""
    pipelines: list[Pipeline] = []
    zrem = Pipeline.zrem

    def zrem_in(pipe: Pipeline, *args: Any) -> Any:
        pipelines.append(pipe)
        return zrem(pipe, *args)

    monkeypatch.setattr(Pipeline, "zrem", zrem_in)
    classes = ("recordings", "listing")
    limits = {name: RateLimit(1, per=60) for name in classes}
    throttles = Throttles(limits, store=redis_store.url, namespace="free")
    try:
        await throttles.acquire(classes, max_wait=0.0)
        await throttles.refused(classes, time.time(), 1.0)
        assert len(pipelines) == 2  # one slot a class
        assert len({id(pipe) for pipe in pipelines}) == 1
        assert await throttles.acquire(classes, max_wait=0.1) < 0.1
    finally:
        await throttles.close()


async def test_a_request_waiting_on_one_class_holds_no_shared_slot_of_another(
    redis_store: RedisServer,
) -> None:
    """Recordings at 2 a second on the store, listing held 2.5 s: a list request
    (recordings and listing) of one client keeps no recordings slot while it waits. Two
    recordings requests of another client go at 2.1 s; the list request goes once their
    window has room again, not at 2.5 s as a third in it (the slot it took at 0 s, held
    two windows while unanswered, would have freed at 2 s)."""
    lists, others = (
        Throttles(
            {"recordings": RateLimit(2, per=1)}, store=redis_store.url, namespace="hold", margin=0.0
        )
        for _ in range(2)
    )
    try:
        started = time.time()
        await refused_and_held(lists, ("listing",), started, 2.5)
        recordings: list[float] = []
        waiting = waiting_request(lists, ("recordings", "listing"), recordings)
        await asyncio.sleep(2.1)
        for _ in range(2):
            await others.acquire(RECORDINGS, max_wait=0.0)
            recordings.append(time.time())
            await others.admitted(RECORDINGS, recordings[-1])
        await waiting
        assert sum(at < recordings[0] + 1.0 for at in recordings) <= 2, [
            at - started for at in recordings
        ]
    finally:
        for throttles in (lists, others):
            await throttles.close()


async def test_a_store_dying_mid_job_leaves_per_process_throttling_and_loses_nothing(
    redis_store: RedisServer,
) -> None:
    async with FakeServer(recordings=60, seed=4) as server:
        async with AsyncClient(
            api_key=server.api_key,
            base_url=server.base_url,
            project_id=server.project_id,
            rate_limit=RateLimit(20, per=1),
            throttle_store=redis_store.url,
        ) as client:
            ids = list(server.recording_ids)
            first = await client.session_recordings.get_many(ids=ids[:20])
            redis_store.stop()
            with pytest.warns(RuntimeWarning, match="throttle store failed") as caught:
                rest = await client.session_recordings.get_many(ids=ids[20:])
        assert [str(r.id) for r in [*first, *rest]] == ids
        assert len([w for w in caught if "throttle store" in str(w.message)]) == 1


async def test_a_slot_taken_while_the_store_fails_is_not_in_the_room_a_look_finds(
    redis_store: RedisServer,
) -> None:
    """A limit of 3. One request waits on Redis for its slot (the store holds scripts for
    0.5 s) when another request's read fails (its class's pause key holds a string): the
    client throttles in memory from then on. A third request looks at the window: one in
    flight, room for 2; it goes. The first gets its slot and goes: the window is full,
    and the next request waits, though the look had found room for one more."""
    raw = redis.asyncio.Redis.from_url(redis_store.url)
    throttles = Throttles(RateLimit(3, per=60), store=redis_store.url, namespace="fails")
    try:
        await raw.set("fails:pause:listing", "not a pause")  # any Redis error does
        await raw.execute_command("CLIENT", "PAUSE", "500", "WRITE")  # scripts wait
        waiting = asyncio.create_task(throttles.acquire(RECORDINGS, max_wait=0.0))
        await asyncio.sleep(0.1)  # its pause read; its slot's script waits
        with pytest.warns(RuntimeWarning, match="throttle store failed"):
            await throttles.acquire(("listing",), max_wait=0.0)  # fails: in memory
        await throttles.acquire(RECORDINGS, max_wait=0.0)  # a look: room for 2
        await waiting  # its slot taken in Redis
        with pytest.raises(ThrottleWaitTooLong):
            await throttles.acquire(RECORDINGS, max_wait=0.0)
    finally:
        await raw.aclose()
        await throttles.close()


async def test_requests_whose_slots_redis_fails_to_take_are_counted_in_memory(
    redis_store: RedisServer,
) -> None:
    """A limit of 2 over all requests; 4 requests ask Redis for a slot at once and its
    script fails for each (the window's key holds a string). The client throttles in
    memory from then on, and those 4 are checked there too: 2 go, and the others wait
    for room (they went, all 4, as if Redis had found room)."""
    raw = redis.asyncio.Redis.from_url(redis_store.url)
    throttles = Throttles(RateLimit(2, per=60), store=redis_store.url, namespace="lost")
    (window,) = throttles._gates["*"].items
    try:
        await raw.set(throttles._store._slots_key(window), "not a window")  # WRONGTYPE
        asked = [throttles.acquire(RECORDINGS, max_wait=0.0) for _ in range(4)]
        with pytest.warns(RuntimeWarning, match="throttle store failed"):
            done = await asyncio.gather(*asked, return_exceptions=True)
        assert sum(isinstance(each, ThrottleWaitTooLong) for each in done) == 2, done
    finally:
        await raw.aclose()
        await throttles.close()


async def test_four_processes_on_one_key_share_a_drf_window_through_redis(
    redis_store: RedisServer,
) -> None:
    """4 processes, 60 recordings each, against 30 requests per 3 s with `rate_limit` set to
    it: nothing fails and under 5 % of the requests meet a 429. A request holds its shared
    slot from its send until a window after its answer, which the service's count never
    outlasts, however late the request reaches it (its process descheduled, a loaded
    machine). `make bench` measures the time against the window's bound."""
    run = await shared_run(redis_store.url)
    assert (run.errors, run.fetched) == (0, 4 * 60)
    assert run.share_429 <= 0.05, run


async def test_four_processes_on_one_key_without_a_store_all_finish() -> None:
    """The same 4 processes each on its own: they collide (many 429s), but each ends with
    all its recordings; none is starved into giving up. `make bench` compares their times
    with the shared store's."""
    run = await shared_run(None)
    assert (run.errors, run.fetched) == (0, 4 * 60)
    assert len(run.worker_seconds) == 4


async def test_a_store_password_never_shows(caplog: pytest.LogCaptureFixture) -> None:
    store = f"redis://:st0re-pass@127.0.0.1:{free_port()}/0"  # nothing listens: it fails
    async with (
        FakeServer(recordings=1, seed=4) as server,
        AsyncClient(
            api_key=server.api_key,
            base_url=server.base_url,
            project_id=server.project_id,
            throttle_store=store,
        ) as client,
    ):
        with pytest.warns(RuntimeWarning, match="throttle store failed") as caught:
            await client.session_recordings.get(id=server.recording_ids[0])
        shown = [repr(client), repr(vars(client)["_config"])]
    shown += [str(w.message) for w in caught] + [r.getMessage() for r in caplog.records]
    assert not [text for text in shown if "st0re-pass" in text]


def test_an_unknown_store_scheme_is_refused_before_anything_is_sent() -> None:
    with pytest.raises(ConfigurationError, match="throttle_store") as caught:
        AsyncClient(api_key="k", base_url="http://h", throttle_store="memcached://:pw9@h:1")
    assert "pw9" not in str(caught.value)


def test_a_bad_store_variable_is_a_configuration_error_naming_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PRODUCT_ANALYTICS_THROTTLE_STORE", "redis//localhost:6379")
    with pytest.raises(ConfigurationError, match="PRODUCT_ANALYTICS_THROTTLE_STORE"):
        AsyncClient(api_key="k", base_url="http://h")
