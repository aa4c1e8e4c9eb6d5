"""Identifiers and secrets drawn from a seeded random source, so that a seed fixes them all."""

from __future__ import annotations

import random
import string
import uuid

__all__ = ["IdSource"]

_ALNUM = string.ascii_letters + string.digits


class IdSource:
    """Makes UUIDs, tokens and short ids from `random.Random(seed)`.

    The same seed and the same sequence of calls give the same values.
    """

    def __init__(self, seed: int | str) -> None:
        self.rng: random.Random = random.Random(seed)

    def uuid4(self) -> str:
        """A random (version 4) UUID string."""
        return str(uuid.UUID(int=self.rng.getrandbits(128), version=4))

    def uuid7(self, unix_ms: int) -> str:
        """A version 7 UUID string whose time prefix is `unix_ms` (ids sort by time)."""
        value = (
            (unix_ms & ((1 << 48) - 1)) << 80
            | 0x7 << 76
            | self.rng.getrandbits(12) << 64
            | 0b10 << 62
            | self.rng.getrandbits(62)
        )
        return str(uuid.UUID(int=value))

    def token(self, prefix: str, length: int = 43) -> str:
        """`prefix` followed by `length` random letters and digits."""
        return prefix + "".join(self.rng.choices(_ALNUM, k=length))

    def short_id(self, length: int = 8) -> str:
        """A short random id of letters and digits, as playlists carry."""
        return "".join(self.rng.choices(_ALNUM, k=length))
