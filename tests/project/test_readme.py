"""Every code block of README.md runs: the docs cannot rot.

Python blocks run as scripts (or, when they define tests, under pytest) against a
FakeServer; `product-analytics` commands run in a shell against it; `make` lines name real
targets; the error tree names the real classes.
"""

from __future__ import annotations

import asyncio
import builtins
import os
import re
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

import product_analytics
from product_analytics.testing import FakeServer

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()
# A block may follow a marker line `<!-- readme: MARK (why) -->`: `not-run` (a feature still
# being built: neither run nor type-checked) or `wrong-on-purpose` (runs, but is not
# type-checked: it shows an error on purpose).
_BLOCK = re.compile(
    r"(?:^<!-- readme: ([\w-]+)[^\n]*-->\n)?^```(\w*)\n(.*?)^```", flags=re.DOTALL | re.MULTILINE
)
BLOCKS = [(lang, body, mark) for mark, lang, body in _BLOCK.findall(README)]


# Blocks that fail `mypy --strict` only for gaps of the generated code's typing (method
# attributes such as `required_scope`, `id` typed Optional), named by a line they hold. A
# listed block that passes fails the test: take it off the list.
def _blocks(language: str, *, run: bool = False, typed: bool = False) -> list[str]:
    skipped = {"not-run"} | ({"wrong-on-purpose"} if typed else set())
    return [
        body
        for lang, body, mark in BLOCKS
        if lang == language and not ((run or typed) and mark in skipped)
    ]


@pytest_asyncio.fixture
async def server_env() -> AsyncIterator[dict[str, str]]:
    async with FakeServer(recordings=40, seed=11) as server:
        env = {k: v for k, v in os.environ.items() if not k.startswith("PRODUCT_ANALYTICS_")}
        env.update(
            PRODUCT_ANALYTICS_API_KEY=server.api_key,
            PRODUCT_ANALYTICS_BASE_URL=server.base_url,
            PRODUCT_ANALYTICS_PROJECT_ID=str(server.project_id),
            PRODUCT_ANALYTICS_ORGANIZATION_ID=server.organization_id,
            PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        )
        yield env


async def _run(*command: str, env: dict[str, str], cwd: Path) -> tuple[int, str]:
    process = await asyncio.create_subprocess_exec(
        *command,
        env=env,
        cwd=cwd,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    output, _ = await asyncio.wait_for(process.communicate(), 120)
    return await process.wait(), output.decode()


def test_readme_has_the_blocks_these_tests_expect() -> None:
    assert len(_blocks("python", run=True)) >= 5
    assert len(_blocks("sh")) >= 3
    assert {mark for _, _, mark in BLOCKS} <= {"", "not-run", "wrong-on-purpose"}


def test_readme_is_short_and_starts_with_an_example_that_needs_no_account() -> None:
    lines = README.splitlines()
    assert len(lines) <= 300
    first = _blocks("python", run=True)[0]
    assert README.index(first) < len("\n".join(lines[:60]))
    assert "FakeServer(" in first
    assert "os.environ" not in first


async def test_readme_first_example_runs_with_no_settings_in_the_environment(
    tmp_path: Path,
) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PRODUCT_ANALYTICS_")}
    source = _blocks("python", run=True)[0]
    code, output = await _run(sys.executable, "-W", "error", "-c", source, env=env, cwd=tmp_path)
    assert code == 0, output
    assert "recordings, 10 on the first page" in output


@pytest.mark.parametrize(
    "source", [b for b in _blocks("python", run=True) if "def test_" not in b], ids=lambda b: b[:40]
)
async def test_readme_python_example_runs_against_the_fake_server(
    source: str, server_env: dict[str, str], tmp_path: Path
) -> None:
    code, output = await _run(
        sys.executable, "-W", "error", "-c", source, env=server_env, cwd=tmp_path
    )
    assert code == 0, output
    assert "Traceback" not in output


async def test_readme_pytest_example_passes_with_the_plugin(
    server_env: dict[str, str], tmp_path: Path
) -> None:
    [source] = [b for b in _blocks("python", run=True) if "def test_" in b]
    (tmp_path / "conftest.py").write_text(
        'pytest_plugins = ["product_analytics.testing.pytest_plugin"]\n'
    )
    (tmp_path / "test_example.py").write_text(source)
    # The user's project has no asyncio configuration: an empty ini file of its own.
    (tmp_path / "empty.ini").write_text("[pytest]\n")
    code, output = await _run(
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        "-W",
        "error",
        "-c",
        str(tmp_path / "empty.ini"),
        "--rootdir",
        str(tmp_path),
        str(tmp_path),
        env=server_env,
        cwd=tmp_path,
    )
    assert code == 0, output
    assert "2 passed" in output


async def test_readme_cli_commands_run_against_the_fake_server(
    server_env: dict[str, str], tmp_path: Path
) -> None:
    commands = [
        line
        for block in _blocks("sh")
        for line in block.splitlines()
        if line.startswith("product-analytics ") and " fake-server" not in line
    ]
    assert len(commands) >= 5
    for command in commands:
        code, output = await _run("bash", "-c", command, env=server_env, cwd=tmp_path)
        assert code == 0, f"{command}\n{output}"
    assert (tmp_path / "recordings.jsonl").exists()


def test_readme_make_lines_name_real_targets() -> None:
    makefile = (ROOT / "Makefile").read_text()
    targets = set(re.findall(r"^([a-z][\w-]*):", makefile, flags=re.MULTILINE))
    lines = [line for block in _blocks("sh") for line in block.splitlines()]
    named = {line.split()[1] for line in lines if line.startswith("make ")}
    assert named >= {"demo", "test", "generate", "check-generated"}
    assert named <= targets


def test_readme_error_tree_names_the_real_hierarchy() -> None:
    [tree] = [body for lang, body, _ in BLOCKS if lang == "" and "ProductAnalyticsError" in body]
    # Builtins named in the comments ("also a ValueError") are not the SDK's classes.
    names = [n for n in re.findall(r"\b([A-Z]\w+Error)\b", tree) if not hasattr(builtins, n)]
    assert len(names) >= 16
    for name in names:
        cls = getattr(product_analytics, name)
        assert issubclass(cls, product_analytics.ProductAnalyticsError), name
    assert issubclass(product_analytics.ApiTimeoutError, product_analytics.ApiConnectionError)
    assert issubclass(product_analytics.RateLimitError, product_analytics.ApiStatusError)


def test_readme_error_tree_lists_every_error_class() -> None:
    [tree] = [body for lang, body, _ in BLOCKS if lang == "" and "ProductAnalyticsError" in body]
    listed = set(re.findall(r"\b([A-Z]\w+Error)\b", tree))
    public = {
        name
        for name in product_analytics.__all__
        if isinstance(getattr(product_analytics, name), type)
        and issubclass(getattr(product_analytics, name), product_analytics.ProductAnalyticsError)
    }
    assert {"ClientClosedError", "ConfigurationError"} <= public
    assert public <= listed, f"missing from README's error tree: {sorted(public - listed)}"


def _typed_blocks() -> list[tuple[str, str]]:
    return [(f"block_{n}", body) for n, body in enumerate(_blocks("python", typed=True), 1)]


@pytest.fixture(scope="module")
def mypy_errors(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """`mypy --strict` (the project's configuration) over every type-checked python block,
    each as a module of its own: the error lines of each."""
    folder = tmp_path_factory.mktemp("readme_blocks")
    for name, body in _typed_blocks():
        (folder / f"{name}.py").write_text(body)
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--cache-dir",
            str(folder / ".mypy_cache"),
            str(folder),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    errors: dict[str, list[str]] = {name: [] for name, _ in _typed_blocks()}
    for line in result.stdout.splitlines():
        match = re.match(r".*?(block_\d+)\.py:\d+: error: ", line)
        if match:
            errors[match.group(1)].append(line)
    assert result.returncode in (0, 1), result.stdout + result.stderr
    return errors


@pytest.mark.parametrize(("name", "body"), _typed_blocks(), ids=lambda v: v[:40])
def test_readme_python_example_passes_mypy_strict(
    name: str, body: str, mypy_errors: dict[str, list[str]]
) -> None:
    assert mypy_errors[name] == []
