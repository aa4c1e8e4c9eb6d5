"""PostHog's whole spec (tests/fixtures/posthog/openapi.yaml) and the requests it describes.

`expected_call` derives, from the spec alone, the arguments of one operation's method and
the request the service expects for them: method, path, query and body. It reads the spec
as the service's own tools do (OpenAPI's parameter styles, PostHog's JSON-decoded query
values) and shares no code with the generator, so a sampled call checks the generator
against the spec, not against itself.
"""

from __future__ import annotations

import email.parser
import email.policy
import json
import keyword
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from product_analytics import ApiStatusError, AsyncClient, ResponseValidationError
from product_analytics.testing import MockTransport

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "posthog" / "openapi.yaml"
HTTP_METHODS = ("get", "put", "post", "patch", "delete")
# The project every sampled call addresses, given to the client as its default.
PROJECT = 7
BASE = "https://posthog.test"
# The keyword arguments every method takes besides the operation's own.
OPTIONS = frozenset({"timeout", "deadline", "extra_headers", "extra_query", "extra_body"})


@dataclass
class Call:
    """One call of an operation's method and the request the spec says it sends."""

    operation_id: str
    kwargs: dict[str, Any]
    method: str
    path: str
    # name -> values; a JSON-decoded parameter's values are the decoded values.
    query: dict[str, list[Any]] = field(default_factory=dict)
    json_query: frozenset[str] = frozenset()
    body: dict[str, Any] | None = None
    multipart: bool = False


class _Spec:
    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document

    def resolve(self, node: Any) -> Any:
        while isinstance(node, dict) and "$ref" in node:
            target: Any = self.document
            for part in node["$ref"][2:].split("/"):
                target = target[part.replace("~1", "/").replace("~0", "~")]
            node = target
        return node

    def example(self, schema: Any, depth: int = 0) -> Any:
        """A value `schema` accepts (the required fields of an object, read-only ones too)."""
        schema = self.resolve(schema) or {}
        if "enum" in schema:
            values = [v for v in schema["enum"] if v not in (None, "")]
            return values[0] if values else schema["enum"][0]
        for key in ("oneOf", "anyOf"):
            if key in schema:
                branches = [self.resolve(b) for b in schema[key]]
                usable = [b for b in branches if b.get("enum") not in ([None], [""])]
                return self.example((usable or branches)[0], depth)
        if "allOf" in schema:
            if len(schema["allOf"]) == 1:
                return self.example(schema["allOf"][0], depth)
            merged: dict[str, Any] = {}
            for part in schema["allOf"]:
                merged.update(self.example(part, depth))
            return merged
        kind = schema.get("type")
        if isinstance(kind, list):
            kind = next((k for k in kind if k != "null"), None)
        return self._typed(kind, schema, depth)

    def _typed(self, kind: Any, schema: dict[str, Any], depth: int) -> Any:
        if kind == "string":
            return {
                "date-time": "2024-01-02T03:04:05Z",
                "date": "2024-01-02",
                "uuid": "0190d5b2-0000-7000-8000-000000000001",
                "uri": "https://example.com/",
                "email": "someone@example.com",
                "binary": "data",
            }.get(schema.get("format", ""), "text")
        if kind == "integer":
            return max(int(schema.get("minimum", 1)), 1)
        if kind == "number":
            return 2.5
        if kind == "boolean":
            return True
        if kind == "array":
            items = schema.get("items")
            return [self.example(items, depth + 1)] if items is not None and depth < 4 else []
        if kind == "object" or "properties" in schema:
            if depth >= 4:
                return {}
            props = schema.get("properties") or {}
            return {
                name: self.example(props[name], depth + 1)
                for name in schema.get("required") or []
                if name in props
            }
        return "text"

    def fields(self, schema: Any) -> tuple[dict[str, Any], list[str]]:
        """(properties, required) of an object schema, allOf merged."""
        schema = self.resolve(schema)
        props: dict[str, Any] = {}
        required: list[str] = []
        for part in schema.get("allOf") or []:
            sub_props, sub_required = self.fields(part)
            props.update(sub_props)
            required += sub_required
        props.update(schema.get("properties") or {})
        required += schema.get("required") or []
        return props, required


def operations(document: dict[str, Any]) -> dict[str, tuple[str, str, dict[str, Any]]]:
    """Every operation of the spec by operationId: (path, method, operation)."""
    return {
        op["operationId"]: (path, method, op)
        for path, item in document["paths"].items()
        for method, op in item.items()
        if method in HTTP_METHODS
    }


def sample(document: dict[str, Any], size: int, must: list[str], seed: int) -> list[str]:
    """`size` operationIds: those of `must`, then a seeded random choice of the others."""
    others = sorted(set(operations(document)) - set(must))
    return must + random.Random(seed).sample(others, size - len(must))


def _name_usable(name: str, taken: set[str]) -> bool:
    return (
        name.isidentifier()
        and name.isascii()
        and not keyword.iskeyword(name)
        and not name.startswith("_")
        and name not in taken
        and name not in OPTIONS
        and name not in ("self", "concurrency", "return_exceptions")
    )


def _query(spec: _Spec, param: dict[str, Any], call: Call) -> None:
    """Add one query parameter to `call`: its argument and the values the service reads."""
    schema = spec.resolve(param.get("schema") or {})
    name = param["name"]
    kind = schema.get("type")
    items = spec.resolve(schema.get("items") or {}) if kind == "array" else {}
    if kind in (None, "object") or (
        kind == "array" and items.get("type") not in ("string", "integer", "boolean")
    ):
        value = spec.example(schema) if kind else {"any": ["json", 1]}
        if kind == "object" and not value:
            value = {"key": "value"}
        call.kwargs[name] = value
        call.query[name] = [value]
        call.json_query = call.json_query | {name}
        return
    value = spec.example(schema)
    call.kwargs[name] = value
    scalars = value if isinstance(value, list) else [value]
    texts = [json.dumps(v) if isinstance(v, bool) else str(v) for v in scalars]
    explode = param.get("explode", param.get("style", "form") == "form")
    if kind == "array" and not explode:
        joiner = {"spaceDelimited": " ", "pipeDelimited": "|"}.get(param.get("style"), ",")
        texts = [joiner.join(texts)]
    call.query[name] = texts


def expected_call(document: dict[str, Any], operation_id: str) -> Call:
    """The arguments of `operation_id`'s method and the request the spec describes."""
    spec = _Spec(document)
    path, method, op = operations(document)[operation_id]
    params = [spec.resolve(p) for p in document["paths"][path].get("parameters") or []]
    params += [spec.resolve(p) for p in op.get("parameters") or []]
    call = Call(operation_id, {}, method.upper(), path)
    for param in [p for p in params if p["in"] == "path"]:
        name = param["name"]
        if name in ("project_id", "environment_id"):
            value: Any = PROJECT  # the client's default: not an argument
        else:
            value = spec.example(param.get("schema") or {})
            call.kwargs[name] = value
        call.path = call.path.replace("{" + name + "}", str(value))
    for param in [p for p in params if p["in"] == "query"]:
        if _name_usable(param["name"], {p["name"] for p in params if p["in"] == "path"}):
            _query(spec, param, call)
    if "requestBody" in op:
        _body(spec, op, call, {p["name"] for p in params})
    return call


def _body(spec: _Spec, op: dict[str, Any], call: Call, param_names: set[str]) -> None:
    content = spec.resolve(op["requestBody"])["content"]
    media = "application/json" if "application/json" in content else "multipart/form-data"
    call.multipart = media == "multipart/form-data"
    props, required = spec.fields(content[media]["schema"])
    body: dict[str, Any] = {}
    for name in required:
        prop = spec.resolve(props.get(name, {}))
        if prop.get("readOnly"):
            continue  # the service's: never sent
        body[name] = spec.example(props.get(name, {}))
    if not body:  # no required field: send the first writable one
        for name, raw in props.items():
            if not spec.resolve(raw).get("readOnly"):
                body[name] = spec.example(raw)
                break
    extra = {}
    for name, value in body.items():
        if _name_usable(name, param_names):
            call.kwargs[name] = value
        else:
            extra[name] = value
    if extra:
        call.kwargs["extra_body"] = extra
    call.body = body


def methods(resources_module: ModuleType, client: AsyncClient) -> dict[str, Callable[..., Any]]:
    """Every operation method of the whole API bound to `client`, by operationId (a bulk
    method under `<operationId>:bulk`)."""
    resources = resources_module.ClientResources(client)
    found: dict[str, Callable[..., Any]] = {}
    for attribute in [a for a in dir(type(resources)) if not a.startswith("_")]:
        resource = getattr(resources, attribute)
        for name in dir(type(resource)):
            method = getattr(resource, name)
            operation = getattr(method, "operation", None)
            if operation is not None and not name.startswith("_"):
                key = f"{operation.operation_id}{':bulk' if method.bulk else ''}"
                assert key not in found, f"{key}: two methods"
                found[key] = method
    return found


async def send(resources_module: ModuleType, call: Call) -> Any:
    """Call the operation's method as `call` says through a MockTransport; the one request
    it sent."""
    sent: list[Any] = []

    def answer(request: Any) -> tuple[int, dict[str, str], bytes]:
        sent.append(request)
        return 404, {"Content-Type": "application/json"}, b'{"detail": "Not found."}'

    transport = MockTransport(answer)
    async with AsyncClient(
        api_key="k", base_url=BASE, transport=transport, project_id=PROJECT, max_retries=0
    ) as client:
        method = methods(resources_module, client)[call.operation_id]
        with pytest.raises((ApiStatusError, ResponseValidationError)):
            await method(**call.kwargs)
    assert len(sent) == 1, call.operation_id
    return sent[0]


async def check_sent(resources_module: ModuleType, call: Call) -> None:
    """Call the operation's method as `call` says and check that the one request it sent
    is the request `call` describes."""
    check_request(call, await send(resources_module, call))


def _form_fields(content_type: str, body: bytes) -> dict[str, Any]:
    """The fields of a multipart/form-data body, read by the standard library's parser."""
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
        b"Content-Type: " + content_type.encode() + b"\r\n\r\n" + body
    )
    fields: dict[str, Any] = {}
    for part in message.iter_parts():  # type: ignore[attr-defined]
        name = part.get_param("name", header="content-disposition")
        fields[name] = part.get_content()
    return fields


def check_request(call: Call, request: Any) -> None:
    url = urlsplit(request.url)
    assert (request.method, url.path) == (call.method, call.path), call.operation_id
    query = parse_qs(url.query, keep_blank_values=True)
    assert set(query) == set(call.query), call.operation_id
    for name, values in call.query.items():
        got = [json.loads(v) for v in query[name]] if name in call.json_query else query[name]
        assert got == values, (call.operation_id, name)
    content_type = request.headers.get("Content-Type", "")
    if call.body is None:
        assert not request.content, call.operation_id
    elif call.multipart:
        assert content_type.startswith("multipart/form-data; boundary="), call.operation_id
        fields = _form_fields(content_type, request.content)
        assert fields == {
            k: v if isinstance(v, str) else json.dumps(v) for k, v in call.body.items()
        }, call.operation_id
    else:
        assert content_type == "application/json", call.operation_id
        assert json.loads(request.content) == call.body, call.operation_id
