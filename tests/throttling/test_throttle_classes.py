"""Throttle classes: every operation names the service's throttle class it counts against."""

from __future__ import annotations

import inspect
from typing import Any

import pytest
import yaml
from codegen.generate import DEFAULT_SPEC
from codegen.spec import SpecError, read_operations, read_throttle_classes

from product_analytics import AsyncClient
from product_analytics._generated import operations as ops
from product_analytics._generated import resources as resources_module
from product_analytics._generated.resources import ClientResources, SessionRecordings

# From the service's source (posthog/rate_limit.py and the viewsets' throttle_classes):
# the session-recording, playlist and sessions viewsets use the ClickHouse throttles,
# everything else (sharing configurations included) the default burst/sustained pair.
RECORDINGS_CLASS = {
    "session_recording_playlists_recordings_destroy",
    "session_recordings_list",
    "session_recordings_retrieve",
    "session_recordings_partial_update",
    "session_recordings_destroy",
    "session_recordings_ai_filters_create",
    "session_recordings_ai_regex_create",
    "sessions_property_definitions_retrieve",
}


def _spec_operation_ids() -> set[str]:
    spec = yaml.safe_load(DEFAULT_SPEC.read_text())
    return {
        op["operationId"]
        for item in spec["paths"].values()
        for method, op in item.items()
        if method in ("get", "put", "post", "patch", "delete")
    }


def test_every_operation_names_its_throttle_classes() -> None:
    assert {op.operation_id for op in ops.ALL} == _spec_operation_ids()
    for op in ops.ALL:
        expected = "recordings" if op.operation_id in RECORDINGS_CLASS else "crud"
        assert op.throttle_class == expected, op.operation_id
        # The recordings list also counts against the plan-dependent listing throttles
        # (session_recording_api.py, ListingBurstRateThrottle/ListingSustainedRateThrottle).
        also = ("listing",) if op.operation_id == "session_recordings_list" else ()
        assert op.throttle_classes == (expected, *also), op.operation_id


def test_throttle_rates_are_the_services_published_rates() -> None:
    assert ops.THROTTLE_RATES == {
        "recordings": ((240, 60.0), (1200, 3600.0)),
        "crud": ((480, 60.0), (4800, 3600.0)),
        "listing": ((60, 60.0), (300, 3600.0)),  # the paid plans' LISTING_RATE_PAID_*
    }


def _methods(client: AsyncClient) -> list[tuple[str, Any]]:
    found = []
    for resource_name in ClientResources.__annotations__:
        resource = getattr(client, resource_name)
        for name in dir(type(resource)):
            method = getattr(resource, name)
            if hasattr(method, "operation"):
                found.append((f"{resource_name}.{name}", method))
    return found


async def test_every_method_exposes_its_throttle_class_and_shows_it_in_its_docstring() -> None:
    async with AsyncClient(api_key="k", base_url="http://api.test") as client:
        methods = _methods(client)
        # Every operation has its method (a retrieve also its get_many).
        assert {m.operation.operation_id for _, m in methods} == _spec_operation_ids()
        for name, method in methods:
            op = method.operation
            assert method.throttle_class == op.throttle_class, name
            assert method.throttle_classes == op.throttle_classes, name
            doc = inspect.getdoc(method) or ""
            assert f"Throttle class: ``{op.throttle_class}``" in doc, name
        assert client.session_recordings.get.throttle_class == "recordings"
        assert client.roles.list.throttle_class == "crud"
        assert client.session_recordings.list.throttle_classes == ("recordings", "listing")
        assert "Also counted by ``listing``" in (client.session_recordings.list.__doc__ or "")
    # The rates are stated once, in the resources module's docstring.
    assert "``recordings`` 240 requests per minute and 1,200 requests per hour" in (
        resources_module.__doc__ or ""
    )


def test_the_bulk_method_names_its_throttle_class() -> None:
    assert "Throttle class: ``recordings``" in (SessionRecordings.get_many.__doc__ or "")
    assert SessionRecordings.get_many.throttle_class == "recordings"


def test_throttle_class_is_also_on_the_class_attribute() -> None:
    assert SessionRecordings.get.throttle_class == "recordings"


def test_spec_naming_an_undeclared_throttle_class_is_rejected() -> None:
    spec = yaml.safe_load(DEFAULT_SPEC.read_text())
    spec["paths"]["/api/organizations/{organization_id}/roles/"]["get"]["x-throttle"] = "bulk"
    with pytest.raises(SpecError, match="x-throttle 'bulk'"):
        read_operations(spec)


def test_spec_may_name_several_throttle_classes_each_declared() -> None:
    spec = yaml.safe_load(DEFAULT_SPEC.read_text())
    get = spec["paths"]["/api/organizations/{organization_id}/roles/"]["get"]
    get["x-throttle"] = ["crud", "listing"]
    (roles_list,) = [
        op for r in read_operations(spec) for op in r.operations if op.operation_id == "roles_list"
    ]
    assert roles_list.throttle_classes == ("crud", "listing")
    assert roles_list.throttle_class == "crud"
    get["x-throttle"] = ["crud", "bulk"]
    with pytest.raises(SpecError, match="x-throttle 'bulk'"):
        read_operations(spec)


@pytest.mark.parametrize(
    "rates", [{"per_minute": 0}, {"per_fortnight": 3}, {}, {"per_hour": "many"}]
)
def test_spec_with_malformed_throttle_rates_is_rejected(rates: dict[str, object]) -> None:
    spec = yaml.safe_load(DEFAULT_SPEC.read_text())
    spec["x-throttle-classes"]["crud"] = rates
    with pytest.raises(SpecError, match=r"x-throttle-classes\.crud"):
        read_throttle_classes(spec)
