"""## What it does
Finds `.view(-1)` (a flattening to one dimension) of a tensor the code shows to be transposed (`.t()`,
`.transpose()`, `.permute()`, `.T`, `.mT`, `.swapaxes()`), directly or through indexing and element-wise
operations, which keep a transposed layout (`correct = pred.t().eq(target)`, then
`correct[:k].view(-1)`), and makes it `.reshape(...)`. A name is followed to the assignment that reaches
it, else to every binding in its function.

## Why is this bad?
`.view()` needs memory it can reinterpret without copying; a transposed tensor is not laid out that
way, and `.view()` raises `RuntimeError: view size is not compatible with input tensor's size and
stride`. Old PyTorch made the result of an element-wise operation contiguous whatever its inputs,
so `pred.t().eq(...)[:k].view(-1)` ran (the ImageNet example's `accuracy()`); today the result keeps
the input's layout, and the same line raises. `.reshape()` is `.view()` where a view is possible, and
a copy where it is not.

## Example
```python
pred = pred.t()
correct = pred.eq(target.view(1, -1).expand_as(pred))
correct_k = correct[:k].view(-1).float().sum(0)
```

Use instead:
```python
pred = pred.t()
correct = pred.eq(target.view(1, -1).expand_as(pred))
correct_k = correct[:k].reshape(-1).float().sum(0)
```

## Fix safety
Safe where the result is only read: where `.view()` succeeds, `.reshape()` returns the very same view;
where `.view()` raised, `.reshape()` copies, and the copy differs from a view only when something is
written through it (or through the original while it is alive). So the fix is safe when the result
goes straight into an operation that makes a new tensor (`.sum()`, `.eq()`, arithmetic), through
other view-like steps (`.float()`, `.t()`, indexing), with no in-place method on the way. Unsafe
where the result is bound to a name, passed on or returned, or changed in place: code may write
through it expecting the original to change.
"""

from __future__ import annotations

import libcst as cst

from codemods.analysis.scalars import Scalars
from codemods.core.base import FixSafety, Rule
from codemods.core.syntax import code_of

# Methods whose result is laid out as their input is transposed, or is a transposition.
_TRANSPOSES = frozenset("t transpose permute swapaxes swapdims movedim".split())
_TRANSPOSED_ATTRIBUTES = frozenset({"T", "mT", "H", "mH"})
# Element-wise operations (and casts): today their result keeps the layout of their input.
_KEEPS_LAYOUT = frozenset(
    """eq ne lt le gt ge add sub mul div float double half long int bool byte abs neg exp log sigmoid
    tanh relu clamp pow masked_fill type_as logical_not""".split()
)
# Steps that may hand back (a view of) their input: a write through what they return can reach it.
# (`numpy` and the storages share its memory: `x.view(-1).numpy()[0] = 1` writes into `x`.)
_MAY_ALIAS = frozenset(
    """view view_as reshape reshape_as expand expand_as t transpose permute squeeze unsqueeze narrow
    select detach flatten unflatten contiguous float double half long int bool byte to type cpu cuda
    type_as as_strided unfold diagonal movedim swapaxes swapdims numpy storage untyped_storage""".split()
)


class ViewOfTransposed(Rule):
    code = "DEV021"
    name = "view-of-transposed"
    summary = "`.view()` of a transposed tensor raises (not contiguous); `.reshape()`"
    fix_safety = FixSafety.SAFE
    triggers = (".view(",)

    def check(self) -> None:
        scalars: Scalars | None = None
        for call in self.sites(cst.Call):
            func = call.func
            if not (isinstance(func, cst.Attribute) and func.attr.value == "view" and len(call.args) == 1):
                continue
            size = call.args[0]
            if size.keyword is not None or size.star or not _flat_size(size.value):
                continue  # `.view(b, t, -1)` may keep the layout; `.view(torch.float16)` is a dtype view
            scalars = scalars or Scalars(self.tree, self.aliases)
            if not self._transposed(func.value, scalars, depth=0):
                continue
            read_only = self._only_read(call)
            self.report(
                call,
                f"`{code_of(call)}` of a transposed tensor raises unless it is contiguous (element-wise"
                " results keep their input's layout): `.reshape()` views where it can and copies where"
                " it cannot"
                + ("" if read_only else " (unsafe: the result is kept or written, and a copy is not a view)"),
                edits={func: func.with_changes(attr=cst.Name("reshape"))},
                safety=FixSafety.SAFE if read_only else FixSafety.UNSAFE,
            )

    def _transposed(self, expr: cst.BaseExpression, scalars: Scalars, depth: int) -> bool:
        """Is ``expr`` a transposition, or indexing or an element-wise operation of one?"""
        if depth > 6:
            return False
        if isinstance(expr, cst.Subscript):
            return self._transposed(expr.value, scalars, depth + 1)
        if isinstance(expr, cst.Attribute):
            return expr.attr.value in _TRANSPOSED_ATTRIBUTES
        if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute):
            method = expr.func.attr.value
            if method in _TRANSPOSES and not (self.aliases.qualify(expr.func) or "").startswith("torch."):
                return True
            if method in _KEEPS_LAYOUT:
                return self._transposed(expr.func.value, scalars, depth + 1)
            return False
        if isinstance(expr, cst.Name):
            values = scalars.values_of(expr)
            return bool(values) and all(
                v is not None and self._transposed(v, scalars, depth + 1) for v in values
            )
        return False

    def _only_read(self, call: cst.Call) -> bool:
        """Does the result of ``call`` go, through steps that may alias it, into an operation that
        makes a new tensor, with no in-place method on the way?"""
        node: cst.CSTNode = call
        while True:
            parent = self.tree.parent(node)
            if isinstance(parent, cst.Subscript) and parent.value is node:
                node = parent
                continue
            if isinstance(parent, (cst.BinaryOperation, cst.Comparison)):
                return True
            if not (isinstance(parent, cst.Attribute) and parent.value is node):
                return False
            method = parent.attr.value
            above = self.tree.parent(parent)
            if not (isinstance(above, cst.Call) and above.func is parent):
                if method == "data" or method in _TRANSPOSED_ATTRIBUTES:
                    node = parent
                    continue
                return False  # `.shape`, `.grad`: not a tensor made from it
            if method.endswith("_") and not method.endswith("__"):
                return False  # written in place
            if method not in _MAY_ALIAS:
                return True
            node = above


def _flat_size(size: cst.BaseExpression) -> bool:
    """``-1``, ``n``, ``x.numel()``: one dimension, the flattening no transposed layout can view."""
    if isinstance(size, cst.UnaryOperation) and isinstance(size.operator, cst.Minus):
        size = size.expression
    if isinstance(size, (cst.Integer, cst.Name)):
        return True
    return (
        isinstance(size, cst.Call)
        and isinstance(size.func, cst.Attribute)
        and size.func.attr.value in ("numel", "nelement")
    )
