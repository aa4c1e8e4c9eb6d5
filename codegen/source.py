"""The spec as read from disk: the parsed document, its SHA-256, and the line of every node.

Problems are reported as `FILE:LINE: what is wrong`, so every check names the place it
looks at as a pointer (the keys and indexes from the document's root, as in the JSON
pointer `/paths/~1api~1roles~1/get`), and `Source.line` turns the pointer into the line of
the nearest node that exists.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

_Loader: type[yaml.CSafeLoader | yaml.SafeLoader]
try:  # the C parser is several times faster on a large spec
    _Loader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - PyYAML built without libyaml
    _Loader = yaml.SafeLoader

Pointer = tuple[Any, ...]

__all__ = ["Pointer", "Problem", "Problems", "Source", "SpecProblems", "load", "warning_lines"]


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with the spec, at `line` (1-based)."""

    line: int
    message: str


class SpecProblems(Exception):
    """The spec cannot be turned into an SDK: every problem found, one line each."""

    def __init__(self, shown: str, problems: Iterable[Problem]) -> None:
        self.shown = shown
        self.problems = sorted(set(problems))
        super().__init__("\n".join(self.lines()))

    def lines(self) -> list[str]:
        """`spec/openapi.yaml:LINE: what is wrong`, in the order of the file."""
        return [f"{self.shown}:{p.line}: {p.message}" for p in self.problems]


def warning_lines(shown: str, warnings: Iterable[Problem]) -> list[str]:
    """`spec/openapi.yaml:LINE: warning: what is wrong`, in the order of the file, once each."""
    return [f"{shown}:{w.line}: warning: {w.message}" for w in sorted(set(warnings))]


@dataclass
class Source:
    """A parsed spec: `document`, its raw bytes' `sha256`, and node lines by pointer."""

    document: Any
    sha256: str
    lines: dict[Pointer, int] = field(repr=False)

    def line(self, pointer: Iterable[Any]) -> int:
        """The line of the node at `pointer`, or of its nearest ancestor that exists."""
        parts = tuple(str(part) for part in pointer)
        while parts:
            line = self.lines.get(parts)
            if line is not None:
                return line
            parts = parts[:-1]
        return 1


class Problems:
    """Collects what is wrong anywhere in a spec, each at the line of its pointer.

    `found` are errors: the spec is refused, nothing is written. `warnings` are problems the
    generator works around (an operation left out, a violation of the OpenAPI schema that
    does not stop generation): the rest is generated and every warning is printed.
    """

    def __init__(self, source: Source | None = None) -> None:
        self.source = source
        self.found: list[Problem] = []
        self.messages: list[str] = []  # the same problems without lines, in order found
        self.warnings: list[Problem] = []

    def _line(self, pointer: Iterable[Any]) -> int:
        return self.source.line(pointer) if self.source is not None else 1

    def add(self, pointer: Iterable[Any], message: str) -> None:
        """An error: the spec cannot be generated."""
        self.found.append(Problem(self._line(pointer), message))
        self.messages.append(message)

    def warn(self, pointer: Iterable[Any], message: str) -> None:
        """A warning: generation goes on without what it concerns."""
        self.warnings.append(Problem(self._line(pointer), message))

    def __bool__(self) -> bool:
        return bool(self.found)


def _walk(node: yaml.Node, pointer: Pointer, lines: dict[Pointer, int]) -> None:
    lines.setdefault(pointer, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            child = (*pointer, str(key.value))
            lines.setdefault(child, key.start_mark.line + 1)
            _walk(value, child, lines)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _walk(item, (*pointer, str(index)), lines)


_STR = "tag:yaml.org,2002:str"
_MERGE = "tag:yaml.org,2002:merge"


def _build(node: yaml.Node, pointer: Pointer, lines: dict[Pointer, int], loader: Any) -> Any:
    """The value of `node`, as the safe loader constructs it, with the line of every node
    recorded on the way (one pass: a whole API's spec has some 65,000 nodes). A key given
    twice in one mapping raises `yaml.constructor.ConstructorError` at the second."""
    lines.setdefault(pointer, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        if any(key.tag == _MERGE for key, _ in node.value):  # `<<`: the loader's own way
            _walk(node, pointer, lines)
            return loader.construct_object(node, deep=True)
        mapping = {}
        for key, value in node.value:
            child = (*pointer, str(key.value))
            lines.setdefault(child, key.start_mark.line + 1)
            name = key.value if key.tag == _STR else loader.construct_object(key, deep=True)
            if name in mapping:  # the loader would keep the last silently
                raise yaml.constructor.ConstructorError(
                    problem=f"the key {name!r} is given twice (first at line {lines[child]})",
                    problem_mark=key.start_mark,
                )
            mapping[name] = _build(value, child, lines, loader)
        return mapping
    if isinstance(node, yaml.SequenceNode):
        return [
            _build(item, (*pointer, str(i)), lines, loader) for i, item in enumerate(node.value)
        ]
    return node.value if node.tag == _STR else loader.construct_object(node, deep=True)


def parse(text: str | bytes) -> Source:
    """Parse YAML (or JSON) text, keeping the line of every node."""
    raw = text.encode("utf-8") if isinstance(text, str) else text
    loader = _Loader(raw)
    lines: dict[Pointer, int] = {}
    try:
        node = loader.get_single_node()
        document = _build(node, (), lines, loader) if node is not None else None
    finally:
        loader.dispose()
    return Source(document, hashlib.sha256(raw).hexdigest(), lines)


def load(path: Path, shown: str | None = None) -> Source:
    """Read and parse the spec at `path` (a YAML error becomes a `SpecProblems` naming the
    file as `shown`)."""
    raw = path.read_bytes()
    try:
        return parse(raw)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark is not None else 1
        problem = Problem(line, f"not valid YAML: {error.problem}")
        raise SpecProblems(shown or str(path), [problem]) from None


def walk(node: Any, pointer: Pointer = ()) -> Iterator[tuple[Pointer, Any]]:
    """Every (pointer, value) of a parsed document, depth first."""
    yield pointer, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from walk(value, (*pointer, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from walk(value, (*pointer, index))
