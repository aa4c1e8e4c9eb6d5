"""Long string literals of generated code, split so that every line fits the project's width.

`ruff format` never splits a string, and datamodel-code-generator has no option that does:
a field's `description` or `pattern` from the spec comes out on one line however long it is.
`split_long_strings` rewrites each one-line string literal that stands on a line over the
width as the implicit concatenation of shorter literals in parentheses, which is the same
value; a second `ruff format` then puts each part on a line of its own. Parts break after a
space where they can, never inside an escape sequence. Docstrings and other triple-quoted
strings are left as they are (their lines are wrapped where they are written).
"""

from __future__ import annotations

import io
import re
import tokenize

__all__ = ["split_long_strings"]

# One character of a literal's body as written: an escape sequence whole, else one character.
_UNIT = re.compile(
    r"\\(?:x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|N\{[^}]*\}|[0-7]{1,3}|.)|.", re.S
)
_LITERAL = re.compile(r"(?P<prefix>[rRbBuU]*)(?P<quote>['\"])(?P<body>.*)(?P=quote)", re.S)
# The least a part holds, so that a deep indent never yields a column of one-character parts.
_MIN_PART = 40


def split_long_strings(source: str, width: int) -> str:
    """`source` with every one-line string literal that stands on a line longer than `width`
    split into parts; `source` itself when there is none."""
    if all(len(line) <= width for line in source.splitlines()):
        return source  # nothing to split, and tokenizing is most of the cost
    lines = source.splitlines(keepends=True)
    edits: list[tuple[int, int, int, str]] = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        (row, start), (end_row, end) = token.start, token.end
        if token.type != tokenize.STRING or row != end_row:
            continue
        if len(lines[row - 1].rstrip("\r\n")) <= width:
            continue
        literal = _LITERAL.fullmatch(token.string)
        if literal is None or literal["body"].startswith(literal["quote"] * 2):
            continue  # an f-string (its prefix is not matched), or triple-quoted
        room = max(width - start - 8, _MIN_PART)
        parts = _parts(literal["body"], room)
        if len(parts) > 1:
            prefix, quote = literal["prefix"], literal["quote"]
            joined = " ".join(f"{prefix}{quote}{part}{quote}" for part in parts)
            edits.append((row, start, end, f"({joined})"))
    for row, start, end, text in reversed(edits):
        line = lines[row - 1]
        lines[row - 1] = line[:start] + text + line[end:]
    return "".join(lines)


def _parts(body: str, room: int) -> list[str]:
    """`body` cut into parts of at most `room` characters (an escape sequence counts whole),
    each ending after its last space where it has one in its second half."""
    units = _UNIT.findall(body)
    parts: list[str] = []
    while units:
        size, taken = 0, 0
        while taken < len(units) and size + len(units[taken]) <= room:
            size += len(units[taken])
            taken += 1
        taken = max(taken, 1)
        if taken < len(units):
            spaces = [i + 1 for i in range(taken // 2, taken) if units[i] == " "]
            taken = spaces[-1] if spaces else taken
        parts.append("".join(units[:taken]))
        units = units[taken:]
    return parts
