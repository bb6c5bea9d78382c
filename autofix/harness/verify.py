"""``autofix verify``: prove rewrites by running the before and after versions.

A :class:`Subject` is one thing to prove: a corpus case (a folder with ``before.py`` and the expected
``after.py``) or a user's file with its rewrite. For each, in a temporary copy of its folder (one
copy per version, so nothing either writes survives or leaks to the other):

1. run each version once per phase, each phase in a forked process of its own
   (:mod:`autofix.harness.runner`): the CPU, then the device mode (``emulated-cuda`` or ``cuda``);
2. when before ran nowhere, run the case's ``reference()`` if it has one;
3. when the rule's fix changes the work on this machine's clock, time before and after alternately;
4. judge (:mod:`autofix.harness.judge`).

Subjects run in parallel, one fork server per job.
"""

from __future__ import annotations

import ast
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from autofix.config.settings import ConfigResolver
from autofix.output.diff import unified_diff
from autofix.harness.judge import Judge, speed, timing_wanted
from autofix.harness.models import CaseResult, Failure, VersionRun
from autofix.harness.runner import Runner, Zygote, ZygotePool
from autofix.harness.sandbox import copy_folder
from autofix.files.rewrite import rewrite_file

@dataclass
class Subject:
    name: str
    folder: Path  # copied, once per version
    before: str  # the script before runs, relative to folder
    after: str  # the script after runs, relative to folder
    rules: tuple[str, ...]
    positive: bool
    after_bytes: bytes | None = None  # written over ``rewritten`` in after's copy (a rewrite made in memory)
    entry: str = "run"
    sys_path: list[str] = field(default_factory=list)  # folders, relative to ``folder``, put on sys.path
    golden: bool = True
    golden_diff: str = ""
    module: str = ""  # import the entry's script by this dotted name (relative imports work), not by path
    rewritten: str = ""  # the file ``after_bytes`` replace, relative to folder; default ``after``
    workdir: str = ""  # the runs' current folder, relative to folder; default the script's folder


def find_cases(paths: list[Path]) -> list[Path]:
    cases: set[Path] = set()
    for path in paths:
        if (path / "before.py").is_file():
            cases.add(path)
        else:
            cases.update(p.parent for p in path.rglob("before.py"))
    return sorted(cases)


def corpus_subject(case_dir: Path, config: ConfigResolver) -> Subject:
    """A corpus case: its after.py must be exactly what ``autofix apply`` makes of before.py."""
    before_path, after_path = case_dir / "before.py", case_dir / "after.py"
    name = f"{case_dir.parent.name}/{case_dir.name}"  # the rule's folder, then the case
    rewrite = rewrite_file(before_path, resolver=config)
    checked_in = after_path.read_bytes() if after_path.is_file() else b""
    subject = Subject(
        name, case_dir, "before.py", "after.py", (case_dir.parent.name,), rewrite.original != checked_in,
        golden=rewrite.rewritten == checked_in,
    )
    if not subject.golden:
        subject.golden_diff = unified_diff(
            f"{name}/after.py", checked_in.decode(errors="replace"), rewrite.rewritten.decode(errors="replace")
        )
    return subject


def defines(path: Path, function: str) -> bool:
    try:
        tree = ast.parse(path.read_bytes())
    except (SyntaxError, ValueError, OSError):
        return False
    return any(isinstance(n, ast.FunctionDef) and n.name == function for n in tree.body)


class Verifier:
    def __init__(self, *, device: str, repeats: int, threads: int, timeout: float, seed: int = 0) -> None:
        self.device = device
        self.repeats = repeats
        self.runner = Runner(device, timeout, threads, seed)
        self.judge = Judge(device)

    def verify(self, subject: Subject, zygote: Zygote) -> CaseResult:
        started = time.perf_counter()
        result = CaseResult(subject.name, subject.rules, subject.positive, subject.golden, subject.golden_diff)
        if not subject.golden:
            result.problems.append("the rewrite of before.py differs from the checked-in after.py")
        with tempfile.TemporaryDirectory(prefix="autofix-verify-") as scratch_name:
            scratch = Path(scratch_name)
            before_dir, after_dir = scratch / "before", scratch / "after"
            copy_folder(subject.folder, before_dir)
            copy_folder(subject.folder, after_dir)
            if subject.after_bytes is not None:
                (after_dir / (subject.rewritten or subject.after)).write_bytes(subject.after_bytes)
            result.before = self._run(zygote, subject, before_dir, subject.before, scratch / "before")
            result.after = self._run(zygote, subject, after_dir, subject.after, scratch / "after")
            ran_nowhere = not any(p.ok for p in result.before.phases.values())
            if subject.positive and ran_nowhere and defines(before_dir / subject.before, "reference"):
                reference = self._run(zygote, subject, before_dir, subject.before, scratch / "reference",
                                      phases=["reference"])
                result.reference = reference.phases["reference"]
            phase = timing_wanted(subject.rules, self.device, result.before, result.after) if subject.positive else None
            if phase:
                self._time(zygote, subject, result, (before_dir, after_dir), scratch / "timing", phase)
        self.judge.judge(result)
        result.seconds = time.perf_counter() - started
        return result

    @staticmethod
    def _where(subject: Subject, copy: Path, script_name: str) -> dict[str, Any]:
        """Where one version runs: its script, current folder, import path and module name, in its copy."""
        script = copy / script_name
        return {"script": script, "cwd": copy / subject.workdir if subject.workdir else script.parent,
                "sys_path": [str(copy / p) for p in subject.sys_path], "module": subject.module, "root": copy}

    def _run(self, zygote: Zygote, subject: Subject, copy: Path, script: str, out: Path,
             phases: list[str] | None = None) -> VersionRun:
        where = self._where(subject, copy, script)
        return self.runner.run_version(zygote, where["script"], where["cwd"], out, entry=subject.entry,
                                       sys_path=where["sys_path"], module=subject.module, phases=phases)

    def _time(self, zygote: Zygote, subject: Subject, result: CaseResult, copies: tuple[Path, Path], out: Path,
              phase: str) -> None:
        before = self._where(subject, copies[0], subject.before)
        after = self._where(subject, copies[1], subject.after)
        times = self.runner.run_timing(zygote, before, after, out, phase=phase, entry=subject.entry,
                                       min_pairs=max(self.repeats, 4))
        if isinstance(times, Failure):
            result.notes.append(f"timing failed: {times.describe()}")
        else:
            result.timing = speed(*times, phase)


def verify_all(
    subjects: list[Subject], verifier: Verifier, *, jobs: int = 1,
    on_result: Callable[[CaseResult], None] | None = None,
) -> list[CaseResult]:
    """Every subject, ``jobs`` at a time; results in the subjects' order."""
    pool = ZygotePool(jobs, verifier.runner.threads)
    lock = threading.Lock()

    def one(subject: Subject) -> CaseResult:
        with pool.lend() as zygote:
            result = verifier.verify(subject, zygote)
        if on_result is not None:
            with lock:
                on_result(result)
        return result

    try:
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as executor:
            return list(executor.map(one, subjects))
    finally:
        pool.close()
