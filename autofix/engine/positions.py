"""Line and column of a few nodes, for a fraction of what libcst's ``PositionProvider`` costs.

``MetadataWrapper.resolve(PositionProvider)`` visits the whole tree and then generates the code again while
recording a ``CodeRange`` for every node, splitting every token with a regular expression: on a 1 MB file
that was 8.3 s against 4.6 s for the parse itself (cProfile: ``_unsuppressed`` took 60 % of ``check``).
Findings need the positions of a handful of nodes, so this generates the code once with a codegen state
that only notes token indices for the nodes asked about (and the child nodes their position is hoisted
from), then turns those indices into lines and columns in one pass over the text. The rules for what a
node's position is are libcst's own (syntactic position where the node records one, else the whitespace-
inclusive one); ``tests/test_autofix/engine/test_positions.py`` checks the result against
``PositionProvider`` node by node.

Generating the whole module was still about a third of the parse's time on a file with a finding
(timm's ``data/loader.py``: 8 ms of a 25 ms parse). Given the module's text, only the innermost
statements that hold a wanted node are generated, each placed where its code is found once in the text;
where the file repeats that code, at the line Python's own parse of the text gives it (a tenth of
libcst's parse, which was then most of the positions' cost), checked against the statement's code.
"""

from __future__ import annotations

import ast
import warnings
from collections.abc import Iterable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field

import libcst as cst
from libcst._nodes.internal import CodegenState

from autofix.engine.text_edits import LINE_BREAK
from codemods.core.codegen import code_for_node
from codemods.core.tree import Tree

_NOTHING = nullcontext()


@dataclass(frozen=True)
class Span:
    start_line: int  # one-based
    start_column: int  # zero-based, like libcst's CodePosition
    end_line: int
    end_column: int


class _Record:
    """The context manager libcst's codegen enters around a wanted node's syntactic extent."""

    __slots__ = ("state", "node", "start_node", "end_node", "start")

    def __init__(
        self, state: _SelectiveState, node: cst.CSTNode, start_node: object, end_node: object
    ) -> None:
        self.state, self.node, self.start_node, self.end_node = state, node, start_node, end_node

    def __enter__(self) -> None:
        self.start = len(self.state.tokens)

    def __exit__(self, *exc_info: object) -> None:
        state = self.state
        start = state.ranges[id(self.start_node)][0] if self.start_node is not None else self.start
        end = state.ranges[id(self.end_node)][1] if self.end_node is not None else len(state.tokens)
        state.ranges[id(self.node)] = (start, end)


@dataclass
class _SelectiveState(CodegenState):
    wanted: set[int] = field(default_factory=set)
    ranges: dict[int, tuple[int, int]] = field(default_factory=dict)  # node id -> token index range
    _open: list[int] = field(default_factory=list)

    def before_codegen(self, node: cst.CSTNode) -> None:
        if id(node) in self.wanted:
            self._open.append(len(self.tokens))

    def after_codegen(self, node: cst.CSTNode) -> None:
        if id(node) in self.wanted:
            start = self._open.pop()
            self.ranges.setdefault(id(node), (start, len(self.tokens)))

    def pop_trailing_newline(self) -> None:
        pass  # libcst's position states count the newline before popping it; so do we (by keeping it)

    def record_syntactic_position(self, node, *, start_node=None, end_node=None):
        if id(node) not in self.wanted:
            return _NOTHING
        # The node's position is hoisted from these children: they are generated inside, so ask for them now.
        for child in (start_node, end_node):
            if child is not None:
                self.wanted.add(id(child))
        return _Record(self, node, start_node, end_node)


def spans(
    module: cst.Module,
    nodes: Iterable[cst.CSTNode],
    tree: Tree | None = None,
    extents: Extents | None = None,
    text: str | None = None,
) -> dict[int, Span]:
    """``id(node) -> Span`` for each of ``nodes`` (all in ``module``), as ``PositionProvider`` would say.

    With ``tree`` (``module``'s index) and ``extents``, only the top-level statements that hold one of
    ``nodes`` are generated: where each of them starts comes from the lines and columns of the statements
    before it, which ``extents`` keeps from one version of a file to the next (a statement an edit left
    alone is the same object: :mod:`autofix.engine.pieces`). Without ``extents`` but with ``text`` (what
    ``module`` was parsed from, or its code), the same, each statement's line from Python's parse of
    ``text`` (:func:`_spans_by_line`)."""
    nodes = list(nodes)
    if tree is not None and extents is not None:
        found = _spans_by_statement(module, nodes, tree, extents)
        if found is not None:
            return found
    elif tree is not None and text is not None:
        found = _spans_by_line(module, nodes, tree, text)
        if found is not None:
            return found
    return _spans_of(module, nodes, module, (1, 0))


def _spans_of(
    module: cst.Module, nodes: list[cst.CSTNode], generated: cst.CSTNode, start: tuple[int, int]
) -> dict[int, Span]:
    """The spans of ``nodes``, all in ``generated`` (``module`` or one of its top-level elements), whose
    code starts at line and column ``start`` of the module's."""
    return _spans_in(_generated(module, nodes, generated), nodes, start)


def _generated(
    module: cst.Module, nodes: list[cst.CSTNode], generated: cst.CSTNode, indents: Sequence[str] = ()
) -> _SelectiveState:
    """The code of ``generated`` (in ``module``, inside blocks indented by ``indents``), with the token
    ranges of ``nodes`` under it noted."""
    state = _SelectiveState(
        default_indent=module.default_indent,
        default_newline=module.default_newline,
        wanted={id(n) for n in nodes},
    )
    state.indent_tokens.extend(indents)
    generated._codegen(state)
    return state


def _spans_in(state: _SelectiveState, nodes: list[cst.CSTNode], start: tuple[int, int]) -> dict[int, Span]:
    """The spans of ``nodes`` from the token ranges ``state`` noted, its code starting at ``start``."""
    asked = {id(n) for n in nodes}
    indices = sorted({i for key, pair in state.ranges.items() if key in asked for i in pair})
    where: dict[int, tuple[int, int]] = {}
    line, column, done = start[0], start[1], 0
    for index in indices:
        if index > done:
            chunk = "".join(state.tokens[done:index])
            pieces = LINE_BREAK.split(chunk)
            if len(pieces) == 1:
                column += len(chunk)
            else:
                line += len(pieces) - 1
                column = len(pieces[-1])
            done = index
        where[index] = (line, column)
    result = {}
    for key in asked:
        if key in state.ranges:
            start_index, end_index = state.ranges[key]
            result[key] = Span(*where[start_index], *where[end_index])
    return result


@dataclass(frozen=True)
class _Extent:
    element: cst.CSTNode  # kept, so that its id names no other node while the extent is known
    defaults: tuple[str, str]  # the module's default indent and newline, which code without its own uses
    line_breaks: int
    last_line: int  # the length of the code's last line
    first: str  # the code's first and last characters: a "\r" then a "\n" would be one line break
    last: str
    # The spans of nodes under the element asked about so far, as if its code started at line 1, column 0.
    spans: dict[int, Span] = field(default_factory=dict)


class Extents:
    """How many lines the code of each top-level element (header line, statement, footer line) of a file's
    module spans, and the length of its last line, by element, for the file's next version.

    An element's code does not depend on where it stands (top-level code has no indentation), so the
    same element object has the same extent in any version of the module it is in with the same default
    indentation and newline."""

    def __init__(self) -> None:
        self._kept: dict[int, _Extent] = {}
        self._used: dict[int, _Extent] = {}

    def of(self, module: cst.Module, element: cst.CSTNode) -> _Extent:
        known = self._kept.get(id(element))
        defaults = (module.default_indent, module.default_newline)
        if known is None or known.element is not element or known.defaults != defaults:
            state = CodegenState(default_indent=module.default_indent, default_newline=module.default_newline)
            element._codegen(state)
            code = "".join(state.tokens)
            lines = LINE_BREAK.split(code)
            known = _Extent(element, defaults, len(lines) - 1, len(lines[-1]), code[:1], code[-1:])
        self._used[id(element)] = known
        return known

    def next_version(self) -> None:
        """Keep only the extents the last version used (its elements): the others' nodes are gone."""
        self._kept, self._used = self._used, {}


def _spans_by_statement(
    module: cst.Module, nodes: list[cst.CSTNode], tree: Tree, extents: Extents
) -> dict[int, Span] | None:
    """:func:`spans`, generating only the top-level elements that hold ``nodes``; None when a node is not
    under one (the module itself) or the module holds an element twice."""
    elements = [*module.header, *module.body, *module.footer]
    index = {id(element): n for n, element in enumerate(elements)}
    if len(index) != len(elements):
        return None
    held: dict[int, list[cst.CSTNode]] = {}
    for node in nodes:
        top = tree.top_level(node)
        position = index.get(id(top)) if top is not None else None
        if position is None or elements[position] is not top:
            return None
        held.setdefault(position, []).append(node)
    result: dict[int, Span] = {}
    line, column, previous = 1, 0, ""
    last = max(held, default=-1)
    for position, element in enumerate(elements[: last + 1]):
        extent = extents.of(module, element)
        if previous == "\r" and extent.first == "\n":
            return None  # a line break split between two elements: the whole module's code counts it once
        if position in held:
            wanted = held[position]
            if any(id(node) not in extent.spans for node in wanted):
                extent.spans.update(_spans_of(module, wanted, element, (1, 0)))
            for node in wanted:
                if id(node) in extent.spans:
                    result[id(node)] = _moved(extent.spans[id(node)], line, column)
        if extent.line_breaks:
            line, column = line + extent.line_breaks, extent.last_line
        else:
            column += extent.last_line
        previous = extent.last or previous
    for element in elements[last + 1 :]:
        extents.of(module, element)  # known for the next version too
    return result


def _moved(span: Span, line: int, column: int) -> Span:
    """``span``, of code that started at line 1, column 0, where that code starts at ``line``, ``column``."""
    start_column = span.start_column + column if span.start_line == 1 else span.start_column
    end_column = span.end_column + column if span.end_line == 1 else span.end_column
    return Span(span.start_line + line - 1, start_column, span.end_line + line - 1, end_column)


# Placing the statements that hold the nodes asked about by Python's parse of the text, and generating only
# them, is cheaper than generating the whole module while they are less than this share of its nodes (the
# parse costs about a third of generating all of it, on timm's files).
_BY_LINE_MOST = 0.6

# A statement to generate: the statement, the indentation of its block, the nodes asked about in it, and
# whether they are all in its header (then only the header is generated).
_Leaf = tuple[cst.BaseStatement, tuple[str, ...], list[cst.CSTNode], bool]
# The compound statements whose header (the code before their body) is generated alone.
_HEADED = frozenset({cst.FunctionDef, cst.ClassDef, cst.For, cst.While, cst.With, cst.If})
_PYTHON_KINDS: dict[type[cst.CSTNode], tuple[type[ast.stmt], ...]] = {
    cst.FunctionDef: (ast.FunctionDef, ast.AsyncFunctionDef),
    cst.ClassDef: (ast.ClassDef,),
    cst.If: (ast.If,),
    cst.For: (ast.For, ast.AsyncFor),
    cst.While: (ast.While,),
    cst.With: (ast.With, ast.AsyncWith),
    cst.Try: (ast.Try,),
}


def _spans_by_line(
    module: cst.Module, nodes: list[cst.CSTNode], tree: Tree, text: str
) -> dict[int, Span] | None:
    """:func:`spans`, generating only the innermost statements that hold ``nodes`` (descending into the
    blocks of definitions, ``if``, loops, ``with`` and ``try``), each placed where its code stands in
    ``text``: found there once (:func:`_placed_by_search`), else at the line Python's parse of ``text``
    gives it. None when a node is not under a statement of the module's body, those statements are most
    of the module, Python does not parse ``text`` or its statements do not pair up with libcst's, or a
    statement's code is not the text at the line it is placed at (libcst and Python read the file
    differently: the whole module's code decides)."""
    above = {id(node): {id(a) for a in tree.ancestors(node)} for node in nodes}
    leaves = _leaves(module, module.body, (), nodes, above)
    if not leaves:
        return None
    if sum(_size(tree, leaf[0], leaf[3]) for leaf in leaves) > _BY_LINE_MOST * _size(tree, module, False):
        return None
    generated: list[tuple[_SelectiveState, str, list[cst.CSTNode]]] = []
    for statement, indents, wanted, header in leaves:
        if header:
            part, end = _header_only(statement)
            state = _generated(module, [*wanted, end], part, indents)
            code = "".join(state.tokens[: state.ranges[id(end)][0]])
        else:
            state = _generated(module, wanted, statement, indents)
            code = "".join(state.tokens)
        generated.append((state, code, wanted))
    places = _placed_by_search(text, [code for _, code, _ in generated])
    if places is None:
        places = _placed_by_python(module, tree, text, leaves, [code for _, code, _ in generated])
        if places is None:
            return None
    result: dict[int, Span] = {}
    for (state, _, wanted), line in zip(generated, places):
        result.update(_spans_in(state, wanted, (line, 0)))
    return result


# Searching the text for each statement's code costs a scan of the text or two per statement; Python's
# parse, about as much as a few dozen such scans. More statements than this are placed by the parse.
_SEARCHED_MOST = 16


def _placed_by_search(text: str, codes: list[str]) -> list[int] | None:
    """The line each of ``codes`` (statements' code, each starting a line) starts on in ``text``, where
    each is found there exactly once, at the start of a line; else None.

    The statement's code is the text at its place (when libcst gives the text back, which is what
    positions describe), so a code found once is found there, wherever it is nested: Python's parse of
    the whole file (a tenth of libcst's) is needed only for code the file repeats (``def forward(self,
    x):`` in two classes)."""
    if len(codes) > _SEARCHED_MOST:
        return None
    lines = []
    for code in codes:
        # A file that ends without a line break ends with its last statement's code less its line break.
        unended = _without_last_line_break(code)
        if unended != code and text.endswith(unended):
            code = unended
        at = text.find(code) if code else -1
        if at < 0 or text.find(code, at + 1) >= 0:
            return None
        before = text[at - 1 : at]
        if before not in ("", "\n", "\r") or (before == "\r" and code.startswith("\n")):
            return None  # not at a line's start ("\r" then "\n": one line break, split)
        lines.append(len(LINE_BREAK.findall(text, 0, at)) + 1)
    return lines


def _without_last_line_break(code: str) -> str:
    if code.endswith("\r\n"):
        return code[:-2]
    return code[:-1] if code.endswith(("\n", "\r")) else code


def _placed_by_python(
    module: cst.Module, tree: Tree, text: str, leaves: list[_Leaf], codes: list[str]
) -> list[int] | None:
    """The line each of ``leaves`` starts on, from Python's parse of ``text``, where its code (``codes``)
    is the text there; else None."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # an invalid escape warns: the file's business, not ours
            parsed = ast.parse(text)  # (the ``ast`` module's own frame: no ``__future__`` flag of ours)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    lines: dict[int, int] = {}  # id(leaf statement) -> the line its code starts on
    on_path = {id(a) for leaf in leaves for a in tree.ancestors(leaf[0])}
    if not _lines_of(module, module.body, parsed.body, {id(leaf[0]) for leaf in leaves}, on_path, lines):
        return None
    line_starts = [0, *(found.end() for found in LINE_BREAK.finditer(text))]
    places = []
    for leaf, code in zip(leaves, codes):
        line = lines[id(leaf[0])]
        if not 0 < line <= len(line_starts) or not text.startswith(code, line_starts[line - 1]):
            return None
        places.append(line)
    return places


def _size(tree: Tree, node: cst.CSTNode, header: bool) -> int:
    """How many of the tree's nodes generating ``node`` (its header only, with ``header``) walks: about
    what it costs (whitespace and punctuation are not indexed)."""
    first, end = tree.extent(node) or (0, 0)
    if header:
        for part in (getattr(node, "body", None), getattr(node, "orelse", None)):
            inner = tree.extent(part) if part is not None else None
            end -= inner[1] - inner[0] if inner is not None else 0
    return end - first


def _leaves(
    module: cst.Module,
    statements: Sequence[cst.BaseStatement],
    indents: tuple[str, ...],
    nodes: list[cst.CSTNode],
    above: dict[int, set[int]],
) -> list[_Leaf] | None:
    """The innermost statements of ``statements`` (a block's, indented by ``indents``) that hold
    ``nodes``, each with the nodes in it, and whether they are all in its header (the part before its
    first block: a definition's parameters, a loop's iterable); None when a node is under none of them."""
    by_id = {id(s): s for s in statements}
    if len(by_id) != len(statements):
        return None  # a statement object twice: which of its places would be ambiguous
    held: dict[int, list[cst.CSTNode]] = {}
    for node in nodes:
        # Siblings' subtrees are disjoint: at most one statement of the block is the node or holds it
        # (looked up by id, not by scanning the block: a file of thousands of findings and statements).
        holder = id(node) if id(node) in by_id else next((a for a in above[id(node)] if a in by_id), None)
        if holder is None:
            return None
        held.setdefault(holder, []).append(node)
    leaves: list[_Leaf] = []
    for statement in statements:
        wanted = held.get(id(statement))
        if wanted is None:
            continue
        found: list[_Leaf] | None = []
        rest = wanted
        for block in _blocks(statement):
            in_block = [n for n in rest if id(block) in above[id(n)]]
            if in_block and found is not None:
                indent = block.indent if block.indent is not None else module.default_indent
                below = _leaves(module, block.body, (*indents, indent), in_block, above)
                found = None if below is None else found + below
                rest = [n for n in rest if id(block) not in above[id(n)]]
        if found is not None and rest:
            found = [(statement, indents, rest, True)] + found if _in_header(statement, rest, above) else None
        leaves.extend(found if found is not None else [(statement, indents, wanted, False)])
    return leaves


def _in_header(statement: cst.CSTNode, nodes: list[cst.CSTNode], above: dict[int, set[int]]) -> bool:
    """Are ``nodes`` (under ``statement``) all in the part of it before its body, which
    :func:`_header_only` generates?"""
    if type(statement) not in _HEADED:
        return False
    after = [getattr(statement, "body", None), getattr(statement, "orelse", None)]
    return all(
        n is not statement and not any(a is n or id(a) in above[id(n)] for a in after if a) for n in nodes
    )


def _header_only(statement: cst.BaseStatement) -> tuple[cst.CSTNode, cst.CSTNode]:
    """``statement`` up to its body and, after that, a stand-in body whose start ends the header's code."""
    # No whitespace before it: the range noted for it (its syntactic one) starts right after the colon.
    end = cst.SimpleStatementSuite(body=[cst.Pass()], leading_whitespace=cst.SimpleWhitespace(""))
    if isinstance(statement, (cst.If, cst.For, cst.While)):
        return statement.with_changes(body=end, orelse=None), end
    return statement.with_changes(body=end), end


def _blocks(statement: cst.CSTNode) -> list[cst.IndentedBlock]:
    """The indented blocks of ``statement`` in the order of :func:`_python_blocks`; empty where it has
    one on its header's line (``if a: b``) or an ``elif``."""
    blocks: list[cst.BaseSuite | None] = []
    if isinstance(statement, (cst.FunctionDef, cst.ClassDef, cst.With)):
        blocks = [statement.body]
    elif isinstance(statement, (cst.For, cst.While, cst.If)):
        if isinstance(statement.orelse, cst.If):
            return []
        blocks = [statement.body, statement.orelse.body if statement.orelse is not None else None]
    elif isinstance(statement, cst.Try):
        blocks = [
            statement.body,
            *(handler.body for handler in statement.handlers),
            statement.orelse.body if statement.orelse is not None else None,
            statement.finalbody.body if statement.finalbody is not None else None,
        ]
    present = [block for block in blocks if isinstance(block, cst.IndentedBlock)]
    return present if len(present) == sum(block is not None for block in blocks) else []


def _python_blocks(statement: ast.stmt) -> list[list[ast.stmt]]:
    """The statement lists of Python's ``statement``, as :func:`_blocks` lists libcst's blocks."""
    if isinstance(statement, (ast.For, ast.AsyncFor, ast.While, ast.If)):
        return [statement.body, *([statement.orelse] if statement.orelse else [])]
    if isinstance(statement, ast.Try):
        return [
            statement.body,
            *(handler.body for handler in statement.handlers),
            *([statement.orelse] if statement.orelse else []),
            *([statement.finalbody] if statement.finalbody else []),
        ]
    return [getattr(statement, "body", [])]


def _lines_of(
    module: cst.Module,
    statements: Sequence[cst.BaseStatement],
    python: list[ast.stmt],
    leaves: set[int],
    on_path: set[int],
    lines: dict[int, int],
) -> bool:
    """Notes in ``lines`` the line each leaf statement under ``statements`` starts on, from ``python``,
    Python's parse of the same block: the line of the statement's first token (of a decorated
    definition, its keyword's), less the lines libcst keeps before that token. Only the statements of
    ``on_path`` (those above a leaf) are looked into. False where the two do not pair up (a line ``a =
    1; b = 2`` is one statement to libcst, two to Python)."""
    at = 0
    for statement in statements:
        if at >= len(python):
            return False
        counterpart = python[at]
        at += len(statement.body) if isinstance(statement, cst.SimpleStatementLine) else 1
        if id(statement) in leaves:  # (its header may be one, and statements in its blocks others)
            lines[id(statement)] = counterpart.lineno - _lines_before_keyword(module, statement)
        blocks = _blocks(statement) if id(statement) in on_path else []
        if not blocks:
            continue
        if not isinstance(counterpart, _PYTHON_KINDS.get(type(statement), ())):
            return False
        paired = _python_blocks(counterpart)
        if len(paired) != len(blocks):
            return False
        for block, block_python in zip(blocks, paired):
            if not _lines_of(module, block.body, block_python, leaves, on_path, lines):
                return False
    return at == len(python)


def _lines_before_keyword(module: cst.Module, statement: cst.CSTNode) -> int:
    """How many lines of ``statement``'s code come before the line Python gives it: its leading
    comment and blank lines, and a definition's decorators."""
    lines = len(getattr(statement, "leading_lines", ()))
    if isinstance(statement, (cst.FunctionDef, cst.ClassDef)) and statement.decorators:
        for decorator in statement.decorators:
            code = code_for_node(decorator, module.default_indent, module.default_newline)
            lines += len(LINE_BREAK.findall(code))
        lines += len(statement.lines_after_decorators)
    return lines
