"""Every subcommand against the FakeServer: exit codes, JSON on stdout, one-line errors."""

from __future__ import annotations

import errno
import warnings
from typing import Any

import pytest

from product_analytics import PersonalApiKeyWarning
from product_analytics.cli.output import describe_error
from product_analytics.testing import FakeServer


async def test_recordings_list_prints_every_recording_as_json_lines(
    cli_env: FakeServer, run_cli: Any
) -> None:
    result = await run_cli("recordings", "list", "--page-size", "50")
    assert result.code == 0, result.stderr
    assert [doc["id"] for doc in result.documents] == cli_env.recording_ids


async def test_recordings_list_stops_after_max_items(cli_env: FakeServer, run_cli: Any) -> None:
    result = await run_cli("recordings", "list", "--max-items", "7")
    assert result.code == 0
    assert [doc["id"] for doc in result.documents] == cli_env.recording_ids[:7]


async def test_recordings_get_prints_one_document(cli_env: FakeServer, run_cli: Any) -> None:
    wanted = cli_env.recording_ids[5]
    result = await run_cli("recordings", "get", "--id", wanted)
    assert result.code == 0
    [document] = result.documents
    assert document["id"] == wanted
    assert "person" in document


async def test_recordings_delete_removes_the_recording(cli_env: FakeServer, run_cli: Any) -> None:
    doomed = cli_env.recording_ids[0]
    result = await run_cli("recordings", "delete", "--id", doomed)
    assert result.code == 0
    assert result.documents == [{"deleted": "recording", "id": doomed}]
    again = await run_cli("recordings", "get", "--id", doomed)
    assert again.code == 1
    assert again.stdout == ""
    assert "404" in again.stderr
    assert len(again.stderr.strip().splitlines()) == 1


async def test_proxy_records_create_get_update_list_delete(
    cli_env: FakeServer, run_cli: Any
) -> None:
    created = await run_cli("proxy-records", "create", "--domain", "t.example.com")
    assert created.code == 0, created.stderr
    [record] = created.documents
    assert record["domain"] == "t.example.com"
    assert record["status"] == "waiting"
    fetched = await run_cli("proxy-records", "get", "--id", record["id"])
    assert fetched.documents == [record]
    updated = await run_cli(
        "proxy-records", "update", "--id", record["id"], "--domain", "u.example.com"
    )
    assert updated.documents[0]["domain"] == "u.example.com"
    listed = await run_cli("proxy-records", "list")
    assert record["id"] in [doc["id"] for doc in listed.documents]
    deleted = await run_cli("proxy-records", "delete", "--id", record["id"])
    assert deleted.documents == [{"deleted": "proxy_record", "id": record["id"]}]
    gone = await run_cli("proxy-records", "get", "--id", record["id"])
    assert gone.code == 1


async def test_roles_create_get_list(cli_env: FakeServer, run_cli: Any) -> None:
    created = await run_cli(
        "roles", "create", "--name", "Analysts", "--feature-flags-access-level", "21"
    )
    assert created.code == 0, created.stderr
    [role] = created.documents
    assert role["name"] == "Analysts"
    assert (await run_cli("roles", "get", "--id", role["id"])).documents == [role]
    listed = await run_cli("roles", "list")
    assert role["id"] in [doc["id"] for doc in listed.documents]


async def test_duplicate_role_is_a_one_line_error_naming_status_and_detail(
    cli_env: FakeServer, run_cli: Any
) -> None:
    await run_cli("roles", "create", "--name", "Ops")
    result = await run_cli("roles", "create", "--name", "ops")
    assert result.code == 1
    assert result.stdout == ""
    [line] = result.stderr.strip().splitlines()
    assert "400" in line
    assert "name" in line
    assert "Traceback" not in result.stderr


async def test_projects_update_sets_the_given_fields(cli_env: FakeServer, run_cli: Any) -> None:
    result = await run_cli(
        "projects",
        "update",
        "--id",
        str(cli_env.project_id),
        "--set",
        "name=Renamed",
        "--set",
        "anonymize_ips=true",
        "--set",
        'app_urls=["https://a.example"]',
    )
    assert result.code == 0, result.stderr
    [project] = result.documents
    assert project["name"] == "Renamed"
    assert project["anonymize_ips"] is True
    assert project["app_urls"] == ["https://a.example"]


async def test_projects_update_with_a_wrongly_typed_field_fails_before_sending(
    cli_env: FakeServer, run_cli: Any
) -> None:
    before = len(cli_env.requests)
    result = await run_cli(
        "projects", "update", "--id", str(cli_env.project_id), "--set", 'anonymize_ips="yes"'
    )
    assert result.code == 2
    assert "invalid argument" in result.stderr
    assert len(cli_env.requests) == before


async def test_a_misspelt_set_field_is_refused_with_the_valid_fields(
    cli_env: FakeServer, run_cli: Any
) -> None:
    before = len(cli_env.requests)
    result = await run_cli(
        "projects", "update", "--id", str(cli_env.project_id), "--set", "nme=Shop"
    )
    assert result.code == 2
    [line] = result.stderr.splitlines()
    assert line.startswith(
        "product-analytics: error: --set nme: no such field (did you mean name?)"
    )
    assert ", anonymize_ips, " in line
    assert ", name, " in line
    assert len(cli_env.requests) == before


async def test_a_set_value_of_the_wrong_type_is_one_line_naming_the_field_and_type(
    cli_env: FakeServer, run_cli: Any
) -> None:
    before = len(cli_env.requests)
    result = await run_cli(
        "projects", "update", "--id", str(cli_env.project_id), "--set", "anonymize_ips=maybe"
    )
    assert result.code == 2
    assert result.stderr.splitlines() == [
        "product-analytics: error: invalid argument: anonymize_ips: "
        "Input should be a valid boolean (got 'maybe')"
    ]
    assert len(cli_env.requests) == before


async def test_projects_reset_token_changes_the_token(cli_env: FakeServer, run_cli: Any) -> None:
    first = await run_cli("projects", "reset-token", "--id", str(cli_env.project_id))
    second = await run_cli("projects", "reset-token", "--id", str(cli_env.project_id))
    assert first.code == second.code == 0
    assert first.documents[0]["api_token"] != second.documents[0]["api_token"]


async def test_projects_delete_then_reset_token_is_not_found(
    cli_env: FakeServer, run_cli: Any
) -> None:
    other = str(cli_env.project_ids[1])
    deleted = await run_cli("projects", "delete", "--id", other)
    assert deleted.documents == [{"deleted": "project", "id": int(other)}]
    result = await run_cli("projects", "reset-token", "--id", other)
    assert result.code == 1
    assert "404" in result.stderr


async def test_missing_api_key_is_a_clear_error_naming_flag_and_variable(
    cli_env: FakeServer, run_cli: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PRODUCT_ANALYTICS_API_KEY")
    result = await run_cli("recordings", "list")
    assert result.code == 2
    assert "PRODUCT_ANALYTICS_API_KEY" in result.stderr
    assert "--api-key" in result.stderr
    assert "AsyncClient" not in result.stderr
    assert "Traceback" not in result.stderr


async def test_wrong_api_key_is_401_with_a_hint_and_the_key_is_never_echoed(
    cli_env: FakeServer, run_cli: Any
) -> None:
    secret = "phx_wrong_key_0123456789"
    result = await run_cli("recordings", "list", "--api-key", secret)
    assert result.code == 1
    assert "401" in result.stderr
    assert "API key" in result.stderr
    assert secret not in result.stderr + result.stdout


async def test_missing_scope_is_403_with_a_hint(cli_env: FakeServer, run_cli: Any) -> None:
    key = cli_env.issue_key(scopes=["organization:read"])
    result = await run_cli("recordings", "list", "--api-key", key)
    assert result.code == 1
    assert "403" in result.stderr
    assert "session_recording:read" in result.stderr
    assert key not in result.stderr


async def test_unreachable_service_is_a_connection_error_line(
    cli_env: FakeServer, run_cli: Any, unused_tcp_port: int
) -> None:
    result = await run_cli(
        "recordings",
        "list",
        "--base-url",
        f"http://127.0.0.1:{unused_tcp_port}",
        "--max-retries",
        "0",
    )
    assert result.code == 1
    [line] = result.stderr.strip().splitlines()
    assert "could not connect" in line
    assert "--base-url" in line


async def test_bad_arguments_exit_2_with_usage_not_a_traceback(run_cli: Any) -> None:
    result = await run_cli("recordings", "export", "--page-size", "0", "--out", "x.jsonl")
    assert result.code == 2
    assert "must be >= 1" in result.stderr
    assert "Traceback" not in result.stderr
    unknown = await run_cli("recordings", "fly")
    assert unknown.code == 2


@pytest.mark.usefixtures("fresh_personal_api_key_warnings")
async def test_a_refused_action_warns_on_one_line(cli_env: FakeServer, run_cli: Any) -> None:
    """The live service refuses personal API keys for reset_token: the command says so once,
    on one line, like its errors (the fake server still answers)."""
    with warnings.catch_warnings():
        warnings.simplefilter("default", PersonalApiKeyWarning)
        result = await run_cli("projects", "reset-token", "--id", str(cli_env.project_id))
    assert result.code == 0
    assert result.stderr == (
        "product-analytics: warning: the live service refuses personal API keys for "
        "projects_reset_token_partial_update: expect a 403 (PermissionDeniedError) with one\n"
    )


def test_a_system_error_names_its_file_only_when_it_has_one() -> None:
    assert describe_error(OSError(errno.ENOSPC, "No space left on device")) == (
        "error: No space left on device",
        1,
    )
    assert describe_error(FileNotFoundError(errno.ENOENT, "No such file", "ids.txt")) == (
        "error: No such file: ids.txt",
        1,
    )
