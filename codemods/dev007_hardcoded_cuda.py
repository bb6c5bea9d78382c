"""## What it does
Finds code that assumes a GPU: `.cuda()`, `.to("cuda")`, `device="cuda"`, `torch.device("cuda")`,
`torch.cuda.FloatTensor(...)` and flags like `USE_CUDA = True`. It introduces one portable device at
the top of the module (`device = torch.device("cuda" if torch.cuda.is_available() else "cpu")`, or
reuses the module's own `device` if it has one) and rewrites each use to `.to(device)` /
`device=device`; flags become `torch.cuda.is_available()`.

Also made portable: a device kept on an object (`self.device = torch.device("cuda")`), device
parameters defaulting to CUDA (`def train(model, device="cuda")`), `torch.load(...,
map_location="cuda:0")` (or a lambda that calls `.cuda()`), legacy type aliases
(`dtype = torch.cuda.FloatTensor` becomes the CPU type when there is no GPU), and switches that
default to on (`USE_CUDA = True`, `use_gpu=True` parameters and keywords, an argparse `--cuda`
option with `default=True`). A module-level device under another name (`DEVICE = ...`) is reused;
no definition is added where a local name would shadow it, or where `torch` is imported only
inside a function or under `if TYPE_CHECKING:` (then the finding is reported only). A `"cuda"`
string that is not in a device position (`backend = "cuda"`) is left alone.

Explicit indices (`.cuda(1)`, `"cuda:1"`) are reported, not rewritten: they encode a placement
decision the rule cannot make portable (see DEV006 for round-robin placement). Code already guarded by
`torch.cuda.is_available()` or by a CUDA/GPU flag is left alone.

## Device style
`[tool.autofix] device = "classic"` (the default) writes
`torch.device("cuda" if torch.cuda.is_available() else "cpu")`, which every PyTorch version runs.
`device = "accelerator"` writes `torch.accelerator.current_accelerator() if
torch.accelerator.is_available() else torch.device("cpu")`, which picks CUDA, MPS or XPU alike and
needs PyTorch 2.6 or later (`torch.accelerator` appeared in 2.6). Switches named after CUDA
(`USE_CUDA`) always ask `torch.cuda.is_available()`, since the code they guard calls `.cuda()`.

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
from dataclasses import dataclass
from typing import Callable

import libcst as cst

from codemods.base import FixSafety, Invalid, Replacement, Rule, Valid
from codemods.device_sites import (
    DEVICE_NAME,
    bound_in,
    device_positions,
    index_in,
    module_bound_names,
    module_device,
)
from codemods.inserts import after_imports
from codemods.names import dotted_name
from codemods.syntax import code_of, kwarg, positional, with_kwarg
from codemods.legacy_constructors import legacy_rewrite
from codemods.torch_names import LEGACY_TENSOR_DTYPES

_GUARD = re.compile(r"is_available|cuda|gpu", re.IGNORECASE)
_FLAG = re.compile(r"^(use_|with_)?(cuda|gpu)$", re.IGNORECASE)
_OPTION_FLAG = re.compile(r"^--?(use[-_])?(cuda|gpu)$", re.IGNORECASE)
# Switches passed as parameters or keywords: `use_cuda=True`, `use_gpu=True` (a bare `gpu=True`
# parameter is as often "generate GPU code" as "there is a GPU").
_FLAG_ARGUMENT = re.compile(r"^(use|with)_(cuda|gpu)$", re.IGNORECASE)
_PLAIN_CUDA = ('"cuda"', "'cuda'")


class HardcodedCuda(Rule):
    code = "DEV007"
    name = "hardcoded-cuda"
    summary = "hard-coded CUDA device crashes without a GPU; use one portable device"
    fix_safety = FixSafety.UNSAFE
    triggers = ("cuda", "CUDA", "gpu", "GPU")

    VALID = [
        Valid(
            """
            import torch
            device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
            model = Net().to(device)
            """
        ),
        # Guarded by the availability check.
        Valid(
            """
            import torch
            model = Net()
            if torch.cuda.is_available():
                model = model.cuda()
            """
        ),
        # Guarded by a flag the user sets.
        Valid(
            """
            import torch
            x = torch.zeros(3)
            x = x.cuda() if args.cuda else x
            """
        ),
        Valid(
            """
            import torch
            print(torch.cuda.device_count())
            torch.cuda.manual_seed(0)
            """
        ),
        Valid(
            """
            import torch
            x = torch.zeros(3, device="cpu")
            """
        ),
        Valid(
            """
            import torch
            use_cuda = torch.cuda.is_available()
            """
        ),
        # "cuda" where it is not a device: a backend label, a parameter that is no device.
        Valid(
            """
            import torch
            backend = "cuda"
            def label(kind="cuda"):
                return kind
            """
        ),
        # The switch asks, and the alias is chosen by availability.
        Valid(
            """
            import torch
            dtype = torch.cuda.FloatTensor if torch.cuda.is_available() else torch.FloatTensor
            def main(use_cuda=torch.cuda.is_available()):
                pass
            """
        ),
        # `torch` imported only under TYPE_CHECKING: nothing runs here to fix.
        Valid(
            """
            from typing import TYPE_CHECKING
            if TYPE_CHECKING:
                import torch
            def describe(device: "torch.device") -> str:
                return str(device)
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
        # A trainer's own device, and a switch that defaults to on.
        Invalid(
            """
            import torch
            class Trainer:
                def __init__(self, use_cuda=True):
                    self.device = torch.device("cuda")
            """,
            """
            import torch
            class Trainer:
                def __init__(self, use_cuda=torch.cuda.is_available()):
                    self.device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
            """,
        ),
        # A device default, and a checkpoint loaded onto the GPU: the local `device` would shadow
        # the module's, so `map_location` is only reported.
        Invalid(
            """
            import torch
            def load(path, device="cuda"):
                return torch.load(path, map_location="cuda:0")
            """,
            """
            import torch
            def load(path, device="cuda" if torch.cuda.is_available() else "cpu"):
                return torch.load(path, map_location="cuda:0")
            """,
        ),
        Invalid(
            """
            import torch
            def restore(path):
                return torch.load(path, map_location=lambda storage, loc: storage.cuda())
            """,
            """
            import torch

            device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
            def restore(path):
                return torch.load(path, map_location=device)
            """,
        ),
        # A device definition naming a GPU by index keeps it when there is a GPU.
        Invalid(
            """
            import torch
            device = torch.device("cuda:0")
            model = Net().to(device)
            """,
            """
            import torch
            device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
            model = Net().to(device)
            """,
        ),
        # A legacy type alias, and an argparse switch that cannot be turned off.
        Invalid(
            """
            import argparse
            import torch
            parser = argparse.ArgumentParser()
            parser.add_argument("--cuda", action="store_true", default=True)
            dtype = torch.cuda.FloatTensor
            x = torch.randn(3).type(dtype)
            """,
            """
            import argparse
            import torch
            parser = argparse.ArgumentParser()
            parser.add_argument("--cuda", action="store_true", default=torch.cuda.is_available())
            dtype = torch.cuda.FloatTensor if torch.cuda.is_available() else torch.FloatTensor
            x = torch.randn(3).type(dtype)
            """,
        ),
        # The module's device under another name is reused.
        Invalid(
            """
            import torch
            DEVICE = torch.device("cuda" if torch.cuda.is_available() else "cpu")
            def f():
                return torch.zeros(3).cuda()
            """,
            """
            import torch
            DEVICE = torch.device("cuda" if torch.cuda.is_available() else "cpu")
            def f():
                return torch.zeros(3).to(DEVICE)
            """,
        ),
        # `torch` imported only inside a function: a module-level device could not use it.
        Invalid(
            """
            def main():
                import torch
                model = Net().cuda()
            """
        ),
        # `torch` read but never imported by name: it comes from the star import.
        Invalid(
            """
            from utils import *
            noise = torch.randn(3).cuda()
            """,
            """
            from utils import *

            device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
            noise = torch.randn(3).to(device)
            """,
        ),
        # A star import, but the file never reads `torch`: it may not bring it; report only.
        Invalid(
            """
            from model import *
            net = Net().cuda()
            """
        ),
    ]

    def check(self) -> None:
        module = self.context.module
        # Code this rule writes runs at the module's top level or in its functions: only a torch
        # imported at the top level (or through a star import) is surely bound there.
        self._torch = self.aliases.module_name_for("torch")
        self._device, self._device_def, self._device_index = module_device(module, self.aliases)
        self._positions: set[str] | None = None
        self._module_bound: set[str] | None = None
        self._bound: dict[int, set[str]] = {}  # function -> the names it binds, asked when fixing
        guards: dict[int, bool] = {}  # If/IfExp node -> does its test check for CUDA?
        for node in self.tree.of_type(module, (cst.Call, cst.Assign, cst.Param)):
            if isinstance(node, cst.Param) and node.default is None:
                continue
            where = _Where([], node)
            guarded = False
            for above in self.tree.ancestors(node):
                if isinstance(above, (cst.If, cst.IfExp)):
                    if id(above) not in guards:
                        guards[id(above)] = bool(_GUARD.search(code_of(above.test)))
                    guarded = guarded or guards[id(above)]
                elif isinstance(above, (cst.FunctionDef, cst.Lambda)):
                    where.functions.append(above)
                if not isinstance(above, cst.Module):
                    where.top = above
            if guarded:
                continue
            if isinstance(node, cst.Assign):
                self._assignment(node)
            elif isinstance(node, cst.Param):
                self._parameter(node, where.functions)
            else:
                self._call(node, where)

    def _device_positions(self) -> set[str]:
        if self._positions is None:
            self._positions = device_positions(self.tree, self.context.module, self.aliases)
        return self._positions

    def _local_names(self, where: "_Where") -> set[str]:
        names: set[str] = set()
        for function in where.functions:
            if id(function) not in self._bound:
                self._bound[id(function)] = bound_in(self.tree, function)
            names |= self._bound[id(function)]
        return names

    # -- what we look for

    def _assignment(self, node: cst.Assign) -> None:
        if len(node.targets) != 1:
            return
        target = node.targets[0].target
        spelled = dotted_name(target)
        if spelled is None:
            return
        short = spelled.rsplit(".", 1)[-1]
        value = node.value
        if (self._is_cuda(value) or self._is_indexed_cuda(value)) and (
            isinstance(value, cst.Call) or DEVICE_NAME.search(short) or spelled in self._device_positions()
        ):
            # `device = torch.device("cuda")` / `self.device = "cuda:0"`: made portable where it is
            # chosen (keeping the GPU it names, when there is one).
            message = f"`{spelled} = {code_of(value)}` fails without a GPU"
            choice = self._choice(value)
            if choice is None:
                self.report(node, message)
                return
            self.report(
                node,
                message + "; choose CUDA only when it is available",
                edits={node.value: choice},
            )
        elif _FLAG.match(short) and dotted_name(node.value) == "True":
            self._flag(node, node.value, f"`{spelled} = True`")
        elif self._legacy_type(node.value) is not None:
            self._legacy_reference(node.value)

    def _parameter(self, param: cst.Param, functions: list[cst.FunctionDef | cst.Lambda]) -> None:
        default = param.default
        if default is None:
            return
        name = param.name.value
        if _FLAG_ARGUMENT.match(name) and dotted_name(default) == "True":
            self._flag(param, default, f"`{name}=True`")
            return
        if self._is_cuda(default) and (
            DEVICE_NAME.search(name) or (functions and name in device_positions(self.tree, functions[0], self.aliases))
        ):
            message = f"`{name}={code_of(default)}` defaults to a GPU"
            choice = self._choice(default)
            if choice is None:
                self.report(param, message)
                return
            self.report(param, message + "; choose CUDA only when it is available", edits={default: choice})

    def _flag(self, node: cst.CSTNode, value: cst.BaseExpression, spelled: str) -> None:
        """``USE_CUDA = True``, ``use_gpu=True``: a switch that says a GPU exists; ask instead."""
        if self._torch is None:
            self.report(node, f"{spelled} assumes a GPU")
            return
        available = cst.parse_expression(f"{self._torch}.cuda.is_available()")
        self.report(node, f"{spelled} assumes a GPU; ask `torch.cuda.is_available()`", edits={value: available})

    def _call(self, node: cst.Call, where: "_Where") -> None:
        func = node.func
        qualified = self.aliases.qualify(func) or ""
        for arg in node.args:
            if arg.keyword is not None and _FLAG_ARGUMENT.match(arg.keyword.value) and dotted_name(arg.value) == "True":
                self._flag(arg, arg.value, f"`{arg.keyword.value}=True`")
            elif self._legacy_type(arg.value) is not None:
                self._legacy_reference(arg.value)
        if isinstance(func, cst.Attribute) and func.attr.value == "add_argument":
            self._argparse_flag(node)
            return
        if isinstance(func, cst.Attribute) and func.attr.value == "cuda" and not qualified.startswith("torch."):
            index = positional(node)[0] if positional(node) else kwarg(node, "device")
            if index is not None:
                self.report(node, "`.cuda(<index>)` pins an explicit GPU; choose the device in one place")
                return
            self._rewrite(node, "`.cuda()` fails without a GPU", lambda d: _to_device(node, func, d), where)
            return
        if isinstance(func, cst.Attribute) and func.attr.value == "to" and not qualified.startswith("torch."):
            args = positional(node)
            target = args[0] if args else kwarg(node, "device")
            if target is not None and self._is_cuda(target.value):
                self._rewrite(
                    node,
                    f"`.to({code_of(target.value)})` fails without a GPU",
                    lambda d: with_arg_value(node, target, d),
                    where,
                )
            elif target is not None and self._is_indexed_cuda(target.value):
                self.report(node, "an explicit GPU index; choose the device in one place")
            return
        location = kwarg(node, "map_location")
        if location is not None and qualified == "torch.load":
            self._map_location(node, location, where)
            return
        device = kwarg(node, "device")
        if device is not None:
            if self._is_cuda(device.value):
                self._rewrite(
                    node,
                    f"`device={code_of(device.value)}` fails without a GPU",
                    lambda d: with_arg_value(node, device, d),
                    where,
                )
            elif self._is_indexed_cuda(device.value):
                self.report(node, "an explicit GPU index; choose the device in one place")
            return
        prefix, _, kind = qualified.rpartition(".")
        if prefix == "torch.cuda" and kind in LEGACY_TENSOR_DTYPES and self._torch:
            self._legacy(node, kind, where)

    def _map_location(self, node: cst.Call, location: cst.Arg, where: "_Where") -> None:
        """``torch.load(f, map_location="cuda:0")``, or a lambda that calls ``.cuda()``: load onto the
        portable device instead. ``cuda:0`` is the first GPU, the one a one-GPU machine has."""
        value = location.value
        to_gpu = self._is_cuda(value) or code_of(value) in ('"cuda:0"', "'cuda:0'") or (
            isinstance(value, cst.Lambda)
            and any(
                isinstance(c.func, cst.Attribute) and c.func.attr.value == "cuda" and not c.args
                for c in self.tree.of_type(value, cst.Call)
            )
        )
        if to_gpu:
            self._rewrite(
                node,
                f"`map_location={code_of(value)}` fails without a GPU",
                lambda d: with_arg_value(node, location, d),
                where,
            )
        elif self._is_indexed_cuda(value):
            self.report(node, "an explicit GPU index; choose the device in one place")

    def _argparse_flag(self, node: cst.Call) -> None:
        """``parser.add_argument("--cuda", action="store_true", default=True)``: the switch cannot be
        turned off, so the script needs a GPU; default to whether there is one."""
        default = kwarg(node, "default")
        if default is None or dotted_name(default.value) != "True":
            return
        options = [a.value for a in positional(node) if isinstance(a.value, cst.SimpleString)]
        if any(_OPTION_FLAG.match(str(o.evaluated_value)) for o in options):
            self._flag(node, default.value, f"`{code_of(options[0])}` defaulting to True")

    # -- fixes

    def _legacy_type(self, node: cst.BaseExpression) -> str | None:
        """``torch.cuda.FloatTensor`` as a value (not called): its kind, ``FloatTensor``."""
        if isinstance(node, cst.Call):
            return None
        prefix, _, kind = (self.aliases.qualify(node) or "").rpartition(".")
        return kind if prefix == "torch.cuda" and kind in LEGACY_TENSOR_DTYPES else None

    def _legacy_reference(self, node: cst.BaseExpression) -> None:
        """``dtype = torch.cuda.FloatTensor``: the CUDA type when there is a GPU, the CPU one
        otherwise, so every use of the alias (``x.type(dtype)``, ``dtype(2, 3)``) keeps working."""
        kind = self._legacy_type(node)
        message = f"`torch.cuda.{kind}` fails without a GPU"
        if self._torch is None:
            self.report(node, message)
            return
        portable = cst.IfExp(
            test=cst.parse_expression(f"{self._torch}.cuda.is_available()"),
            body=node,
            orelse=cst.parse_expression(f"{self._torch}.{kind}"),
        )
        self.report(node, message + "; fall back to the CPU type", edits={node: portable})

    def _legacy(self, node: cst.Call, kind: str, where: "_Where") -> None:
        message = f"`torch.cuda.{kind}` fails without a GPU"
        if legacy_rewrite(self.tree, node, self.aliases) is None:
            self.report(node, message + "; cannot tell data from a size here, so not rewritten")
            return
        self._rewrite(node, message, lambda d: legacy_rewrite(self.tree, node, self.aliases, d)[1], where)  # type: ignore[index]

    def _rewrite(
        self,
        node: cst.CSTNode,
        message: str,
        build: Callable[[cst.BaseExpression], cst.CSTNode],
        where: "_Where",
    ) -> None:
        """Report ``node`` with the fix ``build(<the module's portable device>)``, adding that device
        after the imports when the module has none; report only where a name here would shadow it."""
        message += "; use a portable `device`"
        name = self._device or "device"
        if self._torch is None or name in self._local_names(where):
            self.report(node, message)
            return
        edits: dict[cst.CSTNode, Replacement] = {node: build(cst.Name(name))}
        if self._device_def is None:
            if self._module_bound is None:
                self._module_bound = module_bound_names(self.tree, self.context.module)
            definition = after_imports(self.context.module, [self._portable_definition()])
            if not definition or name in self._module_bound:
                self.report(node, message)  # nowhere to put it, or `device` is something else here
                return
            edits.update(definition)
        elif not where.functions and index_in(self.context.module, where.top) < self._device_index:
            self.report(node, message)  # module-level code that runs before the definition
            return
        self.report(node, message, edits=edits)

    def _choice(self, value: cst.BaseExpression) -> cst.BaseExpression | None:
        """``"cuda"`` -> ``"cuda" if torch.cuda.is_available() else "cpu"`` (a ``torch.device`` of it
        when the value was one), in the configured device style."""
        if self._torch is None:
            return None
        device_object = isinstance(value, cst.Call)
        if self._is_indexed_cuda(value):  # "cuda:1" names a CUDA device: keep it, in the classic style
            named = value.args[0].value if isinstance(value, cst.Call) else value
            choice = f'{code_of(named)} if {self._torch}.cuda.is_available() else "cpu"'
            return cst.parse_expression(f"{self._torch}.device({choice})" if device_object else choice)
        return cst.parse_expression(self._portable(device_object=device_object))

    def _portable(self, *, device_object: bool) -> str:
        torch = self._torch
        if self.context.device_style == "accelerator":  # PyTorch >= 2.6
            found = f"{torch}.accelerator.current_accelerator()"
            if device_object:
                return f'{found} if {torch}.accelerator.is_available() else {torch}.device("cpu")'
            return f'{found}.type if {torch}.accelerator.is_available() else "cpu"'
        choice = f'"cuda" if {torch}.cuda.is_available() else "cpu"'
        return f"{torch}.device({choice})" if device_object else choice

    def _portable_definition(self) -> cst.SimpleStatementLine:
        statement = cst.parse_statement(f"device = {self._portable(device_object=True)}\n")
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
        """``"cuda:1"`` or ``torch.device("cuda:1")``: a GPU named by its index."""
        if isinstance(node, cst.Call) and len(node.args) == 1 and self.aliases.qualify(node.func) == "torch.device":
            node = node.args[0].value
        return isinstance(node, cst.SimpleString) and bool(re.fullmatch(r"cuda:\d+", str(node.evaluated_value)))


def _to_device(call: cst.Call, func: cst.Attribute, device: cst.BaseExpression) -> cst.Call:
    """``x.cuda(non_blocking=True)`` -> ``x.to(device, non_blocking=True)``."""
    rest = [a for a in call.args if a.keyword is not None]
    comma = cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")) if rest else cst.MaybeSentinel.DEFAULT
    return call.with_changes(func=func.with_changes(attr=cst.Name("to")), args=[cst.Arg(device, comma=comma), *rest])


def with_arg_value(call: cst.Call, arg: cst.Arg, value: cst.BaseExpression) -> cst.Call:
    return call.with_changes(args=[a.with_changes(value=value) if a is arg else a for a in call.args])


@dataclass
class _Where:
    """Where a node is: the functions around it (innermost first) and its top-level statement."""

    functions: list[cst.FunctionDef | cst.Lambda]
    top: cst.CSTNode
