"""What the generated resources stand on: `Resource`, the base of each resource class;
`endpoint` and `bulk_endpoint`, which mark a resource method with the operation it performs;
`known_fields`, the check of a body taken as `**fields`; and `raw` and `raw_page`, which make
the methods of a `with_raw_response` view.

A generated method shows the request it builds and hands it to the client:

    @endpoint(ops.ROLES_RETRIEVE)
    async def get(self, *, organization_id=None, id, timeout=None, ...) -> models.Role:
        return await self._client._request(
            ops.ROLES_RETRIEVE,
            path={"organization_id": organization_id, "id": id},
            options=RequestOptions(timeout=timeout, ...),
        )
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any, Concatenate, Generic, Protocol, TypeAlias, TypeVar, cast, overload

from typing_extensions import ParamSpec, Required, Self, TypedDict, Unpack

from product_analytics._http.wire import RequestOptions
from product_analytics._resources.bulk import BatchLookup
from product_analytics._resources.pagination import Page, Pager
from product_analytics._resources.raw_response import RAW, RawResponse
from product_analytics._spec.operation import NOT_GIVEN, Operation

__all__ = [
    "BoundMethod",
    "BulkMethod",
    "Extra",
    "Headers",
    "Method",
    "OperationArgs",
    "OperationFacts",
    "RequestOptions",
    "Requester",
    "Resource",
    "Seconds",
    "bulk_endpoint",
    "endpoint",
    "known_fields",
    "raw",
    "raw_page",
]

P = ParamSpec("P")
ResultT = TypeVar("ResultT")
ResultT_co = TypeVar("ResultT_co", covariant=True)
ItemT = TypeVar("ItemT")
ResourceT = TypeVar("ResourceT", bound="Resource")
ResourceT_contra = TypeVar("ResourceT_contra", bound="Resource", contravariant=True)
SignaturesT_co = TypeVar("SignaturesT_co", covariant=True)

# The types of the per-call options as the generated signatures spell them: `timeout` and
# `deadline` (seconds), `extra_headers`, and `extra_query` and `extra_body` (extra values by
# name). None: the client's setting, or nothing extra.
Seconds: TypeAlias = float | None
Headers: TypeAlias = Mapping[str, str] | None
Extra: TypeAlias = Mapping[str, object] | None


class OperationArgs(TypedDict, total=False):
    """The arguments of one call of an operation, as a generated method passes them: the
    values of its `path`, `query` and `body` parameters, and its `options`."""

    path: Required[Mapping[str, object]]
    query: Mapping[str, object]
    body: Mapping[str, object] | None
    options: Required[RequestOptions]


class Requester(Protocol):
    """The client as the generated resources see it: the three ways to perform an operation."""

    async def _request(
        self, operation: Operation[ResultT], **arguments: Unpack[OperationArgs]
    ) -> ResultT: ...

    def _paginate(
        self, operation: Operation[Any], **arguments: Unpack[OperationArgs]
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
    ) -> list[Any]:
        """The operation once per value of the path parameter `param`, bounded, in order."""
        ...


class Resource:
    """A group of operations, reached as an attribute of the client (`client.roles`).

    Its methods are the operations (marked by `endpoint`); each sends its request through
    the client the resource was made with.
    """

    def __init__(self, client: Requester) -> None:
        self._client = client

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"


class OperationFacts(Protocol):
    """What a resource method tells of its operation (`client.roles.create.operation_id`);
    read-only."""

    @property
    def operation(self) -> Operation[Any]:
        """The operation's record (`operations.py`)."""
        ...

    @property
    def operation_id(self) -> str:
        """The spec's operationId."""
        ...

    @property
    def required_scope(self) -> str | None:
        """The API-key scope the operation needs, or None where the spec lists none."""
        ...

    @property
    def throttle_class(self) -> str | None:
        """The operation's (first) throttle class, or None."""
        ...

    @property
    def throttle_classes(self) -> tuple[str, ...]:
        """Every throttle class the operation counts against, first the main one."""
        ...

    @property
    def personal_api_key_allowed(self) -> bool:
        """False for an operation the service refuses to personal API keys."""
        ...

    @property
    def experimental(self) -> bool:
        """True for an operation in development (its first call warns)."""
        ...

    @property
    def bulk(self) -> bool:
        """True for a method that performs the operation once per value (`get_many`)."""
        ...


class BoundMethod(OperationFacts, Protocol[P, ResultT]):
    """A resource method read from a resource (`client.roles.get`): its parameters and
    result, and the facts of its operation."""

    # Declared as a callable attribute, not as a method: a type checker then reports a wrong
    # call against the parameters alone (`Unexpected keyword argument "idd"`), not against
    # `"__call__" of "BoundMethod"` with a note pointing here. An attribute's type is
    # invariant, so `ResultT` is.
    __call__: Callable[P, ResultT]


class Method(OperationFacts, Protocol[ResourceT_contra, P, ResultT_co]):
    """A resource method as its class holds it (`Roles.get`), as `endpoint` types it: a
    function whose attributes are the facts of its operation."""

    def __call__(
        self, resource: ResourceT_contra, /, *args: P.args, **kwargs: P.kwargs
    ) -> ResultT_co: ...

    @overload
    def __get__(self, instance: None, owner: type[Any], /) -> Self: ...
    @overload
    def __get__(
        self, instance: ResourceT_contra, owner: type[Any], /
    ) -> BoundMethod[P, ResultT_co]: ...


class BulkMethod(Protocol[SignaturesT_co]):
    """A bulk method (`get_many`) as its class holds it, as `bulk_endpoint` types it: read
    from a resource, it has the signatures of `SignaturesT_co` (overloaded on
    `return_exceptions`, which a ParamSpec cannot express)."""

    @overload
    def __get__(self, instance: None, owner: type[Any], /) -> Self: ...
    @overload
    def __get__(self, instance: Resource, owner: type[Any], /) -> SignaturesT_co: ...


def _mark(
    function: Callable[..., Any], operation: Operation[Any], *, bulk: bool
) -> Callable[..., Any]:
    """`function` with the facts of `operation` as its attributes (`OperationFacts`); a
    bound method reads them from its function, and refuses to set them."""
    facts = vars(function)
    facts["operation"] = operation
    facts["operation_id"] = operation.operation_id
    facts["required_scope"] = operation.required_scope
    facts["throttle_class"] = operation.throttle_class
    facts["throttle_classes"] = operation.throttle_classes
    facts["personal_api_key_allowed"] = operation.personal_api_key_allowed
    facts["experimental"] = operation.experimental
    facts["bulk"] = bulk
    return function


def endpoint(
    operation: Operation[Any], *, fields: type[Mapping[str, Any]] | None = None
) -> Callable[[Callable[Concatenate[ResourceT, P], ResultT]], Method[ResourceT, P, ResultT]]:
    """Mark a resource method as performing `operation`: `@endpoint(ops.ROLES_RETRIEVE)`.

    The method itself is unchanged: a plain function, with the facts of its operation as
    attributes. `fields`, for a body taken as `**fields: Unpack[SomeFields]`, is that
    `TypedDict`: `inspect.signature` then shows each field as a keyword parameter.
    """

    def mark(
        function: Callable[Concatenate[ResourceT, P], ResultT],
    ) -> Method[ResourceT, P, ResultT]:
        _mark(function, operation, bulk=False)
        if fields is not None:
            vars(function)["__signature__"] = _spelt_out(function, operation, fields)
        return cast("Method[ResourceT, P, ResultT]", function)

    return mark


class bulk_endpoint(Generic[SignaturesT_co]):
    """Mark a bulk method (`get_many`) as performing `operation` once per value:
    `@bulk_endpoint[RolesGetMany](ops.ROLES_RETRIEVE)`. Read from a resource, the method has
    the (overloaded) signatures of the protocol it is subscripted with."""

    def __init__(self, operation: Operation[Any]) -> None:
        self._operation = operation

    def __call__(self, function: Callable[..., Any]) -> BulkMethod[SignaturesT_co]:
        return cast("BulkMethod[SignaturesT_co]", _mark(function, self._operation, bulk=True))


def known_fields(
    fields: Mapping[str, object], *, of: type[Mapping[str, Any]], method: str
) -> Mapping[str, object]:
    """`fields` (a method's `**fields`), each checked to be a key of the `TypedDict` `of`;
    an unknown one is the `TypeError` Python raises for an unknown keyword argument."""
    typed_dict: Any = of
    allowed: frozenset[str] = typed_dict.__required_keys__ | typed_dict.__optional_keys__
    unknown = fields.keys() - allowed
    if unknown:
        raise TypeError(f"{method}() got an unexpected keyword argument {min(unknown)!r}")
    return fields


def _spelt_out(
    function: Callable[..., Any], operation: Operation[Any], fields: type[Mapping[str, Any]]
) -> inspect.Signature:
    """`function`'s signature with its `**fields` spelt out as keyword parameters (before
    `timeout`), each defaulting to NOT_GIVEN unless the body requires it."""
    model = operation.body_model
    model_fields = model.model_fields if model is not None else {}
    # A TypedDict's annotations hold its bases' fields too (its MRO is only dict, object).
    annotations = {name: _text(a) for name, a in inspect.get_annotations(fields).items()}
    spelt = [
        inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation)
        if name in model_fields and model_fields[name].is_required()
        else inspect.Parameter(
            name,
            inspect.Parameter.KEYWORD_ONLY,
            default=NOT_GIVEN,
            annotation=_with_not_given(annotation),
        )
        for name, annotation in annotations.items()
    ]
    signature = inspect.signature(function)
    kept = [p for p in signature.parameters.values() if p.kind is not p.VAR_KEYWORD]
    at = next((i for i, p in enumerate(kept) if p.name == "timeout"), len(kept))
    return signature.replace(parameters=[*kept[:at], *spelt, *kept[at:]])


def _text(annotation: Any) -> str:
    """A TypedDict field's annotation as text (under `from __future__ import annotations`
    a TypedDict holds ForwardRefs)."""
    return str(getattr(annotation, "__forward_arg__", annotation))


def _with_not_given(text: str) -> str:
    """`X | NotGiven` (`X | NotGiven | None`): how a keyword parameter left out unless given
    is annotated."""
    if text.endswith(" | None"):
        return text[: -len(" | None")] + " | NotGiven | None"
    return text + " | NotGiven"


def raw(method: Callable[P, Awaitable[ResultT]]) -> Callable[P, Awaitable[RawResponse[ResultT]]]:
    """`method` returning the `RawResponse` of its answer, whose `parse()` gives its result.
    It has the name, docstring and signature of `method`, not the facts of its operation."""

    @functools.wraps(method, updated=())
    async def call(*args: P.args, **kwargs: P.kwargs) -> RawResponse[ResultT]:
        token = RAW.set(True)
        try:
            return cast("RawResponse[ResultT]", await method(*args, **kwargs))
        finally:
            RAW.reset(token)

    return call


def raw_page(method: Callable[P, Pager[ItemT]]) -> Callable[P, Awaitable[RawResponse[Page[ItemT]]]]:
    """A list `method` returning the `RawResponse` of its first page (`parse()`: the Page)."""

    @functools.wraps(method, updated=())
    async def call(*args: P.args, **kwargs: P.kwargs) -> RawResponse[Page[ItemT]]:
        return cast("RawResponse[Page[ItemT]]", await method(*args, **kwargs)._first_raw())

    return call
