"""Optimizer constructions: ``opt = <optimizer>(model.parameters(), ...)`` and what comes with them.

A construction is an assignment, alone on its line, of a call that is given ``X.parameters()``,
``X.named_parameters()`` or another method of ``X`` named for its parameters
(``get_trainable_parameters()``): ``torch.optim`` classes, other libraries' optimizers and helpers
that copy the parameters (an EMA) alike. ``X`` is the model it is built for (``model``,
``self.G``); one construction may take several (``chain(G.parameters(), D.parameters())``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

import libcst as cst
import libcst.matchers as m

from codemods.analysis.values import Values
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import func_attribute, positional
from codemods.core.torch_names import as_move
from codemods.core.tree import Tree

T = TypeVar("T", bound=cst.BaseSmallStatement)
# `name = call(...)` alone on its line (one target).
_ASSIGNED_CALL = m.SimpleStatementLine(body=[m.Assign(targets=[m.AssignTarget()], value=m.Call())])
_PARAMETERS = m.Call(
    func=m.Attribute(attr=m.Name(value=m.MatchIfTrue(lambda name: name.endswith("parameters"))))
)
# Optimizers that create per-parameter state when they are built, not at their first step.
EAGER_STATE = frozenset({"torch.optim.Adagrad", "torch.optim.adagrad.Adagrad"})
# `model.init_optimizer()`: a method of the model's owner that builds its optimizer out of sight.
_SETUP_METHOD = m.SimpleStatementLine(
    body=[
        m.Expr(
            value=m.Call(
                func=m.Attribute(
                    value=m.Name() | m.Attribute(),
                    attr=m.Name(value=m.MatchRegex(r"(init|build|setup|set_up|create|make)_optimi[sz]ers?")),
                )
            )
        )
    ]
)


@dataclass(frozen=True)
class OptimizerBuild:
    statement: cst.SimpleStatementLine
    target: str  # what the optimizer is bound to: `optimizer`, `self.G_optimizer`
    models: tuple[str, ...]  # whose parameters it takes: `model`, `self.G`
    optimizers: tuple[str, ...]  # the qualified names of the calls in it: `torch.optim.Adam`
    selective: bool  # picks parameters (`filter(lambda p: p.requires_grad, ...)`): reads their flags

    @property
    def eager(self) -> bool:
        return any(name in EAGER_STATE for name in self.optimizers)

    @property
    def from_torch(self) -> bool:
        return any(name.startswith("torch.optim.") for name in self.optimizers)


def optimizer_build(
    tree: Tree, aliases: ImportAliases, stmt: cst.BaseStatement, values: Values | None = None
) -> OptimizerBuild | None:
    """``stmt`` as an optimizer construction, or None. With ``values``, an optimizer given a name that
    holds parameters (``g_params = list(G.parameters()) + list(H.parameters())``) counts too: what
    picked them is out of sight, so it counts as selective."""
    assign = _one_small(stmt, cst.Assign)
    built = _assigned_call(assign) if assign is not None else None
    if assign is not None and built is None:
        built = _call_or_none(assign)
    if assign is None or built is None:
        return None
    assert isinstance(stmt, cst.SimpleStatementLine)
    target = dotted_name(assign.targets[0].target)
    if target is None or not _builds_something(built) or is_scheduler_call(aliases, built):
        return None
    calls = tree.of_type(built, cst.Call)
    models = []
    for call in calls:
        if call is not built and m.matches(call, _PARAMETERS):
            owner = dotted_name(func_attribute(call).value)
            if owner is not None and owner not in models:
                models.append(owner)
    held = False
    if not models and values is not None and "optim" in (aliases.qualify(built.func) or "").lower():
        for arg in built.args:
            if isinstance(arg.value, (cst.Name, cst.Attribute)):
                models.extend(m for m in values.parameters_of(arg.value, stmt) if m not in models)
        held = bool(models)
    if not models and values is not None:
        handed = _handed_models(tree, aliases, built, values)
        if handed is not None:
            models, calls = handed
    if not models:
        return None
    optimizers = tuple(aliases.qualify(c.func) or dotted_name(c.func) or "" for c in calls)
    selective = (
        held
        or bool(tree.of_type(assign.value, (cst.Lambda, cst.ListComp, cst.GeneratorExp)))
        or any(dotted_name(c.func) == "filter" for c in calls)
    )
    return OptimizerBuild(stmt, target, tuple(models), optimizers, selective)


def _handed_models(
    tree: Tree, aliases: ImportAliases, call: cst.Call, values: Values
) -> tuple[list[str], list[cst.Call]] | None:
    """``optimizer = make_optimizer(model, lr)`` of a function of the file whose every ``return``
    builds an optimizer from a parameter's ``parameters()`` (``return SGD(net.parameters(), lr=lr)``)
    and that moves nothing: the models handed in those places, and the calls that build. None when
    the function does anything else with its parameters' models, or is not of the file."""
    function = values.functions.callee(call)
    if function is None or not isinstance(function.body, cst.IndentedBlock):
        return None
    if any(as_move(c) is not None for c in tree.of_type(function, cst.Call)):
        return None
    params = [p.name.value for p in function.params.params]
    if params and params[0] == "self":
        return None
    returns = tree.of_type(function, cst.Return)
    owners: list[str] = []
    builds: list[cst.Call] = []
    for ret in returns:
        if not isinstance(ret.value, cst.Call) or not _builds_something(ret.value):
            return None
        inner = [
            c for c in tree.of_type(ret.value, cst.Call) if c is not ret.value and m.matches(c, _PARAMETERS)
        ]
        named = [dotted_name(func_attribute(c).value) for c in inner]
        if not named or any(name not in params for name in named):
            return None
        owners.extend(name for name in named if name is not None and name not in owners)
        builds.extend(tree.of_type(ret.value, cst.Call))
    if not returns or not owners:
        return None
    models: list[str] = []
    for owner in owners:
        index = params.index(owner)
        keyword = next((a for a in call.args if a.keyword is not None and a.keyword.value == owner), None)
        given = positional(call)
        arg = keyword or (given[index] if index < len(given) and not given[index].star else None)
        name = dotted_name(arg.value) if arg is not None else None
        if name is None:
            return None
        models.append(name)
    return models, builds


def _one_small(stmt: cst.BaseStatement, kind: type[T]) -> T | None:
    """The cheap test before a matcher: the ``kind`` statement a line holds alone, or None."""
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1:
        small = stmt.body[0]
        if isinstance(small, kind):
            return small
    return None


def _calls_a_method(expr: cst.Expr) -> bool:
    """The cheap test before ``_SETUP_METHOD``, on ``_one_small(stmt, cst.Expr)``:
    ``x.name_with_optimi...()``."""
    call = expr.value
    return type(call) is cst.Call and type(call.func) is cst.Attribute and "optimi" in call.func.attr.value


def _assigned_call(assign: cst.Assign) -> cst.Call | None:
    """``m.matches(stmt, _ASSIGNED_CALL)`` on ``_one_small(stmt, cst.Assign)``, as plain tests (every
    target is an ``AssignTarget``): the call, or None. Asked of every statement of the module, most of
    which assign no call."""
    value = assign.value
    return value if isinstance(value, cst.Call) and len(assign.targets) == 1 else None


def _call_or_none(assign: cst.Assign) -> cst.Call | None:
    """``opt = Adam(encoder.parameters()) if fine_tune else None``: the call, built on one path."""
    value = assign.value
    if (
        len(assign.targets) == 1
        and isinstance(value, cst.IfExp)
        and isinstance(value.body, cst.Call)
        and isinstance(value.orelse, cst.Name)
        and value.orelse.value == "None"
    ):
        return value.body
    return None


def _builds_something(call: cst.Call) -> bool:
    """``Adam(...)``, ``get_optimizer(...)``: a class or an optimizer factory, not ``sum(...)`` or
    ``list(...)`` of the parameters."""
    name = (dotted_name(call.func) or "").rsplit(".", 1)[-1]
    return name[:1].isupper() or "optim" in name.lower()


def is_scheduler_call(aliases: ImportAliases, call: cst.Call) -> bool:
    qualified = aliases.qualify(call.func) or dotted_name(call.func) or ""
    return qualified.startswith("torch.optim.lr_scheduler.") or qualified.endswith(
        ("LR", "Scheduler", "scheduler")
    )


def is_scheduler(aliases: ImportAliases, stmt: cst.BaseStatement, optimizer: str) -> bool:
    """``scheduler = StepLR(optimizer, ...)`` (any ``torch.optim.lr_scheduler`` or ``*LR`` /
    ``*Scheduler`` class) for this optimizer."""
    assign = _one_small(stmt, cst.Assign)
    call = _assigned_call(assign) if assign is not None else None
    if call is None:
        return False
    args = positional(call)
    return bool(args) and dotted_name(args[0].value) == optimizer and is_scheduler_call(aliases, call)


def optimizer_setup(stmt: cst.BaseStatement) -> tuple[str, str] | None:
    """``model.init_optimizer()`` alone on its line: (the object, the method's name)."""
    expr = _one_small(stmt, cst.Expr)
    if not (expr is not None and _calls_a_method(expr) and m.matches(stmt, _SETUP_METHOD)):
        return None
    func = func_attribute(cst.ensure_type(expr.value, cst.Call))  # as matched
    owner = dotted_name(func.value)
    return None if owner is None else (owner, func.attr.value)
