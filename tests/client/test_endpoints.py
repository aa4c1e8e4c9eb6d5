"""The operation methods as objects: their signatures, attributes, binding and raw views."""

from __future__ import annotations

import inspect
from typing import Any

import pytest
from aioresponses import aioresponses

from product_analytics import NOT_GIVEN, AsyncClient, RawResponse
from product_analytics._generated.resources import ClientResources, Projects, Roles
from product_analytics._resources.resource import OperationFacts
from tests.client.conftest import ANY_URL, ORG


def _endpoints(client: AsyncClient) -> dict[str, Any]:
    found = {}
    for resource_name in ClientResources.__annotations__:
        resource = getattr(client, resource_name)
        for name in dir(type(resource)):
            value = getattr(resource, name)
            if inspect.ismethod(value) and hasattr(value, "operation"):
                found[f"{resource_name}.{name}"] = value
    return found


def test_every_method_shows_named_keywords_and_no_catch_all(client: AsyncClient) -> None:
    endpoints = _endpoints(client)
    assert len(endpoints) >= 27
    for name, method in endpoints.items():
        parameters = inspect.signature(method).parameters.values()
        assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in parameters), name
        assert "self" not in inspect.signature(method).parameters, name


def test_a_shared_project_body_is_spelt_out_as_keywords(client: AsyncClient) -> None:
    fields = inspect.signature(client.projects.add_product_intent).parameters
    assert list(fields)[:3] == ["organization_id", "id", "name"]
    assert fields["anonymize_ips"].default is NOT_GIVEN
    assert fields["anonymize_ips"].annotation == "bool | NotGiven"
    assert fields["product_description"].annotation == "str | NotGiven | None"
    assert {"product_type", "intent_context", "metadata"} <= set(fields)
    assert list(fields)[-5:] == [
        "timeout",
        "deadline",
        "extra_headers",
        "extra_query",
        "extra_body",
    ]
    assert "hash" not in fields
    assert "hash" in inspect.signature(client.projects.authenticate_wizard).parameters


async def test_an_unknown_body_field_is_a_type_error_before_sending(
    client: AsyncClient, mocked: aioresponses
) -> None:
    update: Any = client.projects.update
    with pytest.raises(TypeError, match="unexpected keyword argument 'anonymize_ipz'"):
        await update(organization_id=ORG, id=1, anonymize_ipz=True)
    reset: Any = client.projects.reset_token
    with pytest.raises(TypeError, match="'product_type'"):
        await reset(organization_id=ORG, id=1, product_type="x")
    assert not mocked.requests


async def test_a_shared_body_sends_exactly_the_fields_given(
    client: AsyncClient, mocked: aioresponses
) -> None:
    mocked.patch(ANY_URL, payload={"id": 1})
    project = await client.projects.update(
        organization_id=ORG, id=1, anonymize_ips=False, primary_dashboard=None
    )
    assert project.id == 1
    (call,) = [c for calls in mocked.requests.values() for c in calls]
    assert call.kwargs["data"] == b'{"anonymize_ips":false,"primary_dashboard":null}'


def test_attributes_are_those_of_the_operation(client: AsyncClient) -> None:
    create = client.roles.create
    assert create.operation_id == "roles_create"
    assert create.required_scope == "organization:write"
    assert create.throttle_class == "crud"
    assert create.throttle_classes[0] == "crud"
    assert create.personal_api_key_allowed is True
    assert create.experimental is False
    assert create.bulk is False
    assert Roles.create.operation_id == "roles_create"  # the unbound one, on the class
    assert client.session_recordings.ai_regex.experimental is True
    assert Projects.reset_token.personal_api_key_allowed is False


@pytest.mark.parametrize(
    "name",
    [
        "operation_id",
        "required_scope",
        "throttle_classes",
        "personal_api_key_allowed",
        "experimental",
    ],
)
def test_the_attributes_of_the_operation_are_read_only(client: AsyncClient, name: str) -> None:
    create = client.roles.create
    with pytest.raises(AttributeError):
        setattr(create, name, "changed")
    with pytest.raises(AttributeError):
        delattr(create, name)
    assert getattr(create, name) == getattr(create.operation, name)
    assert getattr(OperationFacts, name).__doc__  # each has its own docstring


def test_a_method_is_a_plain_method_of_its_resource(client: AsyncClient) -> None:
    assert client.roles.get == client.roles.get
    assert client.roles.get.__self__ is client.roles
    assert client.roles.get.__func__ is Roles.get
    assert client.roles.with_raw_response is client.roles.with_raw_response
    other = client.with_options(timeout=5)
    assert other.roles.get != client.roles.get
    assert client.roles.get.__qualname__ == "Roles.get"
    assert "Retrieve one role." in (client.roles.get.__doc__ or "")


async def test_the_unbound_method_needs_its_resource() -> None:
    unbound: Any = Roles.get
    with pytest.raises(TypeError):
        await unbound(organization_id=ORG, id="r")


async def test_a_raw_method_keeps_the_signature_and_parses_to_the_result(
    client: AsyncClient, mocked: aioresponses
) -> None:
    raw_get = client.roles.with_raw_response.get
    assert inspect.signature(raw_get) == inspect.signature(client.roles.get)
    mocked.get(ANY_URL, payload={"id": "r", "name": "Viewers"}, headers={"X-Request-Id": "q"})
    raw = await raw_get(organization_id=ORG, id="r")
    assert isinstance(raw, RawResponse)
    assert (raw.status_code, raw.request_id) == (200, "q")
    assert raw.parse().name == "Viewers"


def test_a_raw_view_has_every_method_of_its_resource_but_the_bulk_ones(
    client: AsyncClient,
) -> None:
    assert not hasattr(client.session_recordings.with_raw_response, "get_many")
    plain: set[str] = set()
    for key, endpoint in _endpoints(client).items():
        resource, method = key.split(".")
        assert hasattr(getattr(client, resource).with_raw_response, method) is not endpoint.bulk
        plain |= set() if endpoint.bulk else {key}
    declared = {
        f"{resource}.{method}"
        for resource in ClientResources.__annotations__
        for method in vars(getattr(client, resource).with_raw_response)
    }
    assert declared == plain


def test_a_coroutine_method_is_a_coroutine_function_to_inspect(client: AsyncClient) -> None:
    assert inspect.iscoroutinefunction(client.roles.get)
    assert inspect.iscoroutinefunction(client.session_recordings.get_many)
    assert not inspect.iscoroutinefunction(client.roles.list)  # returns a pager
