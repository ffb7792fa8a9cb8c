"""The package's shape: its import graph (no import circles, no ``_private`` names taken across
modules, imports only down the layers), its exceptions, its rule kinds, its module sizes, its
citations of docs/rulings.md; and the tests' shape: test modules laid out as the package is, no
issue numbers in the package or the tests.

Every import is counted, also those inside functions and under ``if TYPE_CHECKING:``
(a circle a type checker walks is still a circle a reader must untangle). There is no
list of exceptions: a new circle or a new borrowed private name fails here.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterable
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "deckcheck"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


@functools.cache
def _parsed(path: Path, stamp: tuple[int, int]) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def _tree(path: Path) -> ast.Module:
    """The syntax tree of ``path``, parsed once while the file is unchanged (every check here
    walks the whole package; read-only use)."""
    status = path.stat()
    return _parsed(path, (status.st_mtime_ns, status.st_size))


@functools.cache
def _imports(name: str) -> tuple[tuple[str, str | None, int], ...]:
    """(module imported, the name taken from it or None, line) for every import in ``name``."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(_tree(path)):
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
    return tuple((module, taken, line) for module, taken, line in found if module.split(".")[0] == "deckcheck")


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
    assert {"deckcheck", "deckcheck.model", "deckcheck.engine", "deckcheck.parse.files"} <= set(MODULES)


def test_no_import_circles():
    cycles = _cycles(_edges())
    assert not cycles, "import circles (every import counted, also inside functions):\n" + "\n".join(
        " <-> ".join(cycle) for cycle in cycles
    )


def test_the_cycle_finder_finds_a_circle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


# -- the layers ---------------------------------------------------------------------

# The package's layers, lowest first, written once (docs/development.md names them): a module's
# layer is its folder under deckcheck/ (deckcheck/carddb/sqlite.py: carddb) or, for a module of its
# own, its name (deckcheck/names.py: names). An import goes to a lower layer or stays in its own;
# layers on one line are siblings and import neither each other nor anything above them. There is
# no list of exceptions.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("version", "errors"),
    ("atomic",),  # writing a file whole
    ("model", "i18n", "datafiles"),
    ("names",),  # what counts as the same name (RULES.md section 2)
    ("selectors", "suggest"),  # the card selectors of packs and rules; "did you mean"
    ("parse",),
    ("carddb",),
    ("core",),  # resolution, the canonical layout, printable text
    ("rules",),
    ("packs",),
    ("engine",),  # check_deck: a pack's rules over a resolved deck
    ("render", "sheet", "project", "parallel"),
    ("session",),
    ("api",),
    ("web",),
    ("cli",),
    ("deckcheck", "__main__"),
)
RANK = {layer: rank for rank, names in enumerate(LAYERS) for layer in names}


def _layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def _against_the_layers(graph: dict[str, set[str]]) -> list[str]:
    """Every import that goes up, or across to a sibling layer."""
    found = []
    for name in sorted(graph):
        for target in sorted(graph[name]):
            source, goal = _layer(name), _layer(target)
            if source != goal and RANK[goal] >= RANK[source]:
                found.append(f"{name} ({source}) imports {target} ({goal})")
    return found


def test_every_module_has_a_layer():
    assert {_layer(name) for name in MODULES} <= set(RANK), "add the new layer to LAYERS (and docs/development.md)"


def test_imports_only_go_down_the_layers():
    wrong = _against_the_layers(_edges())
    assert not wrong, "imports against the layers (LAYERS, lowest first):\n" + "\n".join(wrong)


def test_the_layer_check_finds_an_upward_and_a_sideways_import():
    graph = _edges()
    graph["deckcheck.names"] = graph["deckcheck.names"] | {"deckcheck.carddb.sqlite"}  # planted: up
    graph["deckcheck.sheet.draw"] = graph["deckcheck.sheet.draw"] | {"deckcheck.render.text"}  # planted: sideways
    assert _against_the_layers(graph) == [
        "deckcheck.names (names) imports deckcheck.carddb.sqlite (carddb)",
        "deckcheck.sheet.draw (sheet) imports deckcheck.render.text (render)",
    ]


def test_no_private_names_from_other_modules():
    borrowed = [
        f"{MODULES[name].relative_to(PACKAGE.parent)}:{line}: {taken} from {module}"
        for name in MODULES
        for module, taken, line in _imports(name)
        if taken and taken.startswith("_") and not taken.startswith("__") and module != name
    ]
    assert not borrowed, "private names imported from other modules:\n" + "\n".join(borrowed)


# -- one exception base ------------------------------------------------------------

# Exception classes that never reach a person: raised and caught inside one module, to
# steer its own control flow. Each says so in its docstring. Nothing else may stay
# outside DeckcheckError (README "Exit codes": every problem is one line).
CONTROL_FLOW_EXCEPTIONS = {
    "deckcheck.carddb.http.Retryable",  # another download attempt; the last one raises DatabaseError
}


def _classes() -> dict[str, tuple[str, list[str]]]:
    """Every class of the package, also one inside a function: its qualified name ->
    (its bare name, the dotted names of its bases)."""
    found = {}
    for name, path in MODULES.items():
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.ClassDef):
                found[f"{name}.{node.name}"] = (node.name, [ast.unparse(base) for base in node.bases])
    return found


def _outside_exception(base: str) -> type | None:
    """The class ``base`` names when it is an exception from outside the package
    (``ValueError``, ``sqlite3.Error``), else None."""
    import builtins
    import importlib

    module, _, attribute = base.rpartition(".")
    try:
        found = getattr(importlib.import_module(module), attribute) if module else getattr(builtins, base, None)
    except ImportError:
        return None
    return found if isinstance(found, type) and issubclass(found, BaseException) else None


def _exception_bases(classes: dict[str, tuple[str, list[str]]]) -> dict[str, bool]:
    """Every exception class of the package -> whether DeckcheckError is among its ancestors."""
    by_name: dict[str, list[str]] = {}
    for qualified, (bare, _) in classes.items():
        by_name.setdefault(bare, []).append(qualified)
    verdicts: dict[str, bool | None] = {"deckcheck.errors.DeckcheckError": True}

    def verdict(qualified: str) -> bool | None:
        """True: derives from DeckcheckError; False: an exception without it; None: no exception."""
        if qualified not in verdicts:
            verdicts[qualified] = None  # a base named after the class itself is not followed round
            results = []
            for base in classes[qualified][1]:
                ours = by_name.get(base.rpartition(".")[2], [])
                if ours:
                    results += [verdict(other) for other in ours]
                elif _outside_exception(base) is not None:
                    results.append(False)
            verdicts[qualified] = True if True in results else (False if False in results else None)
        return verdicts[qualified]

    return {name: bool(verdict(name)) for name in classes if verdict(name) is not None}


def test_every_exception_derives_from_deckcheck_error():
    exceptions = _exception_bases(_classes())
    assert "deckcheck.packs.loading.PackError" in exceptions
    outside = sorted(name for name, ok in exceptions.items() if not ok and name not in CONTROL_FLOW_EXCEPTIONS)
    assert not outside, "exception classes without DeckcheckError among their bases:\n" + "\n".join(outside)
    assert not CONTROL_FLOW_EXCEPTIONS - set(exceptions), "allowed but gone: take them off the list"


def test_the_exception_finder_follows_bases():
    classes = {
        "m.Base": ("Base", ["DeckcheckError"]),
        "m.Child": ("Child", ["Base", "ValueError"]),
        "m.Plain": ("Plain", ["KeyError"]),
        "m.Deep": ("Deep", ["Plain"]),
        "m.Table": ("Table", ["NamedTuple"]),
        "m.Caught": ("Caught", ["sqlite3.Error"]),
        "deckcheck.errors.DeckcheckError": ("DeckcheckError", ["Exception"]),
    }
    assert _exception_bases(classes) == {
        "m.Base": True,
        "m.Child": True,
        "m.Plain": False,
        "m.Deep": False,
        "m.Caught": False,
        "deckcheck.errors.DeckcheckError": True,
    }


# -- no private attributes across modules ---------------------------------------------


def _private_attributes(name: str) -> tuple[set[str], list[tuple[str, int]]]:
    """(the ``_private`` attribute names module ``name`` defines -- assigned, named in
    ``__slots__``, a method's or a class attribute's --, those it reads as ``x._name``
    or ``getattr(x, "_name")``, with lines)."""
    path = MODULES[name]
    defined: set[str] = set()
    read: list[tuple[str, int]] = []

    def private(attribute: object) -> bool:
        return isinstance(attribute, str) and attribute.startswith("_") and not attribute.startswith("__")

    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Attribute) and private(node.attr):
            (defined.add(node.attr) if isinstance(node.ctx, ast.Store) else read.append((node.attr, node.lineno)))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) > 1:
            attribute = node.args[1].value if isinstance(node.args[1], ast.Constant) else None
            if node.func.id in ("getattr", "hasattr") and private(attribute):
                read.append((str(attribute), node.lineno))
            elif node.func.id == "setattr" and private(attribute):
                defined.add(str(attribute))
        elif isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "__slots__" for t in node.targets):
            defined |= {str(e.value) for e in ast.walk(node.value) if isinstance(e, ast.Constant)}
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and private(node.name):
            defined.add(node.name)  # a private method
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and private(node.id):
            defined.add(node.id)  # a class attribute or a dataclass field (``_verdicts: dict = field(...)``)
    return defined, read


def test_no_module_reads_another_modules_private_attributes():
    # The attribute names the package itself defines: a name it does not define is a
    # library's (NamedTuple._replace, os._exit), whose own rules apply.
    found = {name: _private_attributes(name) for name in MODULES}
    ours = set().union(*(defined for defined, _ in found.values()))
    borrowed = [
        f"{MODULES[name].relative_to(PACKAGE.parent)}:{line}: {attribute}"
        for name, (defined, read) in found.items()
        for attribute, line in read
        if attribute in ours and attribute not in defined
    ]
    assert not borrowed, "private attributes read from another module's objects:\n" + "\n".join(borrowed)


# -- the rule kinds: one module and one registry line each ------------------------------


def _kind_modules() -> set[str]:
    """The modules that define a rule kind (``KIND = ...`` at their top level)."""
    found = set()
    for name, path in MODULES.items():
        tree = _tree(path)
        if any(
            isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "KIND" for t in node.targets)
            for node in tree.body
        ):
            found.add(name)
    return found


def test_every_rule_kind_is_registered_once_and_named_nowhere_else():
    from deckcheck.rules import KINDS
    from deckcheck.rules import MODULES as REGISTRY

    assert _kind_modules() == set(REGISTRY.values()), "a kind's module and deckcheck/rules/__init__.py disagree"
    assert len(set(REGISTRY.values())) == len(REGISTRY)
    assert all(KINDS[name].name == name for name in REGISTRY)
    # No module but a kind's own writes a kind's id: the engine, the loader, formats show and
    # lint, SARIF and the docs ask the kinds (RuleKind), they do not pick one out by name.
    named = [
        f"{module}:{node.lineno}: {node.value!r}"
        for module, path in MODULES.items()
        if module not in {*REGISTRY.values(), "deckcheck.rules"}  # the kinds' modules and the registry
        for node in ast.walk(_tree(path))
        if isinstance(node, ast.Constant) and node.value in REGISTRY
    ]
    assert named == []


# -- module size -----------------------------------------------------------------------

MAX_LINES = 600


def _oversized_in_the_docs() -> set[str]:
    """The modules docs/development.md names (as `deckcheck/...py`) in its section on large modules."""
    import re

    text = (PACKAGE.parent / "docs" / "development.md").read_text(encoding="utf-8")
    section = text.split("### Modules over 600 lines", 1)[1].split("\n#", 1)[0]
    return set(re.findall(r"`(deckcheck/[\w/]+\.py)`", section))


def test_no_module_is_over_600_lines_unless_the_docs_say_why():
    sizes = {
        str(path.relative_to(PACKAGE.parent)): len(path.read_text(encoding="utf-8").splitlines())
        for path in MODULES.values()
    }
    over = {path for path, lines in sizes.items() if lines > MAX_LINES}
    explained = _oversized_in_the_docs()
    assert over - explained == set(), f"over {MAX_LINES} lines, not in docs/development.md: {sorted(over - explained)}"
    assert explained - over == set(), f"no longer over {MAX_LINES} lines: take them out of docs/development.md"


# -- imports inside functions: only of a module whose start-up cost docs/development.md lists --

DEVELOPMENT = PACKAGE.parent / "docs" / "development.md"


def _lazily_imported_in_the_docs() -> set[str]:
    """The modules of the table under "Imports inside functions" in docs/development.md (the
    table bench/lazy_imports.py measures)."""
    text = DEVELOPMENT.read_text(encoding="utf-8")
    section = text.split("### Imports inside functions", 1)[1].split("\n#", 1)[0]
    return set(re.findall(r"^\| `([\w.]+)` \|", section, re.MULTILINE))


def _imports_inside_functions(name: str, source: str) -> list[tuple[str, int]]:
    """(module, line) of every import inside a function of the module ``name``: ``from a import b``
    is ``a.b`` (b may be a module: ``from importlib import resources``), ``import a.b`` is ``a.b``."""
    package = name if MODULES.get(name, Path()).name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for function in ast.walk(ast.parse(source)):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Import):
                found |= {(alias.name, node.lineno) for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*anchor, *([base] if base else [])])
                found |= {(f"{base}.{alias.name}", node.lineno) for alias in node.names}
    return sorted(found, key=lambda item: (item[1], item[0]))  # a nested function's imports are walked twice


def _listed(module: str, listed: set[str]) -> bool:
    """Whether ``module``, or the module it is a name of (``a`` of ``a.b``), is listed or lies
    in a listed package."""
    return any(
        found == item or found.startswith(item + ".")
        for found in (module, module.rpartition(".")[0])
        for item in listed
    )


def _unlisted_imports_inside_functions(sources: dict[str, str], listed: set[str]) -> list[str]:
    """``module:line imports name`` for each import inside a function of a module that neither
    ``name`` nor a package above it is listed for."""
    return [
        f"{name}:{line} imports {module}"
        for name, source in sources.items()
        for module, line in _imports_inside_functions(name, source)
        if not _listed(module, listed)
    ]


def _package_sources() -> dict[str, str]:
    return {name: path.read_text(encoding="utf-8") for name, path in MODULES.items()}


def test_imports_inside_functions_are_only_of_the_modules_whose_start_up_cost_is_listed():
    unlisted = _unlisted_imports_inside_functions(_package_sources(), _lazily_imported_in_the_docs())
    assert not unlisted, (
        "imports inside functions of modules docs/development.md does not list under "
        "'Imports inside functions' (import them at the top of the module, or measure what "
        "importing them lazily saves with bench/lazy_imports.py and list them):\n" + "\n".join(unlisted)
    )


def test_every_listed_module_is_imported_inside_a_function_somewhere():
    imported = {
        module for name, source in _package_sources().items() for module, _ in _imports_inside_functions(name, source)
    }
    unused = {
        item for item in _lazily_imported_in_the_docs() if not any(_listed(module, {item}) for module in imported)
    }
    assert not unused, f"listed in docs/development.md but imported inside no function: {sorted(unused)}"


def test_the_inside_function_check_finds_an_unlisted_import_and_passes_a_listed_one():
    source = """
import json


def read(text):
    import yaml
    from deckcheck.parse import japanese
    from rapidfuzz import fuzz

    def inner():
        from . import text

    return json, yaml, japanese, fuzz, inner
"""
    assert _unlisted_imports_inside_functions(
        {"deckcheck.parse.shape": source}, {"rapidfuzz", "deckcheck.parse.japanese"}
    ) == [
        "deckcheck.parse.shape:6 imports yaml",
        "deckcheck.parse.shape:11 imports deckcheck.parse.text",
    ]


# -- history lives in git: no issue numbers in the package or its tests -------------------

TESTS = PACKAGE.parent / "tests"
ISSUE_NUMBER = re.compile(r"\b[Ii]ssues? #?\d+")


def _lines_naming_an_issue(paths: Iterable[Path], root: Path) -> list[str]:
    found = []
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:  # a binary fixture (a PDF, a Windows-1252 list) names no issue
            continue
        found += [
            f"{path.relative_to(root)}:{number}"
            for number, line in enumerate(text.splitlines(), 1)
            if ISSUE_NUMBER.search(line)
        ]
    return found


def test_no_issue_numbers_in_the_package_or_its_tests():
    # Comments and docstrings say what and why, test names the behaviour; the history is in git.
    package = [path for path in sorted(PACKAGE.rglob("*")) if path.suffix in (".py", ".pot", ".po")]
    tests = [path for path in sorted(TESTS.rglob("*")) if path.is_file() and "__pycache__" not in path.parts]
    assert _lines_naming_an_issue(package + tests, PACKAGE.parent) == []


def test_no_issue_numbers_in_the_docs_the_bench_or_the_project_files():
    # The same for what a reader of the project meets beside the code; another project's issue,
    # linked where the docs rest on it (the card data's upstream), is a source, not our history.
    root = PACKAGE.parent
    paths = sorted((root / "docs").rglob("*.md")) + sorted((root / "bench").rglob("*.py"))
    paths += [
        root / name for name in ("README.md", "pyproject.toml", "action.yml", ".ci/run") if (root / name).exists()
    ]
    found = [
        place
        for place in _lines_naming_an_issue(paths, root)
        if "github.com/" not in _line_at(root, place) or "/issues/" not in _line_at(root, place)
    ]
    assert found == []


def _line_at(root: Path, place: str) -> str:
    name, number = place.rsplit(":", 1)
    return (root / name).read_text(encoding="utf-8").splitlines()[int(number) - 1]


def test_the_issue_check_finds_an_issue_number_in_a_comment_and_a_test_name(tmp_path):
    module = tmp_path / "test_x.py"
    issue = "issue" + " 12"  # written apart, so that this file names no issue itself
    module.write_text(f"# see {issue}\ndef test_{issue.replace(' ', '_')}_fixed():\n    pass\n# reissued 3 times\n")
    assert _lines_naming_an_issue([module], tmp_path) == ["test_x.py:1"]
    module.write_text("def test_a():\n    pass  # " + "Issue" + " #7\n")
    assert _lines_naming_an_issue([module], tmp_path) == ["test_x.py:2"]


# -- the tests mirror the package -----------------------------------------------------------

# Test modules directly in tests/ that are about the project as a whole, not a part of the
# package (docs/development.md, "Where a test goes"): each names the files it is about.
PROJECT_TESTS = {
    "test_action.py": "action.yml, the GitHub Action",
    "test_architecture.py": "the package's and the tests' shape",
    "test_docs.py": "README.md and docs/",
    "test_hermetic.py": "the tests' own isolation (tests/conftest.py)",
    "test_lint.py": "the project's own checks (pyproject.toml, .pre-commit-config.yaml)",
    "test_precommit.py": ".pre-commit-hooks.yaml, the pre-commit hook",
    "test_sample_decks_resolve.py": "sample_decks/, the README's first command",
}
# Folders named for how their tests run, not what they test.
TEST_KINDS = {
    "browser": "the HTML report and serve's page in headless Chromium",
    "properties": "property-based tests (hypothesis) across parsing, resolution, reports and fmt",
}


def _misplaced_test_modules(modules: Iterable[str], parts: set[str]) -> list[str]:
    """The test modules (paths relative to tests/) that are not where the layout puts them:
    ``tests/<part>/`` for a package folder or a top-level module ``<part>`` of deckcheck (or a
    folder of TEST_KINDS), ``tests/test_<module>.py`` for a top-level module with no folder of
    tests, or one of PROJECT_TESTS."""
    modules = list(modules)
    folders = {Path(module).parts[0] for module in modules if len(Path(module).parts) > 1}
    wrong = []
    for module in modules:
        first, *rest = Path(module).parts
        if rest:
            if first not in parts and first not in TEST_KINDS:
                wrong.append(f"{module}: tests/{first}/ is no part of deckcheck")
        elif first not in PROJECT_TESTS:
            part = first.removeprefix("test_").removesuffix(".py")
            if part not in parts:
                wrong.append(f"{module}: deckcheck has no module {part}; put it in the folder of what it tests")
            elif part in folders:
                wrong.append(f"{module}: deckcheck.{part} has a folder of tests, tests/{part}/")
    return wrong


def _package_parts() -> set[str]:
    """The top-level parts of deckcheck: its folders of modules and its modules."""
    return {path.stem for path in PACKAGE.iterdir() if path.suffix == ".py" or (path / "__init__.py").is_file()}


def test_test_modules_mirror_the_package():
    modules = [str(path.relative_to(TESTS)) for path in sorted(TESTS.rglob("test_*.py"))]
    assert len(modules) > 100
    assert _misplaced_test_modules(modules, _package_parts()) == []


def test_the_modules_run_first_are_test_modules_of_the_tests(request):
    conftest = request.config.pluginmanager.get_plugin(str(TESTS / "conftest.py"))
    LONGEST_FIRST = conftest.LONGEST_FIRST  # noqa: N806 - the conftest's name for it

    assert LONGEST_FIRST and all((PACKAGE.parent / module).is_file() for module in LONGEST_FIRST)
    assert all(module.startswith("tests/") and Path(module).name.startswith("test_") for module in LONGEST_FIRST)


def test_the_layout_check_finds_a_flat_module_and_a_folder_that_is_no_part():
    parts = {"render", "api", "errors"}
    assert _misplaced_test_modules(["render/test_html.py", "test_errors.py", "test_docs.py"], parts) == []
    assert _misplaced_test_modules(["test_true_messages.py", "misc/test_x.py"], parts) == [
        "test_true_messages.py: deckcheck has no module true_messages; put it in the folder of what it tests",
        "misc/test_x.py: tests/misc/ is no part of deckcheck",
    ]
    assert _misplaced_test_modules(["test_api.py", "api/test_table.py"], parts) == [
        "test_api.py: deckcheck.api has a folder of tests, tests/api/"
    ]


# -- rulings are cited by their headings in docs/rulings.md --------------------------------

ROOT = PACKAGE.parent
RULINGS = ROOT / "docs" / "rulings.md"
CITATION = re.compile(r'docs/rulings\.md, "([^"]+)"')
# A comment or docstring may wrap a citation over lines: "# " and indentation between its words.
WRAP = re.compile(r"\s*\n\s*(?:# ?)?")


def _cited_rulings(paths: Iterable[Path]) -> dict[str, list[str]]:
    cited: dict[str, list[str]] = {}
    for path in paths:
        text = WRAP.sub(" ", path.read_text(encoding="utf-8"))
        for title in CITATION.findall(text):
            cited.setdefault(" ".join(title.split()), []).append(path.name)
    return cited


def _ruling_headings() -> set[str]:
    return {
        line.lstrip("#").strip() for line in RULINGS.read_text(encoding="utf-8").splitlines() if line.startswith("#")
    }


def _project_files() -> list[Path]:
    kinds = (".py", ".yaml", ".json", ".md", ".txt")
    folders = (PACKAGE, ROOT / "formats", ROOT / "tests", ROOT / "docs")
    return sorted(path for folder in folders for path in folder.rglob("*") if path.suffix in kinds and path.is_file())


def test_every_ruling_cited_is_a_heading_of_the_rulings_page():
    headings = _ruling_headings()
    cited = _cited_rulings(_project_files())
    assert cited, "no citation of docs/rulings.md found: the pattern no longer matches how the code cites"
    unknown = {title: where for title, where in cited.items() if title not in headings}
    assert unknown == {}, "cite a heading of docs/rulings.md (or add the ruling there)"


def test_the_citation_check_sees_a_wrapped_and_a_wrong_title(tmp_path):
    source = tmp_path / "module.py"
    cite = "docs/rulings.md" + ", "  # written apart, so that this file cites no ruling itself
    source.write_text(f'# the rule ({cite}"A bare Darkness\n# or Metal Energy"); {cite}"Nope"\n')
    cited = _cited_rulings([source])
    assert set(cited) == {"A bare Darkness or Metal Energy", "Nope"}
    assert "A bare Darkness or Metal Energy" in _ruling_headings() and "Nope" not in _ruling_headings()


def test_packs_the_package_and_the_tests_cite_rulings_not_numbered_decisions():
    # The numbered decisions are a research file outside the project; its rulings are docs/rulings.md.
    numbered = re.compile(r"\b[Dd]ecisions? \d+")
    files = [path for path in _project_files() if not path.is_relative_to(ROOT / "docs")]
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in files
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if numbered.search(line) or re.search(r"\b[Ii]ssues? \d+", line)
    ]
    assert found == []
