"""Why labels are not fixed: the outcomes of a split counted by the idea a finding's message names.

A rule says in its message why it did not fix what it found ("cannot tell data from a size here", "it is
printed every step"). Counting labels by that message, with the code it quotes masked, tells a rule author
which idea stops the most fixes without naming a file, a line or a hunk, so it is shown for the frozen
validation split too (issue 27). Misses are counted by what lies near them: a finding of the same rule (on
another line of the statement), of other rules (another rule owns the line), or nothing.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from benchmarks.field_match import Finding, Label, Matching, label_outcome
from benchmarks.field_shape import constructor_argument_shape, label_shape

# The text a label's lines are in: the file, or its notebook cell; None when it cannot be read.
SourceOf = Callable[[str, Label], "str | None"]

_QUOTED_CODE = re.compile(r"`[^`]*`")
NEAR_LINES = 3  # wider than matching's tolerance: a statement's other lines
NOTHING_NEAR = "nothing near"
# The words of a legacy constructor's finding whose argument could be data or a size (DEV003, 007, 009, 010).
UNDECIDED = ("cannot tell data from a size", "not plainly data or a size")
SAME_RULE_NEAR = "a finding of its rule near"


def message_kind(message: str, width: int = 200) -> str:
    """The message with its quoted code masked as `X`, cut to ``width``: one idea, whatever it quotes. A
    long one keeps its start and its end, where a finding says why it was not fixed."""
    kind = _QUOTED_CODE.sub("`X`", message)
    if len(kind) <= width:
        return kind
    tail = width // 2
    return kind[: width - tail - 3] + " … " + kind[-tail:]


@dataclass
class WhyCounts:
    """Labels (and false positives) of one split by rule and by the idea that explains their outcome."""

    not_fixed: Counter[tuple[str, str]] = field(default_factory=Counter)
    fixed_not_correct: Counter[tuple[str, str]] = field(default_factory=Counter)
    missed: Counter[tuple[str, str]] = field(default_factory=Counter)
    missed_shape: Counter[tuple[str, str]] = field(default_factory=Counter)
    undecided_argument: Counter[tuple[str, str]] = field(default_factory=Counter)
    false_positives: Counter[tuple[str, str]] = field(default_factory=Counter)

    SECTIONS = (
        ("not_fixed", "found, not fixed (by the message of its first finding)"),
        ("fixed_not_correct", "fixed, not reviewed correct (by the message of its first applied fix)"),
        ("missed", "missed (by the findings within 3 lines of it)"),
        (
            "missed_shape",
            "missed (by the code around it | the API its lines name, benchmarks/field_shape.py)",
        ),
        (
            "undecided_argument",
            "found, not fixed as data or size (by the legacy constructor's argument, benchmarks/field_shape.py)",
        ),
        ("false_positives", "false positives (by message)"),
    )

    def as_json(self) -> dict[str, list[dict[str, object]]]:
        return {
            name: [{"rule": code, "why": why, "count": n} for (code, why), n in _ordered(getattr(self, name))]
            for name, _ in self.SECTIONS
        }

    def lines(self) -> list[str]:
        out: list[str] = []
        for name, title in self.SECTIONS:
            counts = getattr(self, name)
            out += [f"{title}: {sum(counts.values())}"]
            out += [f"  {n:4} {code} {why}" for (code, why), n in _ordered(counts)]
        return out


def _ordered(counts: Counter[tuple[str, str]]) -> list[tuple[tuple[str, str], int]]:
    return sorted(counts.items(), key=lambda item: (item[0][0], -item[1], item[0][1]))


def why_counts(
    matching: Matching, codes: Sequence[str], width: int = 200, source_of: SourceOf | None = None
) -> WhyCounts:
    """Count ``matching``'s labels of ``codes`` that were missed, found but not fixed, or fixed but not
    reviewed correct, and its false positives, each by the idea that explains it; with ``source_of``,
    misses are counted by their shape too."""
    counts = WhyCounts()
    near: dict[str, list[Finding]] = defaultdict(list)
    for judged in matching.judged:
        near[judged.finding.id].append(judged.finding)
    for (rid, label), found in matching.matches.items():
        if label.code not in codes:
            continue
        hit, fixed, correct, _ = label_outcome(found)
        if hit and not fixed:
            counts.not_fixed[(label.code, message_kind(found[0].message, width))] += 1
            source = source_of(rid, label) if source_of else None
            undecided = [f for f in found if any(words in f.message for words in UNDECIDED)]
            if source is not None and undecided:
                counts.undecided_argument[
                    (label.code, constructor_argument_shape(source, undecided[0].line))
                ] += 1
        elif fixed and not correct:
            first_applied = next(f for f in found if f.applied)
            counts.fixed_not_correct[(label.code, message_kind(first_applied.message, width))] += 1
        elif not hit:
            counts.missed[(label.code, _what_is_near(label, near[rid]))] += 1
            source = source_of(rid, label) if source_of else None
            if source is not None:
                counts.missed_shape[(label.code, label_shape(source, label))] += 1
    for judged in matching.judged:
        if not judged.true_positive and judged.finding.code in codes:
            counts.false_positives[(judged.finding.code, message_kind(judged.finding.message, width))] += 1
    return counts


def _what_is_near(label: Label, findings: list[Finding]) -> str:
    close = [
        f
        for f in findings
        if f.cell == label.cell and label.first - NEAR_LINES <= f.line <= label.last + NEAR_LINES
    ]
    if any(f.code == label.code for f in close):
        return SAME_RULE_NEAR
    others = sorted({f.rule for f in close})
    return "near " + ", ".join(others) if others else NOTHING_NEAR
