# GENERATED FILE: do not edit by hand.
# Source: spec/openapi.yaml (version 1.0.0),
# sha256 7a5baf9070bcaeaa804ff9cb9243af344e5d5c89d97ddb14cac30922194facff,
# by codegen 3.1.0. Regenerate with `make generate`.
"""Every operation of the API as data: method, path, parameters, body, response, scope."""

from __future__ import annotations

from typing import Any

from product_analytics._resources.bulk import BatchLookup
from product_analytics._spec.operation import Operation, PathParam, QueryParam

from . import models

# The path parameters of the operations, each declared once.
_PROJECT_ID_OR_INTEGER = PathParam(name="project_id", type="string", accepts_integer=True)
_SHORT_ID = PathParam(name="short_id", type="string")
_SESSION_RECORDING_ID = PathParam(name="session_recording_id", type="string")
_ID_STRING = PathParam(name="id", type="string")
_RECORDING_ID = PathParam(name="recording_id", type="string")
_ORGANIZATION_ID = PathParam(name="organization_id", type="string")
_ID_INTEGER = PathParam(name="id", type="integer")

# One record an operation: operationId, method, path, then the rest by name.
SESSION_RECORDING_PLAYLISTS_RECORDINGS_DESTROY: Operation[None] = Operation(
    operation_id="session_recording_playlists_recordings_destroy",
    method="DELETE",
    path=(
        "/api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/"
        "{session_recording_id}/"
    ),
    response_kind="none",
    path_params=(_PROJECT_ID_OR_INTEGER, _SHORT_ID, _SESSION_RECORDING_ID),
    throttle_classes=("recordings",),
    personal_api_key_allowed=False,
)

SESSION_RECORDINGS_LIST: Operation[models.PaginatedSessionRecordingList] = Operation(
    operation_id="session_recordings_list",
    method="GET",
    path="/api/environments/{project_id}/session_recordings/",
    response_kind="page",
    path_params=(_PROJECT_ID_OR_INTEGER,),
    query_params=(
        QueryParam(name="limit", type="integer", minimum=1),
        QueryParam(name="offset", type="integer", minimum=0),
        QueryParam(
            name="date_from",
            type="string",
            pattern=(
                "^(all|-?[0-9]{0,6}[hdwmqysM](Start|End)?|[0-9]{4}[-0-9W]*([T "
                "][0-9:.,]*)?([zZ]|[+-][0-9:]*)?)$"
            ),
        ),
        QueryParam(
            name="date_to",
            type="string",
            pattern=(
                "^(all|-?[0-9]{0,6}[hdwmqysM](Start|End)?|[0-9]{4}[-0-9W]*([T "
                "][0-9:.,]*)?([zZ]|[+-][0-9:]*)?)$"
            ),
        ),
        QueryParam(name="session_ids", type="string", items="string", json="array"),
        QueryParam(
            name="order",
            type="string",
            enum=(
                "duration",
                "recording_duration",
                "inactive_seconds",
                "active_seconds",
                "start_time",
                "console_error_count",
                "click_count",
                "keypress_count",
                "mouse_activity_count",
                "activity_score",
                "recording_ttl",
            ),
        ),
        QueryParam(name="person_uuid", type="string"),
        QueryParam(name="distinct_id", type="string"),
        QueryParam(name="distinct_ids", type="string", items="string", json="array"),
        QueryParam(name="filter_test_accounts", type="boolean"),
        QueryParam(name="operand", type="string", enum=("AND", "OR")),
        QueryParam(name="properties", type="string", items="object", json="array"),
        QueryParam(name="events", type="string", items="object", json="array"),
        QueryParam(name="actions", type="string", items="object", json="array"),
        QueryParam(name="console_log_filters", type="string", items="object", json="array"),
        QueryParam(name="having_predicates", type="string", items="object", json="array"),
    ),
    response_model=models.PaginatedSessionRecordingList,
    required_scope="session_recording:read",
    throttle_classes=("recordings", "listing"),
)

SESSION_RECORDINGS_RETRIEVE: Operation[models.SessionRecording] = Operation(
    operation_id="session_recordings_retrieve",
    method="GET",
    path="/api/environments/{project_id}/session_recordings/{id}/",
    response_kind="model",
    path_params=(_PROJECT_ID_OR_INTEGER, _ID_STRING),
    response_model=models.SessionRecording,
    required_scope="session_recording:read",
    throttle_classes=("recordings",),
)

SESSION_RECORDINGS_PARTIAL_UPDATE: Operation[models.SessionRecording | None] = Operation(
    operation_id="session_recordings_partial_update",
    method="PATCH",
    path="/api/environments/{project_id}/session_recordings/{id}/",
    response_kind="model_or_none",
    path_params=(_PROJECT_ID_OR_INTEGER, _ID_STRING),
    body_model=models.PatchedSessionRecordingRequest,
    none_refused=frozenset({"analyzed", "player_metadata", "viewed"}),
    response_model=models.SessionRecording,
    none_answers=({"success": True},),
    required_scope="session_recording:write",
    throttle_classes=("recordings",),
)

SESSION_RECORDINGS_DESTROY: Operation[None] = Operation(
    operation_id="session_recordings_destroy",
    method="DELETE",
    path="/api/environments/{project_id}/session_recordings/{id}/",
    response_kind="none",
    path_params=(_PROJECT_ID_OR_INTEGER, _ID_STRING),
    required_scope="session_recording:write",
    throttle_classes=("recordings",),
)

SESSION_RECORDINGS_SHARING_RETRIEVE: Operation[models.SharingConfiguration] = Operation(
    operation_id="session_recordings_sharing_retrieve",
    method="GET",
    path="/api/environments/{project_id}/session_recordings/{recording_id}/sharing/",
    response_kind="model",
    path_params=(_PROJECT_ID_OR_INTEGER, _RECORDING_ID),
    response_model=models.SharingConfiguration,
    required_scope="sharing_configuration:read",
    throttle_classes=("crud",),
)

SESSION_RECORDINGS_AI_FILTERS_CREATE: Operation[models.AiFiltersResult | None] = Operation(
    operation_id="session_recordings_ai_filters_create",
    method="POST",
    path="/api/environments/{project_id}/session_recordings/ai/filters/",
    response_kind="model_or_none",
    path_params=(_PROJECT_ID_OR_INTEGER,),
    body_model=models.SessionRecordingAIFiltersRequest,
    none_refused=frozenset({"messages"}),
    response_model=models.AiFiltersResult,
    throttle_classes=("recordings",),
    experimental=True,
)

SESSION_RECORDINGS_AI_REGEX_CREATE: Operation[models.AiRegexResult | None] = Operation(
    operation_id="session_recordings_ai_regex_create",
    method="POST",
    path="/api/environments/{project_id}/session_recordings/ai/regex/",
    response_kind="model_or_none",
    path_params=(_PROJECT_ID_OR_INTEGER,),
    body_model=models.SessionRecordingAIRegexRequest,
    none_refused=frozenset({"regex"}),
    response_model=models.AiRegexResult,
    throttle_classes=("recordings",),
    experimental=True,
    personal_api_key_allowed=False,
)

SESSIONS_PROPERTY_DEFINITIONS_RETRIEVE: Operation[Any] = Operation(
    operation_id="sessions_property_definitions_retrieve",
    method="GET",
    path="/api/environments/{project_id}/sessions/property_definitions/",
    response_kind="json",
    path_params=(_PROJECT_ID_OR_INTEGER,),
    throttle_classes=("recordings",),
)

PROJECTS_PARTIAL_UPDATE: Operation[models.Project] = Operation(
    operation_id="projects_partial_update",
    method="PATCH",
    path="/api/organizations/{organization_id}/projects/{id}/",
    response_kind="model",
    path_params=(_ORGANIZATION_ID, _ID_INTEGER),
    body_model=models.PatchedProjectUpdateRequest,
    none_refused=frozenset(
        {
            "access_control",
            "anonymize_ips",
            "app_urls",
            "autocapture_exceptions_opt_in",
            "autocapture_opt_out",
            "autocapture_web_vitals_opt_in",
            "base_currency",
            "capture_console_log_opt_in",
            "capture_performance_opt_in",
            "completed_snippet_onboarding",
            "customer_analytics_config",
            "flags_persistence_default",
            "heatmaps_opt_in",
            "inject_web_apps",
            "is_demo",
            "marketing_analytics_config",
            "name",
            "revenue_analytics_config",
            "session_recording_opt_in",
            "session_recording_retention_period",
            "surveys_opt_in",
            "test_account_filters_default_checked",
            "timezone",
            "week_start_day",
            "workflows_config",
        }
    ),
    response_model=models.Project,
    required_scope="project:read",
    throttle_classes=("crud",),
)

PROJECTS_DESTROY: Operation[None] = Operation(
    operation_id="projects_destroy",
    method="DELETE",
    path="/api/organizations/{organization_id}/projects/{id}/",
    response_kind="none",
    path_params=(_ORGANIZATION_ID, _ID_INTEGER),
    required_scope="project:write",
    throttle_classes=("crud",),
)

PROJECTS_ACTIVITY_RETRIEVE: Operation[models.PaginatedActivityLogList] = Operation(
    operation_id="projects_activity_retrieve",
    method="GET",
    path="/api/organizations/{organization_id}/projects/{id}/activity/",
    response_kind="page",
    path_params=(_ORGANIZATION_ID, _ID_INTEGER),
    query_params=(
        QueryParam(name="page", type="integer", minimum=1),
        QueryParam(name="limit", type="integer", minimum=1),
    ),
    response_model=models.PaginatedActivityLogList,
    throttle_classes=("crud",),
    personal_api_key_allowed=False,
)

PROJECTS_ADD_PRODUCT_INTENT_PARTIAL_UPDATE: Operation[models.Project] = Operation(
    operation_id="projects_add_product_intent_partial_update",
    method="PATCH",
    path="/api/organizations/{organization_id}/projects/{id}/add_product_intent/",
    response_kind="model",
    path_params=(_ORGANIZATION_ID, _ID_INTEGER),
    body_model=models.PatchedProjectProductIntentRequest,
    none_refused=frozenset(
        {
            "access_control",
            "anonymize_ips",
            "app_urls",
            "autocapture_exceptions_opt_in",
            "autocapture_opt_out",
            "autocapture_web_vitals_opt_in",
            "capture_console_log_opt_in",
            "capture_performance_opt_in",
            "completed_snippet_onboarding",
            "flags_persistence_default",
            "heatmaps_opt_in",
            "inject_web_apps",
            "intent_context",
            "is_demo",
            "metadata",
            "name",
            "product_type",
            "session_recording_opt_in",
            "surveys_opt_in",
            "test_account_filters_default_checked",
            "timezone",
            "week_start_day",
        }
    ),
    response_model=models.Project,
    required_scope="team:read",
    throttle_classes=("crud",),
)

PROJECTS_AUTHENTICATE_WIZARD_CREATE: Operation[models.WizardAuthenticationResult] = Operation(
    operation_id="projects_authenticate_wizard_create",
    method="POST",
    path="/api/organizations/{organization_id}/projects/{id}/authenticate_wizard/",
    response_kind="model",
    path_params=(_ORGANIZATION_ID, _ID_INTEGER),
    body_model=models.ProjectAuthenticateWizardRequest,
    none_refused=frozenset(
        {
            "access_control",
            "anonymize_ips",
            "app_urls",
            "autocapture_exceptions_opt_in",
            "autocapture_opt_out",
            "autocapture_web_vitals_opt_in",
            "capture_console_log_opt_in",
            "capture_performance_opt_in",
            "completed_snippet_onboarding",
            "flags_persistence_default",
            "hash",
            "heatmaps_opt_in",
            "inject_web_apps",
            "is_demo",
            "name",
            "session_recording_opt_in",
            "surveys_opt_in",
            "test_account_filters_default_checked",
            "timezone",
            "week_start_day",
        }
    ),
    response_model=models.WizardAuthenticationResult,
    throttle_classes=("crud",),
)

PROJECTS_CHANGE_ORGANIZATION_CREATE: Operation[models.Project] = Operation(
    operation_id="projects_change_organization_create",
    method="POST",
    path="/api/organizations/{organization_id}/projects/{id}/change_organization/",
    response_kind="model",
    path_params=(_ORGANIZATION_ID, _ID_INTEGER),
    body_model=models.ProjectChangeOrganizationRequest,
    none_refused=frozenset(
        {
            "access_control",
            "anonymize_ips",
            "app_urls",
            "autocapture_exceptions_opt_in",
            "autocapture_opt_out",
            "autocapture_web_vitals_opt_in",
            "capture_console_log_opt_in",
            "capture_performance_opt_in",
            "completed_snippet_onboarding",
            "flags_persistence_default",
            "heatmaps_opt_in",
            "inject_web_apps",
            "is_demo",
            "name",
            "session_recording_opt_in",
            "surveys_opt_in",
            "test_account_filters_default_checked",
            "timezone",
            "week_start_day",
        }
    ),
    response_model=models.Project,
    throttle_classes=("crud",),
    personal_api_key_allowed=False,
)

PROJECTS_COMPLETE_PRODUCT_ONBOARDING_PARTIAL_UPDATE: Operation[models.Project] = Operation(
    operation_id="projects_complete_product_onboarding_partial_update",
    method="PATCH",
    path="/api/organizations/{organization_id}/projects/{id}/complete_product_onboarding/",
    response_kind="model",
    path_params=(_ORGANIZATION_ID, _ID_INTEGER),
    body_model=models.PatchedProjectProductIntentRequest,
    none_refused=frozenset(
        {
            "access_control",
            "anonymize_ips",
            "app_urls",
            "autocapture_exceptions_opt_in",
            "autocapture_opt_out",
            "autocapture_web_vitals_opt_in",
            "capture_console_log_opt_in",
            "capture_performance_opt_in",
            "completed_snippet_onboarding",
            "flags_persistence_default",
            "heatmaps_opt_in",
            "inject_web_apps",
            "intent_context",
            "is_demo",
            "metadata",
            "name",
            "product_type",
            "session_recording_opt_in",
            "surveys_opt_in",
            "test_account_filters_default_checked",
            "timezone",
            "week_start_day",
        }
    ),
    response_model=models.Project,
    required_scope="team:read",
    throttle_classes=("crud",),
)

PROJECTS_IS_GENERATING_DEMO_DATA_RETRIEVE: Operation[models.DemoDataStatus] = Operation(
    operation_id="projects_is_generating_demo_data_retrieve",
    method="GET",
    path="/api/organizations/{organization_id}/projects/{id}/is_generating_demo_data/",
    response_kind="model",
    path_params=(_ORGANIZATION_ID, _ID_INTEGER),
    response_model=models.DemoDataStatus,
    throttle_classes=("crud",),
    personal_api_key_allowed=False,
)

PROJECTS_RESET_TOKEN_PARTIAL_UPDATE: Operation[models.Project] = Operation(
    operation_id="projects_reset_token_partial_update",
    method="PATCH",
    path="/api/organizations/{organization_id}/projects/{id}/reset_token/",
    response_kind="model",
    path_params=(_ORGANIZATION_ID, _ID_INTEGER),
    body_model=models.PatchedProjectRequest,
    none_refused=frozenset(
        {
            "access_control",
            "anonymize_ips",
            "app_urls",
            "autocapture_exceptions_opt_in",
            "autocapture_opt_out",
            "autocapture_web_vitals_opt_in",
            "capture_console_log_opt_in",
            "capture_performance_opt_in",
            "completed_snippet_onboarding",
            "flags_persistence_default",
            "heatmaps_opt_in",
            "inject_web_apps",
            "is_demo",
            "name",
            "session_recording_opt_in",
            "surveys_opt_in",
            "test_account_filters_default_checked",
            "timezone",
            "week_start_day",
        }
    ),
    response_model=models.Project,
    throttle_classes=("crud",),
    personal_api_key_allowed=False,
    idempotent=False,
)

PROXY_RECORDS_LIST: Operation[models.PaginatedProxyRecordList] = Operation(
    operation_id="proxy_records_list",
    method="GET",
    path="/api/organizations/{organization_id}/proxy_records/",
    response_kind="page",
    path_params=(_ORGANIZATION_ID,),
    query_params=(
        QueryParam(name="limit", type="integer", minimum=1),
        QueryParam(name="offset", type="integer", minimum=0),
    ),
    response_model=models.PaginatedProxyRecordList,
    required_scope="organization:read",
    throttle_classes=("crud",),
)

PROXY_RECORDS_CREATE: Operation[models.ProxyRecord] = Operation(
    operation_id="proxy_records_create",
    method="POST",
    path="/api/organizations/{organization_id}/proxy_records/",
    response_kind="model",
    path_params=(_ORGANIZATION_ID,),
    body_model=models.ProxyRecordRequest,
    response_model=models.ProxyRecord,
    required_scope="organization:write",
    throttle_classes=("crud",),
)

PROXY_RECORDS_RETRIEVE: Operation[models.ProxyRecord] = Operation(
    operation_id="proxy_records_retrieve",
    method="GET",
    path="/api/organizations/{organization_id}/proxy_records/{id}/",
    response_kind="model",
    path_params=(_ORGANIZATION_ID, _ID_STRING),
    response_model=models.ProxyRecord,
    required_scope="organization:read",
    throttle_classes=("crud",),
)

PROXY_RECORDS_PARTIAL_UPDATE: Operation[models.ProxyRecord] = Operation(
    operation_id="proxy_records_partial_update",
    method="PATCH",
    path="/api/organizations/{organization_id}/proxy_records/{id}/",
    response_kind="model",
    path_params=(_ORGANIZATION_ID, _ID_STRING),
    body_model=models.PatchedProxyRecordRequest,
    none_refused=frozenset({"domain"}),
    response_model=models.ProxyRecord,
    required_scope="organization:write",
    throttle_classes=("crud",),
)

PROXY_RECORDS_DESTROY: Operation[None] = Operation(
    operation_id="proxy_records_destroy",
    method="DELETE",
    path="/api/organizations/{organization_id}/proxy_records/{id}/",
    response_kind="none",
    path_params=(_ORGANIZATION_ID, _ID_STRING),
    required_scope="organization:write",
    throttle_classes=("crud",),
)

ROLES_LIST: Operation[models.PaginatedRoleList] = Operation(
    operation_id="roles_list",
    method="GET",
    path="/api/organizations/{organization_id}/roles/",
    response_kind="page",
    path_params=(_ORGANIZATION_ID,),
    query_params=(
        QueryParam(name="limit", type="integer", minimum=1),
        QueryParam(name="offset", type="integer", minimum=0),
    ),
    response_model=models.PaginatedRoleList,
    required_scope="organization:read",
    throttle_classes=("crud",),
)

ROLES_CREATE: Operation[models.Role] = Operation(
    operation_id="roles_create",
    method="POST",
    path="/api/organizations/{organization_id}/roles/",
    response_kind="model",
    path_params=(_ORGANIZATION_ID,),
    body_model=models.RoleRequest,
    none_means_omitted=frozenset({"feature_flags_access_level"}),
    response_model=models.Role,
    required_scope="organization:write",
    throttle_classes=("crud",),
)

ROLES_RETRIEVE: Operation[models.Role] = Operation(
    operation_id="roles_retrieve",
    method="GET",
    path="/api/organizations/{organization_id}/roles/{id}/",
    response_kind="model",
    path_params=(_ORGANIZATION_ID, _ID_STRING),
    response_model=models.Role,
    required_scope="organization:read",
    throttle_classes=("crud",),
)


# The service's published rates per API key: each throttle class's windows as
# (requests, seconds), shortest first; every window applies at once.
THROTTLE_RATES: dict[str, tuple[tuple[int, float], ...]] = {
    "recordings": ((240, 60.0), (1200, 3600.0)),
    "crud": ((480, 60.0), (4800, 3600.0)),
    "listing": ((60, 60.0), (300, 3600.0)),
}

ALL: tuple[Operation[Any], ...] = (
    SESSION_RECORDING_PLAYLISTS_RECORDINGS_DESTROY,
    SESSION_RECORDINGS_LIST,
    SESSION_RECORDINGS_RETRIEVE,
    SESSION_RECORDINGS_PARTIAL_UPDATE,
    SESSION_RECORDINGS_DESTROY,
    SESSION_RECORDINGS_SHARING_RETRIEVE,
    SESSION_RECORDINGS_AI_FILTERS_CREATE,
    SESSION_RECORDINGS_AI_REGEX_CREATE,
    SESSIONS_PROPERTY_DEFINITIONS_RETRIEVE,
    PROJECTS_PARTIAL_UPDATE,
    PROJECTS_DESTROY,
    PROJECTS_ACTIVITY_RETRIEVE,
    PROJECTS_ADD_PRODUCT_INTENT_PARTIAL_UPDATE,
    PROJECTS_AUTHENTICATE_WIZARD_CREATE,
    PROJECTS_CHANGE_ORGANIZATION_CREATE,
    PROJECTS_COMPLETE_PRODUCT_ONBOARDING_PARTIAL_UPDATE,
    PROJECTS_IS_GENERATING_DEMO_DATA_RETRIEVE,
    PROJECTS_RESET_TOKEN_PARTIAL_UPDATE,
    PROXY_RECORDS_LIST,
    PROXY_RECORDS_CREATE,
    PROXY_RECORDS_RETRIEVE,
    PROXY_RECORDS_PARTIAL_UPDATE,
    PROXY_RECORDS_DESTROY,
    ROLES_LIST,
    ROLES_CREATE,
    ROLES_RETRIEVE,
)

# `get_many` with `batch_size`: session_recordings_retrieve many at once through
# session_recordings_list (x-sdk-batch).
SESSION_RECORDINGS_RETRIEVE_BATCH = BatchLookup(
    operation=SESSION_RECORDINGS_LIST,
    parameter="session_ids",
    max_size=100,
    limit="limit",
    query={"date_from": "-5y"},
)
