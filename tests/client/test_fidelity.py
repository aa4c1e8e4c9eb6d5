"""Fidelity to the live service (issue 12), through `AsyncClient` against recorded bodies.

Each live body comes from tests/fixtures/live_bodies/ (its `source` names where in the
service's public source the shape is from); each changed return type is also checked with
the description's shape (the project). The audit of the 26 scopes is the table `AUDIT`.
"""

from __future__ import annotations

import inspect
import json
import warnings
from datetime import datetime, timezone
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pydantic
import pytest

from product_analytics import (
    NOT_GIVEN,
    AsyncClient,
    MissingScopeError,
    Page,
    PermissionDeniedError,
    PersonalApiKeyWarning,
)
from product_analytics import errors as errors_module
from product_analytics._generated.operations import ALL
from product_analytics._generated.resources import Projects
from product_analytics.models import (
    ActivityLogEntry,
    AiFiltersResult,
    AiRegexResult,
    DemoDataStatus,
    Project,
    WizardAuthenticationResult,
)
from product_analytics.testing import aioresponses
from tests.client.conftest import ANY_URL, API_KEY, BASE_URL, ORG, PROJECT, calls, only_call
from tests.support.described import PROJECT_BODY_FIELDS
from tests.support.live_bodies import live_body
from tests.support.operation_cases import CASES, bound_methods, respond

PROJECT_BODY = {"id": 17, "organization": ORG, "name": "Web", "timezone": "UTC"}


def sent_json(mock: aioresponses) -> Any:
    data = only_call(mock)[2]["data"]
    assert isinstance(data, bytes)
    return json.loads(data)


def sent_query(mock: aioresponses) -> list[tuple[str, str]]:
    return parse_qsl(urlsplit(only_call(mock)[1]).query, keep_blank_values=True)


# -- 1. scopes ------------------------------------------------------------------------------

REFUSED = "refused"  # the live service refuses personal API keys for the action
# method: (described scope, the scope a personal API key needs on the live service, source)
AUDIT: dict[str, tuple[str | None, str | None, str]] = {
    "01 playlists.remove_recording": (
        None,
        REFUSED,
        "posthog/session_recordings/session_recording_playlist_api.py modify_recordings",
    ),
    "02 session_recordings.list": (
        "session_recording:read",
        "session_recording:read",
        "posthog/session_recordings/session_recording_api.py list",
    ),
    "03 session_recordings.get": (
        "session_recording:read",
        "session_recording:read",
        "posthog/session_recordings/session_recording_api.py retrieve",
    ),
    "04 session_recordings.update": (
        "session_recording:write",
        "session_recording:write",
        "posthog/session_recordings/session_recording_api.py update",
    ),
    "05 session_recordings.delete": (
        "session_recording:write",
        "session_recording:write",
        "posthog/session_recordings/session_recording_api.py destroy",
    ),
    "06 session_recordings.get_sharing": (
        "sharing_configuration:read",
        "sharing_configuration:read",
        "posthog/api/sharing.py list",
    ),
    "07 session_recordings.ai_filters": (
        None,
        None,
        "action not in the stored source; unconfirmed",
    ),
    "08 session_recordings.ai_regex": (
        None,
        REFUSED,
        "posthog/session_recordings/session_recording_api.py ai_regex",
    ),
    "09 sessions.property_definitions": (
        None,
        "query:read",
        "posthog/api/session.py scope_object_read_actions",
    ),
    "10 projects.update": (
        "project:read",
        "project:write",
        "posthog/api/project.py partial_update (write action; read only for sessions)",
    ),
    "11 projects.delete": ("project:write", "project:write", "posthog/api/project.py destroy"),
    "12 projects.activity": (None, REFUSED, "posthog/api/project.py activity"),
    "13 projects.add_product_intent": (
        "team:read",
        "project:read",
        "posthog/api/project.py required_scopes=['project:read']",
    ),
    "14 projects.authenticate_wizard": (
        None,
        "team:read",
        "posthog/api/project.py (earlier revision) required_scopes=['team:read']",
    ),
    "15 projects.change_organization": (
        None,
        REFUSED,
        "posthog/api/project.py change_organization",
    ),
    "16 projects.complete_product_onboarding": (
        "team:read",
        "project:read",
        "posthog/api/project.py required_scopes=['project:read']",
    ),
    "17 projects.is_generating_demo_data": (
        None,
        REFUSED,
        "posthog/api/project.py is_generating_demo_data",
    ),
    "18 projects.reset_token": (None, REFUSED, "posthog/api/project.py reset_token"),
    "19 proxy_records.list": (
        "organization:read",
        "organization:read",
        "posthog/api/proxy_record.py list",
    ),
    "20 proxy_records.create": (
        "organization:write",
        "organization:write",
        "posthog/api/proxy_record.py create",
    ),
    "21 proxy_records.get": (
        "organization:read",
        "organization:read",
        "posthog/api/proxy_record.py retrieve",
    ),
    "22 proxy_records.update": (
        "organization:write",
        "organization:write",
        "posthog/api/proxy_record.py partial_update",
    ),
    "23 proxy_records.delete": (
        "organization:write",
        "organization:write",
        "posthog/api/proxy_record.py destroy",
    ),
    "24 roles.list": ("organization:read", "organization:read", "ee/api/rbac/role.py list"),
    "25 roles.create": ("organization:write", "organization:write", "ee/api/rbac/role.py create"),
    "26 roles.get": ("organization:read", "organization:read", "ee/api/rbac/role.py retrieve"),
}
LIVE_SCOPES = {name: live for name, (_, live, _) in AUDIT.items() if live not in (None, REFUSED)}


def _method_name(case: str) -> str:
    resource, method = case.split(" ", 1)[1].split(".")
    return f"{'session_recording_playlists' if resource == 'playlists' else resource}.{method}"


def test_the_audit_covers_the_26_operations_with_their_described_scopes(
    client: AsyncClient,
) -> None:
    assert list(AUDIT) == list(CASES)
    methods = bound_methods(client)
    for case, (described, _, _) in AUDIT.items():
        assert methods[_method_name(case)].required_scope == described, case


@pytest.mark.parametrize("case", list(LIVE_SCOPES))
async def test_a_key_with_only_the_live_scope_is_never_refused(case: str) -> None:
    """The client never refuses a call that the live service allows (nor one the
    description allows: see test_scopes_and_config)."""
    with aioresponses() as mocked:
        respond(mocked, CASES[case].method, CASES[case].status, CASES[case].payload)
        async with AsyncClient(
            api_key=API_KEY, base_url=BASE_URL, max_retries=0, scopes=[LIVE_SCOPES[case]]
        ) as client:
            await CASES[case].call(client)
        assert len(calls(mocked)) == 1


@pytest.mark.parametrize("name", ["add_product_intent", "complete_product_onboarding"])
async def test_a_project_read_key_calls_the_team_read_actions(
    name: str, mocked: aioresponses
) -> None:
    recorded = live_body("add_product_intent")
    mocked.patch(ANY_URL, status=recorded.status, payload=recorded.body)
    async with AsyncClient(api_key=API_KEY, base_url=BASE_URL, scopes=["project:read"]) as c:
        method = getattr(c.projects, name)
        assert method.required_scope == "team:read"  # the description's value
        project = await method(organization_id=ORG, id=2, product_type="session_replay")
    assert isinstance(project, Project)
    assert sent_json(mocked) == {"product_type": "session_replay"}
    # The live shape (TeamSerializer, answered 201) loses nothing.
    assert project.model_extra is not None
    assert project.model_extra["session_recording_retention_period"] == "30d"
    assert project.product_intents == recorded.body["product_intents"]


@pytest.mark.parametrize("name", ["add_product_intent", "complete_product_onboarding"])
def test_the_docstring_names_the_live_scope(name: str, client: AsyncClient) -> None:
    doc = getattr(client.projects, name).__doc__
    assert doc is not None
    assert "``team:read``" in doc
    assert "``project:read``" in doc


async def test_a_key_without_either_scope_is_still_refused_before_sending(
    mocked: aioresponses,
) -> None:
    async with AsyncClient(
        api_key=API_KEY, base_url=BASE_URL, scopes=["organization:write"]
    ) as client:
        with pytest.raises(MissingScopeError) as caught:
            await client.projects.add_product_intent(organization_id=ORG, id=2)
    assert caught.value.required_scope == "team:read"
    assert calls(mocked) == []


async def test_the_services_missing_scope_answer_is_a_permission_denied_error(
    mocked: aioresponses,
) -> None:
    recorded = live_body("missing_scope_project_read")
    mocked.patch(ANY_URL, status=recorded.status, payload=recorded.body)
    async with AsyncClient(
        api_key=API_KEY, base_url=BASE_URL, max_retries=0, scopes=["team:read"]
    ) as client:
        with pytest.raises(PermissionDeniedError) as caught:
            await client.projects.add_product_intent(organization_id=ORG, id=2)
    assert caught.value.detail == "API key missing required scope 'project:read'"


# -- 2. actions that refuse personal API keys ------------------------------------------------

REFUSING = {_method_name(case) for case, (_, live, _) in AUDIT.items() if live == REFUSED}


def test_exactly_the_confirmed_actions_refuse_personal_api_keys(client: AsyncClient) -> None:
    assert {
        "session_recording_playlists.remove_recording",
        "session_recordings.ai_regex",
        "projects.activity",
        "projects.change_organization",
        "projects.is_generating_demo_data",
        "projects.reset_token",
    } == REFUSING
    methods = bound_methods(client)
    for name, method in methods.items():
        assert method.personal_api_key_allowed is (name not in REFUSING), name
        assert method.operation.personal_api_key_allowed is method.personal_api_key_allowed
    assert {op.operation_id for op in ALL if not op.personal_api_key_allowed} == {
        m.operation.operation_id for n, m in methods.items() if n in REFUSING
    }
    assert Projects.reset_token.personal_api_key_allowed is False  # on the class too
    assert Projects.update.personal_api_key_allowed is True


@pytest.mark.parametrize("name", sorted(REFUSING))
def test_the_docstring_says_personal_api_keys_are_refused(name: str, client: AsyncClient) -> None:
    doc = bound_methods(client)[name].__doc__
    assert doc is not None
    assert "refuses personal API keys" in doc
    assert "PersonalApiKeyWarning" in doc


def test_the_warning_is_a_user_warning_exported_from_the_package() -> None:
    assert issubclass(PersonalApiKeyWarning, UserWarning)
    assert errors_module.PersonalApiKeyWarning is PersonalApiKeyWarning


@pytest.mark.usefixtures("fresh_personal_api_key_warnings")
async def test_calling_a_refused_action_warns_once_then_the_403_arrives(
    client: AsyncClient, mocked: aioresponses
) -> None:
    recorded = live_body("personal_api_key_refused")
    mocked.patch(ANY_URL, status=recorded.status, payload=recorded.body, repeat=True)
    with (
        pytest.warns(PersonalApiKeyWarning, match="projects_reset_token") as record,
        pytest.raises(PermissionDeniedError) as caught,
    ):
        await client.projects.reset_token(organization_id=ORG, id=17)
    assert len(record) == 1
    assert record[0].filename == __file__  # points at the caller's line
    assert caught.value.detail == "This action does not support personal API key access"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(PermissionDeniedError):
            await client.projects.reset_token(organization_id=ORG, id=17)


@pytest.mark.usefixtures("fresh_personal_api_key_warnings")
async def test_the_warning_is_per_operation_and_only_for_refused_ones(
    client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.get(ANY_URL, payload=PROJECT_BODY, repeat=True)
    with pytest.warns(PersonalApiKeyWarning, match="is_generating_demo_data"):
        await client.projects.is_generating_demo_data(organization_id=ORG, id=17)
    with pytest.warns(PersonalApiKeyWarning, match="projects_activity"):
        await client.projects.activity(organization_id=ORG, id=17)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        await client.session_recordings.get_sharing(project_id=PROJECT, recording_id="r")


# -- 3. the AI helpers ------------------------------------------------------------------------


def test_the_ai_helpers_take_the_live_fields_as_typed_keywords(client: AsyncClient) -> None:
    regex = inspect.signature(client.session_recordings.ai_regex).parameters
    assert str(regex["regex"].annotation) == "str | NotGiven"
    assert regex["regex"].default is NOT_GIVEN
    assert regex["person"].default is NOT_GIVEN
    filters = inspect.signature(client.session_recordings.ai_filters).parameters
    # `builtins.list`: in the class body, `list` is the resource's method.
    assert str(filters["messages"].annotation) == "builtins.list[dict[str, Any]] | NotGiven"
    assert filters["person"].default is NOT_GIVEN
    for method in (client.session_recordings.ai_regex, client.session_recordings.ai_filters):
        assert method.operation.experimental is True


async def test_ai_regex_returns_the_live_result(client: AsyncClient, mocked: aioresponses) -> None:
    recorded = live_body("ai_regex")
    mocked.post(ANY_URL, status=recorded.status, payload={**recorded.body, "usage": {"n": 1}})
    result = await client.session_recordings.ai_regex(project_id=PROJECT, regex="pricing pages")
    assert isinstance(result, AiRegexResult)
    assert result.result == "success"
    assert result.data is not None
    assert result.data.output == "^/pricing(/.*)?$"
    assert result.model_extra == {"usage": {"n": 1}}  # other fields kept
    assert sent_json(mocked) == {"regex": "pricing pages"}


@pytest.mark.parametrize("name", ["ai_filters", "ai_filters_question"])
async def test_ai_filters_returns_the_live_result(
    name: str, client: AsyncClient, mocked: aioresponses
) -> None:
    recorded = live_body(name)
    mocked.post(ANY_URL, status=recorded.status, payload=recorded.body)
    messages = [
        {"role": "user", "content": "Chrome users"},
        {"role": "assistant", "content": "Which dates?"},
    ]
    result = await client.session_recordings.ai_filters(project_id=PROJECT, messages=messages)
    assert isinstance(result, AiFiltersResult)
    assert result.result == recorded.body["result"]
    assert result.data is not None
    assert result.data.question == recorded.body["data"]["question"]
    assert result.data.filter_group == recorded.body["data"].get("filter_group")
    assert sent_json(mocked) == {"messages": messages}


@pytest.mark.parametrize("name", ["ai_filters", "ai_regex"])
@pytest.mark.parametrize("body", [b"", b"  \n"])
async def test_ai_helpers_return_none_for_the_described_empty_body(
    name: str, body: bytes, client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.post(ANY_URL, status=200, body=body)
    method = getattr(client.session_recordings, name)
    assert await method(project_id=PROJECT, person={"described": True}) is None
    assert sent_json(mocked) == {"person": {"described": True}}


@pytest.mark.parametrize(
    "kwargs",
    [
        {"messages": [{"role": "user"}]},
        {"messages": [{"role": "user", "content": 5}]},
        {"messages": "Chrome users"},
    ],
    ids=["no content", "content not str", "not a list"],
)
async def test_ai_filters_messages_are_checked_before_sending(
    kwargs: dict[str, Any], client: AsyncClient, mocked: aioresponses
) -> None:
    with pytest.raises((TypeError, ValueError)):
        await client.session_recordings.ai_filters(project_id=PROJECT, **kwargs)
    assert calls(mocked) == []


async def test_ai_regex_regex_must_be_a_string(client: AsyncClient, mocked: aioresponses) -> None:
    with pytest.raises(pydantic.ValidationError):
        await client.session_recordings.ai_regex(project_id=PROJECT, regex=["x"])  # type: ignore[arg-type]
    assert calls(mocked) == []


# -- 4. projects.activity ---------------------------------------------------------------------


def _on_base_url(body: dict[str, Any]) -> dict[str, Any]:
    """The recorded envelope with its links on the client's origin (recorded: testserver)."""
    return json.loads(json.dumps(body).replace("http://testserver", BASE_URL))


async def test_activity_pages_through_the_live_page_numbered_envelope(
    client: AsyncClient, mocked: aioresponses
) -> None:
    first, last = live_body("activity_page").body, live_body("activity_last_page").body
    mocked.get(ANY_URL, payload=_on_base_url(first))
    mocked.get(ANY_URL, payload=_on_base_url(last))
    pager = client.projects.activity(organization_id=ORG, id=2, limit=1)
    pages = [page async for page in pager.pages()]
    assert [page.total_count for page in pages] == [2, 2]
    assert [page.has_next for page in pages] == [True, False]
    entries = [entry for page in pages for entry in page.results]
    assert all(type(entry) is ActivityLogEntry for entry in entries)
    updated, created = entries
    assert (updated.activity, updated.scope, updated.item_id) == ("updated", "Team", "2")
    assert updated.user is not None
    assert updated.user.email == "user1@posthog.com"
    assert updated.detail is not None
    assert updated.detail.changes is not None
    [change] = updated.detail.changes
    assert (change.field, change.before, change.after) == ("timezone", "UTC", "Europe/Lisbon")
    assert updated.created_at == datetime(2022, 2, 8, tzinfo=timezone.utc)
    assert created.user is not None
    assert created.user.is_system is True
    urls = [str(url) for (_, url) in mocked.requests]
    assert parse_qsl(urlsplit(urls[0]).query) == [("limit", "1")]
    assert sorted(parse_qsl(urlsplit(urls[1]).query)) == [("limit", "1"), ("page", "2")]


async def test_activity_with_the_described_project_shape_is_a_page_without_results(
    client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.get(ANY_URL, payload=PROJECT_BODY, repeat=True)
    page = await client.projects.activity(organization_id=ORG, id=17)
    assert isinstance(page, Page)
    assert page.results == []
    assert page.has_next is False
    assert page.total_count is None
    assert page.envelope.model_extra == {
        "id": 17,
        "organization": ORG,
        "name": "Web",
        "timezone": "UTC",
    }
    assert [entry async for entry in client.projects.activity(organization_id=ORG, id=17)] == []


@pytest.mark.parametrize(
    "kwargs", [{"page": 0}, {"page": "2"}, {"limit": 0}, {"page": True}], ids=repr
)
async def test_activity_page_and_limit_are_checked_before_sending(
    kwargs: dict[str, Any], client: AsyncClient, mocked: aioresponses
) -> None:
    with pytest.raises((TypeError, ValueError)):
        client.projects.activity(organization_id=ORG, id=17, **kwargs)
    assert calls(mocked) == []


# -- 5. authenticate_wizard and is_generating_demo_data ---------------------------------------


@pytest.mark.parametrize(
    ("name", "http_method", "arguments", "model", "field", "live_value"),
    [
        ("authenticate_wizard", "post", {"hash": "h"}, WizardAuthenticationResult, "success", True),
        ("is_generating_demo_data", "get", {}, DemoDataStatus, "is_generating_demo_data", False),
    ],
    ids=["authenticate_wizard", "is_generating_demo_data"],
)
async def test_a_project_action_returns_its_own_model(
    name: str,
    http_method: str,
    arguments: dict[str, Any],
    model: type[pydantic.BaseModel],
    field: str,
    live_value: bool,
    client: AsyncClient,
    mocked: aioresponses,
) -> None:
    """The live answer parses to the action's own model; the description's (the project) too,
    losing nothing."""
    answer = getattr(mocked, http_method)
    answer(ANY_URL, payload=live_body(name).body)
    answer(ANY_URL, payload=PROJECT_BODY)
    method = getattr(client.projects, name)
    live = await method(organization_id=ORG, id=17, **arguments)
    assert type(live) is model
    assert getattr(live, field) is live_value
    described = await method(organization_id=ORG, id=17, **arguments)
    assert getattr(described, field) is None
    assert described.model_extra == PROJECT_BODY


# -- 6. the recordings list's filters ---------------------------------------------------------

FILTERS = [
    "date_from",
    "date_to",
    "session_ids",
    "order",
    "person_uuid",
    "distinct_id",
    "distinct_ids",
    "filter_test_accounts",
    "operand",
    "properties",
    "events",
    "actions",
    "console_log_filters",
    "having_predicates",
]


def test_the_recordings_list_takes_the_services_filters_as_keywords(client: AsyncClient) -> None:
    parameters = inspect.signature(client.session_recordings.list).parameters
    assert set(FILTERS) <= set(parameters)
    assert str(parameters["session_ids"].annotation) == "builtins.list[str] | None"
    assert str(parameters["filter_test_accounts"].annotation) == "bool | None"
    assert str(parameters["operand"].annotation) == "Literal['AND', 'OR'] | None"
    assert all(parameters[name].default is None for name in FILTERS)
    doc = client.session_recordings.list.__doc__
    assert doc is not None
    assert "-3d" in doc
    assert "date_from" in doc


async def test_the_filters_are_encoded_as_the_service_reads_them(
    client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.get(ANY_URL, payload={"results": [], "has_next": False, "version": 4})
    properties = [{"key": "$browser", "type": "person", "value": ["Chrome"], "operator": "exact"}]
    events = [{"id": "$pageview", "type": "events", "name": "$pageview"}]
    await client.session_recordings.list(
        project_id=PROJECT,
        limit=5,
        date_from="-30d",
        date_to="2024-06-01",
        session_ids=["s1", "s é"],
        order="duration",
        person_uuid="0190a000-0000-7000-8000-000000000001",
        distinct_id="d1",
        distinct_ids=["d1", "d2"],
        filter_test_accounts=False,
        operand="OR",
        properties=properties,
        events=events,
    )
    query = dict(sent_query(mocked))
    assert len(sent_query(mocked)) == len(query) == 12
    assert query["limit"] == "5"
    assert (query["date_from"], query["date_to"]) == ("-30d", "2024-06-01")
    assert json.loads(query["session_ids"]) == ["s1", "s é"]
    assert json.loads(query["distinct_ids"]) == ["d1", "d2"]
    assert query["filter_test_accounts"] == "false"
    assert (query["operand"], query["order"], query["distinct_id"]) == ("OR", "duration", "d1")
    assert json.loads(query["properties"]) == properties
    assert json.loads(query["events"]) == events


async def test_a_filter_left_out_is_not_sent(client: AsyncClient, mocked: aioresponses) -> None:
    mocked.get(ANY_URL, payload={"results": [], "has_next": False})
    await client.session_recordings.list(project_id=PROJECT, filter_test_accounts=True)
    assert sent_query(mocked) == [("filter_test_accounts", "true")]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"session_ids": "s1"},
        {"session_ids": [1]},
        {"session_ids": [["s1"]]},
        {"filter_test_accounts": "true"},
        {"filter_test_accounts": 1},
        {"operand": "XOR"},
        {"operand": "and"},
        {"properties": {"key": "$browser"}},
        {"properties": ["$browser"]},
        {"properties": [{"value": float("nan")}]},
        {"events": "$pageview"},
        {"date_from": 3},
    ],
    ids=repr,
)
async def test_a_filter_of_the_wrong_type_is_refused_before_sending(
    kwargs: dict[str, Any], client: AsyncClient, mocked: aioresponses
) -> None:
    with pytest.raises((TypeError, ValueError)):
        client.session_recordings.list(project_id=PROJECT, **kwargs)
    assert calls(mocked) == []


# -- 7. the project PATCH's live fields -------------------------------------------------------

LIVE_PATCH_FIELDS = """
session_recording_url_trigger_config session_recording_url_blocklist_config
session_recording_event_trigger_config session_recording_trigger_match_type_config
session_recording_trigger_groups session_recording_retention_period
receive_org_level_activity_logs business_model conversations_enabled conversations_settings
logs_settings proactive_tasks_enabled revenue_analytics_config marketing_analytics_config
customer_analytics_config workflows_config base_currency capture_dead_clicks
cookieless_server_hash_mode human_friendly_comparison_periods
feature_flag_confirmation_enabled feature_flag_confirmation_message
default_evaluation_contexts_enabled require_evaluation_contexts default_data_theme
onboarding_tasks web_analytics_pre_aggregated_tables_enabled
""".split()


def test_the_project_patch_takes_the_live_writable_fields(client: AsyncClient) -> None:
    parameters = inspect.signature(client.projects.update).parameters
    assert set(PROJECT_BODY_FIELDS) <= set(parameters)  # every described field stays
    assert set(LIVE_PATCH_FIELDS) <= set(parameters)
    for name in LIVE_PATCH_FIELDS:
        assert parameters[name].default is NOT_GIVEN, name
    assert str(parameters["session_recording_retention_period"].annotation) == "str | NotGiven"
    assert str(parameters["base_currency"].annotation) == "str | NotGiven"
    # The actions keep the described project body fields only.
    actions = inspect.signature(client.projects.reset_token).parameters
    assert not set(LIVE_PATCH_FIELDS) & set(actions)


async def test_the_live_fields_are_sent_exactly_as_passed(
    client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.patch(ANY_URL, payload={**PROJECT_BODY, "base_currency": "EUR"})
    project = await client.projects.update(
        organization_id=ORG,
        id=17,
        session_recording_retention_period="90d",
        base_currency="EUR",
        capture_dead_clicks=None,
        session_recording_event_trigger_config=["$pageview"],
        anonymize_ips=True,
    )
    assert sent_json(mocked) == {
        "session_recording_retention_period": "90d",
        "base_currency": "EUR",
        "capture_dead_clicks": None,
        "session_recording_event_trigger_config": ["$pageview"],
        "anonymize_ips": True,
    }
    assert project.model_extra == {"base_currency": "EUR"}


@pytest.mark.parametrize(
    "kwargs",
    [
        {"base_currency": 5},
        {"cookieless_server_hash_mode": "1"},
        {"session_recording_event_trigger_config": [1]},
        {"revenue_analytics_config": []},
    ],
    ids=repr,
)
async def test_a_live_field_of_the_wrong_type_is_refused_before_sending(
    kwargs: dict[str, Any], client: AsyncClient, mocked: aioresponses
) -> None:
    with pytest.raises(pydantic.ValidationError):
        await client.projects.update(organization_id=ORG, id=17, **kwargs)
    assert calls(mocked) == []
