"""The export's progress: a tqdm bar on a terminal, plain lines elsewhere, and the service's
pauses (their end in UTC)."""

from __future__ import annotations

import time
from datetime import datetime, timezone
from typing import Any, TextIO

from product_analytics._sending.throttle import ThrottleEvent

__all__ = ["Progress"]


class _PlainProgress:
    """Progress for a non-terminal: one line at most every `interval` seconds, and at the end."""

    def __init__(self, stream: TextIO, interval: float = 1.0) -> None:
        self.stream = stream
        self.interval = interval
        self.total: int | None = None
        self.count = 0
        self.started = self.last = time.monotonic()

    def update(self, n: int) -> None:
        self.count += n
        now = time.monotonic()
        if now - self.last >= self.interval:
            self.last = now
            self._line(now)

    def _line(self, now: float) -> None:
        of = f"/{self.total}" if self.total is not None else ""
        rate = self.count / max(now - self.started, 1e-9)
        self.stream.write(f"exported {self.count}{of} recordings ({rate:.0f}/s)\n")
        self.stream.flush()

    def note(self, text: str) -> None:
        self.stream.write(f"{text}\n")
        self.stream.flush()

    def close(self) -> None:
        self._line(time.monotonic())


def _tqdm() -> Any:
    """tqdm's progress bar class, or None when tqdm (the `cli` extra) is not installed."""
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm


class Progress:
    """tqdm on a terminal (plain lines without the `cli` extra), periodic plain lines
    elsewhere, nothing when disabled."""

    def __init__(self, stream: TextIO | None, initial: int = 0) -> None:
        self._bar: Any = None
        self._plain: _PlainProgress | None = None
        if stream is None:
            return
        tqdm = _tqdm()
        if stream.isatty() and tqdm is not None:
            self._bar = tqdm(
                total=None,
                initial=initial,
                unit="rec",
                desc="export",
                file=stream,
                dynamic_ncols=True,
            )
        else:
            self._plain = _PlainProgress(stream)
            self._plain.count = initial

    def set_total(self, total: int | None) -> None:
        if total is None:
            return
        if self._bar is not None:
            self._bar.total = total
            self._bar.refresh()
        if self._plain is not None:
            self._plain.total = total

    def update(self, n: int) -> None:
        if self._bar is not None:
            self._bar.update(n)
        elif self._plain is not None:
            self._plain.update(n)

    def throttle(self, event: ThrottleEvent) -> None:
        """Show that the service paused the work (until when; for how long when that is
        past the calendar's end, as a hostile `Retry-After` may put it), or that it
        resumed."""
        if event.paused_until is None:
            text = f"{event.throttle_class}: resumed"
        else:
            try:
                until = datetime.fromtimestamp(event.paused_until, timezone.utc).strftime(
                    "until %H:%M:%S UTC"
                )
            except (ValueError, OverflowError, OSError):
                until = f"for {event.retry_after or 0:.0f} s"
            text = f"{event.throttle_class}: paused by the service {until}"
        if self._bar is not None:
            self._bar.set_postfix_str("" if event.paused_until is None else text)
        elif self._plain is not None:
            self._plain.note(text)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
        elif self._plain is not None:
            self._plain.close()
