"""Pytest fixtures for testing code against a `FakeServer`, with no asyncio set-up needed.

Install with `pip install 'product-analytics-sdk[testing]'` (brings pytest and pytest-asyncio)
and opt in from the top-level `conftest.py` of your tests:

```python
pytest_plugins = ["product_analytics.testing.pytest_plugin"]
```

Then `async def test_...` functions run on an asyncio event loop, and the `fake_server`
fixture gives a started `FakeServer(recordings=50, seed=0)`, one per test, stopped after it.
Nothing needs configuring in your project: no `asyncio_mode`, no markers.

How: the plugin marks every `async def` test it collects with `pytest.mark.asyncio`, which
pytest-asyncio runs in any mode (its default "strict" mode included). A test or module that
already carries an `asyncio`, `anyio` or `trio` marker is left as it is, so tests of other
async frameworks keep working. When your configuration does not set
`asyncio_default_fixture_loop_scope`, pytest-asyncio's warning asking you to set it is
silenced (each async fixture then runs on its own scope's loop, as it does by default); set
it to choose otherwise. Your own async fixtures take `@pytest_asyncio.fixture`, as
pytest-asyncio's strict mode asks, unless you set `asyncio_mode = "auto"`.
"""

from __future__ import annotations

import inspect
import warnings
from collections.abc import AsyncIterator

import pytest

try:
    import pytest_asyncio
except ImportError as _missing:  # pragma: no cover - depends on the user's environment
    raise ImportError(
        "product_analytics.testing.pytest_plugin needs pytest-asyncio: "
        "pip install 'product-analytics-sdk[testing]'"
    ) from _missing

from product_analytics.testing.server import FakeServer

__all__ = ["fake_server", "pytest_configure", "pytest_pycollect_makeitem"]

# Markers of async test runners: a test carrying one is theirs, not marked for asyncio.
_ASYNC_RUNNER_MARKERS = ("asyncio", "anyio", "trio")

_LOOP_SCOPE_UNSET = r'The configuration option "asyncio_default_fixture_loop_scope" is unset'


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """Before pytest-asyncio configures itself: with no fixture loop scope configured, its
    request to configure one is not shown (nor turned into an error by `-W error`)."""
    if not config.getini("asyncio_default_fixture_loop_scope"):
        warnings.filterwarnings(
            "ignore", message=_LOOP_SCOPE_UNSET, category=pytest.PytestDeprecationWarning
        )


def _has_runner_marker(node: pytest.Collector, obj: object) -> bool:
    own = getattr(obj, "pytestmark", [])
    names = {mark.name for mark in (own if isinstance(own, list) else [own])}
    return any(
        name in names or node.get_closest_marker(name) is not None for name in _ASYNC_RUNNER_MARKERS
    )


@pytest.hookimpl(tryfirst=True)
def pytest_pycollect_makeitem(
    collector: pytest.Module | pytest.Class, name: str, obj: object
) -> None:
    """Mark an unmarked `async def` test with `pytest.mark.asyncio` before it is collected.

    Returns None, so that pytest (and pytest-asyncio) go on to collect it as usual.
    """
    if (
        inspect.iscoroutinefunction(obj)
        and collector.istestfunction(obj, name)
        and not _has_runner_marker(collector, obj)
    ):
        pytest.mark.asyncio(obj)


@pytest_asyncio.fixture
async def fake_server() -> AsyncIterator[FakeServer]:
    """A started `FakeServer(recordings=50, seed=0)`, stopped after the test."""
    async with FakeServer(recordings=50, seed=0) as server:
        yield server
