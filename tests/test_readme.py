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
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

import product_analytics
from product_analytics.testing import FakeServer

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()
BLOCKS = re.findall(r"^```(\w*)\n(.*?)^```", README, flags=re.DOTALL | re.MULTILINE)


def _blocks(language: str) -> list[str]:
    return [body for lang, body in BLOCKS if lang == language]


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
    assert len(_blocks("python")) >= 4
    assert len(_blocks("sh")) >= 3


@pytest.mark.parametrize(
    "source", [b for b in _blocks("python") if "def test_" not in b], ids=lambda b: b[:40]
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
    [source] = [b for b in _blocks("python") if "def test_" in b]
    (tmp_path / "conftest.py").write_text(
        'pytest_plugins = ["product_analytics.testing.pytest_plugin"]\n'
    )
    (tmp_path / "test_example.py").write_text(source)
    # The user's project has no asyncio configuration: an empty ini file of its own.
    (tmp_path / "empty.ini").write_text("[pytest]\n")
    code, output = await _run(
        sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-W", "error",
        "-c", str(tmp_path / "empty.ini"), "--rootdir", str(tmp_path), str(tmp_path),
        env=server_env, cwd=tmp_path,
    )  # fmt: skip
    assert code == 0, output
    assert "2 passed" in output


async def test_readme_cli_commands_run_against_the_fake_server(
    server_env: dict[str, str], tmp_path: Path
) -> None:
    commands = [
        line
        for block in _blocks("sh")
        for line in block.splitlines()
        if line.startswith("product-analytics ")
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
    [tree] = [body for lang, body in BLOCKS if lang == "" and "ProductAnalyticsError" in body]
    # Builtins named in the comments ("also a ValueError") are not the SDK's classes.
    names = [n for n in re.findall(r"\b([A-Z]\w+Error)\b", tree) if not hasattr(builtins, n)]
    assert len(names) >= 16
    for name in names:
        cls = getattr(product_analytics, name)
        assert issubclass(cls, product_analytics.ProductAnalyticsError), name
    assert issubclass(product_analytics.ApiTimeoutError, product_analytics.ApiConnectionError)
    assert issubclass(product_analytics.RateLimitError, product_analytics.ApiStatusError)


def test_readme_error_tree_lists_every_error_class() -> None:
    [tree] = [body for lang, body in BLOCKS if lang == "" and "ProductAnalyticsError" in body]
    listed = set(re.findall(r"\b([A-Z]\w+Error)\b", tree))
    public = {
        name
        for name in product_analytics.__all__
        if isinstance(getattr(product_analytics, name), type)
        and issubclass(getattr(product_analytics, name), product_analytics.ProductAnalyticsError)
    }
    assert {"ClientClosedError", "ConfigurationError"} <= public
    assert public <= listed, f"missing from README's error tree: {sorted(public - listed)}"


def test_readme_documents_the_retry_cap_rate_limit_and_stats() -> None:
    from product_analytics import RetryPolicy

    cap = RetryPolicy().max_retry_after
    assert f"{cap:g} seconds" in README
    assert "RetryPolicy.max_retry_after" in README
    assert "RateLimit(" in README
    assert "client.stats" in README
    assert "from product_analytics import RateLimit" in README


def test_readme_says_what_to_install_for_the_pytest_plugin() -> None:
    assert "pip install 'product-analytics[testing]'" in README
    [example] = [b for b in _blocks("python") if "def test_" in b]
    assert "pytest_plugins" in example


def test_readme_set_up_is_two_commands() -> None:
    section = README.split("## Set-up", 1)[1].split("\n## ", 1)[0]
    [block] = re.findall(r"^```sh\n(.*?)^```", section, flags=re.DOTALL | re.MULTILINE)
    commands = [line.split("#")[0].strip() for line in block.splitlines() if line.strip()]
    assert commands == ["make demo", "make test"]
