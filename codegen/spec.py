"""Reading the OpenAPI document into the plain operation records the templates render.

Everything here is pure: it takes the parsed YAML and returns dataclasses, or raises
`SpecError` naming the operation and what is wrong with it.
"""

from __future__ import annotations

import keyword
import re
from dataclasses import dataclass, field
from typing import Any

HTTP_METHODS = ("get", "put", "post", "patch", "delete")
OPTION_NAMES = frozenset({"timeout", "extra_headers", "extra_query", "extra_body"})


class SpecError(ValueError):
    """The spec cannot be turned into an SDK; the message says where and why."""


@dataclass(frozen=True)
class Param:
    name: str
    location: str  # "path" or "query"
    schema_type: str  # "string" or "integer"
    annotation: str
    required: bool
    accepts_integer: bool = False
    minimum: int | None = None
    description: str = ""


@dataclass(frozen=True)
class BodyField:
    name: str
    annotation: str
    required: bool
    has_default: bool
    default: Any = None
    description: str = ""

    @property
    def none_default(self) -> bool:
        """The spec's default is null: the signature defaults to None, and None is not sent.

        Any other spec default is not copied into the signature: the method defaults to
        NOT_GIVEN, so that a value the caller passes is sent even when it equals the default.
        """
        return self.has_default and self.default is None


@dataclass(frozen=True)
class Bulk:
    method: str
    param: str


@dataclass(frozen=True)
class Operation:
    operation_id: str
    constant: str
    method: str
    path: str
    resource: str
    sdk_method: str
    summary: str
    description: str
    required_scope: str | None
    experimental: bool
    path_params: list[Param]
    query_params: list[Param]
    body_model: str | None
    body_fields: list[BodyField]
    body_skipped: list[str]
    response_kind: str  # "model", "page", "none" or "json"
    response_model: str | None
    item_model: str | None
    bulk: Bulk | None = None
    throttle_class: str | None = None


@dataclass(frozen=True)
class Resource:
    attribute: str
    class_name: str
    operations: list[Operation] = field(default_factory=list)


def _ref_name(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]


class _Resolver:
    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document

    def resolve(self, node: Any) -> Any:
        while isinstance(node, dict) and "$ref" in node:
            ref = node["$ref"]
            if not ref.startswith("#/"):
                raise SpecError(f"only local $ref is supported, got {ref!r}")
            target: Any = self.document
            for part in ref[2:].split("/"):
                target = target[part]
            node = target
        return node

    def object_properties(self, schema: Any) -> tuple[dict[str, Any], list[str]]:
        """Properties and required names of an object schema, with allOf merged in order."""
        schema = self.resolve(schema)
        properties: dict[str, Any] = {}
        required: list[str] = []
        for part in schema.get("allOf", []):
            sub_props, sub_required = self.object_properties(part)
            properties.update(sub_props)
            required.extend(sub_required)
        properties.update(schema.get("properties", {}))
        required.extend(schema.get("required", []))
        return properties, required


_SIMPLE = {"string": "str", "integer": "int", "number": "float", "boolean": "bool"}


def annotation(schema: dict[str, Any], resolver: _Resolver) -> str:
    """The Python annotation a keyword argument of this JSON schema gets."""
    schema = resolver.resolve(schema)
    if "anyOf" in schema or "oneOf" in schema:
        parts = [annotation(s, resolver) for s in schema.get("anyOf", schema.get("oneOf"))]
        if "Any" in parts:
            return "Any"
        return " | ".join(dict.fromkeys(parts))
    types = schema.get("type")
    if types is None:
        return "Any"
    if isinstance(types, str):
        types = [types]
    parts = []
    for type_name in types:
        if type_name == "null":
            parts.append("None")
        elif type_name == "array":
            items = schema.get("items")
            parts.append(f"list[{annotation(items, resolver)}]" if items else "list[Any]")
        elif type_name == "object":
            parts.append("dict[str, Any]")
        else:
            parts.append(_SIMPLE[type_name])
    if "None" in parts:
        parts = [p for p in parts if p != "None"] + ["None"]
    return " | ".join(parts)


def _constant(operation_id: str) -> str:
    return re.sub(r"[^0-9A-Za-z]+", "_", operation_id).upper()


def _class_name(attribute: str) -> str:
    return "".join(part.capitalize() for part in attribute.split("_"))


def _param(raw: dict[str, Any], resolver: _Resolver, where: str) -> Param:
    raw = resolver.resolve(raw)
    schema = resolver.resolve(raw.get("schema", {}))
    schema_type = schema.get("type")
    if schema_type not in ("string", "integer"):
        raise SpecError(f"{where}: parameter {raw['name']!r} must be a string or an integer")
    accepts_integer = bool(raw.get("x-sdk-accepts-integer", False))
    base = _SIMPLE[schema_type]
    if schema_type == "string" and schema.get("format") == "uuid":
        base = "str | UUID"
    if accepts_integer and schema_type == "string":
        base = "str | int"
    return Param(
        name=raw["name"],
        location=raw["in"],
        schema_type=schema_type,
        annotation=base,
        required=bool(raw.get("required", False)),
        accepts_integer=accepts_integer,
        minimum=schema.get("minimum"),
        description=" ".join(str(raw.get("description", "")).split()),
    )


def _scope(op: dict[str, Any], where: str) -> str | None:
    declared = op.get("x-required-scope")
    from_security: list[str] = []
    for requirement in op.get("security", []):
        for scopes in requirement.values():
            from_security.extend(scopes)
    if len(from_security) > 1:
        raise SpecError(f"{where}: one required scope at most, got {from_security}")
    if (from_security[0] if from_security else None) != declared:
        raise SpecError(
            f"{where}: x-required-scope {declared!r} disagrees with security {from_security}"
        )
    return declared


def _response(
    op: dict[str, Any], resolver: _Resolver, where: str
) -> tuple[str, str | None, str | None]:
    responses = op.get("responses", {})
    success = sorted(code for code in responses if str(code).startswith("2"))
    if len(success) != 1:
        raise SpecError(f"{where}: exactly one 2xx response expected, got {success}")
    response = resolver.resolve(responses[success[0]])
    content = response.get("content", {}).get("application/json")
    if content is None:
        return "none", None, None
    schema = content.get("schema", {})
    if "$ref" not in schema:
        return "json", None, None
    model = _ref_name(schema["$ref"])
    resolved = resolver.resolve(schema)
    results = resolved.get("properties", {}).get("results")
    if results is not None and results.get("type") == "array":
        return "page", model, _ref_name(results["items"]["$ref"])
    return "model", model, None


def _body(
    op: dict[str, Any], resolver: _Resolver, path_names: set[str], where: str
) -> tuple[str | None, list[BodyField], list[str]]:
    request_body = op.get("requestBody")
    if request_body is None:
        return None, [], []
    schema = resolver.resolve(request_body)["content"]["application/json"]["schema"]
    if "$ref" not in schema:
        raise SpecError(f"{where}: the request body must reference a component schema")
    properties, required = resolver.object_properties(schema)
    fields: list[BodyField] = []
    skipped: list[str] = []
    for name, prop in properties.items():
        if name in path_names or name in OPTION_NAMES:
            skipped.append(name)
            continue
        if keyword.iskeyword(name):
            raise SpecError(f"{where}: body field {name!r} is a Python keyword")
        prop = resolver.resolve(prop)
        fields.append(
            BodyField(
                name=name,
                annotation=annotation(prop, resolver),
                required=name in required,
                has_default="default" in prop,
                default=prop.get("default"),
                description=" ".join(str(prop.get("description", "")).split()),
            )
        )
    fields.sort(key=lambda f: not f.required)
    return _ref_name(schema["$ref"]), fields, skipped


_WINDOWS = {"per_second": 1.0, "per_minute": 60.0, "per_hour": 3600.0, "per_day": 86400.0}


def read_throttle_classes(document: dict[str, Any]) -> dict[str, list[tuple[int, float]]]:
    """`x-throttle-classes`: each class's windows as (requests, seconds), shortest first."""
    classes: dict[str, list[tuple[int, float]]] = {}
    for name, rates in (document.get("x-throttle-classes") or {}).items():
        if not isinstance(rates, dict) or not rates or set(rates) - set(_WINDOWS):
            raise SpecError(f"x-throttle-classes.{name}: give counts for {sorted(_WINDOWS)}")
        windows = []
        for window, count in rates.items():
            if isinstance(count, bool) or not isinstance(count, int) or count < 1:
                raise SpecError(f"x-throttle-classes.{name}.{window}: a positive integer")
            windows.append((count, _WINDOWS[window]))
        classes[str(name)] = sorted(windows, key=lambda w: w[1])
    return classes


def throttle_class(op: dict[str, Any], document: dict[str, Any], where: str) -> str | None:
    """The operation's `x-throttle`, which must name a class of `x-throttle-classes`."""
    name = op.get("x-throttle")
    if name is not None and name not in (document.get("x-throttle-classes") or {}):
        raise SpecError(f"{where}: x-throttle {name!r} is not in x-throttle-classes")
    return None if name is None else str(name)


def read_operations(document: dict[str, Any]) -> list[Resource]:
    """Every operation of the document, grouped by resource in document order."""
    resolver = _Resolver(document)
    resources: dict[str, Resource] = {}
    seen_ids: set[str] = set()
    for path, item in document.get("paths", {}).items():
        shared = item.get("parameters", [])
        for method in HTTP_METHODS:
            op = item.get(method)
            if op is None:
                continue
            where = f"{method.upper()} {path}"
            operation_id = op.get("operationId")
            if not operation_id or operation_id in seen_ids:
                raise SpecError(f"{where}: missing or repeated operationId {operation_id!r}")
            seen_ids.add(operation_id)
            resource_name = op.get("x-sdk-resource")
            sdk_method = op.get("x-sdk-method")
            if not resource_name or not sdk_method:
                raise SpecError(f"{where}: x-sdk-resource and x-sdk-method are required")
            params = [_param(p, resolver, where) for p in [*shared, *op.get("parameters", [])]]
            path_params = [p for p in params if p.location == "path"]
            query_params = [p for p in params if p.location == "query"]
            placeholders = re.findall(r"{([^}]+)}", path)
            if placeholders != [p.name for p in path_params]:
                raise SpecError(f"{where}: path parameters {placeholders} not declared in order")
            body_model, body_fields, skipped = _body(op, resolver, {p.name for p in params}, where)
            kind, response_model, item_model = _response(op, resolver, where)
            bulk = None
            if "x-sdk-bulk-method" in op:
                bulk = Bulk(method=op["x-sdk-bulk-method"], param=op["x-sdk-bulk-param"])
                if bulk.param not in placeholders or kind != "model":
                    raise SpecError(f"{where}: a bulk method needs a path parameter and a model")
            operation = Operation(
                operation_id=operation_id,
                constant=_constant(operation_id),
                method=method.upper(),
                path=path,
                resource=resource_name,
                sdk_method=sdk_method,
                summary=" ".join(str(op.get("summary", "")).split()),
                description=str(op.get("description", "")).strip(),
                required_scope=_scope(op, where),
                experimental=bool(op.get("x-sdk-experimental", False)),
                path_params=path_params,
                query_params=query_params,
                body_model=body_model,
                body_fields=body_fields,
                body_skipped=skipped,
                response_kind=kind,
                response_model=response_model,
                item_model=item_model,
                bulk=bulk,
                throttle_class=throttle_class(op, document, where),
            )
            resource = resources.setdefault(
                resource_name, Resource(resource_name, _class_name(resource_name))
            )
            if any(o.sdk_method == sdk_method for o in resource.operations):
                raise SpecError(f"{where}: {resource_name}.{sdk_method} is defined twice")
            resource.operations.append(operation)
    return list(resources.values())
