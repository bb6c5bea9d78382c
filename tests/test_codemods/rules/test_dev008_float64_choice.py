"""DEV008's run-time float64 choice (a device that may lack float64): what it writes is no sync to report.

``t.detach().double() if t.device.type in ("cuda", "cpu") else t.item()`` reads the value on the host
only on a device without float64, where nothing else keeps the host's digits: `check` after `apply` must
find nothing there, and a second sum of the same loop (a count) must be fixed beside it.
"""

from __future__ import annotations

import textwrap

from autofix.engine.lint import lint_and_fix
from codemods.rules.dev008_host_sync_in_loop.rule import HostSyncInLoop

EVALUATION = textwrap.dedent(
    """
    import torch
    import torch.nn.functional as F
    device = torch.accelerator.current_accelerator()
    model.to(device)
    def test():
        test_loss = 0
        correct = 0
        with torch.no_grad():
            for data, target in test_loader:
                data, target = data.to(device), target.to(device)
                output = model(data)
                test_loss += F.nll_loss(output, target, reduction="sum").item()
                pred = output.argmax(dim=1, keepdim=True)
                correct += pred.eq(target.view_as(pred)).sum().item()
        return test_loss / len(test_loader.dataset), correct
    """
)


def test_both_sums_are_fixed_and_nothing_is_left_to_report():
    fixed = lint_and_fix(EVALUATION, [HostSyncInLoop], fix=True, unsafe_fixes=True).new_text
    assert fixed is not None
    assert 'test_loss_term = F.nll_loss(output, target, reduction="sum")' in fixed
    assert "test_loss_term.detach().double() if test_loss_term.device.type in" in fixed
    assert "correct += pred.eq(target.view_as(pred)).sum()\n" in fixed
    assert "test_loss = float(test_loss)" in fixed and "correct = int(correct)" in fixed
    assert lint_and_fix(fixed, [HostSyncInLoop], fix=False).diagnostics == []


def test_an_item_of_another_value_in_the_else_is_still_a_sync():
    # (only the fallback of the same value is the choice; `other.item()` there reads another tensor)
    code = EVALUATION.replace(
        'test_loss += F.nll_loss(output, target, reduction="sum").item()',
        'test_loss += loss.detach().double() if loss.device.type in ("cuda", "cpu") else output.sum().item()',
    ).replace("output = model(data)", "output = model(data)\n            loss = output.mean()")
    messages = [d.message for d in lint_and_fix(code, [HostSyncInLoop], fix=False).diagnostics]
    assert any("`output.sum().item()`" in m for m in messages)


def test_the_count_message_says_nothing_of_float32():
    messages = [d.message for d in lint_and_fix(EVALUATION, [HostSyncInLoop], fix=False).diagnostics]
    count = next(m for m in messages if m.startswith("`pred.eq("))
    assert "float32" not in count and "float64" not in count
