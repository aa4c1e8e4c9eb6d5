"""Helpers of the export tests: a FakeServer with a hook on list requests, file readers."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from aiohttp import web
from aiohttp.typedefs import Handler

from product_analytics.testing import FakeServer
from product_analytics.testing.errors import error_response
from product_analytics.testing.timestamps import iso_z

# Called before the n-th (from 1) recordings-list request; a status answers it with that error.
ListHook = Callable[[int, web.Request], int | None]


class HookedFakeServer(FakeServer):
    """A FakeServer that calls `hook` before each recordings-list request it serves."""

    def __init__(self, *args: Any, hook: ListHook | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.hook = hook
        self.list_requests = 0

    def _app(self) -> web.Application:
        app = super()._app()

        @web.middleware
        async def on_list(request: web.Request, handler: Handler) -> web.StreamResponse:
            if request.method == "GET" and request.path.endswith("/session_recordings/"):
                self.list_requests += 1
                status = self.hook(self.list_requests, request) if self.hook else None
                if status is not None:
                    return error_response(status, "server_error", "error", "Hooked failure.")
            return await handler(request)

        app.middlewares.insert(0, on_list)
        return app

    def add_recording(self, start: datetime, *, first: bool = True) -> str:
        """A new recording starting at `start`, listed first (the newest) unless told."""
        env = self.store.environment(str(self.project_id))
        template = dict(next(iter(env.recordings.values())))
        recording_id = f"late-{len(env.recordings):06d}-{start.timestamp():.0f}"
        template.update(id=recording_id, start_time=iso_z(start), end_time=iso_z(start))
        if first:
            env.recordings = {recording_id: template, **env.recordings}
        else:
            env.recordings[recording_id] = template
        return recording_id


def ids_of(path: Path) -> list[str]:
    return [json.loads(line)["id"] for line in path.read_text().splitlines()]


def leftovers(folder: Path, out: Path) -> list[str]:
    """Files in `folder` other than `out`."""
    return sorted(p.name for p in folder.iterdir() if p != out)
