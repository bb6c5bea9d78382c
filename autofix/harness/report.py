"""How ``autofix verify`` tells its results: a rich table, a JSON file, a markdown report."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from rich.console import Console
from rich.table import Table

from autofix.harness.judge import TIMING_FLOOR_S
from autofix.harness.models import CaseResult, PhaseRun, VersionRun, speedup_of

COLUMNS = (
    "case", "rule", "golden", "before", "after", "equal", "max abs / rel error",
    "transfers", "syncs", "time", "speedup", "verdict",
)


def _outcome(run: VersionRun | None, device: str) -> str:
    if run is None:
        return "-"
    failures = [f"{p.outcome} ({name})" for name, p in run.phases.items() if not p.ok]
    return "ok" if not failures else "✗ " + "; ".join(failures)


def _counts(result: CaseResult, device: str, key: str) -> str:
    def count(run: VersionRun | None) -> str:
        phase = run.phases.get(device) if run else None
        if phase is None or not phase.ok or phase.counts is None:
            return "-"
        if key == "transfers":
            return str(phase.counts["host_to_device"] + phase.counts["device_to_host"])
        return str(phase.counts[key])

    return f"{count(result.before)} → {count(result.after)}"


def _time(phase: PhaseRun | None) -> str:
    if phase is None or not phase.ok or phase.median_time is None:
        return "-"
    return f"{phase.median_time * 1000:.1f} ms"


def row(result: CaseResult, device: str) -> list[str]:
    before_time = result.before.phases.get(result.timed_on) if result.before else None
    after_time = result.after.phases.get(result.timed_on) if result.after else None
    speedup = speedup_of(result)
    if speedup is None:
        speedup_text = "-"
    elif before_time is not None and (before_time.median_time or 0) < TIMING_FLOOR_S:
        speedup_text = "(too short)"  # runs under 20 ms time Python overhead and noise, not the rewrite
    else:
        speedup_text = f"{speedup:.2f}x"
    if result.equal is None:
        equal = "n/a"
    else:
        equal = ("yes" if result.equal else "NO") + (" (dtype changed)" if result.dtype_changed else "")
    error = f"{result.max_abs:.1e} / {result.max_rel:.1e}" if result.equal is not None else "-"
    verdict = "PASS" if result.passed else "FAIL"
    if result.passed:
        verdict += ": " + ("; ".join(result.proofs) if result.positive else "unchanged, same behaviour")
    else:
        verdict += ": " + "; ".join(result.problems)
    return [
        result.case.rsplit("/", 1)[-1],  # the rule column names the folder above it
        result.rule,
        "yes" if result.golden else "NO",
        _outcome(result.before, device),
        _outcome(result.after, device),
        equal,
        error,
        _counts(result, device, "transfers"),
        _counts(result, device, "syncs"),
        f"{_time(before_time)} → {_time(after_time)}",
        speedup_text,
        verdict,
    ]


def print_table(console: Console, results: list[CaseResult], device: str) -> None:
    table = Table(title=f"autofix verify ({device})", show_lines=False)
    for column in COLUMNS:
        table.add_column(column, overflow="fold", no_wrap=column == "case")
    for result in results:
        cells = row(result, device)
        style = None if result.passed else "red"
        table.add_row(*cells, style=style)
    console.print(table)
    for result in results:
        if result.golden_diff:
            console.print(f"[bold red]{result.case}[/]: expected after.py differs from the rewrite:")
            console.print(result.golden_diff, markup=False, highlight=False)


def summary_line(results: list[CaseResult]) -> str:
    passed = sum(r.passed for r in results)
    positive = sum(r.positive for r in results)
    return (
        f"{passed}/{len(results)} cases passed ({positive} rewritten, {len(results) - positive} left"
        f" unchanged); {len(results) - passed} failed"
    )


def to_json(results: list[CaseResult], device: str, settings: dict[str, Any]) -> str:
    def plain(run: VersionRun | None) -> Any:
        if run is None:
            return None
        return {
            name: {k: v for k, v in asdict(phase).items() if k != "results"} | {"outcome": phase.outcome}
            for name, phase in run.phases.items()
        }

    cases = []
    for result in results:
        entry = {k: v for k, v in asdict(result).items() if k not in ("before", "after")}
        entry.update(before=plain(result.before), after=plain(result.after), passed=result.passed,
                     speedup=speedup_of(result))
        cases.append(entry)
    return json.dumps(
        {"device": device, "settings": settings, "summary": summary_line(results),
         "passed": all(r.passed for r in results), "cases": cases},
        indent=2,
    )


def to_markdown(results: list[CaseResult], device: str, settings: dict[str, Any]) -> str:
    lines = [
        "# autofix verify report",
        "",
        f"Device mode: `{device}`. Settings: "
        + ", ".join(f"{k}={v}" for k, v in settings.items())
        + ".",
        "",
        f"**Verdict: {'PASS' if all(r.passed for r in results) else 'FAIL'}** ({summary_line(results)}).",
        "",
        "| " + " | ".join(COLUMNS) + " |",
        "|" + "---|" * len(COLUMNS),
    ]
    for result in results:
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in row(result, device)) + " |")
    lines += [
        "",
        "How to read it: *before*/*after* are the outcomes of running each version on the CPU and on the"
        f" `{device}` device mode; *equal* compares their results (float32 tolerance rtol 1e-5/atol 1e-6,"
        " or rtol 1e-4/atol 1e-5 after upcasting when the rewrite changes the dtype; the relative error is"
        " the largest difference over the largest magnitude); *transfers* and"
        " *syncs* count host↔device copies and host synchronisations per run; *time* is the median wall"
        " time of the repeats with one intra-op thread.",
        "",
    ]
    return "\n".join(lines)
