"""Path-copy edits give exactly what a full libcst transformer gives, on every fix the rules make."""

from __future__ import annotations

import libcst as cst
import pytest

from autofix.engine import edits
from autofix.engine.lint import run_rules
from codemods import all_rules
from codemods.core.tree import Tree
from tests import ROOT

CASES = sorted((ROOT / "corpus").rglob("before.py"))


@pytest.mark.parametrize("path", CASES, ids=lambda p: str(p.parent.relative_to(ROOT / "corpus")))
def test_same_code_as_a_transformer(path):
    text = path.read_text()
    if any(rule.text_fixes(text) for rule in all_rules()):
        pytest.skip("fixed in the text before it is parsed (DEV022's Python 2 cases)")
    module = cst.parse_module(text)
    findings = [f for f in run_rules(module, text, all_rules()) if f.fixable]
    if not findings:
        pytest.skip("no fix here")
    tree = Tree(module)
    for finding in findings:  # one at a time, so that no two overlap
        expected = module.visit(edits._Transformer(finding.edits)).code
        assert edits.apply_edits(module, finding.edits).code == expected
        assert edits.apply_edits(module, finding.edits, tree).code == expected  # ancestors from the index


def test_sentinels_in_sequences_and_the_fallback():
    module = cst.parse_module("a = 1\nb = 2\nc = 3\nf(x, y)\n")
    first, second = module.body[0], module.body[1]
    new = edits.apply_edits(
        module,
        {
            first: cst.RemovalSentinel.REMOVE,
            second: cst.FlattenSentinel([second, cst.parse_statement("z = 0\n")]),
        },
    )
    assert new.code == "b = 2\nz = 0\nc = 3\nf(x, y)\n"
    comma = module.body[3].body[0].value.args[0].comma  # under a field the fast walk skips: transformer
    new = edits.apply_edits(module, {comma: cst.Comma(whitespace_after=cst.SimpleWhitespace("  "))})
    assert new.code == "a = 1\nb = 2\nc = 3\nf(x,  y)\n"
    new = edits.apply_edits(
        module, {comma: cst.Comma(whitespace_after=cst.SimpleWhitespace("  "))}, Tree(module)
    )
    assert new.code == "a = 1\nb = 2\nc = 3\nf(x,  y)\n"  # not in the index either: the transformer


def test_the_index_finds_the_same_ancestors_as_the_walk():
    module = cst.parse_module("def f(a):\n    b = 1\n    if a:\n        return g(a, b)\n    return h(a)\n")
    tree = Tree(module)
    g_call = next(n for n in tree.of_type(module, cst.Call) if n.func.value == "g")
    h_name = next(n for n in tree.of_type(module, cst.Name) if n.value == "h")
    replacements = {g_call.args[1].value: cst.Name("c"), h_name: cst.Name("k")}
    walked = edits.apply_edits(module, replacements)
    indexed = edits.apply_edits(module, replacements, tree)
    assert (
        indexed.code
        == walked.code
        == "def f(a):\n    b = 1\n    if a:\n        return g(a, c)\n    return k(a)\n"
    )
    # Only the edited nodes' ancestors are copied; the rest is shared with the old tree.
    assert indexed.body[0].body.body[0] is module.body[0].body.body[0]
    assert indexed.body[0].body.body[1] is not module.body[0].body.body[1]
    nested = {g_call: cst.Name("x"), g_call.args[0].value: cst.Name("y")}  # not disjoint: the transformer
    assert edits.apply_edits(module, nested, tree).code == module.visit(edits._Transformer(nested)).code
