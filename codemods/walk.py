"""Fast, read-only traversal of libcst trees.

Rules ask "which calls (names, assignments...) are under this node?" many times per file. Answering
with libcst visitors means a full ``visit``/``leave`` dispatch per node per question, and profiling
showed that dispatch was most of a run. Here the tree is walked once per pass, reading the
dataclass fields directly and skipping whitespace (which holds no code), into a pre-order list in
which every subtree is a contiguous slice. :func:`descendants` of any node of that tree is then a
slice; a node built by a rule (not in the indexed tree) is walked on demand.
"""

from __future__ import annotations

import dataclasses
from typing import Iterator, TypeVar

import libcst as cst

T = TypeVar("T", bound=cst.CSTNode)

# Fields that hold only whitespace, punctuation or operators: never code a rule looks for.
_SKIPPED_FIELDS = frozenset(
    {"lpar", "rpar", "comma", "leading_lines", "lines_after_decorators", "trailing_whitespace", "header",
     "footer", "semicolon", "equal", "dot", "colon", "operator", "asynchronous", "newline", "whitespace"}
)
_FIELDS: dict[type, tuple[str, ...]] = {}


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


def children(node: cst.CSTNode) -> list[cst.CSTNode]:
    found: list[cst.CSTNode] = []
    for name in _child_fields(type(node)):
        value = getattr(node, name)
        if _is_node(value):
            found.append(value)  # type: ignore[arg-type]
        elif type(value) in (list, tuple):
            found.extend(v for v in value if _is_node(v))  # type: ignore[attr-defined]
    return found


def _walk(root: cst.CSTNode) -> list[cst.CSTNode]:
    order: list[cst.CSTNode] = []
    stack = [root]
    while stack:
        node = stack.pop()
        order.append(node)
        stack.extend(reversed(children(node)))
    return order


class _Index:
    """The tree in pre-order, each node's subtree as a (start, end) slice of it, and each node's parent."""

    def __init__(self, root: cst.CSTNode) -> None:
        self.root = root
        self.order: list[cst.CSTNode] = []
        self.start: dict[int, int] = {}
        self.end: dict[int, int] = {}
        self.parent: dict[int, cst.CSTNode] = {}
        self.root_by_kind: dict[object, list[cst.CSTNode]] = {}  # of_type(root, kind), asked often
        stack: list[tuple[cst.CSTNode, bool]] = [(root, False)]
        while stack:
            node, leaving = stack.pop()
            key = id(node)
            if leaving:
                self.end[key] = len(self.order)
                continue
            self.start[key] = len(self.order)
            self.order.append(node)
            stack.append((node, True))
            below = children(node)
            for child in below:
                self.parent[id(child)] = node
            stack.extend((child, False) for child in reversed(below))

    def contains(self, node: cst.CSTNode) -> bool:
        start = self.start.get(id(node))
        return start is not None and self.order[start] is node


_current: _Index | None = None


def index(root: cst.CSTNode | None) -> None:
    """Index ``root`` (the module rules are about to read), or forget the index with None."""
    global _current
    _current = None if root is None else _Index(root)


def descendants(node: cst.CSTNode) -> list[cst.CSTNode]:
    """``node`` and every node under it, in source order."""
    if _current is not None and _current.contains(node):
        key = id(node)
        return _current.order[_current.start[key]:_current.end[key]]
    return _walk(node)


def ancestors(node: cst.CSTNode) -> list[cst.CSTNode]:
    """The nodes above ``node`` in the indexed tree, nearest first (empty outside it)."""
    if _current is None or not _current.contains(node):
        return []
    found = []
    parent = _current.parent.get(id(node))
    while parent is not None:
        found.append(parent)
        parent = _current.parent.get(id(parent))
    return found


_MATCHERS: dict[object, object] = {}


def _matcher(kind: type | tuple[type, ...]):  # type: ignore[no-untyped-def]
    """A fast ``isinstance(node, kind)`` for node classes (see _IS_NODE)."""
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


def of_type(node: cst.CSTNode, kind: type[T] | tuple[type, ...]) -> list[T]:
    if _current is not None and node is _current.root:
        found = _current.root_by_kind.get(kind)
        if found is None:
            matches = _matcher(kind)
            found = _current.root_by_kind[kind] = [n for n in _current.order if matches(n)]
        return found  # type: ignore[return-value]
    matches = _matcher(kind)
    return [n for n in descendants(node) if matches(n)]  # type: ignore[misc]


def iter_of_type(node: cst.CSTNode, kind: type[T]) -> Iterator[T]:
    return iter(of_type(node, kind))
