"""The aioresponses shim keeps transport-level mocking working on aiohttp >= 3.14."""

import aiohttp
from aioresponses import aioresponses

from tests.support.aioresponses_compat import CompatClientResponse


async def test_aioresponses_answers_a_mocked_request_through_the_shim() -> None:
    with aioresponses() as mocked:
        mocked.get("http://api.test/a/", status=201, payload={"a": 1}, headers={"X-Y": "z"})
        async with aiohttp.ClientSession() as session, session.get("http://api.test/a/") as r:
            assert isinstance(r, CompatClientResponse)
            assert r.status == 201
            assert r.headers["X-Y"] == "z"
            assert await r.json() == {"a": 1}


async def test_aioresponses_mock_records_the_request_it_answered() -> None:
    with aioresponses() as mocked:
        mocked.post("http://api.test/b/", body=b"plain")
        async with (
            aiohttp.ClientSession() as session,
            session.post("http://api.test/b/", json={"x": 1}) as response,
        ):
            assert await response.read() == b"plain"
        [(method, url)] = list(mocked.requests)
        assert method == "POST"
        assert str(url) == "http://api.test/b/"
