"""The package's layering, read from its source with `ast`: no import cycles at import time,
and no module importing one that stands above it in `LAYERS`.

Every import is an edge, wherever it is written: at the top of a module (runs at import
time), inside a function (runs when called), or under `if TYPE_CHECKING:` (read by type
checkers only). Cycles are looked for among import-time edges only, since only those can
fail an import; the layer order holds for every edge. Imports inside functions are listed in
`DEFERRED_IMPORTS`, each with its reason.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

PACKAGE = "product_analytics"
# Read from the source tree, not imported: a cycle that breaks importing is still named here.
ROOT = Path(__file__).resolve().parents[1] / "src" / PACKAGE

# Bottom to top. A module may import modules of its own layer and of the layers below it.
# Entries name modules relative to the package; a subpackage's entry covers its modules, and
# each private subpackage is one layer, named after its folder.
LAYERS: list[tuple[str, frozenset[str]]] = [
    # The error tree and the version: what everything may use.
    ("foundation", frozenset({"errors", "_version"})),
    # Warnings given once, the logger, running coroutines within a bound, scopes.
    ("_common", frozenset({"_common"})),
    # What the spec's declarations are made of: an operation, the models' and enums' bases.
    ("_spec", frozenset({"_spec"})),
    # Pure request building and answer decoding, and where a redirect or a page's link leads.
    ("_http", frozenset({"_http"})),
    # The `Transport` protocol; proxies and TLS, without aiohttp.
    ("_transport", frozenset({"_transport"})),
    # Settings, retries, throttles, and the one path that sends a call.
    ("_sending", frozenset({"_sending"})),
    # What the generated code stands on: raw responses, pages, `get_many`, resource methods.
    ("_resources", frozenset({"_resources"})),
    # Generated from the spec, standing on the resources.
    ("_generated", frozenset({"_generated"})),
    # The one module that imports aiohttp: above `_generated`, since its User-Agent names the
    # spec's version (`SPEC_USER_AGENT`), also when users build `AiohttpTransport` themselves.
    ("aiohttp adapter", frozenset({"_aiohttp"})),
    ("client", frozenset({"_client"})),
    ("package", frozenset({"__init__", "models"})),
    # Users of the public API.
    ("tools", frozenset({"testing", "cli", "__main__"})),
]

# Imports made inside a function (deferred until called), each with its reason. Any other
# deferred import fails `test_every_deferred_import_is_declared`; a listed one that is gone
# fails `test_every_declared_deferred_import_still_exists`, so the list cannot go stale.
DEFERRED_IMPORTS: dict[tuple[str, str], str] = {
    ("cli.main", "testing"): "only `fake-server` needs the fake service: other commands "
    "start without loading it (and aiohttp.web)",
    ("testing", "testing.aiohttp_mock"): "`aioresponses` is loaded when asked for: the rest of "
    "`product_analytics.testing` works without aioresponses installed",
}


@dataclass(frozen=True)
class Edge:
    importer: str
    imported: str
    line: int
    kind: str  # "top", "function" or "type-only"

    def __str__(self) -> str:
        path = self.importer.replace(".", "/")
        return f"{path}.py:{self.line} imports {self.imported} ({self.kind})"


def module_files() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = module_files()


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _walk(node: ast.AST, kind: str) -> Iterator[tuple[ast.AST, str]]:
    """Every node under `node` with where it runs: top, function or type-only."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            yield from _walk(child, "type-only" if kind == "type-only" else "function")
        elif isinstance(child, ast.If) and _is_type_checking(child.test):
            for statement in child.body:
                yield statement, "type-only"
                yield from _walk(statement, "type-only")
            for statement in child.orelse:
                yield statement, kind
                yield from _walk(statement, kind)
        else:
            yield child, kind
            yield from _walk(child, kind)


def _resolve(importer: str, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The package's modules that an import statement loads (explicitly)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names if alias.name.split(".")[0] == PACKAGE]
    if node.level:
        is_package = MODULES[importer].name == "__init__.py"
        base_parts = importer.split(".")
        if not is_package:
            base_parts = base_parts[:-1]
        base_parts = base_parts[: len(base_parts) - (node.level - 1)]
        base = ".".join(base_parts + ([node.module] if node.module else []))
    else:
        base = node.module or ""
    if base.split(".")[0] != PACKAGE:
        return []
    targets = []
    for alias in node.names:
        submodule = f"{base}.{alias.name}"
        targets.append(submodule if submodule in MODULES else base)
    return targets


def import_edges() -> list[Edge]:
    edges: list[Edge] = []
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node, kind in _walk(tree, "top"):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for target in _resolve(name, node):
                    if target != name:
                        edges.append(Edge(name, target, node.lineno, kind))
    return edges


EDGES = import_edges()


def layer_of(module: str) -> int:
    """The index in `LAYERS` of `module` (dotted name), by its first component under the
    package; the package itself is `__init__`."""
    relative = module.split(".")[1] if "." in module else "__init__"
    for index, (_, members) in enumerate(LAYERS):
        if relative in members:
            return index
    raise AssertionError(f"{module} is in no layer of LAYERS: add it where it belongs")


def test_the_import_graph_was_read() -> None:
    # Guards against a parser that finds nothing, which would pass every check below.
    pairs = {(e.importer, e.imported) for e in EDGES}
    assert ("product_analytics._client", "product_analytics._http.wire") in pairs
    assert (
        "product_analytics._generated.resources",
        "product_analytics._generated.models",
    ) in pairs
    assert len(MODULES) > 30


def test_every_module_has_a_layer() -> None:
    for module in MODULES:
        assert 0 <= layer_of(module) < len(LAYERS)


def test_every_layer_names_modules_that_exist() -> None:
    tops = {m.split(".")[1] if "." in m else "__init__" for m in MODULES}
    for name, members in LAYERS:
        assert members <= tops, f"layer {name!r} names modules that do not exist: {members - tops}"


def _short(module: str) -> str:
    return module.removeprefix(PACKAGE + ".") if module != PACKAGE else "__init__"


def _upward(kinds: set[str]) -> list[str]:
    return [
        f"{edge} : {LAYERS[layer_of(edge.importer)][0]} -> {LAYERS[layer_of(edge.imported)][0]}"
        for edge in EDGES
        if edge.kind in kinds and layer_of(edge.imported) > layer_of(edge.importer)
    ]


def test_no_module_imports_one_above_it_at_import_time() -> None:
    assert _upward({"top"}) == []


def test_no_function_or_type_checking_import_reaches_above_its_layer() -> None:
    assert _upward({"function", "type-only"}) == []


def test_every_deferred_import_is_declared() -> None:
    deferred = [
        str(edge)
        for edge in EDGES
        if edge.kind == "function"
        and (_short(edge.importer), _short(edge.imported)) not in DEFERRED_IMPORTS
    ]
    assert deferred == [], "declare these in DEFERRED_IMPORTS with a reason, or move them up"


def test_every_declared_deferred_import_still_exists() -> None:
    present = {(_short(e.importer), _short(e.imported)) for e in EDGES if e.kind == "function"}
    assert set(DEFERRED_IMPORTS) <= present, set(DEFERRED_IMPORTS) - present


def test_no_import_cycle_even_counting_deferred_imports() -> None:
    cycle = _cycle([e for e in EDGES if e.kind in ("top", "function")])
    assert cycle is None, " -> ".join(cycle or [])


def _cycle(edges: list[Edge]) -> list[str] | None:
    """One import cycle among `edges`, as the list of modules around it, or None."""
    graph: dict[str, list[str]] = {}
    for edge in edges:
        graph.setdefault(edge.importer, []).append(edge.imported)
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in graph.get(node, []):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state and (found := visit(target)) is not None:
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start)) is not None:
            return found
    return None


def test_there_is_no_import_cycle_at_import_time() -> None:
    cycle = _cycle([e for e in EDGES if e.kind == "top"])
    assert cycle is None, " -> ".join(cycle or [])


def test_the_cycle_finder_finds_a_cycle() -> None:
    edges = [Edge("a", "b", 1, "top"), Edge("b", "c", 1, "top"), Edge("c", "a", 1, "top")]
    assert _cycle(edges) == ["a", "b", "c", "a"]
    assert _cycle(edges[:2]) is None


def test_only_the_adapter_imports_aiohttp() -> None:
    importers = set()
    for name, path in MODULES.items():
        if name.startswith((f"{PACKAGE}.testing", f"{PACKAGE}.cli")):
            continue  # the fake server is an aiohttp.web app
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            if any(n.split(".")[0] == "aiohttp" for n in names):
                importers.add(name)
    assert importers == {f"{PACKAGE}._aiohttp"}


def test_generated_and_hand_written_code_never_mix() -> None:
    header = "# GENERATED FILE: do not edit by hand."
    for name, path in MODULES.items():
        generated = path.read_text(encoding="utf-8").startswith(header)
        assert generated == name.startswith(f"{PACKAGE}._generated"), name
