"""Timestamps as the service writes them: ISO 8601 in UTC, ending in `Z`."""

from __future__ import annotations

from datetime import datetime, timezone

__all__ = ["iso_z", "now_iso"]


def iso_z(moment: datetime) -> str:
    """`moment` in UTC as `YYYY-MM-DDTHH:MM:SS[.ffffff]Z` (fraction only when non-zero)."""
    utc = moment.astimezone(timezone.utc)
    if utc.microsecond:
        return utc.strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    return utc.strftime("%Y-%m-%dT%H:%M:%SZ")


def now_iso() -> str:
    """The current time, with microseconds, as `iso_z` writes it."""
    return iso_z(datetime.now(timezone.utc))
