"""## What it does
Finds `type(h) == Variable` (also `!=`, `is`, `is not`, either side), with `Variable` imported from
`torch.autograd`, and compares with `torch.Tensor` instead: `type(h) == torch.Tensor`, spelled the way
the file imports `torch`. Where the file does not import `torch` at its top level, it reports only.

## Why is this bad?
Since PyTorch 0.4 `Variable(x)` returns a plain `torch.Tensor`, and no value's type is `Variable` any
more: the test is always false. In the classic `repackage_hidden`, which detaches an LSTM's hidden
state, every tensor is then taken for a tuple and iterated, down to a 0-dim element, which raises
`TypeError: iteration over a 0-d tensor`.

## Example
```python
def repackage_hidden(h):
    if type(h) == Variable:
        return Variable(h.data)
    return tuple(repackage_hidden(v) for v in h)
```

Use instead:
```python
def repackage_hidden(h):
    if type(h) == torch.Tensor:
        return Variable(h.data)
    return tuple(repackage_hidden(v) for v in h)
```

## Fix safety
Safe: the values that were Variables before 0.4 are the plain tensors now, and the exact type test is
kept, so subclasses (`nn.Parameter`, which was a subclass of `Variable`) are still excluded as they were.
Write `isinstance(h, torch.Tensor)` where subclasses should count.
"""

from __future__ import annotations

import libcst as cst

from codemods.core.base import FixSafety, Rule
from codemods.core.syntax import code_of

_VARIABLE = frozenset({"torch.autograd.Variable", "torch.autograd.variable.Variable"})
_TYPE_TESTS = (cst.Equal, cst.NotEqual, cst.Is, cst.IsNot)


class VariableTypeTest(Rule):
    code = "DEV018"
    name = "variable-type-test"
    summary = "`type(h) == Variable` is always false since PyTorch 0.4; compare with `torch.Tensor`"
    fix_safety = FixSafety.SAFE
    triggers = ("Variable",)
    reads = ("aliases",)  # what `Variable` and `torch` are, from the imports (codemods.core.facts)

    def check(self) -> None:
        for comparison in self.sites(cst.Comparison):
            if len(comparison.comparisons) != 1:
                continue
            target = comparison.comparisons[0]
            if not isinstance(target.operator, _TYPE_TESTS):
                continue
            sides = (comparison.left, target.comparator)
            for variable, other in (sides, sides[::-1]):
                if self.aliases.qualify(variable) in _VARIABLE and _is_type_call(other):
                    self._fix(comparison, variable)
                    break

    def _fix(self, comparison: cst.Comparison, variable: cst.BaseExpression) -> None:
        torch = self.aliases.module_name_for("torch")
        message = (
            f"`{code_of(comparison)}` is always false since PyTorch 0.4:"
            " `Variable(x)` returns a `torch.Tensor`"
        )
        if torch is None:
            self.report(
                comparison, f"{message}; compare with `torch.Tensor` (this file does not import `torch`)"
            )
            return
        tensor = cst.parse_expression(f"{torch}.Tensor")
        self.report(comparison, f"{message}; compare with `{torch}.Tensor`", edits={variable: tensor})


def _is_type_call(expr: cst.BaseExpression) -> bool:
    """``type(x)`` with one argument."""
    return (
        isinstance(expr, cst.Call)
        and isinstance(expr.func, cst.Name)
        and expr.func.value == "type"
        and len(expr.args) == 1
        and not expr.args[0].star
        and expr.args[0].keyword is None
    )
