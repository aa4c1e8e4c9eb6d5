"""`recordings get-many --ids-file FILE`: recordings by id from a file, fetched in batches."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest

from product_analytics.cli.get_many import read_ids
from product_analytics.cli.parser import LEAF, build_parser
from product_analytics.testing import FakeServer

LIST = "session_recordings_list"
GET = "session_recordings_retrieve"


def ids_file(tmp_path: Path, lines: list[str]) -> str:
    path = tmp_path / "ids.txt"
    path.write_text("".join(f"{line}\n" for line in lines))
    return str(path)


def operations(server: FakeServer) -> list[str | None]:
    return [r.operation_id for r in server.requests]


async def test_get_many_prints_the_recordings_of_the_file_in_its_order(
    cli_env: FakeServer, run_cli: Any, tmp_path: Path
) -> None:
    wanted = list(reversed(cli_env.recording_ids))  # 120 ids
    path = ids_file(tmp_path, ["# exported ids", *wanted[:60], "", *wanted[60:]])
    result = await run_cli("recordings", "get-many", "--ids-file", path)
    assert result.code == 0, result.stderr
    assert [d["id"] for d in result.documents] == wanted
    assert result.stderr == ""
    assert operations(cli_env).count(LIST) == 2  # 100 ids a request by default
    assert operations(cli_env).count(GET) == 0


async def test_batch_size_sets_the_ids_per_list_request(
    cli_env: FakeServer, run_cli: Any, tmp_path: Path
) -> None:
    path = ids_file(tmp_path, cli_env.recording_ids[:50])
    result = await run_cli("recordings", "get-many", "--ids-file", path, "--batch-size", "10")
    assert result.code == 0, result.stderr
    assert len(result.documents) == 50
    assert operations(cli_env).count(LIST) == 5


async def test_no_batch_fetches_each_id_by_get(
    cli_env: FakeServer, run_cli: Any, tmp_path: Path
) -> None:
    path = ids_file(tmp_path, cli_env.recording_ids[:7])
    result = await run_cli("recordings", "get-many", "--ids-file", path, "--no-batch")
    assert result.code == 0, result.stderr
    assert [d["id"] for d in result.documents] == cli_env.recording_ids[:7]
    assert operations(cli_env) == [GET] * 7


async def test_unknown_ids_are_reported_on_stderr_and_the_others_printed(
    cli_env: FakeServer, run_cli: Any, tmp_path: Path
) -> None:
    known = cli_env.recording_ids[:4]
    path = ids_file(tmp_path, [known[0], "no-such-1", *known[1:], "no-such-2"])
    result = await run_cli("recordings", "get-many", "--ids-file", path)
    assert result.code == 1
    assert [d["id"] for d in result.documents] == known
    lines = result.stderr.splitlines()
    assert len(lines) == 3
    assert lines[0].startswith("product-analytics: no-such-1: error: ")
    assert "404" in lines[0]
    assert lines[1].startswith("product-analytics: no-such-2: error: ")
    assert lines[2] == "product-analytics: 2 of 6 ids failed"
    assert operations(cli_env).count(GET) == 2


async def test_ids_can_come_from_stdin(
    cli_env: FakeServer, run_cli: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(cli_env.recording_ids[:3])))
    result = await run_cli("recordings", "get-many", "--ids-file", "-")
    assert result.code == 0, result.stderr
    assert [d["id"] for d in result.documents] == cli_env.recording_ids[:3]


async def test_a_missing_ids_file_is_a_usage_error_before_any_request(
    cli_env: FakeServer, run_cli: Any, tmp_path: Path
) -> None:
    result = await run_cli("recordings", "get-many", "--ids-file", str(tmp_path / "nope.txt"))
    assert result.code == 2
    assert "--ids-file" in result.stderr
    assert "No such file" in result.stderr
    assert cli_env.requests == []


@pytest.mark.parametrize("size", ["0", "101", "ten"])
async def test_a_batch_size_out_of_range_exits_2_with_usage(
    cli_env: FakeServer, run_cli: Any, tmp_path: Path, size: str
) -> None:
    path = ids_file(tmp_path, cli_env.recording_ids[:2])
    result = await run_cli("recordings", "get-many", "--ids-file", path, "--batch-size", size)
    assert result.code == 2
    assert "--batch-size" in result.stderr
    assert cli_env.requests == []


def test_read_ids_skips_blank_and_comment_lines() -> None:
    assert read_ids([" a \n", "\n", "# note\n", "b", "  #c"]) == ["a", "b"]


def test_every_option_of_get_many_has_help() -> None:
    args = build_parser().parse_args(["recordings", "get-many", "--ids-file", "x"])
    text = getattr(args, LEAF).format_help()
    for flag in ("--ids-file", "--batch-size", "--no-batch", "--concurrency", "--project-id"):
        # argparse puts an option's help after it on its line, or on the next line.
        line = re.search(rf"^  {flag}\b.*\n(.*)", text, flags=re.M)
        assert line is not None, flag
        described = re.sub(rf"^  {flag}( [A-Z_]+)?", "", line[0]).strip()
        assert len(described) > 10, (flag, text)
