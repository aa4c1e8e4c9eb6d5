"""Schemas a later spec may hold and our own specs do not: the models module that
datamodel-code-generator writes with our options imports, and validates bodies as the
schemas say."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from codegen.generate import generate
from codegen.source import SpecProblems
from codegen.validate import openapi_problems

from product_analytics._spec.enums import OpenFloatEnum
from tests.support.generated_models import ours, ours_split, outcome, spec

NAMED_LIKE_TYPES = {
    "date": {"type": "string", "format": "date"},
    "datetime": {"type": "string", "format": "date-time"},
    "time": {"type": "string", "format": "time"},
    "list": {"type": "array", "items": {"type": "string"}},
    "dict": {"type": "object", "additionalProperties": {"type": "integer"}},
    "str": {"type": "string"},
    "int": {"type": "integer", "maximum": 5},
    "float": {"type": "number"},
    "bool": {"type": "boolean"},
    "Any": {},
    "Decimal": {"type": "string", "format": "decimal"},
    "Literal": {"type": "string", "enum": ["a", "b"]},
    "Field": {"type": "string"},
    "ClassVar": {"type": "string"},
    "BaseModel": {"type": "string"},
    "": {"type": "integer"},
}


@pytest.mark.parametrize("load", [ours, ours_split], ids=["module", "split"])
def test_properties_named_like_the_types_the_models_import_keep_their_names(
    load: Any, tmp_path: Path
) -> None:
    document = spec({"Event": {"type": "object", "properties": NAMED_LIKE_TYPES}})
    body = {
        "date": "2024-01-02",
        "datetime": "2024-01-02T03:04:05Z",
        "time": "03:04:05",
        "list": ["a"],
        "dict": {"k": 1},
        "str": "s",
        "int": 5,
        "float": 1.5,
        "bool": True,
        "Any": {"x": [1]},
        "Decimal": "1.5",
        "Literal": "a",
        "Field": "f",
        "ClassVar": "c",
        "BaseModel": "b",
        "": 3,
    }
    event = load(document, tmp_path).Event
    assert outcome(event, body) == ("ok", {**body, "Decimal": "1.5"})
    assert outcome(event, {"date": "not a date"})[0] == "error"
    assert outcome(event, {"int": 6})[0] == "error"


@pytest.mark.parametrize("load", [ours, ours_split], ids=["module", "split"])
def test_a_schema_named_like_an_import_gets_a_class_of_another_name(
    load: Any, tmp_path: Path
) -> None:
    inner = {"type": "object", "properties": {"e": {"type": "string"}}}
    names = ["Field", "BaseModel", "RootModel", "ConfigDict", "Any", "Literal", "Enum"]
    uses = {
        "type": "object",
        "properties": {
            **{n.lower(): {"$ref": f"#/components/schemas/{n}"} for n in names},
            "n": {"type": "integer", "maximum": 3},
            "kind": {"type": "string", "enum": ["x", "y"]},
        },
    }
    document = spec({**dict.fromkeys(names, inner), "Uses": uses})
    models = load(document, tmp_path)
    assert models.FieldModel.model_validate({"e": "x"}).e == "x"
    body = {"field": {"e": "x"}, "any": {"e": "y"}, "n": 3, "kind": "x"}
    assert outcome(models.Uses, body)[0] == "ok"
    assert outcome(models.Uses, {"n": 4})[0] == "error"
    assert outcome(models.Uses, {"kind": "z"})[1]["kind"] == "z"


def test_an_integer_bound_that_is_not_whole_is_rounded_inwards(tmp_path: Path) -> None:
    document = spec(
        {
            "M": {
                "type": "object",
                "properties": {
                    "n": {"type": "integer", "maximum": 2.5, "minimum": 0.5},
                    "x": {"type": "integer", "exclusiveMaximum": True, "maximum": 2.5},
                    "m": {"type": "integer", "multipleOf": 0.5},
                    "w": {"type": "integer", "multipleOf": 2.0, "minimum": 1.0},
                },
            }
        }
    )
    expected = {("n", 0): "error", ("n", 1): "ok", ("n", 2): "ok", ("n", 3): "error"}
    expected |= {("x", 2): "ok", ("x", 3): "error", ("m", 3): "ok", ("w", 3): "error"}
    model = ours(document, tmp_path).M
    assert {key: outcome(model, dict([key]))[0] for key in expected} == expected
    document["openapi"] = "3.1.0"
    del document["components"]["schemas"]["M"]["properties"]["x"]
    document["components"]["schemas"]["M"]["properties"]["y"] = {
        "type": "integer",
        "exclusiveMinimum": 0.5,
        "exclusiveMaximum": 2.5,
    }
    del expected[("x", 2)], expected[("x", 3)]
    expected |= {("y", 0): "error", ("y", 1): "ok", ("y", 2): "ok", ("y", 3): "error"}
    model = ours(document, tmp_path).M
    assert {key: outcome(model, dict([key]))[0] for key in expected} == expected


@pytest.mark.parametrize("load", [ours, ours_split], ids=["module", "split"])
def test_a_property_of_any_value_imports_any(load: Any, tmp_path: Path) -> None:
    for version, anything in (("3.0.3", {}), ("3.1.0", True)):
        document = spec({"Blob": {"type": "object", "properties": {"p": anything}}}, version)
        blob = load(document, tmp_path).Blob
        assert outcome(blob, {"p": [1, {"a": None}]}) == ("ok", {"p": [1, {"a": None}]})


RECURSIVE = {
    "Lit": {"type": "object", "properties": {"v": {"type": "string"}}},
    "Expr": {
        "anyOf": [
            {"$ref": "#/components/schemas/Lit"},
            {"type": "array", "items": {"$ref": "#/components/schemas/Expr"}},
        ]
    },
    "Wrapper": {"allOf": [{"$ref": "#/components/schemas/Expr"}], "required": ["v"]},
}


def test_a_recursive_schema_is_checked_and_generated(tmp_path: Path) -> None:
    document = spec(RECURSIVE)
    document["paths"] = {
        "/w/": {
            "get": {
                "operationId": "w_list",
                "responses": {
                    "200": {
                        "description": "ok",
                        "content": {
                            "application/json": {"schema": {"$ref": "#/components/schemas/Wrapper"}}
                        },
                    }
                },
            }
        }
    }
    assert isinstance(openapi_problems(document), list)
    path = tmp_path / "spec.yaml"
    path.write_text(yaml.safe_dump(document), encoding="utf-8")
    generate(path, tmp_path / "out")
    models = ours(document, tmp_path)
    assert outcome(models.Expr, [{"v": "y"}, [[]]]) == ("ok", [{"v": "y"}, [[]]])
    assert outcome(models.Expr, 3)[0] == "error"
    assert outcome(models.Wrapper, {"v": "x"}) == ("ok", {"v": "x"})


def test_an_enum_anywhere_in_a_schema_accepts_a_value_the_spec_does_not_list(
    tmp_path: Path,
) -> None:
    """Main's models (datamodel-code-generator's enum classes, opened) parse a later
    spec's new enum value wherever the enum sits; so do ours."""
    enum = {"type": "string", "enum": ["a", "b"]}
    document = spec(
        {
            "Where": {
                "type": "object",
                "properties": {
                    "grid": {"type": "array", "items": {"type": "array", "items": enum}},
                    "either": {"oneOf": [enum, {"type": "integer"}]},
                    "bymap": {"type": "object", "additionalProperties": enum},
                },
            },
            "TopList": {"type": "array", "items": enum},
        }
    )
    models = ours(document, tmp_path)
    bodies: list[dict[str, Any]] = [
        {"grid": [["a", "new"]]},
        {"either": "new"},
        {"either": 3},
        {"bymap": {"k": "z"}},
    ]
    empty = {"grid": None, "either": None, "bymap": None}
    for body in bodies:
        assert outcome(models.Where, body) == ("ok", {**empty, **body})
    assert outcome(models.TopList, ["a", "new"]) == ("ok", ["a", "new"])
    assert outcome(models.Where, {"either": 1.5})[0] == "error"
    where = models.Where.model_validate({"grid": [["a"]]})
    assert where.grid[0][0] == "a"
    assert type(where.grid[0][0]).__name__ == "WhereGridItemItem"


def test_a_schema_extending_one_model_is_a_subclass_of_it(tmp_path: Path) -> None:
    base = {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}}}
    ref = {"$ref": "#/components/schemas/Base"}
    document = spec(
        {
            "Base": base,
            "NullableBase": {"allOf": [ref], "nullable": True},
            "PlainBase": {"allOf": [ref], "description": "A base."},
        }
    )
    models = ours(document, tmp_path)
    for name in ("NullableBase", "PlainBase"):
        assert issubclass(getattr(models, name), models.Base)
        assert getattr(models, name).model_validate({"id": 1}).id == 1
        assert outcome(getattr(models, name), {"id": 1, "x": 2}) == ("ok", {"id": 1, "x": 2})
        assert outcome(getattr(models, name), {})[0] == "error"


def test_an_object_of_several_types_takes_values_of_any_type(tmp_path: Path) -> None:
    labels = {"type": ["object", "null"], "additionalProperties": {"type": "string"}}
    document = spec({"M": {"type": "object", "properties": {"labels": labels}}}, "3.1.0")
    model = ours(document, tmp_path).M
    assert outcome(model, {"labels": None}) == ("ok", {"labels": None})
    assert outcome(model, {"labels": {"k": "v"}}) == ("ok", {"labels": {"k": "v"}})
    assert outcome(model, {"labels": {"k": 1}}) == ("ok", {"labels": {"k": 1}})
    assert outcome(model, {"labels": 3})[0] == "error"


def test_a_default_of_the_schema_referred_to_applies_and_none_is_accepted(
    tmp_path: Path,
) -> None:
    document = spec(
        {
            "ATop": {"type": "string", "default": "hello"},
            "AKind": {"type": "string", "enum": ["a", "b"], "default": "b"},
            "AInt": {"type": "integer", "default": 3, "maximum": 5},
            "ZUse": {
                "type": "object",
                "properties": {
                    "top": {"$ref": "#/components/schemas/ATop"},
                    "kind": {"$ref": "#/components/schemas/AKind"},
                    "i": {"$ref": "#/components/schemas/AInt"},
                    "own": {"allOf": [{"$ref": "#/components/schemas/ATop"}], "default": "bye"},
                },
            },
        }
    )
    models = ours(document, tmp_path)
    assert outcome(models.ZUse, {}) == ("ok", {"top": "hello", "kind": "b", "i": 3, "own": "bye"})
    for field in ("top", "kind", "i"):
        assert outcome(models.ZUse, {field: None})[1][field] is None
    assert outcome(models.ZUse, {"i": 6})[0] == "error"
    assert outcome(models.ZUse, {"top": "x", "own": "y"})[1] == {
        "top": "x",
        "kind": "b",
        "i": 3,
        "own": "y",
    }


def test_string_formats_are_plain_strings(
    tmp_path: Path,
) -> None:
    """byte, password, duration, ipv4, ipv6, hostname: strings, sent and dumped as given;
    an IP address is checked (datamodel-code-generator's `IPv4Address`)."""
    formats = ["byte", "password", "duration", "ipv4", "ipv6", "hostname"]
    properties = {f: {"type": "string", "format": f} for f in formats}
    document = spec({"M": {"type": "object", "properties": properties}})
    models = ours(document, tmp_path)
    good = {
        "byte": "aGk=",
        "password": "secret",
        "duration": "P1D",
        "ipv4": "127.0.0.1",
        "ipv6": "::1",
        "hostname": "example.com",
    }
    for name, value in good.items():
        assert outcome(models.M, {name: value}) == ("ok", {**dict.fromkeys(formats), name: value})
    assert outcome(models.M, {"ipv4": "not an address"})[0] == "error"


@pytest.mark.parametrize("version", ["3.0.3", "3.1.0"])
def test_a_keyword_of_the_wrong_type_is_refused_at_its_schema_with_the_validators_warning(
    version: str, tmp_path: Path
) -> None:
    """`required: id` (a string, not a list) names no field: the validation warns of the
    keyword, and no model can be written of the schema, so the spec is refused at it."""
    properties = {"id": {"type": "integer"}, "i": {"type": "string"}, "d": {"type": "string"}}
    document = spec({"Thing": {"type": "object", "required": "id", "properties": properties}})
    document["openapi"] = version
    assert openapi_problems(document) == [
        (
            ("components", "schemas", "Thing", "required"),
            f"not valid OpenAPI {version}: 'id' is not of type 'array'",
        )
    ]
    path = tmp_path / "spec.yaml"
    path.write_text(yaml.safe_dump(document, sort_keys=False), encoding="utf-8")
    with pytest.raises(SpecProblems) as refused:
        generate(path, tmp_path / "out")
    line = path.read_text().splitlines().index("    Thing:") + 1
    [problem] = refused.value.problems
    assert problem.line == line
    assert problem.message.startswith("no model can be written of it: ")
    assert not (tmp_path / "out").exists()


def test_enum_members_that_are_numbers_have_names_and_parse(
    tmp_path: Path,
) -> None:
    document = spec(
        {
            "Level": {"type": "integer", "enum": [-1, 0, 1]},
            "Ratio": {"type": "number", "enum": [0.5, 1, -2.5]},
            "Mixed": {"enum": [1, "a", 0.5, -3]},
        }
    )
    models = ours(document, tmp_path)
    assert models.Level.INTEGER__1 == -1
    assert models.Level(7) == 7
    for name, values in (("Ratio", [0.5, 1, -2.5]), ("Mixed", [1, "a", 0.5, -3])):
        assert [member.value for member in getattr(models, name)] == values


@pytest.mark.parametrize("load", [ours, ours_split], ids=["module", "split"])
def test_a_number_enum_is_open_and_keeps_a_value_it_does_not_list(
    load: Any, tmp_path: Path
) -> None:
    """`type: number` with an `enum` (PostHog's `MathGroupTypeIndex`) is open as string and
    integer enums are: a value the spec does not list, a float or an integer, parses and is
    sent back as it came."""
    ratio = {"$ref": "#/components/schemas/Ratio"}
    document = spec(
        {
            "Ratio": {"type": "number", "enum": [0.5, 1, 2.5]},
            "Holder": {
                "type": "object",
                "properties": {"ratio": ratio, "inline": {"type": "number", "enum": [0.0, 1.0]}},
            },
        }
    )
    models = load(document, tmp_path)
    assert issubclass(models.Ratio, OpenFloatEnum)
    assert issubclass(models.HolderInline, OpenFloatEnum)
    for body in ({"ratio": 0.5, "inline": 1.0}, {"ratio": 0.75, "inline": 4}, {"ratio": 7}):
        assert outcome(models.Holder, body) == ("ok", {"ratio": None, "inline": None, **body})
    unlisted = models.Holder.model_validate({"ratio": 0.75}).ratio
    assert isinstance(unlisted, models.Ratio)
    assert (unlisted.value, unlisted in list(models.Ratio)) == (0.75, False)
    assert outcome(models.Holder, {"ratio": "0.5"})[0] == "error"


def test_a_default_member_of_an_enum_named_later_imports(tmp_path: Path) -> None:
    kind = {"$ref": "#/components/schemas/ZKind"}
    document = spec(
        {
            "AModel": {
                "type": "object",
                "properties": {"k": {"allOf": [kind], "default": "x"}, "j": kind},
            },
            "ZKind": {"type": "string", "enum": ["x", "y"], "default": "y"},
        }
    )
    for load in (ours, ours_split):
        model = load(document, tmp_path).AModel
        assert outcome(model, {}) == ("ok", {"k": "x", "j": "y"})


def test_a_field_named_like_a_class_keeps_its_name_unless_its_class_refers_to_that_class(
    tmp_path: Path,
) -> None:
    document = spec(
        {
            "Team": {"type": "object", "properties": {"id": {"type": "integer"}}},
            "Project": {"type": "object", "properties": {"Team": {"type": "string"}}},
            "Other": {
                "type": "object",
                "properties": {"Team": {"$ref": "#/components/schemas/Team"}},
            },
        }
    )
    models = ours(document, tmp_path)
    assert models.Project.model_validate({"Team": "x"}).Team == "x"
    assert models.Other.model_validate({"Team": {"id": 1}}).Team_1.id == 1
    assert outcome(models.Project, {"Team": 1})[0] == "error"


def test_descriptions_are_dedented_and_wrapped_to_100_columns_and_defaults_kept(
    tmp_path: Path,
) -> None:
    long = " ".join(["word"] * 40)
    django = "\n        A help_text written indented.\n        Its second line.\n        "
    document = spec(
        {
            "Filter": {
                "type": "object",
                "description": long,
                "properties": {
                    "key": {"type": "string", "description": django},
                    "value": {"type": "string", "description": long},
                    "options": {
                        "type": "object",
                        "default": {"description": "  kept as it is  "},
                    },
                },
            }
        }
    )
    module = ours(document, tmp_path)
    source = Path(module.__file__ or "").read_text()
    assert max(len(line) for line in source.splitlines()) <= 100
    assert '    """\n    A help_text written indented.\n    Its second line.\n    """' in source
    assert " ".join(module.Filter.__doc__.split()) == long
    assert module.Filter().options == {"description": "  kept as it is  "}
