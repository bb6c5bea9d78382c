"""Training loops and the statements in them, in source order, with the tensor names known there.

A training loop is the innermost ``for``/``while`` around a ``.backward()`` call or an optimizer's
``.step()``: code in its body runs once per step. :meth:`TrainingLoops.events` walks each function
(or module) holding one, tracking which names hold tensors (:class:`TensorValues`) through every
statement, and yields what runs every step: each simple statement, each ``if``/``while`` test and
the iterable of each loop nested in the training loop.
The body of ``if step % N == 0:`` runs every N steps, not every step, and is not yielded.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator, Sequence, Union

import libcst as cst

from codemods.names import ImportAliases, dotted_name
from codemods.syntax import flatten_names
from codemods.tensor_values import TensorValues
from codemods.tree import Tree

_OPTIMIZER_NAME = re.compile(r"optim|^opt$|_opt$|scaler", re.IGNORECASE)
Loop = Union[cst.For, cst.While]


@dataclass(frozen=True)
class Event:
    """Code that runs every step of ``loop``: a simple statement, or a test (an expression)."""

    node: cst.BaseSmallStatement | cst.BaseExpression
    tensors: frozenset[str]
    loop: Loop
    is_test: bool = False  # an if/while test: its truth value is read


class TrainingLoops:
    def __init__(self, tree: Tree, aliases: ImportAliases) -> None:
        self.tree = tree
        self.module = module = tree.root
        self.loops = _step_loops(self.tree, module)
        self.values = TensorValues(tree, aliases) if self.loops else None

    def events(self) -> Iterator[Event]:
        if self.values is None:
            return
        scopes: dict[int, cst.FunctionDef | cst.Module] = {}
        for loop in self.loops.values():
            scope = scope_of(self.tree, loop)
            scopes.setdefault(id(scope), scope)  # type: ignore[arg-type]
        for scope in scopes.values():
            statements = _block(scope.body) if isinstance(scope, cst.FunctionDef) else scope.body
            yield from self._flow(statements, set(), None, False)

    def _flow(
        self, statements: Sequence[cst.BaseStatement], tensors: set[str], loop: Loop | None, periodic: bool
    ) -> Iterator[Event]:
        every_step = loop is not None and not periodic
        for statement in statements:
            if isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    if every_step:
                        yield Event(small, frozenset(tensors), loop)  # type: ignore[arg-type]
                    self.values.bind(small, tensors)  # type: ignore[union-attr]
            elif isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
                continue
            elif isinstance(statement, (cst.For, cst.While)):
                inner = statement if id(statement) in self.loops else loop
                if isinstance(statement, cst.While) and inner is not None and not periodic:
                    yield Event(statement.test, frozenset(tensors), inner, is_test=True)
                if isinstance(statement, cst.For) and loop is not None and not periodic:
                    yield Event(statement.iter, frozenset(tensors), loop)  # evaluated every step
                if isinstance(statement, cst.For):
                    tensors.difference_update(flatten_names(statement.target, keep_underscore=True))
                yield from self._flow(_block(statement.body), tensors, inner, periodic)
                if statement.orelse is not None:
                    yield from self._flow(_block(statement.orelse.body), tensors, loop, periodic)
            elif isinstance(statement, cst.If):
                yield from self._if(statement, tensors, loop, periodic)
            else:  # with, try: their bodies run in order
                for suite in _suites(statement):
                    yield from self._flow(suite, tensors, loop, periodic)

    def _if(self, statement: cst.If, tensors: set[str], loop: Loop | None, periodic: bool) -> Iterator[Event]:
        if loop is not None and not periodic:
            yield Event(statement.test, frozenset(tensors), loop, is_test=True)
        every_n = any(
            isinstance(n, cst.BinaryOperation) and isinstance(n.operator, cst.Modulo)
            for n in self.tree.descendants(statement.test)
        )
        yield from self._flow(_block(statement.body), tensors, loop, periodic or every_n)
        orelse = statement.orelse
        if isinstance(orelse, cst.If):
            yield from self._if(orelse, tensors, loop, periodic)
        elif orelse is not None:
            yield from self._flow(_block(orelse.body), tensors, loop, periodic)


def _step_loops(tree: Tree, module: cst.Module) -> dict[int, Loop]:
    """The innermost loop around each `.backward()` / `optimizer.step()` call, by node id."""
    loops: dict[int, Loop] = {}
    for call in tree.of_type(module, cst.Call):
        func = call.func
        if not isinstance(func, cst.Attribute):
            continue
        trains = func.attr.value == "backward" or (
            func.attr.value == "step" and _OPTIMIZER_NAME.search(dotted_name(func.value) or "")
        )
        if not trains:
            continue
        for above in tree.ancestors(call):
            if isinstance(above, (cst.For, cst.While)):
                loops[id(above)] = above
                break
            if isinstance(above, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
                break
    return loops


def scope_of(tree: Tree, node: cst.CSTNode) -> cst.CSTNode:
    """The function (or module) whose body holds ``node``."""
    for above in tree.ancestors(node):
        if isinstance(above, (cst.FunctionDef, cst.Module)):
            return above
    return node


def _block(suite: cst.BaseSuite) -> Sequence[cst.BaseStatement]:
    if isinstance(suite, cst.IndentedBlock):
        return suite.body
    assert isinstance(suite, cst.SimpleStatementSuite)
    return [cst.SimpleStatementLine(body=suite.body)]


def _suites(statement: cst.CSTNode) -> Iterator[Sequence[cst.BaseStatement]]:
    for child in statement.children:
        if isinstance(child, cst.BaseSuite):
            yield _block(child)
        elif isinstance(child, (cst.Else, cst.Finally, cst.ExceptHandler, cst.ExceptStarHandler)):
            yield from _suites(child)
