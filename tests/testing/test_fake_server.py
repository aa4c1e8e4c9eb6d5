"""The FakeServer answers every operation of the description, with state."""

from __future__ import annotations

import hashlib
import uuid
from typing import Any

import aiohttp
import pytest

from product_analytics import models
from product_analytics._generated.operations import ALL
from product_analytics.testing import FakeServer
from product_analytics.testing.handlers import HANDLERS

from .helpers import Api

# In name order: the model declares first the fields it shares with the project request
# (in their base model), the service answers in its own order.
PROJECT_FIELDS = sorted(models.Project.model_fields)
RECORDING_FIELDS = list(models.SessionRecording.model_fields)
PERSON_FIELDS = list(models.Person.model_fields)
PROXY_FIELDS = list(models.ProxyRecord.model_fields)
USER_FIELDS = list(models.User.model_fields)

# Status of success of each operation, as the description gives it.
SUCCESS_STATUS = {
    "session_recording_playlists_recordings_destroy": 204,
    "session_recordings_destroy": 204,
    "projects_destroy": 204,
    "proxy_records_destroy": 204,
    "proxy_records_create": 201,
    "roles_create": 201,
}

BODIES: dict[str, Any] = {
    "session_recordings_partial_update": {"person": {"name": "x"}},
    "session_recordings_ai_filters_create": {"person": "anything"},
    "session_recordings_ai_regex_create": {"person": "anything"},
    "projects_partial_update": {"name": "Renamed"},
    "projects_add_product_intent_partial_update": {"product_type": "session_replay"},
    "projects_complete_product_onboarding_partial_update": {"product_type": "session_replay"},
    "projects_authenticate_wizard_create": {"hash": "abc"},
    "projects_change_organization_create": {},
    "projects_reset_token_partial_update": {},
    "proxy_records_create": {"domain": "t.example.com"},
    "proxy_records_partial_update": {"domain": "u.example.com"},
    "roles_create": {"name": "Analysts", "feature_flags_access_level": 37},
}


async def _first_id(api: Api, path: str) -> str:
    answer = await api.get(path)
    assert answer.status == 200
    first: str = answer.body["results"][0]["id"]
    return first


async def test_every_operation_of_the_spec_answers_its_described_success_status(
    api: Api, server: FakeServer
) -> None:
    playlist = await _playlist_recording(server)
    values = {
        "project_id": str(server.project_id),
        "organization_id": server.organization_id,
        "short_id": server.playlist_short_id,
        "session_recording_id": playlist,
        "recording_id": server.recording_ids[1],
    }
    ids = {
        "session_recordings": server.recording_ids[1],
        "session_recordings_destroy": server.recording_ids[2],
        "projects": str(server.project_ids[0]),
        "projects_destroy": str(server.project_ids[1]),
        "proxy_records": await _first_id(api, api.org("proxy_records/")),
        "roles": await _first_id(api, api.org("roles/")),
    }
    # The 26 described operations have built-in handlers; one added to the spec answers 501.
    described = [op for op in ALL if op.operation_id in HANDLERS]
    assert len(described) == 26
    for op in described:
        resource = op.operation_id.split("_", 1)[0]
        resource = {"session": "session_recordings", "proxy": "proxy_records"}.get(
            resource, resource
        )
        path_values = {
            **values,
            "id": ids.get(op.operation_id, ids.get(resource, "")),
        }
        path = op.path.format(**path_values)
        body = BODIES.get(op.operation_id)
        answer = await api.request(op.method, path, json_body=body)
        expected = SUCCESS_STATUS.get(op.operation_id, 200)
        assert answer.status == expected, (op.operation_id, answer.text)
    assert server.requests[-1].operation_id == described[-1].operation_id


async def _playlist_recording(server: FakeServer) -> str:
    playlist = server.store.environments[server.project_id].playlists[server.playlist_short_id]
    recording_id: str = playlist.recording_ids[0]
    return recording_id


# -- session recordings -------------------------------------------------------------------


async def test_recording_has_every_described_field_with_utc_timestamps(
    api: Api, server: FakeServer
) -> None:
    answer = await api.get(api.env(f"session_recordings/{server.recording_ids[0]}/"))
    assert answer.status == 200
    recording = answer.body
    assert list(recording) == RECORDING_FIELDS
    assert set(PERSON_FIELDS) <= set(recording["person"])
    assert uuid.UUID(recording["id"])
    assert recording["start_time"].endswith("Z")
    assert recording["end_time"].endswith("Z")
    assert recording["recording_duration"] == (
        recording["active_seconds"] + recording["inactive_seconds"]
    )
    assert recording["start_url"].startswith("https://")
    assert isinstance(recording["person"]["properties"], dict)
    models.SessionRecording.model_validate(recording)


async def test_recording_patch_sets_viewed_and_merges_person(api: Api, server: FakeServer) -> None:
    path = api.env(f"session_recordings/{server.recording_ids[3]}/")
    before = (await api.get(path)).body
    answer = await api.patch(path, {"viewed": True, "person": {"name": "Renamed"}})
    assert answer.status == 200
    assert answer.body["viewed"] is True
    assert server.user["email"] in answer.body["viewers"]
    assert answer.body["person"]["name"] == "Renamed"
    assert answer.body["person"]["uuid"] == before["person"]["uuid"]
    assert (await api.get(path)).body == answer.body


async def test_recording_patch_accepts_analyzed_and_player_metadata(
    api: Api, server: FakeServer
) -> None:
    path = api.env(f"session_recordings/{server.recording_ids[0]}/")
    answer = await api.patch(path, {"analyzed": True, "player_metadata": {"speed": 2}})
    assert answer.status == 200
    assert answer.body["id"] == server.recording_ids[0]


async def test_deleted_recording_is_404_and_leaves_the_list_and_playlist(
    api: Api, server: FakeServer
) -> None:
    victim = await _playlist_recording(server)
    path = api.env(f"session_recordings/{victim}/")
    assert (await api.delete(path)).status == 204
    assert (await api.get(path)).status == 404
    assert (await api.delete(path)).status == 404
    assert (await api.get(api.env(f"session_recordings/{victim}/sharing/"))).status == 404
    listing = await api.get(api.env("session_recordings/"))
    assert listing.body["count"] == len(server.recording_ids) - 1
    removal = api.env(
        f"session_recording_playlists/{server.playlist_short_id}/recordings/{victim}/"
    )
    assert (await api.delete(removal)).status == 404


async def test_unknown_recording_is_404(api: Api) -> None:
    missing = str(uuid.uuid4())
    assert (await api.get(api.env(f"session_recordings/{missing}/"))).status == 404
    assert (await api.patch(api.env(f"session_recordings/{missing}/"), {})).status == 404


async def test_playlist_removal_happens_once(api: Api, server: FakeServer) -> None:
    recording_id = await _playlist_recording(server)
    path = api.env(
        f"session_recording_playlists/{server.playlist_short_id}/recordings/{recording_id}/"
    )
    first = await api.delete(path)
    assert (first.status, first.body) == (204, None)
    assert (await api.delete(path)).status == 404
    # The recording itself is still there.
    assert (await api.get(api.env(f"session_recordings/{recording_id}/"))).status == 200
    unknown = api.env(f"session_recording_playlists/nope/recordings/{recording_id}/")
    assert (await api.delete(unknown)).status == 404


async def test_sharing_configuration_is_made_once_and_then_stable(
    api: Api, server: FakeServer
) -> None:
    path = api.env(f"session_recordings/{server.recording_ids[5]}/sharing/")
    first = await api.get(path)
    assert first.status == 200
    assert set(first.body) == {"created_at", "enabled", "access_token"}
    assert first.body["enabled"] is False
    assert first.body["created_at"].endswith("Z")
    assert (await api.get(path)).body == first.body
    missing = api.env(f"session_recordings/{uuid.uuid4()}/sharing/")
    assert (await api.get(missing)).status == 404


@pytest.mark.parametrize(("helper", "result"), [("filters", "question"), ("regex", "error")])
async def test_ai_helpers_answer_the_live_json_as_the_spec_describes(
    api: Api, helper: str, result: str
) -> None:
    answer = await api.post(api.env(f"session_recordings/ai/{helper}/"), {"person": {"a": 1}})
    assert answer.status == 200
    assert answer.headers["Content-Type"].startswith("application/json")
    assert answer.body["result"] == result


async def test_ai_regex_makes_a_pattern_of_the_words_given(api: Api) -> None:
    answer = await api.post(api.env("session_recordings/ai/regex/"), {"regex": "pay page"})
    assert (answer.status, answer.body["data"]["output"]) == (200, "pay.*page")


async def test_property_definitions_answer_the_live_json(api: Api) -> None:
    answer = await api.get(api.env("sessions/property_definitions/"))
    assert (answer.status, answer.body) == (200, {"count": 0, "results": []})


async def test_environment_of_another_project_holds_its_own_recordings(
    api: Api, server: FakeServer
) -> None:
    other = await api.get(api.env("session_recordings/", project_id=server.project_ids[1]))
    assert other.status == 200
    assert other.body["count"] == 3
    assert not {r["id"] for r in other.body["results"]} & set(server.recording_ids)


# -- projects -----------------------------------------------------------------------------


async def test_project_patch_applies_fields_and_answers_the_full_project(
    api: Api, server: FakeServer
) -> None:
    path = api.org(f"projects/{server.project_id}/")
    changes = {
        "name": "Renamed",
        "anonymize_ips": True,
        "app_urls": ["https://a.example.com"],
        "session_recording_minimum_duration_milliseconds": 2500,
        "test_account_filters": [{"key": "email", "value": "@example.com"}],
        "week_start_day": 0,
        "timezone": "Europe/Paris",
    }
    answer = await api.patch(path, changes)
    assert answer.status == 200
    assert sorted(answer.body) == PROJECT_FIELDS
    assert {k: answer.body[k] for k in changes} == changes
    assert answer.body["id"] == server.project_id
    assert answer.body["organization"] == server.organization_id
    models.Project.model_validate(answer.body)
    activity = await api.get(api.org(f"projects/{server.project_id}/activity/"))
    assert activity.body == answer.body


@pytest.mark.parametrize("tail", ["activity/", "is_generating_demo_data/"])
async def test_project_reads_answer_the_project_shape(
    api: Api, server: FakeServer, tail: str
) -> None:
    answer = await api.get(api.org(f"projects/{server.project_id}/{tail}"))
    assert answer.status == 200
    assert sorted(answer.body) == PROJECT_FIELDS


async def test_deleted_project_is_404_with_its_environment(api: Api, server: FakeServer) -> None:
    project_id = server.project_ids[1]
    path = api.org(f"projects/{project_id}/")
    assert (await api.delete(path)).status == 204
    assert (await api.patch(path, {"name": "x"})).status == 404
    assert (await api.get(api.org(f"projects/{project_id}/activity/"))).status == 404
    environment = api.env("session_recordings/", project_id=project_id)
    assert (await api.get(environment)).status == 404
    assert (await api.delete(path)).status == 404


async def test_project_of_another_organization_is_404_under_this_one(
    api: Api, server: FakeServer
) -> None:
    other_org = server.organization_ids[1]
    other_projects = [
        p["id"] for p in server.store.projects.values() if p["organization"] == other_org
    ]
    answer = await api.get(api.org(f"projects/{other_projects[0]}/activity/"))
    assert answer.status == 404
    unknown_org = api.org(f"projects/{server.project_id}/activity/", str(uuid.uuid4()))
    assert (await api.get(unknown_org)).status == 404


async def test_add_product_intent_records_the_intent_once(api: Api, server: FakeServer) -> None:
    path = api.org(f"projects/{server.project_id}/add_product_intent/")
    body = {"product_type": "feature_flags", "intent_context": "onboarding", "metadata": {}}
    first = await api.patch(path, body)
    second = await api.patch(path, body)
    assert first.status == second.status == 200
    intents = second.body["product_intents"]
    assert [i["product_type"] for i in intents] == ["feature_flags"]
    assert intents[0]["onboarding_completed_at"] is None


async def test_complete_product_onboarding_marks_the_product(api: Api, server: FakeServer) -> None:
    path = api.org(f"projects/{server.project_id}/complete_product_onboarding/")
    answer = await api.patch(path, {"product_type": "surveys"})
    assert answer.status == 200
    assert answer.body["has_completed_onboarding_for"]["surveys"] is True
    (intent,) = answer.body["product_intents"]
    assert intent["product_type"] == "surveys"
    assert intent["onboarding_completed_at"].endswith("Z")


async def test_authenticate_wizard_answers_the_project(api: Api, server: FakeServer) -> None:
    path = api.org(f"projects/{server.project_id}/authenticate_wizard/")
    answer = await api.post(path, {"hash": "h-123"})
    assert answer.status == 200
    assert answer.body["id"] == server.project_id


async def test_change_organization_moves_the_project(api: Api, server: FakeServer) -> None:
    target = server.organization_ids[1]
    path = api.org(f"projects/{server.project_id}/change_organization/")
    answer = await api.post(path, {"organization_id": target})
    assert answer.status == 200
    assert answer.body["organization"] == target
    assert (await api.post(path, {})).status == 404  # no longer under the old organization
    moved = api.org(f"projects/{server.project_id}/activity/", target)
    assert (await api.get(moved)).body["organization"] == target
    # The environment path does not depend on the organization.
    assert (await api.get(api.env("session_recordings/"))).status == 200


async def test_change_organization_to_an_unknown_organization_is_400(
    api: Api, server: FakeServer
) -> None:
    path = api.org(f"projects/{server.project_id}/change_organization/")
    answer = await api.post(path, {"organization_id": str(uuid.uuid4())})
    assert answer.status == 400
    assert answer.body["attr"] == "organization_id"


async def test_reset_token_gives_a_new_api_token(api: Api, server: FakeServer) -> None:
    before = (await api.get(api.org(f"projects/{server.project_id}/activity/"))).body
    answer = await api.patch(api.org(f"projects/{server.project_id}/reset_token/"), {})
    assert answer.status == 200
    assert answer.body["api_token"] != before["api_token"]
    assert answer.body["api_token"].startswith("phc_")


# -- proxy records ------------------------------------------------------------------------


async def test_proxy_record_lifecycle(api: Api, server: FakeServer) -> None:
    created = await api.post(api.org("proxy_records/"), {"domain": "e.shop.example.org"})
    assert created.status == 201
    record = created.body
    assert list(record) == PROXY_FIELDS
    assert record["status"] == "waiting"
    assert record["created_by"] == server.user_id
    digest = hashlib.sha256(f"{server.organization_id}:e.shop.example.org".encode()).hexdigest()
    assert record["target_cname"] == digest[:20] + ".proxy.fakeserver.test"
    path = api.org(f"proxy_records/{record['id']}/")
    assert (await api.get(path)).body == record

    updated = await api.patch(path, {"domain": "f.shop.example.org"})
    assert updated.status == 200
    assert updated.body["domain"] == "f.shop.example.org"
    assert updated.body["target_cname"] != record["target_cname"]
    assert updated.body["id"] == record["id"]

    listing = await api.get(api.org("proxy_records/"))
    assert record["id"] in [r["id"] for r in listing.body["results"]]

    deleted = await api.delete(path)
    assert (deleted.status, deleted.text) == (204, "")
    assert (await api.get(path)).status == 404
    assert (await api.patch(path, {"domain": "g.example.org"})).status == 404
    assert (await api.delete(path)).status == 404


async def test_proxy_record_target_depends_only_on_organization_and_domain() -> None:
    cnames = []
    for _ in range(2):
        async with FakeServer(recordings=0, seed=3) as server, aiohttp.ClientSession() as session:
            api = Api(session, server)
            answer = await api.post(api.org("proxy_records/"), {"domain": "x.example.com"})
            cnames.append(answer.body["target_cname"])
    assert cnames[0] == cnames[1]


async def test_unknown_proxy_record_is_404(api: Api) -> None:
    assert (await api.get(api.org(f"proxy_records/{uuid.uuid4()}/"))).status == 404


# -- roles ----------------------------------------------------------------------------------


async def test_role_create_answers_201_with_the_keys_user(api: Api, server: FakeServer) -> None:
    answer = await api.post(api.org("roles/"), {"name": "Analysts"})
    assert answer.status == 201
    role = answer.body
    assert role["name"] == "Analysts"
    assert isinstance(role["feature_flags_access_level"], int)
    assert role["created_by"] == server.user
    assert set(USER_FIELDS) <= set(role["created_by"])
    assert uuid.UUID(role["id"])
    models.Role.model_validate(role)
    fetched = await api.get(api.org(f"roles/{role['id']}/"))
    assert fetched.body == role
    listing = await api.get(api.org("roles/"))
    assert listing.body["results"][-1] == role
    assert listing.body["count"] == 3


async def test_unknown_role_is_404(api: Api) -> None:
    assert (await api.get(api.org(f"roles/{uuid.uuid4()}/"))).status == 404
    assert (await api.get(api.org("roles/not-a-uuid/"))).status == 404


# -- seeding --------------------------------------------------------------------------------


async def test_same_seed_gives_the_same_data_and_another_seed_other_data() -> None:
    one, two, other = FakeServer(10, seed=5), FakeServer(10, seed=5), FakeServer(10, seed=6)
    assert one.recording_ids == two.recording_ids
    assert one.api_key == two.api_key
    assert one.store.environments[one.project_id].recordings == (
        two.store.environments[two.project_id].recordings
    )
    assert one.recording_ids != other.recording_ids
    assert one.organization_id != other.organization_id


def test_seeded_facts_describe_the_seeded_state() -> None:
    server = FakeServer(recordings=12, seed=1)
    assert len(server.recording_ids) == len(set(server.recording_ids)) == 12
    assert len(server.project_ids) >= 2
    assert server.project_id == server.project_ids[0]
    assert isinstance(server.project_id, int)
    assert uuid.UUID(server.organization_id)
    assert all(
        server.store.projects[pid]["organization"] == server.organization_id
        for pid in server.project_ids
    )
    playlist = server.store.environments[server.project_id].playlists[server.playlist_short_id]
    assert playlist.recording_ids
    assert set(playlist.recording_ids) <= set(server.recording_ids)
    with pytest.raises(RuntimeError):
        _ = server.base_url
