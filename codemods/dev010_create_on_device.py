"""## What it does
Finds tensors created on the host and moved at once: `torch.zeros(n).to(device)`,
`torch.arange(n).cuda()`, `torch.tensor(data).to(device)`, and creates them where they are used:
`torch.zeros(n, device=device)`. A dtype given to `.to(device, dtype)` moves onto the factory when
the values cannot change (`zeros`, `ones`, `empty`, `eye`); `.cuda()` becomes `device="cuda"` as
written (DEV007 makes it portable).

Reported without a fix: a factory with `requires_grad=True` (after `.to()` the result is not a leaf,
so its `.grad` stays empty: creating it on the device changes what the optimizer sees), a `.to()`
that also changes the dtype of values that would round differently, and moves with `non_blocking=`,
`copy=` or `memory_format=`. Code inside an `nn.Module` is left to DEV003 and DEV004, which know the
module's device.

## Why is this bad?
The host allocates and fills the tensor, then a host-to-device copy moves it: two allocations, a
transfer over PCIe and, in a loop, both again on every step. A factory given `device=` fills the
tensor on the device itself and copies nothing. (`torch.tensor(data)` must copy its Python data to
the device either way; there the fix saves the intermediate host tensor and says where the tensor
lives in one call.)

## Example
```python
mask = torch.ones(seq, seq).tril().to(device)
noise = torch.randn(batch, dim).cuda()
```

Use instead:
```python
mask = torch.ones(seq, seq, device=device).tril()
noise = torch.randn(batch, dim, device="cuda")
```

## Fix safety
Safe for deterministic factories (`zeros`, `ones`, `empty`, `full`, `arange`, `eye`, `linspace`,
`logspace`, `tensor`, `as_tensor`): the values are the same, only where they are made changes.
Unsafe for random factories (`rand`, `randn`, `randint`, `randperm`, `normal`): on a GPU they draw
from the device's random generator instead of the CPU's, so the numbers change (with the same seed
too); applied only with `--unsafe-fixes`.
"""

from __future__ import annotations

import re

import libcst as cst

from codemods.base import FixSafety, Invalid, Replacement, Rule, Valid
from codemods.names import dotted_name
from codemods.nn_modules import module_classes
from codemods.syntax import code_of, kwarg, positional, with_kwarg
from codemods.torch_names import is_dtype_expr
from codemods.tree import Tree

_DETERMINISTIC = frozenset(
    f"torch.{n}" for n in "zeros ones empty full arange eye linspace logspace tensor as_tensor".split()
)
_RANDOM = frozenset(f"torch.{n}" for n in "rand randn randint randperm normal".split())
# Factories whose values (0 and 1) are exact in every dtype, so `.to(dtype)` can move onto them.
_EXACT_IN_ANY_DTYPE = frozenset(f"torch.{n}" for n in "zeros ones empty eye".split())
# Factory arguments that pin the host or the CPU's generator: with them, device= fails or differs.
_HOST_BOUND = ("device", "out", "pin_memory", "generator")
# Methods between the factory and `.to()` that compute the same on any device; `expand` is not one
# of them (`.to()` copies an expanded tensor into a dense one, the device factory would keep the view).
_SAME_ON_ANY_DEVICE = frozenset(
    "tril triu t transpose permute view reshape unsqueeze squeeze flatten flip repeat contiguous"
    " float double half long int bool zero_ fill_".split()
)
_DEVICE_NAME = re.compile(r"^(device|dev|\w+_device|\w+_dev|device_\w+)$")


class CreateOnDevice(Rule):
    code = "DEV010"
    name = "create-on-device"
    summary = "tensor created on the host, then copied to the device; create it there with device="
    fix_safety = FixSafety.SAFE
    triggers = (".to(", ".cuda(")

    VALID = [
        Valid(
            """
            import torch
            device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
            x = torch.zeros(4, 8, device=device)
            """
        ),
        # A batch that exists on the host already (loaded, decoded) must be copied: nothing to do.
        Valid(
            """
            import torch

            def step(batch, device):
                return batch.to(device)
            """
        ),
        # `.to(dtype)` alone is a conversion, not a move.
        Valid(
            """
            import torch
            idx = torch.arange(10).to(torch.float32)
            """
        ),
        # non_blocking= asks for an asynchronous copy from (pinned) host memory: left as written.
        Valid(
            """
            import torch
            x = torch.ones(3).to("cuda", non_blocking=True)
            """
        ),
        # An explicit CPU generator cannot fill a device tensor.
        Valid(
            """
            import torch
            g = torch.Generator().manual_seed(0)
            noise = torch.randn(3, generator=g).to(device)
            """
        ),
        # Inside an nn.Module: DEV003/DEV004 place it on the module's own device.
        Valid(
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def forward(self, x):
                    return x + torch.zeros(3).to(self.device)
            """
        ),
        # Moved under another name: the host tensor is still used.
        Valid(
            """
            import torch
            table = torch.arange(10)
            table_gpu = table.to(device)
            print(table.sum())
            """
        ),
        # `.to(other)` with a tensor takes the other tensor's dtype too: not a plain device.
        Valid(
            """
            import torch

            def pad(x, reference):
                return torch.zeros(3).to(reference)
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
            mask = torch.ones(5, 5).tril().to(device)
            pos = torch.arange(0, 16).to(device)  # positions
            """,
            """
            import torch
            device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
            mask = torch.ones(5, 5, device=device).tril()
            pos = torch.arange(0, 16, device=device)  # positions
            """,
        ),
        Invalid(
            """
            import torch as T

            def make(dev):
                return T.zeros((2, 3), dtype=T.float16).cuda()
            """,
            """
            import torch as T

            def make(dev):
                return T.zeros((2, 3), dtype=T.float16, device="cuda")
            """,
        ),
        Invalid(
            """
            import torch

            def labels(values, args):
                return torch.tensor(values).to(device=args.device)
            """,
            """
            import torch

            def labels(values, args):
                return torch.tensor(values, device=args.device)
            """,
        ),
        # Created, then moved at once under the same name: one creation on the device.
        Invalid(
            """
            import torch

            def positions(n, device):
                pos = torch.arange(n).unsqueeze(0)
                pos = pos.to(device)
                return pos
            """,
            """
            import torch

            def positions(n, device):
                pos = torch.arange(n, device=device).unsqueeze(0)
                return pos
            """,
        ),
        # zeros are zero in every dtype: the conversion moves onto the factory.
        Invalid(
            """
            import torch
            h = torch.zeros(1, 4, 16).to(device, torch.float16)
            """,
            """
            import torch
            h = torch.zeros(1, 4, 16, device=device, dtype=torch.float16)
            """,
        ),
        # Random numbers come from the device's generator: an unsafe fix.
        Invalid(
            """
            import torch
            noise = torch.randn(8, 3).to(device)
            """,
            """
            import torch
            noise = torch.randn(8, 3, device=device)
            """,
        ),
        # requires_grad before the move: the moved tensor is not a leaf; report only.
        Invalid(
            """
            import torch
            w = torch.randn(3, 3, requires_grad=True).to(device)
            """
        ),
        # 0.1 rounds differently in float32 then float64 than in float64 directly: report only.
        Invalid(
            """
            import torch
            scale = torch.full((4,), 0.1).to(device, torch.float64)
            """
        ),
    ]

    def check(self) -> None:
        module = self.context.module
        in_modules = module_classes(self.tree, self.aliases)
        for call in self.tree.of_type(module, cst.Call):
            func = call.func
            if not (isinstance(func, cst.Attribute) and func.attr.value in ("to", "cuda")):
                continue
            created, removed = func.value, None
            if isinstance(created, cst.Name):  # `x = torch.zeros(n)` then `x = x.to(device)`
                created, removed = _created_just_before(self.tree, call, created.value)
            factory = _factory_under(created) if created is not None else None
            if factory is None:
                continue
            qualified = self.aliases.qualify(factory.func)
            if qualified not in _DETERMINISTIC and qualified not in _RANDOM:
                continue
            if qualified == "torch.normal" and kwarg(factory, "size") is None:
                continue  # normal(mean_tensor, std) follows its tensors' device
            if any(kwarg(factory, name) is not None for name in _HOST_BOUND):
                continue
            if any(arg.star == "**" for arg in factory.args):
                continue
            target = self._target(call, func.attr.value)
            if target is None or _inside_module_class(self.tree, call, in_modules):
                continue
            device, dtype = target
            if dtype is not None and factory is not created:
                continue  # a dtype after a chain of methods: rare, and not worth the reasoning
            self._report(call, created, factory, qualified, (device, dtype), removed)

    def _target(
        self, call: cst.Call, method: str
    ) -> tuple[cst.BaseExpression, cst.BaseExpression | None] | None:
        """(device, dtype or None) of a plain move, or None for anything else."""
        if method == "cuda":
            return (cst.SimpleString('"cuda"'), None) if not call.args else None
        device = kwarg(call, "device")
        dtype = kwarg(call, "dtype")
        if any(a.star or (a.keyword and a.keyword.value not in ("device", "dtype")) for a in call.args):
            return None  # non_blocking=, copy=, memory_format=
        args = positional(call)
        if device is None and args:
            device, args = args[0], args[1:]
        if dtype is None and args:
            dtype, args = args[0], args[1:]
        if device is None or args or not self._is_device(device.value):
            return None
        if dtype is not None and not is_dtype_expr(dtype.value, self.aliases):
            return None
        return device.value, dtype.value if dtype is not None else None

    def _is_device(self, node: cst.BaseExpression) -> bool:
        """An expression that names a device (and not a tensor whose device and dtype `.to` copies)."""
        if isinstance(node, cst.SimpleString):
            return True
        if isinstance(node, cst.Attribute):
            return node.attr.value == "device" or bool(_DEVICE_NAME.match(node.attr.value))
        if isinstance(node, cst.Name):
            return bool(_DEVICE_NAME.match(node.value))
        if isinstance(node, cst.Call) and self.aliases.qualify(node.func) == "torch.device":
            return all(isinstance(a.value, (cst.SimpleString, cst.Integer, cst.Name, cst.Attribute)) for a in node.args)
        return False

    def _report(
        self,
        call: cst.Call,
        created: cst.BaseExpression,
        factory: cst.Call,
        qualified: str,
        target: tuple[cst.BaseExpression, cst.BaseExpression | None],
        removed: cst.SimpleStatementLine | None,
    ) -> None:
        """Report ``call`` (the move); the fix makes ``created`` on the device and drops the move
        (the whole ``removed`` statement when the move was a statement of its own)."""
        device, dtype = target
        short = qualified.split(".")[-1]
        assert isinstance(call.func, cst.Attribute)
        moved = ".cuda()" if call.func.attr.value == "cuda" else ".to(...)"
        message = f"`torch.{short}(...){moved}` creates the tensor on the host, then copies it"
        requires_grad = kwarg(factory, "requires_grad")
        if requires_grad is not None and code_of(requires_grad.value) != "False":
            self.report(
                call,
                message + "; `requires_grad=True` before the move makes the result a non-leaf whose"
                " `.grad` stays empty: create it with `device=` and `requires_grad=True` instead",
            )
            return
        own_dtype = kwarg(factory, "dtype")
        if dtype is not None:
            if own_dtype is not None and code_of(own_dtype.value) == code_of(dtype):
                dtype = None  # converting to the dtype it already has
            elif own_dtype is not None or qualified not in _EXACT_IN_ANY_DTYPE:
                self.report(call, message + "; create it with `device=` and `dtype=` directly (the"
                            " values may round differently, so it is not rewritten)")
                return
        made = with_kwarg(factory, "device", device)
        if dtype is not None:
            made = with_kwarg(made, "dtype", dtype)
        fixed = made if created is factory else created.deep_replace(factory, made)
        edits: dict[cst.CSTNode, Replacement] = {call: fixed}
        if removed is not None:
            edits = {created: fixed, removed: cst.RemovalSentinel.REMOVE}
        if qualified in _RANDOM:
            self.report(
                call,
                message + "; create it with `device=` (unsafe: the device's random generator draws"
                " different numbers)",
                edits=edits,
                safety=FixSafety.UNSAFE,
            )
            return
        self.report(call, message + "; create it with `device=`", edits=edits)


def _factory_under(node: cst.BaseExpression) -> cst.Call | None:
    """The call at the root of ``torch.f(...)`` or ``torch.f(...).tril().float()``, when every method
    in between computes the same values on any device and keeps the strides ``.to()`` would give."""
    while (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value in _SAME_ON_ANY_DEVICE
        and isinstance(node.func.value, cst.Call)
    ):
        node = node.func.value
    return node if isinstance(node, cst.Call) else None


def _created_just_before(tree: Tree, move: cst.Call, name: str
) -> tuple[cst.BaseExpression | None, cst.SimpleStatementLine | None]:
    """For ``name = name.to(device)`` right after ``name = <value>``: (``<value>``, the move's
    line). Rebinding ``name`` at once leaves no other use of the host tensor; nothing else qualifies."""
    above = tree.ancestors(move)[:3]
    if not (
        len(above) == 3
        and isinstance(above[0], cst.Assign)
        and above[0].value is move
        and len(above[0].targets) == 1
        and dotted_name(above[0].targets[0].target) == name
        and isinstance(above[1], cst.SimpleStatementLine)
        and len(above[1].body) == 1
        and isinstance(above[2], (cst.IndentedBlock, cst.Module))
    ):
        return None, None
    line = above[1]
    if line.trailing_whitespace.comment is not None or any(e.comment for e in line.leading_lines):
        return None, None  # its comment would go with it
    body = list(above[2].body)
    index = next(i for i, s in enumerate(body) if s is line)
    previous = body[index - 1] if index else None
    if not (isinstance(previous, cst.SimpleStatementLine) and len(previous.body) == 1):
        return None, None
    assign = previous.body[0]
    if not (
        isinstance(assign, cst.Assign)
        and len(assign.targets) == 1
        and dotted_name(assign.targets[0].target) == name
    ):
        return None, None
    return assign.value, line


def _inside_module_class(tree: Tree, node: cst.CSTNode, module_classes: set[str]) -> bool:
    return bool(module_classes) and any(
        isinstance(above, cst.ClassDef) and above.name.value in module_classes for above in tree.ancestors(node)
    )
