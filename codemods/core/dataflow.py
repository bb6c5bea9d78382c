"""Statement data-flow: which names a statement binds or reads, and a block's statements in order.

Rules reason about straight-line code ("is the model moved before the optimizer is built?", "is
``x`` re-bound between here and there?") over the steps :func:`walk_block` lists: the simple
statements of a function or module body in source order, looking inside ``if``/``for``/``while``/
``with``/``try`` bodies (marked conditional where they may not run) but not into nested functions
or classes, which are blocks of their own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import cast

import libcst as cst

from codemods.core.name_bindings import flatten_names
from codemods.core.syntax import SuiteStatement
from codemods.core.tree import Tree, children, instance_test

# Cached type tests (isinstance against libcst's classes goes through ABCMeta for every other node).
_IS_ATTRIBUTE = instance_test(cst.Attribute)
_IS_ARG = instance_test(cst.Arg)
_IS_NAME = instance_test(cst.Name)


def names_in(tree: Tree, node: cst.CSTNode) -> set[str]:
    """Variable names read or written under ``node`` (not attribute names, not keyword names)."""
    nodes = tree.descendants(node)
    not_variables = {id(n.attr) for n in nodes if _IS_ATTRIBUTE(n)}
    not_variables.update(id(n.keyword) for n in nodes if _IS_ARG(n) and n.keyword is not None)
    return {n.value for n in nodes if _IS_NAME(n) and id(n) not in not_variables}


def assigned_names(tree: Tree, stmt: cst.CSTNode) -> set[str]:
    """Plain names bound by assignments, for-targets and with/except/import aliases under ``stmt``.

    Rules ask this of the same statements many times in a pass (every loop walks the module's
    statements back), so the answer for a node of ``tree`` is computed once and shared: callers must
    not change the set they get."""
    if tree.contains(stmt):  # the tree keeps the node alive, so its id names it for the whole pass
        return tree.memo(("assigned_names", id(stmt)), lambda: _assigned_names(tree, stmt))
    return _assigned_names(tree, stmt)


def _assigned_names(tree: Tree, stmt: cst.CSTNode) -> set[str]:
    found: set[str] = set()
    for node in tree.of_type(stmt, (cst.AssignTarget, cst.AnnAssign, cst.AugAssign, cst.For, cst.AsName)):
        target = node.name if isinstance(node, cst.AsName) else node.target
        found.update(flatten_names(target, keep_underscore=True))
    return found


def bound_value(
    target: cst.BaseExpression, value: cst.BaseExpression, name: str
) -> cst.BaseExpression | None:
    """What ``target = value`` binds ``name`` to: the value itself for ``name = value``, the matching
    element for ``x, name = a, b``; None otherwise (unpacking a call, a starred element, nesting)."""
    if isinstance(target, cst.Name):
        return value if target.value == name else None
    if (
        isinstance(target, cst.Tuple)
        and isinstance(value, cst.Tuple)
        and len(target.elements) == len(value.elements)
    ):
        for left, right in zip(target.elements, value.elements):
            if (
                isinstance(left.value, cst.Name)
                and left.value.value == name
                and not isinstance(right, cst.StarredElement)
            ):
                return right.value
    return None


def block(suite: cst.BaseSuite) -> Sequence[cst.BaseStatement]:
    """The statements of an indented block or of a one-line suite (``if x: a; b``)."""
    if isinstance(suite, cst.IndentedBlock):
        return suite.body
    assert isinstance(suite, cst.SimpleStatementSuite)
    return [cst.SimpleStatementLine(body=suite.body)]


# isinstance against libcst's classes goes through ABCMeta for every node that is not of the class
# asked (the steps of every block of a module are tested several times a pass): cached type tests.
_IS_SUITE = instance_test(cst.BaseSuite)
_IS_CLAUSE = instance_test((cst.Else, cst.Finally, cst.ExceptHandler, cst.ExceptStarHandler, cst.If))
_IS_LINE = instance_test(cst.SimpleStatementLine)
_IS_DEFINITION = instance_test((cst.FunctionDef, cst.ClassDef))
_IS_COMPOUND = instance_test(cst.BaseCompoundStatement)
_IS_BRANCHING = instance_test((cst.If, cst.While, cst.Try, cst.TryStar))
_IS_LOOP = instance_test((cst.For, cst.While))


def suites(stmt: cst.CSTNode) -> Iterator[Sequence[cst.BaseStatement]]:
    """Every statement list directly inside a compound statement: body, ``elif``/``else``,
    ``except``, ``finally``."""
    for child in children(stmt):  # not libcst's `.children`, which rebuilds the node to list them
        if _IS_SUITE(child):
            yield block(child)  # type: ignore[arg-type]  # (a suite, as tested)
        elif _IS_CLAUSE(child):
            yield from suites(child)


def function_blocks(tree: Tree) -> Iterator[Sequence[cst.BaseStatement]]:
    """Every straight-line block a rule may reason about: the module body and each function body."""
    module = tree.root
    assert isinstance(module, cst.Module)
    yield module.body
    for function in tree.of_type(module, cst.FunctionDef):
        if isinstance(function.body, cst.IndentedBlock):
            yield function.body.body


@dataclass(frozen=True)
class Step:
    """One step of a block in source order: a simple statement, or a loop header (its body follows)."""

    node: cst.BaseSmallStatement | cst.For | cst.While
    conditional: bool  # inside an if/while/try branch: it may not run


_Loops = tuple[type[cst.For | cst.While], ...]


def walk_block(block: Sequence[SuiteStatement], loops: _Loops = (cst.For,)) -> list[Step]:
    """The steps of ``block`` in source order (see the module docstring). Loops of the ``loops``
    kinds are steps too, placed before their bodies. A one-line suite's small statements give none."""
    out: list[Step] = []
    _walk(block, False, instance_test(loops), out)
    return out


# Recursive helpers are module functions, not closures: a closure that calls itself is a reference cycle,
# which keeps what it captured (here the steps, and through them the nodes of trees a pass of fixes has
# replaced) alive until the cycle collector runs, and the collector then scans all of it.
def _walk(
    statements: Sequence[SuiteStatement],
    conditional: bool,
    is_loop: Callable[[object], bool],
    out: list[Step],
) -> None:
    for stmt in statements:
        if _IS_LINE(stmt):
            out.extend(Step(small, conditional) for small in stmt.body)
        elif _IS_DEFINITION(stmt):
            continue
        elif _IS_COMPOUND(stmt):
            if is_loop(stmt):
                out.append(Step(cast("cst.For | cst.While", stmt), conditional))  # (one of `loops`)
            branches = conditional or _IS_BRANCHING(stmt)
            for child in suites(stmt):
                _walk(child, branches, is_loop, out)


def linear_statements(block: Sequence[SuiteStatement]) -> list[cst.BaseSmallStatement]:
    """The simple statements of ``block`` in source order (see :func:`walk_block`)."""
    return [step.node for step in walk_block(block) if not _IS_LOOP(step.node)]  # type: ignore[misc]
