"""The running sum a training loop reads back every step: ``total += loss.item()``, kept on the device.

With ``total = 0.0`` as the last binding before the loop and nothing in the loop reading ``total``,
the ``.item()`` can become ``.detach()`` (the sum stays a device tensor, no sync) and one
``total = float(total)`` after the loop gives the float back. Anything else is not this shape.
"""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst
import libcst.matchers as m

from codemods.analysis.legacy_constructors import is_size
from codemods.core.syntax import flatten_names, single_target
from codemods.core.tree import Tree

_SUM_INTO_NAME = m.AugAssign(target=m.Name(), operator=m.AddAssign())


def accumulator_fix(
    tree: Tree, item: cst.Call, statement: cst.CSTNode, loop: cst.For | cst.While
) -> dict[cst.CSTNode, cst.FlattenSentinel] | None:
    """``total += loss.item()`` in ``loop``: the edits that keep the sum on the device, or None."""
    if not m.matches(statement, _SUM_INTO_NAME):
        return None
    augmented = cst.ensure_type(statement, cst.AugAssign)  # `total += ...`, as matched
    if not _is_item_term(augmented.value, item):
        return None
    total = cst.ensure_type(augmented.target, cst.Name).value
    above = tree.parent(loop)
    if not isinstance(above, (cst.IndentedBlock, cst.Module)):
        return None
    body = list(above.body)
    if not _float_init_before(tree, body[: body.index(loop)], total):
        return None
    uses = [n for n in tree.of_type(loop, cst.Name) if n.value == total]
    if len(uses) != 1 or uses[0] is not augmented.target:
        return None  # the loop reads it: it would see a tensor
    scope = next((a for a in tree.ancestors(loop) if isinstance(a, (cst.FunctionDef, cst.Module))), loop)
    if any(
        any(a.name.value == total for a in n.names) for n in tree.of_type(scope, (cst.Global, cst.Nonlocal))
    ):
        return None
    assert isinstance(item.func, cst.Attribute)
    detached = item.with_changes(func=item.func.with_changes(attr=cst.Name("detach")))
    converted = cst.parse_statement(f"{total} = float({total})\n")
    return {loop: cst.FlattenSentinel([loop.deep_replace(item, detached), converted])}


def _is_item_term(value: cst.BaseExpression, item: cst.Call) -> bool:
    """``loss.item()``, or ``loss.item() * x.size(0)`` / ``/ len(batch)``: scaled by a plain number."""
    if value is item:
        return True
    return (
        isinstance(value, cst.BinaryOperation)
        and isinstance(value.operator, (cst.Multiply, cst.Divide))
        and (
            (value.left is item and is_size(value.right))
            or (value.right is item and isinstance(value.operator, cst.Multiply) and is_size(value.left))
        )
    )


def _float_init_before(tree: Tree, statements: list[cst.BaseStatement], total: str) -> bool:
    """Is the last statement binding ``total`` before the loop a plain ``total = 0.0``?"""
    for statement in reversed(statements):
        if total not in {n.value for n in tree.of_type(statement, cst.Name)}:
            continue
        if not (isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1):
            return False
        small = statement.body[0]
        if isinstance(small, cst.Assign) and single_target(small) == total:  # (a target is an Assign's)
            return isinstance(small.value, cst.Float)
        if isinstance(small, (cst.Assign, cst.AugAssign, cst.AnnAssign)) and total in _targets(small):
            return False
        # a read of `total` (it is still the float): keep looking for the assignment
    return False


def _targets(small: cst.Assign | cst.AugAssign | cst.AnnAssign) -> set[str]:
    targets: Sequence[cst.AssignTarget | cst.AugAssign | cst.AnnAssign] = (
        small.targets if isinstance(small, cst.Assign) else [small]
    )
    return {n for t in targets for n in flatten_names(t.target, keep_underscore=True)}
