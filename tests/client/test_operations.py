"""Every one of the 26 operations through `AsyncClient`: method, path, query, body, headers,
returned type; 2xx variants of the live service; the experimental warning of ops 7 and 8."""

from __future__ import annotations

import json
import warnings
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest

from product_analytics import (
    AsyncClient,
    ExperimentalOperationWarning,
    Page,
    ResponseValidationError,
)
from product_analytics._generated.operations import ALL
from product_analytics.models import (
    ProxyRecord,
    Role,
    SessionRecording,
)
from product_analytics.testing import aioresponses
from tests.client.conftest import ANY_URL, API_KEY, BASE_URL, ORG, PROJECT, only_call
from tests.support.operation_cases import (
    CASES,
    PAGE_ITEM_MODEL,
    PROXY,
    REC_ID,
    RECORDING,
    ROLE,
    ROLE_ID,
    envelope,
    respond,
)


def test_the_table_covers_all_26_operations() -> None:
    assert len(CASES) == 26
    assert len(ALL) >= 26  # the described ones, and any operation added to the spec
    table = {(c.method, c.path.replace(str(PROJECT), "P")) for c in CASES.values()}
    assert len(table) == 26


@pytest.mark.parametrize("name", list(CASES))
async def test_operation_sends_its_request_and_returns_its_type(
    name: str, client: AsyncClient, mocked: aioresponses
) -> None:
    case = CASES[name]
    respond(mocked, case.method, case.status, case.payload)

    result = await case.call(client)

    method, url, kwargs = only_call(mocked)
    assert method == case.method
    parts = urlsplit(url)
    assert f"{parts.scheme}://{parts.netloc}" == BASE_URL
    assert parts.path == case.path
    assert parts.path.endswith("/")
    assert dict(parse_qsl(parts.query, keep_blank_values=True)) == case.query
    assert len(parse_qsl(parts.query)) == len(case.query)
    assert not parts.fragment
    headers = kwargs["headers"]
    assert headers["Authorization"] == f"Bearer {API_KEY}"
    assert headers["Accept"] == "application/json"
    assert kwargs["data"] == case.body
    if case.body is not None:
        assert headers["Content-Type"] == "application/json"
    else:
        assert "Content-Type" not in headers

    if case.returns is None:
        assert result is None
    elif case.returns is Page:
        assert isinstance(result, Page)
        assert result.count == 1 or result.total_count == 2  # activity: page-numbered
        assert result.has_next is False
        [item] = result.results
        assert type(item) is PAGE_ITEM_MODEL[name]
        assert item.id == case.payload["results"][0]["id"]
    elif case.returns is object:
        assert result == case.payload
    else:
        assert type(result) is case.returns
        assert result.model_dump(exclude_unset=True, mode="json") == case.payload


async def test_list_is_async_iterable_over_models(
    client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.get(ANY_URL, payload=envelope(ROLE))
    items = [role async for role in client.roles.list(organization_id=ORG)]
    assert [type(r) for r in items] == [Role]
    assert items[0].name == "Admins"


# -- any 2xx is success -------------------------------------------------------------------


async def test_proxy_record_create_answering_200_returns_the_record(
    client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.post(ANY_URL, status=200, payload=PROXY)
    record = await client.proxy_records.create(organization_id=ORG, domain="e.example.com")
    assert isinstance(record, ProxyRecord)
    assert record.status == "waiting"


DELETES = {
    "playlists.remove_recording": CASES["01 playlists.remove_recording"],
    "session_recordings.delete": CASES["05 session_recordings.delete"],
    "projects.delete": CASES["11 projects.delete"],
    "proxy_records.delete": CASES["23 proxy_records.delete"],
}


@pytest.mark.parametrize("name", list(DELETES))
@pytest.mark.parametrize(
    ("status", "payload"),
    [(200, {"success": True}), (200, None), (202, None), (204, None)],
)
async def test_delete_answering_any_2xx_returns_none(
    name: str, status: int, payload: Any, client: AsyncClient, mocked: aioresponses
) -> None:
    respond(mocked, "DELETE", status, payload)
    assert await DELETES[name].call(client) is None


async def test_recording_patch_answering_success_true_returns_none(
    client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.patch(ANY_URL, payload={"success": True})
    result = await client.session_recordings.update(project_id=PROJECT, id=REC_ID, viewed=True)
    assert result is None
    assert only_call(mocked)[2]["data"] == b'{"viewed":true}'


@pytest.mark.parametrize(
    "body",
    [{"id": REC_ID, "viewed": True}, {"id": REC_ID, "success": True}],
    ids=["recording", "recording-with-success"],
)
async def test_recording_patch_answering_a_recording_returns_it(
    body: dict[str, object], client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.patch(ANY_URL, payload=body)
    result = await client.session_recordings.update(project_id=PROJECT, id=REC_ID, viewed=True)
    assert isinstance(result, SessionRecording)
    assert result.id == REC_ID


async def test_recording_patch_answering_success_false_is_refused(
    client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.patch(ANY_URL, payload={"success": False})
    with pytest.raises(ResponseValidationError, match="id"):
        await client.session_recordings.update(project_id=PROJECT, id=REC_ID, viewed=True)


@pytest.mark.parametrize("status", [200, 201, 203])
async def test_model_operation_accepts_any_2xx_with_a_body(
    status: int, client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.post(ANY_URL, status=status, payload=ROLE)
    role = await client.roles.create(organization_id=ORG, name="Admins")
    assert isinstance(role, Role)
    assert role.id == ROLE_ID


# -- op 9: whatever JSON the service sends ------------------------------------------------


@pytest.mark.parametrize(
    "payload", [{"a": [1, 2]}, [{"name": "$browser"}], "text", 3, True], ids=repr
)
async def test_property_definitions_returns_the_decoded_json(
    payload: Any, client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.get(ANY_URL, body=json.dumps(payload))
    assert await client.sessions.property_definitions(project_id=PROJECT) == payload


@pytest.mark.parametrize("body", [b"", b"  \n"])
async def test_property_definitions_returns_none_for_an_empty_body(
    body: bytes, client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.get(ANY_URL, status=200, body=body)
    assert await client.sessions.property_definitions(project_id=PROJECT) is None


async def test_property_definitions_returns_json_null_as_none(
    client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.get(ANY_URL, status=200, body=b"null")
    assert await client.sessions.property_definitions(project_id=PROJECT) is None


# -- experimental operations 7 and 8 ------------------------------------------------------

EXPERIMENTAL = ["ai_filters", "ai_regex"]


@pytest.mark.parametrize("name", EXPERIMENTAL)
def test_experimental_operations_say_so_in_their_docstring(name: str, client: AsyncClient) -> None:
    method = getattr(client.session_recordings, name)
    assert method.operation.experimental is True
    assert method.__doc__ is not None
    assert "experimental" in method.__doc__.lower()
    assert "ExperimentalOperationWarning" in method.__doc__


def test_only_operations_7_and_8_are_experimental() -> None:
    assert {op.operation_id for op in ALL if op.experimental} == {
        "session_recordings_ai_filters_create",
        "session_recordings_ai_regex_create",
    }


@pytest.mark.usefixtures("fresh_experimental_warnings")
@pytest.mark.parametrize("name", EXPERIMENTAL)
async def test_experimental_operation_warns_once_per_process(
    name: str, client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.post(ANY_URL, status=200, body=b"", repeat=True)
    method = getattr(client.session_recordings, name)

    with pytest.warns(ExperimentalOperationWarning, match="in development") as record:
        await method(project_id=PROJECT, person={})
    assert len(record) == 1

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        await method(project_id=PROJECT, person={})
    # A second client in the same process does not warn again either.
    async with AsyncClient(api_key=API_KEY, base_url=BASE_URL) as other:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            await getattr(other.session_recordings, name)(project_id=PROJECT, person={})


@pytest.mark.usefixtures("fresh_experimental_warnings")
async def test_experimental_warning_is_per_operation(
    client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.post(ANY_URL, status=200, body=b"", repeat=True)
    with pytest.warns(ExperimentalOperationWarning, match="ai_filters"):
        await client.session_recordings.ai_filters(project_id=PROJECT, person=1)
    with pytest.warns(ExperimentalOperationWarning, match="ai_regex"):
        await client.session_recordings.ai_regex(project_id=PROJECT, person=1)


@pytest.mark.usefixtures("fresh_experimental_warnings")
async def test_non_experimental_operations_do_not_warn(
    client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.get(ANY_URL, payload=RECORDING)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        await client.session_recordings.get(project_id=PROJECT, id=REC_ID)
    assert [str(w.message) for w in caught] == []


@pytest.mark.usefixtures("fresh_experimental_warnings")
async def test_experimental_warning_points_at_the_callers_line(
    client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.post(ANY_URL, status=200, body=b"")
    with pytest.warns(ExperimentalOperationWarning) as record:
        await client.session_recordings.ai_filters(project_id=PROJECT, person=1)
    assert record[0].filename == __file__
