"""`RateLimit`: a rate as services publish theirs, at most `max_requests` in any `per` seconds,
enforced by the throttle state (`_throttle`) as a `limits` moving window, as DRF counts."""

from __future__ import annotations

from dataclasses import dataclass

from limits import RateLimitItem, RateLimitItemPerSecond

__all__ = ["RateLimit"]


@dataclass(frozen=True, slots=True, repr=False)
class RateLimit:
    """At most `max_requests` (an int >= 1) requests in any window of `per` seconds (a whole
    number >= 1); anything else is a `TypeError` or `ValueError`."""

    max_requests: int
    per: float = 1.0

    def __post_init__(self) -> None:
        count, per = self.max_requests, self.per
        if isinstance(count, bool) or not isinstance(count, int):
            raise TypeError("max_requests must be an int")
        if count < 1:
            raise ValueError("max_requests must be >= 1")
        if isinstance(per, bool) or not isinstance(per, (int, float)) or not per >= 1:
            raise ValueError("per must be a whole number of seconds >= 1")
        if not float(per).is_integer():
            raise ValueError("per must be a whole number of seconds (as services count them)")
        object.__setattr__(self, "per", float(per))

    def __repr__(self) -> str:
        return f"RateLimit({self.max_requests}, per={self.per:g})"

    def item(self, namespace: str) -> RateLimitItem:
        """This rate as a `limits` moving-window item whose keys start with `namespace`."""
        return RateLimitItemPerSecond(self.max_requests, int(self.per), namespace=namespace)
