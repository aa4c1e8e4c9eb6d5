"""Must type-check under `mypy --strict` and pyright: the types a user relies on."""

from __future__ import annotations

from typing_extensions import assert_type

from product_analytics import AsyncClient, Page, RawResponse
from product_analytics.models import Project, ProxyRecord, Role, SessionRecording


async def method_attributes(client: AsyncClient) -> None:
    create = client.roles.create
    assert_type(create.operation_id, str)
    assert_type(create.required_scope, str | None)
    assert_type(create.throttle_class, str | None)
    assert_type(create.throttle_classes, tuple[str, ...])
    assert_type(create.personal_api_key_allowed, bool)
    assert_type(client.projects.reset_token.personal_api_key_allowed, bool)
    assert_type(client.session_recordings.get_many.required_scope, str | None)


async def raw_responses(client: AsyncClient) -> None:
    raw = await client.roles.with_raw_response.get(organization_id="o", id="r")
    assert_type(raw, RawResponse[Role])
    assert_type(raw.status_code, int)
    assert_type(raw.request_id, str | None)
    assert_type(raw.parse(), Role)
    first = await client.proxy_records.with_raw_response.list(organization_id="o", limit=2)
    assert_type(first.parse(), Page[ProxyRecord])
    gone = await client.roles.with_raw_response.create(organization_id="o", name="n")
    assert_type(gone.parse(), Role)


async def response_ids(client: AsyncClient) -> None:
    page = await client.session_recordings.list(project_id=1, limit=10)
    ids = [r.id for r in page.results]
    assert_type(ids, list[str])
    recordings = await client.session_recordings.get_many(project_id=1, ids=ids)
    assert_type(recordings, list[SessionRecording])
    mixed = await client.session_recordings.get_many(ids=ids, return_exceptions=True)
    assert_type(mixed, list[SessionRecording | Exception])
    records = await client.proxy_records.list(organization_id="o")
    assert_type([r.id for r in records.results], list[str])
    project = await client.projects.update(organization_id="o", id=1, anonymize_ips=True)
    assert_type(project, Project)
    assert_type(project.id, int)


async def project_bodies(client: AsyncClient) -> None:
    await client.projects.update(id=1, name="n", timezone="UTC", base_currency="EUR")
    await client.projects.add_product_intent(id=1, product_type="session_replay", name="n")
    await client.projects.authenticate_wizard(id=1, hash="h")
    await client.projects.reset_token(id=1, product_description=None)


async def recording_update(client: AsyncClient) -> None:
    updated = await client.session_recordings.update(project_id=1, id="r", viewed=True)
    assert_type(updated, SessionRecording | None)
