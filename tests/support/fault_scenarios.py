"""The reliability scenarios run against the FakeServer: a bulk fetch under mixed faults,
creates under faults, cancellation and shutdown, and a client-side rate limit.

Each scenario is a coroutine returning what it measured; the tests in this folder run them
at `make test` size and assert on the result, `scripts/soak.py` runs them bigger and prints
the figures. Every number is deterministic for a given seed on virtual time
(`tests/support/virtual_time.py`, which the fault soak's tests use): the FakeServer draws its
fault decisions from a seeded source, one per request in arrival order, and the client's
backoff jitter is seeded too. On real time, a loaded machine adds timeouts of its own.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web
from aiohttp.typedefs import Handler

from product_analytics import (
    ApiConnectionError,
    ApiStatusError,
    ApiTimeoutError,
    AsyncClient,
    BadRequestError,
    ClientClosedError,
    RateLimit,
)
from product_analytics.testing import FakeServer, Fault, RequestRecord
from tests.support.reliability import Figure, LeakProbe, client_tasks, fast_policy, wait_idle

__all__ = [
    "TYPED_FAILURES",
    "CreateCall",
    "CreateStormResult",
    "FaultSoakResult",
    "RateCheckedFakeServer",
    "RateResult",
    "ShutdownResult",
    "cancel_async_for_midway",
    "cancel_get_many_midway",
    "attempt_failed",
    "close_during_in_flight",
    "create_faults",
    "create_storm",
    "fault_soak",
    "max_in_window",
    "rate_limited_fetch",
    "soak_faults",
]

# -- 1. get_many under mixed faults ---------------------------------------------------------


def _share(total: float, kinds: int) -> float:
    """The rate of each of `kinds` independent faults so that `total` of requests get one."""
    return float(1.0 - (1.0 - total) ** (1.0 / kinds))


def soak_faults(
    total: float, timeout: float, *, refusal: int = 429, retry_after: float = 0.01
) -> list[Fault]:
    """503, 500, `refusal` (429, or a status in its place) with Retry-After, dropped
    connections, answers slower than `timeout` (late headers, and a body that stalls
    midway): `total` of the requests get one. Each 429 is a lone refusal, not a throttle:
    the requests around it go through."""
    rate = _share(total, 6)
    slow = timeout + 0.2
    return [
        Fault.error(503, rate=rate),
        Fault.error(500, rate=rate),
        Fault.error(refusal, retry_after=retry_after, rate=rate),
        Fault.drop(rate=rate),
        Fault.latency(slow, rate=rate),
        Fault.stall(slow, rate=rate),
    ]


def attempt_failed(record: RequestRecord) -> bool:
    """Whether the client saw this attempt fail: no answer, an error status, or an answer
    that came slower than the client's timeout (every latency and stall fault here is)."""
    if record.status is None or record.status >= 400:
        return True
    return any(kind in ("latency", "stall") for kind in record.faults)


@dataclass
class FaultSoakResult:
    """What a `fault_soak` measured."""

    cases: int
    returned_ids: list[str]
    expected_ids: list[str]
    error: BaseException | None
    requests: int  # attempts the client counted
    retries: int  # retries the client counted
    logged_requests: int  # requests in the server's log
    failed_attempts: int  # attempts the server log shows failing
    faulted_requests: int  # requests that got at least one fault
    faults_injected: Counter[str]
    seconds: float
    probe: LeakProbe
    throttled: int = 0  # 429s the client counted
    throttle_wait: float = 0.0  # seconds the client's requests waited on throttles, in all

    @property
    def lost(self) -> int:
        return len(set(self.expected_ids) - set(self.returned_ids))

    @property
    def duplicated(self) -> int:
        return len(self.returned_ids) - len(set(self.returned_ids))

    @property
    def misplaced(self) -> int:
        return sum(a != b for a, b in zip(self.returned_ids, self.expected_ids, strict=False))

    def figure(self, suite: str, *, failed: int = 0) -> Figure:
        """This soak as a row of the reliability figures."""
        return Figure(
            suite,
            cases=self.cases,
            faults=sum(self.faults_injected.values()),
            retries=self.retries,
            lost=self.lost,
            duplicated=self.duplicated,
            leaked=self.probe.leaked,
            failed=failed,
            seconds=self.seconds,
            note=f"faults {dict(self.faults_injected)}; {self.requests} attempts, "
            f"{self.failed_attempts} failed per the server log, {self.retries} retries",
        )


async def fault_soak(
    recordings: int,
    *,
    seed: int = 1,
    fault_rate: float = 0.2,
    # Only the injected slow answers (0.2 s longer) outlast it on virtual time, where the
    # tests run this soak to assert that the retries are the failed attempts the server
    # logged. On real time a process starved of the CPU for as long times out others too.
    timeout: float = 1.0,
    max_retries: int = 8,
    concurrency: int = 32,
    refusal: int = 429,
    retry_after: float = 0.01,
) -> FaultSoakResult:
    """`get_many` of every recording of a FakeServer injecting `fault_rate` mixed faults,
    a sixth of them lone `refusal`s (429s by default) with `retry_after`."""
    async with FakeServer(recordings=recordings, seed=seed, fault_seed=seed * 1000 + 7) as server:
        for fault in soak_faults(fault_rate, timeout, refusal=refusal, retry_after=retry_after):
            server.faults.add(fault)
        error: BaseException | None = None
        returned: list[str] = []
        async with LeakProbe(keep_records=False) as probe:
            started = time.perf_counter()
            async with AsyncClient(
                api_key=server.api_key,
                base_url=server.base_url,
                project_id=server.project_id,
                timeout=timeout,
                max_concurrency=concurrency,
                retry_policy=fast_policy(max_retries, seed),
            ) as client:
                try:
                    found = await client.session_recordings.get_many(ids=server.recording_ids)
                    returned = [str(recording.id) for recording in found]
                except Exception as exc:  # reported, and asserted on by the caller
                    error = exc
                    probe.scan_error(exc)
                probe.scan_text(repr(client))
            seconds = time.perf_counter() - started
            await wait_idle(server)
        log = server.requests
        return FaultSoakResult(
            cases=recordings,
            returned_ids=returned,
            expected_ids=list(server.recording_ids),
            error=error,
            requests=client.stats.requests,
            retries=client.stats.retries + client.stats.throttled,  # 429 waits included
            logged_requests=len(log),
            failed_attempts=sum(attempt_failed(record) for record in log),
            faulted_requests=sum(bool(record.faults) for record in log),
            faults_injected=Counter(server.faults.injected),
            seconds=seconds,
            probe=probe,
            throttled=client.stats.throttled,
            throttle_wait=client.stats.throttle_wait,
        )


# -- 2. creates under faults ----------------------------------------------------------------


TYPED_FAILURES = (ApiStatusError, ApiTimeoutError, ApiConnectionError)


def create_faults(total: float, timeout: float, prefix: str) -> list[Fault]:
    """On the POSTs under `prefix`: 500, 502, 503 (answered before the operation runs), 429
    with Retry-After (retried), dropped connections (before the operation runs) and answers
    that stall midway for longer than `timeout` (after the operation ran)."""
    rate = _share(total, 6)
    post = ("POST",)
    return [
        Fault.error(500, rate=rate, methods=post, path_prefix=prefix),
        Fault.error(502, rate=rate, methods=post, path_prefix=prefix),
        Fault.error(503, rate=rate, methods=post, path_prefix=prefix),
        Fault.rate_limit(retry_after=0.01, rate=rate, methods=post, path_prefix=prefix),
        Fault.drop(rate=rate, methods=post, path_prefix=prefix),
        Fault.stall(timeout + 0.3, after_bytes=10, rate=rate, methods=post, path_prefix=prefix),
    ]


@dataclass
class CreateCall:
    """One create: which kind, its unique name (domain or role name) and how it ended."""

    kind: str  # "proxy_record" or "role"
    name: str
    created_id: str | None = None
    error: BaseException | None = None


@dataclass
class CreateStormResult:
    """What a `create_storm` measured. `stored` and `dispatched` count, per name, the records
    in the server's state and the POSTs that reached the operation (past the faults)."""

    calls: list[CreateCall]
    stored: Counter[str]
    listed: Counter[str]
    dispatched: Counter[str]
    throttled: Counter[str]  # 429s answered, per name
    retries: int
    faults_injected: Counter[str]
    seconds: float
    probe: LeakProbe
    outcomes: Counter[str] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        for call in self.calls:
            self.outcomes[_outcome(call)] += 1

    @property
    def untyped(self) -> list[CreateCall]:
        """Failures that are not an ApiStatusError, ApiTimeoutError or ApiConnectionError."""
        return [c for c in self.calls if c.error is not None and not _typed(c.error)]

    @property
    def duplicated(self) -> list[str]:
        """Names stored or listed more than once, sent to the operation more than once, or
        refused as already taken (a resend of a create that had gone through)."""
        names = {
            n
            for counter in (self.stored, self.listed, self.dispatched)
            for n, count in counter.items()
            if count > 1
        }
        names.update(
            c.name
            for c in self.calls
            if isinstance(c.error, BadRequestError) and c.error.code == "unique"
        )
        return sorted(names)

    @property
    def lost(self) -> list[str]:
        """Creates that answered success but whose record is not in the server's state."""
        return [c.name for c in self.calls if c.created_id is not None and self.stored[c.name] != 1]

    @property
    def phantoms(self) -> list[str]:
        """Creates that failed with a status (5xx, 429) or a connection dropped before the
        operation ran, yet left a record."""
        return [
            c.name
            for c in self.calls
            if c.error is not None
            and not isinstance(c.error, ApiTimeoutError)
            and self.stored[c.name] != 0
        ]

    @property
    def timed_out_but_stored(self) -> int:
        """Stalled creates that timed out after the operation ran: stored once, as allowed."""
        return sum(
            1 for c in self.calls if isinstance(c.error, ApiTimeoutError) and self.stored[c.name]
        )

    def figure(self, suite: str) -> Figure:
        """This storm as a row of the reliability figures; untyped failures count as failed."""
        return Figure(
            suite,
            cases=len(self.calls),
            faults=sum(self.faults_injected.values()),
            retries=self.retries,
            lost=len(self.lost) + len(self.phantoms),
            duplicated=len(self.duplicated),
            leaked=self.probe.leaked,
            failed=len(self.untyped),
            seconds=self.seconds,
            note=", ".join(f"{k} {v}" for k, v in sorted(self.outcomes.items()))
            + f"; {self.timed_out_but_stored} timed out after being stored (once)",
        )


def _typed(error: BaseException) -> bool:
    return isinstance(error, TYPED_FAILURES)


def _outcome(call: CreateCall) -> str:
    if call.error is None:
        return "created"
    return type(call.error).__name__


async def create_storm(
    count: int,
    *,
    seed: int = 2,
    fault_rate: float = 0.2,
    timeout: float = 0.3,
    max_retries: int = 3,
    concurrency: int = 16,
) -> CreateStormResult:
    """`count` creates, alternately proxy records and roles (unique domains and names),
    against a FakeServer injecting `fault_rate` faults on them."""
    async with FakeServer(recordings=0, seed=seed, fault_seed=seed * 1000 + 13) as server:
        organization = server.organization_id
        prefix = f"/api/organizations/{organization}/"
        for fault in create_faults(fault_rate, timeout, prefix):
            server.faults.add(fault)
        calls = [
            CreateCall("proxy_record", f"soak-{seed}-{i}.example.com")
            if i % 2 == 0
            else CreateCall("role", f"soak role {seed}-{i}")
            for i in range(count)
        ]
        gate = asyncio.Semaphore(concurrency)
        async with LeakProbe(keep_records=False) as probe:
            started = time.perf_counter()
            async with AsyncClient(
                api_key=server.api_key,
                base_url=server.base_url,
                organization_id=organization,
                timeout=timeout,
                max_concurrency=concurrency,
                retry_policy=fast_policy(max_retries, seed),
            ) as client:

                async def create(call: CreateCall) -> None:
                    async with gate:
                        try:
                            if call.kind == "proxy_record":
                                record = await client.proxy_records.create(domain=call.name)
                                call.created_id = str(record.id)
                            else:
                                role = await client.roles.create(name=call.name)
                                call.created_id = str(role.id)
                        except Exception as exc:  # classified by the result
                            call.error = exc
                            probe.scan_error(exc)

                await asyncio.gather(*(create(call) for call in calls))
                seconds = time.perf_counter() - started
                await wait_idle(server)
                server.faults.clear()
                listed: Counter[str] = Counter()
                async for record in client.proxy_records.list(limit=1000):
                    listed[str(record.domain)] += 1
                async for role in client.roles.list(limit=1000):
                    listed[str(role.name)] += 1
                probe.scan_text(repr(client))
        state = server.store.organizations[organization]
        stored = Counter(str(r["domain"]) for r in state.proxy_records.values())
        stored.update(str(r["name"]) for r in state.roles.values())
        dispatched: Counter[str] = Counter()
        throttled: Counter[str] = Counter()
        for logged in server.requests:
            body = logged.body if isinstance(logged.body, dict) else {}
            name = str(body.get("domain") or body.get("name"))
            if logged.operation_id in ("proxy_records_create", "roles_create"):
                dispatched[name] += 1
            if logged.method == "POST" and logged.status == 429:
                throttled[name] += 1
        names = {call.name for call in calls}
        return CreateStormResult(
            calls=calls,
            stored=Counter({n: c for n, c in stored.items() if n in names}),
            listed=Counter({n: c for n, c in listed.items() if n in names}),
            dispatched=dispatched,
            throttled=throttled,
            retries=client.stats.retries + client.stats.throttled,  # 429 waits included
            faults_injected=Counter(server.faults.injected),
            seconds=seconds,
            probe=probe,
        )


# -- 3. cancellation and shutdown -----------------------------------------------------------


@dataclass
class ShutdownResult:
    """What a cancellation or shutdown scenario found."""

    outcome: str  # how the interrupted call ended: "cancelled", an error class name, "done"
    sent_before: int  # requests the server had seen when the call was interrupted
    sent_after: int  # requests the server saw after the call ended (should be 0)
    after_close: list[str]  # how each use of the closed client ended
    probe: LeakProbe
    pending_before_close: int = 0  # client tasks still running before close()

    @property
    def leaked(self) -> int:
        return self.probe.leaked + self.sent_after


async def _until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError("the condition was not reached in time")
        await asyncio.sleep(0.005)


async def _pending_client_tasks() -> int:
    """Client tasks still running once the loop has turned a few times (long enough for an
    abandoned async generator to be closed)."""
    for _ in range(5):
        await asyncio.sleep(0)
    return len(client_tasks())


async def _use_after_close(client: AsyncClient, server: FakeServer) -> list[str]:
    """Call the closed client every way: each must raise ClientClosedError."""
    attempts: list[Callable[[], Any]] = [
        lambda: client.session_recordings.get(id=server.recording_ids[0]),
        lambda: client.session_recordings.get_many(ids=server.recording_ids[:3]),
        lambda: client.session_recordings.list(limit=5),
        lambda: client.roles.create(organization_id=server.organization_id, name="late"),
        lambda: client.__aenter__(),
    ]
    outcomes = []
    for attempt in attempts:
        try:
            await attempt()
        except ClientClosedError:
            outcomes.append("ClientClosedError")
        except Exception as exc:
            outcomes.append(f"{type(exc).__name__}: {exc}")
        else:
            outcomes.append("no error")
    return outcomes


def _client(server: FakeServer, **kwargs: Any) -> AsyncClient:
    return AsyncClient(
        api_key=server.api_key,
        base_url=server.base_url,
        project_id=server.project_id,
        timeout=5.0,
        retry_policy=fast_policy(2),
        **kwargs,
    )


async def cancel_get_many_midway(
    recordings: int = 5000, *, latency: float = 0.002
) -> ShutdownResult:
    """Cancel a `get_many` of `recordings` once about a fifth has been requested."""
    async with FakeServer(recordings=recordings, seed=3) as server:
        server.faults.add(Fault.latency(latency))
        async with LeakProbe(keep_records=False) as probe:
            client = _client(server)
            task = asyncio.ensure_future(
                client.session_recordings.get_many(ids=server.recording_ids)
            )
            await _until(lambda: len(server.requests) >= recordings // 5)
            task.cancel()
            outcome = await _ending(task)
            pending = await _pending_client_tasks()
            sent_before = len(server.requests) + server.stats.in_flight
            await asyncio.sleep(0.05)
            await wait_idle(server)
            sent_after = len(server.requests) - sent_before
            await client.close()
            after_close = await _use_after_close(client, server)
        return ShutdownResult(outcome, sent_before, max(sent_after, 0), after_close, probe, pending)


async def cancel_async_for_midway(
    recordings: int = 600, *, latency: float = 0.01
) -> ShutdownResult:
    """Cancel a task walking every recording with `async for` (pages of 50) in its fourth
    page, while the next page is being prefetched."""
    async with FakeServer(recordings=recordings, seed=4) as server:
        server.faults.add(Fault.latency(latency))
        async with LeakProbe(keep_records=False) as probe:
            client = _client(server)
            seen: list[str] = []
            reached = asyncio.Event()

            async def walk() -> None:
                async for recording in client.session_recordings.list(limit=50):
                    seen.append(str(recording.id))
                    if len(seen) == 170:
                        reached.set()
                        await asyncio.sleep(10)  # cancelled here, mid-page

            task = asyncio.ensure_future(walk())
            await asyncio.wait_for(reached.wait(), 10)
            task.cancel()
            outcome = await _ending(task)
            pending = await _pending_client_tasks()
            await asyncio.sleep(latency * 3)
            await wait_idle(server)
            sent_before = len(server.requests)
            await asyncio.sleep(0.05)
            sent_after = len(server.requests) - sent_before
            await client.close()
            after_close = await _use_after_close(client, server)
        if seen != server.recording_ids[: len(seen)]:
            outcome += " (items out of order)"
        return ShutdownResult(outcome, sent_before, sent_after, after_close, probe, pending)


async def close_during_in_flight(
    recordings: int = 2000, *, latency: float = 0.05
) -> ShutdownResult:
    """Close the client while a `get_many` and an `async for` have requests in flight, and
    while a retry waits out its backoff: each ends with ClientClosedError."""
    async with FakeServer(recordings=recordings, seed=5) as server:
        server.faults.add(Fault.latency(latency))
        async with LeakProbe(keep_records=False) as probe:
            client = _client(server, max_concurrency=16)
            bulk = asyncio.ensure_future(
                client.session_recordings.get_many(ids=server.recording_ids)
            )

            async def walk() -> int:
                return len([r async for r in client.session_recordings.list(limit=20)])

            paging = asyncio.ensure_future(walk())
            await _until(lambda: server.stats.in_flight >= 8)
            await client.close()
            outcomes = [await _ending(bulk), await _ending(paging)]
            sent_before = len(server.requests) + server.stats.in_flight
            await wait_idle(server)
            await asyncio.sleep(0.05)
            sent_after = len(server.requests) - sent_before
            after_close = await _use_after_close(client, server)
        outcome = outcomes[0] if len(set(outcomes)) == 1 else "/".join(outcomes)
        return ShutdownResult(outcome, sent_before, max(sent_after, 0), after_close, probe)


async def _ending(task: asyncio.Future[Any]) -> str:
    """How `task` ended: "cancelled", the class of its exception, or "done"."""
    try:
        await asyncio.wait_for(asyncio.shield(task), 10)
    except asyncio.CancelledError:
        if not task.cancelled():
            raise
        return "cancelled"
    except Exception as exc:
        return type(exc).__name__
    return "done"


# -- 4. a client-side rate limit ------------------------------------------------------------


class RateCheckedFakeServer(FakeServer):
    """A FakeServer that notes when each request arrives and, when `limit` is set, answers
    429 (`Retry-After: retry_after`) to a request arriving while `limit` others already
    arrived within the last `window` seconds, as a rate-limited service does."""

    def __init__(
        self,
        *args: Any,
        limit: int | None = None,
        window: float = 1.0,
        retry_after: float = 0.05,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.limit = limit
        self.window = window
        self.retry_after = retry_after
        self.arrivals: list[float] = []
        self.throttled = 0
        self._recent: deque[float] = deque()

    def _app(self) -> web.Application:
        app = super()._app()

        @web.middleware
        async def rate_check(request: web.Request, handler: Handler) -> web.StreamResponse:
            now = time.monotonic()
            self.arrivals.append(now)
            while self._recent and self._recent[0] <= now - self.window:
                self._recent.popleft()
            if self.limit is not None and len(self._recent) >= self.limit:
                self.throttled += 1
                return web.json_response(
                    {"type": "throttled_error", "code": "throttled", "detail": "Slow down."},
                    status=429,
                    headers={"Retry-After": str(self.retry_after)},
                )
            self._recent.append(now)
            return await handler(request)

        app.middlewares.insert(0, rate_check)
        return app


def max_in_window(times: list[float], window: float) -> int:
    """The most of `times` falling in any half-open interval `window` seconds long."""
    ordered = sorted(times)
    most = 0
    start = 0
    for end, at in enumerate(ordered):
        while ordered[start] <= at - window:
            start += 1
        most = max(most, end - start + 1)
    return most


@dataclass
class RateResult:
    """What a `rate_limited_fetch` measured."""

    fetched: int
    errors: Counter[str]
    arrivals: list[float]
    throttled: int  # 429s the server answered
    retries: int
    seconds: float


async def rate_limited_fetch(
    recordings: int,
    *,
    rate_limit: RateLimit | None,
    server_limit: int | None,
    server_window: float,
    max_retries: int = 0,
) -> RateResult:
    """`get_many` of `recordings` through a client with `rate_limit` (or none) against a
    server answering 429 above `server_limit` requests per `server_window` seconds."""
    server = RateCheckedFakeServer(
        recordings=recordings, seed=6, limit=server_limit, window=server_window
    )
    async with server:
        started = time.perf_counter()
        async with AsyncClient(
            api_key=server.api_key,
            base_url=server.base_url,
            project_id=server.project_id,
            timeout=5.0,
            retry_policy=fast_policy(max_retries),
            rate_limit=rate_limit,
        ) as client:
            found = await client.session_recordings.get_many(
                ids=server.recording_ids, return_exceptions=True
            )
        seconds = time.perf_counter() - started
        errors = Counter(type(item).__name__ for item in found if isinstance(item, Exception))
        return RateResult(
            fetched=sum(not isinstance(item, Exception) for item in found),
            errors=errors,
            arrivals=list(server.arrivals),
            throttled=server.throttled,
            retries=client.stats.retries + client.stats.throttled,  # 429 waits included
            seconds=seconds,
        )
