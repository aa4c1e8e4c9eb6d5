"""What an operation handler receives (`Context`) and returns (`Reply`)."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from aiohttp import web

from product_analytics._spec.operation import Operation
from product_analytics.testing.state import ApiKey, Json, Store

__all__ = ["Context", "Handler", "ListStyle", "Options", "Reply"]

ListStyle = Literal["described", "live"]


@dataclass(frozen=True)
class Options:
    """How the fake answers where the description and the live service differ.

    `list_style="live"`: the recordings list answers `{"results", "has_next", "version": 4}`,
    the proxy-record list `{"results", "max_proxy_records": 2}` (every record, no paging)
    and the project activity `{"results", "next", "previous", "total_count"}` (activity-log
    entries, page-numbered by `page` and `limit`) instead of the project.
    `live_quirks=True`: a proxy-record create answers 200; a proxy-record delete, a playlist
    removal and a recording PATCH answer `200 {"success": true}`; `add_product_intent`
    answers 201; `authenticate_wizard` answers `{"success": true}` and
    `is_generating_demo_data` `{"is_generating_demo_data": false}` instead of the project;
    the service's extra requirements apply (`product_type` for the product-intent actions,
    `hash` for `authenticate_wizard`, `regex` for `ai_regex`, `messages` for `ai_filters`,
    `viewed` or `analyzed` true for the recording PATCH).

    `empty_answers=True`: the AI helpers and the session property definitions answer 200
    with no body and no Content-Type, as the API description gives them; otherwise they
    answer the JSON the live service sends and the spec's `content` describes (the spec
    marks both with `x-sdk-may-be-empty`).

    Either way the recordings list has no date window unless `date_from` or `date_to` is
    given (`dates.in_date_window`).
    """

    list_style: ListStyle = "described"
    live_quirks: bool = False
    empty_answers: bool = False


@dataclass(frozen=True)
class Context:
    """One authenticated, authorized request to one operation, its body already checked.

    `operation` is the record of the operation the request addresses, from the API the
    server serves: what the spec says of its parameters is read there, at request time.
    """

    store: Store
    options: Options
    operation: Operation[Any]
    key: ApiKey
    params: Mapping[str, str]
    query: Mapping[str, str]
    body: Json
    origin: str  # scheme://host:port of the server, for absolute links
    raw_path: str

    @property
    def user(self) -> Json:
        """The user object of the key's owner."""
        return self.store.users[self.key.user_id]


_NO_BODY = object()


@dataclass(frozen=True)
class Reply:
    """A handler's answer: a status and a JSON body, or no body at all."""

    status: int
    body: Any = _NO_BODY

    @classmethod
    def json(cls, body: Any, status: int = 200) -> Reply:
        return cls(status=status, body=body)

    @classmethod
    def empty(cls, status: int = 204) -> Reply:
        return cls(status=status)

    @classmethod
    def success(cls, options: Options) -> Reply:
        """204 with no body; `200 {"success": true}` under `live_quirks`."""
        return cls.json({"success": True}) if options.live_quirks else cls.empty(204)

    def to_response(self) -> web.Response:
        if self.body is _NO_BODY:
            return web.Response(status=self.status)
        return web.Response(
            status=self.status,
            body=json.dumps(self.body).encode(),
            content_type="application/json",
        )


Handler = Callable[[Context], "Reply | Awaitable[Reply]"]
"""An operation's handler: takes the request's `Context`, returns (or awaits to) a `Reply`."""
