"""`make demo`: start the bundled fake server, export its recordings through the CLI.

Starts `product-analytics fake-server` with a few thousand seeded recordings on a free
loopback port, runs `product-analytics recordings export` against it (progress bar when the
terminal is interactive), prints the summary, and stops the server. Exits with the export's
exit code.
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
    args = parser.parse_args()
    cli = [sys.executable, "-m", "product_analytics"]
    server = subprocess.Popen(
        [*cli, "fake-server", "--port", "0", "--recordings", str(args.recordings), "--seed", "7"],
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
        sys.stderr.write(
            f"demo: fake server with {info['recordings']} recordings at {info['base_url']}\n"
        )
        env = {**os.environ, **info["env"]}
        export = subprocess.run(
            [
                *cli, "recordings", "export",
                "--project-id", str(info["project_id"]),
                "--out", args.out,
                "--page-size", str(args.page_size),
                "--concurrency", str(args.concurrency),
            ],
            env=env,
            check=False,
        )  # fmt: skip
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
