"""Jupyter notebooks: the code cells, read as one program, fixed, and written back cell by cell.

The code cells are joined in order, so that a device defined in cell 2 is known in cell 7, with a marker
statement between two cells (a bare name no source contains, at the top level where every cell ends).
IPython syntax (``%magic``, ``!shell``, ``obj?``, ``x = !cmd``) is masked by a ``pass`` line carrying
an id, and ``%%`` cell magics leave their cell out entirely, so that neither breaks parsing nor gets
changed. After fixing, the program is cut at the markers and the masks are put back; a fix that moved
or removed a marker or a mask leaves the notebook untouched.

Only the ``source`` of changed code cells is replaced; outputs, metadata, execution counts and ids stay.
The JSON is written back in the notebook's own format (indentation, key order, ``ensure_ascii``, final
newline), which is first proven to reproduce the original bytes; a notebook whose bytes cannot be
reproduced is refused rather than reformatted.
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from autofix.engine.lint import Diagnostic, Outcome, lint_and_fix
from autofix.engine.text_edits import TextEdit, lines_of
from autofix.engine.trace import AppliedFix, FixTrace
from autofix.files.source import SourceError
from autofix.output.diff import unified_diff
from codemods.core.base import Rule

_BOM = "\ufeff"

# IPython syntax that is not Python, at the start of a logical line: magics, shell escapes, help,
# auto-call (/f x, ,f a b, ;f a b), and a shell or magic result assigned to names.
_ESCAPE = re.compile(r"[%!?/,;]")
_HELP = re.compile(r"[A-Za-z_][\w.\[\]]*(?:\(\))?\?{1,2}\s*")
_ASSIGNED_MAGIC = re.compile(r"[A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_][\w.]*)*\s*=\s*[%!]")
# IPython's automagic: a line magic written without its `%` (`pip install torchviz`, `cd data`,
# `matplotlib inline`). Only spellings that are never valid Python are taken (a name, a space, then a
# word, path or string that no operator or keyword joins), so `ls -la` or `time in x` stay Python.
_AUTOMAGIC = re.compile(
    r"(?:(?:pip|conda|mamba)\s+(?:install|uninstall|download|list|show|freeze|update|remove|create)\b"
    r"|(?:cd|load_ext|reload_ext|autoreload|matplotlib|time|timeit|run)\s+"
    r"(?!(?:and|or|if|else|in|is|not|for)\b)[\w\"'./~])"
)


@dataclass
class _Cell:
    index: int  # among all cells, from 1
    text: str  # the original source
    start: int = 0  # its first line in the program, from 1
    lines: int = 0  # how many program lines it has
    masks: dict[int, list[str]] = field(default_factory=dict)  # mask id -> the original lines
    magic: bool = False  # a %% cell magic: left out of the program


@dataclass
class _Program:
    text: str
    cells: list[_Cell]
    token: str

    def marker(self, k: int) -> str:
        return f"__autofix_cell_{self.token}_{k}__"

    def locate(self, line: int) -> tuple[_Cell, int] | None:
        for cell in self.cells:
            if cell.start <= line < cell.start + cell.lines:
                return cell, line - cell.start + 1
        return None


# -- reading


def _load(data: bytes) -> tuple[dict, str]:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SourceError(f"not a valid notebook: not UTF-8 ({exc.reason} at byte {exc.start})") from None
    try:
        document = json.loads(text.removeprefix(_BOM))
    except json.JSONDecodeError as exc:
        raise SourceError(
            f"not a valid notebook: invalid JSON at line {exc.lineno}, column {exc.colno}"
        ) from None
    _check_structure(document)
    return document, text


def _check_structure(document: object) -> None:
    if not isinstance(document, dict) or not isinstance(document.get("cells"), list):
        raise SourceError("not a valid notebook: no list of cells")
    if document.get("nbformat") != 4:
        raise SourceError(
            f"unsupported notebook format {document.get('nbformat')!r} (nbformat 4 is supported)"
        )
    for number, cell in enumerate(document["cells"], 1):
        source = cell.get("source") if isinstance(cell, dict) else None
        if not isinstance(cell, dict) or not isinstance(cell.get("cell_type"), str):
            raise SourceError(f"not a valid notebook: cell {number} has no cell_type")
        if not (
            isinstance(source, str) or (isinstance(source, list) and all(isinstance(s, str) for s in source))
        ):
            raise SourceError(f"not a valid notebook: cell {number} has no source text")


def _is_python(document: dict) -> bool:
    metadata = document.get("metadata")
    if not isinstance(metadata, dict):
        return True
    for table, key in (("kernelspec", "language"), ("language_info", "name")):
        value = metadata.get(table, {}).get(key) if isinstance(metadata.get(table), dict) else None
        if isinstance(value, str):
            return value.lower() == "python"
    return True


def _source(cell: dict) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


# -- masking IPython syntax


class _LineScanner:
    """Knows whether the next line starts a logical line: not inside brackets, a string or a continuation."""

    def __init__(self) -> None:
        self.depth = 0
        self.quote: str | None = None
        self.continued = False

    @property
    def at_statement_start(self) -> bool:
        return self.depth == 0 and self.quote is None and not self.continued

    def feed(self, line: str) -> None:
        body = line.rstrip("\r\n")
        i, commented = 0, False
        while i < len(body):
            ch = body[i]
            if self.quote is not None:
                if ch == "\\":
                    i += 2
                    continue
                if body.startswith(self.quote, i):
                    i += len(self.quote)
                    self.quote = None
                    continue
            elif ch == "#":
                commented = True
                break
            elif ch in "\"'":
                self.quote = body[i : i + 3] if body[i : i + 3] in ('"""', "'''") else ch
                i += len(self.quote)
                continue
            elif ch in "([{":
                self.depth += 1
            elif ch in ")]}":
                self.depth = max(0, self.depth - 1)
            i += 1
        ends_with_backslash = body.endswith("\\") and not commented
        if self.quote in ("'", '"') and not ends_with_backslash:
            self.quote = None  # an unterminated one-line string: a syntax error the parser will name
        self.continued = ends_with_backslash and self.quote is None


def _is_ipython(line: str) -> bool:
    content = line.strip()
    return bool(
        content
        and (
            _ESCAPE.match(content)
            or _HELP.fullmatch(content)
            or _ASSIGNED_MAGIC.match(content)
            or _AUTOMAGIC.match(content)
        )
    )


def _mask_cell(cell: _Cell, token: str, next_id: int) -> tuple[str, int]:
    """The cell's text with IPython lines masked; returns it and the next free mask id."""
    lines = lines_of(cell.text)
    out: list[str] = []
    scanner = _LineScanner()
    i = 0
    while i < len(lines):
        line = lines[i]
        if scanner.at_statement_start and _is_ipython(line):
            group = [line]
            while group[-1].rstrip("\r\n").endswith("\\") and i + len(group) < len(lines):
                group.append(lines[i + len(group)])
            indent = line[: len(line) - len(line.lstrip())]
            ending = line[len(line.rstrip("\r\n")) :] or "\n"
            out.append(f"{indent}pass  # {token}_{next_id}{ending}")
            out.extend(
                f"# {token}_{next_id}{g[len(g.rstrip(chr(13) + chr(10))) :] or chr(10)}" for g in group[1:]
            )
            cell.masks[next_id] = group
            next_id += 1
            i += len(group)
            continue
        scanner.feed(line)
        out.append(line)
        i += 1
    return "".join(out), next_id


def _program(document: dict) -> _Program:
    sources = [_source(c) for c in document["cells"]]
    token = secrets.token_hex(4)
    while any(token in s for s in sources):
        token = secrets.token_hex(4)
    cells = [
        _Cell(number, text)
        for number, (cell, text) in enumerate(zip(document["cells"], sources), 1)
        if cell["cell_type"] == "code"
    ]
    program = _Program("", cells, token)
    parts: list[str] = []
    line, mask_id = 1, 0
    for k, cell in enumerate(cells):
        if k:
            parts.append(program.marker(k) + "\n")
            line += 1
        cell.magic = cell.text.lstrip().startswith("%%")
        masked = ""
        if not cell.magic:
            masked, mask_id = _mask_cell(cell, token, mask_id)
            if masked and not masked.endswith(("\n", "\r")):
                masked += "\n"
        cell.start, cell.lines = line, len(lines_of(masked))
        parts.append(masked)
        line += cell.lines
    program.text = "".join(parts)
    return program


# -- mapping results back to cells


def _relocate_error(message: str, program: _Program) -> str:
    def cell_line(match: re.Match[str]) -> str:
        place = program.locate(int(match.group(1)))
        return match.group(0) if place is None else f"in cell {place[0].index} at line {place[1]}"

    return re.sub(r"at line (\d+)", cell_line, message)


def _in_cell(d: Diagnostic, program: _Program) -> Diagnostic:
    cell, line = program.locate(d.line) or (None, d.line)
    if cell is None:
        return d
    end = program.locate(d.end_line)
    end_line, end_column = (
        (d.end_line - cell.start + 1, d.end_column) if end and end[0] is cell else (line, d.column)
    )
    in_cell = [_edit_in_cell(e, program) for e in d.edits]
    edits = tuple(e for e in in_cell if e is not None)
    clean = len(edits) == len(in_cell)  # a fix that spans cells is offered as no edits at all
    return replace(
        d, line=line, end_line=end_line, end_column=end_column, cell=cell.index, edits=edits if clean else ()
    )


def _edit_in_cell(edit: TextEdit, program: _Program) -> TextEdit | None:
    """``edit`` counted in the one cell it lies in (a fix that moves a statement into a later cell
    has an edit in each), or None when it crosses a cell boundary or touches a masked line."""
    for cell in program.cells:
        if cell.start <= edit.line and edit.end_line <= cell.start + cell.lines:
            break
    else:
        return None
    last = edit.end_line if edit.end_column > 1 else edit.end_line - 1  # an end at column 1 touches nothing
    if program.token in edit.content or any(  # of its line (an insertion there, none at all)
        program.token in program_line for program_line in _lines(program, edit.line, last)
    ):
        return None
    return replace(
        edit, line=edit.line - cell.start + 1, end_line=edit.end_line - cell.start + 1, cell=cell.index
    )


def _lines(program: _Program, first: int, last: int) -> list[str]:
    return lines_of(program.text)[first - 1 : last]


def _fixes_in_cells(fixes: list[AppliedFix], program: _Program) -> list[AppliedFix]:
    """The traced fixes with their lines counted in cells: the original lines from the original
    program's cells, each edit in the cell of the program its pass edited, that cell's text (IPython
    lines unmasked) as ``before``. A fix whose edit cannot be placed in one cell keeps no edits."""
    cells_of: dict[int, dict[int, tuple[int, str]]] = {}  # id(text) -> cell -> (first line, text)
    out = []
    for fix in fixes:
        text = fix.before.get(None, "")
        if id(text) not in cells_of:
            cells_of[id(text)] = _cells_of(text, program)
        cells = cells_of[id(text)]
        place = program.locate(fix.line)
        cell, line = (place[0].index, place[1]) if place else (None, fix.line)
        end = program.locate(fix.end_line)
        end_line = fix.end_line - place[0].start + 1 if place and end and end[0] is place[0] else line
        spans = []
        for _, first, last in fix.spans:
            begin, stop = program.locate(first), program.locate(last)
            if begin is not None:
                last_here = last - begin[0].start + 1 if stop and stop[0] is begin[0] else begin[1]
                spans.append((begin[0].index, begin[1], last_here))
        edits: list[TextEdit] = []
        before: dict[int | None, str] = {}
        for edit in fix.edits:
            placed = _edit_in(edit, cells)
            if placed is None:
                edits, before = [], {}
                break
            edits.append(placed)
            before[placed.cell] = cells[placed.cell][1] if placed.cell is not None else ""
        out.append(
            replace(
                fix,
                line=line,
                end_line=end_line,
                cell=cell,
                spans=tuple(spans),
                edits=tuple(edits),
                before=before,
            )
        )
    return out


def _cells_of(text: str, program: _Program) -> dict[int, tuple[int, str]]:
    """Each code cell of a version of the program: its first line there and its unmasked text; empty
    when the version cannot be cut into the notebook's cells."""
    try:
        texts = _split(text, program)
    except SourceError:
        return {}
    starts, line, expected = [1], 1, 1
    for program_line in lines_of(text):
        line += 1
        if program_line.rstrip("\r\n") == program.marker(expected):
            starts.append(line)
            expected += 1
    return {
        cell.index: (start, new)
        for cell, start, new in zip(program.cells, starts, texts)
        if not cell.magic  # left out of the program: no line of it is there
    }


def _edit_in(edit: TextEdit, cells: dict[int, tuple[int, str]]) -> TextEdit | None:
    """``edit`` (program lines) counted in the one cell it lies in, or None."""
    for index, (start, text) in cells.items():
        lines = len(lines_of(text))
        last = edit.end_line if edit.end_column > 1 else edit.end_line - 1
        if start <= edit.line and max(edit.line, last) < start + max(lines, 1):
            return replace(edit, line=edit.line - start + 1, end_line=edit.end_line - start + 1, cell=index)
    return None


# -- writing back


def _split(new_text: str, program: _Program) -> list[str]:
    """The new text of each code cell, masks restored; SourceError when a fix crossed a boundary."""
    pieces: list[list[str]] = [[]]
    expected = 1
    for line in lines_of(new_text):
        if line.rstrip("\r\n") == program.marker(expected):
            pieces.append([])
            expected += 1
        elif program.token in line and line.lstrip().startswith(f"__autofix_cell_{program.token}"):
            raise SourceError("left untouched: a fix would move code between cells")
        else:
            pieces[-1].append(line)
    if len(pieces) != len(program.cells):
        raise SourceError("left untouched: a fix would move code between cells")
    return [_unmask(piece, cell, program.token) for piece, cell in zip(pieces, program.cells)]


def _unmask(lines: list[str], cell: _Cell, token: str) -> str:
    if cell.magic:
        return cell.text
    out: list[str] = []
    seen: list[int] = []
    i = 0
    mask = re.compile(rf"^(\s*)pass  # {token}_(\d+)\s*$")
    while i < len(lines):
        match = mask.match(lines[i])
        if match is None:
            if token in lines[i]:
                raise SourceError("left untouched: a fix would change an IPython magic line")
            out.append(lines[i])
            i += 1
            continue
        mask_id = int(match.group(2))
        original = cell.masks.get(mask_id)
        continuation = [line.strip() for line in lines[i + 1 : i + len(original or ())]]
        if (
            original is None
            or mask_id in seen
            or continuation != [f"# {token}_{mask_id}"] * (len(original) - 1)
        ):
            raise SourceError("left untouched: a fix would move or split an IPython magic line")
        seen.append(mask_id)
        old_indent = original[0][: len(original[0]) - len(original[0].lstrip())]
        out.append(match.group(1) + original[0][len(old_indent) :])
        out.extend(original[1:])
        i += len(original)
    if sorted(seen) != seen or set(seen) != set(cell.masks):
        raise SourceError("left untouched: a fix would move or remove an IPython magic line")
    text = "".join(out)
    if cell.text and not cell.text.endswith(("\n", "\r")) and text.endswith("\n"):
        text = text[:-1]  # the line end the program needed, which the cell did not have
    return text


def _dump_like(document: dict, original: str) -> str:
    """``document`` as JSON in ``original``'s own format; SourceError when that cannot be reproduced."""
    body = original.removeprefix(_BOM)
    second_line = body.split("\n", 2)[1] if body.startswith("{\n") else None
    if second_line is not None:
        width = len(second_line) - len(second_line.lstrip(" \t"))
        indent: object = second_line[:width] if second_line[:width].strip(" ") else width
        styles = [(indent, (",", ": "))]
    else:
        styles = [(None, (", ", ": ")), (None, (",", ":"))]
    ending = body[len(body.rstrip("\r\n")) :]
    for indent, separators in styles:
        for ensure_ascii in (False, True):
            options = {"indent": indent, "separators": separators, "ensure_ascii": ensure_ascii}
            if json.dumps(json.loads(body), **options) + ending == body:  # type: ignore[arg-type]
                prefix = _BOM if original.startswith(_BOM) else ""
                return prefix + json.dumps(document, **options) + ending  # type: ignore[arg-type]
    raise SourceError(
        "left untouched: its JSON formatting cannot be reproduced byte for byte, so writing"
        " the fix would reformat the whole file"
    )


# -- the whole journey


@dataclass
class NotebookOutcome:
    outcome: Outcome
    new_data: bytes | None = None
    diff: str = ""


def lint_and_fix_notebook(
    path: str,
    data: bytes,
    rules: Sequence[type[Rule]],
    *,
    fix: bool,
    unsafe_fixes: bool = False,
    want_positions: bool = True,
    want_edits: bool = False,
    device_style: str = "classic",
    trace: FixTrace | None = None,
) -> NotebookOutcome:
    """:func:`autofix.engine.lint.lint_and_fix` for a notebook's bytes; findings name their cell, and so
    do the fixes ``trace`` collects."""
    document, original = _load(data)
    if not _is_python(document):
        return NotebookOutcome(Outcome())
    program = _program(document)
    try:
        outcome = lint_and_fix(
            program.text,
            rules,
            fix=fix,
            unsafe_fixes=unsafe_fixes,
            want_positions=want_positions,
            want_edits=want_edits,
            device_style=device_style,
            trace=trace,
        )
    except SourceError as exc:
        raise SourceError(_relocate_error(str(exc), program)) from None
    if trace is not None:
        trace.fixes = _fixes_in_cells(trace.fixes, program)
    outcome.diagnostics = [_in_cell(d, program) for d in outcome.diagnostics]
    if outcome.new_text is None:
        return NotebookOutcome(outcome)
    diffs = []
    for cell, new in zip(program.cells, _split(outcome.new_text, program)):
        if new == cell.text:
            continue
        diffs.append(unified_diff(f"{path}:cell {cell.index}", cell.text, new))
        raw = document["cells"][cell.index - 1]
        raw["source"] = new if isinstance(raw["source"], str) else new.splitlines(keepends=True)
    new_data = _dump_like(document, original).encode("utf-8")
    return NotebookOutcome(outcome, new_data if new_data != data else None, "".join(diffs))
