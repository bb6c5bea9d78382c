"""The layout the code promises: no import cycles, rules as packages, a small ``codemods/`` top level.

Imports are read from the source (every ``import`` statement, also those inside functions and under
``TYPE_CHECKING``), so that a cycle hidden behind a late import still counts.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("autofix", "codemods")


def _modules() -> dict[str, Path]:
    modules = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            modules[name] = path
    return modules


def import_graph() -> dict[str, set[str]]:
    """Module -> the project modules it imports (a ``from p import m`` of a submodule imports ``p.m``)."""
    modules = _modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                graph[name].update(alias.name for alias in node.names if alias.name in modules)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*anchor, *([node.module] if node.module else [])])
                submodules = {f"{base}.{alias.name}" for alias in node.names} & modules.keys()
                graph[name].update(submodules)
                if base in modules and len(submodules) < len(node.names):
                    graph[name].add(base)
    for name in graph:
        graph[name].discard(name)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
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


def test_no_import_cycles():
    assert cycles(import_graph()) == []


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_every_rule_is_a_package_with_its_rule_and_examples():
    packages = sorted(
        p for p in (ROOT / "codemods" / "rules").iterdir() if p.is_dir() and p.name != "__pycache__"
    )
    assert packages, "no rule packages found"
    for package in packages:
        assert (package / "rule.py").is_file(), package
        assert (package / "examples.py").is_file(), package
        helpers = [
            p.name for p in package.glob("*.py") if p.name not in ("__init__.py", "rule.py", "examples.py")
        ]
        assert all(name.startswith("_") for name in helpers), (
            f"{package.name}: private helpers start with _: {helpers}"
        )


def test_codemods_top_level_stays_small():
    assert len(list((ROOT / "codemods").glob("*.py"))) <= 8


def test_rule_private_helpers_are_used_by_their_rule_only():
    graph = import_graph()
    for importer, targets in graph.items():
        for target in targets:
            parts = target.split(".")
            if parts[:2] == ["codemods", "rules"] and parts[-1].startswith("_") and len(parts) == 4:
                owner = ".".join(parts[:3])
                assert importer.startswith(owner + "."), f"{importer} imports {target}, private to {owner}"


def test_the_module_table_in_the_docs_is_current():
    import importlib.util

    spec = importlib.util.spec_from_file_location("module_table", ROOT / "docs" / "module_table.py")
    assert spec and spec.loader
    module_table = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module_table)
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    shown = text.split("<!-- module-table:start -->\n")[1].split("<!-- module-table:end -->")[0]
    assert shown == module_table.table(), "run `python docs/module_table.py` and paste its output"
    for folder in module_table.FOLDERS:
        for path in (ROOT / folder).glob("*.py"):
            if path.name != "__init__.py":
                assert f"`{folder}/{path.name}`" in shown
