"""Reading the OpenAPI document into the plain operation records the templates render.

Everything here is pure: it takes the parsed document and returns the records of
`codegen.records`. Every problem found is reported to a `Problems` collector at the pointer
of the node it concerns, and reading goes on with the next operation, so that one run lists
them all; `read_operations` without a collector raises `SpecError` with every message
instead. One operation is read by `codegen.operation`; this module checks what spans
operations: repeated operationIds and constants, method names that collide within a
resource, and resources that give the same class name.

The records and readers other modules use are importable from here.
"""

from __future__ import annotations

from typing import Any

from codegen.batch import attach_batches
from codegen.naming import RESERVED_METHOD_NAMES, Derived, class_name, resolve_collisions
from codegen.operation import read_one
from codegen.records import (
    CLIENT_DEFAULTS,
    HTTP_METHODS,
    OPTION_NAMES,
    Body,
    BodyField,
    Bulk,
    Operation,
    Param,
    Resource,
    Skip,
    SpecError,
)
from codegen.schema import Resolver, annotation
from codegen.source import Pointer, Problems
from codegen.throttles import read_throttle_classes, throttle_classes

# The name codegen.validate knows the resolver by.
_Resolver = Resolver

__all__ = [
    "CLIENT_DEFAULTS",
    "HTTP_METHODS",
    "OPTION_NAMES",
    "Body",
    "BodyField",
    "Bulk",
    "Operation",
    "Param",
    "Resolver",
    "Resource",
    "SpecError",
    "annotation",
    "read_operations",
    "read_throttle_classes",
    "throttle_classes",
]

_Read = list[tuple[Operation, Derived | None]]


def read_operations(document: dict[str, Any], problems: Problems | None = None) -> list[Resource]:
    """Every operation of the document, grouped by resource in document order.

    With `problems`, every problem is reported there and the readable operations are
    returned; without, the problems are raised together as one `SpecError`.
    """
    collector = problems if problems is not None else Problems()
    read = _read_all(document, collector)
    names = resolve_collisions(
        [(op.resource, op.sdk_method) for op, _ in read], [d for _, d in read]
    )
    resources = _group([op for op, _ in read], names, collector)
    _check_class_names(resources, collector)
    attach_batches(document, [o for r in resources for o in r.operations], collector)
    if problems is None and (collector or collector.warnings):
        raise SpecError("\n".join([*collector.messages, *(w.message for w in collector.warnings)]))
    return [r for r in resources if r.operations]


def _read_all(document: dict[str, Any], collector: Problems) -> _Read:
    """Every readable operation in document order, with how its name was derived; an
    operationId given twice, or two giving the same constant, is an error."""
    resolver = Resolver(document)
    read: _Read = []
    seen_ids: set[str] = set()
    seen_constants: dict[str, str] = {}
    paths = document.get("paths") or {}
    for path, item in paths.items() if isinstance(paths, dict) else []:
        if not isinstance(item, dict):
            continue
        shared = item.get("parameters") or []
        for method in HTTP_METHODS:
            op = item.get(method)
            if not isinstance(op, dict):
                continue
            at: Pointer = ("paths", path, method)
            operation_id = op.get("operationId")
            if isinstance(operation_id, str) and operation_id in seen_ids:
                collector.add((*at, "operationId"), f"operationId {operation_id!r} is repeated")
                continue
            try:
                operation, derived = read_one(
                    path, method, op, shared, document, resolver, collector
                )
            except Skip as skip:
                label = operation_id if isinstance(operation_id, str) else method.upper()
                message = f"{label} ({method.upper()} {path}) is not generated: {skip.message}"
                collector.warn(skip.pointer, message)
                continue
            seen_ids.add(operation.operation_id)
            other = seen_constants.setdefault(operation.constant, operation.operation_id)
            if other != operation.operation_id:
                collector.add(
                    (*at, "operationId"),
                    f"operationIds {other!r} and {operation.operation_id!r} give the same "
                    f"constant {operation.constant}",
                )
                continue
            read.append((operation, derived))
    return read


def _group(operations: list[Operation], names: list[str], collector: Problems) -> list[Resource]:
    """The operations, named `names`, grouped by resource; a derived bulk method whose name
    is taken is left out, and a method defined twice in one resource is an error."""
    final: dict[str, set[str]] = {}
    for operation, name in zip(operations, names, strict=True):
        final.setdefault(operation.resource, set()).add(name)
    resources: dict[str, Resource] = {}
    for operation, name in zip(operations, names, strict=True):
        operation.sdk_method = name
        if operation.bulk is not None and operation.bulk.derived:
            many = "get_many" if name == "get" else f"{name}_many"
            operation.bulk = Bulk(many, operation.bulk.param, derived=True)
            if many in final[operation.resource] or many in RESERVED_METHOD_NAMES:
                operation.bulk = None
        resource = resources.setdefault(
            operation.resource, Resource(operation.resource, class_name(operation.resource))
        )
        taken = {o.sdk_method for o in resource.operations} | {
            o.bulk.method for o in resource.operations if o.bulk
        }
        at = ("paths", operation.path, operation.method.lower())
        if name in taken:
            collector.add((*at, "x-sdk-method"), f"{operation.resource}.{name} is defined twice")
            continue
        if operation.bulk and operation.bulk.derived and operation.bulk.method in taken:
            operation.bulk = None
        if operation.bulk and operation.bulk.method in taken | {name}:
            collector.add(
                (*at, "x-sdk-bulk-method"),
                f"{operation.resource}.{operation.bulk.method} is defined twice",
            )
            continue
        resource.operations.append(operation)
    return list(resources.values())


def _check_class_names(resources: list[Resource], collector: Problems) -> None:
    """Two resources whose attributes give the same class name are an error."""
    classes: dict[str, str] = {}
    for resource in resources:
        other = classes.get(resource.class_name)
        if other is not None:
            first = resource.operations[0]
            collector.add(
                ("paths", first.path, first.method.lower()),
                f"resources {other!r} and {resource.attribute!r} give the same class "
                f"{resource.class_name}",
            )
        classes[resource.class_name] = resource.attribute
