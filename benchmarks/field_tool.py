"""Running the tool on copies of the field files, the way a user would, and reading back what it did.

``autofix check --output-format json --unsafe-fixes`` on the original files gives every finding with
its own fix as text edits; ``autofix apply --unsafe-fixes`` on a second copy rewrites them; a second
``apply`` must change nothing. The command line gives the numbers a user gets; the fixes ``apply``
makes in later passes (on code an earlier fix wrote, so in no finding of ``check``) come from the same
rewrite in process (``autofix.files.rewrite`` with ``trace=True``), which must write what ``apply``
wrote: each becomes a finding found by ``apply`` (``Finding.found_by``), placed on the original's lines.
"""

from __future__ import annotations

import ast
import difflib
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from benchmarks.field_manifest import Row, cell_sources, pattern_rule
from benchmarks.field_match import Finding

if TYPE_CHECKING:
    from autofix.engine.trace import AppliedFix

AUTOFIX = [sys.executable, "-m", "autofix"]  # the autofix of the interpreter running this script
_NOTE = re.compile(r"^(?P<path>.+?): note: (?P<code>DEV\d{3}) \((?P<message>.*)\) was superseded")
_ERROR = re.compile(r"^(?P<path>.+?): error: (?P<reason>.*)$")


@dataclass
class ToolRun:
    """What the tool did to the field files (keyed by row id)."""

    findings: list[Finding] = field(default_factory=list)
    errors: dict[str, str] = field(default_factory=dict)  # files check or apply refused, and why
    changed: set[str] = field(default_factory=set)  # rewritten by the first apply
    not_idempotent: dict[str, list[str]] = field(default_factory=dict)  # id -> codes still applying
    no_parse: dict[str, str] = field(default_factory=dict)  # parsed before, not after: id -> where
    unreported: dict[str, dict[str, int]] = field(
        default_factory=dict
    )  # id -> code -> fixes check never showed (later-pass fixes: those among ``findings`` too)
    untraced: dict[str, str] = field(default_factory=dict)  # id -> why its later-pass fixes are not credited
    superseded: list[tuple[str, str, str]] = field(default_factory=list)  # apply's notes: (id, code, message)
    misplaced: dict[str, int] = field(default_factory=dict)  # id -> later-pass fixes whose place fails
    fixed_dir: Path | None = None  # where the rewritten copies are


def autofix(*args: str) -> subprocess.CompletedProcess[str]:
    """One ``autofix`` command, one worker, no cache: the numbers must not depend on earlier runs."""
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    return subprocess.run(
        [*AUTOFIX, *args, "--no-cache", "-j", "1", "--no-color"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )


def copy_files(rows: list[Row], files: Path, into: Path) -> None:
    into.mkdir(parents=True)
    for row in rows:
        shutil.copyfile(files / row.filename, into / row.filename)


def row_id(path: str) -> str:
    return Path(path).name.rsplit(".", 1)[0]


def check_json(folder: Path) -> tuple[list[dict], dict[str, str]]:
    """The JSON findings of ``check --unsafe-fixes`` on ``folder``, and the files it refused."""
    done = autofix("check", "--output-format", "json", "--unsafe-fixes", str(folder))
    if done.returncode not in (0, 1, 2) or not done.stdout.strip():
        raise RuntimeError(f"autofix check failed (exit {done.returncode}): {done.stderr.strip()[-2000:]}")
    return json.loads(done.stdout), _errors(done.stderr)


def _errors(stderr: str) -> dict[str, str]:
    errors = {}
    for line in stderr.splitlines():
        match = _ERROR.match(line)
        if match:
            errors[row_id(match["path"])] = match["reason"]
    return errors


def apply(folder: Path) -> tuple[dict[str, str], list[tuple[str, str, str]]]:
    """``apply --unsafe-fixes`` in place: (refused files, superseded fixes as (id, code, message))."""
    done = autofix("apply", "--unsafe-fixes", str(folder))
    if done.returncode not in (0, 2):
        raise RuntimeError(f"autofix apply failed (exit {done.returncode}): {done.stderr.strip()[-2000:]}")
    superseded = []
    for line in done.stderr.splitlines():
        match = _NOTE.match(line)
        if match:
            superseded.append((row_id(match["path"]), match["code"], match["message"]))
    return _errors(done.stderr), superseded


# -- one finding's fix, as a diff a reviewer can judge


def _offsets(text: str) -> list[int]:
    """Where each line starts (Python's line ends, as the tool's positions count them)."""
    from autofix.engine.text_edits import lines_of

    starts, at = [], 0
    for line in lines_of(text):
        starts.append(at)
        at += len(line)
    starts.append(at)
    return starts


def apply_edits(text: str, edits: list[dict]) -> str:
    """``text`` with one finding's edits (1-based lines and columns, exclusive end) applied."""
    starts = _offsets(text)

    def offset(line: int, column: int) -> int:
        return starts[min(line, len(starts)) - 1] + column - 1

    for edit in sorted(edits, key=lambda e: (e["line"], e["column"]), reverse=True):
        begin, end = offset(edit["line"], edit["column"]), offset(edit["end_line"], edit["end_column"])
        text = text[:begin] + edit["content"] + text[end:]
    return text


def hunk_of(before: str, edits: list[dict], cell: int | None) -> str:
    """The unified diff (one line of context, no file header) that this fix alone makes."""
    after = apply_edits(before, edits)
    lines = list(
        difflib.unified_diff(before.splitlines(keepends=True), after.splitlines(keepends=True), n=1)
    )[2:]
    text = "".join(line if line.endswith("\n") else line + "\n" for line in lines)
    return (f"cell {cell}\n" if cell is not None else "") + text


def hunk_sha(hunk: str) -> str:
    """The review key of a fix: the first 16 hex digits of the sha256 of its hunk."""
    return hashlib.sha256(hunk.encode("utf-8")).hexdigest()[:16]


def source_of(path: Path, cell: int | None) -> str:
    data = path.read_bytes()
    if cell is None:
        from autofix.files.source import decode

        return decode(data).text
    return cell_sources(data)[cell - 1]


def to_finding(raw: dict, folder: Path) -> Finding:
    fix = raw.get("fix") or {}
    finding = Finding(
        id=row_id(raw["path"]),
        code=pattern_rule(raw["code"]),
        rule=raw["code"],
        line=raw["line"],
        cell=raw["cell"],
        message=raw["message"],
        applies=bool(fix.get("applies")),
    )
    if fix.get("edits"):
        by_cell: dict[int | None, list[dict]] = {}
        for edit in fix["edits"]:  # a notebook fix may edit several cells (a statement moved)
            by_cell.setdefault(edit.get("cell", raw["cell"]), []).append(edit)
        path = folder / Path(raw["path"]).name
        finding.hunk = "".join(
            hunk_of(source_of(path, cell), edits, cell)
            for cell, edits in sorted(by_cell.items(), key=lambda item: item[0] or 0)
        )
        finding.hunk_sha = hunk_sha(finding.hunk)
        finding.spans = tuple(
            (cell, edit["line"], edit.get("end_line", edit["line"]))
            for cell, edits in by_cell.items()
            for edit in edits
        )
    return finding


# -- the whole run


def run_tool(rows: list[Row], files: Path, work: Path) -> ToolRun:
    """Check the originals, apply to a copy, apply again, re-parse: see :class:`ToolRun`."""
    original, fixed = work / "original", work / "fixed"
    copy_files(rows, files, original)
    copy_files(rows, files, fixed)
    raw, errors = check_json(original)
    run = ToolRun(findings=[to_finding(r, original) for r in raw], errors=dict(errors), fixed_dir=fixed)
    apply_errors, superseded = apply(fixed)
    run.errors.update(apply_errors)
    _mark_applied(run, superseded)
    for row in rows:
        if (fixed / row.filename).read_bytes() != (original / row.filename).read_bytes():
            run.changed.add(row.id)
            where = _parse_regression(original / row.filename, fixed / row.filename)
            if where:
                run.no_parse[row.id] = where
    run.not_idempotent = _second_apply(rows, fixed, work / "second")
    _later_pass_fixes(rows, original, fixed, run)
    return run


def _later_pass_fixes(rows: list[Row], original: Path, fixed: Path, run: ToolRun) -> None:
    """Fixes ``apply`` makes in a later pass, on code an earlier fix produced: ``check`` reports the
    original only, so they are in no finding, yet they change the file. Each becomes a finding found by
    ``apply`` (with its pass, its hunk on the text that pass edited, and its place on the original's
    lines), matched to labels like the others, and counted per file and rule in ``run.unreported``.

    They come from the rewrite ``verify`` uses (autofix.files.rewrite), traced; a file whose traced
    rewrite is not the bytes ``apply`` wrote is not credited (``run.untraced`` says so)."""
    from collections import Counter

    from autofix.config.settings import Overrides
    from autofix.files.rewrite import RewriteError, rewrite_file

    for row in rows:
        if row.id in run.errors:
            continue
        try:
            rewrite = rewrite_file(original / row.filename, Overrides(unsafe_fixes=True), trace=True)
        except RewriteError as exc:
            run.untraced[row.id] = str(exc)
            continue
        if rewrite.rewritten != (fixed / row.filename).read_bytes():
            if any(not fix.reported for fix in rewrite.fixes):
                run.untraced[row.id] = "the traced rewrite is not what apply wrote"
            continue
        _mark_traced(run, row.id, rewrite.fixes)
        later = [fix for fix in rewrite.fixes if not fix.reported]
        if not later:
            continue
        run.unreported[row.id] = dict(Counter(fix.code for fix in later))
        run.findings.extend(later_finding(row.id, fix) for fix in later)
        wrong = sum(not placed(fix, original / row.filename) for fix in later)
        if wrong:
            run.misplaced[row.id] = wrong


def _mark_traced(run: ToolRun, rid: str, fixes: list[AppliedFix]) -> None:
    """Charge file ``rid``'s superseded notes to the right findings, from the traced rewrite. A note
    names a rule and message but no line: of findings with one message, :func:`_mark_applied`
    charged the first, even when a later one was superseded (a later pass rewrote it into another
    finding) and the first was applied. Here each note goes to a finding of its rule and message
    that no reported fix of the trace has at its place (:func:`_same_place`), where there is one."""
    from collections import Counter

    notes = Counter((code, message) for note_id, code, message in run.superseded if note_id == rid)
    if not notes:
        return
    for (code, message), count in notes.items():
        same = [
            f
            for f in run.findings
            if f.id == rid and f.found_by == "check" and f.applies and (f.code, f.message) == (code, message)
        ]
        left = [
            fix
            for fix in fixes
            if fix.reported and fix.code in {f.rule for f in same} and fix.message == message
        ]
        fixed_by: dict[int, AppliedFix] = {}
        for exact in (True, False):  # each finding's own line first, then the lines its fix spans
            for finding in same:
                if id(finding) in fixed_by:
                    continue
                fix = next((fix for fix in left if _same_place(finding, fix, exact)), None)
                if fix is not None:
                    fixed_by[id(finding)] = fix
                    left.remove(fix)
        applied_there = [id(finding) in fixed_by for finding in same]
        # Superseded: first those the trace shows no fix for, then (a note too many) the rest in order.
        order = [f for f, fixed in zip(same, applied_there) if not fixed] + [
            f for f, fixed in zip(same, applied_there) if fixed
        ]
        charged = {id(f) for f in order[:count]}
        for finding in same:
            finding.applied = id(finding) not in charged


def _same_place(finding: Finding, fix: AppliedFix, exact: bool) -> bool:
    """Is ``fix`` (traced) the fix of ``finding`` (of check), by place: on the finding's line
    (``exact``), or with the finding's line among its finding's lines? A fix deferred to a later
    pass is placed on the original's lines through the text that pass edited, where its statement
    may start a line earlier (an earlier fix unwrapped a call around it)."""
    if fix.cell != finding.cell:
        return False
    return fix.line == finding.line if exact else fix.line <= finding.line <= fix.end_line


def placed(fix: AppliedFix, path: Path) -> bool:
    """A self-check of the mapping to the original's lines: every line a later-pass fix edits that is,
    word for word, a line of the original (not blank; not one an earlier fix wrote) lies in the
    fix's span there. False means a label could be credited from the wrong place."""
    from autofix.engine.text_edits import lines_of

    def lines(text: str) -> list[str]:
        return [line.rstrip("\r\n") for line in lines_of(text)]

    originals: dict[int | None, list[str]] = {}
    for edit in fix.edits:
        if edit.cell not in originals:
            originals[edit.cell] = lines(source_of(path, edit.cell))
        original = originals[edit.cell]
        before = lines(fix.before[edit.cell])
        last = max(edit.line, edit.end_line if edit.end_column > 1 else edit.end_line - 1)
        spans = [(first, end) for cell, first, end in fix.spans if cell == edit.cell]
        for number in range(edit.line, min(last, len(before)) + 1):
            text = before[number - 1]
            where = [k for k, line in enumerate(original, 1) if line == text]
            if text.strip() and where and not any(a <= k <= b for k in where for a, b in spans):
                return False
    return True


def later_finding(rid: str, fix: AppliedFix) -> Finding:
    """A fix of a later pass as a finding on the original: applied, found by ``apply``; its hunk is the
    diff it alone makes to the text its pass edited (the review key, like a first-pass fix's)."""
    by_cell: dict[int | None, list[dict]] = {}
    for edit in fix.edits:
        by_cell.setdefault(edit.cell, []).append(edit.as_dict())
    hunk = "".join(
        hunk_of(fix.before[cell], edits, cell)
        for cell, edits in sorted(by_cell.items(), key=lambda item: item[0] or 0)
    )
    return Finding(
        id=rid,
        code=pattern_rule(fix.code),
        rule=fix.code,
        line=fix.line,
        cell=fix.cell,
        message=fix.message,
        applies=True,
        applied=True,
        hunk=hunk,
        hunk_sha=hunk_sha(hunk) if hunk else "",
        spans=fix.spans,
        found_by="apply",
        pass_number=fix.pass_number,
    )


def _mark_applied(run: ToolRun, superseded: list[tuple[str, str, str]]) -> None:
    """A fix was applied when apply --unsafe-fixes would apply it, its file was not refused, and no
    ``note: ... was superseded`` names it (matched by code and message, one note per finding)."""
    run.superseded = list(superseded)
    left = list(superseded)
    for finding in run.findings:
        if not finding.applies or finding.id in run.errors:
            continue
        key = (finding.id, finding.code, finding.message)
        if key in left:
            left.remove(key)
            continue
        finding.applied = True


def _second_apply(rows: list[Row], fixed: Path, second: Path) -> dict[str, list[str]]:
    """Files a second ``apply`` changes again, with the codes whose fixes still apply there."""
    shutil.copytree(fixed, second)
    raw, _ = check_json(second)
    apply(second)
    codes: dict[str, list[str]] = {}
    for row in rows:
        if (second / row.filename).read_bytes() != (fixed / row.filename).read_bytes():
            still = sorted(
                {
                    r["code"]
                    for r in raw
                    if row_id(r["path"]) == row.id and (r.get("fix") or {}).get("applies")
                }
            )
            codes[row.id] = still or ["?"]
    return codes


def _parse_regression(before: Path, after: Path) -> str | None:
    """Where the rewrite stopped parsing (Python's own parser, not libcst), if it did.

    In a notebook each code cell is parsed alone; a cell that did not parse before (IPython magics)
    is not counted.
    """
    if before.suffix == ".ipynb":
        pairs = list(zip(cell_sources(before.read_bytes()), cell_sources(after.read_bytes())))
        places = [(f"cell {k}", old, new) for k, (old, new) in enumerate(pairs, 1) if old != new]
    else:
        places = [("file", before.read_text("utf-8", "replace"), after.read_text("utf-8", "replace"))]
    for where, old, new in places:
        if _parses(old) and not _parses(new):
            return where
    return None


def _parses(text: str) -> bool:
    try:
        ast.parse(text)
    except (SyntaxError, ValueError):
        return False
    return True
