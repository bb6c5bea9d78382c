"""DEV009's per-tree indexes answer exactly what the whole-module scans they replaced answered.

For each legacy constructor call DEV009 once scanned the module: every assignment target and top-level
``def`` (is the argument a call of a function that returns a fresh list?) and, through libcst's
``children``, every node of the scope that binds a free name (is the argument opaque?): time quadratic in
a fix-heavy file's size. The scans are kept here as the specification and compared, on every corpus and
legacy file, with the indexed answers for every name and every call of a name.
"""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest

from codemods.core.names import ImportAliases, dotted_name
from codemods.core.tree import Tree
from codemods.rules.dev009_legacy_tensor_api import _evident_data, _opaque_arguments
from codemods.rules.dev009_legacy_tensor_api._opaque_arguments import _SCOPES, _bindings

ROOT = Path(__file__).resolve().parents[3]
FILES = sorted((ROOT / "corpus").rglob("*.py")) + sorted((ROOT / "legacy").rglob("*.py"))


def _scope_nodes(scope: cst.CSTNode) -> list[cst.CSTNode]:
    """The scope's nodes as ``_scope_walk`` once walked them, through libcst's ``children``."""
    body = scope.body if isinstance(scope, cst.FunctionDef) else scope
    nodes: list[cst.CSTNode] = []
    stack = [body]
    while stack:
        node = stack.pop()
        nodes.append(node)
        if not isinstance(node, _SCOPES) or node is body:
            stack.extend(reversed(node.children))
    return nodes


def _scanned_bindings(
    tree: Tree, aliases: ImportAliases, scope: cst.CSTNode, nodes: list[cst.CSTNode], name: str
) -> list[bool] | None:
    """``_bindings`` as it was, on ``nodes``, the scope's walk."""
    around: set[int] = set()
    found: list[bool] = []
    for statement in tree.of_type(tree.root, cst.Global):
        if any(n.name.value == name for n in statement.names):
            return None
    if isinstance(scope, cst.FunctionDef):
        for param in tree.of_type(scope.params, cst.Param):
            if param.name.value != name:
                continue
            annotated = param.annotation is not None and dotted_name(param.annotation.annotation) == "int"
            int_default = param.default is not None and not isinstance(param.default, cst.Name)
            found.append(not annotated and not int_default)
    for node in nodes:
        if isinstance(node, cst.Assign) and id(node) not in around:
            for target in node.targets:
                found.extend(
                    _opaque_arguments._target_bindings(tree, aliases, target.target, node.value, name, 0)
                )
        elif isinstance(node, cst.AnnAssign) and node.value is not None:
            found.extend(_opaque_arguments._target_bindings(tree, aliases, node.target, node.value, name, 0))
        elif isinstance(node, cst.For):
            if name in {n.value for n in tree.of_type(node.target, cst.Name)}:
                found.append(_opaque_arguments._loop_target_opaque(node, name))
        elif isinstance(node, (cst.AugAssign, cst.NamedExpr, cst.AsName)):
            bound = node.name if isinstance(node, cst.AsName) else node.target
            if name in {n.value for n in tree.of_type(bound, cst.Name)}:
                return None
        elif isinstance(node, (cst.FunctionDef, cst.ClassDef)) and node.name.value == name:
            return None
        elif isinstance(node, cst.ImportAlias) and (node.evaluated_alias or node.evaluated_name) == name:
            return None
    return found


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_indexed_bindings_are_the_scan(path: Path) -> None:
    try:
        module = cst.parse_module(path.read_text())
    except cst.ParserSyntaxError:
        pytest.skip("not parsed by libcst")
    tree = Tree(module)
    aliases = ImportAliases.of(tree)
    scopes = [tree.root, *tree.of_type(tree.root, _SCOPES)]
    for scope in scopes:
        nodes = _scope_nodes(scope)
        # A name the scope never spells has no binding there in either.
        for name in sorted({n.value for n in nodes if isinstance(n, cst.Name)}):
            indexed = _bindings(tree, aliases, scope, name, 0, set())
            scanned = _scanned_bindings(tree, aliases, scope, nodes, name)
            assert indexed == scanned, (scope, name)


def _scanned_defs_and_targets(tree: Tree, name: str) -> tuple[list[cst.FunctionDef], bool]:
    module = tree.root
    defs = [s for s in module.body if isinstance(s, cst.FunctionDef) and s.name.value == name]
    bound = any(
        isinstance(t.target, cst.Name) and t.target.value == name
        for t in tree.of_type(module, cst.AssignTarget)
    )
    return defs, bound


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_indexed_defs_and_targets_are_the_scan(path: Path) -> None:
    try:
        module = cst.parse_module(path.read_text())
    except cst.ParserSyntaxError:
        pytest.skip("not parsed by libcst")
    tree = Tree(module)
    defs = _evident_data._top_level_defs(tree)
    targets = _evident_data._assigned_names(tree)
    for name in sorted({n.value for n in tree.of_type(tree.root, cst.Name)}):
        scanned_defs, scanned_bound = _scanned_defs_and_targets(tree, name)
        assert defs.get(name, []) == scanned_defs
        assert (name in targets) == scanned_bound
