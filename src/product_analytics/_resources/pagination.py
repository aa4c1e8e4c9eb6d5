"""List pages and the pager that walks them (where a page leads: `_http.links.next_url`).

`Pager` is what a list method returns: awaitable for the first page, async-iterable for
every item, `.pages()` for every page, fetched ahead as `Pager.pages` says.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Collection, Generator
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from pydantic import BaseModel

from product_analytics._http.decode import Answer, collector_paused, decode_success
from product_analytics._http.links import (
    next_url,
    origin,
    page_key,
    query_int,
    same_page,
    says_has_next,
    with_offset,
)
from product_analytics._http.wire import PreparedRequest
from product_analytics._resources.raw_response import RawResponse
from product_analytics._sending.config import ClientConfig
from product_analytics._spec.operation import Operation
from product_analytics.errors import ClientClosedError, ResponseValidationError, excerpt

__all__ = [
    "MAX_EMPTY_PAGES",
    "PREFETCH_ITEMS",
    "PREFETCH_PAGES",
    "SPECULATE_AFTER",
    "Page",
    "Pager",
    "PagingClient",
    "following_offset",
    "prefetch_depth",
    "walk",
]

ItemT = TypeVar("ItemT")
T = TypeVar("T")
# Pages in a row with no results but a next page, before the walk stops with an error.
MAX_EMPTY_PAGES = 10
# Iteration fetches only the next page until this many pages came and another follows.
SPECULATE_AFTER = 5
# At most this many pages are fetched ahead of the one the caller uses...
PREFETCH_PAGES = 8
# ...and at most about this many items (so that pages of 1,000 go 4 ahead, not 8).
PREFETCH_ITEMS = 4_000


def prefetch_depth(page_size: int) -> int:
    """How many pages of `page_size` items iteration fetches ahead once a list has proved
    long: `PREFETCH_PAGES`, fewer for big pages, at least 1. Pages fetched ahead are held
    as bytes and decoded when their turn comes."""
    return max(1, min(PREFETCH_PAGES, PREFETCH_ITEMS // max(1, page_size)))


class PagingClient(Protocol):
    """What a pager needs of the client (`AsyncClient` is one): its settings, the send loop,
    and background tasks that end when the client closes."""

    _config: ClientConfig

    async def _exchange(
        self, operation: Operation[Any], prepared: PreparedRequest
    ) -> tuple[Answer, str]: ...

    def _spawn(self, awaitable: Awaitable[T]) -> asyncio.Future[T]: ...


class Page(Generic[ItemT]):
    """One page of a list: `results` and the envelope's `count`, `next`, `previous` (and
    `total_count`, in a page-numbered envelope).

    `envelope` is the whole decoded body, keeping fields the description does not list
    (such as `has_next` or `version`).
    """

    __slots__ = (
        "_depth",
        "_empty_run",
        "_following",
        "_pager",
        "_seen",
        "_url",
        "envelope",
        "results",
    )

    def __init__(
        self,
        envelope: BaseModel,
        results: list[ItemT],
        following: str | ResponseValidationError | None,
        pager: Pager[ItemT],
        seen: dict[str, int],
        depth: int = 0,
        empty_run: int = 0,
        url: str = "",
    ) -> None:
        self.envelope: BaseModel = envelope
        self._url = url
        self.results: list[ItemT] = results
        self._following = following
        self._pager = pager
        self._seen = seen
        self._depth = depth
        self._empty_run = empty_run

    @property
    def count(self) -> int | None:
        return getattr(self.envelope, "count", None)

    @property
    def total_count(self) -> int | None:
        """The total of a page-numbered envelope (`projects.activity`), else None."""
        value = getattr(self.envelope, "total_count", None)
        if value is None:
            value = (self.envelope.model_extra or {}).get("total_count")
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    @property
    def next(self) -> str | None:
        return getattr(self.envelope, "next", None)

    @property
    def previous(self) -> str | None:
        return getattr(self.envelope, "previous", None)

    @property
    def has_next(self) -> bool:
        """Whether another page follows this one."""
        return self._following is not None

    async def next_page(self) -> Page[ItemT] | None:
        """The following page, or None if this is the last.

        Raises `ResponseValidationError` when this page's `next` link cannot be followed (on
        another origin than `base_url`, not a valid URL), leads back to a page already
        fetched, or when too many empty pages came in a row.
        """
        following = self._following
        if following is None:
            return None
        if isinstance(following, ResponseValidationError):
            raise _unfollowable(following, self._url)
        return await self._pager._fetch(
            following, self._seen, self._depth + 1, self._empty_run, linked_from=self._url
        )

    def __len__(self) -> int:
        return len(self.results)

    def __repr__(self) -> str:
        return f"<Page results={len(self.results)} count={self.count} has_next={self.has_next}>"


class Pager(Generic[ItemT]):
    """The pages of one listing. `await pager` gives the first page; `async for item in
    pager` gives every item of every page; `pager.pages()` every page.

    Each iteration starts again from the first page and fetches ahead (see `pages()`);
    leaving the loop early, or closing the client, cancels those fetches.
    """

    __slots__ = ("_client", "_first", "_operation")

    def __init__(
        self, client: PagingClient, operation: Operation[Any], first: PreparedRequest
    ) -> None:
        self._client = client
        self._operation = operation
        self._first = first

    async def _first_raw(self) -> Any:
        """The first page's answer as a `RawResponse` whose `parse()` gives the `Page`."""
        answer, url = await self._client._exchange(self._operation, self._first)
        pager = self

        class _PageAnswer(RawResponse[Page[ItemT]]):
            __slots__ = ()

            def parse(self) -> Page[ItemT]:
                return pager._page(answer, url, seen={page_key(url): 0}, depth=0, empty_run=0)

        return _PageAnswer(answer=answer, operation=self._operation, method="GET", url=url)

    def __await__(self) -> Generator[Any, None, Page[ItemT]]:
        return self._fetch(self._first.url, {}, 0, 0).__await__()

    async def _fetch(
        self, url: str, seen: dict[str, int], depth: int, empty_run: int, linked_from: str = ""
    ) -> Page[ItemT]:
        """The page at `url`, the `depth`-th of its walk (the first page is 0), linked from
        the page at `linked_from`; `seen` maps every URL the walk fetched (normalized by
        `page_key`) to the depth it was first fetched at.

        A URL already fetched earlier in the walk means the links loop: that raises
        `ResponseValidationError` instead of fetching it again. Fetching the same page again
        at the same place (`next_page()` called twice) is fine.
        """
        if seen.setdefault(page_key(url), depth) < depth:
            raise _unfollowable(url, linked_from)
        request = self._first if depth == 0 else self._first.follow(url)
        answer, fetched_url = await self._client._exchange(self._operation, request)
        try:
            return self._page(answer, fetched_url, seen, depth, empty_run)
        finally:
            del answer  # an error's traceback keeps this frame, and must not keep the body

    def _page(
        self, answer: Answer, fetched_url: str, seen: dict[str, int], depth: int, empty_run: int
    ) -> Page[ItemT]:
        """The page an answer holds: validated (at most the client's `max_page_items`
        items, whatever `limit` the request set: the live service may answer more) and
        linked to the next."""
        config = self._client._config
        try:
            envelope: BaseModel = decode_success(
                self._operation,
                answer,
                method="GET",
                url=fetched_url,
                max_items=config.max_page_items,
                hide=config.api_key.hidden_in,
            )
        finally:
            del answer
        results: list[ItemT] = getattr(envelope, "results", None) or []
        following: str | ResponseValidationError | None
        try:
            following = next_url(fetched_url, envelope, len(results), origin(config.base_url))
        except ResponseValidationError as exc:
            following = exc  # raised by next_page(): this page itself is fine
        empty_run = empty_run + 1 if not results else 0
        if isinstance(following, str) and empty_run >= MAX_EMPTY_PAGES:
            following = ResponseValidationError(
                f"{empty_run} pages in a row had no results but said more follow; stopping "
                "instead of looping",
                method="GET",
                url=fetched_url,
                status_code=200,
                body="",
                subject="a list that does not end",
            )
        return Page(
            envelope=envelope,
            results=results,
            following=following,
            pager=self,
            seen=seen,
            depth=depth,
            empty_run=empty_run,
            url=fetched_url,
        )

    def pages(self) -> AsyncGenerator[Page[ItemT], None]:
        """Every page, in order.

        While the caller uses one page the next is already being fetched. Once a list has
        proved long (`SPECULATE_AFTER` pages, and the next one) and pages by offset (links
        `?limit=L&offset=O` with a `count`, or `has_next`), up to `prefetch_depth(L)` pages
        are fetched ahead at once, at the offsets the links will name; each is used only
        if the page before it links to it, else every fetch ahead is dropped and the
        server's links are followed one by one from there.
        """
        return self._walk(self._client._config.max_concurrency)

    async def _walk(self, most_ahead: int) -> AsyncGenerator[Page[ItemT], None]:
        """`pages()`, with at most `most_ahead` pages fetched ahead of the caller's."""
        page: Page[ItemT] = await self
        seen = page._seen
        window: deque[_Ahead] = deque()  # fetches ahead, in order; window[0] follows `page`
        speculate = True
        try:
            while True:
                following = page._following
                if isinstance(following, str):
                    if window and not same_page(window[0].url, following):
                        # The server links elsewhere than guessed: follow it from here on.
                        speculate = False
                        await self._drop(window, seen)
                    started = not window and self._extend(window, following, page._depth, seen)
                    # Only a list of results is worth fetching ahead of: not a run of empties.
                    if speculate and window and page.results and page._depth + 1 >= SPECULATE_AFTER:
                        started = self._speculate(page, window, seen, most_ahead) or started
                    if started:
                        # Let the fetches send their requests now: a caller that consumes
                        # the page without awaiting would otherwise start them only after.
                        await asyncio.sleep(0)
                elif window:
                    await self._drop(window, seen)  # the list ended before them: wasted
                yield page
                if following is None:
                    return
                if not window:  # a link that cannot be followed, or that leads back
                    raise _unfollowable(following, page._url)
                answer, fetched_url, depth = await _first_done(window)
                empty_run = page._empty_run
                with collector_paused():
                    # The page before goes in the pause too. When nothing else holds it (as
                    # `__aiter__` holds nothing), its items go away as the new ones come:
                    # the collector resumes with about as many tracked objects as it paused
                    # with, and no collection walks the page just built.
                    page = self._page(answer, fetched_url, seen, depth, empty_run)
        finally:
            await _cancel(window)

    def _extend(self, window: deque[_Ahead], url: str, depth: int, seen: dict[str, int]) -> bool:
        """Start fetching `url`, the page after the `depth`-th, into `window`; whether it
        started (not when the walk fetched it before at another place: a loop)."""
        ahead = self._ahead(url, depth + 1, seen)
        if ahead is not None:
            window.append(ahead)
        return ahead is not None

    def _ahead(self, url: str, depth: int, seen: dict[str, int]) -> _Ahead | None:
        """Start fetching `url`, the `depth`-th page of the walk; None (nothing sent) when
        the walk fetched it before at another place (a loop)."""
        key = page_key(url)
        known = key in seen
        if seen.setdefault(key, depth) < depth:
            return None
        request = self._first.follow(url)
        future = self._client._spawn(self._client._exchange(self._operation, request))
        return _Ahead(url=url, depth=depth, future=future, known=known)

    def _speculate(
        self, page: Page[ItemT], window: deque[_Ahead], seen: dict[str, int], most_ahead: int
    ) -> bool:
        """Fill `window` (which starts with the page `page` links to) with the pages after
        it at the offsets the offset scheme gives, up to `most_ahead` fetches, while the
        scheme allows; whether any fetch started."""
        following = window[0].url
        step = query_int(following, "limit")
        offset = query_int(following, "offset")
        if not step or offset is None or (query_int(page._url, "offset") or 0) + step != offset:
            return False
        envelope = page.envelope
        count = getattr(envelope, "count", None)
        if not isinstance(count, int) and not says_has_next(envelope):
            return False
        if getattr(envelope, "next", None) and not isinstance(count, int):
            return False
        depth = min(prefetch_depth(step), most_ahead)
        started = False
        while len(window) < depth:
            last = window[-1]
            at = offset + (last.depth - page._depth) * step
            if isinstance(count, int) and at >= count:
                break
            url = with_offset(last.url, at)
            if page_key(url) in seen:
                break
            ahead = self._ahead(url, last.depth + 1, seen)
            if ahead is None:
                break
            window.append(ahead)
            started = True
        return started

    async def _drop(self, window: deque[_Ahead], seen: dict[str, int]) -> None:
        """Cancel the fetches ahead and forget the pages only they had put in `seen`."""
        for ahead in window:
            key = page_key(ahead.url)
            if not ahead.known and seen.get(key) == ahead.depth:
                del seen[key]
        dropped = list(window)
        window.clear()
        await _cancel(dropped)

    async def __aiter__(self) -> AsyncIterator[ItemT]:
        async for page in self.pages():
            items = iter(page.results)
            del page  # `pages()` then holds the last reference: see its swap of pages
            for item in items:
                yield item

    def __repr__(self) -> str:
        return f"<Pager {self._first.url}>"


def _unfollowable(
    following: str | ResponseValidationError, page_url: str
) -> ResponseValidationError:
    """The error that ends a walk at `following`, the next link of the page at `page_url`:
    the link's own error, or (for a URL the walk fetched before) the loop it would make."""
    if isinstance(following, ResponseValidationError):
        return following.with_traceback(None)
    return ResponseValidationError(
        f"its next link {excerpt(following, 200)!r} leads back to a page already fetched; "
        "stopping instead of looping",
        method="GET",
        url=page_url,
        status_code=200,
        body="",
        subject="a link that cannot be followed",
    )


def following_offset(page: Page[Any]) -> int | None:
    """The `offset` the page after `page` is fetched at, or None after the last page.

    A next link without an `offset` counts on from `page`'s own offset by its `limit` (or
    its length). Raises the `ResponseValidationError` of a link that cannot be followed.
    """
    following = page._following
    if isinstance(following, ResponseValidationError):
        raise _unfollowable(following, page._url)
    if following is None:
        return None
    offset = query_int(following, "offset")
    if offset is None:
        step = query_int(page._url, "limit") or len(page.results)
        offset = (query_int(page._url, "offset") or 0) + step
    return offset


def walk(pager: Pager[ItemT], most_ahead: int) -> AsyncGenerator[Page[ItemT], None]:
    """`pager.pages()`, with at most `most_ahead` pages fetched ahead (not `max_concurrency`)."""
    return pager._walk(most_ahead)


async def _first_done(window: deque[_Ahead]) -> tuple[Answer, str, int]:
    """The answer of the first fetch of `window` (taken out of it once done), its URL and
    its place in the walk. `ClientClosedError` when closing the client cancelled it."""
    ahead = window[0]  # stays in the window (cancelled on the way out) until done
    # Wait without letting close() (which cancels the fetch) cancel the caller.
    await asyncio.wait((ahead.future,))
    window.popleft()
    if ahead.future.cancelled():
        raise ClientClosedError("the client was closed while the next page was fetched")
    answer, fetched_url = ahead.future.result()
    return answer, fetched_url, ahead.depth


@dataclass(slots=True)
class _Ahead:
    """A page fetch started ahead of its turn: the URL, its place in the walk, the fetch,
    and whether the walk knew the URL before (so dropping it must not forget it)."""

    url: str
    depth: int
    future: asyncio.Future[tuple[Answer, str]]
    known: bool


async def _cancel(window: Collection[_Ahead]) -> None:
    """Cancel these fetches and wait until they have ended."""
    futures = [ahead.future for ahead in window]
    for future in futures:
        future.cancel()
    if futures:
        await asyncio.wait(futures)
