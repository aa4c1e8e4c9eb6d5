"""spec/openapi.yaml is FakeServer's contract: schemathesis, a property-based API tester
nobody here wrote, sends what the spec allows and what it forbids to a seeded fake server,
with real ids, every check and every phase, and finds nothing. It runs against both of the
fake's answer styles: the described one (`product-analytics fake-server`) and the live
service's shapes (`list_style="live"`, `live_quirks=True`; tests/support/live_fake_server.py),
whose other success statuses the spec lists as `x-sdk-live-answer` responses.

On a finding the test fails with schemathesis's own report, its reproduction (`curl`)
included. By hand: tests/README.md.

The fake answers the JSON the spec's `content` describes. Its `empty_answers` mode (no body,
no Content-Type: the API description's answer, which the spec records as
`x-sdk-may-be-empty`) is not run here: OpenAPI gives a status one set of media types, and
schemathesis reports such an answer as "Missing Content-Type header" and "JSON
deserialization error" (tests/testing/test_fake_server_fidelity.py covers it).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest

pytest.importorskip("schemathesis", reason="schemathesis needs Python >= 3.11")

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "spec" / "openapi.yaml"
BIN = Path(sys.executable).parent
MAX_EXAMPLES = 10

# Rules no JSON Schema can state, which the service (and the fake) answer with a 400 to a
# request the spec allows: a role name or proxy domain already taken (ee/api/rbac/role.py
# `validate_name`, code `unique`; the proxy record model's unique `domain`), and a target
# organization the caller is not an admin of (posthog/api/project.py
# `change_organization`).
BUSINESS_RULES = (
    "roles_create",
    "proxy_records_create",
    "proxy_records_partial_update",
    "projects_change_organization_create",
)

# What the live service requires beyond the spec, which leaves these fields optional (the
# described service does not read them; x-sdk-notes of each operation): `product_type` for
# the product-intent actions, `hash` for `authenticate_wizard`, `regex` for `ai_regex`,
# `messages` for `ai_filters`, `viewed` or `analyzed` true for the recording PATCH.
LIVE_REQUIREMENTS = (
    "projects_add_product_intent_partial_update",
    "projects_complete_product_onboarding_partial_update",
    "projects_authenticate_wizard_create",
    "session_recordings_ai_regex_create",
    "session_recordings_ai_filters_create",
    "session_recordings_partial_update",
)


class Mode(NamedTuple):
    """A fake server's command, run as a user runs `product-analytics fake-server`, and the
    operations whose 400 answers a request the spec allows."""

    command: list[str]
    business_rules: tuple[str, ...]


MODES = {
    "described": Mode(
        command=[
            str(BIN / "product-analytics"),
            "fake-server",
            "--port",
            "0",
            "--recordings",
            "20",
        ],
        business_rules=BUSINESS_RULES,
    ),
    "live": Mode(
        command=[sys.executable, "-m", "tests.support.live_fake_server"],
        business_rules=BUSINESS_RULES + LIVE_REQUIREMENTS,
    ),
}


def _get(info: dict[str, Any], path: str) -> Any:
    request = urllib.request.Request(
        info["base_url"] + path, headers={"Authorization": f"Bearer {info['api_key']}"}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:  # loopback only
        return json.load(answer)


def contract_config(info: dict[str, Any], business_rules: tuple[str, ...] = BUSINESS_RULES) -> str:
    """schemathesis's settings (TOML) for a fake server of `info` (its `fake-server` line):
    the seeded ids in every path, except in deletes (a delete of a seeded object would
    leave nothing to test; the stateful phase deletes what it created) and in the proxy
    records' paths (the API creates them: the stateful phase passes on the id a create
    answered, which a fixed id would replace), and the 400 of the `business_rules`
    operations taken as an answer to a valid request."""
    org = info["organization_id"]
    recording = _get(info, f"/api/environments/{info['project_id']}/session_recordings/")
    ids = {
        "/projects/": info["project_id"],
        "/session_recordings/": recording["results"][0]["id"],
        "/roles/": _get(info, f"/api/organizations/{org}/roles/")["results"][0]["id"],
    }
    lines = [
        "[parameters]",
        f'"path.project_id" = "{info["project_id"]}"',
        f'"path.organization_id" = "{org}"',
        f'"path.short_id" = "{info["playlist_short_id"]}"',
        f'"path.session_recording_id" = "{ids["/session_recordings/"]}"',
        f'"path.recording_id" = "{ids["/session_recordings/"]}"',
    ]
    for path, value in ids.items():
        lines += [
            "[[operations]]",
            f'include-path-regex = "{path}"',
            'exclude-method = "DELETE"',
            f'parameters = {{ "path.id" = {json.dumps(value)} }}',
        ]
    for operation_id in business_rules:
        lines += [
            "[[operations]]",
            f'include-operation-id = "{operation_id}"',
            'checks.positive_data_acceptance.expected-statuses = ["2XX", 400, 401, 403, 404, 429]',
        ]
    return "\n".join(lines) + "\n"


@pytest.fixture(params=list(MODES))
def mode(request: pytest.FixtureRequest) -> Mode:
    """Each of `MODES` in turn."""
    return MODES[request.param]


@pytest.fixture
def fake_server(mode: Mode) -> Iterator[dict[str, Any]]:
    """The fake server of `mode` on a free port; its info line."""
    process = subprocess.Popen(mode.command, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert process.stdout is not None
        yield json.loads(process.stdout.readline())
    finally:
        process.terminate()
        process.wait(timeout=10)
        if process.stdout is not None:
            process.stdout.close()


@pytest.mark.timeout(300)
def test_schemathesis_finds_nothing_against_the_fake_server(
    fake_server: dict[str, Any], mode: Mode, tmp_path: Path
) -> None:
    config = tmp_path / "schemathesis.toml"
    config.write_text(contract_config(fake_server, mode.business_rules))
    run = subprocess.run(
        [
            BIN / "schemathesis",
            "--no-color",
            "--config-file",
            str(config),
            "run",
            str(SPEC),
            "--url",
            fake_server["base_url"],
            "--header",
            f"Authorization: Bearer {fake_server['api_key']}",
            "--checks",
            "all",
            "--phases",
            "examples,coverage,fuzzing,stateful",
            "--max-examples",
            str(MAX_EXAMPLES),
            "--seed",
            "0",
            "--max-failures",
            "1",
            "--warnings",
            "off",
        ],
        capture_output=True,
        text=True,
        timeout=280,
        env={**os.environ, "NO_COLOR": "1"},
    )
    assert run.returncode == 0, f"schemathesis found a problem:\n{run.stdout}\n{run.stderr}"
