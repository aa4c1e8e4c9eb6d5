"""The exceptions the SDK raises.

    ProductAnalyticsError
    ├── ConfigurationError           a bad setting at construction (also a ValueError)
    ├── ClientClosedError            a call on a closed client (also a RuntimeError)
    ├── MissingScopeError            raised before sending
    └── ApiError
        ├── ApiConnectionError       could not connect / connection dropped
        │   └── ApiTimeoutError      no answer within `timeout`
        ├── ResponseValidationError  a 2xx body that is not JSON or not of the shape
        ├── ResponseTooLargeError    a 2xx body over max_response_bytes
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
from collections.abc import Mapping
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
    "ResponseTooLargeError",
    "ResponseValidationError",
    "LowerLevelError",
    "error_for_status",
]

EXCERPT_CHARS = 500
# The most of a body an error keeps (`.body`); more is cut to an excerpt with its length.
MAX_BODY_CHARS = 16 * 1024


def excerpt(text: str, limit: int = EXCERPT_CHARS) -> str:
    """`text` cut to `limit` characters, marking the cut and the whole length."""
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} chars)"


class ProductAnalyticsError(Exception):
    """Base of every error the SDK raises on its own.

    Every one pickles and copies with its message and attributes (to another process:
    multiprocessing, `concurrent.futures`), whatever its `__init__` takes.
    """

    def __reduce__(self) -> tuple[Any, ...]:
        return _restore, (type(self), self.args), self.__dict__


def _restore(cls: type[ProductAnalyticsError], args: tuple[Any, ...]) -> ProductAnalyticsError:
    """An error of `cls` with `args`, made without its `__init__` (whose arguments are
    keywords); unpickling then sets its attributes."""
    error = cls.__new__(cls)
    error.args = args
    return error


class ConfigurationError(ProductAnalyticsError, ValueError):
    """A client setting is missing or invalid (raised when the client is constructed)."""


class ClientClosedError(ProductAnalyticsError, RuntimeError):
    """The client was used after `close()` (or after its `async with` block ended)."""


class MissingScopeError(ProductAnalyticsError):
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
    """Something went wrong talking to the service. `method` and `url` name the request.

    `headers` are the response's headers and `request_id` the service's request id (from
    `X-Request-Id`), where a response was received; otherwise empty and `None`.
    """

    def __init__(
        self,
        message: str,
        *,
        method: str,
        url: str,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.method = method
        self.url = url
        self.headers: Mapping[str, str] = dict(headers) if headers else {}
        self.request_id: str | None = _request_id(headers)


class ApiConnectionError(ApiError):
    """The connection could not be made or was dropped before a full answer came.

    `request_sent` is False when the request never left the process (connecting failed, or
    no pooled connection came free in time), so the service cannot have seen it; True when it
    may have.
    """

    def __init__(self, message: str, *, method: str, url: str, request_sent: bool) -> None:
        super().__init__(message, method=method, url=url)
        self.request_sent = request_sent


class ApiTimeoutError(ApiConnectionError):
    """No full answer within the request's `timeout` (or the call's `deadline`)."""


class ResponseValidationError(ApiError):
    """A 2xx answer whose body is not JSON or not of the expected shape, or a link (`next`,
    `Location`) that cannot be followed (the message names it). `body` is an excerpt of the
    body."""

    def __init__(
        self,
        message: str,
        *,
        method: str,
        url: str,
        status_code: int,
        body: str,
        headers: Mapping[str, str] | None = None,
        subject: str = "a body that does not parse",
    ) -> None:
        self.status_code: int = status_code
        self.body: str = excerpt(body, MAX_BODY_CHARS)
        shown = f". Body: {excerpt(body)!r}" if body else ""
        super().__init__(
            f"{method} {url} answered {status_code} with {subject}: {message}{shown}",
            method=method,
            url=url,
            headers=headers,
        )


class ResponseTooLargeError(ApiError):
    """A 2xx response body larger than the client's `max_response_bytes` (after
    decompression).

    Reading stopped at the bound, so memory stayed bounded; `status_code` is the answer's
    status and `limit` the bound. Any other status over the bound raises its own
    `ApiStatusError`, whose `body` says the service's body was not read.
    """

    def __init__(
        self,
        *,
        method: str,
        url: str,
        status_code: int,
        limit: int,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        self.status_code = status_code
        self.limit = limit
        super().__init__(
            f"{method} {url} answered {status_code} with a body over {limit} bytes "
            "(max_response_bytes); it was not read further",
            method=method,
            url=url,
            headers=headers,
        )


class ApiStatusError(ApiError):
    """The service answered with a non-2xx status.

    `body` is the decoded JSON, or the raw text when the body is not JSON; a body over
    `MAX_BODY_CHARS` characters is kept as an excerpt only, and one over the client's
    `max_response_bytes` is not read (`body` says so). `detail`, `code` and `attr` come
    from the keys of those names of a JSON object body, else `None`. `retry_after`: the
    seconds its `Retry-After` asked to wait, or None.
    """

    def __init__(
        self,
        *,
        method: str,
        url: str,
        status_code: int,
        body: Any,
        headers: Mapping[str, str] | None = None,
        retry_after: float | None = None,
    ) -> None:
        self.status_code = status_code
        self.retry_after = retry_after
        fields = body if isinstance(body, dict) else {}
        self.detail: str | None = _bounded(fields.get("detail"))
        self.code: str | None = _bounded(fields.get("code"))
        self.attr: str | None = _bounded(fields.get("attr"))
        self.error: str | None = _bounded(fields.get("error"))
        self.body: Any = body if _small(body) else excerpt(_as_text(body), MAX_BODY_CHARS)
        super().__init__(
            f"{method} {url} answered {status_code}: {_server_message(fields, body)}",
            method=method,
            url=url,
            headers=headers,
        )


def _server_message(fields: Mapping[str, Any], body: Any) -> str:
    """The service's message for an error's text: an excerpt of the whole (not of the
    bounded attributes), so that a cut one states the length of the whole."""
    detail, error = fields.get("detail"), fields.get("error")
    if detail is not None:
        message = excerpt(_as_text(detail))
        attr = fields.get("attr")
        if attr is not None:
            message += f" (field {excerpt(_as_text(attr), 100)!r})"
        return message
    if error is not None:
        return excerpt(_as_text(error))
    if isinstance(body, str):
        return excerpt(body.strip()) or "(empty body)"
    return excerpt(_as_text(body))


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
    """429: too many requests. `retry_after` is the wait the service asked for (or, when the
    client gave up waiting, the wait still ahead), in seconds, or None."""


class InternalServerError(ApiStatusError):
    """5xx: the service failed."""


class LowerLevelError(Exception):
    """The `__cause__` of an SDK error that a lower-level failure led to: that failure's
    type and message only, with no traceback, request, body or key."""


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
    429: RateLimitError,
}


REQUEST_ID_HEADERS = ("X-Request-Id", "Request-Id")


def _request_id(headers: Mapping[str, str] | None) -> str | None:
    if not headers:
        return None
    for name in REQUEST_ID_HEADERS:
        value = headers.get(name)
        if value:
            return excerpt(value, 200)
    return None


def _as_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        return repr(value)


def _small(body: Any) -> bool:
    if isinstance(body, str):
        return len(body) <= MAX_BODY_CHARS
    return len(_as_text(body)) <= MAX_BODY_CHARS


def _bounded(value: Any) -> str | None:
    if value is None:
        return None
    return excerpt(_as_text(value), MAX_BODY_CHARS)


def error_for_status(status_code: int) -> type[ApiStatusError]:
    """The `ApiStatusError` subclass for a non-2xx status."""
    return _BY_STATUS.get(status_code) or (
        InternalServerError if status_code >= 500 else ApiStatusError
    )
