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
    def _missing_(cls, value: object) -> Any:
        if not isinstance(value, int) or isinstance(value, bool):
            return None
        member = int.__new__(cls, value)
        member._name_ = f"VALUE_{value}".replace("-", "MINUS_")
        member._value_ = value
        return member
