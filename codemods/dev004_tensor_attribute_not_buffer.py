"""## What it does
Finds plain tensor attributes set in `__init__` of an `nn.Module` (`self.mask = torch.ones(n)`,
`self.pe = pe.unsqueeze(0)`) and registers them as buffers instead:
`self.register_buffer("mask", torch.ones(n), persistent=False)`.

When the module is moved as a whole somewhere in the file (`Net().to(device)`), a `.to(device)` or
`.cuda()` inside the attribute's expression is dropped, since the buffer now follows the module. A
hand-written `to()` override whose only job was moving such attributes is removed too; one that
does anything else is left alone and the finding says so.

## Why is this bad?
`module.to(device)`, `.cuda()`, `.half()` and DistributedDataParallel move parameters and buffers,
not plain attributes. The attribute stays on the CPU and the first forward pass on the GPU fails with
`Expected all tensors to be on the same device`.

`persistent=False` keeps `state_dict()` exactly as it was (the attribute was never saved), so
existing checkpoints still load with `strict=True`.

The rule does not fire on `nn.Parameter`s, on attributes already registered, on attributes
assigned before `super().__init__()` (registering would fail there), or on attributes that are
reassigned to something other than a tensor (or `None`) elsewhere in the class.

## Example
```python
class PositionalEncoding(nn.Module):
    def __init__(self, d_model, max_len=512):
        super().__init__()
        self.pe = torch.zeros(max_len, d_model)
```

Use instead:
```python
class PositionalEncoding(nn.Module):
    def __init__(self, d_model, max_len=512):
        super().__init__()
        self.register_buffer("pe", torch.zeros(max_len, d_model), persistent=False)
```

## Fix safety
Safe: with `persistent=False` the state dict, the values and attribute access are unchanged; only
`.to()` and friends now move the tensor.
"""

from __future__ import annotations

from typing import Sequence

import libcst as cst

from codemods.base import FixSafety, Invalid, Replacement, Rule, Valid
from codemods.dataflow import function_blocks, linear_statements
from codemods.names import dotted_name
from codemods.nn_modules import methods, model_move, module_classes
from codemods.syntax import strip_method_chain
from codemods.torch_names import FACTORIES, as_move, moves_device
from codemods.tree import Tree

_TENSOR_FUNCTIONS = FACTORIES | frozenset(
    f"torch.{name}"
    for name in (
        "from_numpy exp log sin cos sqrt pow triu tril outer cat stack matmul mm diag cumsum cumprod"
        " zeros_like ones_like rand_like randn_like full_like empty_like clone einsum polar where"
    ).split()
)
_NON_TENSOR_METHODS = frozenset({"item", "tolist", "numpy", "size", "dim", "numel", "__len__", "data_ptr"})


class TensorAttributeNotBuffer(Rule):
    code = "DEV004"
    name = "tensor-attribute-not-buffer"
    summary = "plain tensor attribute in an nn.Module does not move with .to(); register a buffer"
    fix_safety = FixSafety.SAFE
    triggers = ("__init__",)

    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.register_buffer("mask", torch.ones(4))
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.scale = nn.Parameter(torch.ones(4))
            """
        ),
        # Reassigned to a non-tensor elsewhere: a buffer would refuse that.
        Valid(
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.cache = torch.zeros(4)

                def reset(self):
                    self.cache = []
            """
        ),
        # Not a module.
        Valid(
            """
            import torch

            class Stats:
                def __init__(self):
                    self.total = torch.zeros(4)
            """
        ),
        # Before super().__init__(), register_buffer would raise.
        Valid(
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def __init__(self):
                    self.table = torch.arange(10)
                    super().__init__()
            """
        ),
        # Not a tensor.
        Valid(
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def __init__(self, n):
                    super().__init__()
                    self.n = n
                    self.shape = torch.Size([n, n])
                    self.layer = nn.Linear(n, n)
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            class FocalLoss(nn.Module):
                def __init__(self, weights):
                    super().__init__()
                    # class weights
                    self.alpha = torch.tensor(weights)  # per class
            """,
            """
            import torch
            from torch import nn

            class FocalLoss(nn.Module):
                def __init__(self, weights):
                    super().__init__()
                    # class weights
                    self.register_buffer("alpha", torch.tensor(weights), persistent=False)  # per class
            """,
        ),
        Invalid(
            """
            import math
            import torch
            import torch.nn as nn

            class PositionalEncoding(nn.Module):
                def __init__(self, d_model, max_len=64):
                    super(PositionalEncoding, self).__init__()
                    pe = torch.zeros(max_len, d_model)
                    position = torch.arange(0, max_len).unsqueeze(1)
                    pe[:, 0::2] = torch.sin(position)
                    self.pe = pe.unsqueeze(0)
            """,
            """
            import math
            import torch
            import torch.nn as nn

            class PositionalEncoding(nn.Module):
                def __init__(self, d_model, max_len=64):
                    super(PositionalEncoding, self).__init__()
                    pe = torch.zeros(max_len, d_model)
                    position = torch.arange(0, max_len).unsqueeze(1)
                    pe[:, 0::2] = torch.sin(position)
                    self.register_buffer("pe", pe.unsqueeze(0), persistent=False)
            """,
        ),
        Invalid(
            """
            import torch as T
            from torch.nn import Module

            class Causal(Module):
                def __init__(self, n):
                    Module.__init__(self)
                    self.mask = T.tril(T.ones(n, n)) == 0
            """,
            """
            import torch as T
            from torch.nn import Module

            class Causal(Module):
                def __init__(self, n):
                    Module.__init__(self)
                    self.register_buffer("mask", T.tril(T.ones(n, n)) == 0, persistent=False)
            """,
        ),
        # Moved as a whole below: the hand-written .cuda() goes.
        Invalid(
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.offset = torch.zeros(4).cuda()

            model = Net().cuda()
            """,
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.register_buffer("offset", torch.zeros(4), persistent=False)

            model = Net().cuda()
            """,
        ),
        # ...and so does a to() override that only moved the attributes.
        Invalid(
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.anchors = torch.rand(8, 2)

                def to(self, *args, **kwargs):
                    self.anchors = self.anchors.to(*args, **kwargs)
                    return super().to(*args, **kwargs)

                def forward(self, x):
                    return x + self.anchors
            """,
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.register_buffer("anchors", torch.rand(8, 2), persistent=False)

                def forward(self, x):
                    return x + self.anchors
            """,
        ),
        # A to() override that does more than moving is kept, and said so.
        Invalid(
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.anchors = torch.rand(8, 2)

                def to(self, device):
                    print("moving")
                    self.anchors = self.anchors.to(device)
                    return super().to(device)
            """,
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.register_buffer("anchors", torch.rand(8, 2), persistent=False)

                def to(self, device):
                    print("moving")
                    self.anchors = self.anchors.to(device)
                    return super().to(device)
            """,
        ),
        Invalid(
            """
            import numpy as np
            import torch
            from torch import nn

            class Policy(nn.Module):
                def __init__(self, low, high):
                    super().__init__()
                    self.scale = torch.from_numpy((high - low) / 2.0).float()
                    self.scale = self.scale.clamp(min=1e-3)
            """,
            """
            import numpy as np
            import torch
            from torch import nn

            class Policy(nn.Module):
                def __init__(self, low, high):
                    super().__init__()
                    self.register_buffer("scale", torch.from_numpy((high - low) / 2.0).float(), persistent=False)
                    self.scale = self.scale.clamp(min=1e-3)
            """,
        ),
    ]

    def check(self) -> None:
        module = self.context.module
        local_modules = module_classes(self.tree, self.aliases)
        if not local_modules:
            return
        moved_classes = self._classes_moved_whole(module, local_modules)
        for cls in self.tree.of_type(module, cst.ClassDef):
            if cls.name.value in local_modules:
                self._check_class(cls, cls.name.value in moved_classes)

    def _classes_moved_whole(self, module: cst.Module, local_modules: set[str]) -> set[str]:
        """Classes an instance of which is moved with .to()/.cuda() somewhere in the file."""
        instances: dict[str, str] = {}  # variable -> class
        moved: set[str] = set()
        statements = [s for block in function_blocks(self.tree) for s in linear_statements(block)]
        for small in statements:
            if isinstance(small, cst.Assign) and len(small.targets) == 1:
                root = strip_method_chain(small.value, self.aliases)
                target = dotted_name(small.targets[0].target)
                if isinstance(root, cst.Call) and dotted_name(root.func) in local_modules and target:
                    instances[target] = dotted_name(root.func)  # type: ignore[assignment]
            found = model_move(small, self.aliases)
            if found is None:
                continue
            name, move = found
            root = strip_method_chain(move.subject, self.aliases)
            if name in instances:
                moved.add(instances[name])
            elif isinstance(root, cst.Call) and dotted_name(root.func) in local_modules:
                moved.add(dotted_name(root.func))  # type: ignore[arg-type]
        return moved

    def _check_class(self, cls: cst.ClassDef, moved_whole: bool) -> None:
        own = methods(cls)
        init = own.get("__init__")
        if init is None or not isinstance(init.body, cst.IndentedBlock):
            return
        statements = linear_statements(init.body.body)
        start = next((i for i, s in enumerate(statements) if _is_super_init(s)), None)
        if start is None:
            return
        registered = _registered_buffers(self.tree, cls)
        local_tensors: set[str] = set()
        candidates: list[tuple[str, cst.Assign]] = []
        for small in statements[start + 1:]:
            if not (isinstance(small, cst.Assign) and len(small.targets) == 1):
                continue
            target = small.targets[0].target
            if isinstance(target, cst.Name):
                if self._is_tensor(small.value, local_tensors, None):
                    local_tensors.add(target.value)
                else:
                    local_tensors.discard(target.value)
                continue
            attribute = _self_attribute(target)
            if attribute is None or attribute in registered or attribute in {n for n, _ in candidates}:
                continue
            if self._is_tensor(small.value, local_tensors, None):
                candidates.append((attribute, small))
        candidates = [
            (name, assign) for name, assign in candidates if self._only_tensors_assigned(cls, name, assign)
        ]
        if not candidates:
            return
        override = own.get("to")
        if override is None:
            for name, assign in candidates:
                self._report(name, assign, {assign: self._register(name, assign, moved_whole)})
            return
        # A to() override: convert everything in one fix, and remove the override if that was its job.
        edits: dict[cst.CSTNode, Replacement] = {
            assign: self._register(name, assign, moved_whole) for name, assign in candidates
        }
        names = {name for name, _ in candidates}
        if _only_moves(override, names):
            edits[override] = cst.RemovalSentinel.REMOVE
        else:
            self.report(
                override,
                "this to() override does more than move tensor attributes; now that they are buffers,"
                " check whether it is still needed",
            )
        first_name, first_assign = candidates[0]
        self._report(first_name, first_assign, edits)

    def _report(self, name: str, assign: cst.Assign, edits: dict) -> None:  # type: ignore[type-arg]
        self.report(
            assign,
            f"`self.{name}` is a plain tensor attribute: `.to(device)` will not move it;"
            " register it as a buffer",
            edits=edits,
        )

    def _register(self, name: str, assign: cst.Assign, moved_whole: bool) -> cst.Expr:
        value = assign.value
        if moved_whole:
            value = value.visit(_DropMoves(self))  # type: ignore[assignment]
        call = cst.Call(
            func=cst.Attribute(value=cst.Name("self"), attr=cst.Name("register_buffer")),
            args=[
                cst.Arg(cst.SimpleString(f'"{name}"')),
                cst.Arg(value),
                cst.Arg(
                    cst.Name("False"),
                    keyword=cst.Name("persistent"),
                    equal=cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace("")),
                ),
            ],
        )
        return cst.Expr(call)

    def _is_tensor(self, node: cst.BaseExpression, local_tensors: set[str], attribute: str | None) -> bool:
        """Does ``node`` evidently evaluate to a tensor?"""
        if isinstance(node, cst.Name):
            return node.value in local_tensors
        if attribute is not None and _self_attribute(node) == attribute:
            return True
        if isinstance(node, cst.Call):
            if self.aliases.qualify(node.func) in _TENSOR_FUNCTIONS:
                return True
            func = node.func
            if isinstance(func, cst.Attribute) and self.aliases.qualify(func) is None:
                return func.attr.value not in _NON_TENSOR_METHODS and self._is_tensor(
                    func.value, local_tensors, attribute
                )
            return False
        if isinstance(node, cst.BinaryOperation):
            return any(self._is_tensor(s, local_tensors, attribute) for s in (node.left, node.right))
        if isinstance(node, cst.Comparison):
            return self._is_tensor(node.left, local_tensors, attribute)
        if isinstance(node, cst.Subscript):
            return self._is_tensor(node.value, local_tensors, attribute)
        return False

    def _only_tensors_assigned(self, cls: cst.ClassDef, name: str, first: cst.Assign) -> bool:
        for method in methods(cls).values():
            if not isinstance(method.body, cst.IndentedBlock):
                continue
            for small in linear_statements(method.body.body):
                if small is first or not isinstance(small, cst.Assign):
                    continue
                if any(_self_attribute(t.target) == name for t in small.targets):
                    value = small.value
                    if not (
                        (isinstance(value, cst.Name) and value.value == "None")
                        or self._is_tensor(value, set(), name)
                    ):
                        return False
        return True


class _DropMoves(cst.CSTTransformer):
    """``torch.zeros(3).cuda()`` -> ``torch.zeros(3)``: the buffer follows the module now."""

    def __init__(self, rule: TensorAttributeNotBuffer) -> None:
        super().__init__()
        self.rule = rule

    def leave_Call(self, original_node: cst.Call, updated_node: cst.Call) -> cst.BaseExpression:
        move = as_move(updated_node)
        if move is not None and moves_device(move, self.rule.aliases) and len(updated_node.args) <= 1:
            return move.subject
        return updated_node


def _self_attribute(node: cst.BaseExpression) -> str | None:
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == "self":
        return node.attr.value
    return None


def _is_super_init(small: cst.BaseSmallStatement) -> bool:
    """``super().__init__(...)``, ``super(Cls, self).__init__()``, ``Base.__init__(self, ...)``."""
    if not isinstance(small, cst.Expr) or not isinstance(small.value, cst.Call):
        return False
    func = small.value.func
    if not (isinstance(func, cst.Attribute) and func.attr.value == "__init__"):
        return False
    receiver = func.value
    if isinstance(receiver, cst.Call) and dotted_name(receiver.func) == "super":
        return True
    args = small.value.args
    return bool(args) and dotted_name(args[0].value) == "self"


def _registered_buffers(tree: Tree, cls: cst.ClassDef) -> set[str]:
    names = set()
    for call in tree.of_type(cls, cst.Call):
        if (
            isinstance(call.func, cst.Attribute)
            and call.func.attr.value == "register_buffer"
            and call.args
            and isinstance(call.args[0].value, cst.SimpleString)
        ):
            names.add(call.args[0].value.evaluated_value)
    return names  # type: ignore[return-value]


def _only_moves(method: cst.FunctionDef, names: set[str]) -> bool:
    """Is ``method`` just ``self.a = self.a.to(*args, **kwargs)`` lines and ``return super().to(...)``?"""
    if not isinstance(method.body, cst.IndentedBlock):
        return False
    body: Sequence[cst.BaseStatement] = method.body.body
    if not body:
        return False
    for stmt in body:
        if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
            return False
        small = stmt.body[0]
        if isinstance(small, cst.Return) and small.value is not None:
            call = small.value
            if not (
                isinstance(call, cst.Call)
                and isinstance(call.func, cst.Attribute)
                and call.func.attr.value == "to"
                and isinstance(call.func.value, cst.Call)
                and dotted_name(call.func.value.func) == "super"
            ):
                return False
            continue
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1):
            return False
        name = _self_attribute(small.targets[0].target)
        value = small.value
        is_move_of_itself = (
            isinstance(value, cst.Call)
            and isinstance(value.func, cst.Attribute)
            and value.func.attr.value in ("to", "cuda", "cpu")
            and _self_attribute(value.func.value) == name
        )
        if name not in names or not is_move_of_itself:
            return False
    return True
