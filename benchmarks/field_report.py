"""Reviews of applied fixes, and the field table in text, markdown and JSON.

Whether a fix is *correct* (the code now does what the author meant, on any device) cannot be decided
by running most field files, so a person decides, once per fix: ``field/reviews.tsv`` holds one row per
reviewed fix, keyed by (id, code, hunk_sha). The hunk's sha256 changes when the rule's rewrite
changes, so a review never silently vouches for a fix it did not see; the script then lists the fix
as unreviewed again, with a ready-to-fill line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from benchmarks.field_match import Finding, Judged, Matching, RuleStats
from benchmarks.field_run import MODES, FileRuns

REVIEW_COLUMNS = ("id", "code", "line", "hunk_sha", "verdict", "note")
VERDICTS = ("correct", "wrong", "partial")


@dataclass(frozen=True)
class Review:
    verdict: str
    note: str
    line: str


def read_reviews(path: Path) -> dict[tuple[str, str, str], Review]:
    """``field/reviews.tsv`` (header, then tab-separated rows); raises ValueError naming a bad line."""
    if not path.is_file():
        return {}
    reviews = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#") or line.startswith("id\t"):
            continue
        fields = line.split("\t")
        if len(fields) != len(REVIEW_COLUMNS):
            raise ValueError(f"{path}:{number}: {len(fields)} columns, expected {', '.join(REVIEW_COLUMNS)}")
        rid, code, where, sha, verdict, note = (f.strip() for f in fields)
        if verdict not in VERDICTS:
            raise ValueError(f"{path}:{number}: verdict {verdict!r} is not one of {', '.join(VERDICTS)}")
        reviews[(rid, code, sha)] = Review(verdict, note, where)
    return reviews


def attach_reviews(findings: Sequence[Finding], reviews: dict[tuple[str, str, str], Review]) -> None:
    for finding in findings:
        review = reviews.get((finding.id, finding.rule, finding.hunk_sha))
        finding.verdict = review.verdict if review and finding.applied else None


def unreviewed(findings: Sequence[Finding]) -> list[Finding]:
    return [f for f in findings if f.applied and f.verdict is None]


def review_line(finding: Finding, evidence: str = "") -> str:
    """A row to paste into field/reviews.tsv once the verdict is filled in."""
    note = evidence or "-"
    return "\t".join(
        (finding.id, finding.rule, finding.where(), finding.hunk_sha, "<correct|wrong|partial>", note)
    )


# -- the table


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.0f}%"


def _of(part: int, whole: int) -> str:
    return f"{part}/{whole} ({_pct(part / whole if whole else None)})" if whole else "-"


TABLE_HEAD = (
    "rule",
    "labelled",
    "found",
    "by check",
    "by apply",
    "recall",
    "fixed",
    "fixed correctly",
    "unreviewed",
    "findings",
    "FP",
    "later-pass (FP)",
    "FP on N",
    "precision",
    "look-alikes kept",
    "no parse",
    "not idempotent",
    "now runs",
    "broke a run",
)


def table_rows(lines: Sequence[RuleStats]) -> list[list[str]]:
    rows = []
    for s in lines:
        rows.append(
            [
                s.code,
                str(s.labelled),
                str(s.found),
                str(s.found_by_check),
                str(s.found_by_apply),
                _pct(s.recall),
                str(s.fixed),
                _of(s.fixed_correctly, s.labelled),
                str(s.unreviewed),
                str(s.findings),
                str(s.false_positives),
                f"{s.later_findings} ({s.later_false_positives})",
                str(s.on_negatives),
                _pct(s.precision),
                f"{s.negatives_kept}/{s.negatives}" if s.negatives else "-",
                str(s.no_parse),
                str(s.not_idempotent),
                str(s.now_run),
                str(s.broken),
            ]
        )
    return rows


def markdown_table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    out = [
        "| " + " | ".join(head) + " |",
        "|" + "|".join("---" if i == 0 else "---:" for i in range(len(head))) + "|",
    ]
    out += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(out) + "\n"


LEGEND = """\
- *labelled*: P*n* labels (pattern *n* is rule DEV00*n*; P9 also the legacy-API rules DEV011-DEV020);
  *found*: labels matched by a finding of the rule
  (same cell, line in the label's range ±1); *recall* = found / labelled. *by check*: found by a
  finding `check` reports; *by apply*: found only by a fix `apply` made in a later pass, on code an
  earlier fix wrote (no finding of `check` shows it; placed on the original's lines through the
  earlier passes' edits, `autofix/engine/trace.py`); found = by check + by apply.
- *fixed*: found labels with a matched fix that `apply --unsafe-fixes` applied; *fixed correctly*: labels
  whose applied fixes are all reviewed `correct` in `field/reviews.tsv`, over labelled; *unreviewed*:
  labels with an applied fix that has no review for its current hunk.
- *findings*: everything the rule reported; *FP*: findings matching no label of the rule's pattern
  (*FP on N*: of those, on a line labelled as a correct look-alike); *precision* = (findings - FP) / findings.
  *later-pass (FP)*: of the findings, later-pass fixes of `apply` (of those, matching no label: a
  later-pass fix on a look-alike or an unlabelled line counts against precision like any finding).
- *look-alikes kept*: N*n* look-alikes whose lines no applied fix of rule DEV00*n* edits, over all N*n*.
- File columns count files the rule applied a fix to: *no parse* (Python's parser rejects the rewrite),
  *not idempotent* (a second `apply` changes it again), and for `runnable=synthetic` rows with a driver,
  *now runs* (failed before, runs after, emulated GPU or CPU) and *broke a run* (ran before, fails after).
"""


def findings_list(title: str, judged: Sequence[Judged]) -> list[str]:
    lines = [f"{title} ({len(judged)}):"]
    for j in sorted(
        judged, key=lambda j: (j.finding.id, j.finding.cell or 0, j.finding.line, j.finding.code)
    ):
        f = j.finding
        on = f" on {j.negative}" if j.negative is not None else ""
        fixed = " [fix applied]" if f.applied else ""
        if f.found_by == "apply":
            fixed = f" [fix applied by apply, pass {f.pass_number}]"
        lines.append(f"- {f.id}:{f.where()} {f.rule}{on}{fixed}: {f.message}")
    return lines


def missed_list(matching: Matching, codes: Sequence[str]) -> list[str]:
    missed = [(rid, label) for rid, label in matching.missed() if label.code in codes]
    lines = [f"Missed labels ({len(missed)}):"]
    for rid, label in sorted(missed, key=lambda m: (m[1].pattern, m[0], m[1].cell or 0, m[1].first)):
        others = matching.other_rules_on(rid, label)
        also = f"; on these lines: {', '.join(others)}" if others else ""
        lines.append(f"- {rid} {label} ({label.code}{also})")
    return lines


def unfixed_list(matching: Matching, codes: Sequence[str]) -> list[str]:
    """Labels a rule found but did not fix (a report-only finding, or a fix superseded by another)."""
    unfixed = [
        (rid, label, found)
        for (rid, label), found in matching.matches.items()
        if found and label.code in codes and not any(f.applied for f in found)
    ]
    lines = [f"Found, not fixed ({len(unfixed)}):"]
    for rid, label, found in sorted(unfixed, key=lambda u: (u[1].pattern, u[0], u[1].cell or 0, u[1].first)):
        lines.append(f"- {rid} {label}: {found[0].message}")
    return lines


def runs_table(runs: Sequence[FileRuns]) -> str:
    head = ["id", "rewritten"] + [
        f"{version} {mode}" for mode in MODES for version in ("original", "rewritten")
    ]
    rows = []
    for run in runs:
        cells = [run.id, "yes" if run.changed else "no"]
        for mode in MODES:
            for version in ("original", "rewritten"):
                cells.append(str(run.attempts[(version, mode)]))
        rows.append(cells)
    return markdown_table(head, rows)


def run_failures(runs: Sequence[FileRuns]) -> list[str]:
    """The last error line of each failed run, so a driver or a rule can be looked at."""
    lines = []
    for run in runs:
        for (version, mode), result in sorted(run.attempts.items()):
            if not result.ok and (version == "original" or run.changed):
                lines.append(f"- {run.id} {version} {mode}: {result.detail}")
    return lines
