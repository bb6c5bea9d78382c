"""What ``autofix migrate`` did, per root: summary tables on the terminal, and Markdown or JSON reports."""

from __future__ import annotations

import io
import json
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

from rich.console import Console
from rich.table import Table

from autofix.files.fix_file import FileResult
from autofix.migrate.smoke import across_lines, row_state, same_text
from autofix.migrate.smoke import summary as smoke_summary
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
    smoke: dict | None = None  # --smoke: autofix.migrate.smoke.as_json of the root's runs
    remaining: list[dict] = field(default_factory=list)  # the migrated files' findings: left for a person

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


def print_tables(console: Console, reports: list[RootReport], max_printed: int | None = 20) -> None:
    """The tables per root, per rule and of the smoke runs; then what is left for a person, per root."""
    roots = Table(title="autofix migrate: per root")
    tested = any(r.tests for r in reports)
    smoked = any(r.smoke for r in reports)
    columns: tuple[str, ...] = (
        "Root",
        "Scanned",
        "Changed",
        "Fixes",
        "Unsafe withheld",
        "Skipped",
        "Errors",
        "Branch",
    )
    columns += ("Left for a human",) + (("Tests",) if tested else ()) + (("Smoke",) if smoked else ())
    for column in columns:
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
            str(len(r.remaining)),
        ]
        if tested:
            tally = r.tests["tally"] if r.tests else None
            row.append(f"{tally['fixed']} fixed, {tally['broke']} broke" if tally else "-")
        if smoked:
            row.append(smoke_summary(r.smoke) if r.smoke else "-")
        roots.add_row(*row)
    print_whole(console, roots)
    if smoked:
        _print_smoke(console, reports)
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
    for r in reports:
        if r.remaining:
            console.print(
                f"Left for a human in {r.root} ({len(r.remaining)}):", markup=False, highlight=False
            )
            for f in r.remaining[:max_printed]:
                console.print(f"  {_finding_line(f)}", markup=False, highlight=False)
            if max_printed is not None and len(r.remaining) > max_printed:
                more = len(r.remaining) - max_printed
                console.print(f"  ... and {more} more (--report FILE.md lists them all)", markup=False)


def _print_smoke(console: Console, reports: list[RootReport]) -> None:
    table = Table(title="autofix migrate: smoke runs, before and after")
    for column in ("Root", "Command", "Device", "Ran before", "Runs after", "Same output"):
        table.add_column(column, overflow="fold")
    for r in reports:
        for run in r.smoke["runs"] if r.smoke else []:
            table.add_row(
                r.root,
                run["command"],
                run["device"],
                row_state(run["before"]),
                row_state(run["after"]),
                same_text(run),
            )
    print_whole(console, table)
    for r in reports:
        for line in across_lines(r.smoke) if r.smoke else []:
            console.print(f"{r.root}: {line}", markup=False, highlight=False)
    policies = {r.smoke["policy"] for r in reports if r.smoke}
    for policy in sorted(policies):
        console.print(f"Compared: {policy}.", markup=False, highlight=False)


def _finding_line(f: dict) -> str:
    return f"{f['location']}: {f['code']} {f['message']}{_fix_mark(f)}"


def _fix_mark(f: dict) -> str:
    """`` [*unsafe]`` where --unsafe-fixes would fix it, as ``autofix check`` marks it."""
    return {"safe": " [*]", "unsafe": " [*unsafe]"}.get(f["fix"], "")


def write_report(path: Path, reports: list[RootReport], *, unsafe_fixes_note: str) -> None:
    if path.suffix.lower() == ".json":
        document = {"roots": [_as_json(r) for r in reports], "note": unsafe_fixes_note}
        path.write_text(json.dumps(document, indent=2) + "\n")
    elif path.suffix.lower() == ".txt":
        path.write_text(text_report(reports))
    else:
        path.write_text(_markdown(reports, unsafe_fixes_note))


def text_report(reports: list[RootReport]) -> str:
    """What ``migrate`` prints on a terminal, as plain text, every finding left for a person listed."""
    buffer = io.StringIO()
    console = Console(file=buffer, width=160, color_system=None, highlight=False, soft_wrap=True)
    print_tables(console, reports, max_printed=None)
    return buffer.getvalue()


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
        if r.smoke:
            out += ["", *_smoke_markdown(r.smoke)]
        out += ["", f"### Left for a human ({len(r.remaining)})", ""]
        out += [f"- `{f['location']}`: {f['code']} {f['message']}{_fix_mark(f)}" for f in r.remaining] or [
            "Nothing."
        ]
        out.append("")
    return "\n".join(out)


def _smoke_markdown(data: dict) -> list[str]:
    lines = [
        f"### Smoke runs: {smoke_summary(data)}",
        "",
        "| command | device | ran before | runs after | same output |",
        "|---|---|---|---|---|",
    ]
    for run in data["runs"]:
        cells = (
            run["command"],
            run["device"],
            row_state(run["before"]),
            row_state(run["after"]),
            same_text(run),
        )
        lines.append("| " + " | ".join(c.replace("|", "/") for c in cells) + " |")
    lines += ["", *(f"- {line}" for line in across_lines(data))]
    lines += [f"- problem: {p}" for p in data["problems"]]
    lines += ["", f"Compared: {data['policy']}. Verdicts: {data['meanings']}."]
    return lines
