"""The recordings list's date window: `date_from` / `date_to`, when a request gives them.

By default (no parameter) the fake lists every recording, as the description does. When
given, a recording is listed only when `date_from <= start_time <= date_to`. A value must
match the `pattern` the served operation's record gives the parameter (the spec's
`RecordingsDate`), read at each request and checked by `wire.matches_pattern`, the SDK's own
check before sending; else a 400 names the parameter. A parameter without a pattern takes
any text, as the live service does. A value reads as `all` (no bound), relative to now as
the service reads it (`-3d`; units `h`, `d`, `w`, `m` months, `q` quarters, `y`, `M`
minutes, `s`; the number may be left out; `Start`/`End` round to the start or end of that
hour, day, month or year), or an ISO 8601 date (`date_from` from the start of that day,
`date_to` to its end) or date-time (`Z` or an offset; none means UTC), as
`datetime.fromisoformat` reads it (from Python 3.11 the basic `20240101`, week dates and any
number of fraction digits too). Other text, and an ISO form that names no real moment
(`2025-13-45`), is now, as the service's parser falls back to it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from datetime import date, datetime, time, timedelta, timezone
from typing import Any

from product_analytics._http.wire import matches_pattern
from product_analytics._spec.operation import Operation
from product_analytics.testing.errors import validation_error
from product_analytics.testing.state import Json

__all__ = ["in_date_window", "parse_moment"]

_RELATIVE = re.compile(r"-?([0-9]*)([hdwmqysM])(Start|End)?")
_UNITS = {"h": "hours", "d": "days", "w": "weeks", "M": "minutes", "s": "seconds"}
_EARLIEST = datetime.min.replace(tzinfo=timezone.utc)


def _months_back(moment: datetime, months: int) -> datetime:
    """`moment` `months` calendar months earlier, the day clamped to the month's length."""
    index = moment.year * 12 + moment.month - 1 - months
    year, month = divmod(index, 12)
    if year < 1:
        return _EARLIEST
    day = moment.day
    while True:
        try:
            return moment.replace(year=year, month=month + 1, day=day)
        except ValueError:
            day -= 1


def _rounded(moment: datetime, unit: str, position: str | None) -> datetime:
    """`moment` at the start (`Start`) or end (`End`) of its hour, day, month or year (other
    units are not rounded)."""
    if position is None or moment == _EARLIEST or unit not in "hdmy":
        return moment
    start = moment.replace(minute=0, second=0, microsecond=0)
    if unit != "h":
        start = start.replace(hour=0)
    if unit in "my":
        start = start.replace(day=1, month=1 if unit == "y" else start.month)
    if position == "Start":
        return start
    if unit in "hd":
        end = start + (timedelta(hours=1) if unit == "h" else timedelta(days=1))
    else:
        end = _months_back(start, -12 if unit == "y" else -1)
    return end - timedelta(microseconds=1)


def _relative(count: int, unit: str, now: datetime) -> datetime:
    """Now less `count` units, as the service's relativedelta (quarters are 13 weeks)."""
    if unit in "my":  # calendar months and years
        return _months_back(now, count * (12 if unit == "y" else 1))
    if unit == "q":
        return now - timedelta(weeks=13 * count)
    return now - timedelta(**{_UNITS[unit]: count})


def parse_moment(
    raw: str, name: str, pattern: str | None = None, *, end_of_day: bool = False
) -> datetime:
    """The moment `raw` stands for, aware and in UTC; 400 naming `name` when `raw` does not
    match `pattern` (the parameter's, from the spec; None: any text)."""
    if pattern is not None and not matches_pattern(pattern, raw):
        raise validation_error(f"Invalid date: {raw!r}.", name, "invalid_input")
    now = datetime.now(timezone.utc)
    if raw == "all":
        return _EARLIEST
    relative = _RELATIVE.fullmatch(raw)
    if relative:
        number, unit, position = relative.groups()
        return _rounded(_relative(int(number or 0), unit, now), unit, position)
    try:
        if "T" not in raw and " " not in raw:
            day = date.fromisoformat(raw)
            return datetime.combine(day, time.max if end_of_day else time.min, timezone.utc)
        moment = datetime.fromisoformat(raw.replace("Z", "+00:00"))
    except ValueError:
        return now
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc)


def in_date_window(
    operation: Operation[Any], query: Mapping[str, str], recordings: Iterable[Json]
) -> list[Json]:
    """The recordings whose `start_time` lies in the window `query` gives (all without one);
    each date is checked against `operation`'s pattern for its parameter."""
    raw_from, raw_to = query.get("date_from"), query.get("date_to")
    if raw_from is None and raw_to is None:
        return list(recordings)
    patterns = {param.name: param.pattern for param in operation.query_params}
    low = high = None
    if raw_from is not None:
        low = parse_moment(raw_from, "date_from", patterns.get("date_from"))
    if raw_to is not None:
        high = parse_moment(raw_to, "date_to", patterns.get("date_to"), end_of_day=True)
    listed = []
    for recording in recordings:
        start = datetime.fromisoformat(str(recording["start_time"]).replace("Z", "+00:00"))
        if (low is None or start >= low) and (high is None or start <= high):
            listed.append(recording)
    return listed
