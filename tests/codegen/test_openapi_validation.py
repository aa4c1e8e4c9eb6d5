"""The OpenAPI validation (codegen.validate.openapi_problems: openapi-spec-validator, in
process) finds nothing wrong in unedited specs, and finds each problem of a spec broken
in each way it checks at the node the problem concerns (so at its line of the spec)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from codegen.generate import DEFAULT_SPEC
from codegen.validate import openapi_problems

from tests.support.spec_edit import load_spec
from tests.support.whole_api import FIXTURE, ROOT

DRF = ROOT / "tests" / "fixtures" / "drf_spectacular.yaml"
PREFIX = "not valid OpenAPI "


def _operations(spec: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (url, method, op)
        for url, item in spec["paths"].items()
        for method, op in item.items()
        if isinstance(op, dict) and "responses" in op
    ]


def _against_the_schema(spec: dict[str, Any]) -> dict[str, Any]:
    """`spec` with a parameter `in: querystring` and a response with no description."""
    spec = copy.deepcopy(spec)
    ops = _operations(spec)
    ops[0][2].setdefault("parameters", []).append({"name": "q", "in": "querystring"})
    response = next(iter(ops[1][2]["responses"].values()))
    response["summary"] = response.pop("description", "")
    return spec


def _against_the_rules(spec: dict[str, Any]) -> dict[str, Any]:
    """`spec` with one of each problem openapi-spec-validator's own rules report (it
    checks them once the document passes the OpenAPI schema)."""
    spec = copy.deepcopy(spec)
    ops = _operations(spec)
    ops[2][2].setdefault("parameters", []).extend(
        [{"name": "twice", "in": "query", "schema": {"type": "string"}}] * 2
    )
    ops[3][2].setdefault("parameters", []).append(
        {"name": "nowhere", "in": "path", "required": True, "schema": {"type": "string"}}
    )
    ops[4][2]["operationId"] = ops[5][2]["operationId"]
    spec["tags"] = [{"name": "same"}, {"name": "other"}]
    schemas = spec["components"]["schemas"]
    schemas["Broken"] = {
        "type": "object",
        "allOf": [{"$ref": f"#/components/schemas/{next(iter(schemas))}"}],
        "required": ["undefined_name"],
        "properties": {
            "kind": {"type": "string", "enum": ["a", "b"], "default": "c"},
            "count": {"type": "integer", "default": "many"},
            "pick": {"oneOf": [{"type": "integer"}, {"type": "boolean"}], "default": "x"},
            "fine": {"type": "array", "items": {"type": "string"}, "default": ["x"]},
        },
    }
    return spec


@pytest.mark.parametrize("spec", [DEFAULT_SPEC, DRF], ids=["ours", "drf"])
def test_an_unedited_spec_has_no_problem(spec: Path) -> None:
    assert openapi_problems(load_spec(spec)) == []


def test_posthogs_spec_has_one_problem_at_its_default() -> None:
    at = ("components", "schemas", "Property", "properties", "type", "default")
    assert [p for p, _ in openapi_problems(load_spec(FIXTURE))] == [at]


@pytest.mark.parametrize("spec", [DEFAULT_SPEC, DRF], ids=["openapi-3.1", "openapi-3.0"])
def test_a_violation_of_the_openapi_schema_is_found(
    spec: Path,
) -> None:
    broken = _against_the_schema(load_spec(spec))
    messages = [m for _, m in openapi_problems(broken)]
    assert any("querystring" in m for m in messages), messages
    assert all(m.startswith(PREFIX) for m in messages)


@pytest.mark.parametrize("spec", [DEFAULT_SPEC, DRF], ids=["openapi-3.1", "openapi-3.0"])
def test_each_rule_openapi_spec_validator_checks_is_checked(spec: Path) -> None:
    broken = _against_the_rules(load_spec(spec))
    messages = [m for _, m in openapi_problems(broken)]
    for expected in (
        "Duplicate parameter 'twice'",
        "Path parameter 'nowhere'",
        "is not unique",
        "Required list has not defined properties: ['undefined_name']",
        "'c' is not one of ['a', 'b']",
        "'many' is not of type 'integer'",
        "'x' is not valid under any of the given schemas",
    ):
        assert any(expected in m for m in messages), (expected, messages)


def test_a_problem_of_the_rules_is_found_at_its_node() -> None:
    found = dict(openapi_problems(_against_the_rules(load_spec(DRF))))
    assert ("components", "schemas", "Broken", "properties", "kind", "default") in found
    # The validator says which schema's `required` lists a name of no property, not where.
    assert found[("components", "schemas", "Broken")].endswith(
        "Required list has not defined properties: ['undefined_name']"
    )


@pytest.mark.parametrize("spec", [DEFAULT_SPEC, DRF], ids=["openapi-3.1", "openapi-3.0"])
def test_repeated_tags_are_a_problem_of_the_tags(spec: Path) -> None:
    document = load_spec(spec)
    document["tags"] = [{"name": "same"}, {"name": "same"}]
    found = dict(openapi_problems(document))
    assert found[("tags",)].endswith("Duplicate tag name 'same'")


def test_a_version_other_than_3_0_or_3_1_is_one_problem() -> None:
    assert openapi_problems({"openapi": "2.0"}) == [
        (("openapi",), "OpenAPI 3.0 or 3.1 expected, got openapi: '2.0'")
    ]


def _schemas_spec(version: str, schemas: dict[str, Any]) -> dict[str, Any]:
    info = {"title": "t", "version": "1"}
    return {"openapi": version, "info": info, "paths": {}, "components": {"schemas": schemas}}


WRONG_KEYWORDS = {
    "Req": {"type": "object", "required": "id", "properties": {"id": {"type": "integer"}}},
    "Props": {"type": "object", "properties": []},
    "Long": {"type": "string", "maxLength": "3"},
    "Listed": {"type": "array", "items": [{"type": "string"}]},
    "Extra": {"type": "object", "additionalProperties": 3},
    "Low": {"type": "object", "properties": {"n": {"type": "integer", "minimum": "0"}}},
}


@pytest.mark.parametrize("version", ["3.0.3", "3.1.0"])
def test_a_schema_keyword_of_the_wrong_type_is_found_at_the_keyword(version: str) -> None:
    schemas = copy.deepcopy(WRONG_KEYWORDS)
    if version == "3.1.0":
        schemas["Twice"] = {"type": ["string", "string"]}
    spec = _schemas_spec(version, schemas)
    found = dict(openapi_problems(spec))
    at = ("components", "schemas")
    assert found[(*at, "Req", "required")].endswith("'id' is not of type 'array'")
    assert found[(*at, "Props", "properties")].endswith("[] is not of type 'object'")
    assert found[(*at, "Long", "maxLength")].endswith("'3' is not of type 'integer'")
    assert (*at, "Listed", "items") in found
    assert (*at, "Extra", "additionalProperties") in found
    assert found[(*at, "Low", "properties", "n", "minimum")].endswith("'0' is not of type 'number'")


DEFAULTS = {
    "s": {"type": "string", "maxLength": 2, "default": "toolong"},
    "i": {"type": "integer", "minimum": 5, "default": 1},
    "p": {"type": "string", "pattern": "^a+$", "default": "b"},
    "d": {"type": "string", "format": "date-time", "default": "yesterday"},
    "i32": {"type": "integer", "format": "int32", "default": 99999999999},
    "o": {"type": "object", "additionalProperties": False, "default": {"x": 1}},
    "one": {"oneOf": [{"type": "integer"}, {"type": "number"}], "default": 7},
    "arr": {"type": "array", "minItems": 2, "items": {"type": "integer"}, "default": [1]},
    "n": {"not": {"type": "string"}, "default": "s"},
    "fine": {"type": "string", "maxLength": 9, "pattern": "^a", "default": "abc"},
}


@pytest.mark.parametrize("version", ["3.0.3", "3.1.0"])
def test_a_default_outside_its_whole_schema_is_found(version: str) -> None:
    spec = _schemas_spec(version, {"A": {"type": "object", "properties": DEFAULTS}})
    found = {p[-2] for p, _ in openapi_problems(spec)}
    assert found == set(DEFAULTS) - {"fine"}


@pytest.mark.parametrize("spec", [DEFAULT_SPEC, DRF], ids=["openapi-3.1", "openapi-3.0"])
def test_a_problem_of_a_schema_reached_through_a_ref_is_found_in_the_schema(spec: Path) -> None:
    """The validator walks a response's schema through its `$ref`: the problem is at the
    component, where the line to fix is, not at the reference."""
    document = load_spec(spec)
    op = _operations(document)[0][2]
    response = next(iter(op["responses"].values()))
    response["content"] = {"application/json": {"schema": {"$ref": "#/components/schemas/C"}}}
    document["components"]["schemas"]["C"] = {
        "type": "object",
        "properties": {"n": {"type": "integer", "default": "one"}},
    }
    found = dict(openapi_problems(document))
    at = ("components", "schemas", "C", "properties", "n", "default")
    assert found[at].endswith("'one' is not of type 'integer'")
