"""One file's journey through the rules: decode, fix, verify; :mod:`autofix.files.runner` reads and writes."""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from autofix.engine.diagnostic import Diagnostic
from autofix.files.project import ImportedMove
from autofix.files.source import SourceError, decode, worth_parsing
from autofix.output.diff import unified_diff

if TYPE_CHECKING:  # the engine (libcst) is imported only where a file is parsed
    from autofix.engine.trace import FixTrace
    from codemods.core.project_names import ProjectNames

# How a run treats each file.
FIX = "fix"  # rewrite in place
DIFF = "diff"  # compute the diff, write nothing
DRY_RUN = "dry-run"  # compute the fixes, say which files would change, write nothing
LINT = "lint"  # report findings with their positions, write nothing
# For JSON and SARIF output, which describe each finding's fix as text edits:
LINT_WITH_EDITS = "lint-edits"  # LINT, each finding with its fix's edits
DRY_RUN_WITH_FINDINGS = "dry-run-findings"  # DRY_RUN that also reports findings with their edits
_REPORTING = (LINT, LINT_WITH_EDITS, DRY_RUN_WITH_FINDINGS)


@dataclass(frozen=True)
class Task:
    path: str
    rule_codes: tuple[str, ...]
    mode: str
    unsafe_fixes: bool
    max_file_size: int | None = None  # bytes; larger files are skipped
    device_style: str = "classic"  # how fixes spell a portable device (see codemods.core.base.RuleContext)
    # Project mode: what the file imports from the project's other files moves (autofix.files.project).
    project_moves: tuple[ImportedMove, ...] = ()
    # Project mode: the names the project's other files take from this one (autofix.files.project,
    # project_exports); None where that is not known (a file alone, a star-imported module).
    project_taken: tuple[str, ...] | None = None
    # Project mode: what the project's other files bring into this file's names (star imports, routes to
    # names, switches of the current GPU: autofix.files.project_names).
    project_names: ProjectNames | None = None


@dataclass
class FileResult:
    path: str
    error: str | None = None
    unsafe_fixes: bool = False  # whether unsafe fixes were enabled for this file
    changed: bool = False
    diff: str | None = None
    new_text: str | None = None  # only for stdin, which has nowhere else to go
    diagnostics: list[Diagnostic] = field(default_factory=list)
    applied: Counter[str] = field(default_factory=Counter)
    withheld_unsafe: Counter[str] = field(default_factory=Counter)
    dropped: list[str] = field(default_factory=list)
    skipped: str | None = None  # why the file was left alone on purpose (too large, read-only, changed)
    unwritten: bool = False  # skipped although it has fixes to write (read-only, changed, owner): not done
    cached: bool = False  # answered from the cache


def preload() -> None:
    """Import the engine and the rules (libcst with them): in the main process before workers are forked,
    so that each worker does not import them again. Runs answered from the cache never need them."""
    from autofix.engine.lint import lint_and_fix  # noqa: F401
    from codemods import all_rules

    all_rules()


def process_text(
    path: str, data: bytes, task: Task, *, keep_text: bool = False, trace: FixTrace | None = None
) -> tuple[FileResult, bytes | None]:
    """Lint/fix ``data`` (the file's bytes); returns the result and the new bytes, if any. ``trace``
    collects every fix applied, of every pass (:mod:`autofix.engine.trace`)."""
    result = FileResult(path, unsafe_fixes=task.unsafe_fixes)
    if not path.endswith(".ipynb") and not worth_parsing(data):
        try:
            decode(data)  # nothing to parse; an undecodable file is still reported
        except SourceError as exc:
            result.error = str(exc)
        return result, None
    from autofix.engine.lint import lint_and_fix
    from codemods import rules_by_code

    rules = [rules_by_code()[code] for code in task.rule_codes]
    options: dict[str, Any] = {
        "fix": task.mode not in (LINT, LINT_WITH_EDITS),
        "unsafe_fixes": task.unsafe_fixes,
        "want_positions": task.mode in _REPORTING,
        "want_edits": task.mode in (LINT_WITH_EDITS, DRY_RUN_WITH_FINDINGS),
        "device_style": task.device_style,
    }
    if trace is not None:
        options["trace"] = trace
    if task.project_moves:
        options["project_moves"] = {spelled: (params, moved) for spelled, params, moved in task.project_moves}
    if task.project_taken is not None:
        options["project_taken"] = frozenset(task.project_taken)
    if task.project_names is not None:
        options["project"] = task.project_names
    try:
        if path.endswith(".ipynb"):
            return _process_notebook(result, data, task, rules, options)
        source = decode(data)
        outcome = lint_and_fix(source.text, rules, **options)
        new_data = None if outcome.new_text is None else source.encode(outcome.new_text)
    except SourceError as exc:
        result.error = str(exc)
        return result, None
    result.diagnostics = outcome.diagnostics
    result.applied = outcome.applied
    result.withheld_unsafe = outcome.withheld_unsafe
    result.dropped = outcome.dropped
    if new_data is not None and new_data != data:
        result.changed = True
        if task.mode == DIFF:
            result.diff = unified_diff(path, source.text, outcome.new_text or "")
        if keep_text:
            result.new_text = outcome.new_text
        return result, new_data
    return result, None


def process_item(item: tuple[Task, bytes]) -> tuple[FileResult, bytes | None]:
    """What a worker process does with one file's bytes (see :mod:`autofix.files.runner`)."""
    task, data = item
    return process_text(task.path, data, task)


def _process_notebook(
    result: FileResult, data: bytes, task: Task, rules: list, options: dict
) -> tuple[FileResult, bytes | None]:
    from autofix.files.notebook import lint_and_fix_notebook  # JSON around code cells, read as one program

    notebook = lint_and_fix_notebook(result.path, data, rules, **options)
    outcome = notebook.outcome
    result.diagnostics = outcome.diagnostics
    result.applied = outcome.applied
    result.withheld_unsafe = outcome.withheld_unsafe
    result.dropped = outcome.dropped
    if notebook.new_data is None:
        return result, None
    result.changed = True
    if task.mode == DIFF:
        result.diff = notebook.diff
    return result, notebook.new_data


def default_jobs() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1
