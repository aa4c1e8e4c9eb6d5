"""`FakeServer`: the fake service on loopback, its lifecycle and what tests read from it."""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from aiohttp import web

from product_analytics._generated import operations as _operations
from product_analytics._spec.operation import Operation
from product_analytics.testing.auth import issue_key
from product_analytics.testing.context import Handler, ListStyle, Options
from product_analytics.testing.dispatch import Dispatcher
from product_analytics.testing.faults import Faults, fault_middleware
from product_analytics.testing.handlers import HANDLERS
from product_analytics.testing.observe import (
    RequestRecord,
    ServerStats,
    error_middleware,
    observe_middleware,
)
from product_analytics.testing.seed import seed_store
from product_analytics.testing.state import Json, Store
from product_analytics.testing.throttle import RetryAfterRounding, Throttle, ThrottleState

__all__ = ["FakeServer"]

# The longest request line (method, path and query) the server reads.
MAX_REQUEST_LINE = 1024 * 1024


class FakeServer:
    """An in-memory implementation of the service's operations, served over HTTP.

    ```python
    async with FakeServer(recordings=50, seed=0) as server:
        server.base_url, server.api_key, server.project_id
    ```

    - `recordings`: how many recordings the seed puts in the project `project_id`.
    - `seed`: fixes every seeded id, token and value (see `seed.seed_store`), the keys, and
      (unless `fault_seed` is given) the fault decisions.
    - `port`: the port on `host` to listen on; None picks a free one.
    - `list_style`, `live_quirks`: answer like the live service where it differs from the
      description (see `context.Options`); `empty_answers`: answer the AI helpers and the
      session property definitions with no body, as the description does.
    - `request_log_limit`: keep only the last that many `requests` (None: all). `stats`
      holds the request log, the in-flight gauge and the handlers' crashes.
    - `shutdown_timeout`: seconds `stop()` waits for requests still running before
      cancelling them.
    - `throttle`: off by default. `True` applies the live service's rates per API key
      (`recordings`: 240/min and 1,200/hour; `crud`: 480/min and 4,800/hour; `listing`,
      which the recordings list also counts against: the paid plan's 60/min and 300/hour);
      a mapping such as `{"recordings": [(40, 10.0)]}` sets each class's windows as
      `(requests, seconds)` (classes left out are not throttled); or a `Throttle`. DRF
      semantics (see `testing.throttle`): sliding windows per key and class, 429 with
      `Retry-After` in whole seconds until one slot reopens, rounded up, or down with
      `throttle_retry_after="floor"`. `throttle_clock` replaces `time.monotonic`.
      `throttle_429s` counts the 429s answered so (`throttle_429s_by_class` per class).

    The seeded facts (`organization_id`, `project_id`, ...) are readable before `start()`;
    `base_url` is known once started.
    """

    def __init__(
        self,
        recordings: int = 50,
        seed: int = 0,
        port: int | None = None,
        host: str = "127.0.0.1",
        *,
        list_style: ListStyle = "described",
        live_quirks: bool = False,
        empty_answers: bool = False,
        fault_seed: int | str | None = None,
        request_log_limit: int | None = None,
        shutdown_timeout: float = 1.0,
        throttle: Throttle | Mapping[str, Sequence[tuple[int, float]]] | bool | None = None,
        throttle_retry_after: RetryAfterRounding = "ceil",
        throttle_clock: Callable[[], float] | None = None,
    ) -> None:
        if list_style not in ("described", "live"):
            raise ValueError("list_style must be 'described' or 'live'")
        seeded = seed_store(seed, recordings)
        self.store: Store = seeded.store
        self.options: Options = Options(
            list_style=list_style, live_quirks=live_quirks, empty_answers=empty_answers
        )
        self.faults: Faults = Faults(seed=seed if fault_seed is None else fault_seed)
        self.host: str = host
        self.user_id: int = seeded.user_id
        self.organization_ids: list[str] = list(seeded.organization_ids)
        self.organization_id: str = seeded.organization_ids[0]
        self.project_ids: list[int] = list(seeded.project_ids)
        self.project_id: int = seeded.project_ids[0]
        self.playlist_short_id: str = seeded.playlist_short_id
        self.recording_ids: list[str] = list(seeded.recording_ids)
        self.api_key: str = issue_key(self.store, ["*"], self.user_id)
        self._requested_port = port
        self._shutdown_timeout = shutdown_timeout
        self.stats: ServerStats = ServerStats(log_limit=request_log_limit)
        settings = Throttle.of(throttle, throttle_retry_after, throttle_clock)
        self.throttle: ThrottleState | None = None if settings is None else ThrottleState(settings)
        self._runner: web.AppRunner | None = None
        self._port: int | None = None
        self._handlers: dict[str, Handler] = dict(HANDLERS)
        self._answers = 0

    # -- lifecycle ---------------------------------------------------------------------

    def _app(self) -> web.Application:
        dispatcher = Dispatcher(
            operations=self.operations,
            handlers=self._handlers,
            store=self.store,
            options=self.options,
            origin=lambda: self.base_url,
            throttle=None if self.throttle is None else self.throttle.check,
        )
        app = web.Application(
            middlewares=[
                observe_middleware(self.stats),
                fault_middleware(self.faults),
                error_middleware(self.stats.internal_errors.append),
            ]
        )
        app.router.add_route("*", "/{tail:.*}", dispatcher.handle)
        app.on_response_prepare.append(self._add_request_id)
        return app

    async def _add_request_id(self, request: web.Request, response: web.StreamResponse) -> None:
        """Every answer carries `X-Request-Id`, as the service's do: `req-` and a number
        counting the server's answers from 1 (a fixed sequence, for tests)."""
        self._answers += 1
        response.headers["X-Request-Id"] = f"req-{self._answers:08d}"

    def _socket(self) -> socket.socket:
        family = socket.AF_INET6 if ":" in self.host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((self.host, self._requested_port or 0))
            sock.setblocking(False)
        except BaseException:
            sock.close()
            raise
        return sock

    async def start(self) -> None:
        """Listen on `host` (and `port`, or a free one). RuntimeError if already started."""
        if self._runner is not None:
            raise RuntimeError("FakeServer is already running")
        runner = web.AppRunner(
            self._app(),
            handle_signals=False,
            access_log=None,
            handler_cancellation=True,
            shutdown_timeout=self._shutdown_timeout,
            # A long query (JSON-encoded filters) reaches the handlers, which answer in the
            # service's error shape, instead of aiohttp's plain-text 400 at 8,190 bytes.
            max_line_size=MAX_REQUEST_LINE,
        )
        await runner.setup()
        try:
            sock = self._socket()
            self._port = sock.getsockname()[1]
            await web.SockSite(runner, sock, backlog=1024).start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner

    async def stop(self) -> None:
        """Stop listening and close every connection. Does nothing if not started."""
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()

    async def __aenter__(self) -> FakeServer:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    # -- operations -------------------------------------------------------------------

    @property
    def operations(self) -> tuple[Operation[Any], ...]:
        """Every operation the server routes: those of the spec the SDK was generated from
        (read when the server starts: a large spec's operations load on first use)."""
        return _operations.ALL

    def add_handler(self, operation_id: str, handler: Handler) -> None:
        """Answer the operation `operation_id` with `handler` (replacing any handler it had).

        An operation without a handler answers `501 {"type": "server_error", "code":
        "not_implemented", ...}`. `handler(context)` gets a `Context` (the seeded `store`,
        path `params`, `query`, the checked JSON `body`, the caller's `key`) and returns a
        `Reply` (`Reply.json(body, status)`, `Reply.empty(204)`), or an awaitable of one.
        Routing, authentication, the scope check and body validation happen before it, as
        for the built-in handlers. Works before and after `start()`.

        ```python
        server.add_handler(
            "session_recordings_summary_retrieve",
            lambda ctx: Reply.json({"id": ctx.params["id"], "summary": "..."}),
        )
        ```
        """
        if operation_id not in {op.operation_id for op in self.operations}:
            raise ValueError(f"no operation {operation_id!r} in the spec")
        if not callable(handler):
            raise TypeError("handler must be callable: handler(context) -> Reply")
        self._handlers[operation_id] = handler

    # -- what clients need ------------------------------------------------------------

    @property
    def port(self) -> int:
        """The port listened on. RuntimeError before the first `start()`."""
        if self._port is None:
            raise RuntimeError("FakeServer is not started")
        return self._port

    @property
    def base_url(self) -> str:
        """`http://<host>:<port>`, without a trailing slash."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    @property
    def user(self) -> Json:
        """The user object of the seeded user, whom every key belongs to."""
        return self.store.users[self.user_id]

    def issue_key(self, scopes: Iterable[str]) -> str:
        """A new personal API key holding exactly `scopes` (e.g. `["session_recording:read"]`)."""
        if isinstance(scopes, str):
            raise TypeError("scopes must be a list of scope strings, not a string")
        return issue_key(self.store, scopes, self.user_id)

    def connection_info(self) -> dict[str, Any]:
        """What a client needs to talk to this server, as JSON-ready data."""
        return {
            "base_url": self.base_url,
            "api_key": self.api_key,
            "organization_id": self.organization_id,
            "project_id": self.project_id,
            "project_ids": self.project_ids,
            "playlist_short_id": self.playlist_short_id,
            "recordings": len(self.recording_ids),
            "throttle": None
            if self.throttle is None
            else {
                name: [list(window) for window in windows]
                for name, windows in self.throttle.settings.rates.items()
            },
        }

    # -- what tests assert on ---------------------------------------------------------

    @property
    def requests(self) -> list[RequestRecord]:
        """The request log, oldest first (a copy)."""
        return list(self.stats.log)

    @property
    def throttle_429s(self) -> int:
        """429s answered by the throttle mode since start (or `reset_stats()`)."""
        return 0 if self.throttle is None else sum(self.throttle.answered.values())

    @property
    def throttle_429s_by_class(self) -> dict[str, int]:
        """`throttle_429s` per throttle class."""
        return {} if self.throttle is None else dict(self.throttle.answered)

    def reset_stats(self) -> None:
        """Clear `requests`, `stats.internal_errors`, `faults.injected` and the `throttle_429s`
        counts; restart `stats.max_in_flight`. The throttle's windows are kept
        (`throttle.reset()` clears them)."""
        self.stats.reset()
        self.faults.injected.clear()
        if self.throttle is not None:
            self.throttle.answered.clear()
