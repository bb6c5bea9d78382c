"""Does this file show that it was written for PyTorch before 0.4?

Some calls kept their spelling and changed their result in 0.4 (``F.pairwise_distance`` lost its kept
dimension); only code written for the old release meant the old result. The file says so by an idiom
that 0.4 removed: ``Variable`` imported from ``torch.autograd``, ``volatile=`` passed, or ``x.data[0]``
read (an index of what became a 0-dim tensor).
"""

from __future__ import annotations

import libcst as cst

from codemods.core.names import ImportAliases
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
