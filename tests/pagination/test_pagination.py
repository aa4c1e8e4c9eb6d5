"""The pager: awaitable first page, async iteration over items and pages, link following
(same origin only, no loops), the live service's envelopes, prefetching, and clean exits."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
from aiohttp import web

from product_analytics import AsyncClient
from product_analytics._http.links import page_key, query_int, with_offset
from product_analytics._resources.pagination import Page, Pager
from product_analytics.errors import (
    ApiError,
    ClientClosedError,
    InternalServerError,
    NotFoundError,
    ResponseValidationError,
)
from product_analytics.models import ProxyRecord, SessionRecording
from product_analytics.testing import FakeServer, Reply
from product_analytics.testing.context import Context
from product_analytics.testing.handlers import HANDLERS
from tests.support.loopback_client import (
    API_KEY,
    ORG,
    PROJECT,
    assert_no_pending_tasks,
    client_for,
    json_response,
    loop_errors,
    proxy_record,
    recording,
    serve,
)

Handler = Callable[[web.Request], Awaitable[web.Response]]
LIST_PATH = f"/api/organizations/{ORG}/proxy_records/"
RECORDINGS_PATH = f"/api/environments/{PROJECT}/session_recordings/"


def offsets(request: web.Request) -> tuple[int, int | None]:
    offset = int(request.query.get("offset", "0"))
    limit = int(request.query["limit"]) if "limit" in request.query else None
    return offset, limit


def drf_pages(total: int, *, default_limit: int = 3) -> Handler:
    """A DRF-style list of `total` proxy records: count, absolute next and previous links."""
    items = [proxy_record(f"r{i}") for i in range(total)]

    async def handler(request: web.Request) -> web.Response:
        offset, limit = offsets(request)
        limit = limit or default_limit
        base = str(request.url.with_query(None))

        def link(at: int) -> str:
            return f"{base}?limit={limit}&offset={at}"

        return json_response(
            {
                "count": total,
                "next": link(offset + limit) if offset + limit < total else None,
                "previous": link(max(offset - limit, 0)) if offset > 0 else None,
                "results": items[offset : offset + limit],
            }
        )

    return handler


async def collect(pager: Pager[Any], seen: list[str | None]) -> None:
    """Append the id of every item of `pager` to `seen` (kept when iteration fails)."""
    async for item in pager:
        seen.append(item.id)


def ids_of(items: list[Any]) -> list[str | None]:
    return [item.id for item in items]


# -- the Page ------------------------------------------------------------------------------


async def test_awaiting_list_gives_the_first_page_with_its_envelope() -> None:
    async with serve(drf_pages(7)) as server, client_for(server) as client:
        pager = client.proxy_records.list(organization_id=ORG, limit=3)
        assert isinstance(pager, Pager)
        page = await pager
        assert isinstance(page, Page)
        assert ids_of(page.results) == ["r0", "r1", "r2"]
        assert all(isinstance(item, ProxyRecord) for item in page.results)
        assert page.count == 7
        assert page.next == f"{server.base_url}{LIST_PATH}?limit=3&offset=3"
        assert page.previous is None
        assert page.has_next is True
        assert len(page) == 3

        second = await page.next_page()
        assert second is not None
        assert ids_of(second.results) == ["r3", "r4", "r5"]
        assert second.previous == f"{server.base_url}{LIST_PATH}?limit=3&offset=0"
        third = await second.next_page()
        assert third is not None
        assert ids_of(third.results) == ["r6"]
        assert third.has_next is False
        assert third.next is None
        assert await third.next_page() is None
    assert server.paths() == [
        f"{LIST_PATH}?limit=3",
        f"{LIST_PATH}?limit=3&offset=3",
        f"{LIST_PATH}?limit=3&offset=6",
    ]
    assert all(r.headers["Authorization"] == f"Bearer {API_KEY}" for r in server.received)


async def test_next_page_may_be_called_twice_on_the_same_page() -> None:
    async with serve(drf_pages(5)) as server, client_for(server) as client:
        page = await client.proxy_records.list(organization_id=ORG, limit=3)
        again = [await page.next_page(), await page.next_page()]
    assert [ids_of(p.results) for p in again if p is not None] == [["r3", "r4"]] * 2
    assert len(server.received) == 3  # fetched again each time, and no loop error


# -- iteration -----------------------------------------------------------------------------


async def test_async_for_yields_every_item_of_every_page() -> None:
    async with serve(drf_pages(10)) as server, client_for(server) as client:
        items = [item async for item in client.proxy_records.list(organization_id=ORG, limit=3)]
    assert ids_of(items) == [f"r{i}" for i in range(10)]
    assert all(isinstance(item, ProxyRecord) for item in items)
    assert len(server.received) == 4


async def test_pages_yields_each_page_in_order() -> None:
    async with serve(drf_pages(8)) as server, client_for(server) as client:
        pages = [p async for p in client.proxy_records.list(organization_id=ORG, limit=3).pages()]
    assert [len(p) for p in pages] == [3, 3, 2]
    assert [p.has_next for p in pages] == [True, True, False]
    assert [item.id for p in pages for item in p.results] == [f"r{i}" for i in range(8)]


async def test_each_iteration_starts_again_from_the_first_page() -> None:
    async with serve(drf_pages(4)) as server, client_for(server) as client:
        pager = client.proxy_records.list(organization_id=ORG, limit=2)
        first = [item.id async for item in pager]
        second = [item.id async for item in pager]
    assert first == second == ["r0", "r1", "r2", "r3"]
    assert len(server.received) == 4


async def test_absolute_next_links_are_followed_as_given() -> None:
    async def handler(request: web.Request) -> web.Response:
        cursor = request.query.get("cursor")
        if cursor is None:
            nxt = f"{request.url.origin()}/api/elsewhere/on/same/origin/?cursor=abc%2Fdef"
            return json_response({"next": nxt, "results": [proxy_record("a")]})
        assert cursor == "abc/def"
        return json_response({"next": None, "results": [proxy_record("b")]})

    async with serve(handler) as server, client_for(server) as client:
        items = [i.id async for i in client.proxy_records.list(organization_id=ORG)]
    assert items == ["a", "b"]
    assert server.paths() == [LIST_PATH, "/api/elsewhere/on/same/origin/?cursor=abc%2Fdef"]
    assert server.received[1].headers["Authorization"] == f"Bearer {API_KEY}"


async def test_relative_next_links_resolve_against_the_page_url() -> None:
    async def handler(request: web.Request) -> web.Response:
        if "offset" not in request.query:
            return json_response({"next": "?offset=1", "results": [proxy_record("a")]})
        return json_response({"results": [proxy_record("b")]})

    async with serve(handler) as server, client_for(server) as client:
        items = [i.id async for i in client.proxy_records.list(organization_id=ORG)]
    assert items == ["a", "b"]
    assert server.paths() == [LIST_PATH, f"{LIST_PATH}?offset=1"]


async def test_next_link_on_another_origin_raises_and_sends_nothing_there() -> None:
    async with serve(drf_pages(3)) as other:

        async def handler(request: web.Request) -> web.Response:
            nxt = f"{other.base_url}{LIST_PATH}?limit=1&offset=1"
            return json_response({"count": 3, "next": nxt, "results": [proxy_record("r0")]})

        async with serve(handler) as server, client_for(server) as client:
            seen: list[str | None] = []
            with pytest.raises(ResponseValidationError) as caught:
                await collect(client.proxy_records.list(organization_id=ORG, limit=1), seen)
            assert seen == ["r0"]  # the first page is fine; the error comes at the move
            assert "another origin" in str(caught.value)
            assert API_KEY not in str(caught.value)

            page = await client.proxy_records.list(organization_id=ORG, limit=1)
            assert ids_of(page.results) == ["r0"]
            with pytest.raises(ResponseValidationError):
                await page.next_page()
    assert other.received == []
    assert len(server.received) == 2


@pytest.mark.parametrize(
    "other_origin",
    ["https://127.0.0.1:{port}", "http://localhost:{port}", "http://127.0.0.1:{other}"],
)
async def test_next_link_differing_in_scheme_host_or_port_is_another_origin(
    other_origin: str,
) -> None:
    async def handler(request: web.Request) -> web.Response:
        port = request.url.port or 0
        origin = other_origin.format(port=port, other=port + 1)
        return json_response({"next": f"{origin}{LIST_PATH}?x=1", "results": []})

    async with serve(handler) as server, client_for(server) as client:
        with pytest.raises(ResponseValidationError):
            async for _ in client.proxy_records.list(organization_id=ORG):
                pass
    assert len(server.received) == 1


async def test_next_link_that_repeats_itself_ends_with_an_error() -> None:
    async def handler(request: web.Request) -> web.Response:
        here = str(request.url)
        if "offset" not in request.query:
            return json_response({"next": f"{here}&offset=2", "results": [proxy_record("a")]})
        return json_response({"next": here, "results": [proxy_record("b")]})  # itself

    async with serve(handler) as server, client_for(server) as client:
        seen: list[str | None] = []
        with pytest.raises(ResponseValidationError) as caught:
            await collect(client.proxy_records.list(organization_id=ORG, limit=2), seen)
    assert seen == ["a", "b"]
    assert "already fetched" in str(caught.value)
    assert len(server.received) == 2


async def test_next_link_leading_back_to_an_earlier_page_ends_with_an_error() -> None:
    async def handler(request: web.Request) -> web.Response:
        offset, _ = offsets(request)
        base = str(request.url.with_query(None))
        nxt = f"{base}?limit=1&offset={offset + 1}" if offset < 2 else f"{base}?limit=1"
        return json_response({"next": nxt, "results": [proxy_record(f"r{offset}")]})

    async with serve(handler) as server, client_for(server) as client:
        seen: list[str | None] = []
        with pytest.raises(ResponseValidationError, match="already fetched"):
            await collect(client.proxy_records.list(organization_id=ORG, limit=1), seen)
    assert seen == ["r0", "r1", "r2"]
    assert len(server.received) == 3


# -- the live service's envelopes ------------------------------------------------------------


async def test_recordings_body_without_count_or_next_and_has_next_false_is_the_last_page() -> None:
    async def handler(request: web.Request) -> web.Response:
        body = {"results": [recording("a"), recording("b")], "has_next": False, "version": 4}
        return json_response(body)

    async with serve(handler) as server, client_for(server) as client:
        page = await client.session_recordings.list(project_id=PROJECT)
        assert page.count is None
        assert page.next is None
        assert page.previous is None
        assert page.has_next is False
        assert await page.next_page() is None
        assert page.envelope.model_extra == {"version": 4}
        items = [r async for r in client.session_recordings.list(project_id=PROJECT)]
    assert ids_of(items) == ["a", "b"]
    assert all(isinstance(r, SessionRecording) for r in items)
    assert len(server.received) == 2


async def test_proxy_record_body_with_only_results_is_the_last_page() -> None:
    async def handler(request: web.Request) -> web.Response:
        return json_response({"results": [proxy_record("p1")], "max_proxy_records": 2})

    async with serve(handler) as server, client_for(server) as client:
        pages = [p async for p in client.proxy_records.list(organization_id=ORG, limit=1).pages()]
    assert len(pages) == 1
    assert pages[0].has_next is False
    assert ids_of(pages[0].results) == ["p1"]
    assert len(server.received) == 1


@contextlib.asynccontextmanager
async def three_live_proxy_records(**settings: Any) -> AsyncIterator[AsyncClient]:
    """A client of a live-shaped FakeServer whose organization has three proxy records."""
    async with (
        FakeServer(list_style="live") as server,
        AsyncClient(
            api_key=server.api_key,
            base_url=server.base_url,
            organization_id=server.organization_id,
            **settings,
        ) as client,
    ):
        for domain in ("a.example.com", "b.example.com"):
            await client.proxy_records.create(domain=domain)
        yield client


async def test_a_live_proxy_record_page_longer_than_its_limit_is_accepted_whole() -> None:
    """The live proxy-record list ignores `limit` and `offset` and answers every record."""
    async with three_live_proxy_records() as client:
        page = await client.proxy_records.list(limit=2)
        items = [r async for r in client.proxy_records.list(limit=1)]
    assert len(page.results) == 3
    assert page.has_next is False
    assert ids_of(items) == ids_of(page.results)


def with_long_term_rows(ctx: Context) -> Reply:
    """The fake's live recordings list, plus (as the live service does when `session_ids`
    is given) the asked-for recordings the page left out, beyond `limit`."""
    reply = HANDLERS["session_recordings_list"](ctx)
    assert isinstance(reply, Reply)
    listed = {row["id"] for row in reply.body["results"]}
    env = ctx.store.environment(ctx.params["project_id"])
    wanted = json.loads(ctx.query["session_ids"])
    extra = [env.recordings[rid] for rid in wanted if rid not in listed]
    return Reply.json({**reply.body, "results": reply.body["results"] + extra})


async def test_a_live_recordings_page_with_long_term_rows_beyond_its_limit_is_accepted() -> None:
    async with FakeServer(recordings=20, list_style="live") as server:
        server.add_handler("session_recordings_list", with_long_term_rows)
        wanted = server.recording_ids[:5]
        async with AsyncClient(
            api_key=server.api_key, base_url=server.base_url, project_id=server.project_id
        ) as client:
            page = await client.session_recordings.list(limit=2, session_ids=wanted)
            items = [r async for r in client.session_recordings.list(limit=2, session_ids=wanted)]
    assert sorted(ids_of(page.results)) == sorted(wanted)
    # Each page adds the long-term rows again: iteration sees every one (some twice).
    assert set(ids_of(items)) == set(wanted)


async def test_a_page_longer_than_max_page_items_is_refused_whatever_its_limit() -> None:
    async with three_live_proxy_records(max_page_items=2) as client:
        with pytest.raises(ResponseValidationError, match="at most 2 items"):
            await client.proxy_records.list(limit=1)


def has_next_pages(sizes: list[int]) -> Handler:
    """Recordings pages of the given sizes, in order of request, with `has_next` and no
    `next`: the live recordings list."""
    remaining = list(sizes)
    counter = iter(range(1000))

    async def handler(request: web.Request) -> web.Response:
        size = remaining.pop(0)
        results = [recording(f"x{next(counter)}") for _ in range(size)]
        return json_response({"results": results, "has_next": bool(remaining), "version": 4})

    return handler


@pytest.mark.parametrize(
    ("sizes", "arguments", "queries"),
    [
        ([5, 3, 2], {"limit": 5}, ["?limit=5", "?limit=5&offset=5", "?limit=5&offset=10"]),
        ([4, 4, 2], {"offset": 1}, ["?offset=1", "?offset=5", "?offset=9"]),
    ],
    ids=["by-the-limit", "by-the-page-length"],
)
async def test_has_next_without_next_goes_on_at_the_following_offset(
    sizes: list[int], arguments: dict[str, Any], queries: list[str]
) -> None:
    """With `limit`, the offset advances by the limit even when a page held fewer; without,
    by the page's length."""
    async with serve(has_next_pages(sizes)) as server, client_for(server) as client:
        pager = client.session_recordings.list(project_id=PROJECT, **arguments)
        items = [r async for r in pager]
    assert len(items) == sum(sizes)
    assert server.paths() == [RECORDINGS_PATH + query for query in queries]


async def test_has_next_with_an_empty_page_and_no_limit_ends_with_an_error_not_a_loop() -> None:
    async def handler(request: web.Request) -> web.Response:
        return json_response({"results": [], "has_next": True})

    async with serve(handler) as server, client_for(server) as client:
        with pytest.raises(ResponseValidationError):
            async for _ in client.session_recordings.list(project_id=PROJECT):
                pass
    assert len(server.received) <= 2


# -- prefetch ------------------------------------------------------------------------------


async def test_next_page_is_requested_while_the_caller_still_consumes_the_current_one() -> None:
    requested: dict[str, asyncio.Event] = {}

    async def handler(request: web.Request) -> web.Response:
        offset, _ = offsets(request)
        requested.setdefault(str(offset), asyncio.Event()).set()
        return await drf_pages(9)(request)

    async with serve(handler) as server, client_for(server) as client:
        consumed: list[str | None] = []
        async for item in client.proxy_records.list(organization_id=ORG, limit=3):
            consumed.append(item.id)
            if item.id == "r0":
                # Still on page 1: the page-2 request reaches the server meanwhile.
                await asyncio.wait_for(requested.setdefault("3", asyncio.Event()).wait(), 2.0)
                assert len(server.received) == 2
                # Only one page ahead: page 3 is not asked for before page 2 is used.
                await asyncio.sleep(0.05)
                assert len(server.received) == 2
                assert consumed == ["r0"]
    assert len(consumed) == 9


async def test_pages_prefetches_the_following_page() -> None:
    async with serve(drf_pages(6)) as server, client_for(server) as client:
        pages = client.proxy_records.list(organization_id=ORG, limit=3).pages()
        first = await anext(pages)
        assert ids_of(first.results) == ["r0", "r1", "r2"]
        await server.wait_for_requests(2)
        assert server.paths()[1] == f"{LIST_PATH}?limit=3&offset=3"
        second = await anext(pages)
        assert ids_of(second.results) == ["r3", "r4", "r5"]
        with pytest.raises(StopAsyncIteration):
            await anext(pages)


# -- leaving early, failures ---------------------------------------------------------------


async def test_breaking_out_early_leaves_no_pending_tasks_after_close() -> None:
    release = asyncio.Event()

    async def handler(request: web.Request) -> web.Response:
        offset, _ = offsets(request)
        if offset:
            await release.wait()  # the prefetch of page 2 hangs
        return await drf_pages(9)(request)

    with loop_errors() as errors:
        async with serve(handler) as server:
            async with client_for(server) as client:
                async for item in client.proxy_records.list(organization_id=ORG, limit=3):
                    assert item.id == "r0"
                    await server.wait_for_requests(2)
                    break
            release.set()
            await assert_no_pending_tasks()
    assert errors == []


async def test_breaking_out_when_the_prefetch_failed_reports_nothing() -> None:
    async def handler(request: web.Request) -> web.Response:
        offset, _ = offsets(request)
        if offset:
            return json_response({"detail": "boom"}, 500)
        return await drf_pages(9)(request)

    with loop_errors() as errors:
        async with serve(handler) as server:
            async with client_for(server, max_retries=0) as client:
                async for _ in client.proxy_records.list(organization_id=ORG, limit=3):
                    await server.wait_for_requests(2)
                    await asyncio.sleep(0.02)  # the prefetch has failed by now
                    break
            await assert_no_pending_tasks()
    assert errors == []


async def test_breaking_out_without_closing_lets_the_prefetch_finish_quietly() -> None:
    with loop_errors() as errors:
        async with serve(drf_pages(9)) as server, client_for(server) as client:
            async for _ in client.proxy_records.list(organization_id=ORG, limit=3):
                break
            await server.wait_for_requests(2)
            for _ in range(20):
                if not client._session.background:
                    break
                await asyncio.sleep(0.01)
            await assert_no_pending_tasks()
    assert errors == []


@pytest.mark.parametrize(("status", "error"), [(404, NotFoundError), (503, InternalServerError)])
async def test_a_failing_page_fetch_raises_the_typed_error_at_the_iteration_point(
    status: int, error: type[ApiError]
) -> None:
    async def handler(request: web.Request) -> web.Response:
        offset, _ = offsets(request)
        if offset == 3:
            return json_response({"detail": "gone"}, status)
        return await drf_pages(9)(request)

    with loop_errors() as errors:
        async with serve(handler) as server, client_for(server, max_retries=1) as client:
            seen: list[str | None] = []
            with pytest.raises(error) as caught:
                await collect(client.proxy_records.list(organization_id=ORG, limit=3), seen)
            await assert_no_pending_tasks()
    assert seen == ["r0", "r1", "r2"]
    assert caught.value.detail == "gone"  # type: ignore[attr-defined]
    assert len(server.received) == (2 if status == 404 else 3)  # 503 was retried once
    assert errors == []


async def test_closing_the_client_while_the_caller_waits_for_the_next_page() -> None:
    async def handler(request: web.Request) -> web.Response:
        offset, _ = offsets(request)
        if offset:
            await asyncio.sleep(2.0)
        return await drf_pages(9)(request)

    async with serve(handler) as server:
        async with client_for(server) as client:

            async def consume() -> list[str | None]:
                return [
                    item.id
                    async for item in client.proxy_records.list(organization_id=ORG, limit=3)
                ]

            task = asyncio.create_task(consume())
            await server.wait_for_requests(2)
            await asyncio.sleep(0.01)
            await client.close()
            with pytest.raises(ClientClosedError):
                await task
        await assert_no_pending_tasks()


# -- arguments -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"limit": 0}, ValueError),
        ({"limit": -5}, ValueError),
        ({"limit": "10"}, TypeError),
        ({"limit": 2.5}, TypeError),
        ({"offset": -1}, ValueError),
        ({"limit": True}, TypeError),
    ],
)
async def test_list_arguments_are_checked_when_list_is_called(
    kwargs: dict[str, Any], error: type[Exception]
) -> None:
    async with serve(drf_pages(3)) as server, client_for(server) as client:
        with pytest.raises(error):
            client.proxy_records.list(organization_id=ORG, **kwargs)  # no await: raises now
        with pytest.raises(error):
            client.session_recordings.list(project_id=PROJECT, **kwargs)
    assert server.received == []


async def test_list_without_organization_raises_when_called() -> None:
    async with serve(drf_pages(3)) as server, client_for(server) as client:
        with pytest.raises(TypeError):
            client.proxy_records.list()
    assert server.received == []


async def test_list_query_carries_limit_offset_and_extra_query_on_every_page() -> None:
    async with (
        serve(has_next_pages([2, 2, 1])) as server,
        client_for(server) as client,
    ):
        pager = client.session_recordings.list(
            project_id=PROJECT, limit=2, offset=4, extra_query={"q": "a b"}
        )
        items = [r async for r in pager]
    assert len(items) == 5
    assert server.paths() == [
        f"{RECORDINGS_PATH}?limit=2&offset=4&q=a%20b",
        f"{RECORDINGS_PATH}?limit=2&offset=6&q=a%20b",
        f"{RECORDINGS_PATH}?limit=2&offset=8&q=a%20b",
    ]


async def test_next_page_request_starts_before_a_non_awaiting_consumer_sees_an_item(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import json

    from product_analytics import AsyncClient, Request
    from product_analytics.testing import MockTransport

    base = "http://pager.test"
    first = f"{base}/api/organizations/o/roles/?limit=2"
    second = f"{base}/api/organizations/o/roles/?limit=2&offset=2"
    sent: list[str] = []
    pages = {
        first: {"count": 3, "next": second, "results": [{"id": "a"}, {"id": "b"}]},
        second: {"count": 3, "next": None, "results": [{"id": "c"}]},
    }

    def answer(request: Request) -> tuple[int, dict[str, str], bytes]:
        sent.append(request.url)
        return 200, {}, json.dumps(pages[request.url]).encode()

    transport = MockTransport(answer)
    async with AsyncClient(api_key="k", base_url=base, transport=transport) as client:
        seen_at_first_item: list[str] = []
        count = 0
        async for _role in client.roles.list(organization_id="o", limit=2):
            if count == 0:
                seen_at_first_item = list(sent)
            count += 1
        assert seen_at_first_item == [first, second]
        assert count == 3


@pytest.mark.parametrize("enabled_before", [True, False])
@pytest.mark.parametrize("body", [b'{"results": [{"id": "a"}]}', b'{"results": 5}'])
def test_page_decoding_leaves_the_garbage_collector_as_it_found_it(
    enabled_before: bool, body: bytes
) -> None:
    import gc

    from product_analytics._generated.operations import SESSION_RECORDINGS_LIST
    from product_analytics._http.decode import Answer, decode_success
    from product_analytics.errors import ResponseValidationError as BadBody

    (gc.enable if enabled_before else gc.disable)()
    try:
        try:
            decode_success(SESSION_RECORDINGS_LIST, Answer(200, {}, body), method="GET", url="u")
        except BadBody:
            assert body == b'{"results": 5}'
        assert gc.isenabled() is enabled_before
    finally:
        gc.enable()


def nested_recordings(total: int, *, broken_at: int | None = None) -> Handler:
    """A DRF-style list of `total` recordings, each with a person (some eight tracked
    objects an item once built); the page at offset `broken_at` is not a list page."""
    items = [
        {
            **recording(f"s{i}"),
            "viewers": ["a@example.com"],
            "person": {"id": i, "distinct_ids": [f"d{i}"]},
        }
        for i in range(total)
    ]

    async def handler(request: web.Request) -> web.Response:
        offset, limit = offsets(request)
        limit = limit or 100
        if offset == broken_at:
            return json_response({"results": 5})
        base = str(request.url.with_query(None))
        following = f"{base}?limit={limit}&offset={offset + limit}"
        return json_response(
            {
                "count": total,
                "next": following if offset + limit < total else None,
                "previous": None,
                "results": items[offset : offset + limit],
            }
        )

    return handler


async def test_async_for_frees_each_page_without_the_collector_walking_it() -> None:
    import gc

    pages, size = 20, 300
    collections: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collections.append(info["generation"])

    async with serve(nested_recordings(pages * size)) as server, client_for(server) as client:
        gc.collect()
        gc.callbacks.append(count)
        try:
            seen = 0
            async for item in client.session_recordings.list(project_id=PROJECT, limit=size):
                assert item.person is not None
                assert item.person.distinct_ids == [f"d{seen}"]
                seen += 1
        finally:
            gc.callbacks.remove(count)
        assert gc.isenabled()
    assert seen == pages * size
    # Each page builds some 2,400 tracked objects. Were they still young when the collector
    # resumed, each page would start a collection that walks them all: 20 or more.
    assert len(collections) < pages // 4, collections


async def test_a_page_that_fails_validation_mid_walk_leaves_the_collector_enabled() -> None:
    import gc

    async with (
        serve(nested_recordings(3000, broken_at=2400)) as server,
        client_for(server) as client,
    ):
        seen: list[str | None] = []
        with pytest.raises(ResponseValidationError):
            await collect(client.session_recordings.list(project_id=PROJECT, limit=300), seen)
        assert gc.isenabled()
    assert len(seen) == 2400


# -- page URLs ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("http://h/p/?limit=2&offset=4", 4),
        ("http://h/p/?of%66set=7", 7),  # an encoded name is the same name
        ("http://h/p/?offset=&limit=2", None),
        ("http://h/p/?offset=-1", None),
        ("http://h/p/", None),
        (None, None),
    ],
)
def test_query_int_reads_the_first_occurrence_decoded(
    url: str | None, expected: int | None
) -> None:
    assert query_int(url, "offset") == expected


def test_with_offset_keeps_every_other_byte_of_the_url() -> None:
    assert with_offset("http://h/p/?limit=2&offset=4&q=a%20b", 6) == (
        "http://h/p/?limit=2&offset=6&q=a%20b"
    )
    assert with_offset("http://h/p/?q=a+b", 3) == "http://h/p/?q=a+b&offset=3"


def test_page_key_ignores_case_default_ports_fragments_and_parameter_order() -> None:
    assert page_key("HTTP://H:80/p/?b=2&a=%41#x") == page_key("http://h/p/?a=A&b=2")
    assert page_key("http://h:8080/p/") != page_key("http://h/p/")
    assert page_key("http://h/p/?a=1") != page_key("http://h/p/?a=2")
