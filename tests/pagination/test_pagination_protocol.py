"""Paging through a `MockTransport`: `next` links, `has_next` offsets, loops, other origins
and runs of empty pages."""

from __future__ import annotations

from typing import Any

import pytest

from product_analytics import ResponseValidationError
from product_analytics._resources.pagination import MAX_EMPTY_PAGES, PREFETCH_PAGES
from product_analytics._transport.base import Request
from tests.support.mock_client import BASE_URL, ORG, PROJECT, MakeClient, json_reply

ROLES = f"{BASE_URL}/api/organizations/{ORG}/roles/"
RECORDINGS = f"{BASE_URL}/api/environments/{PROJECT}/session_recordings/"


def pages(answers: dict[str, dict[str, Any]]) -> Any:
    """A handler answering each URL with its body; any other URL fails the test."""

    def handler(request: Request) -> tuple[int, dict[str, str], bytes]:
        assert request.url in answers, f"unexpected request {request.url}"
        return json_reply(answers[request.url])

    return handler


def roles(*ids: str) -> list[dict[str, str]]:
    return [{"id": i, "name": i} for i in ids]


async def test_iteration_follows_next_links_to_the_last_page(make_client: MakeClient) -> None:
    client, mock = await make_client(
        pages(
            {
                ROLES: {"count": 3, "next": f"{ROLES}?page=2", "results": roles("a", "b")},
                f"{ROLES}?page=2": {"count": 3, "next": "?page=3", "results": roles("c")},
                f"{ROLES}?page=3": {"count": 3, "next": None, "results": []},
            }
        )
    )
    ids = [role.id async for role in client.roles.list(organization_id=ORG)]
    assert ids == ["a", "b", "c"]
    assert [r.url for r in mock.requests] == [ROLES, f"{ROLES}?page=2", f"{ROLES}?page=3"]


async def test_a_body_with_neither_next_nor_has_next_is_the_last_page(
    make_client: MakeClient,
) -> None:
    client, mock = await make_client(pages({RECORDINGS: {"results": [{"id": "a"}]}}))
    page = await client.session_recordings.list(project_id=PROJECT)
    assert not page.has_next
    assert [r.id async for r in client.session_recordings.list(project_id=PROJECT)] == ["a"]
    assert len(mock.requests) == 2


async def test_a_next_link_to_itself_ends_with_an_error(make_client: MakeClient) -> None:
    client, mock = await make_client(pages({ROLES: {"next": ROLES, "results": roles("a")}}))
    with pytest.raises(ResponseValidationError, match="already fetched"):
        _ = [role async for role in client.roles.list(organization_id=ORG)]
    assert len(mock.requests) == 1


async def test_a_run_of_empty_pages_that_say_more_follow_is_bounded(
    make_client: MakeClient,
) -> None:
    def handler(request: Request) -> tuple[int, dict[str, str], bytes]:
        return json_reply({"results": [], "has_next": True})

    client, mock = await make_client(handler)
    with pytest.raises(ResponseValidationError, match="no results"):
        _ = [r async for r in client.session_recordings.list(project_id=PROJECT, limit=5)]
    # The walk stops at the bound; pages fetched ahead of it are the prefetch's waste.
    assert MAX_EMPTY_PAGES <= len(mock.requests) <= MAX_EMPTY_PAGES + PREFETCH_PAGES
    page = await client.session_recordings.list(project_id=PROJECT, limit=5)
    for _ in range(MAX_EMPTY_PAGES - 1):
        following = await page.next_page()
        assert following is not None
        page = following
    with pytest.raises(ResponseValidationError, match="no results"):
        await page.next_page()


async def test_a_page_longer_than_its_limit_is_accepted(make_client: MakeClient) -> None:
    client, _ = await make_client(
        pages({f"{ROLES}?limit=1": {"next": None, "results": roles("a", "b")}})
    )
    page = await client.roles.list(organization_id=ORG, limit=1)
    assert [r.id for r in page.results] == ["a", "b"]
