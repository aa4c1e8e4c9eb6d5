"""A plain `aiohttp.web` server of pre-serialized recordings, run in its own process.

    python -m benchmarks.server --port 0 --recordings 100000

prints the port it listens on (one line, digits only) once it accepts connections, on
127.0.0.1 only. Routes:

- `GET /api/environments/{project_id}/session_recordings/{id}/`: one recording;
- `GET /api/environments/{project_id}/session_recordings/?limit=&offset=`: a page
  `{count, next, previous, results}` whose `next`/`previous` are absolute links.

Every body is built from bytes serialized at start-up, so the server spends its time in
aiohttp, not in JSON: it is not the bottleneck being measured. `ServerProcess` starts it as
a child process for the benchmark and stops it (also when the parent dies: the child exits
when its stdin closes).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import subprocess
import sys
import threading
from pathlib import Path
from types import TracebackType

from aiohttp import web

from benchmarks.data import index_of, page_body, recording_bytes

__all__ = ["ServerProcess", "make_app"]

ROOT = Path(__file__).resolve().parent.parent
MAX_LIMIT = 1_000
_NOT_FOUND = b'{"type":"invalid_request","code":"not_found","detail":"Not found."}'
_BAD_QUERY = b'{"type":"validation_error","code":"invalid_input","detail":"bad limit/offset"}'

BODIES: web.AppKey[list[bytes]] = web.AppKey("bodies", list)
LIST_DELAY: web.AppKey[float] = web.AppKey("list_delay", float)


def _json(body: bytes, status: int = 200) -> web.Response:
    return web.Response(body=body, status=status, content_type="application/json")


async def _retrieve(request: web.Request) -> web.Response:
    bodies = request.app[BODIES]
    index = index_of(request.match_info["id"])
    if index is None or index >= len(bodies):
        return _json(_NOT_FOUND, 404)
    return _json(bodies[index])


def _int_arg(request: web.Request, name: str, default: int) -> int:
    raw = request.query.get(name)
    if raw is None:
        return default
    if not raw.isdigit():
        raise ValueError(name)
    return int(raw)


async def _list(request: web.Request) -> web.Response:
    bodies = request.app[BODIES]
    delay = request.app[LIST_DELAY]
    if delay:
        await asyncio.sleep(delay)  # the live list endpoint's latency, without its CPU
    try:
        limit = min(_int_arg(request, "limit", 100), MAX_LIMIT)
        offset = _int_arg(request, "offset", 0)
    except ValueError:
        return _json(_BAD_QUERY, 400)
    if limit < 1:
        return _json(_BAD_QUERY, 400)
    base = f"{request.scheme}://{request.host}{request.path}?limit={limit}&offset="
    following = f"{base}{offset + limit}" if offset + limit < len(bodies) else None
    previous = f"{base}{max(0, offset - limit)}" if offset > 0 else None
    return _json(
        page_body(bodies, offset=offset, limit=limit, next_url=following, previous=previous)
    )


def make_app(recordings: int, list_delay: float = 0.0) -> web.Application:
    """The application serving recordings `0 .. recordings - 1` of `benchmarks.data`; each
    list page is answered `list_delay` seconds late."""
    app = web.Application()
    app[BODIES] = [recording_bytes(index) for index in range(recordings)]
    app[LIST_DELAY] = list_delay
    prefix = "/api/environments/{project_id}/session_recordings/"
    app.router.add_get(prefix, _list)
    app.router.add_get(prefix + "{id}/", _retrieve)
    return app


async def serve(
    port: int, recordings: int, *, exit_on_stdin_eof: bool, list_delay: float = 0.0
) -> None:
    """Serve on 127.0.0.1:`port` (0: any free port), print the port, run until stopped."""
    app = make_app(recordings, list_delay)
    runner = web.AppRunner(app, access_log=None, handle_signals=True)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", port, backlog=1024)
    await site.start()
    address = runner.addresses[0]
    print(address[1], flush=True)
    stop = asyncio.Event()
    if exit_on_stdin_eof:
        loop = asyncio.get_running_loop()

        def watch() -> None:
            sys.stdin.read()
            loop.call_soon_threadsafe(stop.set)

        threading.Thread(target=watch, daemon=True).start()
    try:
        await stop.wait()
    finally:
        await runner.cleanup()


class ServerProcess:
    """`with ServerProcess(recordings=n) as server:` a server child process on loopback.

    `server.base_url` is `http://127.0.0.1:<port>`; `server.pid` its process id (to read its
    CPU time). Leaving the block closes its stdin, which stops it, then waits for it.
    """

    def __init__(self, *, recordings: int, list_delay: float = 0.0) -> None:
        self.recordings = recordings
        self.list_delay = list_delay
        self._process: subprocess.Popen[str] | None = None
        self.port = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        if self._process is None:
            raise RuntimeError("the server is not running")
        return self._process.pid

    def __enter__(self) -> ServerProcess:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        command = [sys.executable, "-m", "benchmarks.server", "--port", "0"]
        command += ["--recordings", str(self.recordings), "--exit-on-stdin-eof"]
        if self.list_delay:
            command += ["--list-delay", repr(self.list_delay)]
        self._process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self._process.stdout is not None
        # Blocks until the server prints its port, or exits (an empty line).
        line = self._process.stdout.readline().strip()
        if not line.isdigit():
            self._stop()
            raise RuntimeError(f"the benchmark server did not start (printed {line!r})")
        self.port = int(line)
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self._stop()

    def _stop(self) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        with contextlib.suppress(OSError):
            if process.stdin is not None:
                process.stdin.close()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if process.stdout is not None:
            process.stdout.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.server", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--port", type=int, default=0, help="0: any free port (default)")
    parser.add_argument("--recordings", type=int, default=100_000)
    parser.add_argument("--exit-on-stdin-eof", action="store_true", help="stop when stdin closes")
    parser.add_argument("--list-delay", type=float, default=0.0, help="seconds before a page")
    args = parser.parse_args(argv)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(
            serve(
                args.port,
                args.recordings,
                exit_on_stdin_eof=args.exit_on_stdin_eof,
                list_delay=args.list_delay,
            )
        )


if __name__ == "__main__":
    main()
