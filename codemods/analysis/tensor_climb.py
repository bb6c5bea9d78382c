"""Where a tensor goes once made: the walk up the expression that holds it, with each rule's verdicts.

A tensor made by a call (``torch.zeros(n)``) stays the same tensor up a chain of its own methods
(``.view(...)``, ``.float()``, ``.fill_(0)``) and through ``Variable(...)``; it is bound to a name
(``h = ...``), returned, handed to a function, or turned into something that is not a tensor
(``.item()``, ``.size()``: :data:`NOT_TENSOR_METHODS`). :class:`TensorClimb` walks these steps once for
every rule that asks where a host tensor ends up; a subclass says at each step whether the walk has
found its answer, goes on, or stops: DEV003 asks whether the value reaches a device at all (through
arithmetic too), DEV010 how the very tensor made reaches one.
"""

from __future__ import annotations

from typing import Final, Generic, TypeVar

import libcst as cst

from codemods.analysis.tensor_values import NOT_TENSOR_METHODS
from codemods.core.tree import Tree

Answer = TypeVar("Answer")


class GoOn:
    """The verdict "not decided at this step: the same tensor goes on up"."""


GO_ON: Final = GoOn()

# Operators, comparisons and containers: the value they build is computed from this one.
_OPERANDS = (
    cst.BinaryOperation,
    cst.UnaryOperation,
    cst.Comparison,
    cst.ComparisonTarget,
    cst.Element,
    cst.List,
    cst.Tuple,
)


class TensorClimb(Generic[Answer]):
    """Walks up from an expression to where its value goes; subclasses give the verdicts.

    ``carries_operands``: an operation, a container or an index of the value carries it on (DEV003
    asks about the value computed from it); without it those stop the walk (DEV010 asks about the
    tensor made itself). ``max_depth`` bounds the walks through names and results that verdicts start.
    """

    carries_operands = False
    max_depth = 6

    def __init__(self, tree: Tree) -> None:
        self.tree = tree

    def climb(self, node: cst.BaseExpression, depth: int = 0) -> Answer | None:
        """The answer the verdicts give for ``node``'s value, or None where the walk stops."""
        if depth > self.max_depth:
            return None
        current: cst.CSTNode = node
        while True:
            parent = self.tree.parent(current)
            verdict: Answer | GoOn | None
            if isinstance(parent, cst.Attribute) and parent.value is current:
                call = self.tree.parent(parent)
                if not (isinstance(call, cst.Call) and call.func is parent):
                    return None
                verdict = self.method(call, parent.attr.value)
                if verdict is GO_ON and parent.attr.value in NOT_TENSOR_METHODS:
                    return None
                current = call
            elif parent is not None and self.carries(parent, current):
                current = parent
                continue
            elif isinstance(parent, cst.Arg):
                call = self.tree.parent(parent)
                assert isinstance(call, cst.Call)
                verdict = self.argument(call, parent)
                current = call
            elif isinstance(parent, cst.Assign) and parent.value is current:
                return self.bound(parent, depth)
            elif isinstance(parent, cst.Return):
                return self.returned(parent, depth)
            else:
                return None
            if not isinstance(verdict, GoOn):
                return verdict

    def carries(self, parent: cst.CSTNode, current: cst.CSTNode) -> bool:
        """Does ``parent``, an operation, a container or an index of ``current``, carry the value on?
        (``carries_operands`` says; a subclass may carry some operations only.)"""
        return self.carries_operands and (
            isinstance(parent, _OPERANDS) or (isinstance(parent, cst.Subscript) and parent.value is current)
        )

    def method(self, call: cst.Call, name: str) -> Answer | GoOn | None:
        """``<value>.name(...)``: the answer, None to stop, or :data:`GO_ON` (stopped all the same for a
        method whose result is no tensor)."""
        return GO_ON

    def argument(self, call: cst.Call, arg: cst.Arg) -> Answer | GoOn | None:
        """``f(..., <value>, ...)``: the answer, None to stop, or :data:`GO_ON` (the call's result is the
        same value)."""
        return None

    def bound(self, assign: cst.Assign, depth: int) -> Answer | None:
        """``name = <value>``: where the name takes it (walks from its mentions at ``depth + 1``)."""
        return None

    def returned(self, ret: cst.Return, depth: int) -> Answer | None:
        """``return <value>``: where the callers take it."""
        return None
