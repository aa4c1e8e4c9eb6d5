"""Proxy-record domains: the CNAME target each one gets."""

from __future__ import annotations

import hashlib

__all__ = ["CNAME_SUFFIX", "target_cname"]

CNAME_SUFFIX = ".proxy.fakeserver.test"


def target_cname(organization_id: str, domain: str) -> str:
    """`sha256("<organization_id>:<domain lowercased>")` as hex, first 20 digits, plus
    `CNAME_SUFFIX`: the same organization and domain always give the same target.
    """
    digest = hashlib.sha256(f"{organization_id}:{domain.lower()}".encode()).hexdigest()
    return digest[:20] + CNAME_SUFFIX
