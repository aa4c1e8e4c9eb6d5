"""The public API of a generated package, read by griffe from its source: nothing is imported,
so a package that no longer imports (an old one, a broken one) is read all the same.

`load_public_api(folder)` gives the `PublicApi` (codegen/changes.py) of the package in
`folder`, in either layout: one module each, or a large spec's index modules whose names
come from `_resource_classes/` and `_models/` (codegen/split.py). The resources are the attributes
of `resources.ClientResources` (annotated attributes, or the split layout's cached
properties), the models the names `models.__all__` lists. The operations modules are not
read.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import griffe

from codegen.changes import PublicApi

__all__ = ["load_public_api"]

# The name the package is loaded under, whatever its folder is called (a staging folder's
# name is not a module name).
_PACKAGE = "generated"
# What is read of it: the operations modules are not (what users call is on the resources).
_READ = ("__init__.py", "models.py", "resources.py", "_models", "_resource_classes")


def load_public_api(folder: Path) -> PublicApi:
    """The public API of the generated package in `folder`; an empty one when `folder` holds
    no generated package (a first generation)."""
    if not (folder / "resources.py").is_file() or not (folder / "models.py").is_file():
        return PublicApi(resources={}, models={})
    with tempfile.TemporaryDirectory(prefix="public-api-") as search_path:
        package_folder = Path(search_path) / _PACKAGE
        package_folder.mkdir()
        for name in _READ:
            if (folder / name).exists():
                (package_folder / name).symlink_to((folder / name).resolve())
        package = griffe.load(_PACKAGE, search_paths=[search_path], allow_inspection=False)
        assert isinstance(package, griffe.Module)
        return PublicApi(resources=_resources(package), models=_models(package))


def _class(module: griffe.Module, name: str) -> griffe.Class | None:
    """The class `name` of `module`, followed through an import (an index's alias)."""
    member = module.members.get(name)
    target = member.final_target if isinstance(member, griffe.Alias) else member
    return target if isinstance(target, griffe.Class) else None


def _resources(package: griffe.Module) -> dict[str, griffe.Class]:
    module = package.modules["resources"]
    holder = _class(module, "ClientResources")
    if holder is None:
        return {}
    resources = {}
    for name, member in holder.members.items():
        annotation = getattr(member, "annotation", None)
        if name.startswith("_") or annotation is None:
            continue
        resource = _class(module, str(annotation))
        if resource is not None:
            resources[name] = resource
    return resources


def _models(package: griffe.Module) -> dict[str, griffe.Class]:
    module = package.modules["models"]
    models = {}
    for name in module.exports or []:
        model = _class(module, str(name))
        if model is not None:
            models[str(name)] = model
    return models
