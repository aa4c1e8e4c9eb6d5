"""What the templates are given: the Jinja environment with its filters, and the names of
the generated classes that type the bulk methods.

The filters turn the records of `codegen.records` into Python source text: annotations
(`result_type`, `return_type`, `with_not_given`, `q`), docstring text (`doc`, `arg`, `para`,
`request_line`), `QueryParam(...)` records (`query_param`), and the operation records
(`operation`, with the path parameters' constants of `path_params`). All are pure; the
generated modules are laid out by `ruff format`, and no line the filters write is over 100
columns.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import jinja2

from codegen.records import Operation, Param, Resource
from codegen.schema import literal

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
    """The `QueryParam(...)` record of a query parameter, by keyword, its defaults left out."""
    args = [f"name={_pyrepr(param.name)}", f"type={_pyrepr(param.schema_type)}"]
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
    if param.pattern is not None:
        args.append(f"pattern={_pyrepr(param.pattern)}")
    return f"QueryParam({', '.join(args)})"


def _path_param(param: Param) -> str:
    """The `PathParam(...)` record of a path parameter, by keyword."""
    flag = ", accepts_integer=True" if param.accepts_integer else ""
    return f"PathParam(name={_pyrepr(param.name)}, type={_pyrepr(param.schema_type)}{flag})"


def _path_params(resources: list[Resource]) -> dict[str, str]:
    """By `PathParam(...)` call, the module constant that holds it: each path parameter of
    the operations once (`_ORGANIZATION_ID`; `_ID_STRING` and `_ID_INTEGER` where one name
    has several types)."""
    calls = {_path_param(p): p for r in resources for op in r.operations for p in op.path_params}
    variants: dict[str, int] = {}
    for param in calls.values():
        variants[param.name] = variants.get(param.name, 0) + 1
    names = {}
    for call, param in calls.items():
        words = [param.name] if variants[param.name] == 1 else [param.name, param.schema_type]
        names[call] = "_" + "_".join(words + ["or_integer"] * param.accepts_integer).upper()
    return names


# The keywords of an `Operation(...)` record after its path, in order, and the defaults a
# record leaves out.
_KEYWORDS = (
    "response_kind",
    "path_params",
    "query_params",
    "body_model",
    "body_encoding",
    "none_means_omitted",
    "none_refused",
    "response_model",
    "none_answers",
    "required_scope",
    "required_scopes",
    "throttle_classes",
    "experimental",
    "personal_api_key_allowed",
    "idempotent",
)
_DEFAULTS = {
    "body_encoding": "json",
    "none_answers": (),
    "required_scope": None,
    "experimental": False,
    "personal_api_key_allowed": True,
    "idempotent": None,
}
# The room for a string that is a keyword argument of a record (`        path="...",`, as
# `ruff format` indents a record too long for its first line): 100 columns less the
# indentation, the keyword, the quotes and a comma.
_STRING_ROOM = 100 - 8 - len("path=") - 3


def _operation(op: Operation, path_params: dict[str, str]) -> str:
    """The `Operation(...)` record of `op`: each value by keyword, one a line, its defaults
    left out; its path parameters by their constants (`_path_params`)."""
    paths = [path_params[_path_param(p)] for p in op.path_params]
    queries = op.query_params
    omitted = frozenset(f.name for f in op.body_fields if f.none_default)
    refused = frozenset(f.name for f in op.body_fields if f.none_refused)
    # The values not written as they are read (None: left out).
    written = {
        "path_params": _pyrepr_tuple(paths) if paths else None,
        "query_params": queries and f"({', '.join(map(_query_param, queries))},)",
        "body_model": op.body_model and f"models.{op.body_model}",
        "none_means_omitted": _pyrepr(omitted) if op.body_model and omitted else None,
        "none_refused": _pyrepr(refused) if op.body_model and refused else None,
        "response_model": op.response_model and f"models.{op.response_model}",
        "required_scopes": _pyrepr(op.required_scopes) if len(op.required_scopes) > 1 else None,
    }
    given = [
        f"operation_id={_pyrepr(op.operation_id)}",
        f"method={_pyrepr(op.method)}",
        f"path={_long_string(op.path)}",
    ]
    for name in _KEYWORDS:
        if name in written:
            text = written[name]
        elif name in _DEFAULTS and getattr(op, name) == _DEFAULTS[name]:
            text = None
        else:
            text = _pyrepr(getattr(op, name))
        given += [f"{name}={text}"] if text else []
    return "".join(f"\n    {argument}," for argument in given) + "\n"


def _pyrepr_tuple(texts: list[str]) -> str:
    """The tuple of the expressions `texts`, on one line where it fits."""
    return f"({texts[0]},)" if len(texts) == 1 else f"({', '.join(texts)})"


def _path_pieces(path: str, room: int) -> list[str]:
    """`path` cut after a `/` into pieces of at most `room` characters (a piece without a
    `/` to cut at stays whole)."""
    pieces = [""]
    for segment in path.split("/")[:-1]:
        if pieces[-1] and len(pieces[-1]) + len(segment) + 1 > room:
            pieces.append("")
        pieces[-1] += segment + "/"
    tail = path.rsplit("/", 1)[-1]
    if tail:
        pieces[-1] += tail
    return pieces


def _long_string(text: str) -> str:
    """`text` as a string literal; one too long for a line is a parenthesized implicit
    concatenation of pieces cut after a `/`, which `ruff format` lays out one a line."""
    if len(text) <= _STRING_ROOM:
        return _pyrepr(text)
    return "(" + " ".join(map(_pyrepr, _path_pieces(text, _STRING_ROOM))) + ")"


def _request_line(op: Operation) -> str:
    """The docstring line ``METHOD path`` of `op`, a path too long for one line cut after a
    `/` and continued on the next."""
    text = f"{op.method} {_doc(op.path)}"
    pieces = _path_pieces(text, 100 - 8 - 4)
    return "\n".join(f"        ``{piece}``" for piece in pieces)


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
        break_long_words=True,
    )


def _summary(text: str) -> str:
    """A method's summary, the first line of its docstring (after the opening quotes),
    wrapped."""
    return textwrap.fill(
        _doc(" ".join(str(text).split())),
        width=100,
        initial_indent=" " * 11,
        subsequent_indent=" " * 8,
        break_on_hyphens=False,
        break_long_words=True,
    ).lstrip()


def _para(text: str, indent: int = 8) -> str:
    """Docstring paragraphs of a method (of a class: `indent` 4), each wrapped (a blank line
    between paragraphs)."""
    paragraphs = [" ".join(p.split()) for p in str(text).split("\n\n") if p.strip()]
    return "\n\n".join(
        textwrap.fill(
            _doc(p),
            width=100,
            initial_indent=" " * indent,
            subsequent_indent=" " * indent,
            break_on_hyphens=False,
            break_long_words=True,
        )
        for p in paragraphs
    )


def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        autoescape=False,
    )
    env.filters.update(
        {
            "pyrepr": _pyrepr,
            "result_type": _result_type,
            "return_type": _return_type,
            "with_not_given": _with_not_given,
            "q": _qualify,
            "doc": _doc,
            "arg": _arg,
            "para": _para,
            "query_param": _query_param,
            "operation": _operation,
            "path_params": _path_params,
            "request_line": _request_line,
            "summary": _summary,
        }
    )
    return env


def op_classes(resources: list[Resource], taken: set[str]) -> dict[str, str]:
    """By operationId, the stem of the name of the protocol that types the operation's bulk
    method: its resource class's name and its method's (`Roles` + `get` -> `RolesGet`, the
    protocol `RolesGetMany`), with `Op`, `Op2`, ... added where that name is in `taken` or
    given already."""
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
