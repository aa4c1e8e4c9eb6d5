"""Path routing built from the spec's operations: which operation a method and path address.

Paths are matched segment by segment on the raw (still percent-encoded) request path, each
segment decoded on its own, so an encoded `/` stays inside its segment. Literal segments win
over placeholders when two templates match the same path.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote

from product_analytics._spec.operation import Operation

__all__ = ["Resolution", "Router", "split_path"]


def split_path(raw_path: str) -> list[str] | None:
    """The decoded segments of a path ending in `/`, or None when it does not end in `/`."""
    path = raw_path.split("?", 1)[0].split("#", 1)[0]
    if not path.startswith("/") or not path.endswith("/") or path == "/":
        return None
    return [unquote(segment) for segment in path[1:-1].split("/")]


@dataclass(frozen=True)
class _Template:
    """One path template of the spec and the operations it carries, by method."""

    segments: tuple[str | None, ...]  # a literal, or None for a placeholder
    names: tuple[str, ...]
    operations: dict[str, Operation[Any]] = field(default_factory=dict)

    @property
    def literal_count(self) -> int:
        return sum(segment is not None for segment in self.segments)

    def bind(self, segments: list[str]) -> dict[str, str] | None:
        """The placeholder values if `segments` fit this template, else None."""
        values: list[str] = []
        for expected, actual in zip(self.segments, segments, strict=True):
            if expected is None:
                if not actual:
                    return None
                values.append(actual)
            elif expected != actual:
                return None
        return dict(zip(self.names, values, strict=True))


@dataclass(frozen=True)
class Resolution:
    """Where a request lands.

    `operation` is None when the path is known but not for this method; `allowed` then
    lists the methods the path answers (for the 405 and its `Allow` header).
    """

    operation: Operation[Any] | None
    params: dict[str, str]
    allowed: tuple[str, ...]


class Router:
    """Resolves a method and raw path to an operation of `operations`."""

    def __init__(self, operations: Iterable[Operation[Any]]) -> None:
        templates: dict[str, _Template] = {}
        for op in operations:
            split = split_path(op.path)
            if split is None:
                raise ValueError(f"{op.operation_id}: path {op.path!r} does not end in '/'")
            template = templates.get(op.path)
            if template is None:
                segments = tuple(
                    None if s.startswith("{") and s.endswith("}") else s for s in split
                )
                names = tuple(param.name for param in op.path_params)
                template = templates[op.path] = _Template(segments=segments, names=names)
            if op.method in template.operations:
                raise ValueError(f"two operations for {op.method} {op.path}")
            template.operations[op.method] = op
        self._by_length: dict[int, list[_Template]] = {}
        for template in sorted(templates.values(), key=lambda t: -t.literal_count):
            self._by_length.setdefault(len(template.segments), []).append(template)

    def resolve(self, method: str, raw_path: str) -> Resolution | None:
        """The operation for `method` on `raw_path`; None when no template fits the path."""
        segments = split_path(raw_path)
        if segments is None:
            return None
        allowed: list[str] = []
        fallback: dict[str, str] | None = None
        for template in self._by_length.get(len(segments), ()):
            params = template.bind(segments)
            if params is None:
                continue
            op = template.operations.get(method)
            if op is not None:
                return Resolution(operation=op, params=params, allowed=())
            if fallback is None:
                fallback = params
            allowed.extend(m for m in template.operations if m not in allowed)
        if fallback is None:
            return None
        return Resolution(operation=None, params=fallback, allowed=tuple(allowed))
