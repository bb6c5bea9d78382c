"""Every fix ``apply`` makes, in every pass, placed on the lines of the original text (only when asked).

``check`` reports what the rules find on the original text; ``apply`` goes on in passes until nothing
changes, and a later pass fixes code an earlier fix wrote (DEV009 removes ``from torch.autograd import
Variable`` once no ``Variable(...)`` is left; DEV008 fixes the ``.item()`` DEV011 wrote from
``.data[0]``). Such fixes change the user's file, yet no finding of ``check`` names them. A
:class:`FixTrace` handed to :func:`autofix.engine.lint.lint_and_fix` records each applied fix with its
code, message, pass, its edits of the text its pass edited, and where it lies in the **original**
numbering: each pass's lines are mapped back through the earlier passes' edits, and a line an earlier
fix wrote maps to the original lines that fix replaced (an inserted line, to the line it was inserted
at). The engine only calls it when one is given, so a run without one costs nothing more.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import libcst as cst

from autofix.engine.fix_edits import FixEdits
from autofix.engine.pieces import reused_extents
from autofix.engine.positions import spans
from autofix.engine.text_edits import LINE_BREAK, TextEdit, apply_edits, lines_of, text_edits
from codemods.core.base import Finding, TextFix
from codemods.core.tree import Tree

Lines = tuple[int, int]  # (first, last) line of the original text, from 1


@dataclass(frozen=True)
class AppliedFix:
    """One fix ``apply`` made.

    ``line``/``end_line`` are its finding's lines and ``spans`` the lines each of its edits replaced,
    all in the original's numbering (in a notebook: the cell's, with ``cell``; each span is
    ``(cell, first, last)``, ``cell`` None in a plain file). ``edits`` are positions in ``before``,
    the text its pass edited (the first pass: after the text repairs, which come first with the
    original as theirs; in a notebook, per cell: each edit's ``cell`` names its entry).
    ``reported`` is true for the fixes ``check`` reports on the original: those of the first pass,
    and those the first pass deferred (they overlapped another fix) that a later pass applied."""

    code: str
    message: str
    safety: str
    pass_number: int  # 1: the pass on the original text
    reported: bool
    line: int
    end_line: int
    spans: tuple[tuple[int | None, int, int], ...]
    edits: tuple[TextEdit, ...] = ()
    before: Mapping[int | None, str] = field(default_factory=dict, repr=False, compare=False)
    cell: int | None = None


@dataclass
class FixTrace:
    """Collects the fixes of one ``lint_and_fix`` run; read :attr:`fixes` after it."""

    fixes: list[AppliedFix] = field(default_factory=list)
    # The original lines each line of the current text comes from; None while it is the original.
    _origin: list[Lines] | None = None
    _pending: Counter[tuple[str, str]] = field(default_factory=Counter)  # first-pass fixes deferred
    _edits: list[TextEdit] = field(default_factory=list)  # the last noted pass's edits, all fixes
    _text: str = ""

    def repaired(self, text: str, repairs: Sequence[tuple[str, str, TextFix]]) -> None:
        """The fixes made to ``text`` before it is parsed (:mod:`autofix.engine.text_fixes`), each as
        (code, safety, fix): reported by ``check``, on one line, which keeps its number."""
        for code, safety, repair in repairs:
            edits = tuple(
                TextEdit(part.line, part.column + 1, part.line, part.column + 1 + len(part.old), part.new)
                for part in repair.parts
            )
            first, last = min(e.line for e in edits), max(e.line for e in edits)
            spans = ((None, first, last),)
            self.fixes.append(
                AppliedFix(code, repair.message, safety, 1, True, first, last, spans, edits, {None: text})
            )

    def note(
        self,
        module: cst.Module,
        text: str,
        tree: Tree,
        chosen: Sequence[Finding],
        waiting: Sequence[Finding],
        pass_number: int,
    ) -> None:
        """The fixes one pass is about to apply to ``module`` (parsed from ``text``; ``tree`` its index);
        ``waiting`` are those it defers. Call :meth:`advance` with the text the pass wrote."""
        positions = spans(module, [f.node for f in chosen], tree, reused_extents())
        fix_edits = FixEdits(module, text, tree)
        self._text, self._edits = text, []
        left = self._pending
        seen: set[frozenset[tuple[int, int]]] = set()  # a fix several findings share is edited once
        for finding in chosen:
            key = (finding.code, finding.message)
            reported = pass_number == 1 or left[key] > 0
            if pass_number > 1 and reported:
                left[key] -= 1
            edits = fix_edits.of(finding.edits)
            fix = frozenset((id(node), id(repl)) for node, repl in finding.edits.items())
            if fix not in seen:
                seen.add(fix)
                self._edits.extend(edits)
            where = positions[id(finding.node)]
            first = self._origin_of(where.start_line)[0]
            last = self._origin_of(where.end_line)[1]
            self.fixes.append(
                AppliedFix(
                    finding.code,
                    finding.message,
                    finding.safety.value,
                    pass_number,
                    reported,
                    first,
                    max(first, last),
                    tuple((None, *self._edit_origin(edit)) for edit in edits),
                    edits,
                    {None: text},
                )
            )
        still: Counter[tuple[str, str]] = Counter()
        for finding in waiting:
            key = (finding.code, finding.message)
            if pass_number == 1 or left[key] > 0:
                left[key] -= 1
                still[key] += 1
        self._pending = still

    def advance(self, rewritten: str) -> None:
        """The pass noted last wrote ``rewritten``: map its lines back to the original."""
        edits = sorted(self._edits, key=lambda e: (e.line, e.column))
        if not _disjoint(edits) or apply_edits(self._text, tuple(edits)) != rewritten:
            # The fixes' own edits, taken one finding at a time, are not the pass's whole change (two
            # fixes in one statement diffed apart): the difference of the two texts says where lines went.
            edits = list(text_edits(self._text, rewritten))
        self._origin = self._mapped(self._text, edits)

    def origin(self, line: int) -> Lines:
        """The original lines (first, last) that ``line`` of the text the last pass wrote comes from."""
        return self._origin_of(line)

    def _origin_of(self, line: int) -> Lines:
        if self._origin is None:
            return line, line
        if not self._origin:
            return 1, 1
        return self._origin[min(max(line, 1), len(self._origin)) - 1]

    def _edit_origin(self, edit: TextEdit) -> Lines:
        """The original lines an edit of the current text replaces (an insertion: the line it is at)."""
        first = edit.line
        last = edit.end_line if edit.end_column > 1 else edit.end_line - 1  # an end at column 1 takes
        last = max(first, last)  # nothing of its line
        begin, end = self._origin_of(first), self._origin_of(last)
        return min(begin[0], end[0]), max(begin[1], end[1])

    def _mapped(self, old: str, edits: Sequence[TextEdit]) -> list[Lines]:
        """For each line of ``old`` with ``edits`` applied, the original lines it comes from."""
        starts = _line_starts(old)
        count = len(starts) - 1  # lines of ``old``

        def offset(line: int, column: int) -> int:
            return starts[min(line, count + 1) - 1] + column - 1

        def line_at(at: int) -> int:  # the line of ``old`` holding offset ``at``
            return min(bisect_right(starts, at), max(count, 1))

        result: list[Lines] = []
        current: list[int] = []  # lo, hi of the new line being built

        def add(span: Lines) -> None:
            if current:
                current[0], current[1] = min(current[0], span[0]), max(current[1], span[1])
            else:
                current.extend(span)

        def finish() -> None:
            result.append((current[0], current[1]) if current else result[-1] if result else (1, 1))
            current.clear()

        def unchanged(begin: int, end: int) -> None:
            at = begin
            while at < end:
                line = line_at(at)
                add(self._origin_of(line))
                line_end = starts[line]
                if line_end <= end and _ends_with_break(old, line_end):
                    finish()
                at = max(line_end, at + 1)

        cursor = 0
        for edit in edits:
            begin, end = offset(edit.line, edit.column), offset(edit.end_line, edit.end_column)
            unchanged(cursor, begin)
            replaced = self._edit_origin(edit)
            whole_lines = edit.column == 1 and edit.end_column == 1
            pieces = LINE_BREAK.split(edit.content)
            for k, piece in enumerate(pieces):
                # What the fix wrote is from the lines it replaced; lines it removed whole leave nothing.
                if piece or (k == 0 and not (whole_lines and not edit.content)):
                    add(replaced)
                if k < len(pieces) - 1:
                    add(replaced)
                    finish()
            cursor = end
        unchanged(cursor, len(old))
        if current:
            finish()
        return result


def _line_starts(text: str) -> list[int]:
    """Where each line of ``text`` starts, and its length last (Python's line ends)."""
    starts = [0]
    for line in lines_of(text):
        starts.append(starts[-1] + len(line))
    return starts


def _ends_with_break(text: str, end: int) -> bool:
    return end > 0 and text[end - 1] in "\r\n"


def _disjoint(edits: Sequence[TextEdit]) -> bool:
    return all((a.end_line, a.end_column) <= (b.line, b.column) for a, b in zip(edits, edits[1:]))
