"""What the generator refuses, and what it only warns about.

Errors (YAML that does not parse, a `$ref` to nothing, an unknown type, names that collide)
refuse the whole spec atomically: every problem in one run, one line each,
`FILE:LINE: what is wrong`, exit status 1, and the output package left as it was. A problem
that concerns one operation, and a violation of the OpenAPI schema that does not stop
generation, is a warning at its line, naming the operation; the rest is generated.

Lines are found by the pointer of the node a test changed, never by searching the text.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from codegen.generate import DEFAULT_SPEC, ROOT, generate
from codegen.source import Problems, SpecProblems
from codegen.spec import read_operations

from tests.support.spec_edit import find_operation, large_spec, line_of, load_spec, write_spec
from tests.support.whole_api import HTTP_METHODS, operations

SESSIONS = "/api/environments/{project_id}/session_recordings/"
SHARING = "/api/environments/{project_id}/session_recordings/{recording_id}/sharing/"
ONE_RECORDING = "/api/environments/{project_id}/session_recordings/{id}/"


def run_codegen(spec: Path, out: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "codegen", "--spec", str(spec), "--out", str(out), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )


@pytest.fixture
def untouched_out(tmp_path: Path) -> Path:
    out = tmp_path / "out"
    out.mkdir()
    (out / "resources.py").write_text("# the previous generation\n")
    return out


def assert_untouched(out: Path) -> None:
    assert [p.name for p in out.iterdir()] == ["resources.py"]
    assert (out / "resources.py").read_text() == "# the previous generation\n"
    assert not [p for p in out.parent.iterdir() if p.name.startswith(".out-")]


def reported(stderr: str, kind: str = "") -> dict[int, str]:
    """The lines of `openapi.yaml:LINE: [kind]message` in `stderr`, by line number."""
    found = {}
    for line in stderr.splitlines():
        match = re.match(rf"openapi\.yaml:(\d+): {kind}(.*)", line)
        if match and (kind or not match[2].startswith("warning: ")):
            found[int(match[1])] = match[2]
    return found


def test_errors_are_reported_at_their_lines_and_nothing_is_written(
    tmp_path: Path, untouched_out: Path
) -> None:
    spec = load_spec()
    sharing = find_operation(spec, "session_recordings_sharing_retrieve")
    answer = sharing["responses"]["200"]["content"]["application/json"]["schema"]
    answer["$ref"] = "#/components/schemas/SharingConfig"
    created = spec["components"]["schemas"]["SharingConfiguration"]["properties"]["created_at"]
    created["type"] = ["strng", "null"]
    text = write_spec(spec, tmp_path / "openapi.yaml")
    ref_line = line_of(
        text,
        "paths",
        SHARING,
        "get",
        "responses",
        "200",
        "content",
        "application/json",
        "schema",
        "$ref",
    )
    type_line = line_of(
        text, "components", "schemas", "SharingConfiguration", "properties", "created_at", "type"
    )
    completed = run_codegen(tmp_path / "openapi.yaml", untouched_out)
    assert completed.returncode == 1
    errors = reported(completed.stderr)
    assert sorted(errors) == sorted([ref_line, type_line]), completed.stderr
    assert "'#/components/schemas/SharingConfig' points at nothing" in errors[ref_line]
    assert "invalid type 'strng'" in errors[type_line]
    assert completed.stderr.splitlines()[-1] == "openapi.yaml: 2 problems; nothing was written"
    assert "Traceback" not in completed.stderr
    assert_untouched(untouched_out)


def test_x_sdk_idempotent_must_be_a_boolean(tmp_path: Path, untouched_out: Path) -> None:
    spec = load_spec()
    reset = "/api/organizations/{organization_id}/projects/{id}/reset_token/"
    spec["paths"][reset]["patch"]["x-sdk-idempotent"] = "no"
    text = write_spec(spec, tmp_path / "openapi.yaml")
    completed = run_codegen(tmp_path / "openapi.yaml", untouched_out, "--strict")
    assert completed.returncode == 1
    line = line_of(text, "paths", reset, "patch", "x-sdk-idempotent")
    assert "x-sdk-idempotent must be true or false" in reported(completed.stderr)[line]
    assert_untouched(untouched_out)


def test_a_problem_of_one_operation_is_a_warning_naming_it_and_the_rest_is_generated(
    tmp_path: Path, untouched_out: Path
) -> None:
    spec = load_spec()
    find_operation(spec, "session_recordings_sharing_retrieve")["x-sdk-method"] = "get-sharing"
    find_operation(spec, "sessions_property_definitions_retrieve")["x-sdk-resource"] = "2s"
    find_operation(spec, "session_recordings_retrieve")["x-sdk-bulk-param"] = "nope"
    text = write_spec(spec, tmp_path / "openapi.yaml")
    expected = {
        line_of(text, "paths", SHARING, "get", "x-sdk-method"): (
            "session_recordings_sharing_retrieve",
            "'get-sharing' is not a Python identifier",
        ),
        line_of(
            text,
            "paths",
            "/api/environments/{project_id}/sessions/property_definitions/",
            "get",
            "x-sdk-resource",
        ): ("sessions_property_definitions_retrieve", "'2s' is not a Python identifier"),
        line_of(text, "paths", ONE_RECORDING, "get", "x-sdk-bulk-param"): (
            "session_recordings_retrieve",
            "bulk method needs a path parameter",
        ),
    }
    completed = run_codegen(tmp_path / "openapi.yaml", untouched_out)
    assert completed.returncode == 0, completed.stderr
    warnings = reported(completed.stderr, "warning: ")
    assert sorted(warnings) == sorted(expected), completed.stderr
    for line, (operation_id, what) in expected.items():
        assert warnings[line].startswith(f"{operation_id} (GET "), warnings[line]
        assert "is not generated" in warnings[line]
        assert what in warnings[line]
    generated = (untouched_out / "operations.py").read_text()
    for operation_id, _ in expected.values():
        assert f'operation_id="{operation_id}",' not in generated
    assert 'operation_id="session_recordings_list",' in generated
    # --strict refuses the same spec, with the same lines.
    strict_out = tmp_path / "strict"
    refused = run_codegen(tmp_path / "openapi.yaml", strict_out, "--strict")
    assert refused.returncode == 1
    assert sorted(reported(refused.stderr)) == sorted(expected)
    assert not strict_out.exists()


@pytest.mark.parametrize(
    ("operation_id", "path", "verb", "action"),
    [
        ("roles_retrieve", "/api/organizations/{organization_id}/roles/{id}/", "post", "GET"),
        (
            "proxy_records_destroy",
            "/api/organizations/{organization_id}/proxy_records/{id}/",
            "put",
            "DELETE",
        ),
        ("roles_create", "/api/organizations/{organization_id}/roles/", "patch", "POST"),
    ],
)
def test_an_operation_under_another_verb_than_its_action_is_refused(
    tmp_path: Path, operation_id: str, path: str, verb: str, action: str
) -> None:
    """A drf-spectacular operationId names its HTTP method (`_retrieve`: GET): an operation
    moved under another verb would send other requests and no report would say so."""
    spec = load_spec()
    item = spec["paths"][path]
    moved = next(
        method for method in HTTP_METHODS if item.get(method, {}).get("operationId") == operation_id
    )
    item[verb] = item.pop(moved)
    text = write_spec(spec, tmp_path / "openapi.yaml")
    refused = run_codegen(tmp_path / "openapi.yaml", tmp_path / "out", "--strict")
    assert refused.returncode == 1
    line = line_of(text, "paths", path, verb)
    assert (
        f"{operation_id} ({verb.upper()} {path}) is not generated" in reported(refused.stderr)[line]
    )
    assert f"names a {action} action" in reported(refused.stderr)[line]
    assert not (tmp_path / "out").exists()


def test_a_misspelt_extension_is_a_warning_at_its_line(tmp_path: Path) -> None:
    """`x-throtle` would leave the operation with no throttle class, `x-sdk-methd`,
    `x-sdk-may-be-emtpy` and `x-sdk-accept-integer` would be ignored: each is named, on an
    operation, a response or a parameter; other tools' `x-` keys are not."""
    spec = load_spec()
    deleted = find_operation(spec, "session_recordings_destroy")
    deleted["x-throtle"] = deleted.pop("x-throttle")
    deleted["x-internal"] = True
    retrieved = find_operation(spec, "session_recordings_retrieve")
    retrieved["x-sdk-methd"] = retrieved.pop("x-sdk-method")
    retrieved["x-sdk-bulk"] = "get_many"
    filters = find_operation(spec, "session_recordings_ai_filters_create")["responses"]["200"]
    filters["x-sdk-may-be-emtpy"] = filters.pop("x-sdk-may-be-empty")
    organization = spec["components"]["parameters"]["ProjectId"]
    organization["x-sdk-accept-integer"] = organization.pop("x-sdk-accepts-integer")
    text = write_spec(spec, tmp_path / "openapi.yaml")
    filters_at = ("paths", "/api/environments/{project_id}/session_recordings/ai/filters/")
    unread = "is not an extension the generator reads"
    expected = {
        line_of(text, *filters_at, "post", "responses", "200", "x-sdk-may-be-emtpy"): (
            f"'x-sdk-may-be-emtpy' {unread}: did you mean 'x-sdk-may-be-empty'?"
        ),
        line_of(text, "components", "parameters", "ProjectId", "x-sdk-accept-integer"): (
            f"'x-sdk-accept-integer' {unread}: did you mean 'x-sdk-accepts-integer'?"
        ),
        line_of(text, "paths", ONE_RECORDING, "delete", "x-throtle"): (
            f"'x-throtle' {unread}: did you mean 'x-throttle'?"
        ),
        line_of(text, "paths", ONE_RECORDING, "get", "x-sdk-methd"): (
            f"'x-sdk-methd' {unread}: did you mean 'x-sdk-method'?"
        ),
        line_of(text, "paths", ONE_RECORDING, "get", "x-sdk-bulk"): f"'x-sdk-bulk' {unread}",
    }
    generated = run_codegen(tmp_path / "openapi.yaml", tmp_path / "out")
    assert generated.returncode == 0, generated.stderr
    assert reported(generated.stderr, "warning: ") == expected, generated.stderr
    refused = run_codegen(tmp_path / "openapi.yaml", tmp_path / "strict", "--strict")
    assert refused.returncode == 1
    assert sorted(reported(refused.stderr)) == sorted(expected)


def test_a_misspelt_schema_keyword_is_a_warning_at_its_line(tmp_path: Path) -> None:
    """JSON Schema ignores a keyword it does not know: `requird` would make `name` optional
    and `minLenght` would drop a bound, both silently."""
    spec = load_spec()
    role = spec["components"]["schemas"]["RoleRequest"]
    role["requird"] = role.pop("required")
    name = role["properties"]["name"]
    name["minLenght"] = name.pop("minLength")
    text = write_spec(spec, tmp_path / "openapi.yaml")
    schema = ("components", "schemas", "RoleRequest")
    expected = {
        line_of(text, *schema, "requird"): "'requird' is not a schema keyword: did you mean "
        "'required'?",
        line_of(text, *schema, "properties", "name", "minLenght"): "'minLenght' is not a "
        "schema keyword: did you mean 'minLength'?",
    }
    generated = generate(tmp_path / "openapi.yaml", tmp_path / "out")
    found = {warning.line: warning.message for warning in generated.warnings}
    assert found == expected
    with pytest.raises(SpecProblems):
        generate(tmp_path / "openapi.yaml", tmp_path / "strict", strict=True)


def test_openapi_violations_are_warnings_at_their_lines(tmp_path: Path) -> None:
    spec = load_spec()
    listing = find_operation(spec, "session_recordings_list")
    listing["parameters"][-1]["in"] = "querystring"
    deleted = find_operation(spec, "session_recordings_destroy")["responses"]["204"]
    deleted["summary"] = deleted.pop("description")
    text = write_spec(spec, tmp_path / "openapi.yaml")
    in_line = line_of(
        text, "paths", SESSIONS, "get", "parameters", len(listing["parameters"]) - 1, "in"
    )
    response_line = line_of(text, "paths", ONE_RECORDING, "delete", "responses", "204")
    generated = generate(tmp_path / "openapi.yaml", tmp_path / "out")
    found: dict[int, list[str]] = {}
    for warning in generated.warnings:
        found.setdefault(warning.line, []).append(warning.message)
    assert any("querystring" in m for m in found[in_line]), found
    assert any("'summary' was unexpected" in m for m in found[response_line]), found
    assert (tmp_path / "out" / "resources.py").exists()
    with pytest.raises(SpecProblems):
        generate(tmp_path / "openapi.yaml", tmp_path / "strict", strict=True)


def test_colliding_names_and_repeated_operation_ids_are_refused(tmp_path: Path) -> None:
    spec = load_spec()
    find_operation(spec, "session_recordings_sharing_retrieve")["x-sdk-method"] = "get"
    find_operation(spec, "roles_create")["operationId"] = "roles_list"
    text = write_spec(spec, tmp_path / "openapi.yaml")
    # Reported at the second of the two in the spec.
    dup_line = max(
        line_of(text, "paths", SHARING, "get", "x-sdk-method"),
        line_of(text, "paths", ONE_RECORDING, "get", "x-sdk-method"),
    )
    roles = "/api/organizations/{organization_id}/roles/"
    id_line = line_of(text, "paths", roles, "post", "operationId")
    with pytest.raises(SpecProblems) as refused:
        generate(tmp_path / "openapi.yaml", tmp_path / "out")
    lines = refused.value.lines()
    assert f"openapi.yaml:{dup_line}: session_recordings.get is defined twice" in lines
    assert f"openapi.yaml:{id_line}: operationId 'roles_list' is repeated" in lines
    assert not (tmp_path / "out").exists()


def test_invalid_yaml_is_one_problem_at_its_line(tmp_path: Path) -> None:
    text = write_spec(load_spec(), tmp_path / "openapi.yaml")
    lines = text.splitlines(keepends=True)
    paths_line = line_of(text, "paths")
    lines.insert(paths_line, "  - [unclosed\n")
    (tmp_path / "openapi.yaml").write_text("".join(lines))
    completed = run_codegen(tmp_path / "openapi.yaml", tmp_path / "out")
    assert completed.returncode == 1
    match = re.match(r"openapi\.yaml:(\d+): not valid YAML: ", completed.stderr)
    assert match is not None, completed.stderr
    assert paths_line < int(match[1]) <= paths_line + 3  # where the parser noticed it
    assert not (tmp_path / "out").exists()


def test_a_key_given_twice_is_refused_at_its_second_line(tmp_path: Path) -> None:
    """A second `get:` under one path (a DELETE moved to the wrong verb) would replace the
    first: the YAML loader would silently drop an operation."""
    text = write_spec(load_spec(), tmp_path / "openapi.yaml")
    lines = text.splitlines(keepends=True)
    delete_line = line_of(text, "paths", ONE_RECORDING, "delete")
    lines[delete_line - 1] = lines[delete_line - 1].replace("delete:", "get:")
    (tmp_path / "openapi.yaml").write_text("".join(lines))
    get_line = line_of(text, "paths", ONE_RECORDING, "get")
    completed = run_codegen(tmp_path / "openapi.yaml", tmp_path / "out")
    assert completed.returncode == 1
    assert completed.stderr.startswith(
        f"openapi.yaml:{delete_line}: not valid YAML: the key 'get' is given twice "
        f"(first at line {get_line})"
    ), completed.stderr
    assert not (tmp_path / "out").exists()


def test_a_ref_to_the_wrong_kind_of_component_is_refused_at_the_ref(tmp_path: Path) -> None:
    """A schema `$ref` to a parameter was reported at the parameter's own line, as 'True is
    not of type array' (its `required: true` read as a schema)."""
    spec = load_spec()
    role = find_operation(spec, "roles_retrieve")
    role["responses"]["200"]["content"]["application/json"]["schema"]["$ref"] = (
        "#/components/parameters/ProjectId"
    )
    role["parameters"][0]["$ref"] = "#/components/schemas/Role"
    text = write_spec(spec, tmp_path / "openapi.yaml")
    at = ("paths", "/api/organizations/{organization_id}/roles/{id}/", "get")
    schema_line = line_of(
        text, *at, "responses", "200", "content", "application/json", "schema", "$ref"
    )
    parameter_line = line_of(text, *at, "parameters", 0, "$ref")
    completed = run_codegen(tmp_path / "openapi.yaml", tmp_path / "out")
    assert completed.returncode == 1
    errors = reported(completed.stderr)
    assert errors[schema_line] == (
        "$ref '#/components/parameters/ProjectId' points at a parameter where a schema belongs"
    )
    assert errors[parameter_line] == (
        "$ref '#/components/schemas/Role' points at a schema where a parameter belongs"
    )
    assert not (tmp_path / "out").exists()


def test_a_large_spec_is_checked_with_the_same_report(tmp_path: Path) -> None:
    """A spec large enough to load lazily (SPLIT_FROM operations) has its OpenAPI
    violations reported the same way, at their lines."""
    spec = large_spec(load_spec())
    path, method, activity = operations(spec)["projects_activity_retrieve_0"]
    names = [parameter.get("name") for parameter in activity["parameters"]]
    index = names.index("page")
    activity["parameters"][index]["in"] = "querystring"
    text = write_spec(spec, tmp_path / "openapi.yaml")
    line = line_of(text, "paths", path, method, "parameters", index, "in")
    generated = generate(tmp_path / "openapi.yaml", tmp_path / "out")
    assert line in {w.line for w in generated.warnings if "querystring" in w.message}


@pytest.mark.parametrize(
    ("strict", "at", "says"),
    [
        (True, ("Thing", "required"), "not valid OpenAPI 3.1.0: 'id' is not of type 'array'"),
        (False, ("Thing",), "no model can be written of it: "),
    ],
    ids=["strict", "not-strict"],
)
def test_a_large_spec_refused_by_its_validation_and_its_models_gets_the_report_of_validating_first(
    strict: bool, at: tuple[str, ...], says: str, tmp_path: Path
) -> None:
    """On a large spec the OpenAPI validation runs while the models are written.
    `required: id` (a string, not a list) is a warning of the validation and a schema no
    model can be written of: in strict mode the warning refuses the spec, alone, as when
    the validation ran first; without, the models' refusal does."""
    spec = large_spec(load_spec())
    thing = {"type": "object", "required": "id", "properties": {"id": {"type": "integer"}}}
    spec["components"]["schemas"]["Thing"] = thing
    text = write_spec(spec, tmp_path / "openapi.yaml")
    with pytest.raises(SpecProblems) as refused:
        generate(tmp_path / "openapi.yaml", tmp_path / "out", strict=strict)
    [problem] = refused.value.problems
    assert problem.line == line_of(text, "components", "schemas", *at)
    assert problem.message.startswith(says)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"operation": "no_such_list"}, "is not a list operation of the spec"),
        ({"operation": "proxy_records_list"}, "lists ProxyRecord, not SessionRecording"),
        ({"parameter": "order"}, "is not a JSON-list query parameter"),
        ({"max": 0}, "max must be an integer >= 1"),
        ({"limit": "date_from"}, "is not an integer query parameter"),
        ({"query": {"since": "-5y"}}, "query must map query parameters of it to strings"),
        ({"colour": "red"}, "unknown keys ['colour']"),
    ],
)
def test_a_wrong_batch_extension_is_refused_at_its_pointer(
    change: dict[str, object], message: str
) -> None:
    document = yaml.safe_load(DEFAULT_SPEC.read_text())
    path = "/api/environments/{project_id}/session_recordings/{id}/"
    document["paths"][path]["get"]["x-sdk-batch"].update(change)
    found = Problems()
    resources = read_operations(document, found)
    assert len(found.messages) == 1
    assert message in found.messages[0]
    assert found.messages[0].startswith("x-sdk-batch")
    # The operation itself is still generated, without batches.
    get = next(o for r in resources for o in r.operations if o.operation_id.endswith("retrieve"))
    assert get.batch is None
