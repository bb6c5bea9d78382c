"""Files per second: autofix against libcst's own floor, TorchFix and Fixit, on the same trees; cold and warm cache.

    OMP_NUM_THREADS=1 .venv/bin/python benchmarks/throughput.py [--files 1000] [--repeats 3] [--trees ...]

Trees (copied into a temporary folder, so nothing here is modified):

* ``corpus``: this repository's corpus (before and after versions).
* ``generated``: ``--files`` (1,000) torch training scripts made from the corpus with renamed identifiers:
  the tree of the warm-cache target (warm at least 20x faster than cold).
* ``torch``: the Python sources of the installed torch package: real code, and every file mentions
  torch, so the plain-text pre-filter skips nothing (the worst case for autofix).
* ``stdlib (pre-filter)``: CPython's standard library (without site-packages). Almost no file mentions
  torch, so this row mostly measures the pre-filter (read, decode, look for "torch"), not the rules; the
  160 or so files with a star import are parsed too (a star import may bring torch in unnamed), and
  the floor rows parse the same files.
* ``zoo``: a real model library. Not in this repository (never commit it); fetch it once with

      git clone --depth 1 https://github.com/huggingface/pytorch-image-models benchmarks/_zoo/pytorch-image-models

  (timm: 284 files, 125k lines when measured; ``benchmarks/_zoo/`` is ignored by git), or name any checkout
  with ``--zoo PATH``. Without one, the zoo tree is skipped with this hint.

Rows per tree:

* ``libcst parse`` / ``libcst parse+codegen``: the floor. One process parses (and regenerates) every file
  that autofix must parse (the files that mention torch).
* ``autofix --jobs 1 / 2 (cold)``: ``check --unsafe-fixes`` (findings with positions, the command comparable
  to ``fixit lint`` and ``torchfix``) with an empty cache; ``(warm)``: the same again with the cache it left
  (nothing changed, nothing parsed). Notes give each worker's peak RSS (``AUTOFIX_STATS``).
* ``torchfix (1 CPU / all CPUs)``: ``torchfix --select ALL``, installed by this script into a throwaway
  virtual environment from the package index (``--torchfix PATH`` to use one already installed).
* ``fixit (1 CPU / all CPUs)``: ``fixit lint`` with benchmarks/fixit_rules.py (two rules written the Fixit way).

"1 CPU" rows are pinned with ``taskset -c 0``. Every run's exit code is checked, and so is the number of
files each tool says it checked; findings are counted, and runs of one tool on one tree must agree (the
tools have different rules, so their counts are shown side by side, not compared). A killed run is a bound.
Wall time is the median of ``--repeats`` fresh processes, with the spread (min-max). The floor and autofix
rows of a tree are measured in rounds (every row once, then again), so that a busy spell on a shared
machine falls on all of them rather than on one; TorchFix and Fixit repeat back to back (a run killed at
``--tool-timeout`` is not repeated). Timings taken on a loaded machine say little: the header prints the
load average at the start and at the end.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import platform
import re
import shutil
import statistics
import tempfile
from collections.abc import Callable
from pathlib import Path

try:
    from benchmarks import bench_tools as tools
except ImportError:  # run as a script: benchmarks/ is on the path
    import bench_tools as tools  # type: ignore[no-redef]

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_ZOO = ROOT / "benchmarks" / "_zoo" / "pytorch-image-models" / "timm"
ZOO_HINT = (
    "zoo: no model library found; fetch one with\n    git clone --depth 1"
    " https://github.com/huggingface/pytorch-image-models benchmarks/_zoo/pytorch-image-models\n"
    "  or name a checkout with --zoo PATH"
)
WARM_TARGET = 20.0


def generate(tree: Path, count: int) -> None:
    """``count`` torch scripts: the corpus' before.py files with their identifiers renamed."""
    sources = sorted((ROOT / "corpus").rglob("before.py"))
    tree.mkdir(parents=True)
    for index in range(count):
        text = sources[index % len(sources)].read_text()
        suffix = f"_{index}"
        text = re.sub(r"\bclass (\w+)", lambda m, suffix=suffix: f"class {m.group(1)}{suffix}", text)
        text = re.sub(r"\bdef run\(", f"def run{suffix}(", text)
        package = tree / f"pkg{index // 100:02d}"
        package.mkdir(exist_ok=True)
        (package / f"train_{index:04d}.py").write_text(text)


def copy_py(source: Path, target: Path, skip: tuple[str, ...] = ()) -> None:
    ignored = ("__pycache__", "*.so", "*.pyc", "*.a", "*.h", "*.dylib", "*.dll", "*.lib", ".git", *skip)
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(*ignored))


def count_py(tree: Path) -> int:
    return sum(1 for _ in tree.rglob("*.py"))


def _trees(args: argparse.Namespace, base: Path) -> dict[str, Path]:
    wanted = args.trees.split(",")
    trees: dict[str, Path] = {}
    for name in wanted:
        if name == "corpus":
            trees["corpus"] = base / "corpus"
            copy_py(ROOT / "corpus", trees["corpus"])
        elif name == "generated":
            trees["generated"] = base / "generated"
            generate(trees["generated"], args.files)
        elif name == "torch":
            import torch  # only to find its sources

            # Not named "torch", and every tool runs from the folder above the trees: a copy of a
            # package on the import path shadows the real one (and torch/types.py the stdlib's).
            trees["torch"] = base / "torch_sources"
            copy_py(Path(torch.__file__).parent, trees["torch"])
        elif name == "stdlib":
            trees["stdlib (pre-filter)"] = base / "stdlib"
            copy_py(Path(os.__file__).parent, trees["stdlib (pre-filter)"], skip=("site-packages",))
        elif name == "zoo":
            zoo = args.zoo or DEFAULT_ZOO
            if zoo.is_dir():
                trees["zoo"] = base / "zoo"
                copy_py(zoo, trees["zoo"])
            else:
                print(ZOO_HINT, flush=True)
        else:
            raise SystemExit(f"unknown tree {name!r} (corpus, generated, torch, stdlib, zoo)")
    return trees


def interleaved(one_round: Callable[[], list[tools.Row]], repeats: int) -> list[tools.Row]:
    """The floor and autofix rows of a tree, measured in ``repeats`` rounds of one run each: on a shared
    machine a busy spell then falls on every row alike, where consecutive repeats of one row would
    put it all on whichever row ran during it (and the ratios between rows are what a reader wants)."""
    rounds = [one_round() for _ in range(repeats)]
    merged = []
    for runs in zip(*rounds):
        times = [r.seconds for r in runs]
        last = runs[-1]
        notes = list(last.notes)
        notes += [
            n for r in runs[:-1] for n in r.notes if n.startswith(("FAILED", "KILLED")) and n not in notes
        ]
        found = sorted({r.findings for r in runs if r.findings is not None})
        if len(found) > 1:
            notes.insert(0, f"MISMATCH: findings differ between rounds {found}")
        merged.append(
            dataclasses.replace(
                last,
                seconds=statistics.median(times),
                low=min(times),
                high=max(times),
                exit_codes=set().union(*(r.exit_codes for r in runs)),
                notes=notes,
            )
        )
    return merged


def _find(rows: list[tools.Row], tree: str, label: str) -> tools.Row | None:
    return next((r for r in rows if r.tree == tree and r.label == label and not r.failed), None)


def ratios(rows: list[tools.Row], files_for_target: int) -> list[str]:
    """The lines a reader wants: against the floor, cold against warm, against the other tools."""
    lines = []
    for tree in dict.fromkeys(r.tree for r in rows):
        floor = _find(rows, tree, "libcst parse")
        for jobs in ("1", "2"):
            cold = _find(rows, tree, f"autofix --jobs {jobs} (cold)")
            warm = _find(rows, tree, f"autofix --jobs {jobs} (warm)")
            if cold is None:
                continue
            parts = [f"{tree}, --jobs {jobs}:"]
            if floor is not None:
                parts.append(f"cold = {cold.seconds / floor.seconds:.2f}x libcst parse;")
            if warm is not None:
                speedup = cold.seconds / warm.seconds
                parts.append(f"warm cache {speedup:.1f}x faster than cold")
                if tree == "generated" and cold.files == files_for_target:
                    parts.append(
                        f"(target >= {WARM_TARGET:g}x: {'met' if speedup >= WARM_TARGET else 'NOT MET'})"
                    )
            for other in ("torchfix", "fixit"):
                label = f"{other} (1 CPU)" if jobs == "1" else f"{other} (all CPUs)"
                row = _find(rows, tree, label)
                if row is not None:
                    bound = ">= " if any(n.startswith("KILLED") for n in row.notes) else ""
                    parts.append(f"; {label} takes {bound}{row.seconds / cold.seconds:.1f}x autofix cold")
            lines.append(" ".join(parts).replace(" ;", ";"))
        found = {r.label.split(" ")[0]: r.findings for r in rows if r.tree == tree and r.findings is not None}
        if found:
            lines.append(
                f"{tree}: findings by tool (different rule sets): "
                + ", ".join(f"{tool} {count}" for tool, count in found.items())
            )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--trees", default="corpus,generated,torch,stdlib,zoo", help="comma-separated subset")
    parser.add_argument("--zoo", type=Path, help=f"a model library checkout (default {DEFAULT_ZOO})")
    parser.add_argument("--no-fixit", action="store_true", help="skip the Fixit rows")
    parser.add_argument("--no-torchfix", action="store_true", help="skip the TorchFix rows")
    parser.add_argument(
        "--torchfix", type=Path, help="a torchfix executable to use instead of installing one"
    )
    parser.add_argument(
        "--tool-timeout", type=int, default=600, help="seconds before a Fixit/TorchFix run is killed"
    )
    args = parser.parse_args()

    start_load = os.getloadavg()[0]
    rows: list[tools.Row] = []
    with tempfile.TemporaryDirectory(prefix="autofix-bench-") as scratch:
        base = Path(scratch)
        torchfix, torchfix_note = (None, "skipped (--no-torchfix)")
        if not args.no_torchfix:
            torchfix, torchfix_note = tools.install_torchfix(base, args.torchfix)
        print(f"TorchFix: {torchfix_note}", flush=True)
        for name, tree in _trees(args, base).items():
            files = count_py(tree)
            tree_rows = interleaved(
                lambda name=name, tree=tree, files=files: (
                    tools.floor_rows(name, tree, files, base, 1)
                    + tools.autofix_rows(name, tree, files, base, 1)
                ),
                args.repeats,
            )
            if torchfix is not None:
                tree_rows += tools.torchfix_rows(
                    name, tree, files, base, args.repeats, args.tool_timeout, torchfix
                )
            if not args.no_fixit:
                tree_rows += tools.fixit_rows(name, tree, files, base, args.repeats, args.tool_timeout)
            for row in tree_rows:
                print(
                    f"{name:20} {files:6} files  {row.label:26} {row.seconds:8.2f} s ({row.low:.2f}-{row.high:.2f})"
                    f" {row.rate:9.1f} files/s  exit {sorted(row.exit_codes)}  [{row.summary[:70]}]"
                    f" {'; '.join(row.notes)}",
                    flush=True,
                )
            rows += tree_rows
    tools.cross_check(rows)

    from importlib.metadata import version

    import libcst  # noqa: F401 - for its version only

    affinity = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print()
    print(
        f"Machine: {os.cpu_count()} CPUs ({affinity} usable), load average {start_load:.1f} at the start and"
        f" {os.getloadavg()[0]:.1f} at the end; Python {platform.python_version()}, libcst {version('libcst')},"
        f" {platform.platform()}; median of {args.repeats} runs (min-max); TorchFix: {torchfix_note}"
    )
    print(
        "| tree | files | tool | wall (s) | spread (s) | files/s | vs libcst parse | findings | exit | notes |"
    )
    print("|---|---:|---|---:|---|---:|---:|---:|---|---|")
    floors = {row.tree: row.seconds for row in rows if row.label == "libcst parse"}
    for row in rows:
        ratio = f"{row.seconds / floors[row.tree]:.2f}x" if floors.get(row.tree) else "-"
        findings = "-" if row.findings is None else str(row.findings)
        codes = ",".join(str(c) for c in sorted(row.exit_codes))
        print(
            f"| {row.tree} | {row.files} | {row.label} | {row.seconds:.2f} | {row.low:.2f}-{row.high:.2f} |"
            f" {row.rate:.1f} | {ratio} | {findings} | {codes} | {'; '.join(row.notes)} |"
        )
    print()
    for line in ratios(rows, files_for_target=1000):
        print(f"* {line}")


if __name__ == "__main__":
    main()
