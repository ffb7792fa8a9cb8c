"""The package's import graph: no import circles, no ``_private`` names taken across modules.

Every import is counted, also those inside functions and under ``if TYPE_CHECKING:``
(a circle a type checker walks is still a circle a reader must untangle). There is no
list of exceptions: a new circle or a new borrowed private name fails here.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "deckcheck"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _imports(name: str) -> list[tuple[str, str | None, int]]:
    """(module imported, the name taken from it or None, line) for every import in ``name``."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name, None, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                if f"{base}.{alias.name}" in MODULES:  # `from deckcheck.core import names`: a module
                    found.append((f"{base}.{alias.name}", None, node.lineno))
                else:
                    found.append((base, alias.name, node.lineno))
    return [(module, taken, line) for module, taken, line in found if module.split(".")[0] == "deckcheck"]


def _edges() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {name: set() for name in MODULES}
    for name in MODULES:
        for module, _, _ in _imports(name):
            # importing a.b.c runs a and a.b first; the target itself is the edge that matters
            if module in MODULES and module != name:
                graph[name].add(module)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected component with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_package_is_found():
    assert {"deckcheck", "deckcheck.model", "deckcheck.core.engine", "deckcheck.parse.files"} <= set(MODULES)


def test_no_import_circles():
    cycles = _cycles(_edges())
    assert not cycles, "import circles (every import counted, also inside functions):\n" + "\n".join(
        " <-> ".join(cycle) for cycle in cycles
    )


def test_the_cycle_finder_finds_a_circle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_private_names_from_other_modules():
    borrowed = [
        f"{MODULES[name].relative_to(PACKAGE.parent)}:{line}: {taken} from {module}"
        for name in MODULES
        for module, taken, line in _imports(name)
        if taken and taken.startswith("_") and not taken.startswith("__") and module != name
    ]
    assert not borrowed, "private names imported from other modules:\n" + "\n".join(borrowed)
