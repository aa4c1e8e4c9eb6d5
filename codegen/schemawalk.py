"""Reading JSON Schema objects for the models writer (codegen/modelemit.py): the `$ref`s
under a node, the schemas directly inside one, discriminator tags, and the keyword checks
that tolerate a keyword of the wrong type (it is skipped, never misread)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

__all__ = ["UNSUPPORTED", "discriminator_tags", "inner", "is_object", "listed", "numeric",
           "refs", "singular"]  # fmt: skip


def refs(nodes: Any) -> Iterator[str]:
    """The `$ref`s anywhere in `nodes`."""
    stack = list(nodes)
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if isinstance(node.get("$ref"), str):
                yield node["$ref"]
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)


def numeric(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def listed(value: Any) -> list[Any]:
    """`value` where it is a list, else nothing (a schema keyword of the wrong type)."""
    return value if isinstance(value, list) else []


def singular(name: str) -> str:
    if name.endswith("ies"):
        return name[:-3] + "y"
    if name.endswith("s") and not name.endswith("ss"):
        return name[:-1]
    return name


def is_object(schema: dict[str, Any]) -> bool:
    if "properties" in schema:
        return True
    if schema.get("type") == "object" and "additionalProperties" not in schema:
        return True
    parts = schema.get("allOf")
    return isinstance(parts, list) and len(parts) > 1


def discriminator_tags(schemas: dict[str, Any]) -> dict[str, dict[str, list[str]]]:
    """By schema name, by property: the tag values of a discriminated union it is in."""
    tags: dict[str, dict[str, list[str]]] = {}
    for schema in schemas.values():
        found = schema.get("discriminator") if isinstance(schema, dict) else None
        if not isinstance(found, dict) or "propertyName" not in found:
            continue
        prop = found["propertyName"]
        mapping = found.get("mapping")
        for value, ref in mapping.items() if isinstance(mapping, dict) else []:
            if not isinstance(ref, str):
                continue
            values = tags.setdefault(ref.rsplit("/", 1)[-1], {}).setdefault(prop, [])
            if value not in values:
                values.append(value)
    return tags


# Keywords of a schema this writer has no rule for.
UNSUPPORTED = frozenset({"not", "patternProperties", "prefixItems", "if", "dependentSchemas"})


def inner(schema: dict[str, Any]) -> Iterator[Any]:
    """The schemas directly inside `schema`."""
    properties = schema.get("properties")
    yield from properties.values() if isinstance(properties, dict) else []
    for key in ("items", "additionalProperties"):
        if isinstance(schema.get(key), dict):
            yield schema[key]
    for key in ("allOf", "anyOf", "oneOf"):
        yield from listed(schema.get(key))
