"""The rows of benchmarks/throughput.py: each tool run on one tree, timed, its exit code and findings checked.

Every row is a fresh process per repeat (median wall time, min-max spread). A run whose exit code says it
failed, or that checked fewer files than the tree has, is marked FAILED, never reported as merely fast.
"""

from __future__ import annotations

import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

BIN = Path(sys.executable).parent
BENCHMARKS = Path(__file__).resolve().parent

# libcst's own floor: parse (and regenerate) every file autofix must parse (its plain-text pre-filter).
FLOOR = """
import sys, libcst
from pathlib import Path
codegen = sys.argv[2] == "codegen"
parsed = failed = 0
for path in sorted(Path(sys.argv[1]).rglob("*.py")):
    data = path.read_bytes()
    if b"torch" not in data and b"import *" not in data:
        continue
    try:
        module = libcst.parse_module(data)
        if codegen:
            module.bytes
        parsed += 1
    except Exception:
        failed += 1
print(f"{parsed} files parsed; {failed} failed", file=sys.stderr)
"""


@dataclass
class Row:
    tree: str
    files: int
    label: str
    seconds: float
    low: float
    high: float
    exit_codes: set[int]
    findings: int | None = None  # None: the tool does not report findings (the floors)
    summary: str = ""
    notes: list[str] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.files / self.seconds if self.seconds else 0.0

    @property
    def failed(self) -> bool:
        return any(n.startswith(("FAILED", "KILLED")) for n in self.notes)


def timed(
    command: list[str],
    cwd: Path,
    repeats: int,
    env_extra: dict[str, str] | None = None,
    before_each: Callable[[], None] | None = None,
    timeout_s: float | None = None,
):
    """(median, min, max seconds, exit codes, stdout and stderr of the last run); a run past ``timeout_s`` is
    killed (exit 124), and is not repeated."""
    env = dict(os.environ, OMP_NUM_THREADS="1", PYTHONPATH=str(BENCHMARKS), **(env_extra or {}))
    times, codes = [], set()
    out = err = ""
    for _ in range(repeats):
        if before_each is not None:
            before_each()
        start = time.perf_counter()
        try:
            done = subprocess.run(
                command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout_s
            )
            out, err, code = done.stdout, done.stderr, done.returncode
        except subprocess.TimeoutExpired as exc:
            out = exc.stdout.decode() if isinstance(exc.stdout, bytes) else (exc.stdout or "")
            err, code = f"killed after {timeout_s:g} s", 124
        times.append(time.perf_counter() - start)
        codes.add(code)
        if code == 124:
            break
    return statistics.median(times), min(times), max(times), codes, out, err


def _last(text: str, needle: str) -> str:
    lines = [line for line in text.splitlines() if needle in line]
    return lines[-1] if lines else ""


def _count_check(row: Row, reported: str, pattern: str, expected: int | None = None) -> None:
    """The tool must say it checked every file of the tree (``expected``: those it is meant to look at)."""
    expected = row.files if expected is None else expected
    match = re.search(pattern, reported)
    if match is None:
        row.notes.append("FAILED: no summary of files checked")
    elif int(match.group(1)) != expected:
        row.notes.append(f"FAILED: checked {match.group(1)} of {expected} files")


def mentioning_torch(tree: Path) -> int:
    """Files with "torch" in them: the ones TorchFix looks at (its own pre-filter)."""
    return sum(1 for path in tree.rglob("*.py") if b"torch" in path.read_bytes())


def floor_rows(name: str, tree: Path, files: int, base: Path, repeats: int) -> list[Row]:
    rows = []
    for mode, label in (("parse", "libcst parse"), ("codegen", "libcst parse+codegen")):
        median, low, high, codes, _, err = timed(
            [sys.executable, "-c", FLOOR, tree.name, mode], base, repeats
        )
        row = Row(name, files, label, median, low, high, codes, summary=err.strip())
        if codes != {0}:
            row.notes.append(f"FAILED (exit {sorted(codes)})")
        rows.append(row)
    return rows


def discovered(tree: Path, base: Path) -> int:
    """The files autofix finds in ``tree`` (it always skips folders such as ``venv``, ``build``, ``.git``)."""
    from autofix.files.discovery import discover

    cwd = os.getcwd()
    os.chdir(base)
    try:
        return len(discover([tree.name], on_error=lambda *_: None))
    finally:
        os.chdir(cwd)


def autofix_rows(name: str, tree: Path, files: int, base: Path, repeats: int) -> list[Row]:
    """check --unsafe-fixes with --jobs 1 and 2, each cold (empty cache) then warm (the cache it left)."""
    rows = []
    expected = discovered(tree, base)
    for jobs in ("1", "2"):
        cache = base / f"cache-{name.split()[0]}-{jobs}"
        shutil.rmtree(cache, ignore_errors=True)
        command = [str(BIN / "autofix"), "check", "--unsafe-fixes", "--jobs", jobs, tree.name]
        env = {"AUTOFIX_CACHE_DIR": str(cache), "AUTOFIX_STATS": "1"}
        for temperature in ("cold", "warm"):
            reset = (lambda c=cache: shutil.rmtree(c, ignore_errors=True)) if temperature == "cold" else None
            median, low, high, codes, out, err = timed(command, base, repeats, env, before_each=reset)
            row = Row(
                name,
                files,
                f"autofix --jobs {jobs} ({temperature})",
                median,
                low,
                high,
                codes,
                findings=len(out.splitlines()),
                summary=_last(err, "files scanned"),
            )
            # Exit 0/1 is a verdict; 2 means some files could not be processed (said in the summary).
            if not codes <= {0, 1, 2}:
                row.notes.append(
                    f"FAILED (exit {sorted(codes)}): {(err.strip().splitlines() or [''])[-1][:80]}"
                )
            _count_check(row, row.summary, r"(\d+) files? scanned", expected)
            if expected != files:
                row.notes.append(f"{files - expected} files in folders autofix always skips (venv, build...)")
            stats = _last(err, "stats:").replace("stats: ", "")
            if stats:
                row.notes.append(stats)
            rows.append(row)
        shutil.rmtree(cache, ignore_errors=True)
    return rows


def fixit_rows(name: str, tree: Path, files: int, base: Path, repeats: int, timeout_s: int) -> list[Row]:
    """``fixit lint`` with the two rules of benchmarks/fixit_rules.py, on one CPU and on all."""
    fixit = str(BIN / "fixit")
    rows = []
    for label, command in (
        ("fixit (1 CPU)", ["taskset", "-c", "0", fixit, "--rules", "fixit_rules", "lint", tree.name]),
        ("fixit (all CPUs)", [fixit, "--rules", "fixit_rules", "lint", tree.name]),
    ):
        median, low, high, codes, out, err = timed(command, base, repeats, timeout_s=timeout_s)
        findings = sum(1 for line in out.splitlines() if re.search(r"@\d+:\d+ ", line))
        row = Row(
            name,
            files,
            label,
            median,
            low,
            high,
            codes,
            findings,
            _last(err, "checked") or _last(err, "clean"),
        )
        if 124 in codes:
            row.notes.append(f"KILLED after {timeout_s} s: a bound, not a rate")
        elif not codes <= {0, 1}:
            row.notes.append(f"FAILED (exit {sorted(codes)})")
        else:
            _count_check(row, err, r"(\d+) files? (?:checked|clean)")
        rows.append(row)
    return rows


def install_torchfix(base: Path, explicit: Path | None) -> tuple[Path | None, str]:
    """``torchfix`` installed into a throwaway virtual environment under ``base`` (or the one given)."""
    if explicit is not None:
        return explicit, "given with --torchfix"
    venv = base / "torchfix-venv"
    try:
        subprocess.run(
            [sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True, timeout=300
        )
        subprocess.run(
            [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "torchfix"],
            check=True,
            capture_output=True,
            text=True,
            timeout=600,
        )
    except subprocess.CalledProcessError as exc:
        reason = ((exc.stderr or "") if isinstance(exc.stderr, str) else "").strip().splitlines()
        return None, f"could not install TorchFix: {reason[-1] if reason else exc}"
    except subprocess.TimeoutExpired:
        return None, "could not install TorchFix: pip took over 10 minutes (no package index reachable?)"
    version = subprocess.run([str(venv / "bin" / "torchfix"), "--version"], capture_output=True, text=True)
    libcst = subprocess.run(
        [
            str(venv / "bin" / "python"),
            "-c",
            "import libcst, importlib.metadata as m; print(m.version('libcst'))",
        ],
        capture_output=True,
        text=True,
    )
    return venv / "bin" / "torchfix", (
        f"TorchFix {version.stdout.strip() or '?'} (libcst {libcst.stdout.strip()}) in a throwaway venv"
    )


def torchfix_rows(
    name: str, tree: Path, files: int, base: Path, repeats: int, timeout_s: int, torchfix: Path
) -> list[Row]:
    """``torchfix --select ALL`` (findings only, nothing fixed), on one CPU and on all."""
    rows = []
    for label, command in (
        ("torchfix (1 CPU)", ["taskset", "-c", "0", str(torchfix), "--select", "ALL", "-j", "1", tree.name]),
        ("torchfix (all CPUs)", [str(torchfix), "--select", "ALL", tree.name]),
    ):
        median, low, high, codes, out, err = timed(command, base, repeats, timeout_s=timeout_s)
        findings = sum(1 for line in out.splitlines() if re.search(r":\d+:\d+: TOR\d+", line))
        row = Row(name, files, label, median, low, high, codes, findings, _last(err, "Finished checking"))
        expected = mentioning_torch(tree)
        if 124 in codes:
            row.notes.append(f"KILLED after {timeout_s} s: a bound, not a rate")
        elif not codes <= {0, 1}:
            row.notes.append(f"FAILED (exit {sorted(codes)}): {(err.strip().splitlines() or [''])[-1][:80]}")
        elif expected:  # with none it prints nothing at all
            _count_check(row, row.summary, r"Finished checking (\d+) files?", expected)
        rows.append(row)
    return rows


def cross_check(rows: list[Row]) -> None:
    """Sibling rows of one tool on one tree must agree on what they found (a crash finds less)."""
    groups: dict[tuple[str, str], list[Row]] = {}
    for row in rows:
        if row.findings is not None and not row.failed:
            groups.setdefault((row.tree, row.label.split(" ")[0]), []).append(row)
    for group in groups.values():
        counts = sorted({row.findings for row in group if row.findings is not None})
        if len(counts) > 1:
            for row in group:
                row.notes.insert(0, f"MISMATCH: findings differ between runs of this tool {counts}")
