"""`recordings export` killed with SIGKILL at several points, then resumed: real processes."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio

from product_analytics.cli.export import checkpoint_path, partial_path
from product_analytics.testing import FakeServer, Fault

from .export_support import ids_of, leftovers

RECORDINGS = 300


@pytest_asyncio.fixture
async def slow_server() -> AsyncIterator[FakeServer]:
    async with FakeServer(recordings=RECORDINGS, seed=9) as server:
        server.faults.add(Fault.latency(0.03))  # pages come slowly enough to kill midway
        yield server
        assert server.stats.internal_errors == []


def _command(server: FakeServer, out: Path, *extra: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "product_analytics",
        "recordings",
        "export",
        "--base-url",
        server.base_url,
        "--api-key",
        server.api_key,
        "--project-id",
        str(server.project_id),
        "--out",
        str(out),
        "--page-size",
        "10",
        "--concurrency",
        "2",
        "--no-progress",
        *extra,
    ]


async def _spawn(command: list[str]) -> asyncio.subprocess.Process:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PRODUCT_ANALYTICS_")}
    return await asyncio.create_subprocess_exec(
        *command, env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
    )


def _checkpointed_lines(out: Path) -> int | None:
    try:
        return int(json.loads(checkpoint_path(out).read_text())["lines"])
    except (OSError, ValueError, KeyError):
        return None


async def _kill_when(process: asyncio.subprocess.Process, out: Path, lines: int) -> None:
    """SIGKILL `process` once its checkpoint counts at least `lines` recordings."""
    for _ in range(6000):
        done = _checkpointed_lines(out)
        if done is not None and done >= lines:
            break
        if process.returncode is not None:
            break
        await asyncio.sleep(0.002)
    if process.returncode is None:
        process.send_signal(signal.SIGKILL)
    _, stderr = await process.communicate()
    assert process.returncode == -signal.SIGKILL, f"ended before being killed: {stderr!r}"


async def _run(command: list[str]) -> tuple[int, str, str]:
    process = await _spawn(command)
    stdout, stderr = await asyncio.wait_for(process.communicate(), timeout=120)
    assert process.returncode is not None
    return process.returncode, stdout.decode(), stderr.decode()


async def test_an_export_killed_at_several_points_and_resumed_writes_each_recording_once(
    slow_server: FakeServer, tmp_path: Path
) -> None:
    out = tmp_path / "killed.jsonl"
    first = await _spawn(_command(slow_server, out))
    await _kill_when(first, out, 0)  # as soon as the window is pinned
    for lines in (40, 130, 250):
        process = await _spawn(_command(slow_server, out, "--resume"))
        await _kill_when(process, out, lines)
        assert partial_path(out).exists()
        assert not out.exists()
    code, stdout, stderr = await _run(_command(slow_server, out, "--resume"))
    assert code == 0, stderr
    assert ids_of(out) == slow_server.recording_ids
    summary = json.loads(stdout)
    assert summary["written"] == RECORDINGS
    assert summary["resumed_from"] >= 250
    assert leftovers(tmp_path, out) == []
    lists = [r for r in slow_server.requests if r.path.endswith("/session_recordings/")]
    assert len({r.query["date_to"] for r in lists}) == 1  # one window across five processes


async def test_killed_right_after_starting_and_resumed_still_exports_everything(
    slow_server: FakeServer, tmp_path: Path
) -> None:
    out = tmp_path / "early.jsonl"
    process = await _spawn(_command(slow_server, out))
    await asyncio.sleep(0.05)  # still starting up: nothing written yet
    process.send_signal(signal.SIGKILL)
    await process.communicate()
    code, _, stderr = await _run(_command(slow_server, out, "--resume"))
    assert code == 0, stderr
    assert ids_of(out) == slow_server.recording_ids
    assert leftovers(tmp_path, out) == []


async def test_after_a_kill_a_rerun_without_resume_refuses_and_names_resume(
    slow_server: FakeServer, tmp_path: Path
) -> None:
    out = tmp_path / "refuse.jsonl"
    process = await _spawn(_command(slow_server, out))
    await _kill_when(process, out, 20)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    code, stdout, stderr = await _run(_command(slow_server, out))
    assert code == 2
    assert "--resume" in stderr
    assert stderr.count("\n") == 1
    assert stdout == ""
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


async def test_an_export_runs_twice_in_a_row_into_the_same_file(
    slow_server: FakeServer, tmp_path: Path
) -> None:
    out = tmp_path / "twice.jsonl"
    for _ in range(2):
        code, _, stderr = await _run(_command(slow_server, out))
        assert code == 0, stderr
        assert ids_of(out) == slow_server.recording_ids
        assert leftovers(tmp_path, out) == []
