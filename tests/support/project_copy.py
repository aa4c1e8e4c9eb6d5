"""A copy of the project's generator, spec and package in a temporary folder, for the tests
that edit `spec/openapi.yaml` as a user does (by hand, in its text) and run the project's own
`python -m codegen` (no `--spec`: the strict generation of `make generate`) there.

`copy_project(dest)` copies `codegen/`, `spec/`, `src/` and `pyproject.toml` into `dest`;
`generate_in(root)` runs the generator in that copy; `client_methods(root)` imports the
package generated there, in a process of its own, and gives every method of the client
(`"roles.create"`) with the operationId it calls.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from codegen.generate import ROOT

__all__ = ["SPEC", "client_methods", "copy_project", "generate_in", "generated_files"]

SPEC = Path("spec") / "openapi.yaml"
GENERATED = Path("src") / "product_analytics" / "_generated"

_LIST_METHODS = """
import json
from product_analytics import AsyncClient
from product_analytics._resources.resource import Resource

client = AsyncClient(api_key="phx_copy", base_url="http://127.0.0.1:9")
methods = {}
for name in dir(client):
    resource = getattr(client, name)
    if isinstance(resource, Resource):
        for method in dir(resource):
            operation_id = getattr(getattr(resource, method), "operation_id", None)
            if not method.startswith("_") and isinstance(operation_id, str):
                methods[f"{name}.{method}"] = operation_id
print(json.dumps(methods))
"""


def copy_project(dest: Path) -> Path:
    """Copy what generation and the package need into `dest`; `dest`."""
    ignored = shutil.ignore_patterns("__pycache__", "*.pyc")
    for part in ("codegen", "spec", "src"):
        shutil.copytree(ROOT / part, dest / part, ignore=ignored)
    shutil.copy2(ROOT / "pyproject.toml", dest / "pyproject.toml")
    return dest


def generate_in(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`python -m codegen ARGS` run in the copy at `root` (its codegen, spec and output)."""
    return subprocess.run(
        [sys.executable, "-m", "codegen", *args], cwd=root, capture_output=True, text=True
    )


def generated_files(root: Path) -> dict[str, bytes]:
    """The generated modules of the copy at `root`, by name (to show nothing was written)."""
    folder = root / GENERATED
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*.py")}


def client_methods(root: Path) -> dict[str, str]:
    """Every method of the client generated in the copy at `root`, with its operationId."""
    env = {**os.environ, "PYTHONPATH": str(root / "src")}
    command = [sys.executable, "-c", _LIST_METHODS]
    completed = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True)
    assert completed.returncode == 0, completed.stderr
    methods: dict[str, str] = json.loads(completed.stdout)
    return methods
