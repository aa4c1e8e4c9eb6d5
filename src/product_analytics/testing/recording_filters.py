"""The recordings list's filters, read from the query as the live service reads them.

The live service (posthog/session_recordings/utils.py `filter_from_params_to_query`)
JSON-decodes every query value that parses as JSON and validates the result as a
`RecordingsQuery`. The fake does the same for the filters it knows: `session_ids`,
`distinct_ids` (JSON lists of strings), `distinct_id`, `person_uuid` and `order` narrow or
sort the list. `order` takes the values the served operation's record lists for it (the
spec's `enum`), read at each request; else a 400 names it (a parameter without an `enum`
takes any text). It sorts by the recording's field of that name, descending (`duration`
is its `recording_duration`, as the service reads it). With `session_ids` the list comes
in the order of those ids, whatever `order` says, as the service's
`list_recordings_from_query` sorts it. `filter_test_accounts` (a boolean), `operand` (`AND`
or `OR`) and the JSON lists `properties`, `events`, `actions`, `console_log_filters` and
`having_predicates` are checked and otherwise ignored. The date window (`date_from`,
`date_to`) is applied by `dates.in_date_window`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from product_analytics._spec.operation import Operation
from product_analytics.testing.errors import validation_error
from product_analytics.testing.state import Json

__all__ = ["filter_recordings"]

# The `order` values that sort by a recording field of another name.
_SORT_FIELDS = {"duration": "recording_duration"}
_IGNORED_LISTS = ("properties", "events", "actions", "console_log_filters", "having_predicates")


def _decoded(query: Mapping[str, str], name: str) -> Any:
    raw = query[name]
    try:
        return json.loads(raw)
    except ValueError:
        return raw


def _string_list(query: Mapping[str, str], name: str) -> list[str] | None:
    if name not in query:
        return None
    value = _decoded(query, name)
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise validation_error(f"{name} must be a JSON list of strings.", name)
    return value


def _check(operation: Operation[Any], query: Mapping[str, str]) -> None:
    if "filter_test_accounts" in query and not isinstance(
        _decoded(query, "filter_test_accounts"), bool
    ):
        raise validation_error("Input should be a valid boolean.", "filter_test_accounts")
    if "operand" in query and query["operand"] not in ("AND", "OR"):
        raise validation_error("Input should be 'AND' or 'OR'.", "operand")
    for name in _IGNORED_LISTS:
        value = _decoded(query, name) if name in query else []
        if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
            raise validation_error(f"{name} must be a JSON list of objects.", name)
    orders = next((p.enum for p in operation.query_params if p.name == "order"), ())
    if "order" in query and orders and query["order"] not in orders:
        raise validation_error(f"Unknown order {query['order']!r}.", "order")


def filter_recordings(
    operation: Operation[Any], query: Mapping[str, str], recordings: list[Json]
) -> list[Json]:
    """`recordings` (newest first) narrowed and ordered as the query's filters say; a 400
    for a filter value the live service would refuse, or an `order` that `operation` (the
    served recordings list) does not list."""
    _check(operation, query)
    found = recordings
    session_ids = _string_list(query, "session_ids")
    if session_ids is not None:
        wanted = set(session_ids)
        found = [r for r in found if r["id"] in wanted]
    distinct_ids = _string_list(query, "distinct_ids")
    if "distinct_id" in query:
        distinct_ids = [*(distinct_ids or []), query["distinct_id"]]
    if distinct_ids is not None:
        found = [r for r in found if r["distinct_id"] in distinct_ids]
    if "person_uuid" in query:
        found = [r for r in found if (r.get("person") or {}).get("uuid") == query["person_uuid"]]
    if "order" in query:
        key = _SORT_FIELDS.get(query["order"], query["order"])
        found = sorted(found, key=lambda r: (r.get(key) is not None, r.get(key)), reverse=True)
    if session_ids is not None:
        position = {rid: index for index, rid in enumerate(session_ids)}
        found = sorted(found, key=lambda r: position[r["id"]])
    return found
