"""## What it does
Finds a loss or another 0-dim tensor read the pre-0.4 way, `loss.data[0]` (or `total_loss[0]` for a
running sum of `loss.data`), and reads it with `.item()`: `loss.data[0]` becomes `loss.item()`.

A value counts as 0-dim when the file shows it (`codemods/analysis/scalars.py`): the result of a torch
loss function (`F.nll_loss(...)`) or of a loss module the file builds (`criterion = nn.MSELoss()`, also
`self.criterion`), without `reduction="none"` or `reduce=False`; a reduction over every element
(`x.sum()`, `torch.mean(x)`, `x.norm()`); `.data`, `.detach()` or a move of one; sums and products of
these and numbers; a name every binding of which in its function is one of these. A name that only looks
like a loss (`loss`, `g_loss`, `cost`) but is computed where the file does not show it gets an unsafe
fix, and the message says why. Where the file does not show the value at all (a helper of another
module, `prec1, prec5 = utils.accuracy(...)`; a criterion handed in; an element of something handed in,
`for b, flag in enumerate(reset_flags)`, or of a model's outputs, `R[0]`, also of a model `torch.load`
gave; of a name, only the bindings that can reach the read count) and `x.data[0]` is used as a number
(added up, compared, formatted, handed to a meter, a logger, `append` or `print`, bound to a loss's
name: `loss = f_loss(out, y).data[0]`, given to a bare `log_value`), the read becomes `.item()` as an
unsafe fix: it raises if the value is 0-dim, and reads a first element if not. A one-element
vector read so (`avg = torch.zeros(1)`, `torch.FloatTensor([v])`, moves of one, a running average of
one with numbers and 0-dim tensors, `avg = avg * beta + (1 - beta) * R.mean()`) gets the same unsafe
`.item()`: `[0]` read its number before 0.4 and reads a 0-dim tensor since. Other
`x.data[0]` (the first row of a batch, `save_image(out.data[0])`) is left alone.

It also finds an element of a tensor looked up in a dictionary, `index2word[ni]` with
`ni = topi[0][0]`, and looks up its number, `index2word[ni.item()]`: before 0.4 indexing a tensor down
to one element gave a Python number; since, a 0-dim tensor, which a dictionary hashes by identity. The
key must be a name every binding of which picks an element by integer literals out of a tensor the
code shows (`.data`, the indices of `topk`/`max`/`sort`/`argmax`), never stored, aliased, returned or
handed to a call other than torch's or a builtin; the dictionary a `dict` display, comprehension or
`dict(...)` call every binding of it makes (`codemods/rules/dev011_legacy_scalar_index/_dict_keys.py`).

## Why is this bad?
Before PyTorch 0.4 a loss was a vector of one element and `loss.data[0]` read its value. Since 0.4 a
loss is a 0-dim tensor: `loss.data[0]` raises `IndexError: invalid index of a 0-dim tensor`, so a
legacy training script crashes at its first logging line. `.item()` reads a 0-dim tensor's value as a
Python number, as `loss.data[0]` did.

## Example
```python
loss = criterion(model(x), y)
total_loss += loss.data[0]
```

Use instead:
```python
loss = criterion(model(x), y)
total_loss += loss.item()
```

## Fix safety
Safe where the value is shown to be 0-dim: there `x.data[0]` can only raise, and `x.item()` is the value
it read on PyTorch before 0.4. The dictionary lookup: a tensor that was never stored anywhere cannot
be a key of a dictionary of numbers, so `d[ni]` raises `KeyError` on every run; `d[ni.item()]` finds
what it found before 0.4 (a `defaultdict`, which inserts a missing key, is left alone). Unsafe where
only the name says it is a loss, or where the file does not show the value at all but reads it as a
number: were it a vector, `[0]` read its first element, and `.item()` raises unless it has exactly one.
Unsafe too where a value made 0-dim is handed to code the file does not show (a lambda, `map`, an
object's method), which may reshape it in place.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeGuard

import libcst as cst

from codemods.analysis.scalars import Scalars
from codemods.core.base import FixSafety, Rule
from codemods.core.name_bindings import bindings_in
from codemods.core.names import dotted_name
from codemods.core.syntax import code_of, method_call, percent_conversion
from codemods.rules.dev011_legacy_scalar_index._dict_keys import DictKeys

# Names a loss goes by: `loss`, `g_loss`, `loss_d`, `kl_loss`, `cost` (not `losses`: a list or a vector).
_LOSS_NAME = re.compile(r"^(?:\w+_)?(?:loss|cost)(?:_\w+)?$", re.IGNORECASE)


# Where a value read with `.data[0]` is taken as a number: builtins, and the methods of lists, meters,
# loggers, progress bars and format strings.
_NUMBER_TAKERS = frozenset({"print", "float", "int", "round", "str", "abs", "max", "min"})
# Torch functions that return whatever was saved (a model of another module): they show nothing.
_UNPICKLERS = frozenset({"torch.load", "torch.jit.load", "torch.hub.load"})
# Logging functions called by their bare name (`from tensorboard_logger import log_value`): a value each.
_NUMBER_LOGGERS = frozenset({"log_value", "log_scalar", "add_scalar"})
_NUMBER_METHODS = frozenset(
    {"append", "update", "format", "add_scalar", "log_value", "write", "log", "info", "debug", "set_postfix"}
)


# Tensor methods: what they return the code shows (a reduction along a dimension, a view, a row).
_TENSOR_METHODS = frozenset(
    (
        "sum mean max min prod std var norm median mode argmax argmin topk sort view reshape squeeze"
        " unsqueeze expand cpu cuda to float double long int half detach clone contiguous gather"
        " index_select masked_select narrow select transpose permute t abs exp log sqrt pow mul add sub"
        " div cumsum softmax log_softmax sigmoid tanh eq ne gt lt ge le"
    ).split()
)


# Factories that make a one-element vector given the size 1 (`torch.zeros(1)`), and constructors that make
# one of a one-element list (`torch.FloatTensor([v])`, `torch.tensor([v])`).
_SIZED_FACTORIES = frozenset(f"torch.{f}" for f in "zeros ones empty rand randn".split())
_DATA_CONSTRUCTORS = frozenset(
    {"torch.tensor", "torch.Tensor"}
    | {f"torch.{t}Tensor" for t in "Float Double Half Long Int Short".split()}
    | {f"torch.cuda.{t}Tensor" for t in "Float Double Half Long Int Short".split()}
)
# Methods that give a tensor of the receiver's shape: a one-element vector stays one.
_SHAPE_KEEPING_METHODS = frozenset(
    "cuda cpu to detach clone float double half type type_as abs exp log sqrt sigmoid tanh".split()
)
# Keywords of a factory or constructor that leave its shape alone.
_SHAPELESS_KEYWORDS = frozenset({"dtype", "device", "requires_grad", "pin_memory", "layout"})


def _is_numpy_of(value: cst.BaseExpression) -> TypeGuard[cst.Call]:
    """``x.numpy()``: the NumPy array of a tensor."""
    return (
        isinstance(value, cst.Call)
        and not value.args
        and isinstance(value.func, cst.Attribute)
        and value.func.attr.value == "numpy"
    )


class LegacyScalarIndex(Rule):
    code = "DEV011"
    name = "legacy-scalar-index"
    summary = "`loss.data[0]` raises on a 0-dim tensor since PyTorch 0.4; read it with `.item()`"
    fix_safety = FixSafety.SAFE
    # `loss.data[0]`, and `total[0]` of a sum of `loss.data`: both spell `.data` (the cheap test).
    # `d[ni]` with `ni = topi[0][0]`: the index methods that make `topi` (`.data` covers the rest).
    triggers = (".data", ".topk(", ".max(", ".min(", ".sort(", ".argmax(", ".argmin(")
    # `total += loss.item()` in a training loop is a host sync DEV008 keeps on the device
    feeds = ("DEV008",)

    def check(self) -> None:
        scalars: Scalars | None = None
        self._trusting: Scalars | None = None  # built when a value is 0-dim only if unseen code is
        keys: DictKeys | None = None
        for subscript in self.sites(cst.Subscript):
            # Type tests before the matcher: most subscripts of a large file are not `[0]`.
            element = subscript.slice[0].slice if len(subscript.slice) == 1 else None
            if isinstance(element, cst.Index) and isinstance(element.value, cst.Name):
                keys = keys or DictKeys(self.tree, self.aliases)
                key = keys.tensor_key(subscript)
                if key is not None:
                    self._dict_key(subscript, key)
                continue
            if not (isinstance(element, cst.Index) and isinstance(element.value, cst.Integer)):
                continue
            # `x[0]`: the one element an integer, tested by hand (a matcher cost 4 times the test)
            if element.value.value != "0" or self._is_written(subscript):
                continue
            scalars = scalars or Scalars(self.tree, self.aliases)
            value = subscript.value
            if isinstance(value, cst.Attribute) and value.attr.value == "data":
                self._data_at_zero(subscript, value.value, scalars)
            elif isinstance(value, cst.Name) and scalars.is_scalar(value):
                self._fix(subscript, value, f"`{value.value}` is 0-dim (it adds up 0-dim tensors, or is one)")
            elif _is_numpy_of(value) and scalars.is_scalar(cst.ensure_type(value.func, cst.Attribute).value):
                self._numpy_at_zero(subscript, value)

    def _dict_key(self, subscript: cst.Subscript, key: cst.Name) -> None:
        item = method_call(key, "item")
        self.report(
            subscript,
            f"`{key.value}` is an element of a tensor: a Python number before PyTorch 0.4, a 0-dim tensor"
            f" since, which a dictionary looks up by identity (`KeyError`); `{code_of(item)}` looks up"
            " the number",
            edits={key: item},
        )

    def _numpy_at_zero(self, subscript: cst.Subscript, array: cst.Call) -> None:
        """``loss.data.cpu().numpy()[0]``: the array of a 0-dim tensor is 0-dim too, and ``[0]`` raises;
        ``[()]`` reads the NumPy scalar ``[0]`` read from the one-element array of PyTorch before 0.4."""
        fixed = subscript.with_changes(slice=[cst.SubscriptElement(cst.Index(cst.Tuple([])))])
        self.report(
            subscript,
            f"`{code_of(array)}` is a 0-dim array since PyTorch 0.4: `[0]` raises IndexError; `[()]` reads"
            " the same NumPy scalar (`.item()` would read it as a Python float)",
            edits={subscript: fixed},
        )

    def _data_at_zero(self, subscript: cst.Subscript, receiver: cst.BaseExpression, scalars: Scalars) -> None:
        if scalars.is_scalar(receiver):
            self._fix(subscript, receiver, f"`{code_of(receiver)}` is a 0-dim tensor")
        elif self._scalar_unless_reshaped_unseen(receiver):
            self._fix(
                subscript,
                receiver,
                f"`{code_of(receiver)}` is made 0-dim, but the file hands it to code it does not show (a"
                " lambda, `map`, an object's method), which may reshape it in place (were it a vector,"
                " `[0]` read its first element)",
                FixSafety.UNSAFE,
            )
        elif (
            isinstance(receiver, cst.Name)
            and _LOSS_NAME.match(receiver.value)
            and self._unseen(receiver, scalars)
        ):
            self._fix(
                subscript,
                receiver,
                f"`{receiver.value}` looks like a loss, but where it is computed is not shown here (were it a"
                " vector, `[0]` read its first element)",
                FixSafety.UNSAFE,
            )
        elif self._read_as_number(subscript) and self._one_element(receiver, scalars):
            self._one_element_read(subscript, receiver)
        elif self._read_as_number(subscript) and self._opaque(receiver, scalars):
            rank = scalars.rank_of(receiver)
            if rank is not None and rank > 0:
                return  # a tensor with dimensions: `[0]` reads its first row, as it always did
            spelled = code_of(receiver)
            name = f"`{spelled}`" if len(spelled) <= 40 else "this value"
            # Read as a number, the value had one element before 0.4 (the idiom's only use): `.item()`
            # reads that element of a 0-dim or one-element tensor alike. Unsafe: a vector raises there.
            self.report(
                subscript,
                f"`.data[0]` read {name} as a number before PyTorch 0.4; on a 0-dim tensor (a loss, a full"
                f" reduction) it raises IndexError since; `.item()` reads a one-element value either way"
                f" (unsafe: the file does not show whether {name} is one; were it a vector, `[0]` read its"
                " first element and `.item()` raises)",
                edits={subscript: method_call(receiver, "item")},
                safety=FixSafety.UNSAFE,
            )

    def _scalar_unless_reshaped_unseen(self, receiver: cst.BaseExpression) -> bool:
        """Is ``receiver`` 0-dim by what the file shows, once the code it does not show (to which it hands
        the tensor) is taken to reshape nothing? Then only that code keeps the reading from holding."""
        if self._trusting is None:
            self._trusting = Scalars(self.tree, self.aliases, unread_code_reshapes=False)
        return self._trusting.is_scalar(receiver)

    def _one_element_read(self, subscript: cst.Subscript, receiver: cst.BaseExpression) -> None:
        """``avg.data[0]`` with ``avg = torch.zeros(1)`` (and running averages of it with 0-dim tensors):
        ``[0]`` of a one-element vector read its one number before PyTorch 0.4 and reads a 0-dim tensor
        since, which prints, logs and adds up as a tensor; ``.item()`` reads the number."""
        spelled = code_of(receiver)
        name = f"`{spelled}`" if len(spelled) <= 40 else "this value"
        self.report(
            subscript,
            f"{name} is a one-element vector: `.data[0]` read its number before PyTorch 0.4 and reads a 0-dim"
            " tensor since; `.item()` reads the number (unsafe: code written since may count on the"
            " tensor)",
            edits={subscript: method_call(receiver, "item")},
            safety=FixSafety.UNSAFE,
        )

    def _one_element(
        self, expr: cst.BaseExpression, scalars: Scalars, seen: frozenset[str] = frozenset()
    ) -> bool:
        """``expr`` is a tensor of shape ``(1,)`` by what the file shows: ``torch.zeros(1)``,
        ``torch.FloatTensor([v])`` of a number, a move or element-wise function of one, arithmetic of
        one with numbers and 0-dim tensors (which broadcast to ``(1,)``), or a name every binding of
        which that can reach ``expr`` is one of these or a 0-dim tensor, at least one being a vector."""
        if isinstance(expr, cst.Attribute) and expr.attr.value == "data":
            return self._one_element(expr.value, scalars, seen)
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
            return self._one_element(expr.expression, scalars, seen)
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, _ARITHMETIC):
            return _arithmetic_of(expr, lambda side: self._one_element(side, scalars, seen), scalars)
        if isinstance(expr, cst.Call):
            return self._one_element_call(expr, scalars, seen)
        if not isinstance(expr, cst.Name):
            return False
        if expr.value in seen:
            # `avg = avg * beta + (1 - beta) * x.mean()`: met again on the way, the name is taken to be
            # what its other bindings show (a binding that reads the name itself never shows a vector)
            return True
        scope = next((a for a in self.tree.ancestors(expr) if isinstance(a, cst.FunctionDef)), self.tree.root)
        bindings = [b for b in bindings_in(self.tree, scope, expr.value) if self._may_reach(b, expr)]
        inner = seen | {expr.value}
        vector = False
        for binding in bindings:
            if isinstance(binding, cst.AssignTarget) and isinstance(binding.target, cst.Name):
                assign = self.tree.parent(binding)
                value = assign.value if isinstance(assign, cst.Assign) else None
            elif isinstance(binding, cst.AugAssign) and isinstance(
                binding.operator, (cst.AddAssign, cst.SubtractAssign, cst.MultiplyAssign, cst.DivideAssign)
            ):
                value = binding.value  # `avg += x`: still (1,) when `x` is a number or 0-dim or (1,)
                if scalars.is_scalar(value) or scalars.is_number(value):
                    continue
            else:
                return False
            if value is None:
                return False
            if self._one_element(value, scalars, inner):
                vector = vector or not any(n.value == expr.value for n in self.tree.of_type(value, cst.Name))
            elif not scalars.is_scalar(value):
                return False
        return vector

    def _one_element_call(self, call: cst.Call, scalars: Scalars, seen: frozenset[str]) -> bool:
        if any(a.star for a in call.args):
            return False
        positional = [a.value for a in call.args if a.keyword is None]
        keywords = {a.keyword.value for a in call.args if a.keyword is not None}
        qualified = self.aliases.qualify(call.func)
        if qualified in _SIZED_FACTORIES or qualified in _DATA_CONSTRUCTORS:
            if len(positional) != 1 or not keywords <= _SHAPELESS_KEYWORDS:
                return False
            (argument,) = positional
            if qualified in _SIZED_FACTORIES:
                if isinstance(argument, (cst.Tuple, cst.List)) and len(argument.elements) == 1:
                    argument = argument.elements[0].value
                return isinstance(argument, cst.Integer) and argument.evaluated_value == 1
            return (
                isinstance(argument, cst.List)
                and len(argument.elements) == 1
                and not isinstance(argument.elements[0], cst.StarredElement)
                and scalars.is_number(argument.elements[0].value)
            )
        if qualified is None and isinstance(call.func, cst.Attribute):
            return call.func.attr.value in _SHAPE_KEEPING_METHODS and self._one_element(
                call.func.value, scalars, seen
            )
        return False

    def _read_as_number(self, subscript: cst.Subscript | cst.UnaryOperation) -> bool:
        """``x.data[0]`` used as a number: added up (``total += x.data[0]``), in arithmetic or a
        comparison, formatted, or handed to a logger, a meter, a list or a number builtin
        (``losses.append(...)``, ``meter.update(...)``, ``print(...)``, ``float(...)``). A row of a
        batch (``save_image(out.data[0])``, ``out.data[0].numpy()``) is none of these."""
        parent = self.tree.parent(subscript)
        if isinstance(parent, cst.UnaryOperation) and isinstance(parent.operator, (cst.Minus, cst.Plus)):
            return self._read_as_number(parent)  # `total += -x.data[0]`: a sign keeps a number one
        if isinstance(parent, cst.AugAssign):
            return parent.value is subscript
        if isinstance(parent, cst.Assign):  # `loss = f_loss(out, y).data[0]`: named as a number
            targets = parent.targets
            return (
                len(targets) == 1
                and isinstance(targets[0].target, cst.Name)
                and bool(_LOSS_NAME.match(targets[0].target.value))
            )
        if isinstance(parent, (cst.BinaryOperation, cst.ComparisonTarget, cst.Comparison)):
            return True
        if isinstance(parent, cst.FormattedStringExpression):
            return True
        if isinstance(parent, cst.Element):
            # `"loss %.4f" % (i, x.data[0])`: a numeric conversion reads a number (`%s` prints a row too)
            return percent_conversion(self.tree.parent, subscript) in _NUMBER_CONVERSIONS
        if not isinstance(parent, cst.Arg) or parent.value is not subscript:
            return False
        call = self.tree.parent(parent)
        if not isinstance(call, cst.Call):
            return False
        if isinstance(call.func, cst.Name):
            return call.func.value in _NUMBER_TAKERS or call.func.value in _NUMBER_LOGGERS
        return isinstance(call.func, cst.Attribute) and call.func.attr.value in _NUMBER_METHODS

    def _fix(
        self,
        subscript: cst.Subscript,
        receiver: cst.BaseExpression,
        why: str,
        safety: FixSafety | None = None,
    ) -> None:
        item = method_call(receiver, "item")
        self.report(
            subscript,
            f"{why}: `{code_of(subscript)}` raises IndexError since PyTorch 0.4;"
            f" `{code_of(item)}` reads its value",
            edits={subscript: item},
            safety=safety,
        )

    def _is_written(self, subscript: cst.Subscript) -> bool:
        """``x.data[0] = v`` or ``x[0] += v``: an element written, not a value read."""
        parent = self.tree.parent(subscript)
        return isinstance(parent, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.Del)) and (
            getattr(parent, "target", None) is subscript
        )

    def _unseen(self, name: cst.Name, scalars: Scalars) -> bool:
        """Every binding of ``name`` hides what it holds: a parameter, or a call of something the file does
        not build with torch (``model.loss(x)``, a criterion handed in). A loss module built with
        ``reduction="none"`` shows a vector: no finding."""
        scope = next((a for a in self.tree.ancestors(name) if isinstance(a, cst.FunctionDef)), self.tree.root)
        bindings = bindings_in(self.tree, scope, name.value)
        return bool(bindings) and all(
            isinstance(b, cst.Param) or self._calls_unknown(b, scalars) for b in bindings
        )

    def _opaque(
        self, receiver: cst.BaseExpression, scalars: Scalars, seen: frozenset[str] = frozenset()
    ) -> bool:
        """What the file does not show at all: a call of something that is not torch's nor a tensor
        method (``utils.accuracy(...)``, ``criterion(out, y)`` with ``criterion`` handed in,
        ``self.penalty(x)``), its negation, an element of such a value (``R[0]``), arithmetic of such
        values with numbers and 0-dim tensors (``L - alpha * ce + U`` with ``L = -elbo(x, y)``), or a
        name every binding of which is a
        parameter or one of these. A value the code builds with torch (a loss module with
        ``reduction="none"``, ``x.sum(1)``) says what it is, and Scalars answered it already."""
        if isinstance(receiver, cst.Call):
            return self._opaque_call(receiver, scalars)
        if isinstance(receiver, cst.UnaryOperation) and isinstance(receiver.operator, cst.Minus):
            return self._opaque(receiver.expression, scalars, seen)
        if isinstance(receiver, cst.Subscript):
            # `R[0]`, `actions[i][0]` of what the model returned: an element (or a row) of something the
            # file does not show is not shown either; a slice keeps dimensions the file does not count.
            return all(
                isinstance(element.slice, cst.Index) and not isinstance(element.slice.value, cst.Ellipsis)
                for element in receiver.slice
            ) and self._opaque(receiver.value, scalars, seen)
        if isinstance(receiver, cst.BinaryOperation) and isinstance(receiver.operator, _ARITHMETIC):
            return _arithmetic_of(receiver, lambda side: self._opaque(side, scalars, seen), scalars)
        if not isinstance(receiver, cst.Name) or receiver.value in seen:
            return False
        scope = next(
            (a for a in self.tree.ancestors(receiver) if isinstance(a, cst.FunctionDef)), self.tree.root
        )
        # Only the bindings that can reach the read: `x = (x, y)` after `total += x.data[0]` does not.
        bindings = [b for b in bindings_in(self.tree, scope, receiver.value) if self._may_reach(b, receiver)]
        inner = seen | {receiver.value}
        return bool(bindings) and all(
            isinstance(b, cst.Param)
            or (isinstance(b, cst.For) and self._opaque_element(b, receiver.value, scalars, inner))
            or (
                isinstance(b, cst.AssignTarget)
                and isinstance(assign := self.tree.parent(b), cst.Assign)
                and (isinstance(b.target, cst.Name) or isinstance(assign.value, cst.Call))
                and self._opaque(assign.value, scalars, inner)
            )
            for b in bindings
        )

    def _may_reach(self, binding: cst.CSTNode, read: cst.CSTNode) -> bool:
        """Whether ``binding`` can give ``read`` its value: it comes first in the code, or a loop holds
        both (the next turn reads what this one bound)."""
        bound_at, read_at = self.tree.position(binding), self.tree.position(read)
        if bound_at is None or read_at is None or bound_at < read_at:
            return True
        return any(
            isinstance(a, (cst.For, cst.While)) and self.tree.inside(binding, a)
            for a in self.tree.ancestors(read)
        )

    def _opaque_element(self, loop: cst.For, name: str, scalars: Scalars, seen: frozenset[str]) -> bool:
        """``for x in xs`` or ``for i, x in enumerate(xs)``, ``xs`` something the file does not show
        (``reset_flags`` handed in): ``x`` is one of its elements, which the file does not show either."""
        iterated: cst.BaseExpression = loop.iter
        target: cst.BaseExpression = loop.target
        if (
            isinstance(iterated, cst.Call)
            and dotted_name(iterated.func) == "enumerate"
            and self.aliases.qualify(iterated.func) is None
            and len(iterated.args) == 1
            and isinstance(target, cst.Tuple)
            and len(target.elements) == 2
        ):
            iterated, target = iterated.args[0].value, target.elements[1].value
        return isinstance(target, cst.Name) and target.value == name and self._opaque(iterated, scalars, seen)

    def _opaque_call(self, call: cst.Call, scalars: Scalars) -> bool:
        if (self.aliases.qualify(call.func) or "").startswith(("torch.", "numpy.")):
            return False
        if isinstance(call.func, cst.Attribute):
            if call.func.attr.value in _SHAPE_KEEPING_METHODS and not call.args:
                # `R.cpu()`, `R.detach()` of what the file does not show: the same shape, not shown either
                return self._opaque(call.func.value, scalars)
            if call.func.attr.value in _TENSOR_METHODS:
                return False
        elif not isinstance(call.func, cst.Name) or call.func.value in _NUMBER_TAKERS:
            return False
        return not self._built_by_torch(call.func, scalars)

    def _built_by_torch(self, func: cst.BaseExpression, scalars: Scalars) -> bool:
        """Whether a binding of the callable ``func`` constructs it with torch (``criterion =
        nn.MSELoss()``: the file shows what it returns). What ``torch.load`` unpickles, a model of
        another module as a rule, shows nothing."""
        qualified = [self.aliases.qualify(v) or "" for v in scalars.constructions_of(func)]
        return any(q.startswith("torch.") and q not in _UNPICKLERS for q in qualified)

    def _calls_unknown(self, binding: cst.CSTNode, scalars: Scalars) -> bool:
        assign = self.tree.parent(binding)
        if not (isinstance(binding, cst.AssignTarget) and isinstance(assign, cst.Assign)):
            return False
        call = assign.value
        if not isinstance(call, cst.Call) or (self.aliases.qualify(call.func) or "").startswith("torch."):
            return False
        return not self._built_by_torch(call.func, scalars)


_ARITHMETIC = (cst.Add, cst.Subtract, cst.Multiply, cst.Divide)
_NUMBER_CONVERSIONS = frozenset("diouxXeEfFgG")


def _arithmetic_of(
    operation: cst.BinaryOperation, kind: Callable[[cst.BaseExpression], bool], scalars: Scalars
) -> bool:
    """``a + b`` (or ``-``, ``*``, ``/``) is of ``kind`` where one side is and the other is too, or a
    0-dim tensor or a number (which broadcast to the other side's shape)."""
    sides = (operation.left, operation.right)
    kinds = [kind(side) for side in sides]
    return any(kinds) and all(
        of_kind or scalars.is_scalar(side) or scalars.is_number(side)
        for side, of_kind in zip(sides, kinds, strict=True)
    )
