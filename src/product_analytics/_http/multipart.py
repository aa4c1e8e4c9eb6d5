"""A `multipart/form-data` body (RFC 7578), built in memory: pure, no I/O but reading a file
object the caller passes.

Each field is one part, in the order given. A file field (`bytes`, `bytearray`,
`memoryview`, or a binary file object, whose `read()` is called once) is sent as
`application/octet-stream` with a filename (the file object's `name`, else the field's
name). A `str` is sent as text; a number as its decimal text; a bool as `true`/`false`,
as JSON writes it; None as an empty text; a list or dict as its JSON text. The boundary is
random and never occurs in the body.
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Mapping

__all__ = ["encode_form", "is_file"]

_CRLF = b"\r\n"


def is_file(value: object) -> bool:
    """Whether `value` is sent as a file part."""
    return isinstance(value, (bytes, bytearray, memoryview)) or callable(
        getattr(value, "read", None)
    )


def _quoted(text: str) -> str:
    """A name or filename inside a quoted Content-Disposition parameter (as browsers escape
    it: `"` and line breaks percent-encoded)."""
    return text.replace('"', "%22").replace("\r", "%0D").replace("\n", "%0A")


def _file_bytes(name: str, value: object) -> tuple[bytes, str]:
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value), name
    data = value.read()  # type: ignore[attr-defined]
    if not isinstance(data, (bytes, bytearray)):
        raise TypeError(f"{name}: a file field takes bytes or a binary file object")
    filename = getattr(value, "name", None)
    shown = os.path.basename(filename) if isinstance(filename, str) and filename else name
    return bytes(data), shown


def _text(name: str, value: object) -> bytes:
    if isinstance(value, str):
        return value.encode()
    if value is None:
        return b""
    if isinstance(value, (bool, int, float, list, dict)):
        try:
            return json.dumps(
                value, separators=(",", ":"), ensure_ascii=False, allow_nan=False
            ).encode()
        except (TypeError, ValueError) as exc:
            raise type(exc)(f"{name}: not JSON: {exc}") from None
    raise TypeError(f"{name}: a form field takes str, a number, a bool, JSON, or a file")


def encode_form(fields: Mapping[str, object]) -> tuple[bytes, str]:
    """(body, Content-Type) of a multipart/form-data body holding `fields`."""
    parts: list[tuple[bytes, bytes]] = []
    for name, value in fields.items():
        if not isinstance(name, str):
            raise TypeError("form field names must be strings")
        head = f'Content-Disposition: form-data; name="{_quoted(name)}"'
        if is_file(value):
            data, filename = _file_bytes(name, value)
            head += f'; filename="{_quoted(filename)}"\r\nContent-Type: application/octet-stream'
        else:
            data = _text(name, value)
        parts.append((head.encode(), data))
    boundary = secrets.token_hex(16)
    while any(boundary.encode() in content for _, content in parts):
        boundary = secrets.token_hex(16)
    delimiter = b"--" + boundary.encode()
    chunks: list[bytes] = []
    for head_bytes, content in parts:
        chunks += [delimiter, _CRLF, head_bytes, _CRLF, _CRLF, content, _CRLF]
    chunks += [delimiter, b"--", _CRLF]
    return b"".join(chunks), f"multipart/form-data; boundary={boundary}"
