# GENERATED FILE: do not edit by hand.
# Source: spec/openapi.yaml (version 1.0.0),
# sha256 7a5baf9070bcaeaa804ff9cb9243af344e5d5c89d97ddb14cac30922194facff,
# by codegen 3.1.0. Regenerate with `make generate`.
"""The resources of the client: one class per resource, a method per operation of the spec
that shows the request it builds, and each resource's `with_raw_response` view.

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
from functools import cached_property
from typing import Any, Literal, Protocol, overload
from uuid import UUID

from typing_extensions import TypedDict, Unpack

from product_analytics._resources.pagination import Pager
from product_analytics._resources.resource import (
    Extra,
    Headers,
    OperationFacts,
    Requester,
    RequestOptions,
    Resource,
    Seconds,
    bulk_endpoint,
    endpoint,
    known_fields,
    raw,
    raw_page,
)
from product_analytics._spec.operation import NOT_GIVEN, NotGiven

from . import models
from . import operations as ops


class PatchedProjectRequestFields(TypedDict, total=False):
    """The body fields of ``models.PatchedProjectRequest``.

    Only the fields given are sent.
    """

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
    ``PatchedProjectRequestFields`` and its own.

    Only the fields given are sent.
    """

    product_type: str
    intent_context: str
    metadata: dict[str, Any]


class PatchedProjectUpdateRequestFields(PatchedProjectRequestFields, total=False):
    """The body fields of ``models.PatchedProjectUpdateRequest``: those of
    ``PatchedProjectRequestFields`` and its own.

    Only the fields given are sent.
    """

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
    ``PatchedProjectRequestFields`` and its own.

    Only the fields given are sent.
    """

    hash: str


class SessionRecordingPlaylists(Resource):
    """``client.session_recording_playlists``.


    Methods: remove_recording.
    """

    @cached_property
    def with_raw_response(self) -> SessionRecordingPlaylistsWithRawResponse:
        """The same methods, each returning the `RawResponse` of its answer."""
        return SessionRecordingPlaylistsWithRawResponse(self)

    @endpoint(ops.SESSION_RECORDING_PLAYLISTS_RECORDINGS_DESTROY)
    async def remove_recording(
        self,
        *,
        project_id: str | int | None = None,
        short_id: str,
        session_recording_id: str,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
    ) -> None:
        """Remove a recording from a recording playlist.

        ``DELETE /api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/``
        ``{session_recording_id}/``
        Required scope: none listed.
        Throttle class: ``recordings``.
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
        return await self._client._request(
            ops.SESSION_RECORDING_PLAYLISTS_RECORDINGS_DESTROY,
            path={
                "project_id": project_id,
                "short_id": short_id,
                "session_recording_id": session_recording_id,
            },
            options=RequestOptions(
                timeout=timeout,
                deadline=deadline,
                extra_headers=extra_headers,
                extra_query=extra_query,
            ),
        )


class SessionRecordingPlaylistsWithRawResponse:
    """``client.session_recording_playlists.with_raw_response``.

    The resource's methods, each returning the `RawResponse` of its answer.
    """

    def __init__(self, resource: SessionRecordingPlaylists) -> None:
        self.remove_recording = raw(resource.remove_recording)


class SessionRecordingsGetMany(OperationFacts, Protocol):
    """The signatures of ``client.session_recordings.get_many``.

    A list of results, or with ``return_exceptions=True`` of results and exceptions.
    """

    @overload
    async def __call__(
        self,
        *,
        project_id: str | int | None = None,
        ids: Iterable[str],
        concurrency: int | None = None,
        return_exceptions: Literal[False] = False,
        batch_size: int | None = None,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
    ) -> list[models.SessionRecording]: ...
    @overload
    async def __call__(
        self,
        *,
        project_id: str | int | None = None,
        ids: Iterable[str],
        concurrency: int | None = None,
        return_exceptions: Literal[True],
        batch_size: int | None = None,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
    ) -> list[models.SessionRecording | Exception]: ...


class SessionRecordings(Resource):
    """``client.session_recordings``.


    Methods: list, get, get_many, update, delete, get_sharing, ai_filters, ai_regex.
    """

    @cached_property
    def with_raw_response(self) -> SessionRecordingsWithRawResponse:
        """The same methods, each returning the `RawResponse` of its answer."""
        return SessionRecordingsWithRawResponse(self)

    @endpoint(ops.SESSION_RECORDINGS_LIST)
    def list(
        self,
        *,
        project_id: str | int | None = None,
        limit: int | None = None,
        offset: int | None = None,
        date_from: str | None = None,
        date_to: str | None = None,
        session_ids: builtins.list[str] | None = None,
        order: Literal[
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
        ]
        | None = None,
        person_uuid: str | None = None,
        distinct_id: str | None = None,
        distinct_ids: builtins.list[str] | None = None,
        filter_test_accounts: bool | None = None,
        operand: Literal["AND", "OR"] | None = None,
        properties: builtins.list[dict[str, Any]] | None = None,
        events: builtins.list[dict[str, Any]] | None = None,
        actions: builtins.list[dict[str, Any]] | None = None,
        console_log_filters: builtins.list[dict[str, Any]] | None = None,
        having_predicates: builtins.list[dict[str, Any]] | None = None,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
    ) -> Pager[models.SessionRecording]:
        """List the session recordings of a project.

        Without `date_from` the live service lists only the last three days: pass `date_from` (e.g.
        `-30d` or an ISO date) for older recordings. Lists and objects are sent JSON-encoded,
        booleans as `true`/`false`; `order` sorts descending.

        ``GET /api/environments/{project_id}/session_recordings/``
        Required scope: ``session_recording:read``.
        Throttle class: ``recordings``. Also counted by ``listing``.

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
        return self._client._paginate(
            ops.SESSION_RECORDINGS_LIST,
            path={"project_id": project_id},
            query={
                "limit": limit,
                "offset": offset,
                "date_from": date_from,
                "date_to": date_to,
                "session_ids": session_ids,
                "order": order,
                "person_uuid": person_uuid,
                "distinct_id": distinct_id,
                "distinct_ids": distinct_ids,
                "filter_test_accounts": filter_test_accounts,
                "operand": operand,
                "properties": properties,
                "events": events,
                "actions": actions,
                "console_log_filters": console_log_filters,
                "having_predicates": having_predicates,
            },
            options=RequestOptions(
                timeout=timeout,
                deadline=deadline,
                extra_headers=extra_headers,
                extra_query=extra_query,
            ),
        )

    @endpoint(ops.SESSION_RECORDINGS_RETRIEVE)
    async def get(
        self,
        *,
        project_id: str | int | None = None,
        id: str,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
    ) -> models.SessionRecording:
        """Retrieve one session recording.

        ``GET /api/environments/{project_id}/session_recordings/{id}/``
        Required scope: ``session_recording:read``.
        Throttle class: ``recordings``.

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
        return await self._client._request(
            ops.SESSION_RECORDINGS_RETRIEVE,
            path={"project_id": project_id, "id": id},
            options=RequestOptions(
                timeout=timeout,
                deadline=deadline,
                extra_headers=extra_headers,
                extra_query=extra_query,
            ),
        )

    @bulk_endpoint[SessionRecordingsGetMany](ops.SESSION_RECORDINGS_RETRIEVE)
    async def get_many(
        self,
        *,
        project_id: str | int | None = None,
        ids: Iterable[str],
        concurrency: int | None = None,
        return_exceptions: bool = False,
        batch_size: int | None = None,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
    ) -> (
        builtins.list[models.SessionRecording] | builtins.list[models.SessionRecording | Exception]
    ):
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

        ``GET /api/environments/{project_id}/session_recordings/{id}/``
        Required scope: ``session_recording:read``.
        Throttle class: ``recordings``.

        Args:
            ids: The values of ``id``, one request each.
            concurrency: The most requests in flight (default: the client's ``max_concurrency``).
            return_exceptions: Put a failure in its value's place instead of raising it.
            batch_size: Values per request of ``session_recordings_list`` (1 to 100); None: one
                request per value.

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return await self._client._request_many(
            ops.SESSION_RECORDINGS_RETRIEVE,
            param="id",
            values=ids,
            path={"project_id": project_id},
            concurrency=concurrency,
            return_exceptions=return_exceptions,
            batch=ops.SESSION_RECORDINGS_RETRIEVE_BATCH,
            batch_size=batch_size,
            options=RequestOptions(
                timeout=timeout,
                deadline=deadline,
                extra_headers=extra_headers,
                extra_query=extra_query,
            ),
        )

    @endpoint(ops.SESSION_RECORDINGS_PARTIAL_UPDATE)
    async def update(
        self,
        *,
        project_id: str | int | None = None,
        id: str,
        person: Any | NotGiven = NOT_GIVEN,
        viewed: bool | NotGiven = NOT_GIVEN,
        analyzed: bool | NotGiven = NOT_GIVEN,
        player_metadata: dict[str, Any] | NotGiven = NOT_GIVEN,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
        extra_body: Extra = None,
    ) -> models.SessionRecording | None:
        """Update a session recording.

        Returns the recording, or None when the service answers `{"success": true}` (as the live
        service does). The live service reads `viewed`, `analyzed` (one of them true, else 400) and
        `player_metadata`.

        ``PATCH /api/environments/{project_id}/session_recordings/{id}/``
        Required scope: ``session_recording:write``.
        Throttle class: ``recordings``.

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
        return await self._client._request(
            ops.SESSION_RECORDINGS_PARTIAL_UPDATE,
            path={"project_id": project_id, "id": id},
            body={
                "person": person,
                "viewed": viewed,
                "analyzed": analyzed,
                "player_metadata": player_metadata,
            },
            options=RequestOptions(
                timeout=timeout,
                deadline=deadline,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )

    @endpoint(ops.SESSION_RECORDINGS_DESTROY)
    async def delete(
        self,
        *,
        project_id: str | int | None = None,
        id: str,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
    ) -> None:
        """Delete a session recording.

        ``DELETE /api/environments/{project_id}/session_recordings/{id}/``
        Required scope: ``session_recording:write``.
        Throttle class: ``recordings``.

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
        return await self._client._request(
            ops.SESSION_RECORDINGS_DESTROY,
            path={"project_id": project_id, "id": id},
            options=RequestOptions(
                timeout=timeout,
                deadline=deadline,
                extra_headers=extra_headers,
                extra_query=extra_query,
            ),
        )

    @endpoint(ops.SESSION_RECORDINGS_SHARING_RETRIEVE)
    async def get_sharing(
        self,
        *,
        project_id: str | int | None = None,
        recording_id: str,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
    ) -> models.SharingConfiguration:
        """Read the sharing configuration of one recording.

        Fields the service adds are kept as extra fields.

        ``GET /api/environments/{project_id}/session_recordings/{recording_id}/sharing/``
        Required scope: ``sharing_configuration:read``.
        Throttle class: ``crud``.

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return await self._client._request(
            ops.SESSION_RECORDINGS_SHARING_RETRIEVE,
            path={"project_id": project_id, "recording_id": recording_id},
            options=RequestOptions(
                timeout=timeout,
                deadline=deadline,
                extra_headers=extra_headers,
                extra_query=extra_query,
            ),
        )

    @endpoint(ops.SESSION_RECORDINGS_AI_FILTERS_CREATE)
    async def ai_filters(
        self,
        *,
        project_id: str | int | None = None,
        person: Any | NotGiven = NOT_GIVEN,
        messages: builtins.list[dict[str, Any]] | NotGiven = NOT_GIVEN,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
        extra_body: Extra = None,
    ) -> models.AiFiltersResult | None:
        """Generate recording filters with AI.

        Returns the `{"result", "data"}` answer, or None for an empty body. The live service reads
        `messages` (`{"role": "user" | "assistant", "content": str}` each).

        ``POST /api/environments/{project_id}/session_recordings/ai/filters/``
        Required scope: none listed.
        Throttle class: ``recordings``.
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
        return await self._client._request(
            ops.SESSION_RECORDINGS_AI_FILTERS_CREATE,
            path={"project_id": project_id},
            body={
                "person": person,
                "messages": messages,
            },
            options=RequestOptions(
                timeout=timeout,
                deadline=deadline,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )

    @endpoint(ops.SESSION_RECORDINGS_AI_REGEX_CREATE)
    async def ai_regex(
        self,
        *,
        project_id: str | int | None = None,
        person: Any | NotGiven = NOT_GIVEN,
        regex: str | NotGiven = NOT_GIVEN,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
        extra_body: Extra = None,
    ) -> models.AiRegexResult | None:
        """Generate a regex pattern with AI.

        Returns the `{"result", "data": {"output"}}` answer, or None for an empty body. The live
        service requires `regex` (400 without it).

        ``POST /api/environments/{project_id}/session_recordings/ai/regex/``
        Required scope: none listed.
        Throttle class: ``recordings``.
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
        return await self._client._request(
            ops.SESSION_RECORDINGS_AI_REGEX_CREATE,
            path={"project_id": project_id},
            body={
                "person": person,
                "regex": regex,
            },
            options=RequestOptions(
                timeout=timeout,
                deadline=deadline,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )


class SessionRecordingsWithRawResponse:
    """``client.session_recordings.with_raw_response``.

    The resource's methods, each returning the `RawResponse` of its answer.
    """

    def __init__(self, resource: SessionRecordings) -> None:
        self.list = raw_page(resource.list)
        self.get = raw(resource.get)
        self.update = raw(resource.update)
        self.delete = raw(resource.delete)
        self.get_sharing = raw(resource.get_sharing)
        self.ai_filters = raw(resource.ai_filters)
        self.ai_regex = raw(resource.ai_regex)


class Sessions(Resource):
    """``client.sessions``.


    Methods: property_definitions.
    """

    @cached_property
    def with_raw_response(self) -> SessionsWithRawResponse:
        """The same methods, each returning the `RawResponse` of its answer."""
        return SessionsWithRawResponse(self)

    @endpoint(ops.SESSIONS_PROPERTY_DEFINITIONS_RETRIEVE)
    async def property_definitions(
        self,
        *,
        project_id: str | int | None = None,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
    ) -> Any:
        """Read session property definitions.

        Returns the decoded JSON body (live: `{"count", "results"}`), or None for an empty body.

        ``GET /api/environments/{project_id}/sessions/property_definitions/``
        Required scope: none listed.
        Throttle class: ``recordings``.

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return await self._client._request(
            ops.SESSIONS_PROPERTY_DEFINITIONS_RETRIEVE,
            path={"project_id": project_id},
            options=RequestOptions(
                timeout=timeout,
                deadline=deadline,
                extra_headers=extra_headers,
                extra_query=extra_query,
            ),
        )


class SessionsWithRawResponse:
    """``client.sessions.with_raw_response``.

    The resource's methods, each returning the `RawResponse` of its answer.
    """

    def __init__(self, resource: Sessions) -> None:
        self.property_definitions = raw(resource.property_definitions)


class Projects(Resource):
    """``client.projects``.


    Methods: update, delete, activity, add_product_intent, authenticate_wizard, change_organization,
    complete_product_onboarding, is_generating_demo_data, reset_token.
    """

    @cached_property
    def with_raw_response(self) -> ProjectsWithRawResponse:
        """The same methods, each returning the `RawResponse` of its answer."""
        return ProjectsWithRawResponse(self)

    @endpoint(ops.PROJECTS_PARTIAL_UPDATE, fields=PatchedProjectUpdateRequestFields)
    async def update(
        self,
        *,
        organization_id: str | None = None,
        id: int,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
        extra_body: Extra = None,
        **fields: Unpack[PatchedProjectUpdateRequestFields],
    ) -> models.Project:
        """Partially update the project.

        Takes every project body field, and the live serializer's other writable fields. The live
        service needs `project:write` of a personal API key; its 403 is a `PermissionDeniedError`.

        ``PATCH /api/organizations/{organization_id}/projects/{id}/``
        Required scope: ``project:read``.
        Throttle class: ``crud``.

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
        return await self._client._request(
            ops.PROJECTS_PARTIAL_UPDATE,
            path={"organization_id": organization_id, "id": id},
            body=known_fields(fields, of=PatchedProjectUpdateRequestFields, method="update"),
            options=RequestOptions(
                timeout=timeout,
                deadline=deadline,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )

    @endpoint(ops.PROJECTS_DESTROY)
    async def delete(
        self,
        *,
        organization_id: str | None = None,
        id: int,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
    ) -> None:
        """Delete the project.

        ``DELETE /api/organizations/{organization_id}/projects/{id}/``
        Required scope: ``project:write``.
        Throttle class: ``crud``.

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
        return await self._client._request(
            ops.PROJECTS_DESTROY,
            path={"organization_id": organization_id, "id": id},
            options=RequestOptions(
                timeout=timeout,
                deadline=deadline,
                extra_headers=extra_headers,
                extra_query=extra_query,
            ),
        )

    @endpoint(ops.PROJECTS_ACTIVITY_RETRIEVE)
    def activity(
        self,
        *,
        organization_id: str | None = None,
        id: int,
        page: int | None = None,
        limit: int | None = None,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
    ) -> Pager[models.ActivityLogEntry]:
        """Retrieve activity.

        A pager of the project's activity log, newest first, page-numbered (`page`, `limit`; 10 a
        page by default); `page.total_count` counts every entry. A project-shaped answer is a page
        with no results, its fields kept in `page.envelope`.

        ``GET /api/organizations/{organization_id}/projects/{id}/activity/``
        Required scope: none listed.
        Throttle class: ``crud``.
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
        return self._client._paginate(
            ops.PROJECTS_ACTIVITY_RETRIEVE,
            path={"organization_id": organization_id, "id": id},
            query={
                "page": page,
                "limit": limit,
            },
            options=RequestOptions(
                timeout=timeout,
                deadline=deadline,
                extra_headers=extra_headers,
                extra_query=extra_query,
            ),
        )

    @endpoint(
        ops.PROJECTS_ADD_PRODUCT_INTENT_PARTIAL_UPDATE,
        fields=PatchedProjectProductIntentRequestFields,
    )
    async def add_product_intent(
        self,
        *,
        organization_id: str | None = None,
        id: int,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
        extra_body: Extra = None,
        **fields: Unpack[PatchedProjectProductIntentRequestFields],
    ) -> models.Project:
        """Add product intent.

        The live service requires `product_type` and also reads `intent_context` and `metadata`.

        ``PATCH /api/organizations/{organization_id}/projects/{id}/add_product_intent/``
        Required scope: ``team:read`` (the live service's ``project:read`` passes too).
        Throttle class: ``crud``.

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
        return await self._client._request(
            ops.PROJECTS_ADD_PRODUCT_INTENT_PARTIAL_UPDATE,
            path={"organization_id": organization_id, "id": id},
            body=known_fields(
                fields, of=PatchedProjectProductIntentRequestFields, method="add_product_intent"
            ),
            options=RequestOptions(
                timeout=timeout,
                deadline=deadline,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )

    @endpoint(
        ops.PROJECTS_AUTHENTICATE_WIZARD_CREATE, fields=ProjectAuthenticateWizardRequestFields
    )
    async def authenticate_wizard(
        self,
        *,
        organization_id: str | None = None,
        id: int,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
        extra_body: Extra = None,
        **fields: Unpack[ProjectAuthenticateWizardRequestFields],
    ) -> models.WizardAuthenticationResult:
        """Authenticate wizard.

        The live service reads `hash` (400 without it or once expired) and answers `{"success":
        true}`; other fields are kept.

        ``POST /api/organizations/{organization_id}/projects/{id}/authenticate_wizard/``
        Required scope: none listed.
        Throttle class: ``crud``.

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
        return await self._client._request(
            ops.PROJECTS_AUTHENTICATE_WIZARD_CREATE,
            path={"organization_id": organization_id, "id": id},
            body=known_fields(
                fields, of=ProjectAuthenticateWizardRequestFields, method="authenticate_wizard"
            ),
            options=RequestOptions(
                timeout=timeout,
                deadline=deadline,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )

    @endpoint(ops.PROJECTS_CHANGE_ORGANIZATION_CREATE, fields=PatchedProjectRequestFields)
    async def change_organization(
        self,
        *,
        organization_id: str | None = None,
        id: int,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
        extra_body: Extra = None,
        **fields: Unpack[PatchedProjectRequestFields],
    ) -> models.Project:
        """Change organization.

        The target organization goes in the body field `organization_id`, which shares its name with
        the path parameter: pass it through `extra_body`. The caller must be an admin of both
        organizations.

        ``POST /api/organizations/{organization_id}/projects/{id}/change_organization/``
        Required scope: none listed.
        Throttle class: ``crud``.
        The service refuses personal API keys (403); the first call emits PersonalApiKeyWarning.

        Body field ``organization_id``: not an argument (its name is taken or is not a Python name);
        send it as ``extra_body={"organization_id": ...}``.

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
        return await self._client._request(
            ops.PROJECTS_CHANGE_ORGANIZATION_CREATE,
            path={"organization_id": organization_id, "id": id},
            body=known_fields(fields, of=PatchedProjectRequestFields, method="change_organization"),
            options=RequestOptions(
                timeout=timeout,
                deadline=deadline,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )

    @endpoint(
        ops.PROJECTS_COMPLETE_PRODUCT_ONBOARDING_PARTIAL_UPDATE,
        fields=PatchedProjectProductIntentRequestFields,
    )
    async def complete_product_onboarding(
        self,
        *,
        organization_id: str | None = None,
        id: int,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
        extra_body: Extra = None,
        **fields: Unpack[PatchedProjectProductIntentRequestFields],
    ) -> models.Project:
        """Complete product onboarding.

        The live service requires `product_type` (a known product key; 400 otherwise).

        ``PATCH /api/organizations/{organization_id}/projects/{id}/complete_product_onboarding/``
        Required scope: ``team:read`` (the live service's ``project:read`` passes too).
        Throttle class: ``crud``.

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
        return await self._client._request(
            ops.PROJECTS_COMPLETE_PRODUCT_ONBOARDING_PARTIAL_UPDATE,
            path={"organization_id": organization_id, "id": id},
            body=known_fields(
                fields,
                of=PatchedProjectProductIntentRequestFields,
                method="complete_product_onboarding",
            ),
            options=RequestOptions(
                timeout=timeout,
                deadline=deadline,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )

    @endpoint(ops.PROJECTS_IS_GENERATING_DEMO_DATA_RETRIEVE)
    async def is_generating_demo_data(
        self,
        *,
        organization_id: str | None = None,
        id: int,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
    ) -> models.DemoDataStatus:
        """Tell whether demo data is being generated.

        Returns `DemoDataStatus` (`is_generating_demo_data`; other fields kept).

        ``GET /api/organizations/{organization_id}/projects/{id}/is_generating_demo_data/``
        Required scope: none listed.
        Throttle class: ``crud``.
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
        return await self._client._request(
            ops.PROJECTS_IS_GENERATING_DEMO_DATA_RETRIEVE,
            path={"organization_id": organization_id, "id": id},
            options=RequestOptions(
                timeout=timeout,
                deadline=deadline,
                extra_headers=extra_headers,
                extra_query=extra_query,
            ),
        )

    @endpoint(ops.PROJECTS_RESET_TOKEN_PARTIAL_UPDATE, fields=PatchedProjectRequestFields)
    async def reset_token(
        self,
        *,
        organization_id: str | None = None,
        id: int,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
        extra_body: Extra = None,
        **fields: Unpack[PatchedProjectRequestFields],
    ) -> models.Project:
        """Reset token.

        Project admins only; returns the project with its new `api_token`.

        ``PATCH /api/organizations/{organization_id}/projects/{id}/reset_token/``
        Required scope: none listed.
        Throttle class: ``crud``.
        The service refuses personal API keys (403); the first call emits PersonalApiKeyWarning.
        Not retried once the service may have seen the request: a repeat would do it again.

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
        return await self._client._request(
            ops.PROJECTS_RESET_TOKEN_PARTIAL_UPDATE,
            path={"organization_id": organization_id, "id": id},
            body=known_fields(fields, of=PatchedProjectRequestFields, method="reset_token"),
            options=RequestOptions(
                timeout=timeout,
                deadline=deadline,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )


class ProjectsWithRawResponse:
    """``client.projects.with_raw_response``.

    The resource's methods, each returning the `RawResponse` of its answer.
    """

    def __init__(self, resource: Projects) -> None:
        self.update = raw(resource.update)
        self.delete = raw(resource.delete)
        self.activity = raw_page(resource.activity)
        self.add_product_intent = raw(resource.add_product_intent)
        self.authenticate_wizard = raw(resource.authenticate_wizard)
        self.change_organization = raw(resource.change_organization)
        self.complete_product_onboarding = raw(resource.complete_product_onboarding)
        self.is_generating_demo_data = raw(resource.is_generating_demo_data)
        self.reset_token = raw(resource.reset_token)


class ProxyRecordsGetMany(OperationFacts, Protocol):
    """The signatures of ``client.proxy_records.get_many``.

    A list of results, or with ``return_exceptions=True`` of results and exceptions.
    """

    @overload
    async def __call__(
        self,
        *,
        organization_id: str | None = None,
        ids: Iterable[str],
        concurrency: int | None = None,
        return_exceptions: Literal[False] = False,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
    ) -> list[models.ProxyRecord]: ...
    @overload
    async def __call__(
        self,
        *,
        organization_id: str | None = None,
        ids: Iterable[str],
        concurrency: int | None = None,
        return_exceptions: Literal[True],
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
    ) -> list[models.ProxyRecord | Exception]: ...


class ProxyRecords(Resource):
    """``client.proxy_records``.


    Methods: list, create, get, get_many, update, delete.
    """

    @cached_property
    def with_raw_response(self) -> ProxyRecordsWithRawResponse:
        """The same methods, each returning the `RawResponse` of its answer."""
        return ProxyRecordsWithRawResponse(self)

    @endpoint(ops.PROXY_RECORDS_LIST)
    def list(
        self,
        *,
        organization_id: str | None = None,
        limit: int | None = None,
        offset: int | None = None,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
    ) -> Pager[models.ProxyRecord]:
        """List the proxy records of an organization.

        The live service ignores `limit` and `offset` and answers every record at once (`{"results",
        "max_proxy_records"}`).

        ``GET /api/organizations/{organization_id}/proxy_records/``
        Required scope: ``organization:read``.
        Throttle class: ``crud``.

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
        return self._client._paginate(
            ops.PROXY_RECORDS_LIST,
            path={"organization_id": organization_id},
            query={
                "limit": limit,
                "offset": offset,
            },
            options=RequestOptions(
                timeout=timeout,
                deadline=deadline,
                extra_headers=extra_headers,
                extra_query=extra_query,
            ),
        )

    @endpoint(ops.PROXY_RECORDS_CREATE)
    async def create(
        self,
        *,
        organization_id: str | None = None,
        domain: str,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
        extra_body: Extra = None,
    ) -> models.ProxyRecord:
        """Create a proxy record.

        ``POST /api/organizations/{organization_id}/proxy_records/``
        Required scope: ``organization:write``.
        Throttle class: ``crud``.

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return await self._client._request(
            ops.PROXY_RECORDS_CREATE,
            path={"organization_id": organization_id},
            body={
                "domain": domain,
            },
            options=RequestOptions(
                timeout=timeout,
                deadline=deadline,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )

    @endpoint(ops.PROXY_RECORDS_RETRIEVE)
    async def get(
        self,
        *,
        organization_id: str | None = None,
        id: str,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
    ) -> models.ProxyRecord:
        """Retrieve one proxy record.

        ``GET /api/organizations/{organization_id}/proxy_records/{id}/``
        Required scope: ``organization:read``.
        Throttle class: ``crud``.

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return await self._client._request(
            ops.PROXY_RECORDS_RETRIEVE,
            path={"organization_id": organization_id, "id": id},
            options=RequestOptions(
                timeout=timeout,
                deadline=deadline,
                extra_headers=extra_headers,
                extra_query=extra_query,
            ),
        )

    @bulk_endpoint[ProxyRecordsGetMany](ops.PROXY_RECORDS_RETRIEVE)
    async def get_many(
        self,
        *,
        organization_id: str | None = None,
        ids: Iterable[str],
        concurrency: int | None = None,
        return_exceptions: bool = False,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
    ) -> builtins.list[models.ProxyRecord] | builtins.list[models.ProxyRecord | Exception]:
        """``get`` once per value of ``ids``, concurrently.

        At most ``concurrency`` requests are in flight; results come in the order of ``ids``. The
        first failure (after its retries) cancels the requests still in flight and is raised; with
        ``return_exceptions=True`` it takes its value's place instead.

        ``GET /api/organizations/{organization_id}/proxy_records/{id}/``
        Required scope: ``organization:read``.
        Throttle class: ``crud``.

        Args:
            ids: The values of ``id``, one request each.
            concurrency: The most requests in flight (default: the client's ``max_concurrency``).
            return_exceptions: Put a failure in its value's place instead of raising it.

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return await self._client._request_many(
            ops.PROXY_RECORDS_RETRIEVE,
            param="id",
            values=ids,
            path={"organization_id": organization_id},
            concurrency=concurrency,
            return_exceptions=return_exceptions,
            options=RequestOptions(
                timeout=timeout,
                deadline=deadline,
                extra_headers=extra_headers,
                extra_query=extra_query,
            ),
        )

    @endpoint(ops.PROXY_RECORDS_PARTIAL_UPDATE)
    async def update(
        self,
        *,
        organization_id: str | None = None,
        id: str,
        domain: str | NotGiven = NOT_GIVEN,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
        extra_body: Extra = None,
    ) -> models.ProxyRecord:
        """Update a proxy record.

        ``PATCH /api/organizations/{organization_id}/proxy_records/{id}/``
        Required scope: ``organization:write``.
        Throttle class: ``crud``.

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return await self._client._request(
            ops.PROXY_RECORDS_PARTIAL_UPDATE,
            path={"organization_id": organization_id, "id": id},
            body={
                "domain": domain,
            },
            options=RequestOptions(
                timeout=timeout,
                deadline=deadline,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )

    @endpoint(ops.PROXY_RECORDS_DESTROY)
    async def delete(
        self,
        *,
        organization_id: str | None = None,
        id: str,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
    ) -> None:
        """Delete a proxy record.

        ``DELETE /api/organizations/{organization_id}/proxy_records/{id}/``
        Required scope: ``organization:write``.
        Throttle class: ``crud``.

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return await self._client._request(
            ops.PROXY_RECORDS_DESTROY,
            path={"organization_id": organization_id, "id": id},
            options=RequestOptions(
                timeout=timeout,
                deadline=deadline,
                extra_headers=extra_headers,
                extra_query=extra_query,
            ),
        )


class ProxyRecordsWithRawResponse:
    """``client.proxy_records.with_raw_response``.

    The resource's methods, each returning the `RawResponse` of its answer.
    """

    def __init__(self, resource: ProxyRecords) -> None:
        self.list = raw_page(resource.list)
        self.create = raw(resource.create)
        self.get = raw(resource.get)
        self.update = raw(resource.update)
        self.delete = raw(resource.delete)


class RolesGetMany(OperationFacts, Protocol):
    """The signatures of ``client.roles.get_many``.

    A list of results, or with ``return_exceptions=True`` of results and exceptions.
    """

    @overload
    async def __call__(
        self,
        *,
        organization_id: str | None = None,
        ids: Iterable[str | UUID],
        concurrency: int | None = None,
        return_exceptions: Literal[False] = False,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
    ) -> list[models.Role]: ...
    @overload
    async def __call__(
        self,
        *,
        organization_id: str | None = None,
        ids: Iterable[str | UUID],
        concurrency: int | None = None,
        return_exceptions: Literal[True],
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
    ) -> list[models.Role | Exception]: ...


class Roles(Resource):
    """``client.roles``.


    Methods: list, create, get, get_many.
    """

    @cached_property
    def with_raw_response(self) -> RolesWithRawResponse:
        """The same methods, each returning the `RawResponse` of its answer."""
        return RolesWithRawResponse(self)

    @endpoint(ops.ROLES_LIST)
    def list(
        self,
        *,
        organization_id: str | None = None,
        limit: int | None = None,
        offset: int | None = None,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
    ) -> Pager[models.Role]:
        """List the roles of an organization.

        ``GET /api/organizations/{organization_id}/roles/``
        Required scope: ``organization:read``.
        Throttle class: ``crud``.

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
        return self._client._paginate(
            ops.ROLES_LIST,
            path={"organization_id": organization_id},
            query={
                "limit": limit,
                "offset": offset,
            },
            options=RequestOptions(
                timeout=timeout,
                deadline=deadline,
                extra_headers=extra_headers,
                extra_query=extra_query,
            ),
        )

    @endpoint(ops.ROLES_CREATE)
    async def create(
        self,
        *,
        organization_id: str | None = None,
        name: str,
        feature_flags_access_level: Any = None,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
        extra_body: Extra = None,
    ) -> models.Role:
        """Create a role.

        The current service ignores `feature_flags_access_level`.

        ``POST /api/organizations/{organization_id}/roles/``
        Required scope: ``organization:write``.
        Throttle class: ``crud``.

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
        return await self._client._request(
            ops.ROLES_CREATE,
            path={"organization_id": organization_id},
            body={
                "name": name,
                "feature_flags_access_level": feature_flags_access_level,
            },
            options=RequestOptions(
                timeout=timeout,
                deadline=deadline,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )

    @endpoint(ops.ROLES_RETRIEVE)
    async def get(
        self,
        *,
        organization_id: str | None = None,
        id: str | UUID,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
    ) -> models.Role:
        """Retrieve one role.

        ``GET /api/organizations/{organization_id}/roles/{id}/``
        Required scope: ``organization:read``.
        Throttle class: ``crud``.

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
        return await self._client._request(
            ops.ROLES_RETRIEVE,
            path={"organization_id": organization_id, "id": id},
            options=RequestOptions(
                timeout=timeout,
                deadline=deadline,
                extra_headers=extra_headers,
                extra_query=extra_query,
            ),
        )

    @bulk_endpoint[RolesGetMany](ops.ROLES_RETRIEVE)
    async def get_many(
        self,
        *,
        organization_id: str | None = None,
        ids: Iterable[str | UUID],
        concurrency: int | None = None,
        return_exceptions: bool = False,
        timeout: Seconds = None,
        deadline: Seconds = None,
        extra_headers: Headers = None,
        extra_query: Extra = None,
    ) -> builtins.list[models.Role] | builtins.list[models.Role | Exception]:
        """``get`` once per value of ``ids``, concurrently.

        At most ``concurrency`` requests are in flight; results come in the order of ``ids``. The
        first failure (after its retries) cancels the requests still in flight and is raised; with
        ``return_exceptions=True`` it takes its value's place instead.

        ``GET /api/organizations/{organization_id}/roles/{id}/``
        Required scope: ``organization:read``.
        Throttle class: ``crud``.

        Args:
            ids: The values of ``id``, one request each.
            concurrency: The most requests in flight (default: the client's ``max_concurrency``).
            return_exceptions: Put a failure in its value's place instead of raising it.

        Raises:
            BadRequestError: 400: The service refused a value of the request.
            AuthenticationError: 401: No API key, or one the service does not know.
            PermissionDeniedError: 403: The key lacks the operation's scope, or the service refuses
                personal API keys for it.
            NotFoundError: 404: The organization, project or object does not exist (or no longer
                does).
            RateLimitError: 429: Throttled; `Retry-After` gives the seconds to wait.
        """
        return await self._client._request_many(
            ops.ROLES_RETRIEVE,
            param="id",
            values=ids,
            path={"organization_id": organization_id},
            concurrency=concurrency,
            return_exceptions=return_exceptions,
            options=RequestOptions(
                timeout=timeout,
                deadline=deadline,
                extra_headers=extra_headers,
                extra_query=extra_query,
            ),
        )


class RolesWithRawResponse:
    """``client.roles.with_raw_response``.

    The resource's methods, each returning the `RawResponse` of its answer.
    """

    def __init__(self, resource: Roles) -> None:
        self.list = raw_page(resource.list)
        self.create = raw(resource.create)
        self.get = raw(resource.get)


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
