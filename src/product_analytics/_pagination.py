"""List pages and the pager that walks them.

`next_url` (pure) decides where the next page is: the server's `next` link when it has one
(only on the client's own origin), else `offset + limit` when the body says `has_next`
without a link (the live recordings list), else nowhere. `Pager` is what a list method
returns: awaitable for the first page, async-iterable for every item, `.pages()` for every
page. While the caller works through one page, the next one is already being fetched.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Generator
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar
from urllib.parse import parse_qsl, quote, urlencode, urljoin, urlsplit, urlunsplit

from pydantic import BaseModel

from product_analytics._wire import Origin, origin
from product_analytics.errors import ClientClosedError, ResponseValidationError

__all__ = ["Page", "Pager", "next_url"]

ItemT = TypeVar("ItemT")


def _with_offset(url: str, offset: int) -> str:
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != "offset"]
    query.append(("offset", str(offset)))
    return urlunsplit(parts._replace(query=urlencode(query, quote_via=quote)))


def _query_int(url: str, name: str) -> int | None:
    for key, value in parse_qsl(urlsplit(url).query):
        if key == name and value.isdigit():
            return int(value)
    return None


def next_url(
    page_url: str, envelope: BaseModel, results_count: int, base_origin: Origin
) -> str | None:
    """Where the page after the one fetched from `page_url` is, or None if it was the last.

    Raises `ResponseValidationError` for a `next` link on another origin than the client's
    `base_url`: the API key is never sent there.
    """
    link: str | None = getattr(envelope, "next", None)
    if link:
        absolute = urljoin(page_url, link)
        if origin(absolute) != base_origin:
            raise ResponseValidationError(
                "its next link is on another origin than base_url; it is not followed, so "
                "that the API key goes nowhere else",
                method="GET",
                url=page_url,
                status_code=200,
                body=f'{{"next": {link!r}}}',
            )
        return absolute
    if (
        getattr(envelope, "has_next", None) is True
        or (envelope.model_extra or {}).get("has_next") is True
    ):
        offset = _query_int(page_url, "offset") or 0
        limit = _query_int(page_url, "limit") or results_count
        return _with_offset(page_url, offset + limit)
    return None


@dataclass
class _Walk(Generic[ItemT]):
    """What the pages of one listing share: how to fetch a URL, and the URLs fetched so far
    with the position in the chain of pages at which each was first fetched."""

    fetch: Callable[[str], Awaitable[tuple[BaseModel, str]]]
    base_origin: Origin
    spawn: Callable[[Awaitable[Page[ItemT] | None]], asyncio.Future[Page[ItemT] | None]]
    seen: dict[str, int] = field(default_factory=dict)

    async def page(self, url: str, depth: int = 0) -> Page[ItemT]:
        """The page at `url`, the `depth`-th of the chain (the first page is 0).

        A URL already fetched earlier in the chain means the links loop: that raises
        `ResponseValidationError` instead of fetching it again. Fetching the same page again
        at the same place (`next_page()` called twice) is fine.
        """
        first_depth = self.seen.setdefault(url, depth)
        if first_depth < depth:
            raise ResponseValidationError(
                "its next link leads back to a page already fetched; stopping instead of looping",
                method="GET",
                url=url,
                status_code=200,
                body="",
            )
        envelope, fetched_url = await self.fetch(url)
        # A page-numbered envelope may come without results (an answer of another shape).
        results: list[ItemT] = getattr(envelope, "results", None) or []
        following: str | ResponseValidationError | None
        try:
            following = next_url(fetched_url, envelope, len(results), self.base_origin)
        except ResponseValidationError as exc:
            following = exc  # raised by next_page(): this page itself is fine
        return Page(envelope, results, following, self, depth)


class Page(Generic[ItemT]):
    """One page of a list: `results` and the envelope's `count`, `next`, `previous` (and
    `total_count`, in a page-numbered envelope).

    `envelope` is the whole decoded body, keeping fields the description does not list
    (such as `has_next` or `version`).
    """

    __slots__ = ("_depth", "_following", "_walk", "envelope", "results")

    def __init__(
        self,
        envelope: BaseModel,
        results: list[ItemT],
        following: str | ResponseValidationError | None,
        walk: _Walk[ItemT],
        depth: int = 0,
    ) -> None:
        self.envelope = envelope
        self.results = results
        self._following = following
        self._walk = walk
        self._depth = depth

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

        Raises `ResponseValidationError` when this page's `next` link is on another origin
        than `base_url` (nothing is sent there) or leads back to a page already fetched.
        """
        following = self._following
        if following is None:
            return None
        if isinstance(following, ResponseValidationError):
            raise following.with_traceback(None)
        return await self._walk.page(following, self._depth + 1)

    def __len__(self) -> int:
        return len(self.results)

    def __repr__(self) -> str:
        return f"<Page results={len(self.results)} count={self.count} has_next={self.has_next}>"


class Pager(Generic[ItemT]):
    """The pages of one listing. `await pager` gives the first page; `async for item in
    pager` gives every item of every page; `pager.pages()` every page.

    Each iteration starts again from the first page. While the caller consumes one page, the
    next is fetched in the background; leaving the loop early leaves at most that one
    request running, which the client cancels when it closes.
    """

    __slots__ = ("_first_url", "_make_walk")

    def __init__(self, first_url: str, make_walk: Callable[[], _Walk[ItemT]]) -> None:
        self._first_url = first_url
        self._make_walk = make_walk

    def __await__(self) -> Generator[Any, None, Page[ItemT]]:
        return self._make_walk().page(self._first_url).__await__()

    async def pages(self) -> AsyncIterator[Page[ItemT]]:
        """Every page, in order, fetching each next page while the current one is used."""
        walk = self._make_walk()
        page = await walk.page(self._first_url)
        while True:
            pending = None
            if page.has_next:
                pending = walk.spawn(page.next_page())
                # Let the fetch send its request now: a caller that consumes the page
                # without awaiting would otherwise start it only after the whole page.
                await asyncio.sleep(0)
            try:
                yield page
            except BaseException:
                if pending is not None:
                    pending.cancel()
                raise
            if pending is None:
                return
            # Wait without letting close() (which cancels the fetch) cancel the caller.
            try:
                await asyncio.wait((pending,))
            except BaseException:
                pending.cancel()
                raise
            if pending.cancelled():
                raise ClientClosedError("the client was closed while the next page was fetched")
            following = pending.result()
            if following is None:
                return
            page = following

    async def __aiter__(self) -> AsyncIterator[ItemT]:
        async for page in self.pages():
            for item in page.results:
                yield item

    def __repr__(self) -> str:
        return f"<Pager {self._first_url}>"
