"""Iteration fetches pages ahead concurrently once a list has proved long: in order, each
offset once, a bounded number of pages held, speculation checked against the server's own
links, and nothing left running when the caller leaves."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Awaitable
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from product_analytics import AsyncClient, Request
from product_analytics._resources.pagination import SPECULATE_AFTER, prefetch_depth
from product_analytics.testing import FakeServer, MockTransport

BASE = "http://prefetch.test"
ROLES = f"{BASE}/api/organizations/o/roles/"
RECORDINGS = f"{BASE}/api/environments/1/session_recordings/"
LIMIT = 10
DEPTH = prefetch_depth(LIMIT)
AnswerT = tuple[int, dict[str, str], bytes]


def offset_of(url: str) -> int:
    return int(parse_qs(urlsplit(url).query).get("offset", ["0"])[0])


class ListServer:
    """A list of `pages * LIMIT` items answered through a `MockTransport`.

    `style` "count": DRF envelopes with `count` and absolute `next` links; "has_next": the
    live recordings list, `has_next` and no link. `jump` maps an offset to the offset its
    page's `next` link names instead of the following one. `gate` (when set) holds back
    every answer at an offset of `gate_from` or more until it is set.
    """

    def __init__(
        self,
        pages: int,
        *,
        style: str = "count",
        jump: dict[int, int] | None = None,
        gate_from: int | None = None,
    ) -> None:
        self.total = pages * LIMIT
        self.style = style
        self.jump = jump or {}
        self.gate_from = gate_from
        self.gate = asyncio.Event()
        self.in_flight = 0
        self.transport = MockTransport(self.answer)

    @property
    def offsets(self) -> list[int]:
        return [offset_of(request.url) for request in self.transport.requests]

    def body(self, url: str) -> bytes:
        offset = offset_of(url)
        items = [{"id": f"i{n}"} for n in range(offset, min(offset + LIMIT, self.total))]
        following = self.jump.get(offset, offset + LIMIT)
        if self.style == "has_next":
            return json.dumps({"has_next": following < self.total, "results": items}).encode()
        link = f"{ROLES}?limit={LIMIT}&offset={following}" if following < self.total else None
        return json.dumps({"count": self.total, "next": link, "results": items}).encode()

    def answer(self, request: Request) -> AnswerT | Awaitable[AnswerT]:
        if self.gate_from is not None and offset_of(request.url) >= self.gate_from:
            return self.held(request.url)
        return 200, {}, self.body(request.url)

    async def held(self, url: str) -> AnswerT:
        self.in_flight += 1
        try:
            await self.gate.wait()
        finally:
            self.in_flight -= 1
        return 200, {}, self.body(url)


@contextlib.asynccontextmanager
async def client_of(server: ListServer) -> AsyncIterator[AsyncClient]:
    async with AsyncClient(api_key="k", base_url=BASE, transport=server.transport) as client:
        yield client


def listing(client: AsyncClient, server: ListServer) -> Any:
    if server.style == "has_next":
        return client.session_recordings.list(project_id=1, limit=LIMIT)
    return client.roles.list(organization_id="o", limit=LIMIT)


async def ids(client: AsyncClient, server: ListServer) -> list[str | None]:
    return [item.id async for item in listing(client, server)]


def expected_ids(server: ListServer) -> list[str]:
    return [f"i{n}" for n in range(server.total)]


@pytest.mark.parametrize("pages", [1, SPECULATE_AFTER - 1, SPECULATE_AFTER])
@pytest.mark.parametrize("style", ["count", "has_next"])
async def test_a_short_list_makes_exactly_the_requests_of_a_sequential_pager(
    pages: int, style: str
) -> None:
    server = ListServer(pages, style=style)
    async with client_of(server) as client:
        assert await ids(client, server) == expected_ids(server)
    assert server.offsets == [page * LIMIT for page in range(pages)]


async def test_a_six_page_list_with_a_count_makes_exactly_six_requests_in_order() -> None:
    server = ListServer(SPECULATE_AFTER + 1)
    async with client_of(server) as client:
        assert await ids(client, server) == expected_ids(server)
    assert server.offsets == [page * LIMIT for page in range(SPECULATE_AFTER + 1)]


async def test_a_fifty_page_list_fetches_every_offset_once_and_yields_in_order() -> None:
    server = ListServer(50)
    async with client_of(server) as client:
        assert await ids(client, server) == expected_ids(server)
    offsets = server.offsets
    assert sorted(offsets) == [page * LIMIT for page in range(50)]
    assert offsets[:SPECULATE_AFTER] == [page * LIMIT for page in range(SPECULATE_AFTER)]


@pytest.mark.parametrize("pages", [SPECULATE_AFTER + 1, 50])
async def test_has_next_lists_waste_at_most_the_prefetch_depth_past_the_end(pages: int) -> None:
    server = ListServer(pages, style="has_next")
    async with client_of(server) as client:
        assert await ids(client, server) == expected_ids(server)
    offsets = server.offsets
    assert len(offsets) == len(set(offsets))
    assert set(range(0, server.total, LIMIT)) <= set(offsets)
    wasted = [offset for offset in offsets if offset >= server.total]
    assert len(wasted) <= DEPTH


async def test_awaiting_a_list_fetches_one_page() -> None:
    server = ListServer(50)
    async with client_of(server) as client:
        page = await listing(client, server)
        assert len(page.results) == LIMIT
        for _ in range(10):
            await asyncio.sleep(0)
    assert server.offsets == [0]


async def test_pages_ahead_are_fetched_concurrently_up_to_the_depth_once_the_list_is_long() -> None:
    server = ListServer(50, gate_from=(SPECULATE_AFTER + 1) * LIMIT)
    async with (
        client_of(server) as client,
        contextlib.aclosing(listing(client, server).pages()) as pages,
    ):
        for _ in range(SPECULATE_AFTER + 1):
            await anext(pages)
        for _ in range(50):  # loop turns, not time: let every fetch ahead reach the server
            await asyncio.sleep(0)
        assert server.in_flight == DEPTH
        assert DEPTH > 1
        server.gate.set()
        rest = [page async for page in pages]
    assert len(rest) == 50 - SPECULATE_AFTER - 1


async def test_pages_held_ahead_of_the_caller_never_exceed_the_depth() -> None:
    server = ListServer(60)
    async with client_of(server) as client:
        yielded = 0
        async for _page in listing(client, server).pages():
            yielded += 1
            # Fetched (or being fetched) and not yet given to the caller.
            assert len(server.transport.requests) - yielded <= DEPTH
            await asyncio.sleep(0)  # a caller that awaits lets every fetch ahead run
    assert yielded == 60


async def test_breaking_out_cancels_the_fetches_ahead_and_leaves_no_task() -> None:
    server = ListServer(50, gate_from=(SPECULATE_AFTER + 1) * LIMIT)
    async with client_of(server) as client:
        async with contextlib.aclosing(listing(client, server).pages()) as pages:
            async for page in pages:
                if page.results[0].id == f"i{SPECULATE_AFTER * LIMIT}":
                    for _ in range(50):
                        await asyncio.sleep(0)
                    assert server.in_flight == DEPTH
                    break
        assert client._session.background == set()
        current = asyncio.current_task()
        assert [t for t in asyncio.all_tasks() if t is not current and not t.done()] == []
        assert server.in_flight == 0
        assert not client.closed


async def test_speculation_is_dropped_when_the_servers_next_link_disagrees() -> None:
    jump_at = (SPECULATE_AFTER + 1) * LIMIT
    server = ListServer(50, jump={jump_at: jump_at + 5 * LIMIT})
    async with client_of(server) as client:
        got = await ids(client, server)
    skipped = {f"i{n}" for n in range(jump_at + LIMIT, jump_at + 5 * LIMIT)}
    assert got == [i for i in expected_ids(server) if i not in skipped]
    # From the disagreement on, the server's links are followed one page at a time.
    offsets = server.offsets
    assert jump_at + LIMIT in offsets  # guessed ahead, then not used
    target = jump_at + 5 * LIMIT
    last = len(offsets) - 1 - offsets[::-1].index(target)
    assert offsets[last:] == list(range(target, server.total, LIMIT))


async def test_speculation_against_the_fake_server_gets_every_recording_once_in_order() -> None:
    async with FakeServer(recordings=250, seed=3) as server:
        async with AsyncClient(
            api_key=server.api_key, base_url=server.base_url, project_id=server.project_id
        ) as client:
            got = [r.id async for r in client.session_recordings.list(limit=10)]
        listed = [
            record.query.get("offset", "0")
            for record in server.requests
            if record.operation_id == "session_recordings_list"
        ]
    assert len(got) == 250
    assert len(set(got)) == 250
    assert sorted(int(offset) for offset in listed) == list(range(0, 250, 10))


async def test_cancelling_the_caller_while_it_waits_for_a_page_ahead_leaves_no_task() -> None:
    server = ListServer(50, gate_from=(SPECULATE_AFTER + 1) * LIMIT)
    async with client_of(server) as client:
        got: list[int] = []

        async def consume() -> None:
            async for page in listing(client, server).pages():
                got.append(len(page.results))

        consumer = asyncio.create_task(consume())
        for _ in range(50):
            await asyncio.sleep(0)
        assert server.in_flight == DEPTH  # the consumer waits for the first held page
        consumer.cancel()
        with pytest.raises(asyncio.CancelledError):
            await consumer
        for _ in range(5):
            await asyncio.sleep(0)
        assert client._session.background == set()
        current = asyncio.current_task()
        assert [t for t in asyncio.all_tasks() if t is not current and not t.done()] == []
        assert len(got) == SPECULATE_AFTER + 1


async def test_pages_ahead_never_outnumber_the_clients_max_concurrency() -> None:
    server = ListServer(50, gate_from=(SPECULATE_AFTER + 1) * LIMIT)
    async with (
        AsyncClient(
            api_key="k", base_url=BASE, transport=server.transport, max_concurrency=2
        ) as client,
        contextlib.aclosing(listing(client, server).pages()) as pages,
    ):
        for _ in range(SPECULATE_AFTER + 1):
            await anext(pages)
        for _ in range(50):
            await asyncio.sleep(0)
        assert server.in_flight == 2
        server.gate.set()
        rest = [page async for page in pages]
    assert len(rest) == 50 - SPECULATE_AFTER - 1
