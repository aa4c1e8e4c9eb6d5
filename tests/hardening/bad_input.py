"""Bad input for every operation: hypothesis strategies for every path, query and body
parameter of the 26 operations (and `get_many`), and the check each call must pass.

The rule: a call either reaches a loopback server that records the raw request, with every
path parameter as exactly one percent-encoded segment that decodes back to the value, the
query and body holding exactly what was passed; or it raises `TypeError`, `ValueError`
(a pydantic `ValidationError` is one) or `MissingScopeError` and nothing is sent.

The strategies are driven by `product_analytics._generated.operations.ALL` and the bound resource
methods (each has `.operation`): the parameters come from each method's signature, their
kinds (path, query, body) from its operation, and the valid values of a body field from the
body model. Each case makes up to two parameters hostile (wrong types, huge and negative
numbers, ids with `/`, `..`, `?`, `#`, `%`, unicode, lone surrogates, empty strings) and may
add unknown keyword arguments; the other parameters get valid values, which for a path
parameter are already tricky (any text, including `/`, `..` and `?`).
"""

from __future__ import annotations

import asyncio
import inspect
import json
import math
import types
import typing
import uuid
import warnings
from collections import Counter
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, unquote

from aiohttp import web
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from product_analytics import (
    NOT_GIVEN,
    AsyncClient,
    ExperimentalOperationWarning,
    MissingScopeError,
)
from product_analytics._common.scopes import grants
from product_analytics._generated.operations import ALL, SESSION_RECORDINGS_RETRIEVE
from product_analytics._spec.operation import Operation, QueryParam
from tests.support.reliability import KEY, LoopbackServer, Received, serve

__all__ = [
    "GET_MANY",
    "OPERATION_IDS",
    "Tally",
    "TALLY",
    "BadInputEnv",
    "bad_input_env",
    "run_bad_input",
]

ORG = "org-default"
PROJECT = 77
SCOPED = frozenset({"session_recording:read"})  # the scopes of the restricted client
OPTIONS = frozenset({"timeout", "deadline", "extra_headers", "extra_query", "extra_body"})
GET_MANY = "session_recordings_get_many"
OPERATION_IDS = [op.operation_id for op in ALL] + [GET_MANY]


class _Omit:
    """Leave the argument out of the call."""

    def __repr__(self) -> str:
        return "OMIT"


OMIT = _Omit()


@dataclass
class Tally:
    """Cases run, by operation and by outcome ("sent", or the class of the error raised)."""

    cases: int = 0
    by_operation: Counter[str] = field(default_factory=Counter)
    outcomes: Counter[str] = field(default_factory=Counter)
    by_operation_outcome: Counter[tuple[str, str]] = field(default_factory=Counter)

    def add(self, operation_id: str, outcome: str) -> None:
        self.cases += 1
        self.by_operation[operation_id] += 1
        self.outcomes[outcome] += 1
        self.by_operation_outcome[(operation_id, outcome)] += 1


TALLY = Tally()  # every case run in this process


# -- strategies -----------------------------------------------------------------------------

TRICKY_TEXT = [
    "/",
    "..",
    ".",
    "../..",
    "a/b",
    "?",
    "#",
    "%",
    "%2F",
    "%2e%2e",
    "a?b=c#d",
    " ",
    "\u00e9",
    "\u2603",
    "😀",
    "\x00",
    "\r\n",
    "+",
    "&",
    "=",
    ";",
    "\\",
    "x" * 3000,
    "../session_recordings/",
    "%00",
    "\ufeff",
]
text_value = st.one_of(
    st.sampled_from(TRICKY_TEXT),
    st.text(max_size=30),
    st.text(alphabet=st.sampled_from("/.?#%&=+ \\:@;~é☃"), min_size=1, max_size=10),
)
lone_surrogate = st.sampled_from(["\ud800", "a\udfffb", "\udc80/"])
huge_int = st.sampled_from([2**63, -(2**63), 10**30, -(10**30), 10**5000])
int_value = st.one_of(st.integers(), huge_int)
WRONG_TYPES: list[Any] = [
    None,
    True,
    False,
    1.5,
    -0.0,
    float("nan"),
    float("inf"),
    b"bytes",
    bytearray(b"x"),
    ["a"],
    {"a": 1},
    ("t",),
    {1, 2},
    object(),
    uuid.UUID(int=1),
    NOT_GIVEN,
    Ellipsis,
]


def _nested(depth: int) -> list[Any]:
    outer: list[Any] = []
    current = outer
    for _ in range(depth):
        current.append([])
        current = current[0]
    return outer


CIRCULAR: list[Any] = []
CIRCULAR.append(CIRCULAR)
CIRCULAR_DICT: dict[str, Any] = {}
CIRCULAR_DICT["self"] = CIRCULAR_DICT
WRONG_TYPES += [_nested(5000), CIRCULAR, CIRCULAR_DICT]  # deeper than the JSON encoder goes
wrong_type = st.sampled_from(WRONG_TYPES)
json_scalar = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=10)
)
json_value = st.recursive(
    json_scalar,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)
hostile = st.one_of(wrong_type, text_value, lone_surrogate, int_value, json_value)


def _valid_for_annotation(annotation: Any) -> st.SearchStrategy[Any]:
    """Values a body field of this (model) annotation accepts."""
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        options = [_valid_for_annotation(a) for a in args]
        return st.one_of(st.none(), *options)
    if annotation is str:
        return text_value
    if annotation is bool:
        return st.booleans()
    if annotation is int:
        return st.integers()
    if annotation is float:
        return st.floats(allow_nan=False)
    if origin is list:
        return st.lists(json_value, max_size=3)
    if origin is dict:
        return st.dictionaries(st.text(max_size=5), json_value, max_size=3)
    return json_value


@dataclass(frozen=True)
class Param:
    """One keyword parameter of an operation method, and what kind it is."""

    name: str
    kind: str  # "path", "query", "body" or "option"
    required: bool
    valid: st.SearchStrategy[Any]


def _params(operation: Operation[Any], method: Callable[..., Any]) -> list[Param]:
    path = {p.name: p for p in operation.path_params}
    query = {q.name: q for q in operation.query_params}
    fields = operation.body_model.model_fields if operation.body_model is not None else {}
    found: list[Param] = []
    for name, parameter in inspect.signature(method).parameters.items():
        required = parameter.default is inspect.Parameter.empty
        if name in path:
            valid: st.SearchStrategy[Any] = (
                st.integers()
                if path[name].type == "integer"
                else st.one_of(text_value.filter(bool), st.uuids(), st.integers())
                if path[name].accepts_integer
                else st.one_of(text_value.filter(bool), st.uuids())
            )
            if not required:  # a client default exists
                valid = st.one_of(st.just(OMIT), st.none(), valid)
            found.append(Param(name, "path", required, valid))
        elif name in query:
            valid = st.one_of(st.just(OMIT), st.none(), _valid_query(query[name]))
            found.append(Param(name, "query", required, valid))
        elif name in OPTIONS:
            found.append(Param(name, "option", required, _option(name)))
        elif name == "return_exceptions":
            found.append(Param(name, "option", required, st.just(OMIT)))
        elif name == "concurrency":
            valid = st.one_of(st.just(OMIT), st.none(), st.integers(1, 8))
            found.append(Param(name, "option", required, valid))
        elif name == "ids":
            ids = st.one_of(text_value.filter(bool), st.uuids())
            found.append(Param(name, "path", required, st.lists(ids, max_size=4)))
        else:
            info = fields.get(name)
            valid = _valid_for_annotation(info.annotation) if info is not None else json_value
            if not required:
                valid = st.one_of(st.just(OMIT), st.just(NOT_GIVEN), valid)
            found.append(Param(name, "body", required, valid))
    return found


_SCALARS: dict[str, st.SearchStrategy[Any]] = {
    "string": text_value,
    "integer": st.integers(),
    "boolean": st.booleans(),
}


def _valid_query(param: QueryParam) -> st.SearchStrategy[Any]:
    """Values a query parameter accepts: its scalar type (an integer at least `minimum`, a
    string of `enum`), a list of its items, or the JSON value of an `x-sdk-json` one."""
    if param.json == "array":
        items = (
            _SCALARS[param.items]
            if param.items in _SCALARS
            else st.dictionaries(st.text(max_size=5), json_value, max_size=3)
        )
        return st.lists(items, max_size=3)
    if param.json == "object":
        return st.dictionaries(st.text(max_size=5), json_value, max_size=3)
    if param.json == "any":
        return json_value
    if param.type == "array":
        return st.lists(_SCALARS[param.items or "string"], max_size=3)
    if param.enum:
        return st.sampled_from(param.enum)
    if param.type == "integer":
        return st.integers(min_value=param.minimum or 0)
    return _SCALARS[param.type]


def _option(name: str) -> st.SearchStrategy[Any]:
    if name in ("timeout", "deadline"):
        return st.one_of(st.just(OMIT), st.none(), st.sampled_from([5.0, 10]))
    if name == "extra_headers":
        printable = st.characters(min_codepoint=0x20, max_codepoint=0x7E)
        value = st.one_of(
            st.sampled_from(["v", "a b", "\u00e9"]), st.text(alphabet=printable, max_size=10)
        )
        return st.one_of(
            st.just(OMIT),
            st.none(),
            st.dictionaries(st.sampled_from(["X-Trace", "X-Other", "Accept"]), value, max_size=2),
        )
    if name == "extra_query":
        value = st.one_of(st.text(max_size=8), st.integers(), st.booleans())
        return st.one_of(
            st.just(OMIT),
            st.none(),
            st.dictionaries(st.text(max_size=6).filter(bool), value, max_size=2),
        )
    return st.one_of(
        st.just(OMIT),
        st.none(),
        st.dictionaries(st.text(max_size=6).filter(bool), json_value, max_size=2),
    )


HOSTILE_OPTIONS: dict[str, st.SearchStrategy[Any]] = {
    "timeout": st.sampled_from([0, -1, float("nan"), float("inf"), "5", True, [1]]),
    "deadline": st.sampled_from([0, -1, float("nan"), float("inf"), "5", True, [1]]),
    "extra_headers": st.sampled_from(
        [
            {"Authorization": "Bearer other"},
            {"authorization ": "x"},
            {"X-A": "a\r\nInjected: 1"},
            {"Bad Name": "v"},
            {"X-A": 1},
            {1: "v"},
            {"": "v"},
        ]
    ),
    "extra_query": st.sampled_from(
        [
            {1: "v"},
            {"a": object()},
            {"a": b"x"},
            {"\ud800": "v"},
            {"a": "\udfff"},
            {"a": [object()]},
        ]
    ),
    "extra_body": st.sampled_from(
        [
            {1: "v"},
            {"a": object()},
            {"a": float("nan")},
            {"a": b"x"},
            {"a": {1j: 2}},
            {"a": _nested(5000)},
            {"a": CIRCULAR},
        ]
    ),
    "concurrency": st.sampled_from([0, -1, 1.5, True, "2", None]),
    "ids": st.one_of(
        st.sampled_from(["one-string", b"bytes", 5, None]),
        st.lists(hostile, min_size=1, max_size=3),
    ),
}


@dataclass(frozen=True)
class Case:
    """The keyword arguments of one call, and which client makes it."""

    kwargs: dict[str, Any]
    scoped: bool


def case_strategy(operation: Operation[Any], method: Callable[..., Any]) -> st.SearchStrategy[Case]:
    """Calls of `method`: up to two hostile parameters, maybe unknown keyword arguments."""
    params = _params(operation, method)
    names = [p.name for p in params]

    @st.composite
    def cases(draw: st.DrawFn) -> Case:
        bad = draw(st.sets(st.sampled_from(names), max_size=2)) if names else set()
        kwargs: dict[str, Any] = {}
        for param in params:
            if param.name in bad:
                strategy = HOSTILE_OPTIONS.get(param.name, st.one_of(st.just(OMIT), hostile))
            else:
                strategy = param.valid
            value = draw(strategy, label=param.name)
            if value is not OMIT:
                kwargs[param.name] = value
        unknown = draw(
            st.dictionaries(
                st.sampled_from(["bogus", "unknown_field", "Domain", "ID", "extra_body", "body"]),
                json_value,
                max_size=1,
            ),
            label="unknown",
        )
        for name, value in unknown.items():
            kwargs.setdefault(name, value)
        return Case(kwargs, scoped=draw(st.booleans(), label="scoped"))

    return cases()


# -- the environment and the check ----------------------------------------------------------


@dataclass
class BadInputEnv:
    """A loopback server answering 200 to everything, a full client and a restricted one."""

    server: LoopbackServer
    client: AsyncClient
    scoped_client: AsyncClient
    answer: tuple[int, bytes] = (200, b"{}")

    def methods(self, client: AsyncClient) -> dict[str, Callable[..., Any]]:
        """The bound method of every operation (and `get_many`), by operation id."""
        found: dict[str, Callable[..., Any]] = {}
        for resource in vars(client).values():
            for name in dir(type(resource)):
                attribute = getattr(resource, name)
                operation = getattr(attribute, "operation", None)
                if isinstance(operation, Operation) and not getattr(attribute, "bulk", False):
                    found[operation.operation_id] = attribute
        found[GET_MANY] = client.session_recordings.get_many
        return found


def _answer_for(operation: Operation[Any]) -> tuple[int, bytes]:
    if operation.response_kind == "page":
        return 200, b'{"count": 0, "next": null, "previous": null, "results": []}'
    if operation.response_kind == "none":
        return 204, b""
    return 200, json.dumps(_required_fields(operation.response_model)).encode()


def _required_fields(model: Any) -> dict[str, object]:
    """A body holding the fields the response model requires (its `id`), so that the
    answer parses: an integer where the model wants one, else a UUID's text."""
    fields: dict[str, object] = {}
    for name, info in getattr(model, "model_fields", {}).items():
        if info.is_required():
            fields[info.alias or name] = 1 if info.annotation is int else str(uuid.UUID(int=1))
    return fields


@asynccontextmanager
async def bad_input_env() -> AsyncIterator[BadInputEnv]:
    holder: list[BadInputEnv] = []

    async def answer(request: web.Request) -> web.Response:
        status, body = holder[0].answer
        return web.Response(status=status, body=body or None, content_type="application/json")

    async with serve(answer) as server:
        common: dict[str, Any] = {
            "api_key": KEY,
            "base_url": server.base_url,
            "max_retries": 0,
            "timeout": 5.0,
            "project_id": PROJECT,
            "organization_id": ORG,
        }
        async with AsyncClient(**common) as client, AsyncClient(**common, scopes=SCOPED) as scoped:
            env = BadInputEnv(server, client, scoped)
            holder.append(env)
            yield env


def _operation(operation_id: str) -> Operation[Any]:
    if operation_id == GET_MANY:
        return SESSION_RECORDINGS_RETRIEVE
    return next(op for op in ALL if op.operation_id == operation_id)


async def check_case(env: BadInputEnv, operation_id: str, case: Case) -> str:
    """Make the call of `case` and check the rule; returns the outcome ("sent" or the class
    of the error raised before sending). AssertionError when the rule is broken."""
    operation = _operation(operation_id)
    client = env.scoped_client if case.scoped else env.client
    method = env.methods(client)[operation_id]
    env.answer = _answer_for(operation)
    before = len(env.server.received)
    rejected: Exception | None = None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ExperimentalOperationWarning)
            await method(**case.kwargs)  # a coroutine, or a Pager (awaitable too)
    except (TypeError, ValueError, MissingScopeError) as exc:
        rejected = exc
    sent = env.server.received[before:]
    if rejected is not None:
        assert not sent, f"{operation_id}: {rejected!r} raised after sending {sent}"
        if isinstance(rejected, MissingScopeError):
            assert case.scoped, rejected
            assert not grants(SCOPED, operation.required_scope), rejected
        return type(rejected).__name__
    if case.scoped:
        assert grants(SCOPED, operation.required_scope), f"{operation_id}: no scope check"
    if operation_id == GET_MANY:
        ids = list(case.kwargs["ids"])
        assert len(sent) == len(ids), (ids, sent)
        decoded = Counter(_check_path(operation, r, {**case.kwargs, "id": None}) for r in sent)
        assert decoded == Counter(str(value) for value in ids), (ids, sent)
        return "sent"
    assert len(sent) == 1, f"{operation_id}: {len(sent)} requests sent for one call"
    request = sent[0]
    assert request.method == operation.method
    assert request.headers.get("Authorization") == f"Bearer {KEY}"
    _check_path(operation, request, case.kwargs)
    _check_query(operation, request, case.kwargs)
    _check_body(operation, request, case.kwargs)
    return "sent"


def _check_path(operation: Operation[Any], request: Received, kwargs: Mapping[str, Any]) -> str:
    """Every placeholder is one segment decoding to its value (or the client's default);
    returns the decoded value of `id` (for get_many)."""
    defaults = {"project_id": PROJECT, "organization_id": ORG}
    template = operation.path.split("/")
    segments = request.raw_path.split("/")
    assert len(segments) == len(template), f"{request.raw_path!r} is not {operation.path!r}"
    decoded_id = ""
    for expected, segment in zip(template, segments, strict=True):
        if not expected.startswith("{"):
            assert segment == expected, f"{request.raw_path!r} is not {operation.path!r}"
            continue
        name = expected[1:-1]
        assert segment not in ("", ".", ".."), f"{name}: segment {segment!r}"
        assert not set(segment) & set("/?#"), f"{name}: segment {segment!r}"
        assert all(ord(c) < 128 and c not in " \r\n\x00" for c in segment), segment
        text = unquote(segment, errors="strict")
        value = kwargs.get(name)
        if value is None:
            if name == "id":  # get_many: checked against the list by the caller
                decoded_id = text
                continue
            value = defaults[name]
        assert text == str(value), f"{name}: {segment!r} decodes to {text!r}, not {value!r}"
    return decoded_id


def _query_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _expected_pairs(param: QueryParam, value: Any) -> list[tuple[str, str]]:
    """The query pairs `value` of `param` should arrive as (JSON values canonical)."""
    if param.json is not None:
        return [(param.name, json.dumps(value, sort_keys=True))]
    if param.type != "array":
        return [(param.name, _query_text(value))]
    texts = [_query_text(item) for item in value]
    if (param.style or "form") == "form" and param.explode:
        return [(param.name, text) for text in texts]
    separator = {"form": ",", "spaceDelimited": " ", "pipeDelimited": "|"}[param.style or "form"]
    return [(param.name, separator.join(texts))] if texts else []


def _check_query(operation: Operation[Any], request: Received, kwargs: Mapping[str, Any]) -> None:
    extra = kwargs.get("extra_query") or {}
    params = {q.name: q for q in operation.query_params if q.name not in extra}
    expected: list[tuple[str, str]] = [
        pair
        for name, q in params.items()
        if kwargs.get(name) is not None
        for pair in _expected_pairs(q, kwargs[name])
    ]
    expected += [(name, _query_text(value)) for name, value in extra.items() if value is not None]
    got = [
        (name, json.dumps(json.loads(value), sort_keys=True))
        if name in params and params[name].json is not None
        else (name, value)
        for name, value in parse_qsl(request.query_string, keep_blank_values=True, errors="strict")
    ]
    assert sorted(got) == sorted(expected), f"query {request.query_string!r}, wanted {expected}"


def _check_body(operation: Operation[Any], request: Received, kwargs: Mapping[str, Any]) -> None:
    if operation.body_model is None:
        assert request.body == b"", f"a body was sent: {request.body!r}"
        return
    path = {p.name for p in operation.path_params}
    body = {
        name: value
        for name, value in kwargs.items()
        if name not in path
        and name not in OPTIONS
        and value is not NOT_GIVEN
        and not (value is None and name in operation.none_means_omitted)
    }
    body.update(kwargs.get("extra_body") or {})
    expected = json.loads(json.dumps(body))
    assert request.headers.get("Content-Type") == "application/json"
    got = json.loads(request.body)
    assert got == expected, f"body {got!r}, wanted {expected!r}"
    assert not _has_nan(got)


def _has_nan(value: Any) -> bool:
    """Whether a non-finite float is anywhere in `value`; iterative, since a body may be
    nested deeper than the recursion limit (Python 3.13's encoder sends such a body)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            return True
        if isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
    return False


# -- running ------------------------------------------------------------------------------


def run_bad_input(operation_id: str, examples: int, tally: Tally = TALLY) -> Tally:
    """Run `examples` hypothesis cases of `operation_id` (derandomized: the same cases on
    every run of the same command) on a fresh loop, server and clients; add them to `tally`
    and return it."""
    loop = asyncio.new_event_loop()
    try:
        env_cm = bad_input_env()
        env = loop.run_until_complete(env_cm.__aenter__())
        try:
            method = env.methods(env.client)[operation_id]
            strategy = case_strategy(_operation(operation_id), method)

            @settings(
                max_examples=examples,
                derandomize=True,
                database=None,
                deadline=None,
                suppress_health_check=list(HealthCheck),
                print_blob=False,
            )
            @given(case=strategy)
            def run(case: Case) -> None:
                outcome = loop.run_until_complete(check_case(env, operation_id, case))
                tally.add(operation_id, outcome)

            run()
        finally:
            loop.run_until_complete(env_cm.__aexit__(None, None, None))
    finally:
        loop.run_until_complete(loop.shutdown_asyncgens())
        loop.close()
    return tally
