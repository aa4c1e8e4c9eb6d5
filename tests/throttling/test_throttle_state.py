"""The throttle state on its own (`_throttle.Throttles`, memory store): what a 429 pauses,
what lifts a pause, when pacing starts, and the `RateLimit` values it enforces."""

from __future__ import annotations

import asyncio
import math
import random
import time
from collections.abc import Sequence
from typing import Any

import pytest

from product_analytics import AsyncClient, RateLimit
from product_analytics._sending import throttle
from product_analytics._sending.throttle import (
    _LOOK_EVERY,
    LONGEST_PAUSE,
    ThrottleEvent,
    Throttles,
    ThrottleWaitTooLong,
)
from product_analytics.testing import FakeServer
from tests.support.throttle_steps import refused_and_held, waiting_request
from tests.support.virtual_time import run_in_virtual_time

RECORDINGS = ("recordings",)
RATES = {"recordings": ((240, 60.0), (1200, 3600.0)), "listing": ((60, 60.0), (300, 3600.0))}


async def let_through(throttles: Throttles, classes: Sequence[str], sent_at: float) -> None:
    """Report a request let through by the service, as `Session.exchange` does."""
    throttles.let_through(classes, sent_at)
    if throttles.watching(classes):
        await throttles.admitted(classes, sent_at)


def _max_in_any_window(times: list[float], window: float) -> int:
    return max(sum(1 for t in times if start <= t < start + window) for start in times)


@pytest.mark.parametrize(("max_requests", "per"), [(0, 1.0), (-1, 1.0), (1, 0), (1, 0.5)])
def test_bad_rate_limits_are_rejected(max_requests: int, per: float) -> None:
    with pytest.raises(ValueError):
        RateLimit(max_requests, per)


def test_non_integer_max_requests_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        RateLimit(2.5, 1.0)  # type: ignore[arg-type]


def test_client_rejects_a_rate_limit_that_is_not_a_rate_limit() -> None:
    with pytest.raises(TypeError, match="RateLimit"):
        AsyncClient(api_key="k", base_url="http://h", rate_limit=240)  # type: ignore[arg-type]


async def test_nothing_is_watched_before_the_first_429() -> None:
    throttles = Throttles(rates=RATES)
    assert not throttles.watching(RECORDINGS)
    await throttles.refused(RECORDINGS, time.time(), 0.05)
    assert throttles.watching(RECORDINGS)
    assert not throttles.watching(("crud",))  # per-class isolation


async def test_a_429_contradicted_by_a_later_request_lifts_the_pause_without_pacing() -> None:
    throttles = Throttles(rates=RATES)
    refused_at = time.time()
    assert await throttles.refused(RECORDINGS, refused_at, 30.0) == 30.0
    assert throttles.paused_until("recordings") is not None
    # The first request after it goes as a probe; it gets through: a lone refusal.
    assert await throttles.acquire(RECORDINGS, max_wait=0.0) == pytest.approx(0, abs=0.05)
    await let_through(throttles, RECORDINGS, time.time())
    assert throttles.paused_until("recordings") is None
    assert throttles.paced() == []
    assert await throttles.acquire(RECORDINGS, max_wait=0.0) == pytest.approx(0, abs=0.05)


async def test_requests_sent_before_the_refused_one_do_not_lift_its_pause() -> None:
    throttles = Throttles(rates=RATES)
    earlier = time.time()
    await throttles.refused(RECORDINGS, time.time(), 30.0)
    await let_through(throttles, RECORDINGS, earlier)  # in flight before: the window had room
    assert throttles.paused_until("recordings") is not None


async def test_a_request_sent_during_a_pause_shows_a_lone_refusal_though_it_lands_after() -> None:
    """A Retry-After shorter than a round trip: the pause ends, and the next request goes,
    before the answer to one sent during the pause lands. Let through, it was sent into the
    window the 429 called full: a lone refusal, and the class is not paced (at the
    published 240 a minute, a bulk fetch paced for nothing sits out most of each minute)."""
    throttles = Throttles(rates=RATES)
    refused_at = time.time()
    during = refused_at + 0.001  # the pause ends 10 ms after the refusal lands, or later
    await throttles.refused(RECORDINGS, refused_at, 0.01)
    await asyncio.sleep(0.02)
    assert throttles.paused_until("recordings") is None  # the pause is over
    await throttles.acquire(RECORDINGS)  # the next request goes first
    await let_through(throttles, RECORDINGS, during)
    assert throttles.paced() == []


async def test_a_pause_that_runs_its_course_paces_once_a_later_request_gets_through() -> None:
    throttles = Throttles(rates=RATES)
    await throttles.refused(RECORDINGS, time.time(), 0.01)  # nothing else in flight
    await asyncio.sleep(0.02)
    await throttles.acquire(RECORDINGS)
    await let_through(throttles, RECORDINGS, time.time())  # sent after the pause's end
    assert throttles.paced() == ["recordings"]


async def test_a_class_paced_without_published_rates_goes_on_at_once() -> None:
    """A class the service publishes no rate for, paced by a pause that ran its course,
    has no window to wait for: its requests go on at once."""
    throttles = Throttles()
    await throttles.refused(RECORDINGS, time.time(), 0.01)
    await asyncio.sleep(0.02)
    await throttles.acquire(RECORDINGS)
    await let_through(throttles, RECORDINGS, time.time())
    assert throttles.paced() == ["recordings"]
    for _ in range(3):
        assert await throttles.acquire(RECORDINGS, max_wait=0.0) == 0.0
        await let_through(throttles, RECORDINGS, time.time())


async def test_a_pause_whose_probe_got_no_answer_ends_without_pacing() -> None:
    """The probe sent during a short pause stalls; the next one (after its patience, past
    the pause's end) gets through. Nothing was refused but the first request: no throttle
    shown, the pause just ends."""
    throttles = Throttles(rates=RATES)
    await throttles.refused(RECORDINGS, time.time(), 0.05)
    await throttles.acquire(RECORDINGS)  # the probe, during the pause
    probe = time.time()
    await asyncio.sleep(0.06)
    assert throttles.paused_until("recordings") is None  # the pause is over
    await throttles.acquire(RECORDINGS)  # the next probe, once the first one's patience ran out
    await let_through(throttles, RECORDINGS, time.time())
    throttles.unanswered(RECORDINGS, probe)  # the first one times out
    assert throttles.paced() == []


async def test_two_pauses_a_moment_apart_teach_no_window() -> None:
    """Two pauses that run their course a fraction of a second apart are no cycle of a
    window (services count in whole seconds): the class goes on at its published rates,
    not at the one request a second let through between the two."""
    throttles = Throttles(rates=RATES)
    for _ in range(2):
        await throttles.refused(RECORDINGS, time.time(), 0.01)
        await asyncio.sleep(0.02)
        await throttles.acquire(RECORDINGS)
        await let_through(throttles, RECORDINGS, time.time())  # sent after the end
    assert throttles.paced() == ["recordings"]
    for _ in range(3):
        await throttles.acquire(RECORDINGS, max_wait=0.5)
        await let_through(throttles, RECORDINGS, time.time())


async def test_a_pause_that_holds_waits_and_then_paces_at_the_published_rates() -> None:
    throttles = Throttles(rates={"recordings": ((3, 1.0),)}, margin=0.0)
    await held_pause(throttles, 0.3)
    with pytest.raises(ThrottleWaitTooLong):  # no more probes: the pause is waited out
        await throttles.acquire(RECORDINGS, max_wait=0.05)
    sent = []
    for _ in range(7):  # each let through (the first, a probe, counts once it is)
        await throttles.acquire(RECORDINGS)
        sent.append(time.monotonic())
        await let_through(throttles, RECORDINGS, time.time())
    assert throttles.paced() == ["recordings"]
    assert _max_in_any_window(sent, 0.98) <= 3
    assert sent[-1] - sent[0] >= 1.9  # 3 per second, moving windows


async def held_pause(
    throttles: Throttles, seconds: float, classes: tuple[str, ...] = RECORDINGS
) -> None:
    """A 429, then 3 probes refused too: a pause that holds, `seconds` long."""
    await throttles.refused(classes, time.time(), seconds)
    for _ in range(3):
        await throttles.acquire(classes)
        await throttles.refused(classes, time.time(), seconds)


async def test_a_request_does_not_go_while_another_of_its_classes_holds() -> None:
    """A list request (recordings and listing) waits out a listing pause; meanwhile the
    recordings class is refused and held too: the request goes once both pauses are over,
    not into the recordings window the service just called full."""
    throttles = Throttles(rates=RATES)
    await held_pause(throttles, 0.2, ("listing",))
    waiting = asyncio.ensure_future(throttles.acquire(("recordings", "listing")))
    await asyncio.sleep(0.05)  # past the recordings gate, waiting on listing's
    await held_pause(throttles, 0.6)
    await waiting
    assert throttles.paused_until("recordings") is None


SMALL = {"recordings": ((5, 1.0),), "listing": ((3, 1.0),)}


def test_a_request_of_two_classes_takes_no_slot_while_the_other_holds_it() -> None:
    """Recordings at 2 a second, listing held 3 s: a list request (recordings and listing)
    keeps no recordings slot while it waits. Two recordings requests go at 2.5 s; the list
    request goes once their window has room again, not at 3 s as a third in it (had it
    kept the slot it took at 0 s, that slot would have left the window by then)."""

    async def main() -> list[float]:
        throttles = Throttles({"recordings": RateLimit(2, per=1)}, rates=SMALL, margin=0.0)
        await refused_and_held(throttles, ("listing",), time.time(), 3.0)
        recordings: list[float] = []
        waiting = waiting_request(throttles, ("recordings", "listing"), recordings)
        await asyncio.sleep(2.5)
        for _ in range(2):
            await throttles.acquire(RECORDINGS, max_wait=0.0)
            recordings.append(time.time())
        await waiting
        return recordings

    recordings = run_in_virtual_time(main, clocks=True)
    assert len(recordings) == 3
    assert _max_in_any_window(recordings, 1.0) <= 2, recordings


def test_a_limit_over_all_requests_keeps_no_slot_through_a_pause_begun_during_the_wait() -> None:
    """2 requests a second over all requests, both taken at 0 s: a recordings request waits
    for the limit's room, and meanwhile its class is held 3 s. It takes its slot of the
    limit when it goes, after the pause: two other requests going at 3 s leave it no room
    until 4 s (had it kept the slot it found at 1 s, it would have gone at 3.5 s as a
    third in their window)."""

    async def main() -> list[float]:
        throttles = Throttles(RateLimit(2, per=1), rates=SMALL, margin=0.0)
        started = time.time()
        sent: list[float] = []
        for _ in range(2):
            await throttles.acquire(("crud",), max_wait=0.0)
            sent.append(time.time())

        waiting = waiting_request(throttles, RECORDINGS, sent)
        await asyncio.sleep(0.5)
        await refused_and_held(throttles, RECORDINGS, started - 1.0, 3.0)  # sent before
        await asyncio.sleep(2.5)
        for _ in range(2):
            await throttles.acquire(("crud",), max_wait=0.0)
            sent.append(time.time())
        await waiting
        return sent

    sent = run_in_virtual_time(main, clocks=True)
    assert len(sent) == 5
    assert _max_in_any_window(sent, 1.0) <= 2, sent


def test_a_paused_class_sends_one_probe_at_a_time_though_its_requests_waited_for_room() -> None:
    """Recordings paused (not held: its probes may go) and a limit of 2 over all requests,
    full: two recordings requests, 0.3 s apart, wait for the limit's room. The first to go
    is the pause's probe; the other goes 0.25 s later, not with it as a second probe."""

    async def main() -> list[float]:
        throttles = Throttles(RateLimit(2, per=1), rates=SMALL, margin=0.0)
        for _ in range(2):
            await throttles.acquire(("crud",), max_wait=0.0)
        await throttles.refused(RECORDINGS, time.time() - 1.0, 10.0)  # sent before
        probes: list[float] = []
        first = waiting_request(throttles, RECORDINGS, probes)
        await asyncio.sleep(0.3)
        await waiting_request(throttles, RECORDINGS, probes)
        await first
        return sorted(probes)

    probes = run_in_virtual_time(main, clocks=True)
    assert probes[1] - probes[0] >= throttle._PATIENCE - 0.001, probes


async def test_a_deadline_shorter_than_the_pause_raises_without_waiting() -> None:
    throttles = Throttles(rates=RATES)
    await held_pause(throttles, 60.0)
    started = time.monotonic()
    with pytest.raises(ThrottleWaitTooLong) as caught:
        await throttles.acquire(RECORDINGS, deadline=time.monotonic() + 2.0)
    assert time.monotonic() - started < 1.0
    assert caught.value.retry_after > 50


async def test_listeners_hear_a_pause_and_its_end() -> None:
    throttles = Throttles(rates=RATES)
    events = []
    remove = throttles.add_listener(events.append)
    await throttles.refused(("recordings", "listing"), time.time(), 10.0)
    await throttles.acquire(("recordings", "listing"))  # the probe of each class
    await let_through(throttles, ("recordings", "listing"), time.time())
    remove()
    assert [(e.throttle_class, e.paused_until is None) for e in events] == [
        ("recordings", False),
        ("listing", False),
        ("recordings", True),
        ("listing", True),
    ]


async def test_a_rate_limit_for_all_requests_paces_from_the_first() -> None:
    throttles = Throttles(RateLimit(4, per=1), rates=RATES, margin=0.0)
    assert throttles.watching(("crud",))
    sent = []
    for name in ["recordings", "crud"] * 4:
        await throttles.acquire((name,))
        sent.append(time.monotonic())
    assert _max_in_any_window(sent, 0.98) <= 4
    assert sent[-1] - sent[0] >= 0.95


async def test_a_429_under_a_rate_limit_for_all_requests_holds_its_class_at_once() -> None:
    """Under a limit that never binds, requests are only counted; once a 429 pauses their
    class, the next one goes as its probe and the one after waits for the probe's answer."""
    throttles = Throttles(RateLimit(10**6, per=1), rates=RATES)
    for _ in range(3):  # counted, and let through
        await throttles.acquire(RECORDINGS)
        await let_through(throttles, RECORDINGS, time.time())
    await throttles.acquire(RECORDINGS)
    await throttles.refused(RECORDINGS, time.time(), 30.0)
    await throttles.acquire(RECORDINGS, max_wait=0.0)  # the probe
    with pytest.raises(ThrottleWaitTooLong):
        await throttles.acquire(RECORDINGS, max_wait=0.1)


async def test_a_rate_limit_for_all_requests_counts_every_answer_until_it_binds() -> None:
    """The requests a limit lets go at once and their answers fill its window: the next
    waits for the oldest answer to leave it, and goes then."""
    throttles = Throttles(RateLimit(3, per=1), rates=RATES, margin=0.0)
    answered = []
    for _ in range(3):
        await throttles.acquire(RECORDINGS, max_wait=0.0)
        await let_through(throttles, RECORDINGS, time.time())
        answered.append(time.time())
    with pytest.raises(ThrottleWaitTooLong):
        await throttles.acquire(RECORDINGS, max_wait=0.5)
    waited = await throttles.acquire(RECORDINGS)
    assert time.time() >= answered[0] + 1.0
    assert waited > 0.3


def test_a_request_in_flight_longer_than_the_shorter_window_still_counts_in_the_longer() -> None:
    """A class paced at its published 2 a second and 3 in 10 s: one answer, then two
    requests that take over a second to answer. They leave the 1 s window (as answered
    when they went) but are still in flight in the 10 s one, full with them: the next
    request waits."""

    async def main() -> None:
        throttles = Throttles(rates={"recordings": ((2, 1.0), (3, 10.0))}, margin=0.0)
        await throttles.refused(RECORDINGS, time.time(), 0.01)
        await asyncio.sleep(0.02)
        await go(throttles, 1)  # sent after the pause: it ran its course, and is counted
        assert throttles.paced() == ["recordings"]
        await asyncio.sleep(1.1)
        for _ in range(2):  # slow to answer
            await throttles.acquire(RECORDINGS, max_wait=0.0)
        await asyncio.sleep(1.1)
        with pytest.raises(ThrottleWaitTooLong):
            await throttles.acquire(RECORDINGS, max_wait=0.5)

    run_in_virtual_time(main, clocks=True)


def test_a_look_at_a_limit_lets_its_room_go_without_another_look() -> None:
    """A look at a window of 3 finds room for 3: they go, each counted, and the fourth
    looks again and waits for the oldest answer to leave. A limit far from binding is
    looked at once every `_LOOK_EVERY` requests: the answers older than its window that
    it keeps until then are no more than that."""

    async def main() -> int:
        throttles = Throttles(RateLimit(3, per=1), margin=0.0)
        await go(throttles, 3)
        with pytest.raises(ThrottleWaitTooLong):
            await throttles.acquire(RECORDINGS, max_wait=0.5)
        throttles = Throttles(RateLimit(10**6, per=1), margin=0.0)
        for _ in range(5_000):  # 1,000 a second for 5 s
            await go(throttles, 1)
            await asyncio.sleep(0.001)
        (answers,) = throttles._store._answers.values()
        return len(answers)

    assert run_in_virtual_time(main, clocks=True) <= 1_000 + _LOOK_EVERY


def test_an_answer_after_its_window_takes_room_a_look_had_found() -> None:
    """A request in flight longer than the limit's window counts as answered and leaves
    it, and a look finds room for 2; the request's answer, when it comes, is counted
    again. With it and one request in flight, the window of 2 is full: the next waits."""

    async def main() -> None:
        throttles = Throttles(RateLimit(2, per=1), margin=0.0)
        await throttles.acquire(RECORDINGS, max_wait=0.0)
        late = time.time()  # answered after its window
        await go(throttles, 1)
        await asyncio.sleep(1.5)
        await throttles.acquire(RECORDINGS, max_wait=0.0)  # a look: room for 2
        await let_through(throttles, RECORDINGS, late)
        with pytest.raises(ThrottleWaitTooLong):
            await throttles.acquire(RECORDINGS, max_wait=0.5)

    run_in_virtual_time(main, clocks=True)


def test_a_slot_the_general_path_takes_is_not_in_the_room_a_look_found() -> None:
    """A limit of 3 over all requests: a look finds room for 3 and one request takes one.
    Its class paused by a 429, two more go through `acquire`'s general path (its probes),
    each taking a slot of the limit. The window is full: the next request waits, though
    the look had found room for one more."""
    listing = ("listing",)

    async def main() -> None:
        throttles = Throttles(RateLimit(3, per=1), rates=RATES, margin=0.0)
        await throttles.acquire(listing, max_wait=0.0)  # a look: room for 3
        await throttles.refused(listing, time.time(), 0.3)  # frees its slot
        await go(throttles, 1)
        await asyncio.sleep(0.35)
        for _ in range(2):  # probes of the paused class, unanswered
            await throttles.acquire(listing, max_wait=0.0)
            await asyncio.sleep(0.3)
        with pytest.raises(ThrottleWaitTooLong):
            await throttles.acquire(RECORDINGS, max_wait=0.0)

    run_in_virtual_time(main, clocks=True)


async def test_client_rate_limit_spaces_every_attempt_against_the_fake_server() -> None:
    async with FakeServer(recordings=12, seed=2) as server:
        async with AsyncClient(
            api_key=server.api_key, base_url=server.base_url, rate_limit=RateLimit(4, per=1)
        ) as client:
            started = time.monotonic()
            await client.session_recordings.get_many(
                project_id=server.project_id, ids=server.recording_ids, concurrency=8
            )
            seconds = time.monotonic() - started
        assert len(server.requests) == 12
        assert seconds >= 1.95  # 12 at 4 a second: the third 4 go 2 s after the first


async def test_close_during_a_pause_ends_the_wait() -> None:
    throttles = Throttles(rates=RATES)
    await held_pause(throttles, 60.0)
    waiter = asyncio.ensure_future(throttles.acquire(RECORDINGS))
    await asyncio.sleep(0.05)
    waiter.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiter
    await throttles.close()


async def test_a_retry_after_of_years_pauses_its_class_an_hour_at_most() -> None:
    throttles = Throttles(rates=RATES)
    events: list[ThrottleEvent] = []
    throttles.add_listener(events.append)
    before = time.time()
    assert await throttles.refused(RECORDINGS, before, 1e9) == LONGEST_PAUSE
    [paused] = events
    assert paused.paused_until is not None
    assert paused.paused_until <= time.time() + LONGEST_PAUSE


async def go(throttles: Throttles, count: int) -> None:
    """`count` requests that go at once and are let through."""
    for _ in range(count):
        await throttles.acquire(RECORDINGS, max_wait=0.01)
        await let_through(throttles, RECORDINGS, time.time())


async def three_a_second_learned_and_full(throttles: Throttles) -> None:
    """3 let through, then 2 refused (`Retry-After: 1`): the class is paced at the 3 a
    second they show. A span on, that window is full for 0.8 s more."""
    await go(throttles, 3)
    await asyncio.sleep(0.01)
    for _ in range(2):
        await throttles.refused(RECORDINGS, time.time(), 1.0)
        await asyncio.sleep(0.01)
    await asyncio.sleep(1.1)
    await go(throttles, 1)  # sent after the pause: it ran its course
    await asyncio.sleep(0.8)
    await go(throttles, 2)
    await asyncio.sleep(0.2)
    await go(throttles, 1)  # the oldest gone, its slot taken
    await asyncio.sleep(0.05)


def test_a_probe_beyond_a_learned_window_refused_pauses_nothing() -> None:
    """A request that finds the learned window full for most of a second goes beyond it as
    a probe. Refused, its 429 pauses nothing and its request waits for room in the window,
    not for `Retry-After` (the service counted it in no window); nothing else goes beyond
    meanwhile."""
    events: list[ThrottleEvent] = []

    async def main() -> tuple[float, float | None, float]:
        throttles = Throttles(rates={"recordings": ((100, 60.0),)})
        await three_a_second_learned_and_full(throttles)
        throttles.add_listener(events.append)
        await throttles.acquire(RECORDINGS, max_wait=0.01)  # beyond the window: the probe
        wait = await throttles.refused(RECORDINGS, time.time(), 1.0)
        paused = throttles.paused_until("recordings")
        waited = await throttles.acquire(RECORDINGS)  # room in the window, no other probe
        return wait, paused, waited

    wait, paused, waited = run_in_virtual_time(main, clocks=True)
    assert (wait, paused, events) == (0.0, None, [])
    assert 0.7 < waited < 0.8


def test_a_probe_let_through_widens_the_window_by_one_which_keeps_its_answers() -> None:
    """The probe let through, the window takes one request more (4 a second), still
    counting the 3 answers it held: the next request, full again, is the next probe, and
    once it is refused the one after waits for room, not a whole new window's worth."""

    async def main() -> float:
        throttles = Throttles(rates={"recordings": ((100, 60.0),)})
        await three_a_second_learned_and_full(throttles)
        await go(throttles, 1)  # the probe, let through: 4 a second
        await throttles.acquire(RECORDINGS, max_wait=0.01)  # the next probe
        await throttles.refused(RECORDINGS, time.time(), 1.0)
        return await throttles.acquire(RECORDINGS)

    assert 0.7 < run_in_virtual_time(main, clocks=True) < 0.8


def test_a_rate_limit_over_all_requests_bounds_a_learned_window() -> None:
    """With `rate_limit=RateLimit(1000, per=60)` over all requests and no published rates:
    one request, ten quiet minutes, then two at once refused (`Retry-After: 1`) and one let
    through after the pause. The request before the quiet spell would explain the pause as
    "1 per 601 s", longer than the minute the user's limit sets: that teaches nothing, and
    a request a minute later goes at once."""

    async def main() -> float:
        throttles = Throttles(RateLimit(1000, per=60))
        await go(throttles, 1)
        await asyncio.sleep(600.0)
        for _ in range(2):
            await throttles.refused(RECORDINGS, time.time(), 1.0)
        await asyncio.sleep(1.1)
        await go(throttles, 1)  # sent after the pause: it ran its course
        await asyncio.sleep(60.0)
        return await throttles.acquire(RECORDINGS)

    assert run_in_virtual_time(main, clocks=True) < 1.0


async def two_then_a_third(throttles: Throttles) -> float:
    """After a quiet spell, a request, another 0.8 s later, then a third: the seconds the
    third waits (each let through at once)."""
    await asyncio.sleep(2.0)
    await go(throttles, 1)
    await asyncio.sleep(0.8)
    await go(throttles, 1)
    return await throttles.acquire(RECORDINGS, max_wait=0.1)


def test_a_window_learned_again_after_widening_counts_each_answer_once() -> None:
    """Paced at 3 a second, the class is refused with 2 let through in the last second
    (another client on the key, say): it learns 2 a second, which replaces 3 a second (of
    the same span, that one allows more and would never bind beside it). The three
    requests sent once that pause ran its course all get through, widening 2 a second to
    3, and the class holds one window of 3 a second: two requests 0.8 s apart leave room
    for a third at once.
    (Kept beside 3 a second, 2 a second widened into a second 3 a second, the same window
    twice, and each answer counted twice in it: the third waited for the first to leave.)"""

    async def main() -> float:
        throttles = Throttles(rates={"recordings": ((100, 60.0),)}, margin=0.0)
        await three_a_second_learned_and_full(throttles)
        await asyncio.sleep(1.5)
        await go(throttles, 2)
        for _ in range(2):  # 2 in the last second: refused
            await throttles.refused(RECORDINGS, time.time(), 1.0)
            await asyncio.sleep(0.01)
        await asyncio.sleep(1.1)
        sent = []
        for _ in range(3):  # once the pause is over, one at a time until one is answered
            await throttles.acquire(RECORDINGS)
            sent.append(time.time())
        for at in sent:  # the first shows the pause ran its course; all three let through
            await let_through(throttles, RECORDINGS, at)
        return await two_then_a_third(throttles)

    assert run_in_virtual_time(main, clocks=True) == 0.0


def test_a_window_learned_equal_to_the_classs_rate_limit_counts_each_answer_once() -> None:
    """A class limited to 3 a second by its `rate_limit` is refused anyway (another client
    on the key) with 3 let through in the last second, and learns 3 a second, the window
    its `rate_limit` sets: paced in it once, two requests 0.8 s apart leave room for a
    third at once. (Paced in it twice, each answer counted twice, the third waited.)"""

    async def main() -> float:
        throttles = Throttles({"recordings": RateLimit(3, per=1)}, rates=RATES, margin=0.0)
        await go(throttles, 3)
        for _ in range(2):
            await throttles.refused(RECORDINGS, time.time(), 1.0)
            await asyncio.sleep(0.01)
        await asyncio.sleep(1.1)
        await go(throttles, 1)  # sent after the pause: it ran its course
        return await two_then_a_third(throttles)

    assert run_in_virtual_time(main, clocks=True) == 0.0


def _state(throttles: Throttles) -> dict[str, Any]:
    """What decides the throttle's next requests: each gate's fields (but `progress`,
    `probing` while it holds no pause: read only then, and `room`, the calm path's count of
    what its last look found), the requests in flight and the answers each window holds
    that still count now (the calm path drops the others at its next look, not at once)."""
    now, gates, answers = time.time(), {}, {}
    for name, gate in throttles._gates.items():
        fields = {key: value for key, value in vars(gate).items() if key != "changed"}
        oldest = now - gate.items[-1].span if gate.paced and gate.items else -math.inf
        fields["flying"] = [sent for sent in gate.flying if sent >= oldest]
        del fields["progress"], fields["room"]
        if gate.sent == math.inf:
            del fields["probing"]
        gates[name] = fields
        for window in gate.items:
            held = throttles._store._answers.get(window.answers, ())
            if counted := [at for at in held if at > now - window.span]:
                answers[window.answers] = counted
    return {"gates": gates, "answers": answers}


def _replay(seed: int) -> list[Any]:
    """Seeded random steps through a `Throttles` on virtual time: requests of one or two
    classes asking to go (redirected: once a hop, reported once), answered later with a
    429 (odd `Retry-After`s too), let through or not at all, and time passing; after each
    step, what it returned and the state."""
    draw = random.Random(seed)
    limit = draw.choice(
        [
            RateLimit(draw.choice([2, 3, 10**6]), per=draw.choice([1, 2])),
            {"recordings": RateLimit(2)},
            {"recordings": RateLimit(2), "listing": RateLimit(3, per=2)},
            None,
        ]
    )
    rates = draw.choice(
        [
            RATES,
            {"recordings": ((5, 1.0),), "listing": ((3, 1.0),)},
            {"recordings": ((2, 1.0), (4, 3.0)), "listing": ((3, 1.0), (5, 4.0))},
            None,
        ]
    )
    choices = [RECORDINGS, ("recordings", "listing"), ("listing",)]

    async def main() -> list[Any]:
        throttles = Throttles(limit, rates=rates, margin=0.0)
        steps: list[Any] = []
        out: list[tuple[Sequence[str], float]] = []
        for _ in range(60):
            classes, done = draw.choice(choices), None
            if (step := draw.random()) < 0.4:
                try:
                    for _ in range(draw.choice([1, 1, 2])):  # a hop each
                        done = await throttles.acquire(classes, max_wait=0.0)
                    out.append((classes, time.time()))
                except ThrottleWaitTooLong as exc:
                    done = exc.retry_after
            elif step < 0.75 and out:
                classes, sent = out.pop(draw.randrange(len(out)))
                if (answer := draw.random()) < 0.2:
                    retry_after = draw.choice([None, 0, 1, 2, 0.3, -1, math.nan, 5000])
                    done = await throttles.refused(classes, sent, retry_after)
                elif answer < 0.3:
                    throttles.unanswered(classes, sent)
                else:
                    await let_through(throttles, classes, sent)
            else:
                await asyncio.sleep(draw.choice([0.01, 0.1, 0.3, 1.0, 2.5]))
            steps.append((done, _state(throttles)))
        return steps

    return run_in_virtual_time(main, clocks=True, epoch=1_000_000.0)


def test_the_calm_path_does_what_the_general_path_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """`acquire`'s `_counted_at_once` and `admitted`'s calm branch leave the throttle as
    the general paths leave it, step by step: the same answers, waits and state. The
    general `acquire` also makes a gate for each class of a request, which holds nothing;
    the calm path looks at a gate's windows once for the requests they have room for."""
    for seed in range(200):
        calm = _replay(seed)
        with monkeypatch.context() as general:
            general.setattr(Throttles, "_counted_at_once", lambda self, gates: False)
            general.setattr(throttle, "_calm", lambda gate: False)
            generally = _replay(seed)
        for (done, state), (done_generally, state_generally) in zip(calm, generally, strict=True):
            assert done == done_generally, seed
            assert state["answers"] == state_generally["answers"], seed
            gates, made = state["gates"], state_generally["gates"]
            assert {name: made[name] for name in gates} == gates, seed
            for name in made.keys() - gates.keys():
                assert not made[name]["paced"], seed
                assert not made[name]["flying"], seed
