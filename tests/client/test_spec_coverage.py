"""Read from the spec, so that nothing it states goes untested: every error status each
operation lists reaches the caller as its typed error with `status_code`, `code`, `detail`
and `attr`; every constraint of a query parameter or top-level body field (a length, a
bound, a pattern, an enum, an integer or boolean type, an array's item type, a JSON-encoded
query list) refuses a value that breaks it before sending, naming the field, and nothing is
sent. A constraint of a kind this test cannot break fails it, so a new kind in the spec
needs a case here. Not walked: constraints inside an array's object items (the one today,
`AiChatMessage.role`'s enum, is an open enum of a generated model, kept as sent)."""

from __future__ import annotations

import inspect
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from codegen.records import HTTP_METHODS
from codegen.schema import Resolver
from codegen.source import load

from product_analytics import AsyncClient, errors
from product_analytics._http.wire import matches_pattern
from tests.support.mock_client import ORG, MakeClient, json_reply, script

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = load(ROOT / "spec" / "openapi.yaml").document
RESOLVER = Resolver(DOCUMENT)
OPERATIONS = {
    op["operationId"]: op
    for item in DOCUMENT["paths"].values()
    for method, op in item.items()
    if method in HTTP_METHODS
}
# Values for the arguments a method requires (path parameters, required body fields).
VALID = {"project_id": 7, "organization_id": ORG, "short_id": "pl", "name": "ok"}
VALID |= {"session_recording_id": "r1", "recording_id": "r1", "domain": "ok.example.com"}
VALID |= {"hash": "h", "regex": "a"}
# The keywords that constrain a request value, and the candidates that may break a pattern.
CONSTRAINTS = ("minLength", "maxLength", "minimum", "maximum", "pattern", "enum")
# Keywords the spec does not use yet: found, they fail the test until it can break them.
NOT_YET = ("exclusiveMinimum", "exclusiveMaximum", "minItems", "maxItems", "multipleOf", "const")
PATTERN_BREAKERS = ("", " ", "-7d\n", "~", "2025/06/01")


def method_of(client: AsyncClient, operation_id: str) -> Any:
    op = OPERATIONS[operation_id]
    return getattr(getattr(client, op["x-sdk-resource"]), op["x-sdk-method"])


def required_args(method: Any, operation_id: str) -> dict[str, Any]:
    """A valid value for each argument `method` requires (a project's `id` is an int)."""
    args = {}
    for name, param in inspect.signature(method).parameters.items():
        if param.kind is param.KEYWORD_ONLY and param.default is param.empty:
            project_id = operation_id.startswith("projects_") and name == "id"
            args[name] = 17 if project_id else VALID.get(name, "x1")
    args.setdefault("project_id", VALID["project_id"])
    args.setdefault("organization_id", VALID["organization_id"])
    return {k: v for k, v in args.items() if k in inspect.signature(method).parameters}


async def call(method: Any, args: dict[str, Any]) -> Any:
    result = method(**args)
    return await result if inspect.isawaitable(result) else result


# -- error statuses ------------------------------------------------------------------------

ERROR_CASES = [
    (operation_id, int(status))
    for operation_id, op in OPERATIONS.items()
    for status in op["responses"]
    if str(status)[:1] in "45"
]


@pytest.mark.parametrize(("operation_id", "status"), ERROR_CASES)
async def test_every_error_status_of_the_spec_raises_its_typed_error(
    make_client: MakeClient, operation_id: str, status: int
) -> None:
    body = {"type": "t", "code": f"code_{status}", "detail": f"detail {status}", "attr": "f"}
    headers = {"Content-Type": "application/json", "Retry-After": "0"}
    client, transport = await make_client(
        script((status, headers, json.dumps(body).encode())), max_retries=0
    )
    method = method_of(client, operation_id)
    with pytest.raises(errors.ApiStatusError) as caught:
        await call(method, required_args(method, operation_id))
    error = caught.value
    assert type(error) is errors.error_for_status(status)
    assert type(error) is not errors.ApiStatusError
    assert (error.status_code, error.code, error.detail, error.attr) == (
        status,
        f"code_{status}",
        f"detail {status}",
        "f",
    )
    assert len(transport.requests) == 1


# -- request constraints ---------------------------------------------------------------------


@dataclass(frozen=True)
class Constraint:
    operation_id: str
    field: str
    keyword: str  # a key of CONSTRAINTS, "type", "items" or "json"
    schema: dict[str, Any]

    @property
    def id(self) -> str:
        return f"{self.operation_id}.{self.field}.{self.keyword}"


def _properties(schema: dict[str, Any]) -> dict[str, Any]:
    schema = RESOLVER.resolve(schema)
    found = dict(schema.get("properties") or {})
    for part in schema.get("allOf") or []:
        found |= _properties(part)
    return found


def _types(schema: dict[str, Any]) -> set[str]:
    kind = schema.get("type")
    return set(kind) if isinstance(kind, list) else {kind} if kind else set()


def _constraints_of(operation_id: str, field: str, schema: dict[str, Any]) -> list[Constraint]:
    schema = RESOLVER.resolve(schema)
    keys = [key for key in (*CONSTRAINTS, *NOT_YET) if key in schema]
    found = [Constraint(operation_id, field, key, schema) for key in keys]
    if _types(schema) & {"integer", "boolean"}:
        found.append(Constraint(operation_id, field, "type", schema))
    items = RESOLVER.resolve(schema.get("items") or {})
    if "array" in _types(schema) and _types(items) - {"null"}:
        found.append(Constraint(operation_id, field, "items", items))
    return found


def spec_constraints() -> list[Constraint]:
    """Every constraint of every operation's query parameters and body fields."""
    found = []
    for operation_id, op in OPERATIONS.items():
        for param in op.get("parameters") or []:
            param = RESOLVER.resolve(param)
            if param["in"] != "query":
                continue
            if "content" in param:
                schema = param["content"]["application/json"]["schema"]
                found.append(Constraint(operation_id, param["name"], "json", schema))
                items = _constraints_of(operation_id, param["name"], schema)
                found += [c for c in items if c.keyword == "items"]
            else:
                found += _constraints_of(operation_id, param["name"], param["schema"])
        body = ((op.get("requestBody") or {}).get("content") or {}).get("application/json")
        if body:
            for field, schema in _properties(body["schema"]).items():
                if not RESOLVER.resolve(schema).get("readOnly"):
                    found += _constraints_of(operation_id, field, schema)
    return found


def breaking_value(constraint: Constraint) -> Any:
    """A value that breaks `constraint` (and only a value the service refuses too)."""
    schema, keyword = constraint.schema, constraint.keyword
    if keyword == "minLength":
        return "x" * (schema["minLength"] - 1)
    if keyword == "maxLength":
        return "x" * (schema["maxLength"] + 1)
    if keyword == "minimum":
        return schema["minimum"] - 1
    if keyword == "maximum":
        return schema["maximum"] + 1
    if keyword == "enum":
        return "not-a-member"
    if keyword == "pattern":
        return next(v for v in PATTERN_BREAKERS if not matches_pattern(schema["pattern"], v))
    if keyword == "type":
        return "1"
    if keyword == "items":
        return ["x"] if "object" in _types(schema) else [{"x": 1}]
    if keyword == "json":
        return "not a list"
    raise AssertionError(f"no breaking value for {constraint.id}")


CONSTRAINT_CASES = spec_constraints()


def test_the_spec_s_constraints_are_all_found() -> None:
    """The walk finds the constraints the spec is known to hold (a walk that found none
    would pass every case below vacuously)."""
    ids = {c.id for c in CONSTRAINT_CASES}
    assert "roles_create.name.minLength" in ids
    assert "projects_partial_update.base_currency.minLength" in ids
    assert "projects_partial_update.week_start_day.maximum" in ids
    assert "session_recordings_list.date_from.pattern" in ids
    assert "session_recordings_list.session_ids.json" in ids
    assert "projects_activity_retrieve.limit.minimum" in ids
    assert len(CONSTRAINT_CASES) >= 100


@pytest.mark.parametrize("constraint", CONSTRAINT_CASES, ids=[c.id for c in CONSTRAINT_CASES])
async def test_every_constraint_of_the_spec_refuses_a_value_before_sending(
    make_client: MakeClient, constraint: Constraint
) -> None:
    client, transport = await make_client(script(json_reply({"id": 1})))
    method = method_of(client, constraint.operation_id)
    args = required_args(method, constraint.operation_id)
    args[constraint.field] = breaking_value(constraint)
    with pytest.raises((TypeError, ValueError)) as caught:
        await call(method, args)
    assert constraint.field in str(caught.value)
    assert transport.requests == []
