"""``autofix migrate ROOT...``: fix whole projects at once, with progress, summary tables and reports.

Every root is fixed in one run of the worker pool (so the progress line covers them all), then accounted
for separately. With ``--branch NAME`` no file in any working tree is written: each root must be a clean
git work tree, and its fixes are committed to a new branch ``NAME`` on top of ``HEAD`` through a temporary
index (see :mod:`autofix.migrate.git_branch`); the current branch, index and files are left as they were.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import click

from autofix.commands.run import EXIT_ERROR, EXIT_OK, Run, common_options
from autofix.commands.signals import exit_code_for
from autofix.files.fix_file import FIX, FileResult, Task
from autofix.files.runner import RunOptions, run
from autofix.migrate.git_branch import (
    BranchError,
    Repository,
    commit_message,
    commit_to_new_branch,
    open_clean_repository,
    untracked,
)
from autofix.migrate.report import RootReport, print_tables, write_report
from autofix.migrate.test_verdicts import MigrationTests, TestsUnavailable
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
def migrate(
    reports: tuple[str, ...], branch: str | None, test_command: str | None, **options: object
) -> None:
    """Fix every Python file under each ROOT; show progress; summarise per root and per rule."""
    for report in reports:
        if Path(report).suffix.lower() not in (".md", ".json"):
            raise click.BadParameter(
                f"{report}: the report's name must end in .md or .json", param_hint="--report"
            )
    if not options["paths"]:
        raise click.UsageError("give at least one ROOT folder")
    tests = None
    if test_command:
        try:
            tests = MigrationTests(test_command)
        except TestsUnavailable as exc:
            raise click.UsageError(str(exc)) from None
    try:
        sys.exit(_Migration(branch, [Path(r) for r in reports], tests, **options).migrate())
    finally:
        if tests is not None:
            tests.close()


class _Migration(Run):
    def __init__(
        self, branch: str | None, reports: list[Path], tests: MigrationTests | None, **options: object
    ) -> None:
        super().__init__(FIX, **options)  # type: ignore[arg-type]
        self.branch = branch
        self.tests = tests
        self.report_paths = reports
        self.delivered: dict[str, bytes] = {}

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
        try:
            per_root = {root: self._tasks([root]) for root in roots}
        except Exception as exc:  # noqa: BLE001 - configuration errors are one line, like apply's
            self.err.print(f"error: {exc}", markup=False, highlight=False)
            return EXIT_ERROR
        tasks = [task for root in roots for task in per_root[root]]
        untested = self.tests.snapshot(roots) if self.tests else {}
        options = self._run_options()
        if self.branch:
            options = RunOptions(options.jobs, options.timeout, options.force, options.cache, self._deliver)
        with ProgressDisplay(self.err, len(tasks), quiet=self.quiet) as progress:
            self.outcome = run(tasks, options, on_result=progress.update)
        results = {r.path: r for r in self.outcome.results}
        reports = [
            RootReport(root, errors=[(root, refused[root])])
            if root in refused
            else self._account(root, per_root[root], results, repos.get(root))
            for root in all_roots
        ]
        for report in reports:
            if report.root in untested:
                report.errors.append((report.root, untested[report.root]))
            elif self.tests and report.root in roots and self.outcome.interrupted is None:
                self._prove(report, [results[t.path] for t in per_root[report.root] if t.path in results])
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
        if any(r.unwritten for r in self.outcome.results):
            return EXIT_UNFIXED
        return EXIT_OK

    def _prove(self, report: RootReport, results: list[FileResult]) -> None:
        """Run the root's tests before and after; the verdicts go into its report."""
        assert self.tests is not None
        delivered = (
            {p: self.delivered[p] for p in report.changed if p in self.delivered} if self.branch else None
        )
        self.err.print(
            f"{report.root}: running the tests before and after: {self.tests.command}",
            markup=False,
            highlight=False,
        )
        report.tests = self.tests.prove(report.root, results, delivered)
        if report.tests is not None:
            self.err.print(f"{report.root}: tests: {report.tests['summary']}", markup=False, highlight=False)

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
            self._commit(report, repo, new_files)
        return report

    def _commit(self, report: RootReport, repo: Repository, new_files: dict[Path, bytes]) -> None:
        assert self.branch is not None
        try:
            for path in untracked(repo, list(new_files)):
                del new_files[path]
                report.changed.remove(str(path))
                report.skipped.append((str(path), "not tracked by git, so not on the branch"))
            fixes: Counter[str] = Counter()
            by_path = {r.path: r for r in self.outcome.results}
            for path in new_files:
                fixes.update(by_path[str(path)].applied)
            report.fixes = fixes
            if not new_files:
                return  # nothing to commit: no branch
            report.branch = self.branch
            message = commit_message(Path(report.root), fixes, len(new_files))
            report.commit = commit_to_new_branch(repo, self.branch, new_files, message)
        except BranchError as exc:
            report.errors.append((report.root, f"no branch created: {exc}"))
            self.err.print(f"{report.root}: error: no branch created: {exc}", markup=False, highlight=False)
