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
