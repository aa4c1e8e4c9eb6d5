"""Lists page with limit/offset and link their neighbours with absolute URLs."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import aiohttp
import pytest

from product_analytics.testing import DEFAULT_LIMIT, MAX_LIMIT, FakeServer

from .helpers import Api


async def test_recordings_list_defaults_to_100_with_absolute_next_on_the_servers_origin(
    api: Api, server: FakeServer
) -> None:
    answer = await api.get(api.env("session_recordings/"))
    assert answer.status == 200
    assert list(answer.body) == ["count", "next", "previous", "results"]
    assert answer.body["count"] == 250
    assert len(answer.body["results"]) == DEFAULT_LIMIT == 100
    assert answer.body["previous"] is None
    next_url = urlsplit(answer.body["next"])
    assert f"{next_url.scheme}://{next_url.netloc}" == server.base_url
    assert next_url.path == api.env("session_recordings/")
    assert parse_qs(next_url.query) == {"limit": ["100"], "offset": ["100"]}


async def test_following_next_collects_every_recording_once_in_list_order(
    api: Api, server: FakeServer
) -> None:
    url: str | None = server.base_url + api.env("session_recordings/?limit=33")
    seen: list[str] = []
    pages = 0
    while url is not None:
        answer = await api.get(url)
        assert answer.status == 200
        seen.extend(r["id"] for r in answer.body["results"])
        url = answer.body["next"]
        pages += 1
    assert seen == server.recording_ids
    assert pages == 8  # 250 / 33, rounded up


async def test_previous_links_back_and_drops_offset_on_the_first_page(api: Api) -> None:
    middle = await api.get(api.env("session_recordings/"), params={"limit": "50", "offset": "120"})
    previous = urlsplit(middle.body["previous"])
    assert parse_qs(previous.query) == {"limit": ["50"], "offset": ["70"]}
    near_start = await api.get(
        api.env("session_recordings/"), params={"limit": "50", "offset": "30"}
    )
    assert parse_qs(urlsplit(near_start.body["previous"]).query) == {"limit": ["50"]}


async def test_last_page_has_no_next_and_offset_past_the_end_is_empty(api: Api) -> None:
    last = await api.get(api.env("session_recordings/"), params={"limit": "100", "offset": "200"})
    assert len(last.body["results"]) == 50
    assert last.body["next"] is None
    beyond = await api.get(api.env("session_recordings/"), params={"offset": "10000"})
    assert beyond.status == 200
    assert beyond.body["results"] == []
    assert beyond.body["next"] is None
    assert beyond.body["count"] == 250


async def test_links_keep_other_query_parameters(api: Api) -> None:
    answer = await api.get(
        api.env("session_recordings/"), params={"limit": "10", "date_from": "2000-01-01"}
    )
    assert parse_qs(urlsplit(answer.body["next"]).query) == {
        "date_from": ["2000-01-01"],
        "limit": ["10"],
        "offset": ["10"],
    }


async def test_limit_above_the_cap_is_clamped_to_max_limit(session: aiohttp.ClientSession) -> None:
    async with FakeServer(recordings=MAX_LIMIT + 5, seed=2) as server:
        api = Api(session, server)
        answer = await api.get(api.env("session_recordings/"), params={"limit": "5000"})
        assert answer.status == 200
        assert len(answer.body["results"]) == MAX_LIMIT == 1000
        assert parse_qs(urlsplit(answer.body["next"]).query)["limit"] == ["1000"]
        huge = await api.get(api.env("session_recordings/"), params={"limit": "9" * 5000})
        assert huge.status == 200
        assert len(huge.body["results"]) == MAX_LIMIT


@pytest.mark.parametrize(
    ("name", "value", "code"),
    [
        ("limit", "abc", "invalid"),
        ("limit", "1.5", "invalid"),
        ("limit", "", "invalid"),
        ("limit", "0", "min_value"),
        ("limit", "-3", "min_value"),
        ("offset", "-1", "min_value"),
        ("offset", "x", "invalid"),
        ("offset", "-" + "9" * 5000, "min_value"),
    ],
)
async def test_bad_limit_or_offset_is_a_400_naming_the_parameter(
    api: Api, name: str, value: str, code: str
) -> None:
    answer = await api.get(api.env("session_recordings/"), params={name: value})
    assert answer.status == 400
    assert answer.body["type"] == "validation_error"
    assert (answer.body["code"], answer.body["attr"]) == (code, name)
    assert (await api.get(api.env("session_recordings/"))).status == 200


async def test_roles_and_proxy_records_lists_page_the_same_way(
    api: Api, server: FakeServer
) -> None:
    for tail in ("roles/", "proxy_records/"):
        first = await api.get(api.org(tail), params={"limit": "1"})
        assert first.status == 200
        assert len(first.body["results"]) == 1
        total = first.body["count"]
        collected = list(first.body["results"])
        url = first.body["next"]
        while url is not None:
            assert url.startswith(server.base_url + api.org(tail))
            page = await api.get(url)
            collected.extend(page.body["results"])
            url = page.body["next"]
        assert len(collected) == total
        assert len({item["id"] for item in collected}) == total


async def test_live_list_style_answers_the_live_shapes(session: aiohttp.ClientSession) -> None:
    async with FakeServer(recordings=25, seed=4, list_style="live") as server:
        api = Api(session, server)
        seen: list[str] = []
        offset = 0
        while True:
            answer = await api.get(
                api.env("session_recordings/"), params={"limit": "10", "offset": str(offset)}
            )
            assert set(answer.body) == {"results", "has_next", "version"}
            assert answer.body["version"] == 4
            seen.extend(r["id"] for r in answer.body["results"])
            if not answer.body["has_next"]:
                break
            offset += 10
        assert seen == server.recording_ids

        await api.post(api.org("proxy_records/"), {"domain": "a.example.com"})
        proxies = await api.get(api.org("proxy_records/"), params={"limit": "1"})
        assert set(proxies.body) == {"results", "max_proxy_records"}
        assert proxies.body["max_proxy_records"] == 2
        assert len(proxies.body["results"]) == 2  # every record, no paging

        roles = await api.get(api.org("roles/"))
        assert set(roles.body) == {"count", "next", "previous", "results"}


@pytest.mark.parametrize(("name", "value"), [("limit", "0"), ("offset", "-1")])
async def test_the_live_proxy_record_list_refuses_what_the_spec_forbids(
    session: aiohttp.ClientSession, name: str, value: str
) -> None:
    """The live style answers every record whatever `limit` and `offset` say, but a value
    the spec forbids is still a 400 naming it."""
    async with FakeServer(recordings=1, list_style="live") as server:
        api = Api(session, server)
        answer = await api.get(api.org("proxy_records/"), params={name: value})
        assert answer.status == 400
        assert (answer.body["code"], answer.body["attr"]) == ("min_value", name)
