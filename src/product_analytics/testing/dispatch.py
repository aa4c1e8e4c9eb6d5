"""The one aiohttp handler behind every path: route, authenticate, authorize, read the body,
run the operation's handler.

Checks run in the service's order: an unknown path is a 404 whoever asks; then a missing or
unknown key is a 401; a known path with the wrong method a 405; a key without the
operation's `required_scope` a 403; in throttle mode, a request over its class's rate a
429 (see `throttle`); an operation without a handler a 501
(`{"type": "server_error", "code": "not_implemented", ...}`: an operation added to the spec
answers that until `FakeServer.add_handler` registers one); a body that is not a JSON
object, or whose fields do not fit the operation's body model, a 400. Missing objects are
404s from the handlers.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from aiohttp import web

from product_analytics._spec.operation import Operation
from product_analytics.testing.auth import authenticate, require_scope
from product_analytics.testing.bodies import check_body, parse_json_object, read_raw_body
from product_analytics.testing.context import Context, Handler, Options
from product_analytics.testing.errors import ApiProblem, not_found, not_implemented
from product_analytics.testing.observe import OPERATION_KEY
from product_analytics.testing.routing import Router
from product_analytics.testing.state import Json, Store

__all__ = ["Dispatcher"]


class Dispatcher:
    """Serves `operations` from `store` with the handler of each `operation_id` in `handlers`.

    `handlers` is read at each request, so a handler added to it later is used from then on.
    """

    def __init__(
        self,
        operations: tuple[Operation[Any], ...],
        handlers: Mapping[str, Handler],
        store: Store,
        options: Options,
        origin: Callable[[], str],
        throttle: Callable[[str, Sequence[str]], None] | None = None,
    ) -> None:
        self._router = Router(operations)
        self._handlers = handlers
        self._store = store
        self._options = options
        self._origin = origin
        self._throttle = throttle

    async def _body(self, request: web.Request, op: Operation[Any]) -> Json:
        if op.body_model is None:
            return {}
        raw = await read_raw_body(request)
        return check_body(parse_json_object(raw, request.content_type), op)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        """Answer one request (errors are raised as `ApiProblem`)."""
        resolution = self._router.resolve(request.method, request.raw_path)
        if resolution is None:
            raise not_found()
        key = authenticate(self._store, request.headers.get("Authorization"))
        op = resolution.operation
        if op is None:
            raise ApiProblem(
                status=405,
                type_="invalid_request",
                code="method_not_allowed",
                detail=f'Method "{request.method}" not allowed.',
                headers={"Allow": ", ".join(resolution.allowed)},
            )
        request[OPERATION_KEY] = op.operation_id
        for required in op.required_scopes:  # every one, as APIScopePermission
            require_scope(key, required)
        if self._throttle is not None:  # after permissions, as the service's throttles
            self._throttle(key.value, op.throttle_classes)
        handler = self._handlers.get(op.operation_id)
        if handler is None:
            raise not_implemented(op.operation_id)
        context = Context(
            store=self._store,
            options=self._options,
            operation=op,
            key=key,
            params=resolution.params,
            query=request.query,
            body=await self._body(request, op),
            origin=self._origin(),
            raw_path=request.raw_path,
        )
        reply = handler(context)
        if inspect.isawaitable(reply):
            reply = await reply
        return reply.to_response()
