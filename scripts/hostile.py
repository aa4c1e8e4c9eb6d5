"""Run the hostile scenarios of issue 14 against the SDK and print a table: per case, the
requests the server saw, seconds, peak memory growth and the outcome.

    python scripts/hostile.py                       # this checkout's SDK
    python scripts/hostile.py --sdk-src OTHER/src   # another version's sources, same venv
    python scripts/hostile.py --json > figures.jsonl

Each case runs in a process of its own (`python -m tests.hardening.scenarios CASE`), with
its address space capped (`--memory-cap`, MiB) so that a version without bounds ends in
MemoryError rather than taking the machine. Every server is on 127.0.0.1. The figures are
measurements, not pass/fail: the tests in tests/hardening/ assert the bounds.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def run_case(case: str, sdk_src: str | None, memory_cap: int, timeout: float) -> dict[str, object]:
    path = [str(ROOT)] if sdk_src is None else [sdk_src, str(ROOT)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(path)}
    command = [
        sys.executable,
        "-m",
        "tests.hardening.scenarios",
        case,
        "--memory-cap",
        str(memory_cap),
    ]
    try:
        done = subprocess.run(
            command,
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return {
            "case": case,
            "requests": None,
            "seconds": timeout,
            "peak_mb": None,
            "outcome": f"killed after {timeout:g} s",
        }
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return {
            "case": case,
            "requests": None,
            "seconds": None,
            "peak_mb": None,
            "outcome": f"process ended {done.returncode}: {last[:150]}",
        }
    report: dict[str, object] = json.loads(lines[-1])
    return report


def table(reports: list[dict[str, object]]) -> str:
    rows = [("case", "requests", "seconds", "peak MB", "outcome")]
    for r in reports:
        rows.append(
            (
                str(r["case"]),
                "-" if r.get("requests") is None else str(r["requests"]),
                "-" if r.get("seconds") is None else f"{r['seconds']:.2f}",
                "-" if r.get("peak_mb") is None else f"{r['peak_mb']:.0f}",
                str(r["outcome"]),
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    out = []
    for row in rows:
        cells = zip(row[:4], widths, strict=True)
        head = "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(cells))
        wrapped = textwrap.wrap(row[4], 90) or [""]
        out.append(f"{head}  {wrapped[0]}")
        out += [" " * (len(head) + 2) + more for more in wrapped[1:]]
    return "\n".join(out)


def main() -> None:
    from tests.hardening.scenarios import SCENARIOS

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sdk-src", help="import product_analytics from this source directory")
    parser.add_argument("--cases", nargs="*", default=list(SCENARIOS), choices=list(SCENARIOS))
    parser.add_argument("--memory-cap", type=int, default=4096, help="MiB per case (0: none)")
    parser.add_argument("--timeout", type=float, default=300, help="seconds per case")
    parser.add_argument("--json", action="store_true", help="one JSON line per case")
    args = parser.parse_args()
    reports = []
    for case in args.cases:
        report = run_case(case, args.sdk_src, args.memory_cap, args.timeout)
        if args.json:
            print(json.dumps(report), flush=True)
        else:
            print(f"  {case}: {str(report['outcome'])[:100]}", file=sys.stderr, flush=True)
        reports.append(report)
    if not args.json:
        print(table(reports))


if __name__ == "__main__":
    main()
