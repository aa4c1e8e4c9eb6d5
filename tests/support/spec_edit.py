"""Editing a spec as data and finding the lines of its nodes, for the codegen tests.

A test changes the parsed document, writes it back as YAML, and asks for the line of a node
by its pointer (the keys from the root), never by searching the text: a spec re-saved by
another YAML tool keeps working.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml
from codegen.generate import DEFAULT_SPEC, SPLIT_FROM
from codegen.source import parse

from tests.support.whole_api import HTTP_METHODS, operations


def load_spec(path: Path = DEFAULT_SPEC) -> dict[str, Any]:
    """The spec at `path` as a fresh dict."""
    loaded: dict[str, Any] = yaml.load(
        path.read_bytes(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    )
    return loaded


def write_spec(spec: dict[str, Any], path: Path) -> str:
    """Write `spec` to `path` as YAML; the text written."""
    text = yaml.dump(
        spec,
        Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper),
        sort_keys=False,
        allow_unicode=True,
    )
    path.write_text(text, encoding="utf-8")
    return text


def line_of(text: str, *pointer: Any) -> int:
    """The 1-based line of the node at `pointer` in the YAML `text` (its key's line)."""
    source = parse(text)
    parts = tuple(str(p) for p in pointer)
    assert parts in source.lines, f"no node at {parts}"
    return source.lines[parts]


def find_operation(spec: dict[str, Any], operation_id: str) -> dict[str, Any]:
    """The operation object of `operation_id`."""
    return operations(spec)[operation_id][2]


def path_blocks(text: str) -> tuple[list[str], dict[str, list[str]], list[str]]:
    """The YAML `text` cut by hand around the entries of `paths:`: its lines up to the first
    path, each path's lines (in the order of the file), and the lines after the last path.
    Joined back in another order, or without a path, they are the spec edited in its text."""
    source = parse(text)
    lines = text.splitlines(keepends=True)
    starts = [source.lines[("paths", path)] - 1 for path in source.document["paths"]]
    paths_line = source.lines[("paths",)]
    after = [source.lines[(key,)] for key in source.document if source.lines[(key,)] > paths_line]
    end = min(after, default=len(lines) + 1) - 1
    bounds = [*starts, end]
    blocks = {
        path: lines[bounds[index] : bounds[index + 1]]
        for index, path in enumerate(source.document["paths"])
    }
    return lines[: starts[0]], blocks, lines[end:]


def large_spec(spec: dict[str, Any]) -> dict[str, Any]:
    """`spec` with its paths copied under `/api/v0/`, `/api/v1/`, ... (operationIds and
    resources suffixed) until it holds `SPLIT_FROM` operations or more: large enough for
    the generator's large-spec paths (split modules, the validation in a worker process)."""
    copies = -(-SPLIT_FROM // len(spec["paths"]))
    paths = {}
    for index in range(copies):
        for path, item in spec["paths"].items():
            item = copy.deepcopy(item)
            for op in (op for method, op in item.items() if method in HTTP_METHODS):
                op["operationId"] = f"{op['operationId']}_{index}"
                if "x-sdk-resource" in op:
                    op["x-sdk-resource"] = f"{op['x-sdk-resource']}_{index}"
                if "x-sdk-batch" in op:
                    op["x-sdk-batch"]["operation"] += f"_{index}"
            paths[path.replace("/api/", f"/api/v{index}/", 1)] = item
    spec["paths"] = paths
    return spec
