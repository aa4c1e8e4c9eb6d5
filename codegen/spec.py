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
    schema_type: str  # "string" or "integer"; a query parameter also "boolean" or "array"
    annotation: str
    required: bool
    accepts_integer: bool = False
    minimum: int | None = None
    description: str = ""
    # Query parameters only (see `_query_shape`):
    items: str | None = None  # item type of an array, or of a JSON-encoded list
    style: str | None = None  # an array's OpenAPI style: form, spaceDelimited, pipeDelimited
    explode: bool = True  # an array's OpenAPI explode
    json: str | None = None  # x-sdk-json: the JSON kind of the value ("array", "object", "any")
    enum: tuple[str, ...] = ()


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
    response_kind: str  # "model", "model_or_none", "page", "none" or "json"
    response_model: str | None
    item_model: str | None
    bulk: Bulk | None = None
    personal_api_key_allowed: bool = True


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
    if raw.get("in") == "query":
        shape = _query_shape(raw, schema, resolver, where)
    elif schema_type not in ("string", "integer"):
        raise SpecError(f"{where}: parameter {raw['name']!r} must be a string or an integer")
    else:
        shape = {}
    accepts_integer = bool(raw.get("x-sdk-accepts-integer", False))
    base = _SIMPLE.get(schema_type, "Any")
    if schema_type == "string" and schema.get("format") == "uuid":
        base = "str | UUID"
    if accepts_integer and schema_type == "string":
        base = "str | int"
    return Param(
        name=raw["name"],
        location=raw["in"],
        schema_type=schema_type,
        annotation=shape.pop("annotation", base),
        required=bool(raw.get("required", False)),
        accepts_integer=accepts_integer,
        minimum=schema.get("minimum"),
        description=" ".join(str(raw.get("description", "")).split()),
        **shape,
    )


_QUERY_ITEM_TYPES = ("string", "integer", "boolean")
_ARRAY_STYLES = ("form", "spaceDelimited", "pipeDelimited")


def _builtin_list(annotation_text: str) -> str:
    """`annotation_text` with `list[` spelled `builtins.list[`: a resource's `list` method
    would otherwise shadow the type in its own signature."""
    return re.sub(r"(?<![\w.])list\[", "builtins.list[", annotation_text)


def _query_shape(
    raw: dict[str, Any], schema: dict[str, Any], resolver: _Resolver, where: str
) -> dict[str, Any]:
    """How a query parameter is typed and encoded: the annotation of its keyword argument and
    the `Param` fields `items`, `style`, `explode`, `json` and `enum` (only those that apply).

    A string, an integer or a boolean (sent `true`/`false`); an array of those, sent as its
    `style` and `explode` say (form, spaceDelimited or pipeDelimited; form and exploded by
    default); a string with an `enum` (a `Literal` of its values); a `type: string` parameter
    marked `x-sdk-json` with the schema of its decoded value, which the method takes and sends
    JSON-encoded.
    """
    name = raw["name"]
    schema_type = schema.get("type")
    if "x-sdk-json" in raw:
        if schema_type != "string":
            raise SpecError(f"{where}: x-sdk-json parameter {name!r} must be of type string")
        decoded = resolver.resolve(raw["x-sdk-json"])
        kind = decoded.get("type") if decoded.get("type") in ("array", "object") else "any"
        items = resolver.resolve(decoded.get("items", {})).get("type") if kind == "array" else None
        return {
            "annotation": _builtin_list(annotation(decoded, resolver)),
            "json": kind,
            "items": items if items in (*_QUERY_ITEM_TYPES, "object") else None,
        }
    if schema_type == "array":
        items = resolver.resolve(schema.get("items", {})).get("type")
        style = raw.get("style", "form")
        if items not in _QUERY_ITEM_TYPES or style not in _ARRAY_STYLES:
            raise SpecError(
                f"{where}: array parameter {name!r} needs items of type string, integer or "
                f"boolean and a style of {', '.join(_ARRAY_STYLES)}"
            )
        return {
            "annotation": f"builtins.list[{_SIMPLE[items]}]",
            "items": items,
            "style": style,
            "explode": bool(raw.get("explode", style == "form")),
        }
    if schema_type not in _QUERY_ITEM_TYPES:
        raise SpecError(
            f"{where}: query parameter {name!r} must be a string, an integer, a boolean or an "
            "array of those (or a string marked x-sdk-json)"
        )
    if schema_type == "string" and schema.get("enum"):
        values = tuple(str(value) for value in schema["enum"])
        return {"annotation": f"Literal[{', '.join(map(repr, values))}]", "enum": values}
    return {}


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
    return _model_kind(response, where), model, None


def _model_kind(response: dict[str, Any], where: str) -> str:
    """`model`, or `model_or_none` when the response is marked `x-sdk-may-be-empty` (the
    service may answer it without a body; the method then returns None)."""
    may_be_empty = response.get("x-sdk-may-be-empty", False)
    if not isinstance(may_be_empty, bool):
        raise SpecError(f"{where}: x-sdk-may-be-empty must be true or false")
    return "model_or_none" if may_be_empty else "model"


def _personal_api_key_allowed(op: dict[str, Any], where: str) -> bool:
    """`x-personal-api-key-allowed` (true when absent): false marks an operation the live
    service refuses to personal API keys."""
    allowed = op.get("x-personal-api-key-allowed", True)
    if not isinstance(allowed, bool):
        raise SpecError(f"{where}: x-personal-api-key-allowed must be true or false")
    return allowed


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
                annotation=_builtin_list(annotation(prop, resolver)),
                required=name in required,
                has_default="default" in prop,
                default=prop.get("default"),
                description=" ".join(str(prop.get("description", "")).split()),
            )
        )
    fields.sort(key=lambda f: not f.required)
    return _ref_name(schema["$ref"]), fields, skipped


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
                personal_api_key_allowed=_personal_api_key_allowed(op, where),
            )
            resource = resources.setdefault(
                resource_name, Resource(resource_name, _class_name(resource_name))
            )
            if any(o.sdk_method == sdk_method for o in resource.operations):
                raise SpecError(f"{where}: {resource_name}.{sdk_method} is defined twice")
            resource.operations.append(operation)
    return list(resources.values())
