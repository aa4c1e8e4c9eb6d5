"""Test helpers: `FakeServer`, an in-memory implementation of the service on loopback.

```python
from product_analytics.testing import FakeServer, Fault

async with FakeServer(recordings=100, seed=1) as server:
    server.faults.add(Fault.error(503, rate=0.2))
    ...  # point a client at server.base_url with server.api_key
```

The pytest fixture lives in `product_analytics.testing.pytest_plugin` (opt in with
`pytest_plugins`); it is not imported here. `aioresponses` is upstream's class, fixed where
the installed release cannot mock the installed aiohttp (`testing.aiohttp_mock`); it is
imported when first asked for, so that the rest works without aioresponses installed.
"""

from __future__ import annotations

from typing import Any

from product_analytics.testing.context import Context, Handler, ListStyle, Reply
from product_analytics.testing.faults import Fault, FaultDecision, FaultKind, Faults
from product_analytics.testing.mock_transport import MockTransport
from product_analytics.testing.observe import RequestRecord, ServerStats
from product_analytics.testing.pagination import DEFAULT_LIMIT, MAX_LIMIT
from product_analytics.testing.serve import serve_forever
from product_analytics.testing.server import FakeServer
from product_analytics.testing.throttle import SERVICE_RATES, RetryAfterRounding, Throttle

__all__ = [
    "DEFAULT_LIMIT",
    "Context",
    "Handler",
    "MAX_LIMIT",
    "Reply",
    "FakeServer",
    "Fault",
    "FaultDecision",
    "FaultKind",
    "Faults",
    "MockTransport",
    "ListStyle",
    "RequestRecord",
    "RetryAfterRounding",
    "SERVICE_RATES",
    "ServerStats",
    "Throttle",
    "aioresponses",
    "serve_forever",
]


def __getattr__(name: str) -> Any:
    if name == "aioresponses":
        from product_analytics.testing.aiohttp_mock import aioresponses

        return aioresponses
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
