"""One run of the fixer over paths: the options ``apply``, ``check`` and ``migrate`` share, and :class:`Run`.

Exit codes, in every command: 0 nothing to do (or everything applied), 1 ``--check``/``--diff``/``check``
found something, or ``apply`` left a file it would fix unwritten (read-only, changed during the run, its
owner or group would change), 2 a usage or configuration error, or a file or path that could not be processed;
130 / 143 when stopped by SIGINT / SIGTERM (after the files in flight finished and the summary was printed).
"""

from __future__ import annotations

import os
import re
import signal
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import click
from rich.console import Console
from rich.markup import escape

from autofix.commands.signals import exit_code_for
from autofix.config.rule_catalog import UnknownRuleError, select_codes, use_manifest_folder
from autofix.config.settings import (
    ConfigError,
    ConfigResolver,
    Overrides,
    Settings,
    UnusableConfig,
    parse_size,
    shown,
)
from autofix.files.discovery import PathError, discover, excluded
from autofix.files.fix_file import (
    DIFF,
    DRY_RUN,
    DRY_RUN_WITH_FINDINGS,
    FIX,
    LINT,
    LINT_WITH_EDITS,
    FileResult,
    Task,
    default_jobs,
)
from autofix.files.runner import (
    DEFAULT_TIMEOUT_PER_MB_S,
    DEFAULT_TIMEOUT_S,
    RunOptions,
    RunOutcome,
    default_timeout,
    run,
    run_one,
)
from autofix.output import formats as output
from autofix.output.diff import print_diff

if TYPE_CHECKING:
    from autofix.files.cache import Cache

EXIT_OK, EXIT_CHANGES, EXIT_ERROR = 0, 1, 2


class UsageProblem(click.ClickException):
    exit_code = EXIT_ERROR


def _codes(values: Sequence[str]) -> tuple[str, ...]:
    """``--select DEV001,DEV003 --select DEV2`` -> ('DEV001', 'DEV003', 'DEV2')."""
    return tuple(c.strip().upper() for v in values for c in v.split(",") if c.strip())


def common_options(func):
    options = [
        click.argument("paths", nargs=-1, type=click.Path()),
        click.option(
            "--select", multiple=True, help="Rule codes or prefixes to run (DEV0, DEV003). Default: all."
        ),
        click.option("--ignore", multiple=True, help="Rule codes or prefixes to skip."),
        click.option(
            "--exclude", multiple=True, metavar="GLOB", help="Skip files and folders matching GLOB."
        ),
        click.option(
            "--force-exclude",
            is_flag=True,
            help="Apply exclude patterns to files named on the command line too (for pre-commit).",
        ),
        click.option(
            "--output-format",
            type=click.Choice(output.FORMATS),
            default="text",
            show_default=True,
            help="How findings are printed: text, json, sarif (2.1.0), github (Actions annotations),"
            " concise.",
        ),
        click.option(
            "--unsafe-fixes/--no-unsafe-fixes", default=None, help="Also apply fixes marked unsafe."
        ),
        click.option(
            "--jobs",
            "-j",
            type=click.IntRange(min=1),
            default=None,
            help="Worker processes (default: CPU count).",
        ),
        click.option("--stdin-filename", default=None, help="The name of the file read from '-'."),
        click.option("--color/--no-color", default=None, help="Colour output (default: when a terminal)."),
        click.option("--quiet", "-q", is_flag=True, help="Print only diffs, findings and errors."),
        *_robustness_options(),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def _size(value: object) -> int | None:
    if value is None:
        return None
    try:
        return parse_size(value) or 0
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None


def _robustness_options() -> list:
    return [
        click.option(
            "--timeout",
            type=click.FloatRange(min=0),
            default=None,
            metavar="SECONDS",
            help="Seconds one file may take before it is reported and skipped (0: no limit)."
            f" Default: {DEFAULT_TIMEOUT_S:g}, plus {DEFAULT_TIMEOUT_PER_MB_S:g} per MB of the file.",
        ),
        click.option("--no-cache", is_flag=True, help="Neither read nor write the result cache."),
        click.option("--force", is_flag=True, help="Rewrite read-only files too."),
        click.option(
            "--max-file-size",
            callback=lambda _c, _p, v: _size(v),
            default=None,
            metavar="SIZE",
            help="Skip larger files (e.g. 5MB; 0: no limit). Default: config, else 2MB.",
        ),
    ]


# What the progress bar says a run is doing: only apply (without --diff or --check) fixes anything.
_PROGRESS_LABELS = {FIX: "fixing", LINT: "checking", DRY_RUN: "checking", DIFF: "diffing"}


def _task_mode(mode: str, output_format: str) -> str:
    """What each file's task must compute for this command and output format."""
    if output_format in ("json", "sarif"):  # these describe each fix as text edits
        return LINT_WITH_EDITS if mode == LINT else DRY_RUN_WITH_FINDINGS
    if mode == DRY_RUN and output_format != "text":  # apply --check reports the findings too
        return DRY_RUN_WITH_FINDINGS
    return mode


class Run:
    def __init__(
        self,
        mode: str,
        *,
        paths: tuple[str, ...],
        select: tuple[str, ...],
        ignore: tuple[str, ...],
        exclude: tuple[str, ...],
        force_exclude: bool,
        output_format: str,
        unsafe_fixes: bool | None,
        jobs: int | None,
        stdin_filename: str | None,
        color: bool | None,
        quiet: bool,
        timeout: float | None,
        no_cache: bool,
        force: bool,
        max_file_size: int | None,
    ) -> None:
        self.mode = mode
        self.output_format = output_format
        self.force_exclude = force_exclude
        self.task_mode = _task_mode(mode, output_format)
        self.paths = paths or (".",)
        self.overrides = Overrides(
            select=_codes(select) or None,
            ignore=_codes(ignore),
            exclude=exclude,
            unsafe_fixes=unsafe_fixes,
            max_file_size=max_file_size,
        )
        self.problems: list[str] = []  # paths and configuration that could not be used: exit 2
        self.config = ConfigResolver(self.overrides)
        self._noted: set[tuple[Path, str]] = set()
        self.jobs = jobs or default_jobs()
        self.timeout = default_timeout if timeout is None else (timeout or None)
        self.no_cache = no_cache
        self._results_cache: Cache | None = None
        if not no_cache:
            from autofix.files.cache import default_cache_dir

            use_manifest_folder(default_cache_dir())  # the rule codes, without importing the rules
        else:
            use_manifest_folder(None)
        self.force = force
        self.outcome = RunOutcome()
        self.stdin_filename = stdin_filename
        self.quiet = quiet
        self.out = Console(
            color_system="auto" if color is not False else None,
            force_terminal=color or None,
            highlight=False,
            soft_wrap=True,
        )
        self.err = Console(
            stderr=True,
            color_system="auto" if color is not False else None,
            force_terminal=color or None,
            highlight=False,
            soft_wrap=True,
        )
        self.color = self.out.is_terminal if color is None else color

    def execute(self) -> int:
        try:
            results = self._stdin() if self.paths == ("-",) else self._files()
        except (ConfigError, UnknownRuleError, PathError) as exc:
            self.err.print(f"[red]error:[/red] {escape(str(exc))}", highlight=False)
            return EXIT_ERROR
        return self._report(results)

    def _problem(self, message: str) -> None:
        self.problems.append(message)
        self.err.print(
            message if ": error: " in message else f"error: {message}", markup=False, highlight=False
        )

    # -- gathering work

    def _tasks(self, paths: Sequence[str] | None = None) -> list[Task]:
        files = discover(
            [p for p in (paths or self.paths) if p != "-"],
            exclude=self.overrides.exclude,
            on_error=lambda path, message: self._problem(f"{path}: error: {message}"),
        )
        tasks = []
        # pyproject.toml that cannot be read -> its error and the files it holds back
        unusable: dict[Path, tuple[UnusableConfig, list[Path]]] = {}
        for path in files:
            explicitly_named = str(path) in self.paths and not self.force_exclude
            try:
                settings = self.config.settings_for(path.parent)
            except UnusableConfig as exc:
                # A configuration above that excludes the file anyway (a vendored project's broken
                # pyproject.toml under an excluded folder) costs nothing; otherwise the file is held back.
                fallback = exc.fallback
                if not explicitly_named and excluded(path, fallback.exclude, fallback.root):
                    continue
                unusable.setdefault(exc.pyproject, (exc, []))[1].append(path)
                continue
            if settings.exclude and not explicitly_named and excluded(path, settings.exclude, settings.root):
                continue
            self._note_select_shadowed_by_config(settings)
            tasks.append(
                Task(
                    str(path),
                    settings.rule_codes_for(path),
                    self.task_mode,
                    settings.unsafe_fixes,
                    settings.max_file_size,
                    settings.device_style,
                )
            )
        folders = [Path(p) for p in (paths or self.paths) if p != "-" and _is_folder(p)]
        if folders:
            cache = self._cache()
            tasks = _with_project_moves(tasks, cache)
            tasks = _with_project_taken(tasks, folders, cache)
            tasks = _with_project_names(tasks, cache)
        for pyproject, (problem, held) in unusable.items():
            files_held = f"{len(held)} file{'s' if len(held) != 1 else ''}"
            self._problem(
                f"{problem.location}: error: {problem.reason};"
                f" {files_held} under {shown(pyproject.parent)}/ not processed"
            )
        return tasks

    def _run_options(self) -> RunOptions:
        return RunOptions(jobs=self.jobs, timeout=self.timeout, force=self.force, cache=self._cache())

    def _cache(self) -> Cache | None:
        """The results cache, made once a run (its warnings said once): the files' results and the
        project's readings."""
        if self.no_cache:
            return None
        if self._results_cache is None:
            from autofix.files.cache import Cache, default_cache_dir

            self._results_cache = Cache(
                default_cache_dir(), warn=lambda m: self.err.print(f"warning: {m}", markup=False)
            )
        return self._results_cache

    def _note_select_shadowed_by_config(self, settings: Settings) -> None:
        """Say once when a --select code is switched off again by a configuration file's ``ignore``."""
        if not self.overrides.select:
            return
        config_ignore = [c for c in settings.ignore if c not in self.overrides.ignore]
        for selector in self.overrides.select:
            key = (settings.root, selector)
            if key in self._noted or not select_codes((selector,), ()):
                continue
            if not select_codes((selector,), tuple(config_ignore)):
                self._noted.add(key)
                where = settings.root / "pyproject.toml"
                self.err.print(
                    f"warning: --select {selector} has no effect: [tool.autofix] ignore in {where}"
                    " turns it off",
                    markup=False,
                    highlight=False,
                )

    def _files(self) -> list[FileResult]:
        tasks = self._tasks()
        options = self._run_options()
        show_progress = not self.quiet and self.err.is_terminal and len(tasks) > 200
        if not show_progress:
            self.outcome = run(tasks, options)
        else:
            from rich.progress import Progress

            with Progress(console=self.err, transient=True) as progress:
                bar = progress.add_task(_PROGRESS_LABELS.get(self.mode, "checking"), total=len(tasks))
                self.outcome = run(tasks, options, on_result=lambda _: progress.advance(bar))
        self.total_tasks = len(tasks)
        return self.outcome.results

    def _stdin(self) -> list[FileResult]:
        name = self.stdin_filename or "-"
        path = Path(name)
        data = sys.stdin.buffer.read()
        try:
            settings = self.config.settings_for(path.parent if self.stdin_filename else Path.cwd())
        except UnusableConfig as exc:
            self._problem(f"{exc.location}: error: {exc.reason}; {name} not processed")
            if self.mode == FIX:
                sys.stdout.buffer.write(data)  # a filter hands back what it could not fix, unchanged
                sys.stdout.flush()
            return []
        mode = DRY_RUN if self.mode == FIX else self.task_mode
        self._note_select_shadowed_by_config(settings)
        task = Task(
            name,
            settings.rule_codes_for(path),
            mode,
            settings.unsafe_fixes,
            device_style=settings.device_style,
        )
        if self.force_exclude and self.stdin_filename and excluded(path, settings.exclude, settings.root):
            if self.mode == FIX:
                sys.stdout.buffer.write(data)  # an excluded file passes through the filter untouched
                sys.stdout.flush()
            return []
        result, new_data = run_one(task, data, self.timeout)
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
        machine = self.output_format != "text"
        if machine:
            self.out.file.write(output.render(self.output_format, results))
            self.out.file.flush()
        for result in results:
            if result.error:
                self.err.print(f"{result.path}: error: {result.error}", markup=False, highlight=False)
                continue
            if result.skipped:
                self.err.print(f"{result.path}: skipped: {result.skipped}", markup=False, highlight=False)
                continue
            if machine:
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
                    # Plain lines, written as they are: rich's print costs a millisecond a line.
                    self.out.file.write(f"{output.location(result.path, d)}: {d.code} {d.message}{mark}\n")
            elif self.mode == DRY_RUN and result.changed:
                self.out.file.write(f"would fix {result.path}\n")
            for note in result.dropped:
                self.err.print(f"{result.path}: note: {note}", markup=False, highlight=False)
        if not self.quiet and self.output_format != "concise":
            self._summary(results, errors, changed)
        if self.outcome.interrupted is not None:
            return exit_code_for(self.outcome.interrupted)
        if errors or self.problems:
            return EXIT_ERROR
        if any(r.unwritten for r in results):
            return EXIT_CHANGES  # fixes that were due are not on disk: a pre-commit hook must not pass
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
        parts = [f"{len(results)} file{'s' if len(results) != 1 else ''} scanned"]
        if self.mode == LINT:
            parts.append(_fixable_files(results))
            parts.append(f"{findings} finding{'s' if findings != 1 else ''}")
        else:
            parts.append(f"{len(changed)} {verb}")
        if applied:
            fixes = ", ".join(f"{code} ×{n}" for code, n in sorted(applied.items()))
            parts.append(f"fixes {'applied' if verb == 'changed' else 'available'}: {fixes}")
        if withheld:
            parts.append(
                f"{sum(withheld.values())} unsafe fix{'es' if sum(withheld.values()) != 1 else ''} withheld"
                f" ({', '.join(sorted(withheld))}; use --unsafe-fixes)"
            )
        skipped = sum(1 for r in results if r.skipped and not r.unwritten)
        if skipped:
            parts.append(f"{skipped} skipped")
        unwritten = sum(1 for r in results if r.unwritten)
        if unwritten:
            parts.append(f"{unwritten} left unfixed")
        n_errors = len(errors) + len(self.problems)
        parts.append(f"{n_errors} error{'s' if n_errors != 1 else ''}")
        if self.outcome.interrupted is not None:
            name = signal.Signals(self.outcome.interrupted).name
            left = getattr(self, "total_tasks", len(results)) - len(results)
            abandoned = f", {self.outcome.abandoned} abandoned in flight" if self.outcome.abandoned else ""
            parts.append(
                f"interrupted by {name}: {left} file{'s' if left != 1 else ''} not processed{abandoned}"
            )
        self.err.print("; ".join(parts), markup=False, highlight=False)
        if os.environ.get("AUTOFIX_STATS"):  # for benchmarks/throughput.py
            peaks = ", ".join(f"{rss / 2**20:.0f}" for rss in self.outcome.worker_peak_rss) or "-"
            self.err.print(
                f"stats: worker peak RSS MB: {peaks}; worker restarts: {self.outcome.worker_restarts}",
                markup=False,
                highlight=False,
            )


def _fixable_files(results: list[FileResult]) -> str:
    """``check``'s count of files that ``apply`` would change (and that --unsafe-fixes would add)."""
    now = sum(1 for r in results if any(output.fix_applies(d, r.unsafe_fixes) for d in r.diagnostics))
    with_unsafe = sum(1 for r in results if any(output.fix_applies(d, True) for d in r.diagnostics))
    text = f"{now} file{'s' if now != 1 else ''} with fixes available"
    if with_unsafe > now:
        text += f" ({with_unsafe - now} more with --unsafe-fixes)"
    return text


# Rules that read what the project's other files do (codemods.analysis.values).
_PROJECT_RULES = frozenset({"DEV005"})
# Rules that read which names the project's other files take from a file (`RuleContext.project_taken`),
# and what in a file's bytes they may ask it about: an unused `from torch.autograd import Variable`,
# a module-level name bound to a legacy tensor type (`FLOAT = torch.cuda.FloatTensor if c else ...`).
_TAKEN_RULES = frozenset({"DEV009"})
_TAKEN_ASKED = re.compile(rb"(?m)torch\.autograd|^[A-Za-z_]\w*[ \t]*=[^\n]*\b[A-Z][a-z]*Tensor\b")


def _is_folder(path: str) -> bool:
    try:
        return Path(path).is_dir()
    except OSError:  # inside a folder that cannot be read: discovery has said so
        return False


def _with_project_moves(tasks: list[Task], cache: Cache | None) -> list[Task]:
    """Project mode (a folder was given): each task with the facts of what its file imports from the
    others (autofix.files.project), when a rule it runs reads them."""
    from dataclasses import replace

    from autofix.files.project import project_moves
    from autofix.files.project_cache import decode_moves, encode_moves, remembered

    reading = [t for t in tasks if _PROJECT_RULES.intersection(t.rule_codes)]
    if not reading:
        return tasks
    paths = [Path(t.path) for t in tasks]
    facts = remembered(cache, "moves", paths, lambda: project_moves(paths), encode_moves, decode_moves)
    return [replace(t, project_moves=facts[Path(t.path)]) if Path(t.path) in facts else t for t in tasks]


def _with_project_taken(tasks: list[Task], folders: list[Path], cache: Cache | None) -> list[Task]:
    """Project mode: each task whose rules ask it, under a folder given whole (autofix.files.project,
    closed_root), with the names the project's other files take from its file."""
    from dataclasses import replace

    from autofix.files.project import closed_root, project_exports, project_files
    from autofix.files.project_cache import decode_taken, encode_taken, remembered

    asking = [
        Path(t.path)
        for t in tasks
        if _TAKEN_RULES.intersection(t.rule_codes) and t.path.endswith(".py") and _mentions(t.path)
    ]
    roots = [f for f in folders if closed_root(f)]
    if not asking or not roots:
        return tasks
    read = [*asking, *(f for root in roots for f in project_files(root))]
    kind = "taken\0" + "\0".join(sorted(map(str, roots)))
    facts = remembered(cache, kind, read, lambda: project_exports(roots, asking), encode_taken, decode_taken)
    return [replace(t, project_taken=facts[Path(t.path)]) if Path(t.path) in facts else t for t in tasks]


def _with_project_names(tasks: list[Task], cache: Cache | None) -> list[Task]:
    """Project mode: each task of a Python file that imports the project's other files, with what they
    bring into its names (autofix.files.project_names)."""
    from dataclasses import replace

    from autofix.files.project_cache import decode_names, encode_names, remembered
    from autofix.files.project_names import project_names

    paths = [Path(t.path) for t in tasks]
    facts = remembered(cache, "names", paths, lambda: project_names(paths), encode_names, decode_names)
    return [replace(t, project_names=facts[Path(t.path)]) if Path(t.path) in facts else t for t in tasks]


def _mentions(path: str) -> bool:
    try:
        return _TAKEN_ASKED.search(Path(path).read_bytes()) is not None
    except OSError:
        return False
