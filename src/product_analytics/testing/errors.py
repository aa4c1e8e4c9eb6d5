"""Error answers of the fake service, in the service's shape `{"type","code","detail","attr"}`."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from aiohttp import web

__all__ = [
    "ApiProblem",
    "error_body",
    "error_response",
    "invalid_request",
    "not_found",
    "not_implemented",
    "validation_error",
]


def error_body(type_: str, code: str, detail: str, attr: str | None = None) -> dict[str, Any]:
    """The service's error object."""
    return {"type": type_, "code": code, "detail": detail, "attr": attr}


def error_response(
    status: int,
    type_: str,
    code: str,
    detail: str,
    attr: str | None = None,
    headers: dict[str, str] | None = None,
) -> web.Response:
    """A JSON error response with status `status` and the service's error object as body."""
    return web.Response(
        status=status,
        body=json.dumps(error_body(type_, code, detail, attr)).encode(),
        content_type="application/json",
        headers=headers,
    )


@dataclass(eq=False)
class ApiProblem(Exception):
    """Raised anywhere inside request handling; the dispatcher answers it as an error response,
    the `error_response` of its fields."""

    status: int
    type_: str
    code: str
    detail: str
    attr: str | None = None
    headers: dict[str, str] | None = None

    def __str__(self) -> str:
        return f"{self.status} {self.code}: {self.detail}"

    def to_response(self) -> web.Response:
        """The error response this problem stands for."""
        return error_response(
            self.status, self.type_, self.code, self.detail, self.attr, self.headers
        )


def not_found() -> ApiProblem:
    """404 for an unknown path or an object that does not exist (or no longer exists)."""
    return ApiProblem(status=404, type_="invalid_request", code="not_found", detail="Not found.")


def validation_error(detail: str, attr: str | None, code: str = "invalid_input") -> ApiProblem:
    """400 for a body or query value the service refuses."""
    return ApiProblem(status=400, type_="validation_error", code=code, detail=detail, attr=attr)


def invalid_request(code: str, detail: str, status: int = 400) -> ApiProblem:
    """A request the service cannot read at all (unparsable body, wrong media type, ...)."""
    return ApiProblem(status=status, type_="invalid_request", code=code, detail=detail)


def not_implemented(operation_id: str) -> ApiProblem:
    """501 for an operation of the spec that the fake server has no handler for."""
    return ApiProblem(
        status=501,
        type_="server_error",
        code="not_implemented",
        detail=f"The fake server has no handler for operation {operation_id!r}; register one with "
        "FakeServer.add_handler().",
    )
