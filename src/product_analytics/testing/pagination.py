"""`limit`/`offset` pagination and the list envelopes.

`limit` defaults to `DEFAULT_LIMIT`; a larger value than `MAX_LIMIT` is clamped to it (as
the service's paginator does). A `limit` below 1, a negative `offset`, or a value that is not
an integer in ASCII digits is a 400. `next` and `previous` are absolute URLs on the server's
own origin that keep the request's other query parameters.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any
from urllib.parse import urlencode

from product_analytics.testing.errors import validation_error

__all__ = [
    "DEFAULT_LIMIT",
    "MAX_LIMIT",
    "PageRequest",
    "described_envelope",
    "page_numbered_envelope",
    "page_request",
]

DEFAULT_LIMIT = 100
MAX_LIMIT = 1000
_INTEGER = re.compile(r"-?[0-9]+")
_BIG = 10**18


def _integer(query: Mapping[str, str], name: str, default: int, minimum: int) -> int:
    raw = query.get(name)
    if raw is None:
        return default
    if not _INTEGER.fullmatch(raw):
        raise validation_error("A valid integer is required.", name, "invalid")
    # Cap the digits before int(): a 5,000-digit value must not raise.
    value = int(raw) if len(raw) <= 18 else (-_BIG if raw.startswith("-") else _BIG)
    if value < minimum:
        raise validation_error(
            f"Ensure this value is greater than or equal to {minimum}.", name, "min_value"
        )
    return value


@dataclass(frozen=True)
class PageRequest:
    """The window a list request asks for, and what is needed to link its neighbours."""

    limit: int
    offset: int
    url: str  # absolute URL of the list, without query
    query: tuple[tuple[str, str], ...]  # the other query parameters, in request order

    def take(self, items: Iterable[Any]) -> list[Any]:
        """The items of this window."""
        return list(islice(items, self.offset, self.offset + self.limit))

    def has_next(self, count: int) -> bool:
        return self.offset + self.limit < count

    def link(self, offset: int | None) -> str:
        """The URL of the window at `offset` (no `offset` parameter when None)."""
        pairs = [*self.query, ("limit", str(self.limit))]
        if offset is not None:
            pairs.append(("offset", str(offset)))
        return f"{self.url}?{urlencode(pairs)}"


def page_request(query: Mapping[str, str], origin: str, raw_path: str) -> PageRequest:
    """Read `limit` and `offset` from `query`; links go to `origin` + the path of `raw_path`."""
    limit = min(_integer(query, "limit", DEFAULT_LIMIT, 1), MAX_LIMIT)
    offset = _integer(query, "offset", 0, 0)
    others = tuple((k, v) for k, v in query.items() if k not in ("limit", "offset"))
    return PageRequest(
        limit=limit, offset=offset, url=origin + raw_path.split("?", 1)[0], query=others
    )


def described_envelope(page: PageRequest, items: Collection[Any]) -> dict[str, Any]:
    """`{"count", "next", "previous", "results"}` for this window of `items`."""
    count = len(items)
    previous: str | None = None
    if page.offset > 0:
        back = page.offset - page.limit
        previous = page.link(back if back > 0 else None)
    return {
        "count": count,
        "next": page.link(page.offset + page.limit) if page.has_next(count) else None,
        "previous": previous,
        "results": page.take(items),
    }


ACTIVITY_LIMIT = 10  # the live activity endpoints' default page size


def page_numbered_envelope(
    query: Mapping[str, str], origin: str, raw_path: str, items: Sequence[Any]
) -> dict[str, Any]:
    """`{"results", "next", "previous", "total_count"}` for `page` (from 1) of `limit` items
    (default 10), as the live activity endpoints answer (posthog/models/activity_logging/
    activity_page.py). `next` and `previous` are absolute and carry `page` and `limit`."""
    limit = min(_integer(query, "limit", ACTIVITY_LIMIT, 1), MAX_LIMIT)
    page = _integer(query, "page", 1, 1)
    start = min((page - 1) * limit, len(items))
    others = [(k, v) for k, v in query.items() if k not in ("page", "limit")]
    base = origin + raw_path.split("?", 1)[0]

    def link(number: int) -> str:
        return f"{base}?{urlencode([*others, ('page', str(number)), ('limit', str(limit))])}"

    return {
        "results": list(items[start : start + limit]),
        "next": link(page + 1) if start + limit < len(items) else None,
        "previous": link(page - 1) if page > 1 else None,
        "total_count": len(items),
    }
