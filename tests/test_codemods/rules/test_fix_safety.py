"""A rule may mark one finding's fix unsafe while its other fixes are safe (DEV010: random factories)."""

from __future__ import annotations

import textwrap

from autofix.engine.lint import lint_and_fix
from codemods import rules_by_code

SOURCE = textwrap.dedent(
    """
    import torch
    zeros = torch.zeros(3).to(device)
    noise = torch.randn(3).to(device)
    """
).lstrip()


def test_unsafe_finding_is_withheld_and_safe_one_applied():
    rule = rules_by_code()["DEV010"]
    outcome = lint_and_fix(SOURCE, [rule], fix=True, unsafe_fixes=False)
    assert [d.safety for d in outcome.diagnostics] == ["safe", "unsafe"]
    assert outcome.new_text == SOURCE.replace("torch.zeros(3).to(device)", "torch.zeros(3, device=device)")
    assert outcome.withheld_unsafe["DEV010"] == 1


def test_unsafe_finding_is_applied_when_asked():
    rule = rules_by_code()["DEV010"]
    outcome = lint_and_fix(SOURCE, [rule], fix=True, unsafe_fixes=True)
    assert outcome.new_text is not None and "torch.randn(3, device=device)" in outcome.new_text


def test_report_only_finding_has_no_safety_even_with_an_override():
    rule = rules_by_code()["DEV010"]
    source = "import torch\nw = torch.randn(3, requires_grad=True).to(device)\n"
    outcome = lint_and_fix(source, [rule], fix=True, unsafe_fixes=True)
    assert [d.safety for d in outcome.diagnostics] == ["none"] and outcome.new_text is None
