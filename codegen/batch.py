"""`x-sdk-batch`: a retrieve operation whose results a list operation can return many at once.

On a retrieve operation that has a bulk method (`x-sdk-bulk-method`), the extension names
the list operation that filters by ids and how to call it:

    x-sdk-batch:
      operation: session_recordings_list   # operationId of the list
      parameter: session_ids               # its query parameter taking a JSON list of ids
      max: 100                             # most ids in one request
      limit: limit                         # its page-size parameter, set to the ids' count
      query: {date_from: "-5y"}            # fixed query parameters of every batch request
      note: ...                            # what the list fills differently (docstring)

`attach_batches` checks the extension against the operations read from the spec and sets
each retrieve operation's `batch`; every problem is reported at the extension's pointer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

__all__ = ["Batch", "attach_batches"]

EXTENSION = "x-sdk-batch"
_KEYS = {"operation", "parameter", "max", "limit", "query", "note"}


@dataclass(frozen=True)
class Batch:
    """A retrieve operation's list operation, as the generated code uses it."""

    operation: str  # operationId of the list
    constant: str  # that list's constant in the generated `operations` module
    parameter: str
    max: int
    limit: str | None = None
    query: dict[str, str] = field(default_factory=dict)
    note: str = ""
    # The list's "Raises:" entries (codegen/raises.py): a batched call may end with them.
    raises: tuple[tuple[str, str], ...] = ()


class _Problems(Protocol):
    def add(self, pointer: Any, message: str) -> None: ...


def _read(raw: object, ops: dict[str, Any], retrieve: Any) -> Batch | str:
    """The extension checked against the operations, or the problem found."""
    if not isinstance(raw, dict) or not {"operation", "parameter", "max"} <= raw.keys():
        return f"{EXTENSION} needs a mapping with operation, parameter and max"
    if set(raw) - _KEYS:
        return f"{EXTENSION}: unknown keys {sorted(set(raw) - _KEYS)}"
    if retrieve.bulk is None:
        return f"{EXTENSION} needs a bulk method on the same operation (x-sdk-bulk-method)"
    target = ops.get(raw["operation"])
    if target is None or target.response_kind != "page" or target.method != "GET":
        return f"{EXTENSION}: {raw['operation']!r} is not a list operation of the spec"
    if target.item_model != retrieve.response_model:
        return (
            f"{EXTENSION}: {raw['operation']!r} lists {target.item_model}, "
            f"not {retrieve.response_model}"
        )
    query = {p.name: p for p in target.query_params}
    parameter = query.get(raw["parameter"])
    if parameter is None or parameter.json != "array":
        return f"{EXTENSION}: {raw['parameter']!r} is not a JSON-list query parameter of it"
    size = raw["max"]
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        return f"{EXTENSION}: max must be an integer >= 1"
    limit = raw.get("limit")
    if limit is not None and getattr(query.get(limit), "schema_type", None) != "integer":
        return f"{EXTENSION}: limit {limit!r} is not an integer query parameter of it"
    fixed = raw.get("query") or {}
    if not isinstance(fixed, dict) or not all(
        name in query and isinstance(value, str) for name, value in fixed.items()
    ):
        return f"{EXTENSION}: query must map query parameters of it to strings"
    shared = {p.name for p in retrieve.path_params} - {retrieve.bulk.param}
    if not {p.name for p in target.path_params} <= shared:
        return f"{EXTENSION}: the list's path parameters must be the retrieve operation's"
    note = raw.get("note") or ""
    if not isinstance(note, str):
        return f"{EXTENSION}: note must be text"
    return Batch(
        operation=raw["operation"],
        constant=target.constant,
        parameter=raw["parameter"],
        max=size,
        limit=limit,
        query=dict(fixed),
        note=note,
        raises=target.raises,
    )


def attach_batches(document: dict[str, Any], operations: list[Any], problems: _Problems) -> None:
    """Set `op.batch` for each operation whose spec entry has `x-sdk-batch`."""
    ops = {op.operation_id: op for op in operations}
    paths = document.get("paths") or {}
    for op in operations:
        raw_op = (paths.get(op.path) or {}).get(op.method.lower()) or {}
        if EXTENSION not in raw_op:
            continue
        found = _read(raw_op[EXTENSION], ops, op)
        if isinstance(found, str):
            problems.add(("paths", op.path, op.method.lower(), EXTENSION), found)
        else:
            op.batch = found
