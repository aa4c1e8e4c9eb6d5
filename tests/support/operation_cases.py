"""The 26 operations as a table of cases (call, request expected, answer, returned type) on
the aioresponses-mocked client of tests/client, and `respond` to mock one answer."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from aioresponses import aioresponses

from product_analytics import AsyncClient, Page
from product_analytics._generated.resources import ClientResources
from product_analytics.models import (
    ActivityLogEntry,
    AiFiltersResult,
    AiRegexResult,
    DemoDataStatus,
    Project,
    ProxyRecord,
    Role,
    SessionRecording,
    SharingConfiguration,
    WizardAuthenticationResult,
)
from tests.client.conftest import ANY_URL, ORG, PROJECT
from tests.support.live_bodies import live_body

REC_ID = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"
ROLE_ID = "0190b000-0000-7000-8000-000000000001"
PROXY_ID = "0190c000-0000-7000-8000-000000000002"
E = f"/api/environments/{PROJECT}"
O = f"/api/organizations/{ORG}"  # noqa: E741
P = f"{O}/projects/17"

RECORDING = {"id": REC_ID, "distinct_id": "user-1", "recording_duration": 42}
SHARING = {"created_at": "2024-05-01T10:00:00Z", "enabled": True, "access_token": "tok"}
PROJECT_BODY = {"id": 17, "organization": ORG, "name": "Web", "timezone": "UTC"}
PROXY = {"id": PROXY_ID, "domain": "e.example.com", "target_cname": "x.proxy", "status": "waiting"}
ROLE = {"id": ROLE_ID, "name": "Admins", "feature_flags_access_level": 37}


def envelope(item: dict[str, Any]) -> dict[str, Any]:
    return {"count": 1, "next": None, "previous": None, "results": [item]}


@dataclass(frozen=True)
class Case:
    call: Callable[[AsyncClient], Awaitable[Any]]
    method: str
    path: str
    query: dict[str, str]
    body: bytes | None
    status: int
    payload: Any  # JSON-able, or None for no body
    returns: type | None  # model class, Page, None; `object` for op 9's JSON


CASES: dict[str, Case] = {
    "01 playlists.remove_recording": Case(
        lambda c: c.session_recording_playlists.remove_recording(
            project_id=PROJECT, short_id="pl-abc", session_recording_id=REC_ID
        ),
        "DELETE",
        f"{E}/session_recording_playlists/pl-abc/recordings/{REC_ID}/",
        {},
        None,
        204,
        None,
        None,
    ),
    "02 session_recordings.list": Case(
        lambda c: c.session_recordings.list(project_id=PROJECT, limit=10, offset=20),
        "GET",
        f"{E}/session_recordings/",
        {"limit": "10", "offset": "20"},
        None,
        200,
        envelope(RECORDING),
        Page,
    ),
    "03 session_recordings.get": Case(
        lambda c: c.session_recordings.get(project_id=PROJECT, id=REC_ID),
        "GET",
        f"{E}/session_recordings/{REC_ID}/",
        {},
        None,
        200,
        RECORDING,
        SessionRecording,
    ),
    "04 session_recordings.update": Case(
        lambda c: c.session_recordings.update(
            project_id=PROJECT, id=REC_ID, person={"distinct_ids": ["a"], "n": 1}
        ),
        "PATCH",
        f"{E}/session_recordings/{REC_ID}/",
        {},
        b'{"person":{"distinct_ids":["a"],"n":1}}',
        200,
        RECORDING,
        SessionRecording,
    ),
    "05 session_recordings.delete": Case(
        lambda c: c.session_recordings.delete(project_id=PROJECT, id=REC_ID),
        "DELETE",
        f"{E}/session_recordings/{REC_ID}/",
        {},
        None,
        204,
        None,
        None,
    ),
    "06 session_recordings.get_sharing": Case(
        lambda c: c.session_recordings.get_sharing(project_id=PROJECT, recording_id=REC_ID),
        "GET",
        f"{E}/session_recordings/{REC_ID}/sharing/",
        {},
        None,
        200,
        SHARING,
        SharingConfiguration,
    ),
    "07 session_recordings.ai_filters": Case(
        lambda c: c.session_recordings.ai_filters(
            project_id=PROJECT, messages=[{"role": "user", "content": "clicks > 3"}]
        ),
        "POST",
        f"{E}/session_recordings/ai/filters/",
        {},
        b'{"messages":[{"role":"user","content":"clicks > 3"}]}',
        200,
        live_body("ai_filters").body,
        AiFiltersResult,
    ),
    "08 session_recordings.ai_regex": Case(
        lambda c: c.session_recordings.ai_regex(project_id=PROJECT, regex="pricing pages é"),
        "POST",
        f"{E}/session_recordings/ai/regex/",
        {},
        '{"regex":"pricing pages é"}'.encode(),
        200,
        live_body("ai_regex").body,
        AiRegexResult,
    ),
    "09 sessions.property_definitions": Case(
        lambda c: c.sessions.property_definitions(project_id=str(PROJECT)),
        "GET",
        f"{E}/sessions/property_definitions/",
        {},
        None,
        200,
        [{"name": "$browser"}],
        object,
    ),
    "10 projects.update": Case(
        lambda c: c.projects.update(organization_id=ORG, id=17, name="Web", anonymize_ips=True),
        "PATCH",
        f"{P}/",
        {},
        b'{"name":"Web","anonymize_ips":true}',
        200,
        PROJECT_BODY,
        Project,
    ),
    "11 projects.delete": Case(
        lambda c: c.projects.delete(organization_id=ORG, id=17),
        "DELETE",
        f"{P}/",
        {},
        None,
        204,
        None,
        None,
    ),
    "12 projects.activity": Case(
        lambda c: c.projects.activity(organization_id=ORG, id=17, page=2, limit=1),
        "GET",
        f"{P}/activity/",
        {"page": "2", "limit": "1"},
        None,
        200,
        live_body("activity_last_page").body,
        Page,
    ),
    "13 projects.add_product_intent": Case(
        lambda c: c.projects.add_product_intent(
            organization_id=ORG, id=17, product_type="session_replay", metadata={"a": 1}
        ),
        "PATCH",
        f"{P}/add_product_intent/",
        {},
        b'{"product_type":"session_replay","metadata":{"a":1}}',
        200,
        PROJECT_BODY,
        Project,
    ),
    "14 projects.authenticate_wizard": Case(
        lambda c: c.projects.authenticate_wizard(organization_id=ORG, id=17, hash="h4sh"),
        "POST",
        f"{P}/authenticate_wizard/",
        {},
        b'{"hash":"h4sh"}',
        200,
        live_body("authenticate_wizard").body,
        WizardAuthenticationResult,
    ),
    "15 projects.change_organization": Case(
        lambda c: c.projects.change_organization(
            organization_id=ORG, id=17, extra_body={"organization_id": "org-2"}
        ),
        "POST",
        f"{P}/change_organization/",
        {},
        b'{"organization_id":"org-2"}',
        200,
        PROJECT_BODY,
        Project,
    ),
    "16 projects.complete_product_onboarding": Case(
        lambda c: c.projects.complete_product_onboarding(
            organization_id=ORG, id=17, product_type="surveys"
        ),
        "PATCH",
        f"{P}/complete_product_onboarding/",
        {},
        b'{"product_type":"surveys"}',
        200,
        PROJECT_BODY,
        Project,
    ),
    "17 projects.is_generating_demo_data": Case(
        lambda c: c.projects.is_generating_demo_data(organization_id=ORG, id=17),
        "GET",
        f"{P}/is_generating_demo_data/",
        {},
        None,
        200,
        live_body("is_generating_demo_data").body,
        DemoDataStatus,
    ),
    "18 projects.reset_token": Case(
        lambda c: c.projects.reset_token(organization_id=ORG, id=17),
        "PATCH",
        f"{P}/reset_token/",
        {},
        b"{}",
        200,
        PROJECT_BODY,
        Project,
    ),
    "19 proxy_records.list": Case(
        lambda c: c.proxy_records.list(organization_id=ORG, limit=5),
        "GET",
        f"{O}/proxy_records/",
        {"limit": "5"},
        None,
        200,
        envelope(PROXY),
        Page,
    ),
    "20 proxy_records.create": Case(
        lambda c: c.proxy_records.create(organization_id=ORG, domain="e.example.com"),
        "POST",
        f"{O}/proxy_records/",
        {},
        b'{"domain":"e.example.com"}',
        201,
        PROXY,
        ProxyRecord,
    ),
    "21 proxy_records.get": Case(
        lambda c: c.proxy_records.get(organization_id=ORG, id=PROXY_ID),
        "GET",
        f"{O}/proxy_records/{PROXY_ID}/",
        {},
        None,
        200,
        PROXY,
        ProxyRecord,
    ),
    "22 proxy_records.update": Case(
        lambda c: c.proxy_records.update(organization_id=ORG, id=PROXY_ID, domain="f.example"),
        "PATCH",
        f"{O}/proxy_records/{PROXY_ID}/",
        {},
        b'{"domain":"f.example"}',
        200,
        PROXY,
        ProxyRecord,
    ),
    "23 proxy_records.delete": Case(
        lambda c: c.proxy_records.delete(organization_id=ORG, id=PROXY_ID),
        "DELETE",
        f"{O}/proxy_records/{PROXY_ID}/",
        {},
        None,
        204,
        None,
        None,
    ),
    "24 roles.list": Case(
        lambda c: c.roles.list(organization_id=ORG, offset=0),
        "GET",
        f"{O}/roles/",
        {"offset": "0"},
        None,
        200,
        envelope(ROLE),
        Page,
    ),
    "25 roles.create": Case(
        lambda c: c.roles.create(organization_id=ORG, name="Admins", feature_flags_access_level=37),
        "POST",
        f"{O}/roles/",
        {},
        b'{"name":"Admins","feature_flags_access_level":37}',
        201,
        ROLE,
        Role,
    ),
    "26 roles.get": Case(
        lambda c: c.roles.get(organization_id=ORG, id=ROLE_ID),
        "GET",
        f"{O}/roles/{ROLE_ID}/",
        {},
        None,
        200,
        ROLE,
        Role,
    ),
}

PAGE_ITEM_MODEL = {
    "02 session_recordings.list": SessionRecording,
    "12 projects.activity": ActivityLogEntry,
    "19 proxy_records.list": ProxyRecord,
    "24 roles.list": Role,
}


def respond(mock: aioresponses, method: str, status: int, payload: Any) -> None:
    if payload is None:
        mock.add(ANY_URL, method, status=status, body=b"")
    else:
        mock.add(ANY_URL, method, status=status, payload=payload)


RESOURCES = [
    "session_recording_playlists",
    "session_recordings",
    "sessions",
    "projects",
    "proxy_records",
    "roles",
]


def bound_methods(client: AsyncClient) -> dict[str, Any]:
    """Every operation method (those carrying `.operation`), bulk methods included."""
    found = {}
    # Every resource the client has (those of the description, and any added to the spec).
    for resource_name in dict.fromkeys([*RESOURCES, *ClientResources.__annotations__]):
        resource = getattr(client, resource_name)
        for attr in dir(resource):
            value = getattr(resource, attr)
            if callable(value) and hasattr(value, "operation"):
                found[f"{resource_name}.{attr}"] = value
    return found
