"""Who may call an operation: the API-key scopes it needs and whether personal keys pass.

`read_scopes` reads the scopes as PostHog's `APIScopePermission` does; a disagreement or an
alternative it cannot express is a warning, never a refusal. `personal_api_key_allowed`
reads `x-personal-api-key-allowed` (true when absent).
"""

from __future__ import annotations

from typing import Any

from codegen.records import Skip
from codegen.source import Pointer, Problems


def read_scopes(
    op: dict[str, Any], document: dict[str, Any], at: Pointer, problems: Problems
) -> list[str]:
    """`x-required-scope`, else every scope the operation's `security` requires."""
    declared = op.get("x-required-scope")
    from_security = _security_scopes(op, document, at, problems)
    if declared is None:
        return from_security
    if not isinstance(declared, str):
        problems.warn((*at, "x-required-scope"), "x-required-scope must be a string: ignored")
        return from_security
    if from_security and from_security != [declared]:
        problems.warn(
            (*at, "x-required-scope"),
            f"x-required-scope {declared!r} disagrees with security {from_security}",
        )
    return [declared]


def _security_scopes(
    op: dict[str, Any], document: dict[str, Any], at: Pointer, problems: Problems
) -> list[str]:
    """The scopes a key needs for the operation, read as PostHog's `APIScopePermission`
    reads a view's `required_scopes`: every scope of a requirement is needed (each `X:read`
    also granted by `X:write`). drf-spectacular writes one requirement per authentication
    class, so requirements usually repeat; where they differ (alternatives), the first is
    taken and a warning says so."""
    security = op.get("security", document.get("security", []))
    requirements: list[list[str]] = []
    for requirement in security if isinstance(security, list) else []:
        scopes: list[str] = []
        for listed in (requirement or {}).values() if isinstance(requirement, dict) else []:
            scopes.extend(s for s in listed or [] if isinstance(s, str) and s not in scopes)
        if scopes and scopes not in requirements:
            requirements.append(scopes)
    if len(requirements) > 1:
        problems.warn(
            (*at, "security"),
            f"security lists alternative scope sets {requirements}: the client checks the first",
        )
    return requirements[0] if requirements else []


def personal_api_key_allowed(op: dict[str, Any], at: Pointer) -> bool:
    """`x-personal-api-key-allowed` (true when absent): false marks an operation the live
    service refuses to personal API keys. Anything but a boolean raises `Skip`."""
    allowed = op.get("x-personal-api-key-allowed", True)
    if not isinstance(allowed, bool):
        raise Skip(at, "x-personal-api-key-allowed must be true or false")
    return allowed
