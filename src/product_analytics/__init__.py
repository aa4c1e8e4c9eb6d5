"""Async Python SDK for the product-analytics HTTP API.

from product_analytics import AsyncClient

async with AsyncClient(api_key=..., base_url=...) as client:
    recording = await client.session_recordings.get(project_id=1, id="...")
"""

__version__ = "0.1.0"

from product_analytics.client import AsyncClient, ClientStats
from product_analytics.config import ConfigurationError
from product_analytics.errors import (
    ApiConnectionError,
    ApiError,
    ApiStatusError,
    ApiTimeoutError,
    AuthenticationError,
    BadRequestError,
    ClientClosedError,
    ConflictError,
    ExperimentalOperationWarning,
    InternalServerError,
    MissingScopeError,
    NotFoundError,
    PermissionDeniedError,
    ProductAnalyticsError,
    RateLimitError,
    ResponseValidationError,
)
from product_analytics.operation import NOT_GIVEN, NotGiven
from product_analytics.pagination import Page, Pager
from product_analytics.ratelimit import RateLimit
from product_analytics.retries import RetryPolicy

__all__ = [
    "NOT_GIVEN",
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
    "InternalServerError",
    "MissingScopeError",
    "NotFoundError",
    "NotGiven",
    "Page",
    "Pager",
    "PermissionDeniedError",
    "ProductAnalyticsError",
    "RateLimit",
    "RateLimitError",
    "ResponseValidationError",
    "RetryPolicy",
    "__version__",
]
