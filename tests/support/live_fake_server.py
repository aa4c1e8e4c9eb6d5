"""`FakeServer` in its live-shapes mode (`list_style="live"`, `live_quirks=True`) in the
foreground, as `product-analytics fake-server --port 0 --recordings 20` runs the default one
(its one JSON line on stdout once listening): the contract run's second server.

Run as `python -m tests.support.live_fake_server` from the repository's root.
"""

from __future__ import annotations

import asyncio

from product_analytics.testing.serve import serve_forever
from product_analytics.testing.server import FakeServer


def main() -> None:
    server = FakeServer(recordings=20, port=0, list_style="live", live_quirks=True)
    asyncio.run(serve_forever(server))


if __name__ == "__main__":
    main()
