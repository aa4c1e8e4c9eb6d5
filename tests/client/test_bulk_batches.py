"""Bulk fetch in batches: `session_recordings.get_many(..., batch_size=N)` through the
recordings list (`session_ids`), against the FakeServer (described and live shapes) and a
loopback server that answers as the live list may (rows not asked for, rows beyond limit).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from aiohttp import web

from product_analytics import AsyncClient
from product_analytics._generated import operations as ops
from product_analytics._resources.bulk import BatchLookup, batch_groups, check_batch_size
from product_analytics.errors import InternalServerError, NotFoundError
from product_analytics.models import SessionRecording
from product_analytics.testing import FakeServer
from tests.support.drf_throttle_server import API_KEY as DRF_KEY
from tests.support.drf_throttle_server import DrfThrottleServer
from tests.support.loopback_client import PROJECT, client_for, json_response, recording, serve

LIST_OPERATION = "session_recordings_list"
GET_OPERATION = "session_recordings_retrieve"


@asynccontextmanager
async def fake(
    recordings: int, *, live: bool = False
) -> AsyncIterator[tuple[FakeServer, AsyncClient]]:
    """A FakeServer with `recordings` seeded (live shapes when `live`) and a client on it."""
    options: dict[str, Any] = {"list_style": "live", "live_quirks": True} if live else {}
    async with (
        FakeServer(recordings=recordings, seed=3, **options) as server,
        AsyncClient(
            api_key=server.api_key, base_url=server.base_url, project_id=server.project_id
        ) as client,
    ):
        yield server, client


def counts(server: FakeServer) -> tuple[int, int]:
    """(list requests, recording GETs) the server answered."""
    ops_seen = [r.operation_id for r in server.requests]
    return ops_seen.count(LIST_OPERATION), ops_seen.count(GET_OPERATION)


@pytest.mark.parametrize("live", [False, True], ids=["described", "live"])
async def test_a_thousand_ids_take_ten_list_requests_and_no_get(live: bool) -> None:
    async with fake(1000, live=live) as (server, client):
        ids = list(reversed(server.recording_ids))
        results = await client.session_recordings.get_many(ids=ids, batch_size=100)
        assert [r.id for r in results] == ids
        assert all(isinstance(r, SessionRecording) for r in results)
        assert counts(server) == (10, 0)
        expected = await client.session_recordings.get(id=ids[123])
    assert results[123] == expected


@pytest.mark.parametrize("live", [False, True], ids=["described", "live"])
async def test_unknown_ids_are_not_found_in_place_with_one_get_each(live: bool) -> None:
    async with fake(300, live=live) as (server, client):
        ids = list(server.recording_ids[:195])
        unknown = {7: "gone-1", 50: "gone-2", 99: "gone-3", 150: "gone-4", 199: "gone-5"}
        for position, rid in unknown.items():
            ids.insert(position, rid)
        assert len(ids) == 200
        results = await client.session_recordings.get_many(
            ids=ids, batch_size=100, return_exceptions=True
        )
        lists, gets = counts(server)
    failed = {i for i, r in enumerate(results) if isinstance(r, Exception)}
    assert failed == set(unknown)
    assert all(isinstance(results[i], NotFoundError) for i in unknown)
    assert all(results[i].id == ids[i] for i in range(200) if i not in unknown)
    assert lists <= 3
    assert gets == 5
    gotten = [
        r.path.rstrip("/").rsplit("/", 1)[-1]
        for r in server.requests
        if r.operation_id == GET_OPERATION
    ]
    assert sorted(gotten) == sorted(unknown.values())


async def test_an_unknown_id_raises_not_found_without_return_exceptions() -> None:
    async with fake(20) as (server, client):
        with pytest.raises(NotFoundError):
            await client.session_recordings.get_many(
                ids=[*server.recording_ids[:5], "gone"], batch_size=3
            )


async def test_duplicate_ids_are_fetched_once_and_placed_at_each_position() -> None:
    async with fake(30) as (server, client):
        a, b, c = server.recording_ids[:3]
        ids = [a, b, a, c, b, a, "gone", "gone"]
        results = await client.session_recordings.get_many(
            ids=ids, batch_size=2, return_exceptions=True
        )
        queries = [r.query for r in server.requests if r.operation_id == LIST_OPERATION]
        lists, gets = counts(server)
    assert [getattr(r, "id", None) for r in results] == [a, b, a, c, b, a, None, None]
    assert results[0] is results[2] is results[5]
    assert isinstance(results[6], NotFoundError)
    assert isinstance(results[7], NotFoundError)
    asked = [json.loads(q["session_ids"]) for q in queries]
    assert asked == [[a, b], [c, "gone"]]  # distinct ids, in first-seen order
    assert (lists, gets) == (2, 1)


async def test_each_list_request_asks_for_its_ids_as_the_service_reads_them() -> None:
    async with fake(10) as (server, client):
        ids = server.recording_ids[:5]
        await client.session_recordings.get_many(ids=ids, batch_size=3)
        queries = [r.query for r in server.requests if r.operation_id == LIST_OPERATION]
    assert len(queries) == 2
    for query, group in zip(queries, [ids[:3], ids[3:]], strict=True):
        # One parameter holding a JSON list (the service json.loads each value), a limit
        # that holds every id, and a window wide enough for the longest retention.
        assert json.loads(query["session_ids"]) == group
        assert int(query["limit"]) >= len(group)
        assert query["date_from"] == "-5y"


@pytest.mark.parametrize(
    ("batch_size", "error"),
    [
        *[(size, ValueError) for size in (0, -1, 101, 1000)],
        *[(size, TypeError) for size in (True, 2.0, "10")],
    ],
)
async def test_a_bad_batch_size_is_refused_before_sending(
    batch_size: Any, error: type[Exception]
) -> None:
    async with fake(5) as (server, client):
        with pytest.raises(error, match="batch_size"):
            await client.session_recordings.get_many(
                ids=server.recording_ids, batch_size=batch_size
            )
        assert server.requests == []


async def test_a_bad_id_in_a_batch_raises_before_sending() -> None:
    async with fake(5) as (server, client):
        with pytest.raises(TypeError):
            await client.session_recordings.get_many(
                ids=[*server.recording_ids, 12],
                batch_size=10,  # type: ignore[list-item]
            )
        assert server.requests == []


def live_list_server(known: set[str], *, extra: int, failing_lists: int = 0) -> Any:
    """A server whose list answers as the live one may: every requested id it knows, plus
    `extra` rows nobody asked for (more rows than `limit` in all); GETs answer known ids."""
    state = {"lists": 0, "gets": 0}

    async def handler(request: web.Request) -> web.Response:
        tail = request.match_info["tail"].rstrip("/")
        if tail.endswith("session_recordings"):
            state["lists"] += 1
            if state["lists"] <= failing_lists:
                return json_response({"detail": "boom"}, 500)
            asked = json.loads(request.query["session_ids"])
            rows = [recording(rid) for rid in asked if rid in known]
            rows += [recording(f"other-{state['lists']}-{i}") for i in range(extra)]
            return json_response({"results": rows, "has_next": False, "version": 4})
        state["gets"] += 1
        rid = tail.rsplit("/", 1)[-1]
        if rid in known:
            return json_response(recording(rid))
        return json_response({"detail": "Not found."}, 404)

    return handler, state


async def test_rows_not_asked_for_and_beyond_limit_are_ignored() -> None:
    ids = [f"rec-{i}" for i in range(10)]
    handler, state = live_list_server(set(ids), extra=7)
    async with serve(handler) as server, client_for(server) as client:
        results = await client.session_recordings.get_many(
            project_id=PROJECT, ids=ids, batch_size=5
        )
    assert [r.id for r in results] == ids
    assert state == {"lists": 2, "gets": 0}


async def test_a_failed_list_request_raises_or_takes_each_of_its_ids_places() -> None:
    ids = [f"rec-{i}" for i in range(6)]
    handler, state = live_list_server(set(ids), extra=0, failing_lists=100)
    async with serve(handler) as server, client_for(server, max_retries=0) as client:
        with pytest.raises(InternalServerError):
            await client.session_recordings.get_many(project_id=PROJECT, ids=ids, batch_size=3)
        results = await client.session_recordings.get_many(
            project_id=PROJECT, ids=ids, batch_size=3, return_exceptions=True
        )
    assert all(isinstance(r, InternalServerError) for r in results)
    assert state["gets"] == 0


# -- the planning, without I/O -------------------------------------------------------------


def test_batch_groups_are_distinct_in_first_seen_order() -> None:
    assert batch_groups(["a", "b", "a", "c", "d", "b", "e"], 2) == [["a", "b"], ["c", "d"], ["e"]]
    assert batch_groups([], 3) == []


def test_check_batch_size_bounds() -> None:
    assert check_batch_size(1, 100) == 1
    assert check_batch_size(100, 100) == 100
    with pytest.raises(ValueError):
        check_batch_size(101, 100)


def test_the_generated_lookup_is_the_recordings_list_by_session_ids() -> None:
    lookup = ops.SESSION_RECORDINGS_RETRIEVE_BATCH
    assert isinstance(lookup, BatchLookup)
    assert lookup.operation is ops.SESSION_RECORDINGS_LIST
    assert lookup.query_for(["x", "y"]) == {
        "date_from": "-5y",
        "session_ids": ["x", "y"],
        "limit": 2,
    }
    assert lookup.max_size == 100


def test_found_keeps_only_the_ids_asked_for() -> None:
    lookup = ops.SESSION_RECORDINGS_RETRIEVE_BATCH
    rows = [SessionRecording.model_validate(recording(rid)) for rid in ("a", "z", "b")]
    assert sorted(lookup.found(rows, ["a", "b", "c"])) == ["a", "b"]


async def test_batches_refused_by_the_listing_class_are_waited_out_without_errors() -> None:
    rates = {"recordings": [(50, 3.0)], "listing": [(2, 3.0)]}
    async with FakeServer(
        recordings=30, seed=4, list_style="live", live_quirks=True, throttle=rates
    ) as server:
        async with AsyncClient(
            api_key=server.api_key, base_url=server.base_url, project_id=server.project_id
        ) as client:
            ids = server.recording_ids
            results = await client.session_recordings.get_many(
                ids=ids, batch_size=10, return_exceptions=True
            )
        assert [getattr(r, "id", r) for r in results] == ids
        assert server.throttle_429s_by_class.get("listing", 0) >= 1  # the third batch waited
        assert counts(server)[1] == 0


async def test_a_list_that_ignores_session_ids_still_gives_every_id_exactly() -> None:
    """Against the independent DRF-like server, whose list pages through every recording
    whatever `session_ids` says: what the list did not return is fetched by GET."""
    async with DrfThrottleServer({}, recordings=60) as server:
        ids = [*server.recording_ids[40:50], *server.recording_ids[:5]]
        async with AsyncClient(api_key=DRF_KEY, base_url=server.base_url) as client:
            results = await client.session_recordings.get_many(
                project_id=server.project_id, ids=ids, batch_size=5
            )
        paths = [hit.path for hit in server.hits]
    assert [r.id for r in results] == ids
    lists = [p for p in paths if p.endswith("/session_recordings/")]
    gets = sorted(p.rstrip("/").rsplit("/", 1)[-1] for p in paths if p not in lists)
    assert len(lists) == 3
    assert gets == sorted(ids[:10])  # the first page (ids 0-4) answered the third batch
