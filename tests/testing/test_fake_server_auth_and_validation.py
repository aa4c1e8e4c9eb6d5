"""Keys and scopes, 404/405, and the 400s for bodies the service refuses."""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest

from product_analytics._generated.operations import ALL
from product_analytics.models import PatchedProjectRequest
from product_analytics.testing import FakeServer
from product_analytics.testing.handlers.projects import PROJECT_FIELDS
from product_analytics.testing.handlers.roles import DEFAULT_ACCESS_LEVEL

from .helpers import Api, error


async def test_request_without_authorization_is_401_not_authenticated(api: Api) -> None:
    answer = await api.get(api.env("session_recordings/"), key=None)
    assert answer.status == 401
    assert answer.body == error(
        "authentication_error",
        "not_authenticated",
        "Authentication credentials were not provided.",
    )


@pytest.mark.parametrize("header", ["Bearer phx_unknown", "Token {key}", "Bearer", "{key}"])
async def test_unknown_key_or_other_scheme_is_401_authentication_failed(
    api: Api, server: FakeServer, header: str
) -> None:
    answer = await api.get(
        api.env("session_recordings/"),
        key=None,
        headers={"Authorization": header.format(key=server.api_key)},
    )
    assert answer.status == 401
    assert (answer.body["type"], answer.body["code"]) == (
        "authentication_error",
        "authentication_failed",
    )
    assert answer.body["attr"] is None


async def test_unknown_path_is_404_even_without_a_key(api: Api) -> None:
    for path in ("/nope/", "/api/environments/", "/api/organizations/x/other/", "/"):
        answer = await api.get(path, key=None)
        assert answer.status == 404, path
        assert answer.body == error("invalid_request", "not_found", "Not found.")


async def test_path_without_trailing_slash_is_404(api: Api) -> None:
    assert (await api.get(api.env("session_recordings"))).status == 404


async def test_wrong_method_on_a_known_path_is_405_with_allow(api: Api) -> None:
    answer = await api.request("PUT", api.env("session_recordings/"))
    assert answer.status == 405
    assert answer.body == error(
        "invalid_request", "method_not_allowed", 'Method "PUT" not allowed.'
    )
    assert answer.headers["Allow"] == "GET"
    post = await api.request("POST", api.org("roles/x/"))
    assert (post.status, post.headers["Allow"]) == (405, "GET")
    ai = await api.get(api.env("session_recordings/ai/filters/"))
    assert (ai.status, ai.headers["Allow"]) == (405, "POST")


SCOPED = [op for op in ALL if op.required_scope is not None]


@pytest.mark.parametrize("op", SCOPED, ids=[op.operation_id for op in SCOPED])
async def test_key_without_the_operations_scope_is_403_with_the_exact_detail(
    api: Api, server: FakeServer, op: Any
) -> None:
    key = server.issue_key(scopes=["unrelated:read"])
    path = op.path.format(
        project_id=server.project_id,
        organization_id=server.organization_id,
        id=server.project_id if "projects" in op.path else server.recording_ids[0],
        recording_id=server.recording_ids[0],
    )
    answer = await api.request(op.method, path, key=key, json_body={})
    assert answer.status == 403
    assert answer.body == error(
        "authentication_error",
        "permission_denied",
        f"API key missing required scope '{op.required_scope}'",
    )


async def test_write_scope_grants_read_but_read_does_not_grant_write(
    api: Api, server: FakeServer
) -> None:
    writer = server.issue_key(scopes=["session_recording:write"])
    reader = server.issue_key(scopes=["session_recording:read"])
    path = api.env(f"session_recordings/{server.recording_ids[0]}/")
    assert (await api.get(path, key=writer)).status == 200
    assert (await api.get(path, key=reader)).status == 200
    denied = await api.delete(path, key=reader)
    assert denied.status == 403
    assert denied.body["detail"] == "API key missing required scope 'session_recording:write'"
    assert (await api.delete(path, key=writer)).status == 204


async def test_operation_without_a_listed_scope_is_allowed_for_any_valid_key(
    api: Api, server: FakeServer
) -> None:
    key = server.issue_key(scopes=[])
    answer = await api.get(api.env("sessions/property_definitions/"), key=key)
    assert answer.status == 200
    assert (await api.get(api.env("session_recordings/"), key=key)).status == 403


async def test_star_scope_grants_everything(api: Api, server: FakeServer) -> None:
    key = server.issue_key(scopes=["*"])
    assert (await api.post(api.org("roles/"), {"name": "Star"}, key=key)).status == 201


def test_issue_key_refuses_a_bare_string(server: FakeServer) -> None:
    with pytest.raises(TypeError):
        server.issue_key(scopes="session_recording:read")


# -- bodies -----------------------------------------------------------------------------------


async def test_unknown_body_field_is_a_400_naming_it(api: Api, server: FakeServer) -> None:
    cases = [
        (api.org(f"projects/{server.project_id}/"), {"name": "x", "colour": "red"}),
        (api.env(f"session_recordings/{server.recording_ids[0]}/"), {"stars": 5}),
        (api.org("proxy_records/"), {"domain": "a.example.com", "colour": "red"}),
        (api.org("roles/"), {"name": "Team", "colour": "red"}),
    ]
    for path, body in cases:
        method = "POST" if path.endswith(("proxy_records/", "roles/")) else "PATCH"
        answer = await api.request(method, path, json_body=body)
        assert answer.status == 400, path
        assert answer.body["type"] == "validation_error"
        assert answer.body["attr"] in ("colour", "stars")


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("anonymize_ips", "yes"),
        ("anonymize_ips", 1),
        ("anonymize_ips", None),
        ("session_recording_minimum_duration_milliseconds", True),
        ("session_recording_minimum_duration_milliseconds", "100"),
        ("session_recording_minimum_duration_milliseconds", 1.5),
        ("primary_dashboard", "1"),
        ("name", 5),
        ("name", None),
        ("name", "  "),
        ("session_recording_sample_rate", 0.5),
        ("app_urls", "https://a.example.com"),
        ("app_urls", [1, 2]),
        ("recording_domains", {"a": 1}),
        ("recording_domains", ["r" * 201]),
        ("app_urls", ["u" * 201]),
        ("person_display_name_properties", [None]),
        ("name", "n" * 201),
        ("product_description", "d" * 1001),
        ("session_recording_minimum_duration_milliseconds", -1),
        ("session_recording_minimum_duration_milliseconds", 30001),
        ("timezone", 3),
        ("timezone", None),
        ("timezone", ""),
        ("week_start_day", "monday"),
        ("week_start_day", 2),
        ("week_start_day", None),
        ("base_currency", None),
        ("base_currency", ""),
    ],
)
async def test_project_field_of_the_wrong_type_is_a_400_naming_it(
    api: Api, server: FakeServer, field: str, value: Any
) -> None:
    path = api.org(f"projects/{server.project_id}/")
    before = (await api.get(api.org(f"projects/{server.project_id}/activity/"))).body
    answer = await api.patch(path, {field: value})
    assert answer.status == 400
    assert answer.body["type"] == "validation_error"
    assert answer.body["attr"] in (field, f"{field}__0")
    after = (await api.get(api.org(f"projects/{server.project_id}/activity/"))).body
    assert after == before


async def test_every_project_body_field_is_accepted_with_a_value_of_its_type(
    api: Api, server: FakeServer
) -> None:
    samples = {"boolean": True, "integer": 1, "string": "text", "array": ["a"]}
    properties = PatchedProjectRequest.model_json_schema()["properties"]
    kinds = {
        name: [t for t in _json_types(schema) if t != "null"] for name, schema in properties.items()
    }
    assert len(PROJECT_FIELDS) == 41
    body = {name: samples[kinds[name][0]] if kinds[name] else {"k": [1]} for name in PROJECT_FIELDS}
    body["timezone"] = "UTC"
    answer = await api.patch(api.org(f"projects/{server.project_id}/"), body)
    assert answer.status == 200, answer.text
    assert {name: answer.body[name] for name in body} == body


def _json_types(schema: dict[str, Any]) -> list[str]:
    """The JSON types a property's JSON schema allows (those of its `anyOf` members too)."""
    found = [schema["type"]] if isinstance(schema.get("type"), str) else []
    for member in schema.get("anyOf", []):
        found.extend(_json_types(member))
    return found


async def test_action_bodies_take_their_live_extra_fields(api: Api, server: FakeServer) -> None:
    base = f"projects/{server.project_id}/"
    intent = {"product_type": "x", "intent_context": "c", "metadata": {"a": 1}, "name": "N"}
    assert (await api.patch(api.org(base + "add_product_intent/"), intent)).status == 200
    assert (await api.post(api.org(base + "authenticate_wizard/"), {"hash": "h"})).status == 200
    bad = await api.patch(api.org(base + "add_product_intent/"), {"metadata": "nope"})
    assert (bad.status, bad.body["attr"]) == (400, "metadata")
    wrong_place = await api.patch(api.org(base), {"product_type": "x"})
    assert (wrong_place.status, wrong_place.body["attr"]) == (400, "product_type")


@pytest.mark.parametrize("domain", ["https://a.example.com", "a example.com", "localhost"])
async def test_the_form_of_a_domain_is_not_checked_as_the_service_checks_none(
    api: Api, server: FakeServer, domain: str
) -> None:
    created = await api.post(api.org("proxy_records/"), {"domain": domain})
    assert created.status == 201
    updated = await api.patch(api.org(f"proxy_records/{created.body['id']}/"), {"domain": domain})
    assert updated.status == 200


async def test_domain_is_at_most_64_characters_and_not_blank_on_update(api: Api) -> None:
    too_long = await api.post(api.org("proxy_records/"), {"domain": "d" * 65})
    assert (too_long.status, too_long.body["code"], too_long.body["attr"]) == (
        400,
        "max_length",
        "domain",
    )
    created = await api.post(api.org("proxy_records/"), {"domain": ""})
    assert created.status == 201
    blank = await api.patch(api.org(f"proxy_records/{created.body['id']}/"), {"domain": ""})
    assert (blank.status, blank.body["code"], blank.body["attr"]) == (400, "blank", "domain")


async def test_proxy_record_domain_is_required_and_a_string(api: Api) -> None:
    missing = await api.post(api.org("proxy_records/"), {})
    assert (missing.status, missing.body["code"], missing.body["attr"]) == (
        400,
        "required",
        "domain",
    )
    wrong = await api.post(api.org("proxy_records/"), {"domain": 42})
    assert (wrong.status, wrong.body["attr"]) == (400, "domain")


async def test_duplicate_proxy_domain_is_a_400_unique(api: Api) -> None:
    assert (await api.post(api.org("proxy_records/"), {"domain": "d.example.com"})).status == 201
    again = await api.post(api.org("proxy_records/"), {"domain": "D.Example.com"})
    assert (again.status, again.body["code"], again.body["attr"]) == (400, "unique", "domain")


async def test_duplicate_role_name_in_any_case_is_a_400_unique_on_name(api: Api) -> None:
    assert (await api.post(api.org("roles/"), {"name": "Data Team"})).status == 201
    answer = await api.post(api.org("roles/"), {"name": "data TEAM"})
    assert answer.status == 400
    assert answer.body["type"] == "validation_error"
    assert (answer.body["code"], answer.body["attr"]) == ("unique", "name")
    listing = await api.get(api.org("roles/"))
    assert [r["name"] for r in listing.body["results"]].count("Data Team") == 1


@pytest.mark.parametrize("level", ["21", 2.5, True, [21]])
async def test_role_feature_flags_access_level_that_is_no_integer_is_ignored(
    api: Api, level: Any
) -> None:
    answer = await api.post(
        api.org("roles/"), {"name": "Levels", "feature_flags_access_level": level}
    )
    assert answer.status == 201
    assert answer.body["feature_flags_access_level"] == DEFAULT_ACCESS_LEVEL


async def test_role_name_is_required_and_not_blank(api: Api) -> None:
    for body in (
        {},
        {"name": ""},
        {"name": "  "},
        {"name": None},
        {"name": 7},
        {"name": "n" * 201},
    ):
        answer = await api.post(api.org("roles/"), body)
        assert (answer.status, answer.body["attr"]) == (400, "name"), body


@pytest.mark.parametrize(
    ("body", "attr"),
    [
        ({"viewed": "yes"}, "viewed"),
        ({"analyzed": 1}, "analyzed"),
        ({"player_metadata": []}, "player_metadata"),
    ],
)
async def test_recording_patch_field_of_the_wrong_type_is_a_400(
    api: Api, server: FakeServer, body: dict[str, Any], attr: str
) -> None:
    path = api.env(f"session_recordings/{server.recording_ids[0]}/")
    answer = await api.patch(path, body)
    assert (answer.status, answer.body["attr"]) == (400, attr)


# -- live quirks ------------------------------------------------------------------------------


async def test_live_quirks_answer_like_the_live_service(session: aiohttp.ClientSession) -> None:
    async with FakeServer(recordings=10, seed=1, live_quirks=True) as server:
        api = Api(session, server)
        created = await api.post(api.org("proxy_records/"), {"domain": "l.example.com"})
        assert created.status == 200
        assert created.body["status"] == "waiting"
        deleted = await api.delete(api.org(f"proxy_records/{created.body['id']}/"))
        assert (deleted.status, deleted.body) == (200, {"success": True})

        playlist = server.store.environments[server.project_id].playlists[server.playlist_short_id]
        removal = api.env(
            f"session_recording_playlists/{server.playlist_short_id}/"
            f"recordings/{playlist.recording_ids[0]}/"
        )
        assert (await api.delete(removal)).body == {"success": True}

        recording = api.env(f"session_recordings/{server.recording_ids[0]}/")
        patched = await api.patch(recording, {"viewed": True})
        assert (patched.status, patched.body) == (200, {"success": True})
        assert (await api.get(recording)).body["viewed"] is True
        neither = await api.patch(recording, {"person": {"name": "x"}})
        assert neither.status == 400

        project = f"projects/{server.project_id}/"
        no_type = await api.patch(api.org(project + "add_product_intent/"), {})
        assert (no_type.status, no_type.body["attr"]) == (400, "product_type")
        no_hash = await api.post(api.org(project + "authenticate_wizard/"), {})
        assert (no_hash.status, no_hash.body["attr"]) == (400, "hash")

        role = await api.post(api.org("roles/"), {"name": "Live"})
        assert role.status == 201
        assert (await api.delete(recording)).status == 204
        assert server.stats.internal_errors == []
