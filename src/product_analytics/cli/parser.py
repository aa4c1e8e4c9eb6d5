"""The command line's arguments: subcommands, their options, and the shared connection ones.

The commands are tables (`_GROUPS`, `_FAKE_SERVER`): each option is an `_arg(*flags,
**options)` entry, its words those of `ArgumentParser.add_argument`.
"""

from __future__ import annotations

import argparse
import copy
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from product_analytics._sending.config import (
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


def _int_at_least(minimum: int) -> Callable[[str], int]:
    """The argument type of an integer option whose values start at `minimum`."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be >= {minimum}, got {value}")
        return value

    return parse


_positive_int = _int_at_least(1)
_non_negative_int = _int_at_least(0)


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


class _Arg(NamedTuple):
    """One option: the flags and the keywords of `ArgumentParser.add_argument`."""

    flags: tuple[str, ...]
    options: dict[str, Any]


def _arg(*flags: str, **options: Any) -> _Arg:
    return _Arg(flags=flags, options=options)


def _add(add_argument: Callable[..., argparse.Action], args: Iterable[_Arg]) -> None:
    """Add each of `args` through `add_argument` (of a parser or an argument group), each
    with its own copy of the options (a parser's list default is its own)."""
    for flags, options in args:
        add_argument(*flags, **copy.deepcopy(options))


def _after_the_command(args: Iterable[_Arg]) -> list[_Arg]:
    """`args` as a command takes them: defaulting to `argparse.SUPPRESS`, so that a flag given
    before the command is not overwritten by the command's default; one given after the
    command wins over one given before it."""
    return [
        _Arg(flags=flags, options={**options, "default": argparse.SUPPRESS})
        for flags, options in args
    ]


# Accepted before the command and after it; the top-level parser holds the defaults.
_CONNECTION = (
    _arg("--api-key", default=None, help=f"API key (default: ${API_KEY_ENV})"),
    _arg("--base-url", default=None, help=f"service URL, without /api (default: ${BASE_URL_ENV})"),
    _arg("--timeout", type=float, default=30.0, help="seconds per attempt (default: 30)"),
    _arg(
        "--max-retries",
        type=_non_negative_int,
        default=2,
        help="retries after a failed attempt (default: 2)",
    ),
    _arg(
        "-v",
        "--verbose",
        action="count",
        default=0,
        help="log each request to stderr (-vv: with its headers, the key hidden)",
    ),
)
_PROJECT_ID = _arg(
    "--project-id", default=None, help=f"project (environment) id (default: ${PROJECT_ID_ENV})"
)
_ORGANIZATION_ID = _arg(
    "--organization-id", default=None, help=f"organization id (default: ${ORGANIZATION_ID_ENV})"
)

_LIST = (
    _arg(
        "--page-size",
        type=_positive_int,
        default=None,
        help="items asked for per request (default: the service's page size)",
    ),
    _arg("--max-items", type=_positive_int, default=None, help="stop after N items (default: all)"),
)
_EXPORT = (
    _arg("--out", required=True, help="file to write (replaced atomically once complete)"),
    _arg(
        "--page-size",
        type=_positive_int,
        default=500,
        help="recordings asked for per request (default: 500)",
    ),
    _arg(
        "--concurrency",
        type=_positive_int,
        default=4,
        help="at most this many pages fetched ahead, once the list has proved long (default: 4)",
    ),
    _arg("--no-progress", action="store_true", help="no progress output"),
    _arg(
        "--since",
        default=None,
        help="only recordings starting at or after this (ISO date or date-time, or -7d, -12h)",
    ),
    _arg(
        "--until",
        default=None,
        help="only recordings starting at or before this (default: when the export starts)",
    ),
    _arg(
        "--resume",
        action="store_true",
        help="continue an interrupted export of --out from its checkpoint (none: start afresh)",
    ),
)
_GET_MANY = (
    _arg(
        "--ids-file",
        required=True,
        metavar="FILE",
        help="recording ids, one a line ('-': stdin); blank lines and lines starting with # "
        "are skipped",
    ),
    _arg(
        "--batch-size",
        type=_batch_size,
        default=MAX_BATCH_SIZE,
        help=f"ids per list request, 1 to {MAX_BATCH_SIZE} (default: {MAX_BATCH_SIZE})",
    ),
    _arg(
        "--no-batch",
        action="store_true",
        help="one GET per id instead (for a service whose list does not filter by session_ids)",
    ),
    _arg(
        "--concurrency",
        type=_positive_int,
        default=4,
        help="requests in flight at once (default: 4)",
    ),
)
_RECORDING_ID = _arg("--id", required=True, help="the recording's id (its session id)")
_PROXY_RECORD_ID = _arg("--id", required=True, help="the proxy record's id")
_PROJECT = _arg("--id", required=True, type=int, help="the project's id")
_ROLE = (
    _arg("--name", required=True, help="the role's name"),
    _arg(
        "--feature-flags-access-level",
        type=int,
        default=None,
        help="the role's access level to feature flags, an integer (default: not sent)",
    ),
)
_FIELDS = _arg(
    "--set",
    dest="fields",
    action="append",
    default=[],
    metavar="FIELD=VALUE",
    help="a body field; VALUE is JSON, or else a plain string (repeatable)",
)


class _Group(NamedTuple):
    """`product-analytics NAME ACTION`: each command's handler is `NAME_ACTION` (with `_` for
    `-`); every command of the group takes `owner`, the id option of what holds its objects."""

    name: str
    help: str
    owner: _Arg
    commands: tuple[tuple[str, str, tuple[_Arg, ...]], ...]  # (action, help, options)


_GROUPS = (
    _Group(
        name="recordings",
        help="session recordings of a project",
        owner=_PROJECT_ID,
        commands=(
            ("list", "print every recording, one JSON object a line", _LIST),
            ("get", "print one recording", (_RECORDING_ID,)),
            ("delete", "delete one recording", (_RECORDING_ID,)),
            ("export", "write every recording to a JSON-lines file", _EXPORT),
            (
                "get-many",
                "print the recordings whose ids a file lists, one JSON object a line, in its "
                "order (fetched in batches through the recordings list)",
                _GET_MANY,
            ),
        ),
    ),
    _Group(
        name="proxy-records",
        help="reverse-proxy records of an organization",
        owner=_ORGANIZATION_ID,
        commands=(
            ("list", "print every proxy record, one a line", _LIST),
            (
                "create",
                "create a proxy record",
                (_arg("--domain", required=True, help="the domain to proxy, e.g. e.example.com"),),
            ),
            ("get", "print one proxy record", (_PROXY_RECORD_ID,)),
            (
                "update",
                "change a proxy record's domain",
                (_PROXY_RECORD_ID, _arg("--domain", required=True, help="the new domain")),
            ),
            ("delete", "delete a proxy record", (_PROXY_RECORD_ID,)),
        ),
    ),
    _Group(
        name="roles",
        help="roles of an organization",
        owner=_ORGANIZATION_ID,
        commands=(
            ("list", "print every role, one a line", _LIST),
            ("create", "create a role", _ROLE),
            ("get", "print one role", (_arg("--id", required=True, help="the role's id"),)),
        ),
    ),
    _Group(
        name="projects",
        help="projects of an organization",
        owner=_ORGANIZATION_ID,
        commands=(
            ("update", "change project settings", (_PROJECT, _FIELDS)),
            ("delete", "delete a project", (_PROJECT,)),
            ("reset-token", "give a project a new API token", (_PROJECT,)),
        ),
    ),
)

_FAKE_SERVER = (
    _arg("--host", default="127.0.0.1", help="address to listen on (default: %(default)s)"),
    _arg(
        "--port",
        type=_non_negative_int,
        default=8765,
        help="port to listen on; 0: any free port (default: %(default)s)",
    ),
    _arg(
        "--recordings",
        type=_non_negative_int,
        default=1000,
        help="recordings seeded in the project (default: %(default)s)",
    ),
    _arg(
        "--seed",
        type=int,
        default=0,
        help="fixes every seeded id, token and the API key (default: %(default)s)",
    ),
    _arg(
        "--throttle",
        action="append",
        type=_throttle_rate,
        default=[],
        metavar="CLASS=N/SECONDS",
        help="throttle a class as the service does, N requests per SECONDS per key "
        "(repeatable, e.g. recordings=40/10); 'service' applies the live service's rates",
    ),
    _arg(
        "--throttle-retry-after",
        choices=["ceil", "floor"],
        default="ceil",
        help="round Retry-After up (as the service) or down",
    ),
    _arg(
        "--format",
        dest="output_format",
        choices=["json", "shell"],
        default="json",
        help="what it prints once listening: one JSON line, or `export` lines of the "
        "client's environment variables for a shell to eval (default: %(default)s)",
    ),
)


def build_parser() -> argparse.ArgumentParser:
    """The whole command line; each leaf parser sets `command` to its handler's name.

    Parse with `parse_known_args` and report leftovers through the parser in `LEAF`, so a
    wrong argument prints the usage of the command it was given to.
    """
    connection = "connection (before or after the command)"
    common = argparse.ArgumentParser(add_help=False)
    _add(common.add_argument_group(connection).add_argument, _after_the_command(_CONNECTION))
    parser = argparse.ArgumentParser(
        prog="product-analytics",
        description="Command line of the product-analytics API.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add(parser.add_argument_group(connection).add_argument, _CONNECTION)
    parser.add_argument("--version", action="version", version=f"product-analytics {__version__}")
    ids = parser.add_argument_group("ids (before or after the command)")
    _add(ids.add_argument, (_PROJECT_ID, _ORGANIZATION_ID))
    groups = parser.add_subparsers(dest="group", required=True, metavar="COMMAND")
    for group in _GROUPS:
        actions = groups.add_parser(group.name, help=group.help).add_subparsers(
            dest="action", required=True, metavar="ACTION"
        )
        for action, help_text, options in group.commands:
            sub = actions.add_parser(
                action, parents=[common], help=help_text, description=help_text
            )
            sub.set_defaults(command=f"{group.name}_{action}".replace("-", "_"), **{LEAF: sub})
            _add(sub.add_argument, [*_after_the_command([group.owner]), *options])
    fake = groups.add_parser(
        "fake-server", help="run the bundled in-memory fake service in the foreground"
    )
    fake.set_defaults(command="fake_server", **{LEAF: fake})
    _add(fake.add_argument, _FAKE_SERVER)
    return parser
