"""`recordings export`: every recording, streamed, atomic, with progress output."""

from __future__ import annotations

import asyncio
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from product_analytics import AsyncClient, InternalServerError
from product_analytics._sending.throttle import ThrottleEvent
from product_analytics.cli.export import export_recordings
from product_analytics.cli.progress import Progress
from product_analytics.testing import FakeServer
from product_analytics.testing.faults import Fault


def _ids(path: Path) -> list[str]:
    return [json.loads(line)["id"] for line in path.read_text().splitlines()]


@pytest.mark.parametrize(("page_size", "concurrency"), [(7, 1), (25, 4), (1000, 3)])
async def test_export_writes_every_recording_once_in_list_order(
    cli_env: FakeServer, run_cli: Any, tmp_path: Path, page_size: int, concurrency: int
) -> None:
    out = tmp_path / "all.jsonl"
    result = await run_cli(
        "recordings",
        "export",
        "--out",
        str(out),
        "--page-size",
        str(page_size),
        "--concurrency",
        str(concurrency),
    )
    assert result.code == 0, result.stderr
    assert _ids(out) == cli_env.recording_ids
    [summary] = result.documents
    assert summary["written"] == len(cli_env.recording_ids)
    assert summary["retries"] == 0
    assert summary["requests"] >= 1
    assert "exported 120 recordings" in result.stderr


async def test_export_follows_live_has_next_lists_without_a_total(
    tmp_path: Path, run_cli: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with FakeServer(recordings=45, seed=1, list_style="live") as server:
        out = tmp_path / "live.jsonl"
        result = await run_cli(
            "recordings",
            "export",
            "--out",
            str(out),
            "--page-size",
            "10",
            "--api-key",
            server.api_key,
            "--base-url",
            server.base_url,
            "--project-id",
            str(server.project_id),
        )
        assert result.code == 0, result.stderr
        assert _ids(out) == server.recording_ids


async def test_export_prints_plain_progress_lines_when_stderr_is_not_a_terminal(
    cli_env: FakeServer, run_cli: Any, tmp_path: Path
) -> None:
    result = await run_cli("recordings", "export", "--out", str(tmp_path / "p.jsonl"))
    assert "exported 120/120 recordings" in result.stderr


async def test_failed_export_leaves_no_file_under_either_name(
    cli_env: FakeServer, run_cli: Any, tmp_path: Path
) -> None:
    cli_env.faults.add(Fault.error(500))
    out = tmp_path / "fail.jsonl"
    result = await run_cli("recordings", "export", "--out", str(out), "--max-retries", "0")
    assert result.code == 1
    assert "500" in result.stderr
    assert list(tmp_path.iterdir()) == []


async def test_export_keeps_an_existing_file_until_the_new_one_is_complete(
    cli_env: FakeServer, tmp_path: Path
) -> None:
    out = tmp_path / "keep.jsonl"
    out.write_text("old\n")
    cli_env.faults.add(Fault.error(503))
    async with AsyncClient(
        api_key=cli_env.api_key, base_url=cli_env.base_url, max_retries=0
    ) as client:
        with pytest.raises(InternalServerError):
            await export_recordings(client, project_id=str(cli_env.project_id), out=out)
    assert out.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.jsonl"]


async def test_cancelled_export_removes_its_temporary_file(
    cli_env: FakeServer, tmp_path: Path
) -> None:
    cli_env.faults.add(Fault.latency(5.0))
    out = tmp_path / "cancel.jsonl"
    async with AsyncClient(api_key=cli_env.api_key, base_url=cli_env.base_url) as client:
        task = asyncio.ensure_future(
            export_recordings(client, project_id=str(cli_env.project_id), out=out)
        )
        await asyncio.sleep(0.2)
        assert any(p.name.endswith(".part") for p in tmp_path.iterdir())
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
    assert list(tmp_path.iterdir()) == []


async def test_export_reports_recordings_per_second_at_the_end(
    cli_env: FakeServer, run_cli: Any, tmp_path: Path
) -> None:
    out = tmp_path / "rate.jsonl"
    result = await run_cli("recordings", "export", "--out", str(out), "--no-progress")
    assert result.code == 0, result.stderr
    [summary] = result.documents
    assert summary["recordings_per_second"] > 0
    last = result.stderr.strip().splitlines()[-1]
    assert re.search(r"^exported 120 recordings to .* \(\d+ recordings/s, ", last), last


def test_a_pause_by_the_service_is_shown_with_its_timezone() -> None:
    stream = io.StringIO()
    progress = Progress(stream)
    progress.throttle(ThrottleEvent("recordings", paused_until=41_667.0, retry_after=7.0))
    progress.throttle(ThrottleEvent("recordings", paused_until=None, retry_after=None))
    assert stream.getvalue().splitlines() == [
        "recordings: paused by the service until 11:34:27 UTC",
        "recordings: resumed",
    ]


def test_a_pause_past_the_calendars_end_is_shown_by_its_length() -> None:
    """A hostile `Retry-After` (thirteen digits) ends past year 9999: no date to show."""
    stream = io.StringIO()
    Progress(stream).throttle(ThrottleEvent("recordings", paused_until=1e13, retry_after=1e13))
    assert stream.getvalue().splitlines() == [
        "recordings: paused by the service for 10000000000000 s"
    ]
