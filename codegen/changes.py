"""What a regeneration changes in the SDK's public API, each change `breaking` or `compatible`.

`compare(old, new)` takes two descriptions of the generated package's public API (a
`PublicApi`: the client's resources and the models, as griffe read them without importing
anything, codegen/public_api.py) and gives one `Change` per difference. It reads nothing
and writes nothing. `report(changes, version)` gives the lines `python -m codegen` prints.

griffe's own check (`griffe.find_breaking_changes`) compares each resource class and each
model that both versions have: it finds the methods, parameters, model fields and enum members
removed, the parameters that became required, were added as required, moved, changed kind or
changed default. What griffe does not report is compared here: everything added, a parameter
that became optional, a parameter's or a field's type, a field's nullability, a method's
return type, and the body fields a method takes as `**fields: Unpack[SomeFields]` (a
`TypedDict` of the resources module).

A mark is given from the user's side. Parameters and body fields are passed by users: a type
that accepts at least what it accepted is compatible, any other type change breaks. Models
are returned by the client and read by users: a field that now has fewer possible types
(`str | None` to `str`) is compatible; a field that may now be None, or has a type it did
not have, breaks.
Enums are open (an unknown value is kept), so a member added is compatible.

Versioning (docs/regeneration.md): while the SDK is 0.x, a breaking change bumps the minor
version, compatible changes only the patch version, and no change none.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import griffe

__all__ = ["Change", "PublicApi", "compare", "report", "version_bump"]

BREAKING = "breaking"
COMPATIBLE = "compatible"

# The parts of griffe's findings this report names, by griffe's kind of breakage.
_GRIFFE_KINDS = {
    griffe.BreakageKind.PARAMETER_REMOVED: "parameter removed",
    griffe.BreakageKind.PARAMETER_CHANGED_REQUIRED: "parameter became required",
    griffe.BreakageKind.PARAMETER_ADDED_REQUIRED: "parameter added as required",
    griffe.BreakageKind.PARAMETER_MOVED: "parameter moved",
    griffe.BreakageKind.PARAMETER_CHANGED_KIND: "parameter changed kind",
    griffe.BreakageKind.PARAMETER_CHANGED_DEFAULT: "parameter changed default",
}
# Fields every pydantic model has; not fields of the API.
_MODEL_SETTINGS = frozenset({"model_config"})


@dataclass(frozen=True)
class PublicApi:
    """The public API of one generated package: each resource class by the client's attribute
    that holds it (`roles`), and each model class by its name in `models`."""

    resources: dict[str, griffe.Class]
    models: dict[str, griffe.Class]


@dataclass(frozen=True)
class Change:
    """One change to the public API: what kind (`method removed`), of what
    (`client.roles.get`), how (`str -> str | None`, may be empty), and whether it breaks
    users' code."""

    kind: str
    subject: str
    detail: str
    breaking: bool

    @property
    def mark(self) -> str:
        return BREAKING if self.breaking else COMPATIBLE

    def line(self) -> str:
        detail = f" ({self.detail})" if self.detail else ""
        return f"{self.mark:<10} {self.kind}: {self.subject}{detail}"


def compare(old: PublicApi, new: PublicApi) -> list[Change]:
    """Every change from `old` to `new`, resources first, then models, each in name order."""
    changes = list(_resource_changes(old, new))
    changes.extend(_model_changes(old, new))
    return changes


def version_bump(changes: list[Change]) -> str:
    """`minor` when a change breaks, `patch` when there are only compatible ones, else `none`
    (the 0.x rule of docs/regeneration.md)."""
    if any(change.breaking for change in changes):
        return "minor"
    return "patch" if changes else "none"


def bumped(version: str, bump: str) -> str:
    """`version` (`MAJOR.MINOR.PATCH`) after `bump`."""
    major, minor, patch = (int(part) for part in version.split(".")[:3])
    if bump == "minor":
        return f"{major}.{minor + 1}.0"
    if bump == "patch":
        return f"{major}.{minor}.{patch + 1}"
    return version


def report(changes: list[Change], version: str) -> list[str]:
    """The report's lines: one per change, then the counts and the version bump needed."""
    lines = [change.line() for change in changes]
    breaking = sum(change.breaking for change in changes)
    bump = version_bump(changes)
    after = f" ({version} -> {bumped(version, bump)})" if bump != "none" else ""
    lines.append(
        f"{len(changes)} change{'s' if len(changes) != 1 else ''} to the public API: "
        f"{breaking} breaking, {len(changes) - breaking} compatible; "
        f"version bump: {bump}{after}"
    )
    return lines


def _added_removed(kind: str, subject: str, old: set[str], new: set[str]) -> Iterator[Change]:
    """`KIND added` and `KIND removed` for the names only one side has; `subject` formats
    a name (`"client.{}"`)."""
    for name in sorted(new - old):
        yield Change(kind=f"{kind} added", subject=subject.format(name), detail="", breaking=False)
    for name in sorted(old - new):
        yield Change(kind=f"{kind} removed", subject=subject.format(name), detail="", breaking=True)


def _resource_changes(old: PublicApi, new: PublicApi) -> Iterator[Change]:
    yield from _added_removed("resource", "client.{}", set(old.resources), set(new.resources))
    for attribute in sorted(set(old.resources) & set(new.resources)):
        subject = f"client.{attribute}"
        old_methods = _methods(old.resources[attribute])
        new_methods = _methods(new.resources[attribute])
        for name in sorted(set(new_methods) - set(old_methods)):
            yield Change(
                kind="method added", subject=f"{subject}.{name}", detail="", breaking=False
            )
        yield from _griffe_changes(subject, old.resources[attribute], new.resources[attribute])
        for name in sorted(set(old_methods) & set(new_methods)):
            yield from _parameter_changes(f"{subject}.{name}", old_methods[name], new_methods[name])


def _griffe_changes(subject: str, old: griffe.Class, new: griffe.Class) -> Iterator[Change]:
    """What `griffe.find_breaking_changes` finds between two versions of a resource class
    or a model: members removed, and the parameters' breakages of the methods."""
    enum = _is_enum(old)
    for breakage in griffe.find_breaking_changes(old, new):
        member = breakage.obj
        if breakage.kind is griffe.BreakageKind.OBJECT_REMOVED:
            if isinstance(member, griffe.Function) and not enum:
                removed = "method removed"
            elif member.name in _fields(old):
                removed = "enum member removed" if enum else "model field removed"
            else:
                continue
            yield Change(kind=removed, subject=f"{subject}.{member.name}", detail="", breaking=True)
            continue
        kind = _GRIFFE_KINDS.get(breakage.kind)
        if kind is None:
            continue
        param = breakage.new_value or breakage.old_value
        target = f"{subject}.{member.name}"
        if isinstance(param, griffe.Parameter):
            target = f"{target}({param.name})"
        detail = breakage.details
        if breakage.kind is griffe.BreakageKind.PARAMETER_CHANGED_DEFAULT:
            detail = _defaults(breakage)
        yield Change(kind=kind, subject=target, detail=detail, breaking=True)


def _methods(resource: griffe.Class) -> dict[str, griffe.Function]:
    """The public methods of a resource class."""
    return {
        name: member
        for name, member in resource.members.items()
        if not member.is_alias and isinstance(member, griffe.Function) and member.is_public
    }


def _parameters(method: griffe.Function) -> dict[str, griffe.Parameter]:
    return {p.name: p for p in method.parameters if p.name != "self"}


def _parameter_changes(
    subject: str, old: griffe.Function, new: griffe.Function
) -> Iterator[Change]:
    """What griffe does not report of a method: a parameter added as optional, one that
    became optional, a parameter's type or the return type changed."""
    old_returns, new_returns = _union(old.returns), _union(new.returns)
    if old_returns != new_returns:
        yield Change(
            kind="method return type changed",
            subject=subject,
            detail=f"{old.returns} -> {new.returns}",
            breaking=not new_returns <= old_returns,
        )
    old_params, new_params = _parameters(old), _parameters(new)
    for name in sorted(set(new_params) - set(old_params)):
        if not new_params[name].required:  # griffe reports one added as required
            yield Change(
                kind="parameter added", subject=f"{subject}({name})", detail="", breaking=False
            )
    for name in [n for n in old_params if n in new_params]:
        before, after = old_params[name], new_params[name]
        if before.required and not after.required:
            yield Change(
                kind="parameter became optional",
                subject=f"{subject}({name})",
                detail="",
                breaking=False,
            )
        old_types, new_types = _union(before.annotation), _union(after.annotation)
        if old_types != new_types:
            yield Change(
                kind="parameter changed type",
                subject=f"{subject}({name})",
                detail=f"{before.annotation} -> {after.annotation}",
                breaking=not old_types <= new_types,
            )
    yield from _body_field_changes(subject, _body_fields(old), _body_fields(new))


def _body_fields(method: griffe.Function) -> dict[str, griffe.Attribute | griffe.Alias]:
    """The body fields `method` takes as `**fields: Unpack[SomeFields]`, those of its bases
    included (griffe's aliases of them); none when it takes no such `**fields`."""
    for parameter in method.parameters:
        annotation = parameter.annotation
        if parameter.kind is not griffe.ParameterKind.var_keyword:
            continue
        if not isinstance(annotation, griffe.ExprSubscript) or str(annotation.left) != "Unpack":
            continue
        fields = annotation.slice
        target: griffe.Object | griffe.Alias | None = None
        if isinstance(fields, griffe.ExprName):
            target = fields.resolved  # an alias in the split layout (an index's import)
        if isinstance(target, griffe.Alias):
            target = target.final_target
        if isinstance(target, griffe.Class):
            return {
                name: member
                for name, member in target.all_members.items()
                if isinstance(member, griffe.Attribute | griffe.Alias)
                and member.is_attribute
                and member.annotation is not None
            }
    return {}


def _body_field_changes(
    subject: str,
    old: dict[str, griffe.Attribute | griffe.Alias],
    new: dict[str, griffe.Attribute | griffe.Alias],
) -> Iterator[Change]:
    """The body fields of a method, compared as parameters: users pass them by keyword (each
    optional: the `TypedDict`s are `total=False`)."""
    for name in sorted(set(new) - set(old)):
        yield Change(
            kind="body field added", subject=f"{subject}({name})", detail="", breaking=False
        )
    for name in sorted(set(old) - set(new)):
        yield Change(
            kind="body field removed", subject=f"{subject}({name})", detail="", breaking=True
        )
    for name in sorted(set(old) & set(new)):
        before, after = old[name].annotation, new[name].annotation
        old_types, new_types = _union(before), _union(after)
        if old_types != new_types:
            yield Change(
                kind="body field changed type",
                subject=f"{subject}({name})",
                detail=f"{before} -> {after}",
                breaking=not old_types <= new_types,
            )


def _defaults(breakage: griffe.Breakage) -> str:
    """`old -> new` of a parameter whose default changed."""
    values = [breakage.old_value, breakage.new_value]
    return " -> ".join(str(v.default if isinstance(v, griffe.Parameter) else v) for v in values)


def _model_changes(old: PublicApi, new: PublicApi) -> Iterator[Change]:
    yield from _added_removed("model", "models.{}", set(old.models), set(new.models))
    for name in sorted(set(old.models) & set(new.models)):
        yield from _class_changes(f"models.{name}", old.models[name], new.models[name])


def _is_enum(model: griffe.Class) -> bool:
    return any(str(base).endswith("Enum") for base in model.bases)


def _fields(model: griffe.Class) -> dict[str, griffe.Attribute]:
    """A model's fields (its annotated class attributes), or an enum's members."""
    enum = _is_enum(model)
    return {
        name: member
        for name, member in model.members.items()
        if isinstance(member, griffe.Attribute)
        and name not in _MODEL_SETTINGS
        and (enum or member.annotation is not None)
    }


def _class_changes(subject: str, old: griffe.Class, new: griffe.Class) -> Iterator[Change]:
    kind = "enum member" if _is_enum(new) else "model field"
    old_fields, new_fields = _fields(old), _fields(new)
    for name in sorted(set(new_fields) - set(old_fields)):
        yield Change(kind=f"{kind} added", subject=f"{subject}.{name}", detail="", breaking=False)
    yield from _griffe_changes(subject, old, new)
    if old.bases != new.bases:
        yield Change(
            kind="model bases changed",
            subject=subject,
            detail=f"{', '.join(map(str, old.bases))} -> {', '.join(map(str, new.bases))}",
            breaking=not {str(b) for b in old.bases} <= {str(b) for b in new.bases},
        )
    if kind == "enum member":
        return
    for name in sorted(set(old_fields) & set(new_fields)):
        yield from _field_changes(f"{subject}.{name}", old_fields[name], new_fields[name])


def _field_changes(subject: str, old: griffe.Attribute, new: griffe.Attribute) -> Iterator[Change]:
    old_types, new_types = _union(old.annotation), _union(new.annotation)
    was_nullable, nullable = "None" in old_types, "None" in new_types
    if nullable and not was_nullable:
        yield Change(kind="model field became nullable", subject=subject, detail="", breaking=True)
    if was_nullable and not nullable:
        yield Change(
            kind="model field no longer nullable", subject=subject, detail="", breaking=False
        )
    old_types.discard("None")
    new_types.discard("None")
    if old_types != new_types:
        yield Change(
            kind="model field changed type",
            subject=subject,
            detail=f"{old.annotation} -> {new.annotation}",
            breaking=not new_types <= old_types,
        )


def _union(annotation: str | griffe.Expr | None) -> set[str]:
    """The members of a `X | Y | None` annotation, as text (`Any` when there is none)."""
    if annotation is None:
        return {"Any"}
    if isinstance(annotation, griffe.ExprBinOp) and annotation.operator == "|":
        return _union(annotation.left) | _union(annotation.right)
    return {str(annotation)}
