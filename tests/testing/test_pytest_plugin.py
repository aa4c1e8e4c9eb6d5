"""The pytest plugin in a user's project with no asyncio configuration at all: a pytest
process in an empty project (its own empty ini file, so this repository's
`asyncio_mode = "auto"` does not apply)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

CONFTEST = 'pytest_plugins = ["product_analytics.testing.pytest_plugin"]\n'

USER_TESTS = """
import asyncio

import pytest

from product_analytics import AsyncClient
from product_analytics.testing import FakeServer


async def test_fake_server_fixture_in_an_async_test(fake_server: FakeServer) -> None:
    async with AsyncClient(api_key=fake_server.api_key, base_url=fake_server.base_url) as client:
        page = await client.session_recordings.list(project_id=fake_server.project_id, limit=5)
    assert [r.id for r in page.results] == fake_server.recording_ids[:5]


async def test_plain_async_test_runs_on_a_loop() -> None:
    await asyncio.sleep(0)
    assert asyncio.get_running_loop().is_running()


async def test_an_async_test_that_fails_is_reported_as_failing() -> None:
    await asyncio.sleep(0)
    assert False, "meant to fail"


@pytest.mark.asyncio
async def test_already_marked_async_test_runs_once() -> None:
    await asyncio.sleep(0)


class TestInAClass:
    async def test_async_method(self, fake_server: FakeServer) -> None:
        assert fake_server.project_id in fake_server.project_ids


def test_sync_tests_are_untouched() -> None:
    assert True
"""


def run_user_project(tmp_path: Path, files: dict[str, str], *extra: str) -> tuple[int, str]:
    """pytest in `tmp_path` holding `files`, with an empty ini file and no asyncio options."""
    for name, text in files.items():
        (tmp_path / name).write_text(textwrap.dedent(text))
    (tmp_path / "empty.ini").write_text("[pytest]\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "PRODUCT_"))}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "-c",
            str(tmp_path / "empty.ini"),
            "--rootdir",
            str(tmp_path),
            "-W",
            "error",
            "-rA",
            *extra,
            str(tmp_path),
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return result.returncode, result.stdout + result.stderr


def test_plugin_runs_async_tests_with_no_asyncio_configuration(tmp_path: Path) -> None:
    code, output = run_user_project(tmp_path, {"conftest.py": CONFTEST, "test_user.py": USER_TESTS})
    assert "1 failed, 5 passed" in output, output
    assert "FAILED test_user.py::test_an_async_test_that_fails_is_reported_as_failing" in output
    assert "meant to fail" in output
    assert code == 1
    assert "is unset" not in output  # pytest-asyncio's request for configuration
    assert "not natively supported" not in output
    # The user's project did not turn on auto mode: the plugin did the work.
    assert re.search(r"mode=(Mode\.)?strict", output, re.IGNORECASE)


def test_without_the_plugin_the_same_async_test_is_not_run(tmp_path: Path) -> None:
    """The control: what the plugin fixes, in the same empty project."""
    code, output = run_user_project(
        tmp_path,
        {"conftest.py": "", "test_user.py": "async def test_x() -> None:\n    pass\n"},
        "-W",
        "ignore::pytest.PytestDeprecationWarning",
    )
    assert code != 0
    assert "1 passed" not in output


def test_plugin_keeps_a_users_explicit_fixture_loop_scope(tmp_path: Path) -> None:
    code, output = run_user_project(
        tmp_path,
        {"conftest.py": CONFTEST, "test_user.py": "async def test_x() -> None:\n    pass\n"},
        "-o",
        "asyncio_default_fixture_loop_scope=module",
    )
    assert code == 0, output
    assert "asyncio_default_fixture_loop_scope=module" in output


ANYIO_TESTS = """
import pytest

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend():
    return "asyncio"


async def test_runs_under_anyio(request):
    assert request.node.get_closest_marker("asyncio") is None
"""


def test_plugin_leaves_tests_marked_for_another_runner_alone(tmp_path: Path) -> None:
    pytest.importorskip("anyio.pytest_plugin")
    code, output = run_user_project(
        tmp_path, {"conftest.py": CONFTEST, "test_user.py": ANYIO_TESTS}
    )
    assert code == 0, output
    assert "1 passed" in output
