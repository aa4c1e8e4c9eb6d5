"""What a newcomer meets on the command line, as a process: connection flags before or after
the command, `--version`, missing settings, a bad `--out`, and usage on a wrong argument."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import pytest_asyncio

from product_analytics import __version__
from product_analytics.cli.parser import build_parser
from product_analytics.testing import FakeServer
from tests.cli.conftest import CliResult

ENV_NAMES = (
    "PRODUCT_ANALYTICS_API_KEY",
    "PRODUCT_ANALYTICS_BASE_URL",
    "PRODUCT_ANALYTICS_PROJECT_ID",
    "PRODUCT_ANALYTICS_ORGANIZATION_ID",
)


async def cli(*argv: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> CliResult:
    """`python -m product_analytics ARGV` with only the given product-analytics variables."""
    clean = {k: v for k, v in os.environ.items() if k not in ENV_NAMES}
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "product_analytics",
        *argv,
        env={**clean, **(env or {})},
        cwd=cwd,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(process.communicate(), 60)
    return CliResult(await process.wait(), out.decode(), err.decode())


@pytest_asyncio.fixture
async def server() -> AsyncIterator[FakeServer]:
    async with FakeServer(recordings=12, seed=5) as fake:
        yield fake


def one_line(run: CliResult) -> str:
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr
    assert "Traceback" not in run.stderr
    return lines[0]


# -- connection flags ----------------------------------------------------------------------


async def test_connection_flags_work_before_the_command(server: FakeServer) -> None:
    result = await cli(
        "--api-key",
        server.api_key,
        "--base-url",
        server.base_url,
        "--project-id",
        str(server.project_id),
        "--timeout",
        "10",
        "--max-retries",
        "1",
        "recordings",
        "list",
        "--max-items",
        "3",
    )
    assert result.code == 0, result.stderr
    assert [d["id"] for d in result.documents] == server.recording_ids[:3]


async def test_connection_flags_work_after_the_command(server: FakeServer) -> None:
    result = await cli(
        "roles",
        "list",
        "--api-key",
        server.api_key,
        "--base-url",
        server.base_url,
        "--organization-id",
        server.organization_id,
        "--max-retries",
        "0",
    )
    assert result.code == 0, result.stderr


async def test_a_flag_after_the_command_wins_over_the_same_flag_before_it(
    server: FakeServer,
) -> None:
    wrong = "phx_wrong_key_before_the_command"
    result = await cli(
        "--api-key",
        wrong,
        "--base-url",
        server.base_url,
        "roles",
        "list",
        "--organization-id",
        server.organization_id,
        "--api-key",
        server.api_key,
    )
    assert result.code == 0, result.stderr
    rejected = await cli(
        "--api-key",
        server.api_key,
        "--base-url",
        server.base_url,
        "roles",
        "list",
        "--organization-id",
        server.organization_id,
        "--api-key",
        wrong,
    )
    assert rejected.code == 1
    assert "401" in one_line(rejected)


async def test_a_flag_before_the_command_is_not_reset_by_the_commands_default(
    server: FakeServer,
) -> None:
    env = {"PRODUCT_ANALYTICS_API_KEY": server.api_key, "PRODUCT_ANALYTICS_BASE_URL": "http://x"}
    result = await cli(
        "--base-url",
        server.base_url,
        "--organization-id",
        server.organization_id,
        "proxy-records",
        "list",
        env=env,
    )
    assert result.code == 0, result.stderr


# -- --version -----------------------------------------------------------------------------


async def test_version_prints_the_package_version() -> None:
    result = await cli("--version")
    assert result.code == 0
    assert result.stdout.strip() == f"product-analytics {__version__}"


# -- missing settings ----------------------------------------------------------------------


async def test_missing_api_key_names_the_flag_and_the_variable(server: FakeServer) -> None:
    result = await cli("--base-url", server.base_url, "recordings", "list", "--project-id", "1")
    assert result.code == 2
    line = one_line(result)
    assert "--api-key" in line
    assert "PRODUCT_ANALYTICS_API_KEY" in line
    assert "AsyncClient" not in line


async def test_missing_base_url_names_the_flag_and_the_variable() -> None:
    result = await cli("--api-key", "phx_k", "roles", "list", "--organization-id", "o")
    assert result.code == 2
    line = one_line(result)
    assert "--base-url" in line
    assert "PRODUCT_ANALYTICS_BASE_URL" in line
    assert "AsyncClient" not in line


@pytest.mark.parametrize(
    ("command", "flag", "variable"),
    [
        (("recordings", "list"), "--project-id", "PRODUCT_ANALYTICS_PROJECT_ID"),
        (("roles", "list"), "--organization-id", "PRODUCT_ANALYTICS_ORGANIZATION_ID"),
    ],
)
async def test_missing_id_names_the_flag_and_the_variable(
    command: tuple[str, ...], flag: str, variable: str
) -> None:
    result = await cli("--api-key", "phx_k", "--base-url", "http://127.0.0.1:9", *command)
    assert result.code == 2
    line = one_line(result)
    assert flag in line
    assert variable in line
    assert "AsyncClient" not in line


async def test_ids_come_from_the_environment(server: FakeServer) -> None:
    env = {
        "PRODUCT_ANALYTICS_API_KEY": server.api_key,
        "PRODUCT_ANALYTICS_BASE_URL": server.base_url,
        "PRODUCT_ANALYTICS_PROJECT_ID": str(server.project_id),
    }
    result = await cli("recordings", "list", "--max-items", "2", env=env)
    assert result.code == 0, result.stderr
    assert len(result.documents) == 2


async def test_base_url_ending_in_api_is_one_clear_line() -> None:
    result = await cli(
        "--api-key",
        "phx_k",
        "--base-url",
        "https://h.example/api/",
        "roles",
        "list",
        "--organization-id",
        "o",
    )
    assert result.code == 2
    line = one_line(result)
    assert "/api" in line
    assert "'https://h.example'" in line


# -- --out ---------------------------------------------------------------------------------


def _unwritable_directory(tmp_path: Path) -> Path:
    """A directory where no file can be created, for root too (root ignores mode bits)."""
    if os.geteuid() != 0:
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        return locked
    if not Path("/sys").is_dir():
        pytest.skip("no directory that refuses root here")
    return Path("/sys")  # sysfs: no regular file can be created there, even by root


@pytest.mark.parametrize("problem", ["missing directory", "a directory", "unwritable", "a file"])
async def test_bad_out_path_is_one_clear_line_and_exit_2(
    problem: str, server: FakeServer, tmp_path: Path
) -> None:
    (tmp_path / "plain.txt").write_text("x")
    before = sorted(tmp_path.rglob("*"))
    out, expected = {
        "missing directory": (tmp_path / "nowhere" / "r.jsonl", "does not exist"),
        "a directory": (tmp_path, "is a directory"),
        "unwritable": (_unwritable_directory(tmp_path) / "r.jsonl", "cannot write"),
        "a file": (tmp_path / "plain.txt" / "r.jsonl", "is not a directory"),
    }[problem]
    result = await cli(
        "--api-key",
        server.api_key,
        "--base-url",
        server.base_url,
        "recordings",
        "export",
        "--project-id",
        str(server.project_id),
        "--out",
        str(out),
        "--no-progress",
    )
    assert result.code == 2
    line = one_line(result)
    assert "--out" in line
    assert expected in line
    assert server.requests == []  # checked before anything is fetched
    assert sorted(tmp_path.rglob("*")) == before


async def test_good_out_path_in_the_working_directory_exports(
    server: FakeServer, tmp_path: Path
) -> None:
    result = await cli(
        "--api-key",
        server.api_key,
        "--base-url",
        server.base_url,
        "recordings",
        "export",
        "--project-id",
        str(server.project_id),
        "--out",
        "r.jsonl",
        "--no-progress",
        cwd=tmp_path,
    )
    assert result.code == 0, result.stderr
    assert len((tmp_path / "r.jsonl").read_text().splitlines()) == 12
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.jsonl"]


# -- usage on a wrong argument -------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "usage", "complaint"),
    [
        (
            ["recordings", "list", "--bogus"],
            "usage: product-analytics recordings list",
            "unrecognized arguments: --bogus",
        ),
        (
            ["recordings", "export", "--page-size", "0", "--out", "x"],
            "usage: product-analytics recordings export",
            "must be >= 1",
        ),
        (["recordings", "export"], "usage: product-analytics recordings export", "--out"),
        (
            ["roles", "create", "--organization-id", "o"],
            "usage: product-analytics roles create",
            "--name",
        ),
        (["proxy-records", "get", "--id"], "usage: product-analytics proxy-records get", "--id"),
        (["recordings", "fly"], "usage: product-analytics recordings", "invalid choice"),
        (["recordings"], "usage: product-analytics recordings", "required"),
        (["fake-server", "--port", "x"], "usage: product-analytics fake-server", "--port"),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, list) else "",
)
async def test_a_wrong_argument_prints_the_commands_usage(
    argv: list[str], usage: str, complaint: str
) -> None:
    result = await cli(*argv)
    assert result.code == 2
    assert result.stderr.startswith(usage), result.stderr
    assert complaint in result.stderr.strip().splitlines()[-1]
    assert "Traceback" not in result.stderr


def _parsers(parser: argparse.ArgumentParser) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    yield parser.prog, parser
    for action in parser._actions:  # argparse offers no public walk of its subparsers
        if isinstance(action, argparse._SubParsersAction):
            for child in action.choices.values():
                yield from _parsers(child)


def test_every_flag_of_every_command_has_help() -> None:
    missing = [
        f"{prog} {'/'.join(action.option_strings)}"
        for prog, parser in _parsers(build_parser())
        for action in parser._actions
        if action.option_strings and not action.help
    ]
    assert missing == []
