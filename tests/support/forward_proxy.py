"""A real forward proxy on loopback for tests: proxy.py (from PyPI, a dev dependency), run in
a process of its own on a free port; its access log says which requests went through it."""

from __future__ import annotations

import contextlib
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

__all__ = ["ForwardProxy", "forward_proxy"]

START_TIMEOUT = 30.0


@dataclass
class ForwardProxy:
    """A running proxy.py: `url` to give a client, `log` its output."""

    url: str
    log: Path

    def requests(self) -> list[str]:
        """The access-log lines of the requests it forwarded (`GET host:port/path - 200 OK`,
        `CONNECT host:port` for a tunnel)."""
        return [line for line in self.log.read_text().splitlines() if "access_log" in line]

    def wait_for(self, text: str, timeout: float = 5.0) -> list[str]:
        """The access-log lines holding `text`, once there is one (the log is written after
        the answer is relayed)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = [line for line in self.requests() if text in line]
            if found:
                return found
            time.sleep(0.02)
        return []


@contextlib.contextmanager
def forward_proxy(directory: Path, *, basic_auth: str | None = None) -> Iterator[ForwardProxy]:
    """Run proxy.py on 127.0.0.1 for the block, its port file and log in `directory`; with
    `basic_auth` ("user:password") it answers 407 to a request without those credentials."""
    port_file, log = directory / "proxy.port", directory / "proxy.log"
    command = [
        sys.executable,
        "-m",
        "proxy",
        "--hostname",
        "127.0.0.1",
        "--port",
        "0",
        "--port-file",
        str(port_file),
        "--num-workers",
        "1",
        "--num-acceptors",
        "1",
        "--threaded",
    ]
    if basic_auth is not None:
        command += ["--basic-auth", basic_auth]
    with log.open("w") as output:
        process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT)
    try:
        port = _wait_for_port(port_file, process)
        yield ForwardProxy(f"http://127.0.0.1:{port}", log)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _wait_for_port(port_file: Path, process: subprocess.Popen[bytes]) -> int:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"proxy.py exited with status {process.returncode}")
        text = port_file.read_text().strip() if port_file.exists() else ""
        if text.isdigit():
            return int(text)
        time.sleep(0.05)
    raise RuntimeError("proxy.py did not start listening in time")
