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
from codemods.core.tree import Tree

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
            if self._may_change(expr.value):
                return None  # `one.fill_(0.5)`: the value written where it is made is not the one used
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

    def _may_change(self, name: str) -> bool:
        """May the tensor ``name`` holds be changed in place anywhere in the file: an in-place method
        (``one.fill_(0.5)``), a write into it (``one[0] = 5``, ``one += 1``), through a view or alias of
        it (``alias = one; alias[0] = 5``, ``one.data[0] = 5``, ``one.numpy()[0] = 5``), or handed to
        code that may do so? Moves, arithmetic (a new tensor) and ``backward`` only read it. Names are
        matched file-wide, whatever their scope: a look-alike elsewhere only makes this say yes."""
        key = ("dev017.may_change", name)
        return self.tree.memo(key, lambda: self._find_change(name))

    def _find_change(self, name: str) -> bool:
        names, pending = {name}, [name]
        while pending:
            current = pending.pop()
            for node in self.tree.of_type(self.tree.root, cst.Name):
                if node.value != current or _binds(self.tree, node):
                    continue
                changed, aliases = self._use_changes(node)
                if changed:
                    return True
                for alias in aliases - names:
                    names.add(alias)
                    pending.append(alias)
        return False

    def _use_changes(self, node: cst.BaseExpression) -> tuple[bool, set[str]]:
        """Whether this use of the tensor (``node``: the name, or a view of it) may change it, and the
        names it is bound to here (whose uses count too)."""
        parent = self.tree.parent(node)
        if isinstance(
            parent, (cst.BinaryOperation, cst.UnaryOperation, cst.Comparison, cst.ComparisonTarget)
        ):
            return False, set()
        if isinstance(parent, cst.Arg):
            call = self.tree.parent(parent)
            func = call.func if isinstance(call, cst.Call) else None
            reads = (isinstance(func, cst.Attribute) and func.attr.value == "backward") or (
                isinstance(func, cst.Name) and func.value in _READERS
            )
            return not reads, set()
        if isinstance(parent, cst.Attribute) and parent.value is node:
            call = self.tree.parent(parent)
            if not (isinstance(call, cst.Call) and call.func is parent):
                return self._use_changes(parent)  # `one.data`: the same storage
            method = parent.attr.value
            if method.endswith("_") and not method.startswith("_"):
                return True, set()
            return self._use_changes(call) if method in _SHARES_STORAGE else (False, set())
        if isinstance(parent, cst.Subscript) and parent.value is node:
            written = isinstance(self.tree.parent(parent), (cst.AssignTarget, cst.AugAssign, cst.Del))
            return (True, set()) if written else self._use_changes(parent)
        if isinstance(parent, cst.Assign) and parent.value is node:
            targets = [t.target for t in parent.targets]
            if all(isinstance(t, cst.Name) for t in targets):
                return False, {cst.ensure_type(t, cst.Name).value for t in targets}
        if isinstance(parent, cst.AugAssign) and parent.value is node:
            return False, set()
        if isinstance(parent, cst.Element):
            bound = _unpacked_into(self.tree, parent)
            if bound is not None:
                return False, {bound}
        return True, set()  # augmented in place, returned, kept in a container or an attribute: unknown


def _binds(tree: Tree, name: cst.Name) -> bool:
    """Is ``name`` a binding (an assignment's target, a parameter, a loop variable), not a use?"""
    node: cst.CSTNode = name
    parent = tree.parent(name)
    while isinstance(parent, (cst.Element, cst.Tuple, cst.List, cst.StarredElement)):  # `one, mone = ...`
        node = parent
        parent = tree.parent(parent)
    if isinstance(parent, (cst.AssignTarget, cst.For, cst.CompFor, cst.AnnAssign)):
        return parent.target is node
    return isinstance(parent, (cst.Param, cst.FunctionDef, cst.ClassDef, cst.ImportAlias, cst.AsName))


def _unpacked_into(tree: Tree, element: cst.Element) -> str | None:
    """The name ``element`` of a tuple is bound to in ``one, mone = one.cuda(), mone.cuda()``."""
    values = tree.parent(element)
    assign = tree.parent(values) if values is not None else None
    if not (isinstance(values, cst.Tuple) and isinstance(assign, cst.Assign) and assign.value is values):
        return None
    if len(assign.targets) != 1 or not isinstance(assign.targets[0].target, (cst.Tuple, cst.List)):
        return None
    targets = assign.targets[0].target.elements
    index = next(i for i, e in enumerate(values.elements) if e is element)
    if len(targets) != len(values.elements) or not isinstance(targets[index].value, cst.Name):
        return None
    return cst.ensure_type(targets[index].value, cst.Name).value


# Calls that only read a tensor handed to them.
_READERS = frozenset({"print", "len", "float", "int", "str", "repr"})
# Methods whose result may share the tensor's storage: a write through it changes the tensor.
_SHARES_STORAGE = frozenset(
    "cuda cpu to float double half detach numpy view view_as reshape squeeze unsqueeze expand expand_as"
    " t transpose permute flatten contiguous narrow select as_strided type type_as".split()
)


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
