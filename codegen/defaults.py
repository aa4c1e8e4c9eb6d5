"""Whether a schema's `default` is a value of the schema, with jsonschema's messages.

The keywords a default meets in practice: `$ref` (in OpenAPI 3.0 its siblings are
ignored), `type` (OpenAPI 3.0's `nullable` lets null through), `enum`, `const`, `allOf`,
`anyOf`, `oneOf` (exactly one branch), `not`, the bounds of strings, numbers, arrays and
objects, `pattern`, the formats openapi-spec-validator checks (`date-time`, `date`,
`int32`, `int64`), and for arrays and objects `items`, `properties`,
`additionalProperties` and `required`. A keyword of the wrong type is skipped (the
validation reports it of the schema).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator
from typing import Any

__all__ = ["default_errors"]

_TYPES: dict[str, Callable[[Any], bool]] = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: (
        (isinstance(v, int) and not isinstance(v, bool))
        or (isinstance(v, float) and v.is_integer())
    ),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
    "null": lambda v: v is None,
}


def _equal(a: Any, b: Any) -> bool:
    """JSON equality: `True` is not `1`."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    return bool(a == b)


def _typed(value: Any, types: Any) -> bool:
    names = types if isinstance(types, list) else [types]
    return any(_TYPES.get(str(name), lambda _: True)(value) for name in names)


def default_errors(
    value: Any, schema: Any, resolve: Callable[[str], Any], openapi_30: bool
) -> list[str]:
    """What is wrong with `value` as an instance of `schema` (`resolve` gives the target
    of a local `$ref`); empty when it is valid."""
    return list(_errors(value, schema, resolve, openapi_30))


def _errors(
    value: Any, schema: Any, resolve: Callable[[str], Any], openapi_30: bool
) -> Iterator[str]:
    if not isinstance(schema, dict):
        return
    if isinstance(schema.get("$ref"), str):
        yield from _errors(value, resolve(schema["$ref"]), resolve, openapi_30)
        if openapi_30:
            return
    if value is None and openapi_30 and schema.get("nullable") is True:
        return
    types = schema.get("type")
    if types is not None and not _typed(value, types):
        shown = ", ".join(repr(t) for t in (types if isinstance(types, list) else [types]))
        yield f"{value!r} is not of type {shown}"
    enum = schema.get("enum")
    if isinstance(enum, list) and not any(_equal(value, option) for option in enum):
        yield f"{value!r} is not one of {enum!r}"
    if "const" in schema and not _equal(value, schema["const"]):
        yield f"{schema['const']!r} was expected"
    for inner in schema.get("allOf") or []:
        yield from _errors(value, inner, resolve, openapi_30)
    for key in ("anyOf", "oneOf"):
        branches = schema.get(key)
        if isinstance(branches, list) and branches:
            valid = [b for b in branches if not any(_errors(value, b, resolve, openapi_30))]
            if not valid:
                yield f"{value!r} is not valid under any of the given schemas"
            elif key == "oneOf" and len(valid) > 1:
                yield f"{value!r} is valid under each of {', '.join(map(repr, valid))}"
    if isinstance(schema.get("not"), dict) and not any(
        _errors(value, schema["not"], resolve, openapi_30)
    ):
        yield f"{value!r} should not be valid under {schema['not']!r}"
    yield from _bounds(value, schema, openapi_30)
    yield from _inside(value, schema, resolve, openapi_30)


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _count(schema: dict[str, Any], key: str) -> int | None:
    found = schema.get(key)
    return found if isinstance(found, int) and not isinstance(found, bool) else None


_SIZES: dict[type[Any], tuple[str, str]] = {
    str: ("Length", "is too"),
    list: ("Items", "is too"),
    dict: ("Properties", "has too"),
}
_DATE = r"\d{4}-\d{2}-\d{2}"
_FORMATS: dict[str, Callable[[Any], bool]] = {
    "date-time": lambda v: (
        not isinstance(v, str)
        or re.fullmatch(_DATE + r"[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})", v)
        is not None
    ),
    "date": lambda v: not isinstance(v, str) or re.fullmatch(_DATE, v) is not None,
    "int32": lambda v: not isinstance(v, int) or -(2**31) <= v < 2**31,
    "int64": lambda v: not isinstance(v, int) or -(2**63) <= v < 2**63,
}


def _bounds(value: Any, schema: dict[str, Any], openapi_30: bool) -> Iterator[str]:
    """The errors of the size, bound, pattern and format keywords."""
    for kind, (word, verb) in _SIZES.items():
        if not isinstance(value, kind):
            continue
        low, high = _count(schema, f"min{word}"), _count(schema, f"max{word}")
        if low is not None and len(value) < low:
            yield (
                f"{value!r} {verb} short"
                if kind is not dict
                else f"{value!r} does not have enough properties"
            )
        if high is not None and len(value) > high:
            yield (
                f"{value!r} {verb} long"
                if kind is not dict
                else f"{value!r} has too many properties"
            )
    if _number(value):
        yield from _numeric(value, schema, openapi_30)
    pattern = schema.get("pattern")
    if isinstance(value, str) and isinstance(pattern, str):
        try:
            matched = re.search(pattern, value) is not None
        except re.error:
            matched = True
        if not matched:
            yield f"{value!r} does not match {pattern!r}"
    check = _FORMATS.get(str(schema.get("format")))
    if check is not None and not check(value):
        yield f"{value!r} is not a {schema['format']!r}"


def _numeric(value: float, schema: dict[str, Any], openapi_30: bool) -> Iterator[str]:
    low: Any = schema.get("minimum")
    high: Any = schema.get("maximum")
    low_out = schema.get("exclusiveMinimum") is True if openapi_30 else False
    high_out = schema.get("exclusiveMaximum") is True if openapi_30 else False
    if _number(low) and (value <= low if low_out else value < low):
        equal = "or equal to " if low_out else ""
        yield f"{value!r} is less than {equal}the minimum of {low!r}"
    if _number(high) and (value >= high if high_out else value > high):
        equal = "or equal to " if high_out else ""
        yield f"{value!r} is greater than {equal}the maximum of {high!r}"
    if not openapi_30:
        low, high = schema.get("exclusiveMinimum"), schema.get("exclusiveMaximum")
        if _number(low) and value <= low:
            yield f"{value!r} is less than or equal to the minimum of {low!r}"
        if _number(high) and value >= high:
            yield f"{value!r} is greater than or equal to the maximum of {high!r}"
    step: Any = schema.get("multipleOf")
    if _number(step) and step > 0 and not math.isclose(value / step, round(value / step)):
        yield f"{value!r} is not a multiple of {step!r}"


def _inside(
    value: Any, schema: dict[str, Any], resolve: Callable[[str], Any], openapi_30: bool
) -> Iterator[str]:
    """The errors of an array's items and an object's properties."""
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        for item in value:
            yield from _errors(item, schema["items"], resolve, openapi_30)
    if isinstance(value, dict):
        properties = schema.get("properties")
        properties = properties if isinstance(properties, dict) else {}
        for name, inner in properties.items():
            if name in value:
                yield from _errors(value[name], inner, resolve, openapi_30)
        required = schema.get("required")
        for name in required if isinstance(required, list) else []:
            if name not in value:
                yield f"{name!r} is a required property"
        others = [name for name in value if name not in properties]
        extra = schema.get("additionalProperties")
        if extra is False and others:
            listed = ", ".join(map(repr, others))
            verb = "was" if len(others) == 1 else "were"
            yield f"Additional properties are not allowed ({listed} {verb} unexpected)"
        elif isinstance(extra, dict):
            for name in others:
                yield from _errors(value[name], extra, resolve, openapi_30)
