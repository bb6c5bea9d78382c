"""``autofix verify``: prove rewrites by running the before and after versions.

A :class:`Subject` is one thing to prove: a corpus case (a folder with ``before.py`` and the expected
``after.py``) or a user's file with its rewrite. For each, in a temporary copy of its folder (one
copy per version, so nothing either writes survives or leaks to the other):

1. run each version once per phase, each phase in a forked process of its own
   (:mod:`autofix.harness.runner`): the CPU, then the device mode (``emulated-cuda`` or ``cuda``);
2. when before ran nowhere, run the case's ``reference()`` if it has one;
3. the judge's extra runs on the emulated GPU: after (and before) again with the GPU drawing from the
   CPU's random stream when after drew random numbers on the GPU; before with its device mismatches
   let through, when it failed on the device, to count the work it would have run there; both as on
   another GPU model (an A100 for the H100), when after asked what GPU it runs on;
4. when the rule's fix changes the work on this machine's clock, time before and after alternately;
5. judge (:mod:`autofix.harness.judge`).

Which lines the rewrite changed, and which of them only its unsafe fixes change (the file rewritten
again with unsafe fixes off; a line counts as safe when the safe-only rewrite makes the same line), go
to the judge: a random draw moved to the GPU is accepted only on an unsafe fix's line.

Subjects run in parallel, one fork server per job.
"""

from __future__ import annotations

import ast
import dataclasses
import difflib
import tempfile
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from autofix.config.settings import ConfigResolver
from autofix.files.rewrite import rewrite_file
from autofix.harness.cover import selected_by, statements
from autofix.harness.judge import Judge, profile_of, speed, timing_wanted
from autofix.harness.models import LENIENT, ONE_GPU, OTHER_GPU, SHARED_RNG, CaseResult, Failure, VersionRun
from autofix.harness.runner import Runner, Zygote, ZygotePool, token
from autofix.harness.sandbox import copy_folder
from autofix.output.diff import unified_diff


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
    changed_lines: list[int] = field(default_factory=list)  # lines of the rewritten file the rewrite changed
    unsafe_lines: list[int] = field(default_factory=list)  # ... that only unsafe fixes change
    # after is autofix's own rewrite (a corpus case's golden after.py, a file's rewrite), not a
    # hand-written one: a changed line the runs never executed is noted, not refused (see cover.py)
    own: bool = False


def rewrite_lines(
    original: bytes, after: bytes, safe: bytes | None, made: bytes | None = None
) -> tuple[list[int], list[int]]:
    """The lines of ``after`` (1-based) that differ from ``original``, and those of them only unsafe fixes
    make: lines the safe-only rewrite ``safe`` does not make. For a hand-written after, ``made`` is
    autofix's own rewrite under the user's configuration: its line counts as an unsafe fix's only where
    it is exactly a line that rewrite makes and the safe-only one does not (so none when unsafe fixes
    are off), never merely for differing from the safe rewrite, and only when every line the after
    changes is one that rewrite makes. ``safe`` None: no line is an unsafe fix's."""

    def changed(old: bytes, new: bytes) -> tuple[list[int], list[str]]:
        new_lines = new.decode(errors="replace").splitlines()
        old_lines = old.decode(errors="replace").splitlines()
        matcher = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
        opcodes = matcher.get_opcodes()
        numbers = [j + 1 for tag, _, _, j1, j2 in opcodes if tag != "equal" for j in range(j1, j2)]
        return numbers, new_lines

    def made_by(new: bytes) -> set[str]:
        new_numbers, new_lines = changed(original, new)
        return {new_lines[n - 1].strip() for n in new_numbers}

    numbers, lines = changed(original, after)
    if safe is None:
        return numbers, []
    made_safely = made_by(safe)
    if made is None:
        return numbers, [n for n in numbers if lines[n - 1].strip() not in made_safely]
    made_by_autofix = made_by(made)
    if any(lines[n - 1].strip() not in made_by_autofix for n in numbers):
        # The after also changes what autofix does not (a generator reseeded every step beside the
        # fix's line): its numbers are its own, never credited to an unsafe fix.
        return numbers, []
    made_unsafely = made_by_autofix - made_safely
    return numbers, [n for n in numbers if lines[n - 1].strip() in made_unsafely]


def changed_both(old: str, new: str) -> tuple[list[int], list[int]]:
    """The lines (1-based) of ``new`` a diff from ``old`` adds or changes, and those of ``old`` it
    removes or changes."""
    old_lines, new_lines = old.splitlines(), new.splitlines()
    opcodes = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False).get_opcodes()
    added = [j + 1 for tag, _, _, j1, j2 in opcodes if tag != "equal" for j in range(j1, j2)]
    removed = [i + 1 for tag, i1, i2, _, _ in opcodes if tag != "equal" for i in range(i1, i2)]
    return added, removed


def safe_only(config: ConfigResolver) -> ConfigResolver:
    """The same configuration with unsafe fixes off."""
    return ConfigResolver(dataclasses.replace(config.overrides, unsafe_fixes=False))


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
    changed, unsafe = rewrite_lines(
        rewrite.original, checked_in, rewrite_file(before_path, resolver=safe_only(config)).rewritten
    )
    subject = Subject(
        name,
        case_dir,
        "before.py",
        "after.py",
        (case_dir.parent.name,),
        rewrite.original != checked_in,
        golden=rewrite.rewritten == checked_in,
        changed_lines=changed,
        unsafe_lines=unsafe,
        own=rewrite.rewritten == checked_in,
    )
    if not subject.golden:
        subject.golden_diff = unified_diff(
            f"{name}/after.py",
            checked_in.decode(errors="replace"),
            rewrite.rewritten.decode(errors="replace"),
        )
    return subject


def defines(path: Path, function: str) -> bool:
    try:
        tree = ast.parse(path.read_bytes())
    except (SyntaxError, ValueError, OSError):
        return False
    return any(isinstance(n, ast.FunctionDef) and n.name == function for n in tree.body)


def reference_held(before: Path, after: Path) -> str | None:
    """Which version's ``reference()`` to run: ``"before"``'s; where before.py does not compile
    (DEV022's Python 2 files), ``"after"``'s, when its text is in before.py word for word (the rewrite
    left it alone); else None."""
    if defines(before, "reference"):
        return "before"
    try:
        original = before.read_text(encoding="utf-8")
        compile(original, str(before), "exec", flags=ast.PyCF_ONLY_AST, dont_inherit=True)
    except (SyntaxError, ValueError):
        pass  # Python 3 cannot read it: after's reference(), if the rewrite kept it
    except OSError:
        return None
    else:
        return None
    try:
        text = after.read_text(encoding="utf-8")
        tree = ast.parse(text)
    except (SyntaxError, ValueError, OSError):
        return None
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == "reference":
            segment = ast.get_source_segment(text, node)
            return "after" if segment and segment in original else None
    return None


class Verifier:
    def __init__(self, *, device: str, repeats: int, threads: int, timeout: float, seed: int = 0) -> None:
        self.device = device
        self.repeats = repeats
        self.runner = Runner(device, timeout, threads, seed)
        self.judge = Judge(device)

    def verify(self, subject: Subject, zygote: Zygote) -> CaseResult:
        started = time.perf_counter()
        result = CaseResult(
            subject.name,
            subject.rules,
            subject.positive,
            subject.golden,
            subject.golden_diff,
            rewritten=Path(subject.rewritten or subject.after).name,
            changed_lines=subject.changed_lines,
            unsafe_lines=subject.unsafe_lines,
            own_rewrite=subject.own,
        )
        if not subject.golden:
            result.problems.append("the rewrite of before.py differs from the checked-in after.py")
        # Each version's copy in a folder of its own, named as the original is (a checkout's path, not
        # "autofix-verify-.../after"), apart from the reports: a case cannot read from its path that it
        # runs under the harness, nor which version it is.
        with (
            tempfile.TemporaryDirectory() as scratch_name,
            tempfile.TemporaryDirectory() as before_root,
            tempfile.TemporaryDirectory() as after_root,
        ):
            scratch = Path(scratch_name)
            name = subject.folder.name or "project"
            before_dir, after_dir = Path(before_root) / name, Path(after_root) / name
            copy_folder(subject.folder, before_dir)
            copy_folder(subject.folder, after_dir)
            if subject.after_bytes is not None:
                (after_dir / (subject.rewritten or subject.after)).write_bytes(subject.after_bytes)
            watch = str(after_dir / (subject.rewritten or subject.after))
            covers = str(before_dir / (subject.rewritten or subject.before)), watch
            if subject.positive:
                self._units(result, *covers)
            # Each version's runs trace its file until every statement the judge asks about has run.
            result.before = self._run(
                zygote,
                subject,
                before_dir,
                subject.before,
                scratch / token("before"),
                cover=covers[0],
                units=[span for _, span in result.before_units],
            )
            out = scratch / token("after")
            result.after = self._run(
                zygote,
                subject,
                after_dir,
                subject.after,
                out,
                watch=watch,
                cover=covers[1],
                units=[span for _, span in result.after_units],
            )
            if subject.positive and self.device != "cpu":
                self._extra_runs(zygote, subject, result, (before_dir, after_dir), scratch, watch)
            ran_nowhere = not any(p.ok for p in result.before.phases.values())
            held = reference_held(before_dir / subject.before, after_dir / subject.after)
            if subject.positive and ran_nowhere and held is not None:
                reference = self._run(
                    zygote,
                    subject,
                    before_dir if held == "before" else after_dir,
                    subject.before if held == "before" else subject.after,
                    scratch / token("reference"),
                    phases=["reference"],
                )
                result.reference = reference.phases["reference"]
            phase = (
                timing_wanted(subject.rules, self.device, result.before, result.after)
                if subject.positive
                else None
            )
            if phase:
                self._time(zygote, subject, result, (before_dir, after_dir), scratch / token("timing"), phase)
        self.judge.judge(result)
        result.seconds = time.perf_counter() - started
        return result

    @staticmethod
    def _where(subject: Subject, copy: Path, script_name: str) -> dict[str, Any]:
        """Where one version runs: its script, current folder, import path and module name, in its copy."""
        script = copy / script_name
        return {
            "script": script,
            "cwd": copy / subject.workdir if subject.workdir else script.parent,
            "sys_path": [str(copy / p) for p in subject.sys_path],
            "module": subject.module,
            "root": copy,
        }

    @staticmethod
    def _units(result: CaseResult, before_file: str, after_file: str) -> None:
        """The statements the rewrite changes, in after and in before, that the runs must execute."""
        try:
            old = Path(before_file).read_text(errors="replace")
            new = Path(after_file).read_text(errors="replace")
        except OSError:
            return
        added, removed = changed_both(old, new)
        result.after_units = statements(new, added)
        result.before_units = statements(old, removed)
        result.before_selected = selected_by(old, new, result.before_units, result.after_units)
        result.before_file = Path(before_file).name

    def _run(
        self,
        zygote: Zygote,
        subject: Subject,
        copy: Path,
        script: str,
        out: Path,
        phases: list[str] | None = None,
        watch: str = "",
        cover: str = "",
        units: list[list[int]] | None = None,
    ) -> VersionRun:
        where = self._where(subject, copy, script)
        return self.runner.run_version(
            zygote,
            where["script"],
            where["cwd"],
            out,
            entry=subject.entry,
            sys_path=where["sys_path"],
            module=subject.module,
            phases=phases,
            watch=watch,
            cover=cover,
            cover_units=units,
        )

    def _extra_runs(
        self,
        zygote: Zygote,
        subject: Subject,
        result: CaseResult,
        copies: tuple[Path, Path],
        scratch: Path,
        watch: str,
    ) -> None:
        """The runs the judge needs beyond the phases (see the module's docstring, step 3)."""
        assert result.before is not None and result.after is not None
        before, after, device = result.before, result.after, self.device

        def extra(version: VersionRun, copy: Path, script: str, tag: str, phase: str, file: str = "") -> None:
            run = self._run(zygote, subject, copy, script, scratch / token(tag), [phase], file)
            version.extra[phase] = run.phases[phase]

        drew = after.ok(device) and after.phases[device].count("device_random") > 0
        if drew:
            extra(after, copies[1], subject.after, "after", SHARED_RNG, watch)
            if before.ok(device) and before.phases[device].count("device_random"):
                extra(before, copies[0], subject.before, "before", SHARED_RNG)
        if (profile_of(subject.rules).device_work or drew) and not before.ok(device) and after.ok(device):
            extra(before, copies[0], subject.before, "before", LENIENT)
        # After asks what GPU it runs on: both again on another model, where after must behave as well.
        if after.ok(device) and after.phases[device].count("identity_reads"):
            extra(after, copies[1], subject.after, "after", OTHER_GPU)
            extra(before, copies[0], subject.before, "before", OTHER_GPU)
        # After asks how many GPUs there are: both again on a machine with one, where after must work
        # as well, and keep its work on the GPU (``device_count() > 1`` for "a GPU at all" does not).
        if device == "emulated-cuda" and after.ok(device) and after.phases[device].count("count_reads"):
            extra(after, copies[1], subject.after, "after", ONE_GPU)
            extra(before, copies[0], subject.before, "before", ONE_GPU)

    def _time(
        self,
        zygote: Zygote,
        subject: Subject,
        result: CaseResult,
        copies: tuple[Path, Path],
        out: Path,
        phase: str,
    ) -> None:
        before = self._where(subject, copies[0], subject.before)
        after = self._where(subject, copies[1], subject.after)
        times = self.runner.run_timing(
            zygote, before, after, out, phase=phase, entry=subject.entry, min_pairs=max(self.repeats, 4)
        )
        if isinstance(times, Failure):
            result.notes.append(f"timing failed: {times.describe()}")
            return
        differ = self._timed_other_work(result, out, phase)
        if differ:
            result.problems.extend(differ)
            return
        result.timing = speed(*times, phase)

    @staticmethod
    def _timed_other_work(result: CaseResult, out: Path, phase: str) -> list[str]:
        """Where a version's first timed call returned other results than its run in the same phase did:
        the timing would measure other work than the work judged (a case that knows it is timed)."""
        import torch

        from autofix.harness.compare import compare

        try:
            timed = torch.load(Path(f"{out}.first.pt"), weights_only=True)
        except Exception as exc:  # noqa: BLE001 - no record of the timed work: nothing to trust
            return [f"the timing left no record of its results: {exc}"[:200]]
        problems = []
        for tag, version in (("before", result.before), ("after", result.after)):
            run = version.phases.get(phase) if version is not None else None
            if run is None or run.results is None or tag not in timed:
                continue
            check = compare(run.results, timed[tag], before_phase=phase, after_phase=phase)
            if not check.equal:
                problems.append(
                    f"{tag}'s timed calls return other results than its {phase} run ({check.problems[0]}):"
                    " the timing would measure other work than the work judged"
                )
        return problems


def verify_all(
    subjects: Iterable[Subject],
    verifier: Verifier,
    *,
    jobs: int = 1,
    on_result: Callable[[CaseResult], None] | None = None,
) -> list[CaseResult]:
    """Every subject, ``jobs`` at a time; results in the subjects' order. ``subjects`` may be made as they
    are taken (a generator): the calling thread makes the next while the jobs run the earlier ones."""
    pool = ZygotePool(verifier.runner.threads)
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
            futures = []
            try:
                for subject in subjects:
                    futures.append(executor.submit(one, subject))
            except BaseException:  # a subject that cannot be made: the runs not started yet are not
                for future in futures:
                    future.cancel()
                raise
            return [future.result() for future in futures]
    finally:
        pool.close()
