"""codegen/longstrings.py: long string literals of generated code split into parts that fit,
with the same value."""

from __future__ import annotations

import ast

from codegen.longstrings import split_long_strings

PATTERN = (
    r"^(all|-?[0-9]{0,6}[hdwmqysM](Start|End)?|[0-9]{4}-[0-9]{2}-[0-9]{2}"
    r"([T ][0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]{1,6})?)?(Z|[+-][0-9]{2}:?[0-9]{2})?)?)$"
)
PROSE = "A field's description, long enough to leave its line over the width: " * 3


def _value(source: str) -> object:
    return ast.literal_eval(source.split("=", 1)[1].strip())


def test_a_long_literal_is_split_into_parts_of_the_same_value() -> None:
    for value in (PATTERN, PROSE, "\\u00e9\\x41\\N{BULLET}" * 20, "é\t'\"" * 40):
        source = f"x = {value!r}\n"
        split = split_long_strings(source, 60)
        assert split != source
        assert _value(split) == value
        parts = ast.parse(split).body[0].value  # type: ignore[attr-defined]
        assert isinstance(parts, ast.Constant)


def test_escape_sequences_are_never_cut() -> None:
    source = 'x = "' + "\\N{EM DASH}\\u00e9\\x41\\\\" * 12 + '"\n'
    split = split_long_strings(source, 50)
    for part in split[split.index("(") + 1 : split.rindex(")")].split('" "'):
        body = part.strip('"')
        assert not body.endswith("\\") or body.endswith("\\\\")
    assert _value(split) == _value(source)


def test_prose_breaks_after_a_space() -> None:
    split = split_long_strings(f"x = {PROSE!r}\n", 80)
    parts = split[split.index("(") + 1 : split.rindex(")")].split("' '")
    assert all(part.endswith(" ") for part in parts[:-1])


def test_short_lines_docstrings_and_f_strings_are_left_alone() -> None:
    source = (
        'x = "short"\ndef f():\n    """' + "a docstring " * 20 + '"""\ny = f\'' + "{x}" * 60 + "'\n"
    )
    assert split_long_strings(source, 60) == source
