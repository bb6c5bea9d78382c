"""Round 6's leftovers, each closed as a class: a branch of before that never ran whose work after selects
for every element, host writes into pinned memory a non_blocking copy may still read, a legacy
constructor's respelling, and the CUDA generator's state."""

from __future__ import annotations

import textwrap

import pytest

torch = pytest.importorskip("torch")

from torch import nn  # noqa: E402

from autofix.harness.cover import selected_by, statements  # noqa: E402
from autofix.harness.verify import changed_both  # noqa: E402

# -- a removed branch whose work after selects for every element (torch.where)

_IF = """\
import torch


def run(loss, x):
    {before}
    return loss
"""


def _selects(before: str, after: str) -> bool:
    """Whether each statement the rewrite removes from ``before`` that sits in a branch is selected by
    ``after`` (``before``'s line 6, the branch's body, is the one that never runs)."""
    old = _IF.format(before=textwrap.indent(textwrap.dedent(before), "    ").strip())
    new = _IF.format(before=textwrap.indent(textwrap.dedent(after), "    ").strip())
    added, removed = changed_both(old, new)
    found = selected_by(old, new, statements(old, removed), statements(new, added))
    return 6 in found


@pytest.mark.parametrize(
    "before, after",
    [
        # the branch's assignment, its condition read on the host, became an elementwise select
        (
            "if loss.item() > 20.0:\n    loss = loss * 0.1",
            "loss = torch.where(loss > 20.0, loss * 0.1, loss)",
        ),
        ("if bool(loss > 20.0):\n    loss = loss * 0.1", "loss = torch.where(loss > 20.0, loss * 0.1, loss)"),
        # negated condition, arms swapped
        (
            "if loss.item() > 20.0:\n    loss = loss * 0.1",
            "loss = torch.where(~(loss > 20.0), loss, loss * 0.1)",
        ),
        (
            "if not loss.item() > 20.0:\n    loss = loss * 0.1",
            "loss = torch.where(loss > 20.0, loss, loss * 0.1)",
        ),
        # an augmented assignment is the name op the value
        ("if loss.item() > 20.0:\n    loss += x", "loss = torch.where(loss > 20.0, loss + x, loss)"),
        # operands that commute, a comparison mirrored, a detached condition: the same values
        (
            "if loss.item() > 20.0:\n    loss = loss * 0.1",
            "loss = torch.where(20.0 < loss.detach(), 0.1 * loss, loss)",
        ),
        # the tensor method's spelling: a.where(c, b) selects a where c holds
        ("if loss.item() > 20.0:\n    loss = loss * 0.1", "loss = (loss * 0.1).where(loss > 20.0, loss)"),
    ],
)
def test_a_branch_whose_work_after_selects_for_every_element_is_covered(before, after):
    assert _selects(before, after)


def test_the_else_arm_of_a_branch_is_covered_by_the_same_select():
    old = "import torch\n\n\ndef run(c, a, b):\n    if c.item():\n        y = a\n    else:\n        y = b\n    return y\n"
    new = "import torch\n\n\ndef run(c, a, b):\n    y = torch.where(c, a, b)\n    return y\n"
    added, removed = changed_both(old, new)
    assert set(selected_by(old, new, statements(old, removed), statements(new, added))) == {6, 8}


@pytest.mark.parametrize(
    "before, after",
    [
        # another threshold, another arm, arms swapped without the negation: not the same branch
        (
            "if loss.item() > 20.0:\n    loss = loss * 0.1",
            "loss = torch.where(loss > 30.0, loss * 0.1, loss)",
        ),
        (
            "if loss.item() > 20.0:\n    loss = loss * 0.1",
            "loss = torch.where(loss > 20.0, loss * 0.5, loss)",
        ),
        (
            "if loss.item() > 20.0:\n    loss = loss * 0.1",
            "loss = torch.where(loss > 20.0, loss, loss * 0.1)",
        ),
        # a comparison that holds at the threshold too, an operand that does not commute
        (
            "if loss.item() > 20.0:\n    loss = loss * 0.1",
            "loss = torch.where(loss >= 20.0, loss * 0.1, loss)",
        ),
        ("if loss.item() > 20.0:\n    loss = loss - x", "loss = torch.where(loss > 20.0, x - loss, loss)"),
        # a condition widened beside the original one
        (
            "if loss.item() > 20.0:\n    loss = loss * 0.1",
            "loss = torch.where((loss > 20.0) | (loss > 10.0), loss * 0.1, loss)",
        ),
        # any() over a tensor is not the elementwise test
        ("if bool((x > 3).any()):\n    loss = loss * 0.1", "loss = torch.where(x > 3, loss * 0.1, loss)"),
        # the select sets another name; the branch raises (a dropped stop) or does more than assign
        (
            "if loss.item() > 20.0:\n    loss = loss * 0.1",
            "other = torch.where(loss > 20.0, loss * 0.1, loss)",
        ),
        (
            "if loss.item() > 20.0:\n    raise RuntimeError('diverged')",
            "loss = torch.where(loss > 20.0, loss, loss)",
        ),
        # a select that is part of a larger expression computes something else
        (
            "if loss.item() > 20.0:\n    loss = loss * 0.1",
            "loss = torch.where(loss > 20.0, loss * 0.1, loss) * 2",
        ),
    ],
)
def test_a_branch_after_does_not_select_exactly_stays_uncovered(before, after):
    assert not _selects(before, after)


def test_an_elif_chain_stays_uncovered():
    old = (
        "import torch\n\n\ndef run(c, d, a, b, y):\n    if c.item():\n        y = a\n"
        "    elif d.item():\n        y = b\n    return y\n"
    )
    new = "import torch\n\n\ndef run(c, d, a, b, y):\n    y = torch.where(c, a, torch.where(d, b, y))\n    return y\n"
    added, removed = changed_both(old, new)
    assert 8 not in selected_by(old, new, statements(old, removed), statements(new, added))


def _judged(tmp_path, before: str, after: str, rule: str):
    from autofix.harness.verify import Subject, Verifier, rewrite_lines
    from tests.helpers.fork_servers import verify_shared

    (tmp_path / "before.py").write_text(before)
    (tmp_path / "after.py").write_text(after)
    changed, _ = rewrite_lines(before.encode(), after.encode(), None)
    subject = Subject("x", tmp_path, "before.py", "after.py", (rule,), True, changed_lines=changed)
    verifier = Verifier(device="emulated-cuda", repeats=4, threads=1, timeout=60.0)
    verifier.runner.calls = 2
    (result,) = verify_shared([subject], verifier)
    return result


_LOOP = """\
import torch
import torch.nn.functional as F
from torch import nn


def run():
    torch.manual_seed(0)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = nn.Linear(4, 1).to(device)
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    x = (3 * torch.randn(25, 4)).to(device)
    y = (5 * torch.randn(25, 1)).to(device)
    for _ in range(4):
        opt.zero_grad()
        loss = F.mse_loss(model(x), y)
{clip}
        loss.backward()
        opt.step()
    return {{"w": model.weight.detach(), "b": model.bias.detach()}}
"""
_IF_CLIP = "        if loss.item() > 200.0:\n            loss = loss * 0.1"


@pytest.mark.slow
def test_an_untaken_branch_became_a_select_passes_and_a_wrong_one_stays_unproven(tmp_path):
    before = _LOOP.format(clip=_IF_CLIP)
    good = _LOOP.format(clip="        loss = torch.where(loss > 200.0, loss * 0.1, loss)")
    result = _judged(tmp_path, before, good, "DEV008")
    assert result.verdict == "PASS", result.reason()
    assert any("selects its work for every element" in note for note in result.notes)
    # the threshold moved: the branch is not before's, and the runs never took either
    wrong = _LOOP.format(clip="        loss = torch.where(loss > 300.0, loss * 0.1, loss)")
    result = _judged(tmp_path, before, wrong, "DEV008")
    assert result.verdict == "UNPROVEN", result.reason()
    assert "removed and never ran" in result.reason()


# -- host writes into pinned memory a non_blocking copy to the GPU may still be reading


def _staging(non_blocking: bool, wait: bool = False, pinned: bool = True) -> int:
    from autofix.harness.emulated_cuda import emulated_cuda

    with emulated_cuda(device_count=1) as mode:
        stage = torch.empty(4, 3)
        stage = stage.pin_memory() if pinned else stage
        for x in torch.arange(24.0).reshape(2, 4, 3):
            stage.copy_(x)
            moved = stage.to("cuda", non_blocking=non_blocking)
            if wait:
                torch.cuda.current_stream().synchronize()
            moved.sum()
        return mode.counters.overwrites


def test_overwriting_a_pinned_buffer_a_non_blocking_copy_reads_is_counted():
    assert _staging(non_blocking=True) == 1  # the second batch's write lands on the first's copy


@pytest.mark.parametrize(
    "options",
    [
        {"non_blocking": False},  # a blocking copy has read the buffer when it returns
        {"non_blocking": True, "wait": True},  # a wait orders the copy before the next write
        {"non_blocking": True, "pinned": False},  # pageable memory is staged before the call returns
    ],
)
def test_a_copy_done_before_the_buffer_is_written_again_is_no_hazard(options):
    assert _staging(**options) == 0


def test_writing_another_part_of_a_pinned_buffer_is_no_hazard():
    from autofix.harness.emulated_cuda import emulated_cuda

    with emulated_cuda(device_count=1) as mode:
        stage = torch.zeros(2, 8).pin_memory()
        stage[0].to("cuda", non_blocking=True)
        stage[1].fill_(1.0)  # the copy reads row 0 only
        assert mode.counters.overwrites == 0
        stage[0].add_(1.0)
        assert mode.counters.overwrites == 1


_STAGE = """\
import torch
from torch import nn


def run():
    torch.manual_seed(0)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    net = nn.Linear(8, 2).to(device)
    xs = [torch.randn(4, 8) for _ in range(3)]
    stage = torch.empty(4, 8).pin_memory() if device.type == "cuda" else torch.empty(4, 8)
    outs = []
    for x in xs:
        stage.copy_(x)
        xd = stage.to(device{flag})
        outs.append(net(xd).detach())
    return {{"y": torch.stack(outs)}}
"""


@pytest.mark.slow
def test_a_reused_pinned_staging_buffer_made_non_blocking_fails(tmp_path):
    result = _judged(tmp_path, _STAGE.format(flag=""), _STAGE.format(flag=", non_blocking=True"), "DEV008")
    assert result.verdict == "FAIL", result.reason()
    assert "overwrites pinned memory a non_blocking copy to the GPU may still be reading" in result.reason()


# -- a legacy constructor respelt: its counts compared without the constructors

_LEGACY = """\
import numpy as np
import torch


def run():
    buf = np.zeros((6, 3), dtype=np.float32)
    view = {make}
    for i in range(6):
        buf[i] = [i, 2 * i, 3 * i]
    return {{"seen": view.sum(0)}}
"""


@pytest.mark.slow
def test_a_legacy_constructor_respelt_as_a_factory_is_the_same_computation(tmp_path):
    before = _LEGACY.format(make="torch.FloatTensor(buf)")
    result = _judged(
        tmp_path, before, _LEGACY.format(make="torch.as_tensor(buf, dtype=torch.float32)"), "DEV009"
    )
    assert result.verdict == "PASS", result.reason()
    assert "same computation" in result.reason()
    # a copy where before shared the buffer: its results show it
    result = _judged(
        tmp_path, before, _LEGACY.format(make="torch.tensor(buf, dtype=torch.float32)"), "DEV009"
    )
    assert result.verdict == "FAIL", result.reason()


def test_counts_without_constructors_keep_everything_else():
    from autofix.harness.judge import _without_constructors

    before = {"host_ops": 1, "host_elements": 3, "by_name": {"sum": [1, 0]}, "syncs": 0}
    after = {
        "host_ops": 2,
        "host_elements": 21,
        "constructor_ops": 1,
        "constructor_elements": 18,
        "by_name": {"as_tensor": [1, 0], "sum": [1, 0]},
        "syncs": 0,
    }
    assert _without_constructors(before) == _without_constructors(after)
    assert _without_constructors({**after, "syncs": 1}) != _without_constructors(before)
    # a constructor on the device is device work, counted
    on_device = {**after, "by_name": {"as_tensor": [1, 1], "sum": [1, 0]}}
    assert _without_constructors(on_device) != _without_constructors(before)


# -- the CUDA generator's state (Philox: a seed and an offset that only the GPU's draws move)


def test_the_cuda_rng_state_moves_only_with_the_gpus_draws():
    from autofix.harness.emulated_cuda import emulated_cuda

    with emulated_cuda(device_count=1):
        state = torch.cuda.get_rng_state()
        assert torch.equal(state, torch.cuda.get_rng_state())  # asking twice
        torch.rand(5)
        assert torch.equal(state, torch.cuda.get_rng_state())  # a CPU draw
        first = torch.rand(5, device="cuda")
        moved = torch.cuda.get_rng_state()
        assert not torch.equal(state, moved)
        torch.cuda.set_rng_state(state)
        assert torch.equal(first, torch.rand(5, device="cuda"))
        assert torch.equal(moved, torch.cuda.get_rng_state())


def test_a_cuda_rng_state_on_the_gpu_is_refused():
    from autofix.harness.emulated_cuda import emulated_cuda

    with emulated_cuda(device_count=1):
        with pytest.raises(TypeError, match="RNG state must be a torch.ByteTensor"):
            torch.cuda.set_rng_state(torch.cuda.get_rng_state().cuda())
        with pytest.raises(TypeError, match="RNG state must be a torch.ByteTensor"):
            torch.cuda.set_rng_state(torch.cuda.get_rng_state().long())


def test_data_parallel_on_one_gpu_moves_a_cpu_module_with_the_default_ids():
    # data_parallel.py __init__: device_ids default to every GPU; with one, module.to(cuda:0)
    from autofix.harness.emulated_cuda import emulated_cuda

    with emulated_cuda(device_count=1):
        out = nn.DataParallel(nn.Linear(4, 2))(torch.randn(3, 4, device="cuda"))
        assert out.device == torch.device("cuda", 0)
    with emulated_cuda(device_count=2):
        with pytest.raises(
            RuntimeError, match="module must have its parameters and buffers on device cuda:0"
        ):
            nn.DataParallel(nn.Linear(4, 2))(torch.randn(4, 4, device="cuda"))


def test_a_wait_before_the_staging_buffer_is_written_again_is_no_idle_wait():
    from autofix.harness.emulated_cuda import emulated_cuda

    with emulated_cuda(device_count=1) as mode:
        stage = torch.empty(4, 3).pin_memory()
        for x in torch.arange(24.0).reshape(2, 4, 3):
            stage.copy_(x)
            stage.to("cuda", non_blocking=True).sum()
            torch.cuda.synchronize()  # the copy has read the buffer: the next batch may overwrite it
        # the first wait let the second batch's write be safe; the last one guards nothing
        assert (mode.counters.waits, mode.counters.idle_waits, mode.counters.overwrites) == (2, 1, 0)


def test_fresh_pinned_batches_copied_non_blocking_are_no_hazard():
    # a DataLoader's pinned batches: each a new buffer; a later tensor never lands in memory a copy reads
    from autofix.harness.emulated_cuda import emulated_cuda

    with emulated_cuda(device_count=1) as mode:
        outs = []
        for i in range(20):
            batch = torch.full((64,), float(i)).pin_memory()
            outs.append(batch.to("cuda", non_blocking=True) * 2)
            del batch
            scratch = torch.empty(64)
            scratch.fill_(-1.0)  # host memory of its own, whatever the allocator hands out
        assert mode.counters.overwrites == 0
