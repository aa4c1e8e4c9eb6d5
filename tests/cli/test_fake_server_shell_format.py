"""`fake-server --format shell`: the connection settings as `export` lines a shell can eval."""

from __future__ import annotations

import asyncio
import re
import shlex
import signal
import sys


async def test_the_shell_format_prints_export_lines_a_shell_evaluates() -> None:
    command = [sys.executable, "-m", "product_analytics", "fake-server", "--port", "0"]
    server = await asyncio.create_subprocess_exec(
        *command, "--format", "shell", stdout=asyncio.subprocess.PIPE
    )
    try:
        assert server.stdout is not None
        lines = [(await asyncio.wait_for(server.stdout.readline(), 30)).decode() for _ in range(4)]
        names = [re.match(r"export (PRODUCT_ANALYTICS_\w+)=\S+\n$", line) for line in lines]
        assert [m[1] for m in names if m] == [
            "PRODUCT_ANALYTICS_BASE_URL",
            "PRODUCT_ANALYTICS_API_KEY",
            "PRODUCT_ANALYTICS_PROJECT_ID",
            "PRODUCT_ANALYTICS_ORGANIZATION_ID",
        ]
        python = shlex.quote(sys.executable)
        script = f'eval "$1"; {python} -m product_analytics roles list --max-items 1'
        pipe = asyncio.subprocess.PIPE
        shell = ["bash", "-c", script, "bash", "".join(lines)]
        client = await asyncio.create_subprocess_exec(*shell, stdout=pipe, stderr=pipe)
        out, err = await asyncio.wait_for(client.communicate(), 60)
        assert client.returncode == 0, err
        assert out.decode().startswith('{"id":')
    finally:
        server.send_signal(signal.SIGINT)
        await asyncio.wait_for(server.wait(), 30)
