"""Logging: `PRODUCT_ANALYTICS_LOG=debug|info` turns the `product_analytics` logger on to
stderr without code (checked in a subprocess against a loopback server), the CLI's
`--verbose`; each request's record holds the method, path, status, elapsed ms, attempt and
request id, never the key; the stderr handler is added once."""

from __future__ import annotations

import asyncio
import logging
import os
import re
import sys
from collections.abc import Iterator

import pytest
from aiohttp import web

from product_analytics._common import log as _log
from tests.support.loopback import LoopbackFactory
from tests.support.loopback_client import API_KEY, ORG, json_response, proxy_record

# Two clients, one request each, then a 404: the handler is added once, whoever constructs.
SCRIPT = """
import asyncio, sys
from product_analytics import AsyncClient, NotFoundError

async def main():
    for _ in range(2):
        async with AsyncClient(base_url=sys.argv[1], max_retries=0) as client:
            await client.proxy_records.get(organization_id="org-1", id="r1")
    async with AsyncClient(base_url=sys.argv[1], max_retries=0) as client:
        try:
            await client.proxy_records.get(organization_id="org-1", id="missing")
        except NotFoundError:
            pass

asyncio.run(main())
"""
REQUEST_LINE = re.compile(
    r"INFO product_analytics: GET /api/organizations/org-1/proxy_records/(\w+)/ -> (\d+) "
    r"in [\d.]+ ms \(attempt 1, request id (\S+)\)"
)


async def answer(request: web.Request) -> web.Response:
    if request.match_info["tail"].endswith("missing/"):
        return json_response({"detail": "Not found."}, 404, **{"X-Request-Id": "req-404"})
    return json_response(proxy_record("r1"), **{"X-Request-Id": "req-1"})


async def run_script(base_url: str, level: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PRODUCT_ANALYTICS_")}
    env["PRODUCT_ANALYTICS_API_KEY"] = API_KEY
    if level is not None:
        env["PRODUCT_ANALYTICS_LOG"] = level
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        SCRIPT,
        base_url,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    _, stderr = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode == 0, stderr.decode()
    return stderr.decode()


async def test_product_analytics_log_debug_logs_each_request_to_stderr(
    loopback: LoopbackFactory,
) -> None:
    server = await loopback(answer)
    stderr = await run_script(server.base_url, "debug")
    found = REQUEST_LINE.findall(stderr)
    assert found == [("r1", "200", "req-1"), ("r1", "200", "req-1"), ("missing", "404", "req-404")]
    headers = [line for line in stderr.splitlines() if "request headers" in line]
    assert len(headers) == 3
    assert all("'Authorization': '***'" in line for line in headers)
    assert API_KEY not in stderr
    assert API_KEY[4:20] not in stderr


async def test_product_analytics_log_info_logs_requests_without_headers(
    loopback: LoopbackFactory,
) -> None:
    server = await loopback(answer)
    stderr = await run_script(server.base_url, "INFO")
    assert len(REQUEST_LINE.findall(stderr)) == 3
    assert "request headers" not in stderr


@pytest.mark.parametrize("level", [None, "", "verbose"])
async def test_without_the_variable_nothing_is_logged(
    loopback: LoopbackFactory, level: str | None
) -> None:
    server = await loopback(answer)
    assert await run_script(server.base_url, level) == ""


async def test_the_cli_verbose_flag_logs_each_request(loopback: LoopbackFactory) -> None:
    server = await loopback(answer)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PRODUCT_ANALYTICS_")}
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "product_analytics",
        "--verbose",
        "--api-key",
        API_KEY,
        "--base-url",
        server.base_url,
        "proxy-records",
        "get",
        "--organization-id",
        ORG,
        "--id",
        "r1",
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    stdout, stderr = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode == 0, stderr.decode()
    assert REQUEST_LINE.findall(stderr.decode()) == [("r1", "200", "req-1")]
    assert API_KEY not in stderr.decode()
    assert b'"id":"r1"' in stdout.replace(b" ", b"")


@pytest.fixture
def fresh_logger() -> Iterator[logging.Logger]:
    """The package logger as in a fresh process; restored afterwards."""
    logger = logging.getLogger("product_analytics")
    handlers, level = list(logger.handlers), logger.level
    saved = (_log._handler, _log._configured)
    _log._handler, _log._configured = None, False
    yield logger
    logger.handlers[:] = handlers
    logger.setLevel(level)
    _log._handler, _log._configured = saved


def test_the_stderr_handler_is_added_once(fresh_logger: logging.Logger) -> None:
    before = len(fresh_logger.handlers)
    _log.configure_from_env({"PRODUCT_ANALYTICS_LOG": "info"})
    _log.configure_from_env({"PRODUCT_ANALYTICS_LOG": "debug"})  # read once a process
    assert fresh_logger.level == logging.INFO
    _log.enable(logging.DEBUG)
    assert fresh_logger.level == logging.DEBUG
    assert len(fresh_logger.handlers) == before + 1


def test_a_record_carries_its_fields_as_attributes(
    fresh_logger: logging.Logger, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="product_analytics")
    _log.log_request(
        method="POST",
        url="https://h.example/api/x/?a=1",
        headers={"Authorization": "Bearer k"},
        started=0.0,
        attempt=2,
        status=201,
        answer_headers={"X-Request-Id": "abc"},
    )
    [record] = caplog.records
    fields = ("http_method", "http_path", "http_status", "attempt", "request_id")
    assert [getattr(record, name) for name in fields] == ["POST", "/api/x/?a=1", 201, 2, "abc"]
    assert record.elapsed_ms >= 0  # type: ignore[attr-defined]
