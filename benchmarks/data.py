"""Deterministic, realistic session recordings, pre-serialized to JSON bytes.

Recording `index` always has the same id and the same body (seeded by its index), so the
server, the clients and the smoke test agree without sharing state. Ids are UUID-shaped and
carry their index in the last 12 hex digits, so the server finds a recording without a map.
"""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta, timezone
from typing import Any

from product_analytics.testing.seed import recording_activity

__all__ = [
    "PROJECT_ID",
    "index_of",
    "page_body",
    "recording",
    "recording_bytes",
    "recording_id",
]

PROJECT_ID = 1

_EPOCH = datetime(2026, 4, 1, 12, 0, 0, tzinfo=timezone.utc)
_HOSTS = ("app.example.com", "shop.example.com", "docs.example.com")
_PAGES = ("/", "/pricing", "/signup", "/dashboard", "/settings/billing", "/blog/launch-week")
_UTM = ("", "?utm_source=newsletter", "?utm_source=google&utm_medium=cpc")
_BROWSERS = (("Chrome", 124), ("Firefox", 125), ("Safari", 17), ("Edge", 123))
_SYSTEMS = (("Mac OS X", "14.4.1"), ("Windows", "11"), ("Linux", ""), ("iOS", "17.4"))
_PLACES = (("DE", "Berlin"), ("US", "New York"), ("FR", "Paris"), ("BR", "São Paulo"))
_PLANS = ("free", "growth", "enterprise")
_FIRST = ("Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Margaret", "Ken")
_LAST = ("Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Hamilton", "Thompson")


def recording_id(index: int) -> str:
    """The id of recording `index`: a UUIDv7-shaped string ending in the index in hex."""
    return f"01900000-0000-7000-8000-{index:012x}"


def index_of(recording_id: str) -> int | None:
    """The index a `recording_id` carries, or None if it is not one of ours."""
    if len(recording_id) != 36 or not recording_id.startswith("01900000-0000-7000-8000-"):
        return None
    try:
        return int(recording_id[24:], 16)
    except ValueError:
        return None


def _iso(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def recording(index: int) -> dict[str, Any]:
    """Recording `index` as a JSON object, about 1 KB once serialized."""
    rng = random.Random(index)
    start = _EPOCH - timedelta(seconds=index * 97 + rng.randint(0, 90))
    active = rng.randint(1, 1_800)
    inactive = rng.randint(0, 1_200)
    clicks = rng.randint(0, 150)
    first, last = rng.choice(_FIRST), rng.choice(_LAST)
    person_number = rng.randint(1, 50_000)
    distinct_id = f"user-{person_number:06d}"
    browser, browser_version = rng.choice(_BROWSERS)
    system, system_version = rng.choice(_SYSTEMS)
    country, city = rng.choice(_PLACES)
    viewed = rng.random() < 0.3
    host = rng.choice(_HOSTS)
    return {
        "id": recording_id(index),
        "distinct_id": distinct_id,
        "viewed": viewed,
        "viewers": ["ada@example.com"] if viewed else [],
        **recording_activity(rng, start, active, inactive, clicks, _iso),
        "start_url": f"https://{host}{rng.choice(_PAGES)}{rng.choice(_UTM)}",
        "person": {
            "id": person_number,
            "name": f"{first} {last}",
            "distinct_ids": [distinct_id, f"anon-{rng.getrandbits(48):012x}"],
            "properties": {
                "email": f"{first.lower()}.{last.lower()}{person_number}@example.com",
                "name": f"{first} {last}",
                "plan": rng.choice(_PLANS),
                "$browser": browser,
                "$browser_version": browser_version,
                "$os": system,
                "$os_version": system_version,
                "$device_type": "Mobile" if system == "iOS" else "Desktop",
                "$geoip_country_code": country,
                "$geoip_city_name": city,
                "$initial_referring_domain": "$direct",
                "$initial_current_url": f"https://{host}/",
                "signed_up_at": _iso(start - timedelta(days=rng.randint(1, 900))),
                "seats": rng.randint(1, 40),
            },
            "created_at": _iso(start - timedelta(days=rng.randint(1, 900))),
            "uuid": f"01800000-0000-7000-8000-{person_number:012x}",
        },
        "storage": "object_storage",
        "snapshot_source": rng.choice(("web", "web", "web", "mobile")),
        "ongoing": index == 0,
        "activity_score": round(rng.uniform(0, 100), 2),
    }


def recording_bytes(index: int) -> bytes:
    """Recording `index` serialized compactly, as the server sends it."""
    return json.dumps(recording(index), separators=(",", ":"), ensure_ascii=False).encode()


def page_body(
    bodies: list[bytes], *, offset: int, limit: int, next_url: str | None, previous: str | None
) -> bytes:
    """A list page `{count, next, previous, results}` from pre-serialized recordings."""
    head = json.dumps(
        {"count": len(bodies), "next": next_url, "previous": previous}, separators=(",", ":")
    ).encode()
    return b"".join((head[:-1], b',"results":[', b",".join(bodies[offset : offset + limit]), b"]}"))
