"""Whether the values of a tensor are read before anything writes into it.

``torch.FloatTensor(state)`` is data when ``state`` is a sequence or an array and an uninitialised
tensor of that size when it is an int; the source often cannot say which (a parameter, what
``memory.sample()`` returned). What the program does with the result can: a tensor of uninitialised
memory is written into before it is read (``.zero_()``, ``.normal_()``, ``t[i] = v``) by every program
whose results mean something, while one made of data is read as it is: handed to a model or a function
(``self.actor(state)``), used in arithmetic, indexed, turned into Python numbers. :func:`values_read`
follows the tensor through views, conversions, moves, ``Variable`` and names bound to it (the first
later mention) to the first thing done with it. It is evidence, not proof (a program may read garbage):
a fix that relies on it is unsafe.
"""

from __future__ import annotations

import libcst as cst

from codemods.core.names import ImportAliases
from codemods.core.torch_names import VARIABLE
from codemods.core.tree import Tree

# Methods that read only the shape, or nothing at all of the values.
_SHAPE_ONLY = frozenset(
    "size dim ndimension numel nelement element_size stride is_contiguous data_ptr".split()
)
# Methods that turn the values into Python or NumPy: a read.
_READ_OUT = frozenset("item tolist numpy".split())
_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda)
_MAX_DEPTH = 4


def values_read(tree: Tree, aliases: ImportAliases, node: cst.BaseExpression, depth: int = 0) -> bool:
    """Is the first thing done with the tensor ``node`` evaluates to a read of its values?"""
    if depth > _MAX_DEPTH:
        return False
    current: cst.CSTNode = node
    while True:
        parent = tree.parent(current)
        if isinstance(parent, cst.Attribute) and parent.value is current:
            call = tree.parent(parent)
            name = parent.attr.value
            if not (isinstance(call, cst.Call) and call.func is parent):
                if name not in ("data", "T"):
                    return False  # `.shape`, an attribute set on it
                current = parent
                continue
            if name.endswith("_") or name in _SHAPE_ONLY:
                return False  # written into first (`.zero_()`, `.normal_()`), or only its size asked
            if name in _READ_OUT:
                return True
            current = call  # a view, a conversion, a move: the same values go on
        elif isinstance(
            parent, (cst.BinaryOperation, cst.UnaryOperation, cst.Comparison, cst.ComparisonTarget)
        ):
            return True
        elif isinstance(parent, cst.Subscript) and parent.value is current:
            return not isinstance(tree.parent(parent), (cst.AssignTarget, cst.AugAssign))
        elif isinstance(parent, cst.Arg):
            call = tree.parent(parent)
            assert isinstance(call, cst.Call)
            qualified = aliases.qualify(call.func) or ""
            if qualified in VARIABLE:
                current = call
                continue
            last = (qualified or _spelled(call.func)).rsplit(".", 1)[-1]
            # a model, a loss, a function computing with it; not a class (`nn.Parameter(t)`, initialised
            # after) nor an initialiser (`nn.init.uniform_(t)`)
            return bool(last) and last[0].islower() and not last.endswith("_") and ".init." not in qualified
        elif isinstance(parent, cst.Assign) and parent.value is current:
            return _name_read(tree, aliases, parent, depth)
        else:
            return False


def _spelled(func: cst.BaseExpression) -> str:
    if isinstance(func, cst.Name):
        return func.value
    if isinstance(func, cst.Attribute):
        return func.attr.value
    return ""


def _name_read(tree: Tree, aliases: ImportAliases, assign: cst.Assign, depth: int) -> bool:
    """``x = <tensor>``: is the first later mention of ``x`` in this scope a read of its values?"""
    if len(assign.targets) != 1 or not isinstance(assign.targets[0].target, cst.Name):
        return False
    name = assign.targets[0].target.value
    scope = next((a for a in tree.ancestors(assign) if isinstance(a, _SCOPES)), tree.root)
    nodes = tree.descendants(scope)
    index = nodes.index(assign) + len(tree.descendants(assign))
    while index < len(nodes):
        node = nodes[index]
        if isinstance(node, _SCOPES):
            index += len(tree.descendants(node))
            continue
        if isinstance(node, cst.Name) and node.value == name:
            if isinstance(tree.parent(node), cst.AssignTarget):
                # `x = x.unsqueeze(0)`: the value reads it first; `x = other`: never read
                statement = tree.parent(tree.parent(node))
                if isinstance(statement, cst.Assign):
                    reads = [n for n in tree.of_type(statement.value, cst.Name) if n.value == name]
                    return bool(reads) and values_read(tree, aliases, reads[0], depth + 1)
                return False
            return values_read(tree, aliases, node, depth + 1)
        index += 1
    return False
