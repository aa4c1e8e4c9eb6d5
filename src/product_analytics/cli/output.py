"""How the command line prints: JSON documents on stdout, one-line errors on stderr."""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from pydantic import BaseModel

from product_analytics.config import ConfigurationError
from product_analytics.errors import (
    ApiConnectionError,
    ApiStatusError,
    ApiTimeoutError,
    AuthenticationError,
    BadRequestError,
    ClientClosedError,
    InternalServerError,
    MissingScopeError,
    NotFoundError,
    PermissionDeniedError,
    ProductAnalyticsError,
    RateLimitError,
    ResponseValidationError,
)

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


def _hint(error: ProductAnalyticsError) -> str:
    if isinstance(error, AuthenticationError):
        return "check the API key (--api-key or PRODUCT_ANALYTICS_API_KEY)"
    if isinstance(error, (PermissionDeniedError, MissingScopeError)):
        return "the API key lacks a scope this command needs"
    if isinstance(error, NotFoundError):
        return "check the ids given"
    if isinstance(error, BadRequestError):
        return "the service rejected the input; fix the values given"
    if isinstance(error, RateLimitError):
        return "rate limited; wait, or lower --concurrency"
    if isinstance(error, InternalServerError):
        return "the service failed; try again later"
    if isinstance(error, ApiTimeoutError):
        return "no answer in time; try again or raise --timeout"
    if isinstance(error, ApiConnectionError):
        return "check --base-url or PRODUCT_ANALYTICS_BASE_URL and that the service is up"
    if isinstance(error, ResponseValidationError):
        return "the service's answer did not parse; report this with the body above"
    return ""


def describe_error(error: BaseException) -> tuple[str, int]:
    """One line for stderr and the exit code, for an error a command ended with."""
    if isinstance(error, (ConfigurationError, ClientClosedError)):
        return f"error: {error}", EXIT_USAGE
    if isinstance(error, ApiStatusError):
        hint = _hint(error)
        line = f"error: {error}" + (f"; {hint}" if hint else "")
        return " ".join(line.split()), EXIT_API
    if isinstance(error, ProductAnalyticsError):
        hint = _hint(error)
        line = f"error: {error}" + (f"; {hint}" if hint else "")
        code = EXIT_USAGE if isinstance(error, MissingScopeError) else EXIT_API
        return " ".join(line.split()), code
    if isinstance(error, (TypeError, ValueError)):
        return " ".join(f"error: invalid argument: {error}".split()), EXIT_USAGE
    if isinstance(error, OSError):
        return f"error: {error.strerror or error}: {getattr(error, 'filename', '')}", EXIT_API
    return f"error: {type(error).__name__}: {error}", EXIT_API
