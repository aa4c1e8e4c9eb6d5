"""An error keeps a bounded excerpt of the body, never the body (case 3): not in its text,
its attributes, the exceptions chained to it, nor the frames of its traceback; errors that
get_many returns pin no bodies."""

from __future__ import annotations

import gc
import sys
import tracemalloc
import types
from typing import Any

import pytest

from product_analytics import (
    ApiStatusError,
    BadRequestError,
    LowerLevelError,
    ResponseValidationError,
)
from product_analytics.errors import MAX_BODY_CHARS
from tests.hardening.conftest import ROLES, client_of
from tests.hardening.hostile_server import HostileServer, json_bytes, raw_json
from tests.support.chains import error_chain

MB = 1000 * 1000
BIG = 1 * MB  # anything this large reachable from an error is a retained body


def large_objects(root: object, depth: int = 4) -> list[tuple[str, int]]:
    """Strings and bytes of BIG or more reachable from `root` through containers, instance
    attributes and slots, `depth` levels deep (not through modules, classes or functions)."""
    found: list[tuple[str, int]] = []
    seen: set[int] = set()
    todo: list[tuple[object, int]] = [(root, 0)]
    skip = (types.ModuleType, type, types.FunctionType, types.CodeType, types.FrameType)
    while todo:
        obj, level = todo.pop()
        if id(obj) in seen or isinstance(obj, skip):
            continue
        seen.add(id(obj))
        if isinstance(obj, (str, bytes, bytearray, memoryview)):
            if sys.getsizeof(obj) >= BIG:
                found.append((type(obj).__name__, sys.getsizeof(obj)))
            continue
        if level >= depth:
            continue
        if isinstance(obj, dict):
            children: list[object] = [*obj.keys(), *obj.values()]
        elif isinstance(obj, (list, tuple, set, frozenset)):
            children = list(obj)
        else:
            children = list(vars(obj).values()) if hasattr(obj, "__dict__") else []
            for name in getattr(type(obj), "__slots__", ()):
                children.append(getattr(obj, name, None))
        todo += [(child, level + 1) for child in children]
    return found


def assert_retains_no_body(error: BaseException) -> None:
    """Neither the error, nor an exception chained to it, nor a frame of any of their
    tracebacks holds a large string or bytes."""
    for link in error_chain(error):
        assert large_objects(vars(link)) == [], f"{type(link).__name__} attributes"
        assert large_objects(link.args) == [], f"{type(link).__name__} args"
        tb = link.__traceback__
        while tb is not None:
            frame = tb.tb_frame
            assert large_objects(frame.f_locals) == [], f"locals of {frame.f_code.co_name}"
            tb = tb.tb_next


def huge_detail(size: int) -> dict[str, Any]:
    return {"detail": "x" * size, "code": "invalid"}


async def test_a_52_mb_detail_gives_a_bounded_error(hostile: HostileServer) -> None:
    hostile.route(raw_json(huge_detail(52 * MB), 400))
    tracemalloc.start()
    try:
        async with client_of(hostile, timeout=60) as client:
            with pytest.raises(BadRequestError) as info:
                await client.roles.get(id="r1")
        error = info.value
        del info
        gc.collect()
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    text = str(error)
    assert len(text) < 2_000
    assert f"{52 * MB} chars" in text  # the excerpt says how long the whole was
    assert error.detail is not None
    assert len(error.detail) <= MAX_BODY_CHARS + 100
    assert len(repr(error.body)) <= 2 * MAX_BODY_CHARS
    assert error.code == "invalid"
    assert_retains_no_body(error)
    assert held < 10 * MB, f"{held / MB:.0f} MB held while the error is alive"


async def test_a_huge_text_error_body_is_kept_as_an_excerpt(hostile: HostileServer) -> None:
    hostile.route(json_bytes(b"<html>" + b"z" * (20 * MB), 502))
    async with client_of(hostile, timeout=60) as client:
        with pytest.raises(ApiStatusError) as info:
            await client.roles.get(id="r1")
    error = info.value
    assert isinstance(error.body, str)
    assert len(error.body) <= MAX_BODY_CHARS + 100
    assert len(str(error)) < 2_000
    assert_retains_no_body(error)


async def test_a_2xx_body_that_is_not_json_keeps_no_body(hostile: HostileServer) -> None:
    """The JSON decoder's error holds the whole document: it must not be chained."""
    hostile.route(json_bytes(b"{" + b"x" * (20 * MB)))
    async with client_of(hostile, timeout=60) as client:
        with pytest.raises(ResponseValidationError) as info:
            await client.sessions.property_definitions()
    error = info.value
    assert error.__context__ is None or isinstance(error.__context__, LowerLevelError)
    assert isinstance(error.__cause__, LowerLevelError)
    assert error.__cause__.__traceback__ is None
    assert len(error.body) <= MAX_BODY_CHARS + 100
    assert len(str(error)) < 2_000
    assert_retains_no_body(error)


async def test_a_2xx_body_of_the_wrong_shape_keeps_no_body(hostile: HostileServer) -> None:
    hostile.route(raw_json({"id": 5, "name": ["n"] * 10, "junk": "j" * (20 * MB)}))
    async with client_of(hostile, timeout=60) as client:
        with pytest.raises(ResponseValidationError) as info:
            await client.roles.get(id="r1")
    assert "Role" in str(info.value)
    assert isinstance(info.value.__cause__, LowerLevelError)
    assert_retains_no_body(info.value)


async def test_a_page_of_the_wrong_shape_keeps_no_body(hostile: HostileServer) -> None:
    hostile.route(
        raw_json({"count": 1, "next": None, "previous": None, "results": "r" * (20 * MB)}),
        path=ROLES,
    )
    async with client_of(hostile, timeout=60) as client:
        with pytest.raises(ResponseValidationError) as info:
            await client.roles.list(limit=10)
        with pytest.raises(ResponseValidationError) as walked:
            async for _ in client.roles.list(limit=10):
                pass
    assert_retains_no_body(info.value)
    assert_retains_no_body(walked.value)


async def test_get_many_errors_pin_no_bodies(hostile: HostileServer) -> None:
    hostile.route(raw_json(huge_detail(10 * MB), 400))
    tracemalloc.start()
    try:
        async with client_of(hostile, timeout=60) as client:
            results = await client.session_recordings.get_many(
                ids=[f"r{i}" for i in range(5)], return_exceptions=True
            )
        gc.collect()
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert [type(r) for r in results] == [BadRequestError] * 5
    for error in results:
        assert isinstance(error, BaseException)
        assert len(str(error)) < 2_000
        assert_retains_no_body(error)
    assert held < 10 * MB, f"{held / MB:.0f} MB held by 5 errors"


async def test_get_many_raising_keeps_no_body(hostile: HostileServer) -> None:
    hostile.route(raw_json(huge_detail(10 * MB), 400))
    async with client_of(hostile, timeout=60) as client:
        with pytest.raises(BadRequestError) as info:
            await client.session_recordings.get_many(ids=["a", "b", "c"])
    assert_retains_no_body(info.value)
