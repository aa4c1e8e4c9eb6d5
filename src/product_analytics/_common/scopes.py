"""Which API-key scopes grant which operations.

A scope is `<object>:<read|write>`; `<object>:write` grants `<object>:read`, and `*` grants
every scope. The description's `team` scope object is the live service's `project`
(posthog/scopes.py; e.g. `add_product_intent` is listed `team:read` and checked
`project:read`), so `team:X` and `project:X` grant each other.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["ALL_SCOPES", "grants", "normalize_scopes"]

ALL_SCOPES = "*"
# Objects whose scopes are one and the same under two names.
_SAME_OBJECT = {"team": "project", "project": "team"}


def normalize_scopes(scopes: Iterable[str]) -> frozenset[str]:
    """The scopes as a frozenset, each checked to be `*` or `<object>:<read|write>`."""
    if isinstance(scopes, str):
        raise TypeError("scopes must be a list of scope strings, not one string")
    result = set()
    for scope in scopes:
        if not isinstance(scope, str):
            raise TypeError(f"a scope must be a string, got {type(scope).__name__}")
        if scope != ALL_SCOPES:
            obj, _, access = scope.partition(":")
            if not obj or access not in ("read", "write"):
                raise ValueError(f"scope {scope!r} is not '*' or '<object>:<read|write>'")
        result.add(scope)
    return frozenset(result)


_SAME_OBJECT = {"team": "project", "project": "team"}


def grants(held: frozenset[str], required: str | None) -> bool:
    """Whether keys holding `held` may call an operation that needs `required`."""
    if required is None or ALL_SCOPES in held:
        return True
    obj, _, access = required.partition(":")
    objects = [obj, _SAME_OBJECT[obj]] if obj in _SAME_OBJECT else [obj]
    accesses = ["read", "write"] if access == "read" else [access]
    return any(f"{o}:{a}" in held for o in objects for a in accesses)
