"""A later revision of PostHog's spec regenerates as well as the fixture: environment paths
renamed to `{environment_id}` (as current PostHog names them), operations added and
removed, new enum values and new fields."""

from __future__ import annotations

import copy
import inspect
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml
from codegen.generate import DEFAULT_SPEC, generate

from product_analytics import AsyncClient
from tests.support import whole_api
from tests.support.spec_edit import write_spec

NAME = "posthog_later_revision"
REMOVED = [
    "environments_persons_list",
    "environments_dashboards_retrieve",
    "environments_error_tracking_symbol_sets_create",
]
WIDGET = {
    "type": "object",
    "required": ["id", "name", "shape"],
    "properties": {
        "id": {"type": "integer", "readOnly": True},
        "name": {"type": "string", "maxLength": 100},
        "shape": {"$ref": "#/components/schemas/WidgetShapeEnum"},
        "created_at": {"type": "string", "format": "date-time", "readOnly": True},
    },
}


def _rename_environment_paths(spec: dict[str, Any]) -> None:
    """`/api/environments/{project_id}/...` -> `{environment_id}`, parameters included."""
    paths = {}
    for path, item in spec["paths"].items():
        if path.startswith("/api/environments/{project_id}/"):
            path = path.replace("{project_id}", "{environment_id}", 1)
            for op in [item.get(m) for m in whole_api.HTTP_METHODS if m in item]:
                for param in op.get("parameters") or []:
                    if param.get("in") == "path" and param.get("name") == "project_id":
                        param["name"] = "environment_id"
        paths[path] = item
    spec["paths"] = paths


def _add_widgets(spec: dict[str, Any]) -> None:
    env = {"in": "path", "name": "environment_id", "required": True, "schema": {"type": "string"}}
    ident = {"in": "path", "name": "id", "required": True, "schema": {"type": "integer"}}
    ref = {"$ref": "#/components/schemas/Widget"}
    answer = {"description": "", "content": {"application/json": {"schema": ref}}}
    security = [{"PersonalAPIKeyAuth": ["widget:read"]}]
    spec["paths"]["/api/environments/{environment_id}/widgets/"] = {
        "post": {
            "operationId": "environments_widgets_create",
            "tags": ["environments"],
            "parameters": [env],
            "security": [{"PersonalAPIKeyAuth": ["widget:write"]}],
            "requestBody": {"content": {"application/json": {"schema": ref}}},
            "responses": {"201": answer},
        },
    }
    spec["paths"]["/api/environments/{environment_id}/widgets/{id}/"] = {
        "get": {
            "operationId": "environments_widgets_retrieve",
            "tags": ["environments"],
            "parameters": [env, ident],
            "security": security,
            "responses": {"200": answer},
        },
    }
    schemas = spec["components"]["schemas"]
    schemas["Widget"] = copy.deepcopy(WIDGET)
    schemas["WidgetShapeEnum"] = {"type": "string", "enum": ["round", "square"]}


def revised(spec: dict[str, Any]) -> dict[str, Any]:
    spec = copy.deepcopy(spec)
    for path, method, _ in (whole_api.operations(spec)[op_id] for op_id in REMOVED):
        del spec["paths"][path][method]
    _rename_environment_paths(spec)
    _add_widgets(spec)
    schemas = spec["components"]["schemas"]
    # A new value of an existing enum, and new fields of existing schemas.
    schemas["WidgetShapeEnum"]["enum"].append("hexagon")
    for name in ("Person", "PatchedPerson"):
        schemas[name]["properties"]["nickname"] = {"type": "string", "nullable": True}
    return spec


@pytest.fixture(scope="module")
def revision(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[dict[str, Any], Any]]:
    root = tmp_path_factory.mktemp("revision")
    spec = revised(yaml.load(whole_api.FIXTURE.read_bytes(), Loader=yaml.CSafeLoader))
    write_spec(spec, root / "openapi.yaml")
    generate(root / "openapi.yaml", root / NAME)
    sys.path.insert(0, str(root))
    yield spec, __import__(f"{NAME}.resources", fromlist=["_"])
    sys.path.remove(str(root))
    for module in [m for m in sys.modules if m.split(".")[0] == NAME]:
        del sys.modules[module]


def _module(leaf: str) -> ModuleType:
    module: ModuleType = __import__(f"{NAME}.{leaf}", fromlist=["_"])
    return module


def test_the_revision_exposes_exactly_its_operations(revision: tuple[Any, Any]) -> None:
    spec, resources = revision
    client = AsyncClient(api_key="k", base_url=whole_api.BASE)
    exposed = {key for key in whole_api.methods(resources, client) if ":" not in key}
    assert exposed == set(whole_api.operations(spec))
    assert not set(REMOVED) & exposed
    assert {"environments_widgets_create", "environments_widgets_retrieve"} <= exposed


async def test_environment_id_takes_the_clients_project(revision: tuple[Any, Any]) -> None:
    spec, resources = revision
    for operation_id in whole_api.sample(spec, 10, ["environments_widgets_retrieve"], seed=7):
        await whole_api.check_sent(resources, whole_api.expected_call(spec, operation_id))
    call = whole_api.expected_call(spec, "environments_widgets_retrieve")
    assert call.path == f"/api/environments/{whole_api.PROJECT}/widgets/1/"


async def test_new_fields_and_enum_values_are_arguments_and_parse(
    revision: tuple[Any, Any],
) -> None:
    spec, resources = revision
    client = AsyncClient(api_key="k", base_url=whole_api.BASE)
    found = whole_api.methods(resources, client)
    create = found["environments_widgets_create"]
    params = inspect.signature(create).parameters
    assert "id" not in params
    assert "created_at" not in params
    assert {"name", "shape"} <= set(params)
    assert "environments_widgets_retrieve:bulk" in found
    patch = [k for k in found if k.startswith("environments_persons_partial_update")]
    assert patch
    assert "nickname" in inspect.signature(found[patch[0]]).parameters
    models = _module("models")
    assert models.WidgetShapeEnum("hexagon") == "hexagon"
    widget = models.Widget.model_validate({"id": 1, "name": "w", "shape": "octagon"})
    assert widget.shape == "octagon"  # a value the spec does not list yet still parses
    call = whole_api.expected_call(spec, "environments_widgets_create")
    call.kwargs["shape"] = "hexagon"
    call.body = {**(call.body or {}), "shape": "hexagon"}
    await whole_api.check_sent(resources, call)


def test_the_revision_is_written_beside_nothing_stale(tmp_path: Path) -> None:
    """Regenerating a large spec into a package that held a small one (or the reverse)
    leaves no module of the other layout behind, nor a folder an earlier generator wrote."""
    small = DEFAULT_SPEC
    out = tmp_path / "pkg"
    (out / "_resources").mkdir(parents=True)
    generate(whole_api.FIXTURE, out)
    assert (out / "_resource_classes").is_dir()
    assert not (out / "_resources").exists()
    generate(small, out)
    assert sorted(p.name for p in out.iterdir()) == [
        "__init__.py",
        "models.py",
        "operations.py",
        "resources.py",
    ]
