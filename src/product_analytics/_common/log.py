"""The `product_analytics` logger: one record per HTTP request, and the switch that turns it
on without code.

`PRODUCT_ANALYTICS_LOG=debug` (or `info`) in the environment sends the logger's records to
stderr from the first client made (`configure_from_env`, once a process). Each request's
record names the method, the path and query, the status (or the failure), the elapsed
milliseconds, the attempt and the service's request id; at debug level also the request
headers, the `Authorization` value hidden. No record holds the API key: it travels in that
one header only.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from collections.abc import Mapping

from product_analytics.errors import REQUEST_ID_HEADERS

__all__ = ["LOG_ENV", "configure_from_env", "enable", "log_request", "logger"]

LOG_ENV = "PRODUCT_ANALYTICS_LOG"
LEVELS = {"debug": logging.DEBUG, "info": logging.INFO}
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

logger = logging.getLogger("product_analytics")
# The stderr handler this module added, if any: added once, whoever asks again.
_handler: logging.Handler | None = None
_configured = False


def enable(level: int = logging.INFO) -> None:
    """Send the logger's records of `level` and above to stderr (one handler, however
    often this is called; a later call only changes the level)."""
    global _handler
    if _handler is None:
        _handler = logging.StreamHandler(sys.stderr)
        _handler.setFormatter(logging.Formatter(FORMAT))
        logger.addHandler(_handler)
    logger.setLevel(level)


def configure_from_env(environ: Mapping[str, str] = os.environ) -> None:
    """Once a process: `enable` at the level `PRODUCT_ANALYTICS_LOG` names (`debug` or
    `info`, any case); nothing when it is unset, empty or another word."""
    global _configured
    if _configured:
        return
    _configured = True
    level = LEVELS.get(environ.get(LOG_ENV, "").strip().lower())
    if level is not None:
        enable(level)


def log_request(
    *,
    method: str,
    url: str,
    headers: Mapping[str, str],
    started: float,
    attempt: int,
    status: int | None,
    answer_headers: Mapping[str, str] | None = None,
    failure: str | None = None,
) -> None:
    """Record one request (an attempt, or a redirect hop of it) at info level: `status`
    with `answer_headers`, or `failure` when there was no answer. `started` is its
    `time.perf_counter()` when sent; `attempt` counts from 1. The caller checks
    `logger.isEnabledFor(logging.INFO)` first: nothing here is free."""
    elapsed = (time.perf_counter() - started) * 1000
    scheme_end = url.find("://")
    cut = url.find("/", scheme_end + 3) if scheme_end > 0 else 0
    path = url[cut:] if cut >= 0 else "/"
    request_id = None
    if answer_headers is not None:
        request_id = next(
            (answer_headers[n] for n in REQUEST_ID_HEADERS if n in answer_headers), None
        )
    outcome = status if failure is None else f"failed ({failure})"
    logger.info(
        "%s %s -> %s in %.1f ms (attempt %d, request id %s)",
        method,
        path,
        outcome,
        elapsed,
        attempt,
        request_id,
        extra={
            "http_method": method,
            "http_path": path,
            "http_status": status,
            "elapsed_ms": elapsed,
            "attempt": attempt,
            "request_id": request_id,
        },
    )
    if logger.isEnabledFor(logging.DEBUG):
        shown = {k: ("***" if k.lower() == "authorization" else v) for k, v in headers.items()}
        logger.debug("%s %s request headers: %r", method, path, shown)
