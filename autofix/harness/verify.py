"""``autofix verify``: prove each corpus rewrite by running the before and after versions.

For every case folder (``before.py`` and the expected ``after.py``):

1. rewrite ``before.py`` with every rule (unsafe fixes included) and check the result is ``after.py``
   byte for byte;
2. run both versions in fresh subprocesses (:mod:`autofix.harness.child`), with the same seeds and
   pinned threads: on the CPU for the reference result and the timings, then on the device mode
   (``emulated-cuda`` without a GPU, ``cuda`` with one) for the outcome and the transfer/sync counts;
3. compare the results under :mod:`autofix.harness.compare`'s tolerance policy;
4. judge the case: a positive case (the rewrite changes the file) must run clean after, compute the
   same results wherever before ran too, and show a proof: before fails where after runs, or makes
   more transfers or host syncs, or is slower by a clear margin; a negative case must be left
   byte-identical and behave identically.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from autofix.diff import unified_diff
from autofix.files import DRY_RUN, Task, process_text
from codemods import all_rules

# A rewrite counts as a speed-up proof when the after version's median time is at least this much
# lower, on runs long enough (TIMING_FLOOR_S) that the difference is not Python overhead and noise:
# identical code measured in two processes was seen to differ by 2x on runs of a few milliseconds.
SPEEDUP_PROOF = 1.3
TIMING_FLOOR_S = 0.02


@dataclass
class PhaseRun:
    phase: str
    ok: bool
    error: dict[str, str] | None = None
    counts: dict[str, int] | None = None
    median_time: float | None = None
    results: dict[str, Any] | None = None

    @property
    def outcome(self) -> str:
        return "ok" if self.ok else describe_error(self.error or {})


@dataclass
class VersionRun:
    phases: dict[str, PhaseRun]
    timed_out: bool = False


@dataclass
class CaseResult:
    case: str
    rule: str
    positive: bool
    golden: bool
    golden_diff: str = ""
    before: VersionRun | None = None
    after: VersionRun | None = None
    equal: bool | None = None
    compared_on: str | None = None
    max_abs: float = 0.0
    max_rel: float = 0.0
    dtype_changed: bool = False
    timed_on: str = "cpu"
    proofs: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.problems


def describe_error(error: dict[str, str]) -> str:
    message = error.get("message", "")
    if "same device" in message:
        return "device mismatch"
    if "same dtype" in message or "expected scalar type" in message.lower():
        return "dtype mismatch"
    if "compiled with CUDA" in message or "No CUDA GPUs" in message:
        return "needs a GPU"
    if error.get("type") == "Timeout":
        return "timeout"
    return f"{error.get('type', 'error')}: {message[:60]}"


def find_cases(paths: list[Path]) -> list[Path]:
    cases: set[Path] = set()
    for path in paths:
        if (path / "before.py").is_file():
            cases.add(path)
        else:
            cases.update(p.parent for p in path.rglob("before.py"))
    return sorted(cases)


def expected_rewrite(before: Path) -> bytes:
    """What ``autofix apply --unsafe-fixes`` makes of ``before``, computed into memory."""
    data = before.read_bytes()
    task = Task(str(before), tuple(rule.code for rule in all_rules()), DRY_RUN, unsafe_fixes=True)
    result, new_data = process_text(str(before), data, task)
    if result.error:
        raise RuntimeError(f"{before}: {result.error}")
    return data if new_data is None else new_data


class Verifier:
    def __init__(
        self,
        *,
        device: str,
        repeats: int,
        threads: int,
        timeout: float,
        seed: int = 0,
        root: Path | None = None,
    ) -> None:
        self.device = device
        self.repeats = repeats
        self.threads = threads
        self.timeout = timeout
        self.seed = seed
        self.root = root or Path.cwd()

    def verify(self, case_dir: Path) -> CaseResult:
        before_path, after_path = case_dir / "before.py", case_dir / "after.py"
        name = _relative(case_dir, self.root)
        rule = case_dir.parent.name
        expected = expected_rewrite(before_path)
        checked_in = after_path.read_bytes() if after_path.is_file() else b""
        result = CaseResult(
            case=name,
            rule=rule,
            positive=before_path.read_bytes() != checked_in,
            golden=expected == checked_in,
            timed_on="cuda" if self.device == "cuda" else "cpu",
        )
        if not result.golden:
            result.golden_diff = unified_diff(
                f"{name}/after.py", checked_in.decode(errors="replace"), expected.decode(errors="replace")
            )
            result.problems.append("the rewrite of before.py differs from the checked-in after.py")
        with tempfile.TemporaryDirectory(prefix="autofix-verify-") as scratch:
            result.before = self._execute(before_path, Path(scratch) / "before")
            result.after = self._execute(after_path, Path(scratch) / "after")
        self._judge(result)
        return result

    def _execute(self, path: Path, out: Path) -> VersionRun:
        env = dict(os.environ)
        threads = str(self.threads)
        env.update(OMP_NUM_THREADS=threads, MKL_NUM_THREADS=threads, PYTHONHASHSEED="0")
        command = [
            sys.executable, "-m", "autofix.harness.child", str(path), str(out),
            "--device", self.device, "--repeats", str(self.repeats),
            "--seed", str(self.seed), "--threads", threads,
        ]
        try:
            completed = subprocess.run(command, env=env, capture_output=True, text=True, timeout=self.timeout)
        except subprocess.TimeoutExpired:
            error = {"type": "Timeout", "message": f"no result within {self.timeout:g} s"}
            return VersionRun({"cpu": PhaseRun("cpu", False, error)}, timed_out=True)
        summary_file = Path(f"{out}.json")
        if completed.returncode != 0 or not summary_file.is_file():
            tail = (completed.stderr or completed.stdout).strip().splitlines()[-1:] or ["no output"]
            error = {"type": "HarnessError", "message": tail[0]}
            return VersionRun({"cpu": PhaseRun("cpu", False, error)})
        import torch

        phases = {}
        for phase, report in json.loads(summary_file.read_text())["phases"].items():
            results_file = Path(f"{out}.{phase}.pt")
            phases[phase] = PhaseRun(
                phase,
                report["ok"],
                report.get("error"),
                report.get("counts"),
                report.get("median_time"),
                torch.load(results_file) if results_file.is_file() else None,
            )
        return VersionRun(phases)

    def _judge(self, result: CaseResult) -> None:
        from autofix.harness.compare import compare

        before, after = result.before, result.after
        assert before is not None and after is not None
        if result.positive:
            for phase in after.phases.values():
                if not phase.ok:
                    result.problems.append(f"after fails on {phase.phase}: {phase.outcome}")
        elif not (after.phases.get(self.device) and after.phases[self.device].ok):
            result.problems.append(f"the unchanged code does not run on {self.device}")
        # Compare where both ran; the CPU phase first (it is the reference), then the device phase.
        for name in ("cpu", self.device):
            b, a = before.phases.get(name), after.phases.get(name)
            if b and a and b.ok and a.ok and b.results is not None and a.results is not None:
                comparison = compare(b.results, a.results)
                result.equal, result.compared_on = comparison.equal, name
                result.max_abs, result.max_rel = comparison.max_abs, comparison.max_rel
                result.dtype_changed = comparison.dtype_changed
                result.problems.extend(f"results differ: {p}" for p in comparison.problems)
                break
        if result.positive:
            self._prove(result)
        else:
            self._check_identical(result)

    def _prove(self, result: CaseResult) -> None:
        before, after = result.before, result.after
        assert before is not None and after is not None
        for name, b in before.phases.items():
            a = after.phases.get(name)
            if a and a.ok and not b.ok:
                result.proofs.append(f"{name}: {b.outcome} → ok")
        b_dev, a_dev = before.phases.get(self.device), after.phases.get(self.device)
        if b_dev and a_dev and b_dev.ok and a_dev.ok and b_dev.counts and a_dev.counts:
            b_transfers = b_dev.counts["host_to_device"] + b_dev.counts["device_to_host"]
            a_transfers = a_dev.counts["host_to_device"] + a_dev.counts["device_to_host"]
            if a_transfers < b_transfers:
                result.proofs.append(f"transfers {b_transfers} → {a_transfers}")
            if a_dev.counts["syncs"] < b_dev.counts["syncs"]:
                result.proofs.append(f"host syncs {b_dev.counts['syncs']} → {a_dev.counts['syncs']}")
        speedup = speedup_of(result)
        before_time = before.phases.get(result.timed_on)
        long_enough = before_time is not None and (before_time.median_time or 0) >= TIMING_FLOOR_S
        if speedup is not None and speedup >= SPEEDUP_PROOF and long_enough:
            result.proofs.append(f"{speedup:.2f}x faster")
        if not result.proofs:
            result.problems.append("no proof: before neither fails nor makes more transfers, syncs or time")

    def _check_identical(self, result: CaseResult) -> None:
        before, after = result.before, result.after
        assert before is not None and after is not None
        for name, b in before.phases.items():
            a = after.phases.get(name)
            if a is None or a.outcome != b.outcome:
                result.problems.append(f"unchanged code behaved differently on {name}")
            elif a.counts != b.counts:
                result.problems.append(f"unchanged code counted differently on {name}: {b.counts} vs {a.counts}")
        if result.equal is False:
            result.problems.append("unchanged code gave different results")


def speedup_of(result: CaseResult) -> float | None:
    """Before's median time over after's, on the phase that measures time (the GPU when there is one)."""
    b = result.before.phases.get(result.timed_on) if result.before else None
    a = result.after.phases.get(result.timed_on) if result.after else None
    if b and a and b.ok and a.ok and b.median_time and a.median_time:
        return b.median_time / a.median_time
    return None


def _relative(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def verify_all(
    cases: list[Path], verifier: Verifier, on_result: Callable[[CaseResult], None] | None = None
) -> list[CaseResult]:
    results = []
    for case in cases:
        result = verifier.verify(case)
        if on_result is not None:
            on_result(result)
        results.append(result)
    return results
