"""The service's throttle classes: `x-throttle-classes` of the document, and each
operation's `x-throttle`. Both raise `SpecError` with the place and the reason."""

from __future__ import annotations

from typing import Any

from codegen.records import SpecError

_WINDOWS = {"per_second": 1.0, "per_minute": 60.0, "per_hour": 3600.0, "per_day": 86400.0}


def read_throttle_classes(document: dict[str, Any]) -> dict[str, list[tuple[int, float]]]:
    """`x-throttle-classes`: each class's windows as (requests, seconds), shortest first."""
    classes: dict[str, list[tuple[int, float]]] = {}
    for name, rates in (document.get("x-throttle-classes") or {}).items():
        if not isinstance(rates, dict) or not rates or set(rates) - set(_WINDOWS):
            raise SpecError(f"x-throttle-classes.{name}: give counts for {sorted(_WINDOWS)}")
        windows = []
        for window, count in rates.items():
            if isinstance(count, bool) or not isinstance(count, int) or count < 1:
                raise SpecError(f"x-throttle-classes.{name}.{window}: a positive integer")
            windows.append((count, _WINDOWS[window]))
        classes[str(name)] = sorted(windows, key=lambda w: w[1])
    return classes


def throttle_classes(op: dict[str, Any], document: dict[str, Any], where: str) -> tuple[str, ...]:
    """The operation's `x-throttle` (a class, or a list of them), each a class of
    `x-throttle-classes`; the first is the operation's main class."""
    value = op.get("x-throttle")
    names = value if isinstance(value, list) else [] if value is None else [value]
    declared = document.get("x-throttle-classes") or {}
    for name in names:
        if not isinstance(name, str) or name not in declared:
            raise SpecError(f"{where}: x-throttle {name!r} is not in x-throttle-classes")
    if len(set(names)) != len(names):
        raise SpecError(f"{where}: x-throttle names a class twice")
    return tuple(names)
