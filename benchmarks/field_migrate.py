"""Runs after migration on the field set: each runnable field file before and after `autofix migrate`.

Issue 28 asks, for the field set's runnable files (those with a driver, ``field/drivers/<id>.py``), how
many run after migration, before -> after, and that none that ran before fails after. The files are
copied into one folder, which ``autofix migrate`` fixes as one project (safe fixes only, its default;
``--unsafe-fixes`` to compare with ``apply --unsafe-fixes``), and every driver runs on the original and
the migrated copy, on the CPU (CUDA hidden) and under the emulated GPU, as ``benchmarks/field.py``
runs them (``benchmarks/field_run.py``). The files must be present (``field/README.md``).

    python benchmarks/field_migrate.py [--unsafe-fixes] [--jobs 2] [--markdown docs/field.md]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.field_manifest import read_manifest
from benchmarks.field_run import AUTOFIX, MODES, FileRuns, driver_of, run_all

ROOT = Path(__file__).resolve().parent.parent
START = "<!-- field-migrate:start -->"
END = "<!-- field-migrate:end -->"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--manifest", type=Path, default=ROOT / "field" / "manifest.tsv")
    parser.add_argument("--files", type=Path, default=ROOT / "field" / "files")
    parser.add_argument("--unsafe-fixes", action="store_true", help="migrate with unsafe fixes too")
    parser.add_argument("--jobs", type=int, default=1, help="driver files run at a time")
    parser.add_argument("--markdown", type=Path, help="(re)write the section in this markdown file")
    return parser.parse_args(argv)


def migrate(folder: Path, unsafe: bool) -> str:
    command = [*AUTOFIX, "migrate", "--no-cache", str(folder)] + (["--unsafe-fixes"] if unsafe else [])
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    return done.stdout + done.stderr


def summary(runs: list[FileRuns]) -> dict[str, int]:
    everywhere = {
        version: sum(all(r.attempts[(version, mode)].ok for mode in MODES) for r in runs)
        for version in ("original", "rewritten")
    }
    return {
        "files": len(runs),
        "changed": sum(r.changed for r in runs),
        "ran before": everywhere["original"],
        "run after": everywhere["rewritten"],
        **{f"ran before ({m})": sum(r.attempts[("original", m)].ok for r in runs) for m in MODES},
        **{f"run after ({m})": sum(r.attempts[("rewritten", m)].ok for r in runs) for m in MODES},
        "broke": sum(r.any_broken for r in runs),
    }


def markdown(counts: dict[str, int], runs: list[FileRuns], unsafe: bool, seconds: float) -> str:
    fixes = "safe and unsafe fixes" if unsafe else "safe fixes, migrate's default"
    lines = [
        START,
        "## Runs after migration (field set drivers)",
        "",
        f"`python benchmarks/field_migrate.py{' --unsafe-fixes' if unsafe else ''}`: the {counts['files']} field"
        f" files with a driver copied into one folder and migrated as one project ({fixes}), each driver"
        f" run on the original and the migrated copy on the CPU and the emulated GPU, in {seconds:.0f} s.",
        "",
        f"- run everywhere: {counts['ran before']}/{counts['files']} before, {counts['run after']}/"
        f"{counts['files']} after migration ({counts['changed']} files changed)",
        f"- on the CPU: {counts['ran before (cpu)']} before, {counts['run after (cpu)']} after; on the"
        f" emulated GPU: {counts['ran before (emulated)']} before, {counts['run after (emulated)']} after",
        f"- ran before and fail after: {counts['broke']}",
        "",
        "| file | cpu before | cpu after | gpu before | gpu after | first failure after |",
        "|---|---|---|---|---|---|",
    ]
    for r in sorted(runs, key=lambda r: r.id):
        cells = [str(r.attempts[(v, m)]) for m in ("cpu", "emulated") for v in ("original", "rewritten")]
        failure = next(
            (
                f"{m}: {r.attempts[('rewritten', m)].detail}"
                for m in MODES
                if not r.attempts[("rewritten", m)].ok
            ),
            "",
        )
        lines.append(f"| {r.id} | {' | '.join(cells)} | {failure.replace('|', '/')[:120]} |")
    return "\n".join([*lines, END]) + "\n"


def write_section(path: Path, section: str) -> None:
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    if START in text and END in text:
        before, rest = text.split(START, 1)
        text = before + section + rest.split(END, 1)[1].lstrip("\n")
    else:
        text = text.rstrip("\n") + "\n\n" + section
    path.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    rows = [r for r in read_manifest(args.manifest) if r.runnable == "synthetic" and driver_of(r).is_file()]
    missing = [r.id for r in rows if not (args.files / r.filename).is_file()]
    if missing:
        print(f"error: {len(missing)} field files are missing (first: {missing[0]}); see field/README.md")
        return 1
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="field-migrate-") as work:
        original, migrated = Path(work) / "original", Path(work) / "migrated"
        for folder in (original, migrated):
            folder.mkdir()
            for row in rows:
                shutil.copy2(args.files / row.filename, folder / row.filename)
        report = migrate(migrated, args.unsafe_fixes).strip().splitlines()
        print(report[-1] if report else "migrate printed nothing")
        runs, _ = run_all(rows, original, migrated, jobs=args.jobs, log=lambda m: None)
    counts = summary(runs)
    for key, value in counts.items():
        print(f"{key}: {value}")
    if args.markdown:
        write_section(args.markdown, markdown(counts, runs, args.unsafe_fixes, time.perf_counter() - started))
    return 0 if counts["broke"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
