"""The table of the service's error answers in docs/errors.md, generated from the spec.

`error_table(document)` lists every 4xx/5xx status the spec's operations document: the SDK's
typed error (`codegen.raises.error_class`), what the status means (the response's
description) and which operations list it. `python -m codegen.errors_doc` rewrites the
block between `BEGIN` and `END` in docs/errors.md; tests/codegen fails when it is stale.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from codegen.raises import error_class
from codegen.records import HTTP_METHODS
from codegen.schema import Resolver
from codegen.source import load

__all__ = ["BEGIN", "END", "error_table", "rewrite"]

ROOT = Path(__file__).resolve().parents[1]
BEGIN = "<!-- BEGIN error answers: generated from spec/openapi.yaml by codegen/errors_doc.py -->"
END = "<!-- END error answers -->"


def error_table(document: dict[str, Any]) -> str:
    """The Markdown table of the spec's error statuses, one row a status."""
    resolver = Resolver(document)
    meaning: dict[str, str] = {}
    listed_by: dict[str, list[str]] = {}
    operations: list[str] = []
    for item in (document.get("paths") or {}).values():
        for method, op in item.items():
            if method not in HTTP_METHODS or not isinstance(op, dict):
                continue
            operations.append(op.get("operationId", ""))
            for key, response in (op.get("responses") or {}).items():
                status = str(key)
                if status[:1] not in ("4", "5"):
                    continue
                description = resolver.resolve(response).get("description", "")
                meaning.setdefault(status, " ".join(str(description).split()))
                listed_by.setdefault(status, []).append(op.get("operationId", ""))
    rows = ["| status | error | meaning | operations |", "| --- | --- | --- | --- |"]
    for status in sorted(meaning):
        names = listed_by[status]
        where = (
            "every operation"
            if len(names) == len(operations)
            else ", ".join(f"`{name}`" for name in names)
        )
        rows.append(f"| {status} | `{error_class(status)}` | {meaning[status]} | {where} |")
    return "\n".join(rows) + "\n"


def rewrite(page: Path, document: dict[str, Any]) -> bool:
    """Put the table between `BEGIN` and `END` of `page`; whether the page changed."""
    text = page.read_text()
    head, begin, rest = text.partition(BEGIN)
    _, end, tail = rest.partition(END)
    if not begin or not end:
        raise ValueError(f"{page} has no {BEGIN!r} ... {END!r} block")
    new = f"{head}{BEGIN}\n{error_table(document)}{END}{tail}"
    if new != text:
        page.write_text(new)
    return new != text


if __name__ == "__main__":
    changed = rewrite(ROOT / "docs" / "errors.md", load(ROOT / "spec" / "openapi.yaml").document)
    print("docs/errors.md rewritten" if changed else "docs/errors.md is up to date")
    sys.exit(0)
