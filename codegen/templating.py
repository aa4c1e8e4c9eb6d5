"""What the templates are given: the Jinja environment with its filters, and the names of
the generated `Endpoint` classes.

The filters turn the records of `codegen.records` into Python source text: annotations
(`result_type`, `return_type`, `with_not_given`, `q`), a method's parameter lines
(`signature`), docstring text (`doc`, `arg`, `para`) and `QueryParam(...)` calls
(`query_param`). All are pure.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import jinja2

from codegen.modeltypes import literal
from codegen.records import Operation, Param, Resource

TEMPLATES = Path(__file__).resolve().parent / "templates"
_BUILTIN_TYPES = re.compile(r"(?<![\w.])(str|int|float|bool|list|dict)\b")


def _result_type(op: Operation) -> str:
    if op.response_kind == "none":
        return "None"
    if op.response_kind == "json":
        return "Any"
    if op.response_kind == "model_or_none":
        return f"models.{op.response_model} | None"
    return f"models.{op.response_model}"


def _return_type(op: Operation) -> str:
    if op.response_kind == "page":
        return f"Pager[models.{op.item_model}]"
    return _result_type(op)


def _query_param(param: Param) -> str:
    """The `QueryParam(...)` constructor call of a query parameter, its defaults left out."""
    args = [_pyrepr(param.name), _pyrepr(param.schema_type)]
    if param.minimum is not None:
        args.append(f"minimum={param.minimum}")
    if param.items is not None:
        args.append(f"items={_pyrepr(param.items)}")
    if param.style is not None:
        args.append(f"style={_pyrepr(param.style)}")
        if not param.explode:
            args.append("explode=False")
    if param.json is not None:
        args.append(f"json={_pyrepr(param.json)}")
    if param.enum:
        args.append(f"enum={_pyrepr(param.enum)}")
    return f"QueryParam({', '.join(args)})"


def _pyrepr(value: object) -> str:
    """`repr(value)` of a str, number, bool, None, or a tuple, list or dict of those, with
    strings in double quotes (as `ruff format` writes them)."""
    if isinstance(value, tuple):
        items = [_pyrepr(v) for v in value]
        return f"({items[0]},)" if len(items) == 1 else f"({', '.join(items)})"
    if isinstance(value, (frozenset, set)):
        return f"frozenset({{{', '.join(map(_pyrepr, sorted(value)))}}})"
    if isinstance(value, list):
        return f"[{', '.join(map(_pyrepr, value))}]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_pyrepr(k)}: {_pyrepr(v)}" for k, v in value.items()) + "}"
    return literal(value)


def _with_not_given(annotation: str) -> str:
    """`annotation | NotGiven`, keeping `None` last as the linters want it."""
    if annotation.endswith(" | None"):
        return annotation[: -len(" | None")] + " | NotGiven | None"
    return annotation + " | NotGiven"


def _qualify(annotation: str, resource: Resource) -> str:
    """`list[str]` as `builtins.list[str]` where the class has a method named `list`, etc.

    Inside a class body a method's name shadows the builtin for the annotations that follow.
    """
    shadowed = {op.sdk_method for op in resource.operations} | {
        op.bulk.method for op in resource.operations if op.bulk
    }
    return _BUILTIN_TYPES.sub(
        lambda m: f"builtins.{m[1]}" if m[1] in shadowed else m[1], annotation
    )


def _doc(text: object) -> str:
    """Text safe inside a triple-quoted docstring (every use ends its line, so a quote
    at the end never meets the closing quotes)."""
    return str(text).replace("\\", "\\\\").replace('"""', '\\"\\"\\"')


def _arg(text: str) -> str:
    """One `name: description` entry of a Google-style `Args:` section, wrapped."""
    return textwrap.fill(
        _doc(" ".join(text.split())),
        width=100,
        initial_indent=" " * 12,
        subsequent_indent=" " * 16,
        break_on_hyphens=False,
        break_long_words=False,
    )


def _para(text: str) -> str:
    """Docstring paragraphs of a method, each wrapped (a blank line between paragraphs)."""
    paragraphs = [" ".join(p.split()) for p in str(text).split("\n\n") if p.strip()]
    return "\n\n".join(
        textwrap.fill(
            _doc(p),
            width=100,
            initial_indent=" " * 8,
            subsequent_indent=" " * 8,
            break_on_hyphens=False,
            break_long_words=False,
        )
        for p in paragraphs
    )


# The per-call options every method takes: the last line of each signature's parameters.
_OPTIONS = (
    "timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, "
    "extra_query: Extra = None,"
)


def _signature(params: str, opening: str, returns: str, body: object, fields: str | None) -> str:
    """A method's signature, `opening` (`    async def __call__(`) to `) -> returns:`:
    `self`, `*` and the operation's own parameters (`params`, one a line) filled into lines
    of at most 100 characters; the per-call options on a line of their own (`extra_body`
    where the operation has a body); `**fields` last."""
    lines = [opening]
    line = "        self, *,"
    for param in filter(None, params.split("\n")):
        if len(line) + len(param) + 2 > 100:
            lines.append(line)
            line = "       "
        line = f"{line} {param},"
    lines += [line, "        " + _OPTIONS + (" extra_body: Extra = None," if body else "")]
    if fields:
        lines.append(f"        **fields: Unpack[{fields}],")
    return "\n".join([*lines, f"    ) -> {returns}:"])


def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        autoescape=False,
    )
    env.filters["pyrepr"] = _pyrepr
    env.filters["result_type"] = _result_type
    env.filters["return_type"] = _return_type
    env.filters["with_not_given"] = _with_not_given
    env.filters["q"] = _qualify
    env.filters["doc"] = _doc
    env.filters["arg"] = _arg
    env.filters["para"] = _para
    env.filters["query_param"] = _query_param
    env.filters["signature"] = _signature
    return env


def op_classes(resources: list[Resource], taken: set[str]) -> dict[str, str]:
    """By operationId, the name of the operation's `Endpoint` class: its resource class's
    name and its method's (`Roles` + `create` -> `RolesCreate`; its bulk method's class adds
    `Many`), with `Op`, `Op2`, ... added where that name is in `taken` or given already."""
    taken = taken | {r.class_name for r in resources}
    taken |= {f"{r.class_name}WithRawResponse" for r in resources}
    names: dict[str, str] = {}
    for resource in resources:
        for op in resource.operations:
            base = resource.class_name + "".join(p.title() for p in op.sdk_method.split("_"))
            name, counter = base, 1
            while name in taken or (op.bulk and name + "Many" in taken):
                name, counter = f"{base}Op{counter if counter > 1 else ''}", counter + 1
            taken |= {name, name + "Many"} if op.bulk else {name}
            names[op.operation_id] = name
    return names
