"""Which values are 0-dim tensors: a loss, a full reduction, and sums and accumulations of them.

Since PyTorch 0.4 a loss (``criterion(out, y)``, ``F.nll_loss(...)``) and a full reduction (``x.sum()``,
``torch.mean(x)``) are 0-dim tensors; before, they were vectors of one element, and code read them with
``loss.data[0]``, which now raises. A value is a scalar here only when the code shows it: a torch loss
function or loss module of the file (without ``reduction="none"`` or ``reduce=False``), a reduction over
all elements, ``.data``/``.detach()``/a move of a scalar, arithmetic of scalars and numbers, or a name
whose every binding in its function (or at the module's top level) is one of these; a running sum
(``total = 0`` then ``total += loss.data``) counts once it adds a tensor; a call of a model whose class
(of this file) returns scalars from ``forward`` (``model(x)``, ``model.forward(x)``). Anything else is
unknown.
"""

from __future__ import annotations

import re

import libcst as cst

from codemods.core.local_functions import LocalFunctions
from codemods.core.name_bindings import bindings_in
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
_NUMBER = (cst.Integer, cst.Float)
_SCOPES = (cst.FunctionDef, cst.Module)


class Scalars:
    """Answers "is this expression a 0-dim tensor?" for one module."""

    def __init__(self, tree: Tree, aliases: ImportAliases) -> None:
        self.tree = tree
        self.aliases = aliases
        self.functions = LocalFunctions(tree)
        self._bindings_memo: dict[tuple[int, str], list[cst.CSTNode]] = {}
        self._attribute_memo: dict[tuple[int, str], list[cst.BaseExpression]] = {}

    def is_scalar(self, expr: cst.BaseExpression) -> bool:
        """``expr`` is a 0-dim tensor wherever it runs, by what the code shows."""
        return self._scalar(expr, set())

    # -- expressions

    def _scalar(self, expr: cst.BaseExpression, seen: set[int]) -> bool:
        if isinstance(expr, cst.Name):
            return self._name_is_scalar(expr, seen)
        if isinstance(expr, cst.Attribute) and expr.attr.value == "data":
            return self._scalar(expr.value, seen)
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
            return self._scalar(expr.expression, seen)
        if isinstance(expr, cst.BinaryOperation) and isinstance(
            expr.operator, (cst.Add, cst.Subtract, cst.Multiply, cst.Divide, cst.Power)
        ):
            sides = (expr.left, expr.right)
            return all(_is_number(s) or self._scalar(s, seen) for s in sides) and not all(
                map(_is_number, sides)
            )
        if isinstance(expr, cst.Call):
            return self._call_is_scalar(expr, seen)
        return False

    def _call_is_scalar(self, call: cst.Call, seen: set[int]) -> bool:
        qualified = self.aliases.qualify(call.func) or ""
        if qualified.startswith(_FUNCTIONAL):
            name = qualified[len(_FUNCTIONAL) :]
            return (name.endswith("_loss") or name in _FUNCTIONAL_LOSSES) and _reduces(call)
        if qualified in _TORCH_REDUCTIONS:
            return _over_every_element(call, qualified)
        if isinstance(call.func, cst.Attribute) and not qualified:
            method = call.func.attr.value
            if method in _REDUCTIONS:
                return _reduction_without_dim(call, method)
            if method in _KEEPS_SHAPE:
                return self._scalar(call.func.value, seen)
        callee = self.functions.callee(call)
        if callee is not None:
            return self._returns_scalars(callee, seen)
        forward = self._forward_of(call)
        if forward is not None:
            return self._returns_scalars(forward, seen)
        return self._calls_a_loss_module(call, seen)

    def _forward_of(self, call: cst.Call) -> cst.FunctionDef | None:
        """``model(x)`` or ``model.forward(x)`` with every binding of ``model`` an instance of one class
        of this file: that class's ``forward``."""
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value == "forward":
            func = func.value
        if not isinstance(func, cst.Name):
            return None
        values = self.constructions_of(func)
        names = {dotted_name(v.func) for v in values if isinstance(v, cst.Call)}
        if not values or len(names) != 1 or len(values) != sum(isinstance(v, cst.Call) for v in values):
            return None
        name = names.pop()
        cls = next((c for c in self.tree.of_type(self.tree.root, cst.ClassDef) if c.name.value == name), None)
        if cls is None or not isinstance(cls.body, cst.IndentedBlock):
            return None
        return next(
            (f for f in cls.body.body if isinstance(f, cst.FunctionDef) and f.name.value == "forward"), None
        )

    def _returns_scalars(self, function: cst.FunctionDef, seen: set[int]) -> bool:
        """Every ``return`` of ``function`` (not of the functions inside it) gives a scalar."""
        if id(function) in seen:
            return False  # a recursive function: its own answer is not known yet
        seen.add(id(function))
        try:
            returns = [
                r
                for r in self.tree.of_type(function, cst.Return)
                if next(a for a in self.tree.ancestors(r) if isinstance(a, (cst.FunctionDef, cst.Lambda)))
                is function
            ]
            return bool(returns) and all(r.value is not None and self._scalar(r.value, seen) for r in returns)
        finally:
            seen.discard(id(function))

    def _calls_a_loss_module(self, call: cst.Call, seen: set[int]) -> bool:
        """``criterion(out, y)`` or ``self.criterion(out, y)`` with every binding a torch loss module."""
        values = self.constructions_of(call.func)
        return bool(values) and all(
            isinstance(v, cst.Call)
            and _LOSS_MODULE.match(self.aliases.qualify(v.func) or "") is not None
            and _reduces(v)
            for v in values
        )

    # -- names

    def _name_is_scalar(self, name: cst.Name, seen: set[int]) -> bool:
        if id(name) in seen:
            return False
        seen.add(id(name))
        bindings = self._bindings(name)
        if not bindings:
            return False
        tensor = False
        for binding in bindings:
            value = self._bound_value(binding)
            if value is None:
                return False
            if _is_number(value):
                continue  # a running sum's start: a Python number until the first tensor is added
            if not self._scalar(value, seen):
                return False
            tensor = True
        return tensor

    def _bindings(self, name: cst.Name) -> list[cst.CSTNode]:
        """What binds ``name`` in its function, or at the top level when the function never does."""
        scope = next((a for a in self.tree.ancestors(name) if isinstance(a, cst.FunctionDef)), None)
        if scope is not None:
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

    def constructions_of(self, func: cst.BaseExpression) -> list[cst.BaseExpression]:
        """The values ``func`` (a name, or ``self.<attr>`` of the enclosing class) is assigned; [] when any
        of its bindings is not a plain assignment."""
        if isinstance(func, cst.Name):
            bound = [self._bound_value(b) for b in self._bindings(func)]
            return [v for v in bound if v is not None] if None not in bound else []
        target = dotted_name(func)
        if target is None or not target.startswith("self.") or target.count(".") != 1:
            return []
        cls = next((a for a in self.tree.ancestors(func) if isinstance(a, cst.ClassDef)), None)
        if cls is None:
            return []
        key = (id(cls), target)
        if key not in self._attribute_memo:
            self._attribute_memo[key] = self._attribute_values(cls, target)
        return self._attribute_memo[key]

    def _attribute_values(self, cls: cst.ClassDef, target: str) -> list[cst.BaseExpression]:
        values: list[cst.BaseExpression] = []
        assignments: list[cst.Assign | cst.AugAssign | cst.AnnAssign] = self.tree.of_type(
            cls, (cst.Assign, cst.AugAssign, cst.AnnAssign)
        )
        for node in assignments:
            if isinstance(node, cst.Assign):
                if any(dotted_name(t.target) == target for t in node.targets):
                    if len(node.targets) != 1:
                        return []
                    values.append(node.value)
            elif dotted_name(node.target) == target:
                return []  # `self.loss_fn += ...` or an annotated binding: not a plain construction
        return values

    def _bound_value(self, binding: cst.CSTNode) -> cst.BaseExpression | None:
        """The value a plain binding gives its name (``x = v``, ``x: T = v``, ``x += v``), else None
        (a parameter, a loop target, an unpacking, an import...)."""
        if isinstance(binding, cst.AssignTarget):
            assign = self.tree.parent(binding)
            if isinstance(binding.target, cst.Name) and isinstance(assign, cst.Assign):
                return assign.value
            return None
        if isinstance(binding, cst.AugAssign) and isinstance(
            binding.operator, (cst.AddAssign, cst.SubtractAssign, cst.MultiplyAssign, cst.DivideAssign)
        ):
            return binding.value
        if isinstance(binding, cst.AnnAssign) and isinstance(binding.target, cst.Name):
            return binding.value
        return None


_FUNCTIONAL_LOSSES = frozenset(
    "cross_entropy nll_loss mse_loss l1_loss smooth_l1_loss huber_loss binary_cross_entropy kl_div"
    " binary_cross_entropy_with_logits poisson_nll_loss gaussian_nll_loss soft_margin_loss"
    " multilabel_soft_margin_loss margin_ranking_loss hinge_embedding_loss cosine_embedding_loss"
    " triplet_margin_loss multi_margin_loss multilabel_margin_loss".split()
)


def _is_number(expr: cst.BaseExpression) -> bool:
    """``0``, ``0.5``, ``-0.5``: a number literal."""
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, (cst.Minus, cst.Plus)):
        expr = expr.expression
    return isinstance(expr, _NUMBER)


def _reduces(call: cst.Call) -> bool:
    """A loss call or construction that reduces to one number: no ``reduce=False``, and a
    ``reduction`` (if any) of ``"mean"`` or ``"sum"`` spelled as a literal."""
    reduce = kwarg(call, "reduce")
    if reduce is not None and not (isinstance(reduce.value, cst.Name) and reduce.value.value == "True"):
        return False
    reduction = kwarg(call, "reduction")
    if reduction is None:
        return True
    value = reduction.value
    return isinstance(value, cst.SimpleString) and value.evaluated_value in ("mean", "sum")


def _reduction_without_dim(call: cst.Call, method: str) -> bool:
    """``x.sum()``, ``x.norm()``, ``x.norm(2)``: over every element."""
    if any(arg.keyword is not None and arg.keyword.value in ("dim", "axis", "keepdim") for arg in call.args):
        return False
    allowed = 1 if method == "norm" else 0  # norm's first positional argument is p, not a dimension
    return len(positional(call)) <= allowed


def _over_every_element(call: cst.Call, qualified: str) -> bool:
    """``torch.sum(x)``, ``torch.norm(x, 2)``, ``torch.dist(a, b)``: no dimension given."""
    if any(arg.keyword is not None and arg.keyword.value in ("dim", "axis", "keepdim") for arg in call.args):
        return False
    # torch.norm's second argument is p; torch.dist takes two tensors and p.
    allowed = {"torch.norm": 2, "torch.dist": 3}.get(qualified, 1)
    return 1 <= len(positional(call)) <= allowed
