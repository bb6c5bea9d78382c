"""The ``autofix`` command line: apply, check, rules, explain, verify, run.

Exit codes, in every command: 0 nothing to do (or everything applied), 1 ``--check``/``--diff``/``check``
found something, 2 a usage or configuration error, or a file that could not be processed.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Sequence

import click
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.table import Table

from autofix import __version__
from autofix.config import ConfigError, ConfigResolver, Overrides
from autofix.diff import print_diff
from autofix.discovery import PathError, discover, excluded
from autofix.files import DIFF, DRY_RUN, FIX, LINT, FileResult, Task, default_jobs, process_text, run_tasks
from codemods import UnknownRuleError, all_rules, rules_by_code

EXIT_OK, EXIT_CHANGES, EXIT_ERROR = 0, 1, 2


class UsageProblem(click.ClickException):
    exit_code = EXIT_ERROR


def _codes(values: Sequence[str]) -> tuple[str, ...]:
    """``--select DEV001,DEV003 --select DEV2`` -> ('DEV001', 'DEV003', 'DEV2')."""
    return tuple(c.strip().upper() for v in values for c in v.split(",") if c.strip())


def _common_options(func):  # type: ignore[no-untyped-def]
    options = [
        click.argument("paths", nargs=-1, type=click.Path()),
        click.option("--select", multiple=True, help="Rule codes or prefixes to run (DEV0, DEV003). Default: all."),
        click.option("--ignore", multiple=True, help="Rule codes or prefixes to skip."),
        click.option("--exclude", multiple=True, metavar="GLOB", help="Skip files and folders matching GLOB."),
        click.option(
            "--unsafe-fixes/--no-unsafe-fixes", default=None, help="Also apply fixes marked unsafe."
        ),
        click.option("--jobs", "-j", type=click.IntRange(min=1), default=None, help="Worker processes (default: CPU count)."),
        click.option("--stdin-filename", default=None, help="The name of the file read from '-'."),
        click.option("--color/--no-color", default=None, help="Colour output (default: when a terminal)."),
        click.option("--quiet", "-q", is_flag=True, help="Print only diffs, findings and errors."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="autofix")
def main() -> None:
    """Find and fix PyTorch device and dtype mistakes."""


@main.command()
@_common_options
@click.option("--diff", "show_diff", is_flag=True, help="Print a diff of the fixes; write nothing.")
@click.option("--check", "check_only", is_flag=True, help="Write nothing; exit 1 if any file would change.")
def apply(show_diff: bool, check_only: bool, **options: object) -> None:
    """Rewrite files in place (or show the diff with --diff)."""
    mode = DIFF if show_diff else (DRY_RUN if check_only else FIX)
    sys.exit(_Run(mode, **options).execute())  # type: ignore[arg-type]


@main.command()
@_common_options
def check(**options: object) -> None:
    """Report findings as path:line:col: CODE message [*]; write nothing."""
    sys.exit(_Run(LINT, **options).execute())  # type: ignore[arg-type]


class _Run:
    def __init__(
        self,
        mode: str,
        *,
        paths: tuple[str, ...],
        select: tuple[str, ...],
        ignore: tuple[str, ...],
        exclude: tuple[str, ...],
        unsafe_fixes: bool | None,
        jobs: int | None,
        stdin_filename: str | None,
        color: bool | None,
        quiet: bool,
    ) -> None:
        self.mode = mode
        self.paths = paths or (".",)
        self.overrides = Overrides(
            select=_codes(select) or None, ignore=_codes(ignore), exclude=exclude, unsafe_fixes=unsafe_fixes
        )
        self.config = ConfigResolver(self.overrides)
        self.jobs = jobs or default_jobs()
        self.stdin_filename = stdin_filename
        self.quiet = quiet
        self.out = Console(color_system="auto" if color is not False else None, force_terminal=color or None,
                           highlight=False, soft_wrap=True)
        self.err = Console(stderr=True, color_system="auto" if color is not False else None,
                           force_terminal=color or None, highlight=False, soft_wrap=True)
        self.color = self.out.is_terminal if color is None else color

    def execute(self) -> int:
        try:
            results = self._stdin() if self.paths == ("-",) else self._files()
        except (ConfigError, UnknownRuleError, PathError) as exc:
            self.err.print(f"[red]error:[/red] {escape(str(exc))}", highlight=False)
            return EXIT_ERROR
        return self._report(results)

    # -- gathering work

    def _tasks(self) -> list[Task]:
        files = discover([p for p in self.paths if p != "-"], exclude=self.overrides.exclude)
        tasks = []
        for path in files:
            settings = self.config.settings_for(path.parent)
            explicitly_named = str(path) in self.paths
            if settings.exclude and not explicitly_named and excluded(path, settings.exclude, settings.root):
                continue
            tasks.append(Task(str(path), settings.rule_codes_for(path), self.mode, settings.unsafe_fixes))
        return tasks

    def _files(self) -> list[FileResult]:
        tasks = self._tasks()
        show_progress = not self.quiet and self.err.is_terminal and len(tasks) > 200
        if not show_progress:
            return run_tasks(tasks, self.jobs)
        from rich.progress import Progress

        with Progress(console=self.err, transient=True) as progress:
            bar = progress.add_task("fixing", total=len(tasks))
            return run_tasks(tasks, self.jobs, on_result=lambda _: progress.advance(bar))

    def _stdin(self) -> list[FileResult]:
        name = self.stdin_filename or "-"
        path = Path(name)
        settings = self.config.settings_for(path.parent if self.stdin_filename else Path.cwd())
        mode = DRY_RUN if self.mode == FIX else self.mode
        task = Task(name, settings.rule_codes_for(path), mode, settings.unsafe_fixes)
        data = sys.stdin.buffer.read()
        result, new_data = process_text(name, data, task, keep_text=True)
        if self.mode == FIX:
            # `autofix apply -` is a filter: the (possibly fixed) source goes to stdout.
            sys.stdout.buffer.write(new_data if new_data is not None else data)
            sys.stdout.flush()
            result.diff = None
        return [result]

    # -- telling the user

    def _report(self, results: list[FileResult]) -> int:
        errors = [r for r in results if r.error]
        changed = [r for r in results if r.changed]
        for result in results:
            if result.error:
                self.err.print(f"{result.path}: error: {result.error}", markup=False, highlight=False)
                continue
            if result.diff:
                print_diff(self.out, result.path, result.diff, color=self.color)
            if self.mode == LINT:
                for d in result.diagnostics:
                    # Like ruff: [*] when `apply` would fix it with these settings.
                    if d.fixable and (d.safety == "safe" or result.unsafe_fixes):
                        mark = " [*]"
                    elif d.fixable:
                        mark = " [*unsafe]"
                    else:
                        mark = ""
                    self.out.print(f"{result.path}:{d.line}:{d.column}: {d.code} {d.message}{mark}",
                                   markup=False, highlight=False)
            elif self.mode == DRY_RUN and result.changed:
                self.out.print(f"would fix {result.path}", markup=False, highlight=False)
            for note in result.dropped:
                self.err.print(f"{result.path}: note: {note}", markup=False, highlight=False)
        if not self.quiet:
            self._summary(results, errors, changed)
        if errors:
            return EXIT_ERROR
        if self.mode == LINT:
            return EXIT_CHANGES if any(r.diagnostics for r in results) else EXIT_OK
        if self.mode in (DRY_RUN, DIFF) and changed:
            return EXIT_CHANGES
        return EXIT_OK

    def _summary(
        self, results: list[FileResult], errors: list[FileResult], changed: list[FileResult]
    ) -> None:
        applied: Counter[str] = Counter()
        withheld: Counter[str] = Counter()
        findings = 0
        for r in results:
            applied.update(r.applied)
            withheld.update(r.withheld_unsafe)
            findings += len(r.diagnostics)
        verb = "changed" if self.mode == FIX else "would change"
        parts = [f"{len(results)} file{'s' if len(results) != 1 else ''} scanned", f"{len(changed)} {verb}"]
        if self.mode == LINT:
            parts.append(f"{findings} finding{'s' if findings != 1 else ''}")
        if applied:
            fixes = ", ".join(f"{code} ×{n}" for code, n in sorted(applied.items()))
            parts.append(f"fixes {'applied' if verb == 'changed' else 'available'}: {fixes}")
        if withheld:
            parts.append(
                f"{sum(withheld.values())} unsafe fix{'es' if sum(withheld.values()) != 1 else ''} withheld"
                f" ({', '.join(sorted(withheld))}; use --unsafe-fixes)"
            )
        parts.append(f"{len(errors)} error{'s' if len(errors) != 1 else ''}")
        self.err.print("; ".join(parts), markup=False, highlight=False)


@main.command("rules")
def rules_command() -> None:
    """List every rule."""
    table = Table(title="torch-autofix rules")
    for column in ("Code", "Name", "Fix", "Summary"):
        table.add_column(column)
    for rule in all_rules():
        table.add_row(rule.code, rule.name, rule.fix_safety.value, rule.summary)
    Console(soft_wrap=False).print(table)


@main.command()
@click.argument("code")
def explain(code: str) -> None:
    """Print a rule's documentation: what it does, why, an example, and its fix safety."""
    rule = rules_by_code().get(code.upper())
    if rule is None:
        known = ", ".join(rules_by_code())
        raise UsageProblem(f"unknown rule code {code!r} (known: {known})")
    console = Console()
    heading = f"# {rule.code} ({rule.name})\n\nFix: **{rule.fix_safety.value}**\n\n"
    if console.is_terminal:
        console.print(Markdown(heading + rule.doc()))
    else:
        click.echo(heading + rule.doc())


def _add_harness_commands() -> None:
    # Imported here so that `autofix --help` lists them; they import torch only when they run.
    from autofix.harness.command import run, verify

    main.add_command(verify)
    main.add_command(run)


_add_harness_commands()
