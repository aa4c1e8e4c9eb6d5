"""The description of one API operation, as the generated `operations` module lists them."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Generic, Literal, TypeVar

from pydantic import BaseModel

__all__ = ["NOT_GIVEN", "NotGiven", "Operation", "PathParam", "QueryParam", "ResponseKind"]

ResultT = TypeVar("ResultT")
ResponseKind = Literal["model", "model_or_none", "page", "none", "json"]
BodyEncoding = Literal["json", "multipart"]
ParamType = Literal["string", "integer"]
QueryType = Literal["string", "integer", "boolean", "array"]
ItemType = Literal["string", "integer", "boolean", "object"]  # "object": JSON lists only
ArrayStyle = Literal["form", "spaceDelimited", "pipeDelimited"]
JsonKind = Literal["array", "object", "any"]


class NotGiven:
    """Type of `NOT_GIVEN`: the default of a body field, meaning "leave it out of the body".

    Distinct from `None`, which a caller passes to send JSON `null`.
    """

    _instance: NotGiven | None = None

    def __new__(cls) -> NotGiven:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __bool__(self) -> Literal[False]:
        return False

    def __repr__(self) -> str:
        return "NOT_GIVEN"


NOT_GIVEN = NotGiven()
# The query of an operation called without query parameters: empty, read-only.
NO_ARGS: Mapping[str, object] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class PathParam:
    """A `{name}` placeholder of the path: a string (str or UUID) or an integer."""

    name: str
    type: ParamType
    accepts_integer: bool = False


@dataclass(frozen=True, slots=True)
class QueryParam:
    """A query parameter and how its value is checked and encoded.

    `minimum` bounds an integer. A boolean is sent `true`/`false`. An array (of `items`) is
    sent as its OpenAPI `style` and `explode` say: `form` exploded repeats the name
    (`a=1&a=2`), `form` not exploded joins with commas, `spaceDelimited` and `pipeDelimited`
    join with a space or `|`. `json` marks a string parameter whose value the service
    JSON-decodes: the method takes that value (a list when `json` is "array", whose items are
    `items` when given; a dict when "object"; any JSON when "any") and sends it JSON-encoded.
    `enum` lists the values a string may take, and `pattern` the JSON Schema pattern it must
    match (searched anywhere in the value, as JSON Schema does: anchor it to match all of it).
    """

    name: str
    type: QueryType
    minimum: int | None = None
    items: ItemType | None = None
    style: ArrayStyle | None = None
    explode: bool = True
    json: JsonKind | None = None
    enum: tuple[str, ...] = ()
    pattern: str | None = None


_PLACEHOLDER = re.compile(r"{([^}]+)}")


@dataclass(frozen=True, slots=True, kw_only=True)
class Operation(Generic[ResultT]):
    """One operation of the spec: everything needed to build its request and read its answer.

    `Operation("roles_retrieve", "GET", "/api/.../roles/{id}/", response_kind="model", ...)`:
    the operationId, method and path, then the rest by name; what is left out is empty (no
    parameters, no body, no scope) or False.

    `ResultT` is what a successful call returns: the response model, `None` for an operation
    without a body, `Any` for an open JSON body, and the page model of a list. A
    `model_or_none` operation returns its model, or `None` when the service sends no body
    or one of `none_answers` (JSON values that stand for "no result", e.g. `{"success": true}`).

    `personal_api_key_allowed` is False for an operation the live service refuses to personal
    API keys (the client warns on its first call).

    `required_scopes` is every scope a key needs (PostHog's APIScopePermission needs them
    all); `required_scope` is the first, or None. `body_encoding` is how the body is sent:
    JSON, or `multipart/form-data` (file fields as bytes or binary file objects).
    """

    operation_id: str = field(kw_only=False)
    method: str = field(kw_only=False)
    path: str = field(kw_only=False)
    response_kind: ResponseKind
    path_params: tuple[PathParam, ...] = ()
    query_params: tuple[QueryParam, ...] = ()
    body_model: type[BaseModel] | None = None
    # Body fields whose signature default is None: for them, None means "not sent".
    none_means_omitted: frozenset[str] = frozenset()
    # Optional body fields the spec does not let be null: None for them is a `TypeError`.
    none_refused: frozenset[str] = frozenset()
    response_model: type[ResultT] | None = None
    required_scope: str | None = None
    experimental: bool = False
    personal_api_key_allowed: bool = True
    # The service's throttle classes that count a request (`recordings`, `crud`, `listing`):
    # one rate limit per key and class; every one of them must let the request through.
    throttle_classes: tuple[str, ...] = ()
    required_scopes: tuple[str, ...] = ()
    body_encoding: BodyEncoding = "json"
    none_answers: tuple[object, ...] = ()
    # Whether sending the request twice has the effect of sending it once, where the spec
    # says (`x-sdk-idempotent`); None: as its method is. Retries follow it (`_sending.retry`).
    idempotent: bool | None = None
    # The path split around its placeholders: literal, name, literal, name, ..., literal.
    path_parts: tuple[str, ...] = field(init=False, repr=False, compare=False)

    @property
    def throttle_class(self) -> str | None:
        """The operation's main throttle class: the first of `throttle_classes`, or None."""
        return self.throttle_classes[0] if self.throttle_classes else None

    def __post_init__(self) -> None:
        parts = tuple(_PLACEHOLDER.split(self.path))
        names = parts[1::2]
        if names != tuple(p.name for p in self.path_params):
            raise ValueError(f"{self.operation_id}: path placeholders {names} do not match")
        object.__setattr__(self, "path_parts", parts)
        if not self.required_scopes and self.required_scope is not None:
            object.__setattr__(self, "required_scopes", (self.required_scope,))
