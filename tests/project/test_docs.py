"""The API reference (`make docs`): every page is in the navigation, every `:::` directive
names a real object, the error page lists every error, and `mkdocs build --strict` (warnings
are errors) succeeds."""

from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import BaseModel

import product_analytics
from product_analytics import errors, models

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
CONFIG = (ROOT / "mkdocs.yml").read_text()
PAGES = sorted(p.name for p in DOCS.glob("*.md"))
DIRECTIVES = sorted(
    {
        (page, name)
        for page in PAGES
        for name in re.findall(r"^::: ([\w.]+)$", (DOCS / page).read_text(), re.MULTILINE)
    }
)
REQUIRED_PAGES = {
    "client.md",
    "pagination.md",
    "bulk-and-throttling.md",
    "errors.md",
    "fake-server.md",
    "cli.md",
    "regeneration.md",
    "benchmarks.md",
}


def _resolve(dotted: str) -> object:
    """The object a directive names: the longest importable module prefix, then attributes."""
    parts = dotted.split(".")
    for split in range(len(parts), 0, -1):
        try:
            target: object = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        for attribute in parts[split:]:
            target = getattr(target, attribute)
        return target
    raise ImportError(dotted)


def test_every_page_named_in_the_issue_exists_and_is_in_the_navigation() -> None:
    assert set(PAGES) >= REQUIRED_PAGES
    for page in PAGES:
        assert re.search(rf"^  - [^:\n]+: {re.escape(page)}$", CONFIG, re.MULTILINE), page


@pytest.mark.parametrize(("page", "name"), DIRECTIVES, ids=lambda v: v)
def test_every_directive_names_a_real_object(page: str, name: str) -> None:
    assert _resolve(name) is not None


def test_the_errors_page_documents_every_error_class() -> None:
    documented = {name.rsplit(".", 1)[1] for page, name in DIRECTIVES if page == "errors.md"}
    [tree] = re.findall(r"^```\n(.*?)^```", (DOCS / "errors.md").read_text(), re.S | re.M)
    for name in product_analytics.__all__:
        value = getattr(product_analytics, name)
        if isinstance(value, type) and issubclass(value, errors.ProductAnalyticsError):
            assert name in documented, name
            assert re.search(rf"\b{name}\b", tree), f"{name} is not in the tree"


def test_docs_build_with_warnings_as_errors(tmp_path: Path) -> None:
    pytest.importorskip("mkdocs")
    pytest.importorskip("mkdocstrings_handlers.python")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "mkdocs",
            "build",
            "--strict",
            "--config-file",
            str(ROOT / "mkdocs.yml"),
            "--site-dir",
            str(tmp_path / "site"),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "WARNING" not in output, output
    client_page = (tmp_path / "site" / "client" / "index.html").read_text()
    assert "get_many" in client_page  # the docstrings were rendered, not only the prose
    assert "max_retry_after" in client_page
    models_page = (tmp_path / "site" / "models" / "index.html").read_text()
    for name in _model_names():
        assert f'id="product_analytics._generated.models.{name}"' in models_page, name


def _model_names() -> list[str]:
    return [
        name
        for name, value in vars(models).items()
        if isinstance(value, type) and issubclass(value, BaseModel) and value is not BaseModel
    ]


def test_the_fault_injection_example_runs() -> None:
    # docs/fake-server.md's example of every kind of fault, as a coroutine's body.
    page = (DOCS / "fake-server.md").read_text()
    [example] = [b for b in re.findall(r"```python\n(.*?)```", page, re.S) if "Fault.stall" in b]
    imports = [line for line in example.splitlines() if line.startswith("from ")]
    body = [f"    {line}" for line in example.splitlines() if not line.startswith("from ")]
    script = "\n".join(
        ["import asyncio", *imports, "async def main():", *body, "asyncio.run(main())"]
    )
    completed = subprocess.run(
        [sys.executable, "-W", "error", "-c", script], capture_output=True, text=True, timeout=60
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.splitlines() == [
        "20 {'error': 2, 'drop': 1, 'stall': 1}",
        "429 30.0",
    ]


# Names the docs quote from the service's own code (PostHog's throttle classes), not ours.
SERVICE_NAMES = {"ListingBurstRateThrottle", "ListingSustainedRateThrottle"}


def test_every_class_name_the_docs_give_is_still_defined() -> None:
    # benchmarks.md is left out: its records of past runs name the code as it was then.
    code = "\n".join(
        path.read_text() for folder in ("src", "codegen") for path in (ROOT / folder).rglob("*.py")
    )
    pages = [ROOT / "README.md", *(DOCS / p for p in PAGES if p != "benchmarks.md")]
    stale = {
        f"{page.name}: {name}"
        for page in pages
        for name in re.findall(r"`([A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+)`", page.read_text())
        if name not in SERVICE_NAMES and not re.search(rf"\b{name}\b", code)
    }
    assert not stale, sorted(stale)


def test_every_dotted_name_the_docs_give_resolves() -> None:
    pages = [ROOT / "README.md", *(DOCS / p for p in PAGES if p != "benchmarks.md")]
    named = {
        (page.name, name)
        for page in pages
        for name in re.findall(r"`(product_analytics(?:\.\w+)+)`", page.read_text())
    }
    assert named
    for page, name in sorted(named):
        try:
            _resolve(name)
        except (ImportError, AttributeError):
            pytest.fail(f"{page} names {name}, which does not exist")
