"""Tensors made only to give the host a Python value: a coin drawn for an ``if``.

``var = torch.bernoulli(torch.tensor(self.p))`` then ``if torch.equal(var, one)``: the tensor never
meets the input; what leaves it is a Python bool. Made on the CPU it costs nothing; made on the input's
device, reading it back would wait for the GPU (a sync per call). Such a factory is left alone: its
value, followed through methods and torch functions that keep it one tensor (``.float()``,
``torch.bernoulli(...)``) and through local names, only reaches a Python value (``torch.equal``,
``.item()``, ``bool(...)``, an ``if`` test) or the tensor's metadata (``.device``, ``.shape``).
"""

from __future__ import annotations

import libcst as cst

from codemods.core.names import ImportAliases
from codemods.core.tree import Tree

# torch functions and builtins that give a Python value of a tensor.
_TO_PYTHON = frozenset({"torch.equal", "torch.is_nonzero", "torch.numel", "bool", "int", "float"})
# Methods that give a Python value (or a host copy) of the tensor, and attributes that are metadata.
_PYTHON_METHODS = frozenset({"item", "tolist", "numpy", "dim", "size", "numel", "nelement"})
_METADATA = frozenset({"device", "shape", "dtype", "ndim", "is_cuda"})
# Methods that give one tensor of the same device (and whose result is followed in turn).
_SAME_TENSOR_METHODS = frozenset(
    "float double half long int bool clone detach view reshape squeeze unsqueeze flatten t bernoulli"
    " bernoulli_ uniform_ normal_ fill_ zero_ abs neg".split()
)
# How far a value is followed through calls and names.
_MAX_STEPS = 8


def only_host_values(tree: Tree, aliases: ImportAliases, call: cst.Call) -> bool:
    """Does every use of the tensor ``call`` makes end in a Python value or metadata (see above)?"""
    return _ends_on_host(tree, aliases, call, _MAX_STEPS)


def _ends_on_host(tree: Tree, aliases: ImportAliases, node: cst.CSTNode, steps: int) -> bool:
    if steps <= 0:
        return False
    parent = tree.parent(node)
    if isinstance(parent, cst.Attribute) and parent.value is node:
        if parent.attr.value in _METADATA:
            return True
        used = tree.parent(parent)
        if not (isinstance(used, cst.Call) and used.func is parent):
            return False
        if parent.attr.value in _PYTHON_METHODS:
            return True
        return parent.attr.value in _SAME_TENSOR_METHODS and _ends_on_host(tree, aliases, used, steps - 1)
    if isinstance(parent, cst.Arg) and parent.keyword is None:
        call = tree.parent(parent)
        if not isinstance(call, cst.Call):
            return False
        qualified = aliases.qualify(call.func) or (call.func.value if isinstance(call.func, cst.Name) else "")
        if qualified in _TO_PYTHON:
            return True
        # `torch.bernoulli(p)`: one tensor in, one out, on its device (another tensor argument would meet it)
        return (
            qualified.startswith("torch.")
            and len(call.args) == 1
            and _ends_on_host(tree, aliases, call, steps - 1)
        )
    if isinstance(parent, (cst.If, cst.While)) and parent.test is node:
        return True
    if isinstance(parent, cst.Assign) and parent.value is node:
        if len(parent.targets) != 1 or not isinstance(parent.targets[0].target, cst.Name):
            return False
        return _name_ends_on_host(tree, aliases, parent, parent.targets[0].target.value, steps - 1)
    return False


def _name_ends_on_host(tree: Tree, aliases: ImportAliases, assign: cst.Assign, name: str, steps: int) -> bool:
    """Every read of ``name`` in the function ``assign`` is in ends on the host, and nothing else binds it."""
    function = next((a for a in tree.ancestors(assign) if isinstance(a, cst.FunctionDef)), None)
    if function is None:
        return False
    reads = []
    for found in tree.of_type(function.body, cst.Name):
        if found.value != name:
            continue
        parent = tree.parent(found)
        if isinstance(parent, cst.Attribute) and parent.attr is found:
            continue
        if isinstance(parent, cst.AssignTarget):
            if tree.parent(parent) is not assign:
                return False  # bound again: what it holds there is another question
            continue
        reads.append(found)
    return bool(reads) and all(_ends_on_host(tree, aliases, read, steps) for read in reads)
