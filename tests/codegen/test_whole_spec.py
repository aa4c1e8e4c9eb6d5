"""PostHog's whole spec (827 operations, drf-spectacular's output as PostHog publishes it)
generates unedited: every operation exposed, warnings instead of refusals, lazy loading,
`mypy --strict` clean, and sampled calls send the request their spec entry describes."""

from __future__ import annotations

import email.parser
import email.policy
import inspect
import re
import subprocess
import sys
from typing import Any

import pytest
import yaml
from codegen.source import parse

from product_analytics import (
    AsyncClient,
    MissingScopeError,
)
from product_analytics.testing import MockTransport
from tests.codegen.conftest import WholeApi
from tests.support.whole_api import (
    BASE,
    FIXTURE,
    PROJECT,
    check_sent,
    expected_call,
    methods,
    operations,
    sample,
    send,
)

DOCUMENT: dict[str, Any] = yaml.load(FIXTURE.read_bytes(), Loader=yaml.CSafeLoader)
# Constructs the whole spec has that a sample must hold: a multipart body, an array of
# objects and object-typed query parameters, two scopes, a hard delete that answers 405.
MUST = [
    "environments_error_tracking_symbol_sets_create",
    "environments_persons_list",
    "environments_persons_bulk_delete_create",
    "environments_persons_cohorts_retrieve",
]
SCOPE_IDS = ("project_id", "environment_id", "organization_id")
REFUSED = sorted(
    op_id
    for op_id, (_, _, op) in operations(DOCUMENT).items()
    if not any(str(code).startswith("2") for code in op["responses"])
)


def test_every_operation_of_the_spec_is_generated(whole_api: WholeApi) -> None:
    spec_ids = set(operations(DOCUMENT))
    generated = {op.operation_id for op in whole_api.module("operations").ALL}
    assert generated == spec_ids
    client = AsyncClient(api_key="k", base_url=BASE)
    exposed = methods(whole_api.module("resources"), client)
    assert {key for key in exposed if ":" not in key} == spec_ids


def test_the_only_warning_is_the_default_outside_its_enum_at_its_line(
    whole_api: WholeApi,
) -> None:
    """PostHog's `Property.type` defaults to "AND", outside its enum: a warning at the line
    of that default, and nothing left out."""
    source = parse(FIXTURE.read_bytes())
    line = source.line(("components", "schemas", "Property", "properties", "type", "default"))
    warnings = whole_api.generated.warnings
    assert [w.line for w in warnings] == [line]
    assert "'AND' is not one of" in warnings[0].message


async def test_operations_the_service_refuses_say_so(whole_api: WholeApi) -> None:
    assert REFUSED  # drf-spectacular's hard deletes PostHog turned off: only a 405
    async with AsyncClient(api_key="k", base_url=BASE) as client:
        exposed = methods(whole_api.module("resources"), client)
        for operation_id in REFUSED:
            doc = inspect.getdoc(exposed[operation_id]) or ""
            assert "The service refuses this operation" in doc, operation_id
            assert "405" in doc


def _plain_retrieve(path: str, op: dict[str, Any]) -> bool:
    """drf-spectacular's retrieve of one object: one id after the project or organization,
    at the end of the path, and a JSON answer."""
    ids = [p for p in re.findall(r"{(\w+)}", path) if p not in SCOPE_IDS]
    answer = op["responses"].get("200", {}).get("content", {})
    return (
        bool(re.search(r"_retrieve(_\d+)?$", op["operationId"]))
        and len(ids) == 1
        and path.rstrip("/").endswith(f"{{{ids[0]}}}")
        and "application/json" in answer
    )


def test_every_retrieve_of_one_id_has_get_many(whole_api: WholeApi) -> None:
    client = AsyncClient(api_key="k", base_url=BASE)
    exposed = methods(whole_api.module("resources"), client)
    retrieves = [
        i for i, (path, _, op) in operations(DOCUMENT).items() if _plain_retrieve(path, op)
    ]
    assert retrieves
    for operation_id in retrieves:
        bulk = exposed.get(f"{operation_id}:bulk")
        assert bulk is not None, operation_id
        assert bulk.operation.operation_id == operation_id


@pytest.mark.parametrize("operation_id", sample(DOCUMENT, 40, MUST, seed=20261125))
async def test_a_sampled_operation_sends_what_its_spec_entry_describes(
    whole_api: WholeApi, operation_id: str
) -> None:
    """The expected request comes from the spec alone (tests/support/whole_api.py): path
    parameters in the path (the project from the client's default), query values in the
    parameter's style (JSON where PostHog json-loads them), and the body's required
    writable fields, read-only ones left out."""
    await check_sent(whole_api.module("resources"), expected_call(DOCUMENT, operation_id))


async def test_a_multipart_body_sends_files_as_file_parts(whole_api: WholeApi) -> None:
    call = expected_call(DOCUMENT, "environments_error_tracking_symbol_sets_create")
    call.kwargs["extra_body"] = {"file": b"\x00\x01binary"}
    request = await send(whole_api.module("resources"), call)
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
        b"Content-Type: " + request.headers["Content-Type"].encode() + b"\r\n\r\n" + request.content
    )
    parts = {p.get_param("name", header="content-disposition"): p for p in message.iter_parts()}  # type: ignore[attr-defined]
    assert parts["file"].get_content() == b"\x00\x01binary"
    assert parts["file"].get_filename() == "file"
    assert parts["ref"].get_content() == call.body["ref"]  # type: ignore[index]


async def test_every_scope_an_operation_lists_is_required(whole_api: WholeApi) -> None:
    """PostHog's APIScopePermission needs every scope of `required_scopes`; `:write`
    grants `:read`."""
    operation_id = "environments_persons_cohorts_retrieve"
    call = expected_call(DOCUMENT, operation_id)
    async with AsyncClient(
        api_key="k", base_url=BASE, scopes=["person:write"], project_id=PROJECT
    ) as client:
        method = methods(whole_api.module("resources"), client)[operation_id]
        assert set(method.operation.required_scopes) == {"person:read", "cohort:read"}
        with pytest.raises(MissingScopeError) as missing:
            await method(**call.kwargs)
        assert missing.value.required_scope == "cohort:read"
    sent: list[Any] = []
    transport = MockTransport(lambda r: (sent.append(r), (200, {}, b"{}"))[1])
    async with AsyncClient(
        api_key="k",
        base_url=BASE,
        scopes=["person:write", "cohort:read"],
        project_id=PROJECT,
        transport=transport,
    ) as client:
        await methods(whole_api.module("resources"), client)[operation_id](**call.kwargs)
    assert len(sent) == 1


def _run(whole_api: WholeApi, code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        env={"PYTHONPATH": str(whole_api.site), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_importing_the_package_builds_no_model_and_no_resource(whole_api: WholeApi) -> None:
    """Models, operations and resources load on first use (the import-time figure is in
    `make bench`)."""
    completed = _run(
        whole_api,
        (
            "import sys, product_analytics\n"
            "where = product_analytics.__file__\n"
            "assert where.startswith(sys.path[1]), where\n"
            "loaded = [m for m in sys.modules if m.startswith('product_analytics._generated._')]\n"
            "assert not loaded, loaded\n"
            "from product_analytics import models\n"
            "assert models.Person.__name__ == 'Person'\n"
            "print(len([m for m in sys.modules if '_generated._models' in m]))\n"
        ),
    )
    assert completed.returncode == 0, completed.stderr
    assert 0 < int(completed.stdout) < 50


def test_the_testing_package_works_with_the_whole_api(whole_api: WholeApi) -> None:
    """MockTransport imports, and FakeServer answers 501 for an operation it has no
    handler for."""
    completed = _run(
        whole_api,
        (
            "import asyncio\n"
            "from product_analytics import ApiStatusError, AsyncClient\n"
            "from product_analytics.testing import FakeServer, MockTransport\n"
            "async def main():\n"
            "    async with FakeServer() as server, AsyncClient(api_key=server.api_key,\n"
            "            base_url=server.base_url, project_id=server.project_id,\n"
            "            max_retries=0) as client:\n"
            "        try:\n"
            "            await client.persons.get(id=1)\n"
            "        except ApiStatusError as error:\n"
            "            print(error.status_code)\n"
            "asyncio.run(main())\n"
        ),
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip() == "501"


@pytest.mark.timeout(900)
def test_the_whole_api_type_checks_strictly(whole_api: WholeApi) -> None:
    config = whole_api.site / "mypy.ini"
    config.write_text("[mypy]\nstrict = True\nplugins = pydantic.mypy\npython_version = 3.10\n")
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--config-file",
            str(config),
            "--no-incremental",
            "--cache-dir",
            str(whole_api.site / ".mypy_cache"),
            "-p",
            "product_analytics._generated",
        ],
        cwd=whole_api.site,
        capture_output=True,
        text=True,
    )
    assert completed.returncode == 0, completed.stdout[-3000:] + completed.stderr[-3000:]
