"""What an operation answers, read from its first (lowest) described 2xx response: a
response marked `x-sdk-live-answer` (one only the live service gives, beside the described
one) does not set the return type; the decode layer accepts it all the same.

`read_response` gives the response kind the method returns: "page" (a list whose
`results` are items of a model), "model", "model_or_none" (the answer may be empty, or one
of the JSON bodies `x-sdk-none-answers` lists), "json" (an inline schema: the decoded
body) or "none" (no JSON body). With `x-sdk-none-answers`, the schema may be a `oneOf` of
the model and the schema of those bodies: the model is its first member. An operation
that lists no 2xx response but error responses is one the service refuses
(drf-spectacular's disabled hard deletes): it is generated, returns None, and says so in
its docstring (`refusal_note`).
"""

from __future__ import annotations

from typing import Any

from codegen.records import Skip
from codegen.request_body import json_content
from codegen.schema import Resolver, ref_name
from codegen.source import Pointer


def read_response(
    op: dict[str, Any], resolver: Resolver, at: Pointer
) -> tuple[str, str | None, str | None, tuple[Any, ...]]:
    """(kind, response model, item model of a page, JSON bodies that mean no result)."""
    kind, model, item = _kind(op, resolver, at)
    success = _success_response(op, resolver)
    none_answers = success.get("x-sdk-none-answers") or []
    if not isinstance(none_answers, list) or (none_answers and kind != "model_or_none"):
        raise Skip((*at, "responses"), "x-sdk-none-answers must list JSON bodies of a model")
    if "x-sdk-may-be-empty" in success and not isinstance(success["x-sdk-may-be-empty"], bool):
        raise Skip((*at, "responses"), "x-sdk-may-be-empty must be true or false")
    return kind, model, item, tuple(none_answers)


def _kind(
    op: dict[str, Any], resolver: Resolver, at: Pointer
) -> tuple[str, str | None, str | None]:
    responses = op.get("responses") or {}
    success = _described_success_codes(responses, resolver)
    if not success:
        if _refused(op):
            return "none", None, None
        raise Skip((*at, "responses"), "no 2xx response and no error response either")
    key = next(code for code in responses if str(code) == success[0])
    response = resolver.resolve(responses[key])
    content = json_content(response.get("content"))
    if content is None:
        return "none", None, None
    schema = content.get("schema") or {}
    members = schema.get("oneOf")
    if response.get("x-sdk-none-answers") and isinstance(members, list) and members:
        schema = members[0]
    if "$ref" not in schema:
        return "json", None, None
    model = ref_name(schema["$ref"])
    resolved = resolver.resolve(schema)
    results = (resolved.get("properties") or {}).get("results")
    results = resolver.resolve(results) if results is not None else None
    if isinstance(results, dict) and results.get("type") == "array":
        items = results.get("items") or {}
        if "$ref" in items:
            return "page", model, ref_name(items["$ref"])
    return _model_kind(response), model, None


def _described_success_codes(responses: dict[Any, Any], resolver: Resolver) -> list[str]:
    """The 2xx codes of `responses`, lowest first, without the live service's own answers
    (`x-sdk-live-answer: true`)."""
    codes = []
    for code, response in responses.items():
        resolved = resolver.resolve(response)
        live = isinstance(resolved, dict) and resolved.get("x-sdk-live-answer") is True
        if str(code).startswith("2") and not live:
            codes.append(str(code))
    return sorted(codes)


def _success_response(op: dict[str, Any], resolver: Resolver) -> dict[str, Any]:
    """The operation's first described 2xx response object ({} when it has none)."""
    responses = op.get("responses") or {}
    success = _described_success_codes(responses, resolver)
    key = next((code for code in responses if success and str(code) == success[0]), None)
    found = resolver.resolve(responses[key]) if key is not None else {}
    return found if isinstance(found, dict) else {}


def _model_kind(response: dict[str, Any]) -> str:
    """`model`, or `model_or_none` when the response is marked `x-sdk-may-be-empty` (the
    service may answer it without a body) or lists `x-sdk-none-answers` (JSON bodies that
    stand for no result); the method then returns None for those answers."""
    if response.get("x-sdk-may-be-empty") is True or response.get("x-sdk-none-answers"):
        return "model_or_none"
    return "model"


def _refused(op: dict[str, Any]) -> list[str]:
    """The error statuses of an operation that lists no success at all (drf-spectacular's
    hard deletes the service turns off answer only 405), else []."""
    responses = op.get("responses")
    if not isinstance(responses, dict) or any(str(c).startswith("2") for c in responses):
        return []
    return sorted(str(code) for code in responses if str(code)[:1] in ("4", "5"))


def refusal_note(op: dict[str, Any]) -> str:
    """The docstring paragraph of an operation the service refuses ("" for others)."""
    codes = _refused(op)
    if not codes:
        return ""
    return (
        f"The service refuses this operation: its spec lists no success response, only "
        f"{', '.join(codes)}. A call sends the request and raises the service's error."
    )
