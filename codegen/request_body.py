"""An operation's request body: the model it references and the fields its method takes.

A body is JSON where the spec offers `application/json` (or `+json`), else
`multipart/form-data` (its `format: binary` fields take bytes or a binary file object);
a body of neither, or one not referencing a component schema, raises `Skip`. Read-only
fields are never arguments; a field whose name is taken (by a parameter or a per-call
option) or is not a Python name is left to `extra_body`. Required fields come first.
"""

from __future__ import annotations

from typing import Any

from codegen.naming import is_identifier
from codegen.records import NOT_ARGUMENTS, Body, BodyField, Skip
from codegen.schema import Resolver, annotation, ref_name
from codegen.source import Pointer


def json_content(content: Any) -> Any:
    """The JSON media type object of a `content` map (`application/json` or `+json`)."""
    if not isinstance(content, dict):
        return None
    for media_type, value in content.items():
        if media_type == "application/json" or str(media_type).endswith("+json"):
            return value
    return None


def read_body(op: dict[str, Any], resolver: Resolver, taken: set[str], at: Pointer) -> Body:
    """The operation's request body; `taken`: the names of its parameters."""
    request_body = op.get("requestBody")
    if request_body is None:
        return Body()
    encoding, content = _body_content(resolver.resolve(request_body), at)
    schema = content.get("schema") or {}
    if "$ref" not in schema:
        raise Skip(
            (*at, "requestBody"), "the request body must reference a component schema ($ref)"
        )
    properties, required = resolver.object_properties(schema)
    fields: list[BodyField] = []
    skipped: list[str] = []
    for name, raw in properties.items():
        prop = resolver.resolve(raw)
        if isinstance(prop, dict) and prop.get("readOnly") is True:
            continue  # never sent
        if name in taken or name in NOT_ARGUMENTS or not is_identifier(name):
            skipped.append(name)
            continue
        is_file = encoding == "multipart" and _is_binary(prop)
        fields.append(
            BodyField(
                name=name,
                annotation="bytes | IO[bytes]" if is_file else annotation(raw, resolver),
                required=name in required,
                has_default=isinstance(prop, dict) and "default" in prop,
                default=prop.get("default") if isinstance(prop, dict) else None,
                description=_field_description(raw, resolver),
            )
        )
    fields.sort(key=lambda f: not f.required)
    return Body(ref_name(schema["$ref"]), fields, skipped, encoding)


def _body_content(request_body: Any, at: Pointer) -> tuple[str, Any]:
    """(encoding, media type object) of a request body: JSON where offered, else
    multipart/form-data; a body of neither is not generated."""
    content = request_body.get("content") if isinstance(request_body, dict) else None
    found = json_content(content)
    if found is not None:
        return "json", found
    if isinstance(content, dict) and isinstance(content.get("multipart/form-data"), dict):
        return "multipart", content["multipart/form-data"]
    types = sorted(content) if isinstance(content, dict) else []
    raise Skip(
        (*at, "requestBody"),
        f"the request body has neither application/json nor multipart/form-data content "
        f"(it has {', '.join(map(str, types)) or 'none'})",
    )


def _is_binary(schema: Any) -> bool:
    """A file field of a multipart body: `type: string, format: binary`."""
    return isinstance(schema, dict) and schema.get("format") == "binary"


def _enum_values(schema: Any, resolver: Resolver) -> list[Any]:
    """The values an enum-typed schema lists (through `$ref`, `allOf`, `oneOf`), else []."""
    schema = resolver.resolve(schema)
    if not isinstance(schema, dict):
        return []
    if isinstance(schema.get("enum"), list):
        return [v for v in schema["enum"] if v not in (None, "")]
    values: list[Any] = []
    for key in ("allOf", "oneOf", "anyOf"):
        for sub in schema.get(key) or []:
            values.extend(v for v in _enum_values(sub, resolver) if v not in values)
    return values


def _field_description(raw: Any, resolver: Resolver) -> str:
    """A body field's own description (not that of the schema it references), and the
    values of an enum."""
    own = raw if isinstance(raw, dict) and "$ref" not in raw else {}
    text = " ".join(text_of(own.get("description")).split())
    values = _enum_values(raw, resolver)
    if values and len(values) <= 12:
        listed = ", ".join(f"``{v}``" for v in values)
        text = f"{text} One of {listed}.".strip()
    elif values:
        text = f"{text} One of {len(values)} values (see the model's enum).".strip()
    return text


def text_of(value: object) -> str:
    """`value` where the spec gives a string, else ""."""
    return str(value) if isinstance(value, str) else ""
