"""`make demo`: start the bundled fake server, export its recordings through the CLI.

Starts `product-analytics fake-server` with a few thousand seeded recordings on a free
loopback port, runs `product-analytics recordings export` against it (progress bar when the
terminal is interactive), prints the summary, and stops the server. Exits with the export's
exit code.

By default the fake server throttles the recordings endpoints at 8 requests a second (the
service's DRF semantics, see `product_analytics.testing.throttle`), so that the export meets
the rate limit: the progress shows the pause the service asks for, then the client paces
itself. `--throttle CLASS=N/SECONDS` sets other rates; `--no-throttle` turns it off.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--recordings", type=int, default=5000)
    parser.add_argument("--out", default="demo-recordings.jsonl")
    parser.add_argument("--page-size", type=int, default=250)
    parser.add_argument("--concurrency", type=int, default=4)
    parser.add_argument(
        "--throttle",
        action="append",
        default=[],
        metavar="CLASS=N/SECONDS",
        help="throttle the fake server (default recordings=8/1); repeatable",
    )
    parser.add_argument("--no-throttle", action="store_true", help="an unthrottled server")
    args = parser.parse_args()
    rates = [] if args.no_throttle else (args.throttle or ["recordings=8/1"])
    throttle = [flag for rate in rates for flag in ("--throttle", rate)]
    cli = [sys.executable, "-m", "product_analytics"]
    server_command = [
        *cli,
        "fake-server",
        "--port",
        "0",
        "--recordings",
        str(args.recordings),
        "--seed",
        "7",
        *throttle,
    ]
    server = subprocess.Popen(
        server_command,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        if not line:
            sys.stderr.write("demo: the fake server did not start\n")
            return 1
        info = json.loads(line)
        throttled = f", throttled {info['throttle']}" if info.get("throttle") else ""
        sys.stderr.write(
            f"demo: fake server with {info['recordings']} recordings at {info['base_url']}"
            f"{throttled}\n"
        )
        env = {**os.environ, **info["env"]}
        export = subprocess.run(
            [
                *cli,
                "recordings",
                "export",
                "--project-id",
                str(info["project_id"]),
                "--out",
                args.out,
                "--page-size",
                str(args.page_size),
                "--concurrency",
                str(args.concurrency),
            ],
            env=env,
            check=False,
        )
        if export.returncode == 0:
            with Path(args.out).open("rb") as exported:
                lines = sum(1 for _ in exported)
            sys.stderr.write(f"demo: {args.out} holds {lines} recordings, one JSON object a line\n")
        return export.returncode
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    raise SystemExit(main())
