"""What the generated resource classes stand on: `Resource`, `endpoint`, `Requester`, and
the `with_raw_response` view of a resource."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol, TypeVar

from product_analytics._bulk import BatchLookup
from product_analytics._operation import Operation
from product_analytics._pagination import Pager
from product_analytics._raw_response import RAW, RawResponse
from product_analytics._wire import RequestOptions

__all__ = ["RawResponseView", "RequestOptions", "Requester", "Resource", "endpoint"]

F = TypeVar("F", bound=Callable[..., Any])
ResultT = TypeVar("ResultT")
ItemT = TypeVar("ItemT")


class Requester(Protocol):
    """The client as the generated resources see it: the three ways to perform an operation."""

    async def _request(
        self,
        operation: Operation[ResultT],
        *,
        path: Mapping[str, object],
        query: Mapping[str, object],
        body: Mapping[str, object] | None,
        options: RequestOptions,
    ) -> ResultT: ...

    def _paginate(
        self,
        operation: Operation[Any],
        *,
        path: Mapping[str, object],
        query: Mapping[str, object],
        body: Mapping[str, object] | None,
        options: RequestOptions,
    ) -> Pager[Any]: ...

    async def _request_many(
        self,
        operation: Operation[ResultT],
        *,
        param: str,
        values: Iterable[object],
        path: Mapping[str, object],
        concurrency: int | None,
        return_exceptions: bool,
        options: RequestOptions,
        batch: BatchLookup | None = None,
        batch_size: int | None = None,
    ) -> list[Any]: ...


class Resource:
    """A group of operations, reached as an attribute of the client."""

    __slots__ = ("_client",)

    def __init__(self, client: Requester) -> None:
        self._client = client

    @property
    def with_raw_response(self) -> RawResponseView:
        """This resource's methods, each returning a `RawResponse` (`status_code`,
        `headers`, `request_id`, `parse()`) instead of the decoded result."""
        return RawResponseView(self)

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"


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
            token = RAW.set(True)
            try:
                result = method(*args, **kwargs)
                if isinstance(result, Pager):
                    first: RawResponse[Any] = await result._first_raw()
                    return first
                raw: RawResponse[Any] = await result
                return raw
            finally:
                RAW.reset(token)

        call.__name__ = name
        call.__doc__ = method.__doc__
        return call

    def __repr__(self) -> str:
        return f"<with_raw_response of {type(self._resource).__name__}>"


# Flags of an operation that its method shows as attributes, besides `required_scope` and
# `operation` (those the Operation record has; others are skipped).
_SHOWN_FLAGS = ("experimental", "personal_api_key_allowed", "throttle_class", "throttle_classes")


def endpoint(operation: Operation[Any], *, bulk: bool = False) -> Callable[[F], F]:
    """Mark a resource method as the caller of `operation`; the method itself is returned.

    It stays a plain method (type checkers report errors against its own name and
    signature, and `inspect.signature` sees every parameter) that also carries
    `method.operation`, `method.required_scope` (None where none is listed) and the
    operation's flags (`experimental`, and `personal_api_key_allowed`, `throttle_class`,
    `throttle_classes` where the operation has them), and `method.bulk` (True for a method
    that performs the operation once per value, like `get_many`). A bound method forwards
    attribute reads to its function, so `client.projects.update.required_scope` works as well.
    """

    def mark(function: F) -> F:
        function.operation = operation  # type: ignore[attr-defined]
        function.required_scope = operation.required_scope  # type: ignore[attr-defined]
        function.bulk = bulk  # type: ignore[attr-defined]
        for flag in _SHOWN_FLAGS:
            if hasattr(operation, flag):
                setattr(function, flag, getattr(operation, flag))
        return function

    return mark
