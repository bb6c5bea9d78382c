"""The adversarial set's fooling ideas (benchmarks/adversarial), each refused at the harness's level:
work that feeds no result, threads and disabled modes, forged reports, state between calls, timed
calls that skip work, one huge element, and the emulated GPU's gaps that made false passes."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading

import pytest

from tests import ROOT

torch = pytest.importorskip("torch")

from autofix.harness import child  # noqa: E402
from autofix.harness.compare import compare  # noqa: E402
from autofix.harness.emulated_cuda import emulated_cuda  # noqa: E402
from autofix.harness.guard import OutOfView, guarded, hidden_modules  # noqa: E402
from autofix.harness.judge import Judge  # noqa: E402
from autofix.harness.models import CaseResult, PhaseRun  # noqa: E402
from autofix.harness.recorder import Recorder  # noqa: E402


def _run_as_case(code: str, namespace: dict) -> None:
    """``code`` run as a case's file runs (its frames name a file outside every library)."""
    exec(compile(textwrap.dedent(code), os.path.join(os.getcwd(), "case.py"), "exec"), namespace)


# -- comparing results


def test_one_huge_element_leaves_the_small_ones_checked():
    history = torch.tensor([2e6] + [0.1] * 64)
    garbage = torch.tensor([2e6] + [7.5] * 64)
    assert not compare({"h": history}, {"h": garbage}, before_phase="cpu", after_phase="cpu").equal
    rounded = history * (1 + 1e-7)
    assert compare({"h": history}, {"h": rounded}, before_phase="cpu", after_phase="cpu").equal


def test_sparse_quantized_and_subclass_results_are_read_as_plain_dense_tensors():
    class Tagged(torch.Tensor):
        pass

    sparse = torch.eye(3).to_sparse()
    tagged = torch.ones(2).as_subclass(Tagged)
    quantized = torch.quantize_per_tensor(torch.ones(2), 0.1, 0, torch.quint8)
    plain = child._checked({"s": sparse, "t": tagged, "q": quantized}, "run")
    assert all(type(t) is torch.Tensor and t.layout == torch.strided for t in plain.values())
    assert torch.equal(plain["s"], torch.eye(3))


# -- the work that feeds the results


def test_padding_on_the_device_does_not_feed_a_host_result():
    with emulated_cuda() as mode:
        model = torch.nn.Linear(4, 3).to("cuda")
        x = torch.randn(5, 4)
        out = model.cpu()(x).to("cuda")
        for _ in range(10):  # dummy device work nobody returns
            torch.ones(1000, device="cuda").mul_(2)
        assert mode.fed([out])["device"] == 0
        assert mode.counters.device_elements > mode.counters.host_elements  # the total share is fooled
        honest = torch.nn.Linear(4, 3).to("cuda")(x.to("cuda"))
        assert mode.fed([honest])["device"] > 0


def test_a_result_made_out_of_sight_is_host_work():
    import numpy as np

    with emulated_cuda() as mode:
        out = torch.tensor(np.ones((4, 4), dtype=np.float32), device="cuda")
        assert mode.fed([out]) == {"device": 0, "host": 16}


# -- threads, modes, reports, the harness's modules


def test_a_thread_runs_under_the_emulated_gpu_and_is_counted():
    with emulated_cuda() as mode, guarded():
        loss = torch.ones(3, device="cuda").sum()
        box = []
        thread = threading.Thread(target=lambda: box.append((loss.item(), torch.ones(2, device="cuda"))))
        thread.start()
        thread.join()
        assert box[0][0] == 3.0 and box[0][1].device.type == "cuda"
        assert mode.counters.syncs == 1


@pytest.mark.parametrize(
    "code",
    [
        "with torch._C.DisableTorchFunction():\n    pass",
        "torch.overrides._get_current_function_mode_stack()",
        "torch._C._pop_torch_function_stack()",
    ],
)
@pytest.mark.parametrize("mode", ["recorder", "emulated"])
def test_the_case_cannot_step_out_of_the_harnesss_modes(code, mode):
    context = emulated_cuda() if mode == "emulated" else Recorder()
    with context, guarded():
        with pytest.raises(OutOfView, match="hides its work"):
            _run_as_case(code, {"torch": torch})
        torch.ones(2) + 1  # torch's own calls still work


def test_the_harnesss_modules_are_out_of_sight_while_the_case_runs():
    with hidden_modules():
        assert not any(name.startswith("autofix") for name in sys.modules)
    assert "autofix.harness.emulated_cuda" in sys.modules


def test_the_case_cannot_write_the_harnesss_report(tmp_path):
    report = tmp_path / "OUT.json"
    script = f"""
import json, os, sys
sys.path.insert(0, {str(ROOT)!r})
from autofix.harness.guard import protect_reports
protect_reports([{str(report)!r}])
case = "def forge():\\n    open({str(report)!r}, 'w').write('forged')\\nforge()"
try:
    exec(compile(case, os.path.join(os.getcwd(), "case.py"), "exec"))
    print("written")
except PermissionError:
    print("refused")
# Written with no case code on the stack (a thread running pathlib alone): allowed.
import pathlib, threading
t = threading.Thread(target=pathlib.Path({str(report)!r}).write_text, args=("the harness's",))
t.start(); t.join()
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path)
    assert done.stdout.strip() == "refused", done.stderr
    assert report.read_text() == "the harness's"


# -- state between calls, timed calls


def _phase(results: dict, again: dict | None, ok_again: bool = True) -> PhaseRun:
    run = PhaseRun("cpu", True, results=results)
    run.again = PhaseRun("cpu", ok_again, results=again)
    return run


def test_a_second_call_that_differs_fails():
    x = torch.ones(3)
    result = CaseResult("case", ("DEV001",), positive=True)
    judge = Judge("cpu")
    judge._again(result, _phase({"y": x}, {"y": x}), _phase({"y": x}, {"y": x * 2}))
    assert any(p.startswith("results differ on a later call in one process (cpu)") for p in result.problems)
    same = CaseResult("case", ("DEV001",), positive=True)
    judge._again(same, _phase({"y": x}, {"y": x}), _phase({"y": x}, {"y": x.clone()}))
    assert not same.problems


def test_each_case_gets_its_own_rules_dtype_allowance_from_one_shared_judge():
    # verify_all's threads share one Judge: a case's allowance must come from the case, not from
    # whatever case that Judge judged last (a DEV002 case failed now and then when it did).
    judge = Judge("cpu")
    wide, narrow = torch.ones(3, dtype=torch.float64), torch.ones(3)
    for rules, allowed in ((("DEV002",), True), (("DEV001",), False), (("DEV002",), True)):
        result = CaseResult("case", rules, positive=True)
        judge._again(result, _phase({"y": wide}, {"y": wide}), _phase({"y": narrow}, {"y": narrow}))
        assert not result.problems if allowed else result.problems, (rules, result.problems)


def test_a_timed_call_must_return_its_first_results(tmp_path):
    script = tmp_path / "case.py"
    script.write_text("import torch\n_CALLS = [0]\ndef run():\n    return {'y': torch.ones(2)}\n")
    memo = tmp_path / "memo.py"
    memo.write_text(
        "import builtins, torch\ndef run():\n    n = getattr(builtins, 'calls', 0)\n"
        "    builtins.calls = n + 1\n    return {} if n else {'y': torch.ones(2)}\n"
    )
    for after, error in ((script, False), (memo, True)):
        where = [
            {"script": str(path), "cwd": str(tmp_path), "sys_path": [], "module": "", "root": str(tmp_path)}
            for path in (script, after)
        ]
        request = {
            "versions": where,
            "cwd": str(tmp_path),
            "phase": "cpu",
            "entry": "run",
            "out": str(tmp_path / f"timing-{error}"),
            "seed": 0,
            "threads": 1,
            "min_pairs": 2,
            "min_seconds": 0.0,
            "max_pairs": 2,
        }
        done = subprocess.run(
            [sys.executable, "-c", f"from autofix.harness import child; child.run_timing({request!r})"],
            capture_output=True,
            text=True,
            cwd=ROOT,
        )
        assert done.returncode == 0, done.stderr
        text = (tmp_path / f"timing-{error}.json").read_text()
        # Refused either way: by the state it leaves in builtins (seen at its warm-up call), or by the
        # timed call that returns other results than its first.
        refused = "returned other results than its first call" in text or "keeps state between calls" in text
        assert refused == error


# -- the emulated GPU's gaps that made false passes


def test_a_cuda_generator_state_is_philoxs_16_bytes():
    with emulated_cuda():
        state = torch.cuda.get_rng_state()
        assert state.dtype == torch.uint8 and state.numel() == 16
        first = torch.randn(3, device="cuda")
        torch.cuda.set_rng_state(state)
        assert torch.equal(torch.randn(3, device="cuda"), first)
        with pytest.raises(RuntimeError, match="RNG state is wrong size"):
            torch.cuda.set_rng_state(torch.get_rng_state())


def test_an_async_copy_to_the_host_lands_only_at_a_sync():
    with emulated_cuda():
        x = torch.full((3,), 2.0, device="cuda")
        early = x.to("cpu", non_blocking=True)
        assert torch.isnan(early).all()  # read before a synchronize: garbage on a real GPU
        torch.cuda.synchronize()
        assert torch.equal(early, torch.full((3,), 2.0))
        late = x.to("cpu", non_blocking=True)
        x.sum().item()  # any sync lands it too
        assert torch.equal(late, torch.full((3,), 2.0))


def test_a_wait_lands_only_the_copies_it_orders():
    """A stream's or an event's wait covers its own stream's copies queued before it (CUDA's stream
    semantics): an event recorded before the copies, another stream's synchronize, or a query() whose
    "not yet" is ignored leaves them in flight."""
    two = torch.full((3,), 2.0)
    with emulated_cuda():
        x = torch.full((3,), 2.0, device="cuda")
        before = torch.cuda.Event()
        before.record()
        copy = x.to("cpu", non_blocking=True)
        before.synchronize()
        torch.cuda.Stream().synchronize()
        assert torch.isnan(copy).all()
        after = torch.cuda.Event()
        after.record()
        assert after.query() is False  # in flight: a GPU may answer "not yet"
        assert torch.isnan(copy).all()
        assert after.query() is True  # asked again, done: the copy has landed
        assert torch.equal(copy, two)
        late = x.to("cpu", non_blocking=True)
        torch.cuda.current_stream().synchronize()  # the stream it was queued on
        assert torch.equal(late, two)
        last = x.to("cpu", non_blocking=True)
        done = torch.cuda.Event()
        done.record()
        done.synchronize()
        assert torch.equal(last, two)


def test_integer_matmul_has_no_cuda_kernel():
    with emulated_cuda():
        a = torch.ones(2, 2, dtype=torch.int64, device="cuda")
        with pytest.raises(RuntimeError, match="not implemented for 'Long'"):
            a @ a
        torch.ones(2, 2, dtype=torch.int64) @ torch.ones(2, 2, dtype=torch.int64)  # the CPU has one


def test_cuda_in_a_fork_of_a_process_that_initialised_it_raises():
    with emulated_cuda() as mode:
        torch.zeros(1, device="cuda")
        mode._pid = -1  # as seen from a forked child
        with pytest.raises(RuntimeError, match="Cannot re-initialize CUDA in forked subprocess"):
            torch.zeros(1, device="cuda")


def test_memory_queries_report_the_tensors_held():
    with emulated_cuda():
        before = torch.cuda.memory_allocated()
        x = torch.empty(1 << 20, device="cuda")
        assert torch.cuda.memory_allocated() - before >= 4 << 20
        free, total = torch.cuda.mem_get_info()
        assert free < total and torch.cuda.memory_stats()["allocated_bytes.all.peak"] >= 4 << 20
        del x
        assert torch.cuda.memory_allocated() == before
        assert torch.eye(3).to_sparse().to("cuda").device.type == "cuda"  # no one storage: not counted


def test_pinning_and_autocast_follow_cuda():
    with emulated_cuda():
        pinned = torch.ones(3).pin_memory()
        assert pinned.pin_memory() is pinned
        with pytest.raises(RuntimeError, match="Only dense CPU tensors can be pinned"):
            torch.zeros(3, device="cuda", pin_memory=True)
        a = torch.ones(2, 2, device="cuda", dtype=torch.float64)
        with torch.autocast("cuda", dtype=torch.bfloat16):
            assert (a @ a).dtype == torch.float64
            assert torch.get_autocast_dtype("cuda") == torch.bfloat16
        assert isinstance(torch.cuda.device(0), torch.cuda.device)
