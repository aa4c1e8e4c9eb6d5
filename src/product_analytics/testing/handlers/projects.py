"""Operations 10 to 18: a project of an organization, and its actions.

Every operation that takes a body applies the project body fields it carries (the names of
the spec's `PatchedProjectRequest`; for the PATCH also the live serializer's fields of
`PatchedProjectUpdateRequest`) before doing its own effect, and answers the project (the
live shapes are options, see `context.Options`). A change is logged in the project's
activity log, as the live service logs it.
"""

from __future__ import annotations

from collections.abc import Set
from typing import Any

from product_analytics import models
from product_analytics.testing.context import Context, Handler, Reply
from product_analytics.testing.errors import validation_error
from product_analytics.testing.pagination import page_numbered_envelope
from product_analytics.testing.state import Json
from product_analytics.testing.timestamps import now_iso

__all__ = ["HANDLERS", "PROJECT_FIELDS", "UPDATE_FIELDS"]


def _fields(model_name: str) -> frozenset[str]:
    """The field names of a body model of the spec; none where the SDK was generated from a
    spec without it (the handlers then apply no body field, and the server still imports)."""
    model = getattr(models, model_name, None)
    return frozenset(getattr(model, "model_fields", ()))


PROJECT_FIELDS = _fields("PatchedProjectRequest")
UPDATE_FIELDS = _fields("PatchedProjectUpdateRequest")


def _project(ctx: Context) -> Json:
    return ctx.store.project(ctx.params["organization_id"], ctx.params["id"])


def _apply_fields(ctx: Context, fields: Set[str] = PROJECT_FIELDS) -> Json:
    """The addressed project, with the body fields of the request among `fields` applied;
    an `updated` entry lists the values that changed in the project's activity log."""
    project = _project(ctx)
    changes = {name: value for name, value in ctx.body.items() if name in fields}
    if changes:
        _log_changes(ctx, project, changes)
        project.update(changes)
        project["updated_at"] = now_iso()
    return project


def _log_changes(ctx: Context, project: Json, changes: dict[str, Any]) -> None:
    """An `updated` activity-log entry for the fields whose value changes (scope `Team`,
    as posthog/api/project.py logs a passthrough-team change)."""
    changed = [
        {
            "type": "Team",
            "action": "changed",
            "field": name,
            "before": project.get(name),
            "after": value,
        }
        for name, value in changes.items()
        if project.get(name) != value
    ]
    if not changed:
        return
    entry = {
        "id": ctx.store.ids.uuid4(),
        "user": {"first_name": ctx.user["first_name"], "email": ctx.user["email"]},
        "activity": "updated",
        "scope": "Team",
        "item_id": str(project["id"]),
        "detail": {
            "id": None,
            "changes": changed,
            "merge": None,
            "trigger": None,
            "name": project["name"],
            "short_id": None,
            "type": None,
        },
        "created_at": now_iso(),
    }
    ctx.store.activity.setdefault(project["id"], []).insert(0, entry)


def _require(ctx: Context, name: str) -> None:
    """Under `live_quirks`, `name` is required in the body (the service requires it)."""
    if ctx.options.live_quirks and name not in ctx.body:
        raise validation_error("This field is required.", name, "required")


def _intent(project: Json, product_type: str, ctx: Context) -> dict[str, Any]:
    """The project's product intent for `product_type`, added if missing."""
    intents = project.get("product_intents")
    if not isinstance(intents, list):
        intents = project["product_intents"] = []
    for intent in intents:
        if isinstance(intent, dict) and intent.get("product_type") == product_type:
            return intent
    now = now_iso()
    intent = {
        "product_type": product_type,
        "created_at": now,
        "updated_at": now,
        "onboarding_completed_at": None,
        "intent_context": ctx.body.get("intent_context"),
        "metadata": ctx.body.get("metadata") or {},
    }
    intents.append(intent)
    return intent


def update_project(ctx: Context) -> Reply:
    """The project body fields and the live serializer's other writable fields."""
    return Reply.json(_apply_fields(ctx, UPDATE_FIELDS))


def delete_project(ctx: Context) -> Reply:
    """The project and its environment (recordings, playlists) are gone: 404 afterwards."""
    project = _project(ctx)
    ctx.store.delete_project(project["id"])
    return Reply.empty(204)


def activity(ctx: Context) -> Reply:
    """The project, as described; with `list_style="live"`, a page of its activity log,
    newest first (`page` from 1, `limit` default 10). Either way `page` and `limit` are
    checked (a 400 below 1)."""
    project = _project(ctx)
    entries = ctx.store.activity.get(project["id"], [])
    page = page_numbered_envelope(ctx.query, ctx.origin, ctx.raw_path, entries)
    return Reply.json(page if ctx.options.list_style == "live" else project)


def is_generating_demo_data(ctx: Context) -> Reply:
    """The project, as described; `{"is_generating_demo_data": false}` under `live_quirks`."""
    project = _project(ctx)
    if ctx.options.live_quirks:
        return Reply.json({"is_generating_demo_data": False})
    return Reply.json(project)


def add_product_intent(ctx: Context) -> Reply:
    """A `product_type` adds a product intent to `product_intents` (once per type)."""
    _require(ctx, "product_type")
    project = _apply_fields(ctx)
    if isinstance(ctx.body.get("product_type"), str):
        _intent(project, ctx.body["product_type"], ctx)
    return Reply.json(project, status=201 if ctx.options.live_quirks else 200)


def complete_product_onboarding(ctx: Context) -> Reply:
    """A `product_type` marks `has_completed_onboarding_for[product_type]` and its intent."""
    _require(ctx, "product_type")
    project = _apply_fields(ctx)
    product_type = ctx.body.get("product_type")
    if isinstance(product_type, str):
        done = project.get("has_completed_onboarding_for")
        project["has_completed_onboarding_for"] = {
            **(done if isinstance(done, dict) else {}),
            product_type: True,
        }
        intent = _intent(project, product_type, ctx)
        intent["onboarding_completed_at"] = intent["updated_at"] = now_iso()
    return Reply.json(project)


def authenticate_wizard(ctx: Context) -> Reply:
    """The project, as described; `{"success": true}` under `live_quirks`."""
    _require(ctx, "hash")
    project = _apply_fields(ctx)
    if ctx.options.live_quirks:
        return Reply.json({"success": True})
    return Reply.json(project)


def change_organization(ctx: Context) -> Reply:
    """A body `organization_id` moves the project to that organization (400 if unknown);
    the project is then addressed under its new organization only.
    """
    target = ctx.body.get("organization_id")
    if "organization_id" in ctx.body and target not in ctx.store.organizations:
        raise validation_error("Organization does not exist.", "organization_id", "invalid")
    project = _apply_fields(ctx)
    if target is not None:
        project["organization"] = target
        project["updated_at"] = now_iso()
    return Reply.json(project)


def reset_token(ctx: Context) -> Reply:
    """The project gets a new `api_token`."""
    project = _apply_fields(ctx)
    project["api_token"] = ctx.store.ids.token("phc_")
    project["updated_at"] = now_iso()
    return Reply.json(project)


HANDLERS: dict[str, Handler] = {
    "projects_partial_update": update_project,
    "projects_destroy": delete_project,
    "projects_activity_retrieve": activity,
    "projects_add_product_intent_partial_update": add_product_intent,
    "projects_authenticate_wizard_create": authenticate_wizard,
    "projects_change_organization_create": change_organization,
    "projects_complete_product_onboarding_partial_update": complete_product_onboarding,
    "projects_is_generating_demo_data_retrieve": is_generating_demo_data,
    "projects_reset_token_partial_update": reset_token,
}
