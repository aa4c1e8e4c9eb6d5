"""Reading the OpenAPI document into the plain operation records the templates render.

Everything here is pure: it takes the parsed document and returns dataclasses. Every
problem found is reported to a `Problems` collector at the pointer of the node it concerns,
and reading goes on with the next operation, so that one run lists them all;
`read_operations` without a collector raises `SpecError` with every message instead.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from codegen.batch import Batch, attach_batches
from codegen.naming import (
    RESERVED_METHOD_NAMES,
    Derived,
    class_name,
    derive,
    is_identifier,
    resolve_collisions,
)
from codegen.source import Pointer, Problems

HTTP_METHODS = ("get", "put", "post", "patch", "delete")
# Path parameters that fall back to a default given to the client (`environment_id` is
# PostHog's current name of the project of environment paths).
CLIENT_DEFAULTS = ("project_id", "environment_id", "organization_id")
# drf-spectacular's retrieve action: a retrieve of one object (one id besides the project or
# organization, at the end of the path) gets a bulk method, `get_many`.
_RETRIEVE = re.compile(r"_retrieve(_\d+)?$")
OPTION_NAMES = frozenset({"timeout", "deadline", "extra_headers", "extra_query", "extra_body"})
# Names a keyword argument of a generated method cannot take.
_NOT_ARGUMENTS = OPTION_NAMES | {"self", "concurrency", "return_exceptions"}


class SpecError(ValueError):
    """The spec cannot be turned into an SDK; the message says where and why."""


class _Skip(Exception):
    """This operation cannot be generated: what is wrong, at `pointer` (reported as a
    warning naming the operation; the rest of the spec is generated)."""

    def __init__(self, pointer: Pointer, message: str) -> None:
        super().__init__(message)
        self.pointer = pointer
        self.message = message


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
    # Given to a retrieve operation without `x-sdk-bulk-method`: named `<method>_many` once
    # the method's name is known, and left out where that name is taken.
    derived: bool = False


@dataclass
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
    batch: Batch | None = None  # x-sdk-batch (codegen/batch.py)
    # Query parameters the method does not take as arguments (pass them in `extra_query`).
    query_skipped: list[str] = field(default_factory=list)
    personal_api_key_allowed: bool = True
    # Every throttle class that counts the request; the first is the main one.
    throttle_classes: tuple[str, ...] = ()
    # Every scope the operation needs (`required_scope` is the first), as APIScopePermission.
    required_scopes: tuple[str, ...] = ()
    # How the body is sent: "json" or "multipart" (multipart/form-data).
    body_encoding: str = "json"

    @property
    def throttle_class(self) -> str | None:
        """The operation's main throttle class (the first of `throttle_classes`)."""
        return self.throttle_classes[0] if self.throttle_classes else None

    # JSON bodies of a 2xx answer that mean "no result" (the method returns None).
    none_answers: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Resource:
    attribute: str
    class_name: str
    operations: list[Operation] = field(default_factory=list)


def _ref_name(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]


def _unescape(part: str) -> str:
    return part.replace("~1", "/").replace("~0", "~")


class _Resolver:
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


_SIMPLE = {"string": "str", "integer": "int", "number": "float", "boolean": "bool"}


def _enum_only(schema: dict[str, Any], value: object) -> bool:
    return schema.get("enum") == [value] and schema.get("type") in (None, "string")


def annotation(schema: Any, resolver: _Resolver) -> str:
    """The Python annotation a keyword argument of this JSON schema gets.

    Understands OpenAPI 3.1 type lists and 3.0 `nullable`, `allOf` of one schema (how
    drf-spectacular attaches a description to a `$ref`), and drf-spectacular's
    `BlankEnum`/`NullEnum` members of a `oneOf` (an empty string, a null).
    """
    schema = resolver.resolve(schema)
    if not isinstance(schema, dict):
        return "Any"
    nullable = schema.get("nullable") is True
    parts: list[str] = []
    if "anyOf" in schema or "oneOf" in schema:
        for sub in schema.get("anyOf", schema.get("oneOf")) or []:
            resolved = resolver.resolve(sub)
            if isinstance(resolved, dict) and _enum_only(resolved, None):
                nullable = True
                continue
            if isinstance(resolved, dict) and _enum_only(resolved, ""):
                parts.append("str")
                continue
            parts.append(annotation(sub, resolver))
        if "Any" in parts:
            return "Any"
    elif isinstance(schema.get("allOf"), list) and len(schema["allOf"]) == 1:
        parts.append(annotation(schema["allOf"][0], resolver))
    else:
        types = schema.get("type")
        if types is None:
            return "Any"
        for type_name in [types] if isinstance(types, str) else types:
            if type_name == "null":
                nullable = True
            elif type_name == "array":
                items = schema.get("items")
                parts.append(f"list[{annotation(items, resolver)}]" if items else "list[Any]")
            elif type_name == "object":
                parts.append("dict[str, Any]")
            else:
                parts.append(_SIMPLE.get(type_name, "Any"))
        if "enum" in schema and None in schema["enum"]:
            nullable = True
    if "Any" in parts:
        return "Any"
    names = [p for p in dict.fromkeys(parts) if p != "None"]
    if nullable or "None" in parts:
        names.append("None")
    return " | ".join(names) or "Any"


def _constant(operation_id: str) -> str:
    return re.sub(r"[^0-9A-Za-z]+", "_", operation_id).strip("_").upper()


def _param(raw: dict[str, Any], resolver: _Resolver, where: str) -> Param:
    raw = resolver.resolve(raw)
    schema = resolver.resolve(raw.get("schema", {}))
    schema_type = schema.get("type")
    if raw.get("in") == "query":
        shape = _query_shape(raw, schema, resolver, where)  # SpecError: reported by the caller
    elif schema_type not in ("string", "integer"):
        return Param(raw["name"], raw["in"], f"unsupported:{schema_type}", "Any", False)
    else:
        shape = {}
    # The public API promises `project_id` takes an int or a str, whatever the spec's type.
    accepts_integer = bool(
        raw.get("x-sdk-accepts-integer", raw["name"] in ("project_id", "environment_id"))
    )
    base = _SIMPLE.get(str(schema_type), "Any")
    if schema_type == "string" and schema.get("format") == "uuid":
        base = "str | UUID"
    if accepts_integer and schema_type == "string":
        base = "str | int"
    return Param(
        name=raw["name"],
        location=raw["in"],
        schema_type=shape.pop("schema_type", schema_type),
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
    if schema_type in ("object", None) or (
        schema_type == "array" and _items_type(schema, resolver) not in _QUERY_ITEM_TYPES
    ):
        return _json_query(schema, resolver)
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


def _security_scopes(
    op: dict[str, Any], document: dict[str, Any], at: Pointer, problems: Problems
) -> list[str]:
    """The scopes a key needs for the operation, read as PostHog's `APIScopePermission`
    reads a view's `required_scopes`: every scope of a requirement is needed (each `X:read`
    also granted by `X:write`). drf-spectacular writes one requirement per authentication
    class, so requirements usually repeat; where they differ (alternatives), the first is
    taken and a warning says so."""
    security = op.get("security", document.get("security", []))
    requirements: list[list[str]] = []
    for requirement in security if isinstance(security, list) else []:
        scopes: list[str] = []
        for listed in (requirement or {}).values() if isinstance(requirement, dict) else []:
            scopes.extend(s for s in listed or [] if isinstance(s, str) and s not in scopes)
        if scopes and scopes not in requirements:
            requirements.append(scopes)
    if len(requirements) > 1:
        problems.warn(
            (*at, "security"),
            f"security lists alternative scope sets {requirements}: the client checks the first",
        )
    return requirements[0] if requirements else []


def _items_type(schema: dict[str, Any], resolver: _Resolver) -> Any:
    items = resolver.resolve(schema.get("items", {}))
    return items.get("type", "object" if "properties" in items else None) if items else None


def _json_query(schema: dict[str, Any], resolver: _Resolver) -> dict[str, Any]:
    """An object, an array of objects, or an untyped query parameter: the method takes the
    value and sends it JSON-encoded, as PostHog's `query_as_params_to_dict` json-loads every
    query value."""
    schema_type = schema.get("type")
    if schema_type == "object":
        return {"annotation": "dict[str, Any]", "json": "object", "schema_type": "string"}
    if schema_type == "array":
        items = _items_type(schema, resolver)
        return {
            "annotation": _builtin_list(annotation(schema, resolver)),
            "json": "array",
            "items": items if items in (*_QUERY_ITEM_TYPES, "object") else None,
            "schema_type": "string",
        }
    return {"annotation": "Any", "json": "any", "schema_type": "string"}


def _scope(
    op: dict[str, Any], document: dict[str, Any], at: Pointer, problems: Problems
) -> list[str]:
    """`x-required-scope`, else every scope the operation's `security` requires."""
    declared = op.get("x-required-scope")
    from_security = _security_scopes(op, document, at, problems)
    if declared is None:
        return from_security
    if not isinstance(declared, str):
        problems.warn((*at, "x-required-scope"), "x-required-scope must be a string: ignored")
        return from_security
    if from_security and from_security != [declared]:
        problems.warn(
            (*at, "x-required-scope"),
            f"x-required-scope {declared!r} disagrees with security {from_security}",
        )
    return [declared]


def _json_content(content: Any) -> Any:
    if not isinstance(content, dict):
        return None
    for media_type, value in content.items():
        if media_type == "application/json" or str(media_type).endswith("+json"):
            return value
    return None


def _response(
    op: dict[str, Any], resolver: _Resolver, at: Pointer, problems: Problems
) -> tuple[str, str | None, str | None]:
    responses = op.get("responses") or {}
    success = sorted(str(code) for code in responses if str(code).startswith("2"))
    if not success:
        if _refused(op):
            return "none", None, None
        raise _Skip((*at, "responses"), "no 2xx response and no error response either")
    key = next(code for code in responses if str(code) == success[0])
    response = resolver.resolve(responses[key])
    content = _json_content(response.get("content"))
    if content is None:
        return "none", None, None
    schema = content.get("schema") or {}
    if "$ref" not in schema:
        return "json", None, None
    model = _ref_name(schema["$ref"])
    resolved = resolver.resolve(schema)
    results = (resolved.get("properties") or {}).get("results")
    results = resolver.resolve(results) if results is not None else None
    if isinstance(results, dict) and results.get("type") == "array":
        items = results.get("items") or {}
        if "$ref" in items:
            return "page", model, _ref_name(items["$ref"])
    return _model_kind(response), model, None


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


def throttle_classes(op: dict[str, Any], document: dict[str, Any], where: str) -> tuple[str, ...]:
    """The operation's `x-throttle` (a class, or a list of them), each a class of
    `x-throttle-classes`; the first is the operation's main class."""
    value = op.get("x-throttle")
    names = value if isinstance(value, list) else [] if value is None else [value]
    declared = document.get("x-throttle-classes") or {}
    for name in names:
        if not isinstance(name, str) or name not in declared:
            raise SpecError(f"{where}: x-throttle {name!r} is not in x-throttle-classes")
    if len(set(names)) != len(names):
        raise SpecError(f"{where}: x-throttle names a class twice")
    return tuple(names)


def _success_response(op: dict[str, Any], resolver: _Resolver) -> dict[str, Any]:
    """The operation's first 2xx response object (the lowest code; {} when it has none)."""
    responses = op.get("responses") or {}
    success = sorted((str(code), code) for code in responses if str(code).startswith("2"))
    found = resolver.resolve(responses[success[0][1]]) if success else {}
    return found if isinstance(found, dict) else {}


def _refused(op: dict[str, Any]) -> list[str]:
    """The error statuses of an operation that lists no success at all (drf-spectacular's
    hard deletes the service turns off answer only 405), else []."""
    responses = op.get("responses")
    if not isinstance(responses, dict) or any(str(c).startswith("2") for c in responses):
        return []
    return sorted(str(code) for code in responses if str(code)[:1] in ("4", "5"))


def _refusal_note(op: dict[str, Any]) -> str:
    """The docstring paragraph of an operation the service refuses ("" for others)."""
    codes = _refused(op)
    if not codes:
        return ""
    return (
        f"The service refuses this operation: its spec lists no success response, only "
        f"{', '.join(codes)}. A call sends the request and raises the service's error."
    )


def _model_kind(response: dict[str, Any]) -> str:
    """`model`, or `model_or_none` when the response is marked `x-sdk-may-be-empty` (the
    service may answer it without a body) or lists `x-sdk-none-answers` (JSON bodies that
    stand for no result); the method then returns None for those answers."""
    if response.get("x-sdk-may-be-empty") is True or response.get("x-sdk-none-answers"):
        return "model_or_none"
    return "model"


def _personal_api_key_allowed(op: dict[str, Any]) -> bool:
    """`x-personal-api-key-allowed` (true when absent): false marks an operation the live
    service refuses to personal API keys."""
    return op.get("x-personal-api-key-allowed", True) is not False


def _body_content(request_body: Any, at: Pointer) -> tuple[str, Any]:
    """(encoding, media type object) of a request body: JSON where offered, else
    multipart/form-data; a body of neither is not generated."""
    content = request_body.get("content") if isinstance(request_body, dict) else None
    found = _json_content(content)
    if found is not None:
        return "json", found
    if isinstance(content, dict) and isinstance(content.get("multipart/form-data"), dict):
        return "multipart", content["multipart/form-data"]
    types = sorted(content) if isinstance(content, dict) else []
    raise _Skip(
        (*at, "requestBody"),
        f"the request body has neither application/json nor multipart/form-data content "
        f"(it has {', '.join(map(str, types)) or 'none'})",
    )


def _body(
    op: dict[str, Any], resolver: _Resolver, path_names: set[str], at: Pointer, problems: Problems
) -> tuple[str | None, list[BodyField], list[str], str]:
    """(model, fields, fields left out, encoding) of the operation's request body."""
    request_body = op.get("requestBody")
    if request_body is None:
        return None, [], [], "json"
    encoding, content = _body_content(resolver.resolve(request_body), at)
    schema = content.get("schema") or {}
    if "$ref" not in schema:
        raise _Skip(
            (*at, "requestBody"), "the request body must reference a component schema ($ref)"
        )
    properties, required = resolver.object_properties(schema)
    fields: list[BodyField] = []
    skipped: list[str] = []
    for name, raw in properties.items():
        prop = resolver.resolve(raw)
        if isinstance(prop, dict) and prop.get("readOnly") is True:
            continue  # never sent
        if name in path_names or name in _NOT_ARGUMENTS or not is_identifier(name):
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
    return _ref_name(schema["$ref"]), fields, skipped, encoding


def _is_binary(schema: Any) -> bool:
    """A file field of a multipart body: `type: string, format: binary`."""
    return isinstance(schema, dict) and schema.get("format") == "binary"


def _enum_values(schema: Any, resolver: _Resolver) -> list[Any]:
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


def _field_description(raw: Any, resolver: _Resolver) -> str:
    """A body field's own description (not that of the schema it references), and the
    values of an enum."""
    own = raw if isinstance(raw, dict) and "$ref" not in raw else {}
    text = " ".join(_text(own.get("description")).split())
    values = _enum_values(raw, resolver)
    if values and len(values) <= 12:
        listed = ", ".join(f"``{v}``" for v in values)
        text = f"{text} One of {listed}.".strip()
    elif values:
        text = f"{text} One of {len(values)} values (see the model's enum).".strip()
    return text


def _text(value: object) -> str:
    return str(value) if isinstance(value, str) else ""


def _read_one(
    path: str,
    method: str,
    op: dict[str, Any],
    shared: list[Any],
    document: dict[str, Any],
    resolver: _Resolver,
    problems: Problems,
) -> tuple[Operation, Derived | None]:
    at: Pointer = ("paths", path, method)
    operation_id = op.get("operationId")
    if not isinstance(operation_id, str) or not operation_id:
        raise _Skip(at, "the operation has no operationId")
    resource_name = op.get("x-sdk-resource")
    sdk_method = op.get("x-sdk-method")
    derivation = derive(operation_id, op.get("tags") or [], path, method)
    derived: Derived | None = derivation
    if resource_name is None:
        resource_name = derivation.resource
    elif not is_identifier(resource_name) or resource_name in RESERVED_METHOD_NAMES:
        raise _Skip(
            (*at, "x-sdk-resource"), f"x-sdk-resource {resource_name!r} is not a Python identifier"
        )
    if sdk_method is None:
        sdk_method = derivation.method
    elif not is_identifier(sdk_method) or sdk_method in RESERVED_METHOD_NAMES:
        raise _Skip(
            (*at, "x-sdk-method"), f"x-sdk-method {sdk_method!r} is not a Python identifier"
        )
    else:
        derived = None  # named by the spec: kept as written
    raw_params = [*shared, *(op.get("parameters") or [])]
    params: list[Param] = []
    for index, raw in enumerate(raw_params):
        resolved = resolver.resolve(raw)
        if not isinstance(resolved, dict) or "name" not in resolved or "in" not in resolved:
            continue  # reported by the OpenAPI validation
        if resolved["in"] not in ("path", "query"):
            continue  # headers and cookies: set through extra_headers
        where = (
            (*at, "parameters", index - len(shared))
            if index >= len(shared)
            else ("paths", path, "parameters", index)
        )
        try:
            param = _param(resolved, resolver, f"{method.upper()} {path}")
        except SpecError as exc:
            raise _Skip(where, str(exc)) from None
        if param.location == "path" and param.schema_type not in ("string", "integer"):
            raise _Skip(where, f"path parameter {param.name!r} must be a string or an integer")
        if param.location == "path" and (
            not is_identifier(param.name) or param.name in _NOT_ARGUMENTS
        ):
            raise _Skip(where, f"path parameter {param.name!r} is not usable as an argument name")
        params = [p for p in params if (p.name, p.location) != (param.name, param.location)]
        params.append(param)  # an operation's parameter overrides the path item's
    placeholders = re.findall(r"{([^}]+)}", path)
    by_name = {p.name: p for p in params if p.location == "path"}
    if sorted(placeholders) != sorted(by_name):
        raise _Skip(
            (*at, "parameters"),
            f"path parameters {sorted(by_name)} do not match the placeholders {placeholders}",
        )
    path_params = [by_name[name] for name in placeholders]
    query_params: list[Param] = []
    query_skipped: list[str] = []
    for p in params:
        if p.location != "query":
            continue
        if (
            not p.schema_type.startswith("unsupported:")
            and is_identifier(p.name)
            and p.name not in _NOT_ARGUMENTS
            and p.name not in by_name
        ):
            query_params.append(p)
        else:
            query_skipped.append(p.name)
    body_model, body_fields, skipped, body_encoding = _body(
        op, resolver, {p.name for p in path_params + query_params}, at, problems
    )
    kind, response_model, item_model = _response(op, resolver, at, problems)
    none_answers = _success_response(op, resolver).get("x-sdk-none-answers") or []
    if not isinstance(none_answers, list) or (none_answers and kind != "model_or_none"):
        problems.add((*at, "responses"), "x-sdk-none-answers must list JSON bodies of a model")
        raise _Skip
    for holder, extension, where_at in (
        (op, "x-personal-api-key-allowed", at),
        (_success_response(op, resolver), "x-sdk-may-be-empty", (*at, "responses")),
    ):
        if extension in holder and not isinstance(holder[extension], bool):
            raise _Skip(where_at, f"{extension} must be true or false")
    bulk = None
    if "x-sdk-bulk-method" in op:
        bulk = Bulk(method=op["x-sdk-bulk-method"], param=op.get("x-sdk-bulk-param", ""))
        if not is_identifier(bulk.method) or bulk.method in RESERVED_METHOD_NAMES:
            raise _Skip(
                (*at, "x-sdk-bulk-method"),
                f"x-sdk-bulk-method {bulk.method!r} is not a Python identifier",
            )
        if bulk.param not in placeholders or kind != "model":
            raise _Skip(
                (*at, "x-sdk-bulk-param" if bulk.param not in placeholders else "responses"),
                f"a bulk method needs a path parameter and a model: x-sdk-bulk-param "
                f"{bulk.param!r}, path parameters {placeholders}",
            )
    elif kind in ("model", "json") and _RETRIEVE.search(operation_id):
        ids = [name for name in placeholders if name not in CLIENT_DEFAULTS]
        if len(ids) == 1 and path.rstrip("/").endswith(f"{{{ids[0]}}}"):
            bulk = Bulk(method="", param=ids[0], derived=True)
    try:
        throttles = throttle_classes(op, document, f"{method.upper()} {path}")
    except SpecError as exc:
        raise _Skip((*at, "x-throttle"), str(exc)) from None
    scopes = _scope(op, document, at, problems)
    summary = " ".join(_text(op.get("summary")).split())
    description = _text(op.get("description")).strip()
    if not summary and description:
        first, _, rest = description.partition("\n\n")
        summary, description = " ".join(first.split()), rest.strip()
    if not summary:
        summary = f"Operation ``{operation_id}``."
    note = _refusal_note(op)
    if note:
        description = f"{note}\n\n{description}".strip()
    operation = Operation(
        operation_id=operation_id,
        constant=_constant(operation_id),
        method=method.upper(),
        path=path,
        resource=resource_name,
        sdk_method=sdk_method,
        summary=summary,
        description=description,
        required_scope=scopes[0] if scopes else None,
        required_scopes=tuple(scopes),
        body_encoding=body_encoding,
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
        query_skipped=query_skipped,
        personal_api_key_allowed=_personal_api_key_allowed(op),
        throttle_classes=throttles,
        none_answers=tuple(none_answers),
    )
    return operation, derived


def read_operations(document: dict[str, Any], problems: Problems | None = None) -> list[Resource]:
    """Every operation of the document, grouped by resource in document order.

    With `problems`, every problem is reported there and the readable operations are
    returned; without, the problems are raised together as one `SpecError`.
    """
    collector = problems if problems is not None else Problems()
    resolver = _Resolver(document)
    read: list[tuple[Operation, Derived | None]] = []
    seen_ids: dict[str, Pointer] = {}
    seen_constants: dict[str, str] = {}
    paths = document.get("paths") or {}
    for path, item in paths.items() if isinstance(paths, dict) else []:
        if not isinstance(item, dict):
            continue
        shared = item.get("parameters") or []
        for method in HTTP_METHODS:
            op = item.get(method)
            if not isinstance(op, dict):
                continue
            at: Pointer = ("paths", path, method)
            operation_id = op.get("operationId")
            if isinstance(operation_id, str) and operation_id in seen_ids:
                collector.add((*at, "operationId"), f"operationId {operation_id!r} is repeated")
                continue
            try:
                operation, derived = _read_one(
                    path, method, op, shared, document, resolver, collector
                )
            except _Skip as skip:
                label = operation_id if isinstance(operation_id, str) else method.upper()
                collector.warn(skip.pointer, f"{label} ({method.upper()} {path}) is not "
                               f"generated: {skip.message}")  # fmt: skip
                continue
            seen_ids[operation.operation_id] = at
            other = seen_constants.get(operation.constant)
            if other is not None:
                collector.add(
                    (*at, "operationId"),
                    f"operationIds {other!r} and {operation.operation_id!r} give the same "
                    f"constant {operation.constant}",
                )
                continue
            seen_constants[operation.constant] = operation.operation_id
            read.append((operation, derived))
    names = resolve_collisions(
        [(op.resource, op.sdk_method) for op, _ in read], [d for _, d in read]
    )
    resources: dict[str, Resource] = {}
    final: dict[str, set[str]] = {}
    for (operation, _), name in zip(read, names, strict=True):
        final.setdefault(operation.resource, set()).add(name)
    for (operation, _), name in zip(read, names, strict=True):
        operation.sdk_method = name
        if operation.bulk is not None and operation.bulk.derived:
            many = "get_many" if name == "get" else f"{name}_many"
            operation.bulk = Bulk(many, operation.bulk.param, derived=True)
            if many in final[operation.resource] or many in RESERVED_METHOD_NAMES:
                operation.bulk = None
        resource = resources.setdefault(
            operation.resource, Resource(operation.resource, class_name(operation.resource))
        )
        taken = {o.sdk_method for o in resource.operations} | {
            o.bulk.method for o in resource.operations if o.bulk
        }
        at = ("paths", operation.path, operation.method.lower())
        if name in taken:
            collector.add((*at, "x-sdk-method"), f"{operation.resource}.{name} is defined twice")
            continue
        if operation.bulk and operation.bulk.derived and operation.bulk.method in taken:
            operation.bulk = None
        if operation.bulk and operation.bulk.method in taken | {name}:
            collector.add(
                (*at, "x-sdk-bulk-method"),
                f"{operation.resource}.{operation.bulk.method} is defined twice",
            )
            continue
        resource.operations.append(operation)
    classes: dict[str, str] = {}
    for resource in resources.values():
        other = classes.get(resource.class_name)
        if other is not None:
            first = resource.operations[0]
            collector.add(
                ("paths", first.path, first.method.lower()),
                f"resources {other!r} and {resource.attribute!r} give the same class "
                f"{resource.class_name}",
            )
        classes[resource.class_name] = resource.attribute
    attach_batches(document, [o for r in resources.values() for o in r.operations], collector)
    if problems is None and (collector or collector.warnings):
        raise SpecError("\n".join([*collector.messages, *(w.message for w in collector.warnings)]))
    return [r for r in resources.values() if r.operations]
