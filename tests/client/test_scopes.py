"""Scopes are checked before anything is sent: the `MockTransport` sees nothing."""

from __future__ import annotations

import pytest

from product_analytics import MissingScopeError
from product_analytics._scopes import grants
from tests.support.mock_client import ORG, PROJECT, MakeClient, json_reply, script

OK = script(json_reply({"id": "r1"}))


async def test_a_missing_scope_raises_before_sending(make_client: MakeClient) -> None:
    client, mock = await make_client(OK, scopes=["role:read"])
    with pytest.raises(MissingScopeError) as caught:
        await client.roles.create(organization_id=ORG, name="n")
    assert caught.value.required_scope == "organization:write"
    assert mock.requests == []


async def test_a_missing_scope_on_a_list_raises_before_sending(make_client: MakeClient) -> None:
    client, mock = await make_client(OK, scopes=["role:read"])
    with pytest.raises(MissingScopeError):
        client.session_recordings.list(project_id=PROJECT)
    assert mock.requests == []


async def test_a_missing_scope_on_get_many_raises_before_sending(make_client: MakeClient) -> None:
    client, mock = await make_client(OK, scopes=["role:read"])
    with pytest.raises(MissingScopeError):
        await client.session_recordings.get_many(project_id=PROJECT, ids=["a", "b"])
    assert mock.requests == []


@pytest.mark.parametrize(
    "scopes", [["organization:write"], ["organization:read", "organization:write"], ["*"]]
)
async def test_a_granting_scope_lets_the_request_through(
    make_client: MakeClient, scopes: list[str]
) -> None:
    client, mock = await make_client(OK, scopes=scopes)
    await client.roles.get(organization_id=ORG, id="r1")
    assert len(mock.requests) == 1


async def test_a_write_scope_grants_the_read_operation(make_client: MakeClient) -> None:
    client, mock = await make_client(
        script(json_reply({"results": [], "has_next": False})),
        scopes=["session_recording:write"],
    )
    await client.session_recordings.list(project_id=PROJECT)
    assert len(mock.requests) == 1


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
        ({"team:write"}, "project:write", True),
        ({"project:read"}, "team:write", False),
        ({"team:read"}, "organization:read", False),
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
