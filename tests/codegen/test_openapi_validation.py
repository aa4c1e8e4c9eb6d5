"""The OpenAPI validation (codegen.validate.openapi_problems: the OpenAPI JSON Schema in
compiled code, openapi-spec-validator's own rules on the parsed document) finds what
openapi-spec-validator finds, on unedited specs and on specs broken in each way it checks."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from codegen.generate import DEFAULT_SPEC
from codegen.validate import openapi_problems, spec_validator_problems

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


# Messages of openapi-spec-validator's own rules: `spec_validator_problems` gives them no
# node, and drops a finding whose node holds another's, so with any other problem in the
# document it leaves them out; ours are at their nodes.
RULES = ("Duplicate parameter", "Path parameter", "Operation ID", "Duplicate tag", "Required list")


def _check_same_findings(spec: dict[str, Any]) -> None:
    """Every problem openapi-spec-validator finds is found, at the same node where it
    names one; nothing else is, but the findings of its rules."""
    ours = openapi_problems(spec)
    theirs = spec_validator_problems(spec)
    # Its messages of the OpenAPI schema carry the schema's path after the reason.
    reasons = [m.split("\n\n")[0].removesuffix("...") for _, m in theirs]
    for (pointer, message), reason in zip(theirs, reasons, strict=True):
        same = [p for p, m in ours if m.startswith(reason)]
        assert same, (message, ours)
        if "\n\n" in message:
            assert tuple(map(str, pointer)) in same
    for _, message in ours:
        found = any(message.startswith(reason) for reason in reasons)
        assert found or any(rule in message for rule in RULES), (message, theirs)


@pytest.mark.parametrize("spec", [FIXTURE, DEFAULT_SPEC, DRF], ids=["posthog", "ours", "drf"])
def test_the_validation_finds_what_openapi_spec_validator_finds(spec: Path) -> None:
    _check_same_findings(load_spec(spec))


@pytest.mark.parametrize("spec", [DEFAULT_SPEC, DRF], ids=["openapi-3.1", "openapi-3.0"])
def test_a_violation_of_the_openapi_schema_is_found_as_openapi_spec_validator_finds_it(
    spec: Path,
) -> None:
    broken = _against_the_schema(load_spec(spec))
    _check_same_findings(broken)
    messages = [m for _, m in openapi_problems(broken)]
    assert any("querystring" in m for m in messages), messages
    assert all(m.startswith(PREFIX) for m in messages)


@pytest.mark.parametrize("spec", [DEFAULT_SPEC, DRF], ids=["openapi-3.1", "openapi-3.0"])
def test_each_rule_openapi_spec_validator_checks_is_checked(spec: Path) -> None:
    broken = _against_the_rules(load_spec(spec))
    _check_same_findings(broken)
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
    assert ("components", "schemas", "Broken", "required") in found


@pytest.mark.parametrize("spec", [DEFAULT_SPEC, DRF], ids=["openapi-3.1", "openapi-3.0"])
def test_repeated_tags_are_a_problem_at_the_second(spec: Path) -> None:
    document = load_spec(spec)
    document["tags"] = [{"name": "same"}, {"name": "same"}]
    found = dict(openapi_problems(document))
    assert found[("tags", "1")].endswith("Duplicate tag name 'same'")


def test_a_version_other_than_3_0_or_3_1_is_one_problem() -> None:
    assert openapi_problems({"openapi": "2.0"}) == [
        (("openapi",), "OpenAPI 3.0 or 3.1 expected, got openapi: '2.0'")
    ]
