"""What the generated resource classes stand on: `Resource`, `endpoint`, `Requester`, and
the `with_raw_response` view of a resource."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Concatenate, Generic, ParamSpec, Protocol, TypeVar, overload

from product_analytics._operation import Operation
from product_analytics._pagination import Pager
from product_analytics._raw_response import RAW, RawResponse
from product_analytics._wire import RequestOptions

__all__ = [
    "BoundEndpoint",
    "Endpoint",
    "RawResponseView",
    "RequestOptions",
    "Requester",
    "Resource",
    "endpoint",
]

P = ParamSpec("P")
R = TypeVar("R")
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


class BoundEndpoint(Generic[P, R]):
    """An operation method bound to its resource; call it like the method.

    `required_scope` is the scope the operation needs (None where none is listed) and
    `operation` its full description.
    """

    __slots__ = ("_endpoint", "_owner")

    def __init__(self, endpoint: Endpoint[P, R], owner: Any) -> None:
        self._endpoint = endpoint
        self._owner = owner

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        return self._endpoint.function(self._owner, *args, **kwargs)

    @property
    def required_scope(self) -> str | None:
        return self._endpoint.operation.required_scope

    @property
    def operation(self) -> Operation[Any]:
        return self._endpoint.operation

    @property
    def __doc__(self) -> str | None:  # type: ignore[override]
        return self._endpoint.function.__doc__

    @property
    def __name__(self) -> str:
        return self._endpoint.function.__name__

    @property
    def __signature__(self) -> inspect.Signature:
        signature = inspect.signature(self._endpoint.function)
        return signature.replace(parameters=list(signature.parameters.values())[1:])

    def __repr__(self) -> str:
        return f"<operation {self._endpoint.operation.operation_id}>"


class Endpoint(Generic[P, R]):
    """A resource method that performs one operation; see `endpoint`."""

    def __init__(self, operation: Operation[Any], function: Callable[Concatenate[Any, P], R]):
        self.operation = operation
        self.function = function
        self.__doc__ = function.__doc__
        self.__name__ = function.__name__

    @property
    def required_scope(self) -> str | None:
        return self.operation.required_scope

    @overload
    def __get__(self, instance: None, owner: type[Any]) -> Endpoint[P, R]: ...
    @overload
    def __get__(self, instance: object, owner: type[Any]) -> BoundEndpoint[P, R]: ...
    def __get__(
        self, instance: object | None, owner: type[Any]
    ) -> Endpoint[P, R] | BoundEndpoint[P, R]:
        if instance is None:
            return self
        return BoundEndpoint(self, instance)


def endpoint(
    operation: Operation[Any],
) -> Callable[[Callable[Concatenate[Any, P], R]], Endpoint[P, R]]:
    """Mark a resource method as the caller of `operation`, exposing its `required_scope`."""

    def wrap(function: Callable[Concatenate[Any, P], R]) -> Endpoint[P, R]:
        return Endpoint(operation, function)

    return wrap
