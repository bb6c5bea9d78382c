"""Every rule's own VALID and INVALID examples, turned into tests (the Fixit way)."""

from __future__ import annotations

import libcst as cst
import pytest

from autofix.engine.lint import lint_and_fix
from codemods import all_rules
from codemods.core.base import FixSafety, RuleContext

CASES_VALID = [
    pytest.param(rule, example.code, id=f"{rule.code}-valid-{i}")
    for rule in all_rules()
    for i, example in enumerate(rule.VALID)
]
CASES_INVALID = [
    pytest.param(rule, example, id=f"{rule.code}-invalid-{i}")
    for rule in all_rules()
    for i, example in enumerate(rule.INVALID)
]
CASES_ALL = CASES_VALID + [pytest.param(p.values[0], p.values[1].code, id=p.id) for p in CASES_INVALID]


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
    first = min(outcome.diagnostics, key=lambda d: (d.line, d.column))
    if example.message is not None:
        messages = [d.message for d in outcome.diagnostics]
        assert any(example.message in m for m in messages), (
            f"no message contains {example.message!r}: {messages}"
        )
    if example.line is not None:
        assert first.line == example.line, f"reported on line {first.line}, expected {example.line}"
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
    if (
        rule.fix_safety is FixSafety.UNSAFE
        or example.after is None
        or any(d.safety == "unsafe" for d in unsafe)
    ):
        assert outcome.new_text is None
    elif outcome.withheld_unsafe:
        # An unsafe fix only a later pass offers (DEV009's unused `Variable` import, once the safe fixes
        # removed its calls): the safe result, with the unsafe fixes then allowed, is the example's after.
        assert outcome.new_text != example.after
        rest = lint_and_fix(outcome.new_text or example.code, [rule], fix=True, unsafe_fixes=True)
        assert rest.new_text == example.after
    else:
        assert outcome.new_text == example.after


@pytest.mark.parametrize("rule, code", CASES_ALL)
def test_a_context_built_by_hand_gives_the_engines_findings(rule, code):
    """A rule reads nothing but its context: run on its own, outside the engine, it must say what
    it says inside it (no hidden state set up by the engine)."""
    if rule.text_fixes(code):
        pytest.skip("found in the text before it is parsed (Rule.text_fixes), which check() never sees")
    instance = rule(RuleContext.of(code))
    instance.check()
    by_hand = sorted((f.code, f.message, f.fixable, f.safety.value) for f in instance.findings)
    by_engine = sorted(
        (d.code, d.message, d.fixable, d.safety) for d in lint_and_fix(code, [rule], fix=False).diagnostics
    )
    assert by_hand == by_engine


@pytest.mark.parametrize("rule", all_rules(), ids=lambda r: r.code)
def test_rule_is_documented(rule):
    doc = rule.doc()
    for heading in ("## What it does", "## Why is this bad?", "## Example", "## Fix safety"):
        assert heading in doc, f"{rule.code} doc lacks {heading!r}"
    assert rule.name == rule.name.lower() and " " not in rule.name
    assert len(rule.VALID) >= 6 and len(rule.INVALID) >= 6


def test_the_rules_a_rule_feeds_exist():
    codes = {rule.code for rule in all_rules()}
    for rule in all_rules():
        assert isinstance(rule.feeds, tuple) and set(rule.feeds) <= codes, rule.code
