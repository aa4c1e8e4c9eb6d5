"""Warnings the SDK gives once per process and subject, pointing at the user's line."""

from __future__ import annotations

import inspect
import os
import warnings

__all__ = ["warn_once"]

# product_analytics/: the folder above this module's `_common/`.
_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
_given: set[tuple[type[Warning], str]] = set()


def warn_once(category: type[Warning], subject: str, message: str) -> None:
    """Warn `message` unless a `category` warning about `subject` was already given; the
    warning points at the first frame outside this package: the user's line."""
    key = (category, subject)
    if key in _given:
        return
    _given.add(key)
    warnings.warn(message, category, stacklevel=_stacklevel_of_caller())


def forget(category: type[Warning] | None = None) -> None:
    """Let the warnings of `category` (all when None) be given again; for tests."""
    for key in [k for k in _given if category is None or k[0] is category]:
        _given.discard(key)


def mark_given(category: type[Warning], subject: str) -> None:
    """Count the warning about `subject` as given; for tests that do not want it."""
    _given.add((category, subject))


def _stacklevel_of_caller() -> int:
    frame = inspect.currentframe()
    for _ in range(2):  # past this function and its caller in this module
        frame = frame.f_back if frame is not None else None
    level = 2
    while (
        frame is not None
        and frame.f_back is not None
        and frame.f_code.co_filename.startswith(_PACKAGE_DIR)
    ):
        frame = frame.f_back
        level += 1
    return level
