"""A finding's fix as text edits, computed per top-level statement (autofix.engine.fix_edits)."""

from __future__ import annotations

import libcst as cst
import pytest

from autofix.engine import fix_edits as fix_edits_module
from autofix.engine.edits import apply_edits as apply_node_edits
from autofix.engine.fix_edits import FixEdits
from autofix.engine.lint import run_rules
from autofix.engine.text_edits import apply_edits as apply_text_edits
from codemods import all_rules
from codemods.core.tree import Tree
from tests import ROOT, parses

CASES = sorted(p for p in ROOT.glob("corpus/*/*/before.py") if parses(p))

TWO_FIXES_APART = """\
# A header comment, then a blank line.

import torch

x = torch.zeros(3).cuda()


def f():
    # inside
    return torch.ones(2).cuda()
"""


def _check_every_fix(text: str) -> int:
    """Each fixable finding's edits, applied to ``text``, give what its fix alone gives to the module."""
    module = cst.parse_module(text)
    tree = Tree(module)
    edits = FixEdits(module, text, tree)
    checked = 0
    for finding in run_rules(module, text, all_rules(), tree=tree):
        if not finding.fixable:
            continue
        expected = apply_node_edits(module, finding.edits).code
        assert apply_text_edits(text, edits.of(finding.edits)) == expected, finding.code
        checked += 1
    return checked


@pytest.mark.parametrize("case", CASES, ids=lambda p: f"{p.parent.parent.name}/{p.parent.name}")
def test_each_fix_s_edits_give_the_whole_module_s_rewrite(case):
    _check_every_fix(case.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "text",
    [
        TWO_FIXES_APART,
        TWO_FIXES_APART.replace("\n", "\r\n"),
        TWO_FIXES_APART.rstrip("\n"),  # the last statement's newline left out: the whole-module way
        "import torch\nx = torch.zeros(3).cuda(); y = 1\nz = torch.ones(1).cuda()",
    ],
    ids=["lf", "crlf", "no-final-newline", "semicolons"],
)
def test_edits_hold_around_headers_line_ends_and_a_missing_final_newline(text):
    assert _check_every_fix(text) >= 1


def test_fixes_inside_statements_never_generate_the_whole_module(monkeypatch):
    """The quadratic way (the whole module per finding) is only a fallback."""

    def whole_module(*args, **kwargs):
        raise AssertionError("generated the whole module for a fix inside statements")

    text = TWO_FIXES_APART
    module = cst.parse_module(text)
    tree = Tree(module)
    findings = [f for f in run_rules(module, text, all_rules(), tree=tree) if f.fixable]
    monkeypatch.setattr(fix_edits_module, "apply_edits", whole_module)
    edits = FixEdits(module, text, tree)
    assert {f.code for f in findings} == {"DEV007", "DEV010"}  # DEV007 also inserts a statement
    for finding in findings:
        assert edits.of(finding.edits)
