"""Checking the whole spec before anything is written: every problem, each at its line.

In this order, each one on the whole document:
  1. every `$ref` is local and points at something;
  2. every schema `type` is one JSON Schema knows;
  3. the document is valid OpenAPI for the version it declares (codegen/openapi_rules.py:
     openapi-spec-validator's checks, the schema part compiled);
  4. the generator's own rules (codegen.spec): names, parameters, responses, collisions.

Errors refuse the whole spec: YAML that does not parse, a `$ref` to nothing, an unknown
type, names that collide. Everything else is a warning (`Problems.warn`): a violation of the
OpenAPI schema that does not stop generation (PostHog's spec has a default outside its
enum), and an operation that cannot be generated, which is left out and named.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from codegen.openapi_rules import openapi_rule_problems
from codegen.source import Pointer, Problems, Source, walk
from codegen.spec import Resource, _Resolver, read_operations

__all__ = ["check"]

JSON_TYPES = frozenset({"string", "integer", "number", "boolean", "array", "object", "null"})


def _check_refs(document: Any, problems: Problems) -> bool:
    resolver = _Resolver(document)
    ok = True
    for pointer, node in walk(document):
        if not isinstance(node, dict) or "$ref" not in node:
            continue
        ref = node["$ref"]
        if not isinstance(ref, str) or not ref.startswith("#/"):
            problems.add((*pointer, "$ref"), f"only local $ref ('#/...') is supported, got {ref!r}")
            ok = False
        elif not resolver.target(ref)[0]:
            problems.add((*pointer, "$ref"), f"$ref {ref!r} points at nothing")
            ok = False
    return ok


# Keys whose values are data, not schemas: a "type" inside them is no schema type.
_DATA_KEYS = frozenset({"example", "examples", "default", "enum", "const"})


def _in_data(pointer: Pointer) -> bool:
    """Whether `pointer` lies inside example or default data (a key of that name directly
    under `properties` is a property, not data)."""
    return any(
        key in _DATA_KEYS and (index == 0 or pointer[index - 1] != "properties")
        for index, key in enumerate(pointer)
    )


def _schemas(document: Any) -> Iterator[tuple[Pointer, Any]]:
    for pointer, node in walk(document):
        if not isinstance(node, dict) or "type" not in node:
            continue
        if len(pointer) >= 2 and pointer[:2] == ("components", "securitySchemes"):
            continue
        if pointer and pointer[-1] == "properties":
            continue  # the map of property names: a property may be called "type"
        if _in_data(pointer):
            continue
        yield pointer, node


def _check_types(document: Any, problems: Problems) -> None:
    for pointer, node in _schemas(document):
        value = node["type"]
        values = value if isinstance(value, list) else [value]
        bad = [v for v in values if not isinstance(v, str) or v not in JSON_TYPES]
        if bad:
            problems.add(
                (*pointer, "type"),
                f"invalid type {bad[0]!r}: one of {', '.join(sorted(JSON_TYPES))} expected",
            )


def _default_at(document: Any, value: object) -> Pointer:
    """Where a schema's `default` is `value`: the validator reports a default outside its
    schema without a path. () when no default holds it."""
    for pointer, node in walk(document):
        found = isinstance(node, dict) and "default" in node and node["default"] == value
        if found and not _in_data(pointer):
            return (*pointer, "default")
    return ()


def _version(document: Any) -> str:
    return str(document.get("openapi", "")) if isinstance(document, dict) else ""


def openapi_problems(document: Any) -> list[tuple[Pointer, str]]:
    """What is wrong with `document` as OpenAPI (codegen.openapi_rules), most precise error
    of each branch only, each message starting `not valid OpenAPI <version>: `."""
    version = _version(document)
    if not version.startswith(("3.0", "3.1")):
        return [(("openapi",), f"OpenAPI 3.0 or 3.1 expected, got openapi: {version!r}")]
    found = []
    for pointer, message in openapi_rule_problems(document, version[:3]):
        if len(message) > 300:
            message = message[:297] + "..."
        found.append((pointer, f"not valid OpenAPI {version}: {message}"))
    return found


def spec_validator_problems(document: Any) -> list[tuple[Pointer, str]]:
    """What openapi-spec-validator finds wrong in `document`, with its python-jsonschema
    backend (never jsonschema-rs, which `openapi_problems` runs itself), most precise error
    of each branch only: the reference `openapi_problems` is tested against."""
    from jsonschema.exceptions import ValidationError
    from openapi_spec_validator import OpenAPIV30SpecValidator, OpenAPIV31SpecValidator
    from openapi_spec_validator.schemas import schema_v30, schema_v31
    from openapi_spec_validator.schemas.backend.jsonschema import create_validator

    version = _version(document)
    if version.startswith("3.0"):
        base: Any = OpenAPIV30SpecValidator
        schema: Any = schema_v30
    elif version.startswith("3.1"):
        base, schema = OpenAPIV31SpecValidator, schema_v31
    else:
        return [(("openapi",), f"OpenAPI 3.0 or 3.1 expected, got openapi: {version!r}")]
    validator_class = type("PythonBackend", (base,), {"schema_validator": create_validator(schema)})
    errors: list[tuple[Pointer, str]] = []
    try:
        for error in validator_class(document).iter_errors():
            if isinstance(error, ValidationError):
                pointer = tuple(error.absolute_path) or _default_at(document, error.instance)
                errors.append((pointer, error.message))
            else:
                errors.append(((), str(error)))
    except Exception as error:  # the validator stops on what it cannot resolve
        errors.append(((), f"{type(error).__name__}: {error}"))
    # Keep the most precise error of a branch: drop a failed branch (`oneOf`/`anyOf`) whose
    # path leads to another error's. Other errors stay: the paths of errors found inside a
    # schema are relative to it, so a path may lead to another only by chance.
    paths = [p for p, _ in errors]
    found = []
    for pointer, message in errors:
        deeper = (len(o) > len(pointer) and o[: len(pointer)] == pointer for o in paths)
        if "is not valid under any of the given schemas" in message and any(deeper):
            continue
        if len(message) > 300:
            message = message[:297] + "..."
        found.append((pointer, f"not valid OpenAPI {version}: {message}"))
    return found


def check(source: Source, *, openapi: bool = True) -> tuple[list[Resource], Problems]:
    """Every problem of the spec (empty when it can be generated) and its operations.

    `openapi=False` leaves out step 3 (the caller runs `openapi_problems` itself)."""
    problems = Problems(source)
    document = source.document
    if not isinstance(document, dict):
        problems.add((), "the spec is not a mapping")
        return [], problems
    refs_ok = _check_refs(document, problems)
    _check_types(document, problems)
    if refs_ok and openapi:
        for pointer, message in openapi_problems(document):
            problems.warn(pointer, message)
    resources = read_operations(document, problems)
    for resource in resources:
        for op in resource.operations:
            for name in (op.body_model, op.response_model, op.item_model):
                if name is not None and not name.isidentifier():
                    problems.add(
                        ("components", "schemas", name),
                        f"schema name {name!r} is not a Python identifier",
                    )
    return resources, problems
