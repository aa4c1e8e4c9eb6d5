"""Where an operation lives on the client when the spec does not say (`x-sdk-resource`,
`x-sdk-method`): derived from its tag, operationId and path, as drf-spectacular builds them.

drf-spectacular names an operation `<static path segments>_<action>` (the path without its
prefix and placeholders, joined by `_`), where the action is `list`, `retrieve`, `create`,
`update`, `partial_update` or `destroy`, maybe followed by `_2`, `_3` where it had to make
the id unique; the tag is the first static segment (`environments`, `organizations`, ...).

    environments_session_recordings_list              -> session_recordings.list
    environments_session_recordings_retrieve          -> session_recordings.get
    environments_session_recordings_partial_update    -> session_recordings.update
    environments_session_recordings_destroy           -> session_recordings.delete
    environments_session_recordings_sharing_retrieve  -> session_recordings.sharing
    organizations_projects_reset_token_partial_update -> projects.reset_token
    environments_session_recordings_partial_update_2  -> session_recordings.update_2

The resource is the static path segment the operationId (less its tag prefix, or less the
scope segment `organizations/{organization_id}/` where the tag is another word) starts with,
else the tag, else the first static segment. An action below the resource (`sharing`) is
the method's name; where one action has several HTTP methods, each gets its verb in front
(`get_sharing`, `update_sharing`); a DELETE action is `delete_<action>`; a PUT `update`
beside a PATCH `partial_update` is `replace`. Names are made
valid identifiers and never shadow what the generated module needs; what still collides
after that gets `_2`, `_3` in document order (see `resolve_collisions`).
"""

from __future__ import annotations

import keyword
import re
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "ACTION_METHODS",
    "RESERVED_CLASS_NAMES",
    "RESERVED_METHOD_NAMES",
    "Derived",
    "action_of",
    "class_name",
    "derive",
    "identifier",
    "is_identifier",
    "resolve_collisions",
]

VERBS = {
    "list": "list",
    "retrieve": "get",
    "create": "create",
    "partial_update": "update",
    "update": "update",
    "destroy": "delete",
}
_VERB = re.compile(
    r"^(?P<stem>.*?)_?(?P<verb>partial_update|update|list|retrieve|create|destroy)"
    r"(?:_(?P<n>\d+))?$"
)
# The HTTP methods drf-spectacular gives each action; `update` is also a PATCH in hand-written
# specs.
ACTION_METHODS = {
    "list": ("get",),
    "retrieve": ("get",),
    "create": ("post",),
    "partial_update": ("patch",),
    "update": ("put", "patch"),
    "destroy": ("delete",),
}
# Names the generated resources module uses in annotations and decorators inside a class
# body, and the attributes every resource has: a method of that name would shadow them.
RESERVED_METHOD_NAMES = frozenset(
    {
        "models",
        "ops",
        "builtins",
        "endpoint",
        "overload",
        "Any",
        "Literal",
        "UUID",
        "IO",
        "Iterable",
        "Mapping",
        "NOT_GIVEN",
        "NotGiven",
        "Pager",
        "Seconds",
        "Headers",
        "Extra",
        "Requester",
        "Resource",
        "with_raw_response",
        "with_options",
        "self",
        "bulk_endpoint",
        "cached_property",
    }
)
RESERVED_CLASS_NAMES = frozenset(
    {
        "Any",
        "Literal",
        "UUID",
        "IO",
        "Iterable",
        "Mapping",
        "NotGiven",
        "Pager",
        "Seconds",
        "Headers",
        "Extra",
        "Requester",
        "Resource",
        "ClientResources",
        "overload",
        "endpoint",
        "models",
        "ops",
        "builtins",
        "TypedDict",
        "Unpack",
        "Required",
        "raw",
        "raw_page",
        "Protocol",
        "OperationFacts",
        "RequestOptions",
        "cached_property",
        "bulk_endpoint",
        "known_fields",
    }
)
_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def is_identifier(name: object) -> bool:
    """A usable Python name: ASCII identifier, not a keyword, not private."""
    return (
        isinstance(name, str)
        and bool(_IDENTIFIER.match(name))
        and not keyword.iskeyword(name)
        and not name.startswith("_")
    )


def identifier(text: str) -> str:
    """`text` as a snake_case identifier: other characters become `_`, a keyword gets `_`."""
    name = re.sub(r"[^0-9a-zA-Z]+", "_", text).strip("_").lower()
    name = re.sub(r"_+", "_", name) or "operation"
    if name[0].isdigit():
        name = f"op_{name}"
    if keyword.iskeyword(name):
        name += "_"
    return name


def class_name(attribute: str) -> str:
    """`session_recordings` -> `SessionRecordings`, never a name the module imports."""
    name = "".join(part[:1].upper() + part[1:] for part in attribute.split("_") if part)
    if name in RESERVED_CLASS_NAMES:
        name += "Resource"
    return name


@dataclass(frozen=True)
class Derived:
    """A derived resource and method name, and the action below the resource ("" if none)."""

    resource: str
    method: str
    action: str
    verb: str  # the HTTP method, lower case


def _static_segments(path: str) -> tuple[list[str], bool]:
    """The static segments of `path` after `api/` (and a version), and whether the first
    of them is a scope: followed by a placeholder, with more static segments after it
    (`organizations/{organization_id}/projects/`)."""
    parts = [s for s in path.split("/") if s]
    if parts and parts[0] == "api":
        parts = parts[1:]
    if parts and re.fullmatch(r"v\d+", parts[0]):
        parts = parts[1:]
    static = [identifier(s) for s in parts if not s.startswith("{")]
    scoped = len(parts) > 1 and parts[1].startswith("{") and len(static) > 1
    return static, scoped


def _split(stem: str, static: list[str], tag: str | None) -> tuple[str, str]:
    """(resource, action): the static segment `stem` starts with and the rest, else the tag
    (or the first segment) and the whole stem."""
    for segment in static:
        if stem == segment or stem.startswith(segment + "_"):
            return segment, stem[len(segment) :].lstrip("_")
    return (tag or (static[0] if static else "default")), stem


def action_of(operation_id: str) -> str | None:
    """The drf-spectacular action an operationId ends in (`roles_retrieve_2`: `retrieve`), or
    None for an operationId that names none."""
    match = _VERB.match(identifier(operation_id))
    return match["verb"] if match else None


def derive(operation_id: str, tags: Sequence[object], path: str, http_method: str) -> Derived:
    """The resource and method an operation gets when the spec names neither."""
    opid = identifier(operation_id)
    match = _VERB.match(opid)
    stem, verb, number = (match["stem"], match["verb"], match["n"]) if match else (opid, None, None)
    tag = identifier(str(tags[0])) if tags else None
    static, scoped = _static_segments(path)
    tag_is_scope = bool(static) and static[0] == tag and scoped
    tag_leads = bool(tag) and (stem == tag or stem.startswith(f"{tag}_"))
    if tag and tag_leads and tag in static and not tag_is_scope:
        # The tag names a resource of the path (`session_recordings`): what follows it in
        # the operationId is the action.
        resource, action = tag, stem[len(tag) :].lstrip("_")
    else:
        if tag and tag_leads:
            stem = stem[len(tag) :].lstrip("_")
            if tag_is_scope:
                static = static[1:]
        elif scoped and stem.startswith(static[0] + "_"):
            # A tag of its own (not the first segment): strip the scope as the default would.
            stem = stem[len(static[0]) :].lstrip("_")
            static = static[1:]
        resource, action = _split(stem, static, tag)
    if not action:
        method = VERBS[verb] if verb else http_method.lower()
    elif verb == "destroy":
        method = f"delete_{action}"
    else:
        method = action
    if number:
        method = f"{method}_{number}"
    return Derived(
        resource=_safe(resource, RESERVED_METHOD_NAMES),
        method=_safe(method, RESERVED_METHOD_NAMES),
        action=action,
        verb=http_method.lower(),
    )


def _safe(name: str, reserved: frozenset[str]) -> str:
    name = identifier(name)
    while name in reserved:
        name += "_"
    return name


_VERB_PREFIX = {
    "get": "get",
    "post": "create",
    "put": "replace",
    "patch": "update",
    "delete": "delete",
}


def resolve_collisions(names: list[tuple[str, str]], derived: list[Derived | None]) -> list[str]:
    """Method names made unique per resource, in document order.

    `names[i]` is (resource, method) of operation i; `derived[i]` is how it was derived, or
    None when the spec named it (`x-sdk-method`), which is kept as written. Derived actions
    that share a name get their verb in front (`get_sharing`, `update_sharing`); a PUT
    `update` beside a PATCH `partial_update` is `replace`; what still collides gets `_2`,
    `_3`, ...
    """
    methods = [method for _, method in names]
    groups: dict[tuple[str, str], list[int]] = {}
    for index, key in enumerate(names):
        groups.setdefault(key, []).append(index)
    for members in groups.values():
        movable = [i for i in members if derived[i] is not None]
        if len(members) < 2 or not movable:
            continue
        verbs = {d.verb for i in movable if (d := derived[i]) is not None}
        if {"put", "patch"} <= verbs:
            # drf-spectacular's `update` (PUT) beside `partial_update` (PATCH): the PATCH is
            # `update`, the PUT (which replaces the whole object) `replace`.
            for i in movable:
                d = derived[i]
                if d is not None and d.verb == "put":
                    methods[i] = f"replace_{d.action}" if d.action else "replace"
            if len([i for i in members if methods[i] == methods[members[0]]]) < 2:
                continue
        actions = [derived[i] for i in movable]
        if all(d is not None and d.action and not d.method.startswith("delete_") for d in actions):
            for i in movable:
                d = derived[i]
                assert d is not None
                prefix = _VERB_PREFIX.get(d.verb, d.verb)
                if not methods[i].startswith(prefix + "_"):
                    methods[i] = f"{prefix}_{methods[i]}"
    taken: dict[str, set[str]] = {resource: set() for resource, _ in names}
    for index, (resource, _) in enumerate(names):
        if derived[index] is None:
            taken[resource].add(methods[index])
    result: list[str] = []
    used: dict[str, set[str]] = {resource: set() for resource in taken}
    for index, (resource, _) in enumerate(names):
        name = methods[index]
        if derived[index] is not None:
            base, counter = name, 2
            while name in used[resource] or (name in taken[resource]):
                name, counter = f"{base}_{counter}", counter + 1
        used[resource].add(name)
        result.append(name)
    return result
