"""Parsing a large module in pieces: the tree one parse gives, in about a third of the time on a 5 MB file.

libcst's native parser costs more than linearly in a module's size (CPU seconds, one process, the
workers' collector settings): a 1 MB generated torch file parses in 3.4-5.6 s, five times as much code in
25-44 s, and the same 5 MB cut into pieces of 10-20 kB in 12-13 s (``benchmarks/results.md``). So a module
larger than a piece is cut at lines that start a top-level statement, and each piece is parsed alone:

- A cut goes only before a line that starts at column 0 with a name or keyword that cannot continue the
  statement before it (not ``else``, ``elif``, ``except``, ``finally``; not after a decorator or a
  backslash).
- Each piece but the last is parsed followed by a ``pass`` line. A cut that falls inside a string, a
  bracket or a continued line makes that piece fail to parse (``pass`` is never valid inside an
  expression), or makes the ``pass`` part of a statement of the piece (``if x: \\`` then ``pass``); either
  way the piece is tried again with the next cut as its end (``_MAX_TRIES`` ends, then the whole module
  is parsed instead), so a cut is kept only where the tokenizer is at the start of a line, outside any
  bracket and string, as in the whole module.
- The comments and blank lines before the ``pass`` are the ones the whole parse gives to the statement
  after the cut (both start at column 0), so they are moved there.
- libcst takes a module's default indentation and newline from the first indented block and the first
  line break of what it parses. A piece after the first is parsed after an ``if 1:`` block indented by
  the module's default (once the file has had an indented block), or after a ``pass`` line (before), both
  ending with the module's newline; either opener is dropped from the result.

Anything unexpected (a piece that does not parse, a result of another shape) falls back to one parse of
the whole module, which also gives the error message a file with a syntax error deserves.

The language server parses one file again and again, a few characters changed each time. Inside
:func:`reusing_pieces` a piece whose text (opener and closing ``pass`` included) was parsed for the last
version of the same file is not parsed again: the same text gives the same tree, and trees are never
changed in place. There the cuts are anchored to the content (a line may end a piece only if a checksum of
it says so, past half a piece's size), so that an edit moves no cut but those near it, and the pieces after
it are the ones parsed before.
``tests/test_autofix/engine/test_pieces.py`` checks the tree against a whole parse on the corpus and this
project's sources,
cut at every line where a cut may go, on edge layouts, and on generated programs.
"""

from __future__ import annotations

import re
import zlib
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import libcst as cst

from autofix.engine import trusted_parse
from autofix.engine.positions import Extents
from autofix.engine.text_edits import (
    LINE_BREAK,  # libcst's too: the first one is the module's default newline
)
from codemods.core.tree import Tree

PIECE_SIZE = 16_384  # bytes: 10-20 kB pieces parsed fastest on the 5 MB file (benchmarks/results.md)
# Reusing pieces (anchored cuts: pieces of half to twice the size), an edit parses again the one piece
# it falls in. CPU per change, a line inserted in the middle (median of 12): on the 2,000-line benchmark
# file, 31 ms with 16 kB pieces and one line in 16 an anchor, 18 ms at 8 kB, 11 ms at 4 kB with one in 4
# (with one in 16 the cuts there are too sparse for 4 kB to be smaller); on the 19 dev field files over
# 12 kB, 12.6 ms (8 kB, one in 16) and 5.5 ms (4 kB, one in 4), their first parse as fast. At 2 kB this file
# fell back to one whole parse (a piece's ends all failed): 190 ms.
REUSED_PIECE_SIZE = 4_096

_CLAUSE_WORDS = frozenset({"else", "elif", "except", "finally"})
_WORD = re.compile(r"\w+")
_LONE_PASS = cst.SimpleStatementLine(body=[cst.Pass()])
_MAX_TRIES = 4  # ends tried for one piece before the whole module is parsed instead
_ANCHOR_ONE_IN = 4  # anchored: of the lines where a piece may start, about one in so many may end one


class PieceCache:
    """What the last version of each of a few files leaves for their next versions: the pieces parsed,
    the extents of the module's top-level statements (:class:`autofix.engine.positions.Extents`) and, for
    the file used last, the module's index (:class:`codemods.core.tree.Tree`, whose entries for the
    statements an edit left alone are copied rather than walked again).

    ``source_budget`` bounds what is kept, counted in characters of source (a tree costs about 30 times
    its text in memory): the files used longest ago are dropped first. ``piece_size``: smaller pieces than
    the command line's, so that an edit has less to parse again."""

    def __init__(self, source_budget: int = 2_000_000, piece_size: int = REUSED_PIECE_SIZE) -> None:
        self.source_budget = source_budget
        self.piece_size = piece_size
        self.parses = 0  # pieces parsed, not found (for tests and benchmarks)
        self._files: OrderedDict[str, _Kept] = OrderedDict()
        self._kept: dict[str, cst.Module] = {}
        self._used: dict[str, cst.Module] = {}
        self.extents = Extents()  # the current file's
        self.tree: Tree | None = None  # the index of the current file's last version (its text parsed)

    def parse(self, source: str) -> cst.Module:
        # Taken out, not looked up: a file that holds the same piece twice (a block of code repeated)
        # must get two trees, or its module would hold the same statement objects twice, and everything
        # that finds a node by its identity (positions, the tree's index, a fix's edits) would confuse them.
        module = self._kept.pop(source, None)
        if module is None:
            module = trusted_parse.parse_module(source)
            self.parses += 1
        self._used[source] = module
        return module

    def _begin(self, key: str) -> None:
        kept = self._files.pop(key, None) or _Kept({}, Extents(), None)
        self._kept, self._used = kept.pieces, {}
        self.extents, self.tree = kept.extents, kept.tree
        self.extents.next_version()

    def _end(self, key: str) -> None:
        for kept in self._files.values():
            kept.tree = None  # an index costs about as much memory as the trees: only the last file's is kept
        self._files[key] = _Kept(self._used, self.extents, self.tree)
        self._kept, self._used = {}, {}
        self.extents, self.tree = Extents(), None
        while len(self._files) > 1 and self._kept_source() > self.source_budget:
            self._files.popitem(last=False)

    def _kept_source(self) -> int:
        return sum(len(source) for kept in self._files.values() for source in kept.pieces)


@dataclass
class _Kept:
    pieces: dict[str, cst.Module]  # by source (opener and closing ``pass`` included)
    extents: Extents
    tree: Tree | None


_reusing: PieceCache | None = None


@contextmanager
def reusing_pieces(cache: PieceCache, key: str) -> Iterator[None]:
    """Parses of the file ``key`` (its path) inside the block reuse its last version's pieces."""
    global _reusing
    cache._begin(key)
    _reusing = cache
    try:
        yield
    finally:
        _reusing = None
        cache._end(key)


def reused_extents() -> Extents | None:
    """The current file's :class:`Extents`, inside :func:`reusing_pieces`; None outside."""
    return _reusing.extents if _reusing is not None else None


def reused_tree(module: cst.Module) -> Tree:
    """The index of ``module`` (the current text, parsed); inside :func:`reusing_pieces` made from the
    last version's, which is then replaced by it."""
    if _reusing is None:
        return Tree(module)
    tree = Tree(module, _reusing.tree)
    _reusing.tree = tree
    return tree


def parse_module(text: str, piece_size: int | None = None) -> cst.Module:
    """``text`` parsed as libcst's ``parse_module`` parses it; in pieces of about ``piece_size``
    characters when it is larger (by default :data:`PIECE_SIZE`, or the cache's inside
    :func:`reusing_pieces`). Raises what ``libcst.parse_module(text)`` raises."""
    if piece_size is None:
        piece_size = PIECE_SIZE if _reusing is None else _reusing.piece_size
    cuts = cut_points(text, piece_size, anchored=_reusing is not None)
    module = _parse_pieces(text, cuts) if cuts else None
    # None: a piece did not parse alone; the whole parse says whether the file does, and why not.
    return module if module is not None else trusted_parse.parse_module(text)


def cut_points(text: str, piece_size: int, anchored: bool = False) -> list[int]:
    """Offsets at least ``piece_size`` apart where a piece may start (see the module's docstring).
    Lines after an odd number of triple quotes are passed over: they are most likely inside a docstring
    (a guess only, that saves a failed parse; the parse of each piece decides). ``anchored``: at least
    half ``piece_size`` apart, at lines the content picks (:func:`_anchor`), at most about twice it."""
    cuts: list[int] = []
    start, end = 0, len(text)
    while start + piece_size < end:
        position = start + (piece_size // 2 if anchored else piece_size)
        limit = start + 2 * piece_size if anchored else position
        # Count up to the start of the line `position` falls in, not to `position` itself: a triple quote
        # that `position` splits (`piece_size` 1 at the file's opening docstring) would count in neither
        # window. The next cut is after that line either way.
        position = max(start, text.rfind("\n", start, position) + 1)
        quotes = _triple_quotes(text, start, position)
        while True:
            newline = text.find("\n", position)
            if newline < 0 or newline + 1 >= end:
                return cuts
            quotes += _triple_quotes(text, position, newline + 1)
            position = newline + 1
            if quotes % 2 == 0 and _may_start_piece(text, position):
                if position >= limit or _anchor(text, position):
                    break
        cuts.append(position)
        start = position
    return cuts


def _anchor(text: str, at: int) -> bool:
    """Whether the line at ``at`` is one the content picks to start a piece: the same line picks itself
    wherever it moves, so cuts away from an edit stay where they were."""
    line_end = text.find("\n", at)
    line = text[at : line_end if line_end >= 0 else len(text)]
    return zlib.crc32(line.encode("utf-8", "surrogatepass")) % _ANCHOR_ONE_IN == 0


def _triple_quotes(text: str, start: int, end: int) -> int:
    return text.count('"""', start, end) + text.count("'''", start, end)


def _may_start_piece(text: str, at: int) -> bool:
    first = text[at]
    if not (first.isalpha() or first == "_"):
        return False
    word = _WORD.match(text, at)
    if word is not None and word.group() in _CLAUSE_WORDS:
        return False
    line_before = text.rfind("\n", 0, at - 1) + 1
    return text[line_before] != "@" and not text[line_before:at].rstrip("\r\n").endswith("\\")


def _parse_pieces(text: str, cuts: list[int]) -> cst.Module | None:
    newline_found = LINE_BREAK.search(text)
    newline = newline_found.group() if newline_found else "\n"
    ends = [*cuts, len(text)]
    body: list[cst.SimpleStatementLine | cst.BaseCompoundStatement] = []
    carried: tuple[cst.EmptyLine, ...] = ()
    indent: str | None = None  # the module's default indentation, once a piece has had a block
    first: cst.Module | None = None
    start, next_end = 0, 0
    while True:
        parsed = _next_piece(
            text, start, ends, next_end, newline, "" if first is None else opener(indent, newline)
        )
        if parsed is None:
            return None
        piece, end_index, statements, closing_lines = parsed
        if first is None:
            first = piece
        else:
            if indent is not None and piece.default_indent != indent:
                return None
            if len(statements) < 2 or not statements[0].deep_equals(_opener_node(indent)):
                return None
            statements = statements[1:]
            if not statements or statements[0].leading_lines:
                return None  # a piece starts with code, so its first statement has no lines of its own
            statements[0] = statements[0].with_changes(leading_lines=carried)
        if indent is None and any(_opens_block(stmt) for stmt in statements):
            indent = piece.default_indent  # the file's first indented block: its indentation is the default
        body.extend(statements)
        carried = closing_lines
        if end_index == len(ends) - 1:
            return first.with_changes(
                body=body,
                footer=piece.footer,
                has_trailing_newline=piece.has_trailing_newline,
                default_indent=indent if indent is not None else first.default_indent,
            )
        start, next_end = ends[end_index], end_index + 1


def _next_piece(
    text: str, start: int, ends: list[int], end_index: int, newline: str, opener: str
) -> (
    tuple[
        cst.Module, int, list[cst.SimpleStatementLine | cst.BaseCompoundStatement], tuple[cst.EmptyLine, ...]
    ]
    | None
):
    """The piece that starts at ``start`` (where a piece may start: the one before it parsed) and ends
    at ``ends[end_index]``, or at a later end when that one falls inside a string or a bracket (the piece
    then does not parse with a closing ``pass``): its parse, the index of its end, its statements
    without the closing ``pass``, and the lines that ``pass`` took. None after ``_MAX_TRIES`` ends."""
    for index in range(end_index, min(end_index + _MAX_TRIES, len(ends))):
        is_last = index == len(ends) - 1
        try:
            closing = "" if is_last else "pass" + newline
            source = opener + text[start : ends[index]] + closing
            piece = _reusing.parse(source) if _reusing is not None else trusted_parse.parse_module(source)
        except (cst.ParserSyntaxError, cst.CSTValidationError):
            continue
        statements = list(piece.body)
        if is_last:
            return piece, index, statements, ()
        kept, closing_lines = _without_closing_pass(statements)
        if kept is not None:
            return piece, index, kept, closing_lines
    return None


def opener(indent: str | None, newline: str) -> str:
    """A first statement that makes libcst take ``indent`` as the default indentation of what follows it
    (its first indented block), and ``newline`` as its default newline; a ``pass`` line for no indent."""
    return "pass" + newline if indent is None else f"if 1:{newline}{indent}pass{newline}"


def _without_closing_pass(
    statements: list[cst.SimpleStatementLine | cst.BaseCompoundStatement],
) -> tuple[list[cst.SimpleStatementLine | cst.BaseCompoundStatement] | None, tuple[cst.EmptyLine, ...]]:
    """The statements before the ``pass`` appended to a piece, and the lines the ``pass`` took (they
    belong to the next piece's first statement); None when the ``pass`` did not parse as a line of its own."""
    closing = statements[-1] if statements else None
    if closing is None or not closing.with_changes(leading_lines=()).deep_equals(_LONE_PASS):
        return None, ()
    return statements[:-1], tuple(closing.leading_lines)


_OPENERS: dict[str | None, cst.BaseStatement] = {}


def _opener_node(indent: str | None) -> cst.BaseStatement:
    node = _OPENERS.get(indent)
    if node is None:
        node = _OPENERS[indent] = cst.parse_module(opener(indent, "\n")).body[0]
    return node


def _opens_block(stmt: cst.BaseStatement) -> bool:
    """Whether the top-level statement ``stmt`` has an indented block (libcst's tokenizer then meets
    an indent in it: the first such statement sets the module's default indentation)."""
    if isinstance(stmt, cst.Match):
        return True
    clauses: list[object] = [stmt]
    while clauses:
        clause = clauses.pop()
        if isinstance(getattr(clause, "body", None), cst.IndentedBlock):
            return True
        for name in ("orelse", "finalbody"):
            part = getattr(clause, name, None)
            if part is not None:
                clauses.append(part)
        clauses.extend(getattr(clause, "handlers", ()))
    return False
