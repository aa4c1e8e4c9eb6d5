"""Where a link leads: a redirect's `Location` or a list page's `next` link, made absolute
and checked, and kept on the origin (scheme, host, port) of the URL it came from, so that
neither the API key nor a body goes to another host. Pure: no I/O.

A redirect becomes the request it asks for (`follow_redirect`, `redirect_or_error`). For a
list page, `next_url` decides where the next page is: the server's `next` link when it has
one (only on the client's own origin), else `offset + limit` when the body says `has_next`
without a link (the live recordings list), else nowhere; `page_key`, `query_int` and
`with_offset` are the one reading of a page URL's query.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import (
    SplitResult,
    quote,
    unquote_plus,
    urlencode,
    urljoin,
    urlsplit,
    urlunsplit,
)

from pydantic import BaseModel

from product_analytics.errors import (
    ApiError,
    ResponseValidationError,
    error_for_status,
    excerpt,
)

__all__ = [
    "REDIRECT_STATUSES",
    "BadLink",
    "Origin",
    "Redirect",
    "follow_redirect",
    "next_url",
    "origin",
    "page_key",
    "query_int",
    "redirect_or_error",
    "resolve_link",
    "same_page",
    "says_has_next",
    "with_offset",
]

# -- any link ------------------------------------------------------------------------------

# In a link: a space or control character, which no valid URL holds.
_LINK_FORBIDDEN = re.compile(r"[\x00-\x20\x7f-\x9f]|\s")
_NON_ASCII = re.compile(r"[^\x00-\x7f]+")

Origin = tuple[str, str, int | None]
_DEFAULT_PORTS = {"http": 80, "https": 443}


def origin(url: str) -> Origin:
    """Scheme, host and effective port of an absolute URL."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    port = parts.port or _DEFAULT_PORTS.get(scheme)
    return scheme, (parts.hostname or "").lower(), port


class BadLink(ValueError):
    """A `Location` or `next` link that is not a usable URL (bad port, bracket, scheme)."""


def resolve_link(base: str, link: str) -> str:
    """`link` made absolute against `base`, without its fragment, non-ASCII characters
    percent-encoded (as UTF-8, as browsers do); `BadLink` when it is not an http(s) URL
    with a valid host and port, or holds a space or control character (yarl or aiohttp
    would fail on it later, with a bare `ValueError`)."""
    shown = excerpt(link, 200)
    link = link.strip()
    if _LINK_FORBIDDEN.search(link):
        raise BadLink(f"the link {shown!r} holds a space or a control character")
    try:
        target = _NON_ASCII.sub(lambda m: quote(m.group(0), safe=""), urljoin(base, link))
        parts = urlsplit(target)
        port = parts.port  # ValueError for a port that is not 0-65535
    except (ValueError, UnicodeError):  # UnicodeEncodeError: a lone surrogate
        raise BadLink(f"the link {shown!r} is not a valid URL") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise BadLink(f"the link {shown!r} is not an http(s) URL with a host")
    host_and_port = parts.netloc.rpartition("]")[2] if "[" in parts.netloc else parts.netloc
    port_text = host_and_port.partition(":")[2]
    if (
        port == 0
        or "@" in parts.netloc
        or (port_text and not (port_text.isascii() and port_text.isdigit()))
    ):
        raise BadLink(f"the link {shown!r} is not a valid URL (its host or port)")
    return target.split("#", 1)[0]


# -- redirects -----------------------------------------------------------------------------

REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})


@dataclass(frozen=True, slots=True)
class Redirect:
    """The request a redirect asks for: `keep_body` False means a GET without the body."""

    method: str
    url: str
    keep_body: bool


def follow_redirect(method: str, url: str, status: int, location: str) -> Redirect | None:
    """Where the redirect answer (`status`, `location`) to `method url` leads, or None when
    it leaves the origin of `url`: neither the API key nor the body goes to another host.
    Raises `BadLink` for a `location` that is not a usable URL.

    303, and 301/302 after a POST, continue as a GET without body; 307 and 308, and 301/302
    after other methods, repeat the request as it was.
    """
    target = resolve_link(url, location)
    if origin(target) != origin(url):
        return None
    if status == 303 or (status in (301, 302) and method == "POST"):
        return Redirect(method="GET", url=target, keep_body=False)
    return Redirect(method=method, url=target, keep_body=True)


def redirect_or_error(
    method: str, url: str, status: int, location: str, headers: Mapping[str, str]
) -> Redirect | ApiError:
    """The redirect to follow (see `follow_redirect`), or the error that ends the attempt:
    a `location` that is no usable URL, or one on another origin."""
    try:
        redirect = follow_redirect(method, url, status, location)
    except BadLink as exc:
        return ResponseValidationError(
            f"its Location: {exc}",
            method=method,
            url=url,
            status_code=status,
            body="",
            headers=headers,
            subject="a link that cannot be followed",
        )
    if redirect is None:
        return error_for_status(status)(
            method=method,
            url=url,
            status_code=status,
            body=f"a redirect to another origin ({location[:200]}) is not followed",
            headers=headers,
        )
    return redirect


# -- list pages ----------------------------------------------------------------------------


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
    netloc = host if port in (None, _DEFAULT_PORTS.get(scheme)) else f"{host}:{port}"
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
