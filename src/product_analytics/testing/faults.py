"""Fault injection: make a share of requests fail, slow down, stall or lose their connection.

Faults are checked in the order they were added, for every request (unknown paths too),
before authentication. A fault applies to a request when its `path_prefix` (matched against
the decoded request path) and `methods` allow it and its `times` budget is not used up; for
each applicable fault one number is drawn from the seeded random source, and the fault fires
when that number is below its `rate`. So the same seed and the same order of requests give
the same decisions.

Firing `latency` faults add up and checking goes on; the first firing `error`, `drop` or
`stall` fault ends the check. An `error` or `drop` fault answers before the operation runs
(nothing changes). A `stall` fault lets the operation run, sends the headers and the first
`stall_after` bytes of the body (half of it when None), sleeps `delay` seconds and then sends
the rest.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from aiohttp import web
from aiohttp.typedefs import Handler, Middleware

from product_analytics.testing.errors import error_response

__all__ = ["Fault", "FaultDecision", "FaultKind", "Faults", "fault_middleware"]

FaultKind = Literal["error", "drop", "latency", "stall"]

# Request key: the kinds of the faults that fired for the request.
FAULTS_KEY: web.RequestKey[tuple[FaultKind, ...]] = web.RequestKey("product_analytics.faults")

_ERRORS: dict[int, tuple[str, str, str]] = {
    429: ("throttled_error", "throttled", "Request was throttled."),
    500: ("server_error", "error", "A server error occurred."),
    502: ("server_error", "bad_gateway", "Bad gateway."),
    503: ("server_error", "service_unavailable", "Service temporarily unavailable."),
    504: ("server_error", "gateway_timeout", "Gateway timeout."),
}


@dataclass(frozen=True)
class Fault:
    """One kind of trouble, for a share (`rate`, 0 to 1) of the requests it applies to.

    Build one with `Fault.error`, `Fault.rate_limit`, `Fault.drop`, `Fault.latency` or
    `Fault.stall`. `path_prefix` limits it to request paths starting with it; `methods` to
    those HTTP methods; `times` to that many firings (None: no limit).
    """

    kind: FaultKind
    rate: float = 1.0
    path_prefix: str | None = None
    methods: frozenset[str] | None = None
    times: int | None = None
    status: int = 503
    retry_after: float | str | None = None
    delay: float = 0.0
    stall_after: int | None = None

    def __post_init__(self) -> None:
        if not 0.0 <= self.rate <= 1.0:
            raise ValueError("rate must be between 0 and 1")
        if not 100 <= self.status <= 599:
            raise ValueError("status must be an HTTP status code")
        if self.delay < 0:
            raise ValueError("delay must be >= 0")
        if self.times is not None and self.times < 1:
            raise ValueError("times must be >= 1 or None")
        if self.stall_after is not None and self.stall_after < 0:
            raise ValueError("stall_after must be >= 0 or None")
        if self.methods is not None:
            object.__setattr__(self, "methods", frozenset(m.upper() for m in self.methods))

    @classmethod
    def error(
        cls,
        status: int = 503,
        *,
        rate: float = 1.0,
        retry_after: float | str | None = None,
        path_prefix: str | None = None,
        methods: Iterable[str] | None = None,
        times: int | None = None,
    ) -> Fault:
        """Answer `status` in the service's error shape (with `Retry-After` if given)."""
        return cls(
            kind="error",
            rate=rate,
            path_prefix=path_prefix,
            methods=_methods(methods),
            times=times,
            status=status,
            retry_after=retry_after,
        )

    @classmethod
    def rate_limit(
        cls,
        retry_after: float | str = 1,
        *,
        rate: float = 1.0,
        path_prefix: str | None = None,
        methods: Iterable[str] | None = None,
        times: int | None = None,
    ) -> Fault:
        """Answer 429 with `Retry-After: <retry_after>` (seconds, or an HTTP date string)."""
        return cls.error(
            429,
            rate=rate,
            retry_after=retry_after,
            path_prefix=path_prefix,
            methods=methods,
            times=times,
        )

    @classmethod
    def drop(
        cls,
        *,
        rate: float = 1.0,
        path_prefix: str | None = None,
        methods: Iterable[str] | None = None,
        times: int | None = None,
    ) -> Fault:
        """Close the connection without answering (the request body has been read)."""
        return cls(
            kind="drop",
            rate=rate,
            path_prefix=path_prefix,
            methods=_methods(methods),
            times=times,
        )

    @classmethod
    def latency(
        cls,
        seconds: float,
        *,
        rate: float = 1.0,
        path_prefix: str | None = None,
        methods: Iterable[str] | None = None,
        times: int | None = None,
    ) -> Fault:
        """Wait `seconds` before handling the request (may outlast a client's timeout)."""
        return cls(
            kind="latency",
            rate=rate,
            path_prefix=path_prefix,
            methods=_methods(methods),
            times=times,
            delay=seconds,
        )

    @classmethod
    def stall(
        cls,
        seconds: float,
        *,
        after_bytes: int | None = None,
        rate: float = 1.0,
        path_prefix: str | None = None,
        methods: Iterable[str] | None = None,
        times: int | None = None,
    ) -> Fault:
        """Send the headers and `after_bytes` of the body (default: half), wait `seconds`,
        then send the rest."""
        return cls(
            kind="stall",
            rate=rate,
            path_prefix=path_prefix,
            methods=_methods(methods),
            times=times,
            delay=seconds,
            stall_after=after_bytes,
        )

    def applies_to(self, method: str, path: str) -> bool:
        """Whether this fault's filters let it apply to `method` on `path`."""
        if self.path_prefix is not None and not path.startswith(self.path_prefix):
            return False
        return self.methods is None or method.upper() in self.methods


def _methods(methods: Iterable[str] | None) -> frozenset[str] | None:
    return None if methods is None else frozenset(m.upper() for m in methods)


@dataclass(frozen=True)
class FaultDecision:
    """What happens to one request: a total added delay and at most one ending fault."""

    delay: float = 0.0
    fault: Fault | None = None
    kinds: tuple[FaultKind, ...] = ()


@dataclass
class _Armed:
    fault: Fault
    remaining: int | None


@dataclass
class Faults:
    """The faults in force on a server, and how many of each kind fired (`injected`)."""

    seed: int | str = 0
    injected: Counter[str] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        self._armed: list[_Armed] = []
        self._rng = random.Random(self.seed)

    def add(self, fault: Fault) -> Fault:
        """Put `fault` in force (after those already added) and return it."""
        self._armed.append(_Armed(fault=fault, remaining=fault.times))
        return fault

    def remove(self, fault: Fault) -> None:
        """Take the first fault equal to `fault` out of force (ValueError if none is)."""
        for index, armed in enumerate(self._armed):
            if armed.fault == fault:
                del self._armed[index]
                return
        raise ValueError("fault not in force")

    def clear(self) -> None:
        """Take every fault out of force. The random source and `injected` are kept."""
        self._armed.clear()

    def reseed(self, seed: int | str) -> None:
        """Restart the random source from `seed`."""
        self.seed = seed
        self._rng = random.Random(seed)

    @property
    def active(self) -> tuple[Fault, ...]:
        """The faults in force, in order, including those whose `times` are used up."""
        return tuple(armed.fault for armed in self._armed)

    @property
    def injected_total(self) -> int:
        return sum(self.injected.values())

    def decide(self, method: str, path: str) -> FaultDecision:
        """Draw the faults of one request (see the module docstring) and count them."""
        delay = 0.0
        kinds: list[FaultKind] = []
        for armed in self._armed:
            if armed.remaining == 0 or not armed.fault.applies_to(method, path):
                continue
            if self._rng.random() >= armed.fault.rate:
                continue
            if armed.remaining is not None:
                armed.remaining -= 1
            self.injected[armed.fault.kind] += 1
            kinds.append(armed.fault.kind)
            if armed.fault.kind == "latency":
                delay += armed.fault.delay
                continue
            return FaultDecision(delay=delay, fault=armed.fault, kinds=tuple(kinds))
        return FaultDecision(delay=delay, fault=None, kinds=tuple(kinds))


def _error(fault: Fault) -> web.Response:
    type_, code, detail = _ERRORS.get(fault.status, ("server_error", "error", "Injected fault."))
    headers = None
    if fault.retry_after is not None:
        retry_after = fault.retry_after
        if isinstance(retry_after, float) and retry_after.is_integer():
            retry_after = int(retry_after)
        headers = {"Retry-After": str(retry_after)}
        if fault.status == 429 and not isinstance(retry_after, str):
            detail = f"Request was throttled. Expected available in {retry_after} seconds."
    return error_response(fault.status, type_, code, detail, None, headers)


def _drop(request: web.Request) -> web.Response:
    transport = request.transport
    if transport is not None:
        transport.abort()
    return web.Response(status=499)  # never sent: the connection is gone


async def _stall(
    request: web.Request, response: web.StreamResponse, fault: Fault
) -> web.StreamResponse:
    if not isinstance(response, web.Response) or not isinstance(response.body, bytes):
        await asyncio.sleep(fault.delay)
        return response
    body = response.body
    cut = len(body) // 2 if fault.stall_after is None else min(fault.stall_after, len(body))
    stream = web.StreamResponse(status=response.status, headers=response.headers)
    stream.content_length = len(body)
    await stream.prepare(request)
    with contextlib.suppress(ConnectionError):  # the client gave up: nothing more to send
        await stream.write(body[:cut])
        await asyncio.sleep(fault.delay)
        await stream.write(body[cut:])
    return stream


def fault_middleware(faults: Faults) -> Middleware:
    """An aiohttp middleware applying `faults` to every request."""

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        decision = faults.decide(request.method, request.path)
        if not decision.kinds:
            return await handler(request)
        request[FAULTS_KEY] = decision.kinds
        if decision.delay:
            await asyncio.sleep(decision.delay)
        fault = decision.fault
        if fault is None:
            return await handler(request)
        if fault.kind == "error":
            return _error(fault)
        if fault.kind == "drop":
            return _drop(request)
        return await _stall(request, await handler(request), fault)

    return middleware
