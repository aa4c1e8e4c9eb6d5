"""`RateLimit`: a rate as services publish theirs, at most `max_requests` in any `per` seconds.

A value, not a limiter: the client's throttle state (`_throttle`) enforces it as a moving
window (the `limits` library's), the way Django REST framework counts its throttles. The
window lasts a whole number of seconds, as the windows of a `limits` store do.
"""

from __future__ import annotations

from limits import RateLimitItem, RateLimitItemPerSecond

__all__ = ["RateLimit"]


class RateLimit:
    """At most `max_requests` requests in any window of `per` seconds (a whole number)."""

    __slots__ = ("max_requests", "per")

    def __init__(self, max_requests: int, per: float = 1.0) -> None:
        if isinstance(max_requests, bool) or not isinstance(max_requests, int):
            raise TypeError("max_requests must be an int")
        if max_requests < 1:
            raise ValueError("max_requests must be >= 1")
        if isinstance(per, bool) or not isinstance(per, (int, float)) or not per >= 1:
            raise ValueError("per must be a whole number of seconds >= 1")
        if not float(per).is_integer():
            raise ValueError("per must be a whole number of seconds (as services count them)")
        self.max_requests: int = max_requests
        self.per: float = float(per)

    def __repr__(self) -> str:
        return f"RateLimit({self.max_requests}, per={self.per:g})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RateLimit):
            return NotImplemented
        return (self.max_requests, self.per) == (other.max_requests, other.per)

    def __hash__(self) -> int:
        return hash((self.max_requests, self.per))

    def item(self, namespace: str) -> RateLimitItem:
        """This rate as a `limits` moving-window item whose keys start with `namespace`."""
        return RateLimitItemPerSecond(self.max_requests, int(self.per), namespace=namespace)
