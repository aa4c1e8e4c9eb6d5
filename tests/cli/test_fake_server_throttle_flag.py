"""`fake-server --throttle CLASS=N/SECONDS`: the throttle mode from the command line."""

from __future__ import annotations

import asyncio
import json
import signal
import sys

import aiohttp
import pytest

from product_analytics.cli import main


async def test_fake_server_throttles_a_class_given_on_the_command_line() -> None:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "product_analytics", "fake-server", "--port", "0",
        "--recordings", "3", "--throttle", "recordings=2/60", "--throttle-retry-after", "floor",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        info = json.loads(await asyncio.wait_for(process.stdout.readline(), 30))
        assert info["throttle"] == {"recordings": [[2, 60.0]]}
        url = f"{info['base_url']}/api/environments/{info['project_id']}/session_recordings/"
        headers = {"Authorization": f"Bearer {info['api_key']}"}
        statuses = []
        async with aiohttp.ClientSession() as session:
            for _ in range(3):
                async with session.get(url, headers=headers) as response:
                    statuses.append(response.status)
                    retry_after = response.headers.get("Retry-After")
        assert statuses == [200, 200, 429]
        assert retry_after is not None
        assert 58 <= int(retry_after) <= 59  # floor of the time left, under 60 s
    finally:
        process.send_signal(signal.SIGINT)
        await asyncio.wait_for(process.communicate(), 30)


def test_a_malformed_throttle_rate_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["fake-server", "--throttle", "recordings=many"])
    assert exited.value.code == 2
    assert "CLASS=N/SECONDS" in capsys.readouterr().err
