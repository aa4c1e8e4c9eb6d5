"""What is wrong with a document as OpenAPI 3.0 or 3.1: the rules openapi-spec-validator
checks, in compiled code where it can be.

  1. The document against the OpenAPI JSON Schema of its version (the one
     openapi-spec-validator ships), by jsonschema-rs: the most precise error of each branch.
  2. What that schema cannot say (openapi-spec-validator's own rules, on the parsed
     document): every schema `default` is a value of its schema (a `null` default of a
     nullable schema excepted); the `required` names of a schema with `allOf` are
     properties of it; an operation's path parameters are those of its path; no parameter
     is listed twice; operationIds and tag names are unique.
Each problem is (pointer, message); messages are those of openapi-spec-validator and
jsonschema.
"""

from __future__ import annotations

import importlib.util
import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from codegen.defaults import default_errors
from codegen.keywords import keyword_problems
from codegen.source import Pointer

__all__ = ["openapi_rule_problems"]

HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


@cache
def _validator(version: str) -> Any:
    """A compiled validator of the OpenAPI JSON Schema `version` ("3.0" or "3.1")."""
    import jsonschema_rs

    spec = importlib.util.find_spec("openapi_spec_validator")
    assert spec is not None
    assert spec.submodule_search_locations
    folder = Path(next(iter(spec.submodule_search_locations))) / "resources" / "schemas"
    schema = json.loads((folder / f"v{version}" / "schema.json").read_text(encoding="utf-8"))
    return jsonschema_rs.validator_for(schema)


def _structure(document: dict[str, Any], version: str) -> list[tuple[Pointer, str]]:
    errors = [
        (tuple(str(p) for p in error.instance_path), error.message)
        for error in _validator(version).iter_errors(document)
    ]
    paths = [p for p, _ in errors]
    return [
        (pointer, message)
        for pointer, message in errors
        if not any(len(o) > len(pointer) and o[: len(pointer)] == pointer for o in paths)
    ]


class _Rules:
    """openapi-spec-validator's rules over one document (see the module's docstring)."""

    def __init__(self, document: dict[str, Any], openapi_30: bool) -> None:
        self.document = document
        self.openapi_30 = openapi_30
        self.seen: set[int] = set()
        self.found: list[tuple[Pointer, str]] = []
        # Keywords of a schema of the wrong JSON type (`keyword_problems`).
        self.keywords: list[tuple[Pointer, str]] = []

    def schema(self, node: Any, at: Pointer, top: bool = True) -> None:
        if not isinstance(node, dict) or id(node) in self.seen:
            return
        self.seen.add(id(node))
        self.keywords.extend(keyword_problems(node, at, self.openapi_30))
        nested: set[str] = set()
        for key in ("allOf", "anyOf", "oneOf"):
            for index, inner in enumerate(_listed(node.get(key))):
                target, where = self._resolved(inner)
                self.schema(target, where or (*at, key, str(index)), False)
                if key == "allOf":
                    nested |= _properties(target, self)
        for key in ("not", "items", "additionalProperties"):
            if isinstance(node.get(key), dict):
                inner, where = self._resolved(node[key])
                self.schema(inner, where or (*at, key), False)
        properties = node.get("properties")
        properties = properties if isinstance(properties, dict) else {}
        for name, inner in properties.items():
            target, where = self._resolved(inner)
            self.schema(target, where or (*at, "properties", str(name)), False)
        if "allOf" in node and top:
            required = {str(n) for n in _listed(node.get("required"))}
            extra = required - set(properties) - nested
            if extra:
                message = f"Required list has not defined properties: {sorted(extra)}"
                self.found.append(((*at, "required"), message))
        if "default" in node:
            value = node["default"]
            if value is not None or node.get("nullable") is not True:
                for message in default_errors(value, node, self._resolve, self.openapi_30):
                    self.found.append(((*at, "default"), message))

    def _resolve(self, ref: str) -> Any:
        node: Any = self.document
        for part in ref[2:].split("/"):
            part = part.replace("~1", "/").replace("~0", "~")
            node = node.get(part) if isinstance(node, dict) else None
        return node

    def _resolved(self, node: Any) -> tuple[Any, Pointer]:
        """`node`, or what its `$ref` points at and where (() where it is not a `$ref`)."""
        if isinstance(node, dict) and isinstance(node.get("$ref"), str):
            ref = node["$ref"]
            if ref.startswith("#/"):
                parts = tuple(p.replace("~1", "/").replace("~0", "~") for p in ref[2:].split("/"))
                return self._resolve(ref), parts
        return node, ()

    def content(self, content: Any, at: Pointer) -> None:
        for media, entry in (content or {}).items():
            if isinstance(entry, dict) and "schema" in entry:
                schema, where = self._resolved(entry["schema"])
                self.schema(schema, where or (*at, str(media), "schema"))

    def parameters(self, parameters: Any, at: Pointer) -> list[str]:
        """Check each parameter; the names of the path parameters."""
        seen: set[tuple[Any, Any]] = set()
        names: list[str] = []
        for index, raw in enumerate(parameters or []):
            parameter, where = self._resolved(raw)
            where = where or (*at, str(index))
            if not isinstance(parameter, dict):
                continue
            if "schema" in parameter:
                schema, schema_at = self._resolved(parameter["schema"])
                self.schema(schema, schema_at or (*where, "schema"))
            self.content(parameter.get("content"), (*where, "content"))
            key = (parameter.get("name"), parameter.get("in"))
            if key in seen:
                self.found.append((where, f"Duplicate parameter '{parameter.get('name')}'"))
            seen.add(key)
            if parameter.get("in") == "path":
                names.append(str(parameter.get("name")))
        return names

    def operation(self, url: str, method: str, op: dict[str, Any], shared: list[str]) -> None:
        at: Pointer = ("paths", url, method)
        for code, raw in (op.get("responses") or {}).items():
            response, where = self._resolved(raw)
            where = where or (*at, "responses", str(code))
            if isinstance(response, dict):
                self.content(response.get("content"), (*where, "content"))
        body, where = self._resolved(op.get("requestBody"))
        if isinstance(body, dict):
            self.content(body.get("content"), (*(where or (*at, "requestBody")), "content"))
        declared = set(self.parameters(op.get("parameters"), (*at, "parameters"))) | set(shared)
        in_url = set(re.findall(r"{([^{}]+)}", url))
        for name in sorted(in_url ^ declared):
            message = f"Path parameter '{name}' for '{method}' operation in '{url}'"
            self.found.append((at, f"{message} was not resolved"))


def _listed(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _properties(node: Any, rules: _Rules) -> set[str]:
    """Every property name reachable from `node` (openapi-spec-validator's
    `_collect_properties`), each schema visited once: a recursive schema ends."""
    names: set[str] = set()
    seen: set[int] = set()
    stack = [node]
    while stack:
        current = rules._resolved(stack.pop())[0]
        if not isinstance(current, dict) or id(current) in seen:
            continue
        seen.add(id(current))
        if isinstance(current.get("properties"), dict):
            names |= {str(n) for n in current["properties"]}
        for key in ("allOf", "anyOf", "oneOf"):
            if isinstance(current.get(key), list):
                stack.extend(current[key])
        stack.extend(current[key] for key in ("items", "not") if key in current)
    return names


def _operations(document: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any], Any]]:
    for url, item in (document.get("paths") or {}).items():
        if not isinstance(item, dict):
            continue
        for method in HTTP_METHODS:
            if isinstance(item.get(method), dict):
                yield str(url), method, item[method], item


def openapi_rule_problems(document: dict[str, Any], version: str) -> list[tuple[Pointer, str]]:
    """Every violation of OpenAPI `version` ("3.0" or "3.1") in `document`."""
    found = _structure(document, version)
    rules = _Rules(document, version == "3.0")
    operation_ids: set[Any] = set()
    for url, method, op, item in _operations(document):
        shared = rules.parameters(item.get("parameters"), ("paths", url, "parameters"))
        rules.operation(url, method, op, shared)
        op_id = op.get("operationId")
        if op_id is not None and op_id in operation_ids:
            message = f"Operation ID '{op_id}' for '{method}' in '{url}' is not unique"
            rules.found.append((("paths", url, method, "operationId"), message))
        operation_ids.add(op_id)
    for name, schema in ((document.get("components") or {}).get("schemas") or {}).items():
        rules.schema(schema, ("components", "schemas", str(name)))
    tags: set[Any] = set()
    for index, tag in enumerate(document.get("tags") or []):
        name = tag.get("name") if isinstance(tag, dict) else None
        if name in tags:
            rules.found.append((("tags", str(index)), f"Duplicate tag name '{name}'"))
        tags.add(name)
    # A schema's keyword of the wrong type is reported at the keyword, not as the schema
    # failing every branch of the OpenAPI schema's `oneOf` (as openapi-spec-validator
    # reports it too).
    precise = [p for p, _ in rules.keywords]
    found = [
        (pointer, message)
        for pointer, message in found
        if not any(len(p) > len(pointer) and p[: len(pointer)] == pointer for p in precise)
    ]
    return found + rules.keywords + rules.found
