"""## What it does
Finds a tensor reshaped in place through `.data`, as a statement of its own: `x.data.t_()`,
`x.data.transpose_(0, 1)`, `x.data.squeeze_()`, `x.data.unsqueeze_(0)` (also as elements of a tuple
statement, `feature.data.t_(), target.data.sub_(1)`), and reshapes `x` itself: `x.t_()`. `x` must be
a name or an attribute of one (`self.h`, `batch.text`).

## Why is this bad?
Before PyTorch 0.4 `x.data` was the very tensor inside the Variable `x`, so `x.data.t_()` transposed
`x`. Since 0.4 `x.data` is a new tensor that shares `x`'s memory but not its shape: the transpose
happens to that temporary, and `x` keeps its old shape. The script goes on with a batch the wrong way
round, and fails later (a shape mismatch in a layer or a loss), or worse, computes something else.

## Example
```python
feature, target = batch.text, batch.label
feature.data.t_(), target.data.sub_(1)  # batch first, index align
```

Use instead:
```python
feature, target = batch.text, batch.label
feature.t_(), target.data.sub_(1)  # batch first, index align
```

## Fix safety
Safe: `x.t_()` reshapes `x`, as `x.data.t_()` did before 0.4, with the same view of the same memory,
so every name bound to `x` sees the new shape, as before. Where `x` is data (the usual case: a batch
fixed up after loading) nothing else differs. Where `x` was computed with autograd, the reshape is now
recorded, so gradients flow through it (before 0.4 autograd did not see it, and backward met a shape it
did not expect); a parameter (a leaf that requires grad) cannot be reshaped in place and raises, loud
where the old code was silently wrong today. In-place changes of values through `.data`
(`target.data.sub_(1)`) still reach `x` and are left alone.
"""

from __future__ import annotations

import libcst as cst

from codemods.core.base import FixSafety, Rule
from codemods.core.names import dotted_name
from codemods.core.syntax import code_of

# In-place changes of a tensor's shape (not of its values).
_RESHAPES = frozenset("t_ transpose_ squeeze_ unsqueeze_ swapdims_ swapaxes_".split())


class LegacyDataReshape(Rule):
    code = "DEV019"
    name = "legacy-data-reshape"
    summary = "`x.data.t_()` no longer reshapes `x` since PyTorch 0.4; call `x.t_()`"
    fix_safety = FixSafety.SAFE
    triggers = (".data.",)
    reads = ()  # nothing outside the statement (codemods.core.facts)

    def check(self) -> None:
        for expression in self.sites(cst.Expr):
            value = expression.value
            parts = [e.value for e in value.elements] if isinstance(value, cst.Tuple) else [value]
            for part in parts:
                tensor = _reshape_of_data(part)
                if tensor is None:
                    continue
                call = cst.ensure_type(part, cst.Call)
                func = cst.ensure_type(call.func, cst.Attribute)
                self.report(
                    call,
                    f"`{code_of(call)}` reshapes a temporary since PyTorch 0.4 (`.data` is a new tensor), not"
                    f" `{code_of(tensor)}`: call `{func.attr.value}` on `{code_of(tensor)}` itself",
                    edits={func: func.with_changes(value=tensor)},
                )


def _reshape_of_data(expr: cst.BaseExpression) -> cst.BaseExpression | None:
    """``x.data.t_()``: the tensor ``x``, a name or an attribute chain (no call to evaluate twice)."""
    if not (isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute)):
        return None
    data = expr.func.value
    if expr.func.attr.value not in _RESHAPES or not (
        isinstance(data, cst.Attribute) and data.attr.value == "data"
    ):
        return None
    if dotted_name(data.value) is None or any(a.star for a in expr.args):
        return None
    return data.value
