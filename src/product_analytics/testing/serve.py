"""Running a `FakeServer` in the foreground, for the `fake-server` command."""

from __future__ import annotations

import asyncio
import json
import shlex
import sys
from typing import Literal, TextIO

from product_analytics._sending.config import (
    API_KEY_ENV,
    BASE_URL_ENV,
    ORGANIZATION_ID_ENV,
    PROJECT_ID_ENV,
)
from product_analytics.testing.server import FakeServer

__all__ = ["serve_forever"]


async def serve_forever(
    server: FakeServer,
    *,
    out: TextIO | None = None,
    output_format: Literal["json", "shell"] = "json",
) -> None:
    """Start `server` (a `FakeServer` not yet started) and serve until cancelled (e.g. by
    Ctrl-C through `asyncio.run`); it is stopped on the way out.

    Once listening, writes to `out` (default stdout) and flushes it, with `output_format`
    "json", one line of JSON: `FakeServer.connection_info()` plus `"env"`, the environment
    variables a client and the command line read (`PRODUCT_ANALYTICS_BASE_URL`,
    `PRODUCT_ANALYTICS_API_KEY`, `PRODUCT_ANALYTICS_PROJECT_ID`,
    `PRODUCT_ANALYTICS_ORGANIZATION_ID`); with "shell", those variables alone, one
    `export NAME=VALUE` line each, quoted for a POSIX shell to `eval`.
    """
    async with server:
        env = {
            BASE_URL_ENV: server.base_url,
            API_KEY_ENV: server.api_key,
            PROJECT_ID_ENV: str(server.project_id),
            ORGANIZATION_ID_ENV: server.organization_id,
        }
        if output_format == "shell":
            text = "".join(f"export {name}={shlex.quote(value)}\n" for name, value in env.items())
        else:
            text = json.dumps({**server.connection_info(), "env": env}) + "\n"
        stream = out if out is not None else sys.stdout
        stream.write(text)
        stream.flush()
        await asyncio.Event().wait()
