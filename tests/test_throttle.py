"""The client's throttle state (`product_analytics._throttle`), on virtual time.

Every test runs on `tests.support.virtual_time` (sleeping advances the loop's clock at once),
so the schedules asserted are exact and no test depends on how fast the machine is. The bulk
jobs run against `tests.support.drf_simulation.DrfThrottle`, a model of the service's DRF
sliding-window throttle.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import math
import random
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Literal, TypeVar

import pytest

from product_analytics import RateLimit
from product_analytics._throttle import (
    DEFAULT_CLASS,
    ThrottleEvent,
    Throttles,
    ThrottleWaitTooLong,
)
from tests.support.drf_simulation import DrfThrottle, max_in_any_window, run_bulk
from tests.support.virtual_time import VirtualTimeDeadlock, run_in_virtual_time, virtual_clock

T = TypeVar("T")
EPOCH = 1_700_000_000.0  # the wall clock at virtual time 0


def wall_clock() -> float:
    return EPOCH + virtual_clock()


def run(main: Callable[[], Coroutine[Any, Any, T]]) -> T:
    return run_in_virtual_time(main)


def make(
    rate_limit: RateLimit | dict[str, RateLimit] | None = None,
    *,
    margin: float = 1.0,
    sleep: Callable[[float], Awaitable[object]] | None = None,
) -> Throttles:
    return Throttles(
        rate_limit, margin=margin, clock=virtual_clock, wall_clock=wall_clock, sleep=sleep
    )


class RecordingSleep:
    """`asyncio.sleep` that also records every duration asked for."""

    def __init__(self) -> None:
        self.calls: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.calls.append(seconds)
        await asyncio.sleep(seconds)


async def admit_successes(throttles: Throttles, name: str | None, count: int) -> None:
    """`count` requests of `name` let through and admitted by the service, all now."""
    for _ in range(count):
        await throttles.acquire(name)
        throttles.succeeded(name)


async def throttle_after_burst(
    throttles: Throttles, name: str | None, *, admitted: int, retry_after: float
) -> float:
    """A burst of `admitted` successes, then one 429 answered with `retry_after`."""
    await admit_successes(throttles, name, admitted)
    await throttles.acquire(name)
    return throttles.throttled(name, retry_after)


# -- no pacing until the service asks for it -------------------------------------------


def test_no_request_waits_before_the_first_429() -> None:
    sleep = RecordingSleep()

    async def main() -> list[float]:
        throttles = make(sleep=sleep)
        waits = []
        for i in range(2_000):
            waits.append(await throttles.acquire("recordings" if i % 2 else "crud"))
            throttles.succeeded("recordings" if i % 2 else "crud")
        return waits

    assert set(run(main)) == {0.0}
    assert sleep.calls == []


def test_unthrottled_acquire_does_not_yield_to_the_event_loop() -> None:
    async def main() -> bool:
        throttles = make()
        other_ran = False

        async def other() -> None:
            nonlocal other_ran
            other_ran = True

        task = asyncio.ensure_future(other())
        for _ in range(100):
            await throttles.acquire("recordings")
        ran_meanwhile = other_ran
        await task
        return ran_meanwhile

    assert run(main) is False


# -- a 429 pauses the class ------------------------------------------------------------


def test_a_429_pauses_the_class_for_retry_after() -> None:
    async def main() -> tuple[float, float | None, float, float]:
        throttles = make(margin=1.0)
        pause = await throttle_after_burst(throttles, "recordings", admitted=10, retry_after=7)
        paused_until = throttles.paused_until("recordings")
        waited = await throttles.acquire("recordings")
        return pause, paused_until, waited, virtual_clock()

    pause, paused_until, waited, now = run(main)
    assert pause == 7.0  # rounded up, as DRF does: the window has reopened by then
    assert paused_until == EPOCH + 7.0
    assert waited == 7.0
    assert now == 7.0


def test_once_the_service_rounds_down_whole_second_pauses_get_the_margin() -> None:
    async def main() -> tuple[float, float, float]:
        throttles = make(margin=1.0)
        first = await throttle_after_burst(throttles, "recordings", admitted=10, retry_after=7)
        await throttles.acquire("recordings")
        rounded_down = throttles.throttled("recordings", 0)  # under a second to go
        await throttles.acquire("crud")
        other_class = throttles.throttled("crud", 3)
        return first, rounded_down, other_class

    assert run(main) == (7.0, 1.0, 4.0)


def test_the_margin_is_configurable() -> None:
    async def main() -> float:
        throttles = make(margin=0.25)
        return await throttle_after_burst(throttles, "crud", admitted=3, retry_after=0)

    assert run(main) == 0.25


def test_rounding_down_seen_anywhere_corrects_the_rates_learned_before() -> None:
    async def main() -> tuple[float, float]:
        throttles = make()
        await throttle_after_burst(throttles, "recordings", admitted=100, retry_after=9)
        learned = throttles.rates()["recordings"]
        await throttles.acquire("crud")
        throttles.throttled("crud", 0)  # the service rounds down: 9 meant up to 10
        return learned, throttles.rates()["recordings"]

    learned, corrected = run(main)
    assert learned == pytest.approx(0.97 * 100 / 9)
    assert corrected == pytest.approx(0.97 * 100 / 10)


def test_a_429_without_retry_after_pauses_one_second_plus_the_margin() -> None:
    async def main() -> float:
        throttles = make(margin=1.0)
        await throttles.acquire("crud")
        return throttles.throttled("crud", None)

    assert run(main) == 2.0


@pytest.mark.parametrize("retry_after", [-5.0, math.inf, math.nan])
def test_a_retry_after_that_is_no_number_of_seconds_counts_as_none(retry_after: float) -> None:
    async def main() -> float:
        throttles = make(margin=1.0)
        await throttles.acquire("crud")
        return throttles.throttled("crud", retry_after)

    assert run(main) == 2.0


def test_a_class_never_throttled_is_not_paused() -> None:
    assert make().paused_until("recordings") is None


def test_other_classes_keep_running_while_one_is_paused() -> None:
    async def main() -> tuple[list[float], float | None]:
        throttles = make()
        await throttle_after_burst(throttles, "recordings", admitted=5, retry_after=30)
        waits = []
        for _ in range(50):
            waits.append(await throttles.acquire("crud"))
            throttles.succeeded("crud")
        return waits, throttles.paused_until("crud")

    waits, crud_paused = run(main)
    assert set(waits) == {0.0}
    assert crud_paused is None


def test_the_class_none_is_the_default_class() -> None:
    async def main() -> tuple[float | None, float | None]:
        throttles = make()
        await throttle_after_burst(throttles, None, admitted=1, retry_after=3)
        return throttles.paused_until(None), throttles.paused_until(DEFAULT_CLASS)

    by_none, by_name = run(main)
    assert by_none == by_name == EPOCH + 3.0


def test_the_pause_is_over_once_its_time_has_passed() -> None:
    async def main() -> float | None:
        throttles = make()
        await throttle_after_burst(throttles, "crud", admitted=2, retry_after=3)
        await asyncio.sleep(4.0)
        return throttles.paused_until("crud")

    assert run(main) is None


# -- paced restart ---------------------------------------------------------------------


def test_the_tasks_that_met_the_429_wake_paced_not_all_at_once() -> None:
    async def main() -> tuple[list[float], float]:
        throttles = make(margin=1.0)
        await admit_successes(throttles, "recordings", 100)
        woke: list[float] = []

        async def retry() -> None:
            await throttles.acquire("recordings")
            woke.append(virtual_clock())

        # 20 requests in flight all meet the 429 (Retry-After 10), then retry at once.
        for _ in range(20):
            throttles.throttled("recordings", 10)
        await asyncio.gather(*(retry() for _ in range(20)))
        return woke, throttles.rates()["recordings"]

    woke, rate = run(main)
    assert woke[0] == pytest.approx(10.0)  # Retry-After
    gaps = [b - a for a, b in itertools.pairwise(woke)]
    assert min(gaps) == pytest.approx(1.0 / rate)
    assert len(set(woke)) == 20
    # 100 admitted in a window that reopens 10 s after they went: 10/s, paced at 95 %.
    assert rate == pytest.approx(0.97 * 100 / 10)


def test_waiters_are_let_through_first_come_first_served() -> None:
    async def main() -> list[int]:
        throttles = make()
        await throttle_after_burst(throttles, "crud", admitted=50, retry_after=5)
        order: list[int] = []

        async def request(i: int) -> None:
            await asyncio.sleep(0.001 * i)  # arrive in order
            await throttles.acquire("crud")
            order.append(i)

        await asyncio.gather(*(request(i) for i in reversed(range(30))))
        return order

    assert run(main) == list(range(30))


def test_a_request_arriving_when_a_slot_frees_queues_behind_the_waiters() -> None:
    async def main() -> list[tuple[str, float]]:
        throttles = make({"crud": RateLimit(3, per=1.0)})
        order: list[tuple[str, float]] = []

        async def request(name: str, delay: float = 0.0) -> None:
            await asyncio.sleep(delay)
            await throttles.acquire("crud")
            order.append((name, virtual_clock()))

        await asyncio.gather(*(request(f"early {i}") for i in range(3)))
        await asyncio.gather(
            request("late", delay=1.0),  # arrives the moment the first slots free
            *(request(f"waiting {i}") for i in range(3)),
        )
        return order[3:]

    assert run(main) == [("waiting 0", 1.0), ("waiting 1", 1.0), ("waiting 2", 1.0), ("late", 2.0)]


# -- the learned rate against the service's throttle -----------------------------------


@pytest.mark.parametrize("rounding", ["ceil", "floor"])
@pytest.mark.parametrize(
    ("window", "latency", "jitter"),
    [
        (10.0, 0.02, 0.0),  # round trips of a 500th of the window
        # A window of 1 s (the benchmark's, and DRF's "N/s"): 32 tasks take 0.3 of it to send
        # the first 100, so the first 429 leaves the window's length anywhere in 0.3 to 1.3 s.
        (1.0, 0.1, 0.0),
        (1.0, 0.1, 0.02),  # and round trips that vary, reordering the arrivals
    ],
)
def test_a_bulk_job_meets_few_429s_and_runs_near_the_throttles_bound(
    rounding: Literal["ceil", "floor"], window: float, latency: float, jitter: float
) -> None:
    requests, per_window = 2_000, 100

    async def main() -> tuple[int, float, float, int]:
        throttles = make()
        server = DrfThrottle([(per_window, window)], clock=virtual_clock, rounding=rounding)
        result = await run_bulk(
            throttles, server, requests=requests, workers=32, latency=latency, jitter=jitter
        )
        assert result.completed == requests
        return (
            result.throttled,
            result.throttled_share,
            result.seconds,
            max_in_any_window(server.admitted, window),
        )

    throttled, share, seconds, busiest = run(main)
    bound = requests / per_window * window
    assert busiest <= per_window  # the model admits no more than its limit
    assert share <= 0.05, f"{throttled} 429s"
    assert seconds <= 1.1 * bound, f"{seconds:.1f} s for a bound of {bound:.0f} s"


def test_without_learning_the_same_job_meets_a_storm_of_429s() -> None:
    """The baseline the test above improves on: pausing without pacing."""

    async def main() -> float:
        throttles = make()
        server = DrfThrottle([(100, 10.0)], clock=virtual_clock)

        original = throttles.throttled

        def pause_only(name: str | None, retry_after: float | None) -> float:
            pause = original(name, retry_after)
            throttles._gates[name or DEFAULT_CLASS].rate = None  # forget the rate learned
            return pause

        throttles.throttled = pause_only  # type: ignore[method-assign,assignment]
        result = await run_bulk(throttles, server, requests=2_000, workers=32, latency=0.02)
        return result.throttled_share

    assert run(main) > 0.05


@pytest.mark.parametrize("rounding", ["ceil", "floor"])
@pytest.mark.parametrize(("latency", "jitter"), [(0.05, 0.0), (1.0, 0.0), (0.1, 0.5)])
def test_the_service_s_minute_and_hour_limits_are_both_learned(
    rounding: Literal["ceil", "floor"], latency: float, jitter: float
) -> None:
    """Past the hourly limit (1,200 of the 3,000 go in the first 5 minutes), the job is
    paced at the hourly rate: a minute's pace would meet a 429 every minute."""

    async def main() -> tuple[int, float, float]:
        throttles = make()
        server = DrfThrottle(
            [(240, 60.0), (1_200, 3_600.0)], clock=virtual_clock, rounding=rounding
        )
        result = await run_bulk(
            throttles, server, requests=3_000, workers=32, latency=latency, jitter=jitter
        )
        assert result.completed == 3_000
        return result.throttled, result.seconds, throttles.rates()["recordings"]

    throttled, seconds, rate = run(main)
    assert throttled <= 0.05 * 3_000
    assert rate <= 1_200 / 3_600  # the hourly rate, not the minute's
    assert seconds <= 1.1 * 3_000 / 1_200 * 3_600


async def burst_then_429(
    throttles: Throttles, name: str, *, admitted: int, over: float, retry_after: float
) -> None:
    """`admitted` successes spread evenly over `over` seconds from now, then at the end of it
    one request answered 429 with `retry_after` (sent and answered at once)."""
    start = virtual_clock()
    for i in range(admitted):
        await asyncio.sleep(max(start + i * over / admitted - virtual_clock(), 0.0))
        await throttles.acquire(name)
        throttles.succeeded(name)
    await asyncio.sleep(max(start + over - virtual_clock(), 0.0))
    await throttles.acquire(name)
    throttles.throttled(name, retry_after)


@pytest.mark.parametrize(
    ("retry_after", "window"),
    [
        (1, 1.0),  # rounded up: the window reopens within (0.3, 1.3] s of the first: 1 s
        (0, 1.0),  # rounded down: within [0.3, 1.3): 1 s
        (60, 60.0),  # within (59.3, 60.3]: a minute
        (59, 60.0),  # rounded down, not known yet: within (58.3, 59.3] or [59.3, 60.3)
        (3_600, 3_600.0),  # within (3,599.3, 3,600.3]: an hour
    ],
)
def test_a_window_that_only_one_drf_duration_fits_is_taken_as_that_long(
    retry_after: float, window: float
) -> None:
    """DRF's windows last 1 s, 1 min, 1 h or 1 day: 100 sent over 0.3 s, then a 429."""

    async def main() -> float:
        throttles = make()
        await burst_then_429(throttles, "crud", admitted=100, over=0.3, retry_after=retry_after)
        return throttles.rates()["crud"]

    assert run(main) == pytest.approx(0.97 * 100 / window)


@pytest.mark.parametrize("retry_after", [10, 2, 0.5])
def test_a_window_that_no_drf_duration_fits_errs_slow(retry_after: float) -> None:
    """Reopening within (9.3, 10.3], (1.3, 2.3] or at 0.8 s exactly: the latest is taken."""

    async def main() -> float:
        throttles = make()
        await burst_then_429(throttles, "crud", admitted=100, over=0.3, retry_after=retry_after)
        return throttles.rates()["crud"]

    assert run(main) == pytest.approx(0.97 * 100 / (0.3 + retry_after))


def test_a_429_by_the_drf_window_while_paced_cuts_the_pace_3_then_6_percent() -> None:
    """Paced at 97 a second, yet refused by the same 1 s window (arrivals bunched, or another
    client on the key): the window stays 1 s, the pace drops 3 % and then 6 % a time."""

    async def main() -> list[float]:
        throttles = make()
        await burst_then_429(throttles, "crud", admitted=100, over=0.3, retry_after=1)
        rates = [throttles.rates()["crud"]]
        for _ in range(3):
            await admit_successes(throttles, "crud", 200)  # paced: over 2 s
            await throttles.acquire("crud")
            throttles.throttled("crud", 1)
            rates.append(throttles.rates()["crud"])
        return rates

    rates = run(main)
    assert rates == pytest.approx([97.0, 97.0 * 0.97, 97.0 * 0.97**3, 97.0 * 0.97**5])


def test_a_429_by_a_longer_window_while_paced_learns_that_window() -> None:
    """Paced for the minute (DRF), then refused for the hour: the hourly rate is learned."""

    async def main() -> tuple[float, float]:
        throttles = make()
        await burst_then_429(throttles, "crud", admitted=240, over=0.3, retry_after=60)
        minute = throttles.rates()["crud"]
        await admit_successes(throttles, "crud", 960)  # paced at 3.88 a second: ~247 s
        sent = virtual_clock()
        await throttles.acquire("crud")
        throttles.throttled("crud", math.ceil(3_600 - sent))
        return minute, throttles.rates()["crud"]

    minute, hour = run(main)
    assert minute == pytest.approx(0.97 * 240 / 60)
    assert hour == pytest.approx(0.97 * 1_200 / 3_600)


def test_pacing_carries_a_timer_s_lateness_over_instead_of_losing_it() -> None:
    """Every sleep ends 1 ms late (a busy loop): 970 paced requests still take 10 s."""

    async def late(seconds: float) -> None:
        await asyncio.sleep(seconds + 0.001)

    async def main() -> tuple[float, float]:
        throttles = make(sleep=late)
        await burst_then_429(throttles, "crud", admitted=100, over=0.3, retry_after=1)
        await throttles.acquire("crud")  # waits out the pause
        throttles.succeeded("crud")
        start = virtual_clock()
        await admit_successes(throttles, "crud", 970)
        return virtual_clock() - start, throttles.rates()["crud"]

    seconds, rate = run(main)
    assert rate == pytest.approx(97.0)
    # Dropping the lateness would take 970 * (1 / 97 + 0.001) = 10.97 s.
    assert seconds == pytest.approx(970 / rate, abs=0.002)


def test_the_lateness_carried_over_never_lets_a_window_hold_more_than_its_limit() -> None:
    """Paced at 97 % of 100 a second through random late wake-ups and idle spells, no 1 s
    stretch of the requests sent holds more than 100."""

    rng = random.Random(5)

    async def late(seconds: float) -> None:
        # Mostly on time; now and then late by up to 4 % of the window (carried over, a
        # 4 % lateness would let the requests due over 1.04 s go within one second).
        lateness = [0.0, 0.0005, 0.004, 0.009, 0.02, 0.04]
        await asyncio.sleep(seconds + rng.choices(lateness, [90, 2, 2, 2, 2, 2])[0])

    async def main() -> list[float]:
        throttles = make(sleep=late)
        await burst_then_429(throttles, "crud", admitted=100, over=0.3, retry_after=1)
        sent = []
        for _ in range(3_000):
            if rng.random() < 0.002:
                await asyncio.sleep(rng.uniform(0.0, 0.5))  # idle for a while
            await throttles.acquire("crud")
            throttles.succeeded("crud")
            sent.append(virtual_clock())
        assert throttles.rates()["crud"] == pytest.approx(97.0)
        return sent

    assert max_in_any_window(run(main), 1.0) <= 100


def test_a_429_to_a_request_sent_before_the_pause_does_not_tighten_the_rate_again() -> None:
    async def main() -> list[float]:
        throttles = make()
        await admit_successes(throttles, "recordings", 100)
        all_sent = asyncio.Event()
        answered = asyncio.Event()
        sent = 0
        rates: list[float] = []

        async def request(first: bool) -> None:
            nonlocal sent
            await throttles.acquire("recordings")
            sent += 1
            if sent == 10:
                all_sent.set()
            # The first is answered once all are in flight, the others after it.
            await (all_sent if first else answered).wait()
            throttles.throttled("recordings", 10)
            rates.append(throttles.rates()["recordings"])
            answered.set()

        # Ten requests in flight together; each is answered 429 in its own task.
        await asyncio.gather(request(True), *(request(False) for _ in range(9)))
        return rates

    rates = run(main)
    assert len(rates) == 10
    assert rates == [pytest.approx(0.97 * 100 / 10)] * 10


def test_429s_at_random_with_a_fractional_retry_after_do_not_collapse_the_pace() -> None:
    """A server that answers 4 % of requests 429 whatever the rate (a fault, not a limit)."""
    requests, workers, latency = 1_000, 32, 0.004

    async def main() -> tuple[int, float, float]:
        throttles = make()
        rng = random.Random(7)
        remaining = iter(range(requests))
        refused = 0

        async def worker() -> None:
            nonlocal refused
            for _ in remaining:
                while True:
                    await throttles.acquire("crud")
                    await asyncio.sleep(latency)
                    if rng.random() >= 0.04:
                        throttles.succeeded("crud")
                        break
                    refused += 1
                    throttles.throttled("crud", 0.01)

        await asyncio.gather(*(worker() for _ in range(workers)))
        return refused, virtual_clock(), throttles.rates()["crud"]

    refused, seconds, rate = run(main)
    unthrottled = requests / workers * latency + refused * 0.01
    assert refused > 20
    assert seconds < 5 * unthrottled, f"{seconds:.2f} s, paced at {rate:.0f}/s"


def test_a_fractional_retry_after_gets_no_rounding_margin() -> None:
    async def main() -> float:
        throttles = make(margin=1.0)
        return await throttle_after_burst(throttles, "crud", admitted=10, retry_after=0.25)

    assert run(main) == 0.25


def test_a_429_after_the_paced_restart_tightens_the_rate() -> None:
    async def main() -> tuple[float, float]:
        throttles = make()
        await throttle_after_burst(throttles, "recordings", admitted=100, retry_after=10)
        learned = throttles.rates()["recordings"]
        for _ in range(20):
            await throttles.acquire("recordings")
            throttles.succeeded("recordings")
        await throttles.acquire("recordings")
        throttles.throttled("recordings", 1)
        return learned, throttles.rates()["recordings"]

    learned, tightened = run(main)
    assert learned == pytest.approx(0.97 * 100 / 10)
    # The window holding the burst and the 20 since the pause, until 1 s after the 429:
    assert tightened == pytest.approx(0.97 * 120 / (10 + 20 / learned + 1))


def test_a_429_soon_after_the_rate_was_set_pauses_but_keeps_the_rate() -> None:
    """The server's window still holds requests sent at the old rate for a window's time."""

    async def main() -> tuple[float, float, float]:
        throttles = make()
        await throttle_after_burst(throttles, "recordings", admitted=100, retry_after=10)
        await admit_successes(throttles, "recordings", 20)  # paced, from 10 s on
        await throttles.acquire("recordings")
        throttles.throttled("recordings", 1)  # sets the rate from a 13 s window
        tightened = throttles.rates()["recordings"]
        answered = asyncio.Event()

        async def in_flight() -> None:
            await throttles.acquire("recordings")
            await answered.wait()
            throttles.succeeded("recordings")

        others = [asyncio.ensure_future(in_flight()) for _ in range(3)]
        await asyncio.sleep(0)  # they queue first
        await throttles.acquire("recordings")  # waits out the 1 s pause, after them
        pause = throttles.throttled("recordings", 1)  # a new 429, within that window
        answered.set()  # and the requests sent before it succeed: not the window estimated
        await asyncio.gather(*others)
        return tightened, throttles.rates()["recordings"], pause

    tightened, after, pause = run(main)
    assert after == tightened
    assert pause == 1.0


def test_a_further_429_never_speeds_the_class_up() -> None:
    async def main() -> tuple[float, float]:
        throttles = make()

        async def request(answer: float | None, delay: float) -> None:
            await throttles.acquire("crud")
            await asyncio.sleep(delay)
            if answer is None:
                throttles.succeeded("crud")
            else:
                throttles.throttled("crud", answer)

        # 50 admitted, but a 429 (Retry-After 10) is answered before any of them: no data,
        # so a guess of one request per 10 s.
        await asyncio.gather(request(10, 0.01), *(request(None, 0.02) for _ in range(50)))
        guess = throttles.rates()["crud"]
        await request(1, 0.01)  # after the pause: the log now says 50 in 11 s
        return guess, throttles.rates()["crud"]

    guess, after = run(main)
    assert guess == pytest.approx(0.1)
    assert after == pytest.approx(0.97 * guess)


def test_another_client_on_the_same_key_leaves_fewer_slots_and_the_pace_follows() -> None:
    requests, per_window, window, theirs = 1_000, 100, 10.0, 3.0  # they send 3 a second

    async def main() -> tuple[int, float, float]:
        throttles = make()
        server = DrfThrottle([(per_window, window)], clock=virtual_clock)
        done = asyncio.Event()

        async def other_client() -> None:
            await asyncio.sleep(30.0)  # starts once this client has learned the rate
            while not done.is_set():
                server.check()
                await asyncio.sleep(1.0 / theirs)

        other = asyncio.ensure_future(other_client())
        result = await run_bulk(throttles, server, requests=requests, workers=32, latency=0.02)
        done.set()
        await other
        return result.throttled, result.seconds, throttles.rates()["recordings"]

    throttled, seconds, rate = run(main)
    assert throttled <= 0.05 * requests
    assert rate < 0.8 * per_window / window  # from 9.7 a second alone
    # 30 s at 10 a second alone, then the 7 a second left: about 130 s.
    assert seconds <= 1.1 * (30.0 + (requests - 300) / (per_window / window - theirs))


def test_admissions_before_a_quiet_gap_are_not_counted_in_the_window() -> None:
    async def main() -> float:
        throttles = make()
        await admit_successes(throttles, "crud", 50)
        await asyncio.sleep(100.0)  # they have long left any window the 429 speaks of
        await throttle_after_burst(throttles, "crud", admitted=100, retry_after=10)
        return throttles.rates()["crud"]

    assert run(main) == pytest.approx(0.97 * 100 / 10)


def test_the_429s_of_one_window_narrow_down_when_it_reopens() -> None:
    """Rounded down: a 429 (Retry-After 1) to a request sent at 1.5 says the window reopens
    within [2.5, 3.5); one to a request sent at 1.52 (Retry-After 0) says within
    [1.52, 2.52): 10 admissions in a window of 2.5 to 2.52 s (no DRF duration), the latest."""

    async def main() -> float:
        throttles = make()
        await admit_successes(throttles, "crud", 10)

        async def request(send_at: float, answer_at: float, retry_after: float) -> None:
            await asyncio.sleep(send_at)
            await throttles.acquire("crud")
            await asyncio.sleep(answer_at - send_at)
            throttles.throttled("crud", retry_after)

        await asyncio.gather(request(1.5, 1.53, 1), request(1.52, 1.54, 0))
        return throttles.rates()["crud"]

    assert run(main) == pytest.approx(0.97 * 10 / 2.52)


def test_successes_reported_after_the_429_refine_the_estimate() -> None:
    async def main() -> tuple[float, float]:
        throttles = make()

        async def request(delay: float) -> None:
            await throttles.acquire("crud")
            await asyncio.sleep(delay)
            throttles.succeeded("crud")

        # 60 go at once; 50 answers come back at once, 10 more only after the 429.
        slow = [asyncio.ensure_future(request(0.5)) for _ in range(10)]
        await asyncio.gather(*(request(0.01) for _ in range(50)))
        await throttles.acquire("crud")
        throttles.throttled("crud", 10)
        early = throttles.rates()["crud"]
        await asyncio.gather(*slow)
        return early, throttles.rates()["crud"]

    early, refined = run(main)
    assert early == pytest.approx(0.97 * 50 / 10, rel=1e-2)
    assert refined == pytest.approx(0.97 * 60 / 10, rel=1e-2)


def test_a_class_idle_for_longer_than_its_window_runs_unpaced_again() -> None:
    sleep = RecordingSleep()

    async def main() -> tuple[list[float], dict[str, float]]:
        throttles = make(sleep=sleep)
        await throttle_after_burst(throttles, "recordings", admitted=100, retry_after=10)
        await throttles.acquire("recordings")  # waits out the pause
        await asyncio.sleep(60.0)
        sleep.calls.clear()
        waits = [await throttles.acquire("recordings") for _ in range(50)]
        return waits, throttles.rates()

    waits, rates = run(main)
    assert set(waits) == {0.0}
    assert sleep.calls == []
    assert rates == {}


def test_a_429_with_nothing_admitted_before_restarts_slow_and_speeds_up() -> None:
    async def main() -> list[float]:
        throttles = make()
        for _ in range(5):
            await throttles.acquire("crud")
        for _ in range(5):  # the key was used up elsewhere: the first requests all meet 429
            throttles.throttled("crud", 2)
        sent = []
        for _ in range(30):
            await throttles.acquire("crud")
            throttles.succeeded("crud")
            sent.append(virtual_clock())
        return sent

    sent = run(main)
    assert sent[0] == pytest.approx(2.0)  # Retry-After
    gaps = [b - a for a, b in itertools.pairwise(sent)]
    assert gaps[0] == pytest.approx(2.0)  # one request per Retry-After, to begin with
    assert all(later < earlier for earlier, later in itertools.pairwise(gaps))
    assert gaps[-1] < 0.01


# -- the user's RateLimit --------------------------------------------------------------


def test_a_rate_limit_for_all_caps_every_class_together() -> None:
    async def main() -> list[float]:
        limit = RateLimit(10, per=1.0)
        throttles = make(limit)
        sent: list[float] = []

        async def request(i: int) -> None:
            await throttles.acquire("recordings" if i % 3 else "crud")
            sent.append(virtual_clock())

        await asyncio.gather(*(request(i) for i in range(95)))
        return sent

    sent = run(main)
    assert len(sent) == 95
    assert max_in_any_window(sent, 1.0) <= 10
    assert sent[-1] == pytest.approx(9.0)  # and no slower: 10 a second


def test_a_rate_limit_per_class_caps_that_class_only() -> None:
    async def main() -> tuple[list[float], list[float]]:
        throttles = make({"recordings": RateLimit(5, per=2.0)})
        recordings: list[float] = []
        crud: list[float] = []

        async def request(name: str, sent: list[float]) -> None:
            await throttles.acquire(name)
            sent.append(virtual_clock())

        await asyncio.gather(
            *(request("recordings", recordings) for _ in range(23)),
            *(request("crud", crud) for _ in range(40)),
        )
        return recordings, crud

    recordings, crud = run(main)
    assert max_in_any_window(recordings, 2.0) <= 5
    assert recordings[-1] == pytest.approx(8.0)
    assert set(crud) == {0.0}


def test_the_rate_limit_and_a_pause_both_apply() -> None:
    async def main() -> list[float]:
        throttles = make({"crud": RateLimit(2, per=1.0)})
        await throttles.acquire("crud")
        throttles.throttled("crud", 4)
        sent = []
        for _ in range(6):
            await throttles.acquire("crud")
            sent.append(virtual_clock())
        return sent

    sent = run(main)
    assert sent[0] == pytest.approx(4.0)
    assert max_in_any_window(sent, 1.0) <= 2


@pytest.mark.parametrize("bad", [240, "240/min", {"recordings": 240}, {1: RateLimit(1)}])
def test_a_rate_limit_that_is_not_a_rate_limit_is_a_type_error(bad: Any) -> None:
    with pytest.raises(TypeError, match="RateLimit"):
        Throttles(bad)


def test_a_negative_margin_is_refused() -> None:
    with pytest.raises(ValueError, match="margin"):
        Throttles(margin=-1.0)


def test_the_clock_and_sleep_of_a_rate_limit_are_used_when_none_is_given() -> None:
    now = [0.0]
    slept: list[float] = []

    async def fake_sleep(seconds: float) -> None:
        slept.append(seconds)
        now[0] += seconds

    async def main() -> None:
        throttles = Throttles(RateLimit(2, per=60.0, clock=lambda: now[0], sleep=fake_sleep))
        for _ in range(5):
            await throttles.acquire("recordings")

    asyncio.run(main())
    assert slept == [60.0, 60.0]


# -- bounded waits ---------------------------------------------------------------------


def test_a_wait_longer_than_max_wait_raises_without_sleeping() -> None:
    sleep = RecordingSleep()

    async def main() -> float:
        throttles = make(sleep=sleep)
        await throttle_after_burst(throttles, "recordings", admitted=10, retry_after=30)
        with pytest.raises(ThrottleWaitTooLong) as caught:
            await throttles.acquire("recordings", max_wait=10.0)
        return caught.value.retry_after

    assert run(main) == pytest.approx(30.0)
    assert sleep.calls == []


def test_a_wait_ending_after_the_deadline_raises_without_sleeping() -> None:
    sleep = RecordingSleep()

    async def main() -> float:
        throttles = make(sleep=sleep)
        await throttle_after_burst(throttles, "crud", admitted=10, retry_after=30)
        with pytest.raises(ThrottleWaitTooLong) as caught:
            await throttles.acquire("crud", deadline=virtual_clock() + 20.0)
        return caught.value.retry_after

    assert run(main) == pytest.approx(30.0)
    assert sleep.calls == []


def test_a_wait_that_fits_the_budget_is_waited() -> None:
    async def main() -> float:
        throttles = make()
        await throttle_after_burst(throttles, "crud", admitted=10, retry_after=5)
        return await throttles.acquire("crud", max_wait=5.0, deadline=virtual_clock() + 5.0)

    assert run(main) == pytest.approx(5.0)


def test_a_queued_request_counts_the_waiters_before_it_against_its_budget() -> None:
    async def main() -> tuple[int, int]:
        throttles = make()
        await throttle_after_burst(throttles, "crud", admitted=100, retry_after=10)
        interval = 1.0 / throttles.rates()["crud"]
        outcomes = await asyncio.gather(
            *(throttles.acquire("crud", max_wait=10.0 + 4.5 * interval) for _ in range(10)),
            return_exceptions=True,
        )
        waited = sum(1 for o in outcomes if isinstance(o, float))
        refused = sum(1 for o in outcomes if isinstance(o, ThrottleWaitTooLong))
        return waited, refused

    assert run(main) == (5, 5)


def test_a_queued_request_gives_up_when_a_new_429_pushes_its_turn_past_its_deadline() -> None:
    sleep = RecordingSleep()

    async def main() -> tuple[float, float]:
        throttles = make(sleep=sleep)
        await throttle_after_burst(throttles, "crud", admitted=100, retry_after=10)
        head = asyncio.ensure_future(throttles.acquire("crud"))
        queued = asyncio.ensure_future(throttles.acquire("crud", deadline=15.0))
        await asyncio.sleep(1.0)
        throttles.throttled("crud", 60)  # e.g. the hourly limit, met by another task
        with pytest.raises(ThrottleWaitTooLong) as caught:
            await queued
        gave_up_at = virtual_clock()
        head.cancel()
        await asyncio.gather(head, return_exceptions=True)
        return gave_up_at, caught.value.retry_after

    gave_up_at, retry_after = run(main)
    assert gave_up_at == pytest.approx(1.0)  # at once, not when its turn came
    assert retry_after > 60.0


def test_the_first_in_line_gives_up_when_a_new_429_pushes_its_turn_past_its_max_wait() -> None:
    async def main() -> tuple[float, float]:
        throttles = make()
        await throttle_after_burst(throttles, "crud", admitted=100, retry_after=10)
        head = asyncio.ensure_future(throttles.acquire("crud", max_wait=20.0))
        await asyncio.sleep(1.0)
        throttles.throttled("crud", 60)  # e.g. the hourly limit, met by another task
        with pytest.raises(ThrottleWaitTooLong) as caught:
            await head
        return virtual_clock(), caught.value.retry_after

    gave_up_at, retry_after = run(main)
    assert gave_up_at == pytest.approx(1.0)  # at once, not when its sleep would have ended
    assert retry_after == pytest.approx(60.0)


def test_the_first_in_line_waits_on_when_a_new_429_still_fits_its_budget() -> None:
    async def main() -> float:
        throttles = make()
        await throttle_after_burst(throttles, "crud", admitted=100, retry_after=10)
        head = asyncio.ensure_future(throttles.acquire("crud", max_wait=30.0))
        await asyncio.sleep(1.0)
        throttles.throttled("crud", 20)
        return await head

    assert run(main) == pytest.approx(21.0)


# -- cancellation ----------------------------------------------------------------------


def test_a_cancelled_head_waiter_hands_its_turn_to_the_next() -> None:
    async def main() -> tuple[list[float], float]:
        throttles = make()
        await throttle_after_burst(throttles, "crud", admitted=100, retry_after=10)
        interval = 1.0 / throttles.rates()["crud"]
        sent: list[float] = []

        async def request() -> None:
            await throttles.acquire("crud")
            sent.append(virtual_clock())

        first = asyncio.ensure_future(request())
        rest = [asyncio.ensure_future(request()) for _ in range(3)]
        await asyncio.sleep(5.0)
        first.cancel()
        await asyncio.gather(*rest)
        return sent, interval

    sent, interval = run(main)
    # The cancelled one never went and its slot was not lost: the next goes when it would have.
    assert sent == pytest.approx([10.0, 10.0 + interval, 10.0 + 2 * interval])


def test_a_cancelled_waiter_in_the_middle_of_the_queue_leaks_no_slot() -> None:
    async def main() -> tuple[list[float], float]:
        throttles = make()
        await throttle_after_burst(throttles, "crud", admitted=100, retry_after=10)
        interval = 1.0 / throttles.rates()["crud"]
        sent: list[float] = []

        async def request() -> None:
            await throttles.acquire("crud")
            sent.append(virtual_clock())

        tasks = [asyncio.ensure_future(request()) for _ in range(5)]
        await asyncio.sleep(1.0)
        tasks[2].cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        return sent, interval

    sent, interval = run(main)
    assert sent == pytest.approx([10.0 + i * interval for i in range(4)])


def test_a_cancelled_waiter_of_a_rate_limit_uses_no_slot() -> None:
    async def main() -> list[float]:
        throttles = make({"crud": RateLimit(1, per=1.0)})
        sent: list[float] = []

        async def request() -> None:
            await throttles.acquire("crud")
            sent.append(virtual_clock())

        await request()
        waiting = asyncio.ensure_future(request())
        await asyncio.sleep(0.5)
        waiting.cancel()
        await asyncio.sleep(0.6)
        await request()
        return sent

    assert run(main) == pytest.approx([0.0, 1.1])


# -- progress events -------------------------------------------------------------------


def test_listeners_hear_the_pause_and_the_resume() -> None:
    async def main() -> list[ThrottleEvent]:
        throttles = make()
        events: list[ThrottleEvent] = []
        throttles.add_listener(events.append)
        await throttle_after_burst(throttles, "recordings", admitted=10, retry_after=5)
        throttles.throttled("recordings", 5)  # one in flight before: the same pause
        await throttles.acquire("recordings")
        await throttles.acquire("recordings")
        return events

    events = run(main)
    assert events == [
        ThrottleEvent("recordings", paused_until=EPOCH + 5.0, retry_after=5.0),
        ThrottleEvent("recordings", paused_until=None, retry_after=None),
    ]


def test_an_unsubscribed_listener_hears_nothing_more() -> None:
    async def main() -> int:
        throttles = make()
        events: list[ThrottleEvent] = []
        unsubscribe = throttles.add_listener(events.append)
        unsubscribe()
        unsubscribe()  # twice is harmless
        await throttle_after_burst(throttles, "crud", admitted=1, retry_after=1)
        return len(events)

    assert run(main) == 0


def test_a_failing_listener_is_logged_and_does_not_break_the_request(
    caplog: pytest.LogCaptureFixture,
) -> None:
    def broken(event: ThrottleEvent) -> None:
        raise RuntimeError("listener bug")

    async def main() -> float:
        throttles = make()
        throttles.add_listener(broken)
        return await throttle_after_burst(throttles, "crud", admitted=1, retry_after=1)

    with caplog.at_level(logging.ERROR, logger="product_analytics"):
        assert run(main) == 1.0
    assert "listener" in caplog.text


# -- the test support itself -----------------------------------------------------------


def test_the_drf_model_answers_the_time_until_one_slot_frees_rounded_up_or_down() -> None:
    now = [0.0]
    ceil = DrfThrottle([(2, 10.0)], clock=lambda: now[0])
    floor = DrfThrottle([(2, 10.0)], clock=lambda: now[0], rounding="floor")
    for server in (ceil, floor):
        now[0] = 0.0
        assert server.check() is None
        now[0] = 2.5
        assert server.check() is None
        now[0] = 3.0
    assert ceil.check() == 7
    assert floor.check() == 7
    now[0] = 3.5
    assert ceil.check() == 7
    assert floor.check() == 6
    now[0] = 10.0  # the first slot has left the window
    assert ceil.check() is None
    assert ceil.refused == 2


def test_the_drf_model_counts_a_request_in_each_rate_that_admits_it() -> None:
    now = [0.0]
    server = DrfThrottle([(2, 10.0), (1, 1.0)], clock=lambda: now[0])
    assert server.check() is None
    now[0] = 0.5
    assert server.check() == 1  # refused by the second rate, counted by the first
    now[0] = 1.5
    assert server.check() == math.ceil(10.0 - 1.5)  # so the first is full now


def test_virtual_time_reports_a_deadlock_instead_of_hanging() -> None:
    async def main() -> None:
        await asyncio.get_running_loop().create_future()

    with pytest.raises(VirtualTimeDeadlock):
        run(main)


def test_virtual_time_runs_an_hour_of_sleep_at_once() -> None:
    async def main() -> float:
        await asyncio.gather(asyncio.sleep(3_600.0), asyncio.sleep(1.0))
        return virtual_clock()

    assert run(main) == 3_600.0
