"""Scopes: which held scope grants which operation, checked before anything is sent (the
`MockTransport` sees nothing), and how scopes are given to the client."""

from __future__ import annotations

from typing import Any

import pytest

from product_analytics import AsyncClient, MissingScopeError, ProductAnalyticsError
from product_analytics._common.scopes import grants, normalize_scopes
from tests.support.mock_client import (
    API_KEY,
    BASE_URL,
    ORG,
    PROJECT,
    MakeClient,
    json_reply,
    script,
)

OK = script(json_reply({"id": "r1"}))
NO_CONTENT = (204, {}, b"")
REC_ID = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"


@pytest.mark.parametrize("held", ["role:read", "organization:read"])
async def test_a_missing_scope_raises_before_sending(make_client: MakeClient, held: str) -> None:
    client, mock = await make_client(OK, scopes=[held])
    with pytest.raises(MissingScopeError) as caught:
        await client.roles.create(organization_id=ORG, name="n")
    assert caught.value.required_scope == "organization:write"
    assert mock.requests == []


@pytest.mark.parametrize(
    "scopes",
    [
        ["organization:read"],
        ["organization:write"],
        ["organization:read", "organization:write"],
        ["*"],
    ],
)
async def test_a_granting_scope_lets_the_request_through(
    make_client: MakeClient, scopes: list[str]
) -> None:
    client, mock = await make_client(OK, scopes=scopes)
    role = await client.roles.get(organization_id=ORG, id="r1")
    assert role.id == "r1"
    assert [request.method for request in mock.requests] == ["GET"]


async def test_with_options_scopes_take_effect_before_sending(make_client: MakeClient) -> None:
    client, mock = await make_client(OK)
    narrowed = client.with_options(scopes=["session_recording:read"])
    with pytest.raises(MissingScopeError):
        await narrowed.roles.get(organization_id=ORG, id="r1")
    await client.roles.get(organization_id=ORG, id="r1")
    assert len(mock.requests) == 1


@pytest.mark.parametrize(
    ("held", "required", "granted"),
    [
        ({"project:read"}, "team:read", True),
        ({"team:read"}, "project:read", True),
        ({"project:write"}, "team:read", True),
        ({"team:write"}, "project:read", True),
        ({"team:write"}, "project:write", True),
        ({"project:write"}, "team:write", True),
        ({"project:read"}, "team:write", False),
        ({"team:read"}, "project:write", False),
        ({"team:read"}, "organization:read", False),
        ({"organization:write"}, "team:read", False),
        ({"organization:read"}, "organization:write", False),
        ({"*"}, "team:write", True),
        (set(), None, True),
        ({"a:read"}, "a:read", True),
        ({"a:write"}, "a:read", True),
        ({"a:write"}, "a:write", True),
        ({"a:read"}, "a:write", False),
        ({"b:write"}, "a:read", False),
        ({"*"}, "a:write", True),
        (set(), "a:read", False),
        ({"ab:write"}, "a:read", False),
    ],
)
def test_grants(held: set[str], required: str | None, granted: bool) -> None:
    assert grants(frozenset(held), required) is granted


async def test_a_project_scope_grants_an_operation_described_with_team(
    make_client: MakeClient,
) -> None:
    client, mock = await make_client(script(json_reply({"id": 1})), scopes=["project:read"])
    assert client.projects.add_product_intent.required_scope == "team:read"
    await client.projects.add_product_intent(organization_id=ORG, id=1, product_type="x")
    assert len(mock.requests) == 1


async def test_missing_scope_raises_before_sending(make_client: MakeClient) -> None:
    client, mock = await make_client(
        script(json_reply({"id": REC_ID})), scopes=["organization:read"]
    )
    with pytest.raises(MissingScopeError) as info:
        await client.session_recordings.get(project_id=PROJECT, id=REC_ID)
    with pytest.raises(MissingScopeError):
        client.session_recordings.list(project_id=PROJECT)
    assert info.value.required_scope == "session_recording:read"
    assert isinstance(info.value, ProductAnalyticsError)
    assert "session_recording:read" in str(info.value)
    assert mock.requests == []


async def test_missing_scope_is_checked_for_writes(make_client: MakeClient) -> None:
    client, mock = await make_client(
        script(NO_CONTENT), scopes=["session_recording:read", "project:read"]
    )
    with pytest.raises(MissingScopeError) as info:
        await client.session_recordings.delete(project_id=PROJECT, id=REC_ID)
    assert info.value.required_scope == "session_recording:write"
    with pytest.raises(MissingScopeError) as info:
        await client.projects.delete(organization_id=ORG, id=1)
    assert info.value.required_scope == "project:write"
    assert mock.requests == []


async def test_missing_scope_on_get_many_raises_before_sending(make_client: MakeClient) -> None:
    client, mock = await make_client(OK, scopes=["role:read"])
    with pytest.raises(MissingScopeError):
        await client.session_recordings.get_many(project_id=PROJECT, ids=["a", "b"])
    assert mock.requests == []


async def test_write_scope_grants_read(make_client: MakeClient) -> None:
    client, mock = await make_client(
        script(json_reply({"id": REC_ID}), json_reply({"results": []})),
        scopes=["session_recording:write"],
    )
    await client.session_recordings.get(project_id=PROJECT, id=REC_ID)
    await client.session_recordings.list(project_id=PROJECT)
    with pytest.raises(MissingScopeError):
        await client.session_recordings.get_sharing(project_id=PROJECT, recording_id="r")
    assert len(mock.requests) == 2


async def test_star_grants_everything(make_client: MakeClient) -> None:
    client, mock = await make_client(
        script(NO_CONTENT, NO_CONTENT, json_reply({"id": "r"})), scopes=["*"]
    )
    await client.projects.delete(organization_id=ORG, id=1)
    await client.session_recordings.delete(project_id=PROJECT, id=REC_ID)
    await client.roles.create(organization_id=ORG, name="a")
    assert len(mock.requests) == 3


async def test_unlisted_operations_are_always_allowed(make_client: MakeClient) -> None:
    client, mock = await make_client(
        script(json_reply({"id": 1}), json_reply({"id": 1}), NO_CONTENT), scopes=[]
    )
    await client.projects.activity(organization_id=ORG, id=1)
    await client.projects.is_generating_demo_data(organization_id=ORG, id=1)
    await client.session_recording_playlists.remove_recording(
        project_id=PROJECT, short_id="s", session_recording_id="r"
    )
    with pytest.raises(MissingScopeError):
        await client.roles.get(organization_id=ORG, id="r")
    assert len(mock.requests) == 3


async def test_no_scopes_means_no_check(make_client: MakeClient) -> None:
    client, mock = await make_client(script(NO_CONTENT), scopes=None)
    assert client.scopes is None
    await client.projects.delete(organization_id=ORG, id=1)
    assert len(mock.requests) == 1


@pytest.mark.parametrize(
    "scopes", [["session_recording"], ["a:admin"], [":read"], ["a:"], [5], "organization:read"]
)
def test_malformed_scopes_are_rejected(scopes: Any) -> None:
    with pytest.raises((TypeError, ValueError)):
        normalize_scopes(scopes)
    with pytest.raises((TypeError, ValueError)):
        AsyncClient(api_key=API_KEY, base_url=BASE_URL, scopes=scopes)


def test_client_scopes_are_exposed_as_a_frozenset() -> None:
    client = AsyncClient(api_key=API_KEY, base_url=BASE_URL, scopes=("a:read", "a:read", "*"))
    assert client.scopes == frozenset({"a:read", "*"})
