"""`RawResponse`: the answer as it came, decoded on demand; `RAW` switches a call to it."""

from __future__ import annotations

import contextvars
from collections.abc import Callable, Mapping
from typing import Generic, TypeVar

from product_analytics._http.decode import Answer, decode_success
from product_analytics._spec.operation import Operation
from product_analytics.errors import REQUEST_ID_HEADERS

__all__ = ["RAW", "RawResponse"]

ResultT = TypeVar("ResultT")
# Set by `with_raw_response`: the call returns the raw answer instead of decoding it.
RAW: contextvars.ContextVar[bool] = contextvars.ContextVar("product_analytics_raw", default=False)


class RawResponse(Generic[ResultT]):
    """A 2xx answer before decoding: `status_code`, `headers`, `request_id` (the service's
    request-id header, or None), `content` (the body) and `parse()`, which gives what the
    plain method returns (and raises `ResponseValidationError` as it would)."""

    __slots__ = ("_answer", "_hide", "_method", "_operation", "_url")

    def __init__(
        self,
        answer: Answer,
        operation: Operation[ResultT],
        method: str,
        url: str,
        hide: Callable[[Answer], Answer] | None = None,
    ) -> None:
        self._answer = answer
        self._operation = operation
        self._method = method
        self._url = url
        self._hide = hide  # what keeps the API key out of `parse()`'s error

    @property
    def status_code(self) -> int:
        return self._answer.status

    @property
    def headers(self) -> Mapping[str, str]:
        return self._answer.headers

    @property
    def request_id(self) -> str | None:
        for name in REQUEST_ID_HEADERS:
            value = self._answer.headers.get(name)
            if value:
                return value
        return None

    @property
    def content(self) -> bytes:
        return self._answer.body

    @property
    def url(self) -> str:
        return self._url

    def parse(self) -> ResultT:
        """The decoded result, as the plain method returns it."""
        return decode_success(
            self._operation, self._answer, method=self._method, url=self._url, hide=self._hide
        )

    def __repr__(self) -> str:
        return f"<RawResponse {self._method} {self._url} {self._answer.status}>"
