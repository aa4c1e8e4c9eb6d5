"""How much of the SDK one GET walks through: a `roles.get` through the aiohttp transport
against a loopback server, traced with `sys.setprofile`, counting the distinct hand-written
functions entered (code under `src/product_analytics`, not `_generated`) and their files.
A first call (which opens the connection pool) and a later one are both held to the bound:
at most 20 functions in 7 files.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import FrameType
from typing import Any

from aiohttp import web

import product_analytics
from tests.support.loopback_client import ORG, client_for, json_response, serve

PACKAGE = Path(product_analytics.__file__).resolve().parent
GENERATED = PACKAGE / "_generated"
GOAL = (20, 7)


def _hand_written(path: str) -> bool:
    resolved = Path(path).resolve()
    return resolved.is_relative_to(PACKAGE) and not resolved.is_relative_to(GENERATED)


class _Tracer:
    """Records each distinct hand-written function entered (by file, line and name)."""

    def __init__(self) -> None:
        self.entered: set[tuple[str, int, str]] = set()
        self._seen_files: dict[str, bool] = {}

    def __call__(self, frame: FrameType, event: str, arg: Any) -> None:
        if event != "call":
            return
        code = frame.f_code
        known = self._seen_files.get(code.co_filename)
        if known is None:
            known = self._seen_files[code.co_filename] = _hand_written(code.co_filename)
        if known:
            self.entered.add((code.co_filename, code.co_firstlineno, code.co_name))

    def files(self) -> set[str]:
        return {Path(path).name for path, _, _ in self.entered}

    def listing(self) -> str:
        return "\n".join(f"{Path(p).name}:{line} {name}" for p, line, name in sorted(self.entered))


async def _traced_get(client: product_analytics.AsyncClient) -> _Tracer:
    tracer = _Tracer()
    sys.setprofile(tracer)
    try:
        role = await client.roles.get(organization_id=ORG, id="r1")
    finally:
        sys.setprofile(None)
    assert role.id == "r1"
    return tracer


async def _first_and_later_get() -> tuple[_Tracer, _Tracer]:
    async def handler(request: web.Request) -> web.StreamResponse:
        return json_response({"id": "r1", "name": "Admins"})

    async with serve(handler) as server, client_for(server) as client:
        first = await _traced_get(client)
        later = await _traced_get(client)
    # The trace sees the SDK at all: the resource method and the transport are entered.
    assert {"_aiohttp.py", "_client.py"} <= later.files(), later.listing()
    return first, later


def _counts(tracers: tuple[_Tracer, _Tracer]) -> list[tuple[int, int]]:
    return [(len(tracer.entered), len(tracer.files())) for tracer in tracers]


async def test_one_get_enters_at_most_20_functions_in_7_files() -> None:
    tracers = await _first_and_later_get()
    counts = _counts(tracers)
    assert all(f <= GOAL[0] and n <= GOAL[1] for f, n in counts), tracers[0].listing()
