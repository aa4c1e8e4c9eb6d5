"""List pages and the pager that walks them.

`next_url` (pure) decides where the next page is: the server's `next` link when it has one
(only on the client's own origin), else `offset + limit` when the body says `has_next`
without a link (the live recordings list), else nowhere. `Pager` is what a list method
returns: awaitable for the first page, async-iterable for every item, `.pages()` for every
page. While the caller works through one page, the next one is already being fetched.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Generator
from typing import TYPE_CHECKING, Any, Generic, TypeVar
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

from pydantic import BaseModel

from product_analytics._operation import Operation
from product_analytics._wire import (
    Answer,
    BadLink,
    Origin,
    PreparedRequest,
    decode_success,
    origin,
    resolve_link,
)
from product_analytics.errors import ClientClosedError, ResponseValidationError, excerpt

if TYPE_CHECKING:
    from product_analytics._client import AsyncClient

__all__ = ["MAX_EMPTY_PAGES", "Page", "Pager", "next_url"]

ItemT = TypeVar("ItemT")
# Pages in a row with no results but a next page, before the walk stops with an error.
MAX_EMPTY_PAGES = 10


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
    if (
        getattr(envelope, "has_next", None) is True
        or (envelope.model_extra or {}).get("has_next") is True
    ):
        offset = query_int(page_url, "offset") or 0
        limit = query_int(page_url, "limit") or results_count
        return _with_offset(page_url, offset + limit)
    return None


class Page(Generic[ItemT]):
    """One page of a list: `results` and the envelope's `count`, `next`, `previous`.

    `envelope` is the whole decoded body, keeping fields the description does not list
    (such as `has_next` or `version`).
    """

    __slots__ = ("_depth", "_empty_run", "_following", "_pager", "_seen", "envelope", "results")

    def __init__(
        self,
        envelope: BaseModel,
        results: list[ItemT],
        following: str | ResponseValidationError | None,
        pager: Pager[ItemT],
        seen: dict[str, int],
        depth: int = 0,
        empty_run: int = 0,
    ) -> None:
        self.envelope = envelope
        self.results = results
        self._following = following
        self._pager = pager
        self._seen = seen
        self._depth = depth
        self._empty_run = empty_run

    @property
    def count(self) -> int | None:
        return getattr(self.envelope, "count", None)

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
    next is fetched in the background; leaving the loop early cancels that fetch, and
    closing the client cancels it too.
    """

    __slots__ = ("_client", "_first", "_operation")

    def __init__(
        self, client: AsyncClient, operation: Operation[Any], first: PreparedRequest
    ) -> None:
        self._client = client
        self._operation = operation
        self._first = first

    async def _first_raw(self) -> Any:
        """The first page's answer as a `RawResponse` whose `parse()` gives the `Page`."""
        from product_analytics._raw_response import RawResponse

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
        return Page(envelope, results, following, self, seen, depth, empty_run)

    async def pages(self) -> AsyncIterator[Page[ItemT]]:
        """Every page, in order, fetching each next page while the current one is used."""
        page: Page[ItemT] = await self
        while True:
            pending = None
            if page.has_next:
                pending = self._client._spawn(page.next_page())
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
        return f"<Pager {self._first.url}>"


def _base_origin(client: AsyncClient) -> Origin:
    return origin(client.base_url)
