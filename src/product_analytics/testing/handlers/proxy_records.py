"""Operations 19 to 23: proxy records of an organization.

A record starts in status `waiting`; its `target_cname` comes from `domains.target_cname`.
A domain must be unique across the service, compared case-insensitively; its form is not
checked, as the live service checks none (posthog/api/proxy_record.py).
"""

from __future__ import annotations

from product_analytics.testing.context import Context, Handler, Reply
from product_analytics.testing.domains import target_cname
from product_analytics.testing.errors import not_found, validation_error
from product_analytics.testing.pagination import described_envelope, page_request
from product_analytics.testing.state import Json, Organization
from product_analytics.testing.timestamps import now_iso

__all__ = ["HANDLERS", "MAX_PROXY_RECORDS"]

MAX_PROXY_RECORDS = 2  # what the live list reports; not enforced


def _checked_domain(ctx: Context, domain: str, record_id: str | None) -> str:
    wanted = domain.lower()
    for organization in ctx.store.organizations.values():
        for record in organization.proxy_records.values():
            if record["domain"].lower() == wanted and record["id"] != record_id:
                raise validation_error(
                    "A proxy record with this domain already exists.", "domain", "unique"
                )
    return domain


def _organization(ctx: Context) -> Organization:
    return ctx.store.organization(ctx.params["organization_id"])


def _record(ctx: Context) -> tuple[Organization, Json]:
    organization = _organization(ctx)
    record = organization.proxy_records.get(ctx.params["id"])
    if record is None:
        raise not_found()
    return organization, record


def list_records(ctx: Context) -> Reply:
    """The described page; under `list_style="live"` every record, unpaged. Either way a
    `limit` or `offset` the spec forbids is a 400."""
    records = _organization(ctx).proxy_records.values()
    page = page_request(ctx.query, ctx.origin, ctx.raw_path)
    if ctx.options.list_style == "live":
        return Reply.json({"results": list(records), "max_proxy_records": MAX_PROXY_RECORDS})
    return Reply.json(described_envelope(page, records))


def create_record(ctx: Context) -> Reply:
    """201 (200 under `live_quirks`) with the new record, status `waiting`."""
    organization = _organization(ctx)
    domain = _checked_domain(ctx, ctx.body["domain"], None)
    now = now_iso()
    record_id = ctx.store.ids.uuid4()
    record: Json = {
        "id": record_id,
        "domain": domain,
        "target_cname": target_cname(organization.id, domain),
        "status": "waiting",
        "message": None,
        "created_at": now,
        "updated_at": now,
        "created_by": ctx.key.user_id,
    }
    organization.proxy_records[record_id] = record
    return Reply.json(record, 200 if ctx.options.live_quirks else 201)


def get_record(ctx: Context) -> Reply:
    return Reply.json(_record(ctx)[1])


def update_record(ctx: Context) -> Reply:
    """A new `domain` gets a new `target_cname` and goes back to status `waiting`."""
    organization, record = _record(ctx)
    if ctx.body.get("domain") is not None:
        domain = _checked_domain(ctx, ctx.body["domain"], record["id"])
        record.update(
            domain=domain,
            target_cname=target_cname(organization.id, domain),
            status="waiting",
            message=None,
        )
    record["updated_at"] = now_iso()
    return Reply.json(record)


def delete_record(ctx: Context) -> Reply:
    organization, record = _record(ctx)
    del organization.proxy_records[record["id"]]
    return Reply.success(ctx.options)


HANDLERS: dict[str, Handler] = {
    "proxy_records_list": list_records,
    "proxy_records_create": create_record,
    "proxy_records_retrieve": get_record,
    "proxy_records_partial_update": update_record,
    "proxy_records_destroy": delete_record,
}
