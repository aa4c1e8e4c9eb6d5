"""Pytest fixtures for testing code against a `FakeServer`.

Opt in from a `conftest.py`:

```python
pytest_plugins = ["product_analytics.testing.pytest_plugin"]
```

`fake_server` is a started `FakeServer(recordings=50, seed=0)`, one per test, stopped after
it. Needs pytest-asyncio.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from product_analytics.testing.server import FakeServer

__all__ = ["fake_server"]


@pytest_asyncio.fixture
async def fake_server() -> AsyncIterator[FakeServer]:
    """A started `FakeServer(recordings=50, seed=0)`, stopped after the test."""
    async with FakeServer(recordings=50, seed=0) as server:
        yield server
