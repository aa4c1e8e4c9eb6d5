"""`python -m codegen`: regenerate every module of the SDK that derives from the spec.

Writes, into the output package (default: src/product_analytics):
  models.py      pydantic v2 models, by datamodel-code-generator
  operations.py  one `Operation` record per operation of the spec
  resources.py   the resource classes, one method per operation

Output is byte-identical for the same spec and pinned tool versions.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path
from typing import Any

import jinja2
import yaml

from codegen.spec import Operation, read_operations, read_throttle_classes

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = Path(__file__).resolve().parent / "templates"
DEFAULT_SPEC = ROOT / "spec" / "openapi.yaml"
DEFAULT_OUT = ROOT / "src" / "product_analytics" / "_generated"
# Path parameters that fall back to a default given to the client.
CLIENT_DEFAULTS = ("project_id", "organization_id")


def _header(spec: Path) -> str:
    try:
        shown = spec.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        shown = spec.name
    return (
        "# GENERATED FILE: do not edit by hand.\n"
        f"# Source: {shown}, by codegen/ (templates in codegen/templates).\n"
        "# Regenerate with `make generate`."
    )


def _result_type(op: Operation) -> str:
    if op.response_kind == "none":
        return "None"
    if op.response_kind == "json":
        return "Any"
    return f"models.{op.response_model}"


def _return_type(op: Operation) -> str:
    if op.response_kind == "page":
        return f"Pager[models.{op.item_model}]"
    return _result_type(op)


def _with_not_given(annotation: str) -> str:
    """`annotation | NotGiven`, keeping `None` last as the linters want it."""
    if annotation.endswith(" | None"):
        return annotation[: -len(" | None")] + " | NotGiven | None"
    return annotation + " | NotGiven"


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        autoescape=False,
    )
    env.filters["pyrepr"] = repr
    env.filters["result_type"] = _result_type
    env.filters["return_type"] = _return_type
    env.filters["with_not_given"] = _with_not_given
    return env


def _run(command: list[str]) -> None:
    completed = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if completed.returncode != 0:
        sys.stderr.write(completed.stdout + completed.stderr)
        raise SystemExit(f"command failed: {' '.join(command)}")


def generate(spec: Path, out: Path) -> list[Path]:
    """Write the generated modules for `spec` into the package folder `out`."""
    out.mkdir(parents=True, exist_ok=True)
    document: dict[str, Any] = yaml.safe_load(spec.read_text(encoding="utf-8"))
    resources = read_operations(document)
    env = _environment()
    context = {
        "header": _header(spec),
        "resources": resources,
        "client_defaults": CLIENT_DEFAULTS,
        "throttle_rates": read_throttle_classes(document),
    }
    written = []
    init = out / "__init__.py"
    init.write_text(
        f'{context["header"]}\n"""Modules generated from the spec; never edited by hand."""\n',
        encoding="utf-8",
    )
    written.append(init)
    for name in ("operations.py", "resources.py"):
        target = out / name
        target.write_text(env.get_template(f"{name}.jinja").render(context), encoding="utf-8")
        written.append(target)
    models = out / "models.py"
    _run(
        [
            sys.executable, "-m", "datamodel_code_generator",
            "--input", str(spec),
            "--output", str(models),
        ]
    )  # fmt: skip
    written.append(models)
    # Explicit config: output outside the project tree is formatted the same way.
    config = ["--config", str(ROOT / "pyproject.toml")]
    ruff = [sys.executable, "-m", "ruff"]
    paths = [str(p) for p in written]
    _run([*ruff, "check", *config, "--quiet", "--fix", "--select", "I,F401", *paths])
    _run([*ruff, "format", *config, "--quiet", *paths])
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m codegen", description=__doc__)
    parser.add_argument("--spec", type=Path, default=DEFAULT_SPEC)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    for path in generate(args.spec, args.out):
        print(f"generated {path}")
    return 0
