"""Does this file show that it was written for PyTorch before 0.4?

Some calls kept their spelling and changed their result in 0.4 (``F.pairwise_distance`` lost its kept
dimension); only code written for the old release meant the old result. The file says so by an idiom
that 0.4 removed: ``Variable`` imported from ``torch.autograd``, ``volatile=`` passed, or ``x.data[0]``
read (an index of what became a 0-dim tensor). DEV013 restores the old result where the file shows
such an idiom; DEV009, which removes the idioms, keeps the last one while DEV013 still reads it.
"""

from __future__ import annotations

import libcst as cst

from codemods.core.names import ImportAliases
from codemods.core.syntax import kwarg, positional
from codemods.core.tree import Tree

_VARIABLE = frozenset({"torch.autograd.Variable", "torch.autograd.variable.Variable"})


def pre_0_4_idiom(tree: Tree, aliases: ImportAliases) -> str | None:
    """The first pre-0.4 idiom the file uses, as a phrase for a message; None if it uses none."""
    if any(name in _VARIABLE for name in aliases.names.values()):
        return "imports `Variable`"
    for arg in tree.of_type(tree.root, cst.Arg):
        if arg.keyword is not None and arg.keyword.value == "volatile":
            return "passes `volatile=`"
    for sub in tree.of_type(tree.root, cst.Subscript):
        value = sub.value
        if (
            isinstance(value, cst.Attribute)
            and value.attr.value == "data"
            and len(sub.slice) == 1
            and isinstance(sub.slice[0].slice, cst.Index)
            and isinstance(sub.slice[0].slice.value, cst.Integer)
            and sub.slice[0].slice.value.value == "0"
        ):
            return "reads `.data[0]`"
    return None


def shape_changed_in_0_4(call: cst.Call, aliases: ImportAliases) -> bool:
    """``F.pairwise_distance(a, b)``: a call whose result's shape changed in 0.4, spelled so that it
    takes today's (no ``keepdim``, by keyword or by position; no ``*args``)."""
    return (
        aliases.qualify(call) == "torch.nn.functional.pairwise_distance"
        and kwarg(call, "keepdim") is None
        and len(positional(call)) <= 4
        and not any(arg.star for arg in call.args)
    )
