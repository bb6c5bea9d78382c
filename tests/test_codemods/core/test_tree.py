"""codemods/core/tree.py: the per-class index answers ``of_type`` as a test of every node would."""

from __future__ import annotations

import dataclasses

import libcst as cst

from codemods.core.tree import Tree, walk
from tests import ROOT

KINDS = [
    cst.Call,
    cst.Name,
    (cst.Call, cst.Assign, cst.Param, cst.DictElement),
    cst.BaseExpression,
    cst.BaseCompoundStatement,
    (cst.AssignTarget, cst.AnnAssign, cst.AugAssign, cst.For, cst.AsName),
    cst.Nonlocal,
]


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
                assert len(found) == len(expected) and all(a is b for a, b in zip(found, expected)), (
                    path,
                    kind,
                )


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


def test_inside_is_being_among_the_ancestors() -> None:
    module = cst.parse_module(sorted((ROOT / "corpus").rglob("before.py"))[1].read_text())
    tree = Tree(module)
    nodes = walk(module)
    for node in nodes[::3]:
        above = {id(a) for a in tree.ancestors(node)}
        for other in nodes[::11]:
            assert tree.inside(node, other) == (id(other) in above), (node, other)
    outside = cst.Name("elsewhere")
    assert not tree.inside(outside, module) and not tree.inside(module, outside)
    assert not tree.inside(module, module)


def test_extent_holds_what_is_inside() -> None:
    module = cst.parse_module(sorted((ROOT / "corpus").rglob("before.py"))[2].read_text())
    tree = Tree(module)
    nodes = walk(module)
    for node in nodes[::5]:
        extent = tree.extent(node)
        assert extent is not None and extent[0] == tree.position(node)
        for other in nodes[::7]:
            position = tree.position(other)
            assert position is not None
            assert (extent[0] < position < extent[1]) == tree.inside(other, node), (node, other)
    assert tree.extent(module) == (0, len(nodes))
    assert tree.extent(cst.Name("elsewhere")) is None


def test_unnested_is_what_no_boundary_between_holds() -> None:
    scopes = frozenset({cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.ListComp})
    for path in sorted((ROOT / "corpus").rglob("before.py"))[:25]:
        module = cst.parse_module(path.read_text())
        tree = Tree(module)
        for top in [module, *tree.of_type(module, (cst.FunctionDef, cst.ClassDef, cst.IndentedBlock))]:
            expected = []
            for node in tree.descendants(top)[1:]:
                between = tree.ancestors(node)[: tree.ancestors(node).index(top)]
                if not any(type(a) in scopes for a in between):
                    expected.append(node)
            found = tree.unnested(top, scopes)
            assert found is not None and len(found) == len(expected), path
            assert all(a is b for a, b in zip(found, expected)), path
    assert Tree(cst.parse_module("x = 1\n")).unnested(cst.Name("elsewhere"), scopes) is None


def test_memo_computes_once_per_tree_and_key() -> None:
    module = cst.parse_module("x = 1\n")
    tree, calls = Tree(module), []
    for key in ("a", "a", "b"):
        tree.memo(key, lambda key=key: calls.append(key) or len(calls))
    assert calls == ["a", "b"]
    assert tree.memo("a", lambda: 99) == 1
    assert Tree(module).memo("a", lambda: 99) == 99


def _same_index(built: Tree, fresh: Tree) -> None:
    assert len(built._order) == len(fresh._order) and all(a is b for a, b in zip(built._order, fresh._order))
    assert built._sizes == fresh._sizes and built._up == fresh._up and built._start == fresh._start
    assert built._by_class.keys() == fresh._by_class.keys()
    assert all(
        all(a is b for a, b in zip(nodes, fresh._by_class[cls])) for cls, nodes in built._by_class.items()
    )
    assert built._class_positions == fresh._class_positions


def test_a_changed_statement_has_the_subtrees_it_kept_copied_from_the_last_index() -> None:
    # A fix copies only the ancestors of what it replaces: the rest of a changed class or function is the
    # very nodes the last index holds, and their entries are copied, not walked again.
    for path in sorted((ROOT / "corpus").rglob("before.py"))[:40]:
        module = cst.parse_module(path.read_text())
        before = Tree(module)
        changed = module
        for name in before.of_type(module, cst.Name)[::7]:
            changed = _path_copy(Tree(changed), name, cst.Name(name.value + "_"))
        built = Tree(changed, before)
        _same_index(built, Tree(changed))
        kept = {id(node) for node in walk(module)}
        assert any(id(node) in kept for top in built.walked for node in walk(top)[1:]), path


def _path_copy(tree: Tree, node: cst.CSTNode, replacement: cst.CSTNode) -> cst.Module:
    """The module of ``tree`` with ``node`` replaced, only its ancestors copied (as a fix does)."""
    for above in tree.ancestors(node):
        for field in dataclasses.fields(above):
            value = getattr(above, field.name)
            if value is node:
                replacement = above.with_changes(**{field.name: replacement})
                break
            if type(value) in (list, tuple) and any(item is node for item in value):
                items = [replacement if item is node else item for item in value]
                replacement = above.with_changes(**{field.name: type(value)(items)})
                break
        node = above
    assert isinstance(replacement, cst.Module)
    return replacement


def test_an_index_made_from_the_last_one_is_the_index_of_the_new_module() -> None:
    for path in sorted((ROOT / "corpus").rglob("before.py"))[:30]:
        module = cst.parse_module(path.read_text())
        before = Tree(module)
        body = list(module.body)
        for index in range(0, len(body), 3):  # a third of the statements made anew, one added, one gone
            body[index] = cst.parse_module(module.code_for_node(body[index])).body[0]
        body.insert(len(body) // 2, cst.parse_module("x = f(1)\n").body[0])
        del body[1]
        changed = module.with_changes(body=body)
        built = Tree(changed, before)
        _same_index(built, Tree(changed))
        _same_index(Tree(module, before), before)
        # What was walked is exactly what the last module did not have: the focus of a pass (Rule.sites).
        kept = {id(top) for top in module.body}
        assert [id(top) for top in built.walked] == [id(top) for top in changed.body if id(top) not in kept]
        assert Tree(module, before).walked == []


def test_top_level_is_the_statement_of_the_root_that_holds_a_node() -> None:
    module = cst.parse_module("import torch\nclass M:\n    def f(self):\n        return g(1)\nx = 2\n")
    tree = Tree(module)
    for top in module.body:
        assert all(tree.top_level(node) is top for node in walk(top))
    assert tree.top_level(module) is None and tree.top_level(cst.Name("g")) is None


def test_every_pass_of_the_engine_gets_the_index_of_its_module(monkeypatch) -> None:
    import autofix.engine.lint as engine
    from codemods import all_rules

    made = []

    def checked(module: cst.Module, previous: Tree | None = None) -> Tree:
        tree = Tree(module, previous)
        _same_index(tree, Tree(module))
        made.append(previous is not None)
        return tree

    monkeypatch.setattr(engine, "Tree", checked)
    for path in sorted((ROOT / "corpus").rglob("before.py"))[::4]:
        engine.lint_and_fix(path.read_text(), all_rules(), fix=True, unsafe_fixes=True)
    assert made.count(True) > 20
