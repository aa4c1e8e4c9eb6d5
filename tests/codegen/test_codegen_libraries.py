"""The generator's work is done by the libraries it names: datamodel-code-generator writes
the models and openapi-spec-validator checks the document, so generating without either
fails; jsonschema-rs is no longer one of them, so generating without it succeeds."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from codegen.generate import DEFAULT_SPEC, ROOT

from tests.support.spec_edit import large_spec, load_spec, write_spec

# Runs `python -m codegen` with the module named by argv[1] made unimportable, as if it were
# not installed (`sys.modules[name] = None` makes `import name` raise ImportError).
WITHOUT = (
    "import sys\n"
    "sys.modules[sys.argv[1]] = None\n"
    "from codegen.generate import main\n"
    "sys.exit(main(sys.argv[2:]))\n"
)


def _generate_without(module: str, out: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-c", WITHOUT, module, "--spec", str(DEFAULT_SPEC)]
    return subprocess.run(
        [*command, "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@pytest.mark.parametrize("module", ["datamodel_code_generator", "openapi_spec_validator"])
def test_generating_without_a_library_of_the_card_fails(module: str, tmp_path: Path) -> None:
    completed = _generate_without(module, tmp_path / "out")
    assert completed.returncode != 0
    assert f"import of {module} halted" in completed.stderr
    assert not (tmp_path / "out").exists()


def test_generating_without_jsonschema_rs_succeeds(tmp_path: Path) -> None:
    completed = _generate_without("jsonschema_rs", tmp_path / "out")
    assert completed.returncode == 0, completed.stderr
    assert (tmp_path / "out" / "models.py").is_file()


def test_a_large_spec_without_openapi_spec_validator_fails_in_its_worker_process(
    tmp_path: Path,
) -> None:
    """On a large spec the validator runs in a worker process (spawned: a fresh interpreter,
    which `sys.modules` above does not reach). A package of that name on `PYTHONPATH` that
    refuses to import stands for its absence in every process."""
    shim = tmp_path / "shim" / "openapi_spec_validator"
    shim.mkdir(parents=True)
    (shim / "__init__.py").write_text("raise ImportError('openapi_spec_validator is absent')\n")
    spec = tmp_path / "openapi.yaml"
    write_spec(large_spec(load_spec()), spec)
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(shim.parent), str(ROOT)])}
    completed = subprocess.run(
        [sys.executable, "-m", "codegen", "--spec", str(spec), "--out", str(tmp_path / "out")],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert completed.returncode != 0
    assert "openapi_spec_validator is absent" in completed.stderr
    assert not (tmp_path / "out").exists()
