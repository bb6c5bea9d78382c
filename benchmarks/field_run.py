"""Running the field files that can run: before and after the rewrite, on the emulated GPU and on the CPU.

A ``runnable=synthetic`` row has a driver, ``field/drivers/<id>.py`` (our code): it loads the field file
given on its command line as a module, builds its model or function on small synthetic tensors, runs a
forward/backward or a few steps, and exits 0. Each driver runs four times:

* original and rewritten, under ``autofix run --emulate-cuda`` (CUDA looks available, and mixing
  devices raises as on a GPU): a data-boundary bug fails the original there and must not fail the
  rewrite;
* original and rewritten, plainly on the CPU (CUDA unavailable): hard-coded CUDA fails the original
  there, and the rewrite must run.

A rewrite "broke" a file when a mode that ran the original fails the rewrite: that number must be 0.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from benchmarks.field_manifest import Row

ROOT = Path(__file__).resolve().parent.parent
DRIVERS = ROOT / "field" / "drivers"
AUTOFIX = [sys.executable, "-m", "autofix"]  # the autofix of the interpreter running this script
MODES = ("emulated", "cpu")
TIMEOUT = 120.0

# Until ``autofix run --emulate-cuda`` is on this branch (autofix.harness.launch), the same emulated GPU
# is entered in the driver's own process: one process, which is all a driver is.
_IN_PROCESS = (
    "import os, runpy, sys\n"
    "from autofix.harness.emulated_cuda import emulated_cuda\n"
    "sys.argv = sys.argv[1:]\n"
    "sys.path.insert(0, os.path.dirname(os.path.abspath(sys.argv[0])))\n"
    "with emulated_cuda(device_count=1):\n"
    "    runpy.run_path(sys.argv[0], run_name='__main__')\n"
)


def emulation() -> str:
    """How the emulated runs are started: ``autofix run --emulate-cuda``, or in-process where absent."""
    return (
        "autofix run --emulate-cuda" if importlib.util.find_spec("autofix.harness.launch") else "in-process"
    )


@dataclass
class Attempt:
    ok: bool
    detail: str = ""  # the last line of the error when it failed

    def __str__(self) -> str:
        return "ok" if self.ok else "fail"


@dataclass
class FileRuns:
    """The four runs of one runnable file (keyed by (version, mode): ("original", "cpu"), ...)."""

    id: str
    attempts: dict[tuple[str, str], Attempt]
    changed: bool  # the rewrite differs from the original (when not, "after" repeats "before")

    def now_runs(self, mode: str) -> bool:
        return not self.attempts[("original", mode)].ok and self.attempts[("rewritten", mode)].ok

    def broken(self, mode: str) -> bool:
        return self.attempts[("original", mode)].ok and not self.attempts[("rewritten", mode)].ok

    @property
    def any_now_runs(self) -> bool:
        return any(self.now_runs(mode) for mode in MODES)

    @property
    def any_broken(self) -> bool:
        return any(self.broken(mode) for mode in MODES)


def driver_of(row: Row) -> Path:
    return DRIVERS / f"{row.id}.py"


def no_driver_reason(row: Row) -> str:
    """Why a runnable row has no driver: ``field/drivers/<id>.none`` says so in one line, when a file
    fails on today's PyTorch on every device for reasons no device rule is about."""
    note = DRIVERS / f"{row.id}.none"
    if note.is_file():
        return "no driver: " + note.read_text(encoding="utf-8").strip()
    return f"runnable=synthetic but field/drivers/{row.id}.py does not exist yet"


def attempt(driver: Path, target: Path, mode: str, timeout: float = TIMEOUT) -> Attempt:
    """Run ``driver`` on ``target`` once, in a fresh process, in the folder of the target."""
    command = [sys.executable, str(driver), str(target)]
    if mode == "emulated" and emulation() == "in-process":
        command = [sys.executable, "-c", _IN_PROCESS, str(driver), str(target)]
    elif mode == "emulated":
        command = [*AUTOFIX, "run", "--emulate-cuda", "--", *command]
    env = {**os.environ, "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", "PYTHONDONTWRITEBYTECODE": "1"}
    if mode == "cpu":
        env["CUDA_VISIBLE_DEVICES"] = ""  # no GPU even on a machine that has one
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, env=env, timeout=timeout, cwd=target.parent, check=False
        )
    except subprocess.TimeoutExpired:
        return Attempt(False, f"timed out after {timeout:.0f} s")
    if done.returncode == 0:
        return Attempt(True)
    lines = [line for line in done.stderr.strip().splitlines() if line.strip()]
    return Attempt(False, lines[-1][:200] if lines else f"exit {done.returncode}")


def run_file(row: Row, original: Path, rewritten: Path, timeout: float = TIMEOUT) -> FileRuns:
    """The four runs of a row's driver; the rewritten ones are skipped (copied) when nothing changed."""
    driver = driver_of(row)
    changed = original.read_bytes() != rewritten.read_bytes()
    attempts = {}
    for mode in MODES:
        attempts[("original", mode)] = attempt(driver, original, mode, timeout)
        attempts[("rewritten", mode)] = (
            attempt(driver, rewritten, mode, timeout) if changed else attempts[("original", mode)]
        )
    return FileRuns(row.id, attempts, changed)


def run_all(
    rows: list[Row], original: Path, rewritten: Path, jobs: int = 1, log=print
) -> tuple[list[FileRuns], list[str]]:
    """Runs of every runnable row that has a driver (``jobs`` files at a time), and a line for each
    runnable row that has none. Each run is its own process, so threads are enough to overlap them."""
    runnable = [row for row in rows if row.runnable == "synthetic"]
    without = [f"{row.id}: {no_driver_reason(row)}" for row in runnable if not driver_of(row).is_file()]
    todo = [row for row in runnable if driver_of(row).is_file()]

    def one(row: Row) -> FileRuns:
        log(f"running {row.id} ...")
        return run_file(row, original / row.filename, rewritten / row.filename)

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        runs = list(pool.map(one, todo))
    return runs, without
