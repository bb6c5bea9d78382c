"""## What it does
Finds `loss.backward(one)` where `loss` is shown to be a 0-dim tensor (`codemods/analysis/scalars.py`)
and the gradient is a one-element tensor whose value the file shows to be 1 or -1
(`one = torch.FloatTensor([1])`, `mone = one * -1`, moved with `.cuda()` or not), and writes
`loss.backward()` for 1 and `(-loss).backward()` for -1. A gradient whose value is not shown, or of
another value, and a loss not shown to be 0-dim, are left alone.

## Why is this bad?
Before PyTorch 0.4 a loss was a vector of one element, and WGAN-style code passed the gradient
`torch.FloatTensor([1])` (or `[-1]`, to maximise) explicitly. Since 0.4 a loss is 0-dim, and a
gradient of shape `(1,)` no longer matches it: `backward` raises `RuntimeError: Mismatch in shape`.

## Example
```python
one = torch.FloatTensor([1])
mone = one * -1
errD_real.backward(one)
errD_fake.backward(mone)
```

Use instead:
```python
one = torch.FloatTensor([1])
mone = one * -1
errD_real.backward()
(-errD_fake).backward()
```

## Fix safety
Safe: `backward()` on a 0-dim tensor uses the gradient 1, the value the one-element tensor held;
`(-x).backward()` sends -1 back to `x`, as `x.backward(-1)` did (negation is exact), and leaves `x`
itself unchanged. Other arguments (`retain_graph=True`) are kept.
"""

from __future__ import annotations

import libcst as cst

from codemods.analysis.scalars import Scalars
from codemods.core.base import FixSafety, Rule
from codemods.core.syntax import code_of, kwarg, positional

_LEGACY_CONSTRUCTORS = frozenset(
    f"torch.{cuda}{kind}Tensor" for cuda in ("", "cuda.") for kind in ("Float", "Double", "Half", "")
) | {"torch.tensor"}
# Methods that keep a tensor's value: moves and casts.
_KEEPS_VALUE = frozenset("cuda cpu to float double half clone detach".split())
# A name met again while it is being resolved (`one = one.cuda()`): it adds no value of its own.
_AGAIN = 0


class LegacyBackwardGradient(Rule):
    code = "DEV017"
    name = "legacy-backward-gradient"
    summary = "`loss.backward(one)` with a 1-element gradient raises on a 0-dim loss since PyTorch 0.4"
    fix_safety = FixSafety.SAFE
    triggers = (".backward(",)

    def check(self) -> None:
        scalars: Scalars | None = None
        for call in self.sites(cst.Call):
            func = call.func
            if not (isinstance(func, cst.Attribute) and func.attr.value == "backward"):
                continue
            gradient = kwarg(call, "gradient") or next(iter(positional(call)), None)
            if gradient is None:
                continue
            scalars = scalars or Scalars(self.tree, self.aliases)
            sign = self._unit(gradient.value, scalars, set())
            if sign is None or sign == _AGAIN or not scalars.is_scalar(func.value):
                continue
            loss = func.value
            rest = [a for a in call.args if a is not gradient]
            if rest and gradient is not call.args[0] and gradient.keyword is None:
                continue  # a positional gradient after others: not a call of Tensor.backward
            if sign == 1:
                fixed = call.with_changes(args=_without_trailing_comma(rest))
                what = f"`{code_of(loss)}.backward()` uses the gradient 1"
            else:
                negated = cst.UnaryOperation(
                    operator=cst.Minus(), expression=loss, lpar=[cst.LeftParen()], rpar=[cst.RightParen()]
                )
                fixed = call.with_changes(
                    func=func.with_changes(value=negated), args=_without_trailing_comma(rest)
                )
                what = f"`{code_of(fixed)}` sends -1 back"
            self.report(
                call,
                f"`{code_of(loss)}` is 0-dim since PyTorch 0.4 and `{code_of(gradient.value)}` has shape"
                f" (1,): `backward` raises on the mismatch; {what}",
                edits={call: fixed},
                safety=FixSafety.SAFE,
            )

    def _unit(self, expr: cst.BaseExpression, scalars: Scalars, seen: set[int]) -> int | None:
        """1 or -1 when ``expr`` is shown to be a one-element tensor of that value, ``_AGAIN`` for a name
        being resolved already, else None."""
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
            return _negated(self._unit(expr.expression, scalars, seen))
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Multiply):
            for tensor, factor in ((expr.left, expr.right), (expr.right, expr.left)):
                number = _literal(factor)
                if number in (1, -1):
                    inner = self._unit(tensor, scalars, seen)
                    return inner if number == 1 else _negated(inner)
            return None
        if isinstance(expr, cst.Call):
            qualified = self.aliases.qualify(expr.func) or ""
            if qualified in _LEGACY_CONSTRUCTORS:
                return _one_element_list(expr)
            if isinstance(expr.func, cst.Attribute) and not qualified:
                if expr.func.attr.value in _KEEPS_VALUE:
                    return self._unit(expr.func.value, scalars, seen)
                if expr.func.attr.value == "neg" and not expr.args:
                    return _negated(self._unit(expr.func.value, scalars, seen))
            return None
        if isinstance(expr, cst.Name):
            if id(expr) in seen:
                return _AGAIN
            seen.add(id(expr))
            try:
                signs = set()
                for value in scalars.values_of(expr):
                    sign = None if value is None else self._unit(value, scalars, seen)
                    if sign is None:
                        return None
                    signs.add(sign)
            finally:
                seen.discard(id(expr))
            signs.discard(_AGAIN)
            if not signs:
                return _AGAIN
            return signs.pop() if len(signs) == 1 else None
        return None


def _negated(sign: int | None) -> int | None:
    """-sign; a name negated while it is resolved (``one = one * -1`` in a loop) flips each time."""
    return None if sign is None or sign == _AGAIN else -sign


def _literal(expr: cst.BaseExpression) -> float | None:
    """The value of a number literal (``1``, ``-1``, ``1.0``)."""
    negative = isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus)
    if negative:
        assert isinstance(expr, cst.UnaryOperation)
        expr = expr.expression
    if isinstance(expr, (cst.Integer, cst.Float)):
        value = float(expr.evaluated_value)
        return -value if negative else value
    return None


def _one_element_list(call: cst.Call) -> int | None:
    """``torch.FloatTensor([1])``, ``torch.Tensor([-1.0])``, ``torch.tensor([1], dtype=...)``: 1 or -1 (not
    ``FloatTensor(1)``, a size)."""
    # `dtype=` and `device=` (as DEV009 and DEV010 spell the legacy constructors) keep the value
    plain = [a for a in call.args if a.keyword is None]
    keywords = [a.keyword.value for a in call.args if a.keyword is not None]
    if len(plain) != 1 or plain[0].star or any(k not in ("dtype", "device") for k in keywords):
        return None
    data = plain[0].value
    if not (isinstance(data, cst.List) and len(data.elements) == 1):
        return None
    value = _literal(data.elements[0].value)
    return int(value) if value in (1, -1) else None


def _without_trailing_comma(args: list[cst.Arg]) -> list[cst.Arg]:
    if args and args[-1].comma is not cst.MaybeSentinel.DEFAULT:
        args = [*args[:-1], args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)]
    return args
