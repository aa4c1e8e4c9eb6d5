"""Open enums: the base of every enum generated from the spec.

A member compares equal to its value (`Status.VALID == "valid"`), and a value the spec
does not list (the service added one) still parses: it becomes a member of the same class
that is not one of the listed ones, so a response is never refused for it.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Literal

from typing_extensions import Self

__all__ = ["OpenFloatEnum", "OpenIntEnum", "OpenStrEnum"]


class _OpenEnum(Enum):
    """What the open enums share: pydantic's schema, and `_missing_`, which makes a value of the
    enum's type that it does not list an unlisted member (`_unlisted`)."""

    @classmethod
    def _unlisted(cls, value: object) -> tuple[Self, str] | None:
        """A new member of `value` and its name, or None for a value of another type."""
        raise NotImplementedError

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        return _schema(cls)

    @classmethod
    def _missing_(cls, value: object) -> Any:
        unlisted = cls._unlisted(value)
        if unlisted is None:
            return None
        member, name = unlisted
        member._name_ = name
        member._value_ = value
        return member


class OpenStrEnum(str, _OpenEnum):
    """A string enum that keeps values it does not list."""

    def __str__(self) -> str:
        return str.__str__(self)

    @classmethod
    def _unlisted(cls, value: object) -> tuple[Self, str] | None:
        return (str.__new__(cls, value), value) if isinstance(value, str) else None


class OpenIntEnum(int, _OpenEnum):
    """An integer enum that keeps values it does not list."""

    def __str__(self) -> str:
        return int.__repr__(self)

    @classmethod
    def _unlisted(cls, value: object) -> tuple[Self, str] | None:
        if not isinstance(value, int) or isinstance(value, bool):
            return None
        return int.__new__(cls, value), f"VALUE_{value}".replace("-", "MINUS_")


class OpenFloatEnum(float, _OpenEnum):
    """A number enum (`type: number`) that keeps values it does not list, integers
    included: JSON's numbers are both. An integer beyond a float's range is no value of it."""

    def __str__(self) -> str:
        return float.__repr__(self)

    @classmethod
    def _unlisted(cls, value: object) -> tuple[Self, str] | None:
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            return None
        try:
            member = float.__new__(cls, value)
        except OverflowError:  # an integer no float holds (JSON's integers have no bound)
            return None
        return member, f"VALUE_{value}".replace("-", "MINUS_").replace(".", "_")


def _value_type(cls: type[Enum]) -> type[str] | type[int] | type[float]:
    """The type of the values of an open enum."""
    if issubclass(cls, str):
        return str
    return float if issubclass(cls, float) else int


# pydantic's name of each value type, for the enum's JSON schema.
_SUB_TYPES: dict[type, Literal["str", "int", "float"]] = {str: "str", int: "int", float: "float"}


def _schema(cls: type[Enum]) -> Any:
    """Validation that takes a member or a plain `base` value (also in strict mode, which
    request bodies are checked in: a caller passes `"Europe/Paris"`, not the member), and
    serialises to the value in JSON."""
    from pydantic_core import core_schema

    base = _value_type(cls)
    # A number enum takes an integer too (JSON's `1` is read as one).
    takes = (int, float) if base is float else (base,)

    def coerce(value: object) -> Any:
        if isinstance(value, cls):
            return value
        if isinstance(value, takes) and not isinstance(value, (bool, Enum)):
            return cls(value)
        raise ValueError(f"{cls.__name__} takes a {base.__name__}, got {type(value).__name__}")

    return core_schema.no_info_plain_validator_function(
        coerce,
        serialization=core_schema.plain_serializer_function_ser_schema(
            lambda member: member.value, when_used="json"
        ),
        json_schema_input_schema=core_schema.enum_schema(
            cls, list(cls.__members__.values()), sub_type=_SUB_TYPES[base]
        ),
    )
