"""Running one command: build the client from the options, call the API, print the result."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import sys
import tempfile
import warnings
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any, TextIO

from product_analytics._client import AsyncClient
from product_analytics._common.log import enable
from product_analytics._resources.pagination import Pager
from product_analytics._sending.config import (
    API_KEY_ENV,
    BASE_URL_ENV,
    ORGANIZATION_ID_ENV,
    PROJECT_ID_ENV,
)
from product_analytics.cli.export import UnfinishedExportError, checkpoint_path, export_recordings
from product_analytics.cli.fields import FieldError, parse_fields
from product_analytics.cli.get_many import get_many_command
from product_analytics.cli.output import EXIT_USAGE, describe_error, print_document
from product_analytics.cli.parser import LEAF, build_parser
from product_analytics.models import PatchedProjectUpdateRequest

__all__ = ["main"]

Handler = Callable[[AsyncClient, argparse.Namespace], Awaitable[int]]


class UsageError(Exception):
    """A setting the command needs is missing or unusable: one line on stderr, exit 2."""


# Per command family: the id it needs, as (attribute, flag, environment variable).
_PROJECT = ("project_id", "--project-id", PROJECT_ID_ENV)
_ORGANIZATION = ("organization_id", "--organization-id", ORGANIZATION_ID_ENV)


def _from_env(given: str | None, variable: str, environ: Mapping[str, str]) -> str | None:
    """The flag's value when given, else the environment variable's (blank counts as unset)."""
    if given is not None:
        return given
    return environ.get(variable, "").strip() or None


def resolve_settings(args: argparse.Namespace, environ: Mapping[str, str] = os.environ) -> None:
    """Fill the API key, base URL and the command's id from flags or environment, in place.

    Raises `UsageError` naming the flag and the environment variable for one that is missing.
    """
    needed = [
        ("api_key", "--api-key", API_KEY_ENV, "API key"),
        ("base_url", "--base-url", BASE_URL_ENV, "base URL"),
    ]
    attribute, flag, variable = _PROJECT if args.command.startswith("recordings") else _ORGANIZATION
    needed.append((attribute, flag, variable, flag.removeprefix("--").replace("-", " ")))
    for attribute, flag, variable, what in needed:
        value = _from_env(getattr(args, attribute), variable, environ)
        if value is None:
            raise UsageError(f"no {what}: pass {flag} or set {variable}")
        setattr(args, attribute, value)


def check_out_path(out: str) -> None:
    """Raise `UsageError` unless a file can be written at `out` (its directory exists and
    takes new files, and `out` is not a directory). Checked before anything is fetched."""
    path = Path(out).expanduser()
    parent = path.parent
    if not out.strip() or path.name in ("", ".", ".."):
        raise UsageError(f"--out {out!r} is not a file name")
    if path.is_dir():
        raise UsageError(f"--out {out}: is a directory; give a file name, e.g. {path / 'x.jsonl'}")
    if not parent.exists():
        raise UsageError(f"--out {out}: the directory {parent} does not exist")
    if not parent.is_dir():
        raise UsageError(f"--out {out}: {parent} is not a directory")
    try:
        # The real test of writability (permissions, read-only file systems, root or not):
        # the export writes a temporary file beside the target in the same way.
        descriptor, probe = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".probe", dir=parent)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise UsageError(f"--out {out}: cannot write in {parent}: {reason}") from None
    os.close(descriptor)
    os.unlink(probe)


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


async def _export(client: AsyncClient, args: argparse.Namespace) -> int:
    try:
        result = await export_recordings(
            client,
            project_id=args.project_id,
            out=Path(args.out),
            page_size=args.page_size,
            concurrency=args.concurrency,
            progress_stream=None if args.no_progress else sys.stderr,
            since=args.since,
            until=args.until,
            resume=args.resume,
        )
    except (Exception, asyncio.CancelledError) as stopped:
        kept = checkpoint_path(Path(args.out).absolute()).exists()  # noqa: ASYNC240
        if kept and not isinstance(stopped, UnfinishedExportError):
            sys.stderr.write(
                "product-analytics: the recordings written so far are kept; rerun the "
                "same command with --resume to continue the export\n"
            )
        raise
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
            "duplicates_skipped": result.duplicates,
            "resumed_from": result.resumed_from,
            "date_from": result.date_from,
            "date_to": result.date_to,
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
    "recordings_get_many": get_many_command,
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
        c.projects.update(
            organization_id=a.organization_id,
            id=a.id,
            **parse_fields(a.fields, PatchedProjectUpdateRequest),
        )
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
        project_id=args.project_id,
        organization_id=args.organization_id,
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


def _throttle_option(
    rates: list[tuple[str, int, float] | None],
) -> dict[str, list[tuple[int, float]]] | bool:
    """`fake-server --throttle` values as `FakeServer(throttle=...)` takes them."""
    if not rates:
        return False
    if None in rates:
        return True
    windows: dict[str, list[tuple[int, float]]] = {}
    for rate in rates:
        if rate is not None:
            windows.setdefault(rate[0], []).append((rate[1], rate[2]))
    return windows


async def _run(args: argparse.Namespace) -> int:
    _cancel_on_sigterm()
    if args.command == "fake_server":
        from product_analytics.testing import FakeServer, serve_forever

        server = FakeServer(
            host=args.host,
            port=args.port,
            recordings=args.recordings,
            seed=args.seed,
            request_log_limit=1000,  # a long-running server keeps the last 1,000 requests
            throttle=_throttle_option(args.throttle),
            throttle_retry_after=args.throttle_retry_after,
        )
        await serve_forever(server, output_format=args.output_format)
        return 0
    return await _run_api_command(args)


def _one_line_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: TextIO | None = None,
    line: str | None = None,
) -> None:
    """Show a warning (e.g. `PersonalApiKeyWarning`) as one line on stderr, like errors."""
    sys.stderr.write(f"product-analytics: warning: {message}\n")


# The status a shell reports for a process that SIGPIPE ended (128 + 13).
EXIT_READER_GONE = 141


def _reader_gone() -> int:
    """The reader of stdout went away (`... | head -1`): stop quietly, as a process that
    SIGPIPE ended does, with its status (128 + 13). What stdout still buffers goes nowhere,
    so that flushing it at exit raises nothing."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    return EXIT_READER_GONE


def main(argv: list[str] | None = None) -> int:
    """Run the command line with `argv` (default: `sys.argv[1:]`); return the exit code.

    A wrong argument exits 2 with the usage of the command it was given to (`SystemExit`);
    a missing setting or an unusable `--out` exits 2 with one line on stderr. A reader of
    stdout that goes away ends the command quietly with 141, as SIGPIPE ends other tools.
    """
    parser = build_parser()
    args, extras = parser.parse_known_args(argv)
    if extras:
        getattr(args, LEAF, parser).error(f"unrecognized arguments: {' '.join(extras)}")
    if getattr(args, "verbose", 0):
        enable(logging.DEBUG if args.verbose > 1 else logging.INFO)
    try:
        if args.command != "fake_server":
            resolve_settings(args)
        if args.command == "recordings_export":
            check_out_path(args.out)
    except UsageError as error:
        sys.stderr.write(f"product-analytics: error: {error}\n")
        return EXIT_USAGE
    try:
        with warnings.catch_warnings():
            warnings.showwarning = _one_line_warning
            return asyncio.run(_run(args))
    except (KeyboardInterrupt, asyncio.CancelledError) as stop:
        out = getattr(args, "out", None)
        if args.command == "fake_server":
            message = "fake server stopped"
        else:
            message = "interrupted" + (f"; {out} was not written" if out else "")
        sys.stderr.write(f"product-analytics: {message}\n")
        return 130 if isinstance(stop, KeyboardInterrupt) else 143
    except FieldError as error:
        sys.stderr.write(f"product-analytics: error: {error}\n")
        return EXIT_USAGE
    except BrokenPipeError:
        return _reader_gone()
    except Exception as error:
        line, code = describe_error(error)
        sys.stderr.write(f"product-analytics: {line}\n")
        return code
    except SystemExit:
        raise
    finally:
        sys.stdout.flush()
