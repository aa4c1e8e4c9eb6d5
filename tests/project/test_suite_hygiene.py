"""The test suite's own rules, read with `ast`: every test checks something (an `assert`,
`pytest.raises`/`pytest.warns`, or a helper named `assert_*` / `_check*`); no test
module keeps results in a module-level cache shared between tests (a module- or
session-scoped fixture says so instead); tests are filed by subject in folders (at most
five test files directly in tests/); no test name is defined twice; and no test module
imports another (shared helpers live in tests/support/ or a conftest)."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
CHECKING_CALLS = ("raises", "warns")
CHECKING_PREFIXES = ("assert_", "_check", "check_")
MAX_TOP_LEVEL_TEST_FILES = 5


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


def test_at_most_five_test_files_sit_at_the_top_of_tests() -> None:
    top = sorted(path.name for path in TESTS.glob("test_*.py"))
    assert len(top) <= MAX_TOP_LEVEL_TEST_FILES, top


def _test_names(modules: dict[str, str]) -> dict[str, list[str]]:
    """Where each test function name is defined: {name: ["module:line", ...]}."""
    defined: dict[str, list[str]] = defaultdict(list)
    for module, source in modules.items():
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith(
                "test_"
            ):
                defined[node.name].append(f"{module}:{node.lineno}")
    return defined


def _test_modules() -> dict[str, str]:
    """The source of every test module, by its path relative to the repository."""
    return {
        path.relative_to(TESTS.parent).as_posix(): path.read_text(encoding="utf-8")
        for path in sorted(TESTS.rglob("test_*.py"))
    }


def test_no_test_name_is_defined_twice() -> None:
    twice = {name: where for name, where in _test_names(_test_modules()).items() if len(where) > 1}
    assert twice == {}


def test_the_name_check_finds_a_name_defined_twice() -> None:
    modules = {
        "a.py": "def test_x(): pass\n",
        "b.py": "async def test_x(): pass\ndef test_y(): pass\n",
    }
    assert _test_names(modules) == {"test_x": ["a.py:1", "b.py:1"], "test_y": ["b.py:2"]}


def _imported_test_modules(module: str, source: str, test_modules: set[str]) -> list[str]:
    """The test modules that `module` (a dotted name) imports, at any depth of its code."""
    package = module.rsplit(".", 1)[0]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            targets = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        else:
            continue
        found += [target for target in targets if target in test_modules]
    return found


def test_no_test_module_imports_another() -> None:
    modules = {
        name.removesuffix(".py").replace("/", "."): source
        for name, source in _test_modules().items()
    }
    importing = {
        module: imported
        for module, source in modules.items()
        if (imported := _imported_test_modules(module, source, set(modules)))
    }
    assert importing == {}


def test_the_import_check_finds_absolute_relative_and_nested_imports() -> None:
    source = (
        "from tests.a.test_x import CASES\n"
        "from .test_y import helper\n"
        "from tests.a import test_z\n"
        "def test_w():\n    import tests.a.test_x\n"
        "from tests.support import loopback\n"
    )
    test_modules = {"tests.a.test_x", "tests.a.test_y", "tests.a.test_z", "tests.a.test_w"}
    found = _imported_test_modules("tests.a.test_w", source, test_modules)
    assert sorted(found) == ["tests.a.test_x", "tests.a.test_x", "tests.a.test_y", "tests.a.test_z"]
