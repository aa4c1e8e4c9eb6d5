# GENERATED FILE: do not edit by hand.
# Source: spec/openapi.yaml (version 1.0.0, sha256 bc917c7eb7f0214464f10fb2d733b8f00cbed9a6eb1857f1851d47b86be0c345),
# by codegen 2.0.0 and datamodel-code-generator 0.89.0. Regenerate with `make generate`.

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict


class PaginatedProxyRecordList(BaseModel):
    """
    List envelope. Live: `{"results": [...], "max_proxy_records": 2}` with no `count`,
    `next` or `previous`.

    """

    model_config = ConfigDict(
        extra="allow",
    )
    count: int | None = None
    next: str | None = None
    previous: str | None = None
    has_next: bool | None = None
    results: list[ProxyRecord]


class PaginatedRoleList(BaseModel):
    """
    List envelope.
    """

    model_config = ConfigDict(
        extra="allow",
    )
    count: int | None = None
    next: str | None = None
    previous: str | None = None
    has_next: bool | None = None
    results: list[Role]


class PaginatedSessionRecordingList(BaseModel):
    """
    List envelope. Live: `{"results": [...], "has_next": bool, "version": 4}` with no
    `count`, `next` or `previous`.

    """

    model_config = ConfigDict(
        extra="allow",
    )
    count: int | None = None
    next: str | None = None
    previous: str | None = None
    has_next: bool | None = None
    results: list[SessionRecording]


class PatchedProjectRequest(BaseModel):
    """
    The project body fields. None is required; a PATCH sends only those given.
    """

    model_config = ConfigDict(
        extra="allow",
    )
    name: str | None = None
    product_description: str | None = None
    app_urls: list[Any] | None = None
    chat_incoming_webhook: str | None = None
    anonymize_ips: bool | None = None
    completed_snippet_onboarding: bool | None = None
    test_account_filters: Any | None = None
    test_account_filters_default_checked: bool | None = None
    path_cleaning_filters: Any | None = None
    is_demo: bool | None = None
    timezone: Any | None = None
    data_attributes: Any | None = None
    person_display_name_properties: list[Any] | None = None
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
    week_start_day: Any | None = None
    primary_dashboard: int | None = None
    live_events_columns: list[Any] | None = None
    recording_domains: list[Any] | None = None
    inject_web_apps: bool | None = None
    extra_settings: Any | None = None
    modifiers: Any | None = None
    has_completed_onboarding_for: Any | None = None
    surveys_opt_in: bool | None = None
    heatmaps_opt_in: bool | None = None
    flags_persistence_default: bool | None = None


class PatchedProjectProductIntentRequest(PatchedProjectRequest):
    """
    The project body fields, plus (live) `product_type` (required by the service),
    `intent_context` and `metadata`.

    """

    model_config = ConfigDict(
        extra="allow",
    )
    product_type: str | None = None
    intent_context: str | None = None
    metadata: dict[str, Any] | None = None


class PatchedProxyRecordRequest(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    domain: str | None = None


class PatchedSessionRecordingRequest(BaseModel):
    """
    Body of the recording PATCH. `person` is any JSON (its schema is not given). Live,
    the service also takes `viewed` and `analyzed` (one must be true) and
    `player_metadata`.

    """

    model_config = ConfigDict(
        extra="allow",
    )
    person: Any | None = None
    viewed: bool | None = None
    analyzed: bool | None = None
    player_metadata: dict[str, Any] | None = None


class Person(BaseModel):
    """
    Embedded in a session recording. Live: `distinct_ids` is a list of strings, and
    `id`, `name` and `created_at` may be null.

    """

    model_config = ConfigDict(
        extra="allow",
    )
    id: int | None = None
    name: str | None = None
    distinct_ids: str | list[str] | None = None
    properties: dict[str, Any] | None = None
    created_at: datetime | None = None
    uuid: str | None = None


class Project(BaseModel):
    """
    Response shape of every project operation. Live: `product_intents` is a list of
    objects, `default_modifiers` an object, `person_on_events_querying_enabled` a
    boolean; `primary_dashboard` and `product_description` may be null.

    """

    model_config = ConfigDict(
        extra="allow",
    )
    id: int | None = None
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
    app_urls: list[str] | None = None
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
    recording_domains: list[str] | None = None
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


class ProjectAuthenticateWizardRequest(PatchedProjectRequest):
    """
    The project body fields, plus (live) `hash`.
    """

    model_config = ConfigDict(
        extra="allow",
    )
    hash: str | None = None


class ProjectChangeOrganizationRequest(PatchedProjectRequest):
    """
    The project body fields, plus (live) the target `organization_id`. Its name collides
    with the path parameter, so SDK callers send it through `extra_body`.

    """

    model_config = ConfigDict(
        extra="allow",
    )
    organization_id: str | None = None


class ProxyRecord(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    id: str | None = None
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


class ProxyRecordRequest(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    domain: str


class Role(BaseModel):
    """
    Live: `members` is a list of membership objects, `feature_flags_access_level` may be
    absent, and roles carry `is_default`.

    """

    model_config = ConfigDict(
        extra="allow",
    )
    id: str | None = None
    name: str | None = None
    feature_flags_access_level: int | None = None
    created_at: datetime | None = None
    created_by: User | None = None
    members: str | list[dict[str, Any]] | None = None
    is_default: bool | None = None


class RoleRequest(BaseModel):
    """
    The type of `feature_flags_access_level` is not given; it stays open.
    """

    model_config = ConfigDict(
        extra="allow",
    )
    name: str
    feature_flags_access_level: Any = None
    """
    Left out, the service picks its own level.
    """


class SessionRecording(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    id: str | None = None
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


class SessionRecordingAIRequest(BaseModel):
    """
    Body of the AI helper operations; `person` is any JSON.
    """

    model_config = ConfigDict(
        extra="allow",
    )
    person: Any


class SharingConfiguration(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    created_at: datetime | None = None
    enabled: bool | None = None
    access_token: str | None = None


class User(BaseModel):
    """
    Embedded in a role as `created_by`.
    """

    model_config = ConfigDict(
        extra="allow",
    )
    id: int | None = None
    uuid: str | None = None
    distinct_id: str | None = None
    first_name: str | None = None
    last_name: str | None = None
    email: str | None = None
    is_email_verified: bool | None = None
    hedgehog_config: dict[str, Any] | None = None
    role_at_organization: str | None = None
