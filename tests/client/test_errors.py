"""Non-2xx answers become typed errors; 2xx bodies that do not parse become
`ResponseValidationError`; responses keep unknown fields and accept nulls and the live forms."""

from __future__ import annotations

import copy
import json
import pickle
from datetime import datetime, timedelta, timezone
from email.utils import format_datetime
from typing import Any

import pytest
from pydantic import ValidationError

from product_analytics import (
    ApiError,
    ApiStatusError,
    AsyncClient,
    BadRequestError,
    InternalServerError,
    RateLimitError,
    ResponseValidationError,
)
from product_analytics import errors as errors_module
from product_analytics.models import (
    Person,
    Project,
    ProxyRecord,
    Role,
    SessionRecording,
    SharingConfiguration,
    User,
)
from product_analytics.testing import aioresponses
from tests.client.conftest import ANY_URL, BASE_URL, ORG, PROJECT

REC_ID = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"
REC_PATH = f"/api/environments/{PROJECT}/session_recordings/{REC_ID}/"
STANDARD = {
    "type": "validation_error",
    "code": "invalid_input",
    "detail": "Enter a valid value.",
    "attr": "domain",
}


async def fail(client: AsyncClient, mocked: aioresponses, status: int, **response: Any) -> Any:
    """Call `get` of a recording against an answer of `status`; return the error raised."""
    mocked.get(ANY_URL, status=status, **response)
    with pytest.raises(ApiStatusError) as info:
        await client.session_recordings.get(project_id=PROJECT, id=REC_ID)
    return info.value


# -- status to class ----------------------------------------------------------------------


def test_error_classes_are_importable_from_both_modules() -> None:
    import product_analytics

    for name in errors_module.__all__:
        if name != "error_for_status":
            assert getattr(product_analytics, name) is getattr(errors_module, name)


ERRORS = [
    errors_module.ConfigurationError("timeout must be > 0"),
    errors_module.ClientClosedError("the client is closed"),
    errors_module.MissingScopeError("roles_create", "organization:write", frozenset({"*"})),
    errors_module.ApiTimeoutError("no answer", method="GET", url=BASE_URL, request_sent=True),
    ResponseValidationError(
        "not a Role",
        method="GET",
        url=BASE_URL,
        status_code=200,
        body="<html>",
        headers={"X-Request-Id": "req-1"},
    ),
    errors_module.ResponseTooLargeError(method="GET", url=BASE_URL, status_code=200, limit=10),
    RateLimitError(
        method="GET",
        url=BASE_URL,
        status_code=429,
        body=STANDARD,
        headers={"X-Request-Id": "req-2"},
        retry_after=3.0,
    ),
]


@pytest.mark.parametrize("error", ERRORS, ids=lambda error: type(error).__name__)
def test_an_error_pickles_and_copies_with_its_attributes(error: Exception) -> None:
    """An error crosses to another process (multiprocessing, concurrent.futures) whole."""
    for again in (pickle.loads(pickle.dumps(error)), copy.copy(error)):
        assert type(again) is type(error)
        assert (str(again), again.args, vars(again)) == (str(error), error.args, vars(error))


async def test_status_errors_are_not_retried_when_retries_are_off(
    client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.get(ANY_URL, status=503, body="down")
    mocked.get(ANY_URL, status=200, payload={"id": REC_ID})
    with pytest.raises(InternalServerError):
        await client.session_recordings.get(project_id=PROJECT, id=REC_ID)


# -- error fields -------------------------------------------------------------------------


async def test_detail_only_body(client: AsyncClient, mocked: aioresponses) -> None:
    error = await fail(client, mocked, 403, payload={"detail": "You do not have permission."})
    assert error.detail == "You do not have permission."
    assert error.code is None
    assert error.attr is None
    assert error.body == {"detail": "You do not have permission."}
    assert "You do not have permission." in str(error)


async def test_empty_error_body(client: AsyncClient, mocked: aioresponses) -> None:
    error = await fail(client, mocked, 500, body=b"")
    assert error.body == ""
    assert error.detail is None
    assert "500" in str(error)


async def test_json_error_body_that_is_not_an_object(
    client: AsyncClient, mocked: aioresponses
) -> None:
    error = await fail(client, mocked, 400, payload=["name: required"])
    assert error.body == ["name: required"]
    assert error.detail is None
    assert "name: required" in str(error)


async def test_long_text_error_body_is_cut_in_the_message(
    client: AsyncClient, mocked: aioresponses
) -> None:
    text = "x" * 10_000
    error = await fail(client, mocked, 500, body=text)
    assert error.body == text
    assert len(str(error)) < 1_000


async def test_non_string_detail_is_rendered_as_json(
    client: AsyncClient, mocked: aioresponses
) -> None:
    error = await fail(client, mocked, 400, payload={"detail": {"name": ["required"]}})
    assert error.detail is not None
    assert json.loads(error.detail) == {"name": ["required"]}


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (STANDARD, "Enter a valid value."),
        ({"detail": "Not found."}, "Not found."),
        ({"error": "bad things"}, "bad things"),
        ("plain text failure", "plain text failure"),
    ],
    ids=["standard", "detail", "error", "text"],
)
async def test_str_of_an_error_states_method_path_status_and_message(
    body: Any, message: str, client: AsyncClient, mocked: aioresponses
) -> None:
    response = {"payload": body} if isinstance(body, dict) else {"body": body}
    error = await fail(client, mocked, 409, **response)
    text = str(error)
    assert "GET" in text
    assert REC_PATH in text
    assert "409" in text
    assert message in text


async def test_str_of_an_error_names_the_field_of_attr(
    client: AsyncClient, mocked: aioresponses
) -> None:
    error = await fail(client, mocked, 400, payload=STANDARD)
    assert "domain" in str(error)


async def test_errors_of_a_post_name_post(client: AsyncClient, mocked: aioresponses) -> None:
    mocked.post(ANY_URL, status=400, payload={"detail": "domain taken", "attr": "domain"})
    with pytest.raises(BadRequestError) as info:
        await client.proxy_records.create(organization_id=ORG, domain="a.example")
    assert info.value.method == "POST"
    assert info.value.url == f"{BASE_URL}/api/organizations/{ORG}/proxy_records/"
    assert str(info.value).startswith("POST ")


async def test_rate_limit_error_carries_retry_after_seconds(
    client: AsyncClient, mocked: aioresponses
) -> None:
    error = await fail(
        client, mocked, 429, payload={"detail": "Throttled."}, headers={"Retry-After": "7"}
    )
    assert isinstance(error, RateLimitError)
    assert error.retry_after == 7.0
    assert error.detail == "Throttled."


async def test_rate_limit_error_carries_retry_after_from_an_http_date(
    client: AsyncClient, mocked: aioresponses
) -> None:
    when = datetime.now(timezone.utc) + timedelta(seconds=120)
    error = await fail(
        client, mocked, 429, body="", headers={"Retry-After": format_datetime(when, usegmt=True)}
    )
    assert isinstance(error, RateLimitError)
    assert error.retry_after is not None
    assert 100 <= error.retry_after <= 121


@pytest.mark.parametrize("headers", [{}, {"Retry-After": "soon"}], ids=["absent", "garbage"])
async def test_rate_limit_error_without_usable_retry_after(
    headers: dict[str, str], client: AsyncClient, mocked: aioresponses
) -> None:
    error = await fail(client, mocked, 429, body="", headers=headers)
    assert isinstance(error, RateLimitError)
    assert error.retry_after is None


# -- 2xx bodies that do not parse ---------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "status"),
    [
        (b"<html>ok</html>", 200),
        (b'{"id": "abc", "distinct', 200),
        (b'{"id": {"x": 1}}', 200),
        (b'[{"id": "abc"}]', 200),
        (b"", 200),
        (b"null", 200),
        (b'"a string"', 201),
        (b'{"start_time": "yesterday"}', 200),
        (b'{"person": {"id": "not-an-int"}}', 200),
        (b"\xff\xfe\x00garbage", 200),
    ],
    ids=[
        "html",
        "truncated",
        "wrong-shape",
        "list",
        "empty",
        "null",
        "string",
        "bad-date",
        "bad-nested",
        "binary",
    ],
)
async def test_a_2xx_body_that_does_not_parse_is_a_response_validation_error(
    body: bytes, status: int, client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.get(ANY_URL, status=status, body=body)
    with pytest.raises(ResponseValidationError) as info:
        await client.session_recordings.get(project_id=PROJECT, id=REC_ID)
    error = info.value
    assert isinstance(error, ApiError)
    assert not isinstance(error, ApiStatusError)
    assert error.status_code == status
    assert error.method == "GET"
    assert error.url == BASE_URL + REC_PATH
    text = body.decode("utf-8", errors="replace")
    assert text[:20] in error.body
    assert str(status) in str(error)
    assert REC_PATH in str(error)
    assert repr(text[:10])[1:-1] in str(error)  # an excerpt of the body


async def test_response_validation_error_message_holds_only_an_excerpt(
    client: AsyncClient, mocked: aioresponses
) -> None:
    body = json.dumps({"id": {"x": 1}, "filler": "y" * 50_000})
    mocked.get(ANY_URL, body=body)
    with pytest.raises(ResponseValidationError) as info:
        await client.session_recordings.get(project_id=PROJECT, id=REC_ID)
    assert len(str(info.value)) < 2_000
    assert '{"id": {"x": 1}' in str(info.value)


async def test_a_list_page_of_the_wrong_shape_is_a_response_validation_error(
    client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.get(ANY_URL, payload={"results": [{"id": {"x": 1}}]})
    with pytest.raises(ResponseValidationError) as info:
        await client.roles.list(organization_id=ORG)
    assert info.value.status_code == 200


async def test_a_list_body_that_is_an_object_for_a_model_is_an_error(
    client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.post(ANY_URL, status=201, payload=[{"id": "r"}])
    with pytest.raises(ResponseValidationError) as info:
        await client.roles.create(organization_id=ORG, name="a")
    assert info.value.status_code == 201


async def test_property_definitions_body_that_is_not_json_is_an_error(
    client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.get(ANY_URL, status=200, body=b"{not json")
    with pytest.raises(ResponseValidationError) as info:
        await client.sessions.property_definitions(project_id=PROJECT)
    assert info.value.status_code == 200
    assert "{not json" in info.value.body


# -- what parses: unknown fields, nulls, live forms ---------------------------------------


async def test_unknown_response_fields_are_kept(client: AsyncClient, mocked: aioresponses) -> None:
    mocked.get(
        ANY_URL,
        payload={"id": REC_ID, "new_field": {"a": [1]}, "person": {"id": 1, "extra": "e"}},
    )
    recording = await client.session_recordings.get(project_id=PROJECT, id=REC_ID)
    assert recording.model_extra == {"new_field": {"a": [1]}}
    assert recording.new_field == {"a": [1]}  # type: ignore[attr-defined]
    assert recording.person is not None
    assert recording.person.extra == "e"  # type: ignore[attr-defined]
    assert recording.model_dump()["new_field"] == {"a": [1]}


def _all_null(model: type[Any]) -> dict[str, object]:
    """Null for every field but a required `id` (every shape of the service carries it)."""
    body: dict[str, object] = dict.fromkeys(model.model_fields)
    if model.model_fields.get("id") is not None and model.model_fields["id"].is_required():
        body["id"] = 7 if model.model_fields["id"].annotation is int else "x"
    return body


@pytest.mark.parametrize(
    "model",
    [SessionRecording, Person, SharingConfiguration, Project, ProxyRecord, Role, User],
    ids=lambda m: m.__name__,
)
def test_null_is_accepted_for_every_response_field(model: type[Any]) -> None:
    instance = model.model_validate_json(json.dumps(_all_null(model)))
    fields = [name for name, field in model.model_fields.items() if not field.is_required()]
    assert fields
    assert all(getattr(instance, name) is None for name in fields)


@pytest.mark.parametrize(
    "model", [SessionRecording, Project, ProxyRecord, Role, User], ids=lambda m: m.__name__
)
def test_a_response_model_without_its_id_is_refused(model: type[Any]) -> None:
    body = _all_null(model)
    del body["id"]
    with pytest.raises(ValidationError, match="id"):
        model.model_validate_json(json.dumps(body))


@pytest.mark.parametrize(
    ("call", "model"),
    [
        (lambda c: c.session_recordings.get(project_id=PROJECT, id=REC_ID), SessionRecording),
        (
            lambda c: c.session_recordings.get_sharing(project_id=1, recording_id="r"),
            SharingConfiguration,
        ),
        (lambda c: c.projects.update(organization_id=ORG, id=1), Project),
        (lambda c: c.proxy_records.get(organization_id=ORG, id="p"), ProxyRecord),
        (lambda c: c.roles.get(organization_id=ORG, id="r"), Role),
    ],
    ids=["recording", "sharing", "project", "proxy", "role"],
)
async def test_an_all_null_response_parses_through_the_client(
    call: Any, model: type[Any], client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.get(ANY_URL, payload=_all_null(model))
    mocked.patch(ANY_URL, payload=_all_null(model))
    result = await call(client)
    assert type(result) is model


async def test_live_person_form_parses(client: AsyncClient, mocked: aioresponses) -> None:
    mocked.get(
        ANY_URL,
        payload={
            "id": REC_ID,
            "person": {
                "id": None,
                "name": None,
                "created_at": None,
                "distinct_ids": ["d1", "d2"],
                "properties": {"$os": "Mac OS X"},
                "uuid": "0190a000-0000-7000-8000-000000000000",
            },
        },
    )
    recording = await client.session_recordings.get(project_id=PROJECT, id=REC_ID)
    assert recording.person is not None
    assert recording.person.distinct_ids == ["d1", "d2"]
    assert recording.person.id is None
    assert recording.person.name is None
    assert recording.person.created_at is None


async def test_described_person_form_parses(client: AsyncClient, mocked: aioresponses) -> None:
    mocked.get(
        ANY_URL,
        payload={
            "id": REC_ID,
            "start_time": "2024-05-01T10:00:00Z",
            "activity_score": 12.5,
            "person": {
                "id": 5,
                "name": "Ann",
                "distinct_ids": "d1",
                "created_at": "2024-05-01T10:00:00.123456Z",
            },
        },
    )
    recording = await client.session_recordings.get(project_id=PROJECT, id=REC_ID)
    assert recording.person is not None
    assert recording.person.distinct_ids == "d1"
    assert recording.start_time == datetime(2024, 5, 1, 10, tzinfo=timezone.utc)


async def test_live_role_form_parses(client: AsyncClient, mocked: aioresponses) -> None:
    members = [
        {"id": "m1", "user": {"id": 1, "email": "a@example.com"}, "joined_at": "2024-01-01"},
        {"id": "m2", "user": {"id": 2}},
    ]
    mocked.get(
        ANY_URL,
        payload={
            "id": "r1",
            "name": "Admins",
            "members": members,
            "is_default": True,
            "created_by": {"id": 1, "hedgehog_config": None, "first_name": "A"},
        },
    )
    role = await client.roles.get(organization_id=ORG, id="r1")
    assert role.members == members
    assert role.is_default is True
    assert role.feature_flags_access_level is None
    assert "feature_flags_access_level" not in role.model_fields_set
    assert role.created_by is not None
    assert role.created_by.first_name == "A"


async def test_live_project_form_parses(client: AsyncClient, mocked: aioresponses) -> None:
    intents = [{"product_type": "session_replay", "created_at": "2024-01-01T00:00:00Z"}]
    mocked.patch(
        ANY_URL,
        payload={
            "id": 17,
            "product_intents": intents,
            "default_modifiers": {"personsOnEventsMode": "person_id_override_properties_joined"},
            "person_on_events_querying_enabled": True,
            "primary_dashboard": None,
            "product_description": None,
            "week_start_day": None,
            "timezone": "Europe/Berlin",
        },
    )
    project = await client.projects.update(organization_id=ORG, id=17, name="x")
    assert project.product_intents == intents
    assert project.default_modifiers == {
        "personsOnEventsMode": "person_id_override_properties_joined"
    }
    assert project.person_on_events_querying_enabled is True
    assert project.primary_dashboard is None
    assert project.product_description is None


async def test_described_project_form_parses(client: AsyncClient, mocked: aioresponses) -> None:
    mocked.patch(
        ANY_URL,
        payload={
            "id": 17,
            "product_intents": "",
            "default_modifiers": "",
            "person_on_events_querying_enabled": "true",
            "primary_dashboard": 3,
        },
    )
    project = await client.projects.update(organization_id=ORG, id=17)
    assert project.person_on_events_querying_enabled == "true"
    assert project.primary_dashboard == 3


async def test_live_list_envelopes_parse(client: AsyncClient, mocked: aioresponses) -> None:
    mocked.get(ANY_URL, payload={"results": [{"id": "p1"}], "max_proxy_records": 2})
    page = await client.proxy_records.list(organization_id=ORG)
    assert [r.id for r in page.results] == ["p1"]
    assert page.count is None
    assert page.envelope.model_extra == {"max_proxy_records": 2}
