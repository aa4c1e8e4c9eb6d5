"""Checking the whole spec before anything is written: every problem, each at its line.

Four checks, each on the whole document:
  1. every `$ref` is local and points at something;
  2. every schema `type` is one JSON Schema knows, and every key of a schema is a keyword
     of JSON Schema or OpenAPI (or an `x-` extension), and no `x-` key looks like a
     misspelt extension of the generator;
  3. the document is valid OpenAPI for the version it declares: openapi-spec-validator, as
     a library, each of its errors at the line of the node it concerns (`openapi_problems`);
  4. the generator's own rules (codegen.spec): names, parameters, responses, collisions.
`check` runs 1, 2 and 4, which take a fraction of a second on a whole API's spec; step 3
takes seconds, and its caller runs `openapi_problems` where `Checked.openapi_applies`
(codegen/generate.py: on a large spec, in a worker process while it renders the modules).

Errors refuse the whole spec: YAML that does not parse, a `$ref` to nothing, an unknown
type, names that collide. Everything else is a warning (`Problems.warn`): a violation of the
OpenAPI schema that does not stop generation (PostHog's spec has a default outside its
enum), and an operation that cannot be generated, which is left out and named.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from codegen.source import Pointer, Problems, Source, walk
from codegen.spec import Resource, _Resolver, read_operations

__all__ = ["Checked", "check", "openapi_problems"]

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
        elif not _of_its_kind(pointer, ref):
            section = ref.split("/")[2]
            kind = _COMPONENT_KINDS.get(section, f"a component of {section}")
            problems.add(
                (*pointer, "$ref"),
                f"$ref {ref!r} points at {kind} where a {_place(pointer)} belongs",
            )
            ok = False
    return ok


# What a component of each section is, and the section a `$ref` in each place must name.
_COMPONENT_KINDS = {
    "schemas": "a schema",
    "parameters": "a parameter",
    "responses": "a response",
    "requestBodies": "a request body",
    "headers": "a header",
    "examples": "an example",
    "securitySchemes": "a security scheme",
    "links": "a link",
    "callbacks": "a callback",
    "pathItems": "a path item",
}
_REF_SECTION = {
    "parameter": "parameters",
    "response": "responses",
    "request body": "requestBodies",
    "schema": "schemas",
}


def _place(pointer: Pointer) -> str | None:
    """What the object at `pointer` is by where it stands (a parameter, a response, a
    request body or a schema), or None where that is not told by its place."""
    last = pointer[-1] if pointer else None
    parent = pointer[-2] if len(pointer) >= 2 else None
    if parent == "parameters" and isinstance(last, int):
        return "parameter"
    if parent == "responses":
        return "response"
    if last == "requestBody":
        return "request body"
    if last in ("schema", "items", "additionalProperties", "not"):
        return "schema"
    if parent in ("allOf", "oneOf", "anyOf", "properties"):
        return "schema"
    return None


def _of_its_kind(pointer: Pointer, ref: str) -> bool:
    """Whether the `$ref` at `pointer` names a component of the section its place needs
    (a schema's `$ref` a schema, say): one to another kind would be read as this kind."""
    place = _place(pointer)
    section = ref.split("/")[2] if ref.startswith("#/components/") else None
    return place is None or section is None or section == _REF_SECTION[place]


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


def _check_type(pointer: Pointer, node: dict[Any, Any], problems: Problems) -> None:
    value = node["type"]
    values = value if isinstance(value, list) else [value]
    bad = [v for v in values if not isinstance(v, str) or v not in JSON_TYPES]
    if bad:
        problems.add(
            (*pointer, "type"),
            f"invalid type {bad[0]!r}: one of {', '.join(sorted(JSON_TYPES))} expected",
        )


def _closest(key: str, known: frozenset[str]) -> str | None:
    """The name of `known` that `key` looks like a misspelling of, if any."""
    close = difflib.get_close_matches(key, known, n=1, cutoff=0.8)
    return close[0] if close else None


def _unknown(key: str, what: str, closest: str | None) -> str:
    """The warning for a key that is not `what`: `'requird' is not a schema keyword: did
    you mean 'required'?`, the question only when there is a `closest` name."""
    hint = f": did you mean {closest!r}?" if closest is not None else ""
    return f"{key!r} is not {what}{hint}"


# The keywords of a schema in JSON Schema 2020-12 (OpenAPI 3.1) and OpenAPI 3.0.
SCHEMA_KEYWORDS = frozenset(
    """
    $schema $id $ref $anchor $dynamicRef $dynamicAnchor $defs $comment $vocabulary definitions
    allOf anyOf oneOf not if then else dependentSchemas prefixItems items contains properties
    patternProperties additionalProperties propertyNames unevaluatedItems unevaluatedProperties
    type enum const multipleOf maximum exclusiveMaximum minimum exclusiveMinimum maxLength
    minLength pattern maxItems minItems uniqueItems maxContains minContains maxProperties
    minProperties required dependentRequired title description default deprecated readOnly
    writeOnly examples format contentEncoding contentMediaType contentSchema nullable
    discriminator xml externalDocs example
    """.split()
)


def _check_keywords(pointer: Pointer, node: dict[Any, Any], problems: Problems) -> None:
    """Warn of each key of a schema that is no keyword: JSON Schema ignores it, so a typo
    (`requird`, `minLenght`) would drop a rule silently."""
    for key in node:
        if not isinstance(key, str) or key.startswith("x-") or key in SCHEMA_KEYWORDS:
            continue
        closest = _closest(key, SCHEMA_KEYWORDS)
        problems.warn((*pointer, key), _unknown(key, "a schema keyword", closest))


# The extensions the generator reads (`x-sdk-notes`: for the spec's readers).
EXTENSIONS = frozenset(
    """
    x-personal-api-key-allowed x-required-scope x-sdk-accepts-integer x-sdk-batch
    x-sdk-bulk-method x-sdk-bulk-param x-sdk-experimental x-sdk-idempotent x-sdk-json
    x-sdk-live-answer x-sdk-may-be-empty x-sdk-method x-sdk-none-answers x-sdk-notes
    x-sdk-resource x-throttle x-throttle-classes
    """.split()
)


def _check_extensions(document: Any, problems: Problems) -> None:
    """Warn of each `x-` key that looks meant for the generator but that it does not read:
    one in its `x-sdk-` namespace, or one close to a name it reads (`x-throtle`), which
    would otherwise change what is generated silently. Other tools' keys (`x-internal`)
    pass."""
    for pointer, node in walk(document):
        if not isinstance(node, dict) or (pointer and pointer[-1] == "properties"):
            continue  # not an object of the spec, or the map of property names
        if _in_data(pointer):
            continue
        for key in node:
            if not isinstance(key, str) or not key.startswith("x-") or key in EXTENSIONS:
                continue
            closest = _closest(key, EXTENSIONS)
            if closest is not None or key.startswith("x-sdk-"):
                message = _unknown(key, "an extension the generator reads", closest)
                problems.warn((*pointer, key), message)


def _version(document: Any) -> str:
    return str(document.get("openapi", "")) if isinstance(document, dict) else ""


def _located(base: type[Any], suffix: Pointer = ()) -> type[Any]:
    """`base`, a keyword validator of openapi-spec-validator, whose errors carry where they
    are: the keys of the node it checks (its first `SchemaPath` argument, then `suffix`)
    put in front of the error's `path`, which jsonschema keeps relative to that node. An
    error located once, by the innermost validator, is passed on as it is."""
    from jsonschema_path import SchemaPath

    class Located(base):  # type: ignore[misc]  # a base known at run time only
        def __call__(self, *args: Any, **kwargs: Any) -> Iterator[Any]:
            node = next((arg for arg in args if isinstance(arg, SchemaPath)), None)
            for error in super().__call__(*args, **kwargs):
                if node is not None and not getattr(error, "spec_located", False):
                    error.path.extendleft(reversed((*node.parts, *suffix)))
                    error.spec_located = True
                yield error

    return Located


def _validator(version: str) -> Any:
    """openapi-spec-validator's validator of OpenAPI `version` ("3.0" or "3.1"), its
    keyword validators `_located`, and the document checked against the OpenAPI schema by
    jsonschema.

    Where jsonschema-rs is installed (schemathesis brings it), openapi-spec-validator checks
    the document's schema with it instead, and its errors stop at the enclosing `oneOf`
    (`components.schemas.Thing` rather than its `required`): jsonschema's are located where
    the problem is, the same whatever else is installed."""
    from jsonschema.validators import validator_for
    from openapi_spec_validator import OpenAPIV30SpecValidator, OpenAPIV31SpecValidator
    from openapi_spec_validator.schemas import schema_v30, schema_v31

    base: Any = OpenAPIV30SpecValidator if version == "3.0" else OpenAPIV31SpecValidator
    openapi_schema = schema_v30 if version == "3.0" else schema_v31
    keywords = {
        name: _located(validator, ("default",) if name == "default" else ())
        for name, validator in base.keyword_validators.items()
        if name != "__root__"
    }
    return type(
        "LocatedSpecValidator",
        (base,),
        {
            "keyword_validators": {**base.keyword_validators, **keywords},
            "schema_validator": validator_for(openapi_schema)(openapi_schema),
        },
    )


def _pointer(document: Any, parts: Pointer) -> Pointer:
    """Where `parts` (keys from the root, as the validator walked them, through `$ref`s)
    lead in the document: past a `$ref`, the keys go on from the node it points at."""
    resolver = _Resolver(document)
    node: Any = document
    pointer: Pointer = ()
    for part in parts:
        followed: set[str] = set()  # a `$ref` to a `$ref` to itself ends
        while isinstance(node, dict) and part not in node and isinstance(node.get("$ref"), str):
            ref = node["$ref"]
            if ref in followed:
                break
            followed.add(ref)
            pointer = tuple(p.replace("~1", "/").replace("~0", "~") for p in ref[2:].split("/"))
            node = resolver.target(ref)[1]
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return (*pointer, part)
        pointer = (*pointer, part)
    return pointer


def openapi_problems(document: Any) -> list[tuple[Pointer, str]]:
    """What openapi-spec-validator finds wrong in `document`, each at the node it concerns,
    the most precise error of each branch only, each message starting `not valid OpenAPI
    <version>: `."""
    version = _version(document)
    if not version.startswith(("3.0", "3.1")):
        return [(("openapi",), f"OpenAPI 3.0 or 3.1 expected, got openapi: {version!r}")]
    errors: list[tuple[Pointer, str, bool]] = []  # (where, message, a failed branch)
    validator = _validator(version[:3])(document)
    try:
        for error in validator.iter_errors():
            parts = tuple(str(part) for part in error.absolute_path)
            branches = error.validator in ("oneOf", "anyOf")
            errors.append((_pointer(document, parts), error.message, branches))
    except Exception as error:  # the validator stops on what it cannot resolve
        errors.append(((), f"{type(error).__name__}: {error}", False))
    # Keep the most precise error of a branch: drop a failed `oneOf`/`anyOf` whose path
    # leads to another error's (the schema whose `required` is no list fails every branch
    # of the OpenAPI schema's; its `required` is the error).
    paths = [p for p, _, _ in errors]
    found = []
    for pointer, message, branches in errors:
        deeper = (len(o) > len(pointer) and o[: len(pointer)] == pointer for o in paths)
        if branches and any(deeper):
            continue
        if len(message) > 300:
            message = message[:297] + "..."
        found.append((pointer, f"not valid OpenAPI {version}: {message}"))
    return found


@dataclass
class Checked:
    """What `check` found: the spec's operations (`resources`), its `problems`, and whether
    `openapi_problems` applies to it (`openapi_applies`): not where the document is no
    mapping or a `$ref` leads nowhere, which refuse the spec already, and at which
    openapi-spec-validator would stop."""

    resources: list[Resource]
    problems: Problems
    openapi_applies: bool


def check(source: Source) -> Checked:
    """The spec's operations and every problem steps 1, 2 and 4 find (none when it can be
    generated); what step 3, `openapi_problems`, finds goes to `problems.warn`."""
    problems = Problems(source)
    document = source.document
    if not isinstance(document, dict):
        problems.add((), "the spec is not a mapping")
        return Checked(resources=[], problems=problems, openapi_applies=False)
    refs_ok = _check_refs(document, problems)
    for pointer, node in _schemas(document):
        _check_type(pointer, node, problems)
        _check_keywords(pointer, node, problems)
    _check_extensions(document, problems)
    resources = read_operations(document, problems)
    for resource in resources:
        for op in resource.operations:
            for name in (op.body_model, op.response_model, op.item_model):
                if name is not None and not name.isidentifier():
                    problems.add(
                        ("components", "schemas", name),
                        f"schema name {name!r} is not a Python identifier",
                    )
    return Checked(resources=resources, problems=problems, openapi_applies=refs_ok)
