"""`python -m codegen`: regenerate every module of the SDK that derives from the spec.

Writes, into the output package (default: src/product_analytics/_generated):
  __init__.py    SPEC_SHA256, SPEC_VERSION, GENERATOR_VERSION
  models.py      pydantic v2 models, by datamodel-code-generator (codegen/modelgen.py)
  operations.py  one `Operation` record per operation of the spec
  resources.py   the resource classes, a method per operation, their `with_raw_response`
                 views, and a `TypedDict` per shared body (codegen/bodies.py)

The whole spec is checked (codegen/validate.py) before anything is written; a spec with
errors is refused with every problem on its own line, `spec/openapi.yaml:LINE: what is
wrong`, exit status 1, and nothing written. On a large spec, its OpenAPI validation runs in
a worker process while the modules are rendered (`checked_and_rendered`). The project's own
spec (no `--spec`, as `make generate` and `make check-generated` run it) is generated
strictly: a warning is a problem too, named in the same report as the errors. A spec given
with `--spec` is not: its warnings (an operation left out, an OpenAPI violation that does
not stop generation) are printed as `FILE:LINE: warning: ...` and the rest is written;
`--strict` refuses on them too. The modules are written to a temporary folder beside the
output, formatted there by `ruff format`, then moved into place, so a failure never leaves
the output half written.
Output is byte-identical for the same spec and pinned tool versions.

Where the output already held a generated package, `python -m codegen` then prints what the
regeneration changed in the public API (codegen/changes.py), compared before the new modules
are moved into place. `--changes` prints the same report and writes nothing: the spec is
generated into a temporary folder and compared with the output as it stands; exit status 1
when a change breaks users' code.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2

from codegen import GENERATOR_VERSION
from codegen.bodies import fields_types, taken_by
from codegen.changes import Change, compare, report
from codegen.longstrings import split_long_strings
from codegen.modelgen import SchemaRefused, exported, generate_models
from codegen.naming import RESERVED_CLASS_NAMES
from codegen.public_api import load_public_api
from codegen.source import (
    Problem,
    Problems,
    Source,
    SpecProblems,
    load,
    warning_lines,
)
from codegen.spec import (
    CLIENT_DEFAULTS,
    Resource,
    SpecError,
    read_throttle_classes,
)
from codegen.split import PACKAGE as MODELS_PACKAGE
from codegen.split import RESOURCES_PACKAGE, operations_index, resources_index, split_models
from codegen.templating import environment, op_classes
from codegen.validate import check, openapi_problems

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SPEC = ROOT / "spec" / "openapi.yaml"
DEFAULT_OUT = ROOT / "src" / "product_analytics" / "_generated"
# The project's `line-length` (pyproject.toml): no generated line is longer.
LINE_LENGTH = 100
# The SDK's version, which the report of changes says how to bump.
VERSION_MODULE = ROOT / "src" / "product_analytics" / "_version.py"
GENERATED = ("__init__.py", "models.py", "operations.py", "resources.py")
# From this many operations, models, operations and resources load lazily, one module per
# model group and resource in these subpackages (codegen/split.py).
SPLIT_FROM = 150
SUBPACKAGES = (MODELS_PACKAGE, "_operations", RESOURCES_PACKAGE)
# From this many operations, openapi-spec-validator checks the document in a worker process
# while the modules render (`checked_and_rendered`). Below, starting the process costs more
# than the validation it takes off: about 0.5 s of CPU, where the project's 26 operations
# take 0.3 s to validate and PostHog's 827 take 3 s.
VALIDATED_APART_FROM = 150
# A subpackage an earlier generator wrote (`_resource_classes` was `_resources`), removed
# from the output.
FORMER_SUBPACKAGES = ("_resources",)


def _shown(spec: Path) -> str:
    try:
        return spec.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return spec.name


def _header(spec: Path, source: Source, tool: str) -> str:
    info = source.document.get("info") if isinstance(source.document, dict) else None
    spec_version = info.get("version", "") if isinstance(info, dict) else ""
    return (
        "# GENERATED FILE: do not edit by hand.\n"
        f"# Source: {_shown(spec)} (version {spec_version}),\n"
        f"# sha256 {source.sha256},\n"
        f"# by codegen {GENERATOR_VERSION}{tool}. Regenerate with `make generate`."
    )


def _ruff(args: list[str], paths: list[Path]) -> None:
    # Explicit config: output outside the project tree is formatted the same way.
    command = [
        sys.executable,
        "-m",
        "ruff",
        *args,
        "--config",
        str(ROOT / "pyproject.toml"),
        "--quiet",
        *map(str, paths),
    ]
    completed = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if completed.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed:\n{completed.stdout}{completed.stderr}")


def _split_long_strings(path: Path) -> bool:
    """Split the string literals of `path` that leave a line over `LINE_LENGTH` (see
    codegen/longstrings.py); whether it changed."""
    text = path.read_text(encoding="utf-8")
    split = split_long_strings(text, LINE_LENGTH)
    if split != text:
        path.write_text(split, encoding="utf-8")
    return split != text


def _init_module(header: str, source: Source) -> str:
    info = source.document.get("info") or {}
    spec_version = str(info.get("version", "")) if isinstance(info, dict) else ""
    user_agent = f"spec/{spec_version or 'unknown'}+{source.sha256[:12]}"
    return (
        f'{header}\n"""Modules generated from the spec; never edited by hand."""\n\n'
        f"# SHA-256 of the spec file these modules were generated from.\n"
        f"SPEC_SHA256 = {source.sha256!r}\n"
        f"# The spec's `info.version`.\n"
        f"SPEC_VERSION = {spec_version!r}\n"
        f"# What the client's User-Agent says of the spec: its version and SHA-256 prefix.\n"
        f"SPEC_USER_AGENT = {user_agent!r}\n"
        f"# The version of codegen/ that wrote them.\n"
        f"GENERATOR_VERSION = {GENERATOR_VERSION!r}\n"
    )


def _missing_models(resources: list[Resource], models_code: str, source: Source) -> list[Problem]:
    defined = set(re.findall(r"^class (\w+)\(", models_code, flags=re.M))
    problems = []
    for resource in resources:
        for op in resource.operations:
            for name in (op.body_model, op.response_model, op.item_model):
                if name is not None and name not in defined:
                    line = source.line(("components", "schemas", name))
                    problems.append(
                        Problem(line, f"schema {name!r} gives no model class of that name")
                    )
    return problems


def render(spec: Path, source: Source, resources: list[Resource]) -> dict[str, str]:
    """The text of every generated module (before formatting)."""
    env = environment()
    header = _header(spec, source, "")
    try:
        rates = read_throttle_classes(source.document)
    except SpecError as exc:
        raise SpecProblems(
            _shown(spec), [Problem(source.line(("x-throttle-classes",)), str(exc))]
        ) from None
    try:
        models_code = generate_models(source.document, header)
    except SchemaRefused as refused:
        problem = Problem(source.line(refused.pointer), refused.message)
        raise SpecProblems(_shown(spec), [problem]) from None
    problems = _missing_models(resources, models_code, source)
    if problems:
        raise SpecProblems(_shown(spec), problems)
    shared, fields_by_op = fields_types(resources, models_code)
    context = {
        "header": header,
        "resources": resources,
        "client_defaults": CLIENT_DEFAULTS,
        "throttle_rates": rates,
        "fields_types": shared,
        "fields_by_op": fields_by_op,
        "op_classes": op_classes(resources, set(RESERVED_CLASS_NAMES) | {t.name for t in shared}),
        "split": False,
    }
    files = {"__init__.py": _init_module(header, source)}
    if sum(len(r.operations) for r in resources) >= SPLIT_FROM:
        files.update(_render_split(env, context, models_code, header))
        return files
    files["models.py"] = exported(models_code)
    for name in ("operations.py", "resources.py"):
        files[name] = env.get_template(f"{name}.jinja").render(context)
    return files


def _render_split(
    env: jinja2.Environment, context: dict[str, Any], models_code: str, models_header: str
) -> dict[str, str]:
    """The modules of a large spec, loaded lazily (see codegen/split.py): an index module
    for models, operations and resources, and one module per model group and resource.
    A resource's module defines the body `TypedDict`s its own methods take (`taken_by`)."""
    header = context["header"]
    split = split_models(models_code, models_header)
    files = {"models.py": split.index}
    files.update({f"{MODELS_PACKAGE}/{name}": text for name, text in split.modules.items()})
    constants: dict[str, str] = {}
    for resource in context["resources"]:
        fields = taken_by(resource, context["fields_types"], context["fields_by_op"])
        part = {**context, "resources": [resource], "fields_types": fields, "split": True}
        for kind, package in (("operations", "_operations"), ("resources", RESOURCES_PACKAGE)):
            text = env.get_template(f"{kind}.py.jinja").render(part)
            files[f"{package}/{resource.attribute}.py"] = text
        constants.update(
            dict.fromkeys((op.constant for op in resource.operations), resource.attribute)
        )
    rates = {name: tuple(windows) for name, windows in context["throttle_rates"].items()}
    files["operations.py"] = operations_index(header, constants, repr(rates))
    pairs = [(r.attribute, r.class_name) for r in context["resources"]]
    files["resources.py"] = resources_index(header, pairs)
    for package in SUBPACKAGES:
        files[f"{package}/__init__.py"] = f"{header}\n"
    return files


def _refusal(spec: Path, problems: Problems, strict: bool) -> SpecProblems | None:
    """The report that refuses the spec for `problems`: its errors and, with `strict`, its
    warnings; None when they do not refuse it."""
    if problems or (strict and problems.warnings):
        return SpecProblems(_shown(spec), [*problems.found, *(problems.warnings if strict else [])])
    return None


def checked_and_rendered(
    spec: Path, source: Source, *, strict: bool = False
) -> tuple[dict[str, str], list[Problem]]:
    """The text of every generated module of `source` (`render`) and the spec's warnings.
    Raises `SpecProblems` when the spec cannot be generated, or, with `strict`, when it has
    warnings.

    On a spec of `VALIDATED_APART_FROM` operations or more, two things run at the same
    time: openapi-spec-validator checks the document (`openapi_problems`) in a worker
    process, while this one renders the modules (datamodel-code-generator writes the
    models). On a whole API's spec each takes seconds; both only read the parsed document,
    and neither needs what the other finds. The outcome is that of validating before
    rendering: a refused spec gets the same report, the validation's problems among the
    others, and what was rendered meanwhile is thrown away. The worker is started with
    `spawn`, the same on every platform and whatever threads the caller runs: it is given
    the parsed document and sends back the problems found, each a pointer and a message.
    """
    checked = check(source)
    problems = checked.problems
    # The validation's warnings are in every report but that of a spec refused for errors
    # without `strict`.
    validated = checked.openapi_applies and (strict or not problems)
    operations = sum(len(resource.operations) for resource in checked.resources)
    refused_already = _refusal(spec, problems, strict) is not None
    if not validated or refused_already or operations < VALIDATED_APART_FROM:
        for pointer, message in openapi_problems(source.document) if validated else []:
            problems.warn(pointer, message)
        if refusal := _refusal(spec, problems, strict):
            raise refusal
        return render(spec, source, checked.resources), list(problems.warnings)
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=spawn) as worker:
        openapi = worker.submit(openapi_problems, source.document)
        rendering_refused: SpecProblems | None = None
        try:
            files = render(spec, source, checked.resources)
        except SpecProblems as refused:
            rendering_refused = refused
        for pointer, message in openapi.result():
            problems.warn(pointer, message)
    if refusal := _refusal(spec, problems, strict) or rendering_refused:
        raise refusal
    return files, list(problems.warnings)


@dataclass
class Generated:
    """What `generate` wrote, the warnings of the spec (in the order of the file), and what
    changed in the public API (None when not asked for, or nothing was there before)."""

    written: list[Path]
    warnings: list[Problem]
    changes: list[Change] | None = None

    def warning_lines(self, shown: str) -> list[str]:
        return warning_lines(shown, self.warnings)


def _move_into(staging: Path, out: Path, files: dict[str, str]) -> None:
    """Move the staged modules into `out`; a subpackage replaces the one there, and one
    no longer generated is removed."""
    out.mkdir(exist_ok=True)
    for package in (*SUBPACKAGES, *FORMER_SUBPACKAGES):
        if (out / package).is_dir():
            shutil.rmtree(out / package)
        if (staging / package).is_dir():
            os.replace(staging / package, out / package)
    for name in files:
        if "/" not in name:
            os.replace(staging / name, out / name)


def generate(
    spec: Path, out: Path, *, strict: bool = False, with_changes: bool = False
) -> Generated:
    """Check `spec`, then write the generated modules into the package folder `out`.

    With `with_changes`, and a generated package in `out` already, the result's `changes`
    lists what the new modules change in its public API (compared before they replace it).
    Raises `SpecProblems` (nothing written) when the spec cannot be generated, or, with
    `strict`, when it has warnings.

    On a large spec it starts a worker process (see `checked_and_rendered`) with `spawn`,
    which imports the caller's main module again: a script that calls it does so under
    `if __name__ == "__main__":`, as `python -m codegen` does.
    """
    source = load(spec, _shown(spec))
    files, warnings = checked_and_rendered(spec, source, strict=strict)
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}-", dir=out.parent))
    try:
        staged = []
        for name, text in files.items():
            (staging / name).parent.mkdir(exist_ok=True)
            (staging / name).write_text(text, encoding="utf-8")
            staged.append(staging / name)
        # The models modules come with their imports exact and sorted (codegen/split.py).
        checked = [p for p in staging.iterdir() if p.name != MODELS_PACKAGE]
        _ruff(["check", "--fix", "--select", "I,F401"], checked)
        _ruff(["format"], list(staging.iterdir()))
        split = [path for path in staging.rglob("*.py") if _split_long_strings(path)]
        if split:
            _ruff(["format"], split)
        found = None
        if with_changes and (out / "resources.py").is_file():
            found = compare(load_public_api(out), load_public_api(staging))
        _move_into(staging, out, files)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return Generated(
        written=[out / name for name in GENERATED],
        warnings=sorted(set(warnings)),
        changes=found,
    )


def api_changes(spec: Path, out: Path, *, strict: bool = False) -> Generated:
    """What generating `spec` would change in the public API of the package in `out`,
    which is left as it is: the spec is generated into a temporary folder. The result's
    `written` is empty. Raises `SpecProblems` as `generate` does."""
    with tempfile.TemporaryDirectory(prefix="codegen-changes-") as folder:
        staged = generate(spec, Path(folder) / "_generated", strict=strict)
        found = compare(load_public_api(out), load_public_api(Path(folder) / "_generated"))
    return Generated(written=[], warnings=staged.warnings, changes=found)


def _version() -> str:
    """The SDK's `__version__`, from its module's text (nothing is imported)."""
    match = re.search(r'^__version__ = "([^"]+)"', VERSION_MODULE.read_text(), flags=re.M)
    if match is None:
        raise RuntimeError(f"no __version__ in {VERSION_MODULE}")
    return match.group(1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m codegen", description=__doc__)
    parser.add_argument(
        "--spec",
        type=Path,
        help="another spec, whose warnings do not stop generation (default: the project's "
        "spec/openapi.yaml, generated strictly)",
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--time", action="store_true", help="print how long generation took")
    parser.add_argument("--strict", action="store_true", help="refuse a spec with warnings")
    parser.add_argument(
        "--changes",
        action="store_true",
        help="write nothing: print what the spec would change in the public API of the "
        "package in --out, each change breaking or compatible, and the version bump it "
        "needs; exit status 1 when a change breaks",
    )
    args = parser.parse_args(argv)
    spec = DEFAULT_SPEC if args.spec is None else args.spec
    strict = args.strict or args.spec is None
    started = time.perf_counter()
    try:
        if args.changes:
            generated = api_changes(spec, args.out, strict=strict)
        else:
            generated = generate(spec, args.out, strict=strict, with_changes=True)
    except SpecProblems as refused:
        for line in refused.lines():
            print(line, file=sys.stderr)
        count = len(refused.problems)
        print(
            f"{refused.shown}: {count} problem{'s' if count != 1 else ''}; nothing was written",
            file=sys.stderr,
        )
        return 1
    for line in generated.warning_lines(_shown(spec)):
        print(line, file=sys.stderr)
    for path in generated.written:
        print(f"generated {path}")
    if generated.changes is not None:
        for line in report(generated.changes, _version()):
            print(line)
    if args.time:
        took = "comparison" if args.changes else "generation"
        print(f"{took} took {time.perf_counter() - started:.2f} s")
    breaking = any(change.breaking for change in generated.changes or [])
    return 1 if args.changes and breaking else 0
