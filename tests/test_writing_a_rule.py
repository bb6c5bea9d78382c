"""The example rule of docs/writing-a-rule.md is real: it runs, and its examples pass."""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path

import libcst as cst

from autofix.engine.lint import lint_and_fix
from codemods.core.base import Rule, RuleContext

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "writing-a-rule.md"


def _example_rule() -> type[Rule]:
    text = GUIDE.read_text(encoding="utf-8")
    block = re.search(r"<!-- example-rule:start -->\n```python\n(.*?)```\n<!-- example-rule:end -->", text, re.S)
    assert block, "the guide's example rule is missing its markers"
    module = types.ModuleType("dev900_method_not_called")
    sys.modules[module.__name__] = module  # Rule.doc() reads the module's docstring
    exec(compile(block.group(1), str(GUIDE), "exec"), module.__dict__)
    return module.MethodNotCalled


def test_the_example_rule_is_short():
    text = GUIDE.read_text(encoding="utf-8")
    block = text.split("<!-- example-rule:start -->")[1].split("<!-- example-rule:end -->")[0]
    check = block[block.index("class MethodNotCalled"):]
    assert len(check.strip().splitlines()) <= 25


def test_the_example_rule_passes_its_own_examples():
    rule = _example_rule()
    assert rule.doc().startswith("DEV900 method-not-called")
    for example in rule.VALID:
        outcome = lint_and_fix(example.code, [rule], fix=True, unsafe_fixes=True)
        assert outcome.diagnostics == [] and outcome.new_text is None
    for example in rule.INVALID:
        outcome = lint_and_fix(example.code, [rule], fix=True, unsafe_fixes=True)
        assert outcome.new_text == example.after
        assert any(example.message in d.message for d in outcome.diagnostics)
        assert outcome.diagnostics[0].line == example.line
        cst.parse_module(outcome.new_text)
        assert lint_and_fix(example.code, [rule], fix=True).new_text is None  # unsafe: withheld


def test_the_example_rule_runs_on_a_hand_built_context():
    rule = _example_rule()
    instance = rule(RuleContext.of("import torch\noptimizer.zero_grad\n"))
    instance.check()
    assert [f.message for f in instance.findings] == ["`zero_grad` without parentheses does nothing"]
