"""A broken spec is refused clearly and atomically: every problem in one run, one line each,
`FILE:LINE: what is wrong`, exit status 1, and the output package left as it was."""

from __future__ import annotations

import copy
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from codegen.generate import DEFAULT_SPEC, PARALLEL_FROM, ROOT, generate
from codegen.source import Problems, SpecProblems
from codegen.spec import read_operations


def edit(text: str, old: str, new: str, *, after: str = "") -> tuple[str, int]:
    """`text` with the first `old` after `after` replaced by `new`, and the 1-based line of
    the change."""
    start = text.index(after) if after else 0
    at = text.index(old, start)
    return text[:at] + new + text[at + len(old) :], text.count("\n", 0, at) + 1


def run_codegen(spec: Path, out: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "codegen", "--spec", str(spec), "--out", str(out)],
        cwd=ROOT, capture_output=True, text=True,
    )  # fmt: skip


@pytest.fixture
def untouched_out(tmp_path: Path) -> Path:
    out = tmp_path / "out"
    out.mkdir()
    (out / "resources.py").write_text("# the previous generation\n")
    return out


def test_every_problem_is_reported_at_its_line_and_nothing_is_written(
    tmp_path: Path, untouched_out: Path
) -> None:
    text = DEFAULT_SPEC.read_text()
    text, method_line = edit(text, "x-sdk-method: get_sharing", "x-sdk-method: get-sharing")
    text, resource_line = edit(text, "x-sdk-resource: sessions", "x-sdk-resource: 2sessions")
    text, ref_line = edit(
        text,
        '$ref: "#/components/schemas/SharingConfiguration"',
        '$ref: "#/components/schemas/SharingConfig"',
    )
    text, type_line = edit(text, "{type: [string, \"null\"]}", "{type: [strng, \"null\"]}",
                           after="  SharingConfiguration:")  # fmt: skip
    text, bulk_line = edit(text, "x-sdk-bulk-param: id", "x-sdk-bulk-param: nope")
    spec = tmp_path / "openapi.yaml"
    spec.write_text(text)
    completed = run_codegen(spec, untouched_out)
    assert completed.returncode == 1
    lines = completed.stderr.splitlines()
    expected_lines = sorted([method_line, resource_line, ref_line, type_line, bulk_line])
    reported = [line for line in lines if re.match(r"openapi\.yaml:\d+: ", line)]
    assert sorted(int(line.split(":")[1]) for line in reported) == expected_lines, lines
    by_line = {int(line.split(":")[1]): line for line in reported}
    assert "'get-sharing' is not a Python identifier" in by_line[method_line]
    assert "'2sessions' is not a Python identifier" in by_line[resource_line]
    assert "'#/components/schemas/SharingConfig' points at nothing" in by_line[ref_line]
    assert "invalid type 'strng'" in by_line[type_line]
    assert "bulk method needs a path parameter" in by_line[bulk_line]
    assert lines[-1] == "openapi.yaml: 5 problems; nothing was written"
    assert "Traceback" not in completed.stderr
    assert [p.name for p in untouched_out.iterdir()] == ["resources.py"]
    assert (untouched_out / "resources.py").read_text() == "# the previous generation\n"
    assert not [p for p in untouched_out.parent.iterdir() if p.name.startswith(".out-")]


def test_openapi_validation_errors_are_reported_with_their_lines(
    tmp_path: Path, untouched_out: Path
) -> None:
    text = DEFAULT_SPEC.read_text()
    text, in_line = edit(text, "in: query", "in: querystring")
    text, response_line = edit(text, '"204":\n          description: Deleted; no body.',
                               '"204":\n          summary: Deleted; no body.')  # fmt: skip
    spec = tmp_path / "openapi.yaml"
    spec.write_text(text)
    with pytest.raises(SpecProblems) as refused:
        generate(spec, untouched_out)
    found = {p.line: p.message for p in refused.value.problems}
    assert in_line in found
    assert "querystring" in found[in_line]
    # A response with `summary` instead of its required `description`.
    assert response_line in found
    assert "'summary' was unexpected" in found[response_line]
    assert (untouched_out / "resources.py").read_text() == "# the previous generation\n"


def test_colliding_names_and_repeated_operation_ids_are_refused(tmp_path: Path) -> None:
    text = DEFAULT_SPEC.read_text()
    text, dup_line = edit(text, "x-sdk-method: get_sharing", "x-sdk-method: get")
    text, id_line = edit(
        text, "operationId: roles_create", "operationId: roles_list",
        after="operationId: roles_list",
    )  # fmt: skip
    spec = tmp_path / "openapi.yaml"
    spec.write_text(text)
    with pytest.raises(SpecProblems) as refused:
        generate(spec, tmp_path / "out")
    lines = refused.value.lines()
    assert f"openapi.yaml:{dup_line}: session_recordings.get is defined twice" in lines
    assert f"openapi.yaml:{id_line}: operationId 'roles_list' is repeated" in lines
    assert not (tmp_path / "out").exists()


def test_invalid_yaml_is_one_problem_at_its_line(tmp_path: Path) -> None:
    text = DEFAULT_SPEC.read_text()
    text, line = edit(text, "paths:\n", "paths:\n  - [unclosed\n")
    spec = tmp_path / "openapi.yaml"
    spec.write_text(text)
    completed = run_codegen(spec, tmp_path / "out")
    assert completed.returncode == 1
    match = re.match(r"openapi\.yaml:(\d+): not valid YAML: ", completed.stderr)
    assert match is not None, completed.stderr
    assert line < int(match[1]) <= line + 2  # where the parser noticed it


def test_a_large_spec_is_checked_in_parallel_with_the_same_report(tmp_path: Path) -> None:
    """From PARALLEL_FROM operations the OpenAPI validation runs in another process while
    the modules render: its problems are still reported, at their lines, nothing written."""
    spec = yaml.safe_load(DEFAULT_SPEC.read_text())
    copies = -(-PARALLEL_FROM // 26)
    paths = {}
    for index in range(copies):
        for path, item in spec["paths"].items():
            item = copy.deepcopy(item)
            for op in item.values():
                op["operationId"] = f"{op['operationId']}_{index}"
                if "x-sdk-resource" in op:
                    op["x-sdk-resource"] = f"{op['x-sdk-resource']}_{index}"
                if "x-sdk-batch" in op:
                    op["x-sdk-batch"]["operation"] += f"_{index}"
            paths[path.replace("/api/", f"/api/v{index}/", 1)] = item
    spec["paths"] = paths
    text = yaml.safe_dump(spec, sort_keys=False)
    # A parameter that no x-sdk-batch names, so that its problem is the only one.
    text, line = edit(text, "in: query", "in: querystring", after="name: order")
    big = tmp_path / "openapi.yaml"
    big.write_text(text)
    out = tmp_path / "out"
    with pytest.raises(SpecProblems) as refused:
        generate(big, out)
    assert [(p.line, "querystring" in p.message) for p in refused.value.problems] == [(line, True)]
    assert not out.exists()


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
