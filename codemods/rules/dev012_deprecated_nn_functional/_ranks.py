"""The number of dimensions of a tensor expression, where the code itself says it.

``F.softmax(x)`` without ``dim`` lets PyTorch pick the dimension from ``x.dim()``; writing that choice
down keeps the result only where the rank is certain. It is certain for a few shapes of code, read
back through straight-line assignments of the same function: ``x.view(-1, 320)`` and ``reshape``,
factories given every size (``torch.randn(4, 3)``), ``torch.cat``/``torch.stack`` (one part of 2 or more
dimensions known is enough for ``cat``), an integer index
(``x[0]``), ``unsqueeze``, and what keeps its input's rank: element-wise functions and methods, arithmetic
with a number, and the layers ``nn.Linear``, ``nn.ReLU``, ``nn.Dropout``, the normalisations and the
like, called as ``self.fc(x)`` where ``__init__`` made ``self.fc``, and the file's own helpers that hand
back their argument (``to_var(x)``: ``x = x.cuda()`` under a flag, ``return Variable(x)``). Anything else
is unknown (None).
"""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from codemods.core.dataflow import assigned_names
from codemods.core.name_bindings import SCOPES, flatten_names
from codemods.core.names import ImportAliases
from codemods.core.syntax import code_of, kwarg, positional
from codemods.core.torch_names import VARIABLE
from codemods.core.tree import Tree

_FACTORIES = frozenset(f"torch.{name}" for name in ("randn", "rand", "zeros", "ones", "empty"))
_ELEMENTWISE = frozenset(
    [f"torch.nn.functional.{n}" for n in ("relu", "elu", "selu", "leaky_relu", "gelu", "dropout", "softplus")]
    + [f"torch.nn.functional.{n}" for n in ("sigmoid", "tanh", "relu6", "hardtanh", "silu", "celu")]
    + [f"torch.{n}" for n in ("relu", "sigmoid", "tanh", "exp", "log", "abs", "neg", "sqrt", "clamp")]
)
_ELEMENTWISE_METHODS = frozenset(
    ("relu", "sigmoid", "tanh", "exp", "log", "abs", "neg", "sqrt", "clamp", "contiguous", "float")
    + ("double", "half", "clone", "detach", "cpu", "cuda", "to")
)
_RANK_KEEPING_LAYERS = frozenset(
    f"torch.nn.{name}"
    for name in ("Linear", "ReLU", "Tanh", "Sigmoid", "Dropout", "ELU", "SELU", "LeakyReLU", "GELU")
    + ("Identity", "Softplus", "ReLU6", "PReLU", "SiLU", "Hardtanh", "LogSigmoid", "AlphaDropout")
    # normalisations give back their input's shape (`BatchNorm1d` takes (N, C) and (N, C, L) alike)
    + ("BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "LayerNorm", "GroupNorm", "InstanceNorm1d")
    + ("InstanceNorm2d", "InstanceNorm3d", "Dropout2d", "Dropout3d")
)


_IN_PLACE_RESHAPES = frozenset(
    ("unsqueeze_", "squeeze_", "resize_", "resize_as_", "t_", "transpose_", "swapdims_", "swapaxes_")
    + ("as_strided_", "set_")
)


class Ranks:
    """Answers :meth:`of` for the expressions of one module."""

    def __init__(self, tree: Tree, aliases: ImportAliases) -> None:
        self.tree = tree
        self.aliases = aliases
        self._helpers: dict[str, bool] = {}  # a top-level function's name: whether it hands back its argument

    def of(self, node: cst.BaseExpression, depth: int = 0) -> int | None:
        """``node``'s number of dimensions, or None when the code does not say it."""
        if depth > 40:
            return None
        if isinstance(node, cst.Name):
            return self._of_name(node, depth)
        if isinstance(node, cst.BinaryOperation):
            left, right = (self.of(side, depth + 1) for side in (node.left, node.right))
            if _is_number(node.left):
                return right
            if _is_number(node.right):
                return left
            return left if left is not None and left == right else None
        if isinstance(node, cst.Subscript):
            return self._of_subscript(node, depth)
        if isinstance(node, cst.Call):
            return self._of_call(node, depth)
        return None

    def _of_subscript(self, node: cst.Subscript, depth: int) -> int | None:
        if len(node.slice) != 1:
            return None
        index = node.slice[0].slice
        if not isinstance(index, cst.Index) or not _is_integer(index.value):
            return None
        rank = self.of(node.value, depth + 1)
        return rank - 1 if rank else None

    def _of_call(self, call: cst.Call, depth: int) -> int | None:
        if any(arg.star for arg in call.args):
            return None
        args = positional(call)
        qualified = self.aliases.qualify(call)
        if qualified is not None:
            if qualified in _FACTORIES:
                if kwarg(call, "size") is not None:
                    return None
                if len(args) == 1 and self._is_int(args[0].value, depth):
                    return 1  # `torch.zeros(seq_len)` with `seq_len = len(outputs)`
                return _sizes(args)
            if qualified in VARIABLE and len(args) == 1 and len(call.args) == 1:
                return self.of(args[0].value, depth + 1)  # `Variable(x)` is `x`
            if qualified in _ELEMENTWISE and args:
                return self.of(args[0].value, depth + 1)
            if qualified in ("torch.cat", "torch.stack") and args:
                return self._of_joined(args[0].value, qualified == "torch.stack", depth)
            return None
        func = call.func
        if isinstance(func, cst.Name):
            if (
                len(args) == 1
                and len(call.args) == 1
                and not self._bound_around(call, func.value)
                and self._hands_back_its_argument(func.value)
            ):
                return self.of(args[0].value, depth + 1)  # `to_var(x)`: `x`, moved and wrapped
            return None
        if not isinstance(func, cst.Attribute):
            return None
        method = func.attr.value
        if method in ("view", "reshape"):
            return _sizes(args) if len(args) == len(call.args) else None
        if method in _ELEMENTWISE_METHODS:
            return self.of(func.value, depth + 1)
        if method == "unsqueeze":
            rank = self.of(func.value, depth + 1)
            return rank + 1 if rank is not None else None
        if _is_self(func.value) and len(call.args) == 1 and len(args) == 1 and self._keeps_rank(call, method):
            return self.of(args[0].value, depth + 1)
        return None

    def _of_joined(self, parts: cst.BaseExpression, stacked: bool, depth: int) -> int | None:
        if not isinstance(parts, (cst.Tuple, cst.List)) or not parts.elements:
            return None
        if any(isinstance(e, cst.StarredElement) for e in parts.elements):
            return None
        known = {self.of(e.value, depth + 1) for e in parts.elements} - {None}
        if len(known) != 1:
            return None
        (rank,) = known
        assert rank is not None
        if stacked:
            return rank + 1  # `torch.stack` takes tensors of one shape only
        # `torch.cat` takes tensors of one rank, but skips a 1-D empty one (`torch.zeros(0)`, the
        # old way to start a concatenation): one known part of 2 or more dimensions says the rank;
        # a known 1-D part only when every part is known.
        every = all(self.of(e.value, depth + 1) is not None for e in parts.elements)
        return rank if rank >= 2 or every else None

    def _hands_back_its_argument(self, name: str) -> bool:
        """``name`` is the file's one top-level function of that name, and every way out of it returns
        its first parameter moved, cast or wrapped (``Variable(x.cuda())``; ``x = x.cuda()`` before),
        so a call with that one argument has the argument's rank: the ``to_var`` helpers of old
        scripts."""
        if name not in self._helpers:
            self._helpers[name] = self._find_pass_through(name)
        return self._helpers[name]

    def _bound_around(self, node: cst.CSTNode, name: str) -> bool:
        """A function or class around ``node`` binds ``name`` itself (a parameter, an assignment): there
        it is not the module's function."""
        for scope in self.tree.ancestors(node):
            if isinstance(scope, (cst.FunctionDef, cst.Lambda)):
                if name in {p.name.value for p in self.tree.of_type(scope.params, cst.Param)}:
                    return True
            if isinstance(scope, (cst.FunctionDef, cst.ClassDef)) and name in assigned_names(
                self.tree, scope.body
            ):
                return True
        return False

    def _find_pass_through(self, name: str) -> bool:
        module = self.tree.root
        defined = [s for s in module.body if isinstance(s, cst.FunctionDef) and s.name.value == name]
        bound_elsewhere = [
            s
            for s in module.body
            if name in assigned_names(self.tree, s) and not isinstance(s, cst.FunctionDef)
        ]
        if len(defined) != 1 or bound_elsewhere:
            return False
        (function,) = defined
        params = function.params
        if (
            not isinstance(function.body, cst.IndentedBlock)
            or function.decorators
            or function.asynchronous
            or params.posonly_params
            or not params.params
            or params.params[0].default is not None
            or any(p.default is None for p in params.params[1:])
            or isinstance(params.star_arg, cst.Param)
            or params.kwonly_params
        ):
            return False
        parameter = params.params[0].name.value
        if any(
            isinstance(
                inner, (cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.Yield, cst.Global, cst.Nonlocal)
            )
            for inner in self.tree.descendants(function.body)
        ):
            return False
        if self._reshapes_in_place(function.body, parameter):
            return False
        # Rebound only as `x = x.cuda()`: one line of its own each time, nothing else binds it.
        binders = [
            node
            for node in self.tree.of_type(
                function.body,
                (cst.AssignTarget, cst.AnnAssign, cst.AugAssign, cst.For, cst.AsName, cst.NamedExpr),
            )
            if parameter in flatten_names(node.name if isinstance(node, cst.AsName) else node.target)
        ]
        for binder in binders:
            assign = self.tree.parent(binder)
            if not (
                isinstance(binder, cst.AssignTarget)
                and isinstance(assign, cst.Assign)
                and len(assign.targets) == 1
                and isinstance(binder.target, cst.Name)
                and self._passes_through(assign.value, parameter)
            ):
                return False
        returns = list(self.tree.of_type(function.body, cst.Return))
        return (
            bool(returns)
            and all(r.value is not None and self._passes_through(r.value, parameter) for r in returns)
            and _always_returns(function.body.body)
        )

    def _passes_through(self, value: cst.BaseExpression, parameter: str) -> bool:
        """``value`` is ``parameter`` itself, moved or cast by a method that keeps the rank, or wrapped
        in ``Variable`` (with keywords only: ``requires_grad=`` keeps the rank too)."""
        while True:
            if isinstance(value, cst.Name):
                return value.value == parameter
            if not isinstance(value, cst.Call) or any(a.star for a in value.args):
                return False
            args = positional(value)
            if self.aliases.qualify(value) in VARIABLE and len(args) == 1 and args[0] is value.args[0]:
                value = args[0].value
            elif isinstance(value.func, cst.Attribute) and value.func.attr.value in _ELEMENTWISE_METHODS:
                value = value.func.value
            else:
                return False

    def _keeps_rank(self, call: cst.Call, attribute: str) -> bool:
        """``self.<attribute>`` is made once, in its class's ``__init__``, as a rank-keeping layer."""
        cls = next((a for a in self.tree.ancestors(call) if isinstance(a, cst.ClassDef)), None)
        if cls is None:
            return False
        made = [
            assign.value
            for assign in self.tree.of_type(cls, cst.Assign)
            for target in assign.targets
            if code_of(target.target) == f"self.{attribute}"
        ]
        if len(made) != 1 or not isinstance(made[0], cst.Call):
            return False
        # Set anywhere else (`model.fc = nn.Sequential(...)` after construction), it may be another layer.
        elsewhere = [
            target
            for assign in self.tree.of_type(self.tree.root, cst.Assign)
            for target in assign.targets
            if isinstance(target.target, cst.Attribute) and target.target.attr.value == attribute
        ]
        return len(elsewhere) == 1 and self.aliases.qualify(made[0]) in _RANK_KEEPING_LAYERS

    def _of_name(self, name: cst.Name, depth: int) -> int | None:
        """The rank of what the last assignment before ``name`` gave it (:meth:`value_before`)."""
        value = self.value_before(name)
        return self.of(value, depth + 1) if value is not None else None

    def value_before(self, name: cst.Name) -> cst.BaseExpression | None:
        """What the last assignment before ``name``, in the same block, gave it: only when nothing
        between them may bind it too, and that block is a function's body."""
        statement: cst.CSTNode = name
        for above in self.tree.ancestors(name):
            if isinstance(above, SCOPES):
                return None  # a scope of its own, or no block to read back in
            if isinstance(above, cst.IndentedBlock):
                break
            statement = above
        else:
            return None
        block = self.tree.parent(statement)
        if not isinstance(block, cst.IndentedBlock) or not isinstance(
            self.tree.parent(block), cst.FunctionDef
        ):
            return None
        body = list(block.body)
        index = next((i for i, s in enumerate(body) if s is statement), None)
        return self._last_value(name, body[:index]) if index is not None else None

    def _last_value(
        self, name: cst.Name, earlier_lines: list[cst.BaseStatement]
    ) -> cst.BaseExpression | None:
        """What the last of ``earlier_lines`` that binds ``name`` assigns it, when it is one line
        ``name = value``; an ``if`` that only moves or casts it (``if cuda: x = x.cuda()``) is looked
        through, as it keeps its rank."""
        for earlier in reversed(earlier_lines):
            if self._reshapes_in_place(earlier, name.value):
                return None
            if name.value not in assigned_names(self.tree, earlier):
                continue
            if isinstance(earlier, cst.If) and self._only_moves(earlier, name.value):
                continue
            return _single_assignment(earlier, name.value)
        return None

    def _only_moves(self, branch: cst.If, name: str) -> bool:
        """Every binding of ``name`` under ``branch`` is ``name = name.cuda()`` (or another method that
        keeps the rank) and nothing there reshapes it in place."""
        bindings = [
            assign
            for assign in self.tree.of_type(branch, cst.Assign)
            if any(isinstance(t.target, cst.Name) and t.target.value == name for t in assign.targets)
        ]
        if not bindings or len(bindings) != sum(
            1
            for n in self.tree.of_type(branch, cst.Name)
            if n.value == name and isinstance(self.tree.parent(n), cst.AssignTarget)
        ):
            return False  # bound another way too (a loop, a `with`, a tuple)
        for assign in bindings:
            value = assign.value
            if not (
                len(assign.targets) == 1
                and isinstance(value, cst.Call)
                and isinstance(value.func, cst.Attribute)
                and value.func.attr.value in _ELEMENTWISE_METHODS
                and isinstance(value.func.value, cst.Name)
                and value.func.value.value == name
            ):
                return False
        return not any(
            self._reshapes_in_place(s, name) for s in self.tree.of_type(branch, cst.SimpleStatementLine)
        )

    def _is_int(self, node: cst.BaseExpression, depth: int) -> bool:
        """An int by the code: a literal, ``len(...)``, or a name the block last bound to one of these."""
        if _is_integer(node):
            return True
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "len":
            return self.aliases.qualify(node.func) is None
        if not isinstance(node, cst.Name) or depth > 40:
            return False
        value = self.value_before(node)
        return value is not None and self._is_int(value, depth + 1)

    def _reshapes_in_place(self, statement: cst.CSTNode, name: str) -> bool:
        """``x.unsqueeze_(0)``, ``x.t_()``: a change of ``x``'s rank that binds no name."""
        return any(
            isinstance(call.func, cst.Attribute)
            and call.func.attr.value in _IN_PLACE_RESHAPES
            and isinstance(call.func.value, cst.Name)
            and call.func.value.value == name
            for call in self.tree.of_type(statement, cst.Call)
        )


def _always_returns(lines: Sequence[cst.BaseStatement]) -> bool:
    """The block cannot end without a ``return``: its last line is one, or an ``if`` whose every branch
    (an ``else`` among them) ends so."""
    if not lines:
        return False
    last = lines[-1]
    if isinstance(last, cst.SimpleStatementLine):
        return isinstance(last.body[-1], cst.Return)
    if isinstance(last, cst.If):
        otherwise = last.orelse
        if otherwise is None or not isinstance(last.body, cst.IndentedBlock):
            return False
        if isinstance(otherwise, cst.If):
            rest = _always_returns([otherwise])
        else:
            rest = isinstance(otherwise.body, cst.IndentedBlock) and _always_returns(otherwise.body.body)
        return rest and _always_returns(last.body.body)
    return False


def _single_assignment(statement: cst.CSTNode, name: str) -> cst.BaseExpression | None:
    """The value of ``statement`` when it is the one line ``name = value``."""
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return None
    (small,) = statement.body
    if (
        isinstance(small, cst.Assign)
        and len(small.targets) == 1
        and isinstance(small.targets[0].target, cst.Name)
        and small.targets[0].target.value == name
    ):
        return small.value
    return None


def _sizes(args: list[cst.Arg]) -> int | None:
    """The rank that sizes given one by one make: ``(-1, 320)`` two; one size only when it is a number
    (a name may hold a whole shape)."""
    if len(args) >= 2:
        return len(args)
    if len(args) == 1 and _is_integer(args[0].value):
        return 1
    return None


def _is_integer(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node = node.expression
    return isinstance(node, cst.Integer)


def _is_number(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node = node.expression
    return isinstance(node, (cst.Integer, cst.Float))


def _is_self(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) and node.value == "self"
