"""``check`` of a model zoo against libcst's bare parse, file by file and in project mode, in CPU time.

    OMP_NUM_THREADS=1 .venv/bin/python benchmarks/zoo_ratios.py [--zoo PATH] [--rounds 3] [--worst 10]

Issue 27's speed targets: ``check`` of the zoo one file at a time within 1.3x of the bare libcst parse,
project mode (a folder: :mod:`autofix.files.project` reads the files' imports first) within 1.5x, and
no file slower than 2x its own parse. The zoo is timm by default (``benchmarks/_zoo/``, see
``benchmarks/throughput.py`` for how to fetch it); only the files autofix parses count (those that
mention torch, and those that never do but may choose its GPU: ``autofix.files.source.worth_parsing``).

Two measurements, each in ``--rounds`` rounds (every row once per round, so that a busy spell on a shared
machine falls on all of them); ratios are to the bare parse of the same round, median (min-max):

* **End to end**, CPU time of fresh processes (with their workers) from ``getrusage``: one Python process
  that parses every torch file with ``libcst.parse_module``; ``autofix check --no-cache --jobs 1`` given
  the files (each file alone); and given the folder (project mode).
* **File by file, in process**, with the collector settings and the trusted parse of autofix's workers: for each file, its bare
  parse, then :func:`autofix.engine.lint.lint_and_fix` as ``check`` runs it (findings with positions),
  then the same with the file's project facts; the project pre-pass (every reading a folder gets:
  moves, names taken, names brought in) is timed once per round and added to the project total. A
  file's ratio is the median over the rounds of its check time over its parse time; the worst files
  are listed with their parse time (a file parsed in a millisecond or two has a noisy ratio). The files over 2x are counted three ways: in each round alone (what one round says),
  by that median, and by the least check time over the least parse time of the rounds (each the
  closest the shared machine let it come to its cost; rows run alternately within a round). Several
  rounds, and the last two counts, tell a file really over 2x from one a busy moment pushed there.
"""

from __future__ import annotations

import argparse
import atexit
import gc
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_ZOO = ROOT / "benchmarks" / "_zoo" / "pytorch-image-models" / "timm"
PARSE_ALL = (
    "import sys, libcst\nfor p in sys.argv[1:]:\n    libcst.parse_module(open(p, encoding='utf-8').read())"
)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _run_cpu(command: list[str], scanned: int | None = None) -> float:
    """CPU seconds of ``command`` and every process it waited for (autofix's workers); with ``scanned``,
    the check must say it scanned that many files (a folder inside a git-ignored path scans none)."""
    before = _children_cpu()
    done = subprocess.run(
        command, capture_output=True, text=True, env=dict(os.environ, OMP_NUM_THREADS="1"), cwd=ROOT
    )
    if done.returncode not in (0, 1):
        raise SystemExit(f"{command[:3]} failed ({done.returncode}): {done.stderr[-2000:]}")
    if scanned is not None and f"{scanned} files scanned" not in done.stdout + done.stderr:
        summary = (done.stdout + done.stderr).strip().splitlines()[-1:]
        raise SystemExit(
            f"{command[:2]} on {command[-1]} did not scan {scanned} files ({summary}): is the zoo inside a"
            " git-ignored folder? Give --zoo a path outside this checkout"
        )
    return _children_cpu() - before


def _spread(values: list[float]) -> str:
    text = f"{statistics.median(values):.2f}x"
    return text + (f" ({min(values):.2f}-{max(values):.2f})" if len(values) > 1 else "")


def end_to_end(zoo: Path, files: list[Path], rounds: int, python_files: int) -> None:
    """The three rows in fresh processes; ``python_files``: how many the folder holds (all are scanned)."""
    autofix = str(Path(sys.executable).parent / "autofix")
    check = [autofix, "check", "--no-cache", "--jobs", "1", "--unsafe-fixes"]
    rows: dict[str, list[float]] = {"parse": [], "files": [], "project": []}
    for _ in range(rounds):
        rows["parse"].append(_run_cpu([sys.executable, "-c", PARSE_ALL, *map(str, files)]))
        rows["files"].append(_run_cpu([*check, *map(str, files)]))
        rows["project"].append(_run_cpu([*check, str(zoo)], scanned=python_files))
    print(f"End to end, CPU seconds of fresh processes ({rounds} rounds):")
    print("| what | CPU (s), median (min-max) | / parse, median (min-max) |")
    print("|---|---:|---:|")
    for label, key in (
        ("bare `libcst.parse_module` of the torch files, one process", "parse"),
        ("`autofix check` given the files (each file alone)", "files"),
        ("`autofix check` given the folder (project mode)", "project"),
    ):
        values = rows[key]
        ratios = [v / p for v, p in zip(values, rows["parse"])]
        print(
            f"| {label} | {statistics.median(values):.2f} ({min(values):.2f}-{max(values):.2f}) |"
            f" {_spread(ratios)} |"
        )


def in_process(zoo: Path, files: list[Path], texts: dict[Path, str], rounds: int, worst: int) -> None:
    import libcst

    from autofix.engine import trusted_parse
    from autofix.engine.lint import lint_and_fix
    from autofix.files.project import closed_root, project_exports, project_moves
    from autofix.files.project_names import project_names
    from autofix.files.workers import _WORKER_GC_THRESHOLDS
    from codemods import all_rules
    from codemods.core.project_names import NO_PROJECT

    rules = all_rules()
    trusted_parse.enable()  # as autofix's workers do (the bare parse below is libcst's own)
    gc.freeze()
    gc.set_threshold(*_WORKER_GC_THRESHOLDS)
    every = sorted(zoo.rglob("*.py"))
    times: dict[Path, dict[str, list[float]]] = {p: {"parse": [], "check": [], "project": []} for p in files}
    prepass: list[float] = []
    for _ in range(rounds):
        # The pre-pass as `autofix.commands.run` makes it given the folder: every project reading.
        start = time.process_time()
        facts = project_moves(every)
        taken = project_exports([zoo], every) if closed_root(zoo) else {}
        names = project_names(every)
        prepass.append(time.process_time() - start)
        for path in files:
            text = texts[path]
            moves = {spelled: (params, moved) for spelled, params, moved in facts.get(path, ())}
            kept = frozenset(taken[path]) if path in taken else None
            brought = names.get(path, NO_PROJECT)
            start = time.process_time()
            libcst.parse_module(text)
            times[path]["parse"].append(time.process_time() - start)
            start = time.process_time()
            lint_and_fix(text, rules, fix=False, unsafe_fixes=True)
            times[path]["check"].append(time.process_time() - start)
            start = time.process_time()
            lint_and_fix(
                text,
                rules,
                fix=False,
                unsafe_fixes=True,
                project_moves=moves or None,
                project_taken=kept,
                project=brought,
            )
            times[path]["project"].append(time.process_time() - start)
    parse = [sum(times[p]["parse"][r] for p in files) for r in range(rounds)]
    check = [sum(times[p]["check"][r] for p in files) for r in range(rounds)]
    project = [sum(times[p]["project"][r] for p in files) + prepass[r] for r in range(rounds)]
    print(f"\nIn process, the workers' collector settings ({rounds} rounds, {len(files)} torch files):")
    print("| what | CPU (s), median | / parse, median (min-max) |")
    print("|---|---:|---:|")
    print(f"| bare `libcst.parse_module` | {statistics.median(parse):.2f} | 1.00x |")
    print(
        f"| `check`, each file alone | {statistics.median(check):.2f} | {_spread([c / p for c, p in zip(check, parse)])} |"
    )
    print(
        f"| `check`, project mode (pre-pass {statistics.median(prepass):.2f} s included) |"
        f" {statistics.median(project):.2f} | {_spread([c / p for c, p in zip(project, parse)])} |"
    )
    ratios = {
        p: (
            statistics.median(c / q for c, q in zip(t["check"], t["parse"])),
            statistics.median(c / q for c, q in zip(t["project"], t["parse"])),
            statistics.median(t["parse"]),
            min(t["check"]) / min(t["parse"]),
            min(t["project"]) / min(t["parse"]),
        )
        for p, t in times.items()
    }
    over = [p for p, (alone, proj, *_) in ratios.items() if max(alone, proj) > 2]
    over_min = [p for p, (*_, alone, proj) in ratios.items() if max(alone, proj) > 2]
    per_round = [
        sum(max(t["check"][r], t["project"][r]) > 2 * t["parse"][r] for t in times.values())
        for r in range(rounds)
    ]
    print(f"\nFiles over 2x their parse (either mode), of {len(files)}:")
    print(f"- in each round alone: {', '.join(map(str, per_round))}")
    print(f"- by the median over the rounds of each round's ratio: {len(over)}")
    print(f"- by the least `check` time over the least parse time of the rounds: {len(over_min)}")
    print(f"Worst {worst} files by `check` / parse (median of the rounds; least over least in brackets):")
    print("| file | parse (ms) | alone / parse | project / parse |")
    print("|---|---:|---:|---:|")
    for path, (alone, proj, parsed, alone_min, proj_min) in sorted(
        ratios.items(), key=lambda item: -max(item[1][:2])
    )[:worst]:
        print(
            f"| {path.relative_to(zoo)} | {1000 * parsed:.1f} | {alone:.2f}x ({alone_min:.2f}x) |"
            f" {proj:.2f}x ({proj_min:.2f}x) |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--zoo", type=Path, default=DEFAULT_ZOO, help=f"a model library (default {DEFAULT_ZOO})"
    )
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--worst", type=int, default=10, help="how many of the slowest files to list")
    parser.add_argument("--no-end-to-end", action="store_true", help="only the in-process, per-file part")
    args = parser.parse_args()
    if not args.zoo.is_dir():
        raise SystemExit(f"no zoo at {args.zoo}: see benchmarks/throughput.py for how to fetch timm")
    if args.zoo.resolve().is_relative_to(ROOT):
        # Given a folder, autofix skips what this checkout's .gitignore names (benchmarks/_zoo/ is), so
        # project mode would scan nothing: measure a copy outside the checkout.
        copy = Path(tempfile.mkdtemp(prefix="zoo-")) / args.zoo.name
        shutil.copytree(args.zoo, copy)
        atexit.register(shutil.rmtree, copy.parent, ignore_errors=True)
        args.zoo = copy
    sys.path.insert(0, str(ROOT))
    from autofix.files.source import worth_parsing

    texts = {p: p.read_text(encoding="utf-8") for p in sorted(args.zoo.rglob("*.py"))}
    files = [p for p, text in texts.items() if worth_parsing(text.encode())]
    load = os.getloadavg()[0]
    print(
        f"Zoo {args.zoo}: {len(texts)} files, {len(files)} parsed; {os.cpu_count()} CPUs, load average"
        f" {load:.1f} at the start; Python {sys.version.split()[0]}; OMP_NUM_THREADS=1"
    )
    if not args.no_end_to_end:
        end_to_end(args.zoo, files, args.rounds, len(texts))
    in_process(args.zoo, files, texts, args.rounds, args.worst)
    print(f"\nLoad average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
