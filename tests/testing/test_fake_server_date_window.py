"""The recordings list honours `date_from` / `date_to` when given, and has no window otherwise."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from product_analytics.testing import FakeServer
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
