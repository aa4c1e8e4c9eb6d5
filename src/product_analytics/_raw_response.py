"""`RawResponse` and `with_raw_response`: the answer as it came, decoded on demand."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

from product_analytics._operation import Operation
from product_analytics._wire import Answer, decode_success
from product_analytics.errors import REQUEST_ID_HEADERS

__all__ = ["RawResponse", "RawResponseView"]

ResultT = TypeVar("ResultT")


class RawResponse(Generic[ResultT]):
    """A 2xx answer before decoding: `status_code`, `headers`, `request_id` (the service's
    request-id header, or None), `content` (the body) and `parse()`, which gives what the
    plain method returns (and raises `ResponseValidationError` as it would)."""

    __slots__ = ("_answer", "_method", "_operation", "_url")

    def __init__(
        self, answer: Answer, operation: Operation[ResultT], method: str, url: str
    ) -> None:
        self._answer = answer
        self._operation = operation
        self._method = method
        self._url = url

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
        return decode_success(self._operation, self._answer, method=self._method, url=self._url)

    def __repr__(self) -> str:
        return f"<RawResponse {self._method} {self._url} {self._answer.status}>"


class RawResponseView:
    """`resource.with_raw_response`: the resource's methods, each returning a
    `RawResponse` instead of the decoded result (a list method: of its first page)."""

    __slots__ = ("_resource",)

    def __init__(self, resource: object) -> None:
        self._resource = resource

    def __getattr__(self, name: str) -> Callable[..., Any]:
        method = getattr(self._resource, name)
        if name.startswith("_") or not hasattr(method, "required_scope"):
            raise AttributeError(f"{type(self._resource).__name__} has no operation {name!r}")

        async def call(*args: Any, **kwargs: Any) -> RawResponse[Any]:
            from product_analytics._client import _RAW
            from product_analytics._pagination import Pager

            token = _RAW.set(True)
            try:
                result = method(*args, **kwargs)
                if isinstance(result, Pager):
                    first: RawResponse[Any] = await result._first_raw()
                    return first
                raw: RawResponse[Any] = await result
                return raw
            finally:
                _RAW.reset(token)

        call.__name__ = name
        call.__doc__ = method.__doc__
        return call

    def __repr__(self) -> str:
        return f"<with_raw_response of {type(self._resource).__name__}>"
