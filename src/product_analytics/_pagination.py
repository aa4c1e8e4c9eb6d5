"""List pages and the pager that walks them.

`next_url` (pure) decides where the next page is: the server's `next` link when it has one
(only on the client's own origin), else `offset + limit` when the body says `has_next`
without a link (the live recordings list), else nowhere. `Pager` is what a list method
returns: awaitable for the first page, async-iterable for every item, `.pages()` for every
page. While the caller works through one page, the next one is already being fetched; once a
list has proved long and pages by offset, several pages are fetched ahead at once (bounded
by `prefetch_depth`), each used only if the page before it links to it.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Collection, Generator
from typing import Any, Generic, Protocol, TypeVar
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

from pydantic import BaseModel

from product_analytics._config import ClientConfig
from product_analytics._operation import Operation
from product_analytics._raw_response import RawResponse
from product_analytics._wire import (
    Answer,
    BadLink,
    Origin,
    PreparedRequest,
    collector_paused,
    decode_success,
    origin,
    resolve_link,
)
from product_analytics.errors import ClientClosedError, ResponseValidationError, excerpt

__all__ = [
    "MAX_EMPTY_PAGES",
    "PREFETCH_ITEMS",
    "PREFETCH_PAGES",
    "SPECULATE_AFTER",
    "Page",
    "Pager",
    "PagingClient",
    "next_url",
    "prefetch_depth",
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


def _with_offset(url: str, offset: int) -> str:
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != "offset"]
    query.append(("offset", str(offset)))
    return urlunsplit(parts._replace(query=urlencode(query, quote_via=quote)))


def _page_key(url: str) -> str:
    """`url` normalized for telling whether a walk came back to a page: scheme and host in
    lower case, no default port, no fragment, query parameters sorted."""
    parts = urlsplit(url)
    scheme, host, port = origin(url)
    netloc = host if port == {"http": 80, "https": 443}.get(scheme) else f"{host}:{port}"
    query = urlencode(sorted(parse_qsl(parts.query, keep_blank_values=True)), quote_via=quote)
    return urlunsplit((scheme, netloc, parts.path or "/", query, ""))


def query_int(url: str, name: str) -> int | None:
    """The query parameter `name` of `url` as an int, or None."""
    for key, value in parse_qsl(urlsplit(url).query):
        if key == name and value.isdigit():
            return int(value)
    return None


def _replace_offset(url: str, offset: int) -> str:
    """`url` with its `offset` query parameter set to `offset`, every other byte kept (so
    that it reads as the server's own links do)."""
    parts = urlsplit(url)
    fields = parts.query.split("&") if parts.query else []
    replaced = [f"offset={offset}" if f.startswith("offset=") else f for f in fields]
    if replaced == fields and f"offset={offset}" not in fields:
        replaced.append(f"offset={offset}")
    return urlunsplit(parts._replace(query="&".join(replaced)))


def _same_target(a: str, b: str) -> bool:
    """Whether two URLs name the same page: equal, or equal up to query parameter order
    and encoding."""
    if a == b:
        return True
    x, y = urlsplit(a), urlsplit(b)
    return (x.scheme, x.netloc.lower(), x.path) == (y.scheme, y.netloc.lower(), y.path) and sorted(
        parse_qsl(x.query, keep_blank_values=True)
    ) == sorted(parse_qsl(y.query, keep_blank_values=True))


def _says_has_next(envelope: BaseModel) -> bool:
    return (
        getattr(envelope, "has_next", None) is True
        or (envelope.model_extra or {}).get("has_next") is True
    )


def _link_error(page_url: str, link: str, why: str) -> ResponseValidationError:
    return ResponseValidationError(
        f"its next link {excerpt(link, 200)!r} {why}",
        method="GET",
        url=page_url,
        status_code=200,
        body="",
        subject="a link that cannot be followed",
    )


def next_url(
    page_url: str, envelope: BaseModel, results_count: int, base_origin: Origin
) -> str | None:
    """Where the page after the one fetched from `page_url` is (absolute, without a
    fragment), or None if it was the last.

    Raises `ResponseValidationError` for a `next` link that is not a valid URL, or is on
    another origin than the client's `base_url` (the API key is never sent there).
    """
    link: str | None = getattr(envelope, "next", None)
    if link:
        try:
            absolute = resolve_link(page_url, link)
        except BadLink as exc:
            raise _link_error(page_url, link, f"cannot be followed: {exc}") from None
        if origin(absolute) != base_origin:
            raise _link_error(
                page_url,
                link,
                "is on another origin than base_url; it is not followed, so that the API key "
                "goes nowhere else",
            )
        return absolute
    if _says_has_next(envelope):
        offset = query_int(page_url, "offset") or 0
        limit = query_int(page_url, "limit") or results_count
        return _with_offset(page_url, offset + limit)
    return None


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
            raise following.with_traceback(None)
        return await self._pager._fetch(following, self._seen, self._depth + 1, self._empty_run)

    def __len__(self) -> int:
        return len(self.results)

    def __repr__(self) -> str:
        return f"<Page results={len(self.results)} count={self.count} has_next={self.has_next}>"


class Pager(Generic[ItemT]):
    """The pages of one listing. `await pager` gives the first page; `async for item in
    pager` gives every item of every page; `pager.pages()` every page.

    Each iteration starts again from the first page. While the caller consumes one page, the
    next is fetched in the background (several, once the list has proved long: see
    `pages()`); leaving the loop early cancels those fetches, and closing the client cancels
    them too.
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
                return pager._page(answer, url, {_page_key(url): 0}, 0, 0)

        return _PageAnswer(answer, self._operation, "GET", url)

    def __await__(self) -> Generator[Any, None, Page[ItemT]]:
        return self._fetch(self._first.url, {}, 0, 0).__await__()

    async def _fetch(
        self, url: str, seen: dict[str, int], depth: int, empty_run: int
    ) -> Page[ItemT]:
        """The page at `url`, the `depth`-th of its walk (the first page is 0); `seen` maps
        every URL the walk fetched (normalized by `_page_key`) to the depth it was first
        fetched at.

        A URL already fetched earlier in the walk means the links loop: that raises
        `ResponseValidationError` instead of fetching it again. Fetching the same page again
        at the same place (`next_page()` called twice) is fine.
        """
        if seen.setdefault(_page_key(url), depth) < depth:
            raise ResponseValidationError(
                "its next link leads back to a page already fetched; stopping instead of looping",
                method="GET",
                url=url,
                status_code=200,
                body="",
                subject="a link that cannot be followed",
            )
        request = self._first if depth == 0 else self._first.follow(url)
        answer, fetched_url = await self._client._exchange(self._operation, request)
        try:
            return self._page(answer, fetched_url, seen, depth, empty_run)
        finally:
            del answer  # an error's traceback keeps this frame, and must not keep the body

    def _page(
        self, answer: Answer, fetched_url: str, seen: dict[str, int], depth: int, empty_run: int
    ) -> Page[ItemT]:
        """The page an answer holds: validated (at most `limit` items, or the client's
        `max_page_items` when the request set none) and linked to the next."""
        client = self._client
        max_items = query_int(fetched_url, "limit") or client._config.max_page_items
        try:
            envelope: BaseModel = decode_success(
                self._operation, answer, method="GET", url=fetched_url, max_items=max_items
            )
        finally:
            del answer
        results: list[ItemT] = getattr(envelope, "results", None) or []
        following: str | ResponseValidationError | None
        try:
            following = next_url(fetched_url, envelope, len(results), _base_origin(client))
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
        return Page(envelope, results, following, self, seen, depth, empty_run, fetched_url)

    async def pages(self) -> AsyncIterator[Page[ItemT]]:
        """Every page, in order.

        While the caller uses one page the next is already being fetched. Once a list has
        proved long (`SPECULATE_AFTER` pages, and the next one) and pages by offset (links
        `?limit=L&offset=O` with a `count`, or `has_next`), up to `prefetch_depth(L)` pages
        are fetched ahead at once, at the offsets the links will name; each is used only
        if the page before it links to it, else every fetch ahead is dropped and the
        server's links are followed one by one from there.
        """
        page: Page[ItemT] = await self
        seen = page._seen
        window: deque[_Ahead] = deque()  # fetches ahead, in order; window[0] follows `page`
        speculate = True
        try:
            while True:
                following = page._following
                if isinstance(following, str):
                    if window and not _same_target(window[0].url, following):
                        # The server links elsewhere than guessed: follow it from here on.
                        speculate = False
                        await self._drop(window, seen)
                    started = False
                    if not window:
                        ahead = self._ahead(following, page._depth + 1, seen)
                        if ahead is not None:
                            window.append(ahead)
                            started = True
                    # Only a list of results is worth fetching ahead of: not a run of empties.
                    if speculate and window and page.results and page._depth + 1 >= SPECULATE_AFTER:
                        started = self._speculate(page, following, window, seen) or started
                    if started:
                        # Let the fetches send their requests now: a caller that consumes
                        # the page without awaiting would otherwise start them only after.
                        await asyncio.sleep(0)
                elif window:
                    await self._drop(window, seen)  # the list ended before them: wasted
                yield page
                if following is None:
                    return
                if not window:
                    # A link that cannot be followed, or leads back: next_page() raises.
                    await page.next_page()
                    raise AssertionError("unreachable: next_page() did not raise")
                ahead = window[0]  # stays in the window (cancelled on the way out) until done
                # Wait without letting close() (which cancels the fetch) cancel the caller.
                await asyncio.wait((ahead.future,))
                window.popleft()
                if ahead.future.cancelled():
                    raise ClientClosedError("the client was closed while the next page was fetched")
                answer, fetched_url = ahead.future.result()
                empty_run = page._empty_run
                with collector_paused():
                    # The page before goes in the pause too. When nothing else holds it (as
                    # `__aiter__` holds nothing), its items go away as the new ones come:
                    # the collector resumes with about as many tracked objects as it paused
                    # with, and no collection walks the page just built.
                    page = self._page(answer, fetched_url, seen, ahead.depth, empty_run)
        finally:
            await _cancel(window)

    def _ahead(self, url: str, depth: int, seen: dict[str, int]) -> _Ahead | None:
        """Start fetching `url`, the `depth`-th page of the walk; None (nothing sent) when
        the walk fetched it before at another place (a loop)."""
        key = _page_key(url)
        known = key in seen
        if seen.setdefault(key, depth) < depth:
            return None
        request = self._first.follow(url)
        future = self._client._spawn(self._client._exchange(self._operation, request))
        return _Ahead(url, depth, future, known)

    def _speculate(
        self, page: Page[ItemT], following: str, window: deque[_Ahead], seen: dict[str, int]
    ) -> bool:
        """Fill `window` with the pages after `following` at the offsets the offset scheme
        gives, while it allows; whether any fetch started."""
        step = query_int(following, "limit")
        offset = query_int(following, "offset")
        if not step or offset is None or (query_int(page._url, "offset") or 0) + step != offset:
            return False
        envelope = page.envelope
        count = getattr(envelope, "count", None)
        if not isinstance(count, int) and not _says_has_next(envelope):
            return False
        if getattr(envelope, "next", None) and not isinstance(count, int):
            return False
        # Never more connections than the client allows itself.
        depth = min(prefetch_depth(step), self._client._config.max_concurrency)
        started = False
        while len(window) < depth:
            last = window[-1]
            at = offset + (last.depth - page._depth) * step
            if isinstance(count, int) and at >= count:
                break
            url = _replace_offset(last.url, at)
            if _page_key(url) in seen:
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
            key = _page_key(ahead.url)
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


def _base_origin(client: PagingClient) -> Origin:
    return origin(client._config.base_url)


class _Ahead:
    """A page fetch started ahead of its turn: the URL, its place in the walk, the fetch,
    and whether the walk knew the URL before (so dropping it must not forget it)."""

    __slots__ = ("depth", "future", "known", "url")

    def __init__(
        self, url: str, depth: int, future: asyncio.Future[tuple[Answer, str]], known: bool
    ) -> None:
        self.url = url
        self.depth = depth
        self.future = future
        self.known = known


async def _cancel(window: Collection[_Ahead]) -> None:
    """Cancel these fetches and wait until they have ended."""
    futures = [ahead.future for ahead in window]
    for future in futures:
        future.cancel()
    if futures:
        await asyncio.wait(futures)
