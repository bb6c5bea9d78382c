"""Round 5's ideas (both halves), each closed as a class: changed code the runs never executed, state a
call leaves on the model or its results, backward-time code on the emulated GPU, work that feeds a
result in form only, and the one-GPU machine's indices."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from torch import nn  # noqa: E402

from autofix.harness.cover import never_ran, statements  # noqa: E402

# -- changed code that never ran proves nothing

_SOURCE = '''\
"""A docstring."""
import torch


def run(x):
    y = x * 2
    if bool((x.abs() > 3.9).any()):
        y = torch.zeros_like(
            y
        )
    else:
        pass
    global _G
    return y
'''


def test_a_changed_line_belongs_to_its_statement():
    units = dict(statements(_SOURCE, [1, 7, 8, 9, 11, 13]))
    # the docstring runs nothing; ``else:`` is no statement; ``global`` compiles to no code
    assert set(units) == {7, 8}
    assert units[7] == [7]  # the ``if``'s header only, not its body
    assert units[8] == [8, 9, 10]  # a call spread over three lines is one statement


def test_a_statement_ran_when_any_of_its_lines_ran():
    units = statements(_SOURCE, [8, 9])
    assert never_ran(units, {6, 7}) == [8]
    assert never_ran(units, {6, 7, 9}) == []  # the line event fell on the call's second line


def _judged(tmp_path, before: str, after: str, own: bool = False, rule: str = "DEV001"):
    from autofix.harness.verify import Subject, Verifier, rewrite_lines
    from tests.helpers.fork_servers import verify_shared

    (tmp_path / "before.py").write_text(before)
    (tmp_path / "after.py").write_text(after)
    changed, _ = rewrite_lines(before.encode(), after.encode(), None)
    subject = Subject("x", tmp_path, "before.py", "after.py", (rule,), True, changed_lines=changed, own=own)
    verifier = Verifier(device="emulated-cuda", repeats=4, threads=1, timeout=60.0)
    verifier.runner.calls = 3
    (result,) = verify_shared([subject], verifier)
    return result


_PAIR = """\
import torch
from torch import nn


def run():
    torch.manual_seed(0)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = nn.Linear(8, 4).to(device)
    x = torch.randn(32, 8){move}
    y = model(x)
{tail}
    return {{"y": y}}
"""
_RARE = "    if bool((x.abs() > 5.5).any()):\n        y = torch.zeros_like(y)"


@pytest.mark.slow
def test_a_wrong_after_hidden_in_a_branch_the_runs_never_take_is_not_passed(tmp_path):
    before = _PAIR.format(move="", tail="")
    result = _judged(tmp_path, before, _PAIR.format(move=".to(device)", tail=_RARE))
    assert result.verdict == "UNPROVEN", result.reason()
    assert "after.py line 12 changed and never ran" in result.reason()
    # the same after without the branch: cured, a PASS
    assert _judged(tmp_path, before, _PAIR.format(move=".to(device)", tail="")).verdict == "PASS"


@pytest.mark.slow
def test_a_dropped_branch_that_never_ran_in_before_is_not_passed(tmp_path):
    # the divergence check stays, its stop goes: the line that replaces it never runs either
    stop = "    if float(y.abs().max()) > 1e6:\n        {}"
    result = _judged(
        tmp_path,
        _PAIR.format(move="", tail=stop.format("raise RuntimeError('diverged')")),
        _PAIR.format(move=".to(device)", tail=stop.format("print('diverged')")),
    )
    assert result.verdict == "UNPROVEN", result.reason()
    assert "before.py line 12 removed and never ran" in result.reason()


@pytest.mark.slow
def test_autofixs_own_rewrite_is_noted_where_it_never_ran_not_refused(tmp_path):
    result = _judged(
        tmp_path, _PAIR.format(move="", tail=""), _PAIR.format(move=".to(device)", tail=_RARE), own=True
    )
    assert result.verdict == "PASS", result.reason()
    assert any("never ran" in note for note in result.notes)


def test_the_harness_tracer_is_hidden_from_the_case():
    from autofix.harness import cover
    from autofix.harness.guard import guarded, isolated

    tracer = cover.LineCover(__file__)
    cover.ACTIVE[:] = [tracer]
    try:
        with guarded():
            seen = isolated(lambda: __import__("sys").gettrace())
    finally:
        cover.ACTIVE.clear()
    assert seen is None
    assert tracer.lines  # the lambda's line ran, in the case's thread


# -- state a call leaves on a returned model or tensor is part of its results


def _results(model: nn.Module) -> dict:
    from autofix.harness.child import flatten

    return flatten({"model": model})


def _differ(first: dict, second: dict) -> bool:
    from autofix.harness.compare import compare

    return not compare(first, second, before_phase="cpu", after_phase="cpu").equal


def _trained(**changes: object) -> nn.Module:
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 4), nn.BatchNorm1d(4, **changes))  # type: ignore[arg-type]
    model(torch.randn(8, 4)).sum().backward()
    return model


def test_grads_left_on_parameters_are_part_of_a_returned_model():
    cleared = _trained()
    cleared.zero_grad(set_to_none=True)
    assert _differ(_results(cleared), _results(_trained()))
    assert not _differ(_results(_trained()), _results(_trained()))


def test_a_modules_plain_settings_are_part_of_a_returned_model():
    assert _differ(_results(_trained()), _results(_trained(momentum=0.9)))


def test_hooks_on_parameters_and_returned_tensors_are_part_of_the_results():
    from autofix.harness.child import flatten

    hooked = _trained()
    hooked[0].weight.register_hook(lambda g: g * 0)
    assert _differ(_results(_trained()), _results(hooked))
    y = torch.ones(3, requires_grad=True) * 2
    plain = flatten({"y": y})
    y.register_hook(lambda g: g * 2)
    assert _differ(plain, flatten({"y": y}))


# -- backward-time code runs on the emulated GPU as on a GPU


def test_a_hook_on_a_gpu_tensor_gets_a_gpu_gradient():
    from autofix.harness.emulated_cuda import emulated_cuda

    with emulated_cuda():
        y = torch.ones(3, device="cuda", requires_grad=True) * 2
        devices = []
        y.register_hook(lambda g: devices.append(g.device))
        y.sum().backward()
        assert devices == [torch.device("cuda", 0)]
        z = torch.ones(3, device="cuda", requires_grad=True) * 2
        z.register_hook(lambda g: g * torch.ones(3))
        with pytest.raises(RuntimeError, match="same device"):
            z.sum().backward()


class _Twice(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return g * 2


class _TwiceOnTheHost(_Twice):
    @staticmethod
    def backward(ctx, g):
        return (g * 2).cpu()


def test_a_custom_functions_gradient_must_be_on_its_inputs_device():
    from autofix.harness.emulated_cuda import emulated_cuda

    with emulated_cuda():
        x = torch.ones(3, device="cuda", requires_grad=True)
        _Twice.apply(x).sum().backward()
        assert x.grad is not None and x.grad.device.type == "cuda"
        with pytest.raises(RuntimeError, match="invalid gradient at index 0"):
            _TwiceOnTheHost.apply(torch.ones(3, device="cuda", requires_grad=True)).sum().backward()


# -- work that feeds a result in form only


def test_padding_times_zero_or_a_mask_never_taken_feeds_nothing():
    from autofix.harness.emulated_cuda import emulated_cuda

    with emulated_cuda() as mode:
        layer = nn.Linear(8, 4).cuda()
        pad = layer(torch.randn(16, 8).cuda())
        host = torch.randn(16, 4) * 3  # host work
        on_device = host.cuda()
        for made in (
            on_device + pad * 0,
            on_device + 0 * pad,
            torch.where(torch.zeros_like(pad, dtype=torch.bool), pad, on_device),
        ):
            assert mode.fed([made])["device"] == 0, made
        assert mode.fed([on_device + pad])["device"] > 0


def test_a_tensor_read_from_a_file_is_no_device_work(tmp_path):
    from autofix.harness.emulated_cuda import emulated_cuda

    torch.save(torch.ones(4, 4), tmp_path / "y.pt")
    with emulated_cuda() as mode:
        loaded = torch.load(tmp_path / "y.pt", map_location="cuda")
        assert mode.fed([loaded]) == {"device": 0, "host": 16}


def test_a_pinned_batch_is_no_host_work():
    from torch.utils.data import DataLoader, TensorDataset

    from autofix.harness.emulated_cuda import emulated_cuda

    host_work = []
    for pin in (False, True):
        with emulated_cuda() as mode:
            data = TensorDataset(torch.ones(8, 4))
            (batch,) = next(iter(DataLoader(data, batch_size=8, pin_memory=pin)))
            assert batch.is_pinned() == pin
            assert mode.fed([batch.to("cuda", non_blocking=True) * 2])["device"] == 32
            host_work.append(mode.counters.host_elements)
    assert host_work[0] == host_work[1]


def test_a_gpu_tensor_handed_out_through_dlpack_cannot_be_judged():
    from autofix.harness.emulated_api import Unemulated
    from autofix.harness.emulated_cuda import emulated_cuda

    with emulated_cuda():
        with pytest.raises(Unemulated):
            torch.ones(3, device="cuda").__dlpack__()
        torch.ones(3).__dlpack__()  # a host tensor's is the host's


# -- one GPU: its index 1 is no device, as on CUDA


def test_indices_beyond_the_machines_gpus_raise_as_cuda_does():
    from autofix.harness.emulated_cuda import emulated_cuda

    with emulated_cuda(device_count=1):
        assert not torch.cuda.is_initialized()
        assert torch.cuda.get_device_name(0)
        with pytest.raises(AssertionError, match="Invalid device id"):
            torch.cuda.get_device_properties(1)
        with pytest.raises(RuntimeError, match="invalid device ordinal"):
            torch.cuda.synchronize(1)
        with pytest.raises(RuntimeError, match=r"Device index value 1 is out of index range \[0, 1\)"):
            torch.cuda.current_stream(1)  # c10's own check, in an H200's words (torch 2.11)
        with pytest.raises(IndexError):
            torch.cuda.get_rng_state(1)
        with pytest.raises(AssertionError, match="Invalid device id"):
            nn.DataParallel(nn.Linear(2, 2).cuda(), device_ids=[0, 1])
        assert torch.cuda.is_initialized()
        x = torch.zeros(3)
        x.fill_(torch.tensor(2.0, device="cuda"))
        assert x.device.type == "cpu" and float(x.sum()) == 6.0


# -- round 6, half A: closed as classes too


def test_a_wait_that_lands_copies_in_flight_is_no_idle_stall():
    from autofix.harness.emulated_cuda import emulated_cuda

    with emulated_cuda() as mode:
        loss = torch.ones(3, device="cuda").sum()
        torch.cuda.synchronize()  # nothing in flight: it only stalls
        copied = loss.to("cpu", non_blocking=True)
        torch.cuda.synchronize()  # makes the copy readable
        assert float(copied) == 3.0
        assert mode.counters.waits == 2 and mode.counters.idle_waits == 1


def test_host_work_on_values_read_back_is_reading_results():
    from autofix.harness.emulated_cuda import emulated_cuda

    with emulated_cuda() as mode:
        losses = [torch.ones((), device="cuda") * i for i in range(4)]
        before = mode.counters.host_elements
        stacked = torch.stack([loss.cpu() for loss in losses]).double()
        assert mode.counters.host_elements == before and mode.counters.readback_elements == 8
        stacked + torch.ones(4)  # a host tensor enters: host work
        assert mode.counters.host_elements == before + 8  # ones(4) and the sum, 4 elements each


_COUNTED = """\
import torch
from torch import nn


def run():
    torch.manual_seed(0)
    device = torch.device({device})
    model = nn.Linear(8, 4).to(device)
    return {{"y": model(torch.randn(32, 8).to(device))}}
"""


@pytest.mark.slow
@pytest.mark.parametrize(
    "device, verdict",
    [
        ('"cuda" if torch.cuda.device_count() > 1 else "cpu"', "FAIL"),  # the CPU on every one-GPU machine
        ('"cuda" if torch.cuda.device_count() > 0 else "cpu"', "PASS"),
    ],
)
def test_an_after_that_asks_how_many_gpus_runs_on_one_gpu_too(tmp_path, device, verdict):
    before = _COUNTED.format(device='"cuda"')
    result = _judged(tmp_path, before, _COUNTED.format(device=device), rule="DEV007")
    assert result.verdict == verdict, result.reason()
    if verdict == "FAIL":
        assert "a machine with one GPU" in result.reason()


def test_memory_freed_while_another_stream_may_use_it_is_a_race():
    """CUDA's caching allocator gives freed memory to the next allocation on its own stream at once: a
    side stream's use of it must be ordered first, or named by record_stream."""
    from autofix.harness.emulated_cuda import emulated_cuda

    for ordered in (None, "record_stream", "wait_stream"):
        with emulated_cuda() as mode:
            y0 = torch.ones(64, device="cuda") * 2
            side = torch.cuda.Stream()
            side.wait_stream(torch.cuda.current_stream())
            with torch.cuda.stream(side):
                y = y0 * 1.0
            if ordered == "record_stream":
                y0.record_stream(side)
            elif ordered == "wait_stream":
                torch.cuda.current_stream().wait_stream(side)
            del y0
            torch.full((64,), 7.0, device="cuda")
            torch.cuda.current_stream().wait_stream(side)
            assert mode.counters.races == (1 if ordered is None else 0), ordered
            del y


class _Scaled(nn.Module):
    def __init__(self, how: str) -> None:
        super().__init__()
        self.lin = nn.Linear(4, 4)
        scale = torch.tensor([0.5, 1.0, 2.0, 4.0])
        if how == "attribute":
            self.scale = scale
        else:
            self.register_buffer("scale", scale, persistent=how == "persistent")


def test_a_tensor_attribute_made_a_buffer_is_the_same_module_unless_checkpoints_change():
    torch.manual_seed(0)
    attribute = _results(_Scaled("attribute"))
    torch.manual_seed(0)
    assert not _differ(attribute, _results(_Scaled("non-persistent")))
    torch.manual_seed(0)
    assert _differ(attribute, _results(_Scaled("persistent")))  # its state_dict gains "scale"


def test_a_hand_written_after_autofix_leaves_alone_is_held_to_the_rules_it_selects(tmp_path):
    from autofix.config.settings import ConfigResolver, Overrides
    from autofix.harness.userfile import file_subject

    (tmp_path / "pyproject.toml").write_text('[tool.autofix]\nselect = ["DEV002"]\n')
    (tmp_path / "before.py").write_text("def run():\n    return 1.0\n")
    (tmp_path / "after.py").write_text("def run():\n    return 1.0 + 0.0\n")
    config = ConfigResolver(Overrides())
    assert file_subject(tmp_path / "before.py", "run", tmp_path / "after.py", config).rules == ("DEV002",)
    (tmp_path / "pyproject.toml").write_text("[tool.autofix]\n")
    config = ConfigResolver(Overrides())  # settings are read once per resolver
    assert file_subject(tmp_path / "before.py", "run", tmp_path / "after.py", config).rules == ()


_FROM_A_LIST = """\
import torch
from torch import nn


def run():
    torch.manual_seed(0)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    net = nn.Linear(4, 2).to(device)
    outs = []
    for i in range(3):
        s = [0.1 * i, 0.2 * i, -0.3 * i, 1.0]
        st = {make}
        outs.append(net(st).detach())
    return {{"q": torch.stack(outs)}}
"""


@pytest.mark.slow
def test_a_rewrite_with_nothing_to_save_passes_as_harmless(tmp_path):
    """A tensor made from a Python list crosses to the GPU either way: equal results and counts."""
    result = _judged(
        tmp_path,
        _FROM_A_LIST.format(make="torch.FloatTensor(s).to(device)"),
        _FROM_A_LIST.format(make="torch.tensor(s, dtype=torch.float32, device=device)"),
        rule="DEV010",
    )
    assert result.verdict == "PASS", result.reason()
    assert result.reason().startswith("no saving, no cost")
