"""Round 4 of the adversary's ideas, each refused at the harness's level: threads started without
``threading``, a returned model that computes differently with the same state_dict, a state kept
across calls that goes wrong only after a few calls, and the emulator's storage tells."""

from __future__ import annotations

import _thread
import threading
import time

import pytest

torch = pytest.importorskip("torch")
nn = torch.nn

from autofix.harness import child  # noqa: E402
from autofix.harness.compare import compare  # noqa: E402
from autofix.harness.emulated_cuda import emulated_cuda  # noqa: E402
from autofix.harness.guard import guarded  # noqa: E402
from autofix.harness.runner import Runner, ZygotePool  # noqa: E402

# -- every thread is counted


@pytest.mark.parametrize(
    "owner, start", [(_thread, "start_new_thread"), (_thread, "start_new"), (threading, "_start_new_thread")]
)
def test_a_raw_thread_runs_under_the_emulated_gpu_and_is_counted(owner, start):
    with emulated_cuda() as mode, guarded():
        loss = torch.ones(3, device="cuda").sum()
        box: list = []
        getattr(owner, start)(lambda: box.append((loss.item(), torch.ones(2, device="cuda"))), ())
        deadline = time.monotonic() + 10
        while not box and time.monotonic() < deadline:
            time.sleep(0.001)
        assert box[0][0] == 3.0 and box[0][1].device.type == "cuda"
        assert mode.counters.syncs == 1
    assert _thread.start_new_thread.__module__ == "_thread"  # Python's own again outside the guard


def test_a_threading_thread_is_counted_once():
    """Thread.start goes through threading's reference to the raw start too: counted once, not twice."""
    with emulated_cuda() as mode, guarded():
        loss = torch.ones(3, device="cuda").sum()
        box: list = []
        thread = threading.Thread(target=lambda: box.append((loss.item(), loss.cpu())))
        thread.start()
        thread.join()
        assert box[0][0] == 3.0 and mode.counters.syncs == 2


# -- a returned module is compared by how it computes


def _results(module: nn.Module) -> dict:
    return child.flatten({"model": module})


def _same(a: nn.Module, b: nn.Module) -> bool:
    return compare(_results(a), _results(b), before_phase="cpu", after_phase="cpu").equal


def _model() -> nn.Module:
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 3), nn.Tanh())
    model.register_buffer("offset", torch.full((4,), 0.5), persistent=False)
    return model


def test_a_changed_non_persistent_buffer_differs():
    changed = _model()
    changed.offset.fill_(-3.0)
    assert _same(_model(), _model()) and not _same(_model(), changed)


@pytest.mark.parametrize(
    "change",
    [
        lambda m: m.register_forward_hook(lambda mod, i, o: o * 2),
        lambda m: m[0].register_forward_pre_hook(lambda mod, i: (i[0] + 1,)),
        lambda m: m.eval(),
        lambda m: setattr(m[0], "forward", lambda x: x),
    ],
    ids=["forward hook", "pre-hook on a submodule", "eval mode", "instance forward"],
)
def test_a_module_that_computes_differently_with_the_same_state_differs(change):
    changed = _model()
    change(changed)
    assert not _same(_model(), changed)


def test_the_same_hook_in_both_versions_is_equal_and_its_captured_values_count():
    def scaled(factor: float) -> nn.Module:
        model = _model()
        model.register_forward_hook(lambda mod, i, o: o * factor)
        return model

    assert _same(scaled(2.0), scaled(2.0)) and not _same(scaled(2.0), scaled(3.0))


# -- state kept across calls


def test_the_number_of_calls_is_drawn_not_fixed():
    drawn = {Runner("cpu", 10.0).calls for _ in range(200)}
    assert min(drawn) >= 3 and len(drawn) >= 3


def test_every_later_call_is_compared(tmp_path):
    """A version that goes wrong only from its third call in a process (a counter in builtins) fails
    when the harness calls it three times or more; each later call's results carry their number."""
    script = tmp_path / "case.py"
    script.write_text(
        "import builtins, torch\n"
        "def run():\n"
        "    builtins.calls = getattr(builtins, 'calls', 0) + 1\n"
        "    return {'y': torch.ones(2) * (0 if builtins.calls >= 3 else 1)}\n"
    )
    pool = ZygotePool(1)
    try:
        with pool.lend() as zygote:
            run = (
                Runner("cpu", 60.0, calls=4)
                .run_version(zygote, script, tmp_path, tmp_path / "out")
                .phases["cpu"]
            )
    finally:
        pool.close()
    assert run.ok and run.again is not None and run.again.ok and run.again.results is not None
    later = run.again.results
    assert sorted(later) == ["y (call 2)", "y (call 3)", "y (call 4)"]
    assert later["y (call 2)"].sum() == 2 and later["y (call 3)"].sum() == 0


# -- the emulator's storage does not tell


def test_a_moved_parameters_storage_is_on_the_gpu():
    with emulated_cuda():
        model = nn.Sequential(nn.Linear(2, 2), nn.BatchNorm1d(2)).to("cuda")
        for tensor in [*model.parameters(), *model.buffers()]:
            assert tensor.untyped_storage().device.type == "cuda"
            assert tensor.untyped_storage().is_cuda
        kept = next(model.parameters())
        kept.data = kept  # Module.to on a model already there: .data set to the tensor itself
        assert kept.is_cuda and kept.untyped_storage().is_cuda


def test_a_cuda_build_says_so():
    with emulated_cuda():
        assert torch.backends.cuda.is_built()
        assert not torch.ones(2, device="cuda").is_cpu
        assert torch.ones(2, device="cuda").__cuda_array_interface__["shape"] == (2,)
        assert not hasattr(torch.ones(2), "__cuda_array_interface__")
