"""The models of a large spec as one module per group of classes, loaded on first use.

A whole API's `models.py` (a thousand pydantic classes) takes seconds to import. Split,
`models.py` becomes an index: `models.Foo` imports the one module that defines `Foo` (and,
through its imports, the modules of the classes `Foo` refers to), as openai-python loads
its resources lazily. Type checkers see every name through `if TYPE_CHECKING:` imports.

Classes that refer to each other (a cycle of references) share a module; every other class
has its own, named after it. Each module's `__all__` lists the classes it defines. The
modules form no import cycle: each imports only the modules of the classes it refers to,
which were defined before it in dependency order.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

__all__ = ["PACKAGE", "RESOURCES_PACKAGE", "Split", "split_models"]

PACKAGE = "_models"
# The package of the resource classes, one module per resource (the hand-written base they
# stand on is `product_analytics._resources`).
RESOURCES_PACKAGE = "_resource_classes"


@dataclass
class _Unit:
    """A top-level class (or assignment) of the models module and its source lines."""

    name: str
    source: str
    refs: set[str] = field(default_factory=set)
    names: set[str] = field(default_factory=set)
    rebuild: list[str] = field(default_factory=list)


@dataclass
class Split:
    """The index module's source, and each module of `_models` by file name."""

    index: str
    modules: dict[str, str]


def _names(node: ast.AST) -> set[str]:
    """The names `node` reads (not those it assigns, such as its fields)."""
    return {
        sub.id
        for sub in ast.walk(node)
        if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Load)
    }


def _units(code: str) -> tuple[str, list[_Unit]]:
    """The header (comments and imports before the first class) and the units, in order."""
    tree = ast.parse(code)
    lines = code.splitlines(keepends=True)
    units: dict[str, _Unit] = {}
    header_end = None
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        if header_end is None:
            header_end = node.lineno - 1
        text = "".join(lines[node.lineno - 1 : node.end_lineno])
        if isinstance(node, ast.ClassDef):
            units[node.name] = _Unit(node.name, text, _names(node))
        elif isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            units[node.targets[0].id] = _Unit(node.targets[0].id, text, _names(node.value))
        elif (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Attribute)
            and isinstance(node.value.func.value, ast.Name)
            and node.value.func.value.id in units
        ):
            units[node.value.func.value.id].rebuild.append(text)
        else:
            raise ValueError(f"unexpected statement at line {node.lineno} of the models")
    header = "".join(lines[: header_end if header_end is not None else len(lines)])
    for unit in units.values():
        unit.names = set(unit.refs)
        unit.refs &= set(units)
        unit.refs.discard(unit.name)
    return header, list(units.values())


def _components(units: list[_Unit]) -> Iterator[list[_Unit]]:
    """Strongly connected components of the reference graph, each after those it refers
    to (Tarjan's algorithm, iterative), members in the order of the module."""
    by_name = {u.name: u for u in units}
    order = {u.name: i for i, u in enumerate(units)}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    counter = 0
    for root in units:
        if root.name in index:
            continue
        work = [(root.name, iter(sorted(root.refs, key=order.__getitem__)))]
        index[root.name] = low[root.name] = counter
        counter += 1
        stack.append(root.name)
        on_stack.add(root.name)
        while work:
            name, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    refs = by_name[child].refs
                    work.append((child, iter(sorted(refs, key=order.__getitem__))))
                elif child in on_stack:
                    low[name] = min(low[name], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[name])
            if low[name] == index[name]:
                members = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    members.append(by_name[member])
                    if member == name:
                        break
                yield sorted(members, key=lambda u: order[u.name])


# The longest module name: the index's `    from ._models.NAME import (` under `if
# TYPE_CHECKING:` then fits 100 columns, a `_2` suffix included.
_LONGEST_MODULE_NAME = 70


def _module_name(name: str, taken: set[str]) -> str:
    """`name` in snake case, unique among `taken` whatever the case of the file system; a
    name longer than `_LONGEST_MODULE_NAME` keeps its first words that fit."""
    base = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()
    while len(base) > _LONGEST_MODULE_NAME and "_" in base:
        base = base.rsplit("_", 1)[0]
    candidate, counter = base, 2
    while candidate in taken:
        candidate, counter = f"{base}_{counter}", counter + 1
    taken.add(candidate)
    return candidate


def split_models(code: str, banner: str) -> Split:
    """`code` (a models module) as an index module and one module per component.

    `banner` opens every module (the generated-file header)."""
    header, units = _units(code)
    sources = _import_sources(header)
    home: dict[str, str] = {}
    modules: dict[str, str] = {}
    taken: set[str] = set()
    for members in _components(units):
        module = _module_name(members[0].name, taken)
        names = {u.name for u in members}
        needed: dict[str, list[str]] = {}
        for unit in members:
            for ref in sorted(unit.refs - names):
                needed.setdefault(home[ref], []).append(ref)
        used = set().union(*(u.names for u in members))
        relative = {f".{other}": set(refs) for other, refs in needed.items()}
        listed = "".join(f"    {unit.name!r},\n" for unit in members)
        lines = [f"{banner}\n", _import_block(sources, used, relative)]
        lines.append(f"\n__all__ = [\n{listed}]\n")
        lines += [f"\n\n{unit.source}" for unit in members]
        rebuilds = [line for unit in members for line in unit.rebuild]
        if rebuilds:
            lines.append("\n\n" + "".join(rebuilds))
        modules[f"{module}.py"] = "".join(lines)
        home.update(dict.fromkeys(names, module))
    return Split(_index(banner, home), modules)


def _import_sources(header: str) -> dict[str, tuple[str, str]]:
    """For each name the header's `from X import a, b as c` lines bind: its module and
    how the import spells it (`a`, `b as c`)."""
    sources: dict[str, tuple[str, str]] = {}
    for module, names in re.findall(r"^from ([\w.]+) import (.+)$", header, flags=re.M):
        for name in names.split(","):
            spelling = " ".join(name.split())
            sources[spelling.rsplit(" ", 1)[-1]] = (module, spelling)
    return sources


def _natural(text: str) -> list[Any]:
    """isort's order of names: case aside, numbers by value."""
    return [int(t) if t.isdigit() else t.lower() for t in re.split(r"(\d+)", text)]


def _member_key(name: str) -> tuple[int, list[Any]]:
    """isort's order of the names of one import: constants, classes, then the rest."""
    kind = 0 if name.isupper() and len(name) > 1 else 1 if name[:1].isupper() else 2
    return kind, _natural(name)


def _section(module: str) -> int:
    if module == "__future__":
        return 0
    if module.split(".")[0] in sys.stdlib_module_names:
        return 1
    if module.startswith("."):
        return 4
    return 3 if module.split(".")[0] == "product_analytics" else 2


def _import_block(
    sources: dict[str, tuple[str, str]], used: set[str], relative: dict[str, set[str]]
) -> str:
    """The imports a module of `used` names needs, sorted and grouped as isort does (ruff
    `I001`), so that only `ruff format` has to pass over the models modules."""
    wanted: dict[str, set[str]] = {"__future__": {"annotations"}, **relative}
    for name in used & sources.keys():
        module, spelling = sources[name]
        wanted.setdefault(module, set()).add(spelling)
    blocks: dict[int, list[str]] = {}
    for module in sorted(wanted, key=lambda m: (_section(m), _natural(m))):
        names = ", ".join(sorted(wanted[module], key=_member_key))
        blocks.setdefault(_section(module), []).append(f"from {module} import {names}\n")
    return "\n".join("".join(lines) for _, lines in sorted(blocks.items()))


def _checking(package: str, modules: dict[str, str]) -> str:
    """The `if TYPE_CHECKING:` imports of an index: every name from its module, exported
    by the index's `__all__` (`ruff format` lays the imports out)."""
    names = "".join(f"    {n!r},\n" for n in sorted(modules))
    lines = "".join(f"    from .{package}.{modules[n]} import {n}\n" for n in sorted(modules))
    return f"__all__ = [\n{names}]\n\nif TYPE_CHECKING:\n{lines}\n"


def _lookup(package: str, modules: dict[str, str], first: str = "") -> str:
    """An index's table of modules, its loader and its module `__getattr__`, which imports
    the module of a name on first use and keeps the value; `first` is code run before the
    look-up (a name computed rather than imported)."""
    table = "".join(f"    {n!r}: {modules[n]!r},\n" for n in sorted(modules))
    return (
        f"# The module of `{package}` that defines each name.\n"
        f"_MODULES: dict[str, str] = {{\n{table}}}\n\n\n"
        "def _load(module: str) -> Any:\n"
        f'    return importlib.import_module(f".{package}.{{module}}", __package__)\n\n\n'
        "def __getattr__(name: str) -> Any:\n"
        f"{first}"
        "    module = _MODULES.get(name)\n"
        "    if module is None:\n"
        '        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")\n'
        "    value = getattr(_load(module), name)\n"
        "    globals()[name] = value\n"
        "    return value\n"
    )


_IMPORTS = "from __future__ import annotations\n\nimport importlib\n"


def _index(banner: str, home: dict[str, str]) -> str:
    listed = "".join(f"    {n!r},\n" for n in sorted(home))
    return (
        f"{banner}\n"
        '"""The models of the API\'s bodies: each loaded from its own module of `_models` on\n'
        'first use (`models.Foo`), so that importing the package does not build them all."""\n\n'
        f"{_IMPORTS}from typing import TYPE_CHECKING, Any\n\n"
        f"{_checking(PACKAGE, home)}"
        f"__all__ = [\n{listed}]\n\n"
        f"{_lookup(PACKAGE, home)}\n\n"
        "def __dir__() -> list[str]:\n"
        "    return list(__all__)\n"
    )


def operations_index(banner: str, modules: dict[str, str], rates: str) -> str:
    """The `operations` index: each operation constant loaded with its resource's module
    of `_operations`; `ALL` (every operation) loads them all; `THROTTLE_RATES` as is.

    `modules` maps each constant to its module; `rates` is the `THROTTLE_RATES` literal."""
    every = (
        '    if name == "ALL":\n'
        "        every: tuple[Operation[Any], ...] = tuple(\n"
        "            op\n"
        "            for module in dict.fromkeys(_MODULES.values())\n"
        "            for op in _load(module).ALL\n"
        "        )\n"
        '        globals()["ALL"] = every\n'
        "        return every\n"
    )
    return (
        f"{banner}\n"
        '"""Every operation of the API as data, each loaded with its resource\'s module of\n'
        '`_operations` on first use; `ALL` loads them all."""\n\n'
        f"{_IMPORTS}from typing import TYPE_CHECKING, Any\n\n"
        "from product_analytics._spec.operation import Operation\n\n"
        f"{_checking('_operations', modules)}"
        "# The service's published rates per API key: each throttle class's windows as\n"
        "# (requests, seconds), shortest first; every window applies at once.\n"
        f"THROTTLE_RATES: dict[str, tuple[tuple[int, float], ...]] = {rates}\n\n"
        f"{_lookup('_operations', modules, every)}"
        "\n\nif TYPE_CHECKING:\n"
        "    ALL: tuple[Operation[Any], ...]\n"
    )


def resources_index(banner: str, resources: list[tuple[str, str]]) -> str:
    """The `resources` index: `ClientResources`, whose attributes build their resource on
    first use (importing its module of `_resource_classes`), and each resource class by name.

    `resources` lists (attribute, class name); the module is named after the attribute."""
    modules = {cls: attr for attr, cls in resources}
    properties = "".join(
        f"\n    @cached_property\n    def {attr}(self) -> {cls}:\n"
        f"        from .{RESOURCES_PACKAGE}.{attr} import {cls}\n\n"
        f"        return {cls}(self._resource_requester)\n"
        for attr, cls in resources
    )
    return (
        f"{banner}\n"
        '"""The resources of the client, each built (and its module of `_resource_classes`\n'
        'imported) on first use, as openai-python\'s resources are."""\n\n'
        f"{_IMPORTS}from functools import cached_property\n"
        "from typing import TYPE_CHECKING, Any\n\n"
        "from product_analytics._resources.resource import Requester\n\n"
        f"{_checking(RESOURCES_PACKAGE, modules)}\n"
        "class ClientResources:\n"
        '    """Every resource of the API as an attribute of the client, built on first use."""\n\n'
        "    def __init__(self, requester: Requester) -> None:\n"
        "        self._resource_requester = requester\n"
        f"{properties}\n\n"
        f"{_lookup(RESOURCES_PACKAGE, modules)}"
    )
