"""What `mypy --strict` and pyright say of user code: `snippets/typed_ok.py` passes both,
the line after each comment `E: <text>` of `snippets/typed_wrong.py` is an error of both
(mypy's message holding <text>) and no other line is; `pyright --verifytypes` scores the
package."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SNIPPETS = Path(__file__).resolve().parent / "snippets"
OK, WRONG = SNIPPETS / "typed_ok.py", SNIPPETS / "typed_wrong.py"
MARK = re.compile(r"^\s*# E: (.+)$")
MYPY_LINE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+): error: (?P<message>.*)$")


def _env() -> dict[str, str]:
    """The environment with this interpreter's scripts first (pyright finds its packages
    through the `python` on PATH)."""
    scripts = str(Path(sys.executable).parent)
    return {**os.environ, "PATH": scripts + os.pathsep + os.environ.get("PATH", "")}


def _marked() -> dict[int, str]:
    """Expected error text by line: each marker comment speaks of the line after it."""
    lines = WRONG.read_text().splitlines()
    return {n + 1: m[1] for n, line in enumerate(lines, 1) if (m := MARK.match(line))}


@pytest.fixture(scope="module")
def mypy_errors(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[int, str]]:
    """Per snippet file name, mypy --strict's error message by line."""
    cache = tmp_path_factory.mktemp("mypy-cache")
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--cache-dir",
            str(cache),
            "--config-file",
            str(ROOT / "pyproject.toml"),
            str(OK),
            str(WRONG),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    found: dict[str, dict[int, str]] = {OK.name: {}, WRONG.name: {}}
    for line in completed.stdout.splitlines():
        match = MYPY_LINE.match(line)
        if match:
            found[Path(match["file"]).name].setdefault(int(match["line"]), match["message"])
    assert "error:" in completed.stdout or completed.returncode == 0, completed.stderr
    return found


@pytest.fixture(scope="module")
def pyright_errors() -> dict[str, set[int]]:
    """Per snippet file name, the lines pyright reports an error on."""
    completed = subprocess.run(
        [sys.executable, "-m", "pyright", "--outputjson", str(OK), str(WRONG)],
        cwd=ROOT,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    report = json.loads(completed.stdout)
    found: dict[str, set[int]] = {OK.name: set(), WRONG.name: set()}
    for diagnostic in report["generalDiagnostics"]:
        if diagnostic["severity"] == "error":
            line = diagnostic["range"]["start"]["line"] + 1
            found[Path(diagnostic["file"]).name].add(line)
    return found


def test_the_typed_user_code_passes_mypy_strict(mypy_errors: dict[str, dict[int, str]]) -> None:
    assert mypy_errors[OK.name] == {}


def test_the_typed_user_code_passes_pyright(pyright_errors: dict[str, set[int]]) -> None:
    assert pyright_errors[OK.name] == set()


def test_mypy_strict_refuses_each_marked_line_with_its_message(
    mypy_errors: dict[str, dict[int, str]],
) -> None:
    marked = _marked()
    assert len(marked) >= 10
    errors = mypy_errors[WRONG.name]
    assert set(errors) == set(marked), errors
    for line, text in marked.items():
        assert text in errors[line], (line, errors[line])


def test_pyright_refuses_each_marked_line(pyright_errors: dict[str, set[int]]) -> None:
    assert pyright_errors[WRONG.name] == set(_marked())


def test_a_misspelt_attribute_of_a_raw_view_is_reported_in_a_short_message(
    mypy_errors: dict[str, dict[int, str]],
) -> None:
    # A resource method's type is `BoundMethod[<its parameters>, <its result>]`, which mypy
    # spells out in full; a raw view is a class of its own, named in the message.
    misspelt = [m for m in mypy_errors[WRONG.name].values() if "has no attribute" in m]
    assert len(misspelt) >= 4
    views = [m for m in misspelt if "WithRawResponse" in m]
    assert len(views) == 2
    assert all(len(message) < 120 for message in views), views


def test_pyright_verifytypes_scores_every_public_symbol_known() -> None:
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "pyright",
            "--outputjson",
            "--verifytypes",
            "product_analytics",
            "--ignoreexternal",
        ],
        cwd=ROOT,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    report = json.loads(completed.stdout)["typeCompleteness"]
    problems = [
        f"{symbol['name']}: {diagnostic['message']}"
        for symbol in report["symbols"]
        for diagnostic in symbol["diagnostics"]
        if diagnostic["severity"] == "error"
    ]
    assert report["exportedSymbolCounts"]["withKnownType"] > 500
    assert report["completenessScore"] == 1.0, "\n".join(problems)
