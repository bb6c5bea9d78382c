"""``torch.cuda.is_available`` read as a truth value without being called: a switch stuck on.

``"cuda" if torch.cuda.is_available else "cpu"`` tests the function object, which is always true:
the code picks CUDA on every machine and fails without a GPU, as ``USE_CUDA = True`` does. The fix
calls it. Only readings whose truth is what the code uses count: the test of an ``if``, a ``while``,
a conditional expression or an ``assert``, an operand of ``and``/``or``/``not``, and the value of a
name or keyword about CUDA or the GPU (``use_cuda = torch.cuda.is_available``, ``pin_memory=...``).
Handed on as a function (``Thread(target=torch.cuda.is_available)``, ``skipif(...)`` with a callable,
a lambda's body) it is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import libcst as cst

from codemods.core.names import ImportAliases, dotted_name
from codemods.core.tree import Tree

_QUESTION = "torch.cuda.is_available"
# The text of a file where the question may be read without a call: nothing to look for elsewhere.
_UNCALLED_TEXT = re.compile(r"is_available\b(?!\s*\()")
# A name or keyword whose value says whether to use the GPU (or what only a GPU has).
_SWITCH_NAME = re.compile(r"cuda|gpu|pin_memory", re.IGNORECASE)


def uncalled_questions(tree: Tree, aliases: ImportAliases, source: str) -> Iterator[cst.BaseExpression]:
    """Each ``torch.cuda.is_available`` (however imported) whose truth the code reads uncalled."""
    if not _UNCALLED_TEXT.search(source):
        return
    for node in tree.of_type(tree.root, (cst.Attribute, cst.Name)):
        if aliases.qualify(node) != _QUESTION:
            continue
        parent = tree.parent(node)
        if parent is not None and _read_as_truth(node, parent):
            yield node


def _read_as_truth(node: cst.CSTNode, parent: cst.CSTNode) -> bool:
    if isinstance(parent, (cst.If, cst.While, cst.IfExp, cst.Assert)):
        return parent.test is node
    if isinstance(parent, (cst.BooleanOperation, cst.UnaryOperation)):
        return isinstance(parent, cst.BooleanOperation) or isinstance(parent.operator, cst.Not)
    if isinstance(parent, cst.Arg):
        return parent.keyword is not None and bool(_SWITCH_NAME.search(parent.keyword.value))
    if isinstance(parent, cst.Assign) and parent.value is node and len(parent.targets) == 1:
        spelled = dotted_name(parent.targets[0].target) or ""
        return bool(_SWITCH_NAME.search(spelled.rsplit(".", 1)[-1]))
    return False
