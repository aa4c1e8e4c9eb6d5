"""A request the service refuses again and again, while nothing of its class gets through,
ends with `RateLimitError` instead of waiting up to the 15-minute throttle budget."""

from __future__ import annotations

import asyncio

import pytest

from product_analytics import AsyncClient, RateLimitError
from product_analytics.testing import MockTransport


async def test_a_get_refused_forever_ends_with_rate_limit_error_after_ten_refusals() -> None:
    sent: list[str] = []

    def refuse(request: object) -> tuple[int, dict[str, str], bytes]:
        sent.append(str(getattr(request, "url", "")))
        return 429, {"Retry-After": "0", "Content-Type": "application/json"}, b'{"detail": "x"}'

    async with AsyncClient(
        api_key="phx_test",
        base_url="http://api.test",
        max_retries=2,
        transport=MockTransport(refuse),
    ) as client:
        with pytest.raises(RateLimitError) as caught:
            await client.session_recordings.get(project_id=1, id="r1")
    assert caught.value.status_code == 429
    assert len(sent) == 10  # 10 refusals in a row, none of the class let through meanwhile
    # A Retry-After of 0 is waited as half a second: 5 s for the ten, not 15 minutes.
    assert client.stats.throttle_wait == pytest.approx(4.5, abs=0.6)


async def test_refusals_with_progress_in_between_do_not_count_towards_giving_up() -> None:
    calls = {"r1": 0}

    def handler(request: object) -> tuple[int, dict[str, str], bytes]:
        url = str(getattr(request, "url", ""))
        if "/r1/" in url:
            calls["r1"] += 1
            if calls["r1"] <= 12:  # refused 12 times, other recordings getting through
                return 429, {"Retry-After": "0.01"}, b"{}"
        return 200, {"Content-Type": "application/json"}, b'{"id": "x"}'

    async with AsyncClient(
        api_key="phx_test", base_url="http://api.test", transport=MockTransport(handler)
    ) as client:

        async def others() -> None:
            for _ in range(200):
                await client.session_recordings.get(project_id=1, id="r2")
                await asyncio.sleep(0.002)

        background = asyncio.ensure_future(others())
        found = await client.session_recordings.get(project_id=1, id="r1")
        await background
    assert found.id == "x"
    assert calls["r1"] == 13
