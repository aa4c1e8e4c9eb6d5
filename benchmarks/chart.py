"""The chart of a benchmark run: each ratio of the SDK to its baseline, with its target.

`write_chart(results, path)` writes a PNG (matplotlib, of the dev extra) and returns a line
saying where; without matplotlib it writes nothing and says so.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

__all__ = ["figure", "ratios", "write_chart"]

# (figure, label, target or None): ratios of SDK throughput to a baseline's, in one run.
RATIOS: tuple[tuple[str, str, float | None], ...] = (
    ("bulk.paired_ratio_sdk_raw_models", "get_many\nvs aiohttp+models", 1.0),
    ("bulk.ratio_sdk_httpx_models", "get_many\nvs httpx+pydantic", None),
    ("bulk.ratio_sdk_raw", "get_many\nvs aiohttp+json.loads", None),
    ("iteration.ratio_sdk_raw_models", "async for 100k\nvs raw pager+models", 1.2),
    ("iteration.ratio_sdk_raw", "async for 100k\nvs raw pager+json.loads", None),
    ("latency.ratio_sdk_raw_models", "latency-bound list\nvs raw pager+models", 3.0),
)


def figure(results: dict[str, Any], dotted: str) -> float | None:
    """The figure at the dotted key (`bulk.ratio_sdk_raw`) of a run's results, or None."""
    value: Any = results
    for key in dotted.split("."):
        if not isinstance(value, dict) or key not in value:
            return None
        value = value[key]
    return float(value)


def ratios(results: dict[str, Any]) -> list[tuple[str, float, float | None]]:
    """(label, ratio, target) of every ratio the run measured."""
    found = []
    for key, label, target in RATIOS:
        value = figure(results, key)
        if value is not None:
            found.append((label, value, target))
    return found


def write_chart(results: dict[str, Any], path: Path) -> str:
    """Write the bar chart of `results`' ratios to `path`; a line saying what was done."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return "chart not written: matplotlib is not installed (pip install -e '.[dev]')"
    bars = ratios(results)
    if not bars:
        return "chart not written: no ratio was measured"
    figure, axes = plt.subplots(figsize=(max(6.0, 1.6 * len(bars)), 4.5))
    labels = [label for label, _, _ in bars]
    values = [value for _, value, _ in bars]
    colors = [
        "#2b8a3e" if target is None or value >= target else "#c92a2a" for _, value, target in bars
    ]
    positions = range(len(bars))
    axes.bar(positions, values, color=colors)
    for position, (_, value, target) in zip(positions, bars, strict=True):
        axes.annotate(f"{value:.2f}x", (position, value), ha="center", va="bottom", fontsize=9)
        if target is not None:
            axes.hlines(target, position - 0.4, position + 0.4, colors="black", linestyles="--")
    axes.axhline(1.0, color="grey", linewidth=0.8)
    axes.set_yscale("log")  # the httpx ratio is an order of magnitude above the others
    axes.set_xticks(list(positions), labels, fontsize=8)
    axes.set_ylabel("SDK throughput / baseline (x)")
    machine = results.get("machine", {})
    axes.set_title(
        f"product-analytics SDK vs baselines ({results.get('started_at', '')}, "
        f"{machine.get('cpus', '?')} CPUs, Python {machine.get('python', '?')}); "
        "dashes: targets",
        fontsize=9,
    )
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return f"chart written to {path}"
