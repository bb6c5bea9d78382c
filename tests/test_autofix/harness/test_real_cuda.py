"""The real-CUDA phase, simulated on the CPU: what the first real-GPU run (an H200) got wrong.

Real CUDA differs from the emulated GPU in two ways that matter to the judge, and both are simulated here:

* CUDA's own checks raise in C++, straight under the case's ``a + b``, with no emulator mark: only the
  phase's function mode (a Recorder) can say that torch raised them. The fidelity benchmark ran real CUDA
  without one, and classed every device mismatch as a plain error.
* The profiler hands its copy events over only once it has stopped: the cuda phase read its counts
  inside the profiler, so every transfer and sync counted 0 and 13 corpus cases had "no proof".

The second run (2026-11-27) found one sync too many in every phase (the profiler's own wait when it
stops, and the notice CUDA's sync debug mode gives when first turned on, both counted as the case's),
the constructors a legacy call's respelling makes missing from the counts the judge compares, and
CUDA's lazy initialisation read as a memo, so that no case was timed on the GPU.
"""

from __future__ import annotations

import ctypes
import functools
import json
import os
import subprocess
import sys
import textwrap
import warnings
from pathlib import Path

import pytest

from tests import ROOT

torch = pytest.importorskip("torch")

from autofix.harness.failures import failure_of  # noqa: E402
from autofix.harness.models import DEVICE_MISMATCH, ERROR  # noqa: E402
from autofix.harness.origin import TORCH, UNKNOWN  # noqa: E402

# What real CUDA raised on the H200 (benchmarks/results.md, GPU check 2026-11-26 21:21 UTC).
CUDA_MESSAGES = [
    (
        RuntimeError,
        "Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!",
    ),
    (
        RuntimeError,
        "Expected all tensors to be on the same device, but got mat2 is on cpu, different from other tensors"
        " on cuda:0 (when checking argument in method wrapper_CUDA_mm)",
    ),
    (RuntimeError, "indices should be either on cpu or on the same device as the indexed tensor (cpu)"),
    (
        TypeError,
        "can't convert cuda:0 device type tensor to numpy. Use Tensor.cpu() to copy the tensor to host"
        " memory first.",
    ),
    (RuntimeError, "Expected a 'cuda' device type for generator but found 'cpu'"),
    (RuntimeError, "Cannot compare two tensors on different devices. Got: cuda:0 and cpu"),
    # The second run (2026-11-27): masked_fill's own check, read as a plain error, left 4 cases unproven.
    (RuntimeError, "expected self and mask to be on the same device, but got mask on cpu and self on cuda:0"),
]


def c_raiser(exc_type: type[BaseException], message: str):
    """A C function that raises ``exc_type(message)``: no Python frame of its own, as CUDA's C++ checks."""
    set_error = ctypes.PYFUNCTYPE(None, ctypes.py_object, ctypes.c_char_p)(
        ("PyErr_SetString", ctypes.pythonapi)
    )
    return functools.partial(set_error, exc_type, message.encode())


def cuda_op(raiser):
    """A torch function as a CUDA build binds it: reached through the active function mode, if any (as
    torch's bindings call handle_torch_function), its kernel C code that raises."""

    def op(*tensors):
        if torch._C._is_torch_function_mode_enabled():
            return torch.overrides.handle_torch_function(op, tensors, *tensors)
        return raiser()

    op.__name__ = "add"
    return op


def _raised(context, op) -> BaseException:
    code = compile("op(torch.ones(3), torch.ones(3))", "case.py", "exec")
    try:
        if context is None:
            exec(code, {"op": op, "torch": torch})
        else:
            with context:
                exec(code, {"op": op, "torch": torch})
    except Exception as exc:  # noqa: BLE001 - the exception is what the test looks at
        return exc
    raise AssertionError("nothing raised")


def _set_sync_debug_mode(mode) -> None:
    """As torch's: turning the mode on warns that it is a prototype (a notice, not a sync)."""
    if mode not in (0, "default"):
        warnings.warn(
            "Synchronization debug mode is a prototype feature and does not yet detect all synchronizing"
            " operations",
            stacklevel=2,
        )


@pytest.fixture
def no_gpu_needed(monkeypatch):
    """real_cuda() on a CPU build: CUDA's sync debug mode and synchronize as no-ops."""
    monkeypatch.setattr(torch.cuda, "set_sync_debug_mode", _set_sync_debug_mode)
    monkeypatch.setattr(torch.cuda, "synchronize", lambda device=None: None)


@pytest.mark.parametrize("exc_type, message", CUDA_MESSAGES, ids=lambda v: str(v)[:40])
def test_cudas_own_check_raised_in_cxx_is_torchs_under_the_phase_mode(no_gpu_needed, exc_type, message):
    from autofix.harness.child import real_cuda

    op = cuda_op(c_raiser(exc_type, message))
    bare = failure_of(_raised(None, op))  # what the first GPU run's fidelity table did: no mode
    assert (bare.origin, bare.kind) == (UNKNOWN, ERROR)
    seen = failure_of(_raised(real_cuda(), op))
    assert (seen.origin, seen.kind) == (TORCH, DEVICE_MISMATCH), seen


def test_the_fidelity_benchmark_runs_real_cuda_as_verify_does(no_gpu_needed):
    sys.path.insert(0, str(ROOT))
    try:
        from benchmarks import fidelity
    finally:
        sys.path.remove(str(ROOT))
    op = cuda_op(c_raiser(*CUDA_MESSAGES[0]))
    assert failure_of(_raised(fidelity.real(), op)).kind == DEVICE_MISMATCH


class _Profile:
    """torch.profiler.profile as CUDA's: its events exist only once it stopped (two copies to the GPU)."""

    def __init__(self, *args, **kwargs) -> None:
        self.stopped = False

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        torch.cuda.synchronize()  # as torch's profiler does when it stops: a wait that is not the case's
        self.stopped = True

    def events(self):
        assert self.stopped, "the profiler's events were read before it stopped"
        return [type("Event", (), {"name": "Memcpy HtoD (Pageable -> Device)"})()] * 2


def test_copies_and_syncs_are_read_once_the_profiler_stopped(no_gpu_needed, monkeypatch):
    from autofix.harness.child import real_cuda

    monkeypatch.setattr(torch.profiler, "profile", _Profile)
    with real_cuda() as counts:
        warnings.warn("called a synchronizing CUDA operation", stacklevel=1)
        torch.cuda.synchronize()  # an explicit wait the sync debug mode does not report: counted too
    assert (counts["host_to_device"], counts["syncs"]) == (2, 2)
    with pytest.raises(ValueError), real_cuda() as failed:  # a failing run: how far it got
        warnings.warn("called a synchronizing CUDA operation", stacklevel=1)
        raise ValueError
    assert (failed["host_to_device"], failed["syncs"]) == (2, 1)


def test_the_real_phase_counts_constructors_as_the_emulated_gpu_does(no_gpu_needed, monkeypatch):
    """The judge's "same computation" leaves out the host tensors a legacy constructor's respelling makes
    (``torch.Tensor(n)`` -> ``torch.empty(n)``): real CUDA's counts must name them, as the emulated GPU's
    do, or DEV009's respelling reads as more work on a real GPU."""
    from autofix.harness.child import real_cuda

    monkeypatch.setattr(torch.profiler, "profile", _Profile)
    with real_cuda() as counts:
        torch.empty(3).fill_(1.0)
        torch.tensor([1.0, 2.0])
    assert (counts["constructor_ops"], counts["constructor_elements"]) == (2, 5)
    assert counts["host_ops"] == 3


def _run_child(tmp_path: Path, sitecustomize: str, request: dict) -> dict:
    """``request`` run by the harness's child process as verify runs it (a process of its own: a run sets
    process state), with ``sitecustomize`` run first in it; the report it wrote."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(sitecustomize)
    out = tmp_path / "out"
    path = tmp_path / "request.json"
    path.write_text(json.dumps({**request, "out": str(out)}))
    done = subprocess.run(
        [sys.executable, "-m", "autofix.harness.child", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": f"{site}{os.pathsep}{ROOT}", "OMP_NUM_THREADS": "1"},
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(Path(f"{out}.json").read_text())


# Run first in the phase's process (a sitecustomize): CUDA's calls made harmless, the profiler simulated.
SIMULATED_CUDA = textwrap.dedent(
    """
    import sys, torch
    sys.path.insert(0, {tests!r})
    from test_real_cuda import _Profile, _set_sync_debug_mode
    torch.cuda.set_sync_debug_mode = _set_sync_debug_mode
    torch.cuda.synchronize = lambda device=None: None
    torch.profiler.profile = _Profile
    """
)
CASE = textwrap.dedent(
    """
    import warnings, torch

    def run():
        warnings.warn("called a synchronizing CUDA operation")  # what CUDA's sync debug mode says
        x = torch.ones(3, device="meta")  # a tensor off the CPU: its draws count as the device's
        torch.randn(2, device="meta")
        {tail}
    """
)


@pytest.mark.parametrize("tail", ["return torch.ones(2)", "raise RuntimeError('late')"])
def test_the_cuda_phase_reports_what_the_profiler_counted(tmp_path, tail):
    """One cuda phase, run as verify runs it (in a process of its own: the phase sets process state)."""
    script = tmp_path / "case.py"
    script.write_text(CASE.format(tail=tail))
    request = {
        "action": "phase",
        "phase": "cuda",
        "script": str(script),
        "cwd": str(tmp_path),
        "entry": "run",
        "seed": 0,
        "watch": str(script),
    }
    report = _run_child(tmp_path, SIMULATED_CUDA.format(tests=str(Path(__file__).parent)), request)
    assert report["ok"] == tail.startswith("return")
    counts = report["counts"]
    assert (counts["host_to_device"], counts["syncs"], counts["device_random"]) == (2, 1, 1)
    assert counts["random_sites"] == [[7, 7]]  # the draw's line, located on real CUDA too


# -- the judge on real CUDA's runs (device "cuda"), built by hand from what the H200 run reported


def _phase(phase, results=None, failure=None, **counts):
    from autofix.harness.models import PhaseRun

    base = {"host_to_device": 1, "device_ops": 4, "host_ops": 0, "device_elements": 12, "host_elements": 0}
    return PhaseRun(phase, failure is None, failure, {**base, **counts}, ["codes"], results)


def _judged(after_sites, shared_sites, unsafe_lines):
    """DEV001's guarded_cuda_model as the H200 ran it: before fails on the GPU, after draws ``codes``
    there (other numbers than the CPU's), and after on the CPU's stream equals before."""
    from autofix.harness.judge import Judge
    from autofix.harness.models import DEVICE_MISMATCH, LENIENT, SHARED_RNG, CaseResult, Failure, VersionRun

    cpu_numbers, gpu_numbers = {"codes": torch.arange(6.0)}, {"codes": torch.arange(6.0).flip(0)}
    mismatch = Failure(DEVICE_MISMATCH, "RuntimeError", CUDA_MESSAGES[0][1], "before.py:20", TORCH)
    before = VersionRun({"cpu": _phase("cpu", cpu_numbers), "cuda": _phase("cuda", failure=mismatch)})
    before.extra[LENIENT] = _phase(LENIENT, cpu_numbers, device_random=0)
    after = VersionRun(
        {"cpu": _phase("cpu", cpu_numbers), "cuda": _phase("cuda", gpu_numbers, device_random=1)}
    )
    after.phases["cuda"].random_sites = after_sites
    after.extra[SHARED_RNG] = _phase(SHARED_RNG, cpu_numbers, device_random=1)
    after.extra[SHARED_RNG].random_sites = shared_sites
    result = CaseResult("DEV001/guarded_cuda_model", ("DEV001",), True, rewritten="after.py")
    result.changed_lines, result.unsafe_lines = [19, 20, 27], unsafe_lines
    result.before, result.after = before, after
    Judge("cuda").judge(result)
    return result


def test_a_draw_an_unsafe_fix_moved_is_located_on_real_cuda():
    # The H200 run's cuda phase located no draw: the unsafe fix's draw read as a safe fix's.
    located = _judged(after_sites=[(27, 27)], shared_sites=[(27, 27)], unsafe_lines=[27])
    assert located.verdict == "PASS", located.problems
    assert located.different_numbers
    # A run that located none (another thread drew) falls back on the same version on the CPU's stream.
    fallback = _judged(after_sites=[], shared_sites=[(27, 27)], unsafe_lines=[27])
    assert fallback.verdict == "PASS", fallback.problems


def test_a_draw_a_safe_fix_moved_still_fails_on_real_cuda():
    safe = _judged(after_sites=[(27, 27)], shared_sites=[(27, 27)], unsafe_lines=[])
    assert safe.verdict == "FAIL"
    assert "only a fix marked unsafe may change the numbers" in safe.reason()


def _lacking():
    from autofix.harness.judge import Judge
    from autofix.harness.models import ERROR, NEEDS_GPU, CaseResult, Failure, PhaseRun, VersionRun

    no_gpu = Failure(
        NEEDS_GPU, "AssertionError", "Torch not compiled with CUDA enabled", "before.py:14", TORCH
    )
    ordinal = Failure(ERROR, "AcceleratorError", "CUDA error: invalid device ordinal", "before.py:15", TORCH)
    before = VersionRun({"cpu": PhaseRun("cpu", False, no_gpu), "cuda": PhaseRun("cuda", False, ordinal)})
    after = VersionRun({"cpu": PhaseRun("cpu", False, no_gpu), "cuda": PhaseRun("cuda", False, ordinal)})
    result = CaseResult("DEV006/hand_split_pipeline", ("DEV006",), positive=False)
    result.before, result.after = before, after
    Judge("cuda").judge(result)
    return result


def test_a_case_needing_more_gpus_than_the_machine_has_cannot_be_judged():
    # DEV006/hand_split_pipeline uses cuda:1; the H200 machine had one GPU: it was failed as "runs nowhere".
    unchanged = _lacking()
    assert unchanged.verdict == "UNPROVEN" and "a GPU this machine lacks" in unchanged.unproven


# CUDA's lazy initialisation, simulated: the first GPU call binds a name on torch.cuda (as _lazy_init
# binds _get_device_properties), and torch.cuda.init() does it too.
LAZY_CUDA = textwrap.dedent(
    """
    import torch

    def _first_use(*args, **kwargs):
        if not hasattr(torch.cuda, "_bound_by_lazy_init"):
            torch.cuda._bound_by_lazy_init = object()
        return 0

    torch.cuda.init = _first_use
    torch.cuda.current_device = _first_use
    torch.cuda.synchronize = lambda device=None: None
    """
)
TIMED_CASE = textwrap.dedent(
    """
    import torch

    def run():
        torch.cuda.current_device()  # the case's first GPU call
        return {"y": torch.ones(3) * 2}
    """
)


def test_a_timing_on_real_cuda_does_not_take_cudas_initialisation_for_a_memo(tmp_path):
    """The H200 run of 2026-11-27 timed no case on the GPU: every before "left torch.cuda._get_device_
    properties behind", bound by CUDA's lazy initialisation at the case's first GPU call."""
    versions = []
    for tag in ("before", "after"):
        folder = tmp_path / tag
        folder.mkdir()
        (folder / "case.py").write_text(TIMED_CASE)
        versions.append(
            {
                "script": str(folder / "case.py"),
                "cwd": str(folder),
                "sys_path": [],
                "module": "",
                "root": str(folder),
            }
        )
    request = {
        "action": "timing",
        "versions": versions,
        "cwd": versions[0]["cwd"],
        "phase": "cuda",
        "entry": "run",
        "seed": 0,
        "threads": 1,
        "sys_path": [],
        "min_pairs": 2,
        "min_seconds": 0.0,
        "max_pairs": 2,
    }
    times = _run_child(tmp_path, LAZY_CUDA, request)
    assert "error" not in times, times["error"]
    assert len(times["before"]) == len(times["after"]) == 2
