"""What `pip install` gives a user, read from the installed distribution's metadata (its name
`product-analytics-sdk`): the `cli`, `testing` and `docs` extras, and the Python versions
declared."""

from __future__ import annotations

import io
import re
import sys
from importlib import metadata

import pytest
from packaging.requirements import Requirement

from product_analytics.cli.progress import Progress

SUPPORTED = ["3.10", "3.11", "3.12", "3.13"]
# `product-analytics` on PyPI is an unrelated package with the same import name.
DISTRIBUTION = "product-analytics-sdk"


def _requirements(extra: str) -> dict[str, Requirement]:
    found = {}
    for line in metadata.requires(DISTRIBUTION) or []:
        requirement = Requirement(line)
        if requirement.marker is not None and requirement.marker.evaluate({"extra": extra}):
            found[requirement.name] = requirement
    return found


def test_testing_extra_brings_pytest_pytest_asyncio_and_aioresponses() -> None:
    assert "testing" in (metadata.metadata(DISTRIBUTION).get_all("Provides-Extra") or [])
    testing = _requirements("testing")
    assert {"pytest", "pytest-asyncio", "aioresponses"} <= set(testing)


def test_the_progress_bar_is_in_the_cli_extra_not_a_dependency() -> None:
    assert "tqdm" in _requirements("cli")
    runtime = [Requirement(r) for r in metadata.requires(DISTRIBUTION) or []]
    assert "tqdm" not in {r.name for r in runtime if r.marker is None}


def test_the_cli_shows_plain_progress_without_tqdm(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)  # as if the `cli` extra were not installed
    stream = io.StringIO()
    stream.isatty = lambda: True  # type: ignore[method-assign]
    progress = Progress(stream)
    progress.set_total(10)
    progress.update(10)
    progress.close()
    assert "10/10" in stream.getvalue()


def test_the_dev_pins_are_within_the_testing_and_docs_ranges() -> None:
    """The versions the suite runs on are versions a user's `[testing]` install may get."""
    for extra in ("testing", "docs"):
        for name, requirement in _requirements(extra).items():
            installed = metadata.version(name)
            assert requirement.specifier.contains(installed), (extra, name, installed)


def test_docs_extra_pins_mkdocs_material_and_mkdocstrings() -> None:
    docs = _requirements("docs")
    assert {"mkdocs", "mkdocs-material", "mkdocstrings", "mkdocstrings-python"} <= set(docs)
    assert all(str(r.specifier).startswith("==") for r in docs.values())


def test_classifiers_list_every_supported_python() -> None:
    meta = metadata.metadata(DISTRIBUTION)
    classifiers = meta.get_all("Classifier") or []
    versions = sorted(
        c.rsplit(":: ", 1)[1]
        for c in classifiers
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    )
    assert versions == SUPPORTED
    assert meta["Requires-Python"] == ">=3.10"
