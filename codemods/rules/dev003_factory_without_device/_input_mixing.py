"""Whether a tensor made in a function meets a given tensor in one operation.

``h = torch.zeros(n); return x + h`` combines the new tensor with ``x``: their dtypes meet, so a new
floating point tensor should take ``x``'s dtype (a half or double input would otherwise be promoted
or mixed). Read over a block's straight-line statements (:func:`codemods.core.dataflow.linear_statements`),
following the names the new tensor is assigned to until the tensor ``x`` names is rebound.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import libcst as cst

from codemods.core.dataflow import assigned_names, names_in
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.tree import Tree

# torch functions that combine their tensor arguments (so the dtypes meet).
COMBINING = frozenset(
    f"torch.{n}"
    for n in "cat stack concat hstack vstack where maximum minimum add mul sub div matmul bmm".split()
)


def mixes_with_input(
    tree: Tree,
    aliases: ImportAliases,
    call: cst.Call,
    param: str,
    statements: Sequence[cst.BaseSmallStatement],
) -> bool:
    """:func:`mixes_with`, for arithmetic and the :data:`COMBINING` torch functions."""
    return mixes_with(tree, call, param, statements, lambda c: aliases.qualify(c.func) in COMBINING)


def mixes_with(
    tree: Tree,
    call: cst.Call,
    param: str,
    statements: Sequence[cst.BaseSmallStatement],
    combines: Callable[[cst.Call], bool],
) -> bool:
    """Is the new tensor ``call`` combined with ``param`` (``param + t``, ``torch.cat([param, t])``)?
    ``combines`` says which calls combine their tensor arguments."""
    holders: set[str] = set()
    start = None
    for index, small in enumerate(statements):
        if any(c is call for c in tree.of_type(small, cst.Call)):
            start = index
            if isinstance(small, cst.Assign):
                holders = assigned_names(tree, small)
            break
    if start is None:
        return False

    def is_new(node: cst.BaseExpression) -> bool:
        return node is call or dotted_name(node) in holders

    for index in range(start, len(statements)):
        small = statements[index]
        for group in _operand_groups(tree, small, combines):
            if any(is_new(n) for n in group) and any(
                param in names_in(tree, n) and not is_new(n) for n in group
            ):
                return True
        if index > start and param in assigned_names(tree, small):
            return False  # `param` now names something else
    return False


def _operand_groups(
    tree: Tree, node: cst.CSTNode, combines: Callable[[cst.Call], bool]
) -> list[list[cst.BaseExpression]]:
    """Operands that meet in one operation: both sides of ``a + b``, the tensors of ``torch.cat``."""
    groups: list[list[cst.BaseExpression]] = []
    for inner in tree.descendants(node):
        if isinstance(inner, cst.BinaryOperation):
            groups.append([inner.left, inner.right])
        elif isinstance(inner, cst.Call) and combines(inner):
            values: list[cst.BaseExpression] = []
            for arg in inner.args:
                if isinstance(arg.value, (cst.List, cst.Tuple)):
                    values.extend(e.value for e in arg.value.elements)
                else:
                    values.append(arg.value)
            groups.append(values)
    return groups
