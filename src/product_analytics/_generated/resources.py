# GENERATED FILE: do not edit by hand.
# Source: spec/openapi.yaml (version 1.0.0, sha256 db32992a6e53e9f9117e320275dcf7c9dbfb78628fe238379357033387cdebb9),
# by codegen 2.4.0. Regenerate with `make generate`.
"""The resources of the client: one `Endpoint` class per operation of the spec, and each
resource's `with_raw_response` view.

Every method's docstring gives its request (``METHOD path``), the API-key scope it needs and
its throttle class; the same facts are typed attributes of the method (`required_scope`,
`throttle_class`, `personal_api_key_allowed`, `experimental`). Path parameters named
`project_id`, `environment_id` and `organization_id` default to the client's. Query parameters
and body fields left at their default are not sent: no `null` in a body, no empty query
parameter.

The service's published rates per API key, by throttle class:
``recordings`` 240 requests per minute and 1,200 requests per hour;
``crud`` 480 requests per minute and 4,800 requests per hour;
``listing`` 60 requests per minute and 300 requests per hour.
"""

from __future__ import annotations

import builtins
from collections.abc import Iterable
from typing import Any, Literal, overload
from uuid import UUID

from typing_extensions import TypedDict, Unpack

from product_analytics._operation import NOT_GIVEN, NotGiven
from product_analytics._pagination import Pager
from product_analytics._resource import (
    Endpoint,
    Extra,
    Headers,
    Raw,
    RawMethods,
    Requester,
    Resource,
    Seconds,
)

from . import models
from . import operations as ops


class PatchedProjectRequestFields(TypedDict, total=False):
    """The body fields of ``models.PatchedProjectRequest``. Only the fields given are sent."""

    name: str
    product_description: str | None
    app_urls: list[str | None]
    chat_incoming_webhook: str | None
    anonymize_ips: bool
    completed_snippet_onboarding: bool
    test_account_filters: Any
    test_account_filters_default_checked: bool
    path_cleaning_filters: Any
    is_demo: bool
    timezone: str
    data_attributes: Any
    person_display_name_properties: list[str] | None
    correlation_config: Any
    autocapture_opt_out: bool
    autocapture_exceptions_opt_in: bool
    autocapture_web_vitals_opt_in: bool
    autocapture_web_vitals_allowed_metrics: Any
    autocapture_exceptions_errors_to_ignore: Any
    capture_console_log_opt_in: bool
    capture_performance_opt_in: bool
    session_recording_opt_in: bool
    session_recording_sample_rate: str | None
    session_recording_minimum_duration_milliseconds: int | None
    session_recording_linked_flag: Any
    session_recording_network_payload_capture_config: Any
    session_recording_masking_config: Any
    session_replay_config: Any
    survey_config: Any
    access_control: bool
    week_start_day: int
    """The first day of the week, 0 Sunday or 1 Monday."""
    primary_dashboard: int | None
    live_events_columns: list[str] | None
    recording_domains: list[str | None] | None
    inject_web_apps: bool
    extra_settings: Any
    modifiers: Any
    has_completed_onboarding_for: Any
    surveys_opt_in: bool
    heatmaps_opt_in: bool
    flags_persistence_default: bool


class PatchedProjectProductIntentRequestFields(PatchedProjectRequestFields, total=False):
    """The body fields of ``models.PatchedProjectProductIntentRequest``: those of
    ``PatchedProjectRequestFields`` and its own. Only the fields given are sent."""

    product_type: str
    intent_context: str
    metadata: dict[str, Any]


class PatchedProjectUpdateRequestFields(PatchedProjectRequestFields, total=False):
    """The body fields of ``models.PatchedProjectUpdateRequest``: those of
    ``PatchedProjectRequestFields`` and its own. Only the fields given are sent."""

    session_recording_url_trigger_config: list[dict[str, Any]] | None
    session_recording_url_blocklist_config: list[dict[str, Any]] | None
    session_recording_event_trigger_config: list[str] | None
    session_recording_trigger_match_type_config: str | None
    """`all` or `any`."""
    session_recording_trigger_groups: Any
    session_recording_retention_period: str
    """How long new recordings are kept: `30d`, `90d`, `1y` or `5y`."""
    receive_org_level_activity_logs: bool | None
    business_model: str | None
    """`b2b` or `b2c`."""
    conversations_enabled: bool | None
    conversations_settings: dict[str, Any] | None
    logs_settings: dict[str, Any] | None
    proactive_tasks_enabled: bool | None
    revenue_analytics_config: dict[str, Any]
    marketing_analytics_config: dict[str, Any]
    customer_analytics_config: dict[str, Any]
    workflows_config: dict[str, Any]
    base_currency: str
    """ISO 4217 currency code, e.g. `USD`."""
    capture_dead_clicks: bool | None
    cookieless_server_hash_mode: int | None
    """0 disabled, 1 stateless, 2 stateful."""
    human_friendly_comparison_periods: bool | None
    feature_flag_confirmation_enabled: bool | None
    feature_flag_confirmation_message: str | None
    default_evaluation_contexts_enabled: bool | None
    require_evaluation_contexts: bool | None
    default_data_theme: int | None
    onboarding_tasks: Any
    web_analytics_pre_aggregated_tables_enabled: bool | None


class ProjectAuthenticateWizardRequestFields(PatchedProjectRequestFields, total=False):
    """The body fields of ``models.ProjectAuthenticateWizardRequest``: those of
    ``PatchedProjectRequestFields`` and its own. Only the fields given are sent."""

    hash: str


class SessionRecordingPlaylistsRemoveRecording(Endpoint, operation=ops.SESSION_RECORDING_PLAYLISTS_RECORDINGS_DESTROY):
    async def __call__(
        self, *, project_id: str | int | None = None, short_id: str, session_recording_id: str,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None,
    ) -> None:
        """Remove a recording from a recording playlist.

        ``DELETE /api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/{session_recording_id}/``. Required scope: none listed. Throttle class: ``recordings``.
        The service refuses personal API keys (403); the first call emits PersonalApiKeyWarning.

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return await self._call(ops.SESSION_RECORDING_PLAYLISTS_RECORDINGS_DESTROY, locals())


class SessionRecordingPlaylistsWithRawResponse(RawMethods):
    """``client.session_recording_playlists.with_raw_response``: its methods, each returning a `RawResponse`."""

    remove_recording: Raw[SessionRecordingPlaylistsRemoveRecording]


class SessionRecordingPlaylists(Resource):
    """``client.session_recording_playlists``: remove_recording."""

    remove_recording: SessionRecordingPlaylistsRemoveRecording
    with_raw_response: SessionRecordingPlaylistsWithRawResponse


class SessionRecordingsList(Endpoint, operation=ops.SESSION_RECORDINGS_LIST):
    def __call__(
        self, *, project_id: str | int | None = None, limit: int | None = None,
        offset: int | None = None, date_from: str | None = None, date_to: str | None = None,
        session_ids: builtins.list[str] | None = None,
        order: Literal["duration", "recording_duration", "inactive_seconds", "active_seconds", "start_time", "console_error_count", "click_count", "keypress_count", "mouse_activity_count", "activity_score", "recording_ttl"] | None = None,
        person_uuid: str | None = None, distinct_id: str | None = None,
        distinct_ids: builtins.list[str] | None = None, filter_test_accounts: bool | None = None,
        operand: Literal["AND", "OR"] | None = None,
        properties: builtins.list[dict[str, Any]] | None = None,
        events: builtins.list[dict[str, Any]] | None = None,
        actions: builtins.list[dict[str, Any]] | None = None,
        console_log_filters: builtins.list[dict[str, Any]] | None = None,
        having_predicates: builtins.list[dict[str, Any]] | None = None,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None,
    ) -> Pager[models.SessionRecording]:
        """List the session recordings of a project.

        Without `date_from` the live service lists only the last three days: pass `date_from` (e.g.
        `-30d` or an ISO date) for older recordings. Lists and objects are sent JSON-encoded,
        booleans as `true`/`false`; `order` sorts descending.

        ``GET /api/environments/{project_id}/session_recordings/``. Required scope: ``session_recording:read``. Throttle class: ``recordings``. Also counted by ``listing``.

        Args:
            limit: Number of results to return per page.
            offset: The initial index from which to return the results.
            date_from: Start of the window: relative (`-3d`, the service's default; `-12h`, `-2w`,
                `-6m`, `-1y`, `-30M` minutes, `-1dStart`), `all`, or an ISO 8601 date or date-time.
            date_to: End of the window, in the forms of `date_from` (`-1d`, or ISO 8601); open when
                left out.
            session_ids: Only these recordings (sent as a JSON list of ids).
            order: Field to order by, descending (`start_time` by default).
            person_uuid: Only recordings of this person.
            distinct_id: Only recordings of this distinct id (the older filter's name).
            distinct_ids: Only recordings of these distinct ids (sent as a JSON list).
            filter_test_accounts: Leave out the project's test accounts.
            operand: How the filters combine (`AND` by default).
            properties: Property filters (sent as a JSON list of filter objects).
            events: Event filters (sent as a JSON list of event-filter objects).
            actions: Action filters (sent as a JSON list of action-filter objects).
            console_log_filters: Console-log filters (sent as a JSON list of filter objects).
            having_predicates: Duration and snapshot-source filters (sent as a JSON list).

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return self._page(ops.SESSION_RECORDINGS_LIST, locals())


class SessionRecordingsGet(Endpoint, operation=ops.SESSION_RECORDINGS_RETRIEVE):
    async def __call__(
        self, *, project_id: str | int | None = None, id: str,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None,
    ) -> models.SessionRecording:
        """Retrieve one session recording.

        ``GET /api/environments/{project_id}/session_recordings/{id}/``. Required scope: ``session_recording:read``. Throttle class: ``recordings``.

        Args:
            id: UUID string of the session recording.

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return await self._call(ops.SESSION_RECORDINGS_RETRIEVE, locals())


class SessionRecordingsGetMany(Endpoint, operation=ops.SESSION_RECORDINGS_RETRIEVE, bulk=True, batch=ops.SESSION_RECORDINGS_RETRIEVE_BATCH):
    @overload
    async def __call__(
        self, *, project_id: str | int | None = None, ids: Iterable[str],
        concurrency: int | None = None, return_exceptions: Literal[False] = False,
        batch_size: int | None = None,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None,
    ) -> list[models.SessionRecording]: ...

    @overload
    async def __call__(
        self, *, project_id: str | int | None = None, ids: Iterable[str],
        concurrency: int | None = None, return_exceptions: Literal[True],
        batch_size: int | None = None,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None,
    ) -> list[models.SessionRecording | Exception]: ...

    async def __call__(
        self, *, project_id: str | int | None = None, ids: Iterable[str],
        concurrency: int | None = None, return_exceptions: bool = False,
        batch_size: int | None = None,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None,
    ) -> list[models.SessionRecording] | list[models.SessionRecording | Exception]:
        """``get`` once per value of ``ids``, concurrently.

        At most ``concurrency`` requests are in flight; results come in the order of ``ids``. The
        first failure (after its retries) cancels the requests still in flight and is raised; with
        ``return_exceptions=True`` it takes its value's place instead.

        With ``batch_size=N`` (1 to 100) the values are fetched N at a time through
        ``session_recordings_list`` (``session_ids``, ``date_from=-5y``), then one ``get`` per value
        that list did not return, so a missing value fails exactly as without batching. Batched, a
        value given twice is fetched once (without batching, once per time it is given).

        The list's serializer (SessionRecordingSerializer in a list view) fills some fields
        differently from a GET: ``snapshot_source`` is always ``"web"`` and ``snapshot_library``
        ``None`` (the GET reads both from the recording's metadata, so a mobile recording says
        ``"mobile"``); ``activity_score`` is the list query's score (a GET leaves it ``None``);
        ``external_references`` is always ``[]`` (a GET loads the linked issues);
        ``summary_outcome`` holds the recording's AI summary outcome where one exists (a GET leaves
        it ``None``). A recording kept long-term is served from the service's database rather than
        its events store, so its ``activity_score``, ``expiry_time`` and ``recording_ttl`` may be
        ``None``.

        ``GET /api/environments/{project_id}/session_recordings/{id}/``. Required scope: ``session_recording:read``. Throttle class: ``recordings``.

        Args:
            ids: The values of ``id``, one request each.
            concurrency: The most requests in flight (default: the client's ``max_concurrency``).
            return_exceptions: Put a failure in its value's place instead of raising it.
            batch_size: Values per request of ``session_recordings_list`` (1 to 100); None: one
                request per value.
        """
        return await self._many(ops.SESSION_RECORDINGS_RETRIEVE, locals())


class SessionRecordingsUpdate(Endpoint, operation=ops.SESSION_RECORDINGS_PARTIAL_UPDATE):
    async def __call__(
        self, *, project_id: str | int | None = None, id: str, person: Any | NotGiven = NOT_GIVEN,
        viewed: bool | NotGiven = NOT_GIVEN, analyzed: bool | NotGiven = NOT_GIVEN,
        player_metadata: dict[str, Any] | NotGiven = NOT_GIVEN,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None, extra_body: Extra = None,
    ) -> models.SessionRecording | None:
        """Update a session recording.

        Returns the recording, or None when the service answers `{"success": true}` (as the live
        service does). The live service reads `viewed`, `analyzed` (one of them true, else 400) and
        `player_metadata`.

        ``PATCH /api/environments/{project_id}/session_recordings/{id}/``. Required scope: ``session_recording:write``. Throttle class: ``recordings``.

        Args:
            id: UUID string of the session recording.

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return await self._call(ops.SESSION_RECORDINGS_PARTIAL_UPDATE, locals())


class SessionRecordingsDelete(Endpoint, operation=ops.SESSION_RECORDINGS_DESTROY):
    async def __call__(
        self, *, project_id: str | int | None = None, id: str,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None,
    ) -> None:
        """Delete a session recording.

        ``DELETE /api/environments/{project_id}/session_recordings/{id}/``. Required scope: ``session_recording:write``. Throttle class: ``recordings``.

        Args:
            id: UUID string of the session recording.

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return await self._call(ops.SESSION_RECORDINGS_DESTROY, locals())


class SessionRecordingsGetSharing(Endpoint, operation=ops.SESSION_RECORDINGS_SHARING_RETRIEVE):
    async def __call__(
        self, *, project_id: str | int | None = None, recording_id: str,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None,
    ) -> models.SharingConfiguration:
        """Read the sharing configuration of one recording.

        Fields the service adds are kept as extra fields.

        ``GET /api/environments/{project_id}/session_recordings/{recording_id}/sharing/``. Required scope: ``sharing_configuration:read``. Throttle class: ``crud``.

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return await self._call(ops.SESSION_RECORDINGS_SHARING_RETRIEVE, locals())


class SessionRecordingsAiFilters(Endpoint, operation=ops.SESSION_RECORDINGS_AI_FILTERS_CREATE):
    async def __call__(
        self, *, project_id: str | int | None = None, person: Any | NotGiven = NOT_GIVEN,
        messages: list[dict[str, Any]] | NotGiven = NOT_GIVEN,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None, extra_body: Extra = None,
    ) -> models.AiFiltersResult | None:
        """Generate recording filters with AI.

        Returns the `{"result", "data"}` answer, or None for an empty body. The live service reads
        `messages` (`{"role": "user" | "assistant", "content": str}` each).

        ``POST /api/environments/{project_id}/session_recordings/ai/filters/``. Required scope: none listed. Throttle class: ``recordings``.
        Experimental: subject to change; the first call emits ``ExperimentalOperationWarning``.

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return await self._call(ops.SESSION_RECORDINGS_AI_FILTERS_CREATE, locals())


class SessionRecordingsAiRegex(Endpoint, operation=ops.SESSION_RECORDINGS_AI_REGEX_CREATE):
    async def __call__(
        self, *, project_id: str | int | None = None, person: Any | NotGiven = NOT_GIVEN,
        regex: str | NotGiven = NOT_GIVEN,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None, extra_body: Extra = None,
    ) -> models.AiRegexResult | None:
        """Generate a regex pattern with AI.

        Returns the `{"result", "data": {"output"}}` answer, or None for an empty body. The live
        service requires `regex` (400 without it).

        ``POST /api/environments/{project_id}/session_recordings/ai/regex/``. Required scope: none listed. Throttle class: ``recordings``.
        The service refuses personal API keys (403); the first call emits PersonalApiKeyWarning.
        Experimental: subject to change; the first call emits ``ExperimentalOperationWarning``.

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return await self._call(ops.SESSION_RECORDINGS_AI_REGEX_CREATE, locals())


class SessionRecordingsWithRawResponse(RawMethods):
    """``client.session_recordings.with_raw_response``: its methods, each returning a `RawResponse`."""

    list: Raw[SessionRecordingsList]
    get: Raw[SessionRecordingsGet]
    update: Raw[SessionRecordingsUpdate]
    delete: Raw[SessionRecordingsDelete]
    get_sharing: Raw[SessionRecordingsGetSharing]
    ai_filters: Raw[SessionRecordingsAiFilters]
    ai_regex: Raw[SessionRecordingsAiRegex]


class SessionRecordings(Resource):
    """``client.session_recordings``: list, get, get_many, update, delete, get_sharing, ai_filters, ai_regex."""

    list: SessionRecordingsList
    get: SessionRecordingsGet
    get_many: SessionRecordingsGetMany
    update: SessionRecordingsUpdate
    delete: SessionRecordingsDelete
    get_sharing: SessionRecordingsGetSharing
    ai_filters: SessionRecordingsAiFilters
    ai_regex: SessionRecordingsAiRegex
    with_raw_response: SessionRecordingsWithRawResponse


class SessionsPropertyDefinitions(Endpoint, operation=ops.SESSIONS_PROPERTY_DEFINITIONS_RETRIEVE):
    async def __call__(
        self, *, project_id: str | int | None = None,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None,
    ) -> Any:
        """Read session property definitions.

        Returns the decoded JSON body (live: `{"count", "results"}`), or None for an empty body.

        ``GET /api/environments/{project_id}/sessions/property_definitions/``. Required scope: none listed. Throttle class: ``recordings``.

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return await self._call(ops.SESSIONS_PROPERTY_DEFINITIONS_RETRIEVE, locals())


class SessionsWithRawResponse(RawMethods):
    """``client.sessions.with_raw_response``: its methods, each returning a `RawResponse`."""

    property_definitions: Raw[SessionsPropertyDefinitions]


class Sessions(Resource):
    """``client.sessions``: property_definitions."""

    property_definitions: SessionsPropertyDefinitions
    with_raw_response: SessionsWithRawResponse


class ProjectsUpdate(Endpoint, operation=ops.PROJECTS_PARTIAL_UPDATE, fields_type=PatchedProjectUpdateRequestFields):
    async def __call__(
        self, *, organization_id: str | None = None, id: int,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None, extra_body: Extra = None,
        **fields: Unpack[PatchedProjectUpdateRequestFields],
    ) -> models.Project:
        """Partially update the project.

        Takes every project body field, and the live serializer's other writable fields. The live
        service needs `project:write` of a personal API key; its 403 is a `PermissionDeniedError`.

        ``PATCH /api/organizations/{organization_id}/projects/{id}/``. Required scope: ``project:read``. Throttle class: ``crud``.

        Args:
            id: A unique integer value identifying this project.
            fields: The body fields (``PatchedProjectUpdateRequestFields``).

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return await self._call(ops.PROJECTS_PARTIAL_UPDATE, locals())


class ProjectsDelete(Endpoint, operation=ops.PROJECTS_DESTROY):
    async def __call__(
        self, *, organization_id: str | None = None, id: int,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None,
    ) -> None:
        """Delete the project.

        ``DELETE /api/organizations/{organization_id}/projects/{id}/``. Required scope: ``project:write``. Throttle class: ``crud``.

        Args:
            id: A unique integer value identifying this project.

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return await self._call(ops.PROJECTS_DESTROY, locals())


class ProjectsActivity(Endpoint, operation=ops.PROJECTS_ACTIVITY_RETRIEVE):
    def __call__(
        self, *, organization_id: str | None = None, id: int, page: int | None = None,
        limit: int | None = None,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None,
    ) -> Pager[models.ActivityLogEntry]:
        """Retrieve activity.

        A pager of the project's activity log, newest first, page-numbered (`page`, `limit`; 10 a
        page by default); `page.total_count` counts every entry. A project-shaped answer is a page
        with no results, its fields kept in `page.envelope`.

        ``GET /api/organizations/{organization_id}/projects/{id}/activity/``. Required scope: none listed. Throttle class: ``crud``.
        The service refuses personal API keys (403); the first call emits PersonalApiKeyWarning.

        Args:
            id: A unique integer value identifying this project.
            page: Page number, from 1 (the live service's default).
            limit: Entries per page (the live service's default is 10).

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return self._page(ops.PROJECTS_ACTIVITY_RETRIEVE, locals())


class ProjectsAddProductIntent(Endpoint, operation=ops.PROJECTS_ADD_PRODUCT_INTENT_PARTIAL_UPDATE, fields_type=PatchedProjectProductIntentRequestFields):
    async def __call__(
        self, *, organization_id: str | None = None, id: int,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None, extra_body: Extra = None,
        **fields: Unpack[PatchedProjectProductIntentRequestFields],
    ) -> models.Project:
        """Add product intent.

        The live service requires `product_type` and also reads `intent_context` and `metadata`.

        ``PATCH /api/organizations/{organization_id}/projects/{id}/add_product_intent/``. Required scope: ``team:read`` (the live service's ``project:read`` passes too). Throttle class: ``crud``.

        Args:
            id: A unique integer value identifying this project.
            fields: The body fields (``PatchedProjectProductIntentRequestFields``).

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return await self._call(ops.PROJECTS_ADD_PRODUCT_INTENT_PARTIAL_UPDATE, locals())


class ProjectsAuthenticateWizard(Endpoint, operation=ops.PROJECTS_AUTHENTICATE_WIZARD_CREATE, fields_type=ProjectAuthenticateWizardRequestFields):
    async def __call__(
        self, *, organization_id: str | None = None, id: int,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None, extra_body: Extra = None,
        **fields: Unpack[ProjectAuthenticateWizardRequestFields],
    ) -> models.WizardAuthenticationResult:
        """Authenticate wizard.

        The live service reads `hash` (400 without it or once expired) and answers `{"success":
        true}`; other fields are kept.

        ``POST /api/organizations/{organization_id}/projects/{id}/authenticate_wizard/``. Required scope: none listed. Throttle class: ``crud``.

        Args:
            id: A unique integer value identifying this project.
            fields: The body fields (``ProjectAuthenticateWizardRequestFields``).

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return await self._call(ops.PROJECTS_AUTHENTICATE_WIZARD_CREATE, locals())


class ProjectsChangeOrganization(Endpoint, operation=ops.PROJECTS_CHANGE_ORGANIZATION_CREATE, fields_type=PatchedProjectRequestFields):
    async def __call__(
        self, *, organization_id: str | None = None, id: int,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None, extra_body: Extra = None,
        **fields: Unpack[PatchedProjectRequestFields],
    ) -> models.Project:
        """Change organization.

        The target organization goes in the body field `organization_id`, which shares its name with
        the path parameter: pass it through `extra_body`. The caller must be an admin of both
        organizations.

        ``POST /api/organizations/{organization_id}/projects/{id}/change_organization/``. Required scope: none listed. Throttle class: ``crud``.
        The service refuses personal API keys (403); the first call emits PersonalApiKeyWarning.

        Body field ``organization_id``: not an argument (its name is taken or is not a Python
        name); send it as ``extra_body={"organization_id": ...}``.

        Args:
            id: A unique integer value identifying this project.
            fields: The body fields (``PatchedProjectRequestFields``).

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return await self._call(ops.PROJECTS_CHANGE_ORGANIZATION_CREATE, locals())


class ProjectsCompleteProductOnboarding(Endpoint, operation=ops.PROJECTS_COMPLETE_PRODUCT_ONBOARDING_PARTIAL_UPDATE, fields_type=PatchedProjectProductIntentRequestFields):
    async def __call__(
        self, *, organization_id: str | None = None, id: int,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None, extra_body: Extra = None,
        **fields: Unpack[PatchedProjectProductIntentRequestFields],
    ) -> models.Project:
        """Complete product onboarding.

        The live service requires `product_type` (a known product key; 400 otherwise).

        ``PATCH /api/organizations/{organization_id}/projects/{id}/complete_product_onboarding/``. Required scope: ``team:read`` (the live service's ``project:read`` passes too). Throttle class: ``crud``.

        Args:
            id: A unique integer value identifying this project.
            fields: The body fields (``PatchedProjectProductIntentRequestFields``).

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return await self._call(ops.PROJECTS_COMPLETE_PRODUCT_ONBOARDING_PARTIAL_UPDATE, locals())


class ProjectsIsGeneratingDemoData(Endpoint, operation=ops.PROJECTS_IS_GENERATING_DEMO_DATA_RETRIEVE):
    async def __call__(
        self, *, organization_id: str | None = None, id: int,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None,
    ) -> models.DemoDataStatus:
        """Tell whether demo data is being generated.

        Returns `DemoDataStatus` (`is_generating_demo_data`; other fields kept).

        ``GET /api/organizations/{organization_id}/projects/{id}/is_generating_demo_data/``. Required scope: none listed. Throttle class: ``crud``.
        The service refuses personal API keys (403); the first call emits PersonalApiKeyWarning.

        Args:
            id: A unique integer value identifying this project.

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return await self._call(ops.PROJECTS_IS_GENERATING_DEMO_DATA_RETRIEVE, locals())


class ProjectsResetToken(Endpoint, operation=ops.PROJECTS_RESET_TOKEN_PARTIAL_UPDATE, fields_type=PatchedProjectRequestFields):
    async def __call__(
        self, *, organization_id: str | None = None, id: int,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None, extra_body: Extra = None,
        **fields: Unpack[PatchedProjectRequestFields],
    ) -> models.Project:
        """Reset token.

        Project admins only; returns the project with its new `api_token`.

        ``PATCH /api/organizations/{organization_id}/projects/{id}/reset_token/``. Required scope: none listed. Throttle class: ``crud``.
        The service refuses personal API keys (403); the first call emits PersonalApiKeyWarning.

        Args:
            id: A unique integer value identifying this project.
            fields: The body fields (``PatchedProjectRequestFields``).

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return await self._call(ops.PROJECTS_RESET_TOKEN_PARTIAL_UPDATE, locals())


class ProjectsWithRawResponse(RawMethods):
    """``client.projects.with_raw_response``: its methods, each returning a `RawResponse`."""

    update: Raw[ProjectsUpdate]
    delete: Raw[ProjectsDelete]
    activity: Raw[ProjectsActivity]
    add_product_intent: Raw[ProjectsAddProductIntent]
    authenticate_wizard: Raw[ProjectsAuthenticateWizard]
    change_organization: Raw[ProjectsChangeOrganization]
    complete_product_onboarding: Raw[ProjectsCompleteProductOnboarding]
    is_generating_demo_data: Raw[ProjectsIsGeneratingDemoData]
    reset_token: Raw[ProjectsResetToken]


class Projects(Resource):
    """``client.projects``: update, delete, activity, add_product_intent, authenticate_wizard, change_organization, complete_product_onboarding, is_generating_demo_data, reset_token."""

    update: ProjectsUpdate
    delete: ProjectsDelete
    activity: ProjectsActivity
    add_product_intent: ProjectsAddProductIntent
    authenticate_wizard: ProjectsAuthenticateWizard
    change_organization: ProjectsChangeOrganization
    complete_product_onboarding: ProjectsCompleteProductOnboarding
    is_generating_demo_data: ProjectsIsGeneratingDemoData
    reset_token: ProjectsResetToken
    with_raw_response: ProjectsWithRawResponse


class ProxyRecordsList(Endpoint, operation=ops.PROXY_RECORDS_LIST):
    def __call__(
        self, *, organization_id: str | None = None, limit: int | None = None,
        offset: int | None = None,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None,
    ) -> Pager[models.ProxyRecord]:
        """List the proxy records of an organization.

        The live service ignores `limit` and `offset` and answers every record at once (`{"results",
        "max_proxy_records"}`).

        ``GET /api/organizations/{organization_id}/proxy_records/``. Required scope: ``organization:read``. Throttle class: ``crud``.

        Args:
            limit: Number of results to return per page.
            offset: The initial index from which to return the results.

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return self._page(ops.PROXY_RECORDS_LIST, locals())


class ProxyRecordsCreate(Endpoint, operation=ops.PROXY_RECORDS_CREATE):
    async def __call__(
        self, *, organization_id: str | None = None, domain: str,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None, extra_body: Extra = None,
    ) -> models.ProxyRecord:
        """Create a proxy record.

        ``POST /api/organizations/{organization_id}/proxy_records/``. Required scope: ``organization:write``. Throttle class: ``crud``.

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return await self._call(ops.PROXY_RECORDS_CREATE, locals())


class ProxyRecordsGet(Endpoint, operation=ops.PROXY_RECORDS_RETRIEVE):
    async def __call__(
        self, *, organization_id: str | None = None, id: str,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None,
    ) -> models.ProxyRecord:
        """Retrieve one proxy record.

        ``GET /api/organizations/{organization_id}/proxy_records/{id}/``. Required scope: ``organization:read``. Throttle class: ``crud``.

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return await self._call(ops.PROXY_RECORDS_RETRIEVE, locals())


class ProxyRecordsGetMany(Endpoint, operation=ops.PROXY_RECORDS_RETRIEVE, bulk=True):
    @overload
    async def __call__(
        self, *, organization_id: str | None = None, ids: Iterable[str],
        concurrency: int | None = None, return_exceptions: Literal[False] = False,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None,
    ) -> list[models.ProxyRecord]: ...

    @overload
    async def __call__(
        self, *, organization_id: str | None = None, ids: Iterable[str],
        concurrency: int | None = None, return_exceptions: Literal[True],
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None,
    ) -> list[models.ProxyRecord | Exception]: ...

    async def __call__(
        self, *, organization_id: str | None = None, ids: Iterable[str],
        concurrency: int | None = None, return_exceptions: bool = False,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None,
    ) -> list[models.ProxyRecord] | list[models.ProxyRecord | Exception]:
        """``get`` once per value of ``ids``, concurrently.

        At most ``concurrency`` requests are in flight; results come in the order of ``ids``. The
        first failure (after its retries) cancels the requests still in flight and is raised; with
        ``return_exceptions=True`` it takes its value's place instead.

        ``GET /api/organizations/{organization_id}/proxy_records/{id}/``. Required scope: ``organization:read``. Throttle class: ``crud``.

        Args:
            ids: The values of ``id``, one request each.
            concurrency: The most requests in flight (default: the client's ``max_concurrency``).
            return_exceptions: Put a failure in its value's place instead of raising it.
        """
        return await self._many(ops.PROXY_RECORDS_RETRIEVE, locals())


class ProxyRecordsUpdate(Endpoint, operation=ops.PROXY_RECORDS_PARTIAL_UPDATE):
    async def __call__(
        self, *, organization_id: str | None = None, id: str, domain: str | NotGiven = NOT_GIVEN,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None, extra_body: Extra = None,
    ) -> models.ProxyRecord:
        """Update a proxy record.

        ``PATCH /api/organizations/{organization_id}/proxy_records/{id}/``. Required scope: ``organization:write``. Throttle class: ``crud``.

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return await self._call(ops.PROXY_RECORDS_PARTIAL_UPDATE, locals())


class ProxyRecordsDelete(Endpoint, operation=ops.PROXY_RECORDS_DESTROY):
    async def __call__(
        self, *, organization_id: str | None = None, id: str,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None,
    ) -> None:
        """Delete a proxy record.

        ``DELETE /api/organizations/{organization_id}/proxy_records/{id}/``. Required scope: ``organization:write``. Throttle class: ``crud``.

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return await self._call(ops.PROXY_RECORDS_DESTROY, locals())


class ProxyRecordsWithRawResponse(RawMethods):
    """``client.proxy_records.with_raw_response``: its methods, each returning a `RawResponse`."""

    list: Raw[ProxyRecordsList]
    create: Raw[ProxyRecordsCreate]
    get: Raw[ProxyRecordsGet]
    update: Raw[ProxyRecordsUpdate]
    delete: Raw[ProxyRecordsDelete]


class ProxyRecords(Resource):
    """``client.proxy_records``: list, create, get, get_many, update, delete."""

    list: ProxyRecordsList
    create: ProxyRecordsCreate
    get: ProxyRecordsGet
    get_many: ProxyRecordsGetMany
    update: ProxyRecordsUpdate
    delete: ProxyRecordsDelete
    with_raw_response: ProxyRecordsWithRawResponse


class RolesList(Endpoint, operation=ops.ROLES_LIST):
    def __call__(
        self, *, organization_id: str | None = None, limit: int | None = None,
        offset: int | None = None,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None,
    ) -> Pager[models.Role]:
        """List the roles of an organization.

        ``GET /api/organizations/{organization_id}/roles/``. Required scope: ``organization:read``. Throttle class: ``crud``.

        Args:
            limit: Number of results to return per page.
            offset: The initial index from which to return the results.

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return self._page(ops.ROLES_LIST, locals())


class RolesCreate(Endpoint, operation=ops.ROLES_CREATE):
    async def __call__(
        self, *, organization_id: str | None = None, name: str,
        feature_flags_access_level: Any = None,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None, extra_body: Extra = None,
    ) -> models.Role:
        """Create a role.

        The current service ignores `feature_flags_access_level`.

        ``POST /api/organizations/{organization_id}/roles/``. Required scope: ``organization:write``. Throttle class: ``crud``.

        Args:
            feature_flags_access_level: Left out, the service picks its own level.

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return await self._call(ops.ROLES_CREATE, locals())


class RolesGet(Endpoint, operation=ops.ROLES_RETRIEVE):
    async def __call__(
        self, *, organization_id: str | None = None, id: str | UUID,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None,
    ) -> models.Role:
        """Retrieve one role.

        ``GET /api/organizations/{organization_id}/roles/{id}/``. Required scope: ``organization:read``. Throttle class: ``crud``.

        Args:
            id: UUID of the role.

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return await self._call(ops.ROLES_RETRIEVE, locals())


class RolesGetMany(Endpoint, operation=ops.ROLES_RETRIEVE, bulk=True):
    @overload
    async def __call__(
        self, *, organization_id: str | None = None, ids: Iterable[str | UUID],
        concurrency: int | None = None, return_exceptions: Literal[False] = False,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None,
    ) -> list[models.Role]: ...

    @overload
    async def __call__(
        self, *, organization_id: str | None = None, ids: Iterable[str | UUID],
        concurrency: int | None = None, return_exceptions: Literal[True],
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None,
    ) -> list[models.Role | Exception]: ...

    async def __call__(
        self, *, organization_id: str | None = None, ids: Iterable[str | UUID],
        concurrency: int | None = None, return_exceptions: bool = False,
        timeout: Seconds = None, deadline: Seconds = None, extra_headers: Headers = None, extra_query: Extra = None,
    ) -> list[models.Role] | list[models.Role | Exception]:
        """``get`` once per value of ``ids``, concurrently.

        At most ``concurrency`` requests are in flight; results come in the order of ``ids``. The
        first failure (after its retries) cancels the requests still in flight and is raised; with
        ``return_exceptions=True`` it takes its value's place instead.

        ``GET /api/organizations/{organization_id}/roles/{id}/``. Required scope: ``organization:read``. Throttle class: ``crud``.

        Args:
            ids: The values of ``id``, one request each.
            concurrency: The most requests in flight (default: the client's ``max_concurrency``).
            return_exceptions: Put a failure in its value's place instead of raising it.
        """
        return await self._many(ops.ROLES_RETRIEVE, locals())


class RolesWithRawResponse(RawMethods):
    """``client.roles.with_raw_response``: its methods, each returning a `RawResponse`."""

    list: Raw[RolesList]
    create: Raw[RolesCreate]
    get: Raw[RolesGet]


class Roles(Resource):
    """``client.roles``: list, create, get, get_many."""

    list: RolesList
    create: RolesCreate
    get: RolesGet
    get_many: RolesGetMany
    with_raw_response: RolesWithRawResponse



class ClientResources:
    """Every resource of the API as an attribute of the client."""

    session_recording_playlists: SessionRecordingPlaylists
    session_recordings: SessionRecordings
    sessions: Sessions
    projects: Projects
    proxy_records: ProxyRecords
    roles: Roles

    def __init__(self, requester: Requester) -> None:
        self.session_recording_playlists = SessionRecordingPlaylists(requester)
        self.session_recordings = SessionRecordings(requester)
        self.sessions = Sessions(requester)
        self.projects = Projects(requester)
        self.proxy_records = ProxyRecords(requester)
        self.roles = Roles(requester)

