"""Whether the tree a pass of edits builds is the tree libcst would parse from the text it generates.

The engine used to parse again, with libcst, every statement a pass of fixes changed: the proof that the
fixed text parses, and the next pass's tree. On the 2.4 MB fix-heavy benchmark file those re-parses were
a sixth of apply, and the tree the edits built (:func:`autofix.engine.edits.apply_edits`: the fixes'
replacements, the ancestors copied) was already the parsed one in every changed statement. So the engine
goes on from the built tree (:mod:`autofix.engine.reparse`) when this module's :func:`parse_gives_built`
says that a parse would give it, and each changed statement's text passes ``ast.parse`` (it parses);
otherwise it parses those statements with libcst, as before.

Two trees generate the same text yet differ only where the generated text does not say which tree it is
(libcst's code generation writes a node's fields, nothing else). What this checks, on the nodes the
edits add and the sequences they change (never the untouched parse):

- Parentheses: an expression put where it binds more loosely than its place needs, without its own
  parentheses (``a + b`` as an attribute's value generates ``a + b.x``), is read as another tree.
- Defaults: a field left ``MaybeSentinel.DEFAULT`` whose code generation writes a token (a comma
  between two arguments, ``=`` of a keyword) is parsed as an explicit node.
- Sharing: a node can stand only once in a parsed tree, so a node the edits put in two places, or
  move while it stays where it was, has no parsed twin (and the tree index would lose one of them).
- Indentation: a block indented by the module's default, noted explicitly (a parse notes None).
- Names: a ``Name`` whose value is a keyword (``Name("lambda")``: libcst checks only that it is an
  identifier) is no name in a parse.

Anything it cannot tell (a class of node it does not know the precedence of, a parenthesised
generator), it answers False: the libcst parse then decides, so a wrong "no" costs time, never a
different result. ``tests/test_autofix/engine/test_reparse.py`` compares every pass's built tree with a
full parse of its text on the corpus and on generated programs, and
``tests/test_autofix/engine/test_built_trees.py`` compares the outcomes with the re-parsing engine's
(``AUTOFIX_REPARSE_CHANGED=1``) byte for byte.
"""

from __future__ import annotations

import keyword
from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

import libcst as cst

from autofix.engine.edits import Replacement, node_fields
from codemods.core.tree import Tree
from codemods.core.tree import _child_fields as _code_fields

_ATOM = 16  # binds tighter than any operator: a name, a call, a literal, anything in parentheses
_FULL = 0  # any expression but a bare tuple, a yield, a walrus, a star: an argument, a list's element
_ANY = -1  # a bare tuple too, where a parse gives one (`x = a, b`, `return a, b`, `for a, b in c`)

_ATOMS = frozenset(
    {
        cst.Name,
        cst.Attribute,
        cst.Call,
        cst.Subscript,
        cst.SimpleString,
        cst.ConcatenatedString,
        cst.FormattedString,
        cst.Integer,
        cst.Float,
        cst.Imaginary,
        cst.List,
        cst.Set,
        cst.Dict,
        cst.ListComp,
        cst.SetComp,
        cst.DictComp,
        cst.Ellipsis,
    }
)

_BINARY = {
    cst.BitOr: 6,
    cst.BitXor: 7,
    cst.BitAnd: 8,
    cst.LeftShift: 9,
    cst.RightShift: 9,
    cst.Add: 10,
    cst.Subtract: 10,
    cst.Multiply: 11,
    cst.Divide: 11,
    cst.FloorDivide: 11,
    cst.Modulo: 11,
    cst.MatrixMultiply: 11,
    cst.Power: 13,
}

# What an expression in each place must bind at least as tightly as, without parentheses of its own;
# a place not listed takes only atoms. Operators' operands are decided in _needed.
_PLACES: dict[tuple[type, str], int] = {
    (cst.Arg, "value"): _FULL,
    (cst.Element, "value"): _FULL,
    (cst.DictElement, "key"): _FULL,
    (cst.DictElement, "value"): _FULL,
    (cst.StarredElement, "value"): 6,
    (cst.StarredDictElement, "value"): 6,
    (cst.Assign, "value"): _ANY,
    (cst.AssignTarget, "target"): _ANY,
    (cst.AugAssign, "value"): _ANY,
    (cst.AnnAssign, "value"): _ANY,
    (cst.Annotation, "annotation"): _FULL,
    (cst.Return, "value"): _ANY,
    (cst.Expr, "value"): _ANY,
    (cst.Index, "value"): _FULL,
    (cst.Param, "default"): _FULL,
    (cst.If, "test"): _FULL,
    (cst.While, "test"): _FULL,
    (cst.Assert, "test"): _FULL,
    (cst.Assert, "msg"): _FULL,
    (cst.Raise, "exc"): _FULL,
    (cst.From, "item"): _FULL,
    (cst.WithItem, "item"): _FULL,
    (cst.For, "iter"): _ANY,
    (cst.For, "target"): _ANY,
    (cst.Del, "target"): _ANY,
    (cst.Yield, "value"): _ANY,
    (cst.Lambda, "body"): _FULL,
    (cst.IfExp, "body"): 2,
    (cst.IfExp, "test"): 2,
    (cst.IfExp, "orelse"): _FULL,
    (cst.CompFor, "iter"): 2,
    (cst.CompFor, "target"): _ANY,
    (cst.CompIf, "test"): 2,
    (cst.ListComp, "elt"): _FULL,
    (cst.SetComp, "elt"): _FULL,
    (cst.GeneratorExp, "elt"): _FULL,
    (cst.DictComp, "key"): _FULL,
    (cst.DictComp, "value"): _FULL,
    (cst.Slice, "lower"): _FULL,
    (cst.Slice, "upper"): _FULL,
    (cst.Slice, "step"): _FULL,
    (cst.FormattedStringExpression, "expression"): _FULL,
    (cst.Decorator, "decorator"): _FULL,
    (cst.NamedExpr, "value"): _FULL,
    (cst.Comparison, "left"): 6,
    (cst.ComparisonTarget, "comparator"): 6,
}

# Fields whose default writes nothing when the condition holds (so a parse gives the default too).
_QUIET_DEFAULTS: dict[tuple[type, str], Callable[[Any], bool]] = {
    (cst.Arg, "equal"): lambda node: node.keyword is None,
    (cst.Param, "equal"): lambda node: node.default is None,
    (cst.AnnAssign, "equal"): lambda node: node.value is None,
    (cst.Assert, "comma"): lambda node: node.msg is None,
    (cst.ClassDef, "lpar"): lambda node: not node.bases and not node.keywords,
    (cst.ClassDef, "rpar"): lambda node: not node.bases and not node.keywords,
    (cst.With, "lpar"): lambda node: True,
    (cst.With, "rpar"): lambda node: True,
    (cst.Raise, "whitespace_after_raise"): lambda node: node.exc is None,
    (cst.Yield, "whitespace_after_yield"): lambda node: node.value is None,
    (cst.Slice, "second_colon"): lambda node: node.step is None,
    (cst.Parameters, "star_arg"): lambda node: not node.kwonly_params,
    (cst.Parameters, "posonly_ind"): lambda node: not node.posonly_params,
}

# Sequences a parse never leaves empty (an emptied block generates `pass`).
_MAY_BE_EMPTY = frozenset({(cst.Call, "args"), (cst.Module, "body")})
_SEPARATORS = ("comma", "semicolon")


class _NotParsed(Exception):
    """The built tree is not (or not provably) the one a parse of its text gives."""


def unproven(
    edits: Mapping[cst.CSTNode, Replacement], tree: Tree
) -> tuple[Mapping[cst.CSTNode, Replacement], set[int] | None]:
    """``edits`` (disjoint nodes of ``tree``'s module, each with its replacement), a replacement that
    shares a node with another one copied (a parse gives each place a node of its own), and the
    top-level statements where making them may build another tree than libcst parses from the text that
    tree generates, by id: those of the module that the edits change, and those the edits add at the top
    level. Everywhere else a parse gives the built tree. None when that cannot be told (an edit outside
    the index)."""
    check = _Check(edits, tree)
    return check.edits, (check.bad if check.run() else None)


class _Shared(Exception):
    """A replacement holds a node another one (or itself) holds too."""


_Marks = frozenset[int]  # the top-level statements (ids) an edit's new nodes are in


class _Check:
    def __init__(self, edits: Mapping[cst.CSTNode, Replacement], tree: Tree) -> None:
        self.edits = dict(edits)
        self.by_id = {id(node): repl for node, repl in edits.items()}
        self.tree = tree
        self.bad: set[int] = set()
        self.fresh: dict[int, _Marks] = {}  # the nodes the edits add (each may stand once), by id
        self.moved: list[tuple[cst.CSTNode, _Marks]] = []  # the nodes of the tree the replacements hold
        self.sequences: set[tuple[int, str]] = set()  # the edited sequences of the tree, checked once

    def run(self) -> bool:
        """Notes the statements where a parse may give another tree in ``self.bad``; False when the
        edits are not all in the index."""
        tree = self.tree
        for node, replacement in self.edits.items():
            above = tree.ancestors(node)
            if not above:
                return False  # not in the tree (the edits need libcst's transformer)
            parent = above[0]
            new: tuple[object, ...] = (
                tuple(replacement.nodes)
                if isinstance(replacement, cst.FlattenSentinel)
                else ()
                if isinstance(replacement, cst.RemovalSentinel)
                else (replacement,)
            )
            top = node if len(above) == 1 else above[-2]
            try:
                try:
                    self._edit(node, parent, new, top)
                except _Shared:
                    # Copied, every node its own (the moved ones too: the copy is as a parse gives it).
                    new = tuple(item.deep_clone() if isinstance(item, cst.CSTNode) else item for item in new)
                    flat = isinstance(replacement, cst.FlattenSentinel)
                    copy = cast(Replacement, cst.FlattenSentinel(new) if flat else new[0])
                    self.edits[node] = self.by_id[id(node)] = copy
                    self._edit(node, parent, new, top)
            except (_NotParsed, _Shared):
                self.bad |= self._marks(node, top, new)
        self._moved_once()
        return True

    @staticmethod
    def _marks(node: cst.CSTNode, top: cst.CSTNode, new: tuple[object, ...]) -> _Marks:
        """The top-level statements an edit's new nodes are in: the new ones when it replaces one."""
        return frozenset([id(top), *(id(item) for item in new)] if top is node else [id(top)])

    def _edit(
        self, node: cst.CSTNode, parent: cst.CSTNode, new: tuple[object, ...], top: cst.CSTNode
    ) -> None:
        """Checks one edit; raises _Shared (before noting anything) when its nodes stand elsewhere too."""
        marks = self._marks(node, top, new)
        added: list[int] = []
        moved: list[tuple[cst.CSTNode, _Marks]] = []
        try:
            self._walk(node, parent, new, marks, added, moved)
        except _Shared:
            for key in added:
                del self.fresh[key]
            raise
        self.moved.extend(moved)

    def _walk(
        self,
        node: cst.CSTNode,
        parent: cst.CSTNode,
        new: tuple[object, ...],
        marks: _Marks,
        added: list[int],
        moved: list[tuple[cst.CSTNode, _Marks]],
    ) -> None:
        place = _field_of(parent, node)
        if place is None:
            raise _NotParsed
        name, in_sequence = place
        if in_sequence:
            if (id(parent), name) not in self.sequences:
                self.sequences.add((id(parent), name))
                self._sequence(type(parent), name, parent, self._edited(getattr(parent, name)))
        elif len(new) == 1 and isinstance(new[0], cst.CSTNode):
            self._place(type(parent), name, parent, new[0])
        else:
            raise _NotParsed  # a removal or flattening outside a sequence
        pending: list[cst.CSTNode] = []
        for item in new:
            if isinstance(item, cst.CSTNode):
                self._visit(item, pending, marks, added, moved)
        while pending:
            node = pending.pop()
            kind = type(node)
            code = _code_fields(kind)
            for name in node_fields(kind):
                value = getattr(node, name)
                if name not in code:
                    # Tokens and whitespace (not indexed, so they may be shared): only their defaults.
                    if value is cst.MaybeSentinel.DEFAULT:
                        quiet = _QUIET_DEFAULTS.get((kind, name))
                        if name not in _SEPARATORS and (quiet is None or not quiet(node)):
                            raise _NotParsed
                elif isinstance(value, cst.CSTNode):
                    self._place(kind, name, node, value)
                    self._visit(value, pending, marks, added, moved)
                elif type(value) is tuple or type(value) is list:
                    if value and isinstance(value[0], cst.CSTNode):
                        self._sequence(kind, name, node, value)
                    for item in value:
                        if isinstance(item, cst.CSTNode):
                            self._visit(item, pending, marks, added, moved)
                elif value is cst.MaybeSentinel.DEFAULT:
                    quiet = _QUIET_DEFAULTS.get((kind, name))
                    if name not in _SEPARATORS and (quiet is None or not quiet(node)):
                        raise _NotParsed
            if kind is cst.Name and not _identifier(node.value):  # type: ignore[attr-defined]
                raise _NotParsed
            if kind is cst.IndentedBlock and node.indent == self.tree.root.default_indent:  # type: ignore[attr-defined]
                raise _NotParsed  # a parse notes the module's own indentation as None

    def _visit(
        self,
        node: cst.CSTNode,
        pending: list[cst.CSTNode],
        marks: _Marks,
        added: list[int],
        moved: list[tuple[cst.CSTNode, _Marks]],
    ) -> None:
        if self.tree.contains(node):
            moved.append((node, marks))
            return
        if id(node) in self.fresh:
            raise _Shared  # one node in two places
        self.fresh[id(node)] = marks
        added.append(id(node))
        pending.append(node)

    def _edited(self, items: Sequence[object]) -> list[object]:
        """A sequence of the tree with the edits made in it."""
        new: list[object] = []
        for item in items:
            replacement = self.by_id.get(id(item), item)
            if isinstance(replacement, cst.FlattenSentinel):
                new.extend(replacement.nodes)
            elif not isinstance(replacement, cst.RemovalSentinel):
                new.append(replacement)
        return new

    def _sequence(self, kind: type, name: str, node: cst.CSTNode, items: Sequence[object]) -> None:
        """A sequence's separators (each item's comma or semicolon) as a parse gives them."""
        if not items:
            if (kind, name) not in _MAY_BE_EMPTY and name != "leading_lines" and name not in ("lpar", "rpar"):
                raise _NotParsed
            return
        last = len(items) - 1
        for at, item in enumerate(items):
            for separator in _SEPARATORS:
                if getattr(item, separator, None) is not cst.MaybeSentinel.DEFAULT:
                    continue
                # A default separator writes nothing only after the last item (not a one-item tuple's).
                if at != last or (kind is cst.Tuple and last == 0) or _followed(kind, name, node):
                    raise _NotParsed

    def _place(self, kind: type, name: str, parent: cst.CSTNode, child: cst.CSTNode) -> None:
        """``child`` in ``parent``'s field ``name``: an expression there must need no parentheses, and a
        default comma of a node there (a parameter of its own) must write nothing."""
        if getattr(child, "comma", None) is cst.MaybeSentinel.DEFAULT and not (
            kind is cst.Parameters
            and (
                name == "star_kwarg"
                or (name == "star_arg" and not parent.kwonly_params and parent.star_kwarg is None)  # type: ignore[attr-defined]
            )
        ):
            raise _NotParsed
        if not isinstance(child, cst.BaseExpression):
            return
        if _binds(child) < _needed(kind, name, parent):
            raise _NotParsed

    def _moved_once(self) -> None:
        """Each node of the tree the replacements hold comes from a part the edits replace, once; where
        one does not, the statements holding it are parsed."""
        if not self.moved:
            return
        tree = self.tree
        replaced = sorted(extent for node in self.edits if (extent := tree.extent(node)) is not None)
        starts = [first for first, _ in replaced]
        moved = sorted(
            (extent, marks) for node, marks in self.moved if (extent := tree.extent(node)) is not None
        )
        end, before = -1, frozenset[int]()
        for (first, last), marks in moved:
            if first < end:
                self.bad |= marks | before  # inside another moved node, or the same one twice
            if last > end:
                end, before = last, marks
            at = bisect_right(starts, first) - 1
            if at < 0 or last > replaced[at][1]:
                self.bad |= marks  # it also stays where it was


def _followed(kind: type, name: str, node: cst.CSTNode) -> bool:
    """Whether more items follow the sequence ``name`` of ``node`` (a parameter list's later groups, a
    class's keywords after its bases), so that its last item still writes a comma."""
    if isinstance(node, cst.Parameters):
        more = node.star_arg is not cst.MaybeSentinel.DEFAULT or bool(node.kwonly_params)
        return name != "star_kwarg" and (
            name == "posonly_params" or (name == "params" and more) or node.star_kwarg is not None
        )
    if kind is cst.ClassDef:
        return name == "bases" and bool(node.keywords)  # type: ignore[attr-defined]
    return kind not in _PLAIN_SEQUENCES


# Sequences whose last item is the last thing written between their brackets.
_PLAIN_SEQUENCES = frozenset(
    {
        cst.Call,
        cst.Tuple,
        cst.List,
        cst.Set,
        cst.Dict,
        cst.Subscript,
        cst.Import,
        cst.ImportFrom,
        cst.With,
        cst.Global,
        cst.Nonlocal,
        cst.SimpleStatementLine,
        cst.SimpleStatementSuite,
        cst.Module,
        cst.IndentedBlock,
    }
)


def _identifier(value: str) -> bool:
    return value.isidentifier() and (not keyword.iskeyword(value) or value in ("True", "False", "None"))


def _binds(node: cst.BaseExpression) -> int:
    """How tightly ``node`` binds as written (higher: tighter); _ANY - 1 for what needs a place of its own."""
    if node.lpar:
        return _ATOM
    kind = type(node)
    if kind in _ATOMS:
        return _ATOM
    if kind is cst.BinaryOperation:
        return _BINARY.get(type(node.operator), _ANY - 1)  # type: ignore[attr-defined]
    if kind is cst.UnaryOperation:
        return 4 if type(node.operator) is cst.Not else 12  # type: ignore[attr-defined]
    if kind is cst.BooleanOperation:
        return 3 if type(node.operator) is cst.And else 2  # type: ignore[attr-defined]
    if kind is cst.Comparison:
        return 5
    if kind is cst.Await:
        return 14
    if kind is cst.IfExp:
        return 1
    if kind is cst.Lambda:
        return 0
    if kind is cst.Tuple:
        return _ANY  # bare: only where a parse gives a bare tuple
    return _ANY - 1  # a bare yield, walrus, starred or generator expression: not decided here


def _needed(kind: type, name: str, parent: cst.CSTNode) -> int:
    """How tightly an expression must bind to stand, unparenthesised, in ``parent``'s field ``name``."""
    if kind is cst.BinaryOperation:
        own = _BINARY.get(type(parent.operator), _ATOM)  # type: ignore[attr-defined]
        if own == 13:  # `**` groups to the right, and takes a unary operand on its right
            return own + 1 if name == "left" else 12
        return own if name == "left" else own + 1
    if kind is cst.BooleanOperation:
        own = 3 if type(parent.operator) is cst.And else 2  # type: ignore[attr-defined]
        return own if name == "left" else own + 1
    if kind is cst.UnaryOperation:
        return 4 if type(parent.operator) is cst.Not else 12  # type: ignore[attr-defined]
    return _PLACES.get((kind, name), _ATOM)


def _field_of(parent: cst.CSTNode, child: cst.CSTNode) -> tuple[str, bool] | None:
    """The field of ``parent`` that holds ``child``, and whether in a sequence."""
    for name in node_fields(type(parent)):
        value = getattr(parent, name)
        if value is child:
            return name, False
        if (type(value) is tuple or type(value) is list) and any(item is child for item in value):
            return name, True
    return None
