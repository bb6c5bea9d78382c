"""Runs one version (before.py or after.py) of a corpus case in a fresh process, for ``autofix verify``.

    python -m autofix.harness.child CASE.py OUT_PREFIX --device emulated-cuda --repeats 5 --seed 0

Phases, each on a fresh import of the case with the same seeds:

1. ``cpu``: plain CPU execution. Gives the reference result and the timings (median of the repeats,
   after one warm-up run), since on a CPU-only machine the CPU is the only real clock.
2. ``emulated-cuda`` (when asked): the case runs as if a GPU were present; gives the outcome on a
   GPU machine (device-mismatch errors included) and the transfer and sync counts.
   ``cuda`` (when asked, on a real GPU): the same on the real device, counted with the profiler.

Writes ``OUT_PREFIX.json`` (outcomes, counts, timings) and ``OUT_PREFIX.<phase>.pt`` (results).
The case failing is data, not an error: this process exits 0 unless the harness itself breaks.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import os
import random
import statistics
import sys
import time
import traceback
import warnings
from pathlib import Path
from typing import Any, Callable, Iterator

import torch

from autofix.harness.emulated_cuda import emulated_cuda


# The emulated machine has two GPUs, so code that spreads work over GPUs meets a second device.
EMULATED_GPUS = 2


def _seed(seed: int) -> None:
    random.seed(seed)
    try:
        import numpy

        numpy.random.seed(seed)
    except ImportError:  # pragma: no cover - numpy ships with the verify extra
        pass
    torch.manual_seed(seed)


def _load(path: Path, tag: str) -> Callable[[], Any]:
    """Import the case afresh (its module-level code runs now) and return its ``run``."""
    name = f"autofix_case_{tag}_{abs(hash(str(path)))}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    run = getattr(module, "run", None)
    if not callable(run):
        raise TypeError(f"{path} defines no run() function")
    return run


def _tensors(result: Any) -> dict[str, torch.Tensor]:
    if not isinstance(result, dict):
        raise TypeError(f"run() must return a dict of tensors, got {type(result).__name__}")
    out = {}
    for key, value in result.items():
        tensor = value if isinstance(value, torch.Tensor) else torch.as_tensor(value)
        out[str(key)] = tensor.detach()
    return out


def _failure(exc: BaseException) -> dict[str, Any]:
    frames = traceback.extract_tb(exc.__traceback__)
    where = next((f for f in reversed(frames) if "autofix" not in f.filename), frames[-1] if frames else None)
    return {
        "type": type(exc).__name__,
        "message": str(exc).strip().splitlines()[0] if str(exc).strip() else "",
        "where": f"{Path(where.filename).name}:{where.lineno}" if where else "",
    }


@contextlib.contextmanager
def _real_cuda_counting() -> Iterator[dict[str, int]]:
    """Count memcpys with the profiler and syncs with CUDA's sync debug mode."""
    from torch.profiler import ProfilerActivity, profile

    counts = {"host_to_device": 0, "device_to_host": 0, "syncs": 0}
    torch.cuda.set_sync_debug_mode("warn")
    try:
        with warnings.catch_warnings(record=True) as caught, profile(
            activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]
        ) as prof:
            warnings.simplefilter("always")
            yield counts
            torch.cuda.synchronize()
        counts["syncs"] = sum("synchroniz" in str(w.message) for w in caught)
        for event in prof.events():
            if "HtoD" in event.name:
                counts["host_to_device"] += 1
            elif "DtoH" in event.name:
                counts["device_to_host"] += 1
    finally:
        torch.cuda.set_sync_debug_mode(0)


def run_phase(path: Path, phase: str, repeats: int, seed: int) -> tuple[dict[str, Any], dict[str, torch.Tensor] | None]:
    """One phase: import, run once (counted), then time ``repeats`` more runs (cpu and cuda only)."""
    report: dict[str, Any] = {"phase": phase, "ok": False}
    result = None
    if phase == "emulated-cuda":
        context: contextlib.AbstractContextManager[Any] = emulated_cuda(device_count=EMULATED_GPUS)
    elif phase == "cuda":
        context = _real_cuda_counting()
    else:
        context = contextlib.nullcontext()
    try:
        with context as counter:
            _seed(seed)
            run = _load(path, phase)
            _seed(seed)
            raw = run()
        # Out of the device context: reading the results back is not the case's doing.
        result = {k: v.cpu() for k, v in _tensors(raw).items()}
        if isinstance(counter, dict):
            report["counts"] = dict(counter)
        elif counter is not None:
            counts = counter.counters
            report["counts"] = {
                "host_to_device": counts.host_to_device,
                "device_to_host": counts.device_to_host,
                "syncs": counts.syncs,
            }
        if phase != "emulated-cuda" and repeats > 0:
            report["times"] = _time(run, repeats, seed, phase == "cuda")
        report["ok"] = True
    except Exception as exc:  # the case's failure is what we measure
        report["error"] = _failure(exc)
    return report, result


# Short runs are repeated until this much time has been measured, so their median is not noise.
_MIN_MEASURED_SECONDS = 0.25
_MAX_REPEATS = 200


def _time(run: Callable[[], Any], repeats: int, seed: int, cuda: bool) -> list[float]:
    """Wall time of ``repeats`` runs (after the counted first run, which was the warm-up)."""
    times: list[float] = []
    while len(times) < repeats or (sum(times) < _MIN_MEASURED_SECONDS and len(times) < _MAX_REPEATS):
        _seed(seed)
        if cuda:
            torch.cuda.synchronize()
        start = time.perf_counter()
        run()
        if cuda:
            torch.cuda.synchronize()
        times.append(time.perf_counter() - start)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("case", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--device", default="emulated-cuda", choices=["cpu", "emulated-cuda", "cuda"])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args(argv)
    case, out = args.case.resolve(), args.out.resolve()

    torch.set_num_threads(args.threads)
    # What torch.use_deterministic_algorithms(True) does, minus importing torch._inductor to set a
    # compiler flag we never use: that import costs over a second in every child.
    torch._C._set_deterministic_algorithms(True, warn_only=True)
    warnings.filterwarnings("ignore")
    os.chdir(case.parent)  # cases may read files next to them
    sys.path.insert(0, str(case.parent))

    phases = ["cpu"] + ([args.device] if args.device != "cpu" else [])
    summary: dict[str, Any] = {"phases": {}}
    for phase in phases:
        report, result = run_phase(case, phase, args.repeats if phase != "emulated-cuda" else 0, args.seed)
        if report.get("times"):
            report["median_time"] = statistics.median(report["times"])
        summary["phases"][phase] = report
        if result is not None:
            torch.save(result, f"{out}.{phase}.pt")
    Path(f"{out}.json").write_text(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
