"""The benchmark code on tiny sizes, so that it does not rot: no timing is asserted."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path

import pytest
from benchmarks import instructions, iteration_floor, scenarios
from benchmarks.chart import write_chart
from benchmarks.data import index_of, recording_bytes, recording_id
from benchmarks.run import BULK_ORDERS, SCENARIOS, Config, format_table, run_all
from benchmarks.server import ServerProcess

from product_analytics import models


def test_recordings_are_realistic_and_carry_their_index() -> None:
    body = recording_bytes(42)
    assert 800 <= len(body) <= 1_500
    recording = models.SessionRecording.model_validate_json(body)
    assert recording.id == recording_id(42)
    assert recording.person is not None
    assert recording.person.properties
    assert index_of(recording_id(123_456)) == 123_456
    assert index_of("not-a-recording") is None


def test_every_scenario_runs_and_writes_its_figures(tmp_path: Path) -> None:
    config = Config(
        rounds=1,
        bulk_count=50,
        concurrency=8,
        iteration_count=120,
        page_size=50,
        memory_runs=1,
        overhead_calls=200,
        overhead_repeat=1,
        warmup=False,
        throttle_ids=30,
        throttle_rate=20,
        throttle_window=0.5,
        export_count=200,
        export_page_size=10,
        export_rate=20,
        drf_cases=((6, 4, 1.0), (6, 4, 1.0)),
        shared_count=3,
        overhead_gets=20,
        shared_rate=5,
        shared_window=1,
        shared_workers=2,
        latency_count=60,
        latency_page_size=10,
        latency_delay=0.001,
        batched_ids=12,
        batched_size=5,
        batched_recordings_rate=50,
        batched_listing_rate=2,
        batched_window=0.2,
    )
    output = tmp_path / "results.json"

    results = run_all(config, output=output, progress=lambda message: None)

    written = json.loads(output.read_text(encoding="utf-8"))
    assert written == json.loads(json.dumps(results))
    for key in (*SCENARIOS, "machine", "config", "targets"):
        assert key in written
    bulk, iteration = written["bulk"], written["iteration"]
    for name in ("sdk", "raw_aiohttp", "httpx"):
        assert bulk[name]["items"] == 50
        assert bulk[name]["median_per_s"] > 0
    assert {"ratio_sdk_raw", "paired_ratio_sdk_raw", "ratio_sdk_httpx"} <= set(bulk)
    assert {"ratio_sdk_raw_models", "paired_ratio_sdk_raw_models"} <= set(bulk)
    assert "ratio_sdk_httpx_models" in bulk
    for name in ("raw_aiohttp_models", "httpx_models"):
        assert bulk[name]["items"] == 50
    latency = written["latency"]
    for name in ("sdk", "raw_aiohttp_models", "raw_aiohttp"):
        assert latency[name]["items"] == 60
    assert {"ratio_sdk_raw_models", "paired_ratio_sdk_raw_models"} <= set(latency)
    for name in ("sdk", "raw_aiohttp", "raw_aiohttp_models"):
        assert iteration[name]["items"] == 120
    assert {"ratio_sdk_raw", "paired_ratio_sdk_raw", "ratio_sdk_raw_models"} <= set(iteration)
    assert {"sdk_growth_mb", "raw_growth_mb"} <= set(written["memory"])
    assert {"get_us", "build_request_us", "decode_success_us"} <= set(written["overhead"])
    assert all(target["value"] is not None for target in written["targets"])
    assert written["throttled"]["get_many"]["count"] == 30
    assert written["throttled"]["export"]["written"] == 200
    assert written["batched"]["batched"]["list_requests"] >= 3  # 12 ids, 5 a request
    assert written["batched"]["unbatched"]["get_requests"] >= 12
    assert "speed-up" in format_table(results)
    assert all(info["value"] is not None for info in written["information"])
    assert "sdk / raw" in format_table(results)
    chart = tmp_path / "ratios.png"
    assert "written" in write_chart(results, chart)
    assert chart.read_bytes().startswith(b"\x89PNG")


def test_the_instruction_count_workloads_run_without_valgrind() -> None:
    """`python -m benchmarks.instructions` runs each of these under valgrind; here they run
    plainly, on ten ids, so that they do not rot (valgrind itself is not needed)."""
    with ServerProcess(recordings=10) as server:
        for variant in instructions.VARIANTS + instructions.PAGE_VARIANTS:
            argv = ["--run", variant, "--base-url", server.base_url, "--ids", "10"]
            assert instructions.main(argv) == 0


def test_the_iteration_floor_measures_a_short_list() -> None:
    """`python -m benchmarks.iteration_floor` on 30 recordings in pages of 10, one round."""
    with ServerProcess(recordings=30) as server:
        result = iteration_floor.measure(server.base_url, 30, 10, rounds=1)
    parts = ("read_cpu", "validate_cpu", "sdk_wall", "raw_models_wall")
    assert set(result) >= {*parts, "best_ratio", "best_ratio_from_cpu", "sdk_over_floor"}
    assert all(value > 0 for value in result.values())


def test_interleave_runs_the_variants_in_the_orders_given() -> None:
    """The bulk scenario's orders: round i runs `orders[i % len(orders)]`, and an order
    that leaves a variant out (or runs one twice) is refused."""
    ran: list[str] = []

    def variant(name: str) -> scenarios.Workload:
        async def run() -> int:
            ran.append(name)
            return 1

        return run

    variants = {name: variant(name) for name in ("a", "b", "c")}
    orders = (("a", "b", "c"), ("c", "b", "a"))
    pid = os.getpid()  # any process: its CPU time is read, not used here
    samples = asyncio.run(scenarios.interleave(variants, rounds=3, server_pid=pid, orders=orders))
    assert ran == ["a", "b", "c", "c", "b", "a", "a", "b", "c"]
    assert all(len(runs) == 3 for runs in samples.values())
    for bad in ((("a", "b"),), (("a", "b", "b"),)):
        with pytest.raises(ValueError, match="every variant once"):
            asyncio.run(scenarios.interleave(variants, rounds=1, server_pid=pid, orders=bad))
    ran.clear()
    asyncio.run(scenarios.interleave(variants, rounds=2, server_pid=pid))
    assert ran == ["a", "b", "c", "b", "c", "a"]
    assert sorted(map(sorted, BULK_ORDERS)) == [sorted(BULK_ORDERS[0])] * len(BULK_ORDERS)
