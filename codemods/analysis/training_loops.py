"""The code that runs once per training step, in source order, with the tensor names known there.

A training step is marked by a ``.backward()`` call or an optimizer's ``.step()``. Where it sits
decides what repeats with it:

* inside a loop of its function: the innermost such loop is a *training loop*, and its body runs
  once per step;
* outside any loop of its function: the function is a *step function* (``def train_step(...)``),
  whose whole body runs once per step, and the innermost loop around each call to it (in this
  file) is a training loop in turn;
* a function of this file called from per-step code is a *per-step helper*: its body runs every
  step as well (``select_action(...)``, ``accuracy(...)``).

:meth:`TrainingLoops.events` walks those bodies, tracking which names hold tensors
(:class:`TensorValues`), and yields what runs every step: each simple statement, each ``if``/
``while`` test and the iterable of each loop nested in the step. The body of an ``if`` that picks
some steps only (``if step % 100 == 0:``, ``if i in checkpoints:``, ``if epoch == last:`` on a loop
counter) is not yielded.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import libcst as cst
import libcst.matchers as m

from codemods.analysis.tensor_values import Known, TensorValues
from codemods.core.dataflow import block, suites
from codemods.core.local_functions import LocalFunctions
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import called_method, flatten_names, func_attribute
from codemods.core.tree import Tree

_OPTIMIZER_NAME = re.compile(r"optim|^opt$|_opt$|scaler", re.IGNORECASE)
Loop = cst.For | cst.While
Step = cst.For | cst.While | cst.FunctionDef
# `for i in range(n)`, `for i, batch in enumerate(loader)`: `i` counts the steps.
_COUNTED = m.Call(func=m.Name("range") | m.Name("enumerate"))
_SELECTS = m.Equal() | m.In()


@dataclass(frozen=True)
class Event:
    """Code that runs every step: a simple statement, or a test (an expression). ``step`` is the
    training loop around it, or the step function or per-step helper whose body holds it."""

    node: cst.BaseSmallStatement | cst.BaseExpression
    known: Known  # the tensors known before it runs
    step: Step
    is_test: bool = False  # an if/while test: its truth value is read

    @property
    def loop(self) -> Loop | None:
        """The training loop whose body holds the event (None in a step function or helper)."""
        return self.step if isinstance(self.step, (cst.For, cst.While)) else None


def is_optimizer_step(call: cst.Call) -> bool:
    """``optimizer.step()``, ``opt_d.step()``, ``scaler.step(opt)``: not an environment's step."""
    return called_method(call) == "step" and bool(
        _OPTIMIZER_NAME.search(dotted_name(func_attribute(call).value) or "")
    )


class TrainingLoops:
    def __init__(self, tree: Tree, aliases: ImportAliases) -> None:
        self.tree = tree
        self.functions = LocalFunctions(tree)
        self.loops: dict[int, Loop] = {}
        self.step_functions: dict[int, cst.FunctionDef] = {}
        self._find_steps()
        found = self.loops or self.step_functions
        self.values = TensorValues(tree, aliases, self.functions) if found else None
        self._helpers: list[tuple[cst.FunctionDef, Known]] = []  # with the tensors they are given

    def _find_steps(self) -> None:
        pending: list[cst.Call] = [
            call
            for call in self.tree.of_type(self.tree.root, cst.Call)
            if called_method(call) == "backward" or is_optimizer_step(call)
        ]
        while pending:
            call = pending.pop()
            around = self._innermost_loop_or_function(call)
            if isinstance(around, (cst.For, cst.While)):
                self.loops[id(around)] = around
            elif isinstance(around, cst.FunctionDef) and id(around) not in self.step_functions:
                self.step_functions[id(around)] = around
                pending += self.functions.calls_to(around)

    def _innermost_loop_or_function(self, node: cst.CSTNode) -> cst.CSTNode | None:
        for above in self.tree.ancestors(node):
            if isinstance(above, (cst.For, cst.While, cst.FunctionDef)):
                return above
            if isinstance(above, (cst.Lambda, cst.ClassDef)):
                return None
        return None

    def events(self) -> Iterator[Event]:
        if self.values is None:
            return
        scopes: dict[int, cst.CSTNode] = {}
        for loop in self.loops.values():
            scope = scope_of(self.tree, loop)
            if id(scope) not in self.step_functions:
                scopes.setdefault(id(scope), scope)
        walked = set(scopes) | set(self.step_functions)
        for scope in scopes.values():
            # A loop of the tree is in a function or the module.
            body = (
                block(scope.body)
                if isinstance(scope, cst.FunctionDef)
                else cst.ensure_type(scope, cst.Module).body
            )
            yield from self._flow(body, Known(), None, frozenset())
        for function in self.step_functions.values():
            yield from self._flow(block(function.body), Known(), function, frozenset())
        while self._helpers:
            helper, given = self._helpers.pop(0)
            if id(helper) not in walked:
                walked.add(id(helper))
                yield from self._flow(block(helper.body), given, helper, frozenset())

    def _event(
        self,
        node: cst.BaseSmallStatement | cst.BaseExpression,
        known: Known,
        step: Step,
        is_test: bool = False,
    ) -> Event:
        for call in self.tree.of_type(node, cst.Call):
            helper = self.functions.callee(call)
            if helper is not None and helper is not step:
                self._helpers.append((helper, self._given(call, helper, known)))
        return Event(node, known.snapshot(), step, is_test)

    def _given(self, call: cst.Call, helper: cst.FunctionDef, known: Known) -> Known:
        """The parameters of ``helper`` that ``call`` gives device tensors (by position or keyword)."""
        assert self.values is not None
        params = [p.name.value for p in helper.params.params]
        if params[:1] == ["self"] and m.matches(call.func, m.Attribute()):
            params = params[1:]
        given = Known()
        for index, arg in enumerate(call.args):
            if arg.star:
                break
            name = (
                arg.keyword.value
                if arg.keyword is not None
                else (params[index] if index < len(params) else None)
            )
            if name is not None and self.values.is_tensor(arg.value, known):
                given.device.add(name)
        return given

    def _flow(
        self,
        statements: Sequence[cst.BaseStatement],
        known: Known,
        step: Step | None,
        counters: frozenset[str],
        periodic: bool = False,
    ) -> Iterator[Event]:
        """Events of ``statements``, run every ``step`` (None: not in a step yet) unless ``periodic``."""
        values = self.values
        assert values is not None
        for statement in statements:
            if isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    if step is not None and not periodic:  # every step
                        yield self._event(small, known, step)
                    values.bind(small, known)
            elif isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
                continue
            elif isinstance(statement, (cst.For, cst.While)):
                inner = statement if id(statement) in self.loops else step
                if isinstance(statement, cst.While) and inner is not None and not periodic:
                    yield self._event(statement.test, known, inner, is_test=True)
                if isinstance(statement, cst.For) and step is not None and not periodic:
                    yield self._event(statement.iter, known, step)
                counted = counters
                if isinstance(statement, cst.For):
                    values.bind_loop_target(statement, known)
                    counted = counters | _counter(statement)
                yield from self._flow(block(statement.body), known, inner, counted, periodic)
                if statement.orelse is not None:
                    yield from self._flow(block(statement.orelse.body), known, step, counters, periodic)
            elif isinstance(statement, cst.If):
                yield from self._if(statement, known, step, counters, periodic)
            else:  # with, try: their bodies run in order
                for suite in suites(statement):
                    yield from self._flow(suite, known, step, counters, periodic)

    def _if(
        self, statement: cst.If, known: Known, step: Step | None, counters: frozenset[str], periodic: bool
    ) -> Iterator[Event]:
        if step is not None and not periodic:
            yield self._event(statement.test, known, step, is_test=True)
        some_steps = self._selects_steps(statement.test, counters)
        yield from self._flow(block(statement.body), known, step, counters, periodic or some_steps)
        orelse = statement.orelse
        if isinstance(orelse, cst.If):
            yield from self._if(orelse, known, step, counters, periodic)
        elif orelse is not None:
            yield from self._flow(block(orelse.body), known, step, counters, periodic)

    def _selects_steps(self, test: cst.BaseExpression, counters: frozenset[str]) -> bool:
        """``step % 100 == 0``, ``i in checkpoints``, ``epoch == last``: true on some steps only."""
        for node in self.tree.descendants(test):
            if m.matches(node, m.BinaryOperation(operator=m.Modulo())):
                return True
            if isinstance(node, cst.Comparison) and dotted_name(node.left) in counters:
                if all(m.matches(c.operator, _SELECTS) for c in node.comparisons):
                    return True
        return False


def _counter(loop: cst.For) -> frozenset[str]:
    """The name counting the iterations of ``for i in range(n)`` / ``for i, x in enumerate(xs)``."""
    if not m.matches(loop.iter, _COUNTED):
        return frozenset()
    names = flatten_names(loop.target)
    return frozenset(names[:1])


def scope_of(tree: Tree, node: cst.CSTNode) -> cst.CSTNode:
    """The function (or module) whose body holds ``node``."""
    for above in tree.ancestors(node):
        if isinstance(above, (cst.FunctionDef, cst.Module)):
            return above
    return node
