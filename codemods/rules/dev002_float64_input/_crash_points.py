"""When casting a float64 input to float32 only changes code that raised: DEV002's safe fixes.

A float32 layer (``nn.Linear``, a convolution, a recurrent layer...) given float64 input raises
(``mat1 and mat2 must have the same dtype``), on every PyTorch version and device. A cast is then
safe, not merely plausible, when the value it casts goes nowhere but into such a model: every read
of it feeds a model whose first layer takes floats (through indexing, moves, ``Variable`` and
rebinding of its own name: ``x = x.cuda()``), or reads only its size. Then the program without the
cast stopped at the first of those calls before the value did anything else, and the cast program
runs the same statements up to there. Anything else that reads the value (arithmetic, a loss
beside the model's output, printing, returning it) would see float32 instead of float64: that fix
stays unsafe. Under ``autocast`` a float64 input does not raise, so a file that uses it gets no
safe cast.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet

import libcst as cst

from codemods.core.names import ImportAliases, dotted_name
from codemods.core.torch_names import VARIABLE, picks_dtype
from codemods.core.tree import Tree

# Reading these of a tensor does not depend on its dtype.
_DTYPE_BLIND = frozenset({"size", "shape", "dim", "ndimension", "numel", "nelement", "device", "is_cuda"})


# Methods that give the same data, moved or viewed, in the same dtype.
_SAME_DATA = frozenset(
    "cuda cpu to detach view reshape unsqueeze squeeze contiguous clone t permute transpose"
    " pin_memory".split()
)


class CrashPoints:
    """Which float64 values of a file reach nothing but float32 models (see the module docstring)."""

    def __init__(self, tree: Tree, aliases: ImportAliases, float_models: AbstractSet[str]) -> None:
        self.tree, self.aliases, self.float_models = tree, aliases, float_models
        self._autocast = any(
            "autocast" in (dotted_name(c.func) or "") for c in tree.of_type(tree.root, cst.Call)
        )
        self._checking: set[tuple[int, str]] = set()

    def fed_only(self, value: cst.BaseExpression) -> bool:
        """Does ``value`` (an expression where a cast would go) reach nothing but float32 models?"""
        return not self._autocast and self._flows_only(value)

    def _same_data(self, call: cst.Call, child: cst.CSTNode) -> bool:
        """``call`` holds ``child``'s data in its dtype: ``Variable(child)``, ``child.cuda()``,
        ``child.to(device)`` (no dtype), ``child.view(...)``."""
        if self.aliases.qualify(call.func) in VARIABLE:
            return bool(call.args) and call.args[0].value is child
        func = call.func
        if not (isinstance(func, cst.Attribute) and func.value is child and func.attr.value in _SAME_DATA):
            return False
        return func.attr.value != "to" or not picks_dtype([call], self.aliases)

    def _flows_only(self, node: cst.CSTNode) -> bool:
        child, parent = node, self.tree.parent(node)
        while True:
            if isinstance(parent, cst.Arg):
                call = self.tree.parent(parent)
                if not isinstance(call, cst.Call):
                    return False
                if dotted_name(call.func) in self.float_models and call.args and call.args[0] is parent:
                    return True  # raised here without the cast
                if dotted_name(call.func) == "len":
                    return True
                if self._same_data(call, child):
                    child, parent = call, self.tree.parent(call)
                    continue
                return False
            if isinstance(parent, cst.Attribute) and parent.value is child:
                above = self.tree.parent(parent)
                if parent.attr.value in _DTYPE_BLIND:
                    return True
                if isinstance(above, cst.Call) and above.func is parent:
                    if parent.attr.value == "float" and not above.args:
                        return True  # made float32 here anyway
                    if self._same_data(above, child):
                        child, parent = above, self.tree.parent(above)
                        continue
                return False
            if isinstance(parent, cst.Subscript) and parent.value is child:
                child, parent = parent, self.tree.parent(parent)
                continue
            if isinstance(parent, cst.Element):
                values = self.tree.parent(parent)
                assign = self.tree.parent(values)
                if not isinstance(values, cst.Tuple) or not isinstance(assign, cst.Assign):
                    return False
                index = next(i for i, e in enumerate(values.elements) if e is parent)
                target = assign.targets[0].target if len(assign.targets) == 1 else None
                if not isinstance(target, cst.Tuple) or len(target.elements) != len(values.elements):
                    return False
                return self._name_fed_only(target.elements[index].value, assign)
            if isinstance(parent, cst.Assign) and len(parent.targets) == 1:
                return self._name_fed_only(parent.targets[0].target, parent)
            return False

    def _name_fed_only(self, target: cst.BaseExpression, assign: cst.Assign) -> bool:
        """``name = <the value>``: every read of ``name`` in its scope feeds only float32 models."""
        scope = next(
            (a for a in self.tree.ancestors(assign) if isinstance(a, (cst.FunctionDef, cst.Module))), None
        )
        if not isinstance(target, cst.Name) or scope is None:
            return False
        key = (id(scope), target.value)
        if key in self._checking:
            return True  # `x = x.cuda()`: its reads are being checked already
        self._checking.add(key)
        try:
            for read in self.tree.of_type(scope, cst.Name):
                if read.value != target.value or read is target:
                    continue
                parent = self.tree.parent(read)
                if isinstance(parent, cst.Attribute) and parent.attr is read:
                    continue
                if isinstance(parent, cst.Arg) and parent.keyword is read:
                    continue
                if self._is_target(read):
                    continue  # a binding: what it binds is read through the same name
                if not self._flows_only(read):
                    return False
            return True
        finally:
            self._checking.discard(key)

    def _is_target(self, node: cst.CSTNode) -> bool:
        child, parent = node, self.tree.parent(node)
        while isinstance(parent, (cst.Element, cst.Tuple, cst.List)):
            child, parent = parent, self.tree.parent(parent)
        return isinstance(parent, (cst.AssignTarget, cst.For, cst.CompFor, cst.AugAssign)) and (
            parent.target is child
        )
