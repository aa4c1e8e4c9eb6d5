"""The console script, `python -m product_analytics`, `fake-server` and the demo, as
processes."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from product_analytics import AsyncClient
from tests.cli.conftest import fake_server_process

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(sys.executable).parent / "product-analytics"


def test_console_script_and_module_both_print_help() -> None:
    for command in ([str(SCRIPT)], [sys.executable, "-m", "product_analytics"]):
        result = subprocess.run([*command, "--help"], capture_output=True, text=True, timeout=60)
        assert result.returncode == 0
        for group in ("recordings", "proxy-records", "roles", "projects", "fake-server"):
            assert group in result.stdout


async def test_fake_server_command_serves_until_interrupted() -> None:
    async with fake_server_process("--recordings", "12", "--seed", "4") as server:
        info = server.info
        assert info["base_url"].startswith("http://127.0.0.1:")
        async with AsyncClient(api_key=info["api_key"], base_url=info["base_url"]) as client:
            ids = [
                r.id async for r in client.session_recordings.list(project_id=info["project_id"])
            ]
        assert len(ids) == 12
    assert server.process.returncode == 130
    assert server.stderr.decode().strip() == "product-analytics: fake server stopped"


async def test_a_reader_that_stops_reading_ends_the_list_quietly() -> None:
    """`product-analytics recordings list | head -1`: once the reader has gone, the command
    stops without an error line, with the status of a process SIGPIPE ended (128 + 13)."""
    async with fake_server_process("--recordings", "40") as server:
        env = {**os.environ, **server.info["env"]}
        first, stderr, code = await asyncio.to_thread(_read_one_line_and_close, env)
    assert json.loads(first)["id"]
    assert stderr.decode() == ""
    assert code == 141


def _read_one_line_and_close(env: dict[str, str]) -> tuple[bytes, bytes, int]:
    """Run `recordings list`, read its first line, close the pipe; its stderr and status."""
    with subprocess.Popen(
        [sys.executable, "-m", "product_analytics", "recordings", "list", "--page-size", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    ) as process:
        assert process.stdout is not None
        assert process.stderr is not None
        first = process.stdout.readline()
        process.stdout.close()
        stderr = process.stderr.read()
        return first, stderr, process.wait(timeout=60)


async def test_terminated_export_keeps_its_progress_for_resume_and_no_final_file(
    tmp_path: Path,
) -> None:
    out = tmp_path / "big.jsonl"
    checkpoint = tmp_path / "big.jsonl.checkpoint"
    async with fake_server_process("--recordings", "30000") as server:
        info = server.info
        export = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "product_analytics",
            "recordings",
            "export",
            "--project-id",
            str(info["project_id"]),
            "--out",
            str(out),
            "--page-size",
            "20",
            "--concurrency",
            "1",
            env={**os.environ, **info["env"]},
            stderr=asyncio.subprocess.PIPE,
        )
        for _ in range(600):
            with contextlib.suppress(OSError, ValueError):
                if json.loads(checkpoint.read_text())["lines"] >= 40:
                    break
            await asyncio.sleep(0.05)
        export.send_signal(signal.SIGTERM)
        _, stderr = await asyncio.wait_for(export.communicate(), 60)
        assert export.returncode == 143
        assert b"interrupted" in stderr
        assert b"--resume" in stderr
        assert not out.exists()
        assert sorted(p.name for p in tmp_path.iterdir()) == [
            "big.jsonl.checkpoint",
            "big.jsonl.part",
        ]
        kept = json.loads(checkpoint.read_text())
        lines = (tmp_path / "big.jsonl.part").read_bytes().count(b"\n")
        assert kept["lines"] == lines >= 40


def test_demo_exports_every_seeded_recording_and_prints_the_summary(tmp_path: Path) -> None:
    out = tmp_path / "demo.jsonl"
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts" / "demo.py"),
            "--recordings",
            "600",
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env={k: v for k, v in os.environ.items() if not k.startswith("PRODUCT_ANALYTICS_")},
    )
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["written"] == 600
    assert {"seconds", "requests", "requests_per_second", "retries"} <= set(summary)
    assert len(out.read_text().splitlines()) == 600
    assert "exported 600 recordings" in result.stderr
