"""codemods/tree.py: the per-class index answers ``of_type`` as a test of every node would."""

from __future__ import annotations

from pathlib import Path

import libcst as cst

from codemods.tree import Tree, walk

ROOT = Path(__file__).resolve().parent.parent
KINDS = [cst.Call, cst.Name, (cst.Call, cst.Assign, cst.Param, cst.DictElement), cst.BaseExpression,
         cst.BaseCompoundStatement, (cst.AssignTarget, cst.AnnAssign, cst.AugAssign, cst.For, cst.AsName),
         cst.Nonlocal]


def test_of_type_at_the_root_is_every_node_of_the_kind_in_source_order() -> None:
    for path in sorted((ROOT / "corpus").rglob("before.py"))[:40]:
        module = cst.parse_module(path.read_text())
        tree = Tree(module)
        nodes = walk(module)
        for kind in KINDS:
            expected = [n for n in nodes if isinstance(n, kind)]
            found = tree.of_type(module, kind)
            assert len(found) == len(expected) and all(a is b for a, b in zip(found, expected)), (path, kind)


def test_of_type_under_any_node_is_what_a_walk_of_it_finds() -> None:
    # Small and large subtrees, one class or several: of_type picks bisecting or scanning by size.
    for path in sorted((ROOT / "corpus").rglob("before.py"))[:25]:
        module = cst.parse_module(path.read_text())
        tree = Tree(module)
        for node in tree.descendants(module)[::5]:
            for kind in KINDS:
                expected = [n for n in walk(node) if isinstance(n, kind)]
                found = tree.of_type(node, kind)
                assert len(found) == len(expected) and all(a is b for a, b in zip(found, expected)), (path, kind)


def test_parent_ancestors_and_descendants_agree_with_a_walk() -> None:
    module = cst.parse_module(sorted((ROOT / "corpus").rglob("before.py"))[0].read_text())
    tree = Tree(module)
    for node in walk(module):
        below = tree.descendants(node)
        assert len(below) == len(walk(node)) and all(a is b for a, b in zip(below, walk(node)))
        for child in (c for c in below[1:] if tree.parent(c) is node):
            assert tree.ancestors(child) == [node, *tree.ancestors(node)]
    assert tree.parent(module) is None and tree.ancestors(module) == []
    assert tree.parent(cst.Name("elsewhere")) is None and tree.ancestors(cst.Name("elsewhere")) == []


def test_memo_computes_once_per_tree_and_key() -> None:
    module = cst.parse_module("x = 1\n")
    tree, calls = Tree(module), []
    for key in ("a", "a", "b"):
        tree.memo(key, lambda: calls.append(key) or len(calls))
    assert calls == ["a", "b"]
    assert tree.memo("a", lambda: 99) == 1
    assert Tree(module).memo("a", lambda: 99) == 99
