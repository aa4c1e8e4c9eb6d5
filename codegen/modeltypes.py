"""Python annotations of JSON Schema nodes, and the class names of component schemas, for
`codegen.modelemit`.

The annotation of a schema, as the models module spells it:
  - `$ref`: the class of the schema it names; `allOf` of one branch: that branch's;
  - `anyOf` / `oneOf`: the union of the branches' annotations, each once, in order;
  - `string`: `str`, or `datetime`, `date`, `time`, `Decimal`, `bytes` by `format`;
    `integer`, `number`, `boolean`: `int`, `float`, `bool`; `array`: `list[item]`;
    `object`: `dict[str, value]` (`Any` values unless `additionalProperties` says);
    an `enum` left inline: `Literal[...]`; no type at all: `Any`;
  - nullable (`nullable: true`, a `null` type or branch): `| None` last.
"""

from __future__ import annotations

import keyword
import re
from collections.abc import Callable
from typing import Any

__all__ = ["RESERVED", "SchemaTypes", "class_names", "enum_member_names", "pascal_words"]

FORMATS = {
    ("string", "date-time"): "datetime",
    ("string", "date"): "date",
    ("string", "time"): "time",
    ("string", "decimal"): "Decimal",
    ("string", "binary"): "bytes",
}
_SCALARS = {"string": "str", "integer": "int", "number": "float", "boolean": "bool"}
# What each annotation word needs imported in the models module.
IMPORTS = {
    "datetime": "from datetime import datetime",
    "date": "from datetime import date",
    "time": "from datetime import time",
    "Decimal": "from decimal import Decimal",
    "Any": "from typing import Any",
    "Literal": "from typing import Literal",
}
# The names a models module imports: a class of that name would hide the import (it is
# named `<Name>Model`, as datamodel-code-generator names it), a field of that name makes
# the module import it under another name (`date as date_aliased`).
RESERVED = frozenset(
    {*IMPORTS, "BaseModel", "ClassVar", "ConfigDict", "Enum", "Field", "RootModel"}
    | {"OpenIntEnum", "OpenStrEnum", "ApiModel"}
)


def pascal_words(name: str) -> str:
    """`Breakdown_Value_inner` -> `BreakdownValueInner`: each `_`-separated word with its
    first letter upper-cased, the rest kept; a name that is no identifier afterwards has
    its other characters dropped, and one starting with a digit gets a `_` in front."""
    joined = "".join(p[:1].upper() + p[1:] for p in name.split("_") if p)
    joined = re.sub(r"\W", "", joined) or "Model"
    if joined[0].isdigit():
        joined = "_" + joined
    return joined + "_" if keyword.iskeyword(joined) else joined


def class_names(schema_names: list[str]) -> dict[str, str]:
    """The class of each component schema: `pascal_words` of its name, `<Name>Model` where
    that is a name the module imports (`RESERVED`); where that is the name of another
    schema or taken already, `1` is appended until it is not."""
    taken = {n for n in schema_names if pascal_words(n) == n and n not in RESERVED}
    names: dict[str, str] = {}
    for name in schema_names:
        if name in taken:
            names[name] = name
            continue
        candidate = pascal_words(name)
        if candidate in RESERVED:
            candidate += "Model"
        while candidate in taken:
            candidate += "1"
        taken.add(candidate)
        names[name] = candidate
    return names


def literal(value: object) -> str:
    """A Python literal of a JSON value, strings in double quotes."""
    if isinstance(value, str):
        text = repr(value)
        if text.startswith("'") and '"' not in value:
            text = '"' + text[1:-1].replace("\\'", "'") + '"'
        return text
    if isinstance(value, list):
        return "[" + ", ".join(literal(v) for v in value) + "]"
    if isinstance(value, dict):
        items = (f"{literal(k)}: {literal(v)}" for k, v in value.items())
        return "{" + ", ".join(items) + "}"
    return repr(value)


class SchemaTypes:
    """Annotations of the schemas of one document (`classes`: class name by schema name).

    `inline` is called for an array item that needs a class of its own (a scalar with
    constraints); it returns that class's name."""

    def __init__(
        self,
        schemas: dict[str, Any],
        classes: dict[str, str],
        inline: Callable[[str, Any], str],
    ) -> None:
        self.schemas = schemas
        self.classes = classes
        self.inline = inline
        self.used: set[str] = set()

    def target(self, ref: str) -> tuple[str, Any]:
        name = ref.rsplit("/", 1)[-1]
        return self.classes[name], self.schemas.get(name)

    def nullable(self, node: Any) -> bool:
        """Whether `node` itself admits null."""
        if not isinstance(node, dict):
            return False
        if isinstance(node.get("$ref"), str):
            return node.get("nullable") is True or self.nullable(self.target(node["$ref"])[1])
        types = node.get("type")
        if node.get("nullable") is True or (isinstance(types, list) and "null" in types):
            return True
        return types == "null" or any(
            self.nullable(b) and not b.get("$ref")
            for key in ("anyOf", "oneOf")
            for b in node.get(key) or []
        )

    def annotation(self, node: Any, field: str = "") -> str:
        """`node`'s annotation, `| None` last where it is nullable."""
        parts = [p for p in self.members(node, field) if p != "None"]
        if self.nullable(node) and parts != ["Any"]:
            parts.append("None")
        annotation = " | ".join(parts) if parts else "Any"
        self._note(annotation)
        return annotation

    def members(self, node: Any, field: str = "") -> list[str]:
        """The annotations `node` is a union of, without `None`, each once."""
        if not isinstance(node, dict) or node is True:
            return ["Any"]
        if "$ref" in node:
            return [self.target(node["$ref"])[0]]
        for key in ("anyOf", "oneOf"):
            if isinstance(node.get(key), list):
                return _unique(m for b in node[key] for m in self.members(b, field))
        all_of = node.get("allOf")
        if isinstance(all_of, list) and len(all_of) == 1:
            return self.members(all_of[0], field)
        if isinstance(node.get("enum"), list):
            values = [v for v in node["enum"] if v is not None]
            self.used.add("Literal")
            return [f"Literal[{', '.join(literal(v) for v in values)}]"] if values else []
        if "const" in node:
            self.used.add("Literal")
            return [f"Literal[{literal(node['const'])}]"]
        types = node.get("type")
        if isinstance(types, list):
            # A list of types makes an object's values Any, as datamodel-code-generator
            # reads it.
            bare = {k: v for k, v in node.items() if k != "additionalProperties"}
            return _unique(
                m
                for t in types
                if t != "null"
                for m in self._typed(t, bare if t == "object" else node, field)
            )
        if types is None:
            return ["Any"]
        return self._typed(types, node, field)

    def _typed(self, kind: str, node: dict[str, Any], field: str) -> list[str]:
        if kind == "null":
            return ["None"]
        if kind == "array":
            items = node.get("items")
            if isinstance(items, dict) and _constrained(items):
                item = self.inline(field, items)
                return [f"list[{item} | None]" if self.nullable(items) else f"list[{item}]"]
            item = self.annotation(items, field) if isinstance(items, dict) and items else "Any"
            self._note(item)
            return [f"list[{item}]"]
        if kind == "object":
            extra = node.get("additionalProperties")
            value = self.annotation(extra, field) if isinstance(extra, dict) and extra else "Any"
            self._note(value)
            return [f"dict[str, {value}]"]
        name = FORMATS.get((kind, str(node.get("format"))), _SCALARS.get(kind, "Any"))
        self._note(name)
        return [name]

    def _note(self, annotation: str) -> None:
        for word in words(annotation):
            if word in IMPORTS:
                self.used.add(word)


_WORD_OR_STRING = re.compile(r"""("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')|\b[A-Za-z_]\w*\b""")


def words(annotation: str) -> list[str]:
    """The names an annotation reads (not the words of its `Literal` strings)."""
    return [m.group(0) for m in _WORD_OR_STRING.finditer(annotation) if not m.group(1)]


def spelled(annotation: str, aliases: dict[str, str]) -> str:
    """`annotation` with each name of `aliases` replaced (strings left as they are)."""
    if not aliases:
        return annotation
    return _WORD_OR_STRING.sub(
        lambda m: m.group(0) if m.group(1) else aliases.get(m.group(0), m.group(0)), annotation
    )


_CONSTRAINTS = ("maxLength", "minLength", "pattern", "minimum", "maximum")


def _constrained(items: dict[str, Any]) -> bool:
    """An array item that datamodel-code-generator's conventions give a class of its own:
    a scalar with constraints."""
    return "$ref" not in items and any(k in items for k in _CONSTRAINTS)


def _unique(values: Any) -> list[str]:
    seen: list[str] = []
    for value in values:
        if value not in seen:
            seen.append(value)
    return seen


def enum_member_names(schema: dict[str, Any]) -> list[str]:
    """The member names of an enum: `x-enum-varnames` with `_` between a digit and a
    letter (`V_5MIN` -> `V_5_MIN`), else made of the values."""
    names = schema.get("x-enum-varnames")
    if not isinstance(names, list):
        return [_member(v, schema.get("type")) for v in schema["enum"]]
    return [re.sub(r"(?<=[0-9])(?=[A-Za-z])", "_", str(n)) for n in names]


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _member(value: object, kind: object) -> str:
    """datamodel-code-generator's name of a member that is no string: `INTEGER_1`,
    `NUMBER_0_5` after the schema's type, `INT_1`/`FLOAT_0_5` without one; `-` and `.`
    become `_` (`INTEGER__1`)."""
    if isinstance(value, bool):
        return f"BOOLEAN_{str(value).upper()}"
    if _is_number(value):
        prefix = {"integer": "INTEGER", "number": "NUMBER"}.get(str(kind))
        prefix = prefix or type(value).__name__.upper()
        return f"{prefix}_{value}".replace("-", "_").replace(".", "_")
    return pascal_words(str(value)).upper() or "BLANK"
