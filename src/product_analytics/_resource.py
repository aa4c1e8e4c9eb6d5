"""What the generated resources stand on: `Resource`, `Endpoint` (one class per operation),
`Requester`, and the `with_raw_response` views (`RawMethods`, `Raw`, and the wrappers `raw`
and `raw_page`)."""

from __future__ import annotations

import functools
import inspect
import sys
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, ClassVar, Generic, NoReturn, Protocol, TypeAlias, TypeVar, cast, overload

from typing_extensions import Never, ParamSpec, Required, Self, TypedDict, Unpack

from product_analytics._bulk import BatchLookup
from product_analytics._operation import NOT_GIVEN, Operation
from product_analytics._pagination import Page, Pager
from product_analytics._raw_response import RAW, RawResponse
from product_analytics._wire import RequestOptions

__all__ = [
    "Endpoint", "Extra", "Headers", "OperationArgs", "Raw", "RawMethods", "RequestOptions",
    "Requester", "Resource", "Seconds", "raw", "raw_page",
]  # fmt: skip

P = ParamSpec("P")
ResultT = TypeVar("ResultT")
ItemT = TypeVar("ItemT")
ValueT = TypeVar("ValueT")
MethodT_co = TypeVar("MethodT_co", covariant=True)

# The types of the per-call options as the generated signatures spell them: `timeout` and
# `deadline` (seconds), `extra_headers`, and `extra_query` and `extra_body` (extra values by
# name). None: the client's setting, or nothing extra.
Seconds: TypeAlias = float | None
Headers: TypeAlias = Mapping[str, str] | None
Extra: TypeAlias = Mapping[str, object] | None
# The method parameters that are not the operation's own (path, query or body).
_OPTIONS = frozenset({"timeout", "deadline", "extra_headers", "extra_query", "extra_body"})


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

    @property
    def _request_many(self) -> Callable[..., Awaitable[list[Any]]]:
        """`ManyRequests._request_many` (`_many`): the operation once per value of a path
        parameter, bounded, results in order."""
        ...


class Resource:
    """A group of operations, reached as an attribute of the client (`client.roles`).

    A subclass declares its operations by annotation, each with its `Endpoint` class
    (`get: RolesGet`), and its `with_raw_response` view with its `RawMethods` class; the
    classes are looked up by name in the subclass's module, which defines them before it.
    Each annotation becomes a class attribute: an instance of the endpoint class, or the
    view made of the resource, each made on first use and kept in the resource's `__dict__`
    (an endpoint bound to the resource's client).
    """

    __slots__ = ("__dict__", "_client")

    def __init__(self, client: Requester) -> None:
        self._client = client

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        namespace = vars(sys.modules[cls.__module__])
        for name, annotation in inspect.get_annotations(cls).items():
            declared = namespace.get(annotation) if isinstance(annotation, str) else annotation
            if isinstance(declared, type) and issubclass(declared, Endpoint):
                endpoint = declared()
                endpoint.__set_name__(cls, name)
                setattr(cls, name, endpoint)
            elif isinstance(declared, type) and issubclass(declared, RawMethods):
                view = functools.cached_property(declared)
                view.__set_name__(cls, name)
                setattr(cls, name, view)

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"


class _FromOperation(Generic[ValueT]):
    """An attribute of an `Endpoint` that reads the attribute of the same name of its
    `operation` record; read-only. Read from the class, the descriptor itself."""

    def __init__(self, doc: str) -> None:
        self.__doc__, self._name = doc, ""

    def __set_name__(self, owner: type[Any], name: str) -> None:
        self._name = name

    @overload
    def __get__(self, instance: None, owner: type[Any]) -> Self: ...
    @overload
    def __get__(self, instance: Endpoint, owner: type[Any]) -> ValueT: ...
    def __get__(self, instance: Endpoint | None, owner: type[Any]) -> Self | ValueT:
        if instance is None:
            return self
        value: ValueT = getattr(instance.operation, self._name)
        return value

    def __set__(self, instance: Endpoint, value: Never) -> NoReturn:
        raise AttributeError(f"{self._name!r} of {type(instance).__name__!r} is read-only")


class Endpoint:
    """One operation as a method of a resource: `client.roles.create(...)` calls `__call__`.

    A generated subclass per operation names it (`class RolesGet(Endpoint,
    operation=ops.ROLES_RETRIEVE)`) and defines `__call__` with the operation's parameters.
    Read from a resource, the endpoint is bound to its client; read from the resource class
    (`Roles.create`), it is the unbound descriptor, which has the same attributes but cannot
    be called. Its body is one call, `self._call(ops.ROLES_RETRIEVE, locals())` (`_page` for a
    list, `_many` for a bulk method), which sorts the arguments into path, query, body and
    options by the operation's parameters. Attributes: `operation_id`, `required_scope` (None where
    the spec lists none), `throttle_class` (the first, or None), `throttle_classes`,
    `personal_api_key_allowed`, `experimental`, `operation` (the `Operation` record) and
    `bulk` (True for a method that performs the operation once per value, like `get_many`).

    A subclass whose body fields come as `**fields` (a `TypedDict` of them, `fields_type`)
    shows each field as a keyword parameter to `inspect.signature`, and refuses a name the
    body does not have with `TypeError`, before anything is sent.
    """

    operation: ClassVar[Operation[Any]]
    bulk: ClassVar[bool] = False
    fields_type: ClassVar[type[Mapping[str, Any]] | None] = None
    _field_names: ClassVar[frozenset[str]] = frozenset()
    # The method's body fields (none where they come as `**fields`); of a bulk method, the
    # path parameter it varies (`id` of `ids`) and the list operation of its `batch_size`.
    _body_names: ClassVar[tuple[str, ...] | None] = None
    _bulk_param: ClassVar[str] = ""
    _batch: ClassVar[BatchLookup | None] = None

    __slots__ = ("_client", "_name")

    def __init__(self, client: Requester | None = None, name: str = "") -> None:
        if client is not None:
            self._client = client
        self._name = name

    def __init_subclass__(
        cls,
        *,
        operation: Operation[Any],
        fields_type: type[Mapping[str, Any]] | None = None,
        bulk: bool = False,
        batch: BatchLookup | None = None,
        **kwargs: Any,
    ) -> None:
        """`class RolesGet(Endpoint, operation=ops.ROLES_RETRIEVE)`: the subclass of one
        operation; `fields_type` for a body taken as `**fields`, `bulk` for `get_many`, `batch`
        for its `batch_size`."""
        super().__init_subclass__(**kwargs)
        cls.operation, cls.fields_type, cls.bulk, cls._batch = operation, fields_type, bulk, batch
        if fields_type is not None:
            cls._field_names = frozenset(fields_type.__annotations__)
        if "__call__" in vars(cls):
            cls._sort_arguments(_keywords(cls.__call__))
        if "__call__" in vars(cls) and cls.__call__.__doc__:
            cls.__doc__ = cls.__call__.__doc__  # `help(client.roles.create)`: the whole text
        if sys.version_info >= (3, 12) and inspect.iscoroutinefunction(cls.__call__):
            inspect.markcoroutinefunction(cls)  # inspect.iscoroutinefunction(method): True

    @property
    def __signature__(self) -> inspect.Signature:
        """The method's signature, as `inspect.signature` gives it (an `Endpoint`, which has
        `__get__`, would otherwise pass for a builtin without one)."""
        cls = type(self)
        signature = _SIGNATURES.get(cls)
        if signature is None:
            signature = _SIGNATURES[cls] = _signature(cls)
        return signature

    def __set_name__(self, owner: type[Any], name: str) -> None:
        self._name = name

    def __get__(self, instance: Resource | None, owner: type[Any]) -> Self:
        if instance is None:
            return self
        bound = object.__new__(type(self))  # what __init__ would do, one call fewer
        bound._client, bound._name = instance._client, self._name
        instance.__dict__[self._name] = bound  # later reads find it there, not here
        return bound

    operation_id: _FromOperation[str] = _FromOperation("The spec's operationId.")
    required_scope: _FromOperation[str | None] = _FromOperation(
        "The API-key scope the operation needs, or None where the spec lists none."
    )
    throttle_classes: _FromOperation[tuple[str, ...]] = _FromOperation(
        "Every throttle class the operation counts against, first the main one."
    )
    personal_api_key_allowed: _FromOperation[bool] = _FromOperation(
        "False for an operation the service refuses to personal API keys."
    )
    experimental: _FromOperation[bool] = _FromOperation(
        "True for an operation in development (its first call warns)."
    )

    @property
    def throttle_class(self) -> str | None:
        """The operation's (first) throttle class, or None."""
        classes = self.throttle_classes
        return classes[0] if classes else None

    def _fields(self, fields: Mapping[str, object]) -> Mapping[str, object]:
        """`fields`, checked to be body fields of the operation (else `TypeError`)."""
        unknown = fields.keys() - self._field_names
        if unknown:
            raise TypeError(
                f"{self._name or self.operation_id}() got an unexpected keyword argument "
                f"{min(unknown)!r}"
            )
        return fields

    def __repr__(self) -> str:
        op = self.operation
        return f"<endpoint {self._name or op.operation_id}: {op.method} {op.path}>"

    @classmethod
    def _sort_arguments(cls, keywords: tuple[str, ...]) -> None:
        """Which of the method's keyword parameters are body fields, or (of a bulk method)
        the values of a path parameter: those that are no path or query parameter of the
        operation, nor an option."""
        op = cls.operation
        own = {p.name for p in op.path_params} | {p.name for p in op.query_params}
        rest = [name for name in keywords if name not in own and name not in _OPTIONS]
        if cls.bulk:
            cls._bulk_param = next(p.name for p in op.path_params if f"{p.name}s" in rest)
        elif op.body_model is not None and cls.fields_type is None:
            cls._body_names = tuple(rest)

    def _body(self, args: Mapping[str, Any]) -> Mapping[str, object] | None:
        """The body fields among the method's arguments (None: the operation has no body)."""
        names = self._body_names
        if names is not None:
            return {name: args[name] for name in names}
        return self._fields(args["fields"]) if self.fields_type is not None else None

    def _call(self, operation: Operation[ResultT], args: Mapping[str, Any]) -> Awaitable[ResultT]:
        """`operation` (this endpoint's) performed with the method's arguments, `locals()`:
        its path and query parameters are looked up there by name."""
        body = None if operation.body_model is None else self._body(args)
        options = RequestOptions(  # as `_options` makes them, a call fewer on every request
            args["timeout"], args["extra_headers"], args["extra_query"], args.get("extra_body"),
            args["deadline"],
        )  # fmt: skip
        return self._client._request(operation, path=args, query=args, body=body, options=options)

    def _page(self, operation: Operation[Any], args: Mapping[str, Any]) -> Pager[Any]:
        """The pager of the list `operation`, as `_call` performs it."""
        options = _options(args)
        return self._client._paginate(
            operation, path=args, query=args, body=self._body(args), options=options
        )

    def _many(self, operation: Operation[Any], args: Mapping[str, Any]) -> Awaitable[list[Any]]:
        """`operation` once per value of the bulk method's list (`ids`), as `_call` performs
        it (`_request_many`)."""
        param = self._bulk_param
        return self._client._request_many(
            operation,
            param=param,
            values=args[f"{param}s"],
            path=args,
            concurrency=args["concurrency"],
            return_exceptions=args["return_exceptions"],
            batch=self._batch,
            batch_size=args.get("batch_size"),
            options=_options(args),
        )


def _keywords(function: Callable[..., Any]) -> tuple[str, ...]:
    """The names of `function`'s keyword-only parameters, in order."""
    code = function.__code__
    return code.co_varnames[code.co_argcount : code.co_argcount + code.co_kwonlyargcount]


def _options(args: Mapping[str, Any]) -> RequestOptions:
    """The per-call options among a method's arguments (a bulk method has no `extra_body`)."""
    return RequestOptions(
        timeout=args["timeout"],
        extra_headers=args["extra_headers"],
        extra_query=args["extra_query"],
        extra_body=args.get("extra_body"),
        deadline=args["deadline"],
    )


# Each Endpoint class's signature, made on first use.
_SIGNATURES: dict[type[Endpoint], inspect.Signature] = {}


def _signature(cls: type[Endpoint]) -> inspect.Signature:
    """`cls.__call__`'s signature without `self`, its `**fields` spelt out as keyword
    parameters (before `timeout`), each defaulting to NOT_GIVEN unless the body requires it."""
    model = cls.operation.body_model
    fields = model.model_fields if model is not None else {}
    annotations: dict[str, Any] = dict(cls.fields_type.__annotations__ if cls.fields_type else {})
    required = {name for name in annotations if name in fields and fields[name].is_required()}
    spelt = [
        inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=_text(annotation))
        if name in required
        else inspect.Parameter(
            name,
            inspect.Parameter.KEYWORD_ONLY,
            default=NOT_GIVEN,
            annotation=_with_not_given(_text(annotation)),
        )
        for name, annotation in annotations.items()
    ]
    call = inspect.signature(cls.__call__)
    own = list(call.parameters.values())[1:]
    kept = [p for p in own if p.kind is not inspect.Parameter.VAR_KEYWORD]
    at = next((i for i, p in enumerate(kept) if p.name == "timeout"), len(kept))
    return call.replace(parameters=[*kept[:at], *spelt, *kept[at:]])


class RawMethods:
    """The base of a resource's `with_raw_response` view (`RolesWithRawResponse`): the
    methods it declares by annotation (`get: Raw[RolesGet]`) are the resource's endpoints of
    those names, each returning the `RawResponse` of its answer."""

    __slots__ = ("__dict__", "_resource")

    def __init__(self, resource: Resource) -> None:
        self._resource = resource

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name in inspect.get_annotations(cls):
            method: Raw[Any] = Raw(name)
            setattr(cls, name, method)

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"


class Raw(Generic[MethodT_co]):
    """An attribute of a `RawMethods` view, annotated `Raw[RolesGet]`: the resource's
    endpoint of the same name as `raw` wraps it (`raw_page` for a list), made on first use
    and kept in the view's `__dict__`. `MethodT_co` is the endpoint's class, whose
    `__call__` gives the wrapper its parameters and result."""

    __slots__ = ("_name",)

    def __init__(self, name: str) -> None:
        self._name = name

    @overload
    def __get__(self, instance: None, owner: type[Any]) -> Self: ...
    @overload
    def __get__(
        self: Raw[Callable[P, Pager[ItemT]]], instance: object, owner: type[Any]
    ) -> Callable[P, Awaitable[RawResponse[Page[ItemT]]]]: ...
    @overload
    def __get__(
        self: Raw[Callable[P, Awaitable[ResultT]]], instance: object, owner: type[Any]
    ) -> Callable[P, Awaitable[RawResponse[ResultT]]]: ...
    def __get__(self, instance: object, owner: type[Any]) -> Any:
        if not isinstance(instance, RawMethods):
            return self
        endpoint: Any = getattr(instance._resource, self._name)
        page = endpoint.operation.response_kind == "page"
        method = instance.__dict__[self._name] = raw_page(endpoint) if page else raw(endpoint)
        return method


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
    """`method` returning the `RawResponse` of its answer, whose `parse()` gives its result."""

    @functools.wraps(method)
    async def call(*args: P.args, **kwargs: P.kwargs) -> RawResponse[ResultT]:
        token = RAW.set(True)
        try:
            return cast("RawResponse[ResultT]", await method(*args, **kwargs))
        finally:
            RAW.reset(token)

    return call


def raw_page(method: Callable[P, Pager[ItemT]]) -> Callable[P, Awaitable[RawResponse[Page[ItemT]]]]:
    """A list `method` returning the `RawResponse` of its first page (`parse()`: the Page)."""

    @functools.wraps(method)
    async def call(*args: P.args, **kwargs: P.kwargs) -> RawResponse[Page[ItemT]]:
        return cast("RawResponse[Page[ItemT]]", await method(*args, **kwargs)._first_raw())

    return call
