"""The models of a small spec as importable modules: what the generator writes (one
module, or split into a lazily loaded package); and how a model validates a body."""

from __future__ import annotations

import importlib
import itertools
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from codegen.modelgen import exported, generate_models
from codegen.split import PACKAGE, split_models
from pydantic import BaseModel, ValidationError

_COUNTER = itertools.count()


def spec(schemas: dict[str, Any], version: str = "3.0.3") -> dict[str, Any]:
    """A document of `schemas` and no operation."""
    return {
        "openapi": version,
        "info": {"title": "t", "version": "1"},
        "paths": {},
        "components": {"schemas": schemas},
    }


def _imported(folder: Path, name: str) -> ModuleType:
    sys.path.insert(0, str(folder))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(folder))


def load(code: str, folder: Path) -> ModuleType:
    """`code` imported as a module of its own."""
    name = f"generated_models_{next(_COUNTER)}"
    (folder / f"{name}.py").write_text(code, encoding="utf-8")
    return _imported(folder, name)


def ours(document: dict[str, Any], folder: Path) -> ModuleType:
    """The generator's models module for `document`, imported."""
    return load(exported(generate_models(document, "# generated")), folder)


def ours_split(document: dict[str, Any], folder: Path) -> ModuleType:
    """The generator's models for `document` split as a large spec's are (an index and a
    module per class), imported as a package."""
    split = split_models(generate_models(document, "# generated"), "# generated")
    name = f"generated_package_{next(_COUNTER)}"
    package = folder / name
    (package / PACKAGE).mkdir(parents=True)
    (package / "__init__.py").write_text(split.index, encoding="utf-8")
    (package / PACKAGE / "__init__.py").write_text("", encoding="utf-8")
    for file_name, text in split.modules.items():
        (package / PACKAGE / file_name).write_text(text, encoding="utf-8")
    return _imported(folder, name)


def outcome(model: Any, body: Any) -> tuple[str, Any]:
    """("ok", the body as the model sends it back) or ("error", where and what failed)."""
    try:
        value = model.model_validate(body)
    except ValidationError as error:
        return "error", sorted((tuple(map(str, e["loc"])), e["type"]) for e in error.errors())
    assert isinstance(value, BaseModel)
    return "ok", value.model_dump(mode="json", by_alias=True)
