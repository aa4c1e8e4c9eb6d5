"""Answers of the live service, transcribed into tests/fixtures/live_bodies/*.json.

Each file holds `source` (where in the service's public source the shape comes from),
`status` and `body`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

FOLDER = Path(__file__).resolve().parent.parent / "fixtures" / "live_bodies"


@dataclass(frozen=True)
class LiveBody:
    source: str
    status: int
    body: Any


def live_body(name: str) -> LiveBody:
    """The recorded answer `name` (a file name without `.json`)."""
    data = json.loads((FOLDER / f"{name}.json").read_text(encoding="utf-8"))
    return LiveBody(data["source"], data["status"], data["body"])
