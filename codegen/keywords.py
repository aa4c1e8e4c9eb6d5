"""Whether the keywords of a schema object have the JSON types JSON Schema gives them
(draft 4 as OpenAPI 3.0 adapts it, draft 2020-12 for 3.1), with jsonschema's messages.

OpenAPI 3.1's own JSON Schema takes any object as a schema, so nothing else would tell
that `required: id` (a string, not a list), `properties: []`, `maxLength: "3"` or
`items: [...]` is meaningless; the models would read them wrongly. Each problem is
(pointer of the keyword, message).
"""

from __future__ import annotations

from typing import Any

from codegen.source import Pointer

__all__ = ["keyword_problems"]

_JSON = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
}
_COUNTS = ("maxLength", "minLength", "maxItems", "minItems", "maxProperties", "minProperties")
# The JSON types of each keyword, in both versions.
_TYPES: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(_COUNTS, ("integer",)),
    **dict.fromkeys(("minimum", "maximum", "multipleOf"), ("number",)),
    **dict.fromkeys(("required", "enum", "allOf", "anyOf", "oneOf"), ("array",)),
    **dict.fromkeys(("properties", "patternProperties"), ("object",)),
    **dict.fromkeys(("pattern", "format", "title", "description"), ("string",)),
    **dict.fromkeys(("uniqueItems", "readOnly", "writeOnly", "deprecated"), ("boolean",)),
    "additionalProperties": ("object", "boolean"),
}
_V30 = {
    **dict.fromkeys(("exclusiveMinimum", "exclusiveMaximum", "nullable"), ("boolean",)),
    **dict.fromkeys(("items", "not"), ("object", "boolean")),
    "type": ("string",),
}
_V31 = {
    **dict.fromkeys(("exclusiveMinimum", "exclusiveMaximum"), ("number",)),
    **dict.fromkeys(("items", "not"), ("object", "boolean")),
    "type": ("string", "array"),
}


def _typed(value: Any, types: tuple[str, ...]) -> bool:
    return any(_JSON[t](value) for t in types)


def keyword_problems(
    schema: dict[str, Any], at: Pointer, openapi_30: bool
) -> list[tuple[Pointer, str]]:
    """What is wrong with the types of `schema`'s keywords (`at`: where `schema` is)."""
    found: list[tuple[Pointer, str]] = []
    version = _V30 if openapi_30 else _V31
    for key in schema.keys() & (_TYPES.keys() | version.keys()):
        value = schema[key]
        types = version.get(key) or _TYPES[key]
        if not _typed(value, types):
            shown = ", ".join(repr(t) for t in types)
            found.append(((*at, key), f"{value!r} is not of type {shown}"))
        elif key in _COUNTS and value < 0:
            found.append(((*at, key), f"{value!r} is less than the minimum of 0"))
        elif key == "required" and not all(isinstance(n, str) for n in value):
            found.append(((*at, key), f"{value!r} is not an array of strings"))
        elif key == "type" and isinstance(value, list) and len(set(map(str, value))) < len(value):
            found.append(((*at, key), f"{value!r} has non-unique elements"))
    return found
