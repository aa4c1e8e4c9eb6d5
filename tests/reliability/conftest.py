"""Prints the figures the reliability tests measured (cases, faults injected, retries, lost,
duplicated, leaked) at the end of the pytest run."""

from __future__ import annotations

import pytest

from .support import FIGURES, format_table


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if FIGURES:
        terminalreporter.section("reliability figures")
        for line in format_table(FIGURES):
            terminalreporter.write_line(line)
