"""`models.py`: the component schemas as pydantic v2 models, written by
datamodel-code-generator, configured through its options (`OPTIONS`):

  - every model derives from `product_analytics._spec.model.ApiModel` (`base_class`) and keeps
    the fields the service sends beyond those it declares (`extra_fields`);
  - every enum derives from `OpenStrEnum`/`OpenIntEnum`/`OpenFloatEnum` (the `Enum.jinja2` of
    `codegen/model_templates`, its `custom_template_dir`, and `additional_imports`), so a
    member equals its value and a value the spec does not list still parses;
  - `model_config` is annotated `ClassVar[ConfigDict]` as pydantic declares it
    (`pydantic_v2/ConfigDict.jinja2` there);
  - a model's bases are those of its `allOf` (`allof_class_hierarchy`), nothing else;
  - constraints as `Field` arguments, OpenAPI 3.0 `nullable` and 3.1 `null` types as
    optional values (`strict_nullable`), descriptions as docstrings.

Before generation, `prepare` applies the SDK's conventions that no option of the generator
expresses:
  - an `enum` written inline in a property is moved to its own schema named after the schema
    and the property (`ProxyRecord.status` -> `ProxyRecordStatus`), so that names are
    stable and say what they are (no `Status1`); so is an enum anywhere deeper (array
    items, object values, `anyOf`/`oneOf` branches), named after where it is (the
    generator's `parent_scoped_naming` prefixes the whole parent chain to the schema's own
    name, `ProxyRecordStatusEnum`, and names nested enums `Status1`);
  - drf-spectacular's `NullEnum` (`enum: [null]`) becomes a null type and its `BlankEnum`
    (`enum: [""]`) a string, and a `null` inside an enum makes the field nullable (no
    `NoneType_None` member);
  - string enum members get upper-case names, distinct (`member_names`: its
    `capitalise_enum_members` names `Etc/GMT+1` and `Etc/GMT-1` `ETC_GMT_1` and
    `etc_gmt_1_1`);
  - a default outside its enum is left out;
  - descriptions are laid out as `inspect.cleandoc` lays out a docstring: drf-spectacular
    copies a Django `help_text` written as an indented triple-quoted string, leading newline
    and all. Their templates (`codegen/model_templates`) then wrap them to the line length.
After generation, `exported` adds `__all__` (see there).
"""

from __future__ import annotations

import ast
import copy
import inspect
import re
import warnings
from pathlib import Path
from typing import Any

from codegen.source import walk

__all__ = ["OPTIONS", "SchemaRefused", "exported", "generate_models", "member_names", "prepare"]


class SchemaRefused(Exception):
    """datamodel-code-generator cannot read a schema (`required: id`, say, where a list is
    due): where (`pointer`) and what it says."""

    def __init__(self, pointer: tuple[str, ...], message: str) -> None:
        super().__init__(message)
        self.pointer = pointer
        self.message = message


OPTIONS: dict[str, Any] = {
    "input_file_type": "openapi",
    "output_model_type": "pydantic_v2.BaseModel",
    "target_python_version": "3.10",
    "disable_timestamp": True,
    "base_class": "product_analytics._spec.model.ApiModel",
    "custom_template_dir": Path(__file__).resolve().parent / "model_templates",
    "additional_imports": [
        "typing.ClassVar",
        "product_analytics._spec.enums.OpenFloatEnum",
        "product_analytics._spec.enums.OpenIntEnum",
        "product_analytics._spec.enums.OpenStrEnum",
    ],
    # Unknown fields kept in every model, also where a schema says `additionalProperties:
    # false` (PostHog's responses do): the service adds fields before the spec lists them.
    "extra_fields": "allow",
    "output_datetime_class": "datetime",
    "use_union_operator": True,
    "use_standard_collections": True,
    "use_schema_description": True,
    "use_field_description": True,
    "use_double_quotes": True,
    # Its own order: a class after those its fields' defaults name (`k: Kind = Kind.X`
    # needs `Kind` defined), which the spec's order does not give.
    "keep_model_order": False,
    "field_constraints": True,
    "allow_population_by_field_name": False,
    "strict_nullable": True,
    "use_subclass_enum": True,
    "capitalise_enum_members": True,
    "empty_enum_field_name": "BLANK",
    "enum_field_as_literal": "none",
    "set_default_enum_member": True,
    "allof_class_hierarchy": "if-no-conflict",
    # Plain strings, sent and dumped as given (`password` would be a `SecretStr`).
    "type_mappings": [
        "string+uuid=string",
        "string+email=string",
        "string+uri=string",
        "string+password=string",
    ],
    # `ruff format` lays the generated modules out (codegen/generate.py).
    "formatters": [],
}


def _pascal(name: str) -> str:
    return "".join(p[:1].upper() + p[1:] for p in re.split(r"[^0-9A-Za-z]+", name) if p)


def _is_only(schema: Any, value: object) -> bool:
    return isinstance(schema, dict) and schema.get("enum") == [value]


def prepare(document: dict[str, Any]) -> dict[str, Any]:
    """A copy of `document` whose enums give stable, open, null-free enum classes."""
    doc = copy.deepcopy(document)
    schemas: dict[str, Any] = doc.setdefault("components", {}).setdefault("schemas", {}) or {}
    # OpenAPI 3.0 says null with `nullable: true`; 3.1 with a null type.
    openapi_30 = str(doc.get("openapi", "")).startswith("3.0")
    _drop_null_and_blank_enums(doc, schemas, openapi_30)
    _inline_enums_as_schemas(schemas, openapi_30)
    # A null left inside an enum: out of it (the field's nullability says it). Member names
    # of string enums: upper-case identifiers, distinct.
    for _, node in walk(doc):
        enum = node.get("enum") if isinstance(node, dict) else None
        if not isinstance(enum, list):
            continue
        if None in enum and enum != [None]:
            node["enum"] = enum = [v for v in enum if v is not None]
        if enum and all(isinstance(v, str) for v in enum) and "x-enum-varnames" not in node:
            node["x-enum-varnames"] = member_names(enum)
    _drop_defaults_outside_enum(doc)
    _clean_descriptions(schemas, names=True)
    return doc


def _drop_null_and_blank_enums(doc: Any, schemas: dict[str, Any], openapi_30: bool) -> None:
    """References to drf-spectacular's NullEnum become null; to BlankEnum, nothing (the
    enum beside takes ""); both schemas go."""
    null_refs = {f"#/components/schemas/{n}" for n, s in schemas.items() if _is_only(s, None)}
    blank_refs = {f"#/components/schemas/{n}" for n, s in schemas.items() if _is_only(s, "")}
    for _, node in list(walk(doc)):
        if not isinstance(node, dict):
            continue
        for key in ("oneOf", "anyOf"):
            branches = node.get(key)
            if not isinstance(branches, list):
                continue
            refs = [b.get("$ref") if isinstance(b, dict) else None for b in branches]
            kept = [
                b for b, r in zip(branches, refs, strict=True) if r not in null_refs | blank_refs
            ]
            if len(kept) == len(branches):
                continue
            if not kept:
                kept.append({"type": "string"})
            nullable = any(r in null_refs for r in refs)
            if nullable and openapi_30:
                node["nullable"] = True
            elif nullable:
                kept.append({"type": "null"})
            node[key] = kept
    for name in [n for n, s in schemas.items() if _is_only(s, None) or _is_only(s, "")]:
        del schemas[name]


def _inline_enums_as_schemas(schemas: dict[str, Any], openapi_30: bool) -> None:
    """Each enum of a property (or of its items) becomes a schema of its own, named after
    the schema and the property, and the property refers to it."""
    for schema_name, schema in list(schemas.items()):
        if not isinstance(schema, dict):
            continue
        properties = schema.get("properties")
        for prop_name, prop in list(properties.items() if isinstance(properties, dict) else []):
            if not isinstance(prop, dict):
                continue
            for target, suffix in ((prop, ""), (prop.get("items"), "Item")):
                if not isinstance(target, dict) or not isinstance(target.get("enum"), list):
                    continue
                enum_name = f"{_pascal(schema_name)}{_pascal(prop_name)}{suffix}"
                while enum_name in schemas:
                    enum_name += "Enum"
                replacement = _enum_schema(schemas, enum_name, target, openapi_30)
                if target is prop:
                    schema["properties"][prop_name] = replacement
                else:
                    prop["items"] = replacement
        _inline_nested_enums(schemas, schema, _pascal(schema_name), openapi_30)


_NESTED = (("items", "Item"), ("additionalProperties", "Value"))


def _inline_nested_enums(
    schemas: dict[str, Any], node: dict[str, Any], name: str, openapi_30: bool
) -> None:
    """Every enum left inside `node` (in an array's items, an object's values, a branch
    of `anyOf`/`oneOf`/`allOf`, deeper properties) becomes a schema of its own named after
    where it is (`Where.grid` items of items -> `WhereGridItemItem`), so that it is an
    open enum class like the others."""
    places: list[tuple[Any, Any, str]] = [
        (node, key, f"{name}{suffix}") for key, suffix in _NESTED if key in node
    ]
    for key in ("anyOf", "oneOf", "allOf"):
        branches = node.get(key)
        if isinstance(branches, list):
            places += [(branches, i, f"{name}{i + 1}") for i in range(len(branches))]
    properties = node.get("properties")
    if isinstance(properties, dict):
        places += [(properties, p, f"{name}{_pascal(str(p))}") for p in properties]
    for holder, key, inner_name in places:
        inner = holder[key]
        if not isinstance(inner, dict) or "$ref" in inner:
            continue
        if isinstance(inner.get("enum"), list) and inner["enum"]:
            enum_name = inner_name
            while enum_name in schemas:
                enum_name += "Enum"
            holder[key] = _enum_schema(schemas, enum_name, inner, openapi_30)
        else:
            _inline_nested_enums(schemas, inner, inner_name, openapi_30)


def _enum_schema(
    schemas: dict[str, Any], name: str, target: dict[str, Any], openapi_30: bool
) -> dict[str, Any]:
    """Add the enum `target` as the schema `name`; what refers to it in `target`'s place."""
    values = target["enum"]
    nullable = None in values or target.get("nullable") is True
    types = target.get("type")
    if isinstance(types, list):
        nullable = nullable or "null" in types
        types = next((t for t in types if t != "null"), None)
    enum_schema: dict[str, Any] = {"enum": [v for v in values if v is not None]}
    if types is not None:
        enum_schema["type"] = types
    schemas[name] = enum_schema
    ref = {"$ref": f"#/components/schemas/{name}"}
    carried: dict[str, Any] = {
        k: target[k] for k in ("description", "default", "title") if k in target
    }
    if nullable and not openapi_30:
        return {"anyOf": [ref, {"type": "null"}], **carried}
    replacement: dict[str, Any] = {"allOf": [ref], **carried}
    if nullable:
        replacement["nullable"] = True
    return replacement


def _enum_of(node: dict[str, Any], schemas: dict[str, Any]) -> list[Any] | None:
    """The values of the enum `node` is (directly, or through one `$ref` of an `allOf`,
    `anyOf` or `oneOf`), else None."""
    if isinstance(node.get("enum"), list):
        return list(node["enum"])
    for key in ("allOf", "anyOf", "oneOf"):
        branches = node.get(key)
        for branch in branches if isinstance(branches, list) else []:
            ref = branch.get("$ref", "") if isinstance(branch, dict) else ""
            target = schemas.get(ref.rsplit("/", 1)[-1]) if ref.startswith("#/") else None
            if isinstance(target, dict) and isinstance(target.get("enum"), list):
                return list(target["enum"])
    return None


def _drop_defaults_outside_enum(doc: dict[str, Any]) -> None:
    """A default that is not a value of its enum (PostHog's `Property.type` has "AND"; the
    validation warns of it) is left out: the field's type could not hold it."""
    schemas = doc.get("components", {}).get("schemas") or {}
    for _, node in walk(doc):
        if not isinstance(node, dict) or node.get("default") is None:
            continue
        values = _enum_of(node, schemas)
        if values is not None and node["default"] not in values:
            del node["default"]


# Keywords whose values are instances, not schemas: a `description` in them is data.
_INSTANCE_KEYWORDS = frozenset({"default", "example", "examples", "const", "enum"})


def _clean_descriptions(node: Any, names: bool = False) -> None:
    """Every schema's `description` under `node` without its common indent and its leading
    and trailing blank lines (`inspect.cleandoc`); `names`: `node` maps property names to
    schemas."""
    if isinstance(node, list):
        for item in node:
            _clean_descriptions(item)
        return
    if not isinstance(node, dict):
        return
    for key, value in node.items():
        if names:
            _clean_descriptions(value)
        elif key == "description" and isinstance(value, str):
            node[key] = inspect.cleandoc(value)
        elif key not in _INSTANCE_KEYWORDS:
            _clean_descriptions(value, names=key == "properties")


def _member(value: str, spelled: bool) -> str:
    if spelled:
        value = value.replace("+", "_PLUS_").replace("-", "_MINUS_")
    name = re.sub(r"[^0-9A-Za-z]+", "_", value).strip("_").upper()
    if not name:
        return "BLANK"
    return f"V_{name}" if name[0].isdigit() else name


def member_names(values: list[str]) -> list[str]:
    """Enum member names for `values`: `America/New_York` -> `AMERICA_NEW_YORK`, "" ->
    `BLANK`; where two values give the same name, `+`/`-` are spelled out (`Etc/GMT+1` ->
    `ETC_GMT_PLUS_1`, `Etc/GMT-1` -> `ETC_GMT_MINUS_1`), then `_2`, `_3` in order."""
    plain = [_member(v, False) for v in values]
    names = [
        _member(v, True) if plain.count(name) > 1 else name
        for v, name in zip(values, plain, strict=True)
    ]
    seen: set[str] = set()
    unique = []
    for name in names:
        candidate, counter = name, 2
        while candidate in seen:
            candidate, counter = f"{name}_{counter}", counter + 1
        seen.add(candidate)
        unique.append(candidate)
    return unique


def _schemas_only(document: dict[str, Any]) -> dict[str, Any]:
    """`document` without its paths: models come from the component schemas alone, and a
    whole API's paths are most of its spec (copying and walking them cost more than the
    schemas)."""
    return {key: value for key, value in document.items() if key != "paths"}


def generate_models(document: dict[str, Any], header: str) -> str:
    """The source of `models.py` for `document`, without `__all__` (unformatted: `ruff
    format` follows). `header` opens the module. Raises `SchemaRefused` for a schema
    datamodel-code-generator cannot read."""
    import datamodel_code_generator

    prepared = prepare(_schemas_only(document))
    with warnings.catch_warnings():
        # Its notes on options and on the schemas (a constraint it cannot express, say) are
        # for a person running its command line; the spec's problems are ours to report.
        warnings.simplefilter("ignore")
        try:
            code = datamodel_code_generator.generate(prepared, custom_file_header=header, **OPTIONS)
        except datamodel_code_generator.SchemaParseError as error:
            where = error.path[-1] if error.path else "#"
            pointer = tuple(part for part in where.lstrip("#").split("/") if part)
            cause = str(error.original_error or error).splitlines()
            message = "; ".join(line.strip() for line in cause[:3] if line.strip())
            raise SchemaRefused(pointer, f"no model can be written of it: {message}") from None
    assert isinstance(code, str)
    return code


def exported(code: str) -> str:
    """`code` (a models module) with `__all__`: the classes it defines, after its imports.

    A post-pass: datamodel-code-generator writes `__all__` only into a package's
    `__init__.py` (its `all_exports_scope`), never into a single module. Without it, every
    name the module imports would be part of `product_analytics.models`."""
    tree = ast.parse(code)
    names = [node.name for node in tree.body if isinstance(node, ast.ClassDef)]
    first = next(
        (node for node in tree.body if not isinstance(node, (ast.Import, ast.ImportFrom))),
        None,
    )
    lines = code.splitlines(keepends=True)
    at = first.lineno - 1 if first is not None else len(lines)
    listed = "".join(f"    {name!r},\n" for name in names)
    before, after = "".join(lines[:at]), "".join(lines[at:])
    return f"{before}\n__all__ = [\n{listed}]\n\n\n{after}"
