"""Time the generator: the project's spec, and a synthetic drf-spectacular-shaped spec.

    python scripts/bench_codegen.py [--operations 500]

Prints, for each spec: generation time (in-process `codegen.generate`, best of 3), lines
written, and the time a fresh interpreter takes to import the generated resources.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from codegen.generate import DEFAULT_SPEC, generate  # noqa: E402


def synthetic_spec(operations: int) -> dict[str, Any]:
    """`operations` operations, five per resource (list, create, retrieve, partial_update,
    destroy), drf-spectacular style: tags, operationIds, security scopes, no x-sdk-*."""
    paths: dict[str, Any] = {}
    schemas: dict[str, Any] = {
        "StateEnum": {"type": "string", "enum": ["active", "paused", "archived"]},
        "NullEnum": {"enum": [None]},
    }
    org = {"in": "path", "name": "organization_id", "required": True, "schema": {"type": "string"}}
    pk = {"in": "path", "name": "id", "required": True, "schema": {"type": "integer"}}
    page = [
        {"name": "limit", "in": "query", "required": False, "schema": {"type": "integer"}},
        {"name": "offset", "in": "query", "required": False, "schema": {"type": "integer"}},
    ]

    def body(name: str) -> dict[str, Any]:
        ref = {"schema": {"$ref": f"#/components/schemas/{name}"}}
        types = ("application/json", "application/x-www-form-urlencoded", "multipart/form-data")
        return {"content": dict.fromkeys(types, ref)}

    def answer(name: str, status: str = "200") -> dict[str, Any]:
        ref = {"schema": {"$ref": f"#/components/schemas/{name}"}}
        return {status: {"description": "", "content": {"application/json": ref}}}

    for index in range((operations + 4) // 5):
        thing = f"thing{index}s"
        model = f"Thing{index}"
        scope = [{"PersonalAPIKeyAuth": [f"thing{index}:read"]}]
        write = [{"PersonalAPIKeyAuth": [f"thing{index}:write"]}]
        common = {"tags": ["organizations"]}
        paths[f"/api/organizations/{{organization_id}}/{thing}/"] = {
            "get": {**common, "operationId": f"organizations_{thing}_list",
                    "parameters": [*page, org], "security": scope,
                    "responses": answer(f"Paginated{model}List")},
            "post": {**common, "operationId": f"organizations_{thing}_create",
                     "parameters": [org], "security": write, "requestBody": body(model),
                     "responses": answer(model, "201")},
        }  # fmt: skip
        paths[f"/api/organizations/{{organization_id}}/{thing}/{{id}}/"] = {
            "get": {**common, "operationId": f"organizations_{thing}_retrieve",
                    "parameters": [pk, org], "security": scope, "responses": answer(model)},
            "patch": {**common, "operationId": f"organizations_{thing}_partial_update",
                      "parameters": [pk, org], "security": write,
                      "requestBody": body(f"Patched{model}"), "responses": answer(model)},
            "delete": {**common, "operationId": f"organizations_{thing}_destroy",
                       "parameters": [pk, org], "security": write,
                       "responses": {"204": {"description": "No response body"}}},
        }  # fmt: skip
        fields = {
            "id": {"type": "integer", "readOnly": True},
            "name": {"type": "string", "maxLength": 200, "description": "What it is called."},
            "enabled": {"type": "boolean"},
            "tags": {"type": "array", "items": {"type": "string"}},
            "state": {"nullable": True, "oneOf": [
                {"$ref": "#/components/schemas/StateEnum"},
                {"$ref": "#/components/schemas/NullEnum"},
            ]},
            "created_at": {"type": "string", "format": "date-time", "readOnly": True},
        }  # fmt: skip
        schemas[model] = {"type": "object", "properties": fields, "required": ["id", "name"]}
        schemas[f"Patched{model}"] = {"type": "object", "properties": fields}
        schemas[f"Paginated{model}List"] = {
            "type": "object",
            "required": ["count", "results"],
            "properties": {
                "count": {"type": "integer"},
                "next": {"type": "string", "nullable": True, "format": "uri"},
                "previous": {"type": "string", "nullable": True, "format": "uri"},
                "results": {"type": "array", "items": {"$ref": f"#/components/schemas/{model}"}},
            },
        }
    # Trim to exactly `operations`.
    count = 0
    for item in paths.values():
        for method in list(item):
            count += 1
            if count > operations:
                del item[method]
    return {
        "openapi": "3.0.3",
        "info": {"title": "Synthetic", "version": "1.0.0"},
        "paths": {p: i for p, i in paths.items() if i},
        "components": {
            "schemas": schemas,
            "securitySchemes": {"PersonalAPIKeyAuth": {"type": "http", "scheme": "bearer"}},
        },
    }


def measure(spec: Path, work: Path, label: str, key: str) -> None:
    best = float("inf")
    for attempt in range(3):
        out = work / f"pkg_{key}_{attempt}"
        started = time.perf_counter()
        generate(spec, out)
        best = min(best, time.perf_counter() - started)
    lines = sum(len(p.read_text().splitlines()) for p in out.glob("*.py"))
    importer = (
        "import sys, time; sys.path.insert(0, sys.argv[1]); t = time.perf_counter(); "
        f"import {out.name}.resources; print(time.perf_counter() - t)"
    )
    imports = [
        float(subprocess.run([sys.executable, "-c", importer, str(work)],
                             capture_output=True, text=True, check=True).stdout)
        for _ in range(3)
    ]  # fmt: skip
    print(
        f"{label:>24}: generation {best:.2f} s (best of 3), {lines:,} lines, "
        f"import {min(imports):.2f} s"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--operations", type=int, default=500)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        measure(DEFAULT_SPEC, work, "spec/openapi.yaml", "spec")
        synthetic = work / "synthetic.yaml"
        synthetic.write_text(yaml.safe_dump(synthetic_spec(args.operations), sort_keys=False))
        measure(synthetic, work, f"synthetic {args.operations} ops", "synthetic")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
