"""`make generate` regenerates the SDK from the spec, deterministically."""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml
from codegen.bodies import fields_types
from codegen.generate import DEFAULT_OUT, DEFAULT_SPEC, generate
from codegen.source import Problems
from codegen.spec import SpecError, read_operations
from codegen.templating import op_classes

from product_analytics import AsyncClient, MissingScopeError, PersonalApiKeyWarning
from product_analytics.testing import aioresponses

GENERATED = ("__init__.py", "models.py", "operations.py", "resources.py")


def _load_package(folder: Path, name: str) -> Iterator[ModuleType]:
    (folder / "__init__.py").write_text("")
    sys.path.insert(0, str(folder.parent))
    try:
        yield importlib.import_module(f"{name}.resources")
    finally:
        sys.path.remove(str(folder.parent))
        for module in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
            del sys.modules[module]


async def _list_roles(package: ModuleType, **arguments: Any) -> tuple[Any, str]:
    """`Roles.list(**arguments)` of a generated `package`, answered an empty page: the page
    and the URL the request went to."""
    async with AsyncClient(api_key="k", base_url="http://api.test") as client:
        with aioresponses() as mocked:
            mocked.get(
                re.compile(r".*"),
                payload={"count": 0, "next": None, "previous": None, "results": []},
            )
            page = await package.Roles(client).list(**arguments)
            [(_, url)] = list(mocked.requests)
    return page, str(url)


@pytest.fixture
def changed_package(tmp_path: Path) -> Iterator[ModuleType]:
    """A package generated from a copy of the spec with one new field and one new
    operation."""
    spec = yaml.safe_load(DEFAULT_SPEC.read_text())
    spec["components"]["schemas"]["SessionRecording"]["properties"]["frustration_score"] = {
        "type": ["number", "null"]
    }
    spec["paths"]["/api/environments/{project_id}/session_recordings/{id}/summary/"] = {
        "get": {
            "operationId": "session_recordings_summary_retrieve",
            "summary": "Summarize one recording.",
            "x-sdk-resource": "session_recordings",
            "x-sdk-method": "summary",
            "x-required-scope": "insight:read",
            "security": [{"PersonalAPIKey": ["insight:read"]}],
            "parameters": [
                {"$ref": "#/components/parameters/ProjectId"},
                {"$ref": "#/components/parameters/RecordingId"},
            ],
            "responses": {
                "200": {
                    "description": "The recording with its summary.",
                    "content": {
                        "application/json": {
                            "schema": {"$ref": "#/components/schemas/SessionRecording"}
                        }
                    },
                }
            },
        }
    }
    changed = tmp_path / "changed.yaml"
    changed.write_text(yaml.safe_dump(spec, sort_keys=False))
    package = tmp_path / "pkg" / "regenerated_sdk"
    generate(changed, package)
    yield from _load_package(package, "regenerated_sdk")


def test_regenerated_model_parses_a_field_added_to_the_spec(changed_package: ModuleType) -> None:
    models = sys.modules["regenerated_sdk.models"]
    assert "frustration_score" in models.SessionRecording.model_fields
    recording = models.SessionRecording.model_validate_json('{"id": "r", "frustration_score": 0.5}')
    assert recording.frustration_score == 0.5


async def test_regenerated_stub_exists_with_its_scope_and_calls_its_path(
    changed_package: ModuleType,
) -> None:
    recordings_class = changed_package.SessionRecordings
    assert recordings_class.summary.required_scope == "insight:read"
    async with AsyncClient(api_key="k", base_url="http://api.test") as client:
        resource = recordings_class(client)
        assert resource.summary.required_scope == "insight:read"
        with aioresponses() as mocked:
            mocked.get(
                "http://api.test/api/environments/7/session_recordings/r1/summary/",
                payload={"id": "r1", "frustration_score": 2.5},
            )
            recording = await resource.summary(project_id=7, id="r1")
        assert recording.frustration_score == 2.5
    async with AsyncClient(
        api_key="k", base_url="http://api.test", scopes=["session_recording:read"]
    ) as client:
        with pytest.raises(MissingScopeError) as caught:
            await recordings_class(client).summary(project_id=7, id="r1")
        assert caught.value.required_scope == "insight:read"


def test_generation_is_byte_identical_across_runs(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    generate(DEFAULT_SPEC, first)
    generate(DEFAULT_SPEC, second)
    for name in GENERATED:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name
        assert (first / name).read_bytes() == (DEFAULT_OUT / name).read_bytes(), name


def test_generated_files_say_they_are_generated_and_from_what() -> None:
    for name in GENERATED:
        head = (DEFAULT_OUT / name).read_text().splitlines()[:4]
        assert head[0] == "# GENERATED FILE: do not edit by hand.", name
        assert "spec/openapi.yaml" in head[1], name
        assert "sha256 " in head[2], name
        assert "make generate" in head[3], name


def test_spec_with_scope_disagreeing_with_security_is_rejected() -> None:
    spec = yaml.safe_load(DEFAULT_SPEC.read_text())
    op = spec["paths"]["/api/organizations/{organization_id}/roles/"]["get"]
    op["security"] = [{"PersonalAPIKey": ["organization:write"]}]
    with pytest.raises(SpecError, match="disagrees"):
        read_operations(spec)


def test_spec_with_undeclared_path_parameter_is_rejected() -> None:
    spec = yaml.safe_load(DEFAULT_SPEC.read_text())
    op = spec["paths"]["/api/organizations/{organization_id}/roles/{id}/"]["get"]
    op["parameters"] = op["parameters"][:1]
    with pytest.raises(SpecError, match="do not match the placeholders"):
        read_operations(spec)


@pytest.fixture
def defaults_package(tmp_path: Path) -> Iterator[ModuleType]:
    """A package generated from a copy of the spec whose PATCH body field `anonymize_ips`
    declares `default: false` and whose `limit` query parameter declares `default: 100`."""
    spec = yaml.safe_load(DEFAULT_SPEC.read_text())
    schemas = spec["components"]["schemas"]
    schemas["PatchedProjectRequest"]["properties"]["anonymize_ips"]["default"] = False
    spec["components"]["parameters"]["Limit"]["schema"]["default"] = 100
    changed = tmp_path / "defaults.yaml"
    changed.write_text(yaml.safe_dump(spec, sort_keys=False))
    package = tmp_path / "pkg" / "defaults_sdk"
    generate(changed, package)
    yield from _load_package(package, "defaults_sdk")


async def test_patch_sends_a_passed_value_equal_to_the_spec_default(
    defaults_package: ModuleType,
) -> None:
    sent: list[object] = []

    def record(url: object, **kwargs: object) -> None:
        sent.append(kwargs.get("data"))

    async with AsyncClient(api_key="k", base_url="http://api.test") as client:
        projects = defaults_package.Projects(client)
        with aioresponses() as mocked:
            url = "http://api.test/api/organizations/o/projects/5/"
            mocked.patch(url, payload={"id": 5}, callback=record)
            mocked.patch(url, payload={"id": 5}, callback=record)
            await projects.update(organization_id="o", id=5, anonymize_ips=False)
            await projects.update(organization_id="o", id=5)
    assert sent == [b'{"anonymize_ips":false}', b"{}"]


async def test_query_parameter_equal_to_the_spec_default_is_sent(
    defaults_package: ModuleType,
) -> None:
    page, url = await _list_roles(defaults_package, organization_id="o", limit=100)
    assert url == "http://api.test/api/organizations/o/roles/?limit=100"
    assert page.results == []


# -- query parameter types (boolean, arrays by style/explode, x-sdk-json, enum) ----------------

QUERY_TYPES: list[dict[str, Any]] = [
    {"name": "flag", "in": "query", "schema": {"type": "boolean"}},
    {"name": "tags", "in": "query", "schema": {"type": "array", "items": {"type": "string"}}},
    {
        "name": "ids",
        "in": "query",
        "explode": False,
        "schema": {"type": "array", "items": {"type": "integer"}},
    },
    {
        "name": "piped",
        "in": "query",
        "style": "pipeDelimited",
        "explode": False,
        "schema": {"type": "array", "items": {"type": "string"}},
    },
    {
        "name": "spaced",
        "in": "query",
        "style": "spaceDelimited",
        "explode": False,
        "schema": {"type": "array", "items": {"type": "boolean"}},
    },
    {
        "name": "filters",
        "in": "query",
        "schema": {"type": "string"},
        "x-sdk-json": {"type": "object"},
    },
    {"name": "kind", "in": "query", "schema": {"type": "string", "enum": ["a", "b"]}},
]


def _spec_with_roles_list_params(params: list[dict[str, Any]]) -> dict[str, Any]:
    spec: dict[str, Any] = yaml.safe_load(DEFAULT_SPEC.read_text())
    spec["paths"]["/api/organizations/{organization_id}/roles/"]["get"]["parameters"] += params
    return spec


@pytest.fixture
def query_types_package(tmp_path: Path) -> Iterator[ModuleType]:
    """A package generated from a copy of the spec whose roles list takes a parameter of
    every supported query type."""
    changed = tmp_path / "query_types.yaml"
    changed.write_text(yaml.safe_dump(_spec_with_roles_list_params(QUERY_TYPES), sort_keys=False))
    package = tmp_path / "pkg" / "query_types_sdk"
    generate(changed, package)
    yield from _load_package(package, "query_types_sdk")


def test_query_parameter_types_make_typed_keywords(query_types_package: ModuleType) -> None:
    import inspect

    parameters = inspect.signature(query_types_package.Roles.list).parameters
    assert {
        name: str(parameters[name].annotation)
        for name in ("flag", "tags", "ids", "piped", "spaced", "filters", "kind")
    } == {
        "flag": "bool | None",
        "tags": "builtins.list[str] | None",
        "ids": "builtins.list[int] | None",
        "piped": "builtins.list[str] | None",
        "spaced": "builtins.list[bool] | None",
        "filters": "dict[str, Any] | None",
        "kind": "Literal['a', 'b'] | None",
    }


async def test_query_parameter_types_are_encoded_as_the_spec_says(
    query_types_package: ModuleType,
) -> None:
    from urllib.parse import parse_qsl, urlsplit

    _, url = await _list_roles(
        query_types_package,
        organization_id="o",
        flag=False,
        tags=["x y", "z"],
        ids=[1, 2],
        piped=["a", "b"],
        spaced=[True, False],
        filters={"k": [1, "é"]},
        kind="b",
    )
    query = parse_qsl(urlsplit(str(url)).query)
    assert sorted(query) == sorted(
        [
            ("flag", "false"),
            ("tags", "x y"),
            ("tags", "z"),
            ("ids", "1,2"),
            ("piped", "a|b"),
            ("spaced", "true false"),
            ("filters", '{"k":[1,"é"]}'),
            ("kind", "b"),
        ]
    )
    assert [value for name, value in query if name == "tags"] == ["x y", "z"]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"flag": "true"},
        {"flag": 1},
        {"tags": "x"},
        {"tags": [1]},
        {"ids": [True]},
        {"spaced": ["true"]},
        {"filters": ["not", "a", "dict"]},
        {"filters": {"nan": float("nan")}},
        {"kind": "c"},
    ],
    ids=repr,
)
async def test_query_parameter_of_the_wrong_type_is_refused_before_sending(
    query_types_package: ModuleType, kwargs: dict[str, Any]
) -> None:
    async with AsyncClient(api_key="k", base_url="http://api.test") as client:
        roles = query_types_package.Roles(client)
        with aioresponses() as mocked, pytest.raises((TypeError, ValueError)):
            roles.list(organization_id="o", **kwargs)
        assert not mocked.requests


@pytest.mark.parametrize(
    ("param", "message"),
    [
        (
            {
                "name": "deep",
                "in": "query",
                "style": "deepObject",
                "schema": {"type": "array", "items": {"type": "string"}},
            },
            "array parameter",
        ),
        (
            {
                "name": "n",
                "in": "query",
                "schema": {"type": "integer"},
                "x-sdk-json": {"type": "array"},
            },
            "must be of type string",
        ),
    ],
)
def test_unsupported_query_parameters_are_refused(param: dict[str, Any], message: str) -> None:
    with pytest.raises(SpecError, match=message):
        read_operations(_spec_with_roles_list_params([param]))


@pytest.mark.parametrize(
    ("schema", "kind", "items"),
    [
        ({"type": "object", "additionalProperties": {}}, "object", None),
        ({"type": "array", "items": {"type": "object"}}, "array", "object"),
        ({"type": "array", "items": {"$ref": "#/components/schemas/Role"}}, "array", "object"),
        ({}, "any", None),
    ],
)
def test_object_array_of_object_and_untyped_query_parameters_are_sent_as_json(
    schema: dict[str, Any], kind: str, items: str | None
) -> None:
    """PostHog's `query_as_params_to_dict` json-loads every query value: such a parameter
    takes the decoded value and is sent JSON-encoded."""
    param = {"name": "filter", "in": "query", "schema": schema}
    (roles,) = [
        r for r in read_operations(_spec_with_roles_list_params([param])) if r.attribute == "roles"
    ]
    (op,) = [o for o in roles.operations if o.operation_id == "roles_list"]
    (query,) = [p for p in op.query_params if p.name == "filter"]
    assert (query.json, query.items, query.schema_type) == (kind, items, "string")


@pytest.mark.parametrize(
    ("where", "extension"),
    [("op", "x-personal-api-key-allowed"), ("response", "x-sdk-may-be-empty")],
)
def test_fidelity_extensions_must_be_booleans(where: str, extension: str) -> None:
    spec = yaml.safe_load(DEFAULT_SPEC.read_text())
    op = spec["paths"]["/api/organizations/{organization_id}/roles/{id}/"]["get"]
    (op if where == "op" else op["responses"]["200"])[extension] = "no"
    with pytest.raises(SpecError, match=extension):
        read_operations(spec)


@pytest.mark.parametrize("answers", ["yes", [{"success": True}]])
def test_none_answers_must_list_bodies_of_a_model_or_the_operation_is_left_out(
    answers: object,
) -> None:
    """A string, or none-answers on a response that is not a model (the recording DELETE
    answers no body), leaves that one operation out with a warning naming it."""
    spec = yaml.safe_load(DEFAULT_SPEC.read_text())
    op = spec["paths"]["/api/environments/{project_id}/session_recordings/{id}/"]["delete"]
    code = next(code for code in op["responses"] if code.startswith("2"))
    op["responses"][code]["x-sdk-none-answers"] = answers
    problems = Problems()
    resources = read_operations(spec, problems)
    assert not problems
    (warning,) = problems.warnings
    assert "session_recordings_destroy" in warning.message
    assert "x-sdk-none-answers" in warning.message
    ids = {o.operation_id for r in resources for o in r.operations}
    assert "session_recordings_destroy" not in ids
    assert "session_recordings_retrieve" in ids


def test_the_live_services_own_answers_leave_the_return_type_to_the_described_one(
    tmp_path: Path,
) -> None:
    """A success response marked `x-sdk-live-answer` (a delete's `200 {"success": true}`,
    a create's 200) does not set what the method returns; nor does the `Success` member
    of the recording PATCH's `oneOf`."""
    import inspect

    package = tmp_path / "pkg" / "live_answers_sdk"
    generate(DEFAULT_SPEC, package)
    returns = {
        "SessionRecordingPlaylists.remove_recording": "None",
        "ProxyRecords.delete": "None",
        "ProxyRecords.create": "models.ProxyRecord",
        "Projects.add_product_intent": "models.Project",
        "SessionRecordings.update": "models.SessionRecording | None",
    }
    for module in _load_package(package, "live_answers_sdk"):
        for method, expected in returns.items():
            resource, name = method.split(".")
            function = getattr(getattr(module, resource), name)
            assert str(inspect.signature(function).return_annotation) == expected, method


@pytest.fixture
def fidelity_package(tmp_path: Path) -> Iterator[ModuleType]:
    """A package generated from a copy of the spec where `roles.get` is refused to personal
    API keys and may answer no body."""
    spec = yaml.safe_load(DEFAULT_SPEC.read_text())
    op = spec["paths"]["/api/organizations/{organization_id}/roles/{id}/"]["get"]
    op["x-personal-api-key-allowed"] = False
    op["responses"]["200"]["x-sdk-may-be-empty"] = True
    changed = tmp_path / "fidelity.yaml"
    changed.write_text(yaml.safe_dump(spec, sort_keys=False))
    package = tmp_path / "pkg" / "fidelity_sdk"
    generate(changed, package)
    yield from _load_package(package, "fidelity_sdk")


async def test_the_fidelity_extensions_reach_the_method(fidelity_package: ModuleType) -> None:
    get = fidelity_package.Roles.get
    assert get.personal_api_key_allowed is False
    assert fidelity_package.Roles.create.personal_api_key_allowed is True
    assert "PersonalApiKeyWarning" in (get.__doc__ or "")
    import inspect

    assert str(inspect.signature(get).return_annotation) == "models.Role | None"
    async with AsyncClient(api_key="k", base_url="http://api.test") as client:
        roles = fidelity_package.Roles(client)
        with aioresponses() as mocked:
            url = "http://api.test/api/organizations/o/roles/r/"
            mocked.get(url, body=b"")
            mocked.get(url, payload={"id": "r", "name": "Admins"})
            with pytest.warns(PersonalApiKeyWarning, match="roles_retrieve"):
                assert await roles.get(organization_id="o", id="r") is None
            role = await roles.get(organization_id="o", id="r")
    assert role.name == "Admins"


# -- shared bodies ----------------------------------------------------------------------------


def _spec_resources() -> tuple[list[Any], str]:
    document = yaml.safe_load(DEFAULT_SPEC.read_text())
    return read_operations(document), (DEFAULT_OUT / "models.py").read_text()


def test_shared_project_bodies_become_typed_dicts_that_extend_the_base() -> None:
    resources, models_code = _spec_resources()
    shared, by_op = fields_types(resources, models_code)
    names = {t.name: t for t in shared}
    assert shared[0].name == "PatchedProjectRequestFields"  # bases first
    base = names["PatchedProjectRequestFields"]
    assert base.base is None
    assert {"name", "anonymize_ips", "timezone"} <= {f.name for f in base.fields}
    intent = names["PatchedProjectProductIntentRequestFields"]
    assert intent.base == base.name
    assert [f.name for f in intent.fields] == ["product_type", "intent_context", "metadata"]
    assert by_op["projects_add_product_intent_partial_update"] == intent.name
    assert by_op["projects_complete_product_onboarding_partial_update"] == intent.name
    # change_organization's own field is taken by its path parameter: the base's fields.
    assert by_op["projects_change_organization_create"] == base.name
    assert by_op["projects_reset_token_partial_update"] == base.name
    assert "roles_create" not in by_op  # a body of one operation keeps named parameters


def test_an_operation_whose_fields_differ_from_its_shared_body_keeps_named_parameters() -> None:
    resources, models_code = _spec_resources()
    projects = next(r for r in resources if r.attribute == "projects")
    ops = {op.operation_id: op for op in projects.operations}
    # The two operations of one body model: the shared type has the fields of the first in the
    # spec; the other, given fewer, keeps its named parameters.
    both = [
        "projects_add_product_intent_partial_update",
        "projects_complete_product_onboarding_partial_update",
    ]
    first, other = sorted((ops[name] for name in both), key=projects.operations.index)
    fewer = replace(other, body_fields=[f for f in first.body_fields if f.name != "metadata"])
    projects.operations[projects.operations.index(other)] = fewer
    _, by_op = fields_types(resources, models_code)
    assert fewer.operation_id not in by_op
    assert by_op[first.operation_id] == "PatchedProjectProductIntentRequestFields"


def test_an_endpoint_class_name_already_taken_gets_a_suffix() -> None:
    resources, _ = _spec_resources()
    names = op_classes(resources, {"RolesGet", "SessionRecordingsGetMany"})
    assert names["roles_retrieve"] == "RolesGetOp"
    assert names["session_recordings_retrieve"] == "SessionRecordingsGetOp"  # and its Many
    assert names["roles_create"] == "RolesCreate"
    assert len(set(names.values())) == len(names)
