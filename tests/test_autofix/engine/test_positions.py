"""autofix.engine.positions agrees with libcst's PositionProvider, node by node."""

from __future__ import annotations

import warnings

import libcst as cst
import pytest
from libcst.metadata import MetadataWrapper, PositionProvider

from autofix.engine.positions import _spans_by_statement, spans
from tests import ROOT

SAMPLES = sorted((ROOT / "corpus").rglob("*.py"))[:40] + [ROOT / "autofix" / "engine" / "lint.py"]
ODD = [
    "x = 1",  # no trailing newline
    "if a:\r\n    b = (1 +\r\n      2)\r\n",  # CRLF
    "@dec\n@dec2(1)\ndef f(a, *, b=2) -> int:\n    '''doc'''\n    return a\n\n\nclass C(B):\n    x: int = 1\n",
    "try:\n    pass\nexcept (A, B) as e:\n    raise\nelse:\n    pass\nfinally:\n    pass\n",
    "",
    "# only a comment\n",
    "with a as b, c:\n    async def g():\n        await x\n        return [i for i in y if i]\n",
]


def _all_nodes(module: cst.Module) -> list[cst.CSTNode]:
    nodes, stack = [], [module]
    while stack:
        node = stack.pop()
        nodes.append(node)
        stack.extend(node.children)
    return nodes


def _compare(code: str) -> None:
    module = cst.parse_module(code)
    expected = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    nodes = _all_nodes(module)
    got = spans(module, nodes)
    # Asked for a few at a time, hoisted positions must still come out right.
    for offset in range(3):
        few = nodes[offset::7]
        assert spans(module, few) == {id(n): got[id(n)] for n in few}
    for node in nodes:
        want = expected[node]
        span = got[id(node)]
        assert (span.start_line, span.start_column, span.end_line, span.end_column) == (
            want.start.line,
            want.start.column,
            want.end.line,
            want.end.column,
        ), (type(node).__name__, cst.Module([]).code_for_node(node)[:60])


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_node_of_real_files(path):
    _compare(path.read_text())


@pytest.mark.parametrize("code", ODD)
def test_odd_shapes(code):
    _compare(code)


def test_a_few_nodes_only():
    module = cst.parse_module("import torch\n\nx = torch.ones(2).double()\ny = 1\n")
    call = module.body[1].body[0].value
    assert spans(module, [call])[id(call)].start_line == 3


def test_by_statement_with_extents_kept_between_versions():
    """Positions made from the top-level statements' extents, kept from one version of a file to the next
    (the language server's workers), are those of the whole module's code."""
    from autofix.engine import pieces
    from tests.test_autofix.engine.test_piece_cache import long_file

    lines = long_file(900).splitlines(keepends=True)
    middle = next(i for i in range(len(lines) // 2, len(lines)) if lines[i].startswith(("def ", "class ")))
    versions = ["".join(lines)]
    lines.insert(middle, "probe = (1,\n    2)  # two lines\n")
    versions.append("".join(lines))
    lines.insert(3, "x = 1; y = 2\n")
    versions.append("".join(lines))
    versions.append("\r\n".join("".join(lines).split("\n")))  # another newline: nothing is reused
    cache = pieces.PieceCache()
    for version, text in enumerate(versions):
        with pieces.reusing_pieces(cache, "a.py"):
            module = pieces.parse_module(text)
            tree = pieces.reused_tree(module)
            extents = pieces.reused_extents()
            assert extents is not None
            # The nodes a finding can name (those the tree indexes), not the module: its span needs all of it.
            nodes = [n for n in _all_nodes(module)[1 + version :: 5] if tree.contains(n)]
            for few in (nodes, nodes[::3], nodes[-2:]):
                assert _spans_by_statement(module, few, tree, extents) == spans(module, few)


def test_kept_extents_follow_the_modules_default_indentation():
    # A block without an indentation of its own is indented by the module's default: the same statement
    # object in a module with another default has other columns.
    from autofix.engine.positions import Extents
    from codemods.core.tree import Tree

    first = cst.parse_module("import torch\nif a:\n    x = torch.ones(1)\n")
    second = first.with_changes(default_indent="  ")
    extents = Extents()
    for module in (first, second):
        tree = Tree(module)
        nodes = [n for n in _all_nodes(module)[1:] if tree.contains(n)]
        assert _spans_by_statement(module, nodes, tree, extents) == spans(module, nodes)
        extents.next_version()


BY_LINE = [
    "import torch\n\n# a comment\n\n@dec\n# between\n@dec2(\n    1,\n)\n\ndef f():\n    return torch.ones(1)\n",
    "x = 1; y = (\n    2)\nz = torch.zeros(3)\n",
    "import torch\nclass C:\n    def g(self):\n        return self.x.cuda()\n    # a trailing comment\n\n\nw = 2\n",
    "async def h():\n    async with a:\n        await b.cuda()\n\n\n@ (\n    deco\n)\nclass D:\n    pass\n",
    "if a:\r\n    b = (1 +\r\n      2)\r\nelse:\r\n    c = 3\r\n",
    's = "\\d"\n\n\nt = torch.ones(1)\n',  # an invalid escape warns
    "for a in b:\n    x.cuda()\nfor c in d:\n    x.cuda()",  # the same code twice; the last without a line break
    "y = 1\nx.cuda()",  # the last statement's code, less its line break, is found once
]


@pytest.mark.parametrize("code", BY_LINE)
def test_by_line_from_the_text(code, monkeypatch):
    """Positions of the statements that hold the nodes asked about, placed by Python's parse of the text,
    are those of the whole module's code."""
    from autofix.engine import positions
    from autofix.engine.positions import _spans_by_line
    from codemods.core.tree import Tree

    monkeypatch.setattr(positions, "_BY_LINE_MOST", 1.0)  # however much of the module they are

    module = cst.parse_module(code)
    tree = Tree(module)
    nodes = [n for n in _all_nodes(module)[1:] if tree.contains(n)]
    for top in module.body:  # one statement at a time: the rest of the module is not generated
        few = [n for n in nodes if tree.top_level(n) is top]
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            found = _spans_by_line(module, few, tree, code)
        assert not caught  # the file's invalid escape is not this run's warning to give
        assert found == spans(module, few), cst.Module([]).code_for_node(top)
        assert spans(module, few, tree, text=code) == spans(module, few)


def test_by_line_trusts_no_other_text(monkeypatch):
    """Where the statement's code is not the text at the line Python gives it, the whole module decides;
    and so where Python does not parse the text."""
    from autofix.engine import positions
    from autofix.engine.positions import _spans_by_line
    from codemods.core.tree import Tree

    monkeypatch.setattr(positions, "_BY_LINE_MOST", 1.0)
    module = cst.parse_module("x = 1\ny = 2\n")
    tree = Tree(module)
    first, second = (statement.body[0].value for statement in module.body)
    assert _spans_by_line(module, [first], tree, "x = 1\ny = 3\n") == spans(module, [first])
    assert _spans_by_line(module, [second], tree, "x = 1\ny = 3\n") is None
    assert _spans_by_line(module, [second], tree, "x = 1\ny = 2 +\n") is None
    # Found once in the text, at a line's start: placed there, however Python reads the rest.
    assert _spans_by_line(module, [second], tree, "x = 1; z = 0\ny = 2\n") == spans(module, [second])
    # Found twice: Python's parse places it, and here its statements do not pair up with libcst's.
    assert _spans_by_line(module, [second], tree, "y = 2\nx = 1; z = 0\ny = 2\n") is None
    # Found once, but not where a line starts.
    assert _spans_by_line(module, [second], tree, "x = 1\nzy = 2\n") is None


def test_repeated_code_is_placed_by_python(monkeypatch):
    """A statement whose code the file repeats (a method's header in two classes) is placed at the line
    Python's parse gives it, not at the code's first occurrence."""
    from autofix.engine import positions
    from autofix.engine.positions import _spans_by_line
    from codemods.core.tree import Tree

    monkeypatch.setattr(positions, "_BY_LINE_MOST", 1.0)
    code = "class A:\n    def f(self, x):\n        pass\nclass B:\n    def f(self, x):\n        pass\n"
    module = cst.parse_module(code)
    tree = Tree(module)
    second = [n for n in tree.of_type(module, cst.Param)][-1]
    assert _spans_by_line(module, [second], tree, code) == spans(module, [second])
    assert spans(module, [second])[id(second)].start_line == 5


@pytest.mark.parametrize("path", SAMPLES[:-1:3], ids=lambda p: str(p.relative_to(ROOT)))
def test_by_line_on_real_files(path, monkeypatch):
    """Nodes asked about alone and a few at a time, wherever they are nested: the whole module's spans."""
    from autofix.engine import positions
    from autofix.engine.positions import _spans_by_line
    from codemods.core.tree import Tree

    monkeypatch.setattr(positions, "_BY_LINE_MOST", 1.0)
    code = path.read_text()
    module = cst.parse_module(code)
    tree = Tree(module)
    nodes = [n for n in _all_nodes(module)[1:] if tree.contains(n)]
    expected = spans(module, nodes)
    placed = 0
    for few in [*([n] for n in nodes[::3]), *(nodes[i::11] for i in range(11))]:
        found = _spans_by_line(module, few, tree, code)
        if found is not None:
            placed += 1
            assert found == {id(n): expected[id(n)] for n in few}
    assert placed >= len(nodes[::3])  # every node alone is placed
