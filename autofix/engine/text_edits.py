"""A fix as text edits: the smallest line ranges that turn one text into another.

Machine-readable output (JSON, SARIF) describes a finding's fix the way editors and code-scanning tools
apply one: replace the text between two positions with new content. Positions count lines the way Python
does (``\\n``, ``\\r\\n`` and ``\\r`` end a line, nothing else) and columns in code points, both from 1;
the end is exclusive.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

# Python's line ends; str.splitlines would also split on form feeds and other separators that the
# tokenizer (and libcst's positions) treat as ordinary characters.
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")
LINE_BREAK = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True)
class TextEdit:
    """Replace ``[line:column, end_line:end_column)`` (1-based, end exclusive) with ``content``."""

    line: int
    column: int
    end_line: int
    end_column: int
    content: str
    cell: int | None = None  # in a notebook, the cell the positions count in (a fix may span cells)

    def as_dict(self) -> dict[str, object]:
        edit: dict[str, object] = {
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line,
            "end_column": self.end_column,
            "content": self.content,
        }
        if self.cell is not None:
            edit["cell"] = self.cell
        return edit


def lines_of(text: str) -> list[str]:
    """``text`` cut after each Python line end, keeping the ends."""
    return _LINE.findall(text)


def _advance(line: int, column: int, text: str) -> tuple[int, int]:
    """The position just after ``text`` when it starts at (line, column)."""
    breaks = list(LINE_BREAK.finditer(text))
    if not breaks:
        return line, column + len(text)
    return line + len(breaks), len(text) - breaks[-1].end() + 1


def _common_prefix(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n


def text_edits(old: str, new: str) -> tuple[TextEdit, ...]:
    """Edits that, applied to ``old`` (each on the original positions), give ``new``."""
    before, after = lines_of(old), lines_of(new)
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    edits = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        removed, inserted = "".join(before[i1:i2]), "".join(after[j1:j2])
        prefix = _common_prefix(removed, inserted)
        suffix = _common_prefix(removed[prefix:][::-1], inserted[prefix:][::-1])
        # Never cut a CRLF in two: the place between \r and \n is not a position a tool can name.
        if prefix and removed[prefix - 1 : prefix + 1] == "\r\n":
            prefix -= 1
        cut = len(removed) - suffix
        if suffix and removed[cut - 1 : cut + 1] == "\r\n":
            suffix -= 1
        start = _advance(i1 + 1, 1, removed[:prefix])
        end = _advance(*start, removed[prefix : len(removed) - suffix])
        edits.append(TextEdit(*start, *end, inserted[prefix : len(inserted) - suffix]))
    return tuple(edits)


def apply_edits(text: str, edits: tuple[TextEdit, ...]) -> str:
    """``text`` with ``edits`` (non-overlapping, positions in ``text``) applied: the inverse of
    :func:`text_edits`."""
    lines = lines_of(text)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(line: int, column: int) -> int:
        return starts[line - 1] + column - 1 if line <= len(lines) else starts[-1] + column - 1

    out, cursor = [], 0
    for edit in sorted(edits, key=lambda e: (e.line, e.column)):
        begin, end = offset(edit.line, edit.column), offset(edit.end_line, edit.end_column)
        out.append(text[cursor:begin])
        out.append(edit.content)
        cursor = end
    out.append(text[cursor:])
    return "".join(out)
