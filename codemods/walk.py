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


def children(node: cst.CSTNode) -> list[cst.CSTNode]:
    found: list[cst.CSTNode] = []
    for name in _child_fields(type(node)):
        value = getattr(node, name)
        if isinstance(value, cst.CSTNode):
            found.append(value)
        elif isinstance(value, (list, tuple)):
            found.extend(v for v in value if isinstance(v, cst.CSTNode))
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
    def __init__(self, root: cst.CSTNode) -> None:
        self.root = root
        self.order: list[cst.CSTNode] = []
        self.span: dict[int, tuple[int, int]] = {}
        stack: list[tuple[cst.CSTNode, bool]] = [(root, False)]
        while stack:
            node, leaving = stack.pop()
            if leaving:
                self.span[id(node)] = (self.span[id(node)][0], len(self.order))
                continue
            self.span[id(node)] = (len(self.order), -1)
            self.order.append(node)
            stack.append((node, True))
            stack.extend((child, False) for child in reversed(children(node)))


_current: _Index | None = None


def index(root: cst.CSTNode | None) -> None:
    """Index ``root`` (the module rules are about to read), or forget the index with None."""
    global _current
    _current = None if root is None else _Index(root)


def descendants(node: cst.CSTNode) -> list[cst.CSTNode]:
    """``node`` and every node under it, in source order."""
    if _current is not None:
        span = _current.span.get(id(node))
        if span is not None and _current.order[span[0]] is node:
            return _current.order[span[0]:span[1]]
    return _walk(node)


def of_type(node: cst.CSTNode, kind: type[T] | tuple[type, ...]) -> list[T]:
    return [n for n in descendants(node) if isinstance(n, kind)]  # type: ignore[misc]


def iter_of_type(node: cst.CSTNode, kind: type[T]) -> Iterator[T]:
    return (n for n in descendants(node) if isinstance(n, kind))  # type: ignore[misc]
