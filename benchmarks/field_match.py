"""Matching the tool's findings to the field set's hand labels: recall, precision, fixes per rule.

Pattern ``Pn`` is rule ``DEV00n``'s business. A finding matches a label of its pattern when it is in the
same cell (notebooks) and its line lies in the label's range, with one line of tolerance either side
(a multi-line call is reported on its first line, the labeller may have picked its last), or when the
fix it proposes edits the label's lines (a tensor reported where it is created, labelled where the
fix removes its move). A finding
inside a label's exact range wins over one only within the tolerance of another label or a negative,
so that a correct look-alike labelled right next to a real problem is still judged on its own line.
A finding that matches no label of its pattern is a false positive; one on a negative's lines is
listed apart, since it means the rule fired on code the labeller vouched for.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from benchmarks.field_manifest import Label, Row, rule_code

TOLERANCE = 1  # lines either side of a label's range
# P3 and P10 overlap in the labelling book's own words: a factory without `device=` in code that
# `forward` reaches (P3, "e.g. init_hidden") that is then moved (P10) is both, and labellers pick one.
# Such a finding of either rule matches the other pattern's label when none of its own is there.
OVERLAPPING_PATTERN = {"DEV003": "DEV010", "DEV010": "DEV003"}
LABEL_AND_FINDING_COUNTS = (
    "labelled",
    "found",
    "found_by_check",
    "found_by_apply",
    "fixed",
    "fixed_correctly",
    "unreviewed",
    "findings",
    "false_positives",
    "later_findings",
    "later_false_positives",
    "on_negatives",
    "negatives",
    "negatives_kept",
)
FILE_COUNTS = ("no_parse", "not_idempotent", "now_run", "broken")


@dataclass
class Finding:
    """One finding of ``autofix check`` on a field file, and what ``apply`` did with it."""

    id: str  # the manifest row
    code: str  # DEV001..DEV010: the row it counts in (a legacy-API rule's is DEV009, see pattern_rule)
    line: int
    cell: int | None = None
    message: str = ""
    applies: bool = False  # apply --unsafe-fixes would apply its fix (check's JSON says so)
    applied: bool = False  # ... and it did: the file was rewritten and this fix was not superseded
    hunk: str = ""  # the diff this fix alone makes to the original (empty when it has no edits)
    hunk_sha: str = ""
    verdict: str | None = None  # from field/reviews.tsv, when a review matches id, code and hunk_sha
    spans: tuple[tuple[int | None, int, int], ...] = ()  # (cell, first, last line) its fix's edits touch
    rule: str = ""  # the rule that reported it (``code`` unless that is a legacy-API rule's DEV009)
    # "check": reported by ``check`` on the original; "apply": a fix ``apply`` made in a later pass, on
    # code an earlier fix wrote (no finding of ``check`` shows it), placed on the original's lines.
    found_by: str = "check"
    pass_number: int = 1  # the pass of ``apply`` that made the fix (a finding found by apply: 2 or more)

    def __post_init__(self) -> None:
        self.rule = self.rule or self.code

    def where(self) -> str:
        return f"c{self.cell}:{self.line}" if self.cell is not None else str(self.line)


@dataclass
class Judged:
    """A finding and what it matched: a label (true positive), a negative, or nothing."""

    finding: Finding
    label: Label | None = None
    negative: Label | None = None

    @property
    def true_positive(self) -> bool:
        return self.label is not None


@dataclass
class RuleStats:
    """One rule's line of the table: counts of labels and of findings."""

    code: str
    labelled: int = 0
    found: int = 0  # labels matched by at least one finding
    found_by_check: int = 0  # ... of those, by a finding of ``check`` (what ``check`` alone shows)
    found_by_apply: int = 0  # ... only by fixes ``apply`` made in a later pass (found = the two summed)
    fixed: int = 0  # labels with at least one matched fix applied
    fixed_correctly: int = 0  # labels whose applied fixes were all reviewed 'correct'
    unreviewed: int = 0  # labels with an applied fix that has no review for its current hunk
    findings: int = 0
    false_positives: int = 0
    later_findings: int = 0  # findings that are later-pass fixes (counted in ``findings`` too)
    later_false_positives: int = 0  # ... that match no label (counted in ``false_positives`` too)
    on_negatives: int = 0  # false positives on a negative's lines (a subset of false_positives)
    negatives: int = 0  # N<n> look-alikes of the rule's pattern
    negatives_kept: int = 0  # ... that no applied fix of the rule edits
    # File counts: a file two rules of a total row both fixed counts once there.
    no_parse: int = 0  # files this rule fixed whose rewrite no longer parses
    not_idempotent: int = 0  # files this rule fixed that a second apply changes again
    now_run: int = 0  # runnable files this rule fixed: failed before, run after (emulated or CPU)
    broken: int = 0  # runnable files this rule fixed: ran before, fail after

    def add(self, other: RuleStats) -> None:
        """Sum the label and finding counts; file counts are recounted as sets (see file_columns)."""
        for name in LABEL_AND_FINDING_COUNTS:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    @property
    def recall(self) -> float | None:
        return self.found / self.labelled if self.labelled else None

    @property
    def recall_by_check(self) -> float | None:
        """Recall counting ``check``'s findings only, as a user of ``check`` sees it."""
        return self.found_by_check / self.labelled if self.labelled else None

    @property
    def precision(self) -> float | None:
        return (self.findings - self.false_positives) / self.findings if self.findings else None


@dataclass
class Matching:
    """Everything the report needs: per-label and per-finding outcomes."""

    judged: list[Judged] = field(default_factory=list)
    matches: dict[tuple[str, Label], list[Finding]] = field(
        default_factory=dict
    )  # (row id, label) -> findings

    def missed(self) -> list[tuple[str, Label]]:
        return [key for key, found in self.matches.items() if not found]

    def false_positives(self) -> list[Judged]:
        return [j for j in self.judged if not j.true_positive]

    def other_rules_on(self, rid: str, label: Label) -> list[str]:
        """Rules other than the label's that report on its lines: a missed P10 that DEV003 reports is a
        question for the labeller or the rule author, not a plain miss."""
        codes = set()
        for j in self.judged:
            f = j.finding
            if (
                f.id == rid
                and f.cell == label.cell
                and label.first - TOLERANCE <= f.line <= label.last + TOLERANCE
            ):
                codes.add(f.code)
        codes.discard(label.code)
        return sorted(codes)


def covers(label: Label, finding: Finding, tolerance: int, code: str = "") -> bool:
    """Whether ``finding`` lies on ``label``'s lines (widened by ``tolerance``) in the same cell, and
    ``label`` is of the finding's pattern (or of ``code``'s, when given)."""
    if finding.cell != label.cell or rule_code(label.pattern) != (code or finding.code):
        return False
    return label.first - tolerance <= finding.line <= label.last + tolerance


def judge(finding: Finding, labels: Sequence[Label], negatives: Sequence[Label]) -> Judged:
    """The label or negative ``finding`` belongs to: exact ranges first, then within the tolerance."""
    for tolerance in (0, TOLERANCE):
        for label in labels:
            if covers(label, finding, tolerance):
                return Judged(finding, label=label)
        for negative in negatives:
            if covers(negative, finding, tolerance):
                return Judged(finding, negative=negative)
    for label in labels:  # reported where the fix starts (a creation), labelled where it ends (the move)
        if rule_code(label.pattern) == finding.code and fix_touches(finding, label):
            return Judged(finding, label=label)
    overlapping = OVERLAPPING_PATTERN.get(finding.code)
    for tolerance in (0, TOLERANCE) if overlapping else ():
        for label in labels:
            if covers(label, finding, tolerance, overlapping):
                return Judged(finding, label=label)
    return Judged(finding)


def match(rows: Iterable[Row], findings: Iterable[Finding]) -> Matching:
    """Judge every finding against the labels of its row; every label gets its list of findings."""
    rows = list(rows)
    by_row: dict[str, list[Finding]] = defaultdict(list)
    for finding in findings:
        by_row[finding.id].append(finding)
    result = Matching()
    for row in rows:
        for label in row.labels:
            result.matches[(row.id, label)] = []
        for finding in by_row.get(row.id, []):
            judged = judge(finding, row.labels, row.negatives)
            result.judged.append(judged)
            if judged.label is not None:
                result.matches[(row.id, judged.label)].append(finding)
                for label in also_resolved(finding, judged.label, row.labels):
                    result.matches[(row.id, label)].append(finding)
    return result


def also_resolved(finding: Finding, matched: Label, labels: Sequence[Label]) -> list[Label]:
    """Labels besides ``matched`` that ``finding`` answers: the one problem labelled twice.

    A line that is both P3 and P10 in the book's words may carry both labels, and one finding of
    either rule there is the one problem found (its fix makes the tensor on the device); a fix that
    edits another label of its own pattern (a `volatile=True` flag and the `Variable` it sits in,
    labelled apart) resolves that label too. Counted for recall and fixes, never as a second finding.
    """
    overlapping = OVERLAPPING_PATTERN.get(finding.code)
    return [
        label
        for label in labels
        if label is not matched
        and (
            (overlapping and covers(label, finding, 0, overlapping))
            or (rule_code(label.pattern) == finding.code and fix_touches(finding, label))
        )
    ]


def label_outcome(found: list[Finding]) -> tuple[bool, bool, bool, bool]:
    """(found, fixed, fixed correctly, unreviewed) for one label, from the findings that matched it.

    Fixed correctly needs every applied fix of the label reviewed 'correct': a range label that two
    fixes touch (the input and the target of a loop) is only right when both are.
    """
    applied = [f for f in found if f.applied]
    unreviewed = any(f.verdict is None for f in applied)
    correct = bool(applied) and all(f.verdict == "correct" for f in applied)
    return bool(found), bool(applied), correct, unreviewed


def rule_stats(matching: Matching, codes: Sequence[str]) -> dict[str, RuleStats]:
    """The label and finding columns of the table (file outcomes are added by the caller)."""
    stats = {code: RuleStats(code) for code in codes}
    for (_, label), found in matching.matches.items():
        line = stats.get(label.code)
        if line is None:
            continue
        hit, fixed, correct, unreviewed = label_outcome(found)
        by_check = any(f.found_by == "check" for f in found)
        line.labelled += 1
        line.found += hit
        line.found_by_check += by_check
        line.found_by_apply += hit and not by_check
        line.fixed += fixed
        line.fixed_correctly += correct
        line.unreviewed += unreviewed
    for judged in matching.judged:
        line = stats.get(judged.finding.code)
        if line is None:
            continue
        line.findings += 1
        line.false_positives += not judged.true_positive
        later = judged.finding.found_by == "apply"
        line.later_findings += later
        line.later_false_positives += later and not judged.true_positive
        line.on_negatives += judged.negative is not None
    return stats


def fix_touches(finding: Finding, label: Label) -> bool:
    """Whether the fix ``finding`` proposes edits a line of ``label`` (same cell)."""
    return any(
        cell == label.cell and first <= label.last and label.first <= last
        for cell, first, last in finding.spans
    )


def edits_negative(finding: Finding, negative: Label) -> bool:
    """Whether ``finding`` was applied and its fix edits a line of ``negative`` (same cell)."""
    return finding.applied and fix_touches(finding, negative)


def count_negatives(stats: dict[str, RuleStats], rows: Iterable[Row], findings: Iterable[Finding]) -> None:
    """Fill the look-alike columns: a negative N<n> is kept when no applied fix of rule DEV00n edits its
    lines. Fixes of other rules are judged by their own labels (a P9 ``Variable(x)`` may sit inside an
    N1 range that is a correctly moved batch)."""
    by_row: dict[str, list[Finding]] = defaultdict(list)
    for finding in findings:
        by_row[finding.id].append(finding)
    for row in rows:
        for negative in row.negatives:
            line = stats.get(negative.code)
            if line is None:
                continue
            line.negatives += 1
            line.negatives_kept += not any(
                edits_negative(f, negative) for f in by_row.get(row.id, []) if f.code == negative.code
            )


def total(stats: dict[str, RuleStats], codes: Sequence[str], name: str) -> RuleStats:
    """A sum row (``DEV001+DEV002+DEV007``): ratios are recomputed from the summed counts."""
    row = RuleStats(name)
    for code in codes:
        if code in stats:
            row.add(stats[code])
    return row


def file_columns(row: RuleStats, codes: Sequence[str], files: dict[str, dict[str, set[str]]]) -> None:
    """Fill the file counts of ``row`` from ``files[column][code]`` (sets of row ids), one file once."""
    for column in FILE_COUNTS:
        ids: set[str] = set()
        for code in codes:
            ids |= files.get(column, {}).get(code, set())
        setattr(row, column, len(ids))
