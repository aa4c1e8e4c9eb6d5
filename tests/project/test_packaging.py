"""What `pip install` gives a user, read from the installed distribution's metadata: the
`testing` and `docs` extras, and the Python versions declared."""

from __future__ import annotations

import re
from importlib import metadata

from packaging.requirements import Requirement

SUPPORTED = ["3.10", "3.11", "3.12", "3.13"]


def _requirements(extra: str) -> dict[str, Requirement]:
    found = {}
    for line in metadata.requires("product-analytics") or []:
        requirement = Requirement(line)
        if requirement.marker is not None and requirement.marker.evaluate({"extra": extra}):
            found[requirement.name] = requirement
    return found


def test_testing_extra_brings_pytest_and_pytest_asyncio() -> None:
    assert "testing" in (metadata.metadata("product-analytics").get_all("Provides-Extra") or [])
    testing = _requirements("testing")
    assert {"pytest", "pytest-asyncio"} <= set(testing)


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
    meta = metadata.metadata("product-analytics")
    classifiers = meta.get_all("Classifier") or []
    versions = sorted(
        c.rsplit(":: ", 1)[1]
        for c in classifiers
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    )
    assert versions == SUPPORTED
    assert meta["Requires-Python"] == ">=3.10"
