"""The judge's device-work check, operation by operation (round 3 of the adversarial evaluation)."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from autofix.harness.judge import Judge  # noqa: E402
from autofix.harness.models import (  # noqa: E402
    DEVICE_MISMATCH,
    LENIENT,
    CaseResult,
    Failure,
    PhaseRun,
    VersionRun,
)
from autofix.harness.origin import EMULATOR  # noqa: E402

OUT = {"out": torch.arange(4.0)}


def _run(phase: str, by_name: dict[str, list[int]], **counts: int) -> PhaseRun:
    base = {"host_to_device": 1, "host_ops": 0, "device_ops": 0, "host_elements": 0, "device_elements": 0}
    for host, device in by_name.values():
        base["host_ops"] += host
        base["device_ops"] += device
    base["host_elements"], base["device_elements"] = base["host_ops"] * 10, base["device_ops"] * 10
    return PhaseRun(phase, True, None, {**base, **counts, "by_name": by_name}, ["out"], OUT)


def _judged(after_ops: dict[str, list[int]], gpus: int = 1) -> CaseResult:
    mismatch = Failure(DEVICE_MISMATCH, "RuntimeError", "Expected all tensors ...", "before.py:9", EMULATOR)
    before = VersionRun({"cpu": _run("cpu", {}), "emulated-cuda": PhaseRun("emulated-cuda", False, mismatch)})
    # What before would run on the GPU, its mismatch let through: the model's two layers.
    before.extra[LENIENT] = _run(LENIENT, {"sin": [1, 0], "linear": [0, 2], "relu": [0, 1]}, gpus=1)
    after = VersionRun({"cpu": _run("cpu", {}), "emulated-cuda": _run("emulated-cuda", after_ops, gpus=gpus)})
    result = CaseResult("DEV001/x", ("DEV001",), True, rewritten="after.py")
    result.before, result.after = before, after
    Judge("emulated-cuda").judge(result)
    return result


def test_the_model_run_on_the_host_behind_device_padding_fails():
    # w01: model.cpu() computes; a chain of matmuls on the GPU pads the shares.
    padded = _judged({"sin": [1, 0], "linear": [2, 0], "relu": [1, 0], "matmul": [0, 12], "tanh": [0, 12]})
    assert padded.verdict == "FAIL"
    assert "moves work off the GPU: after runs linear (0 of 2), relu (0 of 1)" in padded.reason()


def test_the_model_run_out_of_sight_fails_too():
    # w03: the layers computed in NumPy: torch sees none of them, anywhere.
    numpy = _judged({"sin": [1, 0], "mul": [0, 60]})
    assert numpy.verdict == "FAIL" and "linear (0 of 2)" in numpy.reason()


def test_the_same_work_on_the_device_passes():
    assert _judged({"sin": [1, 0], "linear": [0, 2], "relu": [0, 1]}).verdict == "PASS"


def test_an_after_on_a_second_gpu_before_never_used_fails():
    # w33: everything on a hard-coded cuda:1 runs on the emulated two-GPU machine, not on one GPU.
    second = _judged({"sin": [1, 0], "linear": [0, 2], "relu": [0, 1]}, gpus=2)
    assert second.verdict == "FAIL" and "after uses 2 GPUs where before uses 1" in second.reason()


def _dtype_judged(after_ops: dict[str, list[int]]) -> CaseResult:
    before = VersionRun(
        {
            "cpu": _run("cpu", {}),
            "emulated-cuda": _run(
                "emulated-cuda", {"linear": [9, 0], "tanh": [3, 0], "double": [1, 0]}, float64_ops=13
            ),
        }
    )
    after = VersionRun(
        {"cpu": _run("cpu", {}), "emulated-cuda": _run("emulated-cuda", after_ops, float64_ops=0)}
    )
    result = CaseResult("DEV002/x", ("DEV002",), True, rewritten="after.py")
    result.before, result.after = before, after
    Judge("emulated-cuda").judge(result)
    return result


def test_float64_work_gone_out_of_sight_is_no_saving():
    # w15: the float64 layers computed in NumPy: "float64 operations 13 -> 0", but no linear ran at all.
    numpy = _dtype_judged({"from_numpy": [1, 0]})
    assert numpy.verdict == "FAIL" and "linear (0 of 9)" in numpy.reason()
    cast = _dtype_judged({"linear": [9, 0], "tanh": [3, 0], "float": [1, 0]})  # .double() -> .float()
    assert cast.verdict == "PASS", cast.reason()


def test_explicit_waits_for_the_device_are_no_saving():
    # w27: DEV010's factories on the device, plus torch.cuda.synchronize() every step.
    ops = {"zeros": [0, 9], "add": [0, 9]}
    before = VersionRun(
        {"cpu": _run("cpu", {}), "emulated-cuda": _run("emulated-cuda", ops, host_to_device=9, syncs=9)}
    )
    after = VersionRun(
        {
            "cpu": _run("cpu", {}),
            "emulated-cuda": _run("emulated-cuda", ops, host_to_device=0, syncs=8, waits=8),
        }
    )
    result = CaseResult("DEV010/x", ("DEV010",), True, rewritten="after.py")
    result.before, result.after = before, after
    Judge("emulated-cuda").judge(result)
    assert result.verdict == "FAIL" and "waits for the device explicitly 8 times" in result.reason()
