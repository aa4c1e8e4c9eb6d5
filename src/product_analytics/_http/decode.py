"""Turning an answer into a result or a typed error. Pure: no I/O.

`decode_success` decodes a 2xx answer as the operation says (a model, a bounded list page,
JSON, or nothing) and raises `ResponseValidationError` when the body does not parse;
`decode_error` makes the typed `ApiStatusError` of any other answer. Neither error holds
the whole body through its traceback or cause.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any, NamedTuple, TypeVar, cast

import pydantic

from product_analytics._spec.operation import Operation
from product_analytics.errors import (
    ApiStatusError,
    LowerLevelError,
    ResponseValidationError,
    error_for_status,
    excerpt,
)

__all__ = [
    "MAX_VALUES_PER_ITEM",
    "Answer",
    "bounded_page_model",
    "collector_paused",
    "decode_error",
    "decode_success",
]

ResultT = TypeVar("ResultT")


def _text(body: bytes) -> str:
    return body.decode("utf-8", errors="replace")


# A list page holding more commas than this per item it may hold is refused unparsed: a
# recording has some tens of fields; a body of a million tiny values for ten items is an
# attack on memory (pydantic builds the whole JSON tree before it counts the items).
MAX_VALUES_PER_ITEM = 1_000


@functools.lru_cache(maxsize=64)
def bounded_page_model(model: type[pydantic.BaseModel], max_items: int) -> type[pydantic.BaseModel]:
    """`model` (a list envelope) with at most `max_items` results: a longer page fails
    validation before any item model is built."""
    results = model.model_fields.get("results")
    if results is None:
        return model
    annotation: Any = results.annotation
    bounded: type[pydantic.BaseModel] = pydantic.create_model(
        model.__name__,
        __base__=model,
        __module__=model.__module__,
        results=(annotation, pydantic.Field(default=results.default, max_length=max_items)),
    )
    return bounded


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic garbage collector paused for a synchronous block, then left as it was
    found (a block entered with it disabled leaves it disabled).

    A page of a thousand items creates some eight thousand tracked objects, none of them
    garbage; collections triggered while building them cost a third of the validation time.
    The block must not await: the pause ends before any other task runs.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


class Answer(NamedTuple):
    """A whole answer as the client read it: status, headers and the (bounded) body."""

    status: int
    headers: Mapping[str, str]
    body: bytes


def decode_success(
    operation: Operation[ResultT],
    answer: Answer,
    *,
    method: str,
    url: str,
    max_items: int | None = None,
    hide: Callable[[Answer], Answer] | None = None,
) -> ResultT:
    """The result of a 2xx answer; `ResponseValidationError` if its body does not parse.

    A list page holding more than `max_items` results is refused before any item is built.
    The error keeps an excerpt of the body only, taken after `hide` (the client's
    `Secret.hidden_in`) replaced the API key in the answer, should it quote it. It is raised
    from this frame once the answer is no longer referenced here, so its traceback does not
    hold the whole body.
    """
    if operation.response_kind == "model":  # the common case, without the general path
        try:
            # The model's validator itself: `model_validate_json` only passes its defaults on.
            return operation.response_model.__pydantic_validator__.validate_json(  # type: ignore[union-attr,no-any-return]
                answer.body
            )
        except pydantic.ValidationError:
            pass  # `_decode` makes the error, outside this block (no context kept)
    result, error = _decode(operation, answer, method, url, max_items, hide)
    del answer
    if error is not None:
        raise error
    return result  # type: ignore[no-any-return]


def _is_none_answer(operation: Operation[Any], body: bytes) -> bool:
    """Whether `body` is JSON equal to one of the operation's `none_answers`."""
    try:
        return json.loads(body) in operation.none_answers
    except (ValueError, RecursionError):
        return False  # not JSON: the model's validation reports it


def _decode(
    operation: Operation[Any],
    answer: Answer,
    method: str,
    url: str,
    max_items: int | None,
    hide: Callable[[Answer], Answer] | None,
) -> tuple[Any, ResponseValidationError | None]:
    """`decode_success`'s result, or the error to raise (with its sanitised cause chained)."""
    kind = operation.response_kind
    if kind == "none":
        return None, None
    body = answer.body
    if kind == "json":
        if not body.strip():
            return None, None
        try:
            return json.loads(body), None
        except (ValueError, RecursionError) as exc:  # RecursionError: nested too deep
            # Made here but raised by the caller, outside this block: the JSONDecodeError,
            # which holds the whole document, does not become its __context__.
            problem = f"not JSON ({excerpt(str(exc), 300)})"
            cause = _cause(exc)
        return None, _invalid(problem, answer, method, url, cause, hide)
    if kind == "model_or_none" and (
        not body.strip() or (operation.none_answers and _is_none_answer(operation, body))
    ):
        return None, None
    model = cast("type[pydantic.BaseModel]", operation.response_model)
    try:
        if kind == "page":
            if max_items is not None:
                # Each comma stands beside a value of a byte or more: a body of at most
                # 2 x `most` bytes cannot hold more than `most` commas, and is not counted.
                most = max_items * MAX_VALUES_PER_ITEM
                if len(body) > 2 * most and body.count(b",") > most:
                    # Parsing alone would build a tree of every value, whatever the bound.
                    message = (
                        f"a page asked for at most {max_items} items holds over "
                        f"{most:,} JSON values; not parsed"
                    )
                    cause = LowerLevelError(f"{body.count(b','):,} commas in {len(body):,} bytes")
                    return None, _invalid(message, answer, method, url, cause, hide)
                model = bounded_page_model(model, max_items)
            with collector_paused():
                return model.model_validate_json(body), None
        return model.model_validate_json(body), None
    except pydantic.ValidationError as exc:
        errors = exc.errors(include_url=False, include_input=False)
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or 'body'}: {excerpt(err['msg'], 300)}"
            for err in errors[:5]
        )
        message = f"not a valid {model.__name__} ({problems})"
        cause = LowerLevelError(f"pydantic ValidationError: {len(errors)} errors: {problems}")
    return None, _invalid(message, answer, method, url, cause, hide)


def _invalid(
    message: str,
    answer: Answer,
    method: str,
    url: str,
    cause: LowerLevelError,
    hide: Callable[[Answer], Answer] | None,
) -> ResponseValidationError:
    if hide is not None:
        answer = hide(answer)
    error = ResponseValidationError(
        message,
        method=method,
        url=url,
        status_code=answer.status,
        body=_text(answer.body[: 64 * 1024]),
        headers=answer.headers,
    )
    error.__cause__ = cause  # as `raise error from cause` would
    return error


def _cause(exc: BaseException) -> LowerLevelError:
    """A stand-in for `exc` to chain as a cause: its type and message, nothing else."""
    return LowerLevelError(f"{type(exc).__name__}: {excerpt(str(exc), 300)}")


def decode_error(
    answer: Answer, *, method: str, url: str, retry_after: float | None
) -> ApiStatusError:
    """The typed error for a non-2xx answer: JSON body decoded, else kept as text."""
    text = _text(answer.body)
    body: Any
    try:
        body = json.loads(text) if text.strip() else text
    except (ValueError, RecursionError):  # RecursionError: nested too deep
        body = text
    return error_for_status(answer.status)(
        method=method,
        url=url,
        status_code=answer.status,
        body=body,
        retry_after=retry_after,
        headers=answer.headers,
    )
