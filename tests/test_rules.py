"""Every rule's own VALID and INVALID examples, turned into tests (the Fixit way)."""

from __future__ import annotations

import libcst as cst
import pytest

from autofix.engine import lint_and_fix
from codemods import all_rules
from codemods.base import FixSafety

CASES_VALID = [
    pytest.param(rule, code, id=f"{rule.code}-valid-{i}")
    for rule in all_rules()
    for i, code in enumerate(example.code for example in rule.VALID)
]
CASES_INVALID = [
    pytest.param(rule, example, id=f"{rule.code}-invalid-{i}")
    for rule in all_rules()
    for i, example in enumerate(rule.INVALID)
]


@pytest.mark.parametrize("rule, code", CASES_VALID)
def test_valid_examples_are_left_alone(rule, code):
    outcome = lint_and_fix(code, [rule], fix=True, unsafe_fixes=True)
    assert outcome.diagnostics == []
    assert outcome.new_text is None


@pytest.mark.parametrize("rule, example", CASES_INVALID)
def test_invalid_examples_are_found_and_fixed(rule, example):
    outcome = lint_and_fix(example.code, [rule], fix=True, unsafe_fixes=True)
    assert outcome.diagnostics, "the rule did not report this example"
    assert {d.code for d in outcome.diagnostics} == {rule.code}
    if example.after is None:
        assert outcome.new_text is None
        assert not any(d.fixable for d in outcome.diagnostics)
        return
    assert outcome.new_text == example.after
    cst.parse_module(outcome.new_text)  # the fix must parse
    again = lint_and_fix(outcome.new_text, [rule], fix=True, unsafe_fixes=True)
    assert again.new_text is None, "the fix is not idempotent"


@pytest.mark.parametrize("rule, example", CASES_INVALID)
def test_unsafe_fixes_are_withheld_by_default(rule, example):
    outcome = lint_and_fix(example.code, [rule], fix=True, unsafe_fixes=False)
    # A rule may mark one finding's fix unsafe (DEV010's random factories) while its others are safe.
    unsafe = lint_and_fix(example.code, [rule], fix=False).diagnostics
    if rule.fix_safety is FixSafety.UNSAFE or example.after is None or any(d.safety == "unsafe" for d in unsafe):
        assert outcome.new_text is None
    else:
        assert outcome.new_text == example.after


@pytest.mark.parametrize("rule", all_rules(), ids=lambda r: r.code)
def test_rule_is_documented(rule):
    doc = rule.doc()
    for heading in ("## What it does", "## Why is this bad?", "## Example", "## Fix safety"):
        assert heading in doc, f"{rule.code} doc lacks {heading!r}"
    assert rule.name == rule.name.lower() and " " not in rule.name
    assert len(rule.VALID) >= 6 and len(rule.INVALID) >= 6
