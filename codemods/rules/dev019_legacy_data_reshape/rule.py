"""## What it does
Finds a tensor reshaped in place through `.data`, as a statement of its own: `x.data.t_()`,
`x.data.transpose_(0, 1)`, `x.data.squeeze_()`, `x.data.unsqueeze_(0)` (also as elements of a tuple
statement, `feature.data.t_(), target.data.sub_(1)`), and writes the reshaped data back:
`x.data = x.data.t()`. `x` must be a name or an attribute of one (`self.h`, `batch.text`).

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
feature.data = feature.data.t()  # batch first, index align
target.data.sub_(1)
```

## Fix safety
Safe: assigning `x.data` replaces the tensor inside `x` without autograd seeing it, as the in-place
reshape of `x.data` did before 0.4, whether or not `x` requires grad; every name bound to the same
tensor object sees the new shape, as before. (`x.t_()` reads better where `x` never requires grad.)
In-place changes of values through `.data` (`target.data.sub_(1)`) still reach `x` and are kept.
"""

from __future__ import annotations

import libcst as cst

from codemods.core.base import FixSafety, Rule
from codemods.core.names import dotted_name
from codemods.core.syntax import code_of

# In-place shape changes and the out-of-place method that gives the same view.
_RESHAPES = {
    "t_": "t",
    "transpose_": "transpose",
    "squeeze_": "squeeze",
    "unsqueeze_": "unsqueeze",
    "swapdims_": "swapdims",
    "swapaxes_": "swapaxes",
}


class LegacyDataReshape(Rule):
    code = "DEV019"
    name = "legacy-data-reshape"
    summary = "`x.data.t_()` no longer reshapes `x` since PyTorch 0.4; assign `x.data = x.data.t()`"
    fix_safety = FixSafety.SAFE
    triggers = (".data.",)

    def check(self) -> None:
        for line in self.sites(cst.SimpleStatementLine):
            if len(line.body) != 1 or not isinstance(line.body[0], cst.Expr):
                continue
            value = line.body[0].value
            parts = [e.value for e in value.elements] if isinstance(value, cst.Tuple) else [value]
            if any(isinstance(e, cst.StarredElement) for e in getattr(value, "elements", ())):
                continue
            reshapes = [p for p in parts if _reshape_of_data(p) is not None]
            if not reshapes:
                continue
            statements = [_written_back(p) or cst.Expr(p) for p in parts]
            lines = [
                cst.SimpleStatementLine(body=[s], leading_lines=line.leading_lines if i == 0 else ())
                for i, s in enumerate(statements)
            ]
            lines[0] = lines[0].with_changes(trailing_whitespace=line.trailing_whitespace)
            names = ", ".join(f"`{code_of(p)}`" for p in reshapes)
            self.report(
                reshapes[0],
                f"{names} reshapes a temporary since PyTorch 0.4 (`.data` is a new tensor), not the tensor"
                " itself: assign the reshaped data back",
                edits={line: cst.FlattenSentinel(lines)},
            )


def _reshape_of_data(expr: cst.BaseExpression) -> tuple[cst.BaseExpression, str] | None:
    """``x.data.t_()``: the tensor ``x`` (a name or an attribute chain) and the out-of-place method."""
    if not (isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute)):
        return None
    method = _RESHAPES.get(expr.func.attr.value)
    data = expr.func.value
    if method is None or not (isinstance(data, cst.Attribute) and data.attr.value == "data"):
        return None
    if dotted_name(data.value) is None or any(a.star for a in expr.args):
        return None
    return data.value, method


def _written_back(expr: cst.BaseExpression) -> cst.Assign | None:
    """``x.data.t_()`` -> ``x.data = x.data.t()``."""
    found = _reshape_of_data(expr)
    if found is None:
        return None
    tensor, method = found
    assert isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute)
    data = expr.func.value
    reshaped = expr.with_changes(func=expr.func.with_changes(attr=cst.Name(method)))
    return cst.Assign(targets=[cst.AssignTarget(target=data)], value=reshaped)
