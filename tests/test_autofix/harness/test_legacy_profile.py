"""DEV009's proof: its fixes are the exact modern calls, so where they cure nothing (a program that used
no GPU, a `Variable` that wrapped a tensor), both versions computing and counting the same is its proof;
a respelling that computes something else still fails."""

from __future__ import annotations

import pytest

pytest.importorskip("torch")

_BEFORE = """\
import torch
from torch.autograd import Variable


def run():
    torch.manual_seed(0)
    net = torch.nn.Linear(3, 2)
    x = Variable(torch.randn(7, 3))
    loss = net(x).pow(2).mean()
    loss.backward()
    return {"loss": loss.detach(), "g": net.weight.grad}
"""


def _judged(tmp_path, before: str, after: str):
    from autofix.harness.verify import Subject, Verifier, rewrite_lines
    from tests.helpers.fork_servers import verify_shared

    (tmp_path / "before.py").write_text(before)
    (tmp_path / "after.py").write_text(after)
    changed, _ = rewrite_lines(before.encode(), after.encode(), None)
    subject = Subject("x", tmp_path, "before.py", "after.py", ("DEV009",), True, changed_lines=changed)
    verifier = Verifier(device="emulated-cuda", repeats=4, threads=1, timeout=60.0)
    verifier.runner.calls = 3
    (result,) = verify_shared([subject], verifier)
    return result


def test_a_cpu_program_respelled_in_the_modern_api_passes_as_the_same_computation(tmp_path):
    after = _BEFORE.replace("from torch.autograd import Variable\n", "").replace(
        "Variable(torch.randn(7, 3))", "torch.randn(7, 3)"
    )
    result = _judged(tmp_path, _BEFORE, after)
    assert result.verdict == "PASS", result.reason()
    assert "same computation" in result.reason()


def test_a_respelling_that_computes_something_else_fails(tmp_path):
    after = _BEFORE.replace("from torch.autograd import Variable\n", "").replace(
        "Variable(torch.randn(7, 3))", "torch.randn(7, 3) * 1.001"
    )
    assert _judged(tmp_path, _BEFORE, after).verdict == "FAIL"
