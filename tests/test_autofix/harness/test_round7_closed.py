"""Round 7's half A, each wrong verdict or probe closed as a class: data that crosses devices is copied,
never aliased; CUDA backward kernels with no deterministic version raise under the program's own
deterministic mode; binary_cross_entropy is banned under CUDA autocast."""

from __future__ import annotations

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from torch import nn  # noqa: E402
from torch.nn import functional as F  # noqa: E402

from autofix.harness.emulated_cuda import emulated_cuda  # noqa: E402

# -- data that crosses devices is copied (as_tensor's docs: memory is shared only where the data is)


@pytest.mark.parametrize("factory", [torch.as_tensor, torch.asarray])
def test_host_data_made_a_gpu_tensor_is_a_copy(factory):
    with emulated_cuda(device_count=1) as mode:
        arr = np.arange(4, dtype=np.float32)
        on_gpu = factory(arr, device="cuda")
        host = torch.ones(3)
        from_host = factory(host, device="cuda")
        arr += 10  # NumPy's in-place write: the GPU's copy keeps what it was given
        host.add_(1)
        assert on_gpu.cpu().tolist() == [0.0, 1.0, 2.0, 3.0]
        assert from_host.cpu().tolist() == [1.0, 1.0, 1.0]
        assert mode.counters.host_to_device == 2


def test_a_dataloader_pinning_a_batch_of_gpu_tensors_raises():
    """Round 7 B probe `dl_pin_cuda_batch_raises`: the loader's pinning calls ``pin_memory`` on the
    collated batch, and Memory.cpp pins only dense CPU tensors; a batch of host tensors is pinned."""
    from torch.utils.data import DataLoader

    with emulated_cuda(device_count=1):
        on_gpu = [torch.ones(2, device="cuda") for _ in range(4)]
        with pytest.raises(RuntimeError, match="only dense CPU tensors can be pinned"):
            next(iter(DataLoader(on_gpu, batch_size=2, pin_memory=True)))
        batch = next(iter(DataLoader([torch.ones(2) for _ in range(4)], batch_size=2, pin_memory=True)))
        assert batch.device.type == "cpu" and batch.shape == (2, 2)


def test_data_already_where_asked_is_shared():
    with emulated_cuda(device_count=1):
        arr = np.arange(4, dtype=np.float32)
        shared = torch.as_tensor(arr)  # on the CPU, as_tensor shares the array's memory
        arr += 10
        assert shared.tolist() == [10.0, 11.0, 12.0, 13.0]
        gpu = torch.ones(2, device="cuda")
        assert torch.as_tensor(gpu, device="cuda") is gpu


# -- CUDA backward kernels with no deterministic version


def _backward(make, deterministic: bool = True, warn_only: bool = False) -> str:
    with emulated_cuda(device_count=1):
        make = make.to("cuda") if isinstance(make, nn.Module) else make
        x = torch.randn(1, 1, 4, 4, device="cuda", requires_grad=True)
        saved = (
            torch.are_deterministic_algorithms_enabled(),
            torch.is_deterministic_algorithms_warn_only_enabled(),
        )
        torch.use_deterministic_algorithms(deterministic, warn_only=warn_only)
        try:
            make(x).sum().backward()
            return "ok"
        except RuntimeError as exc:
            return str(exc)
        finally:
            torch.use_deterministic_algorithms(saved[0], warn_only=saved[1])


@pytest.mark.parametrize(
    "make, kernel",
    [
        (
            lambda x: F.interpolate(x, scale_factor=2, mode="bilinear"),
            "upsample_bilinear2d_backward_out_cuda",
        ),
        (nn.ReflectionPad2d(1), "reflection_pad2d_backward_out_cuda"),
        (nn.AdaptiveAvgPool2d(2), "adaptive_avg_pool2d_backward_cuda"),
        (nn.AdaptiveMaxPool2d(2), "adaptive_max_pool2d_backward_cuda"),
        (
            lambda x: F.grid_sample(x, torch.zeros(1, 2, 2, 2, device="cuda"), align_corners=False),
            "grid_sampler",
        ),
    ],
)
def test_a_backward_with_only_a_nondeterministic_cuda_kernel_raises(make, kernel):
    message = _backward(make)
    assert kernel in message and "does not have a deterministic implementation" in message


@pytest.mark.parametrize(
    "make",
    [
        lambda x: F.interpolate(x, scale_factor=2),  # nearest: deterministic
        nn.ReplicationPad2d(1),  # deterministic when asked (the docs' first list)
        lambda x: F.pad(x, (1, 1, 1, 1)),  # constant padding
        nn.Conv2d(1, 2, 3),
    ],
)
def test_a_backward_with_a_deterministic_cuda_kernel_runs(make):
    assert _backward(make) == "ok"


def test_the_alert_needs_the_programs_own_deterministic_mode_at_backward_time():
    up = nn.ReflectionPad2d(1)
    assert _backward(up, deterministic=False) == "ok"
    assert _backward(up, warn_only=True) == "ok"  # the harness's own setting: warn only
    with emulated_cuda(device_count=1):
        x = torch.randn(1, 1, 4, 4, device="cuda", requires_grad=True)
        torch.use_deterministic_algorithms(True)
        try:
            y = up(x)
        finally:
            torch.use_deterministic_algorithms(False)
        y.sum().backward()  # the kernel runs in backward, when determinism is off again
    with emulated_cuda(device_count=1):  # the same on the CPU: CPU kernels are deterministic
        x = torch.randn(1, 1, 4, 4, requires_grad=True)
        torch.use_deterministic_algorithms(True)
        try:
            up(x).sum().backward()
        finally:
            torch.use_deterministic_algorithms(False)


# -- autocast's banned operation


def test_binary_cross_entropy_is_banned_under_cuda_autocast():
    with emulated_cuda(device_count=1):
        p, y = torch.full((4,), 0.5, device="cuda"), torch.ones(4, device="cuda")
        with torch.autocast("cuda"):
            with pytest.raises(RuntimeError, match="unsafe to autocast"):
                F.binary_cross_entropy(p, y)
            F.binary_cross_entropy_with_logits(p, y)  # the safe spelling
        F.binary_cross_entropy(p, y)  # outside autocast
        with torch.autocast("cuda"):
            F.binary_cross_entropy(p.cpu(), y.cpu())  # CPU tensors: CUDA's autocast is not theirs


def test_no_alert_where_nothing_differentiates_the_operation():
    # Autograd records no node for an operation none of whose inputs needs a gradient (an input padded or
    # upsampled before the first layer): its backward kernel never runs, on a GPU either.
    with emulated_cuda(device_count=1):
        conv = nn.Conv2d(1, 2, 3).to("cuda")
        x = torch.randn(1, 1, 4, 4, device="cuda")
        torch.use_deterministic_algorithms(True)
        try:
            padded = F.pad(x, (2, 2, 2, 2), mode="reflect")
            assert padded.grad_fn is None
            conv(F.interpolate(padded, scale_factor=2, mode="bilinear")).sum().backward()
            with pytest.raises(RuntimeError, match="reflection_pad2d_backward_out_cuda"):
                F.pad(conv(x), (1, 1, 1, 1), mode="reflect").sum().backward()  # after a layer: differentiated
        finally:
            torch.use_deterministic_algorithms(False)


_OPT = """\
import torch
import torch.nn.functional as F
from torch import nn


def run():
    torch.manual_seed(0)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = nn.Linear(5, 2)
{early}    model.to(device)
{late}    x = torch.randn(20, 5).to(device)
    y = torch.randn(20, 2).to(device)
    for _ in range(4):
        opt.zero_grad()
        F.mse_loss(model(x), y).backward()
        opt.step()
    return {{"model": model}}
"""


@pytest.mark.slow
def test_an_optimizer_built_after_the_move_with_nothing_to_cure_is_the_same_computation(tmp_path):
    from autofix.harness.verify import Subject, Verifier, rewrite_lines
    from tests.helpers.fork_servers import verify_shared

    sgd = "    opt = torch.optim.SGD(model.parameters(), lr={lr}, momentum=0.9)\n"

    def judged(after: str):
        before = _OPT.format(early=sgd.format(lr=0.05), late="")
        (tmp_path / "before.py").write_text(before)
        (tmp_path / "after.py").write_text(after)
        changed, _ = rewrite_lines(before.encode(), after.encode(), None)
        subject = Subject("x", tmp_path, "before.py", "after.py", ("DEV005",), True, changed_lines=changed)
        verifier = Verifier(device="emulated-cuda", repeats=4, threads=1, timeout=60.0)
        verifier.runner.calls = 2
        return verify_shared([subject], verifier)[0]

    # SGD makes its momentum at the first step: model.to keeps each parameter, before trains alike
    result = judged(_OPT.format(early="", late=sgd.format(lr=0.05)))
    assert result.verdict == "PASS" and "same computation" in result.reason(), result.reason()
    result = judged(_OPT.format(early="", late=sgd.format(lr=0.5)))
    assert result.verdict == "FAIL", result.reason()
