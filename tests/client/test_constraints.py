"""The spec's request constraints are checked before sending: a value that breaks one is a
`TypeError` or `ValueError` (a pydantic `ValidationError` counts) naming the field, and
nothing is sent; the forms the live service takes pass."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.mock_client import ORG, MakeClient, json_reply, script

PROJECT = 7
# (field, bad value, the name the error gives): each constraint of the project body fields.
PROJECT_FIELDS = [
    ("name", "", "name"),
    ("name", "   ", "name"),
    ("name", "n" * 201, "name"),
    ("product_description", "d" * 1001, "product_description"),
    ("app_urls", [1], "app_urls.0"),
    ("app_urls", ["u" * 201], "app_urls.0"),
    ("person_display_name_properties", ["p" * 401], "person_display_name_properties.0"),
    ("person_display_name_properties", [None], "person_display_name_properties.0"),
    ("live_events_columns", [1], "live_events_columns.0"),
    ("recording_domains", ["r" * 201], "recording_domains.0"),
    ("recording_domains", "example.com", "recording_domains"),
    ("timezone", "", "timezone"),
    ("timezone", 3, "timezone"),
    ("week_start_day", 2, "week_start_day"),
    ("week_start_day", "1", "week_start_day"),
    ("session_recording_minimum_duration_milliseconds", -1, "minimum_duration"),
    ("session_recording_minimum_duration_milliseconds", 30001, "minimum_duration"),
    ("base_currency", "", "base_currency"),
]


async def assert_refused(make_client: MakeClient, call: Any, name: str) -> None:
    """`call(client)` raises a TypeError or ValueError naming `name`, and sends nothing."""
    client, transport = await make_client(script(json_reply({"id": 1})))
    with pytest.raises((TypeError, ValueError)) as caught:
        await call(client)
    assert name in str(caught.value)
    assert transport.requests == []


@pytest.mark.parametrize(("field", "value", "name"), PROJECT_FIELDS)
async def test_a_project_field_breaking_its_constraint_is_refused_before_sending(
    make_client: MakeClient, field: str, value: Any, name: str
) -> None:
    async def call(client: Any) -> None:
        await client.projects.update(organization_id=ORG, id=PROJECT, **{field: value})

    await assert_refused(make_client, call, name)


@pytest.mark.parametrize("field", ["timezone", "base_currency", "week_start_day", "name"])
async def test_null_for_a_project_field_the_service_refuses_null_is_a_type_error(
    make_client: MakeClient, field: str
) -> None:
    client, transport = await make_client(script(json_reply({"id": 1})))
    with pytest.raises(TypeError, match=field):
        await client.projects.update(organization_id=ORG, id=PROJECT, **{field: None})
    assert transport.requests == []


async def test_a_blank_product_type_is_refused(make_client: MakeClient) -> None:
    async def call(client: Any) -> None:
        await client.projects.add_product_intent(organization_id=ORG, id=PROJECT, product_type="")

    await assert_refused(make_client, call, "product_type")


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda c: c.roles.create(organization_id=ORG, name=""), "name"),
        (lambda c: c.roles.create(organization_id=ORG, name=" "), "name"),
        (lambda c: c.roles.create(organization_id=ORG, name="r" * 201), "name"),
        (lambda c: c.proxy_records.create(organization_id=ORG, domain="d" * 65), "domain"),
        (lambda c: c.proxy_records.update(organization_id=ORG, id="x", domain=""), "domain"),
        (lambda c: c.proxy_records.update(organization_id=ORG, id="x", domain="d" * 65), "domain"),
    ],
    ids=["role-blank", "role-spaces", "role-long", "domain-long", "domain-blank", "update-long"],
)
async def test_a_role_name_or_domain_breaking_its_constraint_is_refused(
    make_client: MakeClient, call: Any, name: str
) -> None:
    await assert_refused(make_client, call, name)


@pytest.mark.parametrize(
    ("query", "name"),
    [
        ({"date_from": "yesterday"}, "date_from"),
        ({"date_from": "2025/06/01"}, "date_from"),
        ({"date_to": "-7 days"}, "date_to"),
        ({"date_to": ""}, "date_to"),
        ({"date_from": "-7d\n"}, "date_from"),
        ({"order": "name"}, "order"),
        ({"session_ids": [1]}, "session_ids[0]"),
        ({"distinct_ids": "abc"}, "distinct_ids"),
        ({"properties": ["$browser"]}, "properties[0]"),
        ({"events": {"id": "$pageview"}}, "events"),
        ({"limit": 0}, "limit"),
    ],
)
async def test_a_recordings_list_query_breaking_its_constraint_is_refused(
    make_client: MakeClient, query: dict[str, Any], name: str
) -> None:
    async def call(client: Any) -> None:
        await client.session_recordings.list(project_id=PROJECT, **query)

    await assert_refused(make_client, call, name)


async def test_activity_limit_below_one_is_refused(make_client: MakeClient) -> None:
    async def call(client: Any) -> None:
        await client.projects.activity(organization_id=ORG, id=PROJECT, limit=0)

    await assert_refused(make_client, call, "limit")


@pytest.mark.parametrize(
    "date",
    [
        "-7d",
        "-3d",
        "-12h",
        "-30M",
        "-6m",
        "-1y",
        "-2w",
        "-1q",
        "-1dStart",
        "mStart",
        "all",
        "2025-06-01",
        "2025-06-01T09:30",
        "2025-06-01T09:30:00Z",
        "2025-06-01T09:30:00.123+02:00",
        "2024",
        "2024-01",
        "20240101",
        "2024-W01-1",
        "2024-01-01T10",
        "2024-01-01T10:00:00+01",
        "2024-01-01T10:00:00.1234567Z",
        "2024-01-01T10:00:00,5z",
    ],
)
async def test_every_date_form_the_service_reads_is_sent(
    make_client: MakeClient, date: str
) -> None:
    client, transport = await make_client(script(json_reply({"results": []})))
    await client.session_recordings.list(project_id=PROJECT, date_from=date, date_to=date)
    assert len(transport.requests) == 1


async def test_values_the_service_takes_are_sent(make_client: MakeClient) -> None:
    client, transport = await make_client(script(json_reply({"id": 1})))
    await client.projects.update(
        organization_id=ORG,
        id=PROJECT,
        name="n" * 200,
        app_urls=["https://a.example.com", None],
        recording_domains=[None],
        week_start_day=0,
        session_recording_minimum_duration_milliseconds=30000,
    )
    assert len(transport.requests) == 1
