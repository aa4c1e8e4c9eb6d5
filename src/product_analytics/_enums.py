"""Open enums: the base of every enum generated from the spec.

A member compares equal to its value (`Status.VALID == "valid"`), and a value the spec
does not list (the service added one) still parses: it becomes a member of the same class
that is not one of the listed ones, so a response is never refused for it.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

__all__ = ["OpenIntEnum", "OpenStrEnum"]


class OpenStrEnum(str, Enum):
    """A string enum that keeps values it does not list."""

    def __str__(self) -> str:
        return str.__str__(self)

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        return _schema(cls, str, source, handler)

    @classmethod
    def _missing_(cls, value: object) -> Any:
        if not isinstance(value, str):
            return None
        member = str.__new__(cls, value)
        member._name_ = value
        member._value_ = value
        return member


class OpenIntEnum(int, Enum):
    """An integer enum that keeps values it does not list."""

    def __str__(self) -> str:
        return int.__repr__(self)

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        return _schema(cls, int, source, handler)

    @classmethod
    def _missing_(cls, value: object) -> Any:
        if not isinstance(value, int) or isinstance(value, bool):
            return None
        member = int.__new__(cls, value)
        member._name_ = f"VALUE_{value}".replace("-", "MINUS_")
        member._value_ = value
        return member


def _schema(cls: type[Enum], base: type, source: Any, handler: Any) -> Any:
    """Validation that takes a member or a plain `base` value (also in strict mode, which
    request bodies are checked in: a caller passes `"Europe/Paris"`, not the member), and
    serialises to the value in JSON."""
    from pydantic_core import core_schema

    def coerce(value: object) -> Any:
        if isinstance(value, cls):
            return value
        if isinstance(value, base) and not isinstance(value, (bool, Enum)):
            return cls(value)
        raise ValueError(f"{cls.__name__} takes a {base.__name__}, got {type(value).__name__}")

    return core_schema.no_info_plain_validator_function(
        coerce,
        serialization=core_schema.plain_serializer_function_ser_schema(
            lambda member: member.value, when_used="json"
        ),
        json_schema_input_schema=core_schema.enum_schema(
            cls, list(cls.__members__.values()), sub_type="str" if base is str else "int"
        ),
    )
