"""How ``autofix verify --tests`` tells what it found: text within 100 columns, JSON, markdown.

Also the lines ``autofix migrate --verify-tests`` adds to its own reports (:func:`summary`,
:func:`as_json`, :func:`markdown_lines`).
"""

from __future__ import annotations

import json
import textwrap
from collections import Counter
from typing import Any, TextIO

from autofix.harness.suite import BROKE, FIXED, PASSING, STILL_FAILING, SuiteProof, SuiteRun

WIDTH = 100
MEANINGS = (
    "fixed: failed before, passes after; broke: passed before (or did not exist) and fails, is skipped or is"
    " gone after — it fails the verify; still failing: fails before and after; passing: passes before and"
    " after; skipped: skipped before and after"
)


def summary(proof: SuiteProof) -> str:
    tally = proof.tally()
    parts = [f"{n} {name}" for name, n in tally.items() if n or name in (FIXED, BROKE)]
    verdict = "PASS" if proof.passed else "FAIL"
    return f"{verdict}: {len(proof.verdicts)} tests: " + ", ".join(parts)


def fixes_line(proof: SuiteProof) -> str:
    fixes: Counter[str] = Counter()
    for result in proof.rewritten:
        fixes.update(result.applied)
    by_rule = ", ".join(f"{code} ×{n}" for code, n in sorted(fixes.items())) or "no fixes"
    files = len(proof.rewritten)
    return f"{files} file{'' if files == 1 else 's'} rewritten ({by_rule})"


def counts_text(run: SuiteRun) -> str:
    return "not emulated" if run.counts is None else run.counts.line()


def run_text(run: SuiteRun) -> str:
    ended = "killed at the time limit" if run.exit is None else f"exit {run.exit}"
    return f"{run.label}: {ended} in {run.seconds:.1f} s"


def print_text(out: TextIO, proof: SuiteProof, *, quiet: bool = False) -> None:
    """One line per test (only those not passing both times when ``quiet``), then the counts and verdict."""
    print(
        textwrap.shorten(
            f"{proof.root}: {fixes_line(proof)}; tests: {proof.command}", WIDTH, placeholder="…"
        ),
        file=out,
    )
    width = max([len("test"), *(min(len(v.test), 60) for v in proof.verdicts)])
    print(f"{'test':<{width}}  {'before':<8} {'after':<8} verdict", file=out)
    for v in proof.verdicts:
        if quiet and v.verdict == PASSING:
            continue
        test = v.test if len(v.test) <= width else "…" + v.test[-(width - 1) :]
        print(f"{test:<{width}}  {v.before:<8} {v.after:<8} {v.verdict}", file=out)
        if v.message and v.verdict in (BROKE, STILL_FAILING, FIXED):
            print("    " + textwrap.shorten(v.message, WIDTH - 4, placeholder="…"), file=out)
    for run in (proof.before, proof.after):
        print(
            textwrap.fill(f"{run_text(run)}; {counts_text(run)}", WIDTH, subsequent_indent="    "), file=out
        )
    for problem in proof.problems:
        print(textwrap.fill(f"problem: {problem}", WIDTH, subsequent_indent="    "), file=out)
    print(summary(proof), file=out)


def as_json(proof: SuiteProof) -> dict[str, Any]:
    def run(r: SuiteRun) -> dict[str, Any]:
        counts = None if r.counts is None else {"total": r.counts.total(), "processes": r.counts.processes}
        return {
            "exit": r.exit,
            "timed_out": r.exit is None,
            "seconds": round(r.seconds, 3),
            "counts": counts,
            "imported_from_original": r.outside,
            "output_tail": r.output_tail,
            "line": f"{run_text(r)}; {counts_text(r)}",
        }

    return {
        "root": proof.root,
        "command": proof.command,
        "device": proof.device,
        "passed": proof.passed,
        "summary": summary(proof),
        "tally": proof.tally(),
        "problems": proof.problems,
        "rewritten": [{"path": r.path, "fixes": dict(r.applied)} for r in proof.rewritten],
        "rewritten_line": fixes_line(proof),
        "tests": [vars(v) for v in proof.verdicts],
        "before": run(proof.before),
        "after": run(proof.after),
        "meanings": MEANINGS,
    }


def to_json(proof: SuiteProof) -> str:
    return json.dumps(as_json(proof), indent=2) + "\n"


def markdown_lines(data: dict[str, Any], *, heading: str = "##") -> list[str]:
    """The markdown section for one proof, from its JSON form (what ``migrate`` keeps in its report)."""
    lines = [
        f"{heading} Tests: `{data['command']}` before and after the rewrite ({data['device']})",
        "",
        f"**{data['summary']}**. {data['rewritten_line']}.",
        "",
        "| test | before | after | verdict |",
        "|---|---|---|---|",
    ]
    for v in data["tests"]:
        note = f": {v['message']}" if v["message"] and v["verdict"] != PASSING else ""
        lines.append(
            f"| `{v['test']}` | {v['before']} | {v['after']} | {v['verdict']}{note.replace('|', '/')} |"
        )
    lines += ["", *(f"- {data[label]['line']}" for label in ("before", "after"))]
    lines += [f"- problem: {p}" for p in data["problems"]]
    lines += ["", f"Verdicts: {MEANINGS}.", ""]
    return lines


def to_markdown(proof: SuiteProof) -> str:
    return "\n".join(["# autofix verify --tests report", "", *markdown_lines(as_json(proof))])
