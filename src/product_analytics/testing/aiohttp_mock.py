"""`aioresponses` that can mock the installed aiohttp: `from product_analytics.testing import
aioresponses`.

aioresponses 0.7.9, the latest release, builds its fake responses in a way aiohttp 3.14
refuses (upstream pnuckowski/aioresponses#289; fixes proposed in #288 and #292):

- `ClientResponse.__init__` takes a required `stream_writer` since aiohttp 3.14, which
  aioresponses does not pass (`TypeError: ... missing 1 required keyword-only argument:
  'stream_writer'`);
- a mocked body over 128 KiB makes the body's reader pause a protocol that has no parser
  (`AssertionError`).

Whether the installed aioresponses can mock the installed aiohttp is found out once, by
trying it (a body of each kind, in a thread of its own): when it can, `aioresponses` here
is upstream's class itself and nothing is changed; when it cannot, it is a subclass that,
while started, has aioresponses build its responses with a `ClientResponse` that supplies a
`stream_writer` and a body reader that never pauses. Everything else is upstream's: user
tests written for aioresponses run unchanged but for the import.
"""

from __future__ import annotations

import asyncio
import inspect
import threading
from typing import Any
from unittest import mock

import aiohttp
import aioresponses.core as upstream
from yarl import URL

__all__ = ["UPSTREAM_WORKS", "aioresponses"]

_PROBE_URL = "http://aioresponses-probe.invalid/"
_LARGE_BODY = 2**17 + 1  # past the reader's high-water mark of 2 x 2**16 bytes


class _FinishedWriter:
    """What aiohttp reads of a response's `stream_writer`: the request is already out."""

    output_size = 0


class _ClientResponse(aiohttp.ClientResponse):
    """`aiohttp.ClientResponse` that supplies `stream_writer` when aiohttp requires one and
    it is not given."""

    def __init__(self, method: str, url: URL, **kwargs: Any) -> None:
        if _NEEDS_STREAM_WRITER:
            kwargs.setdefault("stream_writer", _FinishedWriter())
        super().__init__(method, url, **kwargs)


_NEEDS_STREAM_WRITER = "stream_writer" in inspect.signature(aiohttp.ClientResponse).parameters


class _NeverPaused:
    """The protocol a mocked body's reader reports to: the whole body is in memory, so
    pausing or resuming reading is nothing to do."""

    connected = True

    def pause_reading(self) -> None:
        pass

    def resume_reading(self, resume_parser: bool = True) -> None:
        pass


def _stream_reader(loop: Any = None) -> aiohttp.StreamReader:
    """A body reader for a mocked response, as aioresponses makes one, that never pauses."""
    return aiohttp.StreamReader(_NeverPaused(), limit=2**16, loop=loop)  # type: ignore[arg-type]


class _FixedAioresponses(upstream.aioresponses):
    """aioresponses, whose responses are built for the installed aiohttp while started."""

    def start(self) -> None:
        self.pa_patches: list[Any] = [
            mock.patch.object(upstream, "ClientResponse", _ClientResponse),
            mock.patch.object(upstream, "stream_reader_factory", _stream_reader),
        ]
        for patch in self.pa_patches:
            patch.start()
        super().start()

    def stop(self) -> None:
        try:
            super().stop()
        finally:
            for patch in reversed(self.pa_patches):
                patch.stop()


def _mocks(cls: type[upstream.aioresponses]) -> bool:
    """Whether `cls` answers a request of a session with a small and a large body, tried in
    a thread of its own (so that it works from inside a running event loop)."""
    result: list[bool] = []

    async def probe() -> bool:
        with cls() as mocked:
            mocked.get(_PROBE_URL, body=b"{}")
            mocked.get(_PROBE_URL, body=b"x" * _LARGE_BODY)
            async with aiohttp.ClientSession() as session:
                async with session.get(_PROBE_URL) as small:
                    ok = await small.read() == b"{}"
                async with session.get(_PROBE_URL) as large:
                    return ok and len(await large.read()) == _LARGE_BODY

    def run() -> None:
        try:
            result.append(asyncio.run(probe()))
        except Exception:
            result.append(False)

    thread = threading.Thread(target=run, name="aioresponses-probe")
    thread.start()
    thread.join()
    return result == [True]


UPSTREAM_WORKS = _mocks(upstream.aioresponses)
aioresponses: type[upstream.aioresponses] = (
    upstream.aioresponses if UPSTREAM_WORKS else _FixedAioresponses
)
