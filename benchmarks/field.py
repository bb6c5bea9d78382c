"""Measure the rules on the field set: real legacy files, hand-labelled (issues 9 and 27).

    python benchmarks/field.py                         both splits: dev in detail, validation in numbers
    python benchmarks/field.py --split dev             the dev table, missed labels, false positives
    python benchmarks/field.py --rules DEV001,DEV007   only those rules' lines and lists
    python benchmarks/field.py --unreviewed            every applied fix without a review, with its hunk
    python benchmarks/field.py --markdown docs/field.md
    python benchmarks/field.py --json

Not a test: the field files are not part of the project (``field/README.md`` says how to bring them
back with ``field/fetch.py``); without them this prints why and exits 0. The labelled files are copied
to a temporary folder; ``autofix check`` reads the originals, ``autofix apply --unsafe-fixes`` rewrites
a copy (twice, to check idempotence), each rewrite is re-parsed, and runnable rows are run before and
after through their drivers (``field/drivers/<id>.py``). Reviews of the applied fixes are read from
``field/reviews.tsv``.

The field set is split by repository (``field/README.md``): dev (``field/manifest.tsv``) is reported
file by file; the frozen validation split (``field/validation.tsv``) only as aggregate numbers (recall,
fixed correctly, precision, look-alikes kept, broken runs, per-rule counts), never its findings,
misses or hunks, so that rule authors never tune on it. Its fixes are reviewed in
``field/validation-reviews.tsv`` by a validation reviewer, who alone passes ``--validation-reviewer``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass, field
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import field_report as report  # noqa: E402
from benchmarks.field_manifest import (  # noqa: E402
    LEGACY_API_RULES,
    Label,
    ManifestError,
    Row,
    cell_sources,
    check_file,
    chosen_splits,
    overlap,
    pattern_rule,
    read_manifest,
    rule_code,
    split_path,
)
from benchmarks.field_match import (  # noqa: E402
    FILE_COUNTS,
    Finding,
    Matching,
    RuleStats,
    count_negatives,
    file_columns,
    match,
    rule_stats,
    total,
)
from benchmarks.field_run import FileRuns, emulation, run_all  # noqa: E402
from benchmarks.field_tool import ToolRun, run_tool  # noqa: E402
from benchmarks.field_why import SourceOf, WhyCounts, why_counts  # noqa: E402

ALL_CODES = tuple(rule_code(n) for n in range(1, 11))
TOTALS = (
    ("DEV001+DEV002+DEV007", ("DEV001", "DEV002", "DEV007")),
    ("DEV003+DEV004+DEV006", ("DEV003", "DEV004", "DEV006")),
    ("all rules", ALL_CODES),
)
TARGETS = "targets (issues 9, 10): recall >= 85%, fixed correctly >= 75%, 0 rewrites that broke a run, precision >= 95%"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--manifest", type=Path, default=ROOT / "field" / "manifest.tsv", help="the dev split's manifest"
    )
    parser.add_argument(
        "--validation", type=Path, help="the validation manifest (default: validation.tsv beside --manifest)"
    )
    parser.add_argument(
        "--split", default="all", choices=("dev", "validation", "all"), help="which split (default: all)"
    )
    parser.add_argument("--files", type=Path, default=ROOT / "field" / "files")
    parser.add_argument("--reviews", type=Path, default=ROOT / "field" / "reviews.tsv")
    parser.add_argument(
        "--validation-reviews",
        type=Path,
        help="reviews of validation fixes (default: validation-reviews.tsv beside --reviews)",
    )
    parser.add_argument(
        "--validation-reviewer",
        action="store_true",
        help="show validation in detail (--unreviewed, --keep, lists): for its reviewers only, never rule authors",
    )
    parser.add_argument("--rules", default="", help="comma-separated rule codes to report (default: all)")
    parser.add_argument(
        "--markdown", type=Path, help="write the report as markdown to this file (docs/field.md)"
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON instead of text")
    parser.add_argument(
        "--unreviewed", action="store_true", help="list every unreviewed applied fix with its hunk"
    )
    parser.add_argument(
        "--why",
        action="store_true",
        help="count labels missed, found but not fixed, and fixed but not correct by the idea their"
        " findings' messages name (counts only: shown for validation too)",
    )
    parser.add_argument("--no-run", action="store_true", help="skip the drivers of runnable rows (faster)")
    parser.add_argument("--jobs", type=int, default=1, help="driver files run at a time (default 1)")
    parser.add_argument(
        "--keep", type=Path, help="work in this (new) folder and keep it, to inspect rewrites"
    )
    return parser.parse_args(argv)


def selected_codes(text: str) -> tuple[str, ...]:
    codes = tuple(pattern_rule(c.strip().upper()) for c in text.split(",") if c.strip())
    unknown = [c for c in codes if c not in ALL_CODES]
    if unknown:
        raise SystemExit(
            f"error: unknown rule code(s): {', '.join(unknown)} (DEV001..DEV010, or a legacy-API rule"
            f" of P9: {', '.join(sorted(LEGACY_API_RULES))})"
        )
    return tuple(dict.fromkeys(codes)) or ALL_CODES


@dataclass
class Split:
    """One split's rows and everything measured on them."""

    name: str
    detailed: bool  # dev, or validation for its reviewer: findings, misses and hunks may be shown
    rows: list[Row] = field(default_factory=list)
    left_out: list[str] = field(default_factory=list)  # rows whose file is absent or changed, and why
    absent: str = ""  # why nothing was measured, when nothing was
    tool: ToolRun | None = None
    matching: Matching | None = None
    runs: list[FileRuns] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # runnable rows without a driver
    lines: list[RuleStats] = field(default_factory=list)
    why: WhyCounts | None = None  # with --why
    reviews: Path | None = None  # the reviews file its fixes are judged by


def manifests(args: argparse.Namespace) -> dict[str, Path]:
    validation = args.validation or split_path(args.manifest.parent, "validation")
    return {"dev": args.manifest, "validation": validation}


def present_rows(split: Split, manifest: Path, files: Path) -> None:
    """Fill ``split.rows`` with the rows whose files are in place and ``left_out`` with why the others
    are not; when there is nothing to measure, ``absent`` says why (not an error: the files are not
    part of the project, and the validation split may not be labelled yet)."""
    if not manifest.is_file():
        split.absent = f"no {split.name} manifest at {manifest}: nothing to measure (see field/README.md)"
        return
    rows = read_manifest(manifest)
    if not files.is_dir() or not any(files.iterdir()):
        split.absent = (
            f"the field files are absent ({files} is missing or empty): nothing to measure.\n"
            "Bring them back with `python field/fetch.py` (see field/README.md), then run this again."
        )
        return
    for row in rows:
        problem = check_file(row, files)
        if problem:
            split.left_out.append(problem)
        else:
            split.rows.append(row)
    if not split.rows:
        split.absent = f"none of the {split.name} manifest's {len(rows)} files is in place"
        if split.detailed:
            split.absent += ":\n" + "\n".join(split.left_out)


def file_sets(tool: ToolRun, runs: list[FileRuns]) -> dict[str, dict[str, set[str]]]:
    """For each file column, the files each rule applied a fix to that have that outcome."""
    fixed_by: dict[str, set[str]] = {}
    for finding in tool.findings:
        if finding.applied:
            fixed_by.setdefault(finding.id, set()).add(finding.code)
    sets: dict[str, dict[str, set[str]]] = {column: {} for column in FILE_COUNTS}

    def put(column: str, rid: str, codes: set[str] | list[str]) -> None:
        for code in codes:
            sets[column].setdefault(code, set()).add(rid)

    for rid in tool.no_parse:
        put("no_parse", rid, fixed_by.get(rid, set()))
    for rid, codes in tool.not_idempotent.items():
        put("not_idempotent", rid, [c for c in codes if c != "?"] or fixed_by.get(rid, set()))
    for run in runs:
        if run.any_now_runs:
            put("now_run", run.id, fixed_by.get(run.id, set()))
        if run.any_broken:
            put("broken", run.id, fixed_by.get(run.id, set()))
    return sets


def table(
    matching: Matching, tool: ToolRun, runs: list[FileRuns], codes: tuple[str, ...], rows: list[Row]
) -> list[RuleStats]:
    """The per-rule lines, then the totals whose rules are all selected."""
    per_rule = rule_stats(matching, ALL_CODES)
    count_negatives(per_rule, rows, tool.findings)
    sets = file_sets(tool, runs)
    for code, line in per_rule.items():
        file_columns(line, (code,), sets)
    lines = [per_rule[code] for code in codes]
    for name, group in TOTALS:
        if set(group) <= set(codes) and len(codes) > 1:
            line = total(per_rule, group, name)
            file_columns(line, group, sets)
            lines.append(line)
    return lines


def evidence(runs: list[FileRuns]) -> dict[str, str]:
    """A run that failed before and runs after is evidence for a review (it is not the review)."""
    notes = {}
    for run in runs:
        modes = [mode for mode in ("emulated", "cpu") if run.now_runs(mode)]
        if modes:
            notes[run.id] = "runs after the fix, failed before (" + ", ".join(modes) + ")"
    return notes


def unreviewed_section(
    findings: list[Finding],
    runs: list[FileRuns],
    codes: tuple[str, ...],
    full: bool,
    reviews_file: str = "field/reviews.tsv",
) -> list[str]:
    waiting = [f for f in report.unreviewed(findings) if f.code in codes]
    if not full:
        return [
            f"{len(waiting)} applied fixes have no review for their current hunk"
            + (" (list them with --unreviewed)" if waiting else "")
        ]
    notes = evidence(runs)
    lines = [f"Unreviewed applied fixes ({len(waiting)}); paste the last line of each into {reviews_file}:"]
    for f in waiting:
        lines += [
            "",
            f"## {f.id}:{f.where()} {f.rule} {f.message}"
            + (
                f" (apply, pass {f.pass_number}: the hunk is of the text that pass edited)"
                if f.found_by == "apply"
                else ""
            ),
            f.hunk.rstrip("\n"),
            report.review_line(f, notes.get(f.id, "")),
        ]
    return lines


def lists(
    matching: Matching, tool: ToolRun, runs: list[FileRuns], codes: tuple[str, ...], left_out: list[str]
) -> list[str]:
    """Everything a rule author acts on: misses, false positives, refused files, broken rewrites."""
    fps = [j for j in matching.false_positives() if j.finding.code in codes]
    out = report.missed_list(matching, codes) + [""] + report.unfixed_list(matching, codes) + [""]
    out += report.findings_list(
        "False positives on negatives", [j for j in fps if j.negative is not None]
    ) + [""]
    out += report.findings_list("Other false positives", [j for j in fps if j.negative is None]) + [""]
    problems = [f"- {rid}: the tool refused it: {why}" for rid, why in sorted(tool.errors.items())]
    problems += [
        f"- {rid}: the rewrite no longer parses ({where})" for rid, where in sorted(tool.no_parse.items())
    ]
    problems += [
        f"- {rid}: not idempotent (still applying: {', '.join(c)})"
        for rid, c in sorted(tool.not_idempotent.items())
    ]
    problems += [
        f"- {rid}: later-pass fixes (on code an earlier fix wrote; no finding of check shows them, credited as found by apply): {', '.join(f'{c} x{n}' for c, n in sorted(more.items()) if c in codes)}"
        for rid, more in sorted(tool.unreported.items())
        if set(more) & set(codes)
    ]
    problems += [
        f"- {rid}: later-pass fixes not credited: {why}" for rid, why in sorted(tool.untraced.items())
    ]
    problems += [
        f"- {rid}: {n} later-pass fixes edit an original line outside the span they were mapped to"
        for rid, n in sorted(tool.misplaced.items())
    ]
    out += [f"File problems ({len(problems)}):"] + problems + [""]
    if runs:
        out += [
            f"Runnable files (driver under field/drivers/; emulated GPU: {emulation()}):",
            "",
            report.runs_table(runs),
        ]
        failures = report.run_failures(runs)
        out += (["Failed runs (last error line):"] + failures + [""]) if failures else []
    if left_out:
        out += [f"Rows left out ({len(left_out)}):"] + [f"- {line}" for line in left_out] + [""]
    return out


def tool_commit() -> str:
    def git(*args: str) -> str:
        return subprocess.run(
            ["git", "-C", str(ROOT), *args], capture_output=True, text=True, check=False
        ).stdout.strip()

    commit = git("rev-parse", "HEAD") or "unknown"
    return commit + (
        " (with uncommitted changes)" if git("status", "--porcelain", "--untracked-files=no") else ""
    )


def overall(split: Split) -> RuleStats | None:
    """The split's total line (the last of its table), or None when it was not measured."""
    return split.lines[-1] if split.lines else None


def summary_rows(splits: list[Split]) -> list[list[str]]:
    """One row per aggregate measure, one column per split: what issue 27 compares."""

    def cell(split: Split, what: str) -> str:
        s = overall(split)
        if s is None:
            return "-"
        rows = split.rows
        values = {
            "files (repositories)": f"{len(rows)} ({len({r.repo for r in rows})})",
            "labels": str(sum(len(r.labels) for r in rows)),
            "recall": report._of(s.found, s.labelled),
            "found by check / only by apply (later pass)": f"{s.found_by_check} / {s.found_by_apply}",
            "fixed correctly": report._of(s.fixed_correctly, s.labelled),
            "labels with an unreviewed fix": str(s.unreviewed),
            "precision": f"{report._pct(s.precision)} ({s.findings - s.false_positives}/{s.findings})",
            "look-alikes kept": f"{s.negatives_kept}/{s.negatives}",
            "rewrites that broke a run": str(s.broken),
            "rewrites that no longer parse": str(s.no_parse),
            "not idempotent": str(s.not_idempotent),
            "files left out (absent or changed)": str(len(split.left_out)),
        }
        return values[what]

    names = (
        "files (repositories)",
        "labels",
        "recall",
        "found by check / only by apply (later pass)",
        "fixed correctly",
        "labels with an unreviewed fix",
        "precision",
        "look-alikes kept",
        "rewrites that broke a run",
        "rewrites that no longer parse",
        "not idempotent",
        "files left out (absent or changed)",
    )
    return [[name] + [cell(split, name) for split in splits] for name in names]


def head_line(split: Split) -> str:
    rows = split.rows
    return (
        f"{len(rows)} files ({sum(r.kind == 'ipynb' for r in rows)} notebooks) from"
        f" {len({r.repo for r in rows})} repositories, {sum(len(r.labels) for r in rows)} labels,"
        f" {sum(len(r.negatives) for r in rows)} negatives"
    )


def refused_labels(split: Split) -> int:
    """How many labels lie in files the tool refused (a syntax error, say): every one of them is a miss."""
    assert split.tool is not None
    return sum(len(row.labels) for row in split.rows if row.id in split.tool.errors)


def aggregate_lines(split: Split) -> list[str]:
    """What the validation split shows to everyone: counts only, no file, finding, miss or hunk."""
    assert split.tool is not None
    tool = split.tool
    return [
        f"Files the tool refused: {len(tool.errors)} (holding {refused_labels(split)} labels);"
        f" rewrites that no longer parse: {len(tool.no_parse)};"
        f" not idempotent: {len(tool.not_idempotent)}; files with later-pass fixes: {len(tool.unreported)}"
        f" ({sum(sum(more.values()) for more in tool.unreported.values())} fixes, credited as found by apply;"
        f" files whose later-pass fixes could not be traced: {len(tool.untraced)}, later-pass fixes"
        f" placed outside the original line they edit: {sum(tool.misplaced.values())});"
        f" runnable files run: {len(split.runs)}, runnable without a driver: {len(split.notes)};"
        f" rows left out (file absent or changed): {len(split.left_out)}.",
    ]


def split_body(split: Split, codes: tuple[str, ...], full_unreviewed: bool) -> list[str]:
    """A measured split's own section: its table, then the lists (dev) or counts (validation)."""
    assert split.tool is not None and split.matching is not None
    out = [head_line(split), "", report.markdown_table(report.TABLE_HEAD, report.table_rows(split.lines))]
    if split.detailed:
        reviews = _shown_path(split.reviews) if split.reviews is not None else "field/reviews.tsv"
        out += unreviewed_section(split.tool.findings, split.runs, codes, full_unreviewed, reviews) + [""]
        out += lists(split.matching, split.tool, split.runs, codes, split.left_out + split.notes)
    else:
        out += [f"{split.lines[-1].unreviewed if split.lines else 0} labels have an unreviewed fix.", ""]
        out += aggregate_lines(split)
    if split.why is not None:
        out += ["", "Why labels are not fixed (`--why`):", "", "```", *split.why.lines(), "```"]
    return out


TITLES = {
    "dev": "## Dev split (field/manifest.tsv): read it file by file",
    "validation": "## Validation split (field/validation.tsv, frozen): aggregate numbers only",
}
SUMMARY_TITLE = "## Dev and validation"
OWN_SECTIONS = (SUMMARY_TITLE, *TITLES.values())


def sections(splits: list[Split], codes: tuple[str, ...], full_unreviewed: bool, legend: bool) -> list[str]:
    out = [SUMMARY_TITLE, ""]
    out += [report.markdown_table(["all rules", *(s.name for s in splits)], summary_rows(splits))]
    out += [TARGETS + ".", ""]
    for split in splits:
        out += [TITLES[split.name], ""]
        if split.absent:
            out += [split.absent, ""]
            continue
        out += split_body(split, codes, full_unreviewed) + [""]
        if legend and split.name == "dev":
            out += [report.LEGEND]
    return out


def render_text(splits: list[Split], codes: tuple[str, ...], full_unreviewed: bool) -> str:
    return "\n".join(sections(splits, codes, full_unreviewed, legend=False)).rstrip("\n") + "\n"


def render_markdown(splits: list[Split], codes: tuple[str, ...], command: str, old: str) -> str:
    """The field sections of docs/field.md; sections other scripts own (``## `` headings that are not
    this script's) are kept after them."""
    text = "\n".join(
        [
            "# The field set: the rules on real legacy files",
            "",
            f"Generated {date.today().isoformat()} by `{command}` with the tool at commit `{tool_commit()}`.",
            "The field set is split by repository (`field/README.md`): dev (`field/manifest.tsv`) is read file"
            " by file; validation (`field/validation.tsv`) is frozen, labelled by people who never read rule"
            " code, and shown only as aggregate numbers.",
            "",
            *sections(splits, codes, False, legend=True),
        ]
    ).rstrip("\n")
    return text + "\n" + kept_sections(old)


def kept_sections(old: str) -> str:
    """The ``## `` sections of ``old`` that this script does not write, from the first of them on."""
    position = 0
    while True:
        position = old.find("\n## ", position)
        if position < 0:
            return ""
        heading = old[position + 1 :].split("\n", 1)[0]
        if heading not in OWN_SECTIONS:
            return "\n" + old[position + 1 :].rstrip("\n") + "\n"
        position += 1


def json_split(split: Split, codes: tuple[str, ...]) -> dict:
    if split.absent:
        return {"absent": split.absent}
    assert split.tool is not None and split.matching is not None
    lines = [
        {**asdict(s), "recall": s.recall, "recall_by_check": s.recall_by_check, "precision": s.precision}
        for s in split.lines
    ]
    counts = {
        "files": len(split.rows),
        "repositories": len({r.repo for r in split.rows}),
        "labels": sum(len(r.labels) for r in split.rows),
        "negatives": sum(len(r.negatives) for r in split.rows),
        "left_out": len(split.left_out),
        "refused_files": len(split.tool.errors),
        "labels_in_refused_files": refused_labels(split),
    }
    why = {"why": split.why.as_json()} if split.why is not None else {}
    if not split.detailed:
        return {"counts": counts, "rules": lines, **why}
    tool, matching, runs = split.tool, split.matching, split.runs

    def finding(f: Finding) -> dict:
        return {k: v for k, v in asdict(f).items() if k not in ("hunk", "spans")}

    return {
        "counts": counts,
        "rules": lines,
        **why,
        "missed": [
            {"id": rid, "label": str(label)} for rid, label in matching.missed() if label.code in codes
        ],
        "false_positives": [
            {**finding(j.finding), "negative": str(j.negative) if j.negative else None}
            for j in matching.false_positives()
            if j.finding.code in codes
        ],
        "errors": tool.errors,
        "no_parse": tool.no_parse,
        "not_idempotent": tool.not_idempotent,
        "unreported_fixes": tool.unreported,
        "untraced": tool.untraced,
        "misplaced": tool.misplaced,
        "runs": [
            {"id": r.id, "changed": r.changed, **{f"{v} {m}": str(a) for (v, m), a in r.attempts.items()}}
            for r in runs
        ],
        "unreviewed": [finding(f) for f in report.unreviewed(tool.findings) if f.code in codes],
    }


def measure(
    split: Split, args: argparse.Namespace, reviews: Path, work: Path, codes: tuple[str, ...]
) -> None:
    split.reviews = reviews
    tool = run_tool(split.rows, args.files, work)
    report.attach_reviews(tool.findings, report.read_reviews(reviews))
    matching = match(split.rows, tool.findings)
    log = (lambda m: print(m, file=sys.stderr)) if split.detailed else (lambda m: None)
    runs, without = (
        ([], [])
        if args.no_run
        else run_all(split.rows, work / "original", work / "fixed", args.jobs, log=log)
    )
    split.tool, split.matching, split.runs, split.notes = tool, matching, runs, without
    split.lines = table(matching, tool, runs, codes, split.rows)
    if args.why:
        split.why = why_counts(matching, codes, source_of=label_sources(split.rows, args.files))


def _shown_path(path: Path) -> str:
    """``path`` relative to the project where it lies in it (``field/reviews.tsv``), else as given."""
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def label_sources(rows: list[Row], files: Path) -> SourceOf:
    """Read a row's file (or the label's notebook cell) for ``--why``'s shapes of misses."""
    texts: dict[str, list[str]] = {}
    by_id = {row.id: row for row in rows}

    def source_of(rid: str, label: Label) -> str | None:
        if rid not in texts:
            row = by_id[rid]
            data = (files / row.filename).read_bytes()
            texts[rid] = cell_sources(data) if row.kind == "ipynb" else [data.decode("utf-8", "replace")]
        cells = texts[rid]
        index = 0 if label.cell is None else label.cell - 1
        return cells[index] if 0 <= index < len(cells) else None

    return source_of


def load(args: argparse.Namespace) -> list[Split]:
    """The chosen splits with their rows in place; raises ManifestError when the manifests overlap."""
    paths = manifests(args)
    splits = [
        Split(name, detailed=name == "dev" or args.validation_reviewer) for name in chosen_splits(args.split)
    ]
    for split in splits:
        present_rows(split, paths[split.name], args.files)
    both = {name: read_manifest(path) for name, path in paths.items() if path.is_file()}
    problems = overlap(both)
    if problems:
        raise ManifestError("; ".join(problems) + " (the split is by repository)")
    return splits


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    codes = selected_codes(args.rules)
    if not args.validation_reviewer and args.split != "dev" and (args.unreviewed or args.keep):
        print(
            "error: --unreviewed and --keep show files; on the validation split only its reviewers may use"
            " them (--validation-reviewer). Rule authors: add --split dev.",
            file=sys.stderr,
        )
        return 2
    try:
        splits = load(args)
    except (ManifestError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if all(split.absent for split in splits):
        print("\n".join(split.absent for split in splits))
        return 0
    reviews = {
        "dev": args.reviews,
        "validation": args.validation_reviews or args.reviews.parent / "validation-reviews.tsv",
    }
    with tempfile.TemporaryDirectory(prefix="field-") as tmp:
        for split in splits:
            if not split.absent:
                base = args.keep or Path(tmp)
                measure(split, args, reviews[split.name], base / split.name, codes)
    if args.json:
        document = {split.name: json_split(split, codes) for split in splits}
        sys.stdout.write(json.dumps(document, indent=2) + "\n")
    else:
        sys.stdout.write(render_text(splits, codes, args.unreviewed))
    if args.markdown:
        command = "python benchmarks/field.py " + " ".join(argv if argv is not None else sys.argv[1:])
        old = args.markdown.read_text(encoding="utf-8") if args.markdown.is_file() else ""
        args.markdown.write_text(render_markdown(splits, codes, command.strip(), old), encoding="utf-8")
        print(f"wrote {args.markdown}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
