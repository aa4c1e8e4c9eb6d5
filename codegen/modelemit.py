"""The source of `models.py`: pydantic v2 classes for the component schemas, written
directly (no other generator runs), in datamodel-code-generator's conventions.

For each component schema, after `codegen.modelgen.prepare`:
  - an `enum`: an `OpenStrEnum` (string values), `OpenIntEnum` (integers) or `Enum` (mixed)
    with the member names `prepare` gave, and the schema's description as docstring;
  - an object (`properties`, `type: object`, or `allOf` of `$ref`s and objects): an
    `ApiModel` (`product_analytics._model`: a `BaseModel` that keeps unknown fields,
    `extra="allow"`), or a class of its `allOf` `$ref`s, one field per property in order,
    each field's description a docstring after it;
  - anything else (`anyOf`/`oneOf`, an array, a scalar): a `RootModel` of its annotation.
A field is required where the schema lists it; otherwise it defaults to the schema's
default (an enum-typed one as its member; a list or dict validated into the class it names),
else to None with `| None` added. A required field that OpenAPI 3.0 makes `nullable` is
`X | None = Field(...)`. `Field(...)` carries the alias (a property name that is no
identifier, starts with `_`, or shadows `BaseModel` or a class: `_create_in_folder` ->
`field_create_in_folder`), the title, the constraints (`ge`/`gt`, `le`/`lt`, `max_length`,
`min_length`, `pattern`, `multiple_of`), `deprecated`, the examples, and the discriminator
of a union; a discriminated union's members get their tag field as a `Literal` of their
mapping key. An array item that is a scalar with constraints gets a `RootModel` of its own,
named after the field in the singular (`app_urls` -> `AppUrl`; `<Name>Item` for a
top-level array). `writes` tells whether every schema is one of these; tests compare the
output with datamodel-code-generator's, class by class (whose every model is a `BaseModel`
that sets `model_config = ConfigDict(extra="allow")` itself, where ours inherit it).

A schema that is the `allOf` of one `$ref` to a model is a class extending it (its
`nullable` aside); a field that takes its default from the schema it refers to also takes
None. Names the module imports stay usable: a class of such a name is `<Name>Model`
(`FieldModel`); a field of such a name makes the module import it as `<name>_aliased`,
and a field named like a builtin type is `<name>_` with an alias (`list_`); a blank
property name is `BLANK`. A keyword of the wrong JSON type (`required: id`, `maxLength:
"3"`) is ignored (the validation warns of it), and an integer's bounds are whole numbers.

String formats other than date-time, date, time, decimal and binary (byte, password,
duration, ipv4, ipv6, hostname, ...) are plain `str`: a client sends what it is given, so
every string the service could accept passes (no `SecretStr` masking a password on its
way out, no address or base64 check the service does not ask the client to make).

Classes come in the order of their names (byte order); a class whose bases name another
class comes after it (a root model whose type names a class not yet defined, in a
recursive schema, has its base quoted).
"""

from __future__ import annotations

import keyword
import re
from dataclasses import dataclass, field
from typing import Any

from codegen.constraints import field_constraints
from codegen.modeltypes import (
    FORMATS,
    IMPORTS,
    RESERVED,
    SchemaTypes,
    class_names,
    enum_member_names,
    literal,
    pascal_words,
    spelled,
)
from codegen.schemawalk import (
    UNSUPPORTED,
    discriminator_tags,
    inner,
    is_object,
    listed,
    numeric,
    refs,
    singular,
)

__all__ = ["ModelClass", "docstring", "emit_models", "model_text", "writes"]

_ENUM_BASES = {str: "OpenStrEnum", int: "OpenIntEnum", float: "float, Enum"}
# The public names of pydantic's `BaseModel`: a field of that name would shadow them.
_SHADOWING = frozenset(
    {"construct", "copy", "dict", "from_orm", "json", "mro", "parse_file", "parse_obj"}
    | {"parse_raw", "register", "schema", "schema_json", "update_forward_refs", "validate"}
    | {f"model_{n}" for n in ("computed_fields", "config", "construct", "copy", "dump")}
    | {f"model_{n}" for n in ("dump_json", "extra", "fields", "fields_set", "json_schema")}
    | {f"model_{n}" for n in ("parametrized_name", "post_init", "rebuild", "validate")}
    | {"model_validate_json", "model_validate_strings"}
)
_COMPOSED = ("$ref", "allOf", "anyOf", "oneOf")
# Builtins an annotation may name: a field of that name is `<name>_` with an alias.
_BUILTINS = frozenset({"bool", "bytes", "dict", "float", "int", "list", "str"})


@dataclass
class ModelClass:
    """One class of the models module: its name, its source, and the classes it needs
    defined before it."""

    name: str
    text: str
    after: set[str] = field(default_factory=set)
    # A root model's base (`RootModel[...]`): quoted where it names a class not defined
    # before it (a recursive schema).
    base: str = ""
    # Of a model: its docstring (as written), its fields (each a declaration and its
    # docstring), and whether it extends `ApiModel` itself (no `allOf` parent).
    doc: str = ""
    fields: list[str] = field(default_factory=list)
    direct: bool = False


def model_text(name: str, base: str, doc: str, fields: list[str]) -> str:
    """The source of a model class: `class name(base):`, its docstring, its fields (a
    class with neither says `pass`)."""
    text = f"class {name}({base}):\n"
    if doc:
        text += doc + "\n"
    elif not fields:
        text += "    pass\n"
    return text + "".join(fields)


def docstring(text: object, indent: str) -> str:
    """`text` as a docstring indented by `indent`, backslashes and triple quotes escaped."""
    lines = str(text).replace("\\", "\\\\").replace('"""', '\\"\\"\\"').split("\n")
    body = "\n".join(f"{indent}{line}" if line else "" for line in lines)
    return f'{indent}"""\n{body}\n{indent}"""\n'


def _field_name(name: str, taken: set[str]) -> tuple[str, str | None]:
    """(attribute, alias or None) of a property."""
    attribute = name if name else "BLANK"
    if name in _BUILTINS:
        attribute = name + "_"
    elif name and (not name.isidentifier() or keyword.iskeyword(name) or name in _SHADOWING):
        attribute = "".join(c if c.isalnum() or c == "_" else "_" for c in name)
        if keyword.iskeyword(attribute) or attribute in _SHADOWING:
            attribute += "_"
    if attribute.startswith("_"):
        attribute = "field" + attribute
    if attribute and attribute[0].isdigit():
        attribute = "field_" + attribute
    if attribute in taken:
        base, counter = attribute, 1
        while attribute in taken:
            attribute, counter = f"{base}_{counter}", counter + 1
    return attribute, (None if attribute == name else name)


class _Emitter:
    def __init__(self, schemas: dict[str, Any]) -> None:
        self.schemas = schemas
        self.classes = class_names(list(schemas))
        self.types = SchemaTypes(schemas, self.classes, self._inline)
        self.tags = discriminator_tags(schemas)
        self.schema_of = {cls: name for name, cls in self.classes.items()}
        self.out: dict[str, ModelClass] = {}
        self.bases: set[str] = set()
        self.defaults_from: set[str] = set()
        # A field named like an import makes the module import it as `<name>_aliased`.
        self.aliases = {n: f"{n}_aliased" for n in RESERVED & _attributes(schemas)}

    def n(self, text: str) -> str:
        """`text` (an annotation, or an imported name) as the module spells it."""
        return spelled(text, self.aliases)

    def run(self) -> list[ModelClass]:
        for name, schema in self.schemas.items():
            self.out[self.classes[name]] = self.schema_class(name, schema)
        return _ordered(self.out)

    def schema_class(self, name: str, schema: Any) -> ModelClass:
        cls = self.classes[name]
        if not isinstance(schema, dict):
            return self._root(cls, {})
        if isinstance(schema.get("enum"), list):
            return self._enum(cls, schema)
        if is_object(schema) or self._extends_model(schema, set()):
            return self._model(name, cls, schema)
        return self._root(cls, schema)

    def _extends_model(self, schema: dict[str, Any], seen: set[int]) -> bool:
        """Whether `schema` is the `allOf` of one `$ref` to a model (a class of its own
        that extends it, whatever its `nullable`, as datamodel-code-generator writes it)."""
        parts = schema.get("allOf")
        if not isinstance(parts, list) or len(parts) != 1 or id(schema) in seen:
            return False
        seen.add(id(schema))
        ref = parts[0].get("$ref") if isinstance(parts[0], dict) else None
        target = self.types.target(ref)[1] if isinstance(ref, str) else None
        if not isinstance(target, dict) or isinstance(target.get("enum"), list):
            return False
        return is_object(target) or self._extends_model(target, seen)

    def _enum(self, cls: str, schema: dict[str, Any]) -> ModelClass:
        values = schema["enum"]
        if schema.get("type") == "number" and all(numeric(v) for v in values):
            values = [float(v) for v in values]
        kinds = {type(v) for v in values}
        base = _ENUM_BASES.get(kinds.pop(), "Enum") if len(kinds) == 1 else "Enum"
        self.bases.add(base.rsplit(" ", 1)[-1])
        names = enum_member_names(schema)
        text = f"class {cls}({self.n(base)}):\n"
        if schema.get("description"):
            text += docstring(schema["description"], "    ") + "\n"
        for member, value in zip(names, values, strict=False):
            text += f"    {member} = {literal(value)}\n"
        return ModelClass(cls, text)

    def _model(self, name: str, cls: str, schema: dict[str, Any]) -> ModelClass:
        parents: list[str] = []
        properties: dict[str, Any] = {}
        required: set[str] = set()
        for part in [*listed(schema.get("allOf")), schema]:
            if not isinstance(part, dict):
                continue
            if "$ref" in part and part is not schema:
                parents.append(self.types.target(part["$ref"])[0])
                continue
            if isinstance(part.get("properties"), dict):
                properties.update(part["properties"])
            # A `required` that is no list (`required: id`) names no field: the validation
            # warns of it.
            required |= {str(n) for n in listed(part.get("required"))}
        if not parents:
            self.bases.add("ApiModel")
        doc = docstring(schema["description"], "    ") if schema.get("description") else ""
        # A field may not take the name of a class its class's fields refer to (its
        # annotation would read the field's default instead).
        taken = {self.types.target(ref)[0] for ref in refs(properties.values())}
        # The enum classes whose members are defaults: defined before this class.
        self.defaults_from = set()
        tags = self.tags.get(name, {})
        fields = []
        for prop, node in properties.items():
            attribute, alias = _field_name(prop, taken)
            taken.add(attribute)
            fields.append(self._field(attribute, alias, node, prop in required, tags.get(prop)))
        base = ", ".join(parents) or self.n("ApiModel")
        text = model_text(cls, base, doc, fields)
        after = set(parents) | self.defaults_from
        return ModelClass(cls, text, after, doc=doc, fields=fields, direct=not parents)

    def _field(
        self, attribute: str, alias: str | None, node: Any, required: bool, tag: list[str] | None
    ) -> str:
        node = node if isinstance(node, dict) else {}
        args: dict[str, str] = {}
        if alias is not None:
            args["alias"] = literal(alias)
            if alias.startswith("_") and "title" not in node:
                args["title"] = literal(alias.replace("_", " "))
        args.update(self._arguments(node))
        if tag is not None:
            annotation = f"Literal[{', '.join(literal(v) for v in tag)}]"
            self.types.used.add("Literal")
            return self._assignment(attribute, annotation, "...", args, node)
        annotation = self.types.annotation(node, attribute)
        default_value = self._default_value(node)
        if required:
            nullable = self.types.nullable(node)
            # OpenAPI 3.0's `nullable` keeps the field required with `Field(...)`.
            default = "..." if node.get("nullable") is True or args else ""
            if nullable and not annotation.endswith("None"):
                annotation += " | None"
        elif default_value is not None:
            default = self._default(node, default_value)
            # A default that is no enum member, of a field whose type is a class, is
            # validated into it; one taken from the schema referred to leaves None allowed.
            if default == literal(default_value) and self._names_a_class(annotation):
                args["validate_default"] = "True"
            if "default" not in node and not annotation.endswith("None"):
                annotation += " | None"
        else:
            default = "None"
            optional = "default" not in node or self.types.nullable(node)
            if optional and not annotation.endswith("None"):
                annotation += " | None"
        return self._assignment(attribute, annotation, default, args, node)

    def _default_value(self, node: dict[str, Any]) -> Any:
        """The default of a property: its own, else that of the schema it refers to."""
        if "default" in node:
            return node["default"]
        ref = node.get("$ref")
        if isinstance(ref, str):
            target = self.types.target(ref)[1]
            if isinstance(target, dict) and not is_object(target):
                return target.get("default")
        return None

    def _default(self, node: dict[str, Any], value: Any) -> str:
        members = self.types.members(node)
        enum = self.schemas.get(self.schema_of.get(members[0], "")) if members else None
        if isinstance(enum, dict) and isinstance(enum.get("enum"), list) and value in enum["enum"]:
            names = enum_member_names(enum)
            self.defaults_from.add(members[0])
            return f"{members[0]}.{names[enum['enum'].index(value)]}"
        return literal(value)

    def _arguments(self, node: dict[str, Any]) -> dict[str, str]:
        args: dict[str, str] = {}
        if "title" in node:
            args["title"] = literal(node["title"])
        kind = node.get("type")
        if isinstance(kind, list):
            kind = next((k for k in kind if k != "null"), None)
        plain = isinstance(kind, str) and not any(k in node for k in _COMPOSED)
        plain = plain and (kind, node.get("format")) not in FORMATS
        if plain:
            args.update(field_constraints(node))
        if node.get("deprecated") is True:
            args["deprecated"] = "True"
        if isinstance(node.get("examples"), list):
            args["examples"] = literal(node["examples"])
        elif "example" in node:
            args["examples"] = literal([node["example"]])
        discriminator = node.get("discriminator")
        if isinstance(discriminator, dict) and "propertyName" in discriminator:
            args["discriminator"] = literal(discriminator["propertyName"])
        return args

    def _names_a_class(self, annotation: str) -> bool:
        """Whether `annotation` names a generated class (a default then needs validating
        into it)."""
        return bool(set(re.findall(r"\w+", annotation)) & (self.out.keys() | self.schema_of.keys()))

    def _root(self, cls: str, schema: dict[str, Any]) -> ModelClass:
        # A constrained item of a top-level array is the class `<name>Item`.
        annotation = self.types.annotation(schema, f"{cls}Items")
        self.bases.add("RootModel")
        args = self._arguments(schema)
        if schema.get("default") is not None:
            default = self._default(schema, schema["default"])
            if isinstance(schema["default"], (list, dict)) and self._names_a_class(annotation):
                args["validate_default"] = "True"
        elif "default" in schema or (self.types.nullable(schema) and not _typed_null(schema, args)):
            default = "None"
        else:
            default = "..." if args else ""
        text = f"class {cls}({self.n('RootModel')}[{self.n(annotation)}]):\n"
        text += self._assignment("root", annotation, default, args, schema)
        refs = set(re.findall(r"\w+", annotation)) & (self.out.keys() | self.schema_of.keys())
        return ModelClass(cls, text, refs, f"{self.n('RootModel')}[{self.n(annotation)}]")

    def _inline(self, field_name: str, items: Any) -> str:
        """The class of a constrained array item of the field `field_name`."""
        one = singular(field_name)
        base = pascal_words(one) + ("Item" if one == field_name else "")
        name, counter = base, 1
        while True:
            made = self._root(name, items)
            same = name not in self.out or self.out[name].text == made.text
            if same and name not in self.schema_of:
                break
            name, counter = f"{base}{counter}", counter + 1
        self.out[name] = made
        return name

    def _assignment(
        self, attribute: str, annotation: str, default: str, args: dict[str, str], node: Any
    ) -> str:
        field_call = self.n("Field")
        if args:
            listed = ", ".join(f"{k}={v}" for k, v in sorted(args.items()))
            value = f" = {field_call}({default or '...'}, {listed})"
        else:
            value = f" = {default}" if default else ""
            value = f" = {field_call}(...)" if default == "..." else value
        text = f"    {attribute}: {self.n(annotation)}{value}\n"
        if node.get("description"):
            text += docstring(node["description"], "    ")
        return text

    def imports(self) -> str:
        """The imports of what the classes use, each under the name the module spells."""
        lines = ["from __future__ import annotations", "", self._import("typing", "ClassVar")]
        for word in sorted(self.types.used):
            module, name = IMPORTS[word].split(" import ")
            lines.append(self._import(module[5:], name))
        opened = sorted(b for b in self.bases if b.startswith("Open"))
        if opened:
            lines.append(self._import("product_analytics._enums", *opened))
        if "Enum" in self.bases:
            lines.append(self._import("enum", "Enum"))
        if "ApiModel" in self.bases:
            lines.append(self._import("product_analytics._model", "ApiModel"))
        lines.append(self._import("pydantic", "BaseModel", "ConfigDict", "Field", "RootModel"))
        return "\n".join(lines) + "\n"

    def _import(self, module: str, *names: str) -> str:
        spelled_names = (f"{n} as {self.aliases[n]}" if n in self.aliases else n for n in names)
        return f"from {module} import {', '.join(spelled_names)}"


def _attributes(schemas: dict[str, Any]) -> set[str]:
    """The attribute names of the fields of the classes of `schemas` (their properties',
    and those of their `allOf` parts)."""
    found: set[str] = set()
    for schema in schemas.values():
        parts = [schema, *listed(schema.get("allOf"))] if isinstance(schema, dict) else []
        for part in parts:
            properties = part.get("properties") if isinstance(part, dict) else None
            if isinstance(properties, dict):
                found.update(_field_name(str(p), set())[0] for p in properties)
    return found


def _ordered(classes: dict[str, ModelClass]) -> list[ModelClass]:
    """By name (byte order), each class after the classes its bases name."""
    done: set[str] = set()
    waiting: list[ModelClass] = []
    out: list[ModelClass] = []
    for cls in sorted(classes.values(), key=lambda c: c.name):
        if (cls.after & classes.keys()) - done - {cls.name}:
            waiting.append(cls)
            continue
        out.append(cls)
        done.add(cls.name)
        progress = True
        while progress:
            progress = False
            for other in list(waiting):
                if not ((other.after & classes.keys()) - done - {other.name}):
                    waiting.remove(other)
                    out.append(other)
                    done.add(other.name)
                    progress = True
    return out + waiting


def writes(document: dict[str, Any]) -> bool:
    """Whether `emit_models` has a rule for every schema of a prepared `document`: no
    object with properties inside another schema but the parts of a class's `allOf` (those
    need classes of their own, named after the field), no `allOf` of several schemas but
    there, none of `UNSUPPORTED`."""
    schemas = (document.get("components") or {}).get("schemas") or {}
    stack = [(s, True) for s in schemas.values()]
    while stack:
        schema, top = stack.pop()
        if not isinstance(schema, dict):
            continue
        if UNSUPPORTED & schema.keys():
            return False
        if not top and ("properties" in schema or len(listed(schema.get("allOf"))) > 1):
            return False
        # The parts of a class's `allOf` are the class (their properties its fields).
        parts = listed(schema.get("allOf")) if top else []
        stack.extend((part, True) for part in parts)
        stack.extend((inner, False) for inner in inner(schema) if inner not in parts)
    return True


def emit_models(document: dict[str, Any], header: str, *, share: bool = False) -> str:
    """The source of `models.py` for `document` after `prepare` (unformatted); with
    `share`, fields that models declare alike are declared once, in a base model
    (`codegen.modelshare`)."""
    schemas = document.get("components", {}).get("schemas") or {}
    emitter = _Emitter(schemas)
    classes = emitter.run()
    if share:
        from codegen.modelshare import share_fields  # it builds on this module's classes

        classes = _ordered({c.name: c for c in share_fields(classes, emitter.n("ApiModel"))})
    defined: set[str] = set()
    for cls in classes:
        if cls.base and cls.after - defined:
            quoted = f"{cls.base.split('[', 1)[0]}[{literal(cls.base.split('[', 1)[1][:-1])}]"
            cls.text = cls.text.replace(f"({cls.base}):", f"({quoted}):", 1)
        defined.add(cls.name)
    body = "\n\n".join(c.text for c in classes)
    return f"{header}\n\n{emitter.imports()}\n\n{body}"


def _typed_null(schema: dict[str, Any], args: dict[str, str]) -> bool:
    """Whether a constrained root is nullable through OpenAPI 3.1's `type: [..., "null"]`:
    datamodel-code-generator then keeps its root required (`Field(..., max_length=...)`),
    where OpenAPI 3.0's `nullable: true` gives it a None default."""
    return bool(args) and isinstance(schema.get("type"), list) and "null" in schema["type"]
