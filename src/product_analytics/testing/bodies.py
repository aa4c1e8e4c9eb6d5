"""Request bodies: reading a JSON object and checking its fields against the spec's body model.

A body is checked as the spec's operation says, so the fake refuses exactly what the spec
forbids: a name the body model does not declare (the spec's bodies are closed), a required
field left out, `null` for a field the spec does not let be null (`Operation.none_refused`),
and a value that breaks the field's type or constraints (checked by the SDK's own
`_http.wire.check_body`, the body model strictly, as the client checks before sending). The first
problem is a 400 in the service's shape, `attr` naming the field (`app_urls__0` for an item),
with DRF's message and code for it.
"""

from __future__ import annotations

import json
from typing import Any

import pydantic
from aiohttp import web

from product_analytics._http.wire import check_body as check_fields
from product_analytics._spec.operation import Operation
from product_analytics.testing.errors import ApiProblem, invalid_request, validation_error
from product_analytics.testing.state import Json

__all__ = ["check_body", "parse_json_object", "read_raw_body"]


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
        value = json.loads(raw, parse_float=_number)
    except (ValueError, RecursionError) as exc:
        raise invalid_request("parse_error", f"JSON parse error - {exc}") from None
    if not isinstance(value, dict):
        raise validation_error(
            f"Invalid data. Expected a dictionary, but got {type(value).__name__}.",
            None,
        )
    return value


def _number(text: str) -> int | float:
    """A JSON number with a fraction: a whole one (`1.0`) is an integer, as JSON Schema and
    DRF's IntegerField take it."""
    value = float(text)
    return int(value) if value.is_integer() and abs(value) < 2**63 else value


def check_body(body: Json, operation: Operation[Any]) -> Json:
    """`body` unchanged if it is what `operation`'s body model allows; else a 400 naming the
    first bad field."""
    model = operation.body_model
    if model is None:
        return body
    declared = model.model_fields
    for name in body:
        if name not in declared:
            raise validation_error(f"Unknown field '{name}'.", name)
    for name, info in declared.items():
        if info.is_required() and name not in body:
            raise validation_error("This field is required.", name, "required")
    for name, value in body.items():
        if value is None and (name in operation.none_refused or declared[name].is_required()):
            raise validation_error("This field may not be null.", name, "null")
    try:
        check_fields(model, {k: v for k, v in body.items() if v is not None}, False)
    except pydantic.ValidationError as exc:
        raise _problem(exc.errors()[0]) from None
    return body


# pydantic's error types as DRF words them: (message, DRF code); `{}` takes the bound.
_DRF_ERRORS: dict[str, tuple[str, str]] = {
    "string_too_long": ("Ensure this field has no more than {} characters.", "max_length"),
    "too_long": ("Ensure this field has no more than {} elements.", "max_length"),
    "greater_than_equal": ("Ensure this value is greater than or equal to {}.", "min_value"),
    "less_than_equal": ("Ensure this value is less than or equal to {}.", "max_value"),
    "int_type": ("A valid integer is required.", "invalid"),
    "int_from_float": ("A valid integer is required.", "invalid"),
    "float_type": ("A valid number is required.", "invalid"),
    "bool_type": ("Must be a valid boolean.", "invalid"),
    "string_type": ("Not a valid string.", "invalid"),
    "list_type": ('Expected a list of items but got type "{}".', "not_a_list"),
    "dict_type": ('Expected a dictionary of items but got type "{}".', "not_a_dict"),
}
_BOUNDS = ("max_length", "ge", "le")


def _problem(error: Any) -> ApiProblem:
    """The 400 of one pydantic error: `attr` is its location joined with `__`, as
    drf-exceptions-hog joins nested fields; DRF's `invalid` code is sent `invalid_input`."""
    attr = "__".join(str(part) for part in error["loc"])
    kind = error["type"]
    if kind == "string_too_short" and error.get("input") == "":
        return validation_error("This field may not be blank.", attr, "blank")
    message, code = _DRF_ERRORS.get(kind, (error["msg"] + ".", "invalid"))
    context = error.get("ctx") or {}
    bound = next((context[key] for key in _BOUNDS if key in context), None)
    filler = type(error.get("input")).__name__ if code.startswith("not_a") else bound
    return validation_error(
        message.format(filler), attr, "invalid_input" if code == "invalid" else code
    )
