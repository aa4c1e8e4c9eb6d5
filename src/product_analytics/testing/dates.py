"""The recordings list's date window: `date_from` / `date_to`, when a request gives them.

By default (no parameter) the fake lists every recording, as the description does. When
given, a recording is listed only when `date_from <= start_time <= date_to`. A value is an
ISO 8601 date-time (`Z` or an offset; none means UTC), a date (`date_from` from the start of
that day, `date_to` to its end), or relative to now as the service also takes them (`-3d`,
`-12h`, `-30M` minutes, `-2w`, `-6m` months, `-5y` years). Anything else is a 400 naming
the parameter.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from datetime import date, datetime, time, timedelta, timezone

from product_analytics.testing.errors import validation_error
from product_analytics.testing.state import Json

__all__ = ["in_date_window", "parse_moment"]

_RELATIVE = re.compile(r"-([0-9]{1,6})([hdwMmy])")
_UNITS = {"h": "hours", "d": "days", "w": "weeks", "M": "minutes"}


def _months_back(moment: datetime, months: int) -> datetime:
    """`moment` `months` calendar months earlier, the day clamped to the month's length."""
    index = moment.year * 12 + moment.month - 1 - months
    year, month = divmod(index, 12)
    if year < 1:
        return datetime.min.replace(tzinfo=timezone.utc)
    day = moment.day
    while True:
        try:
            return moment.replace(year=year, month=month + 1, day=day)
        except ValueError:
            day -= 1


def parse_moment(raw: str, name: str, *, end_of_day: bool = False) -> datetime:
    """The moment `raw` stands for, aware and in UTC; 400 naming `name` when unreadable."""
    text = raw.strip()
    relative = _RELATIVE.fullmatch(text)
    if relative:
        count, unit = int(relative.group(1)), relative.group(2)
        now = datetime.now(timezone.utc)
        if unit in "my":  # calendar months and years, as the service's relativedelta
            return _months_back(now, count * (12 if unit == "y" else 1))
        return now - timedelta(**{_UNITS[unit]: count})
    try:
        if len(text) == 10:
            day = date.fromisoformat(text)
            return datetime.combine(day, time.max if end_of_day else time.min, timezone.utc)
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise validation_error(f"Invalid date: {raw!r}.", name, "invalid") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc)


def in_date_window(query: Mapping[str, str], recordings: Iterable[Json]) -> list[Json]:
    """The recordings whose `start_time` lies in the window `query` gives (all without one)."""
    raw_from, raw_to = query.get("date_from"), query.get("date_to")
    if not raw_from and not raw_to:
        return list(recordings)
    low = parse_moment(raw_from, "date_from") if raw_from else None
    high = parse_moment(raw_to, "date_to", end_of_day=True) if raw_to else None
    listed = []
    for recording in recordings:
        start = parse_moment(str(recording.get("start_time")), "start_time")
        if (low is None or start >= low) and (high is None or start <= high):
            listed.append(recording)
    return listed
