"""Generate one large torch file, and time ``check``/``apply`` of it against bare ``libcst.parse_module``.

    OMP_NUM_THREADS=1 .venv/bin/python benchmarks/large_file.py --size-mb 5 [--repeats 3] [--profile]

The target (issue 14): ``check`` and ``apply`` of the 5 MB file within 1.5x of libcst's own parse time for
it (CPU time, the steadier measure on a shared machine), and peak memory within 1.3x of bare parsing's.

The file is the corpus' ``before.py`` files, concatenated with their classes and functions renamed per
copy until it reaches the size asked for: real torch code, with findings throughout, and fixes that enable
further fixes (so ``apply`` needs several passes). The *fix-heavy* file (issue 30: such a file took 1.93x
its parse where the mixed one took 1.32x) is built the same way from only the densest quarter of the
cases that ``apply`` changes, ranked by the lines their checked-in ``after.py`` changes per byte: about
2.4 times the mixed file's changed lines per byte. Its ``apply`` runs with the default ``--timeout``
(which grows with the file's size), to show that it is not cut off. Each measurement runs in a fresh
process under
``/usr/bin/time -v`` (wall time, CPU time, peak RSS of the largest process: for autofix, its worker);
``--repeats`` runs that many rounds of every row and reports the median and the spread (min-max). Ratios
are to the bare parse of the same round, of wall time and of CPU time (CPU time is the steadier of the two
on a loaded machine): median over the rounds (min-max).

``--profile`` adds, in-process: the time of each stage of ``check`` and ``apply`` (parse, rules per pass,
applying edits, re-parsing what changed, code generation) and the top of a cProfile of ``apply``.
"""

from __future__ import annotations

import argparse
import difflib
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PARSE = "import sys, libcst; libcst.parse_module(open(sys.argv[1]).read())"
PARSE_CODEGEN = "import sys, libcst; libcst.parse_module(open(sys.argv[1]).read()).code"
# The collector settings autofix's workers use (autofix.files.workers), to show what part of the gap they close.
PARSE_GC = (
    "import gc, sys, libcst; from autofix.files.workers import _WORKER_GC_THRESHOLDS as t; gc.freeze();"
    " gc.set_threshold(*t); libcst.parse_module(open(sys.argv[1]).read())"
)


def _fix_dense_cases() -> list[Path]:
    """The densest quarter of the corpus cases that apply changes, by changed lines per byte."""
    ranked = []
    for before in sorted((ROOT / "corpus").rglob("before.py")):
        after = before.with_name("after.py")
        if not after.exists():
            continue
        old, new = before.read_text(), after.read_text()
        changed = sum(
            1
            for line in difflib.unified_diff(old.splitlines(), new.splitlines(), n=0, lineterm="")
            if line.startswith("-") and not line.startswith("---")
        )
        if changed:
            ranked.append((-changed / len(old), before))
    ranked.sort()
    return [before for _, before in ranked[: max(1, len(ranked) // 4)]]


def _python3(source: str) -> bool:
    try:
        compile(source, "<case>", "exec", dont_inherit=True)
    except SyntaxError:
        return False
    return True


def generate(path: Path, size: int, fix_heavy: bool = False) -> Path:
    """Write a torch file of about ``size`` bytes to ``path`` (from the fix-dense cases if ``fix_heavy``)."""
    cases = _fix_dense_cases() if fix_heavy else sorted((ROOT / "corpus").rglob("before.py"))
    # A Python 2 case (DEV022's print statements) would leave the bare parse nothing to time but an error.
    sources = [text for text in (p.read_text() for p in cases) if _python3(text)]
    sources = [
        "\n".join(line for line in s.splitlines() if not line.startswith("from __future__")) + "\n"
        for s in sources
    ]
    parts = ["import torch\n"]
    total = len(parts[0])
    index = 0
    while total < size:
        text = sources[index % len(sources)]
        suffix = f"_{index}"
        text = re.sub(
            r"\b(class|def) (\w+)", lambda m, suffix=suffix: f"{m.group(1)} {m.group(2)}{suffix}", text
        )
        parts.append(text)
        total += len(text)
        index += 1
    path.write_text("".join(parts))
    return path


def _measure_once(command: list[str]) -> dict:
    """Run ``command`` under /usr/bin/time -v: wall and CPU seconds, peak RSS (largest process) in MB."""
    done = subprocess.run(
        ["/usr/bin/time", "-v", *command],
        capture_output=True,
        text=True,
        env=dict(os.environ, OMP_NUM_THREADS="1"),
    )
    stats = dict(re.findall(r"^\s*(.+?): (.+)$", done.stderr, re.MULTILINE))
    wall_parts = [float(p) for p in stats["Elapsed (wall clock) time (h:mm:ss or m:ss)"].split(":")]
    wall = sum(p * 60**i for i, p in enumerate(reversed(wall_parts)))
    cpu = float(stats["User time (seconds)"]) + float(stats["System time (seconds)"])
    tail = [line for line in done.stderr.splitlines() if "scanned" in line or "error" in line]
    return {
        "exit": done.returncode,
        "wall": wall,
        "cpu": cpu,
        "rss": int(stats["Maximum resident set size (kbytes)"]) / 1024,
        "summary": tail[-1] if tail else "",
    }


def measure(commands: list[tuple[str, list[str], object]], repeats: int) -> list[dict]:
    """Each ``(label, command, before_each)`` run ``repeats`` times, in rounds: every command once per
    round, in order, so that the commands of one round see the same machine (a shared machine's speed
    drifts by 10-20 % over minutes). A row: the median and spread of each measure, and its runs."""
    runs: dict[str, list[dict]] = {label: [] for label, _, _ in commands}
    for _ in range(repeats):
        for label, command, before_each in commands:
            if before_each is not None:
                before_each()  # type: ignore[operator]
            runs[label].append(_measure_once(command))
    rows = []
    for label, _, _ in commands:
        done = runs[label]
        row = {
            "label": label,
            "exit": sorted({r["exit"] for r in done}),
            "summary": done[-1]["summary"],
            "runs": done,
        }
        for key in ("wall", "cpu", "rss"):
            values = [r[key] for r in done]
            row[key], row[key + "_min"], row[key + "_max"] = (
                statistics.median(values),
                min(values),
                max(values),
            )
        rows.append(row)
    return rows


def _ratios(row: dict, bare: dict, key: str) -> list[float]:
    """Each round's ``key`` of ``row`` over the bare parse's in the same round."""
    return [mine[key] / theirs[key] for mine, theirs in zip(row["runs"], bare["runs"])]


def _per_round(ratios: list[float]) -> str:
    """Ratios of the rounds: median (min-max)."""
    text = f"{statistics.median(ratios):.2f}"
    return text + (f" ({min(ratios):.2f}-{max(ratios):.2f})" if len(ratios) > 1 else "")


def _cell(row: dict, key: str, digits: int) -> str:
    value = f"{row[key]:.{digits}f}"
    if row[key + "_min"] != row[key + "_max"]:
        value += f" ({row[key + '_min']:.{digits}f}-{row[key + '_max']:.{digits}f})"
    return value


def _verdict(ratio_time: float, ratio_rss: float) -> str:
    """Against the target, on the CPU-time ratio: wall time on a shared machine varies by 2x and more."""
    ok = ratio_time <= 1.5 and ratio_rss <= 1.3
    return "within target" if ok else "OVER target (1.5x time, 1.3x memory)"


def _profile_in_process(path: Path) -> str:
    """benchmarks/stages.py in a fresh process (so that its timings do not share a heap with ours)."""
    done = subprocess.run(
        [sys.executable, str(Path(__file__).with_name("stages.py")), str(path)],
        capture_output=True,
        text=True,
        env=dict(os.environ, OMP_NUM_THREADS="1"),
    )
    return done.stdout + done.stderr


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size-mb", type=float, action="append", help="file size(s) to test (default 5)")
    parser.add_argument("--repeats", type=int, default=1, help="rounds of every row (median and spread)")
    parser.add_argument(
        "--keep", type=Path, help="write the generated files here instead of a temporary folder"
    )
    parser.add_argument("--profile", action="store_true", help="add stage times and a cProfile of apply")
    parser.add_argument(
        "--kind",
        choices=("mixed", "fix-heavy", "both"),
        default="both",
        help="the corpus-mix file, the fix-heavy one, or both (default)",
    )
    args = parser.parse_args()
    python = sys.executable
    autofix = str(Path(python).parent / "autofix")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"Machine: {os.cpu_count()} CPUs, load average {load:.1f} at start; OMP_NUM_THREADS=1;"
        f" each run a fresh process under /usr/bin/time -v; {args.repeats} round(s) of every row, median"
        " (min-max); ratios: to the bare parse of the same round"
    )
    print(
        "| file | what | exit | wall (s) | CPU (s) | peak RSS (MB) | wall / parse | CPU / parse | RSS / parse |"
        " verdict |"
    )
    print("|---|---|---|---:|---:|---:|---:|---:|---:|---|")
    with tempfile.TemporaryDirectory(prefix="autofix-large-") as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        kinds = ["mixed", "fix-heavy"] if args.kind == "both" else [args.kind]
        for size_mb in args.size_mb or [5.0]:
            for kind in kinds:
                _rows_for(folder, size_mb, kind, args.repeats, python, autofix)
            if args.profile:
                for kind in kinds:
                    path = folder / f"big_{kind}_{size_mb:g}mb.py"
                    print(f"\nProfile of {path.name}, in-process (benchmarks/stages.py):\n", flush=True)
                    print(_profile_in_process(path), flush=True)


def _rows_for(folder: Path, size_mb: float, kind: str, repeats: int, python: str, autofix: str) -> None:
    """Generate the ``kind`` file of ``size_mb`` and print its rows."""
    fix_heavy = kind == "fix-heavy"
    path = generate(folder / f"big_{kind}_{size_mb:g}mb.py", int(size_mb * 1_000_000), fix_heavy=fix_heavy)
    copy = path.with_name(path.stem + "_apply.py")
    original = path.read_bytes()

    def restore() -> None:
        copy.write_bytes(original)

    no_cache = ["--no-cache", "--jobs", "1", "--max-file-size", "0"]
    # The fix-heavy file's apply keeps the default --timeout: the row fails if that cuts it off.
    apply_timeout = [] if fix_heavy else ["--timeout", "0"]
    commands = [("bare libcst.parse_module", [python, "-c", PARSE, str(path)], None)]
    if not fix_heavy:
        commands += [
            ("bare parse + codegen", [python, "-c", PARSE_CODEGEN, str(path)], None),
            ("bare parse, worker's GC settings", [python, "-c", PARSE_GC, str(path)], None),
        ]
    apply_label = "autofix apply --unsafe-fixes" + (" (default --timeout)" if fix_heavy else "")
    commands += [
        ("autofix check", [autofix, "check", *no_cache, "--timeout", "0", str(path)], None),
        (apply_label, [autofix, "apply", "--unsafe-fixes", *no_cache, *apply_timeout, str(copy)], restore),
    ]
    rows = measure(commands, repeats)
    bare = rows[0]
    if bare["exit"] != [0]:
        sys.exit(f"error: the bare parse of {path} failed ({bare['summary']}): no ratio to report")
    label = f"{size_mb:g} MB {kind}"
    for row in rows:
        wall, cpu, rss = (_ratios(row, bare, key) for key in ("wall", "cpu", "rss"))
        ours = row["label"].startswith("autofix")
        verdict = _verdict(statistics.median(cpu), statistics.median(rss)) if ours else ""
        exits = ",".join(map(str, row["exit"]))
        print(
            f"| {label} | {row['label']} | {exits} | {_cell(row, 'wall', 1)} | {_cell(row, 'cpu', 1)} |"
            f" {_cell(row, 'rss', 0)} | {_per_round(wall)} | {_per_round(cpu)} | {_per_round(rss)} |"
            f" {verdict} |",
            flush=True,
        )
        if row["summary"]:
            print(f"|  | ({row['summary']}) | | | | | | | | |", flush=True)


if __name__ == "__main__":
    main()
