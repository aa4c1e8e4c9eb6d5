# GENERATED FILE: do not edit by hand.
# Source: spec/openapi.yaml (version 1.0.0),
# sha256 7a5baf9070bcaeaa804ff9cb9243af344e5d5c89d97ddb14cac30922194facff,
# by codegen 3.1.0. Regenerate with `make generate`.

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar

from pydantic import ConfigDict, Field, RootModel

from product_analytics._spec.enums import OpenStrEnum
from product_analytics._spec.model import ApiModel

__all__ = [
    "RecordingsDate",
    "ErrorBody",
    "Person",
    "SharingConfiguration",
    "Project",
    "ProxyRecord",
    "User",
    "PaginatedProxyRecordList",
    "PatchedSessionRecordingRequest",
    "SessionRecordingAIRequest",
    "SessionRecordingAIRegexRequest",
    "AiRegexData",
    "AiFiltersData",
    "ActivityLogUser",
    "ActivityLogChange",
    "Success",
    "WizardAuthenticationResult",
    "DemoDataStatus",
    "AppUrl",
    "PersonDisplayNameProperty",
    "RecordingDomain",
    "PatchedProjectRequest",
    "PatchedProjectUpdateRequest",
    "PatchedProjectProductIntentRequest",
    "ProjectAuthenticateWizardRequest",
    "ProjectChangeOrganizationRequest",
    "ProxyRecordRequest",
    "PatchedProxyRecordRequest",
    "RoleRequest",
    "AiChatMessageRole",
    "SessionRecording",
    "Role",
    "PaginatedSessionRecordingList",
    "PaginatedRoleList",
    "AiChatMessage",
    "AiRegexResult",
    "AiFiltersResult",
    "ActivityLogDetail",
    "SessionRecordingAIFiltersRequest",
    "ActivityLogEntry",
    "PaginatedActivityLogList",
]


class RecordingsDate(RootModel[str]):
    root: str = Field(
        ...,
        pattern=(
            "^(all|-?[0-9]{0,6}[hdwmqysM](Start|End)?|[0-9]{4}[-0-9W]*([T "
            "][0-9:.,]*)?([zZ]|[+-][0-9:]*)?)$"
        ),
    )
    """
    A date of the recordings list: `all`, relative to now (`-7d`; units `h` hours, `d`
    days, `w` weeks, `m` months, `q` quarters, `y` years, `M` minutes, `s` seconds; the
    number may be left out, `Start`/`End` may follow: `-1dStart`, `mStart`), or an ISO
    8601 date or date-time (`2025-06-01`, `2025-06-01T09:30:00Z`, an offset, up to
    microseconds).
    """


class ErrorBody(ApiModel):
    """
    The service's error object, as drf-exceptions-hog's `exception_handler` writes it
    (PostHog/drf-exceptions-hog, exceptions_hog/handler.py; PostHog sets it as DRF's
    EXCEPTION_HANDLER): `type` is the kind of error (`validation_error`,
    `invalid_request`, `authentication_error`, `throttled_error`, `server_error`, or a
    type an exception sets itself), `code` the machine-readable reason (DRF's error
    code; `invalid` is renamed `invalid_input`), `detail` the human-readable message and
    `attr` the field it concerns (nested fields joined with `__`), or null. The handler
    may add `extra` and `error_event_id`; other keys are kept.
    """

    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    type: str
    code: str
    detail: str
    attr: str | None
    extra: Any | None = None
    error_event_id: str | None = None


class Person(ApiModel):
    """
    Embedded in a session recording. Live: `distinct_ids` is a list of strings, and
    `id`, `name` and `created_at` may be null.
    """

    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    id: int | None = None
    name: str | None = None
    distinct_ids: str | list[str] | None = None
    properties: dict[str, Any] | None = None
    created_at: datetime | None = None
    uuid: str | None = None


class SharingConfiguration(ApiModel):
    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    created_at: datetime | None = None
    enabled: bool | None = None
    access_token: str | None = None


class Project(ApiModel):
    """
    Response shape of every project operation. Live: `product_intents` is a list of
    objects, `default_modifiers` an object, `person_on_events_querying_enabled` a
    boolean; `primary_dashboard` and `product_description` may be null.
    """

    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    id: int
    organization: str | None = None
    name: str | None = None
    product_description: str | None = None
    created_at: datetime | None = None
    effective_membership_level: int | None = None
    has_group_types: bool | None = None
    live_events_token: str | None = None
    updated_at: datetime | None = None
    uuid: str | None = None
    api_token: str | None = None
    app_urls: list[str | None] | None = None
    chat_incoming_webhook: str | None = None
    anonymize_ips: bool | None = None
    completed_snippet_onboarding: bool | None = None
    ingested_event: bool | None = None
    test_account_filters: Any | None = None
    test_account_filters_default_checked: bool | None = None
    path_cleaning_filters: Any | None = None
    is_demo: bool | None = None
    timezone: str | None = None
    data_attributes: Any | None = None
    person_display_name_properties: list[str] | None = None
    correlation_config: Any | None = None
    autocapture_opt_out: bool | None = None
    autocapture_exceptions_opt_in: bool | None = None
    autocapture_web_vitals_opt_in: bool | None = None
    autocapture_web_vitals_allowed_metrics: Any | None = None
    autocapture_exceptions_errors_to_ignore: Any | None = None
    capture_console_log_opt_in: bool | None = None
    capture_performance_opt_in: bool | None = None
    session_recording_opt_in: bool | None = None
    session_recording_sample_rate: str | None = None
    session_recording_minimum_duration_milliseconds: int | None = None
    session_recording_linked_flag: Any | None = None
    session_recording_network_payload_capture_config: Any | None = None
    session_recording_masking_config: Any | None = None
    session_replay_config: Any | None = None
    survey_config: Any | None = None
    access_control: bool | None = None
    week_start_day: int | None = None
    primary_dashboard: int | None = None
    live_events_columns: list[str] | None = None
    recording_domains: list[str | None] | None = None
    person_on_events_querying_enabled: str | bool | None = None
    inject_web_apps: bool | None = None
    extra_settings: Any | None = None
    modifiers: Any | None = None
    default_modifiers: str | dict[str, Any] | None = None
    has_completed_onboarding_for: Any | None = None
    surveys_opt_in: bool | None = None
    heatmaps_opt_in: bool | None = None
    product_intents: str | list[dict[str, Any]] | None = None
    flags_persistence_default: bool | None = None


class ProxyRecord(ApiModel):
    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    id: str
    domain: str | None = None
    target_cname: str | None = None
    status: str | None = None
    """
    `waiting` is the only value shown.
    """
    message: str | None = None
    created_at: datetime | None = None
    updated_at: datetime | None = None
    created_by: int | None = None


class User(ApiModel):
    """
    Embedded in a role as `created_by`.
    """

    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    id: int
    uuid: str | None = None
    distinct_id: str | None = None
    first_name: str | None = None
    last_name: str | None = None
    email: str | None = None
    is_email_verified: bool | None = None
    hedgehog_config: dict[str, Any] | None = None
    role_at_organization: str | None = None


class PaginatedProxyRecordList(ApiModel):
    """
    List envelope. Live: `{"results": [...], "max_proxy_records": 2}` with no `count`,
    `next` or `previous`.
    """

    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    count: int | None = None
    next: str | None = None
    previous: str | None = None
    has_next: bool | None = None
    results: list[ProxyRecord]


class PatchedSessionRecordingRequest(ApiModel):
    """
    Body of the recording PATCH. `person` is any JSON (its schema is not given). Live,
    the service also takes `viewed` and `analyzed` (one must be true) and
    `player_metadata`.
    """

    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    person: Any | None = None
    viewed: bool | None = None
    analyzed: bool | None = None
    player_metadata: dict[str, Any] | None = None


class SessionRecordingAIRequest(ApiModel):
    """
    The body field the description gives the AI helper operations: `person`, any JSON.
    The live service does not read it (see `SessionRecordingAIFiltersRequest` and
    `SessionRecordingAIRegexRequest`); it stays accepted, optional.
    """

    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    person: Any | None = None


class SessionRecordingAIRegexRequest(ApiModel):
    """
    Body of `ai_regex`: the description's `person` (any JSON, optional) and the live
    service's `regex` (posthog/session_recordings/session_recording_api.py,
    `ai_regex` reads `request.data["regex"]`), the pattern wanted, in words.
    """

    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    person: Any | None = None
    regex: str | None = None


class AiRegexData(ApiModel):
    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    output: str | None = None


class AiFiltersData(ApiModel):
    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    question: str | None = None
    date_from: str | None = None
    date_to: str | None = None
    filter_group: dict[str, Any] | None = None


class ActivityLogUser(ApiModel):
    """
    Who did it (`UserMinimalSerializer`: `first_name`, `email`); the system is
    `{"first_name": "System", "email": null, "is_system": true}`.
    """

    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    first_name: str | None = None
    email: str | None = None
    is_system: bool | None = None


class ActivityLogChange(ApiModel):
    """
    One changed field (`ChangeSerializer`); `before` and `after` are any JSON.
    """

    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    type: str | None = None
    action: str | None = None
    field: str | None = None
    before: Any | None = None
    after: Any | None = None


class Success(ApiModel):
    """
    The live service's `{"success": true}`, which it answers where the description has
    204 or the object (a proxy-record delete, a playlist removal, a recording PATCH).
    """

    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    success: bool


class WizardAuthenticationResult(ApiModel):
    """
    Answer of `authenticate_wizard`: live `{"success": true}`; as described, the project
    (its fields kept as extra fields).
    """

    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    success: bool | None = None


class DemoDataStatus(ApiModel):
    """
    Answer of `is_generating_demo_data`: live `{"is_generating_demo_data": bool}`; as
    described, the project (its fields kept as extra fields).
    """

    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    is_generating_demo_data: bool | None = None


class AppUrl(RootModel[str | None]):
    root: str | None = Field(..., max_length=200)


class PersonDisplayNameProperty(RootModel[str]):
    root: str = Field(..., max_length=400)


class RecordingDomain(RootModel[str | None]):
    root: str | None = Field(..., max_length=200)


class PatchedProjectRequest(ApiModel):
    """
    The project body fields. None is required; a PATCH sends only those given.
    """

    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    name: str | None = Field(None, max_length=200, min_length=1, pattern="\\S")
    product_description: str | None = Field(None, max_length=1000)
    app_urls: list[AppUrl | None] | None = None
    chat_incoming_webhook: str | None = None
    anonymize_ips: bool | None = None
    completed_snippet_onboarding: bool | None = None
    test_account_filters: Any | None = None
    test_account_filters_default_checked: bool | None = None
    path_cleaning_filters: Any | None = None
    is_demo: bool | None = None
    timezone: str | None = Field(None, min_length=1, pattern="\\S")
    data_attributes: Any | None = None
    person_display_name_properties: list[PersonDisplayNameProperty] | None = None
    correlation_config: Any | None = None
    autocapture_opt_out: bool | None = None
    autocapture_exceptions_opt_in: bool | None = None
    autocapture_web_vitals_opt_in: bool | None = None
    autocapture_web_vitals_allowed_metrics: Any | None = None
    autocapture_exceptions_errors_to_ignore: Any | None = None
    capture_console_log_opt_in: bool | None = None
    capture_performance_opt_in: bool | None = None
    session_recording_opt_in: bool | None = None
    session_recording_sample_rate: str | None = None
    session_recording_minimum_duration_milliseconds: int | None = Field(None, ge=0, le=30000)
    session_recording_linked_flag: Any | None = None
    session_recording_network_payload_capture_config: Any | None = None
    session_recording_masking_config: Any | None = None
    session_replay_config: Any | None = None
    survey_config: Any | None = None
    access_control: bool | None = None
    week_start_day: int | None = Field(None, ge=0, le=1)
    """
    The first day of the week, 0 Sunday or 1 Monday.
    """
    primary_dashboard: int | None = None
    live_events_columns: list[str] | None = None
    recording_domains: list[RecordingDomain | None] | None = None
    inject_web_apps: bool | None = None
    extra_settings: Any | None = None
    modifiers: Any | None = None
    has_completed_onboarding_for: Any | None = None
    surveys_opt_in: bool | None = None
    heatmaps_opt_in: bool | None = None
    flags_persistence_default: bool | None = None


class PatchedProjectUpdateRequest(PatchedProjectRequest):
    """
    Body of the project PATCH: the project body fields the description lists, plus the
    live serializer's other writable fields. Live (posthog/api/project.py,
    `ProjectBackwardCompatSerializer`, whose fields mirror posthog/api/team.py
    `TeamSerializer`: `name`, `access_control` and `TEAM_CONFIG_FIELDS`, less its
    `read_only_fields`), transcribed with the types of the serializer fields and of the
    Team model (posthog/models/team/team.py). Every field is optional; the service
    checks values and permissions (e.g. `session_recording_retention_period` is one of
    `30d`, `90d`, `1y`, `5y` within the plan's entitlement, else 400 or 403;
    `base_currency` is an ISO 4217 code such as `USD`; several fields are for admins
    only, 403). The description's `chat_incoming_webhook` is not a field of the current
    serializer (an unknown field is ignored by the service).
    """

    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    session_recording_url_trigger_config: list[dict[str, Any]] | None = None
    session_recording_url_blocklist_config: list[dict[str, Any]] | None = None
    session_recording_event_trigger_config: list[str] | None = None
    session_recording_trigger_match_type_config: str | None = None
    """
    `all` or `any`.
    """
    session_recording_trigger_groups: Any | None = None
    session_recording_retention_period: str | None = None
    """
    How long new recordings are kept: `30d`, `90d`, `1y` or `5y`.
    """
    receive_org_level_activity_logs: bool | None = None
    business_model: str | None = None
    """
    `b2b` or `b2c`.
    """
    conversations_enabled: bool | None = None
    conversations_settings: dict[str, Any] | None = None
    logs_settings: dict[str, Any] | None = None
    proactive_tasks_enabled: bool | None = None
    revenue_analytics_config: dict[str, Any] | None = None
    marketing_analytics_config: dict[str, Any] | None = None
    customer_analytics_config: dict[str, Any] | None = None
    workflows_config: dict[str, Any] | None = None
    base_currency: str | None = Field(None, min_length=1)
    """
    ISO 4217 currency code, e.g. `USD`.
    """
    capture_dead_clicks: bool | None = None
    cookieless_server_hash_mode: int | None = None
    """
    0 disabled, 1 stateless, 2 stateful.
    """
    human_friendly_comparison_periods: bool | None = None
    feature_flag_confirmation_enabled: bool | None = None
    feature_flag_confirmation_message: str | None = None
    default_evaluation_contexts_enabled: bool | None = None
    require_evaluation_contexts: bool | None = None
    default_data_theme: int | None = None
    onboarding_tasks: Any | None = None
    web_analytics_pre_aggregated_tables_enabled: bool | None = None


class PatchedProjectProductIntentRequest(PatchedProjectRequest):
    """
    The project body fields, plus (live) `product_type` (required by the service),
    `intent_context` and `metadata`.
    """

    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    product_type: str | None = Field(None, min_length=1, pattern="\\S")
    intent_context: str | None = None
    metadata: dict[str, Any] | None = None


class ProjectAuthenticateWizardRequest(PatchedProjectRequest):
    """
    The project body fields, plus (live) `hash`.
    """

    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    hash: str | None = None


class ProjectChangeOrganizationRequest(PatchedProjectRequest):
    """
    The project body fields, plus (live) the target `organization_id`. Its name collides
    with the path parameter, so SDK callers send it through `extra_body`.
    """

    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    organization_id: str | None = None


class ProxyRecordRequest(ApiModel):
    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    domain: str = Field(..., max_length=64)


class PatchedProxyRecordRequest(ApiModel):
    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    domain: str | None = Field(None, max_length=64, min_length=1, pattern="\\S")


class RoleRequest(ApiModel):
    """
    The type of `feature_flags_access_level` is not given; it stays open.
    """

    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    name: str = Field(..., max_length=200, min_length=1, pattern="\\S")
    feature_flags_access_level: Any = None
    """
    Left out, the service picks its own level.
    """


class AiChatMessageRole(OpenStrEnum):
    USER = "user"
    ASSISTANT = "assistant"


class SessionRecording(ApiModel):
    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    id: str
    distinct_id: str | None = None
    viewed: bool | None = None
    viewers: list[str] | None = None
    recording_duration: int | None = None
    active_seconds: int | None = None
    inactive_seconds: int | None = None
    start_time: datetime | None = None
    end_time: datetime | None = None
    click_count: int | None = None
    keypress_count: int | None = None
    mouse_activity_count: int | None = None
    console_log_count: int | None = None
    console_warn_count: int | None = None
    console_error_count: int | None = None
    start_url: str | None = None
    person: Person | None = None
    storage: str | None = None
    snapshot_source: str | None = None
    ongoing: bool | None = None
    activity_score: float | None = None


class Role(ApiModel):
    """
    Live: `members` is a list of membership objects, `feature_flags_access_level` may be
    absent, and roles carry `is_default`.
    """

    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    id: str
    name: str | None = None
    feature_flags_access_level: int | None = None
    created_at: datetime | None = None
    created_by: User | None = None
    members: str | list[dict[str, Any]] | None = None
    is_default: bool | None = None


class PaginatedSessionRecordingList(ApiModel):
    """
    List envelope. Live: `{"results": [...], "has_next": bool, "version": 4}` with no
    `count`, `next` or `previous`.
    """

    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    count: int | None = None
    next: str | None = None
    previous: str | None = None
    has_next: bool | None = None
    results: list[SessionRecording]


class PaginatedRoleList(ApiModel):
    """
    List envelope.
    """

    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    count: int | None = None
    next: str | None = None
    previous: str | None = None
    has_next: bool | None = None
    results: list[Role]


class AiChatMessage(ApiModel):
    """
    One message of an `ai_filters` conversation (`ChatMessage` in
    posthog/session_recordings/session_recording_api.py): `role` is `user` or
    `assistant` (the service refuses others with a 400), `content` the text.
    """

    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    role: AiChatMessageRole
    content: str


class AiRegexResult(ApiModel):
    """
    Answer of `ai_regex` (posthog/session_recordings/ai_data/ai_regex_schema.py,
    `AiRegexSchema`): `result` is `success` or `error`; `data.output` is the pattern, or
    the reason it could not be made. Other fields are kept.
    """

    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    result: str | None = None
    data: AiRegexData | None = None


class AiFiltersResult(ApiModel):
    """
    Answer of `ai_filters` (posthog/session_recordings/ai_data/ai_filter_schema.py,
    `AI_FILTER_SCHEMA`): `result` is `question` (the model asks back, in
    `data.question`) or `filter` (`data` holds `date_from`, `date_to` and
    `filter_group`). Other fields are kept.
    """

    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    result: str | None = None
    data: AiFiltersData | None = None


class ActivityLogDetail(ApiModel):
    """
    What changed (`DetailSerializer`).
    """

    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    id: str | None = None
    changes: list[ActivityLogChange] | None = None
    merge: Any | None = None
    trigger: Any | None = None
    name: str | None = None
    short_id: str | None = None
    type: str | None = None


class SessionRecordingAIFiltersRequest(ApiModel):
    """
    Body of `ai_filters`: the description's `person` (any JSON, optional) and the live
    service's `messages` (posthog/session_recordings/session_recording_api.py,
    `AiFilterRequest.messages: list[ChatMessage]`), the conversation so far.
    """

    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    person: Any | None = None
    messages: list[AiChatMessage] | None = None


class ActivityLogEntry(ApiModel):
    """
    One entry of an activity log (posthog/models/activity_logging/serializers.py,
    `ActivityLogSerializer`, component name `ActivityLogEntry`).
    """

    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    id: str
    user: ActivityLogUser | None = None
    activity: str | None = None
    scope: str | None = None
    item_id: str | int | None = None
    detail: ActivityLogDetail | None = None
    created_at: datetime | None = None


class PaginatedActivityLogList(ApiModel):
    """
    Answer of `projects.activity`. Live (posthog/models/activity_logging/activity_page.py,
    `activity_page_response`): `{"results": [...], "next", "previous", "total_count"}`,
    page-numbered (`next`/`previous` carry `page` and `limit`). As described, the project
    shape: then there are no results and the project's fields are kept as extra fields.
    """

    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="allow",
    )
    results: list[ActivityLogEntry] = Field([], validate_default=True)
    next: str | None = None
    previous: str | None = None
    total_count: int | None = None
