"""PostHog's whole spec, generated once per session: as a package of its own (imported in
this process) and as the `_generated` package of a copy of the SDK (for subprocesses)."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest
from codegen.generate import ROOT, Generated, generate

from tests.support.whole_api import FIXTURE


@dataclass
class WholeApi:
    """The generated package (`package`, imported as `name`), what generation reported,
    and `site`: a folder holding a copy of the SDK with this package as `_generated`."""

    package: ModuleType
    name: str
    folder: Path
    generated: Generated
    site: Path

    def module(self, leaf: str) -> ModuleType:
        module: ModuleType = __import__(f"{self.name}.{leaf}", fromlist=["_"])
        return module


@pytest.fixture(scope="session")
def whole_api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WholeApi]:
    root = tmp_path_factory.mktemp("whole_api")
    name = "posthog_whole_api"
    generated = generate(FIXTURE, root / name)
    site = root / "site"
    shutil.copytree(
        ROOT / "src" / "product_analytics",
        site / "product_analytics",
        ignore=shutil.ignore_patterns("__pycache__", "_generated"),
    )
    shutil.copytree(root / name, site / "product_analytics" / "_generated")
    sys.path.insert(0, str(root))
    package = __import__(name)
    yield WholeApi(package, name, root / name, generated, site)
    sys.path.remove(str(root))
    for module in [m for m in sys.modules if m.split(".")[0] == name]:
        del sys.modules[module]
