"""Personal API keys: issuing them, reading `Authorization: Bearer`, and checking scopes."""

from __future__ import annotations

from collections.abc import Iterable

from product_analytics.testing.errors import ApiProblem
from product_analytics.testing.state import ApiKey, Store

__all__ = ["authenticate", "grants", "issue_key", "require_scope"]


def issue_key(store: Store, scopes: Iterable[str], user_id: int) -> str:
    """Register a new key holding `scopes` for `user_id` and return its secret."""
    value = store.ids.token("phx_")
    store.keys[value] = ApiKey(value=value, scopes=frozenset(scopes), user_id=user_id)
    return value


def authenticate(store: Store, authorization: str | None) -> ApiKey:
    """The key a `Bearer` header names. 401 when the header is absent, malformed or unknown."""
    if not authorization:
        raise ApiProblem(
            status=401,
            type_="authentication_error",
            code="not_authenticated",
            detail="Authentication credentials were not provided.",
        )
    scheme, _, token = authorization.strip().partition(" ")
    key = store.keys.get(token.strip()) if scheme.lower() == "bearer" else None
    if key is None:
        raise ApiProblem(
            status=401,
            type_="authentication_error",
            code="authentication_failed",
            detail="Personal API key found in request Authorization header is invalid.",
        )
    return key


def grants(scopes: frozenset[str], required: str | None) -> bool:
    """Whether `scopes` allow an operation needing `required`.

    `None` (no listed scope) is always allowed, `*` allows everything, and `X:write`
    allows `X:read`. The description's `team` scopes are the live service's `project` ones
    (`add_product_intent` is listed `team:read`, checked `project:read`): either passes.
    """
    if required is None or "*" in scopes or required in scopes:
        return True
    obj, _, action = required.partition(":")
    objects = {obj, "project"} if obj == "team" else {obj, "team"} if obj == "project" else {obj}
    actions = {"read", "write"} if action == "read" else {action}
    return any(f"{o}:{a}" in scopes for o in objects for a in actions)


def require_scope(key: ApiKey, required: str | None) -> None:
    """403 with detail `API key missing required scope '<scope>'` unless `key` grants it."""
    if not grants(key.scopes, required):
        raise ApiProblem(
            status=403,
            type_="authentication_error",
            code="permission_denied",
            detail=f"API key missing required scope '{required}'",
        )
