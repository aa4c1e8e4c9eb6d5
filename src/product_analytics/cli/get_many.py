"""`recordings get-many --ids-file FILE`: many recordings by id, fetched in batches.

The ids are read first (one a line; blank lines and lines starting with `#` are skipped;
`-` reads stdin), so an unreadable file fails before anything is sent. They are then fetched
with `session_recordings.get_many(..., batch_size=N)` in windows of N x `--concurrency` ids,
and each window's recordings are printed in the order of the file, one JSON object a line,
as soon as the window is done. An id that fails (not found, say) is reported on stderr, one
line each, and the others are still printed; the exit code is then 1.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import TextIO

from product_analytics._client import AsyncClient
from product_analytics.cli.output import EXIT_API, describe_error, print_document

__all__ = ["MAX_BATCH_SIZE", "get_many_command", "read_ids"]

MAX_BATCH_SIZE = 100  # the most ids the recordings list takes in one request (x-sdk-batch)


def read_ids(lines: Iterable[str]) -> list[str]:
    """The ids of `lines`: each stripped; blank lines and `#` comments left out."""
    ids = []
    for line in lines:
        text = line.strip()
        if text and not text.startswith("#"):
            ids.append(text)
    return ids


def _read_file(name: str) -> list[str]:
    if name == "-":
        return read_ids(sys.stdin)
    try:
        with open(name, encoding="utf-8") as file:
            return read_ids(file)
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise ValueError(f"--ids-file {name}: {reason}") from None


async def get_many_command(
    client: AsyncClient, args: argparse.Namespace, errors: TextIO | None = None
) -> int:
    """Print the recordings of `args.ids_file` in its order; 1 when any id failed."""
    ids = _read_file(args.ids_file)
    stream = errors or sys.stderr
    window = args.batch_size * args.concurrency
    failed = 0
    for start in range(0, len(ids), window):
        chunk = ids[start : start + window]
        results = await client.session_recordings.get_many(
            project_id=args.project_id,
            ids=chunk,
            concurrency=args.concurrency,
            return_exceptions=True,
            batch_size=None if args.no_batch else args.batch_size,
        )
        for rid, result in zip(chunk, results, strict=True):
            if isinstance(result, Exception):
                failed += 1
                stream.write(f"product-analytics: {rid}: {describe_error(result)[0]}\n")
            else:
                print_document(result)
    if failed:
        stream.write(f"product-analytics: {failed} of {len(ids)} ids failed\n")
        return EXIT_API
    return 0
