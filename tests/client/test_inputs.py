"""What the operation methods accept and send: path defaults, exact PATCH bodies, type
checks before sending, per-call extras, and path parameters encoded as single segments."""

from __future__ import annotations

import json
import math
import uuid
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest
from aiohttp import web
from hypothesis import example, given, settings
from hypothesis import strategies as st
from yarl import URL

from product_analytics import NOT_GIVEN, AsyncClient
from product_analytics._generated.operations import (
    ALL,
    PROJECTS_PARTIAL_UPDATE,
    SESSION_RECORDINGS_LIST,
    SESSION_RECORDINGS_RETRIEVE,
)
from product_analytics._http.wire import RequestOptions, build_request, encode_path_segment
from product_analytics._spec.operation import Operation, PathParam
from product_analytics.models import SessionRecording
from product_analytics.testing import aioresponses
from tests.client.conftest import (
    ANY_URL,
    API_KEY,
    BASE_URL,
    ORG,
    PROJECT,
    calls,
    only_call,
)
from tests.support.loopback import ServerFactory

REC_ID = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"
PROJECT_JSON = {"id": 17, "name": "Web"}


def sent_json(mock: aioresponses) -> Any:
    data = only_call(mock)[2]["data"]
    assert isinstance(data, bytes)
    return json.loads(data)


# -- path defaults ------------------------------------------------------------------------


async def test_project_id_falls_back_to_the_client_default(
    defaults_client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.get(ANY_URL, payload={"id": REC_ID})
    await defaults_client.session_recordings.get(id=REC_ID)
    assert urlsplit(only_call(mocked)[1]).path == (
        f"/api/environments/{PROJECT}/session_recordings/{REC_ID}/"
    )


async def test_organization_id_falls_back_to_the_client_default(
    defaults_client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.get(ANY_URL, payload={"id": "r"})
    await defaults_client.roles.get(id="r")
    assert urlsplit(only_call(mocked)[1]).path == f"/api/organizations/{ORG}/roles/r/"


async def test_an_explicit_path_argument_overrides_the_client_default(
    defaults_client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.delete(ANY_URL, status=204)
    await defaults_client.projects.delete(organization_id="other-org", id=3)
    assert urlsplit(only_call(mocked)[1]).path == "/api/organizations/other-org/projects/3/"


async def test_list_uses_the_client_default(
    defaults_client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.get(ANY_URL, payload={"results": []})
    page = await defaults_client.proxy_records.list()
    assert page.results == []
    assert urlsplit(only_call(mocked)[1]).path == f"/api/organizations/{ORG}/proxy_records/"


@pytest.mark.parametrize("project_id", [PROJECT, str(PROJECT)], ids=["int", "str"])
async def test_project_id_accepts_int_and_str(
    project_id: int | str, client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.delete(ANY_URL, status=204)
    await client.session_recordings.delete(project_id=project_id, id=REC_ID)
    assert urlsplit(only_call(mocked)[1]).path == (
        f"/api/environments/{PROJECT}/session_recordings/{REC_ID}/"
    )


@pytest.mark.parametrize("project_id", [PROJECT, str(PROJECT)], ids=["int", "str"])
async def test_client_default_project_id_accepts_int_and_str(
    project_id: int | str, mocked: aioresponses
) -> None:
    mocked.get(ANY_URL, body=b"")
    async with AsyncClient(api_key=API_KEY, base_url=BASE_URL, project_id=project_id) as c:
        await c.sessions.property_definitions()
    assert urlsplit(only_call(mocked)[1]).path == (
        f"/api/environments/{PROJECT}/sessions/property_definitions/"
    )


@pytest.mark.parametrize(
    ("parameter", "call"),
    [
        ("project_id", lambda client: client.session_recordings.get(id=REC_ID)),
        ("project_id", lambda client: client.session_recordings.list()),
        ("organization_id", lambda client: client.projects.activity(id=1)),
        ("organization_id", lambda client: client.roles.list()),
    ],
    ids=["recordings.get", "recordings.list", "projects.activity", "roles.list"],
)
async def test_a_missing_scope_id_without_default_is_a_type_error_naming_it(
    parameter: str,
    call: Callable[[AsyncClient], Awaitable[object]],
    client: AsyncClient,
    mocked: aioresponses,
) -> None:
    mocked.get(ANY_URL, payload={})
    with pytest.raises(TypeError, match=parameter):
        await call(client)
    assert calls(mocked) == []


async def test_missing_required_path_argument_is_a_type_error(
    client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.get(ANY_URL, payload={})
    with pytest.raises(TypeError):
        await client.roles.get(organization_id=ORG)  # type: ignore[call-arg]
    assert calls(mocked) == []


# -- bodies: exactly the fields passed ----------------------------------------------------


async def test_patch_sends_exactly_the_fields_passed(
    client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.patch(ANY_URL, payload=PROJECT_JSON)
    await client.projects.update(organization_id=ORG, id=17, name="Web", is_demo=False)
    assert only_call(mocked)[2]["data"] == b'{"name":"Web","is_demo":false}'


async def test_patch_with_no_fields_sends_an_empty_object(
    client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.patch(ANY_URL, payload=PROJECT_JSON)
    await client.projects.update(organization_id=ORG, id=17)
    assert only_call(mocked)[2]["data"] == b"{}"


async def test_patch_sends_an_explicit_none_as_null(
    client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.patch(ANY_URL, payload=PROJECT_JSON)
    await client.projects.update(
        organization_id=ORG, id=17, primary_dashboard=None, product_description=None
    )
    assert sent_json(mocked) == {"primary_dashboard": None, "product_description": None}


NOT_NULLABLE = {
    "viewed": lambda c: c.session_recordings.update(project_id=PROJECT, id=REC_ID, viewed=None),
    "anonymize_ips": lambda c: c.projects.update(organization_id=ORG, id=17, anonymize_ips=None),
    "name": lambda c: c.projects.update(organization_id=ORG, id=17, name=None),
}


@pytest.mark.parametrize("field", list(NOT_NULLABLE))
async def test_none_for_a_body_field_the_spec_does_not_make_nullable_is_refused(
    field: str, client: AsyncClient, answer_everything: aioresponses
) -> None:
    """The service answers 400 ("may not be null"): refused before sending instead."""
    with pytest.raises(TypeError, match=f"{field} must not be None"):
        await NOT_NULLABLE[field](client)
    assert calls(answer_everything) == []


async def test_patch_field_passed_as_not_given_is_left_out(
    client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.patch(ANY_URL, payload=PROJECT_JSON)
    await client.projects.update(organization_id=ORG, id=17, name=NOT_GIVEN, timezone="UTC")
    assert sent_json(mocked) == {"timezone": "UTC"}


async def test_patch_open_fields_take_any_json(client: AsyncClient, mocked: aioresponses) -> None:
    mocked.patch(ANY_URL, payload=PROJECT_JSON)
    filters = [{"key": "$host", "operator": "not_regex", "value": "^localhost"}]
    await client.projects.update(
        organization_id=ORG,
        id=17,
        test_account_filters=filters,
        week_start_day=1,
        session_recording_minimum_duration_milliseconds=1500,
        app_urls=["https://a.example"],
    )
    assert sent_json(mocked) == {
        "test_account_filters": filters,
        "week_start_day": 1,
        "session_recording_minimum_duration_milliseconds": 1500,
        "app_urls": ["https://a.example"],
    }


async def test_recording_patch_sends_only_the_fields_passed(
    client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.patch(ANY_URL, payload={"success": True})
    await client.session_recordings.update(
        project_id=PROJECT, id=REC_ID, analyzed=True, player_metadata={"v": 2}
    )
    assert sent_json(mocked) == {"analyzed": True, "player_metadata": {"v": 2}}


async def test_proxy_record_patch_without_domain_sends_an_empty_object(
    client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.patch(ANY_URL, payload={"id": "x"})
    await client.proxy_records.update(organization_id=ORG, id="x")
    assert sent_json(mocked) == {}


@pytest.mark.parametrize(
    "kwargs", [{}, {"feature_flags_access_level": None}], ids=["left-out", "none"]
)
async def test_role_create_leaves_out_an_unset_access_level(
    kwargs: dict[str, Any], client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.post(ANY_URL, status=201, payload={"id": "r", "name": "Viewers"})
    await client.roles.create(organization_id=ORG, name="Viewers", **kwargs)
    assert only_call(mocked)[2]["data"] == b'{"name":"Viewers"}'


@pytest.mark.parametrize("level", [0, 21, "editor"])
async def test_role_create_sends_a_given_access_level(
    level: Any, client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.post(ANY_URL, status=201, payload={"id": "r"})
    await client.roles.create(organization_id=ORG, name="V", feature_flags_access_level=level)
    assert sent_json(mocked) == {"name": "V", "feature_flags_access_level": level}


# -- wrong input: raise, send nothing -----------------------------------------------------


@pytest.fixture
def answer_everything(mocked: aioresponses) -> aioresponses:
    """The mock would answer any request, so a test can show that none was made."""
    for method in ("GET", "POST", "PATCH", "DELETE"):
        mocked.add(ANY_URL, method, status=200, payload={}, repeat=True)
    return mocked


BAD_CALLS: dict[str, Any] = {
    "unknown project field": lambda c: c.projects.update(organization_id=ORG, id=1, nmae="x"),
    "unknown recording field": lambda c: c.session_recordings.update(
        project_id=1, id=REC_ID, persn={}
    ),
    "unknown role field": lambda c: c.roles.create(organization_id=ORG, name="a", level=1),
    "anonymize_ips='yes'": lambda c: c.projects.update(
        organization_id=ORG, id=1, anonymize_ips="yes"
    ),
    "anonymize_ips=1": lambda c: c.projects.update(organization_id=ORG, id=1, anonymize_ips=1),
    "name=5": lambda c: c.projects.update(organization_id=ORG, id=1, name=5),
    "min duration '10'": lambda c: c.projects.update(
        organization_id=ORG, id=1, session_recording_minimum_duration_milliseconds="10"
    ),
    "min duration True": lambda c: c.projects.update(
        organization_id=ORG, id=1, session_recording_minimum_duration_milliseconds=True
    ),
    "min duration 1.5": lambda c: c.projects.update(
        organization_id=ORG, id=1, session_recording_minimum_duration_milliseconds=1.5
    ),
    "primary_dashboard '3'": lambda c: c.projects.update(
        organization_id=ORG, id=1, primary_dashboard="3"
    ),
    "app_urls str": lambda c: c.projects.update(organization_id=ORG, id=1, app_urls="https://a"),
    "reset_token name=5": lambda c: c.projects.reset_token(organization_id=ORG, id=1, name=5),
    "intent product_type=1": lambda c: c.projects.add_product_intent(
        organization_id=ORG, id=1, product_type=1
    ),
    "wizard hash=1": lambda c: c.projects.authenticate_wizard(organization_id=ORG, id=1, hash=1),
    "proxy create domain=3": lambda c: c.proxy_records.create(organization_id=ORG, domain=3),
    "proxy update domain=3": lambda c: c.proxy_records.update(
        organization_id=ORG, id="x", domain=3
    ),
    "role name=5": lambda c: c.roles.create(organization_id=ORG, name=5),
    "role name=None": lambda c: c.roles.create(organization_id=ORG, name=None),
    "recording viewed='no'": lambda c: c.session_recordings.update(
        project_id=1, id=REC_ID, viewed="no"
    ),
    "player_metadata list": lambda c: c.session_recordings.update(
        project_id=1, id=REC_ID, player_metadata=[1]
    ),
    # path ids of the wrong type
    "project id='1'": lambda c: c.projects.update(organization_id=ORG, id="1", name="a"),
    "project id=True": lambda c: c.projects.delete(organization_id=ORG, id=True),
    "project id=1.0": lambda c: c.projects.activity(organization_id=ORG, id=1.0),
    "project id=None": lambda c: c.projects.delete(organization_id=ORG, id=None),
    "recording id=5": lambda c: c.session_recordings.get(project_id=1, id=5),
    "recording id=b'x'": lambda c: c.session_recordings.delete(project_id=1, id=b"x"),
    "recording id=''": lambda c: c.session_recordings.get(project_id=1, id=""),
    "recording_id=5": lambda c: c.session_recordings.get_sharing(project_id=1, recording_id=5),
    "role id=None": lambda c: c.roles.get(organization_id=ORG, id=None),
    "role id=7": lambda c: c.roles.get(organization_id=ORG, id=7),
    "proxy id=7": lambda c: c.proxy_records.get(organization_id=ORG, id=7),
    "short_id=1": lambda c: c.session_recording_playlists.remove_recording(
        project_id=1, short_id=1, session_recording_id=REC_ID
    ),
    "project_id=True": lambda c: c.session_recordings.get(project_id=True, id=REC_ID),
    "project_id=1.5": lambda c: c.session_recordings.get(project_id=1.5, id=REC_ID),
    "project_id=''": lambda c: c.session_recordings.get(project_id="", id=REC_ID),
    "organization_id=5": lambda c: c.roles.get(organization_id=5, id="r"),
    # person that is not JSON
    "person=object()": lambda c: c.session_recordings.update(
        project_id=1, id=REC_ID, person=object()
    ),
    "person=nan": lambda c: c.session_recordings.update(
        project_id=1, id=REC_ID, person=float("nan")
    ),
    "person=inf in list": lambda c: c.session_recordings.ai_filters(
        project_id=1, person=[math.inf]
    ),
    "person={1,2}": lambda c: c.session_recordings.ai_regex(project_id=1, person={1, 2}),
    "person bytes": lambda c: c.session_recordings.ai_regex(project_id=1, person=b"x"),
    # per-call options
    "limit=0": lambda c: c.roles.list(organization_id=ORG, limit=0),
    "offset=-1": lambda c: c.roles.list(organization_id=ORG, offset=-1),
    "limit='5'": lambda c: c.session_recordings.list(project_id=1, limit="5"),
    "limit=True": lambda c: c.proxy_records.list(organization_id=ORG, limit=True),
    "offset=1.0": lambda c: c.proxy_records.list(organization_id=ORG, offset=1.0),
    "timeout=0": lambda c: c.roles.get(organization_id=ORG, id="r", timeout=0),
    "timeout=-1": lambda c: c.roles.get(organization_id=ORG, id="r", timeout=-1),
    "timeout='1'": lambda c: c.roles.get(organization_id=ORG, id="r", timeout="1"),
    "timeout=inf": lambda c: c.roles.get(organization_id=ORG, id="r", timeout=math.inf),
    "timeout=nan": lambda c: c.roles.get(organization_id=ORG, id="r", timeout=math.nan),
    "extra_body not JSON": lambda c: c.roles.create(
        organization_id=ORG, name="a", extra_body={"x": object()}
    ),
    "extra_body int key": lambda c: c.roles.create(
        organization_id=ORG, name="a", extra_body={1: 2}
    ),
    "extra_query object": lambda c: c.roles.get(
        organization_id=ORG, id="r", extra_query={"x": object()}
    ),
    "extra_query dict": lambda c: c.roles.get(
        organization_id=ORG, id="r", extra_query={"x": {"a": 1}}
    ),
    "extra_headers int value": lambda c: c.roles.get(
        organization_id=ORG, id="r", extra_headers={"X-A": 1}
    ),
    "extra_headers CRLF": lambda c: c.roles.get(
        organization_id=ORG, id="r", extra_headers={"X-A": "a\r\nAuthorization: Bearer x"}
    ),
    "extra_headers bad name": lambda c: c.roles.get(
        organization_id=ORG, id="r", extra_headers={"X A": "1"}
    ),
}


@pytest.mark.parametrize("name", list(BAD_CALLS))
async def test_wrong_input_raises_and_sends_nothing(
    name: str, client: AsyncClient, answer_everything: aioresponses
) -> None:
    with pytest.raises((TypeError, ValueError)):
        await BAD_CALLS[name](client)
    assert calls(answer_everything) == []


@pytest.mark.parametrize("option", ["extra_headers", "extra_query", "extra_body"])
@pytest.mark.parametrize("value", [[("X-A", "1")], "X-A=1", 5], ids=repr)
async def test_an_extra_that_is_not_a_mapping_is_a_type_error_naming_it(
    option: str, value: object, client: AsyncClient, answer_everything: aioresponses
) -> None:
    with pytest.raises(TypeError, match=f"{option} must be a mapping"):
        await client.roles.create(organization_id=ORG, name="a", **{option: value})
    with pytest.raises(TypeError, match=f"{option} must be a mapping"):
        await client.with_options(default_headers={"X-B": "1"}).roles.create(
            organization_id=ORG, name="a", **{option: value}
        )
    assert calls(answer_everything) == []


# -- person takes any JSON value ----------------------------------------------------------

PERSONS = [
    {"distinct_ids": ["a", "b"], "properties": {"email": "a@example.com"}},
    ["a", 1, 2.5, None, True, {"x": []}],
    "a person",
    "",
    0,
    -1.25,
    False,
    None,
    {"nested": {"deep": [{"é": "ü"}]}},
]


@pytest.mark.parametrize("person", PERSONS, ids=repr)
async def test_recording_update_person_takes_any_json(
    person: Any, client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.patch(ANY_URL, payload={"id": REC_ID})
    result = await client.session_recordings.update(project_id=PROJECT, id=REC_ID, person=person)
    assert isinstance(result, SessionRecording)
    assert sent_json(mocked) == {"person": person}


@pytest.mark.parametrize("person", PERSONS, ids=repr)
@pytest.mark.parametrize("name", ["ai_filters", "ai_regex"])
async def test_ai_helpers_person_takes_any_json(
    name: str, person: Any, client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.post(ANY_URL, status=200, body=b"")
    method = getattr(client.session_recordings, name)
    assert await method(project_id=PROJECT, person=person) is None
    assert sent_json(mocked) == {"person": person}


@pytest.mark.parametrize("name", ["ai_filters", "ai_regex"])
async def test_ai_helper_person_is_optional(
    name: str, client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.post(ANY_URL, status=200, body=b"")
    assert await getattr(client.session_recordings, name)(project_id=PROJECT) is None
    assert sent_json(mocked) == {}


# -- per-call extras ----------------------------------------------------------------------


async def test_extra_body_merges_into_the_body(client: AsyncClient, mocked: aioresponses) -> None:
    mocked.patch(ANY_URL, payload=PROJECT_JSON)
    await client.projects.update(
        organization_id=ORG, id=17, name="Web", extra_body={"new_field": [1], "flag": None}
    )
    assert sent_json(mocked) == {"name": "Web", "new_field": [1], "flag": None}


async def test_extra_body_on_a_required_body(client: AsyncClient, mocked: aioresponses) -> None:
    mocked.post(ANY_URL, payload={"id": "p"})
    await client.proxy_records.create(
        organization_id=ORG, domain="a.example", extra_body={"note": "x"}
    )
    assert sent_json(mocked) == {"domain": "a.example", "note": "x"}


async def test_extra_query_merges_into_the_query(client: AsyncClient, mocked: aioresponses) -> None:
    mocked.get(ANY_URL, payload={"results": []})
    await client.session_recordings.list(
        project_id=PROJECT, limit=5, extra_query={"date_from": "-7d", "flag": True}
    )
    url = URL(only_call(mocked)[1])
    assert dict(url.query) == {"limit": "5", "date_from": "-7d", "flag": "true"}


async def test_extra_query_on_an_operation_without_query(
    client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.get(ANY_URL, payload={"id": REC_ID})
    await client.session_recordings.get(project_id=PROJECT, id=REC_ID, extra_query={"q": "a b&c=d"})
    url = URL(only_call(mocked)[1])
    assert url.path == f"/api/environments/{PROJECT}/session_recordings/{REC_ID}/"
    assert dict(url.query) == {"q": "a b&c=d"}


async def test_extra_headers_merge_into_the_headers(
    client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.get(ANY_URL, payload={"id": "r"})
    await client.roles.get(organization_id=ORG, id="r", extra_headers={"X-Trace": "abc"})
    headers = only_call(mocked)[2]["headers"]
    assert headers["X-Trace"] == "abc"
    assert headers["Authorization"] == f"Bearer {API_KEY}"


async def test_extra_headers_replace_a_default_header_whatever_its_case(
    client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.post(ANY_URL, payload={"id": "p"})
    await client.proxy_records.create(
        organization_id=ORG, domain="a.example", extra_headers={"accept": "application/x"}
    )
    headers = only_call(mocked)[2]["headers"]
    assert headers.getall("Accept") == ["application/x"]
    assert headers.getall("Content-Type") == ["application/json"]


@pytest.mark.parametrize(
    "name", ["Authorization", "authorization", "AUTHORIZATION", "aUtHoRiZaTiOn", " Authorization"]
)
async def test_extra_headers_cannot_override_authorization(
    name: str, client: AsyncClient, answer_everything: aioresponses
) -> None:
    with pytest.raises(ValueError, match="Authorization"):
        await client.roles.get(organization_id=ORG, id="r", extra_headers={name: "Bearer other"})
    with pytest.raises(ValueError, match="Authorization"):
        await client.roles.list(organization_id=ORG, extra_headers={name: "Bearer other"})
    assert calls(answer_everything) == []


# -- path parameters: one percent-encoded segment each ------------------------------------

# Every operation with a path parameter, whatever its kind.
STRING_PARAM_OPS = [op for op in ALL if any(p.type == "string" for p in op.path_params)]
NASTY_IDS = ["/", "..", ".", "?", "#", "%", "%2F", "../../roles", "a/b?c=d#e", " ", "é", "\t\n"]


def _expected_segments(operation: Operation[Any], args: dict[str, object]) -> list[str]:
    """The decoded path segments the URL must have: the template's, filled with the ids."""
    segments = []
    for part in operation.path.split("/"):
        if part.startswith("{") and part.endswith("}"):
            segments.append(str(args[part[1:-1]]))
        else:
            segments.append(part)
    return segments


def _required_body(operation: Operation[Any]) -> dict[str, object] | None:
    model = operation.body_model
    if model is None:
        return None
    return {name: "x" for name, field in model.model_fields.items() if field.is_required()}


def _build(operation: Operation[Any], args: dict[str, object], base_url: str = BASE_URL) -> str:
    return build_request(
        operation,
        base_url=base_url,
        path_args=args,
        query_args={},
        body_fields=_required_body(operation),
        options=RequestOptions(),
        path_defaults={},
    ).url


def _check_url(url: str, operation: Operation[Any], args: dict[str, object], base: str) -> None:
    assert url.startswith(base + "/")
    parts = urlsplit(url)
    assert "#" not in url
    assert parts.fragment == ""
    assert "?" not in url  # no query was given, and no id may open one
    base_path = urlsplit(base).path
    raw = parts.path[len(base_path) :].split("/")
    expected = _expected_segments(operation, args)
    assert len(raw) == len(expected)
    assert [unquote(s, errors="strict") for s in raw] == expected
    for segment in raw:
        assert segment not in (".", "..")
    # yarl, which aiohttp sends with, sees the same segments.
    base_parts = [p for p in base_path.split("/") if p]
    assert list(URL(url, encoded=True).raw_parts) == ["/", *base_parts, *raw[1:]]


_text_ids = st.text(
    alphabet=st.characters(exclude_categories=("Cs",)), min_size=1, max_size=40
) | st.sampled_from(NASTY_IDS)


@settings(max_examples=300, deadline=None)
@given(data=st.data(), operation=st.sampled_from(STRING_PARAM_OPS))
@example(data=None, operation=SESSION_RECORDINGS_RETRIEVE)
def test_path_parameters_are_encoded_as_single_segments(
    data: st.DataObject | None, operation: Operation[Any]
) -> None:
    args: dict[str, object] = {}
    for param in operation.path_params:
        if param.type == "integer":
            args[param.name] = (
                data.draw(st.integers(min_value=-(10**12), max_value=10**12), param.name)
                if data
                else 1
            )
        else:
            args[param.name] = data.draw(_text_ids, param.name) if data else "../../roles"
    url = _build(operation, args)
    _check_url(url, operation, args, BASE_URL)


@settings(max_examples=100, deadline=None)
@given(ident=_text_ids, base=st.sampled_from(["http://h.test", "https://h.test:8443/prefix/v"]))
def test_encoded_path_keeps_the_base_url_path(ident: str, base: str) -> None:
    args: dict[str, object] = {"project_id": ident, "id": ident}
    url = _build(SESSION_RECORDINGS_RETRIEVE, args, base_url=base)
    _check_url(url, SESSION_RECORDINGS_RETRIEVE, args, base)


@given(ident=st.sampled_from(NASTY_IDS) | st.text(min_size=1))
def test_encode_path_segment_round_trips_or_rejects(ident: str) -> None:
    param = PathParam("id", "string")
    try:
        encoded = encode_path_segment(param, ident)
    except ValueError:
        # Only text that cannot be UTF-8 (a lone surrogate) is refused.
        with pytest.raises(UnicodeEncodeError):
            ident.encode("utf-8")
        return
    assert unquote(encoded, errors="strict") == ident
    assert not set(encoded) & set("/?#")
    assert encoded not in ("", ".", "..")


@pytest.mark.parametrize("ident", ["\ud800", "a\udfffb"])
def test_an_id_that_is_not_utf8_text_is_a_value_error(ident: str) -> None:
    with pytest.raises(ValueError, match="id"):
        encode_path_segment(PathParam("id", "string"), ident)


@pytest.mark.parametrize("operation", STRING_PARAM_OPS, ids=lambda op: op.operation_id)
def test_an_empty_string_path_parameter_is_a_value_error(operation: Operation[Any]) -> None:
    for param in operation.path_params:
        if param.type != "string":
            continue
        args: dict[str, object] = {
            p.name: (1 if p.type == "integer" else "x") for p in operation.path_params
        }
        args[param.name] = ""
        with pytest.raises(ValueError, match=param.name):
            _build(operation, args)


def test_a_uuid_id_is_accepted() -> None:
    ident = uuid.UUID(REC_ID)
    url = _build(SESSION_RECORDINGS_RETRIEVE, {"project_id": 1, "id": ident})
    assert url.endswith(f"/session_recordings/{REC_ID}/")


def test_integer_project_id_is_written_in_decimal() -> None:
    url = _build(PROJECTS_PARTIAL_UPDATE, {"organization_id": "o", "id": -12})
    assert url == f"{BASE_URL}/api/organizations/o/projects/-12/"


def test_list_query_is_the_only_query() -> None:
    request = build_request(
        SESSION_RECORDINGS_LIST,
        base_url=BASE_URL,
        path_args={"project_id": "a?limit=1000#x"},
        query_args={"limit": 3, "offset": None},
        body_fields=None,
        options=RequestOptions(),
        path_defaults={},
    )
    parts = urlsplit(request.url)
    assert parts.path == "/api/environments/a%3Flimit%3D1000%23x/session_recordings/"
    assert parts.query == "limit=3"
    assert parts.fragment == ""


async def test_dot_dot_slash_id_reaches_the_recording_route_end_to_end(
    serve: ServerFactory,
) -> None:
    seen: list[dict[str, str]] = []

    async def recording(request: web.Request) -> web.Response:
        seen.append(dict(request.match_info))
        return web.json_response({"id": request.match_info["id"]})

    async def elsewhere(request: web.Request) -> web.Response:
        raise AssertionError(f"reached {request.path}")

    app = web.Application()
    app.router.add_get("/api/environments/{project_id}/session_recordings/{id}/", recording)
    app.router.add_route("*", "/api/environments/{project_id}/roles/", elsewhere)
    app.router.add_route("*", "/api/roles/", elsewhere)
    app.router.add_route("*", "/roles/", elsewhere)
    base = await serve(app)

    async with AsyncClient(api_key=API_KEY, base_url=base, max_retries=0) as c:
        for ident in ["../../roles", "..", ".", "a/b", "x?y#z", "%2F"]:
            recording_ = await c.session_recordings.get(project_id="7", id=ident)
            assert recording_.id == ident
        recording_ = await c.session_recordings.get(project_id="../..", id="roles")
        assert recording_.id == "roles"
    assert seen[0] == {"project_id": "7", "id": "../../roles"}
    assert seen[-1] == {"project_id": "../..", "id": "roles"}
