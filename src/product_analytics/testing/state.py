"""The in-memory state of the fake service, and lookups that answer 404 for what is missing.

Resources are kept as the JSON objects the service answers (plain dicts), so reads cost a
lookup and a `json.dumps`. Dict order is list order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from product_analytics.testing.errors import not_found
from product_analytics.testing.ids import IdSource

__all__ = ["ApiKey", "Environment", "Json", "Organization", "Playlist", "Store", "parse_int_id"]

Json = dict[str, Any]

_DIGITS = re.compile(r"[0-9]{1,18}")


def parse_int_id(raw: str) -> int:
    """The integer a path segment spells in ASCII digits; anything else is a 404."""
    if not _DIGITS.fullmatch(raw):
        raise not_found()
    return int(raw)


@dataclass
class Organization:
    """An organization and the resources it owns directly."""

    id: str
    name: str
    proxy_records: dict[str, Json] = field(default_factory=dict)
    roles: dict[str, Json] = field(default_factory=dict)


@dataclass
class Playlist:
    """A recording playlist: its short id and the ids of the recordings it holds."""

    short_id: str
    recording_ids: list[str] = field(default_factory=list)


@dataclass
class Environment:
    """The recordings side of a project: recordings, playlists, sharing configurations."""

    recordings: dict[str, Json] = field(default_factory=dict)
    playlists: dict[str, Playlist] = field(default_factory=dict)
    sharing: dict[str, Json] = field(default_factory=dict)

    def recording(self, recording_id: str) -> Json:
        """The recording with this id, or a 404."""
        found = self.recordings.get(recording_id)
        if found is None:
            raise not_found()
        return found

    def delete_recording(self, recording_id: str) -> None:
        """Remove the recording, its sharing configuration and its playlist entries."""
        self.recording(recording_id)
        del self.recordings[recording_id]
        self.sharing.pop(recording_id, None)
        for playlist in self.playlists.values():
            if recording_id in playlist.recording_ids:
                playlist.recording_ids.remove(recording_id)


@dataclass(frozen=True)
class ApiKey:
    """A personal API key: its secret, the scopes it holds and the user it belongs to."""

    value: str
    scopes: frozenset[str]
    user_id: int


@dataclass
class Store:
    """Everything the fake service knows. `ids` makes every new id and token."""

    ids: IdSource
    users: dict[int, Json] = field(default_factory=dict)
    organizations: dict[str, Organization] = field(default_factory=dict)
    projects: dict[int, Json] = field(default_factory=dict)
    environments: dict[int, Environment] = field(default_factory=dict)
    keys: dict[str, ApiKey] = field(default_factory=dict)
    # Activity-log entries of each project, newest first (the live `activity` answer).
    activity: dict[int, list[Json]] = field(default_factory=dict)

    def organization(self, organization_id: str) -> Organization:
        """The organization with this id, or a 404."""
        found = self.organizations.get(organization_id)
        if found is None:
            raise not_found()
        return found

    def project(self, organization_id: str, project_id: str) -> Json:
        """The project `project_id` (path form) of that organization, or a 404."""
        self.organization(organization_id)
        found = self.projects.get(parse_int_id(project_id))
        if found is None or found["organization"] != organization_id:
            raise not_found()
        return found

    def environment(self, project_id: str) -> Environment:
        """The environment of the project whose id is `int(project_id)`, or a 404."""
        found = self.environments.get(parse_int_id(project_id))
        if found is None:
            raise not_found()
        return found

    def delete_project(self, project_id: int) -> None:
        """Remove the project and its environment."""
        del self.projects[project_id]
        self.environments.pop(project_id, None)
        self.activity.pop(project_id, None)
