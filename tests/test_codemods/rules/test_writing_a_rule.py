"""The example rule of docs/writing-a-rule.md is real: it runs, and its examples pass."""

from __future__ import annotations

import re
import sys
import types

import libcst as cst

from autofix.engine.lint import lint_and_fix
from codemods.core.base import Rule, RuleContext
from tests import ROOT

GUIDE = ROOT / "docs" / "writing-a-rule.md"


def _block(name: str) -> str:
    text = GUIDE.read_text(encoding="utf-8")
    block = re.search(rf"<!-- {name}:start -->\n```python\n(.*?)```\n<!-- {name}:end -->", text, re.S)
    assert block, f"the guide's {name} block is missing its markers"
    return block.group(1)


def _example_rule() -> type[Rule]:
    """The guide's two files installed as the package ``dev900_method_not_called`` (``rule``, ``examples``)."""
    package = types.ModuleType("dev900_method_not_called")
    package.__path__ = []  # a package, so that Rule finds ``examples`` beside ``rule``
    sys.modules[package.__name__] = package
    for name, marker in (("examples", "example-examples"), ("rule", "example-rule")):
        module = types.ModuleType(f"{package.__name__}.{name}")
        sys.modules[module.__name__] = module  # Rule.doc() reads the module's docstring
        exec(compile(_block(marker), str(GUIDE), "exec"), module.__dict__)
        setattr(package, name, module)
    return package.rule.MethodNotCalled


def test_the_example_rule_is_short():
    text = GUIDE.read_text(encoding="utf-8")
    block = text.split("<!-- example-rule:start -->")[1].split("<!-- example-rule:end -->")[0]
    check = block[block.index("class MethodNotCalled") :]
    assert len(check.strip().splitlines()) <= 25


def test_the_example_rule_passes_its_own_examples():
    rule = _example_rule()
    assert rule.doc().startswith("## What it does")  # explain prints the title
    assert (
        len(rule.VALID) >= 6 and len(rule.INVALID) >= 6
    )  # what tests/test_codemods/rules/test_rules.py asks of a rule
    for example in rule.VALID:
        outcome = lint_and_fix(example.code, [rule], fix=True, unsafe_fixes=True)
        assert outcome.diagnostics == [] and outcome.new_text is None
    for example in rule.INVALID:
        outcome = lint_and_fix(example.code, [rule], fix=True, unsafe_fixes=True)
        assert outcome.new_text == example.after
        if example.message is not None:
            assert any(example.message in d.message for d in outcome.diagnostics)
        assert outcome.diagnostics[0].line == example.line
        cst.parse_module(outcome.new_text)
        assert lint_and_fix(example.code, [rule], fix=True).new_text is None  # unsafe: withheld


def test_the_example_rule_runs_on_a_hand_built_context():
    rule = _example_rule()
    instance = rule(RuleContext.of("import torch\noptimizer.zero_grad\n"))
    instance.check()
    assert [f.message for f in instance.findings] == ["`zero_grad` without parentheses does nothing"]
