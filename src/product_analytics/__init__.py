"""Async Python SDK for the product-analytics HTTP API.

from product_analytics import AsyncClient

async with AsyncClient(api_key=..., base_url=...) as client:
    recording = await client.session_recordings.get(project_id=1, id="...")
"""

from product_analytics._aiohttp import AiohttpTransport
from product_analytics._client import AsyncClient
from product_analytics._resources.pagination import Page, Pager
from product_analytics._resources.raw_response import RawResponse
from product_analytics._sending.config import InsecureTransportWarning
from product_analytics._sending.retry import RetryPolicy
from product_analytics._sending.stats import ClientStats
from product_analytics._sending.throttle import RateLimit, ThrottleEvent
from product_analytics._spec.operation import NOT_GIVEN, NotGiven
from product_analytics._transport.base import (
    Request,
    Response,
    Transport,
    TransportError,
    TransportTimeout,
)
from product_analytics._version import __version__
from product_analytics.errors import (
    ApiConnectionError,
    ApiError,
    ApiStatusError,
    ApiTimeoutError,
    AuthenticationError,
    BadRequestError,
    ClientClosedError,
    ConfigurationError,
    ConflictError,
    ExperimentalOperationWarning,
    InternalServerError,
    LowerLevelError,
    MissingScopeError,
    NotFoundError,
    PermissionDeniedError,
    PersonalApiKeyWarning,
    ProductAnalyticsError,
    RateLimitError,
    ResponseTooLargeError,
    ResponseValidationError,
)

__all__ = [
    "NOT_GIVEN",
    "AiohttpTransport",
    "ApiConnectionError",
    "ApiError",
    "ApiStatusError",
    "ApiTimeoutError",
    "AsyncClient",
    "AuthenticationError",
    "BadRequestError",
    "ClientClosedError",
    "ClientStats",
    "ConfigurationError",
    "ConflictError",
    "ExperimentalOperationWarning",
    "InsecureTransportWarning",
    "InternalServerError",
    "LowerLevelError",
    "MissingScopeError",
    "NotFoundError",
    "NotGiven",
    "Page",
    "Pager",
    "PermissionDeniedError",
    "PersonalApiKeyWarning",
    "ProductAnalyticsError",
    "RateLimit",
    "RateLimitError",
    "RawResponse",
    "Request",
    "Response",
    "ResponseTooLargeError",
    "ResponseValidationError",
    "RetryPolicy",
    "ThrottleEvent",
    "Transport",
    "TransportError",
    "TransportTimeout",
    "__version__",
]
