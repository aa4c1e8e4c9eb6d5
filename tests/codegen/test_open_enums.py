"""`OpenStrEnum`, `OpenIntEnum` and `OpenFloatEnum`, the bases of the generated enums: a
member equals its value, a value the enum does not list still parses (as an unlisted
member), and pydantic takes a member or a plain value and writes the value to JSON."""

from __future__ import annotations

from enum import Enum

import pytest
from pydantic import BaseModel, ConfigDict, ValidationError

from product_analytics._spec.enums import OpenFloatEnum, OpenIntEnum, OpenStrEnum


class Shape(OpenStrEnum):
    ROUND = "round"
    SQUARE = "square"


class Level(OpenIntEnum):
    NONE = 0
    FULL = 21


class Ratio(OpenFloatEnum):
    HALF = 0.5
    ONE = 1


class Widget(BaseModel):
    model_config = ConfigDict(strict=True)

    shape: Shape
    level: Level
    ratio: Ratio = Ratio.ONE


def test_a_listed_value_is_its_member() -> None:
    assert Shape("round") is Shape.ROUND
    assert Level(21) is Level.FULL
    assert (Shape.ROUND, Level.FULL) == ("round", 21)
    assert (str(Shape.ROUND), str(Level.FULL)) == ("round", "21")


def test_an_unlisted_string_becomes_an_unlisted_member() -> None:
    hexagon = Shape("hexagon")
    assert isinstance(hexagon, Shape)
    assert (hexagon, hexagon.value, hexagon.name) == ("hexagon", "hexagon", "hexagon")
    assert str(hexagon) == "hexagon"
    assert hexagon not in list(Shape)


@pytest.mark.parametrize(("value", "name"), [(7, "VALUE_7"), (-3, "VALUE_MINUS_3")])
def test_an_unlisted_integer_becomes_an_unlisted_member(value: int, name: str) -> None:
    member = Level(value)
    assert isinstance(member, Level)
    assert (member, member.value, member.name) == (value, value, name)
    assert str(member) == str(value)
    assert member not in list(Level)


@pytest.mark.parametrize(
    ("value", "name"), [(0.75, "VALUE_0_75"), (-2.5, "VALUE_MINUS_2_5"), (3, "VALUE_3")]
)
def test_an_unlisted_number_becomes_an_unlisted_member_with_its_value(
    value: float, name: str
) -> None:
    member = Ratio(value)
    assert isinstance(member, Ratio)
    assert (member, member.value, member.name) == (value, value, name)
    assert type(member.value) is type(value)
    assert member not in list(Ratio)


def test_a_listed_number_is_its_member_whether_integer_or_float() -> None:
    assert Ratio(1) is Ratio.ONE
    assert Ratio(1.0) is Ratio.ONE
    assert Ratio(0.5) is Ratio.HALF
    assert str(Ratio.HALF) == "0.5"


@pytest.mark.parametrize(
    ("enum", "value"),
    [
        (Shape, 1),
        (Shape, None),
        (Level, "21"),
        (Level, True),
        (Level, 2.0),
        (Ratio, "0.5"),
        (Ratio, False),
    ],
)
def test_a_value_of_another_type_is_refused(enum: type[Enum], value: object) -> None:
    with pytest.raises(ValueError, match="is not a valid"):
        enum(value)


def test_pydantic_takes_members_and_plain_values_and_writes_values() -> None:
    widget = Widget.model_validate({"shape": "hexagon", "level": 21, "ratio": 0.25})
    assert (widget.shape, widget.level, widget.ratio) == (Shape("hexagon"), Level.FULL, 0.25)
    assert isinstance(widget.ratio, Ratio)
    assert Widget.model_validate_json('{"shape": "round", "level": 0, "ratio": 2}').ratio == 2
    assert (
        Widget(shape=Shape.SQUARE, level=Level(5), ratio=Ratio(0.75)).model_dump_json()
        == '{"shape":"square","level":5,"ratio":0.75}'
    )


@pytest.mark.parametrize(
    ("shape", "level", "ratio"),
    [(1, 21, 1), ("round", "21", 1), ("round", True, 1), ("round", 21, "1"), ("round", 21, True)],
)
def test_pydantic_refuses_a_value_of_another_type(
    shape: object, level: object, ratio: object
) -> None:
    with pytest.raises(ValidationError):
        Widget.model_validate({"shape": shape, "level": level, "ratio": ratio})


def test_an_integer_beyond_a_floats_range_is_refused_as_a_validation_error() -> None:
    """JSON's integers have no bound: one no float holds is no number of the enum, and a
    response holding it is invalid (a `ValidationError`, not an `OverflowError`)."""
    huge = "1" + "0" * 400
    with pytest.raises(ValueError, match="is not a valid"):
        Ratio(int(huge))
    with pytest.raises(ValidationError):
        Widget.model_validate_json(f'{{"shape": "round", "level": 0, "ratio": {huge}}}')
