"""Page links: where the page after a list page is, and the one reading of a page URL's
query, shared by the pager and the CLI export. Pure: no I/O.

`next_url` decides where the next page is: the server's `next` link when it has one (only
on the client's own origin), else `offset + limit` when the body says `has_next` without a
link (the live recordings list), else nowhere.
"""

from __future__ import annotations

from urllib.parse import SplitResult, quote, unquote_plus, urlencode, urlsplit, urlunsplit

from pydantic import BaseModel

from product_analytics._redirect import BadLink, Origin, origin, resolve_link
from product_analytics.errors import ResponseValidationError, excerpt

__all__ = ["next_url", "page_key", "query_int", "same_page", "says_has_next", "with_offset"]


def _query_fields(url: str) -> tuple[SplitResult, list[str]]:
    """`url` split, and its query's `name=value` fields as sent (empty fields dropped)."""
    parts = urlsplit(url)
    return parts, [field for field in parts.query.split("&") if field]


def _decoded(field: str) -> tuple[str, str]:
    name, _, value = field.partition("=")
    return unquote_plus(name), unquote_plus(value)


def query_int(url: str | None, name: str) -> int | None:
    """The query parameter `name` of `url` as an int (its first occurrence), or None."""
    if not url:
        return None
    for field in _query_fields(url)[1]:
        key, value = _decoded(field)
        if key == name:
            return int(value) if value.isdigit() else None
    return None


def with_offset(url: str, offset: int) -> str:
    """`url` with its `offset` query parameter set to `offset` (added last when it has none),
    every other byte kept, so that it reads as the server's own links do."""
    parts, fields = _query_fields(url)
    field = f"offset={offset}"
    replaced = [field if _decoded(f)[0] == "offset" else f for f in fields]
    if field not in replaced:
        replaced.append(field)
    return urlunsplit((parts.scheme, parts.netloc, parts.path, "&".join(replaced), parts.fragment))


def page_key(url: str) -> str:
    """`url` normalized for telling whether two URLs name the same page: scheme and host in
    lower case, no default port, no fragment, query parameters decoded and sorted."""
    parts, fields = _query_fields(url)
    scheme = parts.scheme.lower()
    host, port = (parts.hostname or "").lower(), parts.port
    netloc = host if port in (None, {"http": 80, "https": 443}.get(scheme)) else f"{host}:{port}"
    query = urlencode(sorted(_decoded(f) for f in fields), quote_via=quote)
    return urlunsplit((scheme, netloc, parts.path or "/", query, ""))


def says_has_next(envelope: BaseModel) -> bool:
    """Whether a list body says `has_next: true` (a field, or a key kept in `model_extra`)."""
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
    if says_has_next(envelope):
        offset = query_int(page_url, "offset") or 0
        limit = query_int(page_url, "limit") or results_count
        return with_offset(page_url, offset + limit)
    return None


def same_page(a: str, b: str) -> bool:
    """Whether two URLs name the same page (see `page_key`)."""
    return a == b or page_key(a) == page_key(b)
