"""Runs one version of a case in a fresh subprocess (:mod:`autofix.harness.child`) and reads its report."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from autofix.harness.models import PhaseRun, VersionRun


@dataclass
class Runner:
    device: str
    repeats: int
    threads: int
    timeout: float
    seed: int = 0

    def run(self, path: Path, out: Path) -> VersionRun:
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

