"""The per-pass indexes that replaced whole-module scans answer exactly what those scans answered.

DEV007's corrected-default check and DEV008's training-loop analysis once looked at every name, call or
binding of the module for each default, method or receiver (time quadratic in the module's size). The
indexes must hand them every node the scan would have acted on, in the same order; checked here against
the scans themselves on every corpus file.
"""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest

from codemods.analysis.training_loops import _BINDING_KINDS, _bindings_by_name, _method_calls
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.tree import Tree
from codemods.rules.dev007_hardcoded_cuda._corrected_defaults import CorrectedDefaults
from tests import parses

CORPUS = sorted(p for p in (Path(__file__).resolve().parents[3] / "corpus").rglob("*.py") if parses(p))


def _tree(path: Path) -> Tree:
    return Tree(cst.parse_module(path.read_text()))


def _spelled_by(tree: Tree, node: cst.CSTNode) -> set[str | None]:
    """The names a binding's targets spell, as ``_find_classes_bound_to`` tested them one by one."""
    if isinstance(node, cst.Param):
        return {node.name.value}
    targets: list[cst.CSTNode]
    if isinstance(node, cst.WithItem):
        targets = [node.asname.name] if node.asname is not None else []
    elif isinstance(node, (cst.For, cst.CompFor, cst.AnnAssign, cst.AugAssign)):
        targets = [node.target]
    else:
        assert isinstance(node, cst.Assign)
        targets = [t.target for t in node.targets]
    return {dotted_name(e) for t in targets for e in tree.descendants(t) if isinstance(e, cst.BaseExpression)}


def test_the_corpus_is_there() -> None:
    assert len(CORPUS) > 100


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: str(p.relative_to(p.parents[2])))
def test_indexes_match_the_scans(path: Path) -> None:
    tree = _tree(path)
    bindings = tree.of_type(tree.root, _BINDING_KINDS)
    index = _bindings_by_name(tree)
    names = {n for node in bindings for n in _spelled_by(tree, node) if n is not None}
    assert set(index) == names
    for name in names:
        assert index[name] == [node for node in bindings if name in _spelled_by(tree, node)]
    calls = _method_calls(tree)
    for attr, found in calls.items():
        assert found == [
            c
            for c in tree.of_type(tree.root, cst.Call)
            if isinstance(c.func, cst.Attribute) and c.func.attr.value == attr
        ]
    defaults = CorrectedDefaults(tree, ImportAliases.of(tree))
    everything = tree.of_type(tree.root, (cst.Name, cst.Attribute))
    for definition in tree.of_type(tree.root, (cst.Assign, cst.Param)):
        inside = {id(n) for n in tree.descendants(definition)}
        targets = [t.target for t in definition.targets] if isinstance(definition, cst.Assign) else []
        spellings = [definition.name.value] if isinstance(definition, cst.Param) else []
        spellings += [s for t in targets if (s := dotted_name(t)) is not None]
        for spelled in spellings:
            # What corrected() acts on, in the scan's order: the definition's own names (they start the
            # scan) and those it may spell; every other name it passed over.
            wanted = [n for n in everything if id(n) in inside or defaults._names(n, spelled)]
            candidates = defaults._candidates(spelled, definition, tree.root)
            assert [n for n in candidates if id(n) in inside or defaults._names(n, spelled)] == wanted
            order = {id(n): i for i, n in enumerate(everything)}
            assert [order[id(n)] for n in candidates] == sorted(order[id(n)] for n in candidates)
