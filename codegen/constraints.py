"""The `Field(...)` arguments of a schema's constraints, as datamodel-code-generator writes
them for pydantic: `maxLength`/`maxItems`/`maxProperties` -> `max_length`, `minimum` ->
`ge` (`gt` with OpenAPI 3.0's boolean `exclusiveMinimum`), `pattern`, `multipleOf`...

A constraint whose value is not of its keyword's JSON type (`maxLength: "3"`) is left out
(the validation warns of it). An integer's bound that is not whole becomes an inclusive
whole one (a lower one rounded up, an upper one down) and such a `multipleOf` is left out;
a number's bounds are floats.
"""

from __future__ import annotations

import math
from typing import Any

from codegen.modeltypes import literal

__all__ = ["field_constraints"]

_FIELD_CONSTRAINTS = (
    ("maxLength", "max_length"),
    ("minLength", "min_length"),
    ("maxItems", "max_length"),
    ("minItems", "min_length"),
    ("minimum", "ge"),
    ("maximum", "le"),
    ("exclusiveMinimum", "gt"),
    ("exclusiveMaximum", "lt"),
    ("pattern", "pattern"),
    ("multipleOf", "multiple_of"),
    ("minProperties", "min_length"),
    ("maxProperties", "max_length"),
)


_BOUNDS = frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"})


def _constraint(key: str, argument: str, value: Any, kind: Any) -> tuple[str, Any] | None:
    """The `Field` argument of a constraint and its value as pydantic takes it; None where
    the schema's value is not of the keyword's type (a string `maxLength`: the validation
    warns of it). An integer's bound that is not whole becomes an inclusive whole one (a
    lower one rounded up, an upper one down) and such a `multipleOf` is left out, as
    datamodel-code-generator writes them."""
    if isinstance(value, bool):
        return None
    if key == "pattern":
        return (argument, value) if isinstance(value, str) else None
    if not isinstance(value, (int, float)):
        return None
    if key not in _BOUNDS:
        return (argument, value) if isinstance(value, int) and value >= 0 else None
    if kind == "number":
        return argument, float(value)
    if kind != "integer" or isinstance(value, int):
        return argument, value
    if value.is_integer():
        return argument, int(value)
    if key == "multipleOf":
        return None
    lower = argument in ("ge", "gt")
    return ("ge", math.ceil(value)) if lower else ("le", math.floor(value))


def field_constraints(node: dict[str, Any]) -> dict[str, str]:
    """The `Field` arguments of a scalar, array or object schema's constraints (OpenAPI
    3.0's boolean `exclusiveMinimum` makes `minimum` a `gt`; an object that allows no
    property is an empty dict)."""
    args: dict[str, str] = {}
    kind = node.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), None)
    for key, argument in _FIELD_CONSTRAINTS:
        if key in ("minimum", "maximum") and node.get(f"exclusive{key.title()}") is True:
            argument = "gt" if key == "minimum" else "lt"
        found = _constraint(key, argument, node.get(key), kind)
        if found is not None:
            args[found[0]] = literal(found[1])
    closed = node.get("additionalProperties") is False and not node.get("properties")
    if node.get("type") == "object" and closed:
        args["max_length"] = "0"
    return args
