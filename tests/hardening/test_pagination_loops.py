"""The pager cannot be walked in circles (case 4): empty pages that say more follow stop
after `MAX_EMPTY_PAGES`; a `next` link that differs from a page already fetched only by its
fragment (or by the order of its query, the case of its host) is a loop."""

from __future__ import annotations

from typing import Any

import pytest
from aiohttp import web

from product_analytics import ResponseValidationError
from product_analytics._resources.pagination import MAX_EMPTY_PAGES, PREFETCH_PAGES
from tests.hardening.conftest import PROJECT, ROLES, client_of, role
from tests.hardening.hostile_server import HostileServer, raw_json

RECORDINGS = f"/api/environments/{PROJECT}/session_recordings/"
CUT = 200  # the server stops a walk the client did not stop by itself


def cut_after(server: HostileServer, handler: Any) -> Any:
    async def cut(request: web.Request) -> web.StreamResponse:
        if len(server.seen) > CUT:
            return web.json_response({"detail": "looped"}, status=400)
        response: web.StreamResponse = await handler(request)
        return response

    return cut


async def walk(pager: Any) -> list[Any]:
    return [item async for item in pager]


async def test_empty_pages_saying_more_follow_stop_after_a_bound(hostile: HostileServer) -> None:
    body = {"count": None, "next": None, "previous": None, "has_next": True, "results": []}
    hostile.route(cut_after(hostile, raw_json(body)), path=RECORDINGS)
    async with client_of(hostile) as client:
        with pytest.raises(ResponseValidationError, match="no results but said more follow"):
            await walk(client.session_recordings.list(limit=10))
    # The walk stops at the bound; pages the pager fetched ahead of it are its bounded waste.
    assert MAX_EMPTY_PAGES <= hostile.count() <= MAX_EMPTY_PAGES + PREFETCH_PAGES
    offsets = [s.path_qs for s in hostile.seen]
    assert len(set(offsets)) == len(offsets)  # each a new offset: no loop detection helped


async def test_empty_pages_with_distinct_next_links_stop_too(hostile: HostileServer) -> None:
    async def page(request: web.Request) -> web.StreamResponse:
        link = f"{hostile.base_url}{ROLES}?limit=5&cursor={len(hostile.seen)}"
        return web.json_response({"count": 10, "next": link, "previous": None, "results": []})

    hostile.route(cut_after(hostile, page), path=ROLES)
    async with client_of(hostile) as client:
        with pytest.raises(ResponseValidationError, match="no results"):
            await walk(client.roles.list(limit=5))
        pages = client.roles.list(limit=5).pages()
        with pytest.raises(ResponseValidationError, match="no results"):
            async for _ in pages:
                pass
    assert hostile.count() == 2 * MAX_EMPTY_PAGES


async def test_a_few_empty_pages_then_results_are_walked(hostile: HostileServer) -> None:
    async def page(request: web.Request) -> web.StreamResponse:
        offset = int(request.query.get("offset", "0"))
        results = [role(f"r{offset}")] if offset >= 5 * (MAX_EMPTY_PAGES - 1) else []
        return web.json_response(
            {
                "count": None,
                "next": None,
                "previous": None,
                "has_next": offset < 60,
                "results": results,
            }
        )

    hostile.route(page, path=RECORDINGS)
    async with client_of(hostile) as client:
        items = await walk(client.session_recordings.list(limit=5))
    assert len(items) == 4  # offsets 45, 50, 55, 60 after nine empty pages


@pytest.mark.parametrize(
    "make_link",
    [
        pytest.param(lambda base, path_qs, n: f"{base}{path_qs}#page-{n}", id="fragment"),
        pytest.param(lambda base, path_qs, n: f"{path_qs}#{n}", id="relative-fragment"),
        pytest.param(lambda base, path_qs, n: f"{base}{path_qs}#", id="empty-fragment"),
        pytest.param(lambda base, path_qs, n: f"//{base[7:]}{path_qs}#{n}", id="scheme-relative"),
        pytest.param(lambda base, path_qs, n: f"HTTP://{base[7:]}{path_qs}#{n}", id="scheme-case"),
    ],
)
async def test_a_next_link_back_to_the_same_page_is_a_loop(
    hostile: HostileServer, make_link: Any
) -> None:
    async def page(request: web.Request) -> web.StreamResponse:
        link = make_link(hostile.base_url, request.path_qs, len(hostile.seen))
        return web.json_response({"count": 1, "next": link, "previous": None, "results": [role()]})

    hostile.route(cut_after(hostile, page), path=ROLES)
    async with client_of(hostile) as client:
        with pytest.raises(ResponseValidationError, match="leads back to a page already fetched"):
            await walk(client.roles.list(limit=1))
    assert hostile.count() == 1


async def test_a_loop_over_two_pages_with_reordered_queries_is_detected(
    hostile: HostileServer,
) -> None:
    async def page(request: web.Request) -> web.StreamResponse:
        offset = request.query.get("offset", "0")
        following = "offset=1&limit=1" if offset == "0" else "offset=0&limit=1"  # back to 1
        link = f"{hostile.base_url}{ROLES}?{following}#x"
        return web.json_response(
            {"count": 2, "next": link, "previous": None, "results": [role(f"r{offset}")]}
        )

    hostile.route(cut_after(hostile, page), path=ROLES)
    async with client_of(hostile) as client:
        with pytest.raises(ResponseValidationError, match="leads back"):
            await walk(client.roles.list(limit=1, offset=0))
    assert hostile.count() == 2


async def test_a_loop_error_names_the_page_that_holds_the_link_and_the_link(
    hostile: HostileServer,
) -> None:
    async def page(request: web.Request) -> web.StreamResponse:
        offset = int(request.query.get("offset", "0"))
        link = f"{hostile.base_url}{ROLES}?limit=1&offset={(offset + 1) % 2}"  # 0, 1, back to 0
        body = {"count": 2, "next": link, "previous": None, "results": [role(f"r{offset}")]}
        return web.json_response(body)

    hostile.route(cut_after(hostile, page), path=ROLES)
    async with client_of(hostile) as client:
        first = await client.roles.list(limit=1, offset=0)
        second = await first.next_page()
        assert second is not None
        walks = (second.next_page, lambda: walk(client.roles.list(limit=1, offset=0)))
        for walked in walks:
            with pytest.raises(ResponseValidationError) as caught:
                await walked()
            assert caught.value.url.endswith(f"{ROLES}?limit=1&offset=1")  # the page
            assert f"{ROLES}?limit=1&offset=0'" in str(caught.value)  # its link
