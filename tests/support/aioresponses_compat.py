"""Makes aioresponses 0.7.9 work on aiohttp >= 3.14.

aiohttp 3.14 added a required keyword-only `stream_writer` argument to
`ClientResponse.__init__`; aioresponses 0.7.9 builds its fake responses without it and fails
with `ClientResponse.__init__() missing 1 required keyword-only argument: 'stream_writer'`
(upstream: pnuckowski/aioresponses#289). aiohttp 3.14 is a security release, so we keep it
and give aioresponses a `ClientResponse` subclass that supplies a stand-in writer when
aiohttp asks for one. Remove this module once a fixed aioresponses is released.
"""

from __future__ import annotations

import inspect
from typing import Any

import aioresponses.core
from aiohttp import ClientResponse
from yarl import URL

_NEEDS_STREAM_WRITER = "stream_writer" in inspect.signature(ClientResponse.__init__).parameters


class _FinishedStreamWriter:
    """What a response of an already sent request needs from its writer."""

    output_size = 0


class CompatClientResponse(ClientResponse):
    """`ClientResponse` that tolerates a missing `stream_writer` argument."""

    def __init__(self, method: str, url: URL, **kwargs: Any) -> None:
        if _NEEDS_STREAM_WRITER:
            kwargs.setdefault("stream_writer", _FinishedStreamWriter())
        super().__init__(method, url, **kwargs)


def install() -> None:
    """Make `CompatClientResponse` the response class aioresponses builds by default."""
    aioresponses.core.ClientResponse = CompatClientResponse  # type: ignore[misc]
