"""`python -m codegen --changes`: what a regeneration would change in the public API, each
change marked `breaking` or `compatible`, the version bump it needs, exit status 1 when a
change breaks, and nothing written; `python -m codegen` (what `make generate` runs) prints
the same report after writing.

The package compared with is generated into a temporary folder from the project's spec (with
an enum and a spare model added, which the project's spec has none of); the spec compared is a
hand-edited copy of it. One test does the same with PostHog's whole spec.
"""

from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from codegen.generate import ROOT, api_changes, generate

from product_analytics._version import __version__
from tests.codegen.conftest import WholeApi
from tests.support.project_copy import SPEC, copy_project, generate_in, generated_files
from tests.support.spec_edit import find_operation, load_spec, write_spec
from tests.support.whole_api import FIXTURE

OPERATION_PATHS = {
    "sessions": "/api/environments/{project_id}/sessions/property_definitions/",
    "demo_data": "/api/organizations/{organization_id}/projects/{id}/is_generating_demo_data/",
    "proxy_record": "/api/organizations/{organization_id}/proxy_records/{id}/",
}


def _base_spec() -> dict[str, Any]:
    """The project's spec with an enum (a field of `Role`) and a model no operation uses."""
    spec = load_spec()
    schemas = spec["components"]["schemas"]
    schemas["RoleTier"] = {"type": "string", "enum": ["free", "paid"]}
    schemas["Role"]["properties"]["tier"] = {"$ref": "#/components/schemas/RoleTier"}
    schemas["LegacyNote"] = {"type": "object", "properties": {"text": {"type": "string"}}}
    return spec


def _copy_operation(
    spec: dict[str, Any], source: str, path: str, operation_id: str, **sdk: str
) -> None:
    """Add at `path` a copy of the path `source` (one GET operation), named `operation_id`,
    with the `x-sdk-*` extensions given (`resource=`, `method=`)."""
    item = copy.deepcopy(spec["paths"][source])
    item["get"]["operationId"] = operation_id
    for key, value in sdk.items():
        item["get"][f"x-sdk-{key}"] = value
    spec["paths"][path] = item


def _query_parameter(operation: dict[str, Any], name: str) -> dict[str, Any]:
    found = [p for p in operation["parameters"] if p.get("name") == name]
    assert len(found) == 1, name
    parameter: dict[str, Any] = found[0]
    return parameter


def _every_kind(spec: dict[str, Any]) -> dict[str, Any]:
    """`spec` edited by hand with one change of each kind the report names."""
    spec = copy.deepcopy(spec)
    paths = spec["paths"]
    # A resource added (`widgets`), one removed (`sessions`: its only operation).
    _copy_operation(
        spec,
        OPERATION_PATHS["sessions"],
        "/api/environments/{project_id}/widgets/",
        "widgets_retrieve",
        resource="widgets",
        method="overview",
    )
    del paths[OPERATION_PATHS["sessions"]]
    # A method added, a method (and its bulk method) removed.
    _copy_operation(
        spec,
        OPERATION_PATHS["demo_data"],
        "/api/organizations/{organization_id}/projects/{id}/demo_status/",
        "projects_demo_status_retrieve",
        method="demo_status",
    )
    del paths[OPERATION_PATHS["proxy_record"]]["get"]
    # Parameters: added optional, removed, changed type (query parameters, which the
    # methods take as optional whatever the spec says); added as required and became
    # required (body fields).
    listing = find_operation(spec, "session_recordings_list")
    listing["parameters"].append({"name": "search", "in": "query", "schema": {"type": "string"}})
    listing["parameters"].remove(_query_parameter(listing, "date_to"))
    _query_parameter(listing, "person_uuid")["schema"] = {"type": "integer"}
    schemas = spec["components"]["schemas"]
    role_request = schemas["RoleRequest"]
    role_request["properties"]["scope"] = {"type": "string"}
    role_request["required"] = ["name", "scope", "feature_flags_access_level"]
    # Model fields: added, removed, changed type, became nullable, no longer nullable.
    role = schemas["Role"]["properties"]
    role["description"] = {"type": "string"}
    del role["is_default"]
    role["name"] = {"type": ["integer", "null"]}
    role["id"] = {"type": ["string", "null"], "format": "uuid"}
    schemas["User"]["required"].append("first_name")
    schemas["User"]["properties"]["first_name"] = {"type": "string"}
    # Enum members: one added, one removed. Models: one added, one removed.
    schemas["RoleTier"]["enum"] = ["paid", "enterprise"]
    schemas["Gadget"] = {"type": "object", "properties": {"size": {"type": "integer"}}}
    del schemas["LegacyNote"]
    return spec


EVERY_KIND = [
    "compatible resource added: client.widgets",
    "breaking   resource removed: client.sessions",
    "compatible method added: client.projects.demo_status",
    "breaking   method removed: client.proxy_records.get",
    "breaking   method removed: client.proxy_records.get_many",
    "compatible parameter added: client.session_recordings.list(search)",
    "breaking   parameter added as required: client.roles.create(scope)",
    "breaking   parameter removed: client.session_recordings.list(date_to)",
    "breaking   parameter became required: client.roles.create(feature_flags_access_level)",
    "breaking   parameter changed type: client.session_recordings.list(person_uuid) "
    "(str | None -> int | None)",
    "compatible model field added: models.Role.description",
    "compatible model field added: models.RoleRequest.scope",
    "breaking   model field removed: models.Role.is_default",
    "breaking   model field changed type: models.Role.name (str | None -> int | None)",
    "breaking   model field became nullable: models.Role.id",
    "compatible model field no longer nullable: models.User.first_name",
    "compatible enum member added: models.RoleTier.ENTERPRISE",
    "breaking   enum member removed: models.RoleTier.FREE",
    "compatible model added: models.Gadget",
    "breaking   model removed: models.LegacyNote",
]


def _changes_run(spec: Path, out: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "codegen", "--changes", "--spec", str(spec), "--out", str(out)]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)


def _snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under `folder`: its bytes and its modification time."""
    return {
        p.relative_to(folder).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns)
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], Path]:
    """The base spec, and the package generated from it (the package as committed)."""
    folder = tmp_path_factory.mktemp("api_changes")
    spec = _base_spec()
    write_spec(spec, folder / "base.yaml")
    generate(folder / "base.yaml", folder / "_generated")
    return spec, folder / "_generated"


@pytest.fixture(scope="module")
def every_kind_run(
    base: tuple[dict[str, Any], Path], tmp_path_factory: pytest.TempPathFactory
) -> tuple[subprocess.CompletedProcess[str], dict[str, tuple[bytes, int]]]:
    """`--changes` on the spec with every kind of change, and the output folder's files
    as they were before it."""
    spec, out = base
    edited = tmp_path_factory.mktemp("every_kind") / "openapi.yaml"
    write_spec(_every_kind(spec), edited)
    before = _snapshot(out)
    return _changes_run(edited, out), before


@pytest.mark.parametrize("line", EVERY_KIND)
def test_each_kind_of_change_has_its_line_and_mark(
    every_kind_run: tuple[subprocess.CompletedProcess[str], object], line: str
) -> None:
    completed, _ = every_kind_run
    assert line in completed.stdout.splitlines(), completed.stdout + completed.stderr


def test_the_report_names_nothing_else_and_ends_with_the_bump(
    every_kind_run: tuple[subprocess.CompletedProcess[str], object],
) -> None:
    completed, _ = every_kind_run
    *changes, last = completed.stdout.splitlines()
    assert sorted(changes) == sorted(EVERY_KIND)
    next_minor = __version__.split(".")
    bump = f"{next_minor[0]}.{int(next_minor[1]) + 1}.0"
    assert last == (
        f"{len(EVERY_KIND)} changes to the public API: 12 breaking, 8 compatible; "
        f"version bump: minor ({__version__} -> {bump})"
    )


def test_a_breaking_change_exits_1_and_nothing_is_written(
    base: tuple[dict[str, Any], Path],
    every_kind_run: tuple[subprocess.CompletedProcess[str], dict[str, tuple[bytes, int]]],
) -> None:
    completed, before = every_kind_run
    assert completed.returncode == 1, completed.stderr
    assert _snapshot(base[1]) == before


def test_compatible_changes_only_exit_0_with_a_patch_bump(
    base: tuple[dict[str, Any], Path], tmp_path: Path
) -> None:
    spec, out = copy.deepcopy(base[0]), base[1]
    spec["components"]["schemas"]["Role"]["properties"]["description"] = {"type": "string"}
    write_spec(spec, tmp_path / "openapi.yaml")
    completed = _changes_run(tmp_path / "openapi.yaml", out)
    assert completed.returncode == 0, completed.stdout + completed.stderr
    major, minor, patch = __version__.split(".")
    assert completed.stdout.splitlines() == [
        "compatible model field added: models.Role.description",
        "1 change to the public API: 0 breaking, 1 compatible; "
        f"version bump: patch ({__version__} -> {major}.{minor}.{int(patch) + 1})",
    ]


def test_an_unchanged_spec_needs_no_bump(base: tuple[dict[str, Any], Path], tmp_path: Path) -> None:
    write_spec(base[0], tmp_path / "openapi.yaml")
    completed = _changes_run(tmp_path / "openapi.yaml", base[1])
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.splitlines() == [
        "0 changes to the public API: 0 breaking, 0 compatible; version bump: none"
    ]


def test_make_generate_prints_the_report_of_changes_after_writing(tmp_path: Path) -> None:
    """In a copy of the project, as `make generate` runs it (no `--spec`, no `--out`):
    `--changes` reports on the committed package and writes nothing; generating then
    writes the modules and prints the same report after them."""
    project = copy_project(tmp_path)
    spec = load_spec(project / SPEC)
    del spec["paths"][OPERATION_PATHS["proxy_record"]]["get"]
    write_spec(spec, project / SPEC)
    committed = generated_files(project)
    expected = [
        "breaking   method removed: client.proxy_records.get",
        "breaking   method removed: client.proxy_records.get_many",
    ]

    previewed = generate_in(project, "--changes")
    assert previewed.returncode == 1, previewed.stderr
    assert previewed.stdout.splitlines()[:-1] == expected
    assert generated_files(project) == committed

    generated = generate_in(project)
    assert generated.returncode == 0, generated.stderr
    lines = generated.stdout.splitlines()
    assert [line for line in lines if not line.startswith("generated ")] == (
        previewed.stdout.splitlines()
    )
    assert lines[-1].startswith("2 changes to the public API: 2 breaking, 0 compatible")
    last_written = max(i for i, line in enumerate(lines) if line.startswith("generated "))
    assert lines.index(expected[0]) > last_written
    assert generated_files(project) != committed


def test_posthogs_whole_spec_edited_by_hand(whole_api: WholeApi, tmp_path: Path) -> None:
    """PostHog's spec (generated in the split, lazy layout) against a copy with an
    operation removed, one added and schemas changed."""
    spec = load_spec(FIXTURE)
    del spec["paths"]["/api/environments/{project_id}/llm_analytics/summarization/"]["post"]
    undo = "/api/projects/{project_id}/file_system/undo_delete/"
    added = copy.deepcopy(spec["paths"][undo])
    added["post"]["operationId"] = "file_system_redo_delete_create"
    spec["paths"]["/api/projects/{project_id}/file_system/redo_delete/"] = added
    schemas = spec["components"]["schemas"]
    del schemas["User"]["properties"]["allow_sidebar_suggestions"]
    schemas["User"]["properties"]["first_name"] = {"type": "integer"}
    schemas["PersistedFolderTypeEnum"]["enum"].remove("custom_products")
    write_spec(spec, tmp_path / "openapi.yaml")
    before = _snapshot(whole_api.folder)

    found = api_changes(tmp_path / "openapi.yaml", whole_api.folder)

    # `User`'s fields are also the body fields of the methods that take a `User`.
    takers = [
        "scene_personalisation.create",
        "two_factor_backup_codes.create",
        "two_factor_disable.create",
        "two_factor_validate.create",
        "users.replace",
        "users.request_email_verification",
        "users.verify_email",
        "validate_2fa.create",
    ]
    assert found.changes is not None
    assert sorted(change.line() for change in found.changes) == [
        *(
            f"breaking   body field changed type: client.{m}(first_name) (str -> int)"
            for m in takers
        ),
        *(f"breaking   body field removed: client.{m}(allow_sidebar_suggestions)" for m in takers),
        "breaking   enum member removed: models.PersistedFolderTypeEnum.CUSTOM_PRODUCTS",
        "breaking   method removed: client.llm_analytics.summarization",
        "breaking   model field changed type: models.User.first_name (str | None -> int | None)",
        "breaking   model field removed: models.User.allow_sidebar_suggestions",
        "compatible method added: client.file_system.redo_delete",
    ]
    assert _snapshot(whole_api.folder) == before


def test_a_body_field_users_pass_narrowed_or_removed_breaks(
    base: tuple[dict[str, Any], Path], tmp_path: Path
) -> None:
    """A body field taken as `**fields: Unpack[SomeFields]` is passed by users like a
    parameter: `projects.update(product_description=None)` stops type-checking when the field
    is no longer nullable, and raises `TypeError` when the field is gone. Reading the request
    model as a returned one marked the first compatible and missed the second."""
    spec, out = copy.deepcopy(base[0]), base[1]
    project = spec["components"]["schemas"]["PatchedProjectRequest"]["properties"]
    project["product_description"] = {"type": "string", "maxLength": 1000}
    del project["chat_incoming_webhook"]
    write_spec(spec, tmp_path / "openapi.yaml")
    completed = _changes_run(tmp_path / "openapi.yaml", out)
    lines = completed.stdout.splitlines()
    assert completed.returncode == 1, completed.stdout + completed.stderr
    assert (
        "breaking   body field changed type: client.projects.update(product_description) "
        "(str | None -> str)"
    ) in lines, completed.stdout
    assert "breaking   body field removed: client.projects.update(chat_incoming_webhook)" in lines
