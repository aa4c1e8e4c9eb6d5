"""The spec's error answers: every operation lists them with the service's error body, each
status has its typed error, and the method docstrings and docs/errors.md say so."""

from __future__ import annotations

import copy
import inspect
from pathlib import Path

import pytest
from codegen.errors_doc import BEGIN, END, error_table
from codegen.raises import ERROR_CLASSES, error_class
from codegen.records import HTTP_METHODS
from codegen.schema import Resolver
from codegen.source import load
from codegen.spec import read_operations

from product_analytics import AsyncClient, errors

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = load(ROOT / "spec" / "openapi.yaml").document
OPERATIONS = [
    op
    for item in DOCUMENT["paths"].values()
    for method, op in item.items()
    if method in HTTP_METHODS
]
ERROR_STATUSES = ("400", "401", "403", "404", "429")


@pytest.mark.parametrize("op", OPERATIONS, ids=[op["operationId"] for op in OPERATIONS])
def test_every_operation_lists_the_error_answers_with_the_error_body(op: dict) -> None:
    resolver = Resolver(DOCUMENT)
    for status in ERROR_STATUSES:
        response = resolver.resolve(op["responses"][status])
        schema = response["content"]["application/json"]["schema"]
        assert schema == {"$ref": "#/components/schemas/ErrorBody"}, status


def test_the_error_body_is_the_drf_exceptions_hog_shape() -> None:
    body = DOCUMENT["components"]["schemas"]["ErrorBody"]
    assert body["required"] == ["type", "code", "detail", "attr"]
    assert body["properties"]["attr"] == {"type": ["string", "null"]}


def test_every_status_in_the_spec_has_the_typed_error_the_client_raises() -> None:
    statuses = {str(code) for op in OPERATIONS for code in op["responses"] if str(code)[:1] in "45"}
    assert statuses >= set(ERROR_STATUSES)
    for status in statuses:
        raised = errors.error_for_status(int(status))
        assert raised is not errors.ApiStatusError, status  # a subclass of its own
        assert raised.__name__ == error_class(status), status
    for status, name in ERROR_CLASSES.items():
        assert errors.error_for_status(status).__name__ == name


def test_each_method_docstring_names_its_errors() -> None:
    client = AsyncClient(api_key="k", base_url="https://api.test")
    for op in OPERATIONS:
        resource = getattr(client, op["x-sdk-resource"])
        doc = inspect.getdoc(getattr(resource, op["x-sdk-method"])) or ""
        raises = doc.partition("Raises:")[2]
        for status in ERROR_STATUSES:
            assert f"{error_class(status)}: {status}:" in raises, (op["operationId"], status)


def test_docs_errors_page_holds_the_current_table() -> None:
    page = (ROOT / "docs" / "errors.md").read_text()
    block = page.partition(BEGIN)[2].partition(END)[0]
    assert block == "\n" + error_table(DOCUMENT), "run: python -m codegen.errors_doc"


def test_each_bulk_method_docstring_names_the_errors_of_its_operation() -> None:
    """`get_many` raises what the retrieve operation it repeats raises."""
    client = AsyncClient(api_key="k", base_url="https://api.test")
    for resource in ("session_recordings", "proxy_records", "roles"):
        doc = inspect.getdoc(getattr(client, resource).get_many) or ""
        raises = doc.partition("Raises:")[2]
        for status in ERROR_STATUSES:
            assert f"{error_class(status)}: {status}:" in raises, (resource, status)


def test_a_bulk_method_also_names_the_errors_only_its_batch_list_answers() -> None:
    """A status the batch list lists and the retrieve operation does not is added, marked
    as the batched call's."""
    document = copy.deepcopy(DOCUMENT)
    list_op = document["paths"]["/api/environments/{project_id}/session_recordings/"]["get"]
    list_op["responses"]["409"] = {"description": "Conflicting filters. More text."}
    (recordings,) = [r for r in read_operations(document) if r.attribute == "session_recordings"]
    (retrieve,) = [op for op in recordings.operations if op.sdk_method == "get"]
    added = [entry for entry in retrieve.bulk_raises if entry not in retrieve.raises]
    assert added == [
        ("ConflictError", "409: Conflicting filters. (batched: ``session_recordings_list``)")
    ]
    assert retrieve.bulk_raises[: len(retrieve.raises)] == retrieve.raises


def test_no_operation_lists_405_and_the_spec_says_why() -> None:
    """The live service maps every method here to its viewset (DRF's 405 is for a method it
    does not map): no operation lists 405, and the error body's notes give the sources."""
    assert not [op["operationId"] for op in OPERATIONS if "405" in op["responses"]]
    notes = DOCUMENT["components"]["schemas"]["ErrorBody"]["x-sdk-notes"]
    assert "No operation lists 405" in notes
    sources = ("session_recording_api.py", "session_recording_playlist_api.py", "session.py")
    sources += ("project.py", "proxy_record.py", "role.py")
    for source in sources:
        assert source in notes, source
