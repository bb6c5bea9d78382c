"""``autofix migrate ROOT...``: fix whole projects at once, with progress, summary tables and reports.

Every root is fixed in one run of the worker pool (so the progress line covers them all), then accounted
for separately. With ``--branch NAME`` no file in any working tree is written: each root must be a clean
git work tree, and its fixes are committed to a new branch ``NAME`` on top of ``HEAD`` through a temporary
index (see :mod:`autofix.migrate.git_branch`); the current branch, index and files are left as they were.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import click

from autofix.commands.run import EXIT_ERROR, EXIT_OK, Run, common_options
from autofix.commands.signals import exit_code_for
from autofix.config.settings import ConfigError
from autofix.files.fix_file import FIX, LINT, FileResult, Task, process_text
from autofix.files.runner import RunOptions, run
from autofix.migrate.copies import Copies
from autofix.migrate.git_branch import (
    BranchError,
    Repository,
    commit_message,
    commit_to_new_branch,
    open_clean_repository,
    untracked,
)
from autofix.migrate.report import RootReport, print_tables, write_report
from autofix.migrate.smoke import (
    DEFAULT_ATOL,
    DEFAULT_RTOL,
    TEXT_POLICIES,
    SmokeResult,
    SmokeSettings,
    check_command,
    prove_root,
)
from autofix.migrate.smoke import DEFAULT_TIMEOUT_S as DEFAULT_SMOKE_TIMEOUT_S
from autofix.migrate.smoke import as_json as smoke_json
from autofix.migrate.test_verdicts import MigrationTests, TestsUnavailable
from autofix.output.formats import location
from autofix.output.progress import ProgressDisplay

_UNSAFE_NOTE = "apply them with --unsafe-fixes"
EXIT_TESTS_BROKE = 1  # --verify-tests: a test that passed before fails after
EXIT_UNFIXED = 1  # a file with fixes was left alone (read-only, changed during the run, owner or group)


@click.command()
@common_options
@click.option(
    "--report",
    "reports",
    multiple=True,
    type=click.Path(dir_okay=False),
    metavar="FILE.md|FILE.json",
    help="Write a report (Markdown or JSON, by the name's suffix); may be given twice.",
)
@click.option(
    "--branch",
    default=None,
    metavar="NAME",
    help="Commit each root's fixes to a new git branch NAME instead of writing the working tree.",
)
@click.option(
    "--verify-tests",
    "test_command",
    default=None,
    metavar="CMD",
    help='Run CMD (e.g. "pytest -q") in each root before and after, under the emulated GPU; a test'
    " that passed before and fails after makes the migration exit 1. Needs torch.",
)
@click.option(
    "--smoke",
    "smoke_commands",
    multiple=True,
    metavar="CMD",
    help='Run CMD (e.g. "python train.py --epochs 1") in a copy of each root before and after, on the CPU,'
    " the emulated GPU and a real one if present; compare what it prints. May be given more than once;"
    " without it, each root's [tool.autofix] smoke commands. Needs torch.",
)
@click.option(
    "--smoke-timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=DEFAULT_SMOKE_TIMEOUT_S,
    show_default=True,
    metavar="SECONDS",
    help="Time limit of one smoke run; a run past it is killed and counts as failed.",
)
@click.option(
    "--smoke-env",
    multiple=True,
    metavar="NAME=VALUE",
    help="Set NAME=VALUE in the smoke runs' environment (which is otherwise yours); repeatable.",
)
@click.option(
    "--smoke-rtol",
    type=click.FloatRange(min=0),
    default=DEFAULT_RTOL,
    show_default=True,
    help="Relative tolerance when comparing the numbers a smoke run prints.",
)
@click.option(
    "--smoke-atol",
    type=click.FloatRange(min=0),
    default=DEFAULT_ATOL,
    show_default=True,
    help="Absolute tolerance, for printed numbers near zero.",
)
@click.option(
    "--smoke-text",
    type=click.Choice(TEXT_POLICIES),
    default="ignore",
    show_default=True,
    help="The printed text around the numbers: ignored, or compared word for word (exact).",
)
@click.option(
    "--smoke-ignore",
    multiple=True,
    metavar="REGEX",
    help="Leave printed lines matching REGEX (timings, paths) out of the comparison; repeatable.",
)
@click.option(
    "--smoke-seed",
    default="0",
    show_default=True,
    metavar="N|none",
    help="Seed random, numpy and torch with N at the start of every smoke run; none: do not seed.",
)
def migrate(
    reports: tuple[str, ...],
    branch: str | None,
    test_command: str | None,
    smoke_commands: tuple[str, ...],
    smoke_timeout: float,
    smoke_env: tuple[str, ...],
    smoke_rtol: float,
    smoke_atol: float,
    smoke_text: str,
    smoke_ignore: tuple[str, ...],
    smoke_seed: str,
    **options: object,
) -> None:
    """Fix every Python file under each ROOT; show progress; summarise per root and per rule."""
    for report in reports:
        if Path(report).suffix.lower() not in (".md", ".json", ".txt"):
            raise click.BadParameter(
                f"{report}: the report's name must end in .md, .json or .txt", param_hint="--report"
            )
    if not options["paths"]:
        raise click.UsageError("give at least one ROOT folder")
    smoke = _smoke_settings(
        smoke_commands, smoke_timeout, smoke_env, smoke_rtol, smoke_atol, smoke_text, smoke_ignore, smoke_seed
    )
    tests = None
    if test_command:
        try:
            tests = MigrationTests(test_command)
        except TestsUnavailable as exc:
            raise click.UsageError(str(exc)) from None
    try:
        sys.exit(_Migration(branch, [Path(r) for r in reports], tests, smoke, **options).migrate())
    finally:
        if tests is not None:
            tests.close()


def _smoke_settings(
    commands: tuple[str, ...],
    timeout: float,
    env: tuple[str, ...],
    rtol: float,
    atol: float,
    text: str,
    ignore: tuple[str, ...],
    seed: str,
) -> SmokeSettings:
    pairs = []
    for item in env:
        name, equals, value = item.partition("=")
        if not equals or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
            raise click.BadParameter(f"{item!r}: write NAME=VALUE", param_hint="--smoke-env")
        pairs.append((name, value))
    for pattern in ignore:
        try:
            re.compile(pattern)
        except re.error as exc:
            raise click.BadParameter(
                f"{pattern!r}: not a regular expression: {exc}", param_hint="--smoke-ignore"
            ) from None
    if seed.lower() == "none":
        seed_value = None
    else:
        try:
            seed_value = int(seed)
        except ValueError:
            raise click.BadParameter(f"{seed!r}: a whole number or none", param_hint="--smoke-seed") from None
    for command in commands:
        if not command.strip():
            raise click.BadParameter("an empty command", param_hint="--smoke")
    return SmokeSettings(commands, timeout, tuple(pairs), rtol, atol, text, ignore, seed_value)


class _Migration(Run):
    def __init__(
        self,
        branch: str | None,
        reports: list[Path],
        tests: MigrationTests | None,
        smoke: SmokeSettings,
        **options: object,
    ) -> None:
        super().__init__(FIX, **options)  # type: ignore[arg-type]
        self.branch = branch
        self.tests = tests
        self.smoke = smoke
        self.report_paths = reports
        self.delivered: dict[str, bytes] = {}
        self.new_files: dict[str, dict[Path, bytes]] = {}  # per root, with --branch: what the branch gets

    def migrate(self) -> int:
        all_roots = list(dict.fromkeys(self.paths))
        roots = list(all_roots)
        repos: dict[str, Repository] = {}
        refused: dict[str, str] = {}
        if self.branch:
            for root in all_roots:
                try:
                    repos[root] = open_clean_repository(Path(root), self.branch)
                except BranchError as exc:
                    refused[root] = f"{exc}; root left alone"
                    self._problem(f"{root}: error: {refused[root]}")
                    roots.remove(root)
        smoke_plan = self._smoke_plan(roots)
        if smoke_plan is None:
            return EXIT_ERROR  # a smoke command that cannot run: said, and nothing written
        try:
            per_root = {root: self._tasks([root]) for root in roots}
        except Exception as exc:  # noqa: BLE001 - configuration errors are one line, like apply's
            self.err.print(f"error: {exc}", markup=False, highlight=False)
            return EXIT_ERROR
        tasks = [task for root in roots for task in per_root[root]]
        untested = self.tests.snapshot(roots) if self.tests else {}
        smoke_copies = Copies("autofix-migrate-smoke-") if smoke_plan else None
        try:
            unsmoked = smoke_copies.snapshot(list(smoke_plan), "smoke") if smoke_copies else {}
            for root, why in unsmoked.items():
                self._problem(f"{root}: error: {why}; nothing migrated")
            if unsmoked:
                return EXIT_ERROR  # asked for proof that cannot be had: nothing is written
            options = self._run_options()
            if self.branch:
                options = RunOptions(
                    options.jobs, options.timeout, options.force, options.cache, self._deliver
                )
            with ProgressDisplay(self.err, len(tasks), quiet=self.quiet) as progress:
                self.outcome = run(tasks, options, on_result=progress.update)
            results = {r.path: r for r in self.outcome.results}
            reports = [
                RootReport(root, errors=[(root, refused[root])])
                if root in refused
                else self._account(root, per_root[root], results, repos.get(root))
                for root in all_roots
            ]
            done = self.outcome.interrupted is None
            for report in reports:
                if report.root in refused:
                    continue
                root_results = [results[t.path] for t in per_root[report.root] if t.path in results]
                if report.root in untested:
                    report.errors.append((report.root, untested[report.root]))
                elif self.tests and done:
                    self._prove(report, root_results)
                if smoke_copies and report.root in smoke_plan and done:
                    self._smoke(report, smoke_copies, smoke_plan[report.root])
                if done:
                    left = self._left_for_human(report, per_root[report.root], results)
                    report.remaining = _sorted(left + _smoke_left(report))
                if report.root in repos:  # interrupted: the fixes made so far, as without --smoke
                    self._commit(report, repos[report.root])
        finally:
            if smoke_copies is not None:
                smoke_copies.close()
        for result in self.outcome.results:
            if result.error:
                self.err.print(f"{result.path}: error: {result.error}", markup=False, highlight=False)
            elif result.skipped:
                self.err.print(f"{result.path}: skipped: {result.skipped}", markup=False, highlight=False)
        if not self.quiet:
            print_tables(self.out, reports)
        for path in self.report_paths:
            try:
                write_report(path, reports, unsafe_fixes_note=_UNSAFE_NOTE)
            except OSError as exc:
                self._problem(f"{path}: error: cannot write the report: {exc.strerror or exc}")
        if self.outcome.interrupted is not None:
            self.err.print(f"interrupted: {len(tasks) - len(results)} files not processed", markup=False)
            return exit_code_for(self.outcome.interrupted)
        if self.problems or any(r.errors for r in reports):
            return EXIT_ERROR
        if any(r.tests and not r.tests["passed"] for r in reports):
            return EXIT_TESTS_BROKE
        if any(r.smoke and not r.smoke["passed"] for r in reports):
            return EXIT_TESTS_BROKE
        if any(r.unwritten for r in self.outcome.results):
            return EXIT_UNFIXED
        return EXIT_OK

    def _smoke_plan(self, roots: list[str]) -> dict[str, tuple[str, ...]] | None:
        """Each root's smoke commands (--smoke, else its configuration's); None when one cannot run."""
        plan = {}
        for root in roots:
            commands = self.smoke.commands
            if not commands:
                try:
                    commands = self.config.settings_for(Path(root).resolve()).smoke
                except ConfigError:
                    continue  # the configuration's error is said when the root's files are gathered
            if commands:
                plan[root] = commands
        if not plan:
            return plan
        if importlib.util.find_spec("torch") is None:
            self._problem(
                "--smoke runs each command on the CPU and under an emulated GPU and needs torch:"
                " pip install 'torch-autofix[verify]'"
            )
            return None
        problems = [
            f"{root}: error: smoke command {command!r}: {problem}"
            for root, commands in plan.items()
            for command in commands
            if (problem := check_command(command, Path(root)))
        ]
        for problem in problems:
            self._problem(problem)
        return None if problems else plan

    def _prove(self, report: RootReport, results: list[FileResult]) -> None:
        """Run the root's tests before and after; the verdicts go into its report."""
        assert self.tests is not None
        self.err.print(
            f"{report.root}: running the tests before and after: {self.tests.command}",
            markup=False,
            highlight=False,
        )
        report.tests = self.tests.prove(report.root, results, self._branch_files(report))
        if report.tests is not None:
            self.err.print(f"{report.root}: tests: {report.tests['summary']}", markup=False, highlight=False)

    def _smoke(self, report: RootReport, copies: Copies, commands: tuple[str, ...]) -> None:
        """Run the root's smoke commands before and after on each device; the verdicts go into its report."""
        root = report.root

        def said(result: SmokeResult) -> None:
            line = (
                f"{root}: smoke {result.command!r} on {result.device}:"
                f" before {result.before.state(self.smoke.timeout)};"
                f" after {result.after.state(self.smoke.timeout)}; {result.verdict}"
            )
            self.err.print(line, markup=False, highlight=False, soft_wrap=True)

        try:
            after = copies.after(root, self._branch_files(report))
            proof = prove_root(root, commands, copies.before[root], after, self.smoke, on_result=said)
        except (OSError, ValueError) as exc:  # a copy that cannot be made (disk full, too large)
            self.err.print(f"{root}: error: smoke not run: {exc}", markup=False, highlight=False)
            report.errors.append((root, f"smoke not run: {exc}"))
            return
        report.smoke = smoke_json(proof, self.smoke)
        for problem in proof.problems:
            self.err.print(f"{root}: error: {problem}", markup=False, highlight=False)
            report.errors.append((root, problem))

    def _branch_files(self, report: RootReport) -> dict[str, bytes] | None:
        """With --branch, the fixed files the branch gets (the tree is not written); else None."""
        if not self.branch:
            return None
        return {p: self.delivered[p] for p in report.changed if p in self.delivered}

    def _left_for_human(
        self, report: RootReport, tasks: list[Task], results: dict[str, FileResult]
    ) -> list[dict[str, object]]:
        """The findings the migrated files still have: what a person must look at, with file:line."""
        branch_files = self._branch_files(report) or {}
        lint = []
        remaining: list[dict[str, object]] = []
        for task in tasks:
            result = results.get(task.path)
            if result is None or result.error or result.skipped:
                continue
            as_lint = replace(task, mode=LINT)
            if task.path in branch_files:
                found, _ = process_text(task.path, branch_files[task.path], as_lint)
                remaining += _findings(found)
            else:
                lint.append(as_lint)
        options = self._run_options()
        for found in run(lint, RunOptions(options.jobs, options.timeout, cache=options.cache)).results:
            remaining += _findings(found)
        return remaining

    def _deliver(self, task: Task, data: bytes) -> None:
        self.delivered[task.path] = data

    def _account(
        self, root: str, tasks: list[Task], results: dict[str, FileResult], repo: Repository | None
    ) -> RootReport:
        report = RootReport(root)
        for problem in self.problems:
            if problem.startswith((root.rstrip("/") + "/", f"{root}: ")):
                path, _, message = problem.partition(": error: ")
                report.errors.append((path, message))
        new_files: dict[Path, bytes] = {}
        for task in tasks:
            result = results.get(task.path)
            if result is None:
                continue  # never started (interrupted)
            if task.path in self.delivered and repo is not None:
                new_files[Path(task.path)] = self.delivered[task.path]
            report.add(result, changed=result.changed)
        if repo is not None and self.branch:
            try:
                self._onto_branch(report, repo, new_files)
            except BranchError as exc:
                self._no_branch(report, exc)
        return report

    def _onto_branch(self, report: RootReport, repo: Repository, new_files: dict[Path, bytes]) -> None:
        """Leave out the files git does not track (not on the branch); count the fixes the branch gets."""
        for path in untracked(repo, list(new_files)):
            del new_files[path]
            report.changed.remove(str(path))
            report.skipped.append((str(path), "not tracked by git, so not on the branch"))
        fixes: Counter[str] = Counter()
        by_path = {r.path: r for r in self.outcome.results}
        for path in new_files:
            fixes.update(by_path[str(path)].applied)
        report.fixes = fixes
        self.new_files[report.root] = new_files

    def _commit(self, report: RootReport, repo: Repository) -> None:
        assert self.branch is not None
        new_files = self.new_files.get(report.root)
        if not new_files:
            return  # nothing to commit: no branch
        try:
            message = commit_message(
                Path(report.root),
                report.fixes,
                len(new_files),
                smoke=report.smoke,
                remaining=report.remaining,
            )
            report.commit = commit_to_new_branch(repo, self.branch, new_files, message)
            report.branch = self.branch
        except BranchError as exc:
            self._no_branch(report, exc)

    def _no_branch(self, report: RootReport, exc: BranchError) -> None:
        report.errors.append((report.root, f"no branch created: {exc}"))
        self.err.print(f"{report.root}: error: no branch created: {exc}", markup=False, highlight=False)


def _smoke_left(report: RootReport) -> list[dict[str, object]]:
    """A smoke command that fails after the migration, once per failure and place (its devices listed)."""
    failures: dict[tuple[str, str, str], list[str]] = {}
    for run_ in report.smoke["runs"] if report.smoke else []:
        if run_["runs_after"]:
            continue
        after = run_["after"]
        why = "timed out" if after["timed_out"] else after["state"].partition(" (at ")[0]
        failures.setdefault((run_["command"], after["site"] or "", why), []).append(run_["device"])
    left: list[dict[str, object]] = []
    for (command, site, why), devices in failures.items():
        path, _, line = site.rpartition(":")
        if site and report.root not in (".", ""):
            path = f"{report.root.rstrip('/')}/{path}"
        left.append(
            {
                "path": path or report.root,
                "line": int(line) if site else 0,
                "column": 0,
                "cell": None,
                "location": f"{path}:{line}" if site else report.root,
                "code": "SMOKE",
                "message": f"`{command}` fails after the migration on {', '.join(devices)}: {why}",
                "fix": "none",
            }
        )
    return left


def _sorted(findings: list[dict[str, object]]) -> list[dict[str, object]]:
    return sorted(findings, key=lambda f: (str(f["path"]), f["line"], f["column"]))


def _findings(result: FileResult) -> list[dict[str, object]]:
    return [
        {
            "path": result.path,
            "line": d.line,
            "column": d.column,
            "cell": d.cell,
            "location": location(result.path, d),
            "code": d.code,
            "message": d.message,
            "fix": d.safety if d.fixable else "none",
        }
        for d in result.diagnostics
    ]
