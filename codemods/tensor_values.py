"""Which expressions hold tensors on the model's device, read statement by statement.

Rules that must not mistake a Python number for a tensor (a host sync is only a sync on a device
tensor) ask :class:`TensorValues`. It knows a value is a tensor when the code shows it: the result
of a model or a loss function (a name bound to an ``nn`` module in the file, or a parameter named
``model``, ``criterion``, ``loss_fn``...), of a ``torch`` function, of a tensor method, a tensor's
``.grad``/``.data``, arithmetic and comparisons with a tensor, and a name that receives
``.backward()``. Names are tracked through plain assignments in source order; anything else (a
for-target, an unknown call) is not a tensor. Precision over recall: a miss is a finding not made.
"""

from __future__ import annotations

import re
from typing import AbstractSet

import libcst as cst

from codemods.names import ImportAliases, dotted_name
from codemods.nn_modules import model_names
from codemods.syntax import flatten_names
from codemods.tree import Tree

# Tensor methods whose result is no device tensor (a Python value, a host copy, a size).
NOT_TENSOR_METHODS = frozenset(
    "item tolist numpy cpu size dim numel nelement element_size stride data_ptr get_device backward"
    " is_contiguous is_floating_point is_complex type __len__ zero_grad step".split()
)
# torch functions that return no tensor.
_TORCH_NOT_TENSOR = re.compile(
    r"^torch\.(is_\w+|numel|device|Size|no_grad|enable_grad|inference_mode|manual_seed|save|load|"
    r"get_\w+|set_\w+|(cuda|backends|utils|optim|distributed|nn\.init|autograd|jit|amp)\b.*|nn\.[A-Z]\w*)$"
)
# Callables that, passed in as parameters, are models and loss functions by their names.
_MODEL_NAME = re.compile(r"^(model|net|network|criterion|loss_fn|loss_func|lossfn|\w+_model|\w+_net|\w+_criterion)$")
_TENSOR_ATTRIBUTES = frozenset({"grad", "data", "T", "mT"})


class TensorValues:
    def __init__(self, tree: Tree, aliases: ImportAliases) -> None:
        self.tree = tree
        module = tree.root
        self.aliases = aliases
        self.modules = model_names(self.tree, aliases)
        self.backward_receivers = {
            dotted_name(call.func.value)
            for call in self.tree.of_type(module, cst.Call)
            if isinstance(call.func, cst.Attribute) and call.func.attr.value == "backward"
        }

    def is_tensor(self, node: cst.BaseExpression, tensors: AbstractSet[str]) -> bool:
        """Is ``node`` a tensor, given the names in ``tensors`` are?"""
        if isinstance(node, cst.Name):
            return node.value in tensors
        if isinstance(node, cst.Call):
            return self._call_is_tensor(node, tensors)
        if isinstance(node, cst.Attribute):
            return node.attr.value in _TENSOR_ATTRIBUTES and self.is_tensor(node.value, tensors)
        if isinstance(node, cst.Subscript):
            return self.is_tensor(node.value, tensors)
        if isinstance(node, cst.BinaryOperation):
            return self.is_tensor(node.left, tensors) or self.is_tensor(node.right, tensors)
        if isinstance(node, cst.UnaryOperation):
            return not isinstance(node.operator, cst.Not) and self.is_tensor(node.expression, tensors)
        if isinstance(node, cst.Comparison):
            return self.is_tensor(node.left, tensors) or any(
                self.is_tensor(c.comparator, tensors) for c in node.comparisons
            )
        return False

    def _call_is_tensor(self, node: cst.Call, tensors: AbstractSet[str]) -> bool:
        func = node.func
        qualified = self.aliases.qualify(func)
        if qualified is not None:
            return qualified.startswith("torch.") and not _TORCH_NOT_TENSOR.match(qualified)
        name = dotted_name(func)
        if name is not None and (name in self.modules or _MODEL_NAME.match(name.rsplit(".", 1)[-1])):
            return True  # a model's output, a loss
        if isinstance(func, cst.Attribute):
            method = func.attr.value
            if method in ("to", "cuda"):
                return dotted_name(func.value) not in self.modules
            return method not in NOT_TENSOR_METHODS and self.is_tensor(func.value, tensors)
        return False

    def bind(self, small: cst.BaseSmallStatement, tensors: set[str]) -> None:
        """Update ``tensors`` for what ``small`` assigns."""
        if isinstance(small, cst.Assign):
            for target in small.targets:
                self._assign(target.target, small.value, tensors)
        elif isinstance(small, cst.AnnAssign) and small.value is not None:
            self._assign(small.target, small.value, tensors)
        elif isinstance(small, cst.AugAssign) and isinstance(small.target, cst.Name):
            if self.is_tensor(small.value, tensors):
                tensors.add(small.target.value)

    def _assign(self, target: cst.BaseExpression, value: cst.BaseExpression, tensors: set[str]) -> None:
        if isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, (cst.Tuple, cst.List)):
            if len(target.elements) == len(value.elements):
                for t, v in zip(target.elements, value.elements):
                    self._assign(t.value, v.value, tensors)
                return
        names = set(flatten_names(target, keep_underscore=True))
        if self.is_tensor(value, tensors) or (
            isinstance(target, cst.Name) and target.value in self.backward_receivers and _may_be_tensor(value)
        ):
            tensors.update(names)
        else:
            tensors.difference_update(names)


def _may_be_tensor(value: cst.BaseExpression) -> bool:
    """``loss = compute_loss(...)``: a call whose result receives ``.backward()`` later is a tensor."""
    if not isinstance(value, cst.Call):
        return False
    return not (isinstance(value.func, cst.Attribute) and value.func.attr.value in NOT_TENSOR_METHODS)
