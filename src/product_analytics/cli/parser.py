"""The command line's arguments: subcommands, their options, and the shared connection ones."""

from __future__ import annotations

import argparse
from typing import Any, Protocol

from product_analytics._config import (
    API_KEY_ENV,
    BASE_URL_ENV,
    ORGANIZATION_ID_ENV,
    PROJECT_ID_ENV,
)
from product_analytics._version import __version__
from product_analytics.cli.get_many import MAX_BATCH_SIZE

__all__ = ["LEAF", "build_parser"]

# The namespace attribute holding the parser of the command that was given, so that an
# error found after parsing is reported with that command's usage.
LEAF = "_leaf_parser"

EPILOG = """\
Connection settings come from the options or the environment: PRODUCT_ANALYTICS_API_KEY,
PRODUCT_ANALYTICS_BASE_URL, PRODUCT_ANALYTICS_PROJECT_ID, PRODUCT_ANALYTICS_ORGANIZATION_ID.
Their flags (--api-key, --base-url, --timeout, --max-retries, --project-id,
--organization-id) go before the command or after it; after it wins.
Output is JSON on stdout: one document, or one document a line for lists. Errors go to
stderr as one line, with a non-zero exit code.
"""


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be >= 1, got {value}")
    return value


def _non_negative_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be >= 0, got {value}")
    return value


def _batch_size(text: str) -> int:
    value = _positive_int(text)
    if value > MAX_BATCH_SIZE:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_BATCH_SIZE}, got {value}")
    return value


def _throttle_rate(text: str) -> tuple[str, int, float] | None:
    """`CLASS=N/SECONDS` as (class, N, seconds); `service` as None (the live rates)."""
    if text == "service":
        return None
    name, _, rate = text.partition("=")
    count, _, seconds = rate.partition("/")
    try:
        parsed = (name, int(count), float(seconds))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not CLASS=N/SECONDS: {text!r}") from None
    if not name or parsed[1] < 1 or parsed[2] <= 0:
        raise argparse.ArgumentTypeError(f"not CLASS=N/SECONDS: {text!r}")
    return parsed


def _connection_options(*, top_level: bool) -> argparse.ArgumentParser:
    """The connection flags, accepted before the command and after it.

    The top-level parser holds the defaults. A command's own copies default to
    `argparse.SUPPRESS`, so that a flag given before the command is not overwritten by the
    command's default; one given after the command wins over one given before it.
    """

    def default(value: object) -> object:
        return value if top_level else argparse.SUPPRESS

    common = argparse.ArgumentParser(add_help=False)
    group = common.add_argument_group("connection (before or after the command)")
    group.add_argument(
        "--api-key", default=default(None), help=f"API key (default: ${API_KEY_ENV})"
    )
    group.add_argument(
        "--base-url",
        default=default(None),
        help=f"service URL, without /api (default: ${BASE_URL_ENV})",
    )
    group.add_argument(
        "--timeout", type=float, default=default(30.0), help="seconds per attempt (default: 30)"
    )
    group.add_argument(
        "--max-retries",
        type=_non_negative_int,
        default=default(2),
        help="retries after a failed attempt (default: 2)",
    )
    group.add_argument(
        "-v",
        "--verbose",
        action="count",
        default=default(0),
        help="log each request to stderr (-vv: with its headers, the key hidden)",
    )
    return common


def _id_options(parser: argparse.ArgumentParser) -> None:
    """`--project-id` and `--organization-id` before the command, as defaults for it."""
    group = parser.add_argument_group("ids (before or after the command)")
    group.add_argument(
        "--project-id", default=None, help=f"project (environment) id (default: ${PROJECT_ID_ENV})"
    )
    group.add_argument(
        "--organization-id", default=None, help=f"organization id (default: ${ORGANIZATION_ID_ENV})"
    )


def _project_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--project-id",
        default=argparse.SUPPRESS,
        help=f"project (environment) id (default: ${PROJECT_ID_ENV})",
    )


def _organization_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--organization-id",
        default=argparse.SUPPRESS,
        help=f"organization id (default: ${ORGANIZATION_ID_ENV})",
    )


def _list_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--page-size",
        type=_positive_int,
        default=None,
        help="items asked for per request (default: the service's page size)",
    )
    parser.add_argument(
        "--max-items", type=_positive_int, default=None, help="stop after N items (default: all)"
    )


def _get_many_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--ids-file",
        required=True,
        metavar="FILE",
        help="recording ids, one a line ('-': stdin); blank lines and lines starting with # "
        "are skipped",
    )
    parser.add_argument(
        "--batch-size",
        type=_batch_size,
        default=MAX_BATCH_SIZE,
        help=f"ids per list request, 1 to {MAX_BATCH_SIZE} (default: {MAX_BATCH_SIZE})",
    )
    parser.add_argument(
        "--no-batch",
        action="store_true",
        help="one GET per id instead (for a service whose list does not filter by session_ids)",
    )
    parser.add_argument(
        "--concurrency",
        type=_positive_int,
        default=4,
        help="requests in flight at once (default: 4)",
    )


class _Subcommands(Protocol):
    """What `ArgumentParser.add_subparsers()` returns, as used here."""

    def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser: ...


def build_parser() -> argparse.ArgumentParser:
    """The whole command line; each leaf parser sets `command` to its handler's name.

    Parse with `parse_known_args` and report leftovers through the parser in `LEAF`, so a
    wrong argument prints the usage of the command it was given to.
    """
    common = _connection_options(top_level=False)
    parser = argparse.ArgumentParser(
        prog="product-analytics",
        description="Command line of the product-analytics API.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        parents=[_connection_options(top_level=True)],
    )
    parser.add_argument("--version", action="version", version=f"product-analytics {__version__}")
    _id_options(parser)
    groups = parser.add_subparsers(dest="group", required=True, metavar="COMMAND")

    def leaf(
        subparsers: _Subcommands,
        name: str,
        command: str,
        help_text: str,
    ) -> argparse.ArgumentParser:
        sub = subparsers.add_parser(name, parents=[common], help=help_text, description=help_text)
        sub.set_defaults(command=command, **{LEAF: sub})
        return sub

    recordings = groups.add_parser("recordings", help="session recordings of a project")
    rec = recordings.add_subparsers(dest="action", required=True, metavar="ACTION")
    sub = leaf(rec, "list", "recordings_list", "print every recording, one JSON object a line")
    _project_option(sub)
    _list_options(sub)
    sub = leaf(rec, "get", "recordings_get", "print one recording")
    _project_option(sub)
    sub.add_argument("--id", required=True, help="the recording's id (its session id)")
    sub = leaf(rec, "delete", "recordings_delete", "delete one recording")
    _project_option(sub)
    sub.add_argument("--id", required=True, help="the recording's id (its session id)")
    sub = leaf(rec, "export", "recordings_export", "write every recording to a JSON-lines file")
    _project_option(sub)
    sub.add_argument(
        "--out", required=True, help="file to write (replaced atomically once complete)"
    )
    sub.add_argument(
        "--page-size",
        type=_positive_int,
        default=500,
        help="recordings asked for per request (default: 500)",
    )
    sub.add_argument(
        "--concurrency",
        type=_positive_int,
        default=4,
        help="at most this many pages fetched ahead, once the list has proved long (default: 4)",
    )
    sub.add_argument("--no-progress", action="store_true", help="no progress output")
    sub.add_argument(
        "--since",
        default=None,
        help="only recordings starting at or after this (ISO date or date-time, or -7d, -12h)",
    )
    sub.add_argument(
        "--until",
        default=None,
        help="only recordings starting at or before this (default: when the export starts)",
    )
    sub.add_argument(
        "--resume",
        action="store_true",
        help="continue an interrupted export of --out from its checkpoint (none: start afresh)",
    )
    sub = leaf(
        rec,
        "get-many",
        "recordings_get_many",
        "print the recordings whose ids a file lists, one JSON object a line, in its order "
        "(fetched in batches through the recordings list)",
    )
    _project_option(sub)
    _get_many_options(sub)

    proxies = groups.add_parser("proxy-records", help="reverse-proxy records of an organization")
    prx = proxies.add_subparsers(dest="action", required=True, metavar="ACTION")
    sub = leaf(prx, "list", "proxy_records_list", "print every proxy record, one a line")
    _organization_option(sub)
    _list_options(sub)
    sub = leaf(prx, "create", "proxy_records_create", "create a proxy record")
    _organization_option(sub)
    sub.add_argument("--domain", required=True, help="the domain to proxy, e.g. e.example.com")
    sub = leaf(prx, "get", "proxy_records_get", "print one proxy record")
    _organization_option(sub)
    sub.add_argument("--id", required=True, help="the proxy record's id")
    sub = leaf(prx, "update", "proxy_records_update", "change a proxy record's domain")
    _organization_option(sub)
    sub.add_argument("--id", required=True, help="the proxy record's id")
    sub.add_argument("--domain", required=True, help="the new domain")
    sub = leaf(prx, "delete", "proxy_records_delete", "delete a proxy record")
    _organization_option(sub)
    sub.add_argument("--id", required=True, help="the proxy record's id")

    roles = groups.add_parser("roles", help="roles of an organization")
    rol = roles.add_subparsers(dest="action", required=True, metavar="ACTION")
    sub = leaf(rol, "list", "roles_list", "print every role, one a line")
    _organization_option(sub)
    _list_options(sub)
    sub = leaf(rol, "create", "roles_create", "create a role")
    _organization_option(sub)
    sub.add_argument("--name", required=True, help="the role's name")
    sub.add_argument(
        "--feature-flags-access-level",
        type=int,
        default=None,
        help="the role's access level to feature flags, an integer (default: not sent)",
    )
    sub = leaf(rol, "get", "roles_get", "print one role")
    _organization_option(sub)
    sub.add_argument("--id", required=True, help="the role's id")

    projects = groups.add_parser("projects", help="projects of an organization")
    prj = projects.add_subparsers(dest="action", required=True, metavar="ACTION")
    sub = leaf(prj, "update", "projects_update", "change project settings")
    _organization_option(sub)
    sub.add_argument("--id", required=True, type=int, help="the project's id")
    sub.add_argument(
        "--set",
        dest="fields",
        action="append",
        default=[],
        metavar="FIELD=VALUE",
        help="a body field; VALUE is JSON, or else a plain string (repeatable)",
    )
    sub = leaf(prj, "delete", "projects_delete", "delete a project")
    _organization_option(sub)
    sub.add_argument("--id", required=True, type=int, help="the project's id")
    sub = leaf(prj, "reset-token", "projects_reset_token", "give a project a new API token")
    _organization_option(sub)
    sub.add_argument("--id", required=True, type=int, help="the project's id")

    fake = groups.add_parser(
        "fake-server", help="run the bundled in-memory fake service in the foreground"
    )
    fake.set_defaults(command="fake_server", **{LEAF: fake})
    fake.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default: %(default)s)"
    )
    fake.add_argument(
        "--port",
        type=_non_negative_int,
        default=8765,
        help="port to listen on; 0: any free port (default: %(default)s)",
    )
    fake.add_argument(
        "--recordings",
        type=_non_negative_int,
        default=1000,
        help="recordings seeded in the project (default: %(default)s)",
    )
    fake.add_argument(
        "--seed",
        type=int,
        default=0,
        help="fixes every seeded id, token and the API key (default: %(default)s)",
    )
    fake.add_argument(
        "--throttle",
        action="append",
        type=_throttle_rate,
        default=[],
        metavar="CLASS=N/SECONDS",
        help="throttle a class as the service does, N requests per SECONDS per key "
        "(repeatable, e.g. recordings=40/10); 'service' applies the live service's rates",
    )
    fake.add_argument(
        "--throttle-retry-after",
        choices=["ceil", "floor"],
        default="ceil",
        help="round Retry-After up (as the service) or down",
    )
    return parser
