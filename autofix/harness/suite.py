"""``autofix verify --tests CMD ROOT``: the project's own tests, on the original and on the rewritten copy.

The proof for a bulk migration. ROOT is copied twice into a temporary folder; one copy is rewritten
exactly as ``autofix apply`` would rewrite ROOT (its configuration, its excludes); the test command runs
in each copy under the emulated GPU (:mod:`autofix.harness.launch`), and each test is classed by its two
outcomes (:func:`classify`). A test that passed before and does not pass after, and a test that fails
only after, *broke*: the verify fails. ``autofix migrate --verify-tests`` uses the same pieces.

Per-test outcomes come from a pytest plugin (:mod:`autofix.harness.pytest_outcomes`) loaded through
``PYTEST_ADDOPTS``; a command that is not pytest counts as one test, passed when it exits 0.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from autofix.config.settings import ConfigResolver
from autofix.files.discovery import discover, excluded
from autofix.files.fix_file import FIX, FileResult, Task
from autofix.files.runner import RunOptions, run
from autofix.harness.launch import Counts, call, emulated_environment, read_counts
from autofix.harness.pytest_outcomes import ENV_FILE, ENV_ORIGINAL
from autofix.harness.sandbox import copy_folder

PLUGIN = "-p autofix.harness.pytest_outcomes"
PASSED, FAILED, ERROR, SKIPPED = "passed", "failed", "error", "skipped"
# Verdicts per test, and which of them fail the verify.
FIXED, BROKE, STILL_FAILING, PASSING, SKIPPED_BOTH = "fixed", "broke", "still failing", "passing", "skipped"
_SEVERITY = {SKIPPED: 0, PASSED: 1, FAILED: 2, ERROR: 3}  # a test's worst report is its outcome
DEFAULT_TIMEOUT_S = 900.0


@dataclass
class SuiteRun:
    """One run of the test command in one copy."""

    label: str  # "before" or "after"
    exit: int | None  # None: killed at the time limit
    tests: dict[str, tuple[str, str]]  # test id -> (outcome, first line of its failure)
    counts: Counts | None  # None: not run under the emulated GPU
    seconds: float
    output_tail: str = ""
    outside: list[str] = field(default_factory=list)  # modules imported from the original folder


@dataclass
class TestVerdict:
    test: str
    before: str  # passed, failed, error, skipped, or "-" when the test did not run
    after: str
    verdict: str
    message: str = ""  # why it fails after (or before, when it still fails)


def classify(before: str, after: str) -> str:
    """One test's verdict from its outcomes ("-": not run). Only a test passing after never broke."""
    failing = (FAILED, ERROR)
    if after == PASSED:
        return FIXED if before in failing else PASSING
    if before in failing:
        return STILL_FAILING  # failing or gone after: not made worse by the rewrite
    if after in failing or before == PASSED:
        return BROKE  # fails after, or passed before and is skipped or gone after
    return SKIPPED_BOTH


def compare_runs(before: SuiteRun, after: SuiteRun) -> list[TestVerdict]:
    verdicts = []
    for test in sorted(set(before.tests) | set(after.tests)):
        b, b_message = before.tests.get(test, ("-", ""))
        a, a_message = after.tests.get(test, ("-", ""))
        verdict = classify(b, a)
        if verdict == BROKE and a == "-":
            a_message = "did not run after the rewrite" + (" (time limit)" if after.exit is None else "")
        verdicts.append(TestVerdict(test, b, a, verdict, a_message or b_message))
    return verdicts


def problems_of(before: SuiteRun, after: SuiteRun, verdicts: list[TestVerdict]) -> list[str]:
    """What fails the verify, besides the verdicts themselves being read."""
    problems = []
    if not before.tests and not after.tests:
        problems.append("the command ran no tests")
    elif not any(outcome == PASSED for outcome, _ in after.tests.values()):
        # A wrong command (not found, no tests collected, a usage error) fails the same way twice:
        # nothing broke, and nothing was checked either.
        last = after.output_tail.strip().splitlines()[-1:] or [""]
        problems.append(
            f"no test passes after the rewrite (exit {after.exit}): nothing was checked"
            + (f"; the command said: {last[0][:120]}" if last[0] else "")
        )
    for run_ in (before, after):
        if run_.exit is None:
            problems.append(f"{run_.label}: the command ran past its time limit and was killed")
        if run_.outside:
            problems.append(
                f"{run_.label}: imported from the original folder, not the copy under test: "
                + ", ".join(run_.outside[:3])
                + " (installed in development mode? run from an"
                " environment where the project is not installed, or uninstall it)"
            )
    broke = [v.test for v in verdicts if v.verdict == BROKE]
    if broke:
        problems.append(f"{len(broke)} test{'s' if len(broke) > 1 else ''} broke: " + ", ".join(broke[:5]))
    return problems


# -- running


@contextmanager
def suite_environment(
    device: str, gpus: int, outcomes: Path, original: Path, copy: Path
) -> Iterator[tuple[dict[str, str], Path | None]]:
    """The command's environment: the device, the outcome plugin, and the copy first on the import path."""
    base = dict(os.environ)
    base["PYTEST_ADDOPTS"] = f"{PLUGIN} {base.get('PYTEST_ADDOPTS', '')}".strip()
    base.update({ENV_FILE: str(outcomes), ENV_ORIGINAL: str(original.resolve())})
    # The copy's packages before anything installed (an editable install of the original included).
    paths = [str(copy), *([str(copy / "src")] if (copy / "src").is_dir() else []), base.get("PYTHONPATH", "")]
    base["PYTHONPATH"] = os.pathsep.join(filter(None, paths))
    if device == "emulated-cuda":
        with emulated_environment(gpus, base) as (env, counts):
            yield env, counts
        return
    if device == "cpu":
        base["CUDA_VISIBLE_DEVICES"] = ""
    yield base, None


def run_suite(
    label: str,
    copy: Path,
    original: Path,
    command: str,
    *,
    device: str,
    timeout: float,
    scratch: Path,
    gpus: int = 1,
) -> SuiteRun:
    outcomes, log = scratch / f"{label}.outcomes.jsonl", scratch / f"{label}.log"
    outcomes.touch()
    started = time.perf_counter()
    with suite_environment(device, gpus, outcomes, original, copy) as (env, counts_dir), log.open("w") as out:
        code = call(command, env, cwd=copy, timeout=timeout, stdout=out)
        counts = read_counts(counts_dir) if counts_dir is not None else None
    seconds = time.perf_counter() - started
    tests, outside = read_outcomes(outcomes)
    if not tests and code is not None:  # not pytest: the command is the one test
        tests = {command: (PASSED if code == 0 else FAILED, "" if code == 0 else f"exit {code}")}
    tail = log.read_text(errors="replace")[-2000:]
    return SuiteRun(label, code, tests, counts, seconds, tail, outside)


def read_outcomes(path: Path) -> tuple[dict[str, tuple[str, str]], list[str]]:
    tests: dict[str, tuple[str, str]] = {}
    outside: list[str] = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            continue  # a line cut short by a killed process
        if record["outcome"] == "outside":
            outside.append(record["test"][len("<import ") : -1])
            continue
        old = tests.get(record["test"])
        if old is None or _SEVERITY[record["outcome"]] > _SEVERITY[old[0]]:
            tests[record["test"]] = (record["outcome"], record.get("message", ""))
    return tests, outside


def rewrite_tree(root: Path, config: ConfigResolver, jobs: int | None = None) -> list[FileResult]:
    """Rewrite ``root`` in place as ``autofix apply root`` would: same discovery, excludes and settings."""
    tasks = []
    for path in discover([str(root)], exclude=config.overrides.exclude, base=root):
        settings = config.settings_for(path.parent)
        if settings.exclude and excluded(path, settings.exclude, settings.root):
            continue
        tasks.append(
            Task(
                str(path),
                settings.rule_codes_for(path),
                FIX,
                settings.unsafe_fixes,
                settings.max_file_size,
                settings.device_style,
            )
        )
    from autofix.files.fix_file import default_jobs

    return run(tasks, RunOptions(jobs=jobs or default_jobs(), cache=None)).results


@dataclass
class SuiteProof:
    root: str
    command: str
    device: str
    rewritten: list[FileResult]  # the files the rewrite changed
    before: SuiteRun
    after: SuiteRun
    verdicts: list[TestVerdict]
    problems: list[str]

    @property
    def passed(self) -> bool:
        return not self.problems

    def tally(self) -> dict[str, int]:
        names = (FIXED, BROKE, STILL_FAILING, PASSING, SKIPPED_BOTH)
        return {name: sum(v.verdict == name for v in self.verdicts) for name in names}


def prove_suite(
    root: Path,
    command: str,
    *,
    device: str,
    timeout: float,
    gpus: int = 1,
    before_copy: Path | None = None,
    after_copy: Path | None = None,
    config: ConfigResolver | None = None,
    rewritten: list[FileResult] | None = None,
) -> SuiteProof:
    """Copy (unless given copies), rewrite the after copy (given ``config``), run both, judge.

    ``autofix migrate --verify-tests`` passes its own copies (before taken ahead of the migration, after
    made from the migrated tree) and the files it rewrote, so ``config`` is None and nothing is rewritten
    here.
    """
    with tempfile.TemporaryDirectory(prefix="autofix-tests-") as scratch_name:
        scratch = Path(scratch_name)
        if before_copy is None:
            before_copy = scratch / "before" / root.resolve().name
            copy_folder(root, before_copy)
        if after_copy is None:
            after_copy = scratch / "after" / root.resolve().name
            copy_folder(root, after_copy)
        if config is not None:
            rewritten = [r for r in rewrite_tree(after_copy, config) if r.changed]
            for result in rewritten:
                result.path = os.path.relpath(result.path, after_copy)
        runs = [
            run_suite(label, copy, root, command, device=device, timeout=timeout, scratch=scratch, gpus=gpus)
            for label, copy in (("before", before_copy), ("after", after_copy))
        ]
    verdicts = compare_runs(*runs)
    before, after = runs
    return SuiteProof(
        str(root),
        command,
        device,
        rewritten or [],
        before,
        after,
        verdicts,
        problems_of(before, after, verdicts),
    )
