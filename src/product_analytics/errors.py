"""The exceptions the SDK raises.

    ProductAnalyticsError
    ├── MissingScopeError            raised before sending
    └── ApiError
        ├── ApiConnectionError       could not connect / connection dropped
        │   └── ApiTimeoutError      no answer within `timeout`
        ├── ResponseValidationError  a 2xx body that is not JSON or not of the shape
        └── ApiStatusError           a non-2xx answer
            ├── BadRequestError      400
            ├── AuthenticationError  401
            ├── PermissionDeniedError 403
            ├── NotFoundError        404
            ├── ConflictError        409
            ├── RateLimitError       429
            └── InternalServerError  5xx

No error holds the API key: requests carry it only in a header, and neither headers nor
request objects are kept on errors.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = [
    "ApiConnectionError",
    "ApiError",
    "ApiStatusError",
    "ApiTimeoutError",
    "AuthenticationError",
    "BadRequestError",
    "ClientClosedError",
    "ConfigurationError",
    "ConflictError",
    "ExperimentalOperationWarning",
    "InternalServerError",
    "MissingScopeError",
    "NotFoundError",
    "PermissionDeniedError",
    "PersonalApiKeyWarning",
    "ProductAnalyticsError",
    "RateLimitError",
    "ResponseValidationError",
    "error_for_status",
]

EXCERPT_CHARS = 500


def excerpt(text: str, limit: int = EXCERPT_CHARS) -> str:
    """`text` cut to `limit` characters, marking the cut."""
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} chars)"


class ProductAnalyticsError(Exception):
    """Base of every error the SDK raises on its own."""


class ConfigurationError(ProductAnalyticsError, ValueError):
    """A client setting is missing or invalid (raised when the client is constructed)."""


class ClientClosedError(ProductAnalyticsError, RuntimeError):
    """The client was used after `close()` (or after its `async with` block ended)."""


class MissingScopeError(ProductAnalyticsError, PermissionError):
    """The key lacks the scope an operation needs; raised before anything is sent."""

    def __init__(self, operation: str, required_scope: str, scopes: frozenset[str]) -> None:
        self.operation = operation
        self.required_scope = required_scope
        self.scopes = scopes
        held = ", ".join(sorted(scopes)) or "none"
        super().__init__(
            f"{operation} needs the scope {required_scope!r}; the client's scopes are: {held}. "
            "Nothing was sent."
        )


class ApiError(ProductAnalyticsError):
    """Something went wrong talking to the service. `method` and `url` name the request."""

    def __init__(self, message: str, *, method: str, url: str) -> None:
        super().__init__(message)
        self.message = message
        self.method = method
        self.url = url


class ApiConnectionError(ApiError):
    """The connection could not be made or was dropped before a full answer came.

    `request_sent` is False when connecting failed, so the service cannot have seen the
    request; True when it may have.
    """

    def __init__(self, message: str, *, method: str, url: str, request_sent: bool) -> None:
        super().__init__(message, method=method, url=url)
        self.request_sent = request_sent


class ApiTimeoutError(ApiConnectionError, TimeoutError):
    """No full answer within the request's `timeout`."""


class ResponseValidationError(ApiError):
    """A 2xx answer whose body is not JSON or not of the expected shape."""

    def __init__(self, message: str, *, method: str, url: str, status_code: int, body: str) -> None:
        self.status_code = status_code
        self.body = body
        super().__init__(
            f"{method} {url} answered {status_code} with a body that does not parse: "
            f"{message}. Body: {excerpt(body)!r}",
            method=method,
            url=url,
        )


class ApiStatusError(ApiError):
    """The service answered with a non-2xx status.

    `body` is the decoded JSON, or the raw text when the body is not JSON. `detail`, `code`
    and `attr` come from the keys of those names of a JSON object body, else `None`.
    """

    def __init__(self, *, method: str, url: str, status_code: int, body: Any) -> None:
        self.status_code = status_code
        self.body = body
        fields = body if isinstance(body, dict) else {}
        self.detail: str | None = _text_or_none(fields.get("detail"))
        self.code: str | None = _text_or_none(fields.get("code"))
        self.attr: str | None = _text_or_none(fields.get("attr"))
        self.error: str | None = _text_or_none(fields.get("error"))
        super().__init__(
            f"{method} {url} answered {status_code}: {self._server_message()}",
            method=method,
            url=url,
        )

    def _server_message(self) -> str:
        if self.detail is not None:
            message = self.detail
            if self.attr is not None:
                message += f" (field {self.attr!r})"
            return message
        if self.error is not None:
            return self.error
        if isinstance(self.body, str):
            return excerpt(self.body.strip()) or "(empty body)"
        return excerpt(json.dumps(self.body))


class BadRequestError(ApiStatusError):
    """400: the service rejected the request's content."""


class AuthenticationError(ApiStatusError):
    """401: the API key is missing, wrong or revoked."""


class PermissionDeniedError(ApiStatusError):
    """403: the key may not do this (often a missing scope)."""


class NotFoundError(ApiStatusError):
    """404: no such resource (or not visible to this key)."""


class ConflictError(ApiStatusError):
    """409: the request conflicts with the resource's current state."""


class RateLimitError(ApiStatusError):
    """429: too many requests. `retry_after` is the wait the service asked for, in seconds."""

    def __init__(
        self, *, method: str, url: str, status_code: int, body: Any, retry_after: float | None
    ) -> None:
        self.retry_after = retry_after
        super().__init__(method=method, url=url, status_code=status_code, body=body)


class InternalServerError(ApiStatusError):
    """5xx: the service failed."""


class ExperimentalOperationWarning(UserWarning):
    """An operation the service declares in development was called; it may change."""


class PersonalApiKeyWarning(UserWarning):
    """An operation the live service refuses to personal API keys was called: expect its
    403 (`PermissionDeniedError`) unless the key is another kind of credential."""


_BY_STATUS: dict[int, type[ApiStatusError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
}


def _text_or_none(value: Any) -> str | None:
    if value is None:
        return None
    return value if isinstance(value, str) else json.dumps(value)


def error_for_status(
    *, method: str, url: str, status_code: int, body: Any, retry_after: float | None
) -> ApiStatusError:
    """The `ApiStatusError` subclass for a non-2xx answer."""
    if status_code == 429:
        return RateLimitError(
            method=method, url=url, status_code=status_code, body=body, retry_after=retry_after
        )
    cls = _BY_STATUS.get(status_code)
    if cls is None:
        cls = InternalServerError if status_code >= 500 else ApiStatusError
    return cls(method=method, url=url, status_code=status_code, body=body)
