"""Shared request bodies: a `TypedDict` of body fields for a body schema that several
operations take (itself, or a schema that extends it), so that the methods say
`**fields: Unpack[...]` once instead of repeating every field.

A body schema gets one when two operations use it, or when it extends (or is extended by)
another body schema that an operation uses; its `TypedDict` then extends that schema's. An
operation whose arguments are not exactly its schema's fields (a field name taken by a path
parameter, say) keeps its fields as named parameters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from codegen.spec import BodyField, Operation, Resource

__all__ = ["FieldsType", "fields_types", "taken_by"]

_CLASS = re.compile(r"^class (\w+)\((\w+)\):", re.M)


@dataclass(frozen=True)
class FieldsType:
    """A `TypedDict` to render: its name, the model it mirrors, its base and own fields."""

    name: str
    model: str
    base: str | None
    fields: list[BodyField]


def _names(op: Operation) -> list[str]:
    return [f.name for f in op.body_fields]


def fields_types(
    resources: list[Resource], models_code: str
) -> tuple[list[FieldsType], dict[str, str]]:
    """The `TypedDict`s to render (bases first) and, by operationId, the one each operation
    takes as `**fields`."""
    parent = dict(_CLASS.findall(models_code))
    users: dict[str, list[Operation]] = {}
    for resource in resources:
        for op in resource.operations:
            if op.body_model is not None and op.body_fields:
                users.setdefault(op.body_model, []).append(op)

    def used_base(model: str) -> str | None:
        base = parent.get(model)
        while base is not None and base not in users:
            base = parent.get(base)
        return base

    family = {m for m in users if len(users[m]) > 1 or used_base(m) is not None}
    family |= {b for m in family if (b := used_base(m)) is not None}
    made: dict[str, FieldsType] = {}

    def make(model: str) -> FieldsType:
        if model in made:
            return made[model]
        names = _names(users[model][0])
        base = used_base(model)
        base_type = make(base) if base is not None else None
        inherited = set(_names(users[base][0])) if base is not None else set()
        if base_type is not None and not inherited <= set(names):
            base_type, inherited = None, set()
        own = [f for f in users[model][0].body_fields if f.name not in inherited]
        if base_type is not None and not own:
            made[model] = base_type  # nothing of its own: the base's fields exactly
        else:
            base_name = base_type.name if base_type is not None else None
            made[model] = FieldsType(f"{model}Fields", model, base_name, own)
        return made[model]

    by_op: dict[str, str] = {}
    for model in sorted(family, key=lambda m: (m not in parent.values(), m)):
        fields_type = make(model)
        for op in users[model]:
            if _names(op) == _names(users[model][0]):
                by_op[op.operation_id] = fields_type.name
    ordered: dict[str, FieldsType] = {}
    for fields_type in made.values():
        _add_with_bases(fields_type, made, ordered)
    return list(ordered.values()), by_op


def _add_with_bases(
    fields_type: FieldsType, made: dict[str, FieldsType], ordered: dict[str, FieldsType]
) -> None:
    if fields_type.name in ordered:
        return
    if fields_type.base is not None:
        base = next(t for t in made.values() if t.name == fields_type.base)
        _add_with_bases(base, made, ordered)
    ordered[fields_type.name] = fields_type


def taken_by(
    resource: Resource, shared: list[FieldsType], by_op: dict[str, str]
) -> list[FieldsType]:
    """The `TypedDict`s of `shared` that the methods of `resource` take, with their bases,
    in `shared`'s order (bases first): those a large spec's module of one resource defines.
    `by_op` is `fields_types`'s map of operationId to the `TypedDict` it takes."""
    by_name = {fields_type.name: fields_type for fields_type in shared}
    taken: set[str] = set()
    for op in resource.operations:
        name = by_op.get(op.operation_id)
        while name is not None and name not in taken:
            taken.add(name)
            name = by_name[name].base
    return [fields_type for fields_type in shared if fields_type.name in taken]
