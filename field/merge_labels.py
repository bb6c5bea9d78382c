"""Assemble ``field/manifest.tsv`` from the labelling fragments, checking everything a reader relies on.

    python field/merge_labels.py /work/field-labels/labels-*.tsv

Fragments are tab-separated rows without a header (columns in ``field/README.md``). The manifest gets
the header and the rows sorted by id. Nothing is written while a problem remains (bad columns, a
duplicate id, a label that does not parse or points past the end of its file, a file whose sha256
is not the manifest's), and the exit status is 1; every problem is printed, one line each, first.
A labelled file that is absent from ``field/files/`` is a warning only (``--require-files`` makes
it an error): its bytes are still pinned by the sha256 column.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.field_manifest import (  # noqa: E402  (the repository root must be on the path first)
    COLUMNS,
    Row,
    check_file,
    check_positions,
    contradictions,
    format_row,
    scan_rows,
)


def collect(fragments: list[Path]) -> tuple[list[Row], list[str]]:
    """Every row of every fragment, and the problems found reading them (duplicate ids included)."""
    rows: list[Row] = []
    problems: list[str] = []
    origin: dict[str, str] = {}
    for fragment in fragments:
        if not fragment.is_file():
            problems.append(f"{fragment}: no such file")
            continue
        found, bad = scan_rows(fragment, header=False)
        problems += bad
        for row in found:
            if row.id in origin:
                problems.append(f"{fragment}: id {row.id!r} is also in {origin[row.id]}")
                continue
            origin[row.id] = str(fragment)
            rows.append(row)
    return sorted(rows, key=lambda r: r.id), problems


def check_files(rows: list[Row], files: Path, require: bool) -> tuple[list[str], list[str]]:
    """(problems, warnings) about the files themselves: sha256, label positions, absent files."""
    problems: list[str] = []
    warnings: list[str] = []
    for row in rows:
        warnings += contradictions(row)
        wrong = check_file(row, files)
        if wrong is not None:
            (problems if require or "absent" not in wrong else warnings).append(wrong)
            continue
        try:
            problems += check_positions(row, (files / row.filename).read_bytes())
        except ValueError as exc:  # a notebook that is not JSON
            problems.append(f"{row.id}: cannot read {row.filename}: {exc}")
    return problems, warnings


def write_manifest(rows: list[Row], output: Path) -> None:
    lines = ["\t".join(COLUMNS)] + [format_row(row) for row in rows]
    output.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("fragments", nargs="+", type=Path, help="fragment files (tab-separated, no header)")
    parser.add_argument("-o", "--output", type=Path, default=ROOT / "field" / "manifest.tsv")
    parser.add_argument(
        "--files",
        type=Path,
        default=ROOT / "field" / "files",
        help="where the labelled files are (default: field/files)",
    )
    parser.add_argument("--require-files", action="store_true", help="an absent file is an error")
    args = parser.parse_args(argv)

    rows, problems = collect(args.fragments)
    file_problems, warnings = check_files(rows, args.files, args.require_files)
    problems += file_problems
    for line in warnings:
        print(f"warning: {line}", file=sys.stderr)
    for line in problems:
        print(f"error: {line}", file=sys.stderr)
    if problems:
        print(f"{len(problems)} problem(s); {args.output} not written", file=sys.stderr)
        return 1
    write_manifest(rows, args.output)
    kinds = {kind: sum(1 for r in rows if r.kind == kind) for kind in ("py", "ipynb")}
    labels = sum(len(r.labels) for r in rows)
    print(
        f"{args.output}: {len(rows)} rows ({kinds['py']} py, {kinds['ipynb']} ipynb), {labels} labels,"
        f" {sum(len(r.negatives) for r in rows)} negatives, {sum(r.runnable != '-' for r in rows)} runnable"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
