from __future__ import annotations

import asyncio
import contextlib
import json
import signal
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest
import pytest_asyncio

from product_analytics.cli import main
from product_analytics.testing import FakeServer


@dataclass
class CliResult:
    code: int
    stdout: str
    stderr: str

    @property
    def documents(self) -> list[Any]:
        return [json.loads(line) for line in self.stdout.splitlines() if line.strip()]


@pytest.fixture(autouse=True, scope="session")
def _ctrl_c_reaches_started_commands() -> None:
    """The tests stop the commands they start with SIGINT, as Ctrl-C would. A run started
    with SIGINT ignored (a script's background job, `make test &`) passes that on to every
    process it starts, and those commands would never stop: SIGINT interrupts this process
    as it does an interactive one, so that they start with it at its default."""
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest_asyncio.fixture
async def server() -> AsyncIterator[FakeServer]:
    async with FakeServer(recordings=120, seed=3) as fake:
        yield fake


@pytest.fixture
def cli_env(server: FakeServer, monkeypatch: pytest.MonkeyPatch) -> FakeServer:
    monkeypatch.setenv("PRODUCT_ANALYTICS_API_KEY", server.api_key)
    monkeypatch.setenv("PRODUCT_ANALYTICS_BASE_URL", server.base_url)
    monkeypatch.setenv("PRODUCT_ANALYTICS_PROJECT_ID", str(server.project_id))
    monkeypatch.setenv("PRODUCT_ANALYTICS_ORGANIZATION_ID", server.organization_id)
    return server


@pytest.fixture
def run_cli(capsys: pytest.CaptureFixture[str]) -> Any:
    """Run the command line in a worker thread (it runs its own event loop) and capture it."""

    async def run(*argv: str) -> CliResult:
        capsys.readouterr()
        try:
            code = await asyncio.to_thread(main, list(argv))
        except SystemExit as exit_:
            code = int(exit_.code or 0)
        captured = capsys.readouterr()
        return CliResult(code, captured.out, captured.err)

    return run


@dataclass
class FakeServerProcess:
    """A `fake-server` command in a process of its own: the connection `info` it printed, and
    once the block that ran it has ended (and interrupted it), its `stderr`."""

    process: asyncio.subprocess.Process
    info: dict[str, Any]
    stderr: bytes = b""


@contextlib.asynccontextmanager
async def fake_server_process(*options: str) -> AsyncIterator[FakeServerProcess]:
    """`product-analytics fake-server --port 0 *options` in a process of its own, interrupted
    (SIGINT) when the block ends."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "product_analytics",
        "fake-server",
        "--port",
        "0",
        *options,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    running = FakeServerProcess(process, {})
    try:
        assert process.stdout is not None
        running.info = json.loads(await asyncio.wait_for(process.stdout.readline(), 30))
        yield running
    finally:
        process.send_signal(signal.SIGINT)
        _, running.stderr = await asyncio.wait_for(process.communicate(), 30)
