"""Deterministic seed data: the same `seed` and `recordings` give the same state. Nothing here
reads the clock: timestamps are fixed relative to `SEED_EPOCH`.

Seeded: one user; two organizations (the first holds two projects and the playlist, the
second one project, as a target for `change_organization`); `recordings` recordings in the
first project, newest first, and three in its second project; a playlist holding every third
of the first ten recordings; two roles and one proxy record in the first organization; a
`created` activity-log entry for each project.
"""

from __future__ import annotations

import copy
import random
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any

from product_analytics.testing.domains import target_cname
from product_analytics.testing.ids import IdSource
from product_analytics.testing.state import Environment, Json, Organization, Playlist, Store
from product_analytics.testing.timestamps import iso_z

__all__ = ["SEED_EPOCH", "Seeded", "recording_activity", "seed_store"]

SEED_EPOCH = datetime(2025, 6, 2, 9, 30, tzinfo=timezone.utc)

_FIRST = [
    "Ada",
    "Grace",
    "Alan",
    "Edsger",
    "Barbara",
    "Donald",
    "Margaret",
    "Ken",
    "Radia",
    "Linus",
]
_LAST = ["Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Hamilton", "Thompson"]
_HOSTS = ["app.example.com", "www.example.com", "shop.example.org", "docs.example.net"]
_PAGES = ["/", "/pricing", "/signup", "/login", "/dashboard", "/settings/billing", "/docs/start"]
_UTM = ["", "", "", "?utm_source=newsletter", "?utm_source=google&utm_medium=cpc", "?ref=hn"]
_BROWSERS = ["Chrome", "Firefox", "Safari", "Edge"]
_OSES = ["Mac OS X", "Windows", "Linux", "iOS", "Android"]
_COUNTRIES = ["US", "GB", "DE", "FR", "BR", "IN", "JP", "NL"]


@dataclass(frozen=True)
class Seeded:
    """The store and the handles to what the seed put in it."""

    store: Store
    user_id: int
    organization_ids: list[str]
    project_ids: list[int]  # projects of the first organization
    playlist_short_id: str
    recording_ids: list[str]  # recordings of the first project, in list order


def _user(ids: IdSource, rng: random.Random) -> Json:
    first, last = rng.choice(_FIRST), rng.choice(_LAST)
    return {
        "id": rng.randrange(1, 10_000),
        "uuid": ids.uuid4(),
        "distinct_id": ids.token("", 32),
        "first_name": first,
        "last_name": last,
        "email": f"{first.lower()}.{last.lower()}@example.com",
        "is_email_verified": True,
        "hedgehog_config": {"use_as_profile": False, "color": None, "accessories": []},
        "role_at_organization": "engineering",
    }


# A project as the live service returns it; `_project` fills in the fields of its own
# (None here), keeping this order.
_PROJECT_TEMPLATE: Json = {
    "id": None,
    "organization": None,
    "name": None,
    "product_description": None,
    "created_at": None,
    "effective_membership_level": 8,
    "has_group_types": False,
    "live_events_token": None,
    "updated_at": None,
    "uuid": None,
    "api_token": None,
    "app_urls": ["https://app.example.com"],
    "chat_incoming_webhook": None,
    "anonymize_ips": False,
    "completed_snippet_onboarding": True,
    "ingested_event": True,
    "test_account_filters": [],
    "test_account_filters_default_checked": False,
    "path_cleaning_filters": [],
    "is_demo": False,
    "timezone": "UTC",
    "data_attributes": ["data-attr"],
    "person_display_name_properties": ["email", "name"],
    "correlation_config": {},
    "autocapture_opt_out": False,
    "autocapture_exceptions_opt_in": False,
    "autocapture_web_vitals_opt_in": False,
    "autocapture_web_vitals_allowed_metrics": None,
    "autocapture_exceptions_errors_to_ignore": None,
    "capture_console_log_opt_in": True,
    "capture_performance_opt_in": True,
    "session_recording_opt_in": True,
    "session_recording_sample_rate": "1.00",
    "session_recording_minimum_duration_milliseconds": 1000,
    "session_recording_linked_flag": None,
    "session_recording_network_payload_capture_config": None,
    "session_recording_masking_config": None,
    "session_replay_config": {"record_canvas": False},
    "survey_config": None,
    "access_control": False,
    "week_start_day": 1,
    "primary_dashboard": None,
    "live_events_columns": [],
    "recording_domains": ["https://app.example.com"],
    "person_on_events_querying_enabled": True,
    "inject_web_apps": False,
    "extra_settings": None,
    "modifiers": None,
    "default_modifiers": {"personsOnEventsMode": "person_id_override_properties_on_events"},
    "has_completed_onboarding_for": {"product_analytics": True, "session_replay": True},
    "surveys_opt_in": False,
    "heatmaps_opt_in": True,
    "product_intents": [],
    "flags_persistence_default": False,
}


def _project(ids: IdSource, project_id: int, organization_id: str, name: str) -> Json:
    created = iso_z(SEED_EPOCH - timedelta(days=400 - project_id % 50))
    project = copy.deepcopy(_PROJECT_TEMPLATE)
    project.update(
        {
            "id": project_id,
            "organization": organization_id,
            "name": name,
            "product_description": f"{name}: web app and marketing site",
            "created_at": created,
            "live_events_token": ids.token("lev_", 32),
            "updated_at": created,
            "uuid": ids.uuid4(),
            "api_token": ids.token("phc_"),
            "primary_dashboard": project_id * 10 + 1,
        }
    )
    return project


def _created_entry(project: Json, user: Json) -> Json:
    """The activity-log entry of a project's creation, as the live service logs it (scope
    `Team`, no changes). Its id is derived from the project's: no random draw, so seeding it
    leaves every other seeded value as it was."""
    return {
        "id": str(uuid.uuid5(uuid.NAMESPACE_URL, f"activity/{project['id']}/created")),
        "user": {"first_name": user["first_name"], "email": user["email"]},
        "activity": "created",
        "scope": "Team",
        "item_id": str(project["id"]),
        "detail": {
            "id": None,
            "changes": None,
            "merge": None,
            "trigger": None,
            "name": project["name"],
            "short_id": None,
            "type": None,
        },
        "created_at": project["created_at"],
    }


def _persons(ids: IdSource, rng: random.Random, count: int) -> list[Json]:
    persons = []
    for index in range(count):
        first, last = rng.choice(_FIRST), rng.choice(_LAST)
        email = f"{first.lower()}.{last.lower()}{index}@example.com"
        distinct_ids = [ids.uuid4() for _ in range(rng.choice([1, 1, 1, 2]))]
        persons.append(
            {
                "id": rng.randrange(1, 10_000_000),
                "name": email,
                "distinct_ids": distinct_ids,
                "properties": {
                    "email": email,
                    "name": f"{first} {last}",
                    "$os": rng.choice(_OSES),
                    "$browser": rng.choice(_BROWSERS),
                    "$geoip_country_code": rng.choice(_COUNTRIES),
                    "$initial_referring_domain": rng.choice(["$direct", "www.google.com"]),
                },
                "created_at": iso_z(SEED_EPOCH - timedelta(days=rng.randint(30, 365))),
                "uuid": ids.uuid4(),
            }
        )
    return persons


def _recordings(ids: IdSource, rng: random.Random, count: int, viewer: str) -> list[Json]:
    """`count` recordings, newest first: durations in seconds, start/end timestamps."""
    persons = _persons(ids, rng, max(1, count // 4))
    recordings = []
    start = SEED_EPOCH
    for index in range(count):
        start -= timedelta(seconds=rng.randint(30, 3_600))
        active = rng.randint(1, 1_800)
        inactive = rng.randint(0, 1_200)
        clicks = rng.randint(0, 150)
        person = rng.choice(persons)
        viewed = rng.random() < 0.3
        recordings.append(
            {
                "id": ids.uuid7(int(start.timestamp() * 1000)),
                "distinct_id": person["distinct_ids"][0],
                "viewed": viewed,
                "viewers": [viewer] if viewed else [],
                **recording_activity(rng, start, active, inactive, clicks, iso_z),
                "start_url": f"https://{rng.choice(_HOSTS)}{rng.choice(_PAGES)}{rng.choice(_UTM)}",
                "person": person,
                "storage": "object_storage",
                "snapshot_source": rng.choice(["web", "web", "web", "mobile"]),
                "ongoing": index == 0,
                "activity_score": round(rng.uniform(0, 100), 2),
            }
        )
    return recordings


def recording_activity(
    rng: random.Random,
    start: datetime,
    active: int,
    inactive: int,
    clicks: int,
    iso: Callable[[datetime], str],
) -> Json:
    """A recording's timing and activity fields, from `recording_duration` to
    `console_error_count`: its `active` and `inactive` seconds from `start` (written by `iso`),
    `clicks`, and the other counts drawn from `rng` (five draws)."""
    return {
        "recording_duration": active + inactive,
        "active_seconds": active,
        "inactive_seconds": inactive,
        "start_time": iso(start),
        "end_time": iso(start + timedelta(seconds=active + inactive)),
        "click_count": clicks,
        "keypress_count": rng.randint(0, 400),
        "mouse_activity_count": clicks + rng.randint(0, 2_000),
        "console_log_count": rng.randint(0, 40),
        "console_warn_count": rng.choice((0, 0, 0, 1, 2, 5)),
        "console_error_count": rng.choice((0, 0, 0, 0, 1, 3)),
    }


def _environment(recordings: list[Json]) -> Environment:
    return Environment(recordings={r["id"]: r for r in recordings})


def _role(ids: IdSource, name: str, level: int, user: Json, days_ago: int) -> Json:
    return {
        "id": ids.uuid4(),
        "name": name,
        "feature_flags_access_level": level,
        "created_at": iso_z(SEED_EPOCH - timedelta(days=days_ago)),
        "created_by": user,
        "members": [],
        "is_default": False,
    }


def _proxy_record(ids: IdSource, organization_id: str, user: Json) -> dict[str, Any]:
    """A proxy record of the organization, waiting for its CNAME."""
    created = iso_z(SEED_EPOCH - timedelta(days=14))
    return {
        "id": ids.uuid4(),
        "domain": "e.hedgebox.example.com",
        "target_cname": target_cname(organization_id, "e.hedgebox.example.com"),
        "status": "waiting",
        "message": None,
        "created_at": created,
        "updated_at": created,
        "created_by": user["id"],
    }


def seed_store(seed: int, recordings: int) -> Seeded:
    """A store seeded from `random.Random(seed)` with `recordings` recordings (see module)."""
    if recordings < 0:
        raise ValueError("recordings must be >= 0")
    rng = random.Random(seed)
    ids = IdSource(rng.getrandbits(64))
    store = Store(ids=IdSource(rng.getrandbits(64)))
    user = _user(ids, rng)
    store.users[user["id"]] = user

    main = Organization(id=ids.uuid4(), name="Hedgebox Inc.")
    other = Organization(id=ids.uuid4(), name="Hedgebox Labs")
    store.organizations = {main.id: main, other.id: other}

    first_id = rng.randrange(1_000, 90_000)
    project_ids = [first_id, first_id + 1]
    names = ["Hedgebox", "Hedgebox Staging", "Labs Sandbox"]
    for project_id, organization_id, name in zip(
        [*project_ids, first_id + 2], [main.id, main.id, other.id], names, strict=True
    ):
        store.projects[project_id] = _project(ids, project_id, organization_id, name)
        store.activity[project_id] = [_created_entry(store.projects[project_id], user)]

    seeded = _recordings(ids, rng, recordings, user["email"])
    environment = _environment(seeded)
    playlist = Playlist(short_id=ids.short_id(), recording_ids=[r["id"] for r in seeded[:10:3]])
    environment.playlists[playlist.short_id] = playlist
    store.environments[project_ids[0]] = environment
    store.environments[project_ids[1]] = _environment(_recordings(ids, rng, 3, user["email"]))
    store.environments[first_id + 2] = Environment()

    for role in (
        _role(ids, "Engineering", 37, user, 90),
        _role(ids, "Support", 21, user, 30),
    ):
        main.roles[role["id"]] = role
    record = _proxy_record(ids, main.id, user)
    main.proxy_records[record["id"]] = record

    return Seeded(
        store=store,
        user_id=user["id"],
        organization_ids=[main.id, other.id],
        project_ids=project_ids,
        playlist_short_id=playlist.short_id,
        recording_ids=[r["id"] for r in seeded],
    )
