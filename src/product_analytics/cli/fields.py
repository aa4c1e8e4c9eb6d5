"""`--set FIELD=VALUE`: body fields given on the command line, by the names of the body's
model."""

from __future__ import annotations

import difflib
import json
from typing import Any

import pydantic

__all__ = ["FieldError", "parse_fields"]


class FieldError(ValueError):
    """A `--set` the command cannot send: one line on stderr, exit 2."""


def parse_fields(pairs: list[str], model: type[pydantic.BaseModel]) -> dict[str, Any]:
    """The body fields of `pairs` (VALUE is JSON, else a plain string), each a field of
    `model`. Their values are the method's to check (it refuses a wrong type before sending).

    Raises `FieldError` naming the pair that is not FIELD=VALUE, or the field `model` does not
    have, listing the ones it has (and the closest name).
    """
    fields: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or not name:
            raise FieldError(f"--set takes FIELD=VALUE, got {pair!r}")
        if name not in model.model_fields:
            close = difflib.get_close_matches(name, model.model_fields, n=1)
            guess = f" (did you mean {close[0]}?)" if close else ""
            valid = ", ".join(sorted(model.model_fields))
            raise FieldError(f"--set {name}: no such field{guess}; the fields are: {valid}")
        try:
            value = json.loads(text)
        except ValueError:
            value = text
        fields[name] = value
    return fields
