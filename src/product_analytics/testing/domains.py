"""Proxy-record domains: which are valid, and the CNAME target each one gets.

A valid domain is a bare host name: at least two dot-separated labels of ASCII letters,
digits and hyphens (no label starts or ends with a hyphen), a final label of letters (or an
`xn--` label), at most 253 characters; no scheme, path, port, spaces or trailing dot.
"""

from __future__ import annotations

import hashlib
import re

__all__ = ["CNAME_SUFFIX", "target_cname", "valid_domain"]

CNAME_SUFFIX = ".proxy.fakeserver.test"
_LABEL = r"(?!-)[a-z0-9-]{1,63}(?<!-)"
_DOMAIN = re.compile(
    rf"(?=.{{1,253}}$){_LABEL}(?:\.{_LABEL})*\.(?:[a-z]{{2,63}}|xn--[a-z0-9-]{{1,59}})"
)


def valid_domain(domain: str) -> bool:
    """Whether `domain` is a bare host name as the module docstring defines it."""
    return domain.isascii() and _DOMAIN.fullmatch(domain.lower()) is not None


def target_cname(organization_id: str, domain: str) -> str:
    """`sha256("<organization_id>:<domain lowercased>")` as hex, first 20 digits, plus
    `CNAME_SUFFIX`: the same organization and domain always give the same target.
    """
    digest = hashlib.sha256(f"{organization_id}:{domain.lower()}".encode()).hexdigest()
    return digest[:20] + CNAME_SUFFIX
