"""Files per second: autofix against Fixit, and against libcst's own floor, on the same trees.

    OMP_NUM_THREADS=1 .venv/bin/python benchmarks/throughput.py [--files 1000] [--repeats 3] [--trees ...]

Trees (copied into a temporary folder, so nothing here is modified):

* ``corpus``: this repository's corpus (before and after versions).
* ``generated``: ``--files`` torch training scripts made from the corpus with renamed identifiers.
* ``torch``: the Python sources of the installed torch package: real code, and every file mentions
  torch, so the plain-text pre-filter skips nothing (the worst case for autofix).
* ``stdlib``: CPython's standard library (without site-packages). Almost no file mentions torch, so this
  row measures the pre-filter (read, decode, look for "torch"), not the rules.
* ``zoo``: a real model library, if ``--zoo PATH`` names a checkout (e.g. ``git clone --depth 1
  https://github.com/pytorch/vision`` and ``--zoo vision/torchvision``).

Rows per tree:

* ``libcst parse`` / ``libcst parse+codegen``: the floor. One process parses (and regenerates) every file
  that mentions torch, the files autofix must parse.
* ``autofix --jobs 1 / 2 (cold)``: ``check --unsafe-fixes`` (findings with positions, the command comparable
  to ``fixit lint``) with an empty cache; ``(warm)``: the same again with
  the cache it left (nothing changed, nothing parsed).
* ``fixit (1 CPU / 2 CPUs)``: ``lint`` with benchmarks/fixit_rules.py (two simple rules written the Fixit
  way), pinned to one CPU with ``taskset`` and free to use both.

Every run's exit code is checked and its findings counted: a run that crashed or found a different number
of things than its sibling rows is marked, never reported as merely fast. The autofix rows also report the
peak RSS of each worker process (``AUTOFIX_STATS``). TorchFix is not part of this table (not installed).
Wall time is the median of the repeats.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def generate(tree: Path, count: int) -> None:
    """``count`` torch scripts: the corpus' before.py files with their identifiers renamed."""
    sources = sorted((ROOT / "corpus").rglob("before.py"))
    tree.mkdir(parents=True)
    for index in range(count):
        text = sources[index % len(sources)].read_text()
        suffix = f"_{index}"
        text = re.sub(r"\bclass (\w+)", lambda m: f"class {m.group(1)}{suffix}", text)
        text = re.sub(r"\bdef run\(", f"def run{suffix}(", text)
        package = tree / f"pkg{index // 100:02d}"
        package.mkdir(exist_ok=True)
        (package / f"train_{index:04d}.py").write_text(text)


def copy_py(source: Path, target: Path, skip: tuple[str, ...] = ()) -> None:
    ignored = ("__pycache__", "*.so", "*.pyc", "*.a", "*.h", "*.dylib", "*.dll", "*.lib", *skip)
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(*ignored))


def count_py(tree: Path) -> int:
    return sum(1 for _ in tree.rglob("*.py"))


FLOOR = """
import sys, time, libcst
from pathlib import Path
codegen = sys.argv[2] == "codegen"
parsed = failed = 0
for path in sorted(Path(sys.argv[1]).rglob("*.py")):
    data = path.read_bytes()
    if b"torch" not in data:
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
    exit_codes: set[int]
    findings: int | None
    summary: str
    note: str = ""

    @property
    def rate(self) -> float:
        return self.files / self.seconds if self.seconds else 0.0


def timed(command: list[str], cwd: Path, repeats: int, env_extra: dict[str, str] | None = None,
          before_each: Callable[[], None] | None = None) -> tuple[float, set[int], str, str]:
    env = dict(os.environ, OMP_NUM_THREADS="1", PYTHONPATH=str(ROOT / "benchmarks"), **(env_extra or {}))
    times, codes = [], set()
    out = err = ""
    for _ in range(repeats):
        if before_each is not None:
            before_each()
        start = time.perf_counter()
        done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        codes.add(done.returncode)
        out, err = done.stdout, done.stderr
    return statistics.median(times), codes, out, err


def _last(err: str, needle: str) -> str:
    lines = [line for line in err.splitlines() if needle in line]
    return lines[-1] if lines else ""


def autofix_rows(name: str, tree: Path, files: int, base: Path, repeats: int) -> list[Row]:
    autofix = str(BIN / "autofix")
    rows = []
    for jobs in ("1", "2"):
        cache = base / f"cache-{name}-{jobs}"
        command = [autofix, "check", "--unsafe-fixes", "--jobs", jobs, tree.name]
        env = {"AUTOFIX_CACHE_DIR": str(cache), "AUTOFIX_STATS": "1"}
        for temperature in ("cold", "warm"):
            reset = (lambda c=cache: shutil.rmtree(c, ignore_errors=True)) if temperature == "cold" else None
            seconds, codes, out, err = timed(command, base, repeats, env, before_each=reset)
            summary = _last(err, "files scanned")
            findings = len(out.splitlines())
            note = _last(err, "stats:").replace("stats: ", "")
            # Exit 0/1 is a verdict; 2 means some files could not be processed (said in the summary).
            if not summary or not codes <= {0, 1, 2} or f"{files} files scanned" not in summary:
                note = f"FAILED (exit {sorted(codes)}): {(err.strip().splitlines() or [''])[-1][:80]}"
            rows.append(Row(name, files, f"autofix --jobs {jobs} ({temperature})", seconds, codes, findings,
                            summary, note))
        if temperature == "warm" and cache.exists():
            shutil.rmtree(cache)
    return rows


def floor_rows(name: str, tree: Path, files: int, base: Path, repeats: int) -> list[Row]:
    rows = []
    for mode in ("parse", "codegen"):
        command = [sys.executable, "-c", FLOOR, tree.name, mode]
        seconds, codes, _, err = timed(command, base, repeats)
        note = "" if codes == {0} else f"FAILED (exit {sorted(codes)})"
        label = "libcst parse" if mode == "parse" else "libcst parse+codegen"
        rows.append(Row(name, files, label, seconds, codes, None, err.strip(), note))
    return rows


def fixit_rows(name: str, tree: Path, files: int, base: Path, repeats: int, timeout_s: int) -> list[Row]:
    fixit = str(BIN / "fixit")
    rows = []
    for label, command in (
        ("fixit (1 CPU)", ["taskset", "-c", "0", fixit, "--rules", "fixit_rules", "lint", tree.name]),
        ("fixit (2 CPUs)", [fixit, "--rules", "fixit_rules", "lint", tree.name]),
    ):
        try:
            seconds, codes, out, err = timed(["timeout", str(timeout_s), *command], base, repeats)
        except FileNotFoundError:
            continue
        findings = sum(1 for line in out.splitlines() if "@" in line and ": " in line)
        note = "" if codes <= {0, 1} else f"FAILED or killed (exit {sorted(codes)})"
        rows.append(Row(name, files, label, seconds, codes, findings, _last(err, "checked"), note))
    return rows


def cross_check(rows: list[Row]) -> None:
    """Sibling rows of one tool on one tree must agree on what they found."""
    groups: dict[tuple[str, str], list[Row]] = {}
    for row in rows:
        if row.findings is not None and not row.note.startswith("FAILED"):
            groups.setdefault((row.tree, row.label.split(" ")[0]), []).append(row)
    for group in groups.values():
        counts = {row.findings for row in group}
        if len(counts) > 1:
            for row in group:
                row.note = f"MISMATCH: findings differ between runs {sorted(counts)}; " + row.note


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--trees", default="corpus,generated,torch,stdlib", help="comma-separated subset")
    parser.add_argument("--zoo", type=Path, help="a model library checkout to add as the 'zoo' tree")
    parser.add_argument("--no-fixit", action="store_true", help="skip the Fixit rows")
    parser.add_argument("--fixit-timeout", type=int, default=600, help="seconds before a Fixit run is killed")
    args = parser.parse_args()
    wanted = set(args.trees.split(","))

    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="autofix-bench-") as scratch:
        base = Path(scratch)
        trees: dict[str, Path] = {}
        if "corpus" in wanted:
            trees["corpus"] = base / "corpus"
            copy_py(ROOT / "corpus", trees["corpus"])
        if "generated" in wanted:
            trees["generated"] = base / "generated"
            generate(trees["generated"], args.files)
        if "torch" in wanted:
            import torch  # only to find its sources

            # Not named "torch", and every tool runs from the folder above the trees: a copy of a
            # package on the import path shadows the real one (and torch/types.py the stdlib's).
            trees["torch"] = base / "torch_sources"
            copy_py(Path(torch.__file__).parent, trees["torch"])
        if "stdlib" in wanted:
            trees["stdlib (pre-filter)"] = base / "stdlib"
            copy_py(Path(os.__file__).parent, trees["stdlib (pre-filter)"], skip=("site-packages",))
        if args.zoo:
            trees["zoo"] = base / "zoo"
            copy_py(args.zoo, trees["zoo"])

        for name, tree in trees.items():
            files = count_py(tree)
            tree_rows = floor_rows(name, tree, files, base, args.repeats)
            tree_rows += autofix_rows(name, tree, files, base, args.repeats)
            if not args.no_fixit:
                tree_rows += fixit_rows(name, tree, files, base, args.repeats, args.fixit_timeout)
            for row in tree_rows:
                print(f"{name:20} {files:6} files  {row.label:28} {row.seconds:8.2f} s {row.rate:9.1f} files/s"
                      f"  exit {sorted(row.exit_codes)}  [{row.summary[:70]}] {row.note}", flush=True)
            rows += tree_rows
    cross_check(rows)

    print()
    print(f"Machine: {os.cpu_count()} CPUs, Python {platform.python_version()}, {platform.platform()}")
    print("| tree | files | tool | wall (s) | files/s | vs libcst parse | findings | exit | notes |")
    print("|---|---:|---|---:|---:|---:|---:|---|---|")
    floors = {row.tree: row.seconds for row in rows if row.label == "libcst parse"}
    for row in rows:
        ratio = f"{row.seconds / floors[row.tree]:.2f}x" if floors.get(row.tree) else "-"
        findings = "-" if row.findings is None else str(row.findings)
        codes = ",".join(str(c) for c in sorted(row.exit_codes))
        print(f"| {row.tree} | {row.files} | {row.label} | {row.seconds:.2f} | {row.rate:.1f} | {ratio} |"
              f" {findings} | {codes} | {row.note} |")


if __name__ == "__main__":
    main()
