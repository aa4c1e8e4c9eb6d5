"""The "Raises:" section of a method's docstring, read from its operation's error responses.

Each 4xx and 5xx response the spec lists (`"404"`, or a range such as `"5XX"`) becomes one
line: the SDK's typed error for that status (`ERROR_CLASSES`, the classes of
`product_analytics.errors`; tests/codegen checks both agree), the status, and the first
sentence of the response's description. Kept apart from the templates so that any template
can render it: `raises_section(op)` is the text, an empty string for an operation that lists
no error response.
"""

from __future__ import annotations

from typing import Any

from codegen.schema import Resolver

__all__ = ["ERROR_CLASSES", "error_class", "raises_entries"]

# The typed error `product_analytics.errors.error_for_status` raises for each status.
ERROR_CLASSES: dict[int, str] = {
    400: "BadRequestError",
    401: "AuthenticationError",
    403: "PermissionDeniedError",
    404: "NotFoundError",
    409: "ConflictError",
    429: "RateLimitError",
}


def error_class(status: str) -> str:
    """The SDK's error class for a response key of the spec (`"404"`, `"5XX"`)."""
    if status[:1] == "5":
        return "InternalServerError"
    return (
        ERROR_CLASSES.get(int(status), "ApiStatusError") if status.isdigit() else "ApiStatusError"
    )


def _first_sentence(text: str) -> str:
    words = " ".join(text.split())
    head, dot, _ = words.partition(". ")
    return head + "." if dot else words


def raises_entries(op: dict[str, Any], resolver: Resolver) -> tuple[tuple[str, str], ...]:
    """(error class, "status: what it means") for each error response of `op`, by status."""
    responses = op.get("responses")
    if not isinstance(responses, dict):
        return ()
    entries: list[tuple[str, str]] = []
    for key in sorted(str(code) for code in responses):
        if key[:1] not in ("4", "5"):
            continue
        response = resolver.resolve(
            responses.get(key, responses.get(int(key)) if key.isdigit() else None)
        )
        description = response.get("description", "") if isinstance(response, dict) else ""
        entries.append(
            (error_class(key), f"{key}: {_first_sentence(str(description))}".rstrip(": "))
        )
    return tuple(entries)
