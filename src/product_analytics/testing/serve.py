"""Running a `FakeServer` in the foreground, for the `fake-server` command."""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Mapping, Sequence
from typing import TextIO

from product_analytics._config import (
    API_KEY_ENV,
    BASE_URL_ENV,
    ORGANIZATION_ID_ENV,
    PROJECT_ID_ENV,
)
from product_analytics.testing.context import ListStyle
from product_analytics.testing.server import FakeServer
from product_analytics.testing.throttle import RetryAfterRounding

__all__ = ["serve_forever"]


async def serve_forever(
    port: int | None = None,
    recordings: int = 1000,
    seed: int = 0,
    host: str = "127.0.0.1",
    *,
    list_style: ListStyle = "described",
    live_quirks: bool = False,
    out: TextIO | None = None,
    throttle: Mapping[str, Sequence[tuple[int, float]]] | bool | None = None,
    throttle_retry_after: RetryAfterRounding = "ceil",
) -> None:
    """Serve until cancelled (e.g. by Ctrl-C through `asyncio.run`).

    Once listening, writes one line of JSON to `out` (default stdout) and flushes it:
    `FakeServer.connection_info()` plus `"env"`, the environment variables a client and the
    command line read (`PRODUCT_ANALYTICS_BASE_URL`, `PRODUCT_ANALYTICS_API_KEY`,
    `PRODUCT_ANALYTICS_PROJECT_ID`, `PRODUCT_ANALYTICS_ORGANIZATION_ID`). The request log keeps the
    last 1,000 requests. `throttle`, `throttle_retry_after`: as `FakeServer` takes them.
    """
    async with FakeServer(
        recordings=recordings,
        seed=seed,
        port=port,
        host=host,
        list_style=list_style,
        live_quirks=live_quirks,
        request_log_limit=1000,
        throttle=throttle,
        throttle_retry_after=throttle_retry_after,
    ) as server:
        info = server.connection_info()
        info["env"] = {
            BASE_URL_ENV: server.base_url,
            API_KEY_ENV: server.api_key,
            PROJECT_ID_ENV: str(server.project_id),
            ORGANIZATION_ID_ENV: server.organization_id,
        }
        stream = out if out is not None else sys.stdout
        stream.write(json.dumps(info) + "\n")
        stream.flush()
        await asyncio.Event().wait()
