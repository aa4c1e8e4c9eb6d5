"""Whether a schema's `default` is a value of the schema, with jsonschema's messages.

The keywords a default meets in practice: `$ref` (in OpenAPI 3.0 its siblings are
ignored), `type` (OpenAPI 3.0's `nullable` lets null through), `enum`, `const`, `allOf`,
`anyOf`, `oneOf`, and for arrays and objects `items`, `properties` and `required`.
"""

from __future__ import annotations

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
            valid = [not any(_errors(value, b, resolve, openapi_30)) for b in branches]
            if not any(valid):
                yield f"{value!r} is not valid under any of the given schemas"
    yield from _inside(value, schema, resolve, openapi_30)


def _inside(
    value: Any, schema: dict[str, Any], resolve: Callable[[str], Any], openapi_30: bool
) -> Iterator[str]:
    """The errors of an array's items and an object's properties."""
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        for item in value:
            yield from _errors(item, schema["items"], resolve, openapi_30)
    if isinstance(value, dict):
        for name, inner in (schema.get("properties") or {}).items():
            if name in value:
                yield from _errors(value[name], inner, resolve, openapi_30)
        for name in schema.get("required") or []:
            if name not in value:
                yield f"{name!r} is a required property"
