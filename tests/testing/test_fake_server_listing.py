"""FakeServer's recordings list as the batch fetch uses it: the `listing` throttle class in
throttle mode, and `session_ids` read as the live service reads it; `order` checked against
the served operation."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import aiohttp
import pytest

from product_analytics._generated.operations import THROTTLE_RATES
from product_analytics._spec.operation import Operation
from product_analytics.testing import FakeServer
from product_analytics.testing.throttle import SERVICE_RATES

from .helpers import Api, Clock

SCALED = {"recordings": [(20, 2.0)], "listing": [(2, 2.0)]}


@asynccontextmanager
async def started(**options: Any) -> AsyncIterator[tuple[FakeServer, Api]]:
    options.setdefault("recordings", 30)
    async with FakeServer(seed=2, **options) as server:
        async with aiohttp.ClientSession() as session:
            yield server, Api(session, server)
        assert server.stats.internal_errors == []


async def test_the_list_counts_against_listing_and_recordings_a_get_against_recordings() -> None:
    clock = Clock()
    async with started(throttle=SCALED, throttle_clock=clock) as (server, api):
        listing = api.env("session_recordings/")
        one = api.env(f"session_recordings/{server.recording_ids[0]}/")
        assert [(await api.get(listing)).status for _ in range(2)] == [200, 200]
        refused = await api.get(listing)
        assert refused.status == 429
        assert refused.headers["Retry-After"] == "2"
        assert server.throttle_429s_by_class == {"listing": 1}
        # The refused list still counted in the `recordings` window that let it through
        # (DRF evaluates every throttle of the view): 3 of 20 are taken.
        assert [(await api.get(one)).status for _ in range(17)] == [200] * 17
        assert (await api.get(one)).status == 429
        assert server.throttle_429s_by_class == {"listing": 1, "recordings": 1}
        clock.now += 2.0
        assert (await api.get(listing)).status == 200


async def test_the_longest_wait_of_the_refusing_classes_is_the_retry_after() -> None:
    clock = Clock()
    rates = {"recordings": [(1, 10.0)], "listing": [(1, 3.0)]}
    async with started(throttle=rates, throttle_clock=clock) as (server, api):
        listing = api.env("session_recordings/")
        assert (await api.get(listing)).status == 200
        clock.now += 1.0
        refused = await api.get(listing)
        assert refused.headers["Retry-After"] == "9"  # recordings: 9 s; listing: 2 s
        assert server.throttle_429s == 1
        assert server.throttle_429s_by_class == {"recordings": 1}


def test_throttle_true_applies_the_published_listing_rates() -> None:
    assert SERVICE_RATES["listing"] == THROTTLE_RATES["listing"]
    assert FakeServer(throttle=True).throttle.settings.rates["listing"] == (
        (60, 60.0),
        (300, 3600.0),
    )  # type: ignore[union-attr]


@pytest.mark.parametrize("live", [False, True], ids=["described", "live"])
async def test_session_ids_select_those_recordings_in_their_order(live: bool) -> None:
    options = {"list_style": "live", "live_quirks": True} if live else {}
    async with started(**options) as (server, api):
        wanted = [server.recording_ids[i] for i in (9, 2, 25, 4)]
        answer = await api.get(
            api.env("session_recordings/"),
            params={"session_ids": json.dumps([*wanted, "unknown"]), "limit": "4"},
        )
    assert answer.status == 200
    assert [r["id"] for r in answer.body["results"]] == wanted


@pytest.mark.parametrize("raw", ['"abc"', "abc", "[1, 2]", '{"a": 1}'])
async def test_session_ids_that_are_not_a_json_list_of_strings_are_a_400(raw: str) -> None:
    async with started() as (_, api):
        answer = await api.get(api.env("session_recordings/"), params={"session_ids": raw})
    assert answer.status == 400
    assert answer.body["attr"] == "session_ids"


async def test_a_five_year_window_lists_every_seeded_recording() -> None:
    async with started(list_style="live") as (server, api):
        answer = await api.get(
            api.env("session_recordings/"),
            params={
                "date_from": "-5y",
                "limit": "100",
                "session_ids": json.dumps(server.recording_ids),
            },
        )
    assert sorted(r["id"] for r in answer.body["results"]) == sorted(server.recording_ids)


class _OtherOrders(FakeServer):
    """A fake serving a recordings list whose `order` takes other values than the spec's:
    `click_count`, and `console_warn_count`, which the spec does not list."""

    @property
    def operations(self) -> tuple[Operation[Any], ...]:
        return tuple(
            _with_orders(op, ("click_count", "console_warn_count"))
            if op.operation_id == "session_recordings_list"
            else op
            for op in super().operations
        )


def _with_orders(op: Operation[Any], orders: tuple[str, ...]) -> Operation[Any]:
    params = tuple(
        dataclasses.replace(p, enum=orders) if p.name == "order" else p for p in op.query_params
    )
    return dataclasses.replace(op, query_params=params)


async def test_order_takes_the_values_the_served_operation_lists() -> None:
    """The values come from the served operation's record, read at each request: one it
    lists sorts the list by that field, descending; one it does not (`duration`, which the
    spec lists) is a 400 naming `order`."""
    async with _OtherOrders(seed=2, recordings=30) as server, aiohttp.ClientSession() as session:
        api = Api(session, server)
        for order in ("click_count", "console_warn_count"):
            answer = await api.get(api.env("session_recordings/"), params={"order": order})
            assert answer.status == 200, order
            values = [r[order] for r in answer.body["results"]]
            assert values == sorted(values, reverse=True)
        refused = await api.get(api.env("session_recordings/"), params={"order": "duration"})
        assert refused.status == 400
        assert (refused.body["type"], refused.body["attr"]) == ("validation_error", "order")
