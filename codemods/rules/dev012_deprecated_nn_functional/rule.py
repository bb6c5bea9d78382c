"""## What it does
Finds calls of `torch.nn.functional.sigmoid` and `torch.nn.functional.tanh`, however the file imports
them (`import torch.nn.functional as F`, `from torch.nn import functional as fn`,
`from torch.nn.functional import sigmoid`, `torch.nn.functional.tanh`), and calls `torch.sigmoid` /
`torch.tanh` instead, spelled the way the file imports `torch` (`T.tanh` after `import torch as T`).

A call of something else with the same name is left alone: a method (`self.sigmoid(x)`, `x.tanh()`),
or an `F` that is not `torch.nn.functional` (`import jax.nn as F`). Where the file does not import
`torch` itself at its top level (only `import torch.nn.functional as F`), or the call passes more than
the one input, the call is reported without a fix. A function named without being called
(`activation=F.tanh`) is not reported.

## Why is this bad?
PyTorch 0.4.1 deprecated `nn.functional.sigmoid` and `nn.functional.tanh` in favour of `torch.sigmoid`
and `torch.tanh`; the old names are kept only for old code, and linters and readers take them for the
`nn.functional` activations they are not.

## Example
```python
import torch
import torch.nn.functional as F
h = F.tanh(x)
```

Use instead:
```python
import torch
import torch.nn.functional as F
h = torch.tanh(x)
```

## Fix safety
Safe: `F.sigmoid(x)` is `x.sigmoid()`, and `torch.sigmoid(x)` computes the same function on the same
tensor (likewise `tanh`), with the same result, dtype and device. Calls with anything but one input are
reported only, since they failed before and would run after. A non-tensor with its own `sigmoid()`
method (which `F.sigmoid` would have called) is the one input they treat differently.
"""

from __future__ import annotations

import libcst as cst

from codemods.core.base import FixSafety, Rule
from codemods.core.syntax import code_of

_DEPRECATED = {
    "torch.nn.functional.sigmoid": "sigmoid",
    "torch.nn.functional.tanh": "tanh",
}


class DeprecatedNnFunctional(Rule):
    code = "DEV012"
    name = "deprecated-nn-functional"
    summary = "`F.sigmoid`, `F.tanh` are deprecated since PyTorch 0.4.1; use `torch.sigmoid` / `torch.tanh`"
    fix_safety = FixSafety.SAFE
    triggers = ("sigmoid", "tanh")

    def check(self) -> None:
        for call in self.sites(cst.Call):
            function = _DEPRECATED.get(self.aliases.qualify(call.func) or "")
            if function is None:
                continue
            old = code_of(call.func)
            torch = self.aliases.module_name_for("torch")
            message = f"`{old}` is deprecated since PyTorch 0.4.1"
            if torch is None:
                self.report(call, f"{message}; call `torch.{function}` (this file does not import `torch`)")
            elif not _one_input(call):
                self.report(call, f"{message}; call `{torch}.{function}` (with one input: `{old}` takes one)")
            else:
                new = cst.parse_expression(f"{torch}.{function}")
                self.report(call, f"{message}; call `{torch}.{function}`", edits={call.func: new})


def _one_input(call: cst.Call) -> bool:
    """``f(x)`` or ``f(input=x)``: the one argument ``F.sigmoid`` and ``F.tanh`` take."""
    if len(call.args) != 1:
        return False
    (arg,) = call.args
    if arg.star:
        return False
    return arg.keyword is None or arg.keyword.value == "input"
