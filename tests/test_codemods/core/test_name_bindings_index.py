"""``bindings_in`` answers from a per-scope index what its walk of the scope's bindings answered.

The walk (every binding node under the scope, for each name asked) is kept here as the specification
and compared, on every corpus and legacy file, with the indexed answer for every scope (the module, each
function, class, lambda and comprehension) and every name bound or read in the file, the order of the
nodes included; a scope outside the tree (a copy) takes the walk.
"""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest

from codemods.core import name_bindings
from codemods.core.name_bindings import _BINDINGS, SCOPES, bindings_in, bound_names
from codemods.core.tree import Tree

_COMPREHENSIONS = (cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)
ROOT = Path(__file__).resolve().parents[3]
FILES = sorted((ROOT / "corpus").rglob("*.py")) + sorted((ROOT / "legacy").rglob("*.py"))


def _walked(tree: Tree, scope: cst.CSTNode, name: str) -> list[cst.CSTNode]:
    found: list[cst.CSTNode] = []
    for node in name_bindings._bindings(tree, scope):
        if name not in bound_names(node) or node is scope:
            continue
        # a walrus in a comprehension binds the name of the code around it (PEP 572)
        walrus = isinstance(node, cst.NamedExpr)
        owner = next(
            (
                a
                for a in tree.ancestors(node)
                if (isinstance(a, SCOPES) or a is scope) and not (walrus and isinstance(a, _COMPREHENSIONS))
            ),
            None,
        )
        if owner is scope:
            found.append(node)
    return found


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_indexed_bindings_are_the_walk(path: Path) -> None:
    try:
        module = cst.parse_module(path.read_text())
    except cst.ParserSyntaxError:
        pytest.skip("not parsed by libcst")
    tree = Tree(module)
    names = sorted({n.value for n in tree.of_type(tree.root, cst.Name)})
    for scope in [tree.root, *tree.of_type(tree.root, SCOPES)]:
        for name in names:
            assert [id(n) for n in bindings_in(tree, scope, name)] == [
                id(n) for n in _walked(tree, scope, name)
            ], (name, type(scope).__name__)


def test_a_name_bound_twice_by_one_node_is_listed_once() -> None:
    module = cst.parse_module("a, a = 1, 2\nfor b, b in x:\n    pass\n")
    tree = Tree(module)
    assert [type(n).__name__ for n in bindings_in(tree, tree.root, "a")] == ["AssignTarget"]
    assert [type(n).__name__ for n in bindings_in(tree, tree.root, "b")] == ["For"]


def test_a_scope_outside_the_tree_is_walked() -> None:
    module = cst.parse_module("def f(x):\n    y = x\n    def h():\n        y = 2\n    return y\n")
    tree = Tree(module)
    function = module.body[0]
    assert isinstance(function, cst.FunctionDef)
    copy = function.with_changes(name=cst.Name("g"))  # not in the tree: no index kept under its id
    for name in ("x", "y", "h"):
        assert bindings_in(tree, copy, name) == _walked(tree, copy, name)
    assert not any(key[0] == "name_bindings.by_name" for key in tree._memo if isinstance(key, tuple))
    assert [type(n).__name__ for n in bindings_in(tree, function, "y")] == ["AssignTarget"]


def test_bound_names_of_each_binding_class() -> None:
    source = (
        "import a.b, c as d\nfrom e import f as g\nglobal h\nx, (y, *z) = 1\nw: int = 2\nv += 1\n"
        "for i, j in k: pass\ndef fn(p, *q, r=1, **s):\n    nonlocal t\nclass C: pass\n"
        "[u for u in ()]\n(n := 1)\nwith o as ob: pass\ntry: pass\nexcept E as e: pass\n"
    )
    module = cst.parse_module(source)
    tree = Tree(module)
    found = [bound_names(node) for node in tree.of_type(module, _BINDINGS)]
    # `import c as d`: the alias and its `as d` (an AsName) both bind `d`
    assert found == [
        [], ["d"], ["d"], ["g"], ["g"], ["h"], ["x", "y", "z"], ["w"], ["v"], ["i", "j"], ["fn"],
        ["p"], ["q"], ["r"], ["s"], ["t"], ["C"], ["u"], ["n"], ["ob"], ["e"],
    ]  # fmt: skip


def test_match_captures_bind_and_a_comprehensions_walrus_binds_around_it() -> None:
    source = (
        "def f(v):\n    match v:\n        case int() as a:\n            pass\n"
        "        case [b, *c]:\n            pass\n        case {'k': 1, **d}:\n            pass\n"
        "        case _:\n            pass\n"
        "    return [(w := k) for k in v], [lambda: (u := 1) for k in v]\n"
    )
    module = cst.parse_module(source)
    tree = Tree(module)
    function = module.body[0]
    kinds = {name: [type(n).__name__ for n in bindings_in(tree, function, name)] for name in "abcdwu"}
    assert kinds == {
        "a": ["MatchAs"],
        "b": ["MatchAs"],
        "c": ["MatchStar"],
        "d": ["MatchMapping"],
        "w": ["NamedExpr"],  # the function's, not the comprehension's
        "u": [],  # the lambda's
    }
    comprehension = tree.of_type(module, cst.ListComp)[0]
    assert bindings_in(tree, comprehension, "w") == []
