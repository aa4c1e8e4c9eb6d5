"""The test suite's own rules, read with `ast`: every test checks something (an `assert`,
`pytest.raises`/`pytest.warns`, or a helper named `assert_*` / `_check*`), and no test
module keeps results in a module-level cache shared between tests (a module- or
session-scoped fixture says so instead)."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
CHECKING_CALLS = ("raises", "warns")
CHECKING_PREFIXES = ("assert_", "_check", "check_")


def _test_functions() -> list[tuple[Path, ast.FunctionDef | ast.AsyncFunctionDef]]:
    found = []
    for path in sorted(TESTS.rglob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith(
                "test_"
            ):
                found.append((path, node))
    return found


def _checks(function: ast.AST) -> bool:
    for node in ast.walk(function):
        if isinstance(node, ast.Assert):
            return True
        if isinstance(node, ast.Call):
            callee = node.func
            name = callee.attr if isinstance(callee, ast.Attribute) else getattr(callee, "id", "")
            if name in CHECKING_CALLS or name.startswith(CHECKING_PREFIXES):
                return True
    return False


def test_the_suite_was_read() -> None:
    assert len(_test_functions()) > 300


def test_every_test_checks_something() -> None:
    unchecked = [
        f"{path.relative_to(TESTS.parent)}:{node.lineno} {node.name}"
        for path, node in _test_functions()
        if not _checks(node)
    ]
    assert unchecked == []


def _empty_container(value: ast.expr | None) -> bool:
    if isinstance(value, ast.List):
        return not value.elts
    if isinstance(value, ast.Dict):
        return not value.keys
    return False


def test_no_test_module_caches_runs_in_a_module_global() -> None:
    cached = []
    for path in sorted(TESTS.rglob("test_*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and _empty_container(node.value):
                cached.append(f"{path.relative_to(TESTS.parent)}:{node.lineno}")
    assert cached == []


def test_the_cache_check_finds_a_cache() -> None:
    tree = ast.parse("_runs: list[int] = []\n_seen = {}\nNAMES = ['a']\n")
    assert [_empty_container(node.value) for node in tree.body] == [True, True, False]  # type: ignore[attr-defined]
