"""`recordings export`: every recording of a project into a JSON-lines file, resumably.

Consistency. The export pins its window when it starts: `date_to` is `--until`, or the
moment the export started, and `date_from` is `--since` (relative forms such as `-7d` are
resolved to a fixed moment then). Every page is asked for with that window, so recordings
that arrive during the export do not shift the offsets of the pages still to come. Each
recording is written once: a recording the service lists twice (its offsets moved anyway,
e.g. a late recording inside the window) is skipped the second time, so the count written
is the count of distinct ids.

Resumability. The file is written as `FILE.part` beside `FILE`, with a checkpoint
`FILE.checkpoint` (JSON: the arguments, the pinned window, the offset of the next page and
the bytes and lines of `FILE.part` known good). Each page is appended and synced before the
checkpoint that counts it replaces the previous one atomically, so whenever the export is
stopped (an error, Ctrl-C, SIGKILL, a power cut) the checkpoint describes a prefix of the
partial file. `--resume` cuts the partial file back to that prefix, reads the ids it holds
and goes on from the checkpoint's offset with the same window. At the end `FILE.part` is
renamed to `FILE` and the checkpoint removed. Without `--resume`, an unfinished export is
never overwritten: the command stops with a message naming `--resume`. An export that fails
before writing anything leaves nothing behind.

Pages are walked by the client's pager (`_resources.pagination.walk`): the server's links are
followed, and once the list has proved long, up to `concurrency` pages are fetched ahead.
At most that many pages (and the one being written) are held in memory, whatever the
number of recordings.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
from collections.abc import AsyncGenerator
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import IO, Any, TextIO

from product_analytics._client import AsyncClient
from product_analytics._resources.pagination import Page, following_offset, walk
from product_analytics.cli.progress import Progress
from product_analytics.errors import ConfigurationError
from product_analytics.models import SessionRecording

__all__ = [
    "CHECKPOINT_VERSION",
    "ExportResult",
    "UnfinishedExportError",
    "checkpoint_path",
    "export_recordings",
    "partial_path",
    "resolve_moment",
]

CHECKPOINT_VERSION = 1


class UnfinishedExportError(ConfigurationError):
    """An unfinished export of the same file is in the way (or does not match the arguments)."""


@dataclass(frozen=True)
class ExportResult:
    out: Path
    written: int  # lines in the file: distinct recordings
    seconds: float
    requests: int
    retries: int
    duplicates: int = 0  # recordings listed again and not written twice
    resumed_from: int = 0  # lines already in the file when this run resumed it
    date_from: str | None = None
    date_to: str | None = None

    @property
    def items_per_second(self) -> float:
        """Recordings written per second of the whole export."""
        return self.written / self.seconds if self.seconds > 0 else 0.0


def partial_path(out: Path) -> Path:
    """Where an unfinished export of `out` is written."""
    return out.with_name(out.name + ".part")


def checkpoint_path(out: Path) -> Path:
    """The checkpoint of an unfinished export of `out`."""
    return out.with_name(out.name + ".checkpoint")


_RELATIVE = re.compile(r"-([0-9]{1,6})([hdwm])")
_UNITS = {"h": "hours", "d": "days", "w": "weeks", "m": "minutes"}


def _iso(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def resolve_moment(text: str, now: datetime) -> str:
    """`--since`/`--until` as a fixed moment: an ISO date or date-time is kept as given,
    `-Nh`, `-Nd`, `-Nw`, `-Nm` (minutes) count back from `now`. ValueError otherwise."""
    relative = _RELATIVE.fullmatch(text.strip())
    if relative:
        delta = timedelta(**{_UNITS[relative.group(2)]: int(relative.group(1))})
        return _iso(now - delta)
    try:
        datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        raise ValueError(
            f"not a date: {text!r} (an ISO 8601 date or date-time, or -7d, -12h, -2w, -30m)"
        ) from None
    return text.strip()


# -- the checkpoint ----------------------------------------------------------------------


@dataclass
class _State:
    """What the checkpoint holds."""

    arguments: dict[str, Any]
    window: dict[str, str]
    offset: int | None  # of the next page to fetch; None when every page is written
    bytes: int = 0
    lines: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "version": CHECKPOINT_VERSION,
            "arguments": self.arguments,
            "window": self.window,
            "offset": self.offset,
            "bytes": self.bytes,
            "lines": self.lines,
        }


def _fsync_directory(path: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _save(state: _State, checkpoint: Path) -> None:
    """Replace the checkpoint atomically: a reader sees the old one or the new one."""
    temporary = checkpoint.with_name(checkpoint.name + ".tmp")
    with open(temporary, "w", encoding="utf-8") as file:
        json.dump(state.to_json(), file)
        file.flush()
        os.fsync(file.fileno())
    os.replace(temporary, checkpoint)
    _fsync_directory(checkpoint.parent)


def _load(checkpoint: Path) -> _State:
    try:
        raw = json.loads(checkpoint.read_text(encoding="utf-8"))
        if raw.get("version") != CHECKPOINT_VERSION:
            raise ValueError("unknown version")
        offset = raw["offset"]
        return _State(
            arguments=dict(raw["arguments"]),
            window={str(k): str(v) for k, v in raw["window"].items()},
            offset=None if offset is None else int(offset),
            bytes=int(raw["bytes"]),
            lines=int(raw["lines"]),
        )
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise UnfinishedExportError(
            f"the checkpoint {checkpoint} cannot be read ({exc}); remove it and "
            f"{checkpoint.with_suffix('').name}.part to start over"
        ) from None


def _recover(partial: Path, state: _State) -> set[str]:
    """Cut `partial` back to what the checkpoint counts and return the ids it holds."""
    if partial.stat().st_size < state.bytes:
        raise UnfinishedExportError(
            f"{partial} is shorter than its checkpoint says; remove it and its checkpoint "
            f"to start over"
        )
    with open(partial, "r+b") as file:
        file.truncate(state.bytes)
        file.flush()
        os.fsync(file.fileno())
        file.seek(0)
        ids = [json.loads(line).get("id") for line in file]
    known = [i for i in ids if i is not None]
    if len(ids) != state.lines or len(set(known)) != len(known):
        raise UnfinishedExportError(
            f"{partial} does not match its checkpoint ({len(ids)} lines, the checkpoint "
            f"counts {state.lines}); remove both to start over"
        )
    return set(known)


def _recover_partial(partial: Path, state: _State) -> set[str]:
    """For a resumed export: `partial` cut back to its checkpoint, and the ids it holds."""
    if not partial.exists() and state.offset is not None and state.bytes == 0:
        partial.touch()  # stopped between the first checkpoint and the file's creation
    if partial.exists():
        return _recover(partial, state)
    if state.offset is not None:
        raise UnfinishedExportError(
            f"{partial} is missing; remove {partial.name.removesuffix('.part')}.checkpoint "
            "to start over"
        )
    return set()


def _clean(*paths: Path) -> None:
    for path in paths:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()


# -- the pages ---------------------------------------------------------------------------


def _write_page(
    file: IO[bytes], records: list[SessionRecording], seen: set[str]
) -> tuple[int, int, int]:
    """Append the recordings not written yet; (lines, bytes, duplicates skipped)."""
    lines: list[bytes] = []
    duplicates = 0
    for record in records:
        if record.id is not None:  # a recording without an id cannot be told apart
            if record.id in seen:
                duplicates += 1
                continue
            seen.add(record.id)
        lines.append(record.model_dump_json(exclude_unset=True).encode() + b"\n")
    file.writelines(lines)
    return len(lines), sum(len(line) for line in lines), duplicates


def _walk_from(
    client: AsyncClient, project_id: str, state: _State, page_size: int, concurrency: int
) -> AsyncGenerator[Page[SessionRecording], None]:
    """The pages of the pinned window from `state.offset` on, at most `concurrency` ahead."""
    pager = client.session_recordings.list(
        project_id=project_id, limit=page_size, offset=state.offset, extra_query=state.window
    )
    return walk(pager, most_ahead=concurrency)


async def _append_pages(
    pages: AsyncGenerator[Page[SessionRecording], None],
    state: _State,
    partial: Path,
    checkpoint: Path,
    seen: set[str],
    progress: Progress,
) -> int:
    """Append each page's recordings not in `seen` to `partial` (from `state.bytes` on),
    synced before the checkpoint that counts them replaces the old one; `state` follows
    what is written. The duplicates skipped."""
    duplicates = 0
    # Buffered local writes of one page at a time: cheaper inline than in a thread.
    with open(partial, "r+b") as file:  # noqa: ASYNC230
        file.seek(state.bytes)
        async with contextlib.aclosing(pages):
            async for page in pages:
                following = following_offset(page)
                progress.set_total(page.count)
                lines, size, skipped = _write_page(file, page.results, seen)
                file.flush()
                os.fsync(file.fileno())
                state.offset = following
                state.bytes += size
                state.lines += lines
                duplicates += skipped
                _save(state, checkpoint)
                progress.update(lines)
    return duplicates


# -- the export --------------------------------------------------------------------------


def _start_state(
    out: Path,
    arguments: dict[str, Any],
    since: str | None,
    until: str | None,
    resume: bool,
    now: datetime,
) -> tuple[_State, bool]:
    """The state to start from and whether it continues an unfinished export."""
    partial, checkpoint = partial_path(out), checkpoint_path(out)
    unfinished = checkpoint.exists() or partial.exists()
    if unfinished and not resume:
        raise UnfinishedExportError(
            f"{out} has an unfinished export ({checkpoint.name}, {partial.name}); rerun with "
            f"--resume to continue it, or remove those files to start over"
        )
    _clean(checkpoint.with_name(checkpoint.name + ".tmp"))  # a save cut short; refusing keeps it
    if resume and checkpoint.exists():
        state = _load(checkpoint)
        if state.arguments != arguments:
            raise UnfinishedExportError(
                f"the unfinished export of {out} was made with other arguments "
                f"({json.dumps(state.arguments, sort_keys=True)}); rerun it with those, or "
                f"remove {checkpoint.name} and {partial.name} to start over"
            )
        return state, True
    window = {"date_to": resolve_moment(until, now) if until else _iso(now)}
    if since:
        window = {"date_from": resolve_moment(since, now), **window}
    return _State(arguments=arguments, window=window, offset=0), False


def _publish(partial: Path, out: Path, checkpoint: Path) -> None:
    """Move the finished export from `partial` to `out` (durably), then drop the checkpoint."""
    if partial.exists():
        os.replace(partial, out)
        _fsync_directory(out.parent)
    _clean(checkpoint)


async def export_recordings(
    client: AsyncClient,
    *,
    project_id: str,
    out: Path,
    page_size: int = 500,
    concurrency: int = 4,
    progress_stream: TextIO | None = None,
    since: str | None = None,
    until: str | None = None,
    resume: bool = False,
    now: datetime | None = None,
) -> ExportResult:
    """Write every recording of `project_id` in the pinned window to `out`, one JSON
    object a line (see the module's doc). `now` fixes the start time (default: the clock)."""
    started = time.perf_counter()
    requests_before, retries_before = client.stats.requests, client.stats.retries
    out = out.resolve()  # noqa: ASYNC240 (a local path; no I/O worth a thread)
    partial, checkpoint = partial_path(out), checkpoint_path(out)
    arguments = {"project_id": str(project_id), "since": since, "until": until}
    moment = now if now is not None else datetime.now(timezone.utc)
    state, resumed = _start_state(out, arguments, since, until, resume, moment)
    seen = _recover_partial(partial, state) if resumed else set()
    resumed_from = state.lines if resumed else 0
    duplicates = 0
    progress = Progress(progress_stream, initial=resumed_from)
    stop_listening = client.add_throttle_listener(progress.throttle)
    try:
        if not resumed:
            partial.write_bytes(b"")
            _save(state, checkpoint)
        if state.offset is not None:
            pages = _walk_from(client, project_id, state, page_size, concurrency)
            duplicates = await _append_pages(pages, state, partial, checkpoint, seen, progress)
        _publish(partial, out, checkpoint)
    except BaseException:
        if not resumed and state.offset == 0:  # nothing written: leave nothing behind
            _clean(partial, checkpoint)
        raise
    finally:
        stop_listening()
        progress.close()
    return ExportResult(
        out=out,
        written=state.lines,
        seconds=time.perf_counter() - started,
        requests=client.stats.requests - requests_before,
        retries=client.stats.retries - retries_before,
        duplicates=duplicates,
        resumed_from=resumed_from,
        date_from=state.window.get("date_from"),
        date_to=state.window.get("date_to"),
    )
