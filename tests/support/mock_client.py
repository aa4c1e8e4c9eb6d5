"""Fixtures of the socket-free protocol tests: a client on a `MockTransport`, scripted
answers, and a recorder standing in for `asyncio.sleep` so that backoff and throttle waits take no
time and can be read back."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any

import pytest

from product_analytics import AsyncClient, RetryPolicy, TransportError
from product_analytics._transport.base import Request
from product_analytics.testing import MockTransport

API_KEY = "phx_UNIT_secret_key_0123456789abcdef"
BASE_URL = "http://api.test"
ORG = "org-1"
PROJECT = 7

Reply = tuple[int, dict[str, str], bytes] | Exception
Handler = Callable[[Request], Any]


def json_reply(
    payload: Any, status: int = 200, **headers: str
) -> tuple[int, dict[str, str], bytes]:
    """An answer with a JSON body."""
    return status, {"Content-Type": "application/json", **headers}, json.dumps(payload).encode()


def refused() -> TransportError:
    """Stands for a connection that never opened (the request was not sent)."""
    return TransportError("connection refused", request_sent=False)


def dropped() -> TransportError:
    """Stands for a connection that broke after the request was sent."""
    return TransportError("connection reset", request_sent=True)


def script(*replies: Reply) -> Handler:
    """A handler answering with `replies` in turn (an exception is raised), then the last
    one again."""
    queue = list(replies)

    def handler(request: Request) -> tuple[int, dict[str, str], bytes]:
        reply = queue.pop(0) if len(queue) > 1 else queue[0]
        if isinstance(reply, Exception):
            raise reply
        return reply

    return handler


class InFlight:
    """A handler that answers `reply(request)` after `delay` s and counts the requests it
    holds at once: `most` is the largest count seen."""

    def __init__(
        self, reply: Callable[[Request], tuple[int, dict[str, str], bytes]], delay: float
    ) -> None:
        self.reply, self.delay = reply, delay
        self.now = self.most = 0

    async def __call__(self, request: Request) -> tuple[int, dict[str, str], bytes]:
        self.now += 1
        self.most = max(self.most, self.now)
        try:
            await asyncio.sleep(self.delay)
        finally:
            self.now -= 1
        return self.reply(request)


class Sleeps(list[float]):
    """Every delay the SDK asked `asyncio.sleep` for (zero-second yields left out)."""


@pytest.fixture
def sleeps(monkeypatch: pytest.MonkeyPatch) -> Iterator[Sleeps]:
    """`asyncio.sleep` records its delay and returns at once (after one loop turn): backoff
    and throttle waits cost nothing, and the test reads them back."""
    recorded = Sleeps()
    real_sleep = asyncio.sleep

    async def fake_sleep(delay: float, result: Any = None) -> Any:
        if delay > 0:
            recorded.append(delay)
        await real_sleep(0)
        return result

    monkeypatch.setattr(asyncio, "sleep", fake_sleep)
    return recorded


MakeClient = Callable[..., Awaitable[tuple[AsyncClient, MockTransport]]]


@pytest.fixture
async def make_client() -> AsyncIterator[MakeClient]:
    """`await make_client(handler, **settings)`: a client on a `MockTransport` answering
    with `handler`, with zero backoff unless `retry_policy` is given; closed at the end."""
    clients: list[AsyncClient] = []

    async def make(handler: Handler, **settings: Any) -> tuple[AsyncClient, MockTransport]:
        transport = MockTransport(handler)
        settings.setdefault("retry_policy", RetryPolicy(initial_delay=0.0, max_delay=0.0))
        client = AsyncClient(api_key=API_KEY, base_url=BASE_URL, transport=transport, **settings)
        clients.append(client)
        return client, transport

    yield make
    for client in clients:
        await client.close()
