"""## What it does
Finds code that assumes a GPU: `.cuda()`, `.to("cuda")`, `device="cuda"`, `torch.device("cuda")`,
`torch.cuda.FloatTensor(...)` and flags like `USE_CUDA = True`. It introduces one portable device at
the top of the module (`device = torch.device("cuda" if torch.cuda.is_available() else "cpu")`, or
reuses the module's own `device` if it has one) and rewrites each use to `.to(device)` /
`device=device`; flags become `torch.cuda.is_available()`.

Explicit indices (`.cuda(1)`, `"cuda:1"`) are reported, not rewritten: they encode a placement
decision the rule cannot make portable (see DEV006 for round-robin placement). Code already guarded by
`torch.cuda.is_available()` or by a CUDA/GPU flag is left alone.

## Why is this bad?
On a machine without a GPU (a laptop, CI, a CPU inference server) `.cuda()` raises
`AssertionError: Torch not compiled with CUDA enabled` or `RuntimeError: No CUDA GPUs are
available`. One device chosen once at the top runs everywhere, and on a GPU machine it is the same
device as before.

## Example
```python
model = Net().cuda()
x = torch.zeros(8, device="cuda")
```

Use instead:
```python
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = Net().to(device)
x = torch.zeros(8, device=device)
```

## Fix safety
Unsafe: on a machine without a GPU the program now runs on the CPU instead of stopping, which is
the point, but changes where (and how fast) it runs. Applied only with `--unsafe-fixes`.
"""

from __future__ import annotations

import re

import libcst as cst

from codemods.base import FixSafety, Invalid, Replacement, Rule, valid
from codemods import walk
from codemods.names import dotted_name
from codemods.patterns import (
    LEGACY_TENSOR_DTYPES,
    assigned_names,
    code_of,
    kwarg,
    last_top_import,
    positional,
    with_kwarg,
)

_GUARD = re.compile(r"is_available|cuda|gpu", re.IGNORECASE)
_FLAG = re.compile(r"^(use_)?(cuda|gpu)$", re.IGNORECASE)
_PLAIN_CUDA = ('"cuda"', "'cuda'")


class HardcodedCuda(Rule):
    code = "DEV007"
    name = "hardcoded-cuda"
    summary = "hard-coded CUDA device crashes without a GPU; use one portable device"
    fix_safety = FixSafety.UNSAFE
    triggers = ("cuda", "CUDA", "gpu", "GPU")

    VALID = [
        valid(
            """
            import torch
            device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
            model = Net().to(device)
            """
        ),
        # Guarded by the availability check.
        valid(
            """
            import torch
            model = Net()
            if torch.cuda.is_available():
                model = model.cuda()
            """
        ),
        # Guarded by a flag the user sets.
        valid(
            """
            import torch
            x = torch.zeros(3)
            x = x.cuda() if args.cuda else x
            """
        ),
        valid(
            """
            import torch
            print(torch.cuda.device_count())
            torch.cuda.manual_seed(0)
            """
        ),
        valid(
            """
            import torch
            x = torch.zeros(3, device="cpu")
            """
        ),
        valid(
            """
            import torch
            use_cuda = torch.cuda.is_available()
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch

            model = Net().cuda()  # to the GPU
            """,
            """
            import torch

            device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

            model = Net().to(device)  # to the GPU
            """,
        ),
        Invalid(
            """
            import torch as T
            from torch import nn

            def make(n):
                return T.zeros(n, device="cuda"), T.ones(n).to('cuda', non_blocking=True)
            """,
            """
            import torch as T
            from torch import nn

            device = T.device("cuda" if T.cuda.is_available() else "cpu")

            def make(n):
                return T.zeros(n, device=device), T.ones(n).to(device, non_blocking=True)
            """,
        ),
        # The module's own device is reused, and made portable.
        Invalid(
            """
            import torch
            device = torch.device("cuda")
            x = torch.randn(3).cuda()
            """,
            """
            import torch
            device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
            x = torch.randn(3).to(device)
            """,
        ),
        Invalid(
            """
            import torch
            USE_CUDA = True
            """,
            """
            import torch
            USE_CUDA = torch.cuda.is_available()
            """,
        ),
        Invalid(
            """
            import torch
            device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
            buf = torch.cuda.FloatTensor(4, 4)
            ids = torch.cuda.LongTensor([1, 2])
            """,
            """
            import torch
            device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
            buf = torch.empty(4, 4, dtype=torch.float32, device=device)
            ids = torch.tensor([1, 2], dtype=torch.int64, device=device)
            """,
        ),
        # An explicit index is a placement decision: reported only.
        Invalid(
            """
            import torch
            x = torch.zeros(3).cuda(1)
            y = torch.ones(3, device="cuda:1")
            """
        ),
        # A local `device` would shadow the module's: reported only.
        Invalid(
            """
            import torch

            def step(batch, device):
                return batch.cuda()
            """
        ),
    ]

    def check(self) -> None:
        module = self.context.module
        self._torch = self.aliases.local_name_for("torch")
        self._device_def = _module_device_definition(module)
        self._anchor = last_top_import(module)
        guards: dict[int, bool] = {}  # If/IfExp node -> does its test check for CUDA?
        local_names: dict[int, set[str]] = {}  # function -> the names it binds
        for node in walk.of_type(module, (cst.Call, cst.Assign)):
            function: cst.FunctionDef | None = None
            guarded = False
            for above in walk.ancestors(node):
                if isinstance(above, (cst.If, cst.IfExp)):
                    if id(above) not in guards:
                        guards[id(above)] = bool(_GUARD.search(code_of(above.test)))
                    guarded = guarded or guards[id(above)]
                elif function is None and isinstance(above, cst.FunctionDef):
                    function = above
            if guarded:
                continue
            names = None
            if function is not None:
                if id(function) not in local_names:
                    params = {p.name.value for p in function.params.params + function.params.kwonly_params}
                    local_names[id(function)] = params | assigned_names(function.body)
                names = local_names[id(function)]
            if isinstance(node, cst.Assign):
                self._assignment(node, names)
            else:
                self._call(node, names)

    # -- what we look for

    def _assignment(self, node: cst.Assign, local_names: set[str] | None) -> None:
        if len(node.targets) != 1:
            return
        target = node.targets[0].target
        if isinstance(target, cst.Name) and self._is_cuda(node.value):
            # `device = torch.device("cuda")` / `dev = "cuda"`: made portable where it is chosen.
            message = f"`{target.value} = {code_of(node.value)}` fails without a GPU"
            if self._torch is None:
                self.report(node, message)
                return
            choice = f'"cuda" if {self._torch}.cuda.is_available() else "cpu"'
            if isinstance(node.value, cst.Call):
                choice = f"{self._torch}.device({choice})"
            self.report(
                node,
                message + "; choose CUDA only when it is available",
                edits={node: node.with_changes(value=cst.parse_expression(choice))},
            )
            return
        if local_names is not None:
            return  # flags are module-level settings
        if isinstance(target, cst.Name) and _FLAG.match(target.value) and dotted_name(node.value) == "True":
            if self._torch is None:
                self.report(node, f"`{target.value} = True` assumes a GPU")
                return
            available = cst.parse_expression(f"{self._torch}.cuda.is_available()")
            self.report(
                node,
                f"`{target.value} = True` assumes a GPU; ask `torch.cuda.is_available()`",
                edits={node: node.with_changes(value=available)},
            )

    def _call(self, node: cst.Call, local_names: set[str] | None) -> None:
        func = node.func
        qualified = self.aliases.qualify(func) or ""
        if isinstance(func, cst.Attribute) and func.attr.value == "cuda" and not qualified.startswith("torch."):
            index = positional(node)[0] if positional(node) else kwarg(node, "device")
            if index is not None:
                self.report(node, "`.cuda(<index>)` pins an explicit GPU; choose the device in one place")
                return
            self._rewrite(node, "`.cuda()` fails without a GPU", _to_device(node, func), local_names)
            return
        if isinstance(func, cst.Attribute) and func.attr.value == "to" and not qualified.startswith("torch."):
            args = positional(node)
            target = args[0] if args else kwarg(node, "device")
            if target is not None and self._is_cuda(target.value):
                replaced = node.with_changes(
                    args=[a.with_changes(value=cst.Name("device")) if a is target else a for a in node.args]
                )
                self._rewrite(node, f"`.to({code_of(target.value)})` fails without a GPU", replaced, local_names)
            elif target is not None and self._is_indexed_cuda(target.value):
                self.report(node, "an explicit GPU index; choose the device in one place")
            return
        device = kwarg(node, "device")
        if device is not None:
            if self._is_cuda(device.value):
                replaced = node.with_changes(
                    args=[a.with_changes(value=cst.Name("device")) if a is device else a for a in node.args]
                )
                self._rewrite(node, f"`device={code_of(device.value)}` fails without a GPU", replaced, local_names)
            elif self._is_indexed_cuda(device.value):
                self.report(node, "an explicit GPU index; choose the device in one place")
            return
        prefix, _, kind = qualified.rpartition(".")
        if prefix == "torch.cuda" and kind in LEGACY_TENSOR_DTYPES and self._torch:
            self._legacy(node, kind, local_names)

    # -- fixes

    def _legacy(self, node: cst.Call, kind: str, local_names: set[str] | None) -> None:
        message = f"`torch.cuda.{kind}` fails without a GPU"
        args = list(node.args)
        if not args or any(a.keyword or a.star for a in args):
            self.report(node, message)
            return
        data_literal = len(args) == 1 and isinstance(args[0].value, (cst.List, cst.Tuple))
        factory = "tensor" if data_literal else "empty"
        new = cst.Call(
            func=cst.parse_expression(f"{self._torch}.{factory}"),
            args=[a.with_changes(comma=cst.MaybeSentinel.DEFAULT) if i == len(args) - 1 else a
                  for i, a in enumerate(args)],
        )
        new = with_kwarg(new, "dtype", cst.parse_expression(f"{self._torch}.{LEGACY_TENSOR_DTYPES[kind]}"))
        new = with_kwarg(new, "device", cst.Name("device"))
        self._rewrite(node, message, new, local_names)

    def _rewrite(
        self, node: cst.CSTNode, message: str, replacement: cst.CSTNode, local_names: set[str] | None
    ) -> None:
        message += "; use a portable `device`"
        if self._torch is None or "device" in (local_names or ()):
            self.report(node, message)  # no `torch` to build it with, or a local `device` shadows it
            return
        edits: dict[cst.CSTNode, Replacement] = {node: replacement}
        if self._device_def is None:
            if self._anchor is None:
                self.report(node, message)
                return
            edits[self._anchor] = cst.FlattenSentinel([self._anchor, self._portable_definition()])
        self.report(node, message, edits=edits)

    def _portable_definition(self) -> cst.SimpleStatementLine:
        torch = self._torch
        statement = cst.parse_statement(f'device = {torch}.device("cuda" if {torch}.cuda.is_available() else "cpu")\n')
        assert isinstance(statement, cst.SimpleStatementLine)
        # A blank line between the imports and the definition, as formatters would put it.
        return statement.with_changes(leading_lines=[cst.EmptyLine()])

    def _is_cuda(self, node: cst.BaseExpression) -> bool:
        """``"cuda"`` or ``torch.device("cuda")``: the current GPU, with no index."""
        if isinstance(node, cst.SimpleString):
            return code_of(node) in _PLAIN_CUDA
        if isinstance(node, cst.Call) and self.aliases.qualify(node.func) == "torch.device":
            return len(node.args) == 1 and self._is_cuda(node.args[0].value)
        return False

    def _is_indexed_cuda(self, node: cst.BaseExpression) -> bool:
        text = code_of(node)
        return bool(re.fullmatch(r"""(?:[\w.]*device\()?["']cuda:\d+["']\)?""", text))


def _to_device(call: cst.Call, func: cst.Attribute) -> cst.Call:
    """``x.cuda(non_blocking=True)`` -> ``x.to(device, non_blocking=True)``."""
    rest = [a for a in call.args if a.keyword is not None]
    args = [cst.Arg(cst.Name("device"), comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")) if rest else cst.MaybeSentinel.DEFAULT)]
    return call.with_changes(func=func.with_changes(attr=cst.Name("to")), args=args + rest)


def _module_device_definition(module: cst.Module) -> cst.SimpleStatementLine | None:
    for stmt in module.body:
        if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1:
            small = stmt.body[0]
            if (
                isinstance(small, cst.Assign)
                and len(small.targets) == 1
                and dotted_name(small.targets[0].target) == "device"
            ):
                return stmt
    return None
