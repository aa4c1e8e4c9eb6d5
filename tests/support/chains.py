"""Walking an exception's chain, for tests that look for what an error keeps alive."""

from __future__ import annotations

from collections.abc import Iterator


def error_chain(error: BaseException) -> Iterator[BaseException]:
    """`error` and every exception reachable through `__cause__` and `__context__`."""
    seen: set[int] = set()
    pending: list[BaseException | None] = [error]
    while pending:
        current = pending.pop()
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        yield current
        pending.extend([current.__cause__, current.__context__])
        grouped = getattr(current, "exceptions", None)  # an ExceptionGroup
        if isinstance(grouped, tuple):
            pending.extend(e for e in grouped if isinstance(e, BaseException))
