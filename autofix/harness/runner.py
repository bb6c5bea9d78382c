"""Runs versions of a case through fork servers (:mod:`autofix.harness.zygote`) and reads their reports.

Each phase of each version is one forked process; a phase that dies, exits or hangs becomes a
:class:`Failure` of kind ``signal``, ``exit`` or ``timeout``, never a harness error.
"""

from __future__ import annotations

import json
import os
import queue
import random
import secrets
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from autofix.harness.models import (
    ERROR,
    EXIT,
    LENIENT,
    ONE_GPU,
    OTHER_GPU,
    SHARED_RNG,
    SIGNAL,
    TIMEOUT,
    Failure,
    PhaseRun,
    VersionRun,
)

# The judge's extra runs on the emulated GPU: phase name -> the options of that run.
VARIANTS: dict[str, dict[str, Any]] = {
    SHARED_RNG: {"shared_rng": True},
    LENIENT: {"lenient": True},
    OTHER_GPU: {"identity": 1},
    ONE_GPU: {"gpus": 1},
}


# The fork server's start: its folder first on the import path (as ``-m`` from it would have it), then
# zygote.main with the environment to restore (sys.argv[1]).
_LAUNCHER = """\
import sys
sys.path[0] = {home!r}
from autofix.harness.zygote import main
sys.exit(main())
"""


_TOKENS: dict[str, str] = {}


def token(name: str) -> str:
    """A random stand-in for ``name`` in the files a run writes, the same for the process's life."""
    return _TOKENS.setdefault(name, secrets.token_hex(4))


class HarnessError(Exception):
    """The harness itself broke (not the case): torch missing, the fork server gone."""


class Zygote:
    """One fork server process; used by one thread at a time."""

    def __init__(self, env: dict[str, str], restore: str = "{}") -> None:
        self._log = tempfile.NamedTemporaryFile(suffix=".log", delete=False)
        # Started from a plain file, not ``-m autofix.harness.zygote``: a case reading its parent's
        # command line (/proc/PPID/cmdline) sees ``python /tmp/.../main.py RESTORE``.
        self._launcher = tempfile.TemporaryDirectory()
        launcher = Path(self._launcher.name, "main.py")
        launcher.write_text(_LAUNCHER.format(home=str(Path(__file__).resolve().parents[2])))
        self.process = subprocess.Popen(
            [sys.executable, str(launcher), restore],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._log,
            env=env,
            text=True,
            bufsize=1,
        )
        self._reply()  # "ready": torch imported

    def run(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(json.dumps(request) + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            raise HarnessError(self._died()) from None
        return self._reply()

    def _reply(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise HarnessError(self._died())
        return json.loads(line)

    def _died(self) -> str:
        self.process.wait()
        tail = Path(self._log.name).read_text(errors="replace").strip().splitlines()[-1:] or ["no output"]
        return f"the fork server stopped (exit {self.process.returncode}): {tail[0]}"

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        if self.process.stdout:
            self.process.stdout.close()
        self._log.close()
        os.unlink(self._log.name)
        self._launcher.cleanup()


class ZygotePool:
    """Fork servers, each lent to one case at a time: as many as cases run at once, made on demand."""

    def __init__(self, threads: int) -> None:
        env = dict(os.environ)
        pinned = {"OMP_NUM_THREADS": str(threads), "MKL_NUM_THREADS": str(threads), "PYTHONHASHSEED": "0"}
        # What the user's environment had instead: the server puts it back once started (see zygote).
        self._restore = json.dumps({name: os.environ.get(name) for name in pinned})
        env.update(pinned)
        self._idle: queue.Queue[Zygote] = queue.Queue()
        self._all: list[Zygote] = []
        self._env = env

    @contextmanager
    def lend(self) -> Iterator[Zygote]:
        try:
            zygote = self._idle.get_nowait()
        except queue.Empty:
            zygote = Zygote(self._env, self._restore)
            self._all.append(zygote)
        try:
            yield zygote
        except HarnessError:
            self._all.remove(zygote)
            zygote.close()
            raise
        self._idle.put(zygote)

    def close(self) -> None:
        for zygote in self._all:
            zygote.close()


@dataclass
class Runner:
    device: str  # "cpu", "emulated-cuda" or "cuda"
    timeout: float
    threads: int = 1
    seed: int = 0
    # How often each phase calls the entry in one process: drawn, so that a version cannot count the
    # calls and go wrong only after the last one the harness makes (before and after get the same).
    # At least five calls: the later ones run under the seeds after the harness's (1, 2, 3, 4, ...), so
    # code that is wrong for one seed in five is wrong under one of them.
    calls: int = field(default_factory=lambda: random.SystemRandom().randint(5, 8))

    @property
    def phases(self) -> list[str]:
        return ["cpu"] + ([self.device] if self.device != "cpu" else [])

    def run_version(
        self,
        zygote: Zygote,
        script: Path,
        cwd: Path,
        out: Path,
        *,
        entry: str = "run",
        sys_path: list[str] | None = None,
        module: str = "",
        phases: list[str] | None = None,
        watch: str = "",
        cover: str = "",
        cover_units: list[list[int]] | None = None,
    ) -> VersionRun:
        """Each phase of one version; ``watch``: the file whose random draws on the GPU are located;
        ``cover``: the file whose lines that run each phase records (see cover.py), until each of
        ``cover_units`` (spans of lines; None: to the end) has a line that ran."""
        runs = {}
        for phase in phases or self.phases:
            # Named by a token, not the phase: its log is the case's stdout (/proc/self/fd/1), whose
            # name must not tell it which phase (or the emulated GPU) it runs in.
            prefix = out.with_name(f"{out.name}.{token(phase)}")
            emulated = phase == "emulated-cuda" or phase in VARIANTS
            request = {
                "action": "phase",
                "script": str(script),
                "cwd": str(cwd),
                "entry": "reference" if phase == "reference" else entry,
                "phase": "cpu" if phase == "reference" else ("emulated-cuda" if emulated else phase),
                "out": str(prefix),
                "seed": self.seed,
                "threads": self.threads,
                "hide_gpu": (phase in ("cpu", "reference") or emulated) and self.device == "cuda",
                "sys_path": sys_path or [],
                "module": module,
                "timeout": self.timeout,
                "log": f"{prefix}.log",
                "watch": watch,
                "cover": cover if phase in ("cpu", "emulated-cuda", "cuda") else "",
                "cover_units": cover_units,
                "again": self.calls - 1 if phase in ("cpu", "emulated-cuda", "cuda") else 0,
                "cuda_build": self.device != "cpu",
                **VARIANTS.get(phase, {}),
            }
            runs[phase] = self._read_phase(phase, prefix, zygote.run(request))
        return VersionRun(runs)

    def _read_phase(self, phase: str, prefix: Path, reply: dict[str, Any]) -> PhaseRun:
        report_file = Path(f"{prefix}.json")
        if reply["status"] == "exited" and reply["code"] == 0 and report_file.is_file():
            try:
                return self._report(phase, prefix, json.loads(report_file.read_text()))
            except Exception as exc:  # noqa: BLE001 - an unreadable report is the run's failure
                return PhaseRun(phase, False, Failure(EXIT, "BadReport", f"unreadable report: {exc}"[:300]))
        return PhaseRun(phase, False, process_failure(reply, self.timeout, Path(f"{prefix}.log")))

    @staticmethod
    def _report(phase: str, prefix: Path, report: dict[str, Any]) -> PhaseRun:
        import torch

        failure = Failure(**report["failure"]) if report.get("failure") else None
        results_file = Path(f"{prefix}.pt")
        results = torch.load(results_file, weights_only=True) if results_file.is_file() else None
        counts = report.get("counts")
        sites = [tuple(site) for site in (counts or {}).pop("random_sites", [])]
        run = PhaseRun(
            phase,
            report["ok"],
            failure,
            counts,
            report.get("on_device", []),
            results,
            report.get("seconds", 0.0),
            sites,
            fed=report.get("fed"),
            covered=report.get("covered"),
        )
        if report.get("work") and "later" in report["work"]:
            run.work = report["work"]
        again = report.get("again")
        if again is not None:
            again_file = Path(f"{prefix}.again.pt")
            run.again = PhaseRun(
                phase,
                again["ok"],
                Failure(**again["failure"]) if again.get("failure") else None,
                results=torch.load(again_file, weights_only=True) if again_file.is_file() else None,
            )
            run.kept, run.settings = again.get("kept", []), again.get("settings", {})
        return run

    def run_timing(
        self,
        zygote: Zygote,
        before: dict[str, Any],
        after: dict[str, Any],
        out: Path,
        *,
        phase: str,
        entry: str = "run",
        min_pairs: int = 10,
        min_seconds: float = 0.5,
        max_pairs: int = 200,
    ) -> tuple[list[float], list[float]] | Failure:
        """Time before and after alternately in one process; each is ``{"script", "cwd", "sys_path", "module",
        "root"}`` (where it runs, in its own copy)."""
        versions = [
            {k: str(v) if isinstance(v, Path) else v for k, v in where.items()} for where in (before, after)
        ]
        request = {
            "action": "timing",
            "versions": versions,
            "cwd": versions[0]["cwd"],
            "phase": phase,
            "entry": entry,
            "out": str(out),
            "seed": self.seed,
            "threads": self.threads,
            "hide_gpu": phase == "cpu" and self.device == "cuda",
            "cuda_build": self.device != "cpu",
            "sys_path": [],
            "min_pairs": min_pairs,
            "min_seconds": min_seconds,
            "max_pairs": max_pairs,
            # Timing runs dozens of times what one phase runs: give it that much more time.
            "timeout": self.timeout * 4,
            "log": f"{out}.log",
        }
        reply = zygote.run(request)
        report = Path(f"{out}.json")
        if reply["status"] == "exited" and reply["code"] == 0 and report.is_file():
            times = json.loads(report.read_text())
            if times.get("error"):
                return Failure(ERROR, "Timing", times["error"])
            return times["before"], times["after"]
        return process_failure(reply, self.timeout * 4, Path(f"{out}.log"))


def process_failure(reply: dict[str, Any], timeout: float, log: Path) -> Failure:
    """What ended a run that wrote no report: recorded and shown, never proof."""
    if reply["status"] == "timeout":
        return Failure(TIMEOUT, "Timeout", f"no result within {timeout:g} s")
    if reply["status"] == "signal":
        number = reply["signal"]
        try:
            name = signal.Signals(number).name
        except ValueError:
            name = f"signal {number}"
        return Failure(SIGNAL, name, f"killed by {name}")
    code = reply.get("code")
    if code == 70:  # the harness inside the fork broke: show its last words
        tail = log.read_text(errors="replace").strip().splitlines()[-1:] if log.is_file() else []
        return Failure(EXIT, "HarnessError", tail[0] if tail else "the run broke")
    return Failure(EXIT, "Exit", f"process exited with code {code} before reporting")
