# GENERATED FILE: do not edit by hand.
# Source: spec/openapi.yaml, by codegen/ (templates in codegen/templates).
# Regenerate with `make generate`.
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
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> None:
        """Remove a recording from a recording playlist.

        ``DELETE /api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/{session_recording_id}/``

        Required scope: none listed.

        Throttle class: ``recordings`` (the service allows
        240 requests per minute and 1,200 requests per hour per API key).
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
            options=RequestOptions(timeout, extra_headers, extra_query, None),
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
        timeout: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> Pager[models.SessionRecording]:
        """List the session recordings of a project.

        ``GET /api/environments/{project_id}/session_recordings/``

        Required scope: ``session_recording:read``.

        Throttle class: ``recordings`` (the service allows
        240 requests per minute and 1,200 requests per hour per API key).
        """
        return self._client._paginate(
            ops.SESSION_RECORDINGS_LIST,
            path={"project_id": project_id},
            query={"limit": limit, "offset": offset},
            body=None,
            options=RequestOptions(timeout, extra_headers, extra_query, None),
        )

    @endpoint(ops.SESSION_RECORDINGS_RETRIEVE)
    async def get(
        self,
        *,
        project_id: str | int | None = None,
        id: str,
        timeout: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> models.SessionRecording:
        """Retrieve one session recording.

        ``GET /api/environments/{project_id}/session_recordings/{id}/``

        Required scope: ``session_recording:read``.

        Throttle class: ``recordings`` (the service allows
        240 requests per minute and 1,200 requests per hour per API key).
        """
        return await self._client._request(
            ops.SESSION_RECORDINGS_RETRIEVE,
            path={"project_id": project_id, "id": id},
            query={},
            body=None,
            options=RequestOptions(timeout, extra_headers, extra_query, None),
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
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> builtins.list[models.SessionRecording | Exception]: ...

    async def get_many(
        self,
        *,
        project_id: str | int | None = None,
        ids: Iterable[str],
        concurrency: int | None = None,
        return_exceptions: bool = False,
        timeout: float | None = None,
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

        Every request counts against the throttle class ``recordings``.
        """
        return await self._client._request_many(
            ops.SESSION_RECORDINGS_RETRIEVE,
            param="id",
            values=ids,
            path={"project_id": project_id},
            concurrency=concurrency,
            return_exceptions=return_exceptions,
            options=RequestOptions(timeout, extra_headers, extra_query, None),
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
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.SessionRecording:
        """Update a session recording.

        The live service answers `200 {"success": true}` instead of the recording; the
        response schema's fields are all optional, so both forms parse.

        ``PATCH /api/environments/{project_id}/session_recordings/{id}/``

        Required scope: ``session_recording:write``.

        Throttle class: ``recordings`` (the service allows
        240 requests per minute and 1,200 requests per hour per API key).
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
            options=RequestOptions(timeout, extra_headers, extra_query, extra_body),
        )

    @endpoint(ops.SESSION_RECORDINGS_DESTROY)
    async def delete(
        self,
        *,
        project_id: str | int | None = None,
        id: str,
        timeout: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> None:
        """Delete a session recording.

        ``DELETE /api/environments/{project_id}/session_recordings/{id}/``

        Required scope: ``session_recording:write``.

        Throttle class: ``recordings`` (the service allows
        240 requests per minute and 1,200 requests per hour per API key).
        """
        return await self._client._request(
            ops.SESSION_RECORDINGS_DESTROY,
            path={"project_id": project_id, "id": id},
            query={},
            body=None,
            options=RequestOptions(timeout, extra_headers, extra_query, None),
        )

    @endpoint(ops.SESSION_RECORDINGS_SHARING_RETRIEVE)
    async def get_sharing(
        self,
        *,
        project_id: str | int | None = None,
        recording_id: str,
        timeout: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> models.SharingConfiguration:
        """Read the sharing configuration of one recording.

        ``GET /api/environments/{project_id}/session_recordings/{recording_id}/sharing/``

        Required scope: ``sharing_configuration:read``.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).
        """
        return await self._client._request(
            ops.SESSION_RECORDINGS_SHARING_RETRIEVE,
            path={"project_id": project_id, "recording_id": recording_id},
            query={},
            body=None,
            options=RequestOptions(timeout, extra_headers, extra_query, None),
        )

    @endpoint(ops.SESSION_RECORDINGS_AI_FILTERS_CREATE)
    async def ai_filters(
        self,
        *,
        project_id: str | int | None = None,
        person: Any,
        timeout: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> None:
        """Generate recording filters with AI.

        In development and subject to change; do not depend on it.

        ``POST /api/environments/{project_id}/session_recordings/ai/filters/``

        Required scope: none listed.

        Throttle class: ``recordings`` (the service allows
        240 requests per minute and 1,200 requests per hour per API key).

        Experimental: in development and subject to change. The first call emits
        ``ExperimentalOperationWarning``.
        """
        return await self._client._request(
            ops.SESSION_RECORDINGS_AI_FILTERS_CREATE,
            path={"project_id": project_id},
            query={},
            body={"person": person},
            options=RequestOptions(timeout, extra_headers, extra_query, extra_body),
        )

    @endpoint(ops.SESSION_RECORDINGS_AI_REGEX_CREATE)
    async def ai_regex(
        self,
        *,
        project_id: str | int | None = None,
        person: Any,
        timeout: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> None:
        """Generate a regex pattern with AI.

        In development and subject to change; do not depend on it.

        ``POST /api/environments/{project_id}/session_recordings/ai/regex/``

        Required scope: none listed.

        Throttle class: ``recordings`` (the service allows
        240 requests per minute and 1,200 requests per hour per API key).

        Experimental: in development and subject to change. The first call emits
        ``ExperimentalOperationWarning``.
        """
        return await self._client._request(
            ops.SESSION_RECORDINGS_AI_REGEX_CREATE,
            path={"project_id": project_id},
            query={},
            body={"person": person},
            options=RequestOptions(timeout, extra_headers, extra_query, extra_body),
        )


class Sessions(Resource):
    """``client.sessions``: property_definitions."""

    @endpoint(ops.SESSIONS_PROPERTY_DEFINITIONS_RETRIEVE)
    async def property_definitions(
        self,
        *,
        project_id: str | int | None = None,
        timeout: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> Any:
        """Read session property definitions.

        The description gives no body; whatever JSON the service sends is returned.

        ``GET /api/environments/{project_id}/sessions/property_definitions/``

        Required scope: none listed.

        Throttle class: ``recordings`` (the service allows
        240 requests per minute and 1,200 requests per hour per API key).
        """
        return await self._client._request(
            ops.SESSIONS_PROPERTY_DEFINITIONS_RETRIEVE,
            path={"project_id": project_id},
            query={},
            body=None,
            options=RequestOptions(timeout, extra_headers, extra_query, None),
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
        timeout: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Project:
        """Partially update the project.

        ``PATCH /api/organizations/{organization_id}/projects/{id}/``

        Required scope: ``project:read``.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).
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
            },
            options=RequestOptions(timeout, extra_headers, extra_query, extra_body),
        )

    @endpoint(ops.PROJECTS_DESTROY)
    async def delete(
        self,
        *,
        organization_id: str | None = None,
        id: int,
        timeout: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> None:
        """Delete the project.

        ``DELETE /api/organizations/{organization_id}/projects/{id}/``

        Required scope: ``project:write``.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).
        """
        return await self._client._request(
            ops.PROJECTS_DESTROY,
            path={"organization_id": organization_id, "id": id},
            query={},
            body=None,
            options=RequestOptions(timeout, extra_headers, extra_query, None),
        )

    @endpoint(ops.PROJECTS_ACTIVITY_RETRIEVE)
    async def activity(
        self,
        *,
        organization_id: str | None = None,
        id: int,
        timeout: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> models.Project:
        """Retrieve activity.

        ``GET /api/organizations/{organization_id}/projects/{id}/activity/``

        Required scope: none listed.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).
        """
        return await self._client._request(
            ops.PROJECTS_ACTIVITY_RETRIEVE,
            path={"organization_id": organization_id, "id": id},
            query={},
            body=None,
            options=RequestOptions(timeout, extra_headers, extra_query, None),
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
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Project:
        """Add product intent.

        ``PATCH /api/organizations/{organization_id}/projects/{id}/add_product_intent/``

        Required scope: ``team:read``.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).
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
            options=RequestOptions(timeout, extra_headers, extra_query, extra_body),
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
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Project:
        """Authenticate wizard.

        ``POST /api/organizations/{organization_id}/projects/{id}/authenticate_wizard/``

        Required scope: none listed.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).
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
            options=RequestOptions(timeout, extra_headers, extra_query, extra_body),
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
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Project:
        """Change organization.

        The target organization goes in the body field `organization_id`, which shares its
        name with the path parameter: SDK callers pass it through `extra_body`.

        ``POST /api/organizations/{organization_id}/projects/{id}/change_organization/``

        Required scope: none listed.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).

        The body field ``organization_id`` shares its name with a parameter of this method:
        send it through ``extra_body={"organization_id": ...}``.
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
            options=RequestOptions(timeout, extra_headers, extra_query, extra_body),
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
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Project:
        """Complete product onboarding.

        ``PATCH /api/organizations/{organization_id}/projects/{id}/complete_product_onboarding/``

        Required scope: ``team:read``.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).
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
            options=RequestOptions(timeout, extra_headers, extra_query, extra_body),
        )

    @endpoint(ops.PROJECTS_IS_GENERATING_DEMO_DATA_RETRIEVE)
    async def is_generating_demo_data(
        self,
        *,
        organization_id: str | None = None,
        id: int,
        timeout: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> models.Project:
        """Tell whether demo data is being generated.

        ``GET /api/organizations/{organization_id}/projects/{id}/is_generating_demo_data/``

        Required scope: none listed.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).
        """
        return await self._client._request(
            ops.PROJECTS_IS_GENERATING_DEMO_DATA_RETRIEVE,
            path={"organization_id": organization_id, "id": id},
            query={},
            body=None,
            options=RequestOptions(timeout, extra_headers, extra_query, None),
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
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Project:
        """Reset token.

        ``PATCH /api/organizations/{organization_id}/projects/{id}/reset_token/``

        Required scope: none listed.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).
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
            options=RequestOptions(timeout, extra_headers, extra_query, extra_body),
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
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> Pager[models.ProxyRecord]:
        """List the proxy records of an organization.

        ``GET /api/organizations/{organization_id}/proxy_records/``

        Required scope: ``organization:read``.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).
        """
        return self._client._paginate(
            ops.PROXY_RECORDS_LIST,
            path={"organization_id": organization_id},
            query={"limit": limit, "offset": offset},
            body=None,
            options=RequestOptions(timeout, extra_headers, extra_query, None),
        )

    @endpoint(ops.PROXY_RECORDS_CREATE)
    async def create(
        self,
        *,
        organization_id: str | None = None,
        domain: str,
        timeout: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.ProxyRecord:
        """Create a proxy record.

        The live service answers 200 instead of 201.

        ``POST /api/organizations/{organization_id}/proxy_records/``

        Required scope: ``organization:write``.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).
        """
        return await self._client._request(
            ops.PROXY_RECORDS_CREATE,
            path={"organization_id": organization_id},
            query={},
            body={"domain": domain},
            options=RequestOptions(timeout, extra_headers, extra_query, extra_body),
        )

    @endpoint(ops.PROXY_RECORDS_RETRIEVE)
    async def get(
        self,
        *,
        organization_id: str | None = None,
        id: str,
        timeout: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> models.ProxyRecord:
        """Retrieve one proxy record.

        ``GET /api/organizations/{organization_id}/proxy_records/{id}/``

        Required scope: ``organization:read``.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).
        """
        return await self._client._request(
            ops.PROXY_RECORDS_RETRIEVE,
            path={"organization_id": organization_id, "id": id},
            query={},
            body=None,
            options=RequestOptions(timeout, extra_headers, extra_query, None),
        )

    @endpoint(ops.PROXY_RECORDS_PARTIAL_UPDATE)
    async def update(
        self,
        *,
        organization_id: str | None = None,
        id: str,
        domain: str | NotGiven = NOT_GIVEN,
        timeout: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.ProxyRecord:
        """Update a proxy record.

        ``PATCH /api/organizations/{organization_id}/proxy_records/{id}/``

        Required scope: ``organization:write``.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).
        """
        return await self._client._request(
            ops.PROXY_RECORDS_PARTIAL_UPDATE,
            path={"organization_id": organization_id, "id": id},
            query={},
            body={"domain": domain},
            options=RequestOptions(timeout, extra_headers, extra_query, extra_body),
        )

    @endpoint(ops.PROXY_RECORDS_DESTROY)
    async def delete(
        self,
        *,
        organization_id: str | None = None,
        id: str,
        timeout: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> None:
        """Delete a proxy record.

        The live service answers `200 {"success": true}` instead of 204.

        ``DELETE /api/organizations/{organization_id}/proxy_records/{id}/``

        Required scope: ``organization:write``.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).
        """
        return await self._client._request(
            ops.PROXY_RECORDS_DESTROY,
            path={"organization_id": organization_id, "id": id},
            query={},
            body=None,
            options=RequestOptions(timeout, extra_headers, extra_query, None),
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
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> Pager[models.Role]:
        """List the roles of an organization.

        ``GET /api/organizations/{organization_id}/roles/``

        Required scope: ``organization:read``.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).
        """
        return self._client._paginate(
            ops.ROLES_LIST,
            path={"organization_id": organization_id},
            query={"limit": limit, "offset": offset},
            body=None,
            options=RequestOptions(timeout, extra_headers, extra_query, None),
        )

    @endpoint(ops.ROLES_CREATE)
    async def create(
        self,
        *,
        organization_id: str | None = None,
        name: str,
        feature_flags_access_level: Any = None,
        timeout: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Role:
        """Create a role.

        ``POST /api/organizations/{organization_id}/roles/``

        Required scope: ``organization:write``.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).
        """
        return await self._client._request(
            ops.ROLES_CREATE,
            path={"organization_id": organization_id},
            query={},
            body={"name": name, "feature_flags_access_level": feature_flags_access_level},
            options=RequestOptions(timeout, extra_headers, extra_query, extra_body),
        )

    @endpoint(ops.ROLES_RETRIEVE)
    async def get(
        self,
        *,
        organization_id: str | None = None,
        id: str | UUID,
        timeout: float | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
    ) -> models.Role:
        """Retrieve one role.

        ``GET /api/organizations/{organization_id}/roles/{id}/``

        Required scope: ``organization:read``.

        Throttle class: ``crud`` (the service allows
        480 requests per minute and 4,800 requests per hour per API key).
        """
        return await self._client._request(
            ops.ROLES_RETRIEVE,
            path={"organization_id": organization_id, "id": id},
            query={},
            body=None,
            options=RequestOptions(timeout, extra_headers, extra_query, None),
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
