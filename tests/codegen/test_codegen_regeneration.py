"""Regeneration survives real spec changes: each test edits a copy of the spec (or takes the
drf-spectacular-shaped fixture), regenerates into a temporary package and checks the result
through the public API: the client, the FakeServer, `inspect`, and `mypy --strict`.
"""

from __future__ import annotations

import hashlib
import importlib
import inspect
import json
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml
from codegen.generate import DEFAULT_OUT, DEFAULT_SPEC, ROOT, generate
from codegen.naming import Derived, derive, resolve_collisions

from codegen import GENERATOR_VERSION
from product_analytics import ApiStatusError, AsyncClient
from product_analytics._generated import SPEC_SHA256, SPEC_VERSION
from product_analytics._generated.resources import Projects
from product_analytics.testing import Context, FakeServer, Reply, aioresponses

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "drf_spectacular.yaml"
GENERATED = ("__init__.py", "models.py", "operations.py", "resources.py")
BASE = "http://api.test"


# -- helpers -------------------------------------------------------------------------------


def spec_copy() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(DEFAULT_SPEC.read_text())
    return loaded


class Package:
    """A package generated into a temporary folder, importable under a unique name."""

    def __init__(self, folder: Path, name: str) -> None:
        self.folder = folder
        self.name = name

    def module(self, leaf: str) -> ModuleType:
        return importlib.import_module(f"{self.name}.{leaf}")

    @property
    def resources(self) -> ModuleType:
        return self.module("resources")

    @property
    def models(self) -> ModuleType:
        return self.module("models")

    @property
    def operations(self) -> ModuleType:
        return self.module("operations")


@pytest.fixture
def regenerate(tmp_path: Path) -> Iterator[Any]:
    """`regenerate(spec_dict_or_path) -> Package`, cleaned out of sys.modules afterwards."""
    names: list[str] = []
    sys.path.insert(0, str(tmp_path))

    def run(spec: dict[str, Any] | Path) -> Package:
        name = f"regen_{uuid.uuid4().hex[:8]}"
        names.append(name)
        if isinstance(spec, dict):
            path = tmp_path / f"{name}.yaml"
            path.write_text(yaml.safe_dump(spec, sort_keys=False))
        else:
            path = spec
        generate(path, tmp_path / name)
        return Package(tmp_path / name, name)

    yield run
    sys.path.remove(str(tmp_path))
    for module in [m for m in sys.modules if m.split(".")[0] in names]:
        del sys.modules[module]


def mypy_strict(*paths: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`mypy --strict` (with the pydantic plugin) on `paths`, run from `cwd`."""
    config = cwd / "mypy.ini"
    config.write_text("[mypy]\nstrict = True\nplugins = pydantic.mypy\npython_version = 3.10\n")
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--config-file",
            str(config),
            "--no-incremental",
            *map(str, paths),
        ],
        cwd=cwd,
        capture_output=True,
        text=True,
    )


SUMMARY_PATH = "/api/environments/{project_id}/session_recordings/{id}/summary/"


def add_summary_operation(spec: dict[str, Any]) -> None:
    """A new GET operation no FakeServer handler knows about."""
    spec["paths"][SUMMARY_PATH] = {
        "get": {
            "operationId": "session_recordings_summary_retrieve",
            "summary": "Summarize one recording.",
            "x-sdk-resource": "session_recordings",
            "x-sdk-method": "summary",
            "security": [{"PersonalAPIKey": ["session_recording:read"]}],
            "x-required-scope": "session_recording:read",
            "parameters": [
                {"$ref": "#/components/parameters/ProjectId"},
                {"$ref": "#/components/parameters/RecordingId"},
            ],
            "responses": {
                "200": {
                    "description": "The recording.",
                    "content": {
                        "application/json": {
                            "schema": {"$ref": "#/components/schemas/SessionRecording"}
                        }
                    },
                }
            },
        }
    }


# -- adding an operation: the FakeServer answers 501, and add_handler -------------------------


async def test_operation_without_handler_answers_501_and_add_handler_registers_one(
    regenerate: Any,
) -> None:
    spec = spec_copy()
    add_summary_operation(spec)
    package = regenerate(spec)
    operations = package.operations.ALL

    class RegeneratedServer(FakeServer):
        @property
        def operations(self) -> tuple[Any, ...]:
            return tuple(operations)

    async with (
        RegeneratedServer(recordings=3, seed=1) as server,
        AsyncClient(api_key=server.api_key, base_url=server.base_url, max_retries=0) as client,
    ):
        recordings = package.resources.SessionRecordings(client)
        rid = server.recording_ids[0]
        with pytest.raises(ApiStatusError) as caught:
            await recordings.summary(project_id=server.project_id, id=rid)
        assert caught.value.status_code == 501
        assert caught.value.body == {
            "type": "server_error",
            "code": "not_implemented",
            "detail": caught.value.detail,
            "attr": None,
        }
        assert "session_recordings_summary_retrieve" in str(caught.value.detail)
        # The rest keeps working.
        recording = await recordings.get(project_id=server.project_id, id=rid)
        assert recording.id == rid
        page = await client.roles.list(organization_id=server.organization_id)
        assert page.results is not None

        def summary(context: Context) -> Reply:
            return Reply.json({"id": context.params["id"], "distinct_id": "summarized"})

        server.add_handler("session_recordings_summary_retrieve", summary)
        answered = await recordings.summary(project_id=server.project_id, id=rid)
        assert (answered.id, answered.distinct_id) == (rid, "summarized")


async def test_add_handler_accepts_a_coroutine_and_replaces_a_builtin_one() -> None:
    async def teapot(context: Context) -> Reply:
        return Reply.json({"id": "r", "distinct_id": context.key.user_id and "mine"})

    async with FakeServer(recordings=2, seed=0) as server:
        server.add_handler("session_recordings_retrieve", teapot)
        async with AsyncClient(api_key=server.api_key, base_url=server.base_url) as client:
            got = await client.session_recordings.get(project_id=server.project_id, id="any")
        assert got.distinct_id == "mine"
        with pytest.raises(ValueError, match="no operation"):
            server.add_handler("no_such_operation", teapot)


# -- mypy --strict whatever the method names ---------------------------------------------------


def test_generated_code_type_checks_when_methods_shadow_builtin_types(
    regenerate: Any, tmp_path: Path
) -> None:
    spec = spec_copy()
    schemas = spec["components"]["schemas"]
    # An array body field on `roles`, which has a `list` method; a dict field too.
    schemas["RoleRequest"]["properties"]["tags"] = {"type": "array", "items": {"type": "string"}}
    schemas["RoleRequest"]["properties"]["meta"] = {"type": "object"}
    # Methods named like the builtins the annotations use.
    roles = spec["paths"]["/api/organizations/{organization_id}/roles/{id}/"]["get"]
    roles["x-sdk-method"] = "dict"
    recordings = spec["paths"]["/api/environments/{project_id}/session_recordings/{id}/"]
    recordings["get"]["x-sdk-bulk-method"] = "str"
    package = regenerate(spec)
    result = mypy_strict(package.folder, cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    signature = inspect.signature(package.resources.Roles.create)
    # In the class body `list` and `dict` are methods: the builtins are named in full.
    assert signature.parameters["tags"].annotation == "builtins.list[str] | NotGiven"
    assert signature.parameters["meta"].annotation == "builtins.dict[str, Any] | NotGiven"


# -- enums -----------------------------------------------------------------------------------


@pytest.fixture
def enum_package(regenerate: Any) -> Package:
    spec = spec_copy()
    schemas = spec["components"]["schemas"]
    schemas["ProxyRecord"]["properties"]["status"] = {
        "type": ["string", "null"],
        "enum": ["waiting", "issuing", "valid", None],
        "description": "Where the record's certificate is.",
    }
    schemas["Role"]["properties"]["status"] = {"type": "string", "enum": ["active", "archived"]}
    schemas["Role"]["properties"]["level"] = {"type": "integer", "enum": [0, 21, 37]}
    # drf-spectacular's shape: a component enum plus BlankEnum and NullEnum.
    schemas["KindEnum"] = {"type": "string", "enum": ["b2b", "b2c"]}
    schemas["BlankEnum"] = {"enum": [""]}
    schemas["NullEnum"] = {"enum": [None]}
    schemas["Role"]["properties"]["kind"] = {
        "oneOf": [
            {"$ref": "#/components/schemas/KindEnum"},
            {"$ref": "#/components/schemas/BlankEnum"},
            {"$ref": "#/components/schemas/NullEnum"},
        ]
    }
    package: Package = regenerate(spec)
    return package


def test_enums_are_named_after_schema_and_property(enum_package: Package) -> None:
    models = enum_package.models
    assert models.ProxyRecordStatus.VALID == "valid"
    assert models.RoleStatus.ARCHIVED == "archived"
    assert models.RoleLevel(21) == 21
    text = (enum_package.folder / "models.py").read_text()
    for bad in ("Status1", "NoneType", "NONE_TYPE", "BlankEnum", "NullEnum"):
        assert bad not in text


async def test_enum_values_compare_equal_to_strings_and_unknown_values_are_kept(
    enum_package: Package,
) -> None:
    async with AsyncClient(api_key="k", base_url=BASE) as client:
        records = enum_package.resources.ProxyRecords(client)
        roles = enum_package.resources.Roles(client)
        with aioresponses() as mocked:
            url = f"{BASE}/api/organizations/o/proxy_records/"
            mocked.get(f"{url}p1/", payload={"id": "p1", "status": "valid"})
            mocked.get(f"{url}p2/", payload={"id": "p2", "status": "certificate_expired"})
            mocked.get(f"{url}p3/", payload={"id": "p3", "status": None})
            mocked.get(
                f"{BASE}/api/organizations/o/roles/{uuid.UUID(int=1)}/",
                payload={"id": "r", "name": "r", "status": "deleted", "level": 99, "kind": ""},
            )
            known = await records.get(organization_id="o", id="p1")
            unknown = await records.get(organization_id="o", id="p2")
            null = await records.get(organization_id="o", id="p3")
            role = await roles.get(organization_id="o", id=str(uuid.UUID(int=1)))
    assert known.status == "valid"
    assert known.status is enum_package.models.ProxyRecordStatus.VALID
    assert isinstance(known.status, str)
    assert f"{known.status}" == str(known.status) == "valid"
    assert unknown.status == "certificate_expired"
    assert isinstance(unknown.status, enum_package.models.ProxyRecordStatus)
    assert unknown.model_dump(mode="json")["status"] == "certificate_expired"
    assert null.status is None
    assert (role.status, role.level, role.kind) == ("deleted", 99, "")


# -- names derived from tags and operationIds ---------------------------------------------------


@pytest.mark.parametrize(
    ("operation_id", "tags", "path", "method", "expected"),
    [
        (
            "session_recordings_list",
            ["session_recordings"],
            "/api/environments/{project_id}/session_recordings/",
            "get",
            "session_recordings.list",
        ),
        (
            "environments_session_recordings_list",
            ["environments"],
            "/api/environments/{project_id}/session_recordings/",
            "get",
            "session_recordings.list",
        ),
        (
            "environments_session_recordings_retrieve",
            ["environments"],
            "/api/environments/{project_id}/session_recordings/{id}/",
            "get",
            "session_recordings.get",
        ),
        (
            "environments_session_recordings_partial_update",
            ["environments"],
            "/api/environments/{project_id}/session_recordings/{id}/",
            "patch",
            "session_recordings.update",
        ),
        (
            "environments_session_recordings_partial_update_2",
            ["environments"],
            "/api/environments/{environment_id}/session_recordings/{id}/",
            "patch",
            "session_recordings.update_2",
        ),
        (
            "environments_session_recordings_destroy",
            ["environments"],
            "/api/environments/{project_id}/session_recordings/{id}/",
            "delete",
            "session_recordings.delete",
        ),
        (
            "organizations_projects_reset_token_partial_update",
            ["organizations"],
            "/api/organizations/{organization_id}/projects/{id}/reset_token/",
            "patch",
            "projects.reset_token",
        ),
        (
            "environments_session_recordings_sharing_retrieve",
            ["environments"],
            "/api/environments/{project_id}/session_recordings/{recording_id}/sharing/",
            "get",
            "session_recordings.sharing",
        ),
        (
            "organizations_roles_summarize",
            ["organizations"],
            "/api/organizations/{organization_id}/roles/summarize/",
            "post",
            "roles.summarize",
        ),
        # A tag that is not the first path segment: the scope segment is stripped instead.
        (
            "organizations_projects_reset_token_partial_update",
            ["core"],
            "/api/organizations/{organization_id}/projects/{id}/reset_token/",
            "patch",
            "projects.reset_token",
        ),
        (
            "environments_session_recordings_list",
            ["replay"],
            "/api/environments/{project_id}/session_recordings/",
            "get",
            "session_recordings.list",
        ),
        ("projects_list", ["core"], "/api/projects/", "get", "projects.list"),
        # A tag naming a resource of the path: the rest of the operationId is the action.
        (
            "session_recordings_summary_retrieve",
            ["session_recordings"],
            "/api/environments/{project_id}/session_recordings/{id}/summary/",
            "get",
            "session_recordings.summary",
        ),
        ("projects_retrieve", ["projects"], "/api/projects/{id}/", "get", "projects.get"),
        # An operationId that does not follow the path: the tag is the resource.
        ("listEverything", ["roles"], "/api/x/", "get", "roles.listeverything"),
        # No tag: the first static segment of the path.
        ("do-it", [], "/api/widgets/{id}/frob/", "post", "widgets.do_it"),
        # A keyword, and a name the generated module needs.
        ("things_import", ["things"], "/api/things/import/", "post", "things.import_"),
        (
            "organizations_roles_ops_create",
            ["organizations"],
            "/api/organizations/{organization_id}/roles/ops/",
            "post",
            "roles.ops_",
        ),
    ],
)
def test_resource_and_method_are_derived_from_tag_operation_id_and_path(
    operation_id: str, tags: list[str], path: str, method: str, expected: str
) -> None:
    derived = derive(operation_id, tags, path, method)
    assert f"{derived.resource}.{derived.method}" == expected
    assert derived.resource.isidentifier()
    assert derived.method.isidentifier()


SHARING = "/api/environments/{project_id}/session_recordings/{id}/sharing/"
RECORDING = "/api/environments/{environment_id}/session_recordings/{id}/"
# Two lists of session recordings, under the old project path and the environment path.
LISTS = [
    ("projects_session_recordings_list", "/api/projects/{p}/session_recordings/", "get"),
    ("environments_session_recordings_list", "/api/environments/{p}/session_recordings/", "get"),
]


def _derived(operations: list[tuple[str, str, str]]) -> tuple[list[tuple[str, str]], list[Derived]]:
    """The (resource, method) names derived for each (operationId, path, HTTP method), the
    tag being the operationId's first word, and the derivations."""
    derived = [derive(op_id, [op_id.split("_")[0]], path, verb) for op_id, path, verb in operations]
    return [(d.resource, d.method) for d in derived], derived


@pytest.mark.parametrize(
    ("operations", "expected"),
    [
        (
            [
                ("environments_session_recordings_sharing_retrieve", SHARING, "get"),
                ("environments_session_recordings_sharing_partial_update", SHARING, "patch"),
            ],
            ["get_sharing", "update_sharing"],
        ),
        (LISTS, ["list", "list_2"]),
        # PUT `update` beside PATCH `partial_update` (as drf-spectacular emits them): `replace`.
        (
            [
                ("environments_session_recordings_update", RECORDING, "put"),
                ("environments_session_recordings_partial_update", RECORDING, "patch"),
            ],
            ["replace", "update"],
        ),
    ],
)
def test_derived_names_that_collide_get_their_verb_then_a_number(
    operations: list[tuple[str, str, str]], expected: list[str]
) -> None:
    names, derived = _derived(operations)
    assert resolve_collisions(names, list(derived)) == expected


def test_a_name_the_spec_gives_is_kept_and_the_derived_one_moves() -> None:
    names, (listed, again) = _derived(LISTS)
    assert resolve_collisions(names, [None, again]) == ["list", "list_2"]
    assert resolve_collisions(names, [listed, None]) == ["list_2", "list"]


async def test_spec_without_sdk_extensions_derives_names_and_scopes(regenerate: Any) -> None:
    spec = spec_copy()
    for item in spec["paths"].values():
        for op in item.values():
            for key in [k for k in op if k.startswith("x-sdk-") or k == "x-required-scope"]:
                del op[key]
    package = regenerate(spec)
    resources = package.resources
    assert resources.SessionRecordings.list.required_scope == "session_recording:read"
    assert resources.SessionRecordings.update.required_scope == "session_recording:write"
    assert resources.SessionRecordings.sharing.required_scope == "sharing_configuration:read"
    assert resources.Projects.reset_token.required_scope is None
    assert resources.Projects.add_product_intent.required_scope == "team:read"
    assert resources.Roles.get.required_scope == "organization:read"
    async with AsyncClient(api_key="k", base_url=BASE) as client:
        with aioresponses() as mocked:
            mocked.get(f"{BASE}/api/environments/7/session_recordings/r/", payload={"id": "r"})
            got = await resources.SessionRecordings(client).get(project_id=7, id="r")
    assert got.id == "r"


async def test_path_parameters_may_be_declared_in_any_order(regenerate: Any) -> None:
    spec = spec_copy()
    op = spec["paths"]["/api/environments/{project_id}/session_recordings/{id}/"]["get"]
    op["parameters"].reverse()
    package = regenerate(spec)
    method = package.resources.SessionRecordings.get
    assert list(inspect.signature(method).parameters)[:3] == ["self", "project_id", "id"]
    async with AsyncClient(api_key="k", base_url=BASE) as client:
        with aioresponses() as mocked:
            mocked.get(f"{BASE}/api/environments/7/session_recordings/r1/", payload={"id": "r1"})
            got = await package.resources.SessionRecordings(client).get(project_id=7, id="r1")
    assert got.id == "r1"


# -- docstrings --------------------------------------------------------------------------------


def test_descriptions_render_into_the_method_docstring(regenerate: Any) -> None:
    spec = spec_copy()
    op = spec["paths"]["/api/organizations/{organization_id}/roles/"]["post"]
    op["description"] = 'Creates a role.\n\nA "quoted" note with a backslash \\d and """ quotes.'
    schemas = spec["components"]["schemas"]
    schemas["RoleRequest"]["properties"]["name"]["description"] = "What the role is called."
    op["summary"] = 'Create a role called "x"'
    schemas["RoleRequest"]["properties"]["feature_flags_access_level"]["description"] = '"quoted"'
    package = regenerate(spec)
    doc = inspect.getdoc(package.resources.Roles.create)
    assert doc is not None
    assert doc.startswith('Create a role called "x"\n')
    assert "Creates a role." in doc
    assert '\\d and """ quotes.' in doc
    args = doc.split("Args:\n", 1)[1]
    # Said once, in the module's docstring, not in each method's Args.
    assert "    organization_id: " not in args
    assert "`organization_id` default to the client's" in " ".join(
        (package.resources.__doc__ or "").split()
    )
    assert "    name: What the role is called." in args
    assert '    feature_flags_access_level: "quoted"' in args.splitlines()
    assert "Query parameters and body fields left at their default are not sent" in " ".join(
        (package.resources.__doc__ or "").split()
    )
    list_doc = inspect.getdoc(package.resources.Roles.list)
    assert list_doc is not None
    assert "    limit: Number of results to return per page." in list_doc


# -- what the files and the client say of the spec -----------------------------------------------


def test_every_generated_file_records_the_spec_sha256_and_the_generator_version() -> None:
    digest = hashlib.sha256(DEFAULT_SPEC.read_bytes()).hexdigest()
    assert digest == SPEC_SHA256
    for name in GENERATED:
        head = "\n".join((DEFAULT_OUT / name).read_text().splitlines()[:4])
        assert f"sha256 {digest}" in head, name
        assert f"codegen {GENERATOR_VERSION}" in head, name
        assert "spec/openapi.yaml" in head, name


def test_the_header_changes_with_the_spec(regenerate: Any) -> None:
    spec = spec_copy()
    spec["info"]["version"] = "2.5.0"
    package = regenerate(spec)
    init = package.module("__init__")
    assert init.SPEC_VERSION == "2.5.0"
    assert init.SPEC_SHA256 != SPEC_SHA256
    assert f"spec/2.5.0+{init.SPEC_SHA256[:12]}" == init.SPEC_USER_AGENT
    assert init.SPEC_SHA256 in (package.folder / "resources.py").read_text()


async def test_the_client_sends_the_spec_version_in_its_user_agent() -> None:
    async with FakeServer(recordings=1) as server:
        async with AsyncClient(api_key=server.api_key, base_url=server.base_url) as client:
            await client.roles.list(organization_id=server.organization_id)
        agent = server.requests[-1].headers["User-Agent"]
    assert agent.startswith("product-analytics-python/")
    assert agent.endswith(f" spec/{SPEC_VERSION}+{SPEC_SHA256[:12]}")


# -- the drf-spectacular-shaped fixture ---------------------------------------------------------


async def test_drf_spectacular_spec_generates_type_checks_and_imports(
    regenerate: Any, tmp_path: Path
) -> None:
    package = regenerate(FIXTURE)
    result = mypy_strict(package.folder, cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    resources, models = package.resources, package.models
    expected = {
        "SessionRecordings": {"list", "get", "replace", "update", "update_2", "delete", "sharing"},
        "SessionRecordingPlaylists": {"delete_recordings"},
        "Projects": {"update", "delete", "reset_token"},
        "ProxyRecords": {"list", "create", "get", "update", "delete"},
        "Roles": {"list", "create", "get"},
    }
    for class_name, methods in expected.items():
        cls = getattr(resources, class_name)
        assert {m for m in methods if hasattr(getattr(cls, m, None), "operation")} == methods
    assert resources.SessionRecordings.list.required_scope == "session_recording:read"
    assert resources.Projects.update.required_scope == "project:write"
    assert resources.SessionRecordings.update.operation.method == "PATCH"
    assert resources.SessionRecordings.replace.operation.method == "PUT"
    # A boolean query parameter is a typed argument, sent as true/false.
    listing = resources.SessionRecordings.list
    flag = inspect.signature(listing).parameters["filter_test_accounts"]
    assert str(flag.annotation) == "bool | None"
    ids = inspect.signature(listing).parameters["session_ids"]
    assert "list[str]" in str(ids.annotation)
    # Read-only fields are not arguments; the timezone list is an open enum.
    params = inspect.signature(resources.Projects.update).parameters
    assert "api_token" not in params
    assert "timezone" in params
    assert models.TimezoneEnum("Europe/Paris") == "Europe/Paris"
    assert models.TimezoneEnum.EUROPE_PARIS == "Europe/Paris"
    assert models.TimezoneEnum.ETC_GMT_PLUS_1 == "Etc/GMT+1"
    assert models.TimezoneEnum.ETC_GMT_MINUS_1 == "Etc/GMT-1"
    assert all(name.isupper() for name in models.TimezoneEnum.__members__)
    assert len(models.TimezoneEnum) > 500
    async with AsyncClient(api_key="k", base_url=BASE) as client:
        sent: list[Any] = []
        with aioresponses() as mocked:
            mocked.get(
                f"{BASE}/api/environments/7/session_recordings/?limit=2",
                payload={
                    "count": 1,
                    "next": None,
                    "previous": None,
                    "results": [
                        {
                            "id": "r",
                            "distinct_id": None,
                            "viewed": False,
                            "recording_duration": 3,
                            "start_time": None,
                            "storage": "object_storage",
                        },
                    ],
                },
            )
            mocked.patch(
                f"{BASE}/api/organizations/o/projects/5/",
                payload={
                    "id": 5,
                    "name": "p",
                    "week_start_day": None,
                    "business_model": "",
                    "timezone": "Mars/Olympus_Mons",
                    "organization": "o",
                    "api_token": "t",
                    "created_at": "2024-01-01T00:00:00Z",
                },
                callback=lambda url, **kwargs: sent.append(kwargs.get("data")),
            )
            page = await resources.SessionRecordings(client).list(project_id=7, limit=2)
            project = await resources.Projects(client).update(
                organization_id="o", id=5, timezone="Europe/Paris", week_start_day=None
            )
    assert page.results[0].storage == "object_storage"
    assert json.loads(sent[0]) == {"timezone": "Europe/Paris", "week_start_day": None}
    assert project.timezone == "Mars/Olympus_Mons"
    assert project.week_start_day is None


# -- issue 17: plain typed methods --------------------------------------------------------------


def test_mypy_names_the_argument_of_a_method_that_is_wrong(tmp_path: Path) -> None:
    snippet = tmp_path / "snippet.py"
    snippet.write_text(
        "from product_analytics import AsyncClient\n\n\n"
        "async def main(client: AsyncClient) -> None:\n"
        '    await client.projects.update(organization_id="o", id="not an int")\n'
        '    await client.roles.get(organization_id="o", idd="x")\n'
    )
    result = mypy_strict(snippet, cwd=tmp_path)
    assert result.returncode == 1
    assert 'snippet.py:5: error: Argument "id" has incompatible type' in result.stdout
    assert "__call__" not in result.stdout, result.stdout
    assert 'snippet.py:6: error: Unexpected keyword argument "idd"' in result.stdout
    assert all(len(line) < 200 for line in result.stdout.splitlines()), result.stdout


async def test_operation_methods_are_plain_methods_that_carry_their_operation() -> None:
    async with AsyncClient(api_key="k", base_url=BASE) as client:
        update = client.projects.update
        assert update == client.projects.update
        assert inspect.ismethod(update)
        assert update.__doc__ == Projects.update.__doc__
        assert update.operation_id == "projects_partial_update"
        assert update.required_scope == "project:read"
        assert update.operation.operation_id == "projects_partial_update"
        assert update.bulk is False
        parameters = inspect.signature(update).parameters
        assert {"organization_id", "id", "name", "anonymize_ips", "extra_body"} <= set(parameters)
        assert "self" not in parameters
        get_many = client.session_recordings.get_many
        assert get_many.required_scope == "session_recording:read"
        assert get_many.bulk is True
        assert {"project_id", "ids", "concurrency"} <= set(inspect.signature(get_many).parameters)


def test_make_generate_is_byte_identical(tmp_path: Path) -> None:
    for attempt in ("a", "b"):
        completed = subprocess.run(
            [sys.executable, "-m", "codegen", "--out", str(tmp_path / attempt)],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        assert completed.returncode == 0, completed.stderr
    for name in GENERATED:
        first = (tmp_path / "a" / name).read_bytes()
        assert first == (tmp_path / "b" / name).read_bytes() == (DEFAULT_OUT / name).read_bytes()
