"""JSON schemas of the spec: following local `$ref`s, the Python annotation of a schema, and
the Python literal of a JSON value.

Pure functions of the parsed document. A dangling or cyclic `$ref` resolves to `{}` here;
`codegen.validate` reports it.
"""

from __future__ import annotations

from typing import Any

# The Python type of each simple JSON schema type.
SIMPLE = {"string": "str", "integer": "int", "number": "float", "boolean": "bool"}


def literal(value: object) -> str:
    """A Python literal of a JSON value, strings in double quotes."""
    if isinstance(value, str):
        text = repr(value)
        if text.startswith("'") and '"' not in value:
            text = '"' + text[1:-1].replace("\\'", "'") + '"'
        return text
    if isinstance(value, list):
        return "[" + ", ".join(literal(v) for v in value) + "]"
    if isinstance(value, dict):
        items = (f"{literal(k)}: {literal(v)}" for k, v in value.items())
        return "{" + ", ".join(items) + "}"
    return repr(value)


def ref_name(ref: str) -> str:
    """The last segment of a `$ref`: the component's name."""
    return ref.rsplit("/", 1)[-1]


def _unescape(part: str) -> str:
    return part.replace("~1", "/").replace("~0", "~")


class Resolver:
    """Follows the local `$ref`s of one document."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document

    def target(self, ref: object) -> tuple[bool, Any]:
        """(found, node) for a local `$ref`."""
        if not isinstance(ref, str) or not ref.startswith("#/"):
            return False, None
        node: Any = self.document
        for part in ref[2:].split("/"):
            part = _unescape(part)
            if isinstance(node, dict) and part in node:
                node = node[part]
            elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
                node = node[int(part)]
            else:
                return False, None
        return True, node

    def resolve(self, node: Any) -> Any:
        """`node` with its `$ref`s followed; {} for a dangling or cyclic one."""
        seen = 0
        while isinstance(node, dict) and "$ref" in node:
            found, target = self.target(node["$ref"])
            if not found or seen > 50:
                return {}  # dangling or cyclic: reported by validate.check_refs
            node, seen = target, seen + 1
        return node

    def object_properties(self, schema: Any) -> tuple[dict[str, Any], list[str]]:
        """Properties and required names of an object schema, with allOf merged in order."""
        schema = self.resolve(schema)
        properties: dict[str, Any] = {}
        required: list[str] = []
        if not isinstance(schema, dict):
            return properties, required
        for part in schema.get("allOf", []):
            sub_props, sub_required = self.object_properties(part)
            properties.update(sub_props)
            required.extend(sub_required)
        properties.update(schema.get("properties") or {})
        required.extend(schema.get("required") or [])
        return properties, required


def _enum_only(schema: dict[str, Any], value: object) -> bool:
    return schema.get("enum") == [value] and schema.get("type") in (None, "string")


def annotation(schema: Any, resolver: Resolver) -> str:
    """The Python annotation a keyword argument of this JSON schema gets.

    Understands OpenAPI 3.1 type lists and 3.0 `nullable`, `allOf` of one schema (how
    drf-spectacular attaches a description to a `$ref`), and drf-spectacular's
    `BlankEnum`/`NullEnum` members of a `oneOf` (an empty string, a null).
    """
    schema = resolver.resolve(schema)
    if not isinstance(schema, dict):
        return "Any"
    nullable = schema.get("nullable") is True
    if "anyOf" in schema or "oneOf" in schema:
        parts, nullable_member = _alternatives(schema, resolver)
        nullable = nullable or nullable_member
    elif isinstance(schema.get("allOf"), list) and len(schema["allOf"]) == 1:
        parts = [annotation(schema["allOf"][0], resolver)]
    elif schema.get("type") is None:
        return "Any"
    else:
        parts, nullable_type = _typed(schema, resolver)
        nullable = nullable or nullable_type
    if "Any" in parts:
        return "Any"
    names = [p for p in dict.fromkeys(parts) if p != "None"]
    if nullable or "None" in parts:
        names.append("None")
    return " | ".join(names) or "Any"


def _alternatives(schema: dict[str, Any], resolver: Resolver) -> tuple[list[str], bool]:
    """The annotations of the members of an `anyOf`/`oneOf`, and whether one is null."""
    parts: list[str] = []
    nullable = False
    for sub in schema.get("anyOf", schema.get("oneOf")) or []:
        resolved = resolver.resolve(sub)
        if isinstance(resolved, dict) and _enum_only(resolved, None):
            nullable = True
        elif isinstance(resolved, dict) and _enum_only(resolved, ""):
            parts.append("str")
        else:
            parts.append(annotation(sub, resolver))
    return parts, nullable


def _typed(schema: dict[str, Any], resolver: Resolver) -> tuple[list[str], bool]:
    """The annotations of a schema's `type` (one, or a 3.1 list), and whether null is one."""
    types = schema["type"]
    parts: list[str] = []
    nullable = False
    for type_name in [types] if isinstance(types, str) else types:
        if type_name == "null":
            nullable = True
        elif type_name == "array":
            items = schema.get("items")
            parts.append(f"list[{annotation(items, resolver)}]" if items else "list[Any]")
        elif type_name == "object":
            parts.append("dict[str, Any]")
        else:
            parts.append(SIMPLE.get(type_name, "Any"))
    if "enum" in schema and None in schema["enum"]:
        nullable = True
    return parts, nullable
