"""`fake-server --throttle CLASS=N/SECONDS`: the throttle mode from the command line."""

from __future__ import annotations

import aiohttp
import pytest

from product_analytics.cli import main
from tests.cli.conftest import fake_server_process


async def test_fake_server_throttles_a_class_given_on_the_command_line() -> None:
    options = ("--recordings", "3", "--throttle", "recordings=2/60")
    async with fake_server_process(*options, "--throttle-retry-after", "floor") as server:
        info = server.info
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


def test_a_malformed_throttle_rate_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["fake-server", "--throttle", "recordings=many"])
    assert exited.value.code == 2
    assert "CLASS=N/SECONDS" in capsys.readouterr().err
