"""`recordings export`: a pinned window, each recording once, and resume after a failure."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from aiohttp import web

from product_analytics import AsyncClient, InternalServerError
from product_analytics.cli.export import (
    UnfinishedExportError,
    checkpoint_path,
    export_recordings,
    partial_path,
)
from product_analytics.testing import FakeServer

from .export_support import HookedFakeServer, ids_of, leftovers

# After the seed's newest recording (2025-06-02T09:30Z): the moment the exports start.
START = datetime(2025, 6, 3, 12, 0, tzinfo=timezone.utc)


@pytest_asyncio.fixture
async def hooked() -> AsyncIterator[HookedFakeServer]:
    async with HookedFakeServer(recordings=95, seed=5) as server:
        yield server
        assert server.stats.internal_errors == []


async def _export(server: FakeServer, out: Path, **options: Any) -> Any:
    async with AsyncClient(
        api_key=server.api_key, base_url=server.base_url, max_retries=0
    ) as client:
        options.setdefault("page_size", 10)
        options.setdefault("now", START)
        return await export_recordings(
            client, project_id=str(server.project_id), out=out, **options
        )


def _list_queries(server: FakeServer) -> list[dict[str, str]]:
    return [r.query for r in server.requests if r.path.endswith("/session_recordings/")]


@pytest.mark.parametrize("concurrency", [1, 3])
async def test_recordings_arriving_during_the_export_do_not_shift_its_pages(
    hooked: HookedFakeServer, tmp_path: Path, concurrency: int
) -> None:
    expected = list(hooked.recording_ids)

    def arrive(n: int, request: web.Request) -> None:
        if n == 2:  # after the first page: new recordings, the newest, listed first
            for minutes in range(1, 8):
                hooked.add_recording(START + timedelta(minutes=minutes))

    hooked.hook = arrive
    out = tmp_path / "pinned.jsonl"
    result = await _export(hooked, out, concurrency=concurrency)
    assert ids_of(out) == expected
    assert result.written == len(expected)
    assert result.duplicates == 0
    queries = _list_queries(hooked)
    assert {q["date_to"] for q in queries} == {"2025-06-03T12:00:00.000000Z"}
    assert all("date_from" not in q for q in queries)
    assert leftovers(tmp_path, out) == []


async def test_a_late_recording_inside_the_window_is_not_written_twice(
    hooked: HookedFakeServer, tmp_path: Path
) -> None:
    def late(n: int, request: web.Request) -> None:
        if n == 2:  # started before the pinned date_to, listed only now: offsets move by one
            hooked.add_recording(START - timedelta(minutes=1))

    hooked.hook = late
    out = tmp_path / "late.jsonl"
    result = await _export(hooked, out, concurrency=1)
    written = ids_of(out)
    assert len(written) == len(set(written)) == result.written
    assert set(written) == set(hooked.recording_ids)
    assert result.duplicates == 1


async def test_since_and_until_are_sent_as_date_from_and_date_to(
    hooked: HookedFakeServer, tmp_path: Path
) -> None:
    out = tmp_path / "window.jsonl"
    result = await _export(hooked, out, since="-2d", until="2025-06-02T00:00:00Z")
    queries = _list_queries(hooked)
    assert {q["date_from"] for q in queries} == {"2025-06-01T12:00:00.000000Z"}
    assert {q["date_to"] for q in queries} == {"2025-06-02T00:00:00Z"}
    for line in out.read_text().splitlines():
        start = json.loads(line)["start_time"]
        assert "2025-06-01T12:00:00" <= start <= "2025-06-02T00:00:00Z"
    assert 0 < result.written < len(hooked.recording_ids)


async def _interrupted(
    server: HookedFakeServer, out: Path, first_failing: int, **options: Any
) -> None:
    """An export to `out` that fails with a 500 from the `first_failing`-th request on;
    afterwards the server answers normally again."""
    server.hook = lambda n, request: 500 if n >= first_failing else None
    with pytest.raises(InternalServerError):
        await _export(server, out, **options)
    server.hook = None


def _write_checkpoint(
    server: FakeServer, out: Path, offset: int | None, size: int, lines: int
) -> None:
    """The checkpoint of an export of `server`'s project without `since` and `until`, with
    `offset` (None: listed to the end), `size` bytes and `lines` lines written."""
    checkpoint_path(out).write_text(
        json.dumps(
            {
                "version": 1,
                "arguments": {"project_id": str(server.project_id), "since": None, "until": None},
                "window": {"date_to": "2025-06-03T12:00:00.000000Z"},
                "offset": offset,
                "bytes": size,
                "lines": lines,
            }
        )
    )


async def test_a_failed_export_keeps_its_progress_and_resume_finishes_it_once(
    hooked: HookedFakeServer, tmp_path: Path
) -> None:
    out = tmp_path / "resume.jsonl"
    await _interrupted(hooked, out, 4, concurrency=1)
    assert not out.exists()
    checkpoint = json.loads(checkpoint_path(out).read_text())
    assert checkpoint["lines"] == 30
    assert checkpoint["offset"] == 30
    assert checkpoint["window"] == {"date_to": "2025-06-03T12:00:00.000000Z"}
    assert ids_of(partial_path(out)) == hooked.recording_ids[:30]

    hooked.reset_stats()
    later = START + timedelta(hours=5)  # the window stays the one of the first run
    result = await _export(hooked, out, resume=True, now=later)
    assert ids_of(out) == hooked.recording_ids
    assert result.resumed_from == 30
    assert result.written == len(hooked.recording_ids)
    assert _list_queries(hooked)[0]["offset"] == "30"
    assert {q["date_to"] for q in _list_queries(hooked)} == {"2025-06-03T12:00:00.000000Z"}
    assert leftovers(tmp_path, out) == []


async def test_an_unfinished_export_is_not_overwritten_without_resume(
    hooked: HookedFakeServer, tmp_path: Path
) -> None:
    out = tmp_path / "keep.jsonl"
    await _interrupted(hooked, out, 3)
    # A process killed while saving its checkpoint leaves a half-written temporary file.
    checkpoint_path(out).with_name(checkpoint_path(out).name + ".tmp").write_text('{"li')
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    with pytest.raises(UnfinishedExportError, match="--resume"):
        await _export(hooked, out)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


async def test_resume_with_other_arguments_is_refused(
    hooked: HookedFakeServer, tmp_path: Path
) -> None:
    out = tmp_path / "args.jsonl"
    await _interrupted(hooked, out, 3)
    with pytest.raises(UnfinishedExportError, match="other arguments"):
        await _export(hooked, out, resume=True, since="-1d")


async def test_resume_with_nothing_to_resume_starts_a_fresh_export(
    hooked: HookedFakeServer, tmp_path: Path
) -> None:
    out = tmp_path / "fresh.jsonl"
    result = await _export(hooked, out, resume=True)
    assert ids_of(out) == hooked.recording_ids
    assert result.resumed_from == 0
    assert leftovers(tmp_path, out) == []


async def test_resume_drops_what_was_written_after_the_last_checkpoint(
    hooked: HookedFakeServer, tmp_path: Path
) -> None:
    out = tmp_path / "torn.jsonl"
    await _interrupted(hooked, out, 5, concurrency=1)
    # As if killed after appending a page (and half a line) but before its checkpoint.
    with partial_path(out).open("ab") as file:
        file.write(b'{"id": "' + hooked.recording_ids[40].encode() + b'"}\n{"id": "half')
    await _export(hooked, out, resume=True)
    assert ids_of(out) == hooked.recording_ids


async def test_resume_after_the_final_rename_only_removes_the_checkpoint(
    hooked: HookedFakeServer, tmp_path: Path
) -> None:
    out = tmp_path / "renamed.jsonl"
    await _export(hooked, out)
    # As if killed between renaming the file and removing the checkpoint.
    content = out.read_bytes()
    _write_checkpoint(hooked, out, None, len(content), len(hooked.recording_ids))
    hooked.reset_stats()
    result = await _export(hooked, out, resume=True)
    assert out.read_bytes() == content
    assert result.written == len(hooked.recording_ids)
    assert _list_queries(hooked) == []
    assert leftovers(tmp_path, out) == []


async def test_an_export_failing_before_writing_anything_leaves_nothing(
    hooked: HookedFakeServer, tmp_path: Path
) -> None:
    out = tmp_path / "nothing.jsonl"
    await _interrupted(hooked, out, 1)
    assert list(tmp_path.iterdir()) == []
    await _export(hooked, out)  # and the next run needs no --resume
    assert ids_of(out) == hooked.recording_ids


async def test_resume_when_stopped_before_the_partial_file_was_created(
    hooked: HookedFakeServer, tmp_path: Path
) -> None:
    out = tmp_path / "early.jsonl"
    _write_checkpoint(hooked, out, 0, 0, 0)
    await _export(hooked, out, resume=True)
    assert ids_of(out) == hooked.recording_ids
    assert leftovers(tmp_path, out) == []


async def test_resume_works_on_lists_without_a_total(tmp_path: Path) -> None:
    async with HookedFakeServer(recordings=45, seed=2, list_style="live") as live:
        out = tmp_path / "live.jsonl"
        await _interrupted(live, out, 3, concurrency=4)
        assert json.loads(checkpoint_path(out).read_text())["offset"] == 20
        result = await _export(live, out, resume=True, concurrency=4)
        assert ids_of(out) == live.recording_ids
        assert result.resumed_from == 20


async def test_an_unreadable_since_is_a_usage_error_and_writes_nothing(
    cli_env: FakeServer, run_cli: Any, tmp_path: Path
) -> None:
    out = tmp_path / "bad.jsonl"
    result = await run_cli("recordings", "export", "--out", str(out), "--since", "last week")
    assert result.code == 2
    assert result.stdout == ""
    assert "not a date: 'last week'" in result.stderr
    assert list(tmp_path.iterdir()) == []


async def test_the_cli_refuses_an_unfinished_export_without_resume_and_finishes_it_with(
    cli_env: FakeServer, run_cli: Any, tmp_path: Path
) -> None:
    out = tmp_path / "cli.jsonl"
    first = await run_cli("recordings", "export", "--out", str(out), "--page-size", "10")
    assert first.code == 0
    checkpoint_path(out).write_text(checkpoint_path(out).name)  # not even JSON
    refused = await run_cli("recordings", "export", "--out", str(out))
    assert refused.code == 2
    assert "--resume" in refused.stderr
    unreadable = await run_cli("recordings", "export", "--out", str(out), "--resume")
    assert unreadable.code == 2
    assert "cannot be read" in unreadable.stderr
    checkpoint_path(out).unlink()
    again = await run_cli("recordings", "export", "--out", str(out), "--resume")
    assert again.code == 0
    [summary] = again.documents
    assert summary["written"] == len(cli_env.recording_ids)
    assert summary["resumed_from"] == 0
