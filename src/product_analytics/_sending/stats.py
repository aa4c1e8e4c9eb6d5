"""`ClientStats`: the counters of one client family (`AsyncClient.stats`)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ClientStats"]


@dataclass
class ClientStats:
    """Counters of one client family: HTTP requests that reached a transport (redirect hops
    included), retries made, 429s answered and seconds spent waiting on throttles."""

    requests: int = 0
    retries: int = 0
    throttled: int = 0
    throttle_wait: float = 0.0
