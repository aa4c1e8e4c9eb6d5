"""The benchmark suite of the SDK: `python -m benchmarks.run [--quick]` (or `make bench`).

- `data`: deterministic recording JSON (~1 KB each, nested person with properties).
- `server`: a plain `aiohttp.web` server of those recordings, run in a separate process.
- `scenarios`: the measured workloads (SDK, raw aiohttp, httpx) and the per-call overhead.
- `memory`: the child process whose peak RSS growth is measured.
- `run`: runs everything interleaved, prints a table, writes `benchmarks/results.json`.
"""
