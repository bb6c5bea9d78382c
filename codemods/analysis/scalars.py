"""Which values are 0-dim tensors: a loss, a full reduction, and sums and accumulations of them.

Since PyTorch 0.4 a loss (``criterion(out, y)``, ``F.nll_loss(...)``) and a full reduction (``x.sum()``,
``torch.mean(x)``) are 0-dim tensors; before, they were vectors of one element, and code read them with
``loss.data[0]``, which now raises. A value is a scalar here only when the code shows it: a torch loss
function or loss module (without ``reduction="none"`` or ``reduce=False``), a reduction over all
elements (or over dimension 0 of a vector the code shows, ``x.view(-1).sum(0)``),
``.data``/``.detach()``/a move of a scalar, arithmetic of scalars and Python numbers, what a
function or method of this file returns when all its returns are scalars, and what an instance of a
class of this file gives when called (its ``__call__``, or an ``nn.Module``'s ``forward``). Names are
followed to the assignment that reaches them in straight-line code, else to every binding in their
function; parameters to the arguments every call in the file passes, when the function is called
nowhere else; ``self.<attr>`` to every assignment of it in the class; a read in the value of its own
assignment (``top1 = top1.data[0]``, in no loop) to the others. A running sum (``total = 0`` then
``total += loss.data``) counts once it adds a tensor. A name whose tensor its function gives another
shape in place (``loss.data = v``, ``loss.resize_(3)``, ``setattr(loss, "data", v)``, the unbound
``torch.Tensor.unsqueeze_(loss, 0)``), or hands it to code that does (a function of the file, also
through its ``*args``/``**kwargs``; a list, a dict's ``items()``, a loop or comprehension variable, a
walrus or a call's result that may be it, reshaped), is no scalar; nor, unless built with
``unread_code_reshapes=False``, is one handed to code the file does not show (a lambda, ``map``, an
object's method): it may reshape it. Nor is a loss module's call in a file that may set a module's
``reduction`` (``crit.__dict__["reduction"] = "none"``, ``setattr(crit, key, v)``). Anything else is
unknown.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

import libcst as cst
import libcst.matchers as m

from codemods.analysis.cli_options import CliOptions
from codemods.analysis.nn_modules import methods, module_classes
from codemods.core.dataflow import assigned_names, names_in
from codemods.core.local_functions import LocalFunctions
from codemods.core.name_bindings import binding_counts, bindings_in, flatten_names
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import kwarg, positional
from codemods.core.tree import Tree

_FUNCTIONAL = "torch.nn.functional."
_LOSS_MODULE = re.compile(r"^torch\.nn\.(modules\.loss\.)?\w+Loss$")
# Reductions over every element: 0-dim whatever the input's shape, when given no dimension.
_REDUCTIONS = frozenset("sum mean prod std var norm max min median amax amin logsumexp all any".split())
_TORCH_REDUCTIONS = frozenset(f"torch.{name}" for name in _REDUCTIONS | {"dist"})
# Methods that keep a scalar a scalar: a view, a copy, a move, a cast.
_KEEPS_SHAPE = frozenset("detach clone cpu cuda to float double half abs neg sqrt exp log".split())
# Arithmetic methods: of a scalar and numbers (or scalars), a scalar.
_ARITHMETIC_METHODS = frozenset("add add_ sub sub_ mul mul_ div div_ pow pow_".split())
# Methods and builtins whose result is a Python number.
_NUMBER_METHODS = frozenset("item numel dim nelement element_size".split())
_NUMBER_BUILTINS = frozenset("len int float".split())  # not round: round(tensor) is a tensor
_ARITHMETIC = (cst.Add, cst.Subtract, cst.Multiply, cst.Divide, cst.FloorDivide, cst.Power)
_AUGMENTED = (cst.AddAssign, cst.SubtractAssign, cst.MultiplyAssign, cst.DivideAssign)
_NUMBER = (cst.Integer, cst.Float)
# Where a straight-line walk back from a use must stop: another scope begins there.
_SCOPE_EDGES = (
    cst.FunctionDef,
    cst.Lambda,
    cst.ClassDef,
    cst.Module,
    cst.ListComp,
    cst.SetComp,
    cst.DictComp,
    cst.GeneratorExp,
)


class Scalars:
    """Answers "is this expression a 0-dim tensor?" (and "a Python number?") for one module."""

    def __init__(self, tree: Tree, aliases: ImportAliases, unread_code_reshapes: bool = True) -> None:
        self.tree = tree
        self.aliases = aliases
        # Whether a tensor handed to code the file does not show (a lambda, `map`, a method of an object
        # not followed) may be reshaped there; off, only the reshapes the file shows count.
        self.unread_code_reshapes = unread_code_reshapes
        self.functions = LocalFunctions(tree)
        self._bindings_memo: dict[tuple[int, str], list[cst.CSTNode]] = {}
        self._attribute_memo: dict[tuple[int, str], list[cst.BaseExpression]] = {}
        self._classes: dict[str, cst.ClassDef] | None = None
        self._module_classes: set[str] | None = None
        self._name_counts: Counter[str] | None = None
        # Names shown to be scalars or numbers (a False may only mean a cycle was cut: not kept)
        self._scalar_names: set[int] = set()
        self._number_names: set[int] = set()
        self._options: CliOptions | None = None
        # Per scope (by id), the names whose tensor it may reshape in place (`loss.data = v`)
        self._reshaped: dict[int, set[str]] = {}

    def is_scalar(self, expr: cst.BaseExpression) -> bool:
        """``expr`` is a 0-dim tensor wherever it runs, by what the code shows."""
        return self._scalar(expr, set())

    def is_number(self, expr: cst.BaseExpression) -> bool:
        """``expr`` is a Python number (``len(x)``, ``x.size(0)``, ``loss.item()``, a literal)."""
        return self._number(expr, set())

    def is_loss_call(self, call: cst.Call) -> bool:
        """``criterion(out, y)``, ``F.nll_loss(out, y)``: a torch loss function or loss module that reduces
        to one number, however the file hands it around."""
        qualified = self.aliases.qualify(call.func) or ""
        if qualified.startswith(_FUNCTIONAL):
            name = qualified[len(_FUNCTIONAL) :]
            return (name.endswith("_loss") or name in _FUNCTIONAL_LOSSES) and _reduces(call, _leading(name))
        values = self._resolve(call.func, set())
        return (
            values is not None
            and bool(values)
            and all(
                isinstance(v, cst.Call)
                and _LOSS_MODULE.match(self.aliases.qualify(v.func) or "") is not None
                and self._module_reduces(v)
                for v in map(_unmoved, values)
            )
        )

    def is_floating(self, expr: cst.BaseExpression) -> bool:
        """``expr`` is a floating-point tensor or a Python float, by what the code shows: a loss, a true
        division (``correct.sum() / n``), arithmetic with a float (``100.0 * hits``) or with a floating
        value, a cast to a floating dtype, a mean, and what the file's own functions return when every
        return is one. An integer or boolean tensor (``(pred == y).sum()``) is not."""
        return self._floating(expr, set())

    def loss_names(self, call: cst.Call) -> set[str]:
        """The qualified names of the losses a loss call can run (``torch.nn.CrossEntropyLoss``,
        ``torch.nn.functional.nll_loss``); empty when it is not shown to be a torch loss."""
        if not self.is_loss_call(call):
            return set()
        qualified = self.aliases.qualify(call.func) or ""
        if qualified.startswith(_FUNCTIONAL):
            return {qualified}
        values = self._resolve(call.func, set()) or []
        return {self.aliases.qualify(cst.ensure_type(_unmoved(v), cst.Call).func) or "" for v in values}

    def rank_of(self, expr: cst.BaseExpression) -> int | None:
        """How many dimensions the tensor ``expr`` has, when the code shows it: a factory given its sizes,
        ``.view(...)``, casts and moves, ``Variable(x)``, names, parameters and helpers' returns."""
        return self._rank(expr, set())

    def _rank(self, expr: cst.BaseExpression, seen: set[int]) -> int | None:
        if isinstance(expr, cst.Name):
            if id(expr) in seen:
                return None
            seen.add(id(expr))
            try:
                ranks = {None if v is None else self._rank(v, seen) for v in self._values_of(expr, seen)}
            finally:
                seen.discard(id(expr))
            return ranks.pop() if len(ranks) == 1 else None
        if not isinstance(expr, cst.Call):
            return None
        qualified = self.aliases.qualify(expr.func) or ""
        plain = positional(expr)
        if qualified in _SIZED_FACTORIES or qualified in _LEGACY_TYPES:
            if len(plain) == 1 and isinstance(plain[0].value, (cst.Tuple, cst.List)):
                if qualified in _LEGACY_TYPES:
                    return None  # `torch.LongTensor([1, 2])`: data, not sizes
                return len(plain[0].value.elements)
            if plain and len(plain) == len(expr.args) and all(self._number(a.value, seen) for a in plain):
                return len(plain)
            return None
        if qualified in _KEEPS_RANK_FUNCTIONS and len(plain) >= 1:
            return self._rank(plain[0].value, seen)
        if isinstance(expr.func, cst.Attribute) and not qualified:
            method = expr.func.attr.value
            if method in _KEEPS_RANK_METHODS:
                return self._rank(expr.func.value, seen)
            if method in ("view", "reshape") and plain and len(plain) == len(expr.args):
                if len(plain) == 1 and isinstance(plain[0].value, (cst.Tuple, cst.List)):
                    return len(plain[0].value.elements)
                return len(plain) if all(self._number(a.value, seen) for a in plain) else None
            if (
                method in _KEEPS_RANK_METHODS
                or method in ("view", "reshape")
                or not _is_self_attribute(expr.func)
            ):
                return None
        callee = self.functions.callee(expr) or self._instance_call(expr)
        if callee is not None and id(callee) not in seen:
            seen.add(id(callee))
            try:
                returns = self._returns(callee)
                ranks = {None if r.value is None else self._rank(r.value, seen) for r in returns}
            finally:
                seen.discard(id(callee))
            return ranks.pop() if len(ranks) == 1 else None
        if callee is None and plain and id(expr) not in seen:
            # `self.decoder(x)` with `self.decoder = nn.Linear(...)`: a layer that keeps its input's rank
            seen.add(id(expr))
            try:
                layers = self._resolve(expr.func, seen)
            finally:
                seen.discard(id(expr))
            if layers and all(
                isinstance(v, cst.Call) and (self.aliases.qualify(v.func) or "") in _KEEPS_RANK_LAYERS
                for v in layers
            ):
                return self._rank(plain[0].value, seen)
        return None

    def is_loss_value(self, expr: cst.BaseExpression, seen: frozenset[int] = frozenset()) -> bool:
        """A torch loss's result, a float 0-dim tensor: the loss call, ``.detach()``/``.data`` of one, a
        name every value of which is one, or a call of a function or method of this file every return of
        which is one (``loss = self.compute_loss(batch)``)."""
        values = self._resolve(expr, set())
        if not values:
            return False
        for value in values:
            if isinstance(value, cst.Call) and not self.is_loss_call(value):
                callee = self.functions.callee(value)
                if callee is None and isinstance(value.func, cst.Attribute):
                    callee = self._method_of_instance(value.func.value, value.func.attr.value, set())
                if callee is not None:
                    if id(callee) in seen:
                        return False  # a recursive function: its own answer is not known yet
                    returns = self._returns(callee)
                    if not returns or not all(
                        r.value is not None and self.is_loss_value(r.value, seen | {id(callee)})
                        for r in returns
                    ):
                        return False
                    continue
            if isinstance(value, cst.Attribute) and value.attr.value == "data":
                if not self.is_loss_value(value.value, seen):
                    return False
            elif (
                isinstance(value, cst.Call)
                and isinstance(value.func, cst.Attribute)
                and value.func.attr.value in ("detach", "clone")
                and not value.args
            ):
                if not self.is_loss_value(value.func.value, seen):
                    return False
            elif not (isinstance(value, cst.Call) and self.is_loss_call(value)):
                return False
        return True

    def values_of(self, name: cst.Name) -> list[cst.BaseExpression | None]:
        """What ``name`` can hold where it is read (None for a binding the code does not show)."""
        return self._values_of(name, set())

    # -- expressions

    def _scalar(self, expr: cst.BaseExpression, seen: set[int]) -> bool:
        if isinstance(expr, cst.Name):
            return self._name_is_scalar(expr, seen)
        if isinstance(expr, cst.Attribute):
            if expr.attr.value == "data":
                return self._scalar(expr.value, seen)
            values = self._self_attribute(expr)
            return bool(values) and all(self._attribute_value_is_scalar(v, seen) for v in values)
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
            return self._scalar(expr.expression, seen)
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, _ARITHMETIC):
            sides = (expr.left, expr.right)
            numbers = [self._number(s, seen) for s in sides]
            return all(n or self._scalar(s, seen) for n, s in zip(numbers, sides)) and not all(numbers)
        if isinstance(expr, cst.Call):
            return self._call_is_scalar(expr, seen)
        return False

    def _attribute_value_is_scalar(self, value: cst.BaseExpression, seen: set[int]) -> bool:
        # `self.c = self.c.to(x.device)` assigns a value that reads the attribute itself: met again on
        # the way, the value is a cycle, cut (not shown to be a scalar) instead of recursing for ever.
        if id(value) in seen:
            return False
        seen.add(id(value))
        try:
            return self._scalar(value, seen)
        finally:
            seen.discard(id(value))

    def _number(self, expr: cst.BaseExpression, seen: set[int]) -> bool:
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, (cst.Minus, cst.Plus)):
            return self._number(expr.expression, seen)
        if isinstance(expr, _NUMBER):
            return True
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, _ARITHMETIC):
            return self._number(expr.left, seen) and self._number(expr.right, seen)
        if isinstance(expr, cst.Call):
            func = expr.func
            if isinstance(func, cst.Name):
                # a builtin, unless the file binds the name itself
                return func.value in _NUMBER_BUILTINS and not self._name_binding_count(func.value)
            if isinstance(func, cst.Attribute) and not self.aliases.qualify(func):
                method = func.attr.value
                # `x.size(0)`: one dimension's length; `x.size()` is a torch.Size
                return method in _NUMBER_METHODS or (method == "size" and len(positional(expr)) == 1)
            return False
        if (
            isinstance(expr, cst.Subscript)
            and len(expr.slice) == 1
            and isinstance(expr.slice[0].slice, cst.Index)
        ):
            # `x.shape[0]`, `x.size()[0]`: one dimension's length
            value = expr.value
            if isinstance(expr.slice[0].slice.value, cst.SimpleString):
                # `args["beta"]` of `args = vars(parser.parse_args())`, an option made a number
                self._options = self._options or CliOptions.of(self.tree)
                return self._options.is_number_item(expr)
            if isinstance(value, cst.Attribute) and value.attr.value == "shape":
                return True
            return (
                isinstance(value, cst.Call)
                and isinstance(value.func, cst.Attribute)
                and value.func.attr.value == "size"
                and not value.args
            )
        if isinstance(expr, cst.Attribute):
            # `opt.L1_lambda`, an option argparse converts with `type=float`
            self._options = self._options or CliOptions.of(self.tree)
            return self._options.is_number(expr)
        if isinstance(expr, cst.Name):
            if id(expr) in self._number_names:
                return True
            if id(expr) in seen:
                return False
            seen.add(id(expr))
            try:
                values = self._values_of(expr, seen)
                number = bool(values) and all(v is not None and self._number(v, seen) for v in values)
                if number:
                    self._number_names.add(id(expr))
                return number
            finally:
                seen.discard(id(expr))
        return False

    def _floating(self, expr: cst.BaseExpression, seen: set[int]) -> bool:
        if isinstance(expr, cst.Float):
            return True
        if isinstance(expr, (cst.Name, cst.Attribute)) and not (
            isinstance(expr, cst.Attribute) and expr.attr.value == "data"
        ):
            values = self._resolve(expr, seen) if id(expr) not in seen else None
            if not values or any(v is expr for v in values):
                return False
            seen.add(id(expr))
            try:
                return all(self._floating(v, seen) for v in values)
            finally:
                seen.discard(id(expr))
        if isinstance(expr, cst.Attribute):  # `x.data`: the same tensor
            return self._floating(expr.value, seen)
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, (cst.Minus, cst.Plus)):
            return self._floating(expr.expression, seen)
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, _ARITHMETIC):
            # true division gives floats even of integers; otherwise a floating side makes the result
            # floating (a Python float promotes an integer tensor to the default floating dtype)
            return isinstance(expr.operator, cst.Divide) or any(
                self._floating(side, seen) for side in (expr.left, expr.right)
            )
        if not isinstance(expr, cst.Call):
            return False
        if self.is_loss_call(expr):
            return True
        # `loss_fn = F.cross_entropy`, then `loss_fn(out, y)`: a torch loss function handed on by name
        # (floating whatever its reduction)
        functions = self._resolve(expr.func, seen)
        if functions and all(_is_functional_loss(self.aliases.qualify(f) or "") for f in functions):
            return True
        qualified = self.aliases.qualify(expr.func) or ""
        if qualified.startswith("torch.") and qualified[len("torch.") :] in _MAKES_FLOATING:
            return True
        if isinstance(expr.func, cst.Attribute) and not qualified:
            method = expr.func.attr.value
            if method in _MAKES_FLOATING:
                return True
            if method in _KEEPS_DTYPE:
                return self._floating(expr.func.value, seen)
        callee = self.functions.callee(expr)
        if callee is None or id(callee) in seen:
            return False
        seen.add(id(callee))
        try:
            returns = self._returns(callee)
            return bool(returns) and all(
                r.value is not None and self._floating(r.value, seen) for r in returns
            )
        finally:
            seen.discard(id(callee))

    def _call_is_scalar(self, call: cst.Call, seen: set[int]) -> bool:
        qualified = self.aliases.qualify(call.func) or ""
        if qualified.startswith(_FUNCTIONAL):
            name = qualified[len(_FUNCTIONAL) :]
            return (name.endswith("_loss") or name in _FUNCTIONAL_LOSSES) and _reduces(call, _leading(name))
        if qualified in _TORCH_REDUCTIONS:
            return _over_every_element(call, qualified)
        if isinstance(call.func, cst.Attribute) and not qualified:
            method = call.func.attr.value
            receiver = call.func.value
            if method in _REDUCTIONS:
                return _reduction_without_dim(call, method) or (
                    _reduction_over_first_dim(call, method) and self._rank(receiver, seen) == 1
                )
            if method in _KEEPS_SHAPE:
                return self._scalar(receiver, seen)
            if method in _ARITHMETIC_METHODS and call.args:
                # `correct_k.mul_(100.0 / batch_size)`: a scalar times numbers (or scalars) stays one
                return all(
                    not a.star and (self._number(a.value, seen) or self._scalar(a.value, seen))
                    for a in call.args
                ) and self._scalar(receiver, seen)
            own = self._method_of_instance(receiver, method, seen)
            if own is not None:
                return self._returns_scalars(own, seen)
        callee = self.functions.callee(call)
        if callee is not None:
            return self._returns_scalars(callee, seen)
        return self._calls_scalar_callable(call, seen)

    def _returns_scalars(self, function: cst.FunctionDef, seen: set[int]) -> bool:
        """Every ``return`` of ``function`` (not of the functions inside it) gives a scalar."""
        if id(function) in seen:
            return False  # a recursive function: its own answer is not known yet
        seen.add(id(function))
        try:
            returns = self._returns(function)
            return bool(returns) and all(r.value is not None and self._scalar(r.value, seen) for r in returns)
        finally:
            seen.discard(id(function))

    def _returns(self, function: cst.FunctionDef) -> list[cst.Return]:
        return [
            r
            for r in self.tree.of_type(function, cst.Return)
            if next(a for a in self.tree.ancestors(r) if isinstance(a, (cst.FunctionDef, cst.Lambda)))
            is function
        ]

    def _calls_scalar_callable(self, call: cst.Call, seen: set[int]) -> bool:
        """``criterion(out, y)``, ``self.criterion(out, y)``: every value the callee can hold is a torch loss
        module that reduces, or an instance of a class of this file whose call returns scalars."""
        values = self._resolve(call.func, seen)
        if not values:
            return False
        for value in map(_unmoved, values):
            if not isinstance(value, cst.Call):
                return False
            if _LOSS_MODULE.match(self.aliases.qualify(value.func) or "") is not None:
                if not self._module_reduces(value):
                    return False
                continue
            method = self._call_method(value)
            if method is None or not self._returns_scalars(method, seen):
                return False
        return True

    def _module_reduces(self, construction: cst.Call) -> bool:
        """Does the loss module ``construction`` builds (``nn.MSELoss(...)``) reduce to one number, by
        its arguments and with no write of its ``reduction`` or ``reduce`` elsewhere in the file?"""
        qualified = self.aliases.qualify(construction.func) or ""
        leading = _MODULE_LEADING.get(qualified.rsplit(".", 1)[-1], 0)
        return _reduces(construction, leading) and not self._reduction_written

    @property
    def _reduction_written(self) -> bool:
        """Does the file set a loss module's ``reduction`` or ``reduce`` after building it
        (``crit.reduction = "none"``, ``crit.reduce = False``, ``setattr(crit, "reduction", r)``, through
        its namespace, ``crit.__dict__["reduction"] = "none"``) to anything but a value that reduces, or
        set an attribute whose name the code does not spell (``setattr(crit, key, v)``)? The module
        built may be that one: its calls are then not read as 0-dim (the write is not followed to the
        object it reaches)."""
        return self.tree.memo("scalars.reduction_written", self._find_reduction_write)

    def _find_reduction_write(self) -> bool:
        for node in self.tree.of_type(self.tree.root, (cst.AssignTarget, cst.Call)):
            if isinstance(node, cst.AssignTarget):
                target = node.target
                assign = self.tree.parent(node)
                if not isinstance(assign, cst.Assign):
                    continue
                # (`self.reduction = reduction` is a class of the file keeping its own setting)
                own = isinstance(target, cst.Attribute) and m.matches(target.value, m.Name("self"))
                if isinstance(target, cst.Attribute) and not own:
                    if not _reducing_setting(target.attr.value, assign.value):
                        return True
                elif isinstance(target, cst.Subscript) and _namespace_of(target.value) is not None:
                    # `crit.__dict__["reduction"] = "none"`, `vars(crit)[key] = v`
                    key = _subscript_key(target)
                    if key is None or not _reducing_setting(key, assign.value):
                        return True
            elif _writes_unshown_attribute(node):
                return True
        return False

    # -- instances of the file's classes

    def _class_built_by(self, value: cst.BaseExpression) -> cst.ClassDef | None:
        """The class of this file that ``value`` (``Trainer(...)``) constructs."""
        if not (isinstance(value, cst.Call) and isinstance(value.func, cst.Name)):
            return None
        if self._classes is None:
            top = self.tree.root.body
            found = [s for s in top if isinstance(s, cst.ClassDef)]
            self._classes = {c.name.value: c for c in found if self._name_binding_count(c.name.value) == 1}
        return self._classes.get(value.func.value)

    def _call_method(self, construction: cst.Call) -> cst.FunctionDef | None:
        """What calling an instance built by ``construction`` runs: ``__call__``, or ``forward`` of an
        ``nn.Module`` subclass of this file."""
        cls = self._class_built_by(construction)
        if cls is None:
            return None
        own = methods(cls)
        if "__call__" in own:
            return own["__call__"]
        if self._module_classes is None:
            self._module_classes = module_classes(self.tree, self.aliases)
        return own.get("forward") if cls.name.value in self._module_classes else None

    def _method_of_instance(
        self, receiver: cst.BaseExpression, method: str, seen: set[int]
    ) -> cst.FunctionDef | None:
        """``obj.method`` where every value ``obj`` can hold is an instance of one class of this file that
        defines ``method`` itself."""
        if isinstance(receiver, cst.Name) and receiver.value == "self":
            return None  # `self.method()`: LocalFunctions answers
        values = self._resolve(receiver, seen)
        if not values:
            return None
        classes = {id(c): c for c in (self._class_built_by(v) for v in values)}
        if len(classes) != 1 or None in classes.values():
            return None
        cls = next(iter(classes.values()))
        assert cls is not None
        return methods(cls).get(method)

    # -- names and attributes

    def _resolve(self, expr: cst.BaseExpression, seen: set[int]) -> list[cst.BaseExpression] | None:
        """The expressions that give ``expr`` its value, following names, parameters and
        ``self.<attr>`` back to something else; None when one of them is not shown."""
        if isinstance(expr, cst.Name):
            if id(expr) in seen:
                return None
            seen.add(id(expr))
            try:
                values = self._values_of(expr, seen)
                if not values or any(v is None for v in values):
                    return None
                out: list[cst.BaseExpression] = []
                for value in values:
                    assert value is not None
                    resolved = self._resolve(value, seen)
                    if resolved is None:
                        return None
                    out.extend(resolved)
                return out
            finally:
                seen.discard(id(expr))
        if isinstance(expr, cst.Attribute) and dotted_name(expr) is not None:
            attribute = self._self_attribute(expr)
            if attribute:
                out = []
                for value in attribute:
                    resolved = self._resolve(value, seen)
                    if resolved is None:
                        return None
                    out.extend(resolved)
                return out
        return [expr]

    def _name_is_scalar(self, name: cst.Name, seen: set[int]) -> bool:
        if id(name) in self._scalar_names:
            return True
        if id(name) in seen:
            return False
        if name.value in self._reshaped_in(self._binding_scope(name), seen):
            return False  # `loss.data = torch.arange(3.)`: the object the bindings made holds a vector
        seen.add(id(name))
        try:
            values = self._values_of(name, seen)
            if not values or None in values:
                return False
            tensor = False
            for value in values:
                assert value is not None
                if self._number(value, seen):
                    continue  # a running sum's start: a Python number until the first tensor is added
                if not self._scalar(value, seen):
                    return False
                tensor = True
            if tensor:
                self._scalar_names.add(id(name))
            return tensor
        finally:
            seen.discard(id(name))

    def _values_of(self, name: cst.Name, seen: set[int]) -> list[cst.BaseExpression | None]:
        """What ``name`` can hold where it is read: the assignment that reaches it in straight-line code,
        else every binding in its function (or at the top level); None for a binding not shown."""
        reaching = self._reaching(name)
        if reaching is not None:
            return [reaching]
        values: list[cst.BaseExpression | None] = []
        for binding in self._bindings(name):
            if self._reads_before(binding, name):
                continue  # `top1 = top1.data[0]`: the read sees what the name held before
            if isinstance(binding, cst.Param):
                arguments = self._arguments_for(binding, seen)
                if arguments is None:
                    return [None]
                values.extend(arguments)
            elif isinstance(binding, cst.For) and self._counts(binding, name.value):
                values.append(cst.Integer("0"))  # `for i in range(n)`: some int (only its kind matters)
            elif isinstance(binding, cst.For):
                elements = self._loop_elements(binding, name.value, seen)
                if elements is None:
                    return [None]
                values.extend(elements)
            else:
                value = self._bound_value(binding, name.value)
                if value is None and isinstance(binding, cst.AssignTarget):
                    unpacked = self._unpacked_returns(binding, name.value)
                    if unpacked is not None:
                        values.extend(unpacked)
                        continue
                values.append(value)
        return values

    def _reads_before(self, binding: cst.CSTNode, name: cst.Name) -> bool:
        """Is ``name`` read in the value of the assignment ``binding`` (``x = x.data[0]``), which is in
        no loop of its function (where a later round would read what it bound)?"""
        assign = self.tree.parent(binding) if isinstance(binding, cst.AssignTarget) else None
        if not isinstance(assign, cst.Assign) or not any(
            a is assign.value for a in self.tree.ancestors(name)
        ):
            return False
        for above in self.tree.ancestors(assign):
            if isinstance(above, (cst.For, cst.While)):
                return False
            if isinstance(above, _SCOPE_EDGES):
                return True
        return True

    def _counts(self, loop: cst.For, name: str) -> bool:
        """``for name in range(...)``: the loop counts with ints."""
        call = loop.iter
        return (
            isinstance(loop.target, cst.Name)
            and loop.target.value == name
            and isinstance(call, cst.Call)
            and isinstance(call.func, cst.Name)
            and call.func.value == "range"
            and not self._name_binding_count("range")
        )

    def _loop_elements(self, loop: cst.For, name: str, seen: set[int]) -> list[cst.BaseExpression] | None:
        """``for name in items``: the elements ``items`` is shown to hold."""
        if not (isinstance(loop.target, cst.Name) and loop.target.value == name):
            return None
        return self._elements(loop.iter, seen)

    def _elements(self, items: cst.BaseExpression, seen: set[int]) -> list[cst.BaseExpression] | None:
        """What a list or tuple holds: a literal's elements, or for a name, the elements of the lists it is
        bound to and what the code appends to it, when the code only appends to it, loops over it, takes
        its length or returns it."""
        if isinstance(items, (cst.List, cst.Tuple)):
            if any(isinstance(e, cst.StarredElement) for e in items.elements):
                return None
            return [e.value for e in items.elements]
        if not isinstance(items, cst.Name) or id(items) in seen:
            return None
        bindings = self._bindings(items)
        scope = self._scope_of(bindings[0]) if bindings else None
        appended = self._appended(scope, items.value) if scope is not None else None
        if appended is None:
            return None
        seen.add(id(items))
        try:
            out: list[cst.BaseExpression] = []
            for value in self._values_of(items, seen):
                inner = None if value is None else self._elements(value, seen)
                if inner is None:
                    return None
                out.extend(inner)
            return out + appended
        finally:
            seen.discard(id(items))

    def _scope_of(self, node: cst.CSTNode) -> cst.CSTNode:
        return next((a for a in self.tree.ancestors(node) if isinstance(a, cst.FunctionDef)), self.tree.root)

    def _appended(self, scope: cst.CSTNode, name: str) -> list[cst.BaseExpression] | None:
        """The values ``name.append(v)`` adds in ``scope`` (its closures included); None when the list is
        used otherwise than appended to, looped over, measured or returned."""
        appended: list[cst.BaseExpression] = []
        for read in self.tree.of_type(scope, cst.Name):
            if read.value != name:
                continue
            parent = self.tree.parent(read)
            if isinstance(parent, (cst.AssignTarget, cst.Return)) or (
                isinstance(parent, cst.For) and parent.iter is read
            ):
                continue
            if isinstance(parent, cst.Element) and isinstance(self.tree.parent(parent), cst.Tuple):
                holder = self.tree.parent(parent)
                above = self.tree.parent(holder)
                if isinstance(above, cst.Return) or isinstance(above, cst.AssignTarget):
                    continue  # returned, or a target of an unpacking
                if isinstance(above, cst.Assign) and above.value is holder:
                    return None  # `a, b = items, other`: an alias the walk does not follow
            if isinstance(parent, cst.Arg):
                call = self.tree.parent(parent)
                if (
                    isinstance(call, cst.Call)
                    and isinstance(call.func, cst.Name)
                    and call.func.value == "len"
                ):
                    continue
            if isinstance(parent, cst.Attribute) and parent.value is read and parent.attr.value == "append":
                call = self.tree.parent(parent)
                if isinstance(call, cst.Call) and call.func is parent and len(call.args) == 1:
                    appended.append(call.args[0].value)
                    continue
            return None
        return appended

    def _unpacked_returns(self, binding: cst.AssignTarget, name: str) -> list[cst.BaseExpression] | None:
        """``a, name = helper(...)``: the element every ``return a, b`` of the file's ``helper`` gives
        ``name``."""
        assign = self.tree.parent(binding)
        target = binding.target
        if not (isinstance(assign, cst.Assign) and isinstance(target, cst.Tuple)):
            return None
        if not isinstance(assign.value, cst.Call):
            return None
        callee = self.functions.callee(assign.value) or self._instance_call(assign.value)
        if callee is None:
            return None
        names = [e.value for e in target.elements]
        position = next((i for i, e in enumerate(names) if isinstance(e, cst.Name) and e.value == name), None)
        if position is None or any(isinstance(e, cst.StarredElement) for e in target.elements):
            return None
        values: list[cst.BaseExpression] = []
        for returned in self._returns(callee):
            value = returned.value
            if isinstance(value, cst.Name):
                # `res = []`, `res.append(v)` in a loop, `return res` (the ImageNet example's accuracy()):
                # each name unpacked from it is one of the appended values.
                items = self._built_list(callee, value.value)
                if items is None:
                    return None
                values.extend(items)
                continue
            if not (isinstance(value, cst.Tuple) and len(value.elements) == len(names)):
                return None
            if any(isinstance(e, cst.StarredElement) for e in value.elements):
                return None
            values.append(value.elements[position].value)
        return values or None

    def _built_list(self, function: cst.FunctionDef, name: str) -> list[cst.BaseExpression] | None:
        """What ``name``, bound once in ``function`` to ``[]`` and then only appended to, holds."""
        bindings = self._bindings_in(function, name)
        if len(bindings) != 1 or not isinstance(bindings[0], cst.AssignTarget):
            return None
        assign = self.tree.parent(bindings[0])
        if not (
            isinstance(assign, cst.Assign)
            and isinstance(assign.value, cst.List)
            and not assign.value.elements
        ):
            return None
        return self._appended(function, name) or None

    def _instance_call(self, call: cst.Call) -> cst.FunctionDef | None:
        """What ``model(x)`` runs, where every value ``model`` can hold is built by one class of this
        file: its ``__call__``, or an ``nn.Module``'s ``forward``."""
        values = self._resolve(call.func, set())
        if not values:
            return None
        methods_run = {id(f): f for f in (self._call_method(v) for v in values if isinstance(v, cst.Call))}
        if len(methods_run) != 1 or len(values) != sum(isinstance(v, cst.Call) for v in values):
            return None
        return next(iter(methods_run.values()))

    def _reaching(self, name: cst.Name) -> cst.BaseExpression | None:
        """The value of the one plain assignment ``name = v`` that reaches this read for sure: the last
        statement before it, in its block or the blocks around it, that binds the name, when that is such
        an assignment; None when a loop, a ``try``, a compound statement that binds it, or no binding is
        met first."""
        child: cst.CSTNode = name
        for above in self.tree.ancestors(name):
            if isinstance(above, cst.While) or (isinstance(above, cst.For) and child is not above.iter):
                return None  # the body runs again: what the last round bound reaches too
            if isinstance(above, (cst.Try, cst.TryStar)) and child is not above.body:
                return None  # a handler may run after any statement of the body
            if isinstance(above, cst.Match):
                return None  # a case's pattern may bind the name
            body = _statements(above)
            if body is not None:
                position = next((i for i, s in enumerate(body) if s is child), None)
                for before in reversed(body[:position] if position is not None else ()):
                    found = self._binding_of(before, name.value)
                    if found is not _UNKNOWN_STATEMENT:
                        return found if isinstance(found, cst.BaseExpression) else None
            if isinstance(above, _SCOPE_EDGES):
                return None
            child = above
        return None

    def _binding_of(self, statement: cst.CSTNode, name: str) -> object:
        """What ``statement`` binds ``name`` to: the value of a plain assignment, None for any other
        binding, ``_UNKNOWN_STATEMENT`` when it does not bind it."""
        if isinstance(statement, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
            for small in reversed(statement.body):
                found = self._binding_of(small, name)
                if found is not _UNKNOWN_STATEMENT:
                    return found
            return _UNKNOWN_STATEMENT
        if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
            return None if statement.name.value == name else _UNKNOWN_STATEMENT
        if isinstance(statement, (cst.Import, cst.ImportFrom, cst.Global, cst.Nonlocal)):
            return None if name in names_in(self.tree, statement) else _UNKNOWN_STATEMENT
        walrus = any(
            isinstance(n.target, cst.Name) and n.target.value == name
            for n in self.tree.of_type(statement, cst.NamedExpr)
        )
        if walrus:
            return None
        if name not in assigned_names(self.tree, statement):
            return _UNKNOWN_STATEMENT
        if isinstance(statement, cst.Assign) and len(statement.targets) == 1:
            return _paired_value(statement.targets[0].target, statement.value, name)
        return None

    def _binding_scope(self, name: cst.Name) -> cst.CSTNode:
        """The function whose bindings of ``name`` :meth:`_bindings` reads (else the module)."""
        for scope in self.tree.ancestors(name):
            if isinstance(scope, cst.FunctionDef) and self._bindings_in(scope, name.value):
                return scope
        return self.tree.root

    def _reshaped_in(self, scope: cst.CSTNode, seen: set[int]) -> set[str]:
        """The names whose tensor ``scope`` (its nested functions included) may give another shape
        without binding the name again: ``x.data = v`` (``v`` not shown to be 0-dim), ``x.set_(v)``,
        ``x.resize_(3)``, ``x.data.unsqueeze_(0)``. A 0-dim tensor bound to such a name may hold a vector
        where it is read."""
        key = id(scope)
        if key not in self._reshaped:
            self._reshaped[key] = set()  # (a cycle through `v` meets the names found so far)
            self._reshaped[key] = self._find_reshaped(scope, seen)
        return self._reshaped[key]

    def _find_reshaped(self, scope: cst.CSTNode, seen: set[int]) -> set[str]:
        found: set[str] = set()
        for attribute in self.tree.of_type(scope, cst.Attribute):
            holder = _tensor_spelled(attribute.value)
            if holder is None:
                continue
            parent = self.tree.parent(attribute)
            if attribute.attr.value in _RESHAPING_METHODS:
                found.add(holder)  # called, or its bound method handed on (`grow = loss.unsqueeze_`)
            elif attribute.attr.value == "data" and isinstance(parent, cst.AssignTarget):
                assign = self.tree.parent(parent)
                if not (isinstance(assign, cst.Assign) and self._scalar(assign.value, seen)):
                    found.add(holder)
        # What code the file does not show is handed: a name, or an element of a container (`ls[0]`:
        # of a tensor instead, a new view, whose reshape leaves the tensor as it is), or as the object
        # whose method it runs, what that object holds (`fx.loss = loss`, then `fx.grow()`).
        elements: set[str] = set()
        owners: set[str] = set()
        for call in self.tree.of_type(scope, cst.Call):
            found |= self._reshaped_by_call(call, seen)
            if self.unread_code_reshapes and self._runs_unread_code(call):
                for arg in call.args:
                    if isinstance(_tensor_of_data(arg.value), cst.Subscript):
                        elements |= _held(arg.value)
                    else:
                        found |= _held(arg.value)
                if isinstance(call.func, cst.Attribute) and (owner := dotted_name(call.func.value)):
                    owners.add(owner)
        return self._with_holders(scope, found, elements, owners) if found or elements or owners else found

    def _runs_unread_code(self, call: cst.Call) -> bool:
        """Does ``call`` run code the reading does not follow, which may reshape in place a tensor it is
        handed: a lambda, ``map``, a method of an object (``fx.grow(loss)``), a callable handed in?
        Not torch's, NumPy's or ``math``'s functions, builtins that read numbers or hold elements, the
        file's own functions (:meth:`_reshaped_by_call` reads them), a container's storing methods
        (followed as holders), a tensor's arithmetic, nor string formatting."""
        qualified = self.aliases.qualify(call.func)
        if qualified is not None:
            return not qualified.startswith(("torch.", "numpy.", "math."))
        func = call.func
        if isinstance(func, cst.Name) and not self._name_binding_count(func.value):
            return func.value not in _READ_BUILTINS and func.value not in _PASSING_ELEMENTS
        if isinstance(func, cst.Attribute) and (
            func.attr.value in _READ_METHODS
            or isinstance(func.value, (cst.SimpleString, cst.FormattedString))
        ):
            return False
        return self.functions.callee(call) is None

    def _reshaped_by_call(self, call: cst.Call, seen: set[int]) -> set[str]:
        """The spellings ``call`` hands to code that may reshape their tensor: ``setattr(x, "data", v)``
        (``v`` not shown to be 0-dim, or an attribute not spelled), and an argument of a function of the
        file whose parameter it reshapes (``grow(loss)`` with ``t.data = t.data.reshape(1)`` in
        ``grow``), however deep it hands it on."""
        qualified = self.aliases.qualify(call.func) or ""
        if qualified.startswith("torch.") and qualified.rsplit(".", 1)[-1] in _RESHAPING_METHODS:
            # `torch.Tensor.unsqueeze_(loss, 0)`: the method unbound, its tensor the first argument
            return _held(call.args[0].value) if call.args else set()
        if isinstance(call.func, cst.Name) and call.func.value == "setattr" and len(call.args) == 3:
            holder = _tensor_spelled(call.args[0].value)
            key, value = call.args[1].value, call.args[2].value
            if holder is None or (
                isinstance(key, cst.SimpleString)
                and (key.evaluated_value != "data" or self._scalar(value, seen))
            ):
                return set()
            return {holder}
        callee = self.functions.callee(call)
        if callee is None:
            return set()
        named = {p.name.value for p in (*callee.params.params, *callee.params.kwonly_params)}
        # `def grow(*ts)`, `def grow(**ts)`: what the call passes past the named parameters goes there
        extra_positional, extra_keywords = (
            star.name.value if isinstance(star, cst.Param) else None
            for star in (callee.params.star_arg, callee.params.star_kwarg)
        )
        reshaped = self._reshaped_in(callee, seen) & (named | {extra_positional, extra_keywords} - {None})
        if not reshaped:
            return set()
        # `self.grow(x)`: the method's `self` is not passed
        params = callee.params.params[1:] if isinstance(call.func, cst.Attribute) else callee.params.params
        found: set[str] = set()
        for index, arg in enumerate(call.args):
            holders = _held(arg.value)
            if not holders:
                continue
            if arg.keyword is not None:
                param_name = arg.keyword.value if arg.keyword.value in named else extra_keywords
            elif index < len(params) and not arg.star:
                param_name = params[index].name.value
            else:
                param_name = extra_positional if not arg.star else None
            if param_name is None or param_name in reshaped:
                found |= holders  # (a star argument: which parameter gets it is not counted)
        return found

    def _with_holders(
        self,
        scope: cst.CSTNode,
        reshaped: set[str],
        elements: AbstractSet[str] = frozenset(),
        owners: AbstractSet[str] = frozenset(),
    ) -> set[str]:
        """``reshaped`` and the names whose tensor is held by one of them: ``for t in [loss]:`` or ``t =
        loss`` with ``t`` reshaped, ``ls = [loss]`` (or ``ls.append(loss)``) with ``ls[0]`` reshaped.
        ``elements``: containers whose elements may be reshaped, not themselves; ``owners``: objects
        whose attributes may be (``fx`` of ``fx.loss``)."""
        edges: list[tuple[set[str], set[str]]] = []  # (holders, what they hold)
        for node in self.tree.of_type(scope, (cst.Assign, cst.NamedExpr, cst.For, cst.CompFor, cst.Call)):
            if isinstance(node, cst.Assign):
                holders = {s for t in node.targets for s in _spellings_bound(t.target)}
                edges.append((holders, self._held_by_value(node.value)))
            elif isinstance(node, cst.NamedExpr):  # `if (u := loss) is not None:`
                edges.append((_spellings_bound(node.target), self._held_by_value(node.value)))
            elif isinstance(node, (cst.For, cst.CompFor)):  # `[t.unsqueeze_(0) for t in [loss]]` too
                edges.append((_spellings_bound(node.target), self._held_by_value(node.iter)))
            elif (
                isinstance(node.func, cst.Attribute)
                and node.func.attr.value in _STORING_METHODS
                and (container := _tensor_spelled(node.func.value)) is not None
            ):
                edges.append(({container}, {s for a in node.args for s in _held(a.value)}))
        found = set(reshaped)
        grown = True
        while grown:
            grown = False
            for holders, held in edges:
                if holders & found:
                    reached = held
                elif holders & elements or _attribute_of(holders, owners):
                    reached = held - holders  # (`x = x.sum()` does not make `x` an element of itself)
                else:
                    continue
                if not reached <= found:
                    found |= reached
                    grown = True
        return found

    def _held_by_value(self, value: cst.BaseExpression) -> set[str]:
        """What :func:`_held` finds in ``value``, and for a call of anything but torch's, NumPy's or
        ``math``'s functions and the number builtins, its receiver and arguments: what it returns may
        be one of them (``u = same(loss)``, ``losses.items()``)."""
        held = _held(value)
        if not isinstance(value, cst.Call) or (self.aliases.qualify(value.func) or "").startswith(
            ("torch.", "numpy.", "math.")
        ):
            return held
        func = value.func
        if (
            isinstance(func, cst.Name)
            and func.value in _READ_BUILTINS
            and not self._name_binding_count(func.value)
        ):
            return held
        if isinstance(func, cst.Attribute):
            if func.attr.value in _READ_METHODS:
                return held
            held |= _held(func.value)
        return held | {s for a in value.args for s in _held(a.value)}

    def _bindings(self, name: cst.Name) -> list[cst.CSTNode]:
        """What binds ``name`` in its function, else in the functions around it (a closure's free
        name), else at the top level."""
        for scope in self.tree.ancestors(name):
            if isinstance(scope, cst.FunctionDef):
                found = self._bindings_in(scope, name.value)
                if found:
                    return found
        return self._bindings_in(self.tree.root, name.value)

    def _bindings_in(self, scope: cst.CSTNode, name: str) -> list[cst.CSTNode]:
        # Each lookup walks the scope's bindings: a large file asks about the same few names often.
        key = (id(scope), name)
        found = self._bindings_memo.get(key)
        if found is None:
            found = self._bindings_memo[key] = bindings_in(self.tree, scope, name)
        return found

    def _arguments_for(self, param: cst.Param, seen: set[int]) -> list[cst.BaseExpression] | None:
        """The values every call of ``param``'s function in this file passes it; None when the function
        may be called from where the file does not show (it is referenced otherwise, or never called)."""
        function = next((a for a in self.tree.ancestors(param) if isinstance(a, cst.FunctionDef)), None)
        if function is None:
            return None
        params = function.params
        if param not in params.params and param not in params.kwonly_params:
            return None  # *args, **kwargs, positional-only: not worth the bookkeeping
        calls, offset = self._calls_of(function)
        if not calls:
            return None
        index = params.params.index(param) - offset if param in params.params else None
        if index is not None and index < 0:
            return None  # `self`
        values: list[cst.BaseExpression] = []
        for call in calls:
            given = _argument(self._spread(call), param.name.value, index)
            if given is not None:
                values.append(given)
            elif param.default is not None and not any(arg.star for arg in call.args):
                values.append(param.default)
            else:
                return None
        return values

    def _spread(self, call: cst.Call) -> cst.Call:
        """``f(a, *helper())`` as ``f(a, x, y)`` when every return of the file's ``helper`` is a tuple
        ``x, y`` of one length (the elements of the first return stand for all: only their count and
        position matter to the caller, each is resolved where it is read)."""
        args: list[cst.Arg] = []
        spread = False
        for arg in call.args:
            inner = arg.value
            if arg.star != "*" or not isinstance(inner, cst.Call):
                args.append(arg)
                continue
            spread = True
            callee = self.functions.callee(inner)
            returns = self._returns(callee) if callee is not None else []
            shapes = {len(r.value.elements) if isinstance(r.value, cst.Tuple) else -1 for r in returns}
            if len(returns) != 1 or shapes == {-1}:
                return call
            (only,) = returns
            assert isinstance(only.value, cst.Tuple)
            args.extend(cst.Arg(e.value) for e in only.value.elements)
        return call.with_changes(args=args) if spread else call

    def _calls_of(self, function: cst.FunctionDef) -> tuple[list[cst.Call], int]:
        """Every call of ``function`` in the file and how many leading parameters the calls do not pass
        (``self``); ([], 0) unless the file shows them all."""
        if function.decorators:
            return [], 0  # a decorator may call it otherwise (and `@staticmethod` takes no `self`)
        cls = self.functions.enclosing_class(function)
        if cls is None:
            calls = self.functions.calls_to(function)
            name = function.name.value
            # every mention of the name is the `def` or one of these calls: it is not passed around
            if self._name_counts_of(name) != len(calls) + 1 or self._name_binding_count(name) != 1:
                return [], 0
            return calls, 0
        if self._class_built_by(cst.Call(func=cst.Name(cls.name.value))) is not cls:
            return [], 0
        uses = self._instance_uses(cls)
        if uses is None:
            return [], 0
        name = function.name.value
        if name == "__init__":
            return uses.constructions, 1
        calls = list(self.functions.calls_to(function))  # `self.name(...)` in the class
        calls += [c for c in uses.method_calls if cst.ensure_type(c.func, cst.Attribute).attr.value == name]
        if name == "__call__":
            calls += uses.calls
        if any(a.attr.value == name for a in uses.attributes_not_called) or self._handed_on(cls, name):
            return [], 0  # a bound method handed on: called where the file does not show
        return calls, 1

    def _handed_on(self, cls: cst.ClassDef, method: str) -> bool:
        """``self.<method>`` read in ``cls`` without being called (``register(self.step)``)."""
        for attribute in self.tree.of_type(cls, cst.Attribute):
            if attribute.attr.value != method or not (
                isinstance(attribute.value, cst.Name) and attribute.value.value == "self"
            ):
                continue
            call = self.tree.parent(attribute)
            if not (isinstance(call, cst.Call) and call.func is attribute):
                return True
        return False

    def _instance_uses(self, cls: cst.ClassDef) -> _InstanceUses | None:
        """How the file uses the instances of ``cls``: constructions, calls of instances and of their
        methods; None when an instance or the class goes where the file does not follow (handed to a
        function, stored in a list, subclassed, ``self`` passed on)."""
        key = ("scalars.instances", id(cls))
        return self.tree.memo(key, lambda: self._find_instance_uses(cls))

    def _find_instance_uses(self, cls: cst.ClassDef) -> _InstanceUses | None:
        name = cls.name.value
        constructions = [
            c
            for c in self.tree.of_type(self.tree.root, cst.Call)
            if isinstance(c.func, cst.Name) and c.func.value == name
        ]
        supers = [
            c
            for c in self.tree.of_type(cls, cst.Call)
            if isinstance(c.func, cst.Name)
            and c.func.value == "super"
            and c.args
            and isinstance(c.args[0].value, cst.Name)
            and c.args[0].value.value == name
        ]
        if self._name_counts_of(name) != len(constructions) + len(supers) + 1:
            return None  # a subclass, or the class handed to something that builds it
        uses = _InstanceUses(constructions)
        for construction in constructions:
            assign = self.tree.parent(construction)
            if not (
                isinstance(assign, cst.Assign)
                and len(assign.targets) == 1
                and isinstance(assign.targets[0].target, cst.Name)
            ):
                return None  # an instance stored elsewhere than in a plain name
            instance = assign.targets[0].target.value
            scope = next(
                (a for a in self.tree.ancestors(construction) if isinstance(a, cst.FunctionDef)),
                self.tree.root,
            )
            for binding in self._bindings_in(scope, instance):
                value = self._bound_value(binding, instance)
                if not (value is not None and self._class_built_by(value) is cls):
                    return None
            if not self._collect_uses(scope, instance, uses):
                return None
        # `self` handed on from a method: the instance goes where the file does not follow
        for read in self.tree.of_type(cls, cst.Name):
            if read.value == "self" and not isinstance(self.tree.parent(read), (cst.Attribute, cst.Param)):
                if any(s is self.tree.parent(self.tree.parent(read)) for s in supers):
                    continue  # `super(Cls, self)`
                return None
        return uses

    def _collect_uses(self, scope: cst.CSTNode, instance: str, uses: _InstanceUses) -> bool:
        """Adds the reads of ``instance`` in ``scope`` to ``uses``; False when one hands it on."""
        for read in self.tree.of_type(scope, cst.Name):
            parent = self.tree.parent(read)
            if read.value != instance or isinstance(parent, cst.AssignTarget):
                continue
            if isinstance(parent, cst.Call) and parent.func is read:
                uses.calls.append(parent)
            elif isinstance(parent, cst.Attribute) and parent.value is read:
                above = self.tree.parent(parent)
                if isinstance(above, cst.Call) and above.func is parent:
                    uses.method_calls.append(above)
                else:
                    uses.attributes_not_called.append(parent)
            else:
                return False
        return True

    def _name_counts_of(self, name: str) -> int:
        """How many ``Name`` nodes of the file read or bind ``name`` (attributes and keywords are no
        names)."""
        if self._name_counts is None:
            # From the index's per-class lists: testing every node of the module with isinstance went
            # through ABCMeta for each one that is not of the class asked (a fifth of DEV011's time).
            root = self.tree.root
            skip = {id(n.attr) for n in self.tree.of_type(root, cst.Attribute)}
            skip.update(id(n.keyword) for n in self.tree.of_type(root, cst.Arg) if n.keyword is not None)
            self._name_counts = Counter(
                n.value for n in self.tree.of_type(root, cst.Name) if id(n) not in skip
            )
        return self._name_counts[name]

    def _name_binding_count(self, name: str) -> int:
        return binding_counts(self.tree).get(name, 0)

    def _self_attribute(self, expr: cst.BaseExpression) -> list[cst.BaseExpression]:
        """Every value ``self.<attr>`` is assigned in its class; [] when one is not a plain assignment."""
        target = dotted_name(expr)
        if target is None or not target.startswith("self.") or target.count(".") != 1:
            return []
        cls = next((a for a in self.tree.ancestors(expr) if isinstance(a, cst.ClassDef)), None)
        if cls is None:
            return []
        key = (id(cls), target)
        if key not in self._attribute_memo:
            self._attribute_memo[key] = self._attribute_values(cls, target)
        return self._attribute_memo[key]

    def constructions_of(self, func: cst.BaseExpression) -> list[cst.BaseExpression]:
        """The values ``func`` (a name, or ``self.<attr>`` of the enclosing class) is assigned; [] when any
        of its bindings is not a plain assignment."""
        if isinstance(func, cst.Name):
            bound = [self._bound_value(b, func.value) for b in self._bindings(func)]
            return [v for v in bound if v is not None] if None not in bound else []
        return self._self_attribute(func)

    def _attribute_values(self, cls: cst.ClassDef, target: str) -> list[cst.BaseExpression]:
        values: list[cst.BaseExpression] = []
        assignments: list[cst.Assign | cst.AugAssign | cst.AnnAssign] = self.tree.of_type(
            cls, (cst.Assign, cst.AugAssign, cst.AnnAssign)
        )
        for node in assignments:
            if isinstance(node, cst.Assign):
                for assign_target in node.targets:
                    paired = _paired_attribute(assign_target.target, node.value, target)
                    if paired is _NOT_HERE:
                        continue
                    if paired is None or len(node.targets) != 1:
                        return []
                    assert isinstance(paired, cst.BaseExpression)
                    values.append(paired)
            elif dotted_name(node.target) == target:
                return []  # `self.loss_fn += ...` or an annotated binding: not a plain construction
        return values

    def _bound_value(self, binding: cst.CSTNode, name: str) -> cst.BaseExpression | None:
        """The value a plain binding gives ``name`` (``x = v``, ``a, x = u, v``, ``x: T = v``,
        ``x += v``), else None (a parameter, a loop target, an unpacking of one value, an import...)."""
        if isinstance(binding, cst.AssignTarget):
            assign = self.tree.parent(binding)
            if isinstance(assign, cst.Assign):
                return _paired_value(binding.target, assign.value, name)
            return None
        if isinstance(binding, cst.AugAssign) and isinstance(binding.operator, _AUGMENTED):
            return binding.value
        if isinstance(binding, cst.AnnAssign) and isinstance(binding.target, cst.Name):
            return binding.value
        return None


_SIZED_FACTORIES = frozenset(f"torch.{f}" for f in "zeros ones empty rand randn".split())
_LEGACY_TYPES = frozenset(
    f"torch.{cuda}{kind}Tensor"
    for cuda in ("", "cuda.")
    for kind in "Float Double Long Int Byte Bool".split()
)
_KEEPS_RANK_FUNCTIONS = frozenset({"torch.autograd.Variable", "torch.autograd.variable.Variable"})
_KEEPS_RANK_METHODS = frozenset(
    "long float double int byte bool half cuda cpu to detach clone contiguous zero_ fill_".split()
)
# Layers whose output has the rank of their input.
_KEEPS_RANK_LAYERS = frozenset(
    f"torch.nn.{layer}"
    for layer in "Linear Dropout ReLU Tanh Sigmoid LogSoftmax Softmax LayerNorm Identity".split()
)
_FUNCTIONAL_LOSSES = frozenset(
    "cross_entropy nll_loss mse_loss l1_loss smooth_l1_loss huber_loss binary_cross_entropy kl_div"
    " binary_cross_entropy_with_logits poisson_nll_loss gaussian_nll_loss soft_margin_loss"
    " multilabel_soft_margin_loss margin_ranking_loss hinge_embedding_loss cosine_embedding_loss"
    " triplet_margin_loss multi_margin_loss multilabel_margin_loss".split()
)
_UNKNOWN_STATEMENT = object()
# Casts and functions whose result is floating whatever the input's dtype (`mean` of an integer tensor
# raises; `exp`, `sqrt`, `sigmoid` of one give the default floating dtype).
_MAKES_FLOATING = frozenset(
    "float double half bfloat16 mean sigmoid tanh exp log sqrt softmax log_softmax".split()
)
# Methods whose result has the receiver's dtype (`sum` of a bool tensor is int64: the bool is no float).
_KEEPS_DTYPE = frozenset("detach clone cpu cuda sum abs neg squeeze contiguous view reshape".split())


def _is_functional_loss(qualified: str) -> bool:
    if not qualified.startswith(_FUNCTIONAL):
        return False
    name = qualified[len(_FUNCTIONAL) :]
    return name.endswith("_loss") or name in _FUNCTIONAL_LOSSES


@dataclass
class _InstanceUses:
    """The uses of the instances of one class of the file."""

    constructions: list[cst.Call]
    calls: list[cst.Call] = field(default_factory=list)
    method_calls: list[cst.Call] = field(default_factory=list)
    attributes_not_called: list[cst.Attribute] = field(default_factory=list)


# In-place methods that may give a 0-dim tensor dimensions (`squeeze_`, `t_` keep it 0-dim).
_RESHAPING_METHODS = frozenset("set_ resize_ resize_as_ unsqueeze_ as_strided_".split())


# Methods that store their arguments in the container they are called on (`losses.append(loss)`).
_STORING_METHODS = frozenset("append extend insert add".split())
# Builtins that read their arguments and return a new value (a number, a string, a new list): they
# reshape nothing they are handed, and what they return is none of it (`setattr`, which may, is read
# by `_reshaped_by_call`).
_READ_BUILTINS = frozenset(
    "print float int bool str repr format len abs round isinstance issubclass type id hash min max sum"
    " any all sorted hasattr callable setattr".split()
)
# Methods of a container, a tensor or a string that reshape no tensor they are handed and return none
# of them (a tensor's arithmetic returns a new tensor, or changes the receiver's values alone).
_READ_METHODS = _STORING_METHODS | frozenset(
    (
        "add add_ sub sub_ mul mul_ div div_ pow pow_ copy_ fill_ eq ne lt le gt ge item tolist numpy"
        " backward format join index count"
    ).split()
)
# Builtins whose result gives the elements of their arguments as they are.
_PASSING_ELEMENTS = frozenset("enumerate zip reversed list tuple iter".split())


def _tensor_spelled(expr: cst.BaseExpression) -> str | None:
    """How the code spells the tensor object ``expr`` is: ``x`` for ``x`` and ``x.data`` (the same
    tensor's shape), ``self.l``, and ``ls`` for an element ``ls[0]`` of a container; else None."""
    if isinstance(expr, cst.Attribute) and expr.attr.value == "data":
        expr = expr.value
    while isinstance(expr, cst.Subscript):
        expr = expr.value
    return dotted_name(expr)


def _attribute_of(spellings: set[str], owners: AbstractSet[str]) -> bool:
    """Is one of ``spellings`` an attribute of one of ``owners`` (``fx.loss`` or ``fx.state.loss`` of
    ``fx``)?"""
    return bool(owners) and any(
        ".".join(parts[:i]) in owners
        for s in spellings
        if "." in s
        for parts in [s.split(".")]
        for i in range(1, len(parts))
    )


def _tensor_of_data(expr: cst.BaseExpression) -> cst.BaseExpression:
    """``x`` of ``x.data`` (the same tensor), else ``expr``."""
    return expr.value if isinstance(expr, cst.Attribute) and expr.attr.value == "data" else expr


def _held(value: cst.BaseExpression) -> set[str]:
    """The spellings whose tensor ``value`` is, or holds as an element: ``loss`` of ``loss``,
    ``loss.data``, ``[loss, acc]``, ``{"l": loss}``, ``(loss,) if a else ()``."""
    if isinstance(value, (cst.List, cst.Tuple, cst.Set)):
        return {s for e in value.elements for s in _held(e.value)}
    if isinstance(value, cst.Dict):  # `{"l": loss}`, whose value `held["l"]` is
        return {s for e in value.elements if isinstance(e, cst.DictElement) for s in _held(e.value)}
    if isinstance(value, cst.IfExp):
        return _held(value.body) | _held(value.orelse)
    if isinstance(value, cst.Call) and dotted_name(value.func) in _PASSING_ELEMENTS:
        return {s for a in value.args for s in _held(a.value)}  # `for i, t in enumerate(losses)`
    spelled = _tensor_spelled(value)
    return {spelled} if spelled is not None else set()


def _spellings_bound(target: cst.BaseExpression) -> set[str]:
    """The spellings an assignment or ``for`` target binds: ``t``, ``self.l``, each of ``a, (b, c)``."""
    if isinstance(target, (cst.Tuple, cst.List)):
        return {s for e in target.elements for s in _spellings_bound(e.value)}
    spelled = dotted_name(target)
    return {spelled} if spelled is not None else set()


# Module methods that return the module itself: `nn.CrossEntropyLoss().cuda()` is still the loss.
_RETURNS_MODULE = frozenset("cuda to cpu float double half train eval".split())


def _is_self_attribute(func: cst.Attribute) -> bool:
    """``self.decoder``: maybe a layer the class holds (a method of a tensor is not a layer)."""
    return isinstance(func.value, cst.Name) and func.value.value == "self"


def _unmoved(value: cst.BaseExpression) -> cst.BaseExpression:
    """``nn.NLLLoss()`` of ``nn.NLLLoss().cuda()`` (or ``.to(device)``): the module that is moved."""
    while (
        isinstance(value, cst.Call)
        and isinstance(value.func, cst.Attribute)
        and value.func.attr.value in _RETURNS_MODULE
        and isinstance(value.func.value, cst.Call)
    ):
        value = value.func.value
    return value


def _argument(call: cst.Call, name: str, index: int | None) -> cst.BaseExpression | None:
    """The value ``call`` passes the parameter ``name`` (at ``index`` among the positional ones, None
    when keyword-only), when the call shows it (not hidden in ``*args``/``**kwargs``)."""
    given = kwarg(call, name)
    if given is not None:
        return given.value
    if index is None:
        return None
    position = 0
    for arg in call.args:
        if arg.keyword is not None or arg.star == "**":
            continue
        if arg.star == "*":
            return None  # the parameter's position is past an unpacking
        if position == index:
            return arg.value
        position += 1
    return None


_NOT_HERE = object()


def _statements(node: cst.CSTNode) -> Sequence[cst.CSTNode] | None:
    """The statements directly in ``node`` when it is a block (an indented block, a line of simple
    statements)."""
    if isinstance(node, (cst.Module, cst.IndentedBlock, cst.SimpleStatementLine, cst.SimpleStatementSuite)):
        return node.body
    return None


def _paired_value(
    target: cst.BaseExpression, value: cst.BaseExpression, name: str
) -> cst.BaseExpression | None:
    """The part of ``value`` that ``target = value`` gives ``name``: all of it for ``name = v``, the
    matching element for ``a, name = u, v``; None otherwise."""
    if isinstance(target, cst.Name):
        return value if target.value == name else None
    if isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, (cst.Tuple, cst.List)):
        if len(target.elements) != len(value.elements) or any(
            isinstance(e, cst.StarredElement) for e in (*target.elements, *value.elements)
        ):
            return None
        for left, right in zip(target.elements, value.elements):
            if name in flatten_names(left.value, keep_underscore=True):
                return _paired_value(left.value, right.value, name)
    return None


def _paired_attribute(target: cst.BaseExpression, value: cst.BaseExpression, attribute: str) -> object:
    """Like :func:`_paired_value` for ``self.<attr>``: the value it gets, None when it gets one that is
    not shown, ``_NOT_HERE`` when ``target`` does not assign it."""
    if dotted_name(target) == attribute:
        return value
    if isinstance(target, (cst.Tuple, cst.List)):
        inside = [e.value for e in target.elements]
        if not any(dotted_name(e) == attribute or isinstance(e, (cst.Tuple, cst.List)) for e in inside):
            return _NOT_HERE
        if not isinstance(value, (cst.Tuple, cst.List)) or len(value.elements) != len(inside):
            return None
        for left, right in zip(target.elements, value.elements):
            if isinstance(left, cst.StarredElement) or isinstance(right, cst.StarredElement):
                return None
            found = _paired_attribute(left.value, right.value, attribute)
            if found is not _NOT_HERE:
                return found
    return _NOT_HERE


def _reduces(call: cst.Call, leading: int) -> bool:
    """A loss call or construction that reduces to one number: no ``reduce=False``, a ``reduction``
    (if any) of ``"mean"`` or ``"sum"`` spelled as a literal, no ``*args``/``**kwargs`` (which may
    hold either), and past the ``leading`` positional parameters (inputs, weight, margin), where the
    legacy ``size_average``/``reduce`` and ``reduction`` may be handed by position, only ``None``,
    ``True``, ``"mean"`` or ``"sum"``."""
    if any(arg.star for arg in call.args):
        return False
    if not all(_reducing_setting("reduction", arg.value) for arg in positional(call)[leading:]):
        return False
    reduce = kwarg(call, "reduce")
    if reduce is not None and not _reducing_setting("reduce", reduce.value):
        return False
    reduction = kwarg(call, "reduction")
    return reduction is None or _reducing_setting("reduction", reduction.value)


def _reducing_setting(attribute: str, value: cst.BaseExpression) -> bool:
    """Does setting a loss's ``attribute`` to ``value`` keep it reducing to one number: any value for
    another attribute, ``True`` (or ``None``, the default) for ``reduce``, and for ``reduction`` a
    literal ``"mean"`` or ``"sum"`` (or ``None``/``True``, which a positional legacy argument may be)?"""
    if attribute not in ("reduction", "reduce"):
        return True
    if isinstance(value, cst.Name) and value.value in ("True", "None"):
        return True
    return (
        attribute == "reduction"
        and isinstance(value, cst.SimpleString)
        and value.evaluated_value in ("mean", "sum")
    )


def _namespace_of(value: cst.BaseExpression) -> cst.BaseExpression | None:
    """``crit`` of ``crit.__dict__`` or ``vars(crit)``: the object whose attributes the mapping holds
    (writing into it sets them, unseen by a reading of ``crit.reduction = ...``); else None."""
    if isinstance(value, cst.Attribute) and value.attr.value == "__dict__":
        return value.value
    if m.matches(value, m.Call(func=m.Name("vars"), args=[m.Arg(keyword=None, star="")])):
        return cst.ensure_type(value, cst.Call).args[0].value
    return None


def _subscript_key(subscript: cst.Subscript) -> str | None:
    """``"reduction"`` of ``d["reduction"]``: the one key, spelled as a literal string; else None."""
    element = subscript.slice[0].slice if len(subscript.slice) == 1 else None
    if isinstance(element, cst.Index) and isinstance(element.value, cst.SimpleString):
        return str(element.value.evaluated_value)
    return None


def _writes_unshown_attribute(call: cst.Call) -> bool:
    """Does ``call`` set an attribute of an object (not ``self``) to a value that may stop a loss
    module reducing: ``setattr(crit, "reduction", "none")``, ``setattr(crit, key, v)`` (a name the
    code does not spell), ``crit.__setattr__("reduce", False)``, ``object.__setattr__(crit, ...)``,
    ``crit.__dict__.update(reduction="none")``, ``vars(crit).update(options)``?"""
    func = call.func
    if m.matches(func, m.Name("setattr")) or m.matches(func, m.Attribute(attr=m.Name("__setattr__"))):
        arguments = [a.value for a in call.args]
        if isinstance(func, cst.Attribute) and len(arguments) == 2:
            arguments = [func.value, *arguments]  # `crit.__setattr__(name, value)`
        if len(arguments) != 3 or any(a.star for a in call.args):
            return bool(call.args)  # the object, name or value unpacked: not shown
        owner, name, value = arguments
        if isinstance(name, cst.SimpleString):
            return not _reducing_setting(str(name.evaluated_value), value)
        # (`setattr(self, key, value)`: a class of the file keeping its own settings)
        return not m.matches(owner, m.Name("self"))
    if not (
        isinstance(func, cst.Attribute)
        and func.attr.value == "update"
        and _namespace_of(func.value) is not None
    ):
        return False
    for arg in call.args:
        if arg.keyword is not None:
            if not _reducing_setting(arg.keyword.value, arg.value):
                return True
        elif isinstance(arg.value, cst.Dict) and not arg.star:
            for element in arg.value.elements:
                if not (isinstance(element, cst.DictElement) and isinstance(element.key, cst.SimpleString)):
                    return True
                if not _reducing_setting(str(element.key.evaluated_value), element.value):
                    return True
        else:
            return True  # `update(options)`, `update(**kw)`: the keys are not shown
    return False


# The positional parameters a loss takes before its legacy `size_average`/`reduce` and `reduction`
# (the inputs of a functional loss, a weight, a margin): `nn.MSELoss(None, None, "none")` chooses no
# reduction by position. Modules not named take none (`MSELoss(size_average, reduce, reduction)`),
# functions not named two (`mse_loss(input, target, size_average, ...)`).
_MODULE_LEADING = {
    **dict.fromkeys(
        "BCELoss BCEWithLogitsLoss NLLLoss NLLLoss2d CrossEntropyLoss MultiLabelSoftMarginLoss"
        " MarginRankingLoss HingeEmbeddingLoss CosineEmbeddingLoss CTCLoss".split(),
        1,
    ),
    "PoissonNLLLoss": 2,
    "MultiMarginLoss": 3,
    "TripletMarginLoss": 4,
}
_FUNCTIONAL_LEADING = {
    **dict.fromkeys(
        "cross_entropy nll_loss binary_cross_entropy binary_cross_entropy_with_logits"
        " multilabel_soft_margin_loss hinge_embedding_loss gaussian_nll_loss".split(),
        3,
    ),
    **dict.fromkeys("margin_ranking_loss cosine_embedding_loss poisson_nll_loss".split(), 4),
    **dict.fromkeys("multi_margin_loss ctc_loss".split(), 5),
    "triplet_margin_loss": 7,
}


def _leading(functional: str) -> int:
    """How many positional parameters the functional loss ``functional`` takes before its reduction."""
    return _FUNCTIONAL_LEADING.get(functional, 2)


def _reduction_without_dim(call: cst.Call, method: str) -> bool:
    """``x.sum()``, ``x.norm()``, ``x.norm(2)``: over every element (not ``x.mean(*dims)``,
    ``x.sum(**opts)``, whose unpacked arguments may give a dimension)."""
    if any(
        arg.star or (arg.keyword is not None and arg.keyword.value in ("dim", "axis", "keepdim"))
        for arg in call.args
    ):
        return False
    allowed = 1 if method == "norm" else 0  # norm's first positional argument is p, not a dimension
    return len(positional(call)) <= allowed


# Reductions whose result over the one dimension of a vector is a 0-dim tensor (not `max`/`min`, which
# give values and indices along a dimension, nor `norm`, whose first argument is p).
_VECTOR_REDUCTIONS = frozenset("sum mean prod std var logsumexp amax amin all any".split())


def _reduction_over_first_dim(call: cst.Call, method: str) -> bool:
    """``x.sum(0)``, ``x.mean(dim=-1)``: a reduction over dimension 0 (or -1) alone, without keepdim;
    over all of a vector's elements (the ImageNet example's ``correct[:k].view(-1).float().sum(0)``)."""
    if method not in _VECTOR_REDUCTIONS or len(call.args) != 1:
        return False
    arg = call.args[0]
    if arg.star or (arg.keyword is not None and arg.keyword.value != "dim"):
        return False
    value = arg.value
    if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
        return isinstance(value.expression, cst.Integer) and value.expression.value == "1"
    return isinstance(value, cst.Integer) and value.value == "0"


def _over_every_element(call: cst.Call, qualified: str) -> bool:
    """``torch.sum(x)``, ``torch.norm(x, 2)``, ``torch.dist(a, b)``: no dimension given (none unpacked
    either: ``torch.sum(x, *dims)``)."""
    if any(
        arg.star or (arg.keyword is not None and arg.keyword.value in ("dim", "axis", "keepdim"))
        for arg in call.args
    ):
        return False
    # torch.norm's second argument is p; torch.dist takes two tensors and p.
    allowed = {"torch.norm": 2, "torch.dist": 3}.get(qualified, 1)
    return 1 <= len(positional(call)) <= allowed
