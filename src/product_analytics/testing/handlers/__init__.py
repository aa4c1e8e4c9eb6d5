"""One handler per operation of the spec, by `operation_id`."""

from __future__ import annotations

from product_analytics.testing.context import Handler
from product_analytics.testing.handlers import projects, proxy_records, recordings, roles

__all__ = ["HANDLERS"]

HANDLERS: dict[str, Handler] = {
    **recordings.HANDLERS,
    **projects.HANDLERS,
    **proxy_records.HANDLERS,
    **roles.HANDLERS,
}
