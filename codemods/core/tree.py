"""The tree index every rule reads: one walk of the module per pass, then answers by slicing.

Rules ask "which calls (names, assignments...) are under this node?" and "what encloses this node?"
many times per file. Answering with libcst visitors means a full ``visit``/``leave`` dispatch per node
per question, and profiling showed that dispatch was most of a run. A :class:`Tree` walks the module
once, reading the dataclass fields directly, into a pre-order list in which every subtree is a
contiguous slice, plus a parent map. The engine builds one per pass and hands it to the rules on
``RuleContext.tree``, copying from the last pass's index the entries of the top-level statements that pass
left alone, and of the subtrees a changed statement kept (a fix copies only the ancestors of what it
replaces); a test builds one with ``Tree(cst.parse_module(code))``.

The walk skips the fields that can hold only whitespace, comments, punctuation or operator tokens
(``_SKIPPED_FIELDS`` below: ``lpar``/``rpar``, commas, colons, ``equal``, ``dot``, the ``operator`` of
unary, binary, boolean, comparison and augmented-assignment nodes, ``leading_lines``, ``header``,
``footer`` and every ``whitespace*`` field). So :meth:`Tree.of_type` never yields ``cst.Comma``,
``cst.Add``, ``cst.Comment`` or ``cst.EmptyLine`` nodes; ask for the parent node (``cst.BinaryOperation``)
and read its ``operator`` instead. Every node that can contain code is indexed.

A node a rule built itself (not part of the indexed module) is walked on demand: the answers are the
same, only slower; such a node has no parent or ancestors here.
"""

from __future__ import annotations

import dataclasses
import operator
from bisect import bisect_left
from collections.abc import Callable, Sequence
from itertools import repeat
from operator import itemgetter
from typing import Any, TypeGuard, TypeVar, overload

import libcst as cst

T = TypeVar("T", bound=cst.CSTNode)
T2 = TypeVar("T2")
# The node classes of a tuple of kinds (``of_type(node, (cst.Name, cst.Attribute))``); longer tuples give
# CSTNode lists.
_A = TypeVar("_A", bound=cst.CSTNode)
_B = TypeVar("_B", bound=cst.CSTNode)
_C = TypeVar("_C", bound=cst.CSTNode)
_D = TypeVar("_D", bound=cst.CSTNode)
_E = TypeVar("_E", bound=cst.CSTNode)
_F = TypeVar("_F", bound=cst.CSTNode)

# Fields that hold only whitespace, comments, punctuation or operator tokens: never code a rule reads.
_SKIPPED_FIELDS = frozenset(
    {
        "lpar",
        "rpar",
        "comma",
        "leading_lines",
        "lines_after_decorators",
        "trailing_whitespace",
        "header",
        "footer",
        "semicolon",
        "equal",
        "dot",
        "colon",
        "operator",
        "asynchronous",
        "newline",
        "whitespace",
    }
)
_FIELDS: dict[type, tuple[str, ...]] = {}  # per node class, the fields that may hold code (a pure cache)


def _child_fields(cls: type) -> tuple[str, ...]:
    fields = _FIELDS.get(cls)
    if fields is None:
        fields = tuple(
            f.name
            for f in dataclasses.fields(cls)
            if f.name not in _SKIPPED_FIELDS and not f.name.startswith("whitespace")
        )
        _FIELDS[cls] = fields
    return fields


# isinstance() against libcst's abstract base classes goes through ABCMeta.__instancecheck__, which
# profiling showed to be a quarter of a run; a per-type answer, cached, is a dict lookup.
_IS_NODE: dict[type, bool] = {}


def _is_node(value: object) -> bool:
    kind = type(value)
    answer = _IS_NODE.get(kind)
    if answer is None:
        answer = _IS_NODE[kind] = issubclass(kind, cst.CSTNode)
    return answer


# Per class: its code fields' values (nodes, sequences of nodes, or tokens and None).
_GETTERS: dict[type, Callable[[cst.CSTNode], tuple[Any, ...]]] = {}


def _no_fields(node: cst.CSTNode) -> tuple[Any, ...]:
    return ()


def _getter(cls: type) -> Callable[[cst.CSTNode], tuple[Any, ...]]:
    fields = _child_fields(cls)
    getter: Callable[[cst.CSTNode], tuple[Any, ...]]
    if not fields:
        getter = _no_fields
    elif len(fields) == 1:
        one = operator.attrgetter(fields[0])

        def one_field(node: cst.CSTNode) -> tuple[Any, ...]:
            return (one(node),)

        getter = one_field
    else:
        getter = operator.attrgetter(*fields)
    _GETTERS[cls] = getter
    return getter


def children(node: cst.CSTNode) -> list[cst.CSTNode]:
    """The nodes directly under ``node`` that may hold code, in source order."""
    found: list[cst.CSTNode] = []
    for name in _child_fields(type(node)):
        value = getattr(node, name)
        if _is_node(value):
            found.append(value)
        elif type(value) in (list, tuple):
            found.extend(v for v in value if _is_node(v))
    return found


def walk(root: cst.CSTNode) -> list[cst.CSTNode]:
    """``root`` and every node under it, in source order (no index: for nodes outside a tree)."""
    order: list[cst.CSTNode] = []
    stack = [root]
    while stack:
        node = stack.pop()
        order.append(node)
        stack.extend(reversed(children(node)))
    return order


_MATCHERS: dict[object, Callable[[object], bool]] = {}  # a pure cache of type tests


@overload
def instance_test(kind: type[T]) -> Callable[[object], TypeGuard[T]]: ...
@overload
def instance_test(kind: tuple[type[_A], type[_B]]) -> Callable[[object], TypeGuard[_A | _B]]: ...
@overload
def instance_test(
    kind: tuple[type[_A], type[_B], type[_C]],
) -> Callable[[object], TypeGuard[_A | _B | _C]]: ...
@overload
def instance_test(kind: type | tuple[type, ...]) -> Callable[[object], bool]: ...
def instance_test(kind: type | tuple[type, ...]) -> Callable[[object], bool]:
    """A fast ``isinstance(node, kind)`` for node classes (see _IS_NODE), cached per node class:
    isinstance against libcst's classes goes through ABCMeta when the class is not the node's own."""
    known = _MATCHERS.get(kind)
    if known is not None:
        return known
    kinds = kind if isinstance(kind, tuple) else (kind,)
    cache: dict[type, bool] = {}

    def matches(node: object) -> bool:
        node_type = type(node)
        answer = cache.get(node_type)
        if answer is None:
            answer = cache[node_type] = issubclass(node_type, kinds)
        return answer

    _MATCHERS[kind] = matches
    return matches


class Tree:
    """A module in pre-order, each node's subtree as a slice of it, and each node's parent.

    Positions are kept relative (a subtree's size, a node's distance back to its parent), so that the
    index of a top-level statement is the same wherever the statement stands: ``Tree(module, previous)``
    copies the entries of the statements a pass of fixes left alone, and walks only the others.
    """

    def __init__(self, root: cst.Module, previous: Tree | None = None) -> None:
        """The index of ``root``; with ``previous``, the index of an earlier module whose top-level
        statements ``root`` shares (the same objects), those statements' entries are copied from it."""
        self.root = root
        self._order: list[cst.CSTNode] = [root]
        # Per position (lists, not dicts keyed by node: a module has millions of nodes): the size of the
        # node's subtree, and how far back its parent is (the root's parent is "position -1").
        self._sizes: list[int] = [0]
        self._up: list[int] = [1]
        self._root_by_kind: dict[object, list[cst.CSTNode]] = {}  # of_type(root, kind), asked often
        # The indexed nodes of each concrete class, in source order: of_type(root, kind) joins the
        # classes that are ``kind`` instead of testing every node of the module.
        self._by_class: dict[type, list[cst.CSTNode]] = {}
        # As _by_class, their positions: kept as the nodes are indexed (looking each node's position up
        # afterwards, once a pass per class asked for, cost more than the walk's appends).
        self._class_positions: dict[type, list[int]] = {}
        self._groups: dict[object, list[tuple[list[int], list[cst.CSTNode]]]] = {}  # per kind: its classes
        self._kind_classes: dict[object, set[type]] = {}  # per kind, the classes of its groups
        # Facts about this module that helpers compute once per pass (see :meth:`memo`).
        self._memo: dict[object, Any] = {}  # each key's own type: see memo()
        self._start: dict[int, int] = {id(root): 0}  # id(node) -> its position in _order
        self._by_class[type(root)] = [root]
        self._class_positions[type(root)] = [0]
        # The root's children that were walked, not copied from ``previous``: what a pass of fixes changed.
        self.walked: list[cst.CSTNode] = []
        tops = children(root)
        at = 0
        while at < len(tops):
            old = previous._top_level(tops[at]) if previous is not None else None
            if previous is None or old is None:
                self._walk(tops[at], previous)
                self.walked.append(tops[at])
                at += 1
                continue
            # The statements that follow it in ``previous`` too are copied with it, as one run.
            starts, end = [old], old + previous._sizes[old]
            at += 1
            while at < len(tops) and previous._top_level(tops[at]) == end:
                starts.append(end)
                end += previous._sizes[end]
                at += 1
            self._copy(previous, starts, end)
        self._sizes[0] = len(self._order)

    def _copy(self, previous: Tree, starts: list[int], end: int) -> None:
        """Append the entries of the top-level statements at ``starts`` in ``previous``, which follow each
        other there up to ``end``."""
        order, start, by_class, class_positions = (
            self._order,
            self._start,
            self._by_class,
            self._class_positions,
        )
        here, first = len(order), starts[0]
        shift = here - first
        copied = previous._order[first:end]
        order.extend(copied)
        self._sizes.extend(previous._sizes[first:end])
        self._up.extend(previous._up[first:end])
        for top in starts:
            self._up[top + shift] = top + shift
        start.update(zip(map(id, copied), range(here, here + len(copied))))
        if len(copied) > 8 * len(previous._class_positions):
            # A long run: each class's nodes in it are a slice of ``previous``'s, found by bisection.
            for kind, positions in previous._class_positions.items():
                low, high = bisect_left(positions, first), bisect_left(positions, end)
                if low == high:
                    continue
                nodes = previous._by_class[kind][low:high]
                moved = list(map(operator.add, positions[low:high], repeat(shift, high - low)))
                same = by_class.get(kind)
                if same is None:
                    by_class[kind], class_positions[kind] = nodes, moved
                else:
                    same.extend(nodes)
                    class_positions[kind].extend(moved)
            return
        self._add_to_classes(copied, here)

    def _add_to_classes(self, nodes: list[cst.CSTNode], here: int) -> None:
        """Note ``nodes``, which now lie from position ``here`` on, under their classes (a run copied from
        the last index whose classes' slices are not worth finding)."""
        by_class, class_positions = self._by_class, self._class_positions
        for position, node in enumerate(nodes, here):
            kind = type(node)
            same = by_class.get(kind)
            if same is None:
                by_class[kind] = [node]
                class_positions[kind] = [position]
            else:
                same.append(node)
                class_positions[kind].append(position)

    def _walk(self, top: cst.CSTNode, previous: Tree | None = None) -> None:
        """Index ``top`` (a child of the root) and everything under it, in pre-order; the subtrees that
        ``previous`` indexes (a changed statement keeps the nodes a fix left alone) copied from it."""
        # An explicit stack, children pushed in reverse so that they pop in source order, each node's
        # parent's position noted; then each subtree's end, from the last position back (a node's subtree
        # ends where its last descendant's does). Inlined `children`: this loop visits every node.
        order, start, by_class, class_positions = (
            self._order,
            self._start,
            self._by_class,
            self._class_positions,
        )
        first = len(order)
        parents: list[int] = []
        nodes: list[cst.CSTNode] = [top]
        positions: list[int] = [0]
        getters = _GETTERS
        is_node = _IS_NODE
        held = previous._start if previous is not None else {}
        while nodes:
            node = nodes.pop()
            here = len(order)
            was = held.get(id(node))
            if was is not None and previous is not None and previous._order[was] is node:
                # A node is immutable, so its subtree is the one ``previous`` indexed: copied, not walked.
                parents.append(positions.pop())
                self._copy_subtree(previous, was, parents)
                continue
            start[id(node)] = here
            order.append(node)
            parents.append(positions.pop())
            kind = type(node)
            same = by_class.get(kind)
            if same is None:
                by_class[kind] = [node]
                class_positions[kind] = [here]
            else:
                same.append(node)
                class_positions[kind].append(here)
            getter = getters.get(kind)
            if getter is None:
                getter = _getter(kind)
            for value in reversed(getter(node)):
                value_type = type(value)
                answer = is_node.get(value_type)
                if answer is None:
                    answer = _is_node(value)
                if answer:
                    nodes.append(value)
                    positions.append(here)
                elif value_type is list or value_type is tuple:
                    for item in reversed(value):
                        answer = is_node.get(type(item))
                        if answer is None:
                            answer = _is_node(item)
                        if answer:
                            nodes.append(item)
                            positions.append(here)
        last = len(order)
        ends = list(range(first + 1, last + 1))  # absolute ends, indexed from ``first``
        for index in range(last - first - 1, -1, -1):
            above = parents[index] - first
            if above >= 0 and ends[index] > ends[above]:
                ends[above] = ends[index]
        self._sizes.extend(map(operator.sub, ends, range(first, last)))
        self._up.extend(map(operator.sub, range(first, last), parents))

    def _copy_subtree(self, previous: Tree, was: int, parents: list[int]) -> None:
        """Append the entries of the subtree at ``was`` in ``previous``, and its nodes' parents' positions
        to ``parents`` (that of its root is there already), as :meth:`_walk` would have."""
        order = self._order
        here, end = len(order), was + previous._sizes[was]
        copied = previous._order[was:end]
        order.extend(copied)
        self._start.update(zip(map(id, copied), range(here, here + len(copied))))
        # Below its root, each node's parent is as far back as in ``previous``.
        parents.extend(map(operator.sub, range(here + 1, here + len(copied)), previous._up[was + 1 : end]))
        self._add_to_classes(copied, here)

    def _top_level(self, stmt: cst.CSTNode) -> int | None:
        """The position of ``stmt`` when it is one of the root's children here."""
        first = self._position(stmt)
        return first if first is not None and first == self._up[first] else None

    def _position(self, node: cst.CSTNode | None) -> int | None:
        """``node``'s position in the pre-order, None for a node outside the tree (an id alone could be a
        freed node's, reused)."""
        first = self._start.get(id(node))
        return first if first is not None and self._order[first] is node else None

    def position(self, node: cst.CSTNode) -> int | None:
        """``node``'s place in the module's pre-order (source order: a statement comes before the
        statements after it, and before everything under it); None for a node outside the tree."""
        return self._position(node)

    def top_level(self, node: cst.CSTNode) -> cst.CSTNode | None:
        """The root's child that holds ``node`` (``node`` itself when it is one); None for the root and
        for nodes outside the tree."""
        position = self._position(node)
        if position is None or position == 0:
            return None
        up = self._up
        while up[position] != position:  # a child of the root is ``position`` away from it
            position -= up[position]
        return self._order[position]

    def contains(self, node: cst.CSTNode) -> bool:
        return self._position(node) is not None

    def still_held(self, answers: dict[int, tuple[cst.CSTNode, T2]]) -> dict[int, tuple[cst.CSTNode, T2]]:
        """The entries of ``answers`` (``id(node) -> (node, answer)``, kept for an earlier version of the
        module) whose node this tree holds: a cache by node carried from one pass to the next."""
        start, order = self._start, self._order
        return {
            key: entry
            for key, entry in answers.items()
            if (first := start.get(key)) is not None and order[first] is entry[0]
        }

    def inside(self, node: cst.CSTNode, ancestor: cst.CSTNode) -> bool:
        """Is ``ancestor`` one of the nodes above ``node`` (``ancestor in ancestors(node)``, by identity)?
        Two lookups and a range test, where walking the ancestors costs a step per level."""
        start, order = self._start, self._order
        here = start.get(id(node))
        above = start.get(id(ancestor))
        if here is None or above is None or order[here] is not node or order[above] is not ancestor:
            return False
        return above < here < above + self._sizes[above]

    def extent(self, node: cst.CSTNode) -> tuple[int, int] | None:
        """The positions ``node``'s subtree covers, ``(first, end)``: ``node`` at ``first``, a node under
        it at any position ``first < p < end``. With the positions :meth:`of_class` lists, a rule finds
        the nodes of a class under ``node`` by bisection. None for a node outside the tree."""
        first = self._position(node)
        return None if first is None else (first, first + self._sizes[first])

    def unnested(self, top: cst.CSTNode, boundaries: frozenset[type]) -> list[cst.CSTNode] | None:
        """The nodes under ``top`` (not ``top`` itself), in source order, with no node of a class in
        ``boundaries`` between them and ``top`` (such a node is listed, what it holds is not): a scope's
        own code, when ``boundaries`` are the nested scopes' classes (tested by ``type(node) in``, so
        list concrete classes). None for a ``top`` outside the tree. One pass over the subtree that
        jumps over each boundary's, where testing each node's ancestors costs a step per level."""
        first = self._position(top)
        if first is None:
            return None
        order, sizes = self._order, self._sizes
        found: list[cst.CSTNode] = []
        at, end = first + 1, first + sizes[first]
        while at < end:
            node = order[at]
            found.append(node)
            at += sizes[at] if type(node) in boundaries else 1
        return found

    def descendants(self, node: cst.CSTNode) -> list[cst.CSTNode]:
        """``node`` and every node under it, in source order."""
        first = self._position(node)
        return walk(node) if first is None else self._order[first : first + self._sizes[first]]

    @overload
    def of_type(self, node: cst.CSTNode, kind: type[T]) -> list[T]: ...
    @overload
    def of_type(self, node: cst.CSTNode, kind: tuple[type[_A], type[_B]]) -> list[_A | _B]: ...
    @overload
    def of_type(self, node: cst.CSTNode, kind: tuple[type[_A], type[_B], type[_C]]) -> list[_A | _B | _C]: ...
    @overload
    def of_type(
        self, node: cst.CSTNode, kind: tuple[type[_A], type[_B], type[_C], type[_D]]
    ) -> list[_A | _B | _C | _D]: ...
    @overload
    def of_type(
        self, node: cst.CSTNode, kind: tuple[type[_A], type[_B], type[_C], type[_D], type[_E]]
    ) -> list[_A | _B | _C | _D | _E]: ...
    @overload
    def of_type(
        self, node: cst.CSTNode, kind: tuple[type[_A], type[_B], type[_C], type[_D], type[_E], type[_F]]
    ) -> list[_A | _B | _C | _D | _E | _F]: ...
    @overload
    def of_type(self, node: cst.CSTNode, kind: tuple[type[cst.CSTNode], ...]) -> list[cst.CSTNode]: ...
    def of_type(self, node: cst.CSTNode, kind: type | tuple[type, ...]) -> list[Any]:
        """The nodes under ``node`` (itself included) that are instances of ``kind``, in source order."""
        if node is self.root:
            found = self._root_by_kind.get(kind)
            if found is None:
                matches = instance_test(kind)
                classes = [cls for cls, nodes in self._by_class.items() if matches(nodes[0])]
                if len(classes) == 1:
                    found = list(self._by_class[classes[0]])
                else:  # several classes (or none): back into source order (keys made in C, no lambda)
                    nodes = [n for cls in classes for n in self._by_class[cls]]
                    places = [p for cls in classes for p in self._class_positions[cls]]
                    found = [n for _, n in sorted(zip(places, nodes), key=itemgetter(0))]
                self._root_by_kind[kind] = found
            return found
        first = self._start.get(id(node))  # (self._position, inlined)
        if first is None or self._order[first] is not node:
            matches = instance_test(kind)
            return [n for n in walk(node) if matches(n)]
        last = first + self._sizes[first]
        groups = self._groups.get(kind)
        if groups is None:
            matches = instance_test(kind)
            groups = self._groups[kind] = [
                (self._positions_of(cls), nodes) for cls, nodes in self._by_class.items() if matches(nodes[0])
            ]
            # Every node here is of a class in _by_class, so this set answers for all of them.
            self._kind_classes[kind] = {type(nodes[0]) for _, nodes in groups}
        if len(groups) == 1:  # the nodes of the one class between the subtree's two ends
            positions, nodes = groups[0]
            return nodes[bisect_left(positions, first) : bisect_left(positions, last)]
        if len(groups) * 8 >= last - first:  # a small subtree: cheaper to test its nodes than to bisect
            wanted = self._kind_classes[kind]  # (a set lookup per node, not a call)
            return [n for n in self._order[first:last] if type(n) in wanted]
        pairs: list[tuple[int, cst.CSTNode]] = []
        for positions, nodes in groups:
            low, high = bisect_left(positions, first), bisect_left(positions, last)
            pairs.extend(zip(positions[low:high], nodes[low:high]))
        pairs.sort(key=itemgetter(0))
        return [n for _, n in pairs]

    def _positions_of(self, cls: type) -> list[int]:
        return self._class_positions[cls]

    def of_class(self, cls: type[T]) -> tuple[Sequence[T], Sequence[int]]:
        """The module's nodes of the class ``cls`` itself (not of its subclasses) in source order, and
        their positions (what :meth:`position` answers): kept as the index is built, so an index of a
        class's nodes by some key costs no position lookups and no sort. Read only: they are the index's."""
        nodes: Sequence[Any] = self._by_class.get(cls, [])
        return nodes, self._class_positions.get(cls, [])

    def memo(self, key: object, compute: Callable[[], T2]) -> T2:
        """``compute()``, once per tree and ``key``: for facts about the whole module that rules ask for
        many times in a pass. Safe because a Tree (and the module under it) never changes; the engine
        builds a new one each pass. ``key`` must name everything the answer depends on besides the tree."""
        try:
            return self._memo[key]
        except KeyError:
            value = self._memo[key] = compute()
            return value

    def parent(self, node: cst.CSTNode | None) -> cst.CSTNode | None:
        """The node directly above ``node`` (None for the root, for nodes outside the tree and for None,
        so that ``parent(parent(node))`` needs no test in between)."""
        first = self._start.get(id(node))  # (self._position, inlined: rules ask this of most nodes)
        if first is None or self._order[first] is not node:
            return None
        up = first - self._up[first]
        return self._order[up] if up >= 0 else None

    def ancestors(self, node: cst.CSTNode) -> list[cst.CSTNode]:
        """The nodes above ``node``, nearest first (empty for nodes outside the tree)."""
        order, distance = self._order, self._up
        first = self._start.get(id(node))  # (self._position, inlined)
        if first is None or order[first] is not node:
            return []
        found = []
        up = first - distance[first]
        while up >= 0:
            found.append(order[up])
            up -= distance[up]
        return found
