"""Fields that models declare alike are declared once, in a base model they extend
(codegen/modelshare.py): every model keeps exactly the fields it had (names, types,
defaults, aliases, constraints), only where they are declared changes."""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from codegen.generate import DEFAULT_SPEC
from codegen.modelemit import emit_models
from codegen.modelgen import _schemas_only, prepare
from codegen.source import load
from pydantic import BaseModel

from product_analytics._model import ApiModel
from tests.support.whole_api import FIXTURE, ROOT

SPECS = {
    "posthog": FIXTURE,
    "ours": DEFAULT_SPEC,
    "drf": ROOT / "tests" / "fixtures" / "drf_spectacular.yaml",
}


def _module(code: str, folder: Path, name: str) -> ModuleType:
    """`code` imported as the module `name` (written into `folder`)."""
    path = folder / f"{name}.py"
    path.write_text(code)
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _fields(module: ModuleType) -> dict[str, dict[str, str]]:
    """Each model class `module` defines, by name: its fields as pydantic sees them, each as
    text (the classes it names without their module)."""
    found = {}
    own = f"{module.__name__}."
    classes = {
        n.name
        for n in ast.parse(Path(str(module.__file__)).read_text()).body
        if isinstance(n, ast.ClassDef)
    }
    for name in sorted(classes):
        value = getattr(module, name)
        if issubclass(value, BaseModel):
            value.model_rebuild()
            fields = value.model_fields.items()
            found[name] = {field: repr(info).replace(own, "") for field, info in fields}
    return found


@pytest.mark.timeout(300)
@pytest.mark.parametrize("spec", sorted(SPECS))
def test_shared_fields_leave_every_model_its_fields(spec: str, tmp_path: Path) -> None:
    prepared = prepare(_schemas_only(load(SPECS[spec]).document))
    alone = emit_models(prepared, "#")
    shared = emit_models(prepared, "#", share=True)
    before = _fields(_module(alone, tmp_path, f"models_alone_{spec}"))
    after = _fields(_module(shared, tmp_path, f"models_shared_{spec}"))
    bases = set(after) - set(before)
    assert {name: after[name] for name in before} == before
    # A base holds fields its members no longer declare.
    classes = {n.name: n for n in ast.parse(shared).body if isinstance(n, ast.ClassDef)}
    for base in bases:
        members = [c for c in classes.values() if [ast.unparse(b) for b in c.bases] == [base]]
        assert len(members) >= 2
        assert all(set(after[base]) <= set(after[m.name]) for m in members)
    assert bases <= set(classes)


def test_the_project_request_and_response_share_their_settings(tmp_path: Path) -> None:
    prepared = prepare(_schemas_only(load(DEFAULT_SPEC).document))
    module = _module(emit_models(prepared, "#", share=True), tmp_path, "models_project")
    request: Any = module.PatchedProjectRequest
    response: Any = module.Project
    base = request.__mro__[1]
    assert base is response.__mro__[1]
    assert base is not ApiModel
    assert issubclass(base, ApiModel)
    assert {"anonymize_ips", "session_recording_opt_in", "is_demo"} <= set(base.model_fields)
    # Typed differently by request and response (the request's constraints): each keeps its own.
    assert "timezone" not in base.model_fields
    assert "name" not in base.model_fields
    assert request.model_fields["timezone"].metadata != response.model_fields["timezone"].metadata
