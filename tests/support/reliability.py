"""What every reliability scenario shares: the key, fast retry policies, the loopback server of
`tests.support.loopback` (which records raw requests), and probes for leaks (the key in logs
and errors, pending tasks, errors reported to the event loop, unclosed sessions).

Used by the tests in this folder and by `scripts/soak.py`; nothing here reads `pytest`.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import traceback
import warnings
from dataclasses import dataclass, field
from typing import Any

from product_analytics import RetryPolicy
from product_analytics.testing import FakeServer
from tests.support import loopback
from tests.support.chains import error_chain
from tests.support.loopback import LoopbackServer, Received, client_tasks, serve

__all__ = [
    "KEY",
    "KEY_PARTS",
    "Figure",
    "FIGURES",
    "LeakProbe",
    "LoopbackServer",
    "Received",
    "client_tasks",
    "error_chain",
    "error_texts",
    "TABLE_HEADER",
    "fast_policy",
    "format_table",
    "key_hits",
    "serve",
    "record_texts",
    "wait_idle",
]

# Distinctive and long, so that no accidental substring matches; a few parts of it too, so
# that a cut or re-encoded key is caught as well.
KEY = "phx_RELIABILITY_SECRET_7c1e4b9a2f6d3e8b5a0c9d7e6f5a4b3c"
KEY_PARTS = (KEY, KEY[4:], KEY[-20:])


@dataclass
class Figure:
    """One row of the reliability figures: what a scenario ran and what it found."""

    suite: str
    cases: int
    faults: int = 0
    retries: int = 0
    lost: int = 0
    duplicated: int = 0
    leaked: int = 0
    seconds: float = 0.0
    failed: int = 0  # other checks of the suite that did not hold
    note: str = ""

    @property
    def clean(self) -> bool:
        return self.lost == 0 and self.duplicated == 0 and self.leaked == 0 and self.failed == 0


TABLE_HEADER = (
    "suite",
    "cases",
    "faults injected",
    "retries",
    "lost",
    "duplicated",
    "leaked",
    "failed",
    "seconds",
)


def format_table(figures: list[Figure]) -> list[str]:
    """The figures as an aligned text table, notes below it."""
    rows = [TABLE_HEADER] + [
        (
            f.suite,
            str(f.cases),
            str(f.faults),
            str(f.retries),
            str(f.lost),
            str(f.duplicated),
            str(f.leaked),
            str(f.failed),
            f"{f.seconds:.1f}",
        )
        for f in figures
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(TABLE_HEADER))]
    lines = [
        "  ".join(
            cell.ljust(w) if i == 0 else cell.rjust(w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        )
        for row in rows
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    lines += [f"  {f.suite}: {f.note}" for f in figures if f.note]
    return lines


# Figures the tests of this run produced; `conftest.py` prints them in the terminal summary.
FIGURES: list[Figure] = []


def fast_policy(max_retries: int, seed: int = 0) -> RetryPolicy:
    """Backoff of a few milliseconds, `Retry-After` capped at 50 ms, seeded jitter."""
    return loopback.fast_policy(max_retries, seed=seed)


# -- servers --------------------------------------------------------------------------------


async def wait_idle(server: FakeServer, timeout: float = 5.0) -> None:
    """Wait until `server` handles no request (stalled and slowed handlers have ended), so
    that its request log is complete."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while server.stats.in_flight and loop.time() < deadline:  # noqa: ASYNC110 (a gauge, no event)
        await asyncio.sleep(0.01)
    if server.stats.in_flight:
        raise AssertionError(f"the server still handles {server.stats.in_flight} requests")


# -- the key --------------------------------------------------------------------------------


def key_hits(text: str) -> int:
    """How many parts of the key `text` holds."""
    return sum(part in text for part in KEY_PARTS)


def error_texts(error: BaseException) -> list[str]:
    """Everything a user could see of `error`: the printed traceback, and the str, repr,
    args and attributes of each exception of its chain."""
    texts = ["".join(traceback.format_exception(type(error), error, error.__traceback__))]
    for link in error_chain(error):
        texts += [str(link), repr(link), repr(link.args)]
        if hasattr(link, "__dict__"):
            texts.append(repr(vars(link)))
    return texts


def record_texts(record: logging.LogRecord) -> list[str]:
    """Everything a log handler could write of `record`."""
    texts = [record.getMessage(), repr(record.msg), repr(record.args), record.exc_text or ""]
    if record.exc_info and record.exc_info[1] is not None:
        texts += error_texts(record.exc_info[1])
    if record.stack_info:
        texts.append(record.stack_info)
    return texts


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


_WATCHED_LOGGERS = (
    "",
    "product_analytics",
    "aiohttp",
    "aiohttp.client",
    "aiohttp.server",
    "aiohttp.access",
    "aiohttp.internal",
    "aiohttp.web",
    "asyncio",
)


@dataclass
class LeakProbe:
    """What a scenario leaked: the key in a log record (DEBUG on for the SDK, aiohttp, asyncio
    and the root logger while the probe runs), in an error or text it was shown, tasks left
    pending, errors reported to the event loop ("Task exception was never retrieved",
    "Unclosed client session") and `ResourceWarning`s found by a garbage collection.

    ```python
    async with LeakProbe() as probe:
        ...                  # probe.scan_error(exc), probe.scan_text(repr(client))
    probe.leaked             # the total of everything found
    ```
    """

    log_records: list[logging.LogRecord] = field(default_factory=list)
    key_in_logs: int = 0
    key_in_errors: int = 0
    errors_scanned: int = 0
    texts_scanned: int = 0
    pending_tasks: list[str] = field(default_factory=list)
    loop_errors: list[str] = field(default_factory=list)
    resource_warnings: list[str] = field(default_factory=list)
    keep_records: bool = True

    @property
    def leaked(self) -> int:
        return (
            self.key_in_logs
            + self.key_in_errors
            + len(self.pending_tasks)
            + len(self.loop_errors)
            + len(self.resource_warnings)
        )

    def scan_error(self, error: BaseException) -> None:
        self.errors_scanned += 1
        self.key_in_errors += sum(key_hits(text) for text in error_texts(error))

    def scan_text(self, text: str) -> None:
        self.texts_scanned += 1
        self.key_in_errors += key_hits(text)

    async def __aenter__(self) -> LeakProbe:
        self._handler = _Collect()
        self._levels: list[tuple[logging.Logger, int]] = []
        for name in _WATCHED_LOGGERS:
            logger = logging.getLogger(name)
            self._levels.append((logger, logger.level))
            logger.setLevel(logging.DEBUG)
        logging.getLogger().addHandler(self._handler)
        loop = asyncio.get_running_loop()
        self._previous_handler = loop.get_exception_handler()
        loop.set_exception_handler(self._on_loop_error)
        self._before = {id(task) for task in client_tasks()}
        return self

    def _on_loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        self.loop_errors.append(str(context.get("message")))

    async def __aexit__(self, *exc_info: object) -> None:
        loop = asyncio.get_running_loop()
        try:
            for _ in range(5):
                await asyncio.sleep(0)
            self.pending_tasks = [
                repr(task) for task in client_tasks() if id(task) not in self._before
            ]
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                gc.collect()
            self.resource_warnings = [
                str(w.message) for w in caught if issubclass(w.category, ResourceWarning)
            ]
            await asyncio.sleep(0)  # let the loop report what the collection found
        finally:
            loop.set_exception_handler(self._previous_handler)
            logging.getLogger().removeHandler(self._handler)
            for logger, level in self._levels:
                logger.setLevel(level)
        for record in self._handler.records:
            self.key_in_logs += sum(key_hits(text) for text in record_texts(record))
        if self.keep_records:
            self.log_records = self._handler.records
