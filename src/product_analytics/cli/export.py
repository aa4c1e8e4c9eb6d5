"""`recordings export`: stream every recording of a project into a JSON-lines file.

At most `concurrency` pages are held in memory, whatever the number of recordings. The file
is written under a temporary name beside the target and renamed at the end, so an
interrupted export never leaves a partial file under the final name.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections import deque
from collections.abc import AsyncGenerator, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, TextIO

from tqdm import tqdm

from product_analytics._client import AsyncClient
from product_analytics._pagination import Page
from product_analytics.models import SessionRecording

__all__ = ["ExportResult", "export_recordings"]


@dataclass(frozen=True)
class ExportResult:
    out: Path
    written: int
    seconds: float
    requests: int
    retries: int

    @property
    def items_per_second(self) -> float:
        """Recordings written per second of the whole export."""
        return self.written / self.seconds if self.seconds > 0 else 0.0


class _PlainProgress:
    """Progress for a non-terminal: one line at most every `interval` seconds, and at the end."""

    def __init__(self, stream: TextIO, interval: float = 1.0) -> None:
        self.stream = stream
        self.interval = interval
        self.total: int | None = None
        self.count = 0
        self.started = self.last = time.monotonic()

    def update(self, n: int) -> None:
        self.count += n
        now = time.monotonic()
        if now - self.last >= self.interval:
            self.last = now
            self._line(now)

    def _line(self, now: float) -> None:
        of = f"/{self.total}" if self.total is not None else ""
        rate = self.count / max(now - self.started, 1e-9)
        self.stream.write(f"exported {self.count}{of} recordings ({rate:.0f}/s)\n")
        self.stream.flush()

    def close(self) -> None:
        self._line(time.monotonic())


class _Progress:
    """tqdm on a terminal, periodic plain lines elsewhere, nothing when disabled."""

    def __init__(self, stream: TextIO | None) -> None:
        self._bar: tqdm[Any] | None = None
        self._plain: _PlainProgress | None = None
        if stream is None:
            return
        if stream.isatty():
            self._bar = tqdm(total=None, unit="rec", desc="export", file=stream, dynamic_ncols=True)
        else:
            self._plain = _PlainProgress(stream)

    def set_total(self, total: int | None) -> None:
        if total is None:
            return
        if self._bar is not None:
            self._bar.total = total
            self._bar.refresh()
        if self._plain is not None:
            self._plain.total = total

    def update(self, n: int) -> None:
        if self._bar is not None:
            self._bar.update(n)
        elif self._plain is not None:
            self._plain.update(n)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
        elif self._plain is not None:
            self._plain.close()


def _write_page(file: IO[bytes], records: Iterable[SessionRecording]) -> int:
    lines = [record.model_dump_json(exclude_unset=True).encode() + b"\n" for record in records]
    file.writelines(lines)
    return len(lines)


async def _pages(
    client: AsyncClient, project_id: str, page_size: int, concurrency: int
) -> AsyncGenerator[Page[SessionRecording], None]:
    """Every page in order. With a known total, pages after the first are fetched by offset,
    `concurrency` at a time; otherwise the server's links are followed one page at a time."""
    recordings = client.session_recordings
    first = await recordings.list(project_id=project_id, limit=page_size)
    yield first
    if not first.has_next:
        return
    step = len(first.results)
    if first.count is None or concurrency == 1 or step == 0:
        page: Page[SessionRecording] | None = first
        while page is not None and page.has_next:
            page = await page.next_page()
            if page is not None:
                yield page
        return
    offsets = iter(range(step, first.count, step))
    window: deque[asyncio.Future[Page[SessionRecording]]] = deque()

    def fill() -> None:
        while len(window) < concurrency:
            offset = next(offsets, None)
            if offset is None:
                return
            pager = recordings.list(project_id=project_id, limit=step, offset=offset)
            window.append(asyncio.ensure_future(pager))

    try:
        fill()
        while window:
            page = await window.popleft()
            fill()
            yield page
    finally:
        for task in window:
            task.cancel()
        await asyncio.gather(*window, return_exceptions=True)


async def export_recordings(
    client: AsyncClient,
    *,
    project_id: str,
    out: Path,
    page_size: int = 500,
    concurrency: int = 4,
    progress_stream: TextIO | None = None,
) -> ExportResult:
    """Write every recording of `project_id` to `out`, one JSON object a line."""
    started = time.perf_counter()
    requests_before, retries_before = client.stats.requests, client.stats.retries
    out = out.resolve()  # noqa: ASYNC240 (a local path; no I/O worth a thread)
    temporary = out.with_name(f".{out.name}.{os.getpid()}.part")
    progress = _Progress(progress_stream)
    written = 0
    try:
        # Buffered local writes of one page at a time: cheaper inline than in a thread.
        with open(temporary, "wb") as file:  # noqa: ASYNC230
            pages = _pages(client, project_id, page_size, concurrency)
            try:
                async for page in pages:
                    if written == 0:
                        progress.set_total(page.count)
                    count = _write_page(file, page.results)
                    written += count
                    progress.update(count)
            finally:
                await pages.aclose()
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, out)
    finally:
        progress.close()
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()
    return ExportResult(
        out=out,
        written=written,
        seconds=time.perf_counter() - started,
        requests=client.stats.requests - requests_before,
        retries=client.stats.retries - retries_before,
    )
