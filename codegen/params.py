"""An operation's path and query parameters: how each is typed, checked and encoded.

`read_parameters` returns the path parameters in the order of the path's placeholders, the
query parameters the method takes as keyword arguments, and the names of those it leaves
to `extra_query`. Headers and cookies are not arguments (`extra_headers` sets them). A
parameter that makes the operation impossible to generate raises `Skip` at its pointer.
"""

from __future__ import annotations

import re
from typing import Any

from codegen.naming import is_identifier
from codegen.records import NOT_ARGUMENTS, Param, Skip, SpecError
from codegen.schema import SIMPLE, Resolver, annotation, literal
from codegen.source import Pointer

_QUERY_ITEM_TYPES = ("string", "integer", "boolean")
_ARRAY_STYLES = ("form", "spaceDelimited", "pipeDelimited")


def read_parameters(
    path: str, method: str, op: dict[str, Any], shared: list[Any], resolver: Resolver
) -> tuple[list[Param], list[Param], list[str]]:
    """(path parameters, query parameters, query parameters left out) of an operation;
    `shared` are its path item's parameters, which its own override by name and place."""
    params = _declared(path, method, op, shared, resolver)
    placeholders = re.findall(r"{([^}]+)}", path)
    by_name = {p.name: p for p in params if p.location == "path"}
    if sorted(placeholders) != sorted(by_name):
        raise Skip(
            ("paths", path, method, "parameters"),
            f"path parameters {sorted(by_name)} do not match the placeholders {placeholders}",
        )
    query_params: list[Param] = []
    query_skipped: list[str] = []
    for p in params:
        if p.location != "query":
            continue
        if (
            not p.schema_type.startswith("unsupported:")
            and is_identifier(p.name)
            and p.name not in NOT_ARGUMENTS
            and p.name not in by_name
        ):
            query_params.append(p)
        else:
            query_skipped.append(p.name)
    return [by_name[name] for name in placeholders], query_params, query_skipped


def _declared(
    path: str, method: str, op: dict[str, Any], shared: list[Any], resolver: Resolver
) -> list[Param]:
    """The path and query parameters the path item and the operation declare, each checked."""
    at: Pointer = ("paths", path, method)
    params: list[Param] = []
    for index, raw in enumerate([*shared, *(op.get("parameters") or [])]):
        resolved = resolver.resolve(raw)
        if not isinstance(resolved, dict) or "name" not in resolved or "in" not in resolved:
            continue  # reported by the OpenAPI validation
        if resolved["in"] not in ("path", "query"):
            continue  # headers and cookies: set through extra_headers
        where = (
            (*at, "parameters", index - len(shared))
            if index >= len(shared)
            else ("paths", path, "parameters", index)
        )
        try:
            param = _param(resolved, resolver, f"{method.upper()} {path}")
        except SpecError as exc:
            raise Skip(where, str(exc)) from None
        if param.location == "path" and param.schema_type not in ("string", "integer"):
            raise Skip(where, f"path parameter {param.name!r} must be a string or an integer")
        if param.location == "path" and (
            not is_identifier(param.name) or param.name in NOT_ARGUMENTS
        ):
            raise Skip(where, f"path parameter {param.name!r} is not usable as an argument name")
        params = [p for p in params if (p.name, p.location) != (param.name, param.location)]
        params.append(param)  # an operation's parameter overrides the path item's
    return params


def _param(raw: dict[str, Any], resolver: Resolver, where: str) -> Param:
    raw = resolver.resolve(raw)
    if raw.get("in") == "query" and "content" in raw:
        return _content_param(raw, resolver, where)
    schema = resolver.resolve(raw.get("schema", {}))
    schema_type = schema.get("type")
    if raw.get("in") == "query":
        shape = query_shape(raw, schema, resolver, where)  # SpecError: reported by the caller
    elif schema_type not in ("string", "integer"):
        return Param(raw["name"], raw["in"], f"unsupported:{schema_type}", "Any", False)
    else:
        shape = {}
    # The public API promises `project_id` takes an int or a str, whatever the spec's type.
    accepts_integer = bool(
        raw.get("x-sdk-accepts-integer", raw["name"] in ("project_id", "environment_id"))
    )
    base = SIMPLE.get(str(schema_type), "Any")
    if schema_type == "string" and schema.get("format") == "uuid":
        base = "str | UUID"
    if accepts_integer and schema_type == "string":
        base = "str | int"
    return Param(
        name=raw["name"],
        location=raw["in"],
        schema_type=shape.pop("schema_type", schema_type),
        annotation=shape.pop("annotation", base),
        required=bool(raw.get("required", False)),
        accepts_integer=accepts_integer,
        minimum=schema.get("minimum"),
        description=" ".join(str(raw.get("description", "")).split()),
        pattern=schema.get("pattern") if schema_type == "string" else None,
        **shape,
    )


def _content_param(raw: dict[str, Any], resolver: Resolver, where: str) -> Param:
    """A query parameter given as `content: {application/json: {schema}}`: the method takes
    the value of that schema and sends it JSON-encoded, as an `x-sdk-json` one."""
    content = raw["content"]
    media = content.get("application/json") if isinstance(content, dict) else None
    if len(content) != 1 or not isinstance(media, dict):
        raise SpecError(
            f"{where}: query parameter {raw['name']!r} with content must have exactly one "
            "media type, application/json"
        )
    declared = {**raw, "x-sdk-json": media.get("schema", {})}
    return Param(
        name=raw["name"],
        location="query",
        schema_type="string",
        required=bool(raw.get("required", False)),
        description=" ".join(str(raw.get("description", "")).split()),
        **_declared_json(declared, "string", resolver, where),
    )


def _builtin_list(annotation_text: str) -> str:
    """`annotation_text` with `list[` spelled `builtins.list[`: a resource's `list` method
    would otherwise shadow the type in its own signature."""
    return re.sub(r"(?<![\w.])list\[", "builtins.list[", annotation_text)


def query_shape(
    raw: dict[str, Any], schema: dict[str, Any], resolver: Resolver, where: str
) -> dict[str, Any]:
    """How a query parameter is typed and encoded: the annotation of its keyword argument and
    the `Param` fields `items`, `style`, `explode`, `json` and `enum` (only those that apply).

    A string, an integer or a boolean (sent `true`/`false`); an array of those, sent as its
    `style` and `explode` say (form, spaceDelimited or pipeDelimited; form and exploded by
    default); a string with an `enum` (a `Literal` of its values); a `type: string` parameter
    marked `x-sdk-json` with the schema of its decoded value, which the method takes and sends
    JSON-encoded. Raises `SpecError` for any other.
    """
    schema_type = schema.get("type")
    if "x-sdk-json" in raw:
        return _declared_json(raw, schema_type, resolver, where)
    if schema_type in ("object", None) or (
        schema_type == "array" and _items_type(schema, resolver) not in _QUERY_ITEM_TYPES
    ):
        return _json_query(schema, resolver)
    if schema_type == "array":
        return _array(raw, schema, resolver, where)
    if schema_type not in _QUERY_ITEM_TYPES:
        raise SpecError(
            f"{where}: query parameter {raw['name']!r} must be a string, an integer, a boolean "
            "or an array of those (or a string marked x-sdk-json)"
        )
    if schema_type == "string" and schema.get("enum"):
        values = tuple(str(value) for value in schema["enum"])
        return {"annotation": f"Literal[{', '.join(map(literal, values))}]", "enum": values}
    return {}


def _declared_json(
    raw: dict[str, Any], schema_type: object, resolver: Resolver, where: str
) -> dict[str, Any]:
    """A string parameter marked `x-sdk-json`: typed as the schema of its decoded value."""
    if schema_type != "string":
        raise SpecError(f"{where}: x-sdk-json parameter {raw['name']!r} must be of type string")
    decoded = resolver.resolve(raw["x-sdk-json"])
    kind = decoded.get("type") if decoded.get("type") in ("array", "object") else "any"
    items = resolver.resolve(decoded.get("items", {})).get("type") if kind == "array" else None
    return {
        "annotation": _builtin_list(annotation(decoded, resolver)),
        "json": kind,
        "items": items if items in (*_QUERY_ITEM_TYPES, "object") else None,
    }


def _array(
    raw: dict[str, Any], schema: dict[str, Any], resolver: Resolver, where: str
) -> dict[str, Any]:
    """An array of strings, integers or booleans, sent as its `style` and `explode` say."""
    items = resolver.resolve(schema.get("items", {})).get("type")
    style = raw.get("style", "form")
    if items not in _QUERY_ITEM_TYPES or style not in _ARRAY_STYLES:
        raise SpecError(
            f"{where}: array parameter {raw['name']!r} needs items of type string, integer or "
            f"boolean and a style of {', '.join(_ARRAY_STYLES)}"
        )
    return {
        "annotation": f"builtins.list[{SIMPLE[items]}]",
        "items": items,
        "style": style,
        "explode": bool(raw.get("explode", style == "form")),
    }


def _items_type(schema: dict[str, Any], resolver: Resolver) -> Any:
    items = resolver.resolve(schema.get("items", {}))
    return items.get("type", "object" if "properties" in items else None) if items else None


def _json_query(schema: dict[str, Any], resolver: Resolver) -> dict[str, Any]:
    """An object, an array of objects, or an untyped query parameter: the method takes the
    value and sends it JSON-encoded, as PostHog's `query_as_params_to_dict` json-loads every
    query value."""
    schema_type = schema.get("type")
    if schema_type == "object":
        return {"annotation": "dict[str, Any]", "json": "object", "schema_type": "string"}
    if schema_type == "array":
        items = _items_type(schema, resolver)
        return {
            "annotation": _builtin_list(annotation(schema, resolver)),
            "json": "array",
            "items": items if items in (*_QUERY_ITEM_TYPES, "object") else None,
            "schema_type": "string",
        }
    return {"annotation": "Any", "json": "any", "schema_type": "string"}
