"""DEV009's removal of an unused ``Variable`` import in project mode, where it is safe."""

from __future__ import annotations

from autofix.engine.lint import lint_and_fix
from codemods.rules.dev009_legacy_tensor_api.rule import LegacyTensorApi
from codemods.rules.dev013_legacy_loss_reduction.rule import LegacyLossReduction

SCRIPT = """\
import torch
import torch.nn.functional as F
from torch.autograd import Variable


def loss(a, b, label):
    d = F.pairwise_distance(a, b{keepdim})
    return (label * d).mean()
"""


def test_the_import_goes_when_no_other_file_takes_it():
    source = SCRIPT.format(keepdim=", keepdim=True")
    outcome = lint_and_fix(source, [LegacyTensorApi], fix=True, project_taken=frozenset())
    assert outcome.new_text == source.replace("from torch.autograd import Variable\n", "")


def test_it_stays_while_it_marks_the_file_for_dev013_s_pairwise_distance():
    # The safe fixes alone (`migrate`) would otherwise erase the only mark of a pre-0.4 file, and with it
    # DEV013's (unsafe) `keepdim=True`: the broadcast the file never meant would go unreported.
    source = SCRIPT.format(keepdim="")
    rules = [LegacyTensorApi, LegacyLossReduction]
    outcome = lint_and_fix(source, rules, fix=True, project_taken=frozenset())
    assert outcome.new_text is None
    messages = [
        d.message for d in lint_and_fix(source, rules, fix=False, project_taken=frozenset()).diagnostics
    ]
    assert any("it marks the file as written for PyTorch before 0.4" in m for m in messages)
    assert any(m.startswith("`F.pairwise_distance` returned shape (N, 1)") for m in messages)
    # With DEV013's fix applied too, both go.
    fixed = lint_and_fix(source, rules, fix=True, unsafe_fixes=True, project_taken=frozenset()).new_text
    assert fixed is not None and "keepdim=True" in fixed and "Variable" not in fixed
