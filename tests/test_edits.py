"""Path-copy edits give exactly what a full libcst transformer gives, on every fix the rules make."""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest

from autofix import edits
from autofix.engine import run_rules
from codemods import all_rules

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted((ROOT / "corpus").rglob("before.py"))


@pytest.mark.parametrize("path", CASES, ids=lambda p: str(p.parent.relative_to(ROOT / "corpus")))
def test_same_code_as_a_transformer(path):
    text = path.read_text()
    module = cst.parse_module(text)
    findings = [f for f in run_rules(module, text, all_rules()) if f.fixable]
    if not findings:
        pytest.skip("no fix here")
    for finding in findings:  # one at a time, so that no two overlap
        expected = module.visit(edits._Transformer(finding.edits)).code
        assert edits.apply_edits(module, finding.edits).code == expected


def test_sentinels_in_sequences_and_the_fallback():
    module = cst.parse_module("a = 1\nb = 2\nc = 3\nf(x, y)\n")
    first, second = module.body[0], module.body[1]
    new = edits.apply_edits(module, {first: cst.RemovalSentinel.REMOVE,
                                     second: cst.FlattenSentinel([second, cst.parse_statement("z = 0\n")])})
    assert new.code == "b = 2\nz = 0\nc = 3\nf(x, y)\n"
    comma = module.body[3].body[0].value.args[0].comma  # under a field the fast walk skips: transformer
    new = edits.apply_edits(module, {comma: cst.Comma(whitespace_after=cst.SimpleWhitespace("  "))})
    assert new.code == "a = 1\nb = 2\nc = 3\nf(x,  y)\n"
