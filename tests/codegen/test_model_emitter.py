"""The models module is written by codegen.modelemit, checked against what
datamodel-code-generator (the generator it replaces, kept as the reference) makes of the
same prepared schemas: the same classes, in the same order, each with the same bases,
docstring, fields, annotations, defaults and `Field(...)` arguments, on PostHog's whole
spec, our own spec and drf-spectacular's output (where datamodel-code-generator has each
model set `extra="allow"`, ours inherit it from `ApiModel`). Classes equal as syntax trees,
with the same imports, validate every body the same way."""

from __future__ import annotations

import ast
import copy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from codegen.generate import DEFAULT_SPEC
from codegen.modelemit import emit_models, writes
from codegen.modelgen import _schemas_only, datamodel_models, generate_models, prepare
from codegen.modeltypes import class_names
from codegen.source import load, walk

from tests.codegen.conftest import WholeApi
from tests.support.whole_api import FIXTURE, ROOT

SPECS = {
    "posthog": FIXTURE,
    "ours": DEFAULT_SPEC,
    "drf": ROOT / "tests" / "fixtures" / "drf_spectacular.yaml",
}
PREFIX = "#/components/schemas/"


def _renamed(document: dict[str, Any]) -> dict[str, Any]:
    """`document` with every component schema renamed to its class name (and every `$ref`
    with it), so that both generators start from the same names."""
    doc = copy.deepcopy(document)
    schemas = doc["components"]["schemas"]
    names = class_names(list(schemas))
    doc["components"]["schemas"] = {names[n]: s for n, s in schemas.items()}
    for _, node in list(walk(doc)):
        ref = node.get("$ref") if isinstance(node, dict) else None
        if isinstance(ref, str) and ref.startswith(PREFIX):
            node["$ref"] = PREFIX + names[ref[len(PREFIX) :]]
    return doc


def _inheriting_the_config(node: ast.ClassDef) -> ast.ClassDef:
    """A class of datamodel-code-generator's as ours write it: a `BaseModel` that sets
    `model_config = ConfigDict(extra="allow")` is an `ApiModel`, which sets exactly that, and
    no model sets it itself (a class left without a statement says `pass`)."""
    node.bases = [
        ast.Name("ApiModel", ast.Load()) if isinstance(b, ast.Name) and b.id == "BaseModel" else b
        for b in node.bases
    ]
    node.body = [
        s
        for s in node.body
        if not (
            isinstance(s, ast.AnnAssign)
            and ast.unparse(s.target) == "model_config"
            and s.value is not None
            and ast.unparse(s.value) == "ConfigDict(extra='allow')"
        )
    ] or [ast.Pass()]
    return node


def _classes(code: str, theirs: bool = False) -> tuple[dict[str, str], list[str]]:
    """Each class's syntax tree (as text), and the other top-level statements; `theirs`:
    datamodel-code-generator's, its models as `_inheriting_the_config` writes them."""
    classes: dict[str, str] = {}
    others: list[str] = []
    for node in ast.parse(code).body:
        if isinstance(node, ast.ClassDef):
            classes[node.name] = ast.dump(_inheriting_the_config(node) if theirs else node)
        elif not isinstance(node, (ast.Import, ast.ImportFrom)):
            others.append(ast.unparse(node))
    return classes, others


def _both_classes(prepared: dict[str, Any]) -> tuple[dict[str, str], dict[str, str]]:
    """The classes (`_classes`) ours and datamodel-code-generator's make of `prepared`."""
    theirs = _classes(datamodel_models(prepared, "#"), theirs=True)[0]
    return _classes(emit_models(prepared, "#"))[0], theirs


def _evaluated(node: ast.ClassDef) -> set[str]:
    """The names a class statement reads when it runs: its bases and its defaults."""
    parts: list[ast.AST] = [*node.bases]
    parts += [s.value for s in node.body if isinstance(s, (ast.AnnAssign, ast.Assign)) and s.value]
    return {n.id for part in parts for n in ast.walk(part) if isinstance(n, ast.Name)}


def _undefined_at_class_creation(code: str) -> list[tuple[str, str]]:
    """(class, name) where a class statement reads a class of the module defined later."""
    classes = [n for n in ast.parse(code).body if isinstance(n, ast.ClassDef)]
    names = {c.name for c in classes}
    defined: set[str] = set()
    wrong = []
    for node in classes:
        wrong += [(node.name, n) for n in sorted(_evaluated(node) & names - defined - {node.name})]
        defined.add(node.name)
    return wrong


def _moved(code: str) -> set[str]:
    """The classes whose defaults name an enum class that sorts after them."""
    classes = [n for n in ast.parse(code).body if isinstance(n, ast.ClassDef)]
    names = {c.name for c in classes}
    return {c.name for c in classes if any(n > c.name for n in _evaluated(c) & names)}


@pytest.mark.timeout(300)
@pytest.mark.parametrize("spec", sorted(SPECS))
def test_the_models_are_those_datamodel_code_generator_writes(spec: str) -> None:
    prepared = _renamed(prepare(_schemas_only(load(SPECS[spec]).document)))
    ours_code = emit_models(prepared, "# ours")
    ours, ours_other = _classes(ours_code)
    theirs, theirs_other = _classes(datamodel_models(prepared, "# theirs"), theirs=True)
    # The same order but where datamodel-code-generator's would name a class before it
    # is defined (an enum member as a default, of an enum named later).
    assert sorted(ours) == sorted(theirs)
    assert _undefined_at_class_creation(ours_code) == []
    moved = _moved(ours_code)
    assert [n for n in ours if n not in moved] == [n for n in theirs if n not in moved]
    different = [name for name in theirs if ours[name] != theirs[name]]
    assert different == []
    # datamodel-code-generator rebuilds some models at import; pydantic rebuilds them on
    # first use anyway (and the lazy `models` index never imports them all).
    assert ours_other == []
    assert all(line.endswith(".model_rebuild()") for line in theirs_other)


def test_the_spec_names_give_the_same_models_as_the_class_names() -> None:
    document = _schemas_only(load(FIXTURE).document)
    renamed = generate_models(_renamed(prepare(document)), "#")
    assert generate_models(document, "#") == renamed


def test_a_schema_keeps_its_name_when_another_would_take_it() -> None:
    # PostHog has both `Response1` and `Response_1`: the class `Response1` is the schema
    # `Response1`; the other gets `1` appended until its name is free.
    names = class_names(["Response_1", "Response1", "Response11", "Breakdown_Value"])
    assert names == {
        "Response_1": "Response111",
        "Response1": "Response1",
        "Response11": "Response11",
        "Breakdown_Value": "BreakdownValue",
    }


def test_a_field_named_after_a_class_or_a_model_method_gets_an_alias() -> None:
    code = ast.unparse(
        ast.parse(
            generate_models(
                {
                    "openapi": "3.0.3",
                    "components": {
                        "schemas": {
                            "Pie": {"type": "object", "properties": {"x": {"type": "string"}}},
                            "Chart": {
                                "type": "object",
                                "properties": {
                                    "Pie": {"$ref": "#/components/schemas/Pie"},
                                    "schema": {"type": "string"},
                                    "_folder": {"type": "string"},
                                },
                            },
                        }
                    },
                },
                "#",
            )
        )
    )
    assert "Pie_1: Pie | None = Field(None, alias='Pie')" in code
    assert "schema_: str | None = Field(None, alias='schema')" in code
    assert "field_folder: str | None = Field(None, alias='_folder', title=' folder')" in code


def test_the_generator_does_not_run_datamodel_code_generator(tmp_path: Path) -> None:
    script = (
        "import sys\n"
        "from codegen.generate import generate\n"
        f"generate(__import__('pathlib').Path({str(DEFAULT_SPEC)!r}), "
        f"__import__('pathlib').Path({str(tmp_path / 'out')!r}))\n"
        "assert 'datamodel_code_generator' not in sys.modules\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True
    )
    assert completed.returncode == 0, completed.stderr[-2000:]


def test_the_models_modules_need_no_import_fix(whole_api: WholeApi) -> None:
    """Generation runs `ruff check --fix` (unused and unsorted imports) on every module but
    the models modules, which come with their imports exact: nothing there to fix."""
    completed = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "--select", "I,F401",
         "--config", str(ROOT / "pyproject.toml"), str(whole_api.folder / "_models")],
        capture_output=True, text=True,
    )  # fmt: skip
    assert completed.returncode == 0, completed.stdout[-3000:]


INNER = {"type": "object", "properties": {"a": {"type": "string"}}}
REF = {"$ref": "#/components/schemas/Inner"}


def _prepared(properties: dict[str, Any], version: str = "3.0.3", **schemas: Any) -> dict[str, Any]:
    odd = {"type": "object", "properties": properties, "required": ["req"]}
    document = {
        "openapi": version,
        "components": {"schemas": {"Inner": INNER, "Odd": odd, **schemas}},
    }
    return prepare(document)


def test_constraints_defaults_and_references_are_written_as_datamodel_code_generator_does() -> None:
    prepared = _prepared(
        {
            "big": {"type": "integer", "format": "int64", "exclusiveMinimum": True, "minimum": 0},
            "closed": {"type": "object", "additionalProperties": False},
            "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": True},
            "step": {"type": "number", "multipleOf": 0.5, "maximum": 3},
            "props": {"type": "object", "minProperties": 1},
            "old": {"type": "string", "deprecated": True},
            "nref": {"allOf": [REF], "nullable": True},
            "nums": {"type": "integer", "enum": [1, 2], "default": 2},
            "flags": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}},
            "mixed": {"anyOf": [{"type": "string"}, {"type": "array", "items": REF}]},
            "day": {"type": "string", "format": "date", "example": "2024-01-01"},
            "class": {"type": "string", "maxLength": 3},
            "foo-bar": {"type": "string", "pattern": "^a+$"},
        }
    )
    assert writes(prepared)
    ours, theirs = _both_classes(prepared)
    assert ours == theirs


def test_openapi_3_1_schemas_are_written_as_datamodel_code_generator_does() -> None:
    kind = {"type": "string", "enum": ["x", "y", None]}
    prepared = _prepared(
        {
            "req": {"type": ["string", "null"]},
            "n": {"type": ["integer", "null"], "exclusiveMinimum": 0, "maximum": 10},
            "c": {"const": "fixed"},
            "e": {"type": "string", "examples": ["a", "b"]},
            "k": {"$ref": "#/components/schemas/Kind"},
            "kn": {"anyOf": [{"$ref": "#/components/schemas/Kind"}, {"type": "null"}]},
            "r": {"anyOf": [REF, {"type": "null"}]},
            "multi": {"type": ["string", "integer"]},
            "arr": {"type": "array", "items": {"type": ["string", "null"]}, "minItems": 1},
            "lst": {"type": "array", "items": {"type": "string"}, "default": []},
            "refs": {"type": "array", "items": REF, "default": []},
            "obj": {"type": "object", "additionalProperties": {"type": "integer"}, "default": {}},
            "Inner": REF,
            "model_config": {"type": "string"},
            "2x": {"type": "string"},
        },
        "3.1.0",
        Kind=kind,
        Top={"anyOf": [REF, {"type": "string"}], "description": "A union."},
        Arr={"type": "array", "items": {"type": "string", "maxLength": 3}},
    )
    assert writes(prepared)
    ours, theirs = _both_classes(prepared)
    assert ours == theirs


def test_a_schema_the_emitter_has_no_rule_for_is_written_by_datamodel_code_generator() -> None:
    # An object with properties inside a property: datamodel-code-generator gives it a
    # class of its own, named after the field.
    prepared = _prepared({"nested": INNER, "listed": {"type": "array", "items": INNER}})
    assert not writes(prepared)
    document = {"openapi": "3.0.3", "components": copy.deepcopy(prepared["components"])}
    assert generate_models(document, "#") == datamodel_models(prepared, "#")
    assert "class Nested(BaseModel)" in generate_models(document, "#")
