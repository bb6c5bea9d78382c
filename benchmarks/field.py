"""Measure the rules on the field set: real legacy files, hand-labelled (issue 9, section 1).

    python benchmarks/field.py                         the table, missed labels, false positives
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
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from dataclasses import asdict
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import field_report as report  # noqa: E402
from benchmarks.field_manifest import ManifestError, Row, check_file, read_manifest, rule_code  # noqa: E402
from benchmarks.field_match import (  # noqa: E402
    FILE_COUNTS,
    Finding,
    Matching,
    RuleStats,
    file_columns,
    match,
    rule_stats,
    total,
)
from benchmarks.field_run import FileRuns, emulation, run_all  # noqa: E402
from benchmarks.field_tool import ToolRun, run_tool  # noqa: E402

ALL_CODES = tuple(rule_code(n) for n in range(1, 11))
TOTALS = (
    ("DEV001+DEV002+DEV007", ("DEV001", "DEV002", "DEV007")),
    ("DEV003+DEV004+DEV006", ("DEV003", "DEV004", "DEV006")),
    ("all rules", ALL_CODES),
)
TARGETS = "targets (issues 9, 10): recall >= 85%, fixed correctly >= 75%, 0 rewrites that broke a run, precision >= 95%"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--manifest", type=Path, default=ROOT / "field" / "manifest.tsv")
    parser.add_argument("--files", type=Path, default=ROOT / "field" / "files")
    parser.add_argument("--reviews", type=Path, default=ROOT / "field" / "reviews.tsv")
    parser.add_argument("--rules", default="", help="comma-separated rule codes to report (default: all)")
    parser.add_argument(
        "--markdown", type=Path, help="write the report as markdown to this file (docs/field.md)"
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON instead of text")
    parser.add_argument(
        "--unreviewed", action="store_true", help="list every unreviewed applied fix with its hunk"
    )
    parser.add_argument("--no-run", action="store_true", help="skip the drivers of runnable rows (faster)")
    parser.add_argument("--jobs", type=int, default=1, help="driver files run at a time (default 1)")
    parser.add_argument(
        "--keep", type=Path, help="work in this (new) folder and keep it, to inspect rewrites"
    )
    return parser.parse_args(argv)


def selected_codes(text: str) -> tuple[str, ...]:
    codes = tuple(c.strip().upper() for c in text.split(",") if c.strip())
    unknown = [c for c in codes if c not in ALL_CODES]
    if unknown:
        raise SystemExit(f"error: unknown rule code(s): {', '.join(unknown)} (DEV001..DEV010)")
    return codes or ALL_CODES


def present_rows(args: argparse.Namespace) -> tuple[list[Row], list[str]] | None:
    """The rows whose files are in place, and why the others are left out; None when there is nothing
    to measure (which is said, and is not an error: the files are not part of the project)."""
    if not args.manifest.is_file():
        print(f"no field manifest at {args.manifest}: nothing to measure (see field/README.md)")
        return None
    if not args.files.is_dir() or not any(args.files.iterdir()):
        print(
            f"the field files are absent ({args.files} is missing or empty): nothing to measure.\n"
            "Bring them back with `python field/fetch.py` (see field/README.md), then run this again."
        )
        return None
    rows, left_out = [], []
    for row in read_manifest(args.manifest):
        problem = check_file(row, args.files)
        if problem:
            left_out.append(problem)
        else:
            rows.append(row)
    if not rows:
        print("none of the manifest's files is in place:\n" + "\n".join(left_out))
        return None
    return rows, left_out


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


def table(matching: Matching, tool: ToolRun, runs: list[FileRuns], codes: tuple[str, ...]) -> list[RuleStats]:
    """The per-rule lines, then the totals whose rules are all selected."""
    per_rule = rule_stats(matching, ALL_CODES)
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
    findings: list[Finding], runs: list[FileRuns], codes: tuple[str, ...], full: bool
) -> list[str]:
    waiting = [f for f in report.unreviewed(findings) if f.code in codes]
    if not full:
        return [
            f"{len(waiting)} applied fixes have no review for their current hunk"
            + (" (list them with --unreviewed)" if waiting else "")
        ]
    notes = evidence(runs)
    lines = [
        f"Unreviewed applied fixes ({len(waiting)}); paste the last line of each into field/reviews.tsv:"
    ]
    for f in waiting:
        lines += [
            "",
            f"## {f.id}:{f.where()} {f.code} {f.message}",
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
        f"- {rid}: later-pass fixes (on code an earlier fix wrote; no finding of check shows them): {', '.join(f'{c} x{n}' for c, n in sorted(more.items()) if c in codes)}"
        for rid, more in sorted(tool.unreported.items())
        if set(more) & set(codes)
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


def render_text(lines: list[RuleStats], rows: list[Row], body: list[str], unreviewed: list[str]) -> str:
    head = f"Field set: {len(rows)} files, {sum(len(r.labels) for r in rows)} labels, {sum(len(r.negatives) for r in rows)} negatives"
    return (
        "\n".join(
            [head, "", report.markdown_table(report.TABLE_HEAD, report.table_rows(lines)), TARGETS, ""]
            + unreviewed
            + [""]
            + body
        )
        + "\n"
    )


def render_markdown(
    lines: list[RuleStats], rows: list[Row], body: list[str], unreviewed: list[str], command: str
) -> str:
    ipynb = sum(r.kind == "ipynb" for r in rows)
    return (
        "\n".join(
            [
                "# The field set: the rules on real legacy files",
                "",
                f"Generated {date.today().isoformat()} by `{command}` with the tool at commit `{tool_commit()}`.",
                f"{len(rows)} files ({ipynb} notebooks) from public repositories, {sum(len(r.labels) for r in rows)} labels,"
                f" {sum(len(r.negatives) for r in rows)} negatives (`field/manifest.tsv`; how to bring the files back:"
                " `field/README.md`).",
                "",
                report.markdown_table(report.TABLE_HEAD, report.table_rows(lines)),
                TARGETS + ".",
                "",
                report.LEGEND,
                *unreviewed,
                "",
                *body,
            ]
        )
        + "\n"
    )


def as_json(
    lines: list[RuleStats], matching: Matching, tool: ToolRun, runs: list[FileRuns], codes: tuple[str, ...]
) -> str:
    def finding(f: Finding) -> dict:
        return {k: v for k, v in asdict(f).items() if k != "hunk"}

    return (
        json.dumps(
            {
                "rules": [{**asdict(s), "recall": s.recall, "precision": s.precision} for s in lines],
                "missed": [
                    {"id": rid, "label": str(label)}
                    for rid, label in matching.missed()
                    if label.code in codes
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
                "runs": [
                    {
                        "id": r.id,
                        "changed": r.changed,
                        **{f"{v} {m}": str(a) for (v, m), a in r.attempts.items()},
                    }
                    for r in runs
                ],
                "unreviewed": [finding(f) for f in report.unreviewed(tool.findings) if f.code in codes],
            },
            indent=2,
        )
        + "\n"
    )


def measure(
    rows: list[Row], args: argparse.Namespace, work: Path
) -> tuple[ToolRun, Matching, list[FileRuns], list[str]]:
    tool = run_tool(rows, args.files, work)
    report.attach_reviews(tool.findings, report.read_reviews(args.reviews))
    matching = match(rows, tool.findings)
    runs, without = (
        ([], [])
        if args.no_run
        else run_all(
            rows, work / "original", work / "fixed", args.jobs, log=lambda m: print(m, file=sys.stderr)
        )
    )
    return tool, matching, runs, without


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    codes = selected_codes(args.rules)
    try:
        found = present_rows(args)
    except ManifestError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if found is None:
        return 0
    rows, left_out = found
    with tempfile.TemporaryDirectory(prefix="field-") as tmp:
        work = args.keep or Path(tmp) / "work"
        tool, matching, runs, notes = measure(rows, args, work)
    lines = table(matching, tool, runs, codes)
    body = lists(matching, tool, runs, codes, left_out + notes)
    unreviewed = unreviewed_section(tool.findings, runs, codes, args.unreviewed)
    if args.json:
        sys.stdout.write(as_json(lines, matching, tool, runs, codes))
    else:
        sys.stdout.write(render_text(lines, rows, body, unreviewed))
    if args.markdown:
        command = "python benchmarks/field.py " + " ".join(argv if argv is not None else sys.argv[1:])
        summary = unreviewed_section(tool.findings, runs, codes, False)
        args.markdown.write_text(
            render_markdown(lines, rows, body, summary, command.strip()), encoding="utf-8"
        )
        print(f"wrote {args.markdown}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
