"""Turning an operation and its arguments into a request.

Pure functions, no I/O: everything here runs the same without a network. Arguments are
checked before anything is built, so bad input raises `TypeError` or `ValueError` (a pydantic
`ValidationError` is one) and nothing is sent. Decoding the answer is `decode`'s job; where
a link or redirect leads is `links`'s.
"""

from __future__ import annotations

import functools
import json
import math
import re
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, NamedTuple, cast
from urllib.parse import quote, urlencode, urlsplit

import pydantic

from product_analytics._http.multipart import encode_form, is_file
from product_analytics._spec.operation import NOT_GIVEN, Operation, PathParam, QueryParam

__all__ = [
    "PathTemplate",
    "PreparedRequest",
    "RequestOptions",
    "build_path",
    "build_request",
    "check_extras",
    "check_timeout",
    "encode_path_segment",
    "matches_pattern",
    "path_template",
]

_UNRESERVED = re.compile(r"[A-Za-z0-9._~-]+")  # RFC 3986's unreserved characters
_JSON_HEADERS = {"Accept": "application/json"}
_JSON_BODY_HEADERS = {"Accept": "application/json", "Content-Type": "application/json"}
# Authorization is the client's; framing and hop-by-hop headers are the transport's.
_FORBIDDEN_HEADERS = frozenset(
    {
        "authorization",
        "host",
        "content-length",
        "transfer-encoding",
        "connection",
        "keep-alive",
        "te",
        "trailer",
        "upgrade",
        "proxy-authorization",
        "proxy-connection",
    }
)
# RFC 9110 field-name token; header values may hold no control character but tab.
_HEADER_NAME = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
_HEADER_VALUE_FORBIDDEN = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")


@dataclass(frozen=True, slots=True)
class RequestOptions:
    """The per-call options every operation method takes."""

    timeout: float | None = None
    extra_headers: Mapping[str, str] | None = None
    extra_query: Mapping[str, object] | None = None
    extra_body: Mapping[str, object] | None = None
    deadline: float | None = None


class PreparedRequest(NamedTuple):
    """A request ready to send. `build_request` leaves out the `Authorization` header: the
    client adds it to `headers` (`AsyncClient._prepare`).

    `url` is absolute and already percent-encoded; `target` is its path and query, for
    messages. `timeout` and `deadline` are the call's own (None: the client's). A named
    tuple: immutable, and built at a fraction of a frozen dataclass's cost (one a request).
    """

    method: str
    url: str
    target: str
    headers: Mapping[str, str]
    body: bytes | None
    timeout: float | None
    deadline: float | None = None

    def follow(self, url: str) -> PreparedRequest:
        """The GET of another page of the same list, with this request's headers, limits."""
        parts = urlsplit(url)
        target = f"{parts.path}?{parts.query}" if parts.query else parts.path
        return PreparedRequest(
            method="GET",
            url=url,
            target=target,
            headers=self.headers,
            body=None,
            timeout=self.timeout,
            deadline=self.deadline,
        )


def encode_path_segment(param: PathParam, value: object) -> str:
    """`value` as one percent-encoded path segment, after checking its type.

    The result never holds `/`, `?` or `#`, and is never `.` or `..`, so it cannot reach
    another route.
    """
    if param.type == "integer":
        if type(value) is not int:
            raise TypeError(f"{param.name} must be an int, got {type(value).__name__}")
        return str(value)
    if isinstance(value, str):
        text = value
    elif isinstance(value, uuid.UUID) or (param.accepts_integer and type(value) is int):
        text = str(value)
    else:
        allowed = "a str or an int" if param.accepts_integer else "a str"
        raise TypeError(f"{param.name} must be {allowed}, got {type(value).__name__}")
    if not text:
        raise ValueError(f"{param.name} must not be empty")
    if _UNRESERVED.fullmatch(text):
        encoded = text  # nothing to encode: ids, UUIDs
    else:
        try:
            encoded = quote(text, safe="")
        except UnicodeEncodeError:
            raise ValueError(
                f"{param.name} is not valid Unicode text (it holds a lone surrogate)"
            ) from None
    if encoded in (".", ".."):
        encoded = encoded.replace(".", "%2E")
    return encoded


def build_path(
    operation: Operation[Any], args: Mapping[str, object], defaults: Mapping[str, object]
) -> str:
    """The operation's path with every placeholder filled by its encoded argument.

    An argument that is `None` takes its value from `defaults` (the client's `project_id`
    and `organization_id`).
    """
    parts = operation.path_parts
    pieces = [parts[0]]
    for index, param in enumerate(operation.path_params):
        value = args.get(param.name)
        if value is None:
            value = _path_default(operation, param, defaults)
        pieces.append(encode_path_segment(param, value))
        pieces.append(parts[2 * index + 2])
    return "".join(pieces)


def _path_default(
    operation: Operation[Any], param: PathParam, defaults: Mapping[str, object]
) -> object:
    """The client's default for a path argument not given; `TypeError` when it has none."""
    value = defaults.get(param.name)
    if value is None:
        hint = (
            f" (or give the client a default: AsyncClient({param.name}=...))"
            if param.name in defaults
            else ""
        )
        raise TypeError(f"{operation.operation_id}: {param.name} is required{hint}")
    return value


@dataclass(frozen=True, slots=True)
class PathTemplate:
    """The URLs of one request that differ in one path parameter: `url(value)` checks and
    encodes `value` as `build_path` does and puts it between `head` and `tail`."""

    head: str
    param: PathParam
    tail: str

    def url(self, value: object) -> str:
        return self.head + encode_path_segment(self.param, value) + self.tail


def path_template(
    operation: Operation[Any],
    prepared: PreparedRequest,
    *,
    base_url: str,
    name: str,
    args: Mapping[str, object],
    defaults: Mapping[str, object],
) -> PathTemplate:
    """The template of `prepared` (built by `build_request` from `args` and `defaults`)
    in which the path parameter `name` varies."""
    parts = operation.path_parts
    pieces: list[str | None] = [parts[0]]
    variable: PathParam | None = None
    for index, param in enumerate(operation.path_params):
        if param.name == name:
            variable = param
            pieces.append(None)
        else:
            value = args.get(param.name)
            if value is None:
                value = _path_default(operation, param, defaults)
            pieces.append(encode_path_segment(param, value))
        pieces.append(parts[2 * index + 2])
    if variable is None:
        raise ValueError(f"{operation.operation_id} has no path parameter {name!r}")
    split = pieces.index(None)
    _, mark, query = prepared.target.partition("?")  # a path segment never holds "?"
    return PathTemplate(
        head=base_url + "".join(cast("list[str]", pieces[:split])),
        param=variable,
        tail="".join(cast("list[str]", pieces[split + 1 :])) + mark + query,
    )


def _query_value(name: str, value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (str, int, float, uuid.UUID)):
        return str(value)
    raise TypeError(f"query parameter {name} must be a str, int, float or bool")


_ITEM_CHECKS: dict[str, tuple[str, Any]] = {
    "string": ("a str", lambda v: isinstance(v, str)),
    "integer": ("an int", lambda v: type(v) is int),
    "boolean": ("a bool", lambda v: type(v) is bool),
}
_DELIMITERS = {"form": ",", "spaceDelimited": " ", "pipeDelimited": "|"}


def _scalar_text(param: QueryParam, kind: str, value: object, what: str) -> str:
    """`value` of a scalar query type as text, after checking it."""
    description, fits = _ITEM_CHECKS[kind]
    if not fits(value):
        raise TypeError(f"{what} must be {description}, got {type(value).__name__}")
    if kind == "boolean":
        return "true" if value else "false"
    minimum = param.minimum
    if kind == "integer" and isinstance(value, int) and minimum is not None and value < minimum:
        raise ValueError(f"{what} must be >= {param.minimum}, got {value}")
    if kind == "string" and param.enum and value not in param.enum:
        raise ValueError(f"{what} must be one of {', '.join(param.enum)}, got {value!r}")
    if kind == "string" and param.pattern is not None:
        _check_pattern(param.pattern, cast("str", value), what)
    return str(value)


def _check_pattern(pattern: str, value: str, what: str) -> None:
    """`ValueError` naming `what` unless `value` matches the spec's `pattern`."""
    if not matches_pattern(pattern, value):
        raise ValueError(f"{what} must match {pattern}, got {value!r}")


def matches_pattern(pattern: str, value: str) -> bool:
    """Whether `value` matches the spec's `pattern`, as pydantic matches the body models'
    patterns: JSON Schema's semantics, a search, where `$` is the end of the value (Python's
    `re` would also take it before a final newline). The SDK's check before sending and
    FakeServer's check of what it receives both ask this."""
    try:
        _pattern_adapter(pattern).validate_python(value)
    except pydantic.ValidationError:
        return False
    return True


@functools.cache
def _pattern_adapter(pattern: str) -> pydantic.TypeAdapter[str]:
    return pydantic.TypeAdapter(Annotated[str, pydantic.StringConstraints(pattern=pattern)])


def _json_text(param: QueryParam, value: object) -> str:
    """`value` of an `x-sdk-json` parameter, checked and JSON-encoded."""
    name = param.name
    if param.json == "array":
        if not isinstance(value, (list, tuple)):
            raise TypeError(f"{name} must be a list, got {type(value).__name__}")
        for index, item in enumerate(value):
            if param.items == "object" and not isinstance(item, dict):
                raise TypeError(f"{name}[{index}] must be a dict, got {type(item).__name__}")
            if param.items in _ITEM_CHECKS:
                _scalar_text(param, param.items, item, f"{name}[{index}]")
    elif param.json == "object" and not isinstance(value, dict):
        raise TypeError(f"{name} must be a dict, got {type(value).__name__}")
    try:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise type(exc)(f"{name} is not JSON: {exc}") from None
    except RecursionError:
        raise ValueError(f"{name} is nested too deeply") from None


def query_pairs(param: QueryParam, value: object) -> list[tuple[str, str]]:
    """The query pairs of one parameter's value, checked and encoded as `param` says."""
    if param.json is not None:
        return [(param.name, _json_text(param, value))]
    if param.type != "array":
        return [(param.name, _scalar_text(param, param.type, value, param.name))]
    if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)):
        raise TypeError(f"{param.name} must be a list, got {type(value).__name__}")
    kind = param.items or "string"
    texts = [_scalar_text(param, kind, item, f"{param.name}[{i}]") for i, item in enumerate(value)]
    style = param.style or "form"
    if style == "form" and param.explode:
        return [(param.name, text) for text in texts]
    return [(param.name, _DELIMITERS[style].join(texts))] if texts else []


def build_query(
    operation: Operation[Any],
    args: Mapping[str, object],
    extra_query: Mapping[str, object] | None,
) -> list[tuple[str, str]]:
    """The query pairs: the operation's parameters that were given, then `extra_query`."""
    pairs: list[tuple[str, str]] = []
    for param in operation.query_params:
        value = args.get(param.name)
        if value is None:
            continue
        pairs.extend(query_pairs(param, value))
    if extra_query:
        overridden = set(extra_query)
        pairs = [(k, v) for k, v in pairs if k not in overridden]
        for name, value in extra_query.items():
            if not isinstance(name, str):
                raise TypeError("extra_query keys must be strings")
            if isinstance(value, (list, tuple)):
                pairs.extend((name, _query_value(name, item)) for item in value)
            elif value is not None:
                pairs.append((name, _query_value(name, value)))
    return pairs


# Errors of a value the method's signature declares as `str` where the model holds the
# decoded form (a date-time, a date, a time, a duration, an enum member): a string is sent
# as it is, and the service parses it.
_STRING_FORMS = frozenset(
    {"datetime_type", "date_type", "time_type", "timedelta_type", "enum", "uuid_type"}
)
# Errors of a file field's bytes or file object, where the model holds text.
_FILE_FORMS = frozenset({"string_type", "is_instance_of", "model_type", "dict_type"})
# What `ValidationError.from_exception_data` takes of an error `errors()` gave.
_ERROR_DETAIL_KEYS = frozenset({"type", "loc", "input", "ctx"})


def _caller_error(error: Any, multipart: bool) -> bool:
    """Whether a body model's error is the caller's: not a body field left out (the
    signature requires what the caller must give; read-only fields are the service's), not
    a string for a field the model decodes, not a file where the model holds text. A field
    missing inside a value the caller gave is the caller's."""
    kind = error["type"]
    if kind == "missing" and len(error["loc"]) == 1:
        return False
    value = error.get("input")
    if kind in _STRING_FORMS and isinstance(value, str):
        return False
    return not (multipart and kind in _FILE_FORMS and is_file(value))


def check_body(model: type[pydantic.BaseModel], body: dict[str, object], multipart: bool) -> None:
    """Check the fields given against the body model (strictly: no coercion); raise a
    `pydantic.ValidationError` of the errors that are the caller's (`_caller_error`)."""
    try:
        model.model_validate(body, strict=True)
    except pydantic.ValidationError as exc:
        errors = [e for e in exc.errors() if _caller_error(e, multipart)]
        if errors:
            details: list[Any] = [
                {key: value for key, value in e.items() if key in _ERROR_DETAIL_KEYS}
                for e in errors
            ]
            raise pydantic.ValidationError.from_exception_data(exc.title, details) from None


def build_body(
    operation: Operation[Any],
    fields: Mapping[str, object] | None,
    extra_body: Mapping[str, object] | None,
) -> bytes | tuple[bytes, str] | None:
    """The body: exactly the fields given, checked against the body model (`check_body`),
    then `extra_body` merged in. `None` for an operation without a body; JSON bytes, or for
    a multipart operation (body, Content-Type) (see `multipart.encode_form`).

    Every field the caller passed is sent, even when it equals the spec's default; a field
    left at `NOT_GIVEN` is not, nor `None` for a field whose signature default is `None`;
    `None` for a field the spec makes not nullable is a `TypeError` (`extra_body` may send it).
    """
    model = operation.body_model
    if model is None:
        if extra_body:
            raise TypeError(f"{operation.operation_id} takes no body; extra_body is not allowed")
        return None
    omit_none = operation.none_means_omitted
    body: dict[str, object] = {}
    for name, value in (fields or {}).items():
        if value is None and name in operation.none_refused:
            raise TypeError(
                f"{operation.operation_id}: {name} must not be None (the service refuses a "
                "null); leave it out not to send it"
            )
        if value is NOT_GIVEN or (value is None and name in omit_none):
            continue
        body[name] = value
    check_body(model, body, operation.body_encoding == "multipart")
    if extra_body:
        for name in extra_body:
            if not isinstance(name, str):
                raise TypeError("extra_body keys must be strings")
        body.update(extra_body)
    if operation.body_encoding == "multipart":
        return encode_form(body)
    try:
        return json.dumps(body, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode()
    except (TypeError, ValueError) as exc:
        raise type(exc)(f"{operation.operation_id}: the body is not JSON: {exc}") from None
    except RecursionError:
        raise ValueError(f"{operation.operation_id}: the body is nested too deeply") from None


def build_headers(
    extra_headers: Mapping[str, str] | None, has_body: bool, content_type: str | None = None
) -> Mapping[str, str]:
    """Accept (and Content-Type with a body: JSON unless `content_type`), then
    `extra_headers`, which may not set `Authorization`."""
    base = _JSON_BODY_HEADERS if has_body else _JSON_HEADERS
    if content_type is not None:
        base = {**_JSON_HEADERS, "Content-Type": content_type}
    if not extra_headers:
        return base
    headers = dict(base)
    for name, value in extra_headers.items():
        if not isinstance(name, str) or not isinstance(value, str):
            raise TypeError("extra_headers names and values must be strings")
        if name.strip().lower() in _FORBIDDEN_HEADERS:
            raise ValueError(
                f"{name} cannot be set through extra_headers: the client sets Authorization, "
                "and the transport sets framing and connection headers"
            )
        if not _HEADER_NAME.fullmatch(name):
            raise ValueError(f"header name {name!r} is not a valid HTTP header name")
        if _HEADER_VALUE_FORBIDDEN.search(value):
            raise ValueError(f"header {name!r} holds a line break or control character")
        for existing in [k for k in headers if k.lower() == name.lower()]:
            del headers[existing]  # replace a default header, whatever the case
        headers[name] = value
    return headers


def check_extras(options: RequestOptions) -> None:
    """`TypeError` naming the first of `extra_headers`, `extra_query` and `extra_body` that
    is given and is not a mapping (a list of pairs, a string)."""
    for name in ("extra_headers", "extra_query", "extra_body"):
        value = getattr(options, name)
        if value is not None and not isinstance(value, Mapping):
            kind = type(value).__name__
            raise TypeError(f"{name} must be a mapping of names to values, not {kind}")


def build_request(
    operation: Operation[Any],
    *,
    base_url: str,
    path_args: Mapping[str, object],
    query_args: Mapping[str, object],
    body_fields: Mapping[str, object] | None,
    options: RequestOptions,
    path_defaults: Mapping[str, object],
) -> PreparedRequest:
    """Check every argument and build the request; raise `TypeError`/`ValueError` if any
    is wrong (`extra_headers`, `extra_query` and `extra_body` not a mapping: `TypeError`).
    A part the operation and options leave empty is not built at all."""
    check_extras(options)
    target = build_path(operation, path_args, path_defaults)
    if operation.query_params or options.extra_query:
        query = build_query(operation, query_args, options.extra_query)
        if query:
            target = f"{target}?{urlencode(query, quote_via=quote)}"
    body: bytes | None = None
    headers: Mapping[str, str] = _JSON_HEADERS
    if operation.body_model is not None or options.extra_body:
        built = build_body(operation, body_fields, options.extra_body)
        content_type = None
        if isinstance(built, tuple):  # multipart: the body and its Content-Type
            body, content_type = built
        else:
            body = built
        headers = build_headers(options.extra_headers, body is not None, content_type)
    elif options.extra_headers:
        headers = build_headers(options.extra_headers, False)
    timeout = check_timeout(options.timeout)
    deadline = check_timeout(options.deadline, "deadline")
    return PreparedRequest(
        method=operation.method,
        url=base_url + target,
        target=target,
        headers=headers,
        body=body,
        timeout=timeout,
        deadline=deadline,
    )


def check_timeout(timeout: float | None, name: str = "timeout") -> float | None:
    """`timeout` if it is None or a positive number of seconds."""
    if timeout is None:
        return None
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
        raise TypeError(f"{name} must be a number of seconds, got {type(timeout).__name__}")
    if not (timeout > 0 and math.isfinite(timeout)):
        raise ValueError(f"{name} must be a finite number of seconds > 0, got {timeout}")
    return float(timeout)
