"""The recordings list honours `date_from` / `date_to` when given, and has no window otherwise."""

from __future__ import annotations

import sys
from datetime import datetime, timedelta, timezone

import pytest

from product_analytics import AsyncClient
from product_analytics.testing import FakeServer
from product_analytics.testing.dates import parse_moment
from product_analytics.testing.timestamps import iso_z

from .helpers import Api


def _start(recording: dict[str, str]) -> datetime:
    return datetime.fromisoformat(recording["start_time"].replace("Z", "+00:00"))


async def _all(api: Api, params: dict[str, str]) -> list[dict[str, str]]:
    answer = await api.get(api.env("session_recordings/"), params={**params, "limit": "1000"})
    assert answer.status == 200, answer.text
    return list(answer.body["results"])


async def test_without_dates_every_recording_is_listed(api: Api, server: FakeServer) -> None:
    listed = await _all(api, {})
    assert [r["id"] for r in listed] == server.recording_ids


async def test_a_recording_starting_after_date_to_is_not_listed(
    api: Api, server: FakeServer
) -> None:
    everything = await _all(api, {})
    cut = _start(everything[10])
    listed = await _all(api, {"date_to": iso_z(cut)})
    assert [r["id"] for r in listed] == [r["id"] for r in everything[10:]]
    assert all(_start(r) <= cut for r in listed)


async def test_date_from_and_date_to_bound_the_window_on_both_sides(
    api: Api, server: FakeServer
) -> None:
    everything = await _all(api, {})
    newest, oldest = _start(everything[20]), _start(everything[40])
    listed = await _all(api, {"date_from": iso_z(oldest), "date_to": iso_z(newest)})
    assert [r["id"] for r in listed] == [r["id"] for r in everything[20:41]]


async def test_dates_with_offsets_and_plain_days_are_read(api: Api, server: FakeServer) -> None:
    everything = await _all(api, {})
    cut = _start(everything[5]).astimezone(timezone(timedelta(hours=2)))
    listed = await _all(api, {"date_to": cut.isoformat()})
    assert listed[0]["id"] == everything[5]["id"]
    first_day = _start(everything[-1]).date().isoformat()
    assert len(await _all(api, {"date_from": first_day})) == len(everything)
    assert await _all(api, {"date_to": "2000-01-01"}) == []
    assert await _all(api, {"date_from": "-3d"}) == []  # the seed lies in the past


async def test_the_next_link_keeps_the_window(api: Api, server: FakeServer) -> None:
    everything = await _all(api, {})
    date_to = iso_z(_start(everything[100]))
    first = await api.get(
        api.env("session_recordings/"), params={"date_to": date_to, "limit": "50"}
    )
    assert first.body["count"] == len(everything) - 100
    second = await api.get(first.body["next"])
    assert second.body["results"][0]["id"] == everything[150]["id"]


async def test_an_unreadable_date_is_a_400_naming_the_parameter(api: Api) -> None:
    answer = await api.get(api.env("session_recordings/"), params={"date_to": "yesterday"})
    assert answer.status == 400
    assert answer.body["attr"] == "date_to"
    assert answer.body["type"] == "validation_error"


@pytest.mark.skipif(
    sys.version_info < (3, 11),
    reason="datetime.fromisoformat reads the basic form and week dates from Python 3.11",
)
@pytest.mark.parametrize(
    ("raw", "day"),
    [
        ("20000101", datetime(2000, 1, 1, tzinfo=timezone.utc)),
        ("2000-W01-1", datetime(2000, 1, 3, tzinfo=timezone.utc)),
        ("2000-01-01T00:00:00.1234567Z", datetime(2000, 1, 1, tzinfo=timezone.utc)),
    ],
)
async def test_every_iso_form_the_sdk_sends_is_read(
    api: Api, server: FakeServer, raw: str, day: datetime
) -> None:
    """The basic form, a week date and seven fraction digits, which the spec's pattern takes
    (the SDK sends them), bound the window as that moment (the seed lies after 2000)."""
    assert parse_moment(raw, "date_to").date() == day.date()
    assert await _all(api, {"date_to": raw}) == []
    assert len(await _all(api, {"date_from": raw})) == len(server.recording_ids)


async def test_a_date_followed_by_a_newline_is_a_400_naming_the_parameter(api: Api) -> None:
    """The spec's pattern ends in `$`, the end of the value (JSON Schema), not before a final
    newline as Python's `re` reads it."""
    answer = await api.get(api.env("session_recordings/"), params={"date_from": "-7d\n"})
    assert answer.status == 400
    assert answer.body["attr"] == "date_from"
    assert answer.body["type"] == "validation_error"


async def test_the_sdk_and_the_fake_take_the_same_dates(server: FakeServer) -> None:
    """What the SDK sends for the recordings list's dates, the fake reads (200; a window of
    one past moment, empty)."""
    async with AsyncClient(
        api_key=server.api_key, base_url=server.base_url, project_id=server.project_id
    ) as client:
        for raw in ("20000101", "2000-W01-1", "2000-01-01T00:00:00,1234567", "-1dStart", "all"):
            page = await client.session_recordings.list(date_from=raw, date_to=raw)
            assert page.results == []
