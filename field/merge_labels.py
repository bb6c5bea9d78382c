"""Assemble ``field/manifest.tsv`` from the labelling fragments, checking everything a reader relies on.

    python field/merge_labels.py /work/field-labels/labels-*.tsv            -> field/manifest.tsv (dev)
    python field/merge_labels.py --split validation frag-*.tsv              -> field/validation.tsv
    python field/merge_labels.py --split all                                checks both, writes nothing

Fragments are tab-separated rows without a header (columns in ``field/README.md``); a manifest is a
fragment too, so ``merge_labels.py field/manifest.tsv new.tsv`` appends rows. The output gets the header
and the rows sorted by id. The split is by repository: a repository or id of the other split's
manifest is a problem. The validation split is frozen: every row of ``field/validation.tsv`` as last
committed must come out unchanged (``--frozen`` names another file to compare with). Nothing is written while a problem remains (bad columns, a
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

import subprocess  # noqa: E402

from benchmarks.field_manifest import (  # noqa: E402  (the repository root must be on the path first)
    COLUMNS,
    SPLITS,
    Row,
    check_file,
    check_positions,
    contradictions,
    format_row,
    overlap,
    scan_rows,
    split_path,
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


def other_split(split: str, output: Path, given: Path | None) -> tuple[str, list[Row], list[str]]:
    """The other split's name and rows (only their repository and id are used), read from ``given``
    or from beside ``output``; none when that manifest does not exist yet."""
    other = SPLITS[1 - SPLITS.index(split)]
    path = given or split_path(output.parent, other)
    if not path.is_file():
        return other, [], []
    rows, problems = scan_rows(path, header=True)
    return other, rows, problems


def committed(path: Path) -> Path | None:
    """``path`` as last committed, in a temporary file, or None when git has no committed version."""
    import tempfile

    done = subprocess.run(
        ["git", "-C", str(path.resolve().parent), "show", f"HEAD:./{path.name}"],
        capture_output=True,
        check=False,
    )
    if done.returncode != 0:
        return None
    handle = tempfile.NamedTemporaryFile("wb", suffix=".tsv", delete=False)
    with handle:
        handle.write(done.stdout)
    return Path(handle.name)


def frozen_changes(rows: list[Row], frozen: Path) -> list[str]:
    """Rows of the frozen validation split that were removed or edited: they are never edited once
    committed, so that validation numbers always measure the same labels."""
    before, problems = scan_rows(frozen, header=True)
    now = {row.id: format_row(row) for row in rows}
    for row in before:
        if row.id not in now:
            problems.append(f"validation row {row.id} was committed and is frozen: it cannot be removed")
        elif now[row.id] != format_row(row):
            problems.append(f"validation row {row.id} was committed and is frozen: it cannot be edited")
    return problems


def write_manifest(rows: list[Row], output: Path) -> None:
    lines = ["\t".join(COLUMNS)] + [format_row(row) for row in rows]
    output.write_text("\n".join(lines) + "\n", encoding="utf-8")


def check_split(
    split: str, fragments: list[Path], output: Path, args: argparse.Namespace
) -> tuple[list[Row], list[str]]:
    """The merged rows of one split and every problem with them (warnings are printed here)."""
    rows, problems = collect(fragments)
    file_problems, warnings = check_files(rows, args.files, args.require_files)
    problems += file_problems
    other, others, bad = other_split(split, output, args.other)
    problems += bad + overlap({split: rows, other: others})
    if split == "validation":
        frozen = args.frozen or committed(output)
        if frozen is not None and frozen.is_file():
            problems += frozen_changes(rows, frozen)
            if args.frozen is None:
                frozen.unlink()  # the temporary copy of the committed file
    for line in warnings:
        print(f"warning: {line}", file=sys.stderr)
    return rows, problems


def summary(rows: list[Row], output: Path) -> str:
    kinds = {kind: sum(1 for r in rows if r.kind == kind) for kind in ("py", "ipynb")}
    labels = sum(len(r.labels) for r in rows)
    return (
        f"{output}: {len(rows)} rows ({kinds['py']} py, {kinds['ipynb']} ipynb) from"
        f" {len({r.repo for r in rows})} repositories, {labels} labels,"
        f" {sum(len(r.negatives) for r in rows)} negatives, {sum(r.runnable != '-' for r in rows)} runnable"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("fragments", nargs="*", type=Path, help="fragment files (tab-separated, no header)")
    parser.add_argument(
        "--split",
        default="dev",
        choices=("dev", "validation", "all"),
        help="the split the fragments belong to (default dev); all: check both manifests, write nothing",
    )
    parser.add_argument(
        "-o", "--output", type=Path, help="default: field/manifest.tsv (dev) or field/validation.tsv"
    )
    parser.add_argument("--other", type=Path, help="the other split's manifest (default: beside the output)")
    parser.add_argument(
        "--frozen",
        type=Path,
        help="validation rows that may not change (default: the output as last committed in git)",
    )
    parser.add_argument(
        "--files",
        type=Path,
        default=ROOT / "field" / "files",
        help="where the labelled files are (default: field/files)",
    )
    parser.add_argument("--require-files", action="store_true", help="an absent file is an error")
    parser.add_argument("--check", action="store_true", help="check only, write nothing")
    args = parser.parse_args(argv)

    if args.split == "all":
        if args.fragments or args.output:
            parser.error(
                "--split all checks field/manifest.tsv and field/validation.tsv: no fragments, no -o"
            )
        folder = ROOT / "field"
        jobs = [(s, [split_path(folder, s)], split_path(folder, s)) for s in SPLITS]
        jobs = [job for job in jobs if job[1][0].is_file()]
        args.check = True
    else:
        if not args.fragments:
            parser.error("name the fragments to merge (a manifest is a fragment too)")
        output = args.output or split_path(ROOT / "field", args.split)
        jobs = [(args.split, args.fragments, output)]
    status = 0
    for split, fragments, output in jobs:
        rows, problems = check_split(split, fragments, output, args)
        for line in problems:
            print(f"error: {line}", file=sys.stderr)
        if problems:
            print(f"{len(problems)} problem(s); {output} not written", file=sys.stderr)
            status = 1
            continue
        if not args.check:
            write_manifest(rows, output)
        print(("checked " if args.check else "") + summary(rows, output))
    return status


if __name__ == "__main__":
    sys.exit(main())
