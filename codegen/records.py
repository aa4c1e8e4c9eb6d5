"""The plain records the spec is read into, and the templates render.

`Operation` is one operation of the spec with everything its method, its `Operation`
constant and its docstring need; `Resource` groups the operations of one client attribute.
`Param` and `BodyField` are its parameters and body fields. Reading fails with `SpecError`
(the spec cannot be turned into an SDK) or, for one operation, `Skip` (that operation is
left out with a warning; the rest of the spec is generated).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from codegen.batch import Batch
from codegen.source import Pointer

HTTP_METHODS = ("get", "put", "post", "patch", "delete")
# Path parameters that fall back to a default given to the client (`environment_id` is
# PostHog's current name of the project of environment paths).
CLIENT_DEFAULTS = ("project_id", "environment_id", "organization_id")
OPTION_NAMES = frozenset({"timeout", "deadline", "extra_headers", "extra_query", "extra_body"})
# Names a keyword argument of a generated method cannot take.
NOT_ARGUMENTS = OPTION_NAMES | {"self", "concurrency", "return_exceptions"}


class SpecError(ValueError):
    """The spec cannot be turned into an SDK; the message says where and why."""


class Skip(Exception):
    """This operation cannot be generated: what is wrong, at `pointer` (reported as a
    warning naming the operation; the rest of the spec is generated)."""

    def __init__(self, pointer: Pointer, message: str) -> None:
        super().__init__(message)
        self.pointer = pointer
        self.message = message


@dataclass(frozen=True)
class Param:
    name: str
    location: str  # "path" or "query"
    schema_type: str  # "string" or "integer"; a query parameter also "boolean" or "array"
    annotation: str
    required: bool
    accepts_integer: bool = False
    minimum: int | None = None
    description: str = ""
    # Query parameters only (see `codegen.params.query_shape`):
    items: str | None = None  # item type of an array, or of a JSON-encoded list
    style: str | None = None  # an array's OpenAPI style: form, spaceDelimited, pipeDelimited
    explode: bool = True  # an array's OpenAPI explode
    json: str | None = None  # x-sdk-json: the JSON kind of the value ("array", "object", "any")
    enum: tuple[str, ...] = ()
    pattern: str | None = None  # a string's JSON Schema pattern (searched, as JSON Schema does)


@dataclass(frozen=True)
class BodyField:
    name: str
    annotation: str
    required: bool
    has_default: bool
    default: Any = None
    description: str = ""

    @property
    def none_default(self) -> bool:
        """The spec's default is null: the signature defaults to None, and None is not sent.

        Any other spec default is not copied into the signature: the method defaults to
        NOT_GIVEN, so that a value the caller passes is sent even when it equals the default.
        """
        return self.has_default and self.default is None

    @property
    def none_refused(self) -> bool:
        """An optional field whose schema does not allow null (its annotation is no union
        with `None`, nor `Any`): the method refuses None for it before sending."""
        parts = {part.strip() for part in self.annotation.split("|")}
        return not (self.required or self.none_default or parts & {"None", "Any"})


@dataclass(frozen=True)
class Body:
    """An operation's request body: its model (None: no body), the fields its method takes,
    the fields it leaves to `extra_body`, and how it is sent ("json" or "multipart")."""

    model: str | None = None
    fields: list[BodyField] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    encoding: str = "json"


@dataclass(frozen=True)
class Bulk:
    method: str
    param: str
    # Given to a retrieve operation without `x-sdk-bulk-method`: named `<method>_many` once
    # the method's name is known, and left out where that name is taken.
    derived: bool = False


@dataclass
class Operation:
    operation_id: str
    constant: str
    method: str
    path: str
    resource: str
    sdk_method: str
    summary: str
    description: str
    required_scope: str | None
    experimental: bool
    path_params: list[Param]
    query_params: list[Param]
    body_model: str | None
    body_fields: list[BodyField]
    body_skipped: list[str]
    response_kind: str  # "model", "model_or_none", "page", "none" or "json"
    response_model: str | None
    item_model: str | None
    bulk: Bulk | None = None
    batch: Batch | None = None  # x-sdk-batch (codegen/batch.py)
    # Query parameters the method does not take as arguments (pass them in `extra_query`).
    query_skipped: list[str] = field(default_factory=list)
    personal_api_key_allowed: bool = True
    # Every throttle class that counts the request; the first is the main one.
    throttle_classes: tuple[str, ...] = ()
    # Every scope the operation needs (`required_scope` is the first), as APIScopePermission.
    required_scopes: tuple[str, ...] = ()
    # How the body is sent: "json" or "multipart" (multipart/form-data).
    body_encoding: str = "json"
    # x-sdk-idempotent: whether a repeat has the effect of one request (None: as the method).
    idempotent: bool | None = None

    @property
    def throttle_class(self) -> str | None:
        """The operation's main throttle class (the first of `throttle_classes`)."""
        return self.throttle_classes[0] if self.throttle_classes else None

    # JSON bodies of a 2xx answer that mean "no result" (the method returns None).
    none_answers: tuple[Any, ...] = ()
    # The docstring's "Raises:" entries: (error class, "status: meaning"), codegen/raises.py.
    raises: tuple[tuple[str, str], ...] = ()

    @property
    def bulk_raises(self) -> tuple[tuple[str, str], ...]:
        """The bulk method's "Raises:" entries: this operation's, then those of its batch
        list (`x-sdk-batch`) at statuses this operation does not list, which only a batched
        call meets."""
        if self.batch is None:
            return self.raises
        statuses = {meaning.partition(":")[0] for _, meaning in self.raises}
        extra = tuple(
            (cls, f"{meaning} (batched: ``{self.batch.operation}``)")
            for cls, meaning in self.batch.raises
            if meaning.partition(":")[0] not in statuses
        )
        return self.raises + extra


@dataclass(frozen=True)
class Resource:
    attribute: str
    class_name: str
    operations: list[Operation] = field(default_factory=list)
