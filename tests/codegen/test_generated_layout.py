"""The generated modules read as hand-written ones: laid out by `ruff format` with the
project's settings, no line over 100 columns, no `fmt:` pragma, no `locals()`. Ours, and
PostHog's whole spec split into lazy modules."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from codegen.generate import DEFAULT_OUT, ROOT
from codegen.split import RESOURCES_PACKAGE

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


def _unused_typed_dicts(module: Path) -> list[str]:
    """The `TypedDict`s (`class X(..., total=False)`) that `module` defines and nothing else
    in it names: no method takes them and no other class extends them."""
    tree = ast.parse(module.read_text())
    defined = [
        node
        for node in tree.body
        if isinstance(node, ast.ClassDef) and any(k.arg == "total" for k in node.keywords)
    ]
    unused = []
    for typed_dict in defined:
        named_elsewhere = {
            node.id
            for other in tree.body
            if other is not typed_dict
            for node in ast.walk(other)
            if isinstance(node, ast.Name)
        }
        if typed_dict.name not in named_elsewhere:
            unused.append(typed_dict.name)
    return unused


def test_a_resource_module_of_a_large_spec_defines_the_body_types_its_methods_take(
    whole_api: WholeApi,
) -> None:
    """Split into a module per resource, each module defines the `TypedDict`s of body fields
    its own methods take (and their bases), not every one of the spec."""
    modules = sorted((whole_api.folder / RESOURCES_PACKAGE).glob("[!_]*.py"))
    assert len(modules) > 80
    unused = {module.stem: _unused_typed_dicts(module) for module in modules}
    assert {stem: names for stem, names in unused.items() if names} == {}
