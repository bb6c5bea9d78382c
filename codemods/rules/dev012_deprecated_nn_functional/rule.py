"""## What it does
Finds two deprecated uses of `torch.nn.functional`.

**`F.sigmoid`, `F.tanh`.** Finds calls of `torch.nn.functional.sigmoid` and `torch.nn.functional.tanh`,
however the file imports them (`import torch.nn.functional as F`, `from torch.nn import functional as
fn`, `from torch.nn.functional import sigmoid`, `torch.nn.functional.tanh`), and calls `torch.sigmoid` /
`torch.tanh` instead, spelled the way the file imports `torch` (`T.tanh` after `import torch as T`).

A call of something else with the same name is left alone: a method (`self.sigmoid(x)`, `x.tanh()`),
or an `F` that is not `torch.nn.functional` (`import jax.nn as F`). Where the file does not import
`torch` itself at its top level (only `import torch.nn.functional as F`), or the call passes more than
the one input, the call is reported without a fix. A function named without being called
(`activation=F.tanh`) is not reported.

**`F.softmax(x)` without `dim`** (and `F.log_softmax`, `F.softmin`). PyTorch then picks the dimension
from the input's rank (`_get_softmax_dim`: 0 for a 0-, 1- or 3-D input, else 1) and warns. Where the code
says the rank of `x` (`x = x.view(-1, 320)`, `torch.randn(4, 3)`, `torch.cat`, `x[0]`, element-wise
functions and layers such as `self.fc = nn.Linear(...)` in between, a `to_var(x)` helper of the file
that hands back its argument moved or wrapped on every path, read back through the function's
straight-line assignments) the fix writes that `dim=`. Where it does not and the input is a name (or
an attribute of one), the fix asks the rank at run time as PyTorch did, `dim=0 if x.dim() in (0, 1, 3)
else 1`: the same result without the warning, and the choice in plain sight (a 3-D input's dim 0 is
often not what was meant). An input computed in the call (`F.softmax(self.out(h))`), which the test
would compute twice, and `nn.Softmax()`, `nn.LogSoftmax()` and `nn.Softmin()` made without `dim`
(their inputs' ranks are known only where they are called) are reported with the rule PyTorch
applies; such a module right after an `nn.Linear` in an `nn.Sequential` (through layers that keep its
shape: `nn.ReLU()`, `nn.Dropout()`, `nn.BatchNorm1d(k)`), or made as `self.softmax = nn.LogSoftmax()`
and called only on what an `nn.Linear` attribute gave (`self.softmax(self.i2o(x))`), gets `dim=-1`, an
unsafe fix: an MLP head's input is (batch, features) or (features,), whose last dim PyTorch picked,
but it picked dim 0 of a 3-D input.

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

## Fix safety Safe. The softmax fix writes the dimension PyTorch picks for an input of that rank, or
asks the rank as PyTorch does, so the result is the same, without the warning; a softmax module after
an `nn.Linear` gets `dim=-1` (unsafe: the same for a 1- or 2-D input only). For
`F.sigmoid`/`F.tanh`: `F.sigmoid(x)` is `x.sigmoid()`, and `torch.sigmoid(x)` computes the same function
on the same tensor (likewise `tanh`), with the same result, dtype and device. Calls with anything but one
input are reported only, since they failed before and would run after. A non-tensor with its own
`sigmoid()` method (which `F.sigmoid` would have called) is the one input they treat differently."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from codemods.core.base import FixSafety, Rule
from codemods.core.names import dotted_name
from codemods.core.syntax import code_of, kwarg, positional, with_arg_value, with_kwarg

from ._ranks import Ranks

_IMPLICIT_DIM = frozenset(f"torch.nn.functional.{name}" for name in ("softmax", "log_softmax", "softmin"))
_IMPLICIT_DIM_MODULES = frozenset(f"torch.nn.{name}" for name in ("Softmax", "LogSoftmax", "Softmin"))
# Layers between an `nn.Linear` and a softmax that keep its output's shape (and so its rank).
_SHAPE_KEEPING = frozenset(
    f"torch.nn.{name}"
    for name in "ReLU LeakyReLU ELU SELU PReLU Tanh Sigmoid Dropout BatchNorm1d LayerNorm Identity".split()
)
_DEPRECATED = {
    "torch.nn.functional.sigmoid": "sigmoid",
    "torch.nn.functional.tanh": "tanh",
}


class DeprecatedNnFunctional(Rule):
    code = "DEV012"
    name = "deprecated-nn-functional"
    summary = (
        "`F.sigmoid`, `F.tanh` are deprecated since PyTorch 0.4.1 (use `torch.sigmoid` / `torch.tanh`),"
        " and so is `F.softmax` without `dim`"
    )
    fix_safety = FixSafety.SAFE
    triggers = ("sigmoid", "tanh", "softm", "Softm")

    def check(self) -> None:
        ranks: Ranks | None = None
        for call in self.sites(cst.Call):
            qualified = self.aliases.qualify(call.func) or ""
            if qualified in _IMPLICIT_DIM or qualified in _IMPLICIT_DIM_MODULES:
                ranks = ranks or Ranks(self.tree, self.aliases)
                self._check_softmax(call, qualified, ranks)
                continue
            function = _DEPRECATED.get(qualified)
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

    def _after_linear(self, layer: cst.Call) -> bool:
        """``nn.Sequential(..., nn.Linear(h, k), nn.ReLU(), nn.Softmax())``: the layer's input comes out of
        an ``nn.Linear`` through layers that keep the shape (``_SHAPE_KEEPING``)."""
        arg = self.tree.parent(layer)
        sequential = self.tree.parent(arg) if isinstance(arg, cst.Arg) else None
        if not (
            isinstance(arg, cst.Arg)
            and isinstance(sequential, cst.Call)
            and self.aliases.qualify(sequential.func) == "torch.nn.Sequential"
            and all(a.keyword is None and not a.star for a in sequential.args)
        ):
            return False
        before = [a.value for a in sequential.args[: list(sequential.args).index(arg)]]
        for previous in reversed(before):
            qualified = self.aliases.qualify(previous.func) if isinstance(previous, cst.Call) else None
            if qualified == "torch.nn.Linear":
                return True
            if qualified not in _SHAPE_KEEPING:
                return False
        return False

    def _called_on_linear(self, layer: cst.Call, ranks: Ranks) -> bool:
        """``self.softmax = nn.LogSoftmax()`` in ``__init__``, the file's one assignment of that attribute,
        and every call of it in the class, at least one, on what an ``nn.Linear`` of the class gave
        (``output = self.i2o(combined)`` then ``self.softmax(output)``): as after one in a Sequential."""
        assign = self.tree.parent(layer)
        if not (
            isinstance(assign, cst.Assign)
            and assign.value is layer
            and len(assign.targets) == 1
            and isinstance(target := assign.targets[0].target, cst.Attribute)
            and m.matches(target.value, m.Name("self"))
        ):
            return False
        cls = next((a for a in self.tree.ancestors(layer) if isinstance(a, cst.ClassDef)), None)
        if cls is None or not self._made_once(
            cls, target.attr.value, ("torch.nn.Softmax", "torch.nn.LogSoftmax")
        ):
            return False
        calls = [
            c
            for c in self.tree.of_type(cls, cst.Call)
            if isinstance(c.func, cst.Attribute)
            and m.matches(c.func.value, m.Name("self"))
            and c.func.attr.value == target.attr.value
        ]
        return bool(calls) and all(self._linear_output(c, cls, ranks) for c in calls)

    def _linear_output(self, call: cst.Call, cls: cst.ClassDef, ranks: Ranks) -> bool:
        if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
            return False
        value: cst.BaseExpression | None = call.args[0].value
        if isinstance(value, cst.Name):
            value = ranks.value_before(value)
        return (
            isinstance(value, cst.Call)
            and isinstance(value.func, cst.Attribute)
            and m.matches(value.func.value, m.Name("self"))
            and self._made_once(cls, value.func.attr.value, ("torch.nn.Linear",))
        )

    def _made_once(self, cls: cst.ClassDef, attribute: str, kinds: tuple[str, ...]) -> bool:
        """``self.<attribute>`` is assigned once in the file, in ``cls``, a layer of one of ``kinds``."""
        made = [
            assign.value
            for assign in self.tree.of_type(self.tree.root, cst.Assign)
            for target in assign.targets
            if isinstance(target.target, cst.Attribute) and target.target.attr.value == attribute
        ]
        return (
            len(made) == 1
            and isinstance(made[0], cst.Call)
            and self.tree.inside(made[0], cls)
            and self.aliases.qualify(made[0].func) in kinds
        )

    def _check_softmax(self, call: cst.Call, qualified: str, ranks: Ranks) -> None:
        module = qualified in _IMPLICIT_DIM_MODULES
        explicit = kwarg(call, "dim")
        if any(arg.star for arg in call.args):
            return
        if explicit is not None:
            if not (isinstance(explicit.value, cst.Name) and explicit.value.value == "None"):
                return
        elif len(positional(call)) >= (1 if module else 2):
            return
        name = code_of(call.func)
        rule = "PyTorch picks dim 0 for a 0-, 1- or 3-D input, else 1"
        if module:
            if self._after_linear(call) or self._called_on_linear(call, ranks):
                self.report(
                    call,
                    f"`{name}()` without `dim` is deprecated: {rule}, per call; after `nn.Linear` (in an"
                    " `nn.Sequential`, or called on its output) its input is most likely (batch, features) or"
                    " (features,), whose last dim PyTorch picked: `dim=-1` (unsafe: on a 3-D input PyTorch"
                    " picked dim 0)",
                    edits={call: with_kwarg(call, "dim", cst.UnaryOperation(cst.Minus(), cst.Integer("1")))},
                    safety=FixSafety.UNSAFE,
                )
                return
            self.report(
                call, f"`{name}()` without `dim` is deprecated: {rule}, per call; pass the `dim` it means"
            )
            return
        inputs = positional(call)
        source = inputs[0].value if inputs else (arg.value if (arg := kwarg(call, "input")) else None)
        rank = ranks.of(source) if source is not None else None
        deprecated = f"`{name}` without `dim` is deprecated"
        if rank is None:
            what = f"`{code_of(source)}`" if source is not None else "its input"
            if source is None or dotted_name(source) is None:
                # (an expression read twice would run twice: `F.softmax(self.out(h))`)
                self.report(
                    call,
                    f"{deprecated}: {rule}; the rank of {what} is not known here: pass the `dim` it means",
                )
                return
            # PyTorch's own choice, asked of the input at run time: the same result, without the warning
            asked = cst.parse_expression(f"0 if {code_of(source)}.dim() in (0, 1, 3) else 1")
            fixed = (
                with_arg_value(call, explicit, asked)
                if explicit is not None
                else with_kwarg(call, "dim", asked)
            )
            self.report(
                call,
                f"{deprecated}: {rule}; the rank of {what} is not known here, so the fix asks it as PyTorch"
                " did; write the `dim` it means where you know it",
                edits={call: fixed},
            )
            return
        dim = 0 if rank in (0, 1, 3) else 1
        new = cst.Integer(str(dim))
        fixed = with_arg_value(call, explicit, new) if explicit is not None else with_kwarg(call, "dim", new)
        self.report(
            call,
            f"{deprecated}: {rule}; the input is {rank}-D here, so `dim={dim}`",
            edits={call: fixed},
        )


def _one_input(call: cst.Call) -> bool:
    """``f(x)`` or ``f(input=x)``: the one argument ``F.sigmoid`` and ``F.tanh`` take."""
    if len(call.args) != 1:
        return False
    (arg,) = call.args
    if arg.star:
        return False
    return arg.keyword is None or arg.keyword.value == "input"
