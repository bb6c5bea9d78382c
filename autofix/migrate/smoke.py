"""``autofix migrate --smoke CMD``: a project's own script, run on the original and on the migrated copy.

Most legacy repositories have no tests, only a script (``python train.py --epochs 1``). Each smoke command
runs in a fresh copy of the root as it was before the migration and in a fresh copy of the migrated root
(never in the user's tree), with the copy as working directory, once per device: plainly on the CPU
(``CUDA_VISIBLE_DEVICES`` empty), under the emulated GPU (:func:`autofix.harness.launch.emulated_environment`,
as ``autofix run --emulate-cuda``), and on the real GPU when torch sees one. Each pair of runs gets a
verdict: *fixed* (failed before, runs after), *same output*, *output differs*, *broke* (ran before, fails
after) or *still failing*.

"Same output" compares what the two runs print on stdout: every number (integers, decimals, exponents,
``nan``, ``inf``) in order, each pair within a relative tolerance (and an absolute one for values near
zero, or half a unit in the last digit the less precise of the two shows). The text around the numbers
is ignored by default (a rewrite may change how a tensor prints) or compared word for word with
``text="exact"``. Lines matching an ``ignore`` pattern (timings, paths) are
left out of both. Two runs that print nothing compare by their exit status. Every run starts with Python's
``random``, NumPy and torch seeded alike (``seed``), so a script that does not seed itself still prints
the same numbers twice; one that seeds itself overrides it.
"""

from __future__ import annotations

import math
import os
import re
import shlex
import shutil
import tempfile
import textwrap
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CPU, EMULATED, CUDA = "cpu", "emulated-cuda", "cuda"
FIXED, SAME, DIFFERS, BROKE, STILL_FAILING = (
    "fixed",
    "same output",
    "output differs",
    "broke",
    "still failing",
)
MEANINGS = (
    "fixed: failed before, runs after; same output: ran before and after and printed the same numbers;"
    " output differs: ran both times but printed different numbers; broke: ran before, fails after;"
    " still failing: fails before and after"
)
DEFAULT_TIMEOUT_S = 300.0
DEFAULT_RTOL = 1e-4
DEFAULT_ATOL = 1e-6
TEXT_POLICIES = ("ignore", "exact")
ENV_SEED = "AUTOFIX_SMOKE_SEED"
ENV_SEED_SITE = "AUTOFIX_SMOKE_SITE"
_TAIL = 2000  # characters of a run's output kept for the report
_SHELL_WORDS = {"cd", "export", "set", "source", ".", "exec", "env", "eval", "true", ":", "if", "for", "("}

# A hexadecimal address (``0x7f3a...``) is text: it differs from run to run; so is a device's index
# (``cuda:0``), which names a device, not a result. A number glued to a name (``conv1``,
# ``MseLossBackward0``) is part of the name.
_TOKEN = re.compile(
    r"(?P<hex>0[xX][0-9a-fA-F]+|\b(?:cuda|cpu|mps|xpu|meta):\d+)"
    r"|(?<![A-Za-z_0-9.])(?P<number>[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|[-+]?(?:nan|inf(?:inity)?)\b)",
    re.IGNORECASE,
)

SEED_SITECUSTOMIZE = """\
# Written by `autofix migrate --smoke`: random, numpy and torch start from the same seed in every run.
import importlib.machinery, importlib.util, os, random, sys

_seed = int(os.environ[{env_seed!r}])
random.seed(_seed)
_SEEDERS = {{"numpy": lambda m: m.random.seed(_seed), "torch": lambda m: m.manual_seed(_seed)}}


class _SeedOnImport:
    def find_spec(self, name, path=None, target=None):
        seed = _SEEDERS.pop(name, None)
        if seed is None:
            return None
        if not _SEEDERS:
            sys.meta_path.remove(self)
        others = (f.find_spec(name, path, target) for f in sys.meta_path if f is not self
                  and hasattr(f, "find_spec"))
        spec = next(filter(None, others), None)
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        loader_exec = spec.loader.exec_module

        def exec_module(module):
            loader_exec(module)
            try:
                seed(module)
            except Exception as exc:
                print("autofix: could not seed", name, repr(exc), file=sys.stderr)

        spec.loader.exec_module = exec_module
        return spec


sys.meta_path.insert(0, _SeedOnImport())
# The sitecustomize this one shadows (a virtualenv's, the project's) still runs.
_ours = {{os.path.abspath(p) for p in (os.environ.get({env_site!r}, ""), os.path.dirname(__file__)) if p}}
_spec = importlib.machinery.PathFinder.find_spec(
    "sitecustomize", [p for p in sys.path if p and os.path.abspath(p) not in _ours]
)
if _spec is not None and _spec.loader is not None:
    try:
        _spec.loader.exec_module(importlib.util.module_from_spec(_spec))
    except Exception as exc:
        print("autofix: the project's sitecustomize failed:", repr(exc), file=sys.stderr)
"""


@dataclass(frozen=True)
class SmokeSettings:
    """How the smoke commands run and how their outputs are compared."""

    commands: tuple[str, ...] = ()  # from --smoke; empty: each root's [tool.autofix] smoke
    timeout: float = DEFAULT_TIMEOUT_S  # seconds per run
    env: tuple[tuple[str, str], ...] = ()  # added to the user's environment
    rtol: float = DEFAULT_RTOL
    atol: float = DEFAULT_ATOL
    text: str = "ignore"  # or "exact"
    ignore: tuple[str, ...] = ()  # regular expressions: matching lines are not compared
    seed: int | None = 0  # None: no seeding


@dataclass
class SmokeRun:
    """One run of one command in one copy on one device."""

    exit: int | None  # None: killed at the time limit
    seconds: float
    stdout: str
    stderr: str
    counts: str = ""  # under the emulated GPU: its copies and host syncs (launch.Counts.line)
    site: str = ""  # ``train.py:41``: the project's line the last traceback ends in, if any

    def ran(self) -> bool:
        return self.exit == 0

    def state(self, timeout: float) -> str:
        if self.exit is None:
            return f"timed out after {timeout:g} s"
        if self.exit == 0:
            return "exit 0"
        return f"exit {self.exit}: {self.why()}" + (f" (at {self.site})" if self.site else "")

    def why(self) -> str:
        """The last line the run wrote on stderr (a traceback's exception), or its stdout's."""
        for text in (self.stderr, self.stdout):
            lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
            if lines:
                return textwrap.shorten(lines[-1], 100, placeholder=" …")
        return "no output"


@dataclass
class SmokeResult:
    """One command on one device: its run before and after, and the verdict."""

    command: str
    device: str
    before: SmokeRun
    after: SmokeRun
    verdict: str
    difference: str = ""  # why the output differs, or the text that differs (ignored)


@dataclass
class SmokeProof:
    root: str
    results: list[SmokeResult] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # a command that could not be run at all
    # Per command, the migrated version's output on the CPU against each other device's: (command,
    # device, difference or ""). Evidence where nothing ran before: the same numbers wherever it runs.
    across: list[tuple[str, str, str]] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.problems and not any(r.verdict in (BROKE, DIFFERS) for r in self.results)


# -- comparing outputs


@dataclass(frozen=True)
class Printed:
    """What a run printed: its numbers (each with its printed precision and its line), and the words."""

    numbers: list[tuple[float, float, str]]
    words: list[str]


def parse_output(text: str, ignore: Sequence[re.Pattern[str]] = ()) -> Printed:
    numbers: list[tuple[float, float, str]] = []
    words: list[str] = []
    for line in text.splitlines():
        if any(pattern.search(line) for pattern in ignore):
            continue
        rest = []
        last = 0
        for match in _TOKEN.finditer(line):
            rest.append(line[last : match.start()])
            last = match.end()
            if match.group("hex"):
                word = match.group("hex")
                rest.append(" <address> " if word[:2].lower() == "0x" else f" {word} ")
                continue
            token = match.group("number")
            numbers.append((float(token), _resolution(token), line.strip()))
            rest.append(" ")
        rest.append(line[last:])
        words += "".join(rest).split()
    return Printed(numbers, words)


def compare_output(
    before: str, after: str, *, rtol: float, atol: float, text: str = "ignore", ignore: Sequence[str] = ()
) -> str:
    """Empty when the two outputs are the same under the policy; else the first difference, in one line."""
    patterns = [re.compile(p) for p in ignore]
    old, new = parse_output(before, patterns), parse_output(after, patterns)
    for index, ((a, res_a, line_a), (b, res_b, line_b)) in enumerate(zip(old.numbers, new.numbers)):
        if not _close(a, b, rtol, max(atol, res_a, res_b)):
            where = f"before: {line_a[:60]!r}; after: {line_b[:60]!r}"
            return f"number {index + 1}: {a:g} before, {b:g} after ({where})"
    if len(old.numbers) != len(new.numbers):
        return f"{len(old.numbers)} numbers printed before, {len(new.numbers)} after"
    if text == "exact" and old.words != new.words:
        return _first_word_difference(old.words, new.words)
    return ""


def text_difference(before: str, after: str, ignore: Sequence[str] = ()) -> str:
    """The first word that differs between two outputs (for a note when text is ignored), or ''."""
    patterns = [re.compile(p) for p in ignore]
    old, new = parse_output(before, patterns).words, parse_output(after, patterns).words
    return "" if old == new else _first_word_difference(old, new)


def _first_word_difference(old: list[str], new: list[str]) -> str:
    for index, (a, b) in enumerate(zip(old, new)):
        if a != b:
            return f"text differs at word {index + 1}: {a[:40]!r} before, {b[:40]!r} after"
    extra = (old if len(old) > len(new) else new)[min(len(old), len(new))]
    return f"text differs: {len(old)} words before, {len(new)} after, the first extra {extra[:40]!r}"


def _resolution(token: str) -> float:
    """Half a unit in the last digit a decimal shows: ``0.4206`` is any value that rounds to it, so it
    matches ``0.42064559`` (``tensor(0.4206)`` against ``loss.item()``). An integer claims no rounding."""
    mantissa, _, exponent = token.lower().partition("e")
    if "." not in mantissa:
        return 0.0
    decimals = len(mantissa.partition(".")[2])
    return 0.5 * 10.0 ** (int(exponent or 0) - decimals)


def _close(a: float, b: float, rtol: float, atol: float) -> bool:
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return math.isclose(a, b, rel_tol=rtol, abs_tol=atol)


def verdict(before: SmokeRun, after: SmokeRun, settings: SmokeSettings) -> tuple[str, str]:
    """The verdict of one pair of runs, and the difference behind it (or a note on ignored text)."""
    if not before.ran():
        return (FIXED, "") if after.ran() else (STILL_FAILING, "")
    if not after.ran():
        return BROKE, ""
    if not before.stdout.strip() and not after.stdout.strip():
        return SAME, ""  # nothing printed either time: the exit status (0 both times) is the output
    difference = compare_output(
        before.stdout,
        after.stdout,
        rtol=settings.rtol,
        atol=settings.atol,
        text=settings.text,
        ignore=settings.ignore,
    )
    if difference:
        return DIFFERS, difference
    note = text_difference(before.stdout, after.stdout, settings.ignore) if settings.text == "ignore" else ""
    return SAME, f"{note} (ignored)" if note else ""


# -- checking and running commands


def check_command(command: str, root: Path) -> str | None:
    """Why ``command`` cannot run in ``root`` (a program not found, a script not there), or None."""
    try:
        words = shlex.split(command)
    except ValueError as exc:
        return f"cannot read the command: {exc}"
    while words and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*=.*", words[0]):
        words = words[1:]  # NAME=value before the program
    if not words:
        return "no program to run"
    program = words[0]
    if program in _SHELL_WORDS or any(c in command for c in "|;&$`"):
        return None  # the shell's own business: judged by how it runs
    if "/" in program:
        if not os.access(root / program, os.X_OK) and not os.access(program, os.X_OK):
            return f"command not found: {program} (not an executable file in {root})"
    elif shutil.which(program) is None:
        return f"command not found: {program}"
    if re.fullmatch(r"python[0-9.]*", os.path.basename(program)):
        arguments = [w for w in words[1:] if not w.startswith("-")]
        if "-m" not in words[1:] and "-c" not in words[1:] and arguments and arguments[0].endswith(".py"):
            if not (root / arguments[0]).is_file():
                return f"no file {arguments[0]} in {root}"
    return None


def devices() -> list[str]:
    """The CPU and the emulated GPU, and the real GPU when torch sees one."""
    import torch

    return [CPU, EMULATED, *([CUDA] if torch.cuda.is_available() else [])]


@contextmanager
def run_environment(
    device: str, copy: Path, settings: SmokeSettings, scratch: Path
) -> Iterator[tuple[dict[str, str], Path | None]]:
    """The user's environment, with the copy first on the import path, the seed, and the device; and the
    folder the emulated GPU's counts land in (None on another device)."""
    from autofix.harness.hook import ENV_SITE
    from autofix.harness.launch import emulated_environment

    base = dict(os.environ)
    base.update(settings.env)
    base.setdefault("PYTHONHASHSEED", "0")
    base.setdefault("MPLBACKEND", "Agg")  # a plot window would wait for a person
    paths = [str(copy), *([str(copy / "src")] if (copy / "src").is_dir() else []), base.get("PYTHONPATH", "")]
    if settings.seed is not None:
        site = scratch / "seed-site"
        if not site.is_dir():
            site.mkdir()
            (site / "sitecustomize.py").write_text(
                SEED_SITECUSTOMIZE.format(env_seed=ENV_SEED, env_site=ENV_SITE)
            )
        paths.insert(0, str(site))
        base[ENV_SEED] = str(settings.seed)
    base["PYTHONPATH"] = os.pathsep.join(filter(None, paths))
    if device == EMULATED:
        with emulated_environment(1, base) as (env, counts):
            yield env, counts
        return
    if device == CPU:
        base["CUDA_VISIBLE_DEVICES"] = ""
    yield base, None


def run_once(command: str, pristine: Path, device: str, settings: SmokeSettings, scratch: Path) -> SmokeRun:
    """Run ``command`` in a fresh copy of ``pristine`` (what one run writes, the next never sees)."""
    from autofix.harness.launch import call, read_counts
    from autofix.harness.sandbox import copy_folder

    work = Path(tempfile.mkdtemp(prefix="run-", dir=scratch))
    copy = work / pristine.name
    copy_folder(pristine, copy)
    out_path, err_path = work / "stdout", work / "stderr"
    started = time.perf_counter()
    try:
        with run_environment(device, copy, settings, scratch) as (env, counts_dir), out_path.open("w") as out:
            with err_path.open("w") as err:
                code = call(command, env, cwd=copy, timeout=settings.timeout, stdout=out, stderr=err)
            counts = read_counts(counts_dir).line() if counts_dir is not None else ""
        seconds = time.perf_counter() - started
        stderr = _read(err_path)
        return SmokeRun(code, seconds, _read(out_path), stderr, counts, crash_site(stderr, copy))
    finally:
        shutil.rmtree(work, ignore_errors=True)


_FRAME = re.compile(r'^\s*File "(?P<path>[^"]+)", line (?P<line>\d+)', re.MULTILINE)


def crash_site(stderr: str, copy: Path) -> str:
    """``pkg/train.py:41``: the last traceback frame in the project's own files (not torch's), relative
    to the copy it ran in, so it names the root's file; '' when there is none."""
    top = os.path.realpath(copy)
    site = ""
    for frame in _FRAME.finditer(stderr):
        path = os.path.realpath(frame.group("path"))
        if path.startswith(top + os.sep):
            site = f"{os.path.relpath(path, top)}:{frame.group('line')}"
    return site


def _read(path: Path, limit: int = 20 * 1024 * 1024) -> str:
    with path.open("rb") as handle:
        return handle.read(limit).decode("utf-8", errors="replace")


def prove_root(
    root: str,
    commands: Sequence[str],
    before: Path,
    after: Path,
    settings: SmokeSettings,
    on_result: Any = None,
) -> SmokeProof:
    """Every command on every device, before and after; the verdicts."""
    proof = SmokeProof(root)
    with tempfile.TemporaryDirectory(prefix="autofix-smoke-") as scratch_name:
        scratch = Path(scratch_name)
        for command in commands:
            problem = check_command(command, before)
            if problem:
                proof.problems.append(f"smoke command {command!r}: {problem}")
                continue
            ran_after: list[SmokeRun] = []
            for device in devices():
                old = run_once(command, before, device, settings, scratch)
                new = run_once(command, after, device, settings, scratch)
                if old.exit == 127 and new.exit == 127:
                    proof.problems.append(f"smoke command {command!r}: {old.why()}")
                    break
                judged, difference = verdict(old, new, settings)
                result = SmokeResult(command, device, old, new, judged, difference)
                proof.results.append(result)
                if on_result is not None:
                    on_result(result)
                if new.ran() and device != CPU and ran_after:
                    # The text is never compared here: a tensor prints its device.
                    across = compare_output(
                        ran_after[0].stdout,
                        new.stdout,
                        rtol=settings.rtol,
                        atol=settings.atol,
                        ignore=settings.ignore,
                    )
                    proof.across.append((command, device, across))
                if new.ran() and device == CPU:
                    ran_after.append(new)
    return proof


def as_json(proof: SmokeProof, settings: SmokeSettings) -> dict[str, Any]:
    def run(r: SmokeRun) -> dict[str, Any]:
        return {
            "exit": r.exit,
            "timed_out": r.exit is None,
            "ran": r.ran(),
            "seconds": round(r.seconds, 3),
            "state": r.state(settings.timeout),
            "emulated_gpu_counts": r.counts or None,
            "site": r.site or None,
            "stdout_tail": r.stdout[-_TAIL:],
            "stderr_tail": r.stderr[-_TAIL:],
        }

    return {
        "passed": proof.passed,
        "problems": proof.problems,
        "runs": [
            {
                "command": r.command,
                "device": r.device,
                "ran_before": r.before.ran(),
                "runs_after": r.after.ran(),
                "same_output": None if r.verdict not in (SAME, DIFFERS) else r.verdict == SAME,
                "verdict": r.verdict,
                "difference": r.difference,
                "before": run(r.before),
                "after": run(r.after),
            }
            for r in proof.results
        ],
        "after_across_devices": [
            {"command": c, "devices": [CPU, d], "same_output": not why, "difference": why}
            for c, d, why in proof.across
        ],
        "policy": policy_line(settings),
        "meanings": MEANINGS,
    }


def policy_line(settings: SmokeSettings) -> str:
    text = "compared word for word" if settings.text == "exact" else "ignored"
    ignored = f"; lines matching {', '.join(map(repr, settings.ignore))} left out" if settings.ignore else ""
    seed = "not seeded" if settings.seed is None else f"random, numpy and torch seeded with {settings.seed}"
    return (
        f"numbers on stdout compared with rtol {settings.rtol:g}, atol {settings.atol:g}; other text {text}"
        f"{ignored}; {seed}; {settings.timeout:g} s per run"
    )


def summary(data: dict[str, Any]) -> str:
    """``2 runs: 1 fixed, 1 same output`` for a root's smoke entry (its JSON form)."""
    runs = data["runs"]
    if not runs:
        return "not run: " + "; ".join(data["problems"]) if data["problems"] else "no smoke command"
    tally: dict[str, int] = {}
    for r in runs:
        tally[r["verdict"]] = tally.get(r["verdict"], 0) + 1
    order = (FIXED, SAME, DIFFERS, BROKE, STILL_FAILING)
    parts = ", ".join(f"{tally[v]} {v}" for v in order if v in tally)
    return f"{len(runs)} run{'s' if len(runs) != 1 else ''}: {parts}"


def row_state(run: dict[str, Any]) -> str:
    """``yes`` or ``no (exit 1: IndexError: ...)`` for a run in a table."""
    return "yes" if run["ran"] else f"no ({run['state']})"


def same_text(entry: dict[str, Any]) -> str:
    if entry["same_output"] is None:
        return "-"
    if entry["same_output"]:
        return "yes" + (f"; {entry['difference']}" if entry["difference"] else "")
    return f"no: {entry['difference']}"


def across_lines(data: dict[str, Any]) -> list[str]:
    """``python train.py: after, cpu and emulated-cuda print the same numbers`` per comparison."""
    lines = []
    for entry in data.get("after_across_devices", []):
        first, second = entry["devices"]
        if entry["same_output"]:
            lines.append(f"{entry['command']}: after, {first} and {second} print the same numbers")
        else:
            lines.append(f"{entry['command']}: after, {first} and {second} differ: {entry['difference']}")
    return lines
