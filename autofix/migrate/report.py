"""What ``autofix migrate`` did, per root: summary tables on the terminal, and Markdown or JSON reports."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

from rich.console import Console
from rich.table import Table

from autofix.files.fix_file import FileResult
from autofix.output.formats import print_whole


@dataclass
class RootReport:
    root: str
    scanned: int = 0
    changed: list[str] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (path, reason)
    errors: list[tuple[str, str]] = field(default_factory=list)  # (path, message)
    fixes: Counter[str] = field(default_factory=Counter)
    unsafe_withheld: Counter[str] = field(default_factory=Counter)
    branch: str | None = None
    commit: str | None = None
    tests: dict | None = None  # --verify-tests: autofix.harness.suite_report.as_json of the root's proof

    def add(self, result: FileResult, *, changed: bool) -> None:
        self.scanned += 1
        if result.error:
            self.errors.append((result.path, result.error))
        elif result.skipped:
            self.skipped.append((result.path, result.skipped))
        elif changed:
            self.changed.append(result.path)
            self.fixes.update(result.applied)
        self.unsafe_withheld.update(result.withheld_unsafe)


def print_tables(console: Console, reports: list[RootReport]) -> None:
    roots = Table(title="autofix migrate: per root")
    tested = any(r.tests for r in reports)
    columns = ("Root", "Scanned", "Changed", "Fixes", "Unsafe withheld", "Skipped", "Errors", "Branch")
    for column in columns + (("Tests",) if tested else ()):
        # A root is never cut short ("pytorch…" names no root): on a narrow terminal it folds.
        roots.add_column(
            column,
            justify="left" if column in ("Root", "Branch") else "right",
            overflow="fold" if column in ("Root", "Branch") else "ellipsis",
        )
    for r in reports:
        branch = f"{r.branch}@{r.commit[:7]}" if r.commit else "-"
        row = [
            r.root,
            str(r.scanned),
            str(len(r.changed)),
            str(sum(r.fixes.values())),
            str(sum(r.unsafe_withheld.values())),
            str(len(r.skipped)),
            str(len(r.errors)),
            branch,
        ]
        if tested:
            tally = r.tests["tally"] if r.tests else None
            row.append(f"{tally['fixed']} fixed, {tally['broke']} broke" if tally else "-")
        roots.add_row(*row)
    print_whole(console, roots)
    fixes: Counter[str] = Counter()
    withheld: Counter[str] = Counter()
    for r in reports:
        fixes.update(r.fixes)
        withheld.update(r.unsafe_withheld)
    rules = Table(title="autofix migrate: per rule")
    for column in ("Rule", "Fixes applied", "Unsafe withheld"):
        rules.add_column(column, justify="left" if column == "Rule" else "right")
    for code in sorted(set(fixes) | set(withheld)):
        rules.add_row(code, str(fixes[code]), str(withheld[code]))
    print_whole(console, rules)


def write_report(path: Path, reports: list[RootReport], *, unsafe_fixes_note: str) -> None:
    if path.suffix.lower() == ".json":
        document = {"roots": [_as_json(r) for r in reports], "note": unsafe_fixes_note}
        path.write_text(json.dumps(document, indent=2) + "\n")
    else:
        path.write_text(_markdown(reports, unsafe_fixes_note))


def _as_json(report: RootReport) -> dict:
    data = asdict(report)
    data["skipped"] = [{"path": p, "reason": r} for p, r in report.skipped]
    data["errors"] = [{"path": p, "message": m} for p, m in report.errors]
    data["fixes"] = dict(sorted(report.fixes.items()))
    data["unsafe_withheld"] = dict(sorted(report.unsafe_withheld.items()))
    return data


def _markdown(reports: list[RootReport], note: str) -> str:
    out = ["# autofix migrate report", ""]
    out += [
        "| root | scanned | changed | fixes | unsafe withheld | skipped | errors | branch |",
        "|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    for r in reports:
        branch = f"`{r.branch}` @ `{r.commit[:10]}`" if r.commit else "-"
        out.append(
            f"| {r.root} | {r.scanned} | {len(r.changed)} | {sum(r.fixes.values())} |"
            f" {sum(r.unsafe_withheld.values())} | {len(r.skipped)} | {len(r.errors)} | {branch} |"
        )
    out.append("")
    for r in reports:
        out += [f"## {r.root}", ""]
        out += ["Fixes by rule: " + (", ".join(f"{c} ×{n}" for c, n in sorted(r.fixes.items())) or "none")]
        if r.unsafe_withheld:
            withheld = ", ".join(f"{c} ×{n}" for c, n in sorted(r.unsafe_withheld.items()))
            out += ["", f"Unsafe fixes withheld: {withheld} ({note})"]
        for title, rows in (
            ("Changed", [(p, "") for p in r.changed]),
            ("Skipped", r.skipped),
            ("Errors", r.errors),
        ):
            if rows:
                out += ["", f"### {title} ({len(rows)})", ""]
                out += [f"- `{p}`" + (f": {why}" if why else "") for p, why in rows]
        if r.tests:
            from autofix.harness.suite_report import markdown_lines

            out += ["", *markdown_lines(r.tests, heading="###")]
        out.append("")
    return "\n".join(out)
