"""Operations 1 to 9: session recordings of an environment, playlists, sessions."""

from __future__ import annotations

import re

from product_analytics.testing.context import Context, Handler, Reply
from product_analytics.testing.dates import in_date_window
from product_analytics.testing.errors import not_found, validation_error
from product_analytics.testing.pagination import described_envelope, page_request
from product_analytics.testing.recording_filters import filter_recordings
from product_analytics.testing.timestamps import now_iso

__all__ = ["HANDLERS"]


def remove_from_playlist(ctx: Context) -> Reply:
    """404 unless the playlist holds the recording; then it no longer does."""
    env = ctx.store.environment(ctx.params["project_id"])
    playlist = env.playlists.get(ctx.params["short_id"])
    recording_id = ctx.params["session_recording_id"]
    if playlist is None or recording_id not in playlist.recording_ids:
        raise not_found()
    playlist.recording_ids.remove(recording_id)
    return Reply.success(ctx.options)


def list_recordings(ctx: Context) -> Reply:
    """Every recording, narrowed by the date window (`dates`) and the service's filters
    (`recording_filters`), one page of `limit` at `offset`."""
    env = ctx.store.environment(ctx.params["project_id"])
    page = page_request(ctx.query, ctx.origin, ctx.raw_path)
    recordings = filter_recordings(
        ctx.operation, ctx.query, in_date_window(ctx.operation, ctx.query, env.recordings.values())
    )
    if ctx.options.list_style == "live":
        return Reply.json(
            {
                "results": page.take(recordings),
                "has_next": page.has_next(len(recordings)),
                "version": 4,
            }
        )
    return Reply.json(described_envelope(page, recordings))


def get_recording(ctx: Context) -> Reply:
    env = ctx.store.environment(ctx.params["project_id"])
    return Reply.json(env.recording(ctx.params["id"]))


def update_recording(ctx: Context) -> Reply:
    """`viewed` sets the flag (and adds the user to `viewers`); a `person` object is merged
    into the recording's person; `analyzed` and `player_metadata` are accepted and kept out
    of the recording shape. Any other JSON `person` is accepted and ignored.
    """
    env = ctx.store.environment(ctx.params["project_id"])
    recording = env.recording(ctx.params["id"])
    body = ctx.body
    if (
        ctx.options.live_quirks
        and body.get("viewed") is not True
        and body.get("analyzed") is not True
    ):
        raise validation_error("Either viewed or analyzed must be true.", None)
    if isinstance(body.get("viewed"), bool):
        recording["viewed"] = body["viewed"]
        email = ctx.user["email"]
        if body["viewed"] and email not in recording["viewers"]:
            recording["viewers"].append(email)
    person = body.get("person")
    if isinstance(person, dict):
        recording["person"] = {**(recording["person"] or {}), **person}
    if ctx.options.live_quirks:
        return Reply.json({"success": True})
    return Reply.json(recording)


def delete_recording(ctx: Context) -> Reply:
    env = ctx.store.environment(ctx.params["project_id"])
    env.delete_recording(ctx.params["id"])
    return Reply.empty(204)


def get_sharing(ctx: Context) -> Reply:
    """The recording's sharing configuration, made (disabled) on first read."""
    env = ctx.store.environment(ctx.params["project_id"])
    recording_id = ctx.params["recording_id"]
    env.recording(recording_id)
    sharing = env.sharing.get(recording_id)
    if sharing is None:
        sharing = env.sharing[recording_id] = {
            "created_at": now_iso(),
            "enabled": False,
            "access_token": ctx.store.ids.token("", 22),
        }
    return Reply.json(sharing)


def property_definitions(ctx: Context) -> Reply:
    """The live answer, `{"count": 0, "results": []}` (posthog/api/session.py), which the
    spec's `content` describes; with `empty_answers`, the description's: no body."""
    ctx.store.environment(ctx.params["project_id"])
    if ctx.options.empty_answers:
        return Reply.empty(200)
    return Reply.json({"count": 0, "results": []})


def ai_regex(ctx: Context) -> Reply:
    """As the live service: `{"result": "success", "data": {"output": <pattern>}}` (a
    pattern matching the words of `regex`; `error` without words). Under `live_quirks`,
    `regex` is required (400 without it). With `empty_answers`, no body, as the description
    gives it."""
    ctx.store.environment(ctx.params["project_id"])
    if ctx.options.live_quirks and "regex" not in ctx.body:
        raise validation_error("Missing required field: regex", None)
    if ctx.options.empty_answers:
        return Reply.empty(200)
    words = str(ctx.body.get("regex") or "").split()
    if not words:
        return Reply.json({"result": "error", "data": {"output": "Describe the pattern."}})
    return Reply.json(
        {"result": "success", "data": {"output": ".*".join(re.escape(w) for w in words)}}
    )


def ai_filters(ctx: Context) -> Reply:
    """As the live service: a conversation (`messages`, `{"role": "user" | "assistant",
    "content": str}` each) whose last user message is blank (or that has none) gets a
    question back, any other a filter of the last seven days. Under `live_quirks`,
    `messages` is required (400 without it). With `empty_answers`, no body, as the
    description gives it."""
    ctx.store.environment(ctx.params["project_id"])
    messages = ctx.body.get("messages", None if ctx.options.live_quirks else [])
    if not isinstance(messages, list) or not all(
        isinstance(m, dict)
        and m.get("role") in ("user", "assistant")
        and isinstance(m.get("content"), str)
        for m in messages
    ):
        raise validation_error("Invalid request data", "messages")
    if ctx.options.empty_answers:
        return Reply.empty(200)
    said = [m["content"] for m in messages if m["role"] == "user"]
    if not said or not said[-1].strip():
        return Reply.json({"result": "question", "data": {"question": "What are you after?"}})
    return Reply.json(
        {
            "result": "filter",
            "data": {
                "question": "",
                "date_from": "-7d",
                "date_to": "",
                "filter_group": {"type": "AND", "values": [{"type": "AND", "values": []}]},
            },
        }
    )


HANDLERS: dict[str, Handler] = {
    "session_recording_playlists_recordings_destroy": remove_from_playlist,
    "session_recordings_list": list_recordings,
    "session_recordings_retrieve": get_recording,
    "session_recordings_partial_update": update_recording,
    "session_recordings_destroy": delete_recording,
    "session_recordings_sharing_retrieve": get_sharing,
    "session_recordings_ai_filters_create": ai_filters,
    "session_recordings_ai_regex_create": ai_regex,
    "sessions_property_definitions_retrieve": property_definitions,
}
