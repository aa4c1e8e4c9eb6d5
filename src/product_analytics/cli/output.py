"""How the command line prints: JSON documents on stdout, one-line errors on stderr."""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

import pydantic
from pydantic import BaseModel

from product_analytics import errors

__all__ = ["EXIT_API", "EXIT_USAGE", "describe_error", "dump", "print_document"]

EXIT_API = 1
EXIT_USAGE = 2


def dump(value: Any) -> str:
    """`value` as compact JSON; a model keeps exactly the fields the service sent."""
    if isinstance(value, BaseModel):
        return value.model_dump_json(exclude_unset=True)
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, default=str)


def print_document(value: Any, stream: TextIO | None = None) -> None:
    (stream or sys.stdout).write(dump(value) + "\n")


# What to do about an error, by its class; the first match wins.
_Kinds = type[errors.ProductAnalyticsError] | tuple[type[errors.ProductAnalyticsError], ...]
_HINTS: tuple[tuple[_Kinds, str], ...] = (
    (errors.AuthenticationError, "check the API key (--api-key or PRODUCT_ANALYTICS_API_KEY)"),
    (
        (errors.PermissionDeniedError, errors.MissingScopeError),
        "the API key lacks a scope this command needs",
    ),
    (errors.NotFoundError, "check the ids given"),
    (errors.BadRequestError, "the service rejected the input; fix the values given"),
    (errors.RateLimitError, "rate limited; wait, or lower --concurrency"),
    (errors.InternalServerError, "the service failed; try again later"),
    (errors.ApiTimeoutError, "no answer in time; try again or raise --timeout"),
    (
        errors.ApiConnectionError,
        "check --base-url / PRODUCT_ANALYTICS_BASE_URL; is the service up?",
    ),
    (
        errors.ResponseValidationError,
        "the service's answer did not parse; report it, with the body",
    ),
)


def describe_error(error: BaseException) -> tuple[str, int]:
    """One line for stderr and the exit code, for an error a command ended with."""
    if isinstance(error, (errors.ConfigurationError, errors.ClientClosedError)):
        return f"error: {error}", EXIT_USAGE
    if isinstance(error, errors.ProductAnalyticsError):
        hint = next((hint for kind, hint in _HINTS if isinstance(error, kind)), None)
        line = f"error: {error}" + (f"; {hint}" if hint else "")
        code = EXIT_USAGE if isinstance(error, errors.MissingScopeError) else EXIT_API
        return " ".join(line.split()), code
    if isinstance(error, pydantic.ValidationError):
        return f"error: invalid argument: {_first_refusal(error)}", EXIT_USAGE
    if isinstance(error, (TypeError, ValueError)):
        return " ".join(f"error: invalid argument: {error}".split()), EXIT_USAGE
    if isinstance(error, OSError):
        where = f": {error.filename}" if error.filename is not None else ""
        return f"error: {error.strerror or error}{where}", EXIT_API
    return f"error: {type(error).__name__}: {error}", EXIT_API


def _first_refusal(error: pydantic.ValidationError) -> str:
    """`FIELD: what it expects (got VALUE)` of the first value refused, without pydantic's
    links; `(and N more)` when there are others."""
    [first, *others] = error.errors(include_url=False)
    field = ".".join(str(part) for part in first["loc"])
    more = f" (and {len(others)} more)" if others else ""
    return f"{field}: {first['msg']} (got {first.get('input')!r}){more}"
