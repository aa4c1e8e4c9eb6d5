"""The generated modules read as hand-written ones: laid out by `ruff format` with the
project's settings, no line over 100 columns, no `fmt:` pragma, no `locals()`. Ours, and
PostHog's whole spec split into lazy modules."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from codegen.generate import DEFAULT_OUT, ROOT

from tests.codegen.conftest import WholeApi


def _problems(folder: Path, modules: list[Path]) -> list[str]:
    """Each line of `modules` (under `folder`) that is over 100 columns, holds a `fmt:`
    pragma or calls `locals()`, as `path:line: what`."""
    found = []
    for module in modules:
        for number, line in enumerate(module.read_text().splitlines(), 1):
            where = f"{module.relative_to(folder)}:{number}"
            if len(line) > 100:
                found.append(f"{where}: {len(line)} columns")
            if "fmt:" in line:
                found.append(f"{where}: a fmt: pragma")
            if "locals()" in line:
                found.append(f"{where}: locals()")
    return found


def _unformatted(folder: Path) -> str:
    """What `ruff format --check` (the project's settings) says of `folder`; empty if
    nothing would change."""
    completed = subprocess.run(
        [
            *(sys.executable, "-m", "ruff", "format", "--check", "--quiet"),
            *("--config", str(ROOT / "pyproject.toml"), str(folder)),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    return completed.stdout + completed.stderr if completed.returncode else ""


@pytest.mark.parametrize("which", ["ours", "posthog"])
def test_generated_modules_are_formatted_and_fit_100_columns(
    which: str, request: pytest.FixtureRequest
) -> None:
    if which == "ours":
        folder = DEFAULT_OUT
    else:
        whole_api: WholeApi = request.getfixturevalue("whole_api")
        folder = whole_api.folder
    modules = sorted(folder.rglob("*.py"))
    assert len(modules) >= (4 if which == "ours" else 1000)
    assert _problems(folder, modules) == []
    assert _unformatted(folder) == ""
