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
"""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import nullcontext
from dataclasses import dataclass, field

import libcst as cst
from libcst._nodes.internal import CodegenState

from autofix.engine.text_edits import LINE_BREAK
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
) -> dict[int, Span]:
    """``id(node) -> Span`` for each of ``nodes`` (all in ``module``), as ``PositionProvider`` would say.

    With ``tree`` (``module``'s index) and ``extents``, only the top-level statements that hold one of
    ``nodes`` are generated: where each of them starts comes from the lines and columns of the statements
    before it, which ``extents`` keeps from one version of a file to the next (a statement an edit left
    alone is the same object: :mod:`autofix.engine.pieces`)."""
    nodes = list(nodes)
    if tree is not None and extents is not None:
        found = _spans_by_statement(module, nodes, tree, extents)
        if found is not None:
            return found
    return _spans_of(module, nodes, module, (1, 0))


def _spans_of(
    module: cst.Module, nodes: list[cst.CSTNode], generated: cst.CSTNode, start: tuple[int, int]
) -> dict[int, Span]:
    """The spans of ``nodes``, all in ``generated`` (``module`` or one of its top-level elements), whose
    code starts at line and column ``start`` of the module's."""
    state = _SelectiveState(
        default_indent=module.default_indent,
        default_newline=module.default_newline,
        wanted={id(n) for n in nodes},
    )
    generated._codegen(state)
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
