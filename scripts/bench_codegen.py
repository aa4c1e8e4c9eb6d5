"""Time the generator on PostHog's whole spec against openapi-python-client, in one run.

    python scripts/bench_codegen.py [--rounds 3] [--json PATH]   (or `make bench-codegen`)

On tests/fixtures/posthog/openapi.yaml, rounds alternate: `python -m codegen`, then
openapi-python-client 0.29.1 (`literal_enums: true`), each a fresh process. Reported for
each: the median wall time, the peak memory of its largest process, the output's size and
file count; then the ratio of the times (the goal: at most 1.0). Also the time a fresh
interpreter takes to `import product_analytics` with the whole API generated (the goal: at
most 0.5 s), median of 7.

openapi-python-client is not a dependency of the SDK: it is installed into its own
virtualenv under .bench/ the first time (pip, from PyPI), and reused after.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "tests" / "fixtures" / "posthog" / "openapi.yaml"
PEER = "openapi-python-client==0.29.1"
PEER_VENV = ROOT / ".bench" / "openapi-python-client-0.29.1"


def peer_command() -> Path:
    """The openapi-python-client executable, installed into its own virtualenv if needed."""
    executable = PEER_VENV / "bin" / "openapi-python-client"
    if not executable.exists():
        print(f"installing {PEER} into {PEER_VENV.relative_to(ROOT)} ...", file=sys.stderr)
        venv.create(PEER_VENV, with_pip=True, clear=True)
        pip = [str(PEER_VENV / "bin" / "python"), "-m", "pip", "install", "--quiet"]
        subprocess.run([*pip, PEER], check=True)
    return executable


def timed(command: list[str], cwd: Path) -> tuple[float, int]:
    """(wall seconds, peak RSS in bytes of the largest process of the run) of `command`."""
    started = time.perf_counter()
    process = subprocess.Popen(
        command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        errors = process.stderr.read() if process.stderr else ""
        raise RuntimeError(f"{' '.join(command)} failed:\n{errors[-2000:]}")
    return elapsed, usage.ru_maxrss * 1024


def size(folder: Path) -> tuple[int, int]:
    """(bytes, files) of the Python modules under `folder`."""
    files = [p for p in folder.rglob("*.py") if "__pycache__" not in p.parts]
    return sum(p.stat().st_size for p in files), len(files)


def ours(work: Path, index: int) -> tuple[float, int, Path]:
    out = work / f"ours_{index}" / "_generated"
    out.parent.mkdir()
    command = [sys.executable, "-m", "codegen", "--spec", str(SPEC), "--out", str(out)]
    seconds, rss = timed(command, ROOT)
    return seconds, rss, out


def peer(work: Path, index: int, executable: Path) -> tuple[float, int, Path]:
    config = work / "peer.yaml"
    config.write_text("literal_enums: true\n")
    out = work / f"peer_{index}"
    command = [
        str(executable),
        "generate",
        "--path",
        str(SPEC),
        "--config",
        str(config),
        "--meta",
        "none",
        "--output-path",
        str(out),
    ]
    seconds, rss = timed(command, work)
    return seconds, rss, out


def import_time(generated: Path, work: Path, runs: int = 7) -> float:
    """Median seconds of `import product_analytics` in a fresh interpreter, with the
    whole API as its `_generated` package."""
    site = work / "site"
    shutil.copytree(
        ROOT / "src" / "product_analytics",
        site / "product_analytics",
        ignore=shutil.ignore_patterns("__pycache__", "_generated"),
    )
    shutil.copytree(generated, site / "product_analytics" / "_generated")
    code = (
        "import time; t = time.perf_counter(); import product_analytics; "
        "print(time.perf_counter() - t)"
    )
    env = {**os.environ, "PYTHONPATH": str(site)}
    subprocess.run([sys.executable, "-c", "import product_analytics"], env=env, check=True)
    times = [
        float(
            subprocess.run(
                [sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True
            ).stdout
        )
        for _ in range(runs)
    ]
    return statistics.median(times)


def run(rounds: int) -> dict[str, Any]:
    executable = peer_command()
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        results: dict[str, list[tuple[float, int]]] = {"ours": [], "peer": []}
        out_ours = out_peer = work
        for index in range(rounds):
            seconds, rss, out_ours = ours(work, index)
            results["ours"].append((seconds, rss))
            seconds, rss, out_peer = peer(work, index, executable)
            results["peer"].append((seconds, rss))
        figures: dict[str, Any] = {"spec": SPEC.relative_to(ROOT).as_posix(), "rounds": rounds}
        for name, out in (("ours", out_ours), ("peer", out_peer)):
            measured = results[name]
            total, files = size(out)
            figures[name] = {
                "seconds": statistics.median(s for s, _ in measured),
                "all_seconds": [round(s, 3) for s, _ in measured],
                "peak_rss_mb": max(r for _, r in measured) / 2**20,
                "output_mb": total / 2**20,
                "output_files": files,
            }
        figures["ratio"] = figures["ours"]["seconds"] / figures["peer"]["seconds"]
        figures["import_seconds"] = import_time(out_ours, work)
    return figures


def report(figures: dict[str, Any]) -> str:
    lines = [f"codegen on {figures['spec']} ({figures['rounds']} rounds, interleaved)"]
    for name, label in (("ours", "python -m codegen"), ("peer", PEER)):
        f = figures[name]
        lines.append(
            f"  {label:<32} {f['seconds']:6.2f} s (median; {f['all_seconds']})  "
            f"peak {f['peak_rss_mb']:.0f} MB  output {f['output_mb']:.1f} MB "
            f"in {f['output_files']} files"
        )
    lines.append(f"  time ratio ours / peer: {figures['ratio']:.2f} x (goal <= 1.0)")
    lines.append(
        f"  import product_analytics with the whole API: {figures['import_seconds']:.3f} s "
        "(median of 7; goal <= 0.5 s)"
    )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()
    figures = run(args.rounds)
    print(report(figures))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
