"""The description of one API operation, as the generated `operations` module lists them."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Generic, Literal, TypeVar

from pydantic import BaseModel

__all__ = ["NOT_GIVEN", "NotGiven", "Operation", "PathParam", "QueryParam", "ResponseKind"]

ResultT = TypeVar("ResultT")
ResponseKind = Literal["model", "page", "none", "json"]
ParamType = Literal["string", "integer"]


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


@dataclass(frozen=True, slots=True)
class PathParam:
    """A `{name}` placeholder of the path: a string (str or UUID) or an integer."""

    name: str
    type: ParamType
    accepts_integer: bool = False


@dataclass(frozen=True, slots=True)
class QueryParam:
    """A query parameter; `minimum` bounds an integer one."""

    name: str
    type: ParamType
    minimum: int | None = None


_PLACEHOLDER = re.compile(r"{([^}]+)}")


@dataclass(frozen=True, slots=True)
class Operation(Generic[ResultT]):
    """One operation of the spec: everything needed to build its request and read its answer.

    `ResultT` is what a successful call returns: the response model, `None` for an operation
    without a body, `Any` for an open JSON body, and the page model of a list.
    """

    operation_id: str
    method: str
    path: str
    path_params: tuple[PathParam, ...]
    query_params: tuple[QueryParam, ...]
    body_model: type[BaseModel] | None
    # Body fields whose signature default is None: for them, None means "not sent".
    none_means_omitted: frozenset[str]
    response_kind: ResponseKind
    response_model: type[ResultT] | None
    required_scope: str | None
    experimental: bool
    # The service's throttle class (`recordings`, `crud`): one rate limit per key and class.
    throttle_class: str | None = None
    # The path split around its placeholders: literal, name, literal, name, ..., literal.
    path_parts: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        parts = tuple(_PLACEHOLDER.split(self.path))
        names = parts[1::2]
        if names != tuple(p.name for p in self.path_params):
            raise ValueError(f"{self.operation_id}: path placeholders {names} do not match")
        object.__setattr__(self, "path_parts", parts)
