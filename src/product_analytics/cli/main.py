"""Running one command: build the client from the options, call the API, print the result."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import signal
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from product_analytics._client import AsyncClient
from product_analytics._pagination import Pager
from product_analytics.cli.export import export_recordings
from product_analytics.cli.output import describe_error, print_document
from product_analytics.cli.parser import build_parser

__all__ = ["main"]

Handler = Callable[[AsyncClient, argparse.Namespace], Awaitable[int]]


async def _stream(pager: Pager[Any], max_items: int | None) -> int:
    count = 0
    async for item in pager:
        print_document(item)
        count += 1
        if max_items is not None and count >= max_items:
            break
    return 0


async def _done(value: Any) -> int:
    print_document(value)
    return 0


def _parse_fields(pairs: list[str]) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or not name:
            raise ValueError(f"--set takes FIELD=VALUE, got {pair!r}")
        try:
            fields[name] = json.loads(text)
        except ValueError:
            fields[name] = text
    return fields


async def _export(client: AsyncClient, args: argparse.Namespace) -> int:
    result = await export_recordings(
        client,
        project_id=args.project_id,
        out=Path(args.out),
        page_size=args.page_size,
        concurrency=args.concurrency,
        progress_stream=None if args.no_progress else sys.stderr,
    )
    rate = result.requests / result.seconds if result.seconds > 0 else 0.0
    print_document(
        {
            "out": str(result.out),
            "written": result.written,
            "seconds": round(result.seconds, 3),
            "requests": result.requests,
            "requests_per_second": round(rate, 1),
            "recordings_per_second": round(result.items_per_second, 1),
            "retries": result.retries,
        }
    )
    sys.stderr.write(
        f"exported {result.written} recordings to {result.out} in {result.seconds:.2f} s "
        f"({result.items_per_second:.0f} recordings/s, {result.requests} requests, "
        f"{rate:.1f} requests/s, {result.retries} retries)\n"
    )
    return 0


def _deleted(kind: str, id_: object) -> dict[str, Any]:
    return {"deleted": kind, "id": id_}


HANDLERS: dict[str, Handler] = {
    "recordings_list": lambda c, a: _stream(
        c.session_recordings.list(project_id=a.project_id, limit=a.page_size), a.max_items
    ),
    "recordings_get": lambda c, a: _done_after(
        c.session_recordings.get(project_id=a.project_id, id=a.id)
    ),
    "recordings_delete": lambda c, a: _then(
        c.session_recordings.delete(project_id=a.project_id, id=a.id),
        _deleted("recording", a.id),
    ),
    "recordings_export": _export,
    "proxy_records_list": lambda c, a: _stream(
        c.proxy_records.list(organization_id=a.organization_id, limit=a.page_size), a.max_items
    ),
    "proxy_records_create": lambda c, a: _done_after(
        c.proxy_records.create(organization_id=a.organization_id, domain=a.domain)
    ),
    "proxy_records_get": lambda c, a: _done_after(
        c.proxy_records.get(organization_id=a.organization_id, id=a.id)
    ),
    "proxy_records_update": lambda c, a: _done_after(
        c.proxy_records.update(organization_id=a.organization_id, id=a.id, domain=a.domain)
    ),
    "proxy_records_delete": lambda c, a: _then(
        c.proxy_records.delete(organization_id=a.organization_id, id=a.id),
        _deleted("proxy_record", a.id),
    ),
    "roles_list": lambda c, a: _stream(
        c.roles.list(organization_id=a.organization_id, limit=a.page_size), a.max_items
    ),
    "roles_create": lambda c, a: _done_after(
        c.roles.create(
            organization_id=a.organization_id,
            name=a.name,
            feature_flags_access_level=a.feature_flags_access_level,
        )
    ),
    "roles_get": lambda c, a: _done_after(c.roles.get(organization_id=a.organization_id, id=a.id)),
    "projects_update": lambda c, a: _done_after(
        c.projects.update(organization_id=a.organization_id, id=a.id, **_parse_fields(a.fields))
    ),
    "projects_delete": lambda c, a: _then(
        c.projects.delete(organization_id=a.organization_id, id=a.id),
        _deleted("project", a.id),
    ),
    "projects_reset_token": lambda c, a: _done_after(
        c.projects.reset_token(organization_id=a.organization_id, id=a.id)
    ),
}


async def _done_after(call: Awaitable[Any]) -> int:
    return await _done(await call)


async def _then(call: Awaitable[None], document: dict[str, Any]) -> int:
    await call
    return await _done(document)


async def _run_api_command(args: argparse.Namespace) -> int:
    async with AsyncClient(
        api_key=args.api_key,
        base_url=args.base_url,
        timeout=args.timeout,
        max_retries=args.max_retries,
        max_concurrency=max(getattr(args, "concurrency", 1) * 2, 8),
    ) as client:
        return await HANDLERS[args.command](client, args)


def _cancel_on_sigterm() -> None:
    """Let SIGTERM end the command as Ctrl-C does: cancelled, cleaned up, exit 143."""
    task = asyncio.current_task()
    if task is None:
        return
    # Signal handlers can only be set from the main thread; elsewhere SIGTERM stays default.
    with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, task.cancel)


async def _run(args: argparse.Namespace) -> int:
    _cancel_on_sigterm()
    if args.command == "fake_server":
        from product_analytics.testing.serve import serve_forever

        await serve_forever(
            host=args.host, port=args.port, recordings=args.recordings, seed=args.seed
        )
        return 0
    return await _run_api_command(args)


def main(argv: list[str] | None = None) -> int:
    """Run the command line with `argv` (default: `sys.argv[1:]`); return the exit code."""
    args = build_parser().parse_args(argv)
    try:
        return asyncio.run(_run(args))
    except (KeyboardInterrupt, asyncio.CancelledError) as stop:
        out = getattr(args, "out", None)
        if args.command == "fake_server":
            message = "fake server stopped"
        else:
            message = "interrupted" + (f"; {out} was not written" if out else "")
        sys.stderr.write(f"product-analytics: {message}\n")
        return 130 if isinstance(stop, KeyboardInterrupt) else 143
    except Exception as error:
        line, code = describe_error(error)
        sys.stderr.write(f"product-analytics: {line}\n")
        return code
    except SystemExit:
        raise
    finally:
        sys.stdout.flush()
