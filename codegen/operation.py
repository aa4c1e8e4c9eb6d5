"""Reading one operation of the spec into an `Operation` record.

`read_one` is pure apart from the warnings it reports to `problems`. An operation that
cannot be generated raises `Skip` at the pointer of the node that stops it; the caller
reports it as a warning and reads the next one. The method's name comes from
`x-sdk-resource`/`x-sdk-method` where given, else from the tags, operationId and path
(`codegen.naming.derive`, returned so that collisions can be resolved across operations).
"""

from __future__ import annotations

import re
from typing import Any

from codegen.naming import (
    ACTION_METHODS,
    RESERVED_METHOD_NAMES,
    Derived,
    action_of,
    derive,
    is_identifier,
)
from codegen.params import read_parameters
from codegen.raises import raises_entries
from codegen.records import CLIENT_DEFAULTS, Bulk, Operation, Skip, SpecError
from codegen.request_body import read_body, text_of
from codegen.responses import read_response, refusal_note
from codegen.schema import Resolver
from codegen.security import personal_api_key_allowed, read_scopes
from codegen.source import Pointer, Problems
from codegen.throttles import throttle_classes

# drf-spectacular's retrieve action: a retrieve of one object (one id besides the project or
# organization, at the end of the path) gets a bulk method, `get_many`.
_RETRIEVE = re.compile(r"_retrieve(_\d+)?$")


def constant(operation_id: str) -> str:
    """The name of the operation's `Operation` constant: `roles_list` -> `ROLES_LIST`."""
    return re.sub(r"[^0-9A-Za-z]+", "_", operation_id).strip("_").upper()


def read_one(
    path: str,
    method: str,
    op: dict[str, Any],
    shared: list[Any],
    document: dict[str, Any],
    resolver: Resolver,
    problems: Problems,
) -> tuple[Operation, Derived | None]:
    """`op` (`shared`: its path item's parameters), and how its name was derived, if it was.

    Raises `Skip` for an operation that cannot be generated as the spec stands, among them
    one whose operationId names a drf-spectacular action of another HTTP method than its
    own (`roles_retrieve` under `post`)."""
    at: Pointer = ("paths", path, method)
    operation_id = op.get("operationId")
    if not isinstance(operation_id, str) or not operation_id:
        raise Skip(at, "the operation has no operationId")
    action = action_of(operation_id)
    if action is not None and method not in ACTION_METHODS[action]:
        # Under another verb (a typo, a block moved) the method would send other requests.
        expected = " or ".join(m.upper() for m in ACTION_METHODS[action])
        raise Skip(at, f"its operationId names a {expected} action ({action}), not {method}")
    resource, sdk_method, derived = _names(operation_id, op, path, method)
    path_params, query_params, query_skipped = read_parameters(path, method, op, shared, resolver)
    body = read_body(op, resolver, {p.name for p in path_params + query_params}, at)
    kind, response_model, item_model, none_answers = read_response(op, resolver, at)
    allowed = personal_api_key_allowed(op, at)
    bulk = _bulk(op, operation_id, path, [p.name for p in path_params], kind, at)
    throttles = _throttles(op, document, path, method)
    scopes = read_scopes(op, document, at, problems)
    summary, description = _docs(op, operation_id)
    return Operation(
        operation_id=operation_id,
        constant=constant(operation_id),
        method=method.upper(),
        path=path,
        resource=resource,
        sdk_method=sdk_method,
        summary=summary,
        description=description,
        required_scope=scopes[0] if scopes else None,
        required_scopes=tuple(scopes),
        body_encoding=body.encoding,
        experimental=bool(op.get("x-sdk-experimental", False)),
        idempotent=_idempotent(op, at),
        path_params=path_params,
        query_params=query_params,
        body_model=body.model,
        body_fields=body.fields,
        body_skipped=body.skipped,
        response_kind=kind,
        response_model=response_model,
        item_model=item_model,
        bulk=bulk,
        query_skipped=query_skipped,
        personal_api_key_allowed=allowed,
        throttle_classes=throttles,
        none_answers=none_answers,
        raises=raises_entries(op, resolver),
    ), derived


def _idempotent(op: dict[str, Any], at: Pointer) -> bool | None:
    """`x-sdk-idempotent`: false marks an operation whose method is idempotent but whose
    effect is not (a second request does it again: `reset_token` rotates the token twice),
    which retries then treat as a POST; true, a POST that may be repeated. Absent: None, as
    its method says. Anything but a boolean raises `Skip`."""
    idempotent = op.get("x-sdk-idempotent")
    if idempotent is not None and not isinstance(idempotent, bool):
        raise Skip((*at, "x-sdk-idempotent"), "x-sdk-idempotent must be true or false")
    return idempotent


def _names(
    operation_id: str, op: dict[str, Any], path: str, method: str
) -> tuple[str, str, Derived | None]:
    """(resource, method name, derivation) of the operation: `x-sdk-resource` and
    `x-sdk-method` where the spec gives them (a method it names is kept as written), else
    derived from the tags, the operationId and the path."""
    at: Pointer = ("paths", path, method)
    derivation = derive(operation_id, op.get("tags") or [], path, method)
    derived: Derived | None = derivation
    resource, sdk_method = derivation.resource, derivation.method
    for extension in ("x-sdk-resource", "x-sdk-method"):
        name = op.get(extension)
        if name is None:
            continue
        if not is_identifier(name) or name in RESERVED_METHOD_NAMES:
            raise Skip((*at, extension), f"{extension} {name!r} is not a Python identifier")
        if extension == "x-sdk-resource":
            resource = name
        else:
            sdk_method, derived = name, None  # named by the spec: kept as written
    return resource, sdk_method, derived


def _throttles(
    op: dict[str, Any], document: dict[str, Any], path: str, method: str
) -> tuple[str, ...]:
    """The operation's throttle classes (`codegen.throttles`); a wrong one raises `Skip`."""
    try:
        return throttle_classes(op, document, f"{method.upper()} {path}")
    except SpecError as exc:
        raise Skip(("paths", path, method, "x-throttle"), str(exc)) from None


def _bulk(
    op: dict[str, Any],
    operation_id: str,
    path: str,
    placeholders: list[str],
    kind: str,
    at: Pointer,
) -> Bulk | None:
    """`x-sdk-bulk-method` (a method performing the operation once per value of
    `x-sdk-bulk-param`); else a derived `get_many` for a retrieve of one object by id."""
    if "x-sdk-bulk-method" in op:
        bulk = Bulk(method=op["x-sdk-bulk-method"], param=op.get("x-sdk-bulk-param", ""))
        if not is_identifier(bulk.method) or bulk.method in RESERVED_METHOD_NAMES:
            raise Skip(
                (*at, "x-sdk-bulk-method"),
                f"x-sdk-bulk-method {bulk.method!r} is not a Python identifier",
            )
        if bulk.param not in placeholders or kind != "model":
            raise Skip(
                (*at, "x-sdk-bulk-param" if bulk.param not in placeholders else "responses"),
                f"a bulk method needs a path parameter and a model: x-sdk-bulk-param "
                f"{bulk.param!r}, path parameters {placeholders}",
            )
        return bulk
    if kind in ("model", "json") and _RETRIEVE.search(operation_id):
        ids = [name for name in placeholders if name not in CLIENT_DEFAULTS]
        if len(ids) == 1 and path.rstrip("/").endswith(f"{{{ids[0]}}}"):
            return Bulk(method="", param=ids[0], derived=True)
    return None


def _docs(op: dict[str, Any], operation_id: str) -> tuple[str, str]:
    """(summary, description) of the method's docstring: the spec's summary, else the first
    paragraph of its description; a refused operation's description says it is refused."""
    summary = " ".join(text_of(op.get("summary")).split())
    description = text_of(op.get("description")).strip()
    if not summary and description:
        first, _, rest = description.partition("\n\n")
        summary, description = " ".join(first.split()), rest.strip()
    if not summary:
        summary = f"Operation ``{operation_id}``."
    note = refusal_note(op)
    if note:
        description = f"{note}\n\n{description}".strip()
    return summary, description
