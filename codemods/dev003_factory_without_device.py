"""## What it does
Finds tensors created inside `forward` of an `nn.Module` (and in the methods `forward` calls) without
a `device=`, and creates them on the device of the input instead: `torch.zeros(n)` becomes
`torch.zeros(n, device=x.device)`, where `x` is the first tensor argument of `forward`. Floating
point factories whose result is combined with the input also get `dtype=x.dtype`, so a half- or
double-precision input is not silently promoted. `torch.zeros(n).to(self.device)` and `.cuda()` on a
fresh tensor become a direct creation on `x.device`, and legacy constructors
(`torch.FloatTensor(n)`, `torch.cuda.FloatTensor(n)`, `Variable(torch.zeros(n))`) become the modern
factory with `device=x.device`.

## Why is this bad?
A factory without `device=` allocates on the CPU. Once the module is moved to a GPU, the first
operation that combines the new tensor with the input fails with `Expected all tensors to be on the
same device`, or (after a `.to(device)`) pays a host-to-device copy on every forward call. Creating
the tensor where the input lives works on every device and copies nothing.

Index tensors (`torch.arange`, `torch.randint`) get a device but keep their integer dtype.

## Example
```python
class Decoder(nn.Module):
    def forward(self, x):
        h = torch.zeros(x.size(0), self.hidden)
        return self.cell(x, h)
```

Use instead:
```python
class Decoder(nn.Module):
    def forward(self, x):
        h = torch.zeros(x.size(0), self.hidden, device=x.device)
        return self.cell(x, h)
```

## Fix safety
Safe: the values are the same; only where they live changes. When the input's device cannot be named
(no tensor argument, or the argument may be `None`), the rule reports without fixing.
"""

from __future__ import annotations

from typing import Callable, Sequence

import libcst as cst

from codemods.base import FixSafety, Invalid, Rule, Valid
from codemods.dataflow import assigned_names, linear_statements, names_in
from codemods.names import dotted_name
from codemods.nn_modules import methods, module_classes
from codemods.syntax import kwarg, positional, with_kwarg
from codemods.torch_names import (
    FACTORIES,
    FLOAT_FACTORIES,
    LEGACY_TENSOR_DTYPES,
    as_move,
    moves_device,
)
from codemods.tree import Tree

# Annotations that say a parameter is not a tensor.
_NOT_TENSOR_ANNOTATIONS = frozenset({"int", "float", "bool", "str", "dict", "list", "tuple", "Optional"})
# Calls that combine their tensor arguments (so the dtypes meet).
_COMBINING = frozenset(
    f"torch.{n}" for n in "cat stack concat hstack vstack where maximum minimum add mul sub div matmul bmm".split()
)


class FactoryWithoutDevice(Rule):
    code = "DEV003"
    name = "factory-without-device"
    summary = "tensor created inside forward without device=; create it on the input's device"
    fix_safety = FixSafety.SAFE
    triggers = ("forward",)

    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def forward(self, x):
                    h = torch.zeros(x.size(0), 8, device=x.device, dtype=x.dtype)
                    return x + h
            """
        ),
        # *_like factories follow their input already.
        Valid(
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def forward(self, x):
                    return x + torch.zeros_like(x)
            """
        ),
        # Not a module: nothing is moved, the CPU default is fine.
        Valid(
            """
            import torch

            class Helper:
                def forward(self, x):
                    return x + torch.zeros(3)
            """
        ),
        # Outside forward (in __init__ the tensor is a buffer question: DEV004).
        Valid(
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.scale = nn.Parameter(torch.ones(3))

                def forward(self, x):
                    return x * self.scale
            """
        ),
        # Already placed with the module's own device attribute.
        Valid(
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def forward(self, x):
                    return x + torch.ones(3, device=self.weight.device)
            """
        ),
        # A helper not called from forward.
        Valid(
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def forward(self, x):
                    return x

                def sample(self, n):
                    return torch.randn(n, 4)
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            class Decoder(nn.Module):
                def forward(self, x):
                    h = torch.zeros(x.size(0), 8)  # initial state
                    return self.cell(x, h)
            """,
            """
            import torch
            from torch import nn

            class Decoder(nn.Module):
                def forward(self, x):
                    h = torch.zeros(x.size(0), 8, device=x.device)  # initial state
                    return self.cell(x, h)
            """,
        ),
        Invalid(
            """
            import torch as T
            import torch.nn as nn

            class Block(nn.Module):
                def forward(self, src):
                    pad = T.zeros((10,))
                    return src + pad
            """,
            """
            import torch as T
            import torch.nn as nn

            class Block(nn.Module):
                def forward(self, src):
                    pad = T.zeros((10,), device=src.device, dtype=src.dtype)
                    return src + pad
            """,
        ),
        Invalid(
            """
            from torch import arange, nn

            class Pos(nn.Module):
                def forward(self, x):
                    idx = arange(x.size(1)).to(self.device)
                    return self.table(idx)
            """,
            """
            from torch import arange, nn

            class Pos(nn.Module):
                def forward(self, x):
                    idx = arange(x.size(1), device=x.device)
                    return self.table(idx)
            """,
        ),
        Invalid(
            """
            import torch
            from torch.nn import Module

            class Attention(Module):
                def forward(self, q, k):
                    mask = self._mask(q, q.size(1))
                    return q @ k.transpose(-1, -2) + mask

                def _mask(self, ref, n):
                    return torch.triu(torch.full((n, n), float("-inf")).cuda(), 1)
            """,
            """
            import torch
            from torch.nn import Module

            class Attention(Module):
                def forward(self, q, k):
                    mask = self._mask(q, q.size(1))
                    return q @ k.transpose(-1, -2) + mask

                def _mask(self, ref, n):
                    return torch.triu(torch.full((n, n), float("-inf"), device=ref.device), 1)
            """,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Old(nn.Module):
                def forward(self, x):
                    buf = torch.FloatTensor(x.size(0)).zero_()
                    lut = torch.cuda.LongTensor([1, 2, 3])
                    return x + buf, lut
            """,
            """
            import torch
            from torch import nn

            class Old(nn.Module):
                def forward(self, x):
                    buf = torch.empty(x.size(0), dtype=torch.float32, device=x.device).zero_()
                    lut = torch.tensor([1, 2, 3], dtype=torch.int64, device=x.device)
                    return x + buf, lut
            """,
        ),
        Invalid(
            """
            import torch
            from torch import nn
            from torch.autograd import Variable

            class Seq2Seq(nn.Module):
                def forward(self, x):
                    hidden = Variable(torch.zeros(1, x.size(0), 16))
                    return self.rnn(x, hidden)
            """,
            """
            import torch
            from torch import nn
            from torch.autograd import Variable

            class Seq2Seq(nn.Module):
                def forward(self, x):
                    hidden = torch.zeros(1, x.size(0), 16, device=x.device)
                    return self.rnn(x, hidden)
            """,
        ),
        # No tensor argument to take the device from: report only.
        Invalid(
            """
            import torch
            from torch import nn

            class Sampler(nn.Module):
                def forward(self, n: int):
                    return self.net(torch.randn(n, 4))
            """
        ),
    ]

    def check(self) -> None:
        module = self.context.module
        local_modules = module_classes(self.tree, self.aliases)
        if not local_modules:
            return
        for cls in self.tree.of_type(module, cst.ClassDef):
            if cls.name.value in local_modules:
                self._check_class(cls)

    def _check_class(self, cls: cst.ClassDef) -> None:
        own = methods(cls)
        forward = own.get("forward")
        if forward is None:
            return
        device_param = _tensor_param(forward, 0)
        self._check_method(forward, device_param)
        # Helpers forward calls: the device comes from the parameter that receives forward's tensor.
        for call in self.tree.of_type(forward.body, cst.Call):
            func = call.func
            if not (
                isinstance(func, cst.Attribute)
                and dotted_name(func.value) == "self"
                and func.attr.value in own
                and func.attr.value != "forward"
            ):
                continue
            helper = own[func.attr.value]
            param = None
            if device_param is not None:
                for position, arg in enumerate(positional(call)):
                    if dotted_name(arg.value) == device_param:
                        param = _tensor_param(helper, position)
                        break
            self._check_method(helper, param)

    def _check_method(self, method: cst.FunctionDef, param: str | None) -> None:
        body = method.body
        if param is not None and _used_as_container(self.tree, body, param):
            param = None
        statements = linear_statements(body.body) if isinstance(body, cst.IndentedBlock) else []
        for call in self.tree.of_type(body, cst.Call):
            self._check_call(call, method, param, statements)

    def _check_call(
        self,
        call: cst.Call,
        method: cst.FunctionDef,
        param: str | None,
        statements: Sequence[cst.BaseSmallStatement],
    ) -> None:
        qualified = self.aliases.qualify(call.func) or ""
        where = f"inside `{method.name.value}`"
        legacy = _legacy_kind(qualified)
        if qualified in FACTORIES:
            if kwarg(call, "device") is not None or kwarg(call, "out") is not None:
                return
            short = qualified.split(".")[-1]
            message = f"`torch.{short}` {where} allocates on the CPU; create it on the input's device"
            if param is None:
                self.report(call, message)
                return
            device = _attr(param, "device")
            fixed = with_kwarg(call, "device", device)
            if (
                qualified in FLOAT_FACTORIES
                and kwarg(call, "dtype") is None
                and _mixes_with(self.tree, call, param, statements, self._combines)
            ):
                fixed = with_kwarg(fixed, "dtype", _attr(param, "dtype"))
            self.report(call, message, edits={self._outermost(call, method): fixed})
        elif legacy is not None:
            message = f"legacy `{qualified}` {where}; use a factory on the input's device"
            if param is None or len(call.args) != 1 or call.args[0].keyword or call.args[0].star:
                self.report(call, message)
                return
            data = call.args[0].value
            factory = "tensor" if isinstance(data, (cst.List, cst.Tuple)) else "empty"
            fixed = cst.Call(
                func=self.aliases.expr_for(f"torch.{factory}", f"torch.{factory}"),
                args=[cst.Arg(data)],
            )
            fixed = with_kwarg(fixed, "dtype", self.aliases.expr_for(f"torch.{legacy}", f"torch.{legacy}"))
            fixed = with_kwarg(fixed, "device", _attr(param, "device"))
            self.report(call, message, edits={self._outermost(call, method): fixed})
        elif qualified == "torch.autograd.Variable" and len(call.args) == 1 and not call.args[0].keyword:
            inner = call.args[0].value
            if isinstance(inner, cst.Call) and self.aliases.qualify(inner.func) in FACTORIES:
                return  # reported (and fixed) through the factory; Variable goes with it

    def _combines(self, call: cst.Call) -> bool:
        return self.aliases.qualify(call.func) in _COMBINING

    def _outermost(self, call: cst.Call, method: cst.FunctionDef) -> cst.CSTNode:
        """What the fix replaces: the call, or the `.to(...)`/`.cuda()`/`Variable(...)` around it."""
        for candidate in self.tree.of_type(method.body, cst.Call):
            move = as_move(candidate)
            if (
                move is not None
                and move.subject is call
                and len(candidate.args) <= 1
                and moves_device(move, self.aliases)
            ):
                return candidate
            if (
                self.aliases.qualify(candidate.func) == "torch.autograd.Variable"
                and len(candidate.args) == 1
                and candidate.args[0].value is call
            ):
                return candidate
        return call


def _attr(name: str, attribute: str) -> cst.Attribute:
    return cst.Attribute(value=cst.Name(name), attr=cst.Name(attribute))


def _legacy_kind(qualified: str) -> str | None:
    """``torch.FloatTensor``/``torch.cuda.FloatTensor`` -> "float32"; None for anything else."""
    prefix, _, kind = qualified.rpartition(".")
    if prefix in ("torch", "torch.cuda") and kind in LEGACY_TENSOR_DTYPES:
        return LEGACY_TENSOR_DTYPES[kind]
    return None


def _tensor_param(method: cst.FunctionDef, position: int) -> str | None:
    """The name of the ``position``-th parameter after ``self`` if it can be taken for a tensor."""
    params = method.params.params[1:]
    if position >= len(params):
        return None
    param = params[position]
    if param.default is not None:
        return None  # often `mask=None`: no device to take
    if param.annotation is not None:
        annotation = cst.Module([]).code_for_node(param.annotation.annotation)
        if any(word in annotation for word in _NOT_TENSOR_ANNOTATIONS):
            return None
    return param.name.value


def _used_as_container(tree: Tree, body: cst.CSTNode, name: str) -> bool:
    """``batch["x"]``, ``batch.items()``: a dict or list, not a tensor with a device."""
    for node in tree.descendants(body):
        if isinstance(node, cst.Subscript) and dotted_name(node.value) == name:
            if any(isinstance(e.slice, cst.Index) and isinstance(e.slice.value, cst.SimpleString) for e in node.slice):
                return True
        elif isinstance(node, cst.Attribute) and dotted_name(node.value) == name:
            if node.attr.value in ("items", "keys", "values", "append"):
                return True
    return False


def _mixes_with(tree: Tree, call: cst.Call,
    param: str,
    statements: Sequence[cst.BaseSmallStatement],
    combines: Callable[[cst.Call], bool],
) -> bool:
    """Is the new tensor combined with ``param`` (``param + t``, ``torch.cat([param, t])``)?"""
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
            if any(is_new(n) for n in group) and any(param in names_in(tree, n) and not is_new(n) for n in group):
                return True
        if index > start and param in assigned_names(tree, small):
            return False  # `param` now names something else
    return False


def _operand_groups(tree: Tree, node: cst.CSTNode, combines: Callable[[cst.Call], bool]
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


