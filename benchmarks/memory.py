"""The child process of the memory scenario: iterate the whole list once, report peak RSS.

    python -m benchmarks.memory --mode sdk|raw --base-url http://127.0.0.1:PORT

Everything is imported and set up first; then the resident set size is read, the list is
iterated (items are used and dropped, as a streaming caller does), and the growth is the
process's peak RSS, which the kernel keeps exactly, minus that starting RSS. The peak is
`VmHWM` of /proc/self/status on Linux, not `ru_maxrss`: a child inherits the parent's
`ru_maxrss` through fork and exec, so it would report the benchmark runner's size.
Prints one JSON line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import sys
import time

import psutil

from benchmarks.scenarios import raw_aiohttp_iterate, sdk_iterate

MB = 1024 * 1024


def peak_rss_bytes() -> int:
    """The peak RSS of this process so far: `VmHWM` where there is /proc, else
    `ru_maxrss` (KiB on Linux, bytes on macOS)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.memory", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--mode", choices=("sdk", "raw"), required=True)
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--page-size", type=int, default=1_000)
    args = parser.parse_args(argv)
    workload = sdk_iterate if args.mode == "sdk" else raw_aiohttp_iterate
    baseline = psutil.Process().memory_info().rss
    started = time.perf_counter()
    items = asyncio.run(workload(args.base_url, args.page_size))
    seconds = time.perf_counter() - started
    peak = peak_rss_bytes()
    print(
        json.dumps(
            {
                "mode": args.mode,
                "items": items,
                "seconds": round(seconds, 3),
                "baseline_rss_mb": round(baseline / MB, 2),
                "peak_rss_mb": round(peak / MB, 2),
                "growth_mb": round((peak - baseline) / MB, 2),
            }
        )
    )


if __name__ == "__main__":
    main()
