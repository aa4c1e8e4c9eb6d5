"""spec/openapi.yaml is a valid OpenAPI document transcribing the description's 26 operations."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from openapi_spec_validator import validate

from tests.support.described import PROJECT_BODY_FIELDS

SPEC = Path(__file__).resolve().parents[2] / "spec" / "openapi.yaml"

E = "/api/environments/{project_id}"  # E and O as in the description
O = "/api/organizations/{organization_id}"  # noqa: E741

# The description's endpoint tables: (number, method, path, scope or None for "unlisted").
DESCRIBED = [
    (
        1,
        "DELETE",
        E + "/session_recording_playlists/{short_id}/recordings/{session_recording_id}/",
        None,
    ),
    (2, "GET", E + "/session_recordings/", "session_recording:read"),
    (3, "GET", E + "/session_recordings/{id}/", "session_recording:read"),
    (4, "PATCH", E + "/session_recordings/{id}/", "session_recording:write"),
    (5, "DELETE", E + "/session_recordings/{id}/", "session_recording:write"),
    (6, "GET", E + "/session_recordings/{recording_id}/sharing/", "sharing_configuration:read"),
    (7, "POST", E + "/session_recordings/ai/filters/", None),
    (8, "POST", E + "/session_recordings/ai/regex/", None),
    (9, "GET", E + "/sessions/property_definitions/", None),
    (10, "PATCH", O + "/projects/{id}/", "project:read"),
    (11, "DELETE", O + "/projects/{id}/", "project:write"),
    (12, "GET", O + "/projects/{id}/activity/", None),
    (13, "PATCH", O + "/projects/{id}/add_product_intent/", "team:read"),
    (14, "POST", O + "/projects/{id}/authenticate_wizard/", None),
    (15, "POST", O + "/projects/{id}/change_organization/", None),
    (16, "PATCH", O + "/projects/{id}/complete_product_onboarding/", "team:read"),
    (17, "GET", O + "/projects/{id}/is_generating_demo_data/", None),
    (18, "PATCH", O + "/projects/{id}/reset_token/", None),
    (19, "GET", O + "/proxy_records/", "organization:read"),
    (20, "POST", O + "/proxy_records/", "organization:write"),
    (21, "GET", O + "/proxy_records/{id}/", "organization:read"),
    (22, "PATCH", O + "/proxy_records/{id}/", "organization:write"),
    (23, "DELETE", O + "/proxy_records/{id}/", "organization:write"),
    (24, "GET", O + "/roles/", "organization:read"),
    (25, "POST", O + "/roles/", "organization:write"),
    (26, "GET", O + "/roles/{id}/", "organization:read"),
]


RESOURCE_FIELDS = {
    "SessionRecording": """id distinct_id viewed viewers recording_duration active_seconds
        inactive_seconds start_time end_time click_count keypress_count mouse_activity_count
        console_log_count console_warn_count console_error_count start_url person storage
        snapshot_source ongoing activity_score""",
    "Person": "id name distinct_ids properties created_at uuid",
    "SharingConfiguration": "created_at enabled access_token",
    "ProxyRecord": "id domain target_cname status message created_at updated_at created_by",
    "Role": "id name feature_flags_access_level created_at created_by members",
    "User": """id uuid distinct_id first_name last_name email is_email_verified hedgehog_config
        role_at_organization""",
    "Project": """id organization name product_description created_at effective_membership_level
        has_group_types live_events_token updated_at uuid api_token app_urls
        chat_incoming_webhook anonymize_ips completed_snippet_onboarding ingested_event
        test_account_filters test_account_filters_default_checked path_cleaning_filters is_demo
        timezone data_attributes person_display_name_properties correlation_config
        autocapture_opt_out autocapture_exceptions_opt_in autocapture_web_vitals_opt_in
        autocapture_web_vitals_allowed_metrics autocapture_exceptions_errors_to_ignore
        capture_console_log_opt_in capture_performance_opt_in session_recording_opt_in
        session_recording_sample_rate session_recording_minimum_duration_milliseconds
        session_recording_linked_flag session_recording_network_payload_capture_config
        session_recording_masking_config session_replay_config survey_config access_control
        week_start_day primary_dashboard live_events_columns recording_domains
        person_on_events_querying_enabled inject_web_apps extra_settings modifiers
        default_modifiers has_completed_onboarding_for surveys_opt_in heatmaps_opt_in
        product_intents flags_persistence_default""",
}


@pytest.fixture(scope="module")
def spec() -> dict[str, Any]:
    document: dict[str, Any] = yaml.safe_load(SPEC.read_text())
    return document


def _operations(spec: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (method.upper(), path, op)
        for path, item in spec["paths"].items()
        for method, op in item.items()
        if method in ("get", "post", "put", "patch", "delete")
    ]


def test_spec_is_a_valid_openapi_3_1_document(spec: dict[str, Any]) -> None:
    assert spec["openapi"].startswith("3.1")
    validate(spec)


def test_spec_holds_exactly_the_26_described_operations_with_their_scopes(
    spec: dict[str, Any],
) -> None:
    found = sorted((m, p, op.get("x-required-scope")) for m, p, op in _operations(spec))
    expected = sorted((m, p, s) for _, m, p, s in DESCRIBED)
    # Each described operation, exactly as described (an operation added to the spec is extra).
    assert len(expected) == 26
    assert [f for f in found if (f[0], f[1]) in {(e[0], e[1]) for e in expected}] == expected


def test_security_requirement_names_the_same_scope_as_the_extension(
    spec: dict[str, Any],
) -> None:
    for method, path, op in _operations(spec):
        scopes = [s for requirement in op["security"] for s in requirement["PersonalAPIKey"]]
        if "x-required-scope" not in op and "x-sdk-resource" not in op:
            continue  # written like the service's own spec: the scope is derived from security
        expected = [op["x-required-scope"]] if "x-required-scope" in op else []
        assert scopes == expected, f"{method} {path}"


def test_every_path_ends_with_a_slash_and_operation_ids_are_unique(spec: dict[str, Any]) -> None:
    ids = [op["operationId"] for _, _, op in _operations(spec)]
    assert len(set(ids)) == len(ids) >= 26
    assert all(path.endswith("/") for path in spec["paths"])


def _success_statuses(op: dict[str, Any], *, live: bool) -> list[str]:
    """The 2xx statuses of `op`: the described ones, or (`live`) the live service's own."""
    return sorted(
        code
        for code, response in op["responses"].items()
        if code.startswith("2") and response.get("x-sdk-live-answer", False) is live
    )


def test_success_statuses_are_those_of_the_description(spec: dict[str, Any]) -> None:
    statuses = {(m, p): _success_statuses(op, live=False) for m, p, op in _operations(spec)}
    for number, method, path, _ in DESCRIBED:
        if method == "DELETE":
            expected = ["204"]
        elif number in (20, 25):
            expected = ["201"]
        else:
            expected = ["200"]
        assert statuses[(method, path)] == expected, (number, method, path)


# Operation number: the status the live service answers beside the described one.
LIVE_ANSWERS = {1: "200", 13: "201", 20: "200", 23: "200"}


def test_the_live_services_other_success_statuses_are_listed_and_marked(
    spec: dict[str, Any],
) -> None:
    """Every status the live service answers is in the spec: the live-only ones carry
    `x-sdk-live-answer` and a note; the deletes' 200 is the shared `Success` body."""
    for number, method, path, _ in DESCRIBED:
        op = spec["paths"][path][method.lower()]
        expected = [LIVE_ANSWERS[number]] if number in LIVE_ANSWERS else []
        assert _success_statuses(op, live=True) == expected, number
        for code in expected:
            assert "live service" in op["responses"][code]["x-sdk-notes"]
    for number in (1, 23):
        schema = _described_op(spec, number)["responses"]["200"]["content"]["application/json"]
        assert schema["schema"] == {"$ref": "#/components/schemas/Success"}
    assert spec["components"]["schemas"]["Success"]["required"] == ["success"]


def test_the_recording_patch_answers_the_recording_or_the_success_body(
    spec: dict[str, Any],
) -> None:
    response = _described_op(spec, 4)["responses"]["200"]
    assert response["content"]["application/json"]["schema"] == {
        "oneOf": [
            {"$ref": "#/components/schemas/SessionRecording"},
            {"$ref": "#/components/schemas/Success"},
        ]
    }
    assert response["x-sdk-none-answers"] == [{"success": True}]


def test_resource_schemas_list_every_described_field_only_the_id_required(
    spec: dict[str, Any],
) -> None:
    schemas = spec["components"]["schemas"]
    for name, fields in RESOURCE_FIELDS.items():
        properties = schemas[name]["properties"]
        assert set(fields.split()) <= set(properties), name
        # Every shape of these carries its id, never null; a person's may be null (live).
        with_id = name in ("SessionRecording", "Project", "ProxyRecord", "Role", "User")
        assert schemas[name].get("required", []) == (["id"] if with_id else []), name
        if with_id:
            assert "null" not in str(properties["id"].get("type")), name


def test_list_envelopes_carry_count_next_previous_and_results(spec: dict[str, Any]) -> None:
    schemas = spec["components"]["schemas"]
    for name in ("PaginatedSessionRecordingList", "PaginatedProxyRecordList", "PaginatedRoleList"):
        assert {"count", "next", "previous", "results"} <= set(schemas[name]["properties"])


def test_project_body_holds_the_41_described_fields(spec: dict[str, Any]) -> None:
    body = spec["components"]["schemas"]["PatchedProjectRequest"]["properties"]
    assert len(PROJECT_BODY_FIELDS) == 41
    assert list(body) == PROJECT_BODY_FIELDS


def test_request_bodies_of_the_other_operations(spec: dict[str, Any]) -> None:
    schemas = spec["components"]["schemas"]
    assert schemas["ProxyRecordRequest"]["required"] == ["domain"]
    assert set(schemas["RoleRequest"]["properties"]) == {"name", "feature_flags_access_level"}
    assert schemas["SessionRecordingAIRequest"]["properties"]["person"] == {}
    assert schemas["PatchedSessionRecordingRequest"]["properties"]["person"] == {}


# -- fidelity to the live service (issue 12) ---------------------------------------------------

REFUSING_PERSONAL_API_KEYS = {
    (1, "DELETE"),
    (8, "POST"),
    (12, "GET"),
    (15, "POST"),
    (17, "GET"),
    (18, "PATCH"),
}


def _described_op(spec: dict[str, Any], number: int) -> dict[str, Any]:
    [(_, method, path, _)] = [row for row in DESCRIBED if row[0] == number]
    op: dict[str, Any] = spec["paths"][path][method.lower()]
    return op


def test_the_actions_the_live_service_refuses_to_personal_api_keys_are_marked(
    spec: dict[str, Any],
) -> None:
    for number, method, _, _ in DESCRIBED:
        op = _described_op(spec, number)
        refused = (number, method) in REFUSING_PERSONAL_API_KEYS
        assert op.get("x-personal-api-key-allowed", True) is (not refused), number
        if refused:
            assert "refuses personal API keys" in " ".join(op["x-sdk-notes"].split()), number


def test_every_operation_records_what_the_live_service_does_and_where(
    spec: dict[str, Any],
) -> None:
    for number, _, _, _ in DESCRIBED:
        description = " ".join(_described_op(spec, number).get("x-sdk-notes", "").split())
        assert "posthog/" in description or "ee/api/" in description, number
        assert "Scope" in description or "scope" in description, number


def test_the_team_scopes_name_the_live_project_scope(spec: dict[str, Any]) -> None:
    for number in (13, 16):
        op = _described_op(spec, number)
        assert op["x-required-scope"] == "team:read"  # the description's value stays
        assert "`project:read`" in op["x-sdk-notes"]


def test_the_recordings_list_declares_the_live_filters(spec: dict[str, Any]) -> None:
    params = {p["name"]: p for p in _described_op(spec, 2)["parameters"] if "name" in p}
    json_lists = {
        "session_ids",
        "distinct_ids",
        "properties",
        "events",
        "actions",
        "console_log_filters",
        "having_predicates",
    }
    for name in json_lists:  # JSON-encoded, as schemathesis and the SDK send them
        assert "schema" not in params[name], name
        assert params[name]["content"]["application/json"]["schema"]["type"] == "array", name
    assert params["filter_test_accounts"]["schema"] == {"type": "boolean"}
    assert params["operand"]["schema"]["enum"] == ["AND", "OR"]
    for name in ("date_from", "date_to"):
        assert params[name]["schema"] == {"$ref": "#/components/schemas/RecordingsDate"}, name
    assert "start_time" in params["order"]["schema"]["enum"]
    for name in ("person_uuid", "distinct_id"):
        assert params[name]["schema"] == {"type": "string"}, name
    assert "-3d" in _described_op(spec, 2)["x-sdk-notes"]


def test_the_changed_answers_have_their_own_schemas(spec: dict[str, Any]) -> None:
    def schema_of(number: int) -> tuple[str, dict[str, Any]]:
        response = _described_op(spec, number)["responses"]["200"]
        ref = response["content"]["application/json"]["schema"]["$ref"]
        return ref.rsplit("/", 1)[-1], response

    assert schema_of(7)[0] == "AiFiltersResult"
    assert schema_of(8)[0] == "AiRegexResult"
    assert schema_of(7)[1]["x-sdk-may-be-empty"] is True  # as described: no body
    assert schema_of(8)[1]["x-sdk-may-be-empty"] is True
    assert schema_of(12)[0] == "PaginatedActivityLogList"
    assert schema_of(14)[0] == "WizardAuthenticationResult"
    assert schema_of(17)[0] == "DemoDataStatus"
    schemas = spec["components"]["schemas"]
    assert "required" not in schemas["PaginatedActivityLogList"]  # a project shape parses
    assert set(schemas["ActivityLogEntry"]["properties"]) >= {
        "activity",
        "scope",
        "item_id",
        "detail",
        "user",
        "created_at",
    }


def test_the_ai_bodies_take_the_live_fields_and_the_described_person(
    spec: dict[str, Any],
) -> None:
    schemas = spec["components"]["schemas"]
    regex = schemas["SessionRecordingAIRegexRequest"]
    filters = schemas["SessionRecordingAIFiltersRequest"]
    assert regex["properties"] == {"person": {}, "regex": {"type": "string"}}
    assert set(filters["properties"]) == {"person", "messages"}
    assert "required" not in regex
    assert "required" not in filters
    assert schemas["AiChatMessage"]["required"] == ["role", "content"]


def test_the_project_patch_body_adds_the_live_fields_to_the_described_ones(
    spec: dict[str, Any],
) -> None:
    body = spec["paths"][O + "/projects/{id}/"]["patch"]["requestBody"]
    ref = body["content"]["application/json"]["schema"]["$ref"]
    schema = spec["components"]["schemas"][ref.rsplit("/", 1)[-1]]
    base, live = schema["allOf"]
    assert base == {"$ref": "#/components/schemas/PatchedProjectRequest"}
    assert {"session_recording_retention_period", "base_currency"} <= set(live["properties"])
    assert not set(live["properties"]) & set(PROJECT_BODY_FIELDS)
    assert len(live["properties"]) == 27
