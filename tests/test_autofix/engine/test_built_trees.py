"""Going on from the trees the edits build (``autofix.engine.built``) against re-parsing what changed.

The engine keeps a changed statement as its edits built it when :func:`autofix.engine.built.unproven`
says a parse gives that tree and ``ast.parse`` takes its text; ``AUTOFIX_REPARSE_CHANGED=1`` parses every
changed statement with libcst, as before. The outcomes (fixed text, fixes applied, withheld and dropped,
findings, refusals) must be the same byte for byte. ``test_reparse.py`` checks, pass by pass, that the
tree kept equals a full parse of its text.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import libcst as cst
import pytest

import autofix.engine.lint as engine
from autofix.engine.built import unproven
from autofix.engine.lint import lint_and_fix
from autofix.files.source import SourceError
from codemods import all_rules
from codemods.core.tree import Tree
from tests import ROOT
from tests.helpers import corpus_runs

FUTURE = "from __future__ import annotations\n"


def _outcome(text: str, unsafe_fixes: bool = True) -> object:
    try:
        found = lint_and_fix(text, all_rules(), fix=True, unsafe_fixes=unsafe_fixes)
    except SourceError as exc:
        return str(exc)
    return found.new_text, found.applied, found.withheld_unsafe, found.dropped, found.diagnostics


def _differences(
    monkeypatch: pytest.MonkeyPatch, paths: Sequence[Path], unsafe_fixes: bool = True
) -> list[str]:
    texts = [path.read_text() for path in paths]
    monkeypatch.setenv(engine.REPARSE_CHANGED, "1")
    reparsed = [_outcome(text, unsafe_fixes) for text in texts]
    monkeypatch.setenv(engine.REPARSE_CHANGED, "0")
    built = [_outcome(text, unsafe_fixes) for text in texts]
    return [str(path) for path, old, new in zip(paths, reparsed, built) if old != new]


CORPUS = sorted((ROOT / "corpus").rglob("before.py"))


def test_on_the_corpus_the_built_trees_give_what_re_parses_give(monkeypatch):
    assert len(CORPUS) > 90
    assert _differences(monkeypatch, CORPUS) == []


@pytest.mark.slow
def test_on_the_corpus_as_one_module_the_same(monkeypatch):
    one_module = "".join(t.replace(FUTURE, "") for t in corpus_runs.texts())
    monkeypatch.setenv(engine.REPARSE_CHANGED, "1")
    reparsed = _outcome(one_module)
    monkeypatch.setenv(engine.REPARSE_CHANGED, "0")
    assert _outcome(one_module) == reparsed


@pytest.mark.slow
@pytest.mark.parametrize("unsafe_fixes", [True, False], ids=["unsafe", "safe"])
def test_on_the_legacy_scripts_and_test_data_the_same(monkeypatch, unsafe_fixes):
    paths = sorted(ROOT.glob("legacy/**/*.py")) + sorted((ROOT / "tests" / "data").rglob("*.py"))
    assert len(paths) > 40
    assert _differences(monkeypatch, paths, unsafe_fixes) == []


@pytest.mark.slow
def test_on_the_generated_fix_heavy_file_the_same(monkeypatch, tmp_path):
    from benchmarks.large_file import generate

    path = generate(tmp_path / "heavy.py", 300_000, fix_heavy=True)
    assert _differences(monkeypatch, [path]) == []


# What unproven() says of single edits: the module, the node to replace, its replacement.


def _doubtful(source: str, find, replace) -> bool:
    """Whether unproven() doubts the statement an edit of ``source`` changes (``find`` picks the node)."""
    module = cst.parse_module(source)
    tree = Tree(module)
    node = next(n for n in tree.descendants(module) if find(n))
    edits, doubtful = unproven({node: replace(node)}, tree)
    assert doubtful is not None
    return bool(doubtful)


def _call(node: cst.CSTNode) -> bool:
    return isinstance(node, cst.Call)


def test_an_expression_that_needs_parentheses_is_doubted():
    source = "y = f(a)\n"
    sum_ = cst.parse_expression("a + b")
    # `(a + b).x`, built without its parentheses, generates `a + b.x`: another tree.
    assert _doubtful(source, _call, lambda call: cst.Attribute(value=sum_, attr=cst.Name("x")))
    assert not _doubtful(
        source,
        _call,
        lambda call: cst.Attribute(
            value=sum_.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()]), attr=cst.Name("x")
        ),
    )
    # As an argument, `a + b` needs none.
    assert not _doubtful(source, _call, lambda call: call.with_changes(args=[cst.Arg(sum_)]))
    # `a * (b + c)` needs them; `a + b * c` not.
    assert _doubtful(source, _call, lambda call: cst.BinaryOperation(cst.Name("a"), cst.Multiply(), sum_))
    assert not _doubtful(
        source, _call, lambda call: cst.BinaryOperation(sum_, cst.Add(), cst.parse_expression("b * c"))
    )


def test_a_default_comma_that_writes_a_comma_is_doubted():
    source = "y = f(a)\n"
    two = [cst.Arg(cst.Name("a")), cst.Arg(cst.Name("b"))]  # the first one's comma is written, by default
    assert _doubtful(source, _call, lambda call: call.with_changes(args=two))
    assert not _doubtful(source, _call, lambda call: cst.parse_expression("f(a, b)"))
    assert not _doubtful(source, _call, lambda call: call.with_changes(args=[cst.Arg(cst.Name("b"))]))


def test_a_name_that_is_a_keyword_is_doubted():
    assert _doubtful("y = f(a)\n", _call, lambda call: cst.Name("lambda"))
    assert not _doubtful("y = f(a)\n", _call, lambda call: cst.Name("None"))


def test_a_block_indented_explicitly_by_the_default_is_doubted():
    source = "if a:\n    y = f(a)\n"

    module = cst.parse_module(source)
    tree = Tree(module)
    block = module.body[0].body  # type: ignore[attr-defined]
    for indent, doubted in ((None, False), ("    ", True), ("  ", False)):
        _, doubtful = unproven({block: block.with_changes(indent=indent)}, tree)
        assert bool(doubtful) is doubted, indent


def test_a_node_that_also_stays_where_it_was_is_doubted():
    source = "y = f(a)\nz = g(b)\n"
    module = cst.parse_module(source)
    tree = Tree(module)
    a_call, b_call = [n for n in tree.descendants(module) if isinstance(n, cst.Call)]
    # `z = g(b)` is left as it is, and its `b` is also put into the first statement.
    _, doubtful = unproven({a_call: a_call.with_changes(args=[cst.Arg(b_call.args[0].value)])}, tree)
    assert doubtful == {id(module.body[0])}
    # Moved out of the part it replaces: fine.
    _, doubtful = unproven({a_call: a_call.args[0].value}, tree)
    assert doubtful == set()


def test_a_node_two_replacements_share_is_copied():
    module = cst.parse_module("y = f(a)\nz = g(b)\n")
    tree = Tree(module)
    first, second = [n for n in tree.descendants(module) if isinstance(n, cst.Call)]
    shared = cst.SimpleString('"cuda"')
    edits = {
        first: first.with_changes(args=[cst.Arg(shared)]),
        second: second.with_changes(args=[cst.Arg(shared)]),
    }
    copied, doubtful = unproven(edits, tree)
    assert doubtful == set()
    assert copied[first] is edits[first] and copied[second] is not edits[second]
    assert copied[second].deep_equals(edits[second])  # type: ignore[union-attr]
    assert copied[second].args[0].value is not shared  # type: ignore[union-attr]


def test_the_switch_parses_every_changed_statement_again(monkeypatch):
    calls: list[object] = []
    real = engine.Reparser.advance

    def advance(self, new, rebuilt=None, doubtful=None):
        calls.append(doubtful)
        return real(self, new, rebuilt, doubtful)

    monkeypatch.setattr(engine.Reparser, "advance", advance)
    text = "import torch\nx = torch.zeros(3).cuda()\n"
    monkeypatch.setenv(engine.REPARSE_CHANGED, "1")
    old = lint_and_fix(text, all_rules(), fix=True, unsafe_fixes=True).new_text
    assert calls and all(doubtful is None for doubtful in calls)
    calls.clear()
    monkeypatch.setenv(engine.REPARSE_CHANGED, "0")
    assert lint_and_fix(text, all_rules(), fix=True, unsafe_fixes=True).new_text == old
    assert calls and all(doubtful is not None for doubtful in calls)
