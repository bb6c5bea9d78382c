"""How ``autofix verify`` tells its results: a compact text report, a JSON file, a markdown report."""

from __future__ import annotations

import json
import textwrap
from dataclasses import asdict
from typing import Any, TextIO

from autofix.harness.compare import POLICY
from autofix.harness.models import FAIL, PASS, UNPROVEN, CaseResult, VersionRun

WIDTH = 100
TIMING_POLICY = (
    "before and after alternate in one process (before, after, before, ...); the speed-up is the geometric"
    " mean of the pair ratios with a 99% bootstrap interval, claimed only when the interval lies above 1.0"
    " and only for rules whose fix changes the work on that clock (dtype on any; transfers and syncs on a"
    " real GPU)"
)
VERDICTS = (
    f"{PASS}: proved; {FAIL}: a problem (listed); {UNPROVEN}: runs now, but before ran nowhere and the"
    " case gives no reference() to compare with, or the entry returns nothing to compare"
)


def _count(run: VersionRun | None, device: str, key: str) -> str:
    phase = run.phases.get(device) if run else None
    if phase is None or not phase.ok or phase.counts is None:
        return "✗"
    if key == "transfers":
        return str(phase.transfers())
    return str(phase.count(key))


def counts(result: CaseResult, device: str, key: str) -> str:
    return f"{_count(result.before, device, key)}→{_count(result.after, device, key)}"


def error_text(result: CaseResult) -> str:
    if result.equal is None:
        return "-"
    return "0" if result.max_rel == 0 else f"{result.max_rel:.0e}"


def outcome(run: VersionRun | None) -> str:
    if run is None:
        return "-"
    failures = [f"{p.outcome} ({name})" for name, p in run.phases.items() if not p.ok]
    return "ok" if not failures else "✗ " + "; ".join(failures)


def summary_line(results: list[CaseResult]) -> str:
    tally = {v: sum(r.verdict == v for r in results) for v in (PASS, FAIL, UNPROVEN)}
    positive = sum(r.positive for r in results)
    return (
        f"{tally[PASS]}/{len(results)} passed, {tally[FAIL]} failed, {tally[UNPROVEN]} unproven"
        f" ({positive} rewritten, {len(results) - positive} left unchanged)"
    )


def progress_line(index: int, total: int, result: CaseResult) -> str:
    return f"[{index}/{total}] {result.verdict:<8} {result.case} ({result.seconds:.1f} s)"


def print_compact(out: TextIO, results: list[CaseResult], device: str) -> None:
    """One line per case within 100 columns; the reason wraps onto indented lines."""
    header = f"{'verdict':<8} {'case':<36} {'copies':>6} {'syncs':>6} {'err':>5}  proof / problem"
    print(header, file=out)
    for r in results:
        start = (
            f"{r.verdict:<8} {_fit(r.case, 36):<36} {counts(r, device, 'transfers'):>6}"
            f" {counts(r, device, 'syncs'):>6} {error_text(r):>5}  "
        )
        reason = r.reason()
        lines = textwrap.wrap(reason, WIDTH - len(start)) or [""]
        print(start + lines[0], file=out)
        for more in lines[1:]:
            print(" " * len(start) + more, file=out)
        for note in r.notes if r.verdict != PASS else []:
            print(
                textwrap.fill(f"note: {note}", WIDTH, initial_indent=" " * 9, subsequent_indent=" " * 15),
                file=out,
            )
    for r in results:
        if r.golden_diff:
            print(f"\n{r.case}: the checked-in after.py differs from the rewrite:", file=out)
            print(r.golden_diff, file=out)


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else "…" + text[-(width - 1) :]


def to_json(results: list[CaseResult], device: str, settings: dict[str, Any]) -> str:
    def plain(run: VersionRun | None) -> Any:
        if run is None:
            return None
        return {
            name: {k: v for k, v in asdict(phase).items() if k not in ("results", "again")}
            | {"outcome": phase.outcome}
            | ({"again": phase.again.outcome} if phase.again is not None else {})
            for name, phase in {**run.phases, **run.extra}.items()
        }

    cases = []
    for r in results:
        entry = {k: v for k, v in asdict(r).items() if k not in ("before", "after", "reference")}
        entry.update(
            before=plain(r.before),
            after=plain(r.after),
            verdict=r.verdict,
            passed=r.passed,
            equal=r.equal,
            max_rel=r.max_rel,
        )
        cases.append(entry)
    return json.dumps(
        {
            "device": device,
            "settings": settings,
            "summary": summary_line(results),
            "passed": all(r.passed for r in results),
            "tolerance": POLICY,
            "timing": TIMING_POLICY,
            "cases": cases,
        },
        indent=2,
    )


MARKDOWN_COLUMNS = (
    "case",
    "rule",
    "before",
    "after",
    "equal (max rel err)",
    "transfers",
    "syncs",
    "time",
    "verdict",
)


def _time(result: CaseResult) -> str:
    t = result.timing
    if t is None:
        return "-"
    return f"{t.before_median * 1e3:.1f} → {t.after_median * 1e3:.1f} ms, {t.describe()}"


def markdown_row(r: CaseResult, device: str) -> list[str]:
    if r.equal is None:
        equal = "n/a"
    elif r.different_numbers and not any(c.outcome == "differ" for c in r.comparisons):
        equal = f"same distribution, different numbers ({error_text(r)} on one random stream)"
    else:
        equal = ("yes" if r.equal else "NO") + f" ({error_text(r)})"
    if r.comparisons and any(c.dtype_changed for c in r.comparisons):
        equal += ", dtype changed"
    return [
        r.case,
        r.rule,
        outcome(r.before),
        outcome(r.after),
        equal,
        counts(r, device, "transfers"),
        counts(r, device, "syncs"),
        _time(r),
        f"**{r.verdict}**: {r.reason()}",
    ]


def to_markdown(results: list[CaseResult], device: str, settings: dict[str, Any]) -> str:
    overall = PASS if all(r.passed for r in results) else FAIL
    lines = [
        "# autofix verify report",
        "",
        f"Device mode: `{device}`. Settings: " + ", ".join(f"{k}={v}" for k, v in settings.items()) + ".",
        "",
        f"**Verdict: {overall}** ({summary_line(results)}).",
        "",
        "| " + " | ".join(MARKDOWN_COLUMNS) + " |",
        "|" + "---|" * len(MARKDOWN_COLUMNS),
    ]
    for r in results:
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in markdown_row(r, device)) + " |")
    lines += [
        "",
        f"Verdicts: {VERDICTS}.",
        "",
        "*before*/*after*: the outcome of each version on the CPU and on the device mode; only a failure the"
        " rule cures (device mismatch, dtype mismatch, needs a GPU on the CPU), raised by torch's own check"
        " or the emulated GPU's, counts as proof, while timeouts, signals, exits, other errors and failures"
        " the case raises itself are shown and never count. *transfers*/*syncs*: host↔device copies and host"
        " synchronisations per run (✗: that version failed there). A device rule's after must keep at least"
        " before's share of its operations on the device. *same distribution, different numbers*: the results"
        " agree only when the GPU draws the CPU's random numbers; accepted for unsafe fixes only.",
        "",
        f"Tolerance: {POLICY}.",
        "",
        f"Timing: {TIMING_POLICY}.",
        "",
    ]
    return "\n".join(lines)
