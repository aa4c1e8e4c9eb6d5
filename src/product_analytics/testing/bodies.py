"""Request bodies: reading a JSON object and checking its fields against the spec's body model.

The names a body may carry, and which are required, come from the operation's body model in
the spec. Types come from the model's annotations, tightened where the description's
response shape pins a type the request side leaves open (`timezone`, `week_start_day`,
`feature_flags_access_level`, the arrays of strings). Unknown fields are refused. `null` is
accepted for string, integer, number and open fields, except the names (`name`, `domain`,
`product_type`, `organization_id`, `timezone`), which may be neither null nor blank.
"""

from __future__ import annotations

import functools
import json
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from aiohttp import web
from pydantic import BaseModel

from product_analytics.testing.errors import invalid_request, validation_error
from product_analytics.testing.state import Json

__all__ = ["FieldRule", "check_body", "parse_json_object", "read_raw_body", "rules_for"]

Kind = Literal["bool", "int", "number", "str", "array", "object", "any"]

_SIMPLE_KINDS: dict[object, Kind] = {bool: "bool", int: "int", float: "number", str: "str"}

# Where the response shape pins a type that the request side leaves open or loose.
_KIND_OVERRIDES: dict[str, Kind] = {
    "timezone": "str",
    "week_start_day": "int",
    "feature_flags_access_level": "int",
}
_STRING_ARRAYS = frozenset(
    {"app_urls", "person_display_name_properties", "live_events_columns", "recording_domains"}
)
# Fields that may be neither null nor blank.
_NAMES = frozenset({"name", "domain", "product_type", "organization_id", "timezone"})


@dataclass(frozen=True)
class FieldRule:
    """What one body field accepts."""

    kind: Kind
    required: bool
    nullable: bool
    string_items: bool = False
    not_blank: bool = False


def _kind_of(annotation: object) -> Kind:
    """The JSON kind a pydantic field annotation stands for (`None` in a union is ignored)."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        members = [a for a in typing.get_args(annotation) if a is not type(None)]
        return _kind_of(members[0]) if len(members) == 1 else "any"
    origin = typing.get_origin(annotation) or annotation
    if origin is list:
        return "array"
    if origin is dict:
        return "object"
    return _SIMPLE_KINDS.get(origin, "any")


@functools.cache
def rules_for(model: type[BaseModel]) -> Mapping[str, FieldRule]:
    """The rule of every field of `model`, by field name."""
    rules: dict[str, FieldRule] = {}
    for name, info in model.model_fields.items():
        kind = _KIND_OVERRIDES.get(name) or _kind_of(info.annotation)
        rules[name] = FieldRule(
            kind=kind,
            required=info.is_required(),
            nullable=kind in ("str", "int", "number", "any") and name not in _NAMES,
            string_items=name in _STRING_ARRAYS,
            not_blank=name in _NAMES,
        )
    return rules


_RAW_BODY_KEY: web.RequestKey[bytes | web.HTTPException] = web.RequestKey(
    "product_analytics.raw_body"
)


async def read_raw_body(request: web.Request) -> bytes:
    """The request's body bytes, read once and kept on the request.

    A body over the application's size limit raises the same 413 on every call.
    """
    cached = request.get(_RAW_BODY_KEY)
    if cached is None:
        try:
            cached = await request.read()
        except web.HTTPException as exc:
            cached = exc
        request[_RAW_BODY_KEY] = cached
    if isinstance(cached, web.HTTPException):
        raise cached
    return cached


def parse_json_object(raw: bytes, content_type: str) -> Json:
    """The JSON object a request body holds; an empty body is `{}`.

    400 when the media type is not JSON, the bytes are not JSON, or the JSON is not an object.
    """
    if not raw.strip():
        return {}
    if content_type != "application/json" and not content_type.endswith("+json"):
        raise invalid_request(
            "unsupported_media_type", f'Unsupported media type "{content_type}" in request.'
        )
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        raise invalid_request("parse_error", f"JSON parse error - {exc}") from None
    if not isinstance(value, dict):
        raise validation_error(
            f"Invalid data. Expected a dictionary, but got {type(value).__name__}.",
            None,
        )
    return value


def _type_error(rule: FieldRule, value: Any) -> str | None:
    """Why `value` does not fit `rule`, or None when it does."""
    kind = rule.kind
    if kind == "bool" and not isinstance(value, bool):
        return "Must be a valid boolean."
    if kind == "int" and (isinstance(value, bool) or not isinstance(value, int)):
        return "A valid integer is required."
    if kind == "number" and (isinstance(value, bool) or not isinstance(value, int | float)):
        return "A valid number is required."
    if kind == "str" and not isinstance(value, str):
        return "Not a valid string."
    if kind == "array" and not isinstance(value, list):
        return f'Expected a list of items but got type "{type(value).__name__}".'
    if kind == "object" and not isinstance(value, dict):
        return f'Expected a dictionary of items but got type "{type(value).__name__}".'
    if rule.string_items and not all(isinstance(item, str) for item in value):
        return "Not a valid string."
    if rule.not_blank and isinstance(value, str) and not value.strip():
        return "This field may not be blank."
    return None


def check_body(body: Json, rules: Mapping[str, FieldRule]) -> Json:
    """`body` unchanged if every field fits `rules`; else a 400 naming the first bad field."""
    for name in body:
        if name not in rules:
            raise validation_error(f"Unknown field '{name}'.", name)
    for name, rule in rules.items():
        if rule.required and name not in body:
            raise validation_error("This field is required.", name, "required")
    for name, value in body.items():
        rule = rules[name]
        if value is None:
            if not rule.nullable:
                raise validation_error("This field may not be null.", name, "null")
            continue
        problem = _type_error(rule, value)
        if problem is not None:
            code = "blank" if problem.endswith("blank.") else "invalid"
            raise validation_error(problem, name, code)
    return body
