"""Where a link leads: a `Location` or `next` link made absolute and checked, and the
request a redirect asks for. Pure: no I/O.

A link is followed only on the origin (scheme, host, port) of the URL it came from, so
neither the API key nor a body goes to another host.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import quote, urljoin, urlsplit

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
    "origin",
    "redirect_or_error",
    "resolve_link",
]

# In a link: a space or control character, which no valid URL holds.
_LINK_FORBIDDEN = re.compile(r"[\x00-\x20\x7f-\x9f]|\s")
_NON_ASCII = re.compile(r"[^\x00-\x7f]+")

Origin = tuple[str, str, int | None]
REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})


def origin(url: str) -> Origin:
    """Scheme, host and effective port of an absolute URL."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    port = parts.port or {"http": 80, "https": 443}.get(scheme)
    return scheme, (parts.hostname or "").lower(), port


@dataclass(frozen=True, slots=True)
class Redirect:
    """The request a redirect asks for: `keep_body` False means a GET without the body."""

    method: str
    url: str
    keep_body: bool


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
        return Redirect("GET", target, keep_body=False)
    return Redirect(method, target, keep_body=True)


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
            method=method, url=url, status_code=status, body="", headers=headers,
            subject="a link that cannot be followed",
        )  # fmt: skip
    if redirect is None:
        return error_for_status(status)(
            method=method,
            url=url,
            status_code=status,
            body=f"a redirect to another origin ({location[:200]}) is not followed",
            headers=headers,
        )
    return redirect
