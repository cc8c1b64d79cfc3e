"""The shape of the project's code: no function longer than a screen, and no import circle.

Ruff checks each function's complexity (mccabe, at most 12); these checks cover what ruff does not.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("bot.py", "cogs", "wizard_core", "tests", "benchmarks", "tools")
MAX_FUNCTION_LINES = 80


def python_files() -> list[Path]:
    files: list[Path] = []
    for name in PACKAGES:
        path = ROOT / name
        files.extend([path] if path.is_file() else sorted(path.rglob("*.py")))
    return files


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def test_no_function_is_longer_than_80_lines() -> None:
    long = []
    for path in python_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > MAX_FUNCTION_LINES:
                    long.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({length} lines)")
    assert not long, "functions over 80 lines:\n" + "\n".join(long)


def imports_of(path: Path, known: set[str]) -> set[str]:
    """The project modules a module imports, type-only imports included."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        found.update(name for name in names if name in known)
    return found


def import_graph() -> dict[str, set[str]]:
    files = {module_name(path): path for path in python_files() if not path.is_relative_to(ROOT / "tests")}
    known = set(files)
    graph = {name: imports_of(path, known) for name, path in files.items()}
    # Importing a package's module runs the package's __init__ first.
    for name in graph:
        parent = name.rpartition(".")[0]
        if parent in known:
            graph[name].add(parent)
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for child in sorted(graph[node]):
            if state.get(child) == 1 and child != node.rpartition(".")[0]:
                return [*path[path.index(child) :], child]
            if child not in state and (cycle := visit(child)) is not None:
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)) is not None:
            return cycle
    return None


def test_no_import_circle() -> None:
    cycle = find_cycle(import_graph())
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


def test_the_cycle_finder_finds_a_circle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_bot_imports_no_feature() -> None:
    """bot.py may use the generic helpers (cogs.utils), the hosting support (cogs.hosting) and the storage
    (cogs.storage), no feature."""
    imported = imports_of(ROOT / "bot.py", set(import_graph()))
    generic = ("cogs.utils", "cogs.hosting", "cogs.storage")
    features = {name for name in imported if name.startswith("cogs.") and not name.startswith(generic)}
    assert not features, f"bot.py imports feature modules: {sorted(features)}"


# -- classes: no mixin chains, no giant objects, no abstract hooks -------------------------------------

MAX_METHODS = 40


def project_classes() -> dict[str, tuple[ast.ClassDef, str]]:
    """Every class of the bot's code (cogs/ and bot.py) by name, with the module it is in."""
    found: dict[str, tuple[ast.ClassDef, str]] = {}
    for path in [ROOT / "bot.py", *sorted((ROOT / "cogs").rglob("*.py"))]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                found[node.name] = (node, module_name(path))
    return found


def base_names(node: ast.ClassDef) -> list[str]:
    names = []
    for base in node.bases:
        while isinstance(base, ast.Subscript):
            base = base.value
        if isinstance(base, ast.Name):
            names.append(base.id)
        elif isinstance(base, ast.Attribute):
            names.append(base.attr)
    return names


def methods_with_bases(name: str, classes: dict[str, tuple[ast.ClassDef, str]]) -> set[str]:
    """A class's methods, those of its project bases included (a method overridden counts once)."""
    node, _ = classes[name]
    methods = {item.name for item in node.body if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)}
    for base in base_names(node):
        if base in classes and base != name:
            methods |= methods_with_bases(base, classes)
    return methods


def test_no_class_has_two_project_bases_or_too_many_methods() -> None:
    classes = project_classes()
    mixed = [name for name, (node, _) in classes.items() if sum(b in classes for b in base_names(node)) > 1]
    assert not mixed, f"classes built from more than one of the project's classes: {mixed}"
    big = {name: n for name in classes if (n := len(methods_with_bases(name, classes))) > MAX_METHODS}
    assert not big, f"classes with more than {MAX_METHODS} methods, their project bases' included: {big}"


def test_the_method_count_follows_project_bases() -> None:
    source = "\n".join(
        [
            "class A:",
            "    def a(self): ...",
            "    def b(self): ...",
            "class B(A):",
            "    def b(self): ...",
            "    def c(self): ...",
        ]
    )
    classes = {
        node.name: (node, "m") for node in ast.walk(ast.parse(source)) if isinstance(node, ast.ClassDef)
    }
    assert methods_with_bases("B", classes) == {"a", "b", "c"}
    assert base_names(classes["B"][0]) == ["A"]


def test_the_table_service_has_no_abstract_hooks() -> None:
    """The table's parts are put together from collaborators, not filled in by subclasses."""
    hooks = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path in sorted((ROOT / "cogs" / "table").rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Raise)
        and isinstance(node.exc, ast.Name | ast.Call)
        and "NotImplementedError" in ast.unparse(node.exc)
    ]
    assert not hooks, f"abstract hooks in cogs/table: {hooks}"
