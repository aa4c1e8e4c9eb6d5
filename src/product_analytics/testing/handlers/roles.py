"""Operations 24 to 26: roles of an organization.

Role names are unique within an organization, compared case-insensitively. Left out, or
not an integer, `feature_flags_access_level` is `DEFAULT_ACCESS_LEVEL` (the current service
ignores the field; the spec leaves it open).
"""

from __future__ import annotations

from product_analytics.testing.context import Context, Handler, Reply
from product_analytics.testing.errors import not_found, validation_error
from product_analytics.testing.pagination import described_envelope, page_request
from product_analytics.testing.state import Json
from product_analytics.testing.timestamps import now_iso

__all__ = ["DEFAULT_ACCESS_LEVEL", "HANDLERS"]

DEFAULT_ACCESS_LEVEL = 21


def list_roles(ctx: Context) -> Reply:
    roles = ctx.store.organization(ctx.params["organization_id"]).roles.values()
    return Reply.json(described_envelope(page_request(ctx.query, ctx.origin, ctx.raw_path), roles))


def create_role(ctx: Context) -> Reply:
    """201 with the role; `created_by` is the key's user. A taken name is a 400 `unique`."""
    organization = ctx.store.organization(ctx.params["organization_id"])
    name: str = ctx.body["name"]
    if any(role["name"].casefold() == name.casefold() for role in organization.roles.values()):
        raise validation_error("There is already a role with this name.", "name", "unique")
    level = ctx.body.get("feature_flags_access_level")
    role_id = ctx.store.ids.uuid4()
    role: Json = {
        "id": role_id,
        "name": name,
        "feature_flags_access_level": level if type(level) is int else DEFAULT_ACCESS_LEVEL,
        "created_at": now_iso(),
        "created_by": ctx.user,
        "members": [],
        "is_default": False,
    }
    organization.roles[role_id] = role
    return Reply.json(role, 201)


def get_role(ctx: Context) -> Reply:
    role = ctx.store.organization(ctx.params["organization_id"]).roles.get(ctx.params["id"])
    if role is None:
        raise not_found()
    return Reply.json(role)


HANDLERS: dict[str, Handler] = {
    "roles_list": list_roles,
    "roles_create": create_role,
    "roles_retrieve": get_role,
}
