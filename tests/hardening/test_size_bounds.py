"""A response cannot take unbounded memory (case 2): bodies are read within
`max_response_bytes` (counted after decompression) and end in `ResponseTooLargeError` (an
error status in its own typed error); a list
page with more items than `max_page_items` is refused before any
model is built. The memory bounds are measured in a process of their own. Header floods
end in a typed error too (what held)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

from product_analytics import (
    ApiConnectionError,
    ApiError,
    ApiStatusError,
    ConfigurationError,
    InternalServerError,
    NotFoundError,
    ResponseTooLargeError,
    ResponseValidationError,
)
from tests.hardening.conftest import ROLES, client_of, fast_retries, role
from tests.hardening.hostile_server import (
    HostileServer,
    MiB,
    gzip_json,
    gzip_zeros,
    json_bytes,
    page_of_empty_items,
    plain_stream,
    raw_answer,
    raw_json,
    raw_server,
)

ROOT = Path(__file__).resolve().parents[2]
# Generous: the bodies these cases stream or inflate to are 1 GiB, or 2.5M models' worth.
PEAK_MB = 300


def run_scenario(name: str) -> dict[str, Any]:
    """Run one of `tests.hardening.scenarios` in a process of its own; its report."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    completed = subprocess.run(
        [sys.executable, "-m", "tests.hardening.scenarios", name],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr[-3000:]
    report: dict[str, Any] = json.loads(completed.stdout.strip().splitlines()[-1])
    return report


# -- memory, each in a process of its own -------------------------------------------------


@pytest.mark.parametrize(
    ("scenario", "error"),
    [
        ("2a-items-limit", "ResponseValidationError"),
        ("2b-items-no-limit", "ResponseValidationError"),
        ("2c-gzip-bomb", "ResponseTooLargeError"),
        ("2d-plain-1gib", "ResponseTooLargeError"),
    ],
)
def test_hostile_bodies_end_in_a_typed_error_with_memory_bounded(scenario: str, error: str) -> None:
    report = run_scenario(scenario)
    assert report["error"] == error, report
    assert report["requests"] == 1, report
    assert report["peak_mb"] < PEAK_MB, report


# -- max_response_bytes -------------------------------------------------------------------


async def test_a_body_over_max_response_bytes_is_a_typed_error(hostile: HostileServer) -> None:
    hostile.route(plain_stream(10 * MiB, chunk=64 * 1024))
    async with client_of(hostile, max_response_bytes=MiB) as client:
        with pytest.raises(ResponseTooLargeError) as info:
            await client.roles.get(id="r1")
    error = info.value
    assert isinstance(error, ApiError)
    assert error.limit == MiB
    assert error.status_code == 200
    assert "max_response_bytes" in str(error)
    assert error.url.endswith(f"{ROLES}r1/")


async def test_the_bound_counts_bytes_after_decompression(hostile: HostileServer) -> None:
    hostile.route(gzip_zeros(4 * MiB))
    async with client_of(hostile, max_response_bytes=2 * MiB) as client:
        with pytest.raises(ResponseTooLargeError):
            await client.roles.get(id="r1")


@pytest.mark.parametrize(
    ("status", "error"), [(404, NotFoundError), (500, InternalServerError), (418, ApiStatusError)]
)
async def test_an_error_status_over_the_bound_is_its_status_error(
    hostile: HostileServer, status: int, error: type[ApiStatusError]
) -> None:
    hostile.route(plain_stream(10 * MiB, status=status, chunk=64 * 1024))
    async with client_of(hostile, max_response_bytes=MiB) as client:
        with pytest.raises(error) as info:
            await client.roles.get(id="r1")
    assert info.value.status_code == status
    assert "max_response_bytes" in str(info.value.body)
    assert "max_response_bytes" in str(info.value)


async def test_an_error_status_over_the_bound_is_retried_as_its_status(
    hostile: HostileServer,
) -> None:
    huge_503 = plain_stream(4 * MiB, status=503, chunk=64 * 1024)
    found = json_bytes(json.dumps(role()).encode())

    async def huge_503_then_found(request: web.Request) -> web.StreamResponse:
        return await (huge_503 if hostile.count() == 1 else found)(request)

    hostile.route(huge_503_then_found)
    async with client_of(hostile, retry_policy=fast_retries(), max_response_bytes=MiB) as client:
        assert (await client.roles.get(id="r1")).id == "r1"
    assert hostile.count() == 2


async def test_a_body_at_the_bound_is_read(hostile: HostileServer) -> None:
    body = json.dumps(role()).encode()
    hostile.route(json_bytes(body + b" " * (1000 - len(body))))
    async with client_of(hostile, max_response_bytes=1000) as client:
        assert (await client.roles.get(id="r1")).id == "r1"
        with pytest.raises(ResponseTooLargeError):
            await client.with_options(max_response_bytes=999).roles.get(id="r1")


async def test_a_too_large_body_is_not_retried(hostile: HostileServer) -> None:
    hostile.route(plain_stream(4 * MiB, chunk=64 * 1024))
    async with client_of(hostile, max_retries=3, max_response_bytes=MiB) as client:
        with pytest.raises(ResponseTooLargeError):
            await client.roles.get(id="r1")
    assert hostile.count() == 1


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "64"])
def test_max_response_bytes_and_max_page_items_are_checked(bad: object) -> None:
    with pytest.raises(ConfigurationError, match="max_response_bytes"):
        client_of("http://127.0.0.1:1", max_response_bytes=bad)
    with pytest.raises(ConfigurationError, match="max_page_items"):
        client_of("http://127.0.0.1:1", max_page_items=bad)


# -- items of a page ----------------------------------------------------------------------


def page(count: int) -> dict[str, Any]:
    return {
        "count": count,
        "next": None,
        "previous": None,
        "results": [role(f"r{i}") for i in range(count)],
    }


async def test_a_page_is_bounded_by_max_page_items_whatever_its_limit(
    hostile: HostileServer,
) -> None:
    hostile.route(raw_json(page(6)), path=ROLES)
    async with client_of(hostile, max_page_items=5) as client:
        with pytest.raises(ResponseValidationError, match="at most 5 items"):
            await client.roles.list()
        with pytest.raises(ResponseValidationError, match="at most 5 items"):
            await client.roles.list(limit=100)
        with pytest.raises(ResponseValidationError, match="at most 5 items"):
            async for _ in client.roles.list():
                pass
    async with client_of(hostile, max_page_items=6) as client:
        assert len([r async for r in client.roles.list()]) == 6


async def test_a_small_gzip_body_of_many_items_is_refused_before_models_are_built(
    hostile: HostileServer,
) -> None:
    """200,000 `{}` items in some 600 bytes of gzip: refused, and quickly (building the
    models would take seconds)."""
    handler = gzip_json(page_of_empty_items(200_000))
    hostile.route(handler, path=ROLES)
    async with client_of(hostile, max_page_items=10) as client:
        with pytest.raises(ResponseValidationError, match="at most 10 items") as info:
            await client.roles.list(limit=10)
    assert handler.compressed_size < 2_000  # type: ignore[attr-defined]
    assert len(str(info.value)) < 2_000


# -- header floods (what held) ------------------------------------------------------------


@pytest.mark.parametrize(
    "headers",
    [
        pytest.param([(b"X-F%d" % i, b"v") for i in range(100_000)], id="100k-headers"),
        pytest.param([(b"X-Big", b"v" * 1_000_000)], id="one-1MB-header"),
        pytest.param([(b"X-F%d" % i, b"v" * 8_000) for i in range(1_000)], id="1000x8KB"),
        pytest.param([(b"Set-Cookie", b"c%d=1" % i) for i in range(50_000)], id="50k-cookies"),
    ],
)
async def test_a_header_flood_is_a_typed_error(headers: list[tuple[bytes, bytes]]) -> None:
    answer = raw_answer("HTTP/1.1 200 OK", headers, b"{}")
    async with raw_server(answer) as server:
        client = client_of(server.base_url, max_retries=1)
        async with client:
            with pytest.raises(ApiConnectionError) as info:
                await client.roles.get(id="r1")
    assert len(str(info.value)) < 2_000
    assert server.requests == 2  # a GET: retried once, then given up
