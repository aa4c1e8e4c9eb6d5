# GENERATED FILE: do not edit by hand.
# Source: spec/openapi.yaml (version 1.0.0, sha256 79851a7aedd175e2b86d36af830ff905b2e786966e318b7365c42ce9329231ee),
# by codegen 2.0.0. Regenerate with `make generate`.
"""The resources of the client, one method per operation of the spec."""

from __future__ import annotations

import builtins
from collections.abc import Iterable, Mapping
from typing import Any, Literal, overload
from uuid import UUID

from product_analytics._operation import NOT_GIVEN, NotGiven
from product_analytics._pagination import Pager
from product_analytics._resource import Requester, RequestOptions, Resource, endpoint

from . import models
from . import operations as ops


class SessionRecordingPlaylists(Resource):
    """``client.session_recording_playlists``: remove_recording."""

    @endpoint(ops.SESSION_RECORDING_PLAYLISTS_RECORDINGS_DESTROY)
    async def remove_recording(
        self,
        *,
        project_id: str | int | None = None,
        short_id: str,
        session_recording_id: str,
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> None:
        """Remove a recording from a recording playlist.

        Live service (posthog/session_recordings/session_recording_playlist_api.py,
        `SessionRecordingPlaylistViewSet.modify_recordings`, POST and DELETE on
        `recordings/{session_recording_id}`): `scope_object = "session_recording_playlist"`,
        `scope_object_read_actions = ["list", "retrieve", "recordings"]`, and the action has
        no `required_scopes`, so the service refuses personal API keys for it. It answers
        `200 {"success": true}` instead of 204.

        ``DELETE /api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/{session_recording_id}/``

        Required scope: none listed.

        Throttle class: ``recordings`` (the service allows
        240 requests per minute and 1,200 requests per hour per API key).

        The live service refuses personal API keys for this operation (it answers 403,
        "This action does not support personal API key access");
        ``personal_api_key_allowed`` is False and the first call emits
        ``PersonalApiKeyWarning``.

        Args:
            project_id: Id of the project the environment path addresses. Default: the
                client's ``project_id``.
            short_id: Path parameter ``{short_id}``.
            session_recording_id: Path parameter ``{session_recording_id}``.
            timeout: Seconds for one attempt of this call, redirects included (default: the
                client's).
            deadline: Seconds for the whole call: attempts, retries and throttle waits
                (default: the client's).
            extra_headers: Headers added to the request.
            extra_query: Query parameters added to the request (lists repeat the name).
        """
        return await self._client._request(
            ops.SESSION_RECORDING_PLAYLISTS_RECORDINGS_DESTROY,
            path={
                "project_id": project_id,
                "short_id": short_id,
                "session_recording_id": session_recording_id,
            },
            query={},
            body=None,
            options=RequestOptions(timeout, extra_headers, extra_query, None, deadline),
        )


class SessionRecordings(Resource):
    """``client.session_recordings``: list, get, update, delete, get_sharing, ai_filters, ai_regex."""

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
        order: str | None = None,
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
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> Pager[models.SessionRecording]:
        """List the session recordings of a project.

        The description lists only `limit` and `offset`. The live service
        (posthog/session_recordings/session_recording_api.py, `SessionRecordingViewSet.list`)
        reads every query parameter into a `RecordingsQuery` (posthog/session_recordings/utils.py
        `filter_from_params_to_query`: each value is `json.loads`-ed when it parses as JSON,
        else kept as text), so lists and objects travel JSON-encoded and booleans as
        `true`/`false`. `RecordingsQuery` (frontend/src/queries/schema/schema-general.ts)
        defaults `date_from` to `-3d`: without `date_from` the live service hides recordings
        older than three days. Pass `date_from` (e.g. `-30d` or an ISO date) to see older
        ones. The filters: `date_from`, `date_to` (relative like `-7d` or ISO 8601),
        `session_ids` (a list of recording ids), `order` (a field such as `start_time`,
        `duration`, `console_error_count`, `activity_score`; descending), `person_uuid`,
        `distinct_ids` (a list; the current `RecordingsQuery` field), `distinct_id` (one id;
        read by the older `SessionRecordingsFilter`, posthog/models/filters/mixins/sessions.py
        `DistinctIdMixin`), `filter_test_accounts` (boolean), `operand` (`AND` or `OR`, how
        `properties`/`events`/`actions` combine), and the filter lists `properties`,
        `events`, `actions`, `console_log_filters`, `having_predicates`. Scope: live
        `scope_object = "session_recording"`, `list` is a read action:
        `session_recording:read`, as described.

        ``GET /api/environments/{project_id}/session_recordings/``

        Required scope: ``session_recording:read``.

        Throttle class: ``recordings`` (the service allows
        240 requests per minute and 1,200 requests per hour per API key).

        Args:
            project_id: Id of the project the environment path addresses. Default: the
                client's ``project_id``.
            limit: Number of results to return per page. Left out when None.
            offset: The initial index from which to return the results. Left out when None.
            date_from: Start of the window, relative (`-3d`, the service's default) or ISO
                8601. Left out when None.
            date_to: End of the window, relative (`-1d`) or ISO 8601; open when left out.
                Left out when None.
            session_ids: Only these recordings (JSON-encoded list of ids). Left out when
                None.
            order: Field to order by, descending (`start_time` by default). Left out when
                None.
            person_uuid: Only recordings of this person. Left out when None.
            distinct_id: Only recordings of this distinct id (the older filter's name). Left
                out when None.
            distinct_ids: Only recordings of these distinct ids (JSON-encoded list). Left
                out when None.
            filter_test_accounts: Leave out the project's test accounts. Left out when None.
            operand: How the filters combine (`AND` by default). Left out when None.
            properties: Property filters (JSON-encoded list of filter objects). Left out
                when None.
            events: Event filters (JSON-encoded list of event-filter objects). Left out when
                None.
            actions: Action filters (JSON-encoded list of action-filter objects). Left out
                when None.
            console_log_filters: Console-log filters (JSON-encoded list of filter objects).
                Left out when None.
            having_predicates: Duration and snapshot-source filters (JSON-encoded list).
                Left out when None.
            timeout: Seconds for one attempt of this call, redirects included (default: the
                client's).
            deadline: Seconds for the whole call: attempts, retries and throttle waits
                (default: the client's).
            extra_headers: Headers added to the request.
            extra_query: Query parameters added to the request (lists repeat the name).
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
            body=None,
            options=RequestOptions(timeout, extra_headers, extra_query, None, deadline),
        )

    @endpoint(ops.SESSION_RECORDINGS_RETRIEVE)
    async def get(
        self,
        *,
        project_id: str | int | None = None,
        id: str,
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> models.SessionRecording:
        """Retrieve one session recording.

        Scope: live `SessionRecordingViewSet` (posthog/session_recordings/session_recording_api.py,
        `scope_object = "session_recording"`), `retrieve` is a read action:
        `session_recording:read`, as described.

        ``GET /api/environments/{project_id}/session_recordings/{id}/``

        Required scope: ``session_recording:read``.

        Throttle class: ``recordings`` (the service allows
        240 requests per minute and 1,200 requests per hour per API key).

        Args:
            project_id: Id of the project the environment path addresses. Default: the
                client's ``project_id``.
            id: UUID string of the session recording.
            timeout: Seconds for one attempt of this call, redirects included (default: the
                client's).
            deadline: Seconds for the whole call: attempts, retries and throttle waits
                (default: the client's).
            extra_headers: Headers added to the request.
            extra_query: Query parameters added to the request (lists repeat the name).
        """
        return await self._client._request(
            ops.SESSION_RECORDINGS_RETRIEVE,
            path={"project_id": project_id, "id": id},
            query={},
            body=None,
            options=RequestOptions(timeout, extra_headers, extra_query, None, deadline),
        )

    @overload
    async def get_many(
        self,
        *,
        project_id: str | int | None = None,
        ids: Iterable[str],
        concurrency: int | None = None,
        return_exceptions: Literal[False] = False,
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> builtins.list[models.SessionRecording]: ...

    @overload
    async def get_many(
        self,
        *,
        project_id: str | int | None = None,
        ids: Iterable[str],
        concurrency: int | None = None,
        return_exceptions: Literal[True],
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> builtins.list[models.SessionRecording | Exception]: ...

    @endpoint(ops.SESSION_RECORDINGS_RETRIEVE, bulk=True)
    async def get_many(
        self,
        *,
        project_id: str | int | None = None,
        ids: Iterable[str],
        concurrency: int | None = None,
        return_exceptions: bool = False,
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> (
        builtins.list[models.SessionRecording] | builtins.list[models.SessionRecording | Exception]
    ):
        """Many at once: ``get`` once per value of ``ids``, concurrently.

        At most ``concurrency`` requests are in flight (default: the client's
        ``max_concurrency``). Results come back in the order of ``ids``. The first
        failure (after its retries) cancels the requests still in flight and is raised;
        with ``return_exceptions=True`` the exception takes that value's place instead.

        Required scope: ``session_recording:read``.

        Throttle class: ``recordings`` (the service allows
        240 requests per minute and 1,200 requests per hour per API key).

        Args:
            project_id: Id of the project the environment path addresses. Default: the
                client's ``project_id``.
            ids: The values of ``id``, one request each. UUID string of the session
                recording.
            concurrency: The most requests in flight at once (default: the client's
                ``max_concurrency``).
            return_exceptions: Put a failure in its value's place instead of raising it.
            timeout: Seconds for one attempt of this call, redirects included (default: the
                client's).
            deadline: Seconds for the whole call: attempts, retries and throttle waits
                (default: the client's).
            extra_headers: Headers added to the request.
            extra_query: Query parameters added to the request (lists repeat the name).
        """
        return await self._client._request_many(
            ops.SESSION_RECORDINGS_RETRIEVE,
            param="id",
            values=ids,
            path={"project_id": project_id},
            concurrency=concurrency,
            return_exceptions=return_exceptions,
            options=RequestOptions(timeout, extra_headers, extra_query, None, deadline),
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
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.SessionRecording | None:
        """Update a session recording.

        Returns the recording, or None when the service answers `200 {"success": true}`
        (as the live service does). Live
        (posthog/session_recordings/session_recording_api.py, `SessionRecordingViewSet.update`
        with `SessionRecordingUpdateSerializer`): the body fields are `viewed`, `analyzed`
        (one of them true, else 400) and `player_metadata`; `person` is not read. Scope:
        `partial_update` is a write action: `session_recording:write`, as described.

        ``PATCH /api/environments/{project_id}/session_recordings/{id}/``

        Required scope: ``session_recording:write``.

        Throttle class: ``recordings`` (the service allows
        240 requests per minute and 1,200 requests per hour per API key).

        Args:
            project_id: Id of the project the environment path addresses. Default: the
                client's ``project_id``.
            id: UUID string of the session recording.
            person: Body field ``person``. Left out unless given.
            viewed: Body field ``viewed``. Left out unless given.
            analyzed: Body field ``analyzed``. Left out unless given.
            player_metadata: Body field ``player_metadata``. Left out unless given.
            timeout: Seconds for one attempt of this call, redirects included (default: the
                client's).
            deadline: Seconds for the whole call: attempts, retries and throttle waits
                (default: the client's).
            extra_headers: Headers added to the request.
            extra_query: Query parameters added to the request (lists repeat the name).
            extra_body: Fields merged into the JSON body.
        """
        return await self._client._request(
            ops.SESSION_RECORDINGS_PARTIAL_UPDATE,
            path={"project_id": project_id, "id": id},
            query={},
            body={
                "person": person,
                "viewed": viewed,
                "analyzed": analyzed,
                "player_metadata": player_metadata,
            },
            options=RequestOptions(timeout, extra_headers, extra_query, extra_body, deadline),
        )

    @endpoint(ops.SESSION_RECORDINGS_DESTROY)
    async def delete(
        self,
        *,
        project_id: str | int | None = None,
        id: str,
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> None:
        """Delete a session recording.

        Scope: live `destroy` is a write action of `SessionRecordingViewSet`
        (posthog/session_recordings/session_recording_api.py): `session_recording:write`, as
        described; it answers 204.

        ``DELETE /api/environments/{project_id}/session_recordings/{id}/``

        Required scope: ``session_recording:write``.

        Throttle class: ``recordings`` (the service allows
        240 requests per minute and 1,200 requests per hour per API key).

        Args:
            project_id: Id of the project the environment path addresses. Default: the
                client's ``project_id``.
            id: UUID string of the session recording.
            timeout: Seconds for one attempt of this call, redirects included (default: the
                client's).
            deadline: Seconds for the whole call: attempts, retries and throttle waits
                (default: the client's).
            extra_headers: Headers added to the request.
            extra_query: Query parameters added to the request (lists repeat the name).
        """
        return await self._client._request(
            ops.SESSION_RECORDINGS_DESTROY,
            path={"project_id": project_id, "id": id},
            query={},
            body=None,
            options=RequestOptions(timeout, extra_headers, extra_query, None, deadline),
        )

    @endpoint(ops.SESSION_RECORDINGS_SHARING_RETRIEVE)
    async def get_sharing(
        self,
        *,
        project_id: str | int | None = None,
        recording_id: str,
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> models.SharingConfiguration:
        """Read the sharing configuration of one recording.

        Scope: live `SharingConfigurationViewSet` (posthog/api/sharing.py,
        `scope_object = "sharing_configuration"`), the GET is its `list` action:
        `sharing_configuration:read`, as described. Newer versions add fields to the answer
        (kept as extra fields).

        ``GET /api/environments/{project_id}/session_recordings/{recording_id}/sharing/``

        Required scope: ``sharing_configuration:read``.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).

        Args:
            project_id: Id of the project the environment path addresses. Default: the
                client's ``project_id``.
            recording_id: Path parameter ``{recording_id}``.
            timeout: Seconds for one attempt of this call, redirects included (default: the
                client's).
            deadline: Seconds for the whole call: attempts, retries and throttle waits
                (default: the client's).
            extra_headers: Headers added to the request.
            extra_query: Query parameters added to the request (lists repeat the name).
        """
        return await self._client._request(
            ops.SESSION_RECORDINGS_SHARING_RETRIEVE,
            path={"project_id": project_id, "recording_id": recording_id},
            query={},
            body=None,
            options=RequestOptions(timeout, extra_headers, extra_query, None, deadline),
        )

    @endpoint(ops.SESSION_RECORDINGS_AI_FILTERS_CREATE)
    async def ai_filters(
        self,
        *,
        project_id: str | int | None = None,
        person: Any | NotGiven = NOT_GIVEN,
        messages: builtins.list[dict[str, Any]] | NotGiven = NOT_GIVEN,
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.AiFiltersResult | None:
        """Generate recording filters with AI.

        In development and subject to change; do not depend on it.

        The description gives the body field `person` and no answer body. The live service
        (posthog/session_recordings/session_recording_api.py, `AiFilterRequest`) reads
        `messages`, a list of `{"role": "user" | "assistant", "content": str}`, and answers
        `{"result": ..., "data": ...}` in the structured-output schema of
        posthog/session_recordings/ai_data/ai_filter_schema.py (`result` is `question` or
        `filter`; `data` holds `question`, `date_from`, `date_to` and `filter_group`). Both
        are accepted: `person` stays an optional field, and an empty answer body returns
        None. Scope: the description lists none, and the current source no longer holds the
        action itself, so its live scope (and whether it refuses personal API keys, as its
        sibling `ai_regex` does) is not confirmed: the SDK checks no scope and does not warn.

        ``POST /api/environments/{project_id}/session_recordings/ai/filters/``

        Required scope: none listed.

        Throttle class: ``recordings`` (the service allows
        240 requests per minute and 1,200 requests per hour per API key).

        Experimental: in development and subject to change. The first call emits
        ``ExperimentalOperationWarning``.

        Args:
            project_id: Id of the project the environment path addresses. Default: the
                client's ``project_id``.
            person: Body field ``person``. Left out unless given.
            messages: Body field ``messages``. Left out unless given.
            timeout: Seconds for one attempt of this call, redirects included (default: the
                client's).
            deadline: Seconds for the whole call: attempts, retries and throttle waits
                (default: the client's).
            extra_headers: Headers added to the request.
            extra_query: Query parameters added to the request (lists repeat the name).
            extra_body: Fields merged into the JSON body.
        """
        return await self._client._request(
            ops.SESSION_RECORDINGS_AI_FILTERS_CREATE,
            path={"project_id": project_id},
            query={},
            body={"person": person, "messages": messages},
            options=RequestOptions(timeout, extra_headers, extra_query, extra_body, deadline),
        )

    @endpoint(ops.SESSION_RECORDINGS_AI_REGEX_CREATE)
    async def ai_regex(
        self,
        *,
        project_id: str | int | None = None,
        person: Any | NotGiven = NOT_GIVEN,
        regex: str | NotGiven = NOT_GIVEN,
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.AiRegexResult | None:
        """Generate a regex pattern with AI.

        In development and subject to change; do not depend on it.

        The description gives the body field `person` and no answer body. The live service
        (posthog/session_recordings/session_recording_api.py, `SessionRecordingViewSet.ai_regex`,
        POST `ai/regex`) reads `regex` (400 "Missing required field: regex" without it) and
        answers the structured output of `AiRegexSchema`
        (posthog/session_recordings/ai_data/ai_regex_schema.py):
        `{"result": "success" | "error", "data": {"output": str}}`. Scope: the viewset's
        `scope_object = "session_recording"` has `scope_object_read_actions = ["list",
        "retrieve", "snapshots"]`; `ai_regex` is in neither action list and has no
        `required_scopes`, so the live service refuses personal API keys for it. Both forms
        are accepted: `person` stays an optional field,
        and an empty answer body returns None.

        ``POST /api/environments/{project_id}/session_recordings/ai/regex/``

        Required scope: none listed.

        Throttle class: ``recordings`` (the service allows
        240 requests per minute and 1,200 requests per hour per API key).

        The live service refuses personal API keys for this operation (it answers 403,
        "This action does not support personal API key access");
        ``personal_api_key_allowed`` is False and the first call emits
        ``PersonalApiKeyWarning``.

        Experimental: in development and subject to change. The first call emits
        ``ExperimentalOperationWarning``.

        Args:
            project_id: Id of the project the environment path addresses. Default: the
                client's ``project_id``.
            person: Body field ``person``. Left out unless given.
            regex: Body field ``regex``. Left out unless given.
            timeout: Seconds for one attempt of this call, redirects included (default: the
                client's).
            deadline: Seconds for the whole call: attempts, retries and throttle waits
                (default: the client's).
            extra_headers: Headers added to the request.
            extra_query: Query parameters added to the request (lists repeat the name).
            extra_body: Fields merged into the JSON body.
        """
        return await self._client._request(
            ops.SESSION_RECORDINGS_AI_REGEX_CREATE,
            path={"project_id": project_id},
            query={},
            body={"person": person, "regex": regex},
            options=RequestOptions(timeout, extra_headers, extra_query, extra_body, deadline),
        )


class Sessions(Resource):
    """``client.sessions``: property_definitions."""

    @endpoint(ops.SESSIONS_PROPERTY_DEFINITIONS_RETRIEVE)
    async def property_definitions(
        self,
        *,
        project_id: str | int | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> Any:
        """Read session property definitions.

        The description gives no body; whatever JSON the service sends is returned. Live
        (posthog/api/session.py, `SessionViewSet.property_definitions`): answers
        `{"count": n, "results": [...]}`; `scope_object = "query"` with
        `scope_object_read_actions = ["property_definitions", "values"]`, so a personal API
        key needs `query:read` (older versions listed no read actions and refused personal
        API keys). The description lists no scope, so the SDK checks none.

        ``GET /api/environments/{project_id}/sessions/property_definitions/``

        Required scope: none listed.

        Throttle class: ``recordings`` (the service allows
        240 requests per minute and 1,200 requests per hour per API key).

        Args:
            project_id: Id of the project the environment path addresses. Default: the
                client's ``project_id``.
            timeout: Seconds for one attempt of this call, redirects included (default: the
                client's).
            deadline: Seconds for the whole call: attempts, retries and throttle waits
                (default: the client's).
            extra_headers: Headers added to the request.
            extra_query: Query parameters added to the request (lists repeat the name).
        """
        return await self._client._request(
            ops.SESSIONS_PROPERTY_DEFINITIONS_RETRIEVE,
            path={"project_id": project_id},
            query={},
            body=None,
            options=RequestOptions(timeout, extra_headers, extra_query, None, deadline),
        )


class Projects(Resource):
    """``client.projects``: update, delete, activity, add_product_intent, authenticate_wizard, change_organization, complete_product_onboarding, is_generating_demo_data, reset_token."""

    @endpoint(ops.PROJECTS_PARTIAL_UPDATE)
    async def update(
        self,
        *,
        organization_id: str | None = None,
        id: int,
        name: str | NotGiven = NOT_GIVEN,
        product_description: str | NotGiven | None = NOT_GIVEN,
        app_urls: list[Any] | NotGiven = NOT_GIVEN,
        chat_incoming_webhook: str | NotGiven = NOT_GIVEN,
        anonymize_ips: bool | NotGiven = NOT_GIVEN,
        completed_snippet_onboarding: bool | NotGiven = NOT_GIVEN,
        test_account_filters: Any | NotGiven = NOT_GIVEN,
        test_account_filters_default_checked: bool | NotGiven = NOT_GIVEN,
        path_cleaning_filters: Any | NotGiven = NOT_GIVEN,
        is_demo: bool | NotGiven = NOT_GIVEN,
        timezone: Any | NotGiven = NOT_GIVEN,
        data_attributes: Any | NotGiven = NOT_GIVEN,
        person_display_name_properties: list[Any] | NotGiven = NOT_GIVEN,
        correlation_config: Any | NotGiven = NOT_GIVEN,
        autocapture_opt_out: bool | NotGiven = NOT_GIVEN,
        autocapture_exceptions_opt_in: bool | NotGiven = NOT_GIVEN,
        autocapture_web_vitals_opt_in: bool | NotGiven = NOT_GIVEN,
        autocapture_web_vitals_allowed_metrics: Any | NotGiven = NOT_GIVEN,
        autocapture_exceptions_errors_to_ignore: Any | NotGiven = NOT_GIVEN,
        capture_console_log_opt_in: bool | NotGiven = NOT_GIVEN,
        capture_performance_opt_in: bool | NotGiven = NOT_GIVEN,
        session_recording_opt_in: bool | NotGiven = NOT_GIVEN,
        session_recording_sample_rate: str | NotGiven = NOT_GIVEN,
        session_recording_minimum_duration_milliseconds: int | NotGiven = NOT_GIVEN,
        session_recording_linked_flag: Any | NotGiven = NOT_GIVEN,
        session_recording_network_payload_capture_config: Any | NotGiven = NOT_GIVEN,
        session_recording_masking_config: Any | NotGiven = NOT_GIVEN,
        session_replay_config: Any | NotGiven = NOT_GIVEN,
        survey_config: Any | NotGiven = NOT_GIVEN,
        access_control: bool | NotGiven = NOT_GIVEN,
        week_start_day: Any | NotGiven = NOT_GIVEN,
        primary_dashboard: int | NotGiven | None = NOT_GIVEN,
        live_events_columns: list[Any] | NotGiven = NOT_GIVEN,
        recording_domains: list[Any] | NotGiven = NOT_GIVEN,
        inject_web_apps: bool | NotGiven = NOT_GIVEN,
        extra_settings: Any | NotGiven = NOT_GIVEN,
        modifiers: Any | NotGiven = NOT_GIVEN,
        has_completed_onboarding_for: Any | NotGiven = NOT_GIVEN,
        surveys_opt_in: bool | NotGiven = NOT_GIVEN,
        heatmaps_opt_in: bool | NotGiven = NOT_GIVEN,
        flags_persistence_default: bool | NotGiven = NOT_GIVEN,
        session_recording_url_trigger_config: list[dict[str, Any]] | NotGiven | None = NOT_GIVEN,
        session_recording_url_blocklist_config: list[dict[str, Any]] | NotGiven | None = NOT_GIVEN,
        session_recording_event_trigger_config: list[str] | NotGiven | None = NOT_GIVEN,
        session_recording_trigger_match_type_config: str | NotGiven | None = NOT_GIVEN,
        session_recording_trigger_groups: Any | NotGiven = NOT_GIVEN,
        session_recording_retention_period: str | NotGiven = NOT_GIVEN,
        receive_org_level_activity_logs: bool | NotGiven | None = NOT_GIVEN,
        business_model: str | NotGiven | None = NOT_GIVEN,
        conversations_enabled: bool | NotGiven | None = NOT_GIVEN,
        conversations_settings: dict[str, Any] | NotGiven | None = NOT_GIVEN,
        logs_settings: dict[str, Any] | NotGiven | None = NOT_GIVEN,
        proactive_tasks_enabled: bool | NotGiven | None = NOT_GIVEN,
        revenue_analytics_config: dict[str, Any] | NotGiven = NOT_GIVEN,
        marketing_analytics_config: dict[str, Any] | NotGiven = NOT_GIVEN,
        customer_analytics_config: dict[str, Any] | NotGiven = NOT_GIVEN,
        workflows_config: dict[str, Any] | NotGiven = NOT_GIVEN,
        base_currency: str | NotGiven = NOT_GIVEN,
        capture_dead_clicks: bool | NotGiven | None = NOT_GIVEN,
        cookieless_server_hash_mode: int | NotGiven | None = NOT_GIVEN,
        human_friendly_comparison_periods: bool | NotGiven | None = NOT_GIVEN,
        feature_flag_confirmation_enabled: bool | NotGiven | None = NOT_GIVEN,
        feature_flag_confirmation_message: str | NotGiven | None = NOT_GIVEN,
        default_evaluation_contexts_enabled: bool | NotGiven | None = NOT_GIVEN,
        require_evaluation_contexts: bool | NotGiven | None = NOT_GIVEN,
        default_data_theme: int | NotGiven | None = NOT_GIVEN,
        onboarding_tasks: Any | NotGiven = NOT_GIVEN,
        web_analytics_pre_aggregated_tables_enabled: bool | NotGiven | None = NOT_GIVEN,
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Project:
        """Partially update the project.

        Takes every project body field the description lists, plus the live serializer's
        other writable fields (see `PatchedProjectUpdateRequest`). Scope: the description
        lists `project:read`. Live (posthog/api/project.py, `ProjectViewSet`,
        `scope_object = "project"`): `partial_update` is a write action, so a personal API
        key needs `project:write`; `dangerously_get_required_scopes` lowers it to
        `project:read` only for session (browser) authentication and member-safe fields
        (an older revision did so for any key when every field was a team config field).
        The SDK checks the description's `project:read` (which `project:write`, `team:read`
        and `team:write` also grant); the service's 403 reaches the caller as
        `PermissionDeniedError`.

        ``PATCH /api/organizations/{organization_id}/projects/{id}/``

        Required scope: ``project:read``.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).

        Args:
            organization_id: Path parameter ``{organization_id}``. Default: the client's
                ``organization_id``.
            id: A unique integer value identifying this project.
            name: Body field ``name``. Left out unless given.
            product_description: Body field ``product_description``. Left out unless given.
            app_urls: Body field ``app_urls``. Left out unless given.
            chat_incoming_webhook: Body field ``chat_incoming_webhook``. Left out unless
                given.
            anonymize_ips: Body field ``anonymize_ips``. Left out unless given.
            completed_snippet_onboarding: Body field ``completed_snippet_onboarding``. Left
                out unless given.
            test_account_filters: Body field ``test_account_filters``. Left out unless
                given.
            test_account_filters_default_checked: Body field
                ``test_account_filters_default_checked``. Left out unless given.
            path_cleaning_filters: Body field ``path_cleaning_filters``. Left out unless
                given.
            is_demo: Body field ``is_demo``. Left out unless given.
            timezone: Body field ``timezone``. Left out unless given.
            data_attributes: Body field ``data_attributes``. Left out unless given.
            person_display_name_properties: Body field ``person_display_name_properties``.
                Left out unless given.
            correlation_config: Body field ``correlation_config``. Left out unless given.
            autocapture_opt_out: Body field ``autocapture_opt_out``. Left out unless given.
            autocapture_exceptions_opt_in: Body field ``autocapture_exceptions_opt_in``.
                Left out unless given.
            autocapture_web_vitals_opt_in: Body field ``autocapture_web_vitals_opt_in``.
                Left out unless given.
            autocapture_web_vitals_allowed_metrics: Body field
                ``autocapture_web_vitals_allowed_metrics``. Left out unless given.
            autocapture_exceptions_errors_to_ignore: Body field
                ``autocapture_exceptions_errors_to_ignore``. Left out unless given.
            capture_console_log_opt_in: Body field ``capture_console_log_opt_in``. Left out
                unless given.
            capture_performance_opt_in: Body field ``capture_performance_opt_in``. Left out
                unless given.
            session_recording_opt_in: Body field ``session_recording_opt_in``. Left out
                unless given.
            session_recording_sample_rate: Body field ``session_recording_sample_rate``.
                Left out unless given.
            session_recording_minimum_duration_milliseconds: Body field
                ``session_recording_minimum_duration_milliseconds``. Left out unless given.
            session_recording_linked_flag: Body field ``session_recording_linked_flag``.
                Left out unless given.
            session_recording_network_payload_capture_config: Body field
                ``session_recording_network_payload_capture_config``. Left out unless given.
            session_recording_masking_config: Body field
                ``session_recording_masking_config``. Left out unless given.
            session_replay_config: Body field ``session_replay_config``. Left out unless
                given.
            survey_config: Body field ``survey_config``. Left out unless given.
            access_control: Body field ``access_control``. Left out unless given.
            week_start_day: Body field ``week_start_day``. Left out unless given.
            primary_dashboard: Body field ``primary_dashboard``. Left out unless given.
            live_events_columns: Body field ``live_events_columns``. Left out unless given.
            recording_domains: Body field ``recording_domains``. Left out unless given.
            inject_web_apps: Body field ``inject_web_apps``. Left out unless given.
            extra_settings: Body field ``extra_settings``. Left out unless given.
            modifiers: Body field ``modifiers``. Left out unless given.
            has_completed_onboarding_for: Body field ``has_completed_onboarding_for``. Left
                out unless given.
            surveys_opt_in: Body field ``surveys_opt_in``. Left out unless given.
            heatmaps_opt_in: Body field ``heatmaps_opt_in``. Left out unless given.
            flags_persistence_default: Body field ``flags_persistence_default``. Left out
                unless given.
            session_recording_url_trigger_config: Body field
                ``session_recording_url_trigger_config``. Left out unless given.
            session_recording_url_blocklist_config: Body field
                ``session_recording_url_blocklist_config``. Left out unless given.
            session_recording_event_trigger_config: Body field
                ``session_recording_event_trigger_config``. Left out unless given.
            session_recording_trigger_match_type_config: `all` or `any`. Left out unless
                given.
            session_recording_trigger_groups: Body field
                ``session_recording_trigger_groups``. Left out unless given.
            session_recording_retention_period: How long new recordings are kept: `30d`,
                `90d`, `1y` or `5y`. Left out unless given.
            receive_org_level_activity_logs: Body field ``receive_org_level_activity_logs``.
                Left out unless given.
            business_model: `b2b` or `b2c`. Left out unless given.
            conversations_enabled: Body field ``conversations_enabled``. Left out unless
                given.
            conversations_settings: Body field ``conversations_settings``. Left out unless
                given.
            logs_settings: Body field ``logs_settings``. Left out unless given.
            proactive_tasks_enabled: Body field ``proactive_tasks_enabled``. Left out unless
                given.
            revenue_analytics_config: Body field ``revenue_analytics_config``. Left out
                unless given.
            marketing_analytics_config: Body field ``marketing_analytics_config``. Left out
                unless given.
            customer_analytics_config: Body field ``customer_analytics_config``. Left out
                unless given.
            workflows_config: Body field ``workflows_config``. Left out unless given.
            base_currency: ISO 4217 currency code, e.g. `USD`. Left out unless given.
            capture_dead_clicks: Body field ``capture_dead_clicks``. Left out unless given.
            cookieless_server_hash_mode: 0 disabled, 1 stateless, 2 stateful. Left out
                unless given.
            human_friendly_comparison_periods: Body field
                ``human_friendly_comparison_periods``. Left out unless given.
            feature_flag_confirmation_enabled: Body field
                ``feature_flag_confirmation_enabled``. Left out unless given.
            feature_flag_confirmation_message: Body field
                ``feature_flag_confirmation_message``. Left out unless given.
            default_evaluation_contexts_enabled: Body field
                ``default_evaluation_contexts_enabled``. Left out unless given.
            require_evaluation_contexts: Body field ``require_evaluation_contexts``. Left
                out unless given.
            default_data_theme: Body field ``default_data_theme``. Left out unless given.
            onboarding_tasks: Body field ``onboarding_tasks``. Left out unless given.
            web_analytics_pre_aggregated_tables_enabled: Body field
                ``web_analytics_pre_aggregated_tables_enabled``. Left out unless given.
            timeout: Seconds for one attempt of this call, redirects included (default: the
                client's).
            deadline: Seconds for the whole call: attempts, retries and throttle waits
                (default: the client's).
            extra_headers: Headers added to the request.
            extra_query: Query parameters added to the request (lists repeat the name).
            extra_body: Fields merged into the JSON body.
        """
        return await self._client._request(
            ops.PROJECTS_PARTIAL_UPDATE,
            path={"organization_id": organization_id, "id": id},
            query={},
            body={
                "name": name,
                "product_description": product_description,
                "app_urls": app_urls,
                "chat_incoming_webhook": chat_incoming_webhook,
                "anonymize_ips": anonymize_ips,
                "completed_snippet_onboarding": completed_snippet_onboarding,
                "test_account_filters": test_account_filters,
                "test_account_filters_default_checked": test_account_filters_default_checked,
                "path_cleaning_filters": path_cleaning_filters,
                "is_demo": is_demo,
                "timezone": timezone,
                "data_attributes": data_attributes,
                "person_display_name_properties": person_display_name_properties,
                "correlation_config": correlation_config,
                "autocapture_opt_out": autocapture_opt_out,
                "autocapture_exceptions_opt_in": autocapture_exceptions_opt_in,
                "autocapture_web_vitals_opt_in": autocapture_web_vitals_opt_in,
                "autocapture_web_vitals_allowed_metrics": autocapture_web_vitals_allowed_metrics,
                "autocapture_exceptions_errors_to_ignore": autocapture_exceptions_errors_to_ignore,
                "capture_console_log_opt_in": capture_console_log_opt_in,
                "capture_performance_opt_in": capture_performance_opt_in,
                "session_recording_opt_in": session_recording_opt_in,
                "session_recording_sample_rate": session_recording_sample_rate,
                "session_recording_minimum_duration_milliseconds": session_recording_minimum_duration_milliseconds,
                "session_recording_linked_flag": session_recording_linked_flag,
                "session_recording_network_payload_capture_config": session_recording_network_payload_capture_config,
                "session_recording_masking_config": session_recording_masking_config,
                "session_replay_config": session_replay_config,
                "survey_config": survey_config,
                "access_control": access_control,
                "week_start_day": week_start_day,
                "primary_dashboard": primary_dashboard,
                "live_events_columns": live_events_columns,
                "recording_domains": recording_domains,
                "inject_web_apps": inject_web_apps,
                "extra_settings": extra_settings,
                "modifiers": modifiers,
                "has_completed_onboarding_for": has_completed_onboarding_for,
                "surveys_opt_in": surveys_opt_in,
                "heatmaps_opt_in": heatmaps_opt_in,
                "flags_persistence_default": flags_persistence_default,
                "session_recording_url_trigger_config": session_recording_url_trigger_config,
                "session_recording_url_blocklist_config": session_recording_url_blocklist_config,
                "session_recording_event_trigger_config": session_recording_event_trigger_config,
                "session_recording_trigger_match_type_config": session_recording_trigger_match_type_config,
                "session_recording_trigger_groups": session_recording_trigger_groups,
                "session_recording_retention_period": session_recording_retention_period,
                "receive_org_level_activity_logs": receive_org_level_activity_logs,
                "business_model": business_model,
                "conversations_enabled": conversations_enabled,
                "conversations_settings": conversations_settings,
                "logs_settings": logs_settings,
                "proactive_tasks_enabled": proactive_tasks_enabled,
                "revenue_analytics_config": revenue_analytics_config,
                "marketing_analytics_config": marketing_analytics_config,
                "customer_analytics_config": customer_analytics_config,
                "workflows_config": workflows_config,
                "base_currency": base_currency,
                "capture_dead_clicks": capture_dead_clicks,
                "cookieless_server_hash_mode": cookieless_server_hash_mode,
                "human_friendly_comparison_periods": human_friendly_comparison_periods,
                "feature_flag_confirmation_enabled": feature_flag_confirmation_enabled,
                "feature_flag_confirmation_message": feature_flag_confirmation_message,
                "default_evaluation_contexts_enabled": default_evaluation_contexts_enabled,
                "require_evaluation_contexts": require_evaluation_contexts,
                "default_data_theme": default_data_theme,
                "onboarding_tasks": onboarding_tasks,
                "web_analytics_pre_aggregated_tables_enabled": web_analytics_pre_aggregated_tables_enabled,
            },
            options=RequestOptions(timeout, extra_headers, extra_query, extra_body, deadline),
        )

    @endpoint(ops.PROJECTS_DESTROY)
    async def delete(
        self,
        *,
        organization_id: str | None = None,
        id: int,
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> None:
        """Delete the project.

        Scope: live `destroy` is a write action of `ProjectViewSet` (posthog/api/project.py,
        `scope_object = "project"`): `project:write`, as described.

        ``DELETE /api/organizations/{organization_id}/projects/{id}/``

        Required scope: ``project:write``.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).

        Args:
            organization_id: Path parameter ``{organization_id}``. Default: the client's
                ``organization_id``.
            id: A unique integer value identifying this project.
            timeout: Seconds for one attempt of this call, redirects included (default: the
                client's).
            deadline: Seconds for the whole call: attempts, retries and throttle waits
                (default: the client's).
            extra_headers: Headers added to the request.
            extra_query: Query parameters added to the request (lists repeat the name).
        """
        return await self._client._request(
            ops.PROJECTS_DESTROY,
            path={"organization_id": organization_id, "id": id},
            query={},
            body=None,
            options=RequestOptions(timeout, extra_headers, extra_query, None, deadline),
        )

    @endpoint(ops.PROJECTS_ACTIVITY_RETRIEVE)
    def activity(
        self,
        *,
        organization_id: str | None = None,
        id: int,
        page: int | None = None,
        limit: int | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> Pager[models.ActivityLogEntry]:
        """Retrieve activity.

        The description says this answers the project shape. The live service
        (posthog/api/project.py, `ProjectViewSet.activity`; the envelope is built by
        posthog/models/activity_logging/activity_page.py `activity_page_response`, the
        entries by posthog/models/activity_logging/serializers.py `ActivityLogSerializer`,
        component name `ActivityLogEntry`) answers a page-numbered envelope
        `{"results": [...], "next", "previous", "total_count"}` of the project's activity log
        (scope `Team`), newest first, `limit` entries a page (default 10) at `page` (default
        1); `next`/`previous` are absolute URLs carrying `page` and `limit`. Both parse: a
        project-shaped answer is a page with no results whose fields are kept in the
        envelope. `activity` is in neither action list of `ProjectViewSet` and has no
        `required_scopes`, so the live service refuses personal API keys for it.

        ``GET /api/organizations/{organization_id}/projects/{id}/activity/``

        Required scope: none listed.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).

        The live service refuses personal API keys for this operation (it answers 403,
        "This action does not support personal API key access");
        ``personal_api_key_allowed`` is False and the first call emits
        ``PersonalApiKeyWarning``.

        Args:
            organization_id: Path parameter ``{organization_id}``. Default: the client's
                ``organization_id``.
            id: A unique integer value identifying this project.
            page: Page number, from 1 (the live service's default). Left out when None.
            limit: Entries per page (the live service's default is 10). Left out when None.
            timeout: Seconds for one attempt of this call, redirects included (default: the
                client's).
            deadline: Seconds for the whole call: attempts, retries and throttle waits
                (default: the client's).
            extra_headers: Headers added to the request.
            extra_query: Query parameters added to the request (lists repeat the name).
        """
        return self._client._paginate(
            ops.PROJECTS_ACTIVITY_RETRIEVE,
            path={"organization_id": organization_id, "id": id},
            query={"page": page, "limit": limit},
            body=None,
            options=RequestOptions(timeout, extra_headers, extra_query, None, deadline),
        )

    @endpoint(ops.PROJECTS_ADD_PRODUCT_INTENT_PARTIAL_UPDATE)
    async def add_product_intent(
        self,
        *,
        organization_id: str | None = None,
        id: int,
        name: str | NotGiven = NOT_GIVEN,
        product_description: str | NotGiven | None = NOT_GIVEN,
        app_urls: list[Any] | NotGiven = NOT_GIVEN,
        chat_incoming_webhook: str | NotGiven = NOT_GIVEN,
        anonymize_ips: bool | NotGiven = NOT_GIVEN,
        completed_snippet_onboarding: bool | NotGiven = NOT_GIVEN,
        test_account_filters: Any | NotGiven = NOT_GIVEN,
        test_account_filters_default_checked: bool | NotGiven = NOT_GIVEN,
        path_cleaning_filters: Any | NotGiven = NOT_GIVEN,
        is_demo: bool | NotGiven = NOT_GIVEN,
        timezone: Any | NotGiven = NOT_GIVEN,
        data_attributes: Any | NotGiven = NOT_GIVEN,
        person_display_name_properties: list[Any] | NotGiven = NOT_GIVEN,
        correlation_config: Any | NotGiven = NOT_GIVEN,
        autocapture_opt_out: bool | NotGiven = NOT_GIVEN,
        autocapture_exceptions_opt_in: bool | NotGiven = NOT_GIVEN,
        autocapture_web_vitals_opt_in: bool | NotGiven = NOT_GIVEN,
        autocapture_web_vitals_allowed_metrics: Any | NotGiven = NOT_GIVEN,
        autocapture_exceptions_errors_to_ignore: Any | NotGiven = NOT_GIVEN,
        capture_console_log_opt_in: bool | NotGiven = NOT_GIVEN,
        capture_performance_opt_in: bool | NotGiven = NOT_GIVEN,
        session_recording_opt_in: bool | NotGiven = NOT_GIVEN,
        session_recording_sample_rate: str | NotGiven = NOT_GIVEN,
        session_recording_minimum_duration_milliseconds: int | NotGiven = NOT_GIVEN,
        session_recording_linked_flag: Any | NotGiven = NOT_GIVEN,
        session_recording_network_payload_capture_config: Any | NotGiven = NOT_GIVEN,
        session_recording_masking_config: Any | NotGiven = NOT_GIVEN,
        session_replay_config: Any | NotGiven = NOT_GIVEN,
        survey_config: Any | NotGiven = NOT_GIVEN,
        access_control: bool | NotGiven = NOT_GIVEN,
        week_start_day: Any | NotGiven = NOT_GIVEN,
        primary_dashboard: int | NotGiven | None = NOT_GIVEN,
        live_events_columns: list[Any] | NotGiven = NOT_GIVEN,
        recording_domains: list[Any] | NotGiven = NOT_GIVEN,
        inject_web_apps: bool | NotGiven = NOT_GIVEN,
        extra_settings: Any | NotGiven = NOT_GIVEN,
        modifiers: Any | NotGiven = NOT_GIVEN,
        has_completed_onboarding_for: Any | NotGiven = NOT_GIVEN,
        surveys_opt_in: bool | NotGiven = NOT_GIVEN,
        heatmaps_opt_in: bool | NotGiven = NOT_GIVEN,
        flags_persistence_default: bool | NotGiven = NOT_GIVEN,
        product_type: str | NotGiven = NOT_GIVEN,
        intent_context: str | NotGiven = NOT_GIVEN,
        metadata: dict[str, Any] | NotGiven = NOT_GIVEN,
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Project:
        """Add product intent.

        Scope: the description lists `team:read`; the live service checks `project:read`
        (posthog/api/project.py, `ProjectViewSet.add_product_intent`,
        `required_scopes=["project:read"]`; an older revision listed `["team:read"]`). The
        SDK accepts a key holding either (or the `:write` of either). Live, the body is
        read by `ProductIntentSerializer` (`product_type` required, `intent_context`,
        `metadata`), project body fields are ignored, and the answer is
        `201` with the environment (TeamSerializer) shape.

        ``PATCH /api/organizations/{organization_id}/projects/{id}/add_product_intent/``

        Required scope: ``team:read``.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).
        The live service names it ``project:read``: a key holding
        either passes the client-side check.

        Args:
            organization_id: Path parameter ``{organization_id}``. Default: the client's
                ``organization_id``.
            id: A unique integer value identifying this project.
            name: Body field ``name``. Left out unless given.
            product_description: Body field ``product_description``. Left out unless given.
            app_urls: Body field ``app_urls``. Left out unless given.
            chat_incoming_webhook: Body field ``chat_incoming_webhook``. Left out unless
                given.
            anonymize_ips: Body field ``anonymize_ips``. Left out unless given.
            completed_snippet_onboarding: Body field ``completed_snippet_onboarding``. Left
                out unless given.
            test_account_filters: Body field ``test_account_filters``. Left out unless
                given.
            test_account_filters_default_checked: Body field
                ``test_account_filters_default_checked``. Left out unless given.
            path_cleaning_filters: Body field ``path_cleaning_filters``. Left out unless
                given.
            is_demo: Body field ``is_demo``. Left out unless given.
            timezone: Body field ``timezone``. Left out unless given.
            data_attributes: Body field ``data_attributes``. Left out unless given.
            person_display_name_properties: Body field ``person_display_name_properties``.
                Left out unless given.
            correlation_config: Body field ``correlation_config``. Left out unless given.
            autocapture_opt_out: Body field ``autocapture_opt_out``. Left out unless given.
            autocapture_exceptions_opt_in: Body field ``autocapture_exceptions_opt_in``.
                Left out unless given.
            autocapture_web_vitals_opt_in: Body field ``autocapture_web_vitals_opt_in``.
                Left out unless given.
            autocapture_web_vitals_allowed_metrics: Body field
                ``autocapture_web_vitals_allowed_metrics``. Left out unless given.
            autocapture_exceptions_errors_to_ignore: Body field
                ``autocapture_exceptions_errors_to_ignore``. Left out unless given.
            capture_console_log_opt_in: Body field ``capture_console_log_opt_in``. Left out
                unless given.
            capture_performance_opt_in: Body field ``capture_performance_opt_in``. Left out
                unless given.
            session_recording_opt_in: Body field ``session_recording_opt_in``. Left out
                unless given.
            session_recording_sample_rate: Body field ``session_recording_sample_rate``.
                Left out unless given.
            session_recording_minimum_duration_milliseconds: Body field
                ``session_recording_minimum_duration_milliseconds``. Left out unless given.
            session_recording_linked_flag: Body field ``session_recording_linked_flag``.
                Left out unless given.
            session_recording_network_payload_capture_config: Body field
                ``session_recording_network_payload_capture_config``. Left out unless given.
            session_recording_masking_config: Body field
                ``session_recording_masking_config``. Left out unless given.
            session_replay_config: Body field ``session_replay_config``. Left out unless
                given.
            survey_config: Body field ``survey_config``. Left out unless given.
            access_control: Body field ``access_control``. Left out unless given.
            week_start_day: Body field ``week_start_day``. Left out unless given.
            primary_dashboard: Body field ``primary_dashboard``. Left out unless given.
            live_events_columns: Body field ``live_events_columns``. Left out unless given.
            recording_domains: Body field ``recording_domains``. Left out unless given.
            inject_web_apps: Body field ``inject_web_apps``. Left out unless given.
            extra_settings: Body field ``extra_settings``. Left out unless given.
            modifiers: Body field ``modifiers``. Left out unless given.
            has_completed_onboarding_for: Body field ``has_completed_onboarding_for``. Left
                out unless given.
            surveys_opt_in: Body field ``surveys_opt_in``. Left out unless given.
            heatmaps_opt_in: Body field ``heatmaps_opt_in``. Left out unless given.
            flags_persistence_default: Body field ``flags_persistence_default``. Left out
                unless given.
            product_type: Body field ``product_type``. Left out unless given.
            intent_context: Body field ``intent_context``. Left out unless given.
            metadata: Body field ``metadata``. Left out unless given.
            timeout: Seconds for one attempt of this call, redirects included (default: the
                client's).
            deadline: Seconds for the whole call: attempts, retries and throttle waits
                (default: the client's).
            extra_headers: Headers added to the request.
            extra_query: Query parameters added to the request (lists repeat the name).
            extra_body: Fields merged into the JSON body.
        """
        return await self._client._request(
            ops.PROJECTS_ADD_PRODUCT_INTENT_PARTIAL_UPDATE,
            path={"organization_id": organization_id, "id": id},
            query={},
            body={
                "name": name,
                "product_description": product_description,
                "app_urls": app_urls,
                "chat_incoming_webhook": chat_incoming_webhook,
                "anonymize_ips": anonymize_ips,
                "completed_snippet_onboarding": completed_snippet_onboarding,
                "test_account_filters": test_account_filters,
                "test_account_filters_default_checked": test_account_filters_default_checked,
                "path_cleaning_filters": path_cleaning_filters,
                "is_demo": is_demo,
                "timezone": timezone,
                "data_attributes": data_attributes,
                "person_display_name_properties": person_display_name_properties,
                "correlation_config": correlation_config,
                "autocapture_opt_out": autocapture_opt_out,
                "autocapture_exceptions_opt_in": autocapture_exceptions_opt_in,
                "autocapture_web_vitals_opt_in": autocapture_web_vitals_opt_in,
                "autocapture_web_vitals_allowed_metrics": autocapture_web_vitals_allowed_metrics,
                "autocapture_exceptions_errors_to_ignore": autocapture_exceptions_errors_to_ignore,
                "capture_console_log_opt_in": capture_console_log_opt_in,
                "capture_performance_opt_in": capture_performance_opt_in,
                "session_recording_opt_in": session_recording_opt_in,
                "session_recording_sample_rate": session_recording_sample_rate,
                "session_recording_minimum_duration_milliseconds": session_recording_minimum_duration_milliseconds,
                "session_recording_linked_flag": session_recording_linked_flag,
                "session_recording_network_payload_capture_config": session_recording_network_payload_capture_config,
                "session_recording_masking_config": session_recording_masking_config,
                "session_replay_config": session_replay_config,
                "survey_config": survey_config,
                "access_control": access_control,
                "week_start_day": week_start_day,
                "primary_dashboard": primary_dashboard,
                "live_events_columns": live_events_columns,
                "recording_domains": recording_domains,
                "inject_web_apps": inject_web_apps,
                "extra_settings": extra_settings,
                "modifiers": modifiers,
                "has_completed_onboarding_for": has_completed_onboarding_for,
                "surveys_opt_in": surveys_opt_in,
                "heatmaps_opt_in": heatmaps_opt_in,
                "flags_persistence_default": flags_persistence_default,
                "product_type": product_type,
                "intent_context": intent_context,
                "metadata": metadata,
            },
            options=RequestOptions(timeout, extra_headers, extra_query, extra_body, deadline),
        )

    @endpoint(ops.PROJECTS_AUTHENTICATE_WIZARD_CREATE)
    async def authenticate_wizard(
        self,
        *,
        organization_id: str | None = None,
        id: int,
        name: str | NotGiven = NOT_GIVEN,
        product_description: str | NotGiven | None = NOT_GIVEN,
        app_urls: list[Any] | NotGiven = NOT_GIVEN,
        chat_incoming_webhook: str | NotGiven = NOT_GIVEN,
        anonymize_ips: bool | NotGiven = NOT_GIVEN,
        completed_snippet_onboarding: bool | NotGiven = NOT_GIVEN,
        test_account_filters: Any | NotGiven = NOT_GIVEN,
        test_account_filters_default_checked: bool | NotGiven = NOT_GIVEN,
        path_cleaning_filters: Any | NotGiven = NOT_GIVEN,
        is_demo: bool | NotGiven = NOT_GIVEN,
        timezone: Any | NotGiven = NOT_GIVEN,
        data_attributes: Any | NotGiven = NOT_GIVEN,
        person_display_name_properties: list[Any] | NotGiven = NOT_GIVEN,
        correlation_config: Any | NotGiven = NOT_GIVEN,
        autocapture_opt_out: bool | NotGiven = NOT_GIVEN,
        autocapture_exceptions_opt_in: bool | NotGiven = NOT_GIVEN,
        autocapture_web_vitals_opt_in: bool | NotGiven = NOT_GIVEN,
        autocapture_web_vitals_allowed_metrics: Any | NotGiven = NOT_GIVEN,
        autocapture_exceptions_errors_to_ignore: Any | NotGiven = NOT_GIVEN,
        capture_console_log_opt_in: bool | NotGiven = NOT_GIVEN,
        capture_performance_opt_in: bool | NotGiven = NOT_GIVEN,
        session_recording_opt_in: bool | NotGiven = NOT_GIVEN,
        session_recording_sample_rate: str | NotGiven = NOT_GIVEN,
        session_recording_minimum_duration_milliseconds: int | NotGiven = NOT_GIVEN,
        session_recording_linked_flag: Any | NotGiven = NOT_GIVEN,
        session_recording_network_payload_capture_config: Any | NotGiven = NOT_GIVEN,
        session_recording_masking_config: Any | NotGiven = NOT_GIVEN,
        session_replay_config: Any | NotGiven = NOT_GIVEN,
        survey_config: Any | NotGiven = NOT_GIVEN,
        access_control: bool | NotGiven = NOT_GIVEN,
        week_start_day: Any | NotGiven = NOT_GIVEN,
        primary_dashboard: int | NotGiven | None = NOT_GIVEN,
        live_events_columns: list[Any] | NotGiven = NOT_GIVEN,
        recording_domains: list[Any] | NotGiven = NOT_GIVEN,
        inject_web_apps: bool | NotGiven = NOT_GIVEN,
        extra_settings: Any | NotGiven = NOT_GIVEN,
        modifiers: Any | NotGiven = NOT_GIVEN,
        has_completed_onboarding_for: Any | NotGiven = NOT_GIVEN,
        surveys_opt_in: bool | NotGiven = NOT_GIVEN,
        heatmaps_opt_in: bool | NotGiven = NOT_GIVEN,
        flags_persistence_default: bool | NotGiven = NOT_GIVEN,
        hash: str | NotGiven = NOT_GIVEN,
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.WizardAuthenticationResult:
        """Authenticate wizard.

        The description says this answers the project shape. The live service (an earlier
        revision of posthog/api/project.py, `ProjectViewSet.authenticate_wizard`;
        the current revision no longer has the action) reads `hash` (400 without it or
        when it has expired) and answers `200 {"success": true}`. Both parse into
        `WizardAuthenticationResult`, which keeps every other field. Scope: the action has
        `required_scopes=["team:read"]` (named `project:read` by the current service); the
        description lists none, so the SDK checks none.

        ``POST /api/organizations/{organization_id}/projects/{id}/authenticate_wizard/``

        Required scope: none listed.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).

        Args:
            organization_id: Path parameter ``{organization_id}``. Default: the client's
                ``organization_id``.
            id: A unique integer value identifying this project.
            name: Body field ``name``. Left out unless given.
            product_description: Body field ``product_description``. Left out unless given.
            app_urls: Body field ``app_urls``. Left out unless given.
            chat_incoming_webhook: Body field ``chat_incoming_webhook``. Left out unless
                given.
            anonymize_ips: Body field ``anonymize_ips``. Left out unless given.
            completed_snippet_onboarding: Body field ``completed_snippet_onboarding``. Left
                out unless given.
            test_account_filters: Body field ``test_account_filters``. Left out unless
                given.
            test_account_filters_default_checked: Body field
                ``test_account_filters_default_checked``. Left out unless given.
            path_cleaning_filters: Body field ``path_cleaning_filters``. Left out unless
                given.
            is_demo: Body field ``is_demo``. Left out unless given.
            timezone: Body field ``timezone``. Left out unless given.
            data_attributes: Body field ``data_attributes``. Left out unless given.
            person_display_name_properties: Body field ``person_display_name_properties``.
                Left out unless given.
            correlation_config: Body field ``correlation_config``. Left out unless given.
            autocapture_opt_out: Body field ``autocapture_opt_out``. Left out unless given.
            autocapture_exceptions_opt_in: Body field ``autocapture_exceptions_opt_in``.
                Left out unless given.
            autocapture_web_vitals_opt_in: Body field ``autocapture_web_vitals_opt_in``.
                Left out unless given.
            autocapture_web_vitals_allowed_metrics: Body field
                ``autocapture_web_vitals_allowed_metrics``. Left out unless given.
            autocapture_exceptions_errors_to_ignore: Body field
                ``autocapture_exceptions_errors_to_ignore``. Left out unless given.
            capture_console_log_opt_in: Body field ``capture_console_log_opt_in``. Left out
                unless given.
            capture_performance_opt_in: Body field ``capture_performance_opt_in``. Left out
                unless given.
            session_recording_opt_in: Body field ``session_recording_opt_in``. Left out
                unless given.
            session_recording_sample_rate: Body field ``session_recording_sample_rate``.
                Left out unless given.
            session_recording_minimum_duration_milliseconds: Body field
                ``session_recording_minimum_duration_milliseconds``. Left out unless given.
            session_recording_linked_flag: Body field ``session_recording_linked_flag``.
                Left out unless given.
            session_recording_network_payload_capture_config: Body field
                ``session_recording_network_payload_capture_config``. Left out unless given.
            session_recording_masking_config: Body field
                ``session_recording_masking_config``. Left out unless given.
            session_replay_config: Body field ``session_replay_config``. Left out unless
                given.
            survey_config: Body field ``survey_config``. Left out unless given.
            access_control: Body field ``access_control``. Left out unless given.
            week_start_day: Body field ``week_start_day``. Left out unless given.
            primary_dashboard: Body field ``primary_dashboard``. Left out unless given.
            live_events_columns: Body field ``live_events_columns``. Left out unless given.
            recording_domains: Body field ``recording_domains``. Left out unless given.
            inject_web_apps: Body field ``inject_web_apps``. Left out unless given.
            extra_settings: Body field ``extra_settings``. Left out unless given.
            modifiers: Body field ``modifiers``. Left out unless given.
            has_completed_onboarding_for: Body field ``has_completed_onboarding_for``. Left
                out unless given.
            surveys_opt_in: Body field ``surveys_opt_in``. Left out unless given.
            heatmaps_opt_in: Body field ``heatmaps_opt_in``. Left out unless given.
            flags_persistence_default: Body field ``flags_persistence_default``. Left out
                unless given.
            hash: Body field ``hash``. Left out unless given.
            timeout: Seconds for one attempt of this call, redirects included (default: the
                client's).
            deadline: Seconds for the whole call: attempts, retries and throttle waits
                (default: the client's).
            extra_headers: Headers added to the request.
            extra_query: Query parameters added to the request (lists repeat the name).
            extra_body: Fields merged into the JSON body.
        """
        return await self._client._request(
            ops.PROJECTS_AUTHENTICATE_WIZARD_CREATE,
            path={"organization_id": organization_id, "id": id},
            query={},
            body={
                "name": name,
                "product_description": product_description,
                "app_urls": app_urls,
                "chat_incoming_webhook": chat_incoming_webhook,
                "anonymize_ips": anonymize_ips,
                "completed_snippet_onboarding": completed_snippet_onboarding,
                "test_account_filters": test_account_filters,
                "test_account_filters_default_checked": test_account_filters_default_checked,
                "path_cleaning_filters": path_cleaning_filters,
                "is_demo": is_demo,
                "timezone": timezone,
                "data_attributes": data_attributes,
                "person_display_name_properties": person_display_name_properties,
                "correlation_config": correlation_config,
                "autocapture_opt_out": autocapture_opt_out,
                "autocapture_exceptions_opt_in": autocapture_exceptions_opt_in,
                "autocapture_web_vitals_opt_in": autocapture_web_vitals_opt_in,
                "autocapture_web_vitals_allowed_metrics": autocapture_web_vitals_allowed_metrics,
                "autocapture_exceptions_errors_to_ignore": autocapture_exceptions_errors_to_ignore,
                "capture_console_log_opt_in": capture_console_log_opt_in,
                "capture_performance_opt_in": capture_performance_opt_in,
                "session_recording_opt_in": session_recording_opt_in,
                "session_recording_sample_rate": session_recording_sample_rate,
                "session_recording_minimum_duration_milliseconds": session_recording_minimum_duration_milliseconds,
                "session_recording_linked_flag": session_recording_linked_flag,
                "session_recording_network_payload_capture_config": session_recording_network_payload_capture_config,
                "session_recording_masking_config": session_recording_masking_config,
                "session_replay_config": session_replay_config,
                "survey_config": survey_config,
                "access_control": access_control,
                "week_start_day": week_start_day,
                "primary_dashboard": primary_dashboard,
                "live_events_columns": live_events_columns,
                "recording_domains": recording_domains,
                "inject_web_apps": inject_web_apps,
                "extra_settings": extra_settings,
                "modifiers": modifiers,
                "has_completed_onboarding_for": has_completed_onboarding_for,
                "surveys_opt_in": surveys_opt_in,
                "heatmaps_opt_in": heatmaps_opt_in,
                "flags_persistence_default": flags_persistence_default,
                "hash": hash,
            },
            options=RequestOptions(timeout, extra_headers, extra_query, extra_body, deadline),
        )

    @endpoint(ops.PROJECTS_CHANGE_ORGANIZATION_CREATE)
    async def change_organization(
        self,
        *,
        organization_id: str | None = None,
        id: int,
        name: str | NotGiven = NOT_GIVEN,
        product_description: str | NotGiven | None = NOT_GIVEN,
        app_urls: list[Any] | NotGiven = NOT_GIVEN,
        chat_incoming_webhook: str | NotGiven = NOT_GIVEN,
        anonymize_ips: bool | NotGiven = NOT_GIVEN,
        completed_snippet_onboarding: bool | NotGiven = NOT_GIVEN,
        test_account_filters: Any | NotGiven = NOT_GIVEN,
        test_account_filters_default_checked: bool | NotGiven = NOT_GIVEN,
        path_cleaning_filters: Any | NotGiven = NOT_GIVEN,
        is_demo: bool | NotGiven = NOT_GIVEN,
        timezone: Any | NotGiven = NOT_GIVEN,
        data_attributes: Any | NotGiven = NOT_GIVEN,
        person_display_name_properties: list[Any] | NotGiven = NOT_GIVEN,
        correlation_config: Any | NotGiven = NOT_GIVEN,
        autocapture_opt_out: bool | NotGiven = NOT_GIVEN,
        autocapture_exceptions_opt_in: bool | NotGiven = NOT_GIVEN,
        autocapture_web_vitals_opt_in: bool | NotGiven = NOT_GIVEN,
        autocapture_web_vitals_allowed_metrics: Any | NotGiven = NOT_GIVEN,
        autocapture_exceptions_errors_to_ignore: Any | NotGiven = NOT_GIVEN,
        capture_console_log_opt_in: bool | NotGiven = NOT_GIVEN,
        capture_performance_opt_in: bool | NotGiven = NOT_GIVEN,
        session_recording_opt_in: bool | NotGiven = NOT_GIVEN,
        session_recording_sample_rate: str | NotGiven = NOT_GIVEN,
        session_recording_minimum_duration_milliseconds: int | NotGiven = NOT_GIVEN,
        session_recording_linked_flag: Any | NotGiven = NOT_GIVEN,
        session_recording_network_payload_capture_config: Any | NotGiven = NOT_GIVEN,
        session_recording_masking_config: Any | NotGiven = NOT_GIVEN,
        session_replay_config: Any | NotGiven = NOT_GIVEN,
        survey_config: Any | NotGiven = NOT_GIVEN,
        access_control: bool | NotGiven = NOT_GIVEN,
        week_start_day: Any | NotGiven = NOT_GIVEN,
        primary_dashboard: int | NotGiven | None = NOT_GIVEN,
        live_events_columns: list[Any] | NotGiven = NOT_GIVEN,
        recording_domains: list[Any] | NotGiven = NOT_GIVEN,
        inject_web_apps: bool | NotGiven = NOT_GIVEN,
        extra_settings: Any | NotGiven = NOT_GIVEN,
        modifiers: Any | NotGiven = NOT_GIVEN,
        has_completed_onboarding_for: Any | NotGiven = NOT_GIVEN,
        surveys_opt_in: bool | NotGiven = NOT_GIVEN,
        heatmaps_opt_in: bool | NotGiven = NOT_GIVEN,
        flags_persistence_default: bool | NotGiven = NOT_GIVEN,
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Project:
        """Change organization.

        The target organization goes in the body field `organization_id`, which shares its
        name with the path parameter: SDK callers pass it through `extra_body`. Live
        (posthog/api/project.py, `ProjectViewSet.change_organization`): the caller must be an
        admin of both organizations; the action is in neither action list of the viewset
        and has no `required_scopes`, so the live service refuses personal API keys for it.

        ``POST /api/organizations/{organization_id}/projects/{id}/change_organization/``

        Required scope: none listed.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).

        The live service refuses personal API keys for this operation (it answers 403,
        "This action does not support personal API key access");
        ``personal_api_key_allowed`` is False and the first call emits
        ``PersonalApiKeyWarning``.

        The body field ``organization_id`` is not an argument of this method (its name is taken or
        is not a Python name): send it through ``extra_body={"organization_id": ...}``.

        Args:
            organization_id: Path parameter ``{organization_id}``. Default: the client's
                ``organization_id``.
            id: A unique integer value identifying this project.
            name: Body field ``name``. Left out unless given.
            product_description: Body field ``product_description``. Left out unless given.
            app_urls: Body field ``app_urls``. Left out unless given.
            chat_incoming_webhook: Body field ``chat_incoming_webhook``. Left out unless
                given.
            anonymize_ips: Body field ``anonymize_ips``. Left out unless given.
            completed_snippet_onboarding: Body field ``completed_snippet_onboarding``. Left
                out unless given.
            test_account_filters: Body field ``test_account_filters``. Left out unless
                given.
            test_account_filters_default_checked: Body field
                ``test_account_filters_default_checked``. Left out unless given.
            path_cleaning_filters: Body field ``path_cleaning_filters``. Left out unless
                given.
            is_demo: Body field ``is_demo``. Left out unless given.
            timezone: Body field ``timezone``. Left out unless given.
            data_attributes: Body field ``data_attributes``. Left out unless given.
            person_display_name_properties: Body field ``person_display_name_properties``.
                Left out unless given.
            correlation_config: Body field ``correlation_config``. Left out unless given.
            autocapture_opt_out: Body field ``autocapture_opt_out``. Left out unless given.
            autocapture_exceptions_opt_in: Body field ``autocapture_exceptions_opt_in``.
                Left out unless given.
            autocapture_web_vitals_opt_in: Body field ``autocapture_web_vitals_opt_in``.
                Left out unless given.
            autocapture_web_vitals_allowed_metrics: Body field
                ``autocapture_web_vitals_allowed_metrics``. Left out unless given.
            autocapture_exceptions_errors_to_ignore: Body field
                ``autocapture_exceptions_errors_to_ignore``. Left out unless given.
            capture_console_log_opt_in: Body field ``capture_console_log_opt_in``. Left out
                unless given.
            capture_performance_opt_in: Body field ``capture_performance_opt_in``. Left out
                unless given.
            session_recording_opt_in: Body field ``session_recording_opt_in``. Left out
                unless given.
            session_recording_sample_rate: Body field ``session_recording_sample_rate``.
                Left out unless given.
            session_recording_minimum_duration_milliseconds: Body field
                ``session_recording_minimum_duration_milliseconds``. Left out unless given.
            session_recording_linked_flag: Body field ``session_recording_linked_flag``.
                Left out unless given.
            session_recording_network_payload_capture_config: Body field
                ``session_recording_network_payload_capture_config``. Left out unless given.
            session_recording_masking_config: Body field
                ``session_recording_masking_config``. Left out unless given.
            session_replay_config: Body field ``session_replay_config``. Left out unless
                given.
            survey_config: Body field ``survey_config``. Left out unless given.
            access_control: Body field ``access_control``. Left out unless given.
            week_start_day: Body field ``week_start_day``. Left out unless given.
            primary_dashboard: Body field ``primary_dashboard``. Left out unless given.
            live_events_columns: Body field ``live_events_columns``. Left out unless given.
            recording_domains: Body field ``recording_domains``. Left out unless given.
            inject_web_apps: Body field ``inject_web_apps``. Left out unless given.
            extra_settings: Body field ``extra_settings``. Left out unless given.
            modifiers: Body field ``modifiers``. Left out unless given.
            has_completed_onboarding_for: Body field ``has_completed_onboarding_for``. Left
                out unless given.
            surveys_opt_in: Body field ``surveys_opt_in``. Left out unless given.
            heatmaps_opt_in: Body field ``heatmaps_opt_in``. Left out unless given.
            flags_persistence_default: Body field ``flags_persistence_default``. Left out
                unless given.
            timeout: Seconds for one attempt of this call, redirects included (default: the
                client's).
            deadline: Seconds for the whole call: attempts, retries and throttle waits
                (default: the client's).
            extra_headers: Headers added to the request.
            extra_query: Query parameters added to the request (lists repeat the name).
            extra_body: Fields merged into the JSON body.
        """
        return await self._client._request(
            ops.PROJECTS_CHANGE_ORGANIZATION_CREATE,
            path={"organization_id": organization_id, "id": id},
            query={},
            body={
                "name": name,
                "product_description": product_description,
                "app_urls": app_urls,
                "chat_incoming_webhook": chat_incoming_webhook,
                "anonymize_ips": anonymize_ips,
                "completed_snippet_onboarding": completed_snippet_onboarding,
                "test_account_filters": test_account_filters,
                "test_account_filters_default_checked": test_account_filters_default_checked,
                "path_cleaning_filters": path_cleaning_filters,
                "is_demo": is_demo,
                "timezone": timezone,
                "data_attributes": data_attributes,
                "person_display_name_properties": person_display_name_properties,
                "correlation_config": correlation_config,
                "autocapture_opt_out": autocapture_opt_out,
                "autocapture_exceptions_opt_in": autocapture_exceptions_opt_in,
                "autocapture_web_vitals_opt_in": autocapture_web_vitals_opt_in,
                "autocapture_web_vitals_allowed_metrics": autocapture_web_vitals_allowed_metrics,
                "autocapture_exceptions_errors_to_ignore": autocapture_exceptions_errors_to_ignore,
                "capture_console_log_opt_in": capture_console_log_opt_in,
                "capture_performance_opt_in": capture_performance_opt_in,
                "session_recording_opt_in": session_recording_opt_in,
                "session_recording_sample_rate": session_recording_sample_rate,
                "session_recording_minimum_duration_milliseconds": session_recording_minimum_duration_milliseconds,
                "session_recording_linked_flag": session_recording_linked_flag,
                "session_recording_network_payload_capture_config": session_recording_network_payload_capture_config,
                "session_recording_masking_config": session_recording_masking_config,
                "session_replay_config": session_replay_config,
                "survey_config": survey_config,
                "access_control": access_control,
                "week_start_day": week_start_day,
                "primary_dashboard": primary_dashboard,
                "live_events_columns": live_events_columns,
                "recording_domains": recording_domains,
                "inject_web_apps": inject_web_apps,
                "extra_settings": extra_settings,
                "modifiers": modifiers,
                "has_completed_onboarding_for": has_completed_onboarding_for,
                "surveys_opt_in": surveys_opt_in,
                "heatmaps_opt_in": heatmaps_opt_in,
                "flags_persistence_default": flags_persistence_default,
            },
            options=RequestOptions(timeout, extra_headers, extra_query, extra_body, deadline),
        )

    @endpoint(ops.PROJECTS_COMPLETE_PRODUCT_ONBOARDING_PARTIAL_UPDATE)
    async def complete_product_onboarding(
        self,
        *,
        organization_id: str | None = None,
        id: int,
        name: str | NotGiven = NOT_GIVEN,
        product_description: str | NotGiven | None = NOT_GIVEN,
        app_urls: list[Any] | NotGiven = NOT_GIVEN,
        chat_incoming_webhook: str | NotGiven = NOT_GIVEN,
        anonymize_ips: bool | NotGiven = NOT_GIVEN,
        completed_snippet_onboarding: bool | NotGiven = NOT_GIVEN,
        test_account_filters: Any | NotGiven = NOT_GIVEN,
        test_account_filters_default_checked: bool | NotGiven = NOT_GIVEN,
        path_cleaning_filters: Any | NotGiven = NOT_GIVEN,
        is_demo: bool | NotGiven = NOT_GIVEN,
        timezone: Any | NotGiven = NOT_GIVEN,
        data_attributes: Any | NotGiven = NOT_GIVEN,
        person_display_name_properties: list[Any] | NotGiven = NOT_GIVEN,
        correlation_config: Any | NotGiven = NOT_GIVEN,
        autocapture_opt_out: bool | NotGiven = NOT_GIVEN,
        autocapture_exceptions_opt_in: bool | NotGiven = NOT_GIVEN,
        autocapture_web_vitals_opt_in: bool | NotGiven = NOT_GIVEN,
        autocapture_web_vitals_allowed_metrics: Any | NotGiven = NOT_GIVEN,
        autocapture_exceptions_errors_to_ignore: Any | NotGiven = NOT_GIVEN,
        capture_console_log_opt_in: bool | NotGiven = NOT_GIVEN,
        capture_performance_opt_in: bool | NotGiven = NOT_GIVEN,
        session_recording_opt_in: bool | NotGiven = NOT_GIVEN,
        session_recording_sample_rate: str | NotGiven = NOT_GIVEN,
        session_recording_minimum_duration_milliseconds: int | NotGiven = NOT_GIVEN,
        session_recording_linked_flag: Any | NotGiven = NOT_GIVEN,
        session_recording_network_payload_capture_config: Any | NotGiven = NOT_GIVEN,
        session_recording_masking_config: Any | NotGiven = NOT_GIVEN,
        session_replay_config: Any | NotGiven = NOT_GIVEN,
        survey_config: Any | NotGiven = NOT_GIVEN,
        access_control: bool | NotGiven = NOT_GIVEN,
        week_start_day: Any | NotGiven = NOT_GIVEN,
        primary_dashboard: int | NotGiven | None = NOT_GIVEN,
        live_events_columns: list[Any] | NotGiven = NOT_GIVEN,
        recording_domains: list[Any] | NotGiven = NOT_GIVEN,
        inject_web_apps: bool | NotGiven = NOT_GIVEN,
        extra_settings: Any | NotGiven = NOT_GIVEN,
        modifiers: Any | NotGiven = NOT_GIVEN,
        has_completed_onboarding_for: Any | NotGiven = NOT_GIVEN,
        surveys_opt_in: bool | NotGiven = NOT_GIVEN,
        heatmaps_opt_in: bool | NotGiven = NOT_GIVEN,
        flags_persistence_default: bool | NotGiven = NOT_GIVEN,
        product_type: str | NotGiven = NOT_GIVEN,
        intent_context: str | NotGiven = NOT_GIVEN,
        metadata: dict[str, Any] | NotGiven = NOT_GIVEN,
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Project:
        """Complete product onboarding.

        Scope: the description lists `team:read`; the live service checks `project:read`
        (posthog/api/project.py, `ProjectViewSet.complete_product_onboarding`,
        `required_scopes=["project:read"]`; an older revision listed `["team:read"]`). The
        SDK accepts a key holding either (or the `:write` of either). Live, `product_type`
        is required (`{"error": "product_type is required"}`, 400) and must be a known
        product key; the answer is the environment (TeamSerializer) shape.

        ``PATCH /api/organizations/{organization_id}/projects/{id}/complete_product_onboarding/``

        Required scope: ``team:read``.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).
        The live service names it ``project:read``: a key holding
        either passes the client-side check.

        Args:
            organization_id: Path parameter ``{organization_id}``. Default: the client's
                ``organization_id``.
            id: A unique integer value identifying this project.
            name: Body field ``name``. Left out unless given.
            product_description: Body field ``product_description``. Left out unless given.
            app_urls: Body field ``app_urls``. Left out unless given.
            chat_incoming_webhook: Body field ``chat_incoming_webhook``. Left out unless
                given.
            anonymize_ips: Body field ``anonymize_ips``. Left out unless given.
            completed_snippet_onboarding: Body field ``completed_snippet_onboarding``. Left
                out unless given.
            test_account_filters: Body field ``test_account_filters``. Left out unless
                given.
            test_account_filters_default_checked: Body field
                ``test_account_filters_default_checked``. Left out unless given.
            path_cleaning_filters: Body field ``path_cleaning_filters``. Left out unless
                given.
            is_demo: Body field ``is_demo``. Left out unless given.
            timezone: Body field ``timezone``. Left out unless given.
            data_attributes: Body field ``data_attributes``. Left out unless given.
            person_display_name_properties: Body field ``person_display_name_properties``.
                Left out unless given.
            correlation_config: Body field ``correlation_config``. Left out unless given.
            autocapture_opt_out: Body field ``autocapture_opt_out``. Left out unless given.
            autocapture_exceptions_opt_in: Body field ``autocapture_exceptions_opt_in``.
                Left out unless given.
            autocapture_web_vitals_opt_in: Body field ``autocapture_web_vitals_opt_in``.
                Left out unless given.
            autocapture_web_vitals_allowed_metrics: Body field
                ``autocapture_web_vitals_allowed_metrics``. Left out unless given.
            autocapture_exceptions_errors_to_ignore: Body field
                ``autocapture_exceptions_errors_to_ignore``. Left out unless given.
            capture_console_log_opt_in: Body field ``capture_console_log_opt_in``. Left out
                unless given.
            capture_performance_opt_in: Body field ``capture_performance_opt_in``. Left out
                unless given.
            session_recording_opt_in: Body field ``session_recording_opt_in``. Left out
                unless given.
            session_recording_sample_rate: Body field ``session_recording_sample_rate``.
                Left out unless given.
            session_recording_minimum_duration_milliseconds: Body field
                ``session_recording_minimum_duration_milliseconds``. Left out unless given.
            session_recording_linked_flag: Body field ``session_recording_linked_flag``.
                Left out unless given.
            session_recording_network_payload_capture_config: Body field
                ``session_recording_network_payload_capture_config``. Left out unless given.
            session_recording_masking_config: Body field
                ``session_recording_masking_config``. Left out unless given.
            session_replay_config: Body field ``session_replay_config``. Left out unless
                given.
            survey_config: Body field ``survey_config``. Left out unless given.
            access_control: Body field ``access_control``. Left out unless given.
            week_start_day: Body field ``week_start_day``. Left out unless given.
            primary_dashboard: Body field ``primary_dashboard``. Left out unless given.
            live_events_columns: Body field ``live_events_columns``. Left out unless given.
            recording_domains: Body field ``recording_domains``. Left out unless given.
            inject_web_apps: Body field ``inject_web_apps``. Left out unless given.
            extra_settings: Body field ``extra_settings``. Left out unless given.
            modifiers: Body field ``modifiers``. Left out unless given.
            has_completed_onboarding_for: Body field ``has_completed_onboarding_for``. Left
                out unless given.
            surveys_opt_in: Body field ``surveys_opt_in``. Left out unless given.
            heatmaps_opt_in: Body field ``heatmaps_opt_in``. Left out unless given.
            flags_persistence_default: Body field ``flags_persistence_default``. Left out
                unless given.
            product_type: Body field ``product_type``. Left out unless given.
            intent_context: Body field ``intent_context``. Left out unless given.
            metadata: Body field ``metadata``. Left out unless given.
            timeout: Seconds for one attempt of this call, redirects included (default: the
                client's).
            deadline: Seconds for the whole call: attempts, retries and throttle waits
                (default: the client's).
            extra_headers: Headers added to the request.
            extra_query: Query parameters added to the request (lists repeat the name).
            extra_body: Fields merged into the JSON body.
        """
        return await self._client._request(
            ops.PROJECTS_COMPLETE_PRODUCT_ONBOARDING_PARTIAL_UPDATE,
            path={"organization_id": organization_id, "id": id},
            query={},
            body={
                "name": name,
                "product_description": product_description,
                "app_urls": app_urls,
                "chat_incoming_webhook": chat_incoming_webhook,
                "anonymize_ips": anonymize_ips,
                "completed_snippet_onboarding": completed_snippet_onboarding,
                "test_account_filters": test_account_filters,
                "test_account_filters_default_checked": test_account_filters_default_checked,
                "path_cleaning_filters": path_cleaning_filters,
                "is_demo": is_demo,
                "timezone": timezone,
                "data_attributes": data_attributes,
                "person_display_name_properties": person_display_name_properties,
                "correlation_config": correlation_config,
                "autocapture_opt_out": autocapture_opt_out,
                "autocapture_exceptions_opt_in": autocapture_exceptions_opt_in,
                "autocapture_web_vitals_opt_in": autocapture_web_vitals_opt_in,
                "autocapture_web_vitals_allowed_metrics": autocapture_web_vitals_allowed_metrics,
                "autocapture_exceptions_errors_to_ignore": autocapture_exceptions_errors_to_ignore,
                "capture_console_log_opt_in": capture_console_log_opt_in,
                "capture_performance_opt_in": capture_performance_opt_in,
                "session_recording_opt_in": session_recording_opt_in,
                "session_recording_sample_rate": session_recording_sample_rate,
                "session_recording_minimum_duration_milliseconds": session_recording_minimum_duration_milliseconds,
                "session_recording_linked_flag": session_recording_linked_flag,
                "session_recording_network_payload_capture_config": session_recording_network_payload_capture_config,
                "session_recording_masking_config": session_recording_masking_config,
                "session_replay_config": session_replay_config,
                "survey_config": survey_config,
                "access_control": access_control,
                "week_start_day": week_start_day,
                "primary_dashboard": primary_dashboard,
                "live_events_columns": live_events_columns,
                "recording_domains": recording_domains,
                "inject_web_apps": inject_web_apps,
                "extra_settings": extra_settings,
                "modifiers": modifiers,
                "has_completed_onboarding_for": has_completed_onboarding_for,
                "surveys_opt_in": surveys_opt_in,
                "heatmaps_opt_in": heatmaps_opt_in,
                "flags_persistence_default": flags_persistence_default,
                "product_type": product_type,
                "intent_context": intent_context,
                "metadata": metadata,
            },
            options=RequestOptions(timeout, extra_headers, extra_query, extra_body, deadline),
        )

    @endpoint(ops.PROJECTS_IS_GENERATING_DEMO_DATA_RETRIEVE)
    async def is_generating_demo_data(
        self,
        *,
        organization_id: str | None = None,
        id: int,
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> models.DemoDataStatus:
        """Tell whether demo data is being generated.

        The description says this answers the project shape. The live service
        (posthog/api/project.py, `ProjectViewSet.is_generating_demo_data`) answers
        `{"is_generating_demo_data": bool}`. Both parse into `DemoDataStatus`, which keeps
        every other field. The action's `permission_classes=[IsAuthenticated]` does not
        remove `APIScopePermission` (the viewset adds it to every action), and the action
        is in neither action list and has no `required_scopes`, so the live service refuses
        personal API keys for it.

        ``GET /api/organizations/{organization_id}/projects/{id}/is_generating_demo_data/``

        Required scope: none listed.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).

        The live service refuses personal API keys for this operation (it answers 403,
        "This action does not support personal API key access");
        ``personal_api_key_allowed`` is False and the first call emits
        ``PersonalApiKeyWarning``.

        Args:
            organization_id: Path parameter ``{organization_id}``. Default: the client's
                ``organization_id``.
            id: A unique integer value identifying this project.
            timeout: Seconds for one attempt of this call, redirects included (default: the
                client's).
            deadline: Seconds for the whole call: attempts, retries and throttle waits
                (default: the client's).
            extra_headers: Headers added to the request.
            extra_query: Query parameters added to the request (lists repeat the name).
        """
        return await self._client._request(
            ops.PROJECTS_IS_GENERATING_DEMO_DATA_RETRIEVE,
            path={"organization_id": organization_id, "id": id},
            query={},
            body=None,
            options=RequestOptions(timeout, extra_headers, extra_query, None, deadline),
        )

    @endpoint(ops.PROJECTS_RESET_TOKEN_PARTIAL_UPDATE)
    async def reset_token(
        self,
        *,
        organization_id: str | None = None,
        id: int,
        name: str | NotGiven = NOT_GIVEN,
        product_description: str | NotGiven | None = NOT_GIVEN,
        app_urls: list[Any] | NotGiven = NOT_GIVEN,
        chat_incoming_webhook: str | NotGiven = NOT_GIVEN,
        anonymize_ips: bool | NotGiven = NOT_GIVEN,
        completed_snippet_onboarding: bool | NotGiven = NOT_GIVEN,
        test_account_filters: Any | NotGiven = NOT_GIVEN,
        test_account_filters_default_checked: bool | NotGiven = NOT_GIVEN,
        path_cleaning_filters: Any | NotGiven = NOT_GIVEN,
        is_demo: bool | NotGiven = NOT_GIVEN,
        timezone: Any | NotGiven = NOT_GIVEN,
        data_attributes: Any | NotGiven = NOT_GIVEN,
        person_display_name_properties: list[Any] | NotGiven = NOT_GIVEN,
        correlation_config: Any | NotGiven = NOT_GIVEN,
        autocapture_opt_out: bool | NotGiven = NOT_GIVEN,
        autocapture_exceptions_opt_in: bool | NotGiven = NOT_GIVEN,
        autocapture_web_vitals_opt_in: bool | NotGiven = NOT_GIVEN,
        autocapture_web_vitals_allowed_metrics: Any | NotGiven = NOT_GIVEN,
        autocapture_exceptions_errors_to_ignore: Any | NotGiven = NOT_GIVEN,
        capture_console_log_opt_in: bool | NotGiven = NOT_GIVEN,
        capture_performance_opt_in: bool | NotGiven = NOT_GIVEN,
        session_recording_opt_in: bool | NotGiven = NOT_GIVEN,
        session_recording_sample_rate: str | NotGiven = NOT_GIVEN,
        session_recording_minimum_duration_milliseconds: int | NotGiven = NOT_GIVEN,
        session_recording_linked_flag: Any | NotGiven = NOT_GIVEN,
        session_recording_network_payload_capture_config: Any | NotGiven = NOT_GIVEN,
        session_recording_masking_config: Any | NotGiven = NOT_GIVEN,
        session_replay_config: Any | NotGiven = NOT_GIVEN,
        survey_config: Any | NotGiven = NOT_GIVEN,
        access_control: bool | NotGiven = NOT_GIVEN,
        week_start_day: Any | NotGiven = NOT_GIVEN,
        primary_dashboard: int | NotGiven | None = NOT_GIVEN,
        live_events_columns: list[Any] | NotGiven = NOT_GIVEN,
        recording_domains: list[Any] | NotGiven = NOT_GIVEN,
        inject_web_apps: bool | NotGiven = NOT_GIVEN,
        extra_settings: Any | NotGiven = NOT_GIVEN,
        modifiers: Any | NotGiven = NOT_GIVEN,
        has_completed_onboarding_for: Any | NotGiven = NOT_GIVEN,
        surveys_opt_in: bool | NotGiven = NOT_GIVEN,
        heatmaps_opt_in: bool | NotGiven = NOT_GIVEN,
        flags_persistence_default: bool | NotGiven = NOT_GIVEN,
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Project:
        """Reset token.

        Live (posthog/api/project.py, `ProjectViewSet.reset_token`): project admins only
        (`TeamMemberStrictManagementPermission`); the action is in neither action list and
        has no `required_scopes`, so the live service refuses personal API keys for it. It
        answers the project with its new `api_token`.

        ``PATCH /api/organizations/{organization_id}/projects/{id}/reset_token/``

        Required scope: none listed.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).

        The live service refuses personal API keys for this operation (it answers 403,
        "This action does not support personal API key access");
        ``personal_api_key_allowed`` is False and the first call emits
        ``PersonalApiKeyWarning``.

        Args:
            organization_id: Path parameter ``{organization_id}``. Default: the client's
                ``organization_id``.
            id: A unique integer value identifying this project.
            name: Body field ``name``. Left out unless given.
            product_description: Body field ``product_description``. Left out unless given.
            app_urls: Body field ``app_urls``. Left out unless given.
            chat_incoming_webhook: Body field ``chat_incoming_webhook``. Left out unless
                given.
            anonymize_ips: Body field ``anonymize_ips``. Left out unless given.
            completed_snippet_onboarding: Body field ``completed_snippet_onboarding``. Left
                out unless given.
            test_account_filters: Body field ``test_account_filters``. Left out unless
                given.
            test_account_filters_default_checked: Body field
                ``test_account_filters_default_checked``. Left out unless given.
            path_cleaning_filters: Body field ``path_cleaning_filters``. Left out unless
                given.
            is_demo: Body field ``is_demo``. Left out unless given.
            timezone: Body field ``timezone``. Left out unless given.
            data_attributes: Body field ``data_attributes``. Left out unless given.
            person_display_name_properties: Body field ``person_display_name_properties``.
                Left out unless given.
            correlation_config: Body field ``correlation_config``. Left out unless given.
            autocapture_opt_out: Body field ``autocapture_opt_out``. Left out unless given.
            autocapture_exceptions_opt_in: Body field ``autocapture_exceptions_opt_in``.
                Left out unless given.
            autocapture_web_vitals_opt_in: Body field ``autocapture_web_vitals_opt_in``.
                Left out unless given.
            autocapture_web_vitals_allowed_metrics: Body field
                ``autocapture_web_vitals_allowed_metrics``. Left out unless given.
            autocapture_exceptions_errors_to_ignore: Body field
                ``autocapture_exceptions_errors_to_ignore``. Left out unless given.
            capture_console_log_opt_in: Body field ``capture_console_log_opt_in``. Left out
                unless given.
            capture_performance_opt_in: Body field ``capture_performance_opt_in``. Left out
                unless given.
            session_recording_opt_in: Body field ``session_recording_opt_in``. Left out
                unless given.
            session_recording_sample_rate: Body field ``session_recording_sample_rate``.
                Left out unless given.
            session_recording_minimum_duration_milliseconds: Body field
                ``session_recording_minimum_duration_milliseconds``. Left out unless given.
            session_recording_linked_flag: Body field ``session_recording_linked_flag``.
                Left out unless given.
            session_recording_network_payload_capture_config: Body field
                ``session_recording_network_payload_capture_config``. Left out unless given.
            session_recording_masking_config: Body field
                ``session_recording_masking_config``. Left out unless given.
            session_replay_config: Body field ``session_replay_config``. Left out unless
                given.
            survey_config: Body field ``survey_config``. Left out unless given.
            access_control: Body field ``access_control``. Left out unless given.
            week_start_day: Body field ``week_start_day``. Left out unless given.
            primary_dashboard: Body field ``primary_dashboard``. Left out unless given.
            live_events_columns: Body field ``live_events_columns``. Left out unless given.
            recording_domains: Body field ``recording_domains``. Left out unless given.
            inject_web_apps: Body field ``inject_web_apps``. Left out unless given.
            extra_settings: Body field ``extra_settings``. Left out unless given.
            modifiers: Body field ``modifiers``. Left out unless given.
            has_completed_onboarding_for: Body field ``has_completed_onboarding_for``. Left
                out unless given.
            surveys_opt_in: Body field ``surveys_opt_in``. Left out unless given.
            heatmaps_opt_in: Body field ``heatmaps_opt_in``. Left out unless given.
            flags_persistence_default: Body field ``flags_persistence_default``. Left out
                unless given.
            timeout: Seconds for one attempt of this call, redirects included (default: the
                client's).
            deadline: Seconds for the whole call: attempts, retries and throttle waits
                (default: the client's).
            extra_headers: Headers added to the request.
            extra_query: Query parameters added to the request (lists repeat the name).
            extra_body: Fields merged into the JSON body.
        """
        return await self._client._request(
            ops.PROJECTS_RESET_TOKEN_PARTIAL_UPDATE,
            path={"organization_id": organization_id, "id": id},
            query={},
            body={
                "name": name,
                "product_description": product_description,
                "app_urls": app_urls,
                "chat_incoming_webhook": chat_incoming_webhook,
                "anonymize_ips": anonymize_ips,
                "completed_snippet_onboarding": completed_snippet_onboarding,
                "test_account_filters": test_account_filters,
                "test_account_filters_default_checked": test_account_filters_default_checked,
                "path_cleaning_filters": path_cleaning_filters,
                "is_demo": is_demo,
                "timezone": timezone,
                "data_attributes": data_attributes,
                "person_display_name_properties": person_display_name_properties,
                "correlation_config": correlation_config,
                "autocapture_opt_out": autocapture_opt_out,
                "autocapture_exceptions_opt_in": autocapture_exceptions_opt_in,
                "autocapture_web_vitals_opt_in": autocapture_web_vitals_opt_in,
                "autocapture_web_vitals_allowed_metrics": autocapture_web_vitals_allowed_metrics,
                "autocapture_exceptions_errors_to_ignore": autocapture_exceptions_errors_to_ignore,
                "capture_console_log_opt_in": capture_console_log_opt_in,
                "capture_performance_opt_in": capture_performance_opt_in,
                "session_recording_opt_in": session_recording_opt_in,
                "session_recording_sample_rate": session_recording_sample_rate,
                "session_recording_minimum_duration_milliseconds": session_recording_minimum_duration_milliseconds,
                "session_recording_linked_flag": session_recording_linked_flag,
                "session_recording_network_payload_capture_config": session_recording_network_payload_capture_config,
                "session_recording_masking_config": session_recording_masking_config,
                "session_replay_config": session_replay_config,
                "survey_config": survey_config,
                "access_control": access_control,
                "week_start_day": week_start_day,
                "primary_dashboard": primary_dashboard,
                "live_events_columns": live_events_columns,
                "recording_domains": recording_domains,
                "inject_web_apps": inject_web_apps,
                "extra_settings": extra_settings,
                "modifiers": modifiers,
                "has_completed_onboarding_for": has_completed_onboarding_for,
                "surveys_opt_in": surveys_opt_in,
                "heatmaps_opt_in": heatmaps_opt_in,
                "flags_persistence_default": flags_persistence_default,
            },
            options=RequestOptions(timeout, extra_headers, extra_query, extra_body, deadline),
        )


class ProxyRecords(Resource):
    """``client.proxy_records``: list, create, get, update, delete."""

    @endpoint(ops.PROXY_RECORDS_LIST)
    def list(
        self,
        *,
        organization_id: str | None = None,
        limit: int | None = None,
        offset: int | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> Pager[models.ProxyRecord]:
        """List the proxy records of an organization.

        Scope: live (posthog/api/proxy_record.py, `ProxyRecordViewset`,
        `scope_object = "organization"`): `list` is a read action: `organization:read`, as
        described.
        It answers every record at once, `{"results": [...], "max_proxy_records": n}`.

        ``GET /api/organizations/{organization_id}/proxy_records/``

        Required scope: ``organization:read``.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).

        Args:
            organization_id: Path parameter ``{organization_id}``. Default: the client's
                ``organization_id``.
            limit: Number of results to return per page. Left out when None.
            offset: The initial index from which to return the results. Left out when None.
            timeout: Seconds for one attempt of this call, redirects included (default: the
                client's).
            deadline: Seconds for the whole call: attempts, retries and throttle waits
                (default: the client's).
            extra_headers: Headers added to the request.
            extra_query: Query parameters added to the request (lists repeat the name).
        """
        return self._client._paginate(
            ops.PROXY_RECORDS_LIST,
            path={"organization_id": organization_id},
            query={"limit": limit, "offset": offset},
            body=None,
            options=RequestOptions(timeout, extra_headers, extra_query, None, deadline),
        )

    @endpoint(ops.PROXY_RECORDS_CREATE)
    async def create(
        self,
        *,
        organization_id: str | None = None,
        domain: str,
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.ProxyRecord:
        """Create a proxy record.

        The live service answers 200 instead of 201. Scope: live
        (posthog/api/proxy_record.py, `ProxyRecordViewset`, `scope_object = "organization"`):
        `create` is a write action: `organization:write`, as described.

        ``POST /api/organizations/{organization_id}/proxy_records/``

        Required scope: ``organization:write``.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).

        Args:
            organization_id: Path parameter ``{organization_id}``. Default: the client's
                ``organization_id``.
            domain: Body field ``domain``.
            timeout: Seconds for one attempt of this call, redirects included (default: the
                client's).
            deadline: Seconds for the whole call: attempts, retries and throttle waits
                (default: the client's).
            extra_headers: Headers added to the request.
            extra_query: Query parameters added to the request (lists repeat the name).
            extra_body: Fields merged into the JSON body.
        """
        return await self._client._request(
            ops.PROXY_RECORDS_CREATE,
            path={"organization_id": organization_id},
            query={},
            body={"domain": domain},
            options=RequestOptions(timeout, extra_headers, extra_query, extra_body, deadline),
        )

    @endpoint(ops.PROXY_RECORDS_RETRIEVE)
    async def get(
        self,
        *,
        organization_id: str | None = None,
        id: str,
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> models.ProxyRecord:
        """Retrieve one proxy record.

        Scope: live (posthog/api/proxy_record.py, `ProxyRecordViewset`,
        `scope_object = "organization"`): `retrieve` is a read action: `organization:read`,
        as described.

        ``GET /api/organizations/{organization_id}/proxy_records/{id}/``

        Required scope: ``organization:read``.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).

        Args:
            organization_id: Path parameter ``{organization_id}``. Default: the client's
                ``organization_id``.
            id: Path parameter ``{id}``.
            timeout: Seconds for one attempt of this call, redirects included (default: the
                client's).
            deadline: Seconds for the whole call: attempts, retries and throttle waits
                (default: the client's).
            extra_headers: Headers added to the request.
            extra_query: Query parameters added to the request (lists repeat the name).
        """
        return await self._client._request(
            ops.PROXY_RECORDS_RETRIEVE,
            path={"organization_id": organization_id, "id": id},
            query={},
            body=None,
            options=RequestOptions(timeout, extra_headers, extra_query, None, deadline),
        )

    @overload
    async def get_many(
        self,
        *,
        organization_id: str | None = None,
        ids: Iterable[str],
        concurrency: int | None = None,
        return_exceptions: Literal[False] = False,
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> builtins.list[models.ProxyRecord]: ...

    @overload
    async def get_many(
        self,
        *,
        organization_id: str | None = None,
        ids: Iterable[str],
        concurrency: int | None = None,
        return_exceptions: Literal[True],
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> builtins.list[models.ProxyRecord | Exception]: ...

    @endpoint(ops.PROXY_RECORDS_RETRIEVE, bulk=True)
    async def get_many(
        self,
        *,
        organization_id: str | None = None,
        ids: Iterable[str],
        concurrency: int | None = None,
        return_exceptions: bool = False,
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> builtins.list[models.ProxyRecord] | builtins.list[models.ProxyRecord | Exception]:
        """Many at once: ``get`` once per value of ``ids``, concurrently.

        At most ``concurrency`` requests are in flight (default: the client's
        ``max_concurrency``). Results come back in the order of ``ids``. The first
        failure (after its retries) cancels the requests still in flight and is raised;
        with ``return_exceptions=True`` the exception takes that value's place instead.

        Required scope: ``organization:read``.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).

        Args:
            organization_id: Path parameter ``{organization_id}``. Default: the client's
                ``organization_id``.
            ids: The values of ``id``, one request each.
            concurrency: The most requests in flight at once (default: the client's
                ``max_concurrency``).
            return_exceptions: Put a failure in its value's place instead of raising it.
            timeout: Seconds for one attempt of this call, redirects included (default: the
                client's).
            deadline: Seconds for the whole call: attempts, retries and throttle waits
                (default: the client's).
            extra_headers: Headers added to the request.
            extra_query: Query parameters added to the request (lists repeat the name).
        """
        return await self._client._request_many(
            ops.PROXY_RECORDS_RETRIEVE,
            param="id",
            values=ids,
            path={"organization_id": organization_id},
            concurrency=concurrency,
            return_exceptions=return_exceptions,
            options=RequestOptions(timeout, extra_headers, extra_query, None, deadline),
        )

    @endpoint(ops.PROXY_RECORDS_PARTIAL_UPDATE)
    async def update(
        self,
        *,
        organization_id: str | None = None,
        id: str,
        domain: str | NotGiven = NOT_GIVEN,
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.ProxyRecord:
        """Update a proxy record.

        Scope: live (posthog/api/proxy_record.py, `ProxyRecordViewset`,
        `scope_object = "organization"`): `partial_update` is a write action:
        `organization:write`, as described.

        ``PATCH /api/organizations/{organization_id}/proxy_records/{id}/``

        Required scope: ``organization:write``.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).

        Args:
            organization_id: Path parameter ``{organization_id}``. Default: the client's
                ``organization_id``.
            id: Path parameter ``{id}``.
            domain: Body field ``domain``. Left out unless given.
            timeout: Seconds for one attempt of this call, redirects included (default: the
                client's).
            deadline: Seconds for the whole call: attempts, retries and throttle waits
                (default: the client's).
            extra_headers: Headers added to the request.
            extra_query: Query parameters added to the request (lists repeat the name).
            extra_body: Fields merged into the JSON body.
        """
        return await self._client._request(
            ops.PROXY_RECORDS_PARTIAL_UPDATE,
            path={"organization_id": organization_id, "id": id},
            query={},
            body={"domain": domain},
            options=RequestOptions(timeout, extra_headers, extra_query, extra_body, deadline),
        )

    @endpoint(ops.PROXY_RECORDS_DESTROY)
    async def delete(
        self,
        *,
        organization_id: str | None = None,
        id: str,
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> None:
        """Delete a proxy record.

        The live service answers `200 {"success": true}` instead of 204. Scope: live
        (posthog/api/proxy_record.py, `ProxyRecordViewset`, `scope_object = "organization"`):
        `destroy` is a write action: `organization:write`, as described.

        ``DELETE /api/organizations/{organization_id}/proxy_records/{id}/``

        Required scope: ``organization:write``.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).

        Args:
            organization_id: Path parameter ``{organization_id}``. Default: the client's
                ``organization_id``.
            id: Path parameter ``{id}``.
            timeout: Seconds for one attempt of this call, redirects included (default: the
                client's).
            deadline: Seconds for the whole call: attempts, retries and throttle waits
                (default: the client's).
            extra_headers: Headers added to the request.
            extra_query: Query parameters added to the request (lists repeat the name).
        """
        return await self._client._request(
            ops.PROXY_RECORDS_DESTROY,
            path={"organization_id": organization_id, "id": id},
            query={},
            body=None,
            options=RequestOptions(timeout, extra_headers, extra_query, None, deadline),
        )


class Roles(Resource):
    """``client.roles``: list, create, get."""

    @endpoint(ops.ROLES_LIST)
    def list(
        self,
        *,
        organization_id: str | None = None,
        limit: int | None = None,
        offset: int | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> Pager[models.Role]:
        """List the roles of an organization.

        Scope: live (ee/api/rbac/role.py, `RoleViewSet`, `scope_object = "organization"`):
        `list` is a read action: `organization:read`, as described.

        ``GET /api/organizations/{organization_id}/roles/``

        Required scope: ``organization:read``.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).

        Args:
            organization_id: Path parameter ``{organization_id}``. Default: the client's
                ``organization_id``.
            limit: Number of results to return per page. Left out when None.
            offset: The initial index from which to return the results. Left out when None.
            timeout: Seconds for one attempt of this call, redirects included (default: the
                client's).
            deadline: Seconds for the whole call: attempts, retries and throttle waits
                (default: the client's).
            extra_headers: Headers added to the request.
            extra_query: Query parameters added to the request (lists repeat the name).
        """
        return self._client._paginate(
            ops.ROLES_LIST,
            path={"organization_id": organization_id},
            query={"limit": limit, "offset": offset},
            body=None,
            options=RequestOptions(timeout, extra_headers, extra_query, None, deadline),
        )

    @endpoint(ops.ROLES_CREATE)
    async def create(
        self,
        *,
        organization_id: str | None = None,
        name: str,
        feature_flags_access_level: Any = None,
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Role:
        """Create a role.

        Scope: live (ee/api/rbac/role.py, `RoleViewSet`, `scope_object = "organization"`):
        `create` is a write action: `organization:write`, as described.
        The current `RoleSerializer` no longer has `feature_flags_access_level` (a field it
        does not know is ignored).

        ``POST /api/organizations/{organization_id}/roles/``

        Required scope: ``organization:write``.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).

        Args:
            organization_id: Path parameter ``{organization_id}``. Default: the client's
                ``organization_id``.
            name: Body field ``name``.
            feature_flags_access_level: Left out, the service picks its own level. Left out
                when None.
            timeout: Seconds for one attempt of this call, redirects included (default: the
                client's).
            deadline: Seconds for the whole call: attempts, retries and throttle waits
                (default: the client's).
            extra_headers: Headers added to the request.
            extra_query: Query parameters added to the request (lists repeat the name).
            extra_body: Fields merged into the JSON body.
        """
        return await self._client._request(
            ops.ROLES_CREATE,
            path={"organization_id": organization_id},
            query={},
            body={"name": name, "feature_flags_access_level": feature_flags_access_level},
            options=RequestOptions(timeout, extra_headers, extra_query, extra_body, deadline),
        )

    @endpoint(ops.ROLES_RETRIEVE)
    async def get(
        self,
        *,
        organization_id: str | None = None,
        id: str | UUID,
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> models.Role:
        """Retrieve one role.

        Scope: live (ee/api/rbac/role.py, `RoleViewSet`, `scope_object = "organization"`):
        `retrieve` is a read action: `organization:read`, as described.

        ``GET /api/organizations/{organization_id}/roles/{id}/``

        Required scope: ``organization:read``.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).

        Args:
            organization_id: Path parameter ``{organization_id}``. Default: the client's
                ``organization_id``.
            id: UUID of the role.
            timeout: Seconds for one attempt of this call, redirects included (default: the
                client's).
            deadline: Seconds for the whole call: attempts, retries and throttle waits
                (default: the client's).
            extra_headers: Headers added to the request.
            extra_query: Query parameters added to the request (lists repeat the name).
        """
        return await self._client._request(
            ops.ROLES_RETRIEVE,
            path={"organization_id": organization_id, "id": id},
            query={},
            body=None,
            options=RequestOptions(timeout, extra_headers, extra_query, None, deadline),
        )

    @overload
    async def get_many(
        self,
        *,
        organization_id: str | None = None,
        ids: Iterable[str | UUID],
        concurrency: int | None = None,
        return_exceptions: Literal[False] = False,
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> builtins.list[models.Role]: ...

    @overload
    async def get_many(
        self,
        *,
        organization_id: str | None = None,
        ids: Iterable[str | UUID],
        concurrency: int | None = None,
        return_exceptions: Literal[True],
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> builtins.list[models.Role | Exception]: ...

    @endpoint(ops.ROLES_RETRIEVE, bulk=True)
    async def get_many(
        self,
        *,
        organization_id: str | None = None,
        ids: Iterable[str | UUID],
        concurrency: int | None = None,
        return_exceptions: bool = False,
        timeout: float | None = None,
        deadline: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> builtins.list[models.Role] | builtins.list[models.Role | Exception]:
        """Many at once: ``get`` once per value of ``ids``, concurrently.

        At most ``concurrency`` requests are in flight (default: the client's
        ``max_concurrency``). Results come back in the order of ``ids``. The first
        failure (after its retries) cancels the requests still in flight and is raised;
        with ``return_exceptions=True`` the exception takes that value's place instead.

        Required scope: ``organization:read``.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).

        Args:
            organization_id: Path parameter ``{organization_id}``. Default: the client's
                ``organization_id``.
            ids: The values of ``id``, one request each. UUID of the role.
            concurrency: The most requests in flight at once (default: the client's
                ``max_concurrency``).
            return_exceptions: Put a failure in its value's place instead of raising it.
            timeout: Seconds for one attempt of this call, redirects included (default: the
                client's).
            deadline: Seconds for the whole call: attempts, retries and throttle waits
                (default: the client's).
            extra_headers: Headers added to the request.
            extra_query: Query parameters added to the request (lists repeat the name).
        """
        return await self._client._request_many(
            ops.ROLES_RETRIEVE,
            param="id",
            values=ids,
            path={"organization_id": organization_id},
            concurrency=concurrency,
            return_exceptions=return_exceptions,
            options=RequestOptions(timeout, extra_headers, extra_query, None, deadline),
        )


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
