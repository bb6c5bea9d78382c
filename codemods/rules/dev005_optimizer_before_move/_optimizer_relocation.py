"""Whether an optimizer construction can move below the model's move without changing the program.

DEV005 moves ``optimizer = Adam(model.parameters())`` (and the constructions and schedulers that come
with it) down past the statements between it and ``model.cuda()``. That keeps the program's meaning
only when none of the statements jumped over uses what is built, and none changes what it is built
from: the model (its parameters, or which of them a selective optimizer takes) or any other value
the construction reads. :func:`why_left_in_place` says which of these fails, if one does.
"""

from __future__ import annotations

import builtins
from collections.abc import Sequence

import libcst as cst
import libcst.matchers as m

from codemods.analysis.module_aliases import alias_binding, written
from codemods.analysis.values import Values
from codemods.core.dataflow import linear_statements
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import code_of, func_attribute, line_statement, single_target
from codemods.core.tree import Tree
from codemods.rules.dev005_optimizer_before_move._dotted_flow import (
    chains_read,
    may_change,
    may_touch,
    related,
)
from codemods.rules.dev005_optimizer_before_move._model_move_order import moves_model
from codemods.rules.dev005_optimizer_before_move._optimizer_builds import OptimizerBuild

# What may be done to a model between its optimizer and its move without changing which
# parameters the optimizer holds.
_HARMLESS_METHODS = frozenset(
    "eval train apply load_state_dict state_dict parameters named_parameters modules named_modules children"
    " zero_grad extra_repr".split()
)
_HARMLESS_CALLS = frozenset({"print", "len", "str", "repr", "type", "id", "isinstance"})
# Calls that neither change a tensor's values nor draw random numbers: jumped over by a construction
# whose code is not in sight (an EMA copying the parameters), as anything else may change what it copies.
_READING_BUILTINS = _HARMLESS_CALLS | frozenset({"sum", "min", "max", "int", "float", "format", "list"})
_READING_METHODS = frozenset(
    "parameters named_parameters state_dict modules named_modules children numel size dim eval train"
    " format join info debug warning keys values items to cuda cpu".split()
)
_DEVICE_QUERIES = frozenset({"torch.cuda.is_available", "torch.cuda.device_count", "torch.device"})
_DEFINITIONS = frozenset({cst.FunctionDef, cst.ClassDef, cst.Lambda})
_LOAD_STATE = m.Call(func=m.Attribute(attr=m.Name("load_state_dict")))
_BUILTINS = frozenset(dir(builtins))
# Calls that hand the parameters on without looking at their values.
_PARAMETER_READERS = _BUILTINS | frozenset({"itertools.chain"})
_PLAIN_ARGUMENTS = (cst.Name, cst.Attribute, cst.SimpleString, cst.Integer, cst.Float)


def why_left_in_place(
    tree: Tree,
    aliases: ImportAliases,
    builds: list[OptimizerBuild],
    moving: list[cst.BaseStatement],
    between: Sequence[cst.BaseStatement],
    move: cst.BaseStatement,
    values: Values | None = None,
    keeps: frozenset[int] = frozenset(),
    also: frozenset[str] = frozenset(),
) -> str | None:
    """Why moving the statements ``moving`` (``builds`` and their schedulers) past ``between`` and
    below ``move`` could change what the program does; None when it cannot. ``values``: the file's
    value model, which says which of the file's functions only read what they are handed
    (``self.print_network(self.G, "G")``): a call of one, handed no optimizer, is jumped over freely.
    ``keeps``: the ids of simple statements that wrap a model keeping its parameters
    (``model = nn.DataParallel(model)``; see :mod:`._parameter_wraps`), jumped over freely too.
    ``also``: other names that hold a model on the way (``self.model = model``): a move of one is a
    move of the model, binding one to another changes nothing (unless the constructions read the
    name bound), and what changes through one changes the model."""
    models = {model for build in builds for model in build.models}
    named = models | also
    read = {dotted_name(c) or "" for s in moving for c in chains_read(tree, s)}
    # The statement holding the move is jumped over too; moves of these models keep their
    # parameters, the rest may not.
    jumped: list[cst.CSTNode] = []
    for stmt in (*between, move):
        opened = isinstance(stmt, cst.If) and (stmt is move or _holds(tree, stmt, keeps))
        if isinstance(stmt, cst.SimpleStatementLine) or opened:
            jumped.extend(
                s
                for s in linear_statements([stmt])
                if id(s) not in keeps
                and not any(moves_model(s, n, aliases) for n in named)
                and not _renames(s, named, read, aliases)
            )
            jumped.extend(branch.test for branch in tree.of_type(stmt, cst.If) if opened)
        else:
            jumped.append(stmt)
    # ``moving``: lines that assign one call each (an optimizer, a scheduler).
    produced = {
        target
        for s in moving
        if (target := single_target(cst.ensure_type(s, cst.SimpleStatementLine).body[0])) is not None
    }
    if values is not None:
        jumped = [node for node in jumped if not _only_reads(tree, values, node, produced)]
    for node in jumped:
        if any(_loads_state(tree, node, name) for name in produced):
            return "its state is loaded before the move and stays behind; build and load it after the move"
        if any(may_touch(tree, node, name) for name in produced):
            return "it is used in between"
    selective = any(build.selective for build in builds)
    for model in sorted(named):
        for node in jumped:
            if selective and may_touch(tree, node, model):
                return f"`{model}` is used in between, and which parameters it takes depends on it"
            if may_change(tree, node, model, _HARMLESS_METHODS, _HARMLESS_CALLS):
                return f"`{model}` may change in between"
    inputs = {
        dotted_name(c) or "" for s in moving for c in chains_read(tree, line_statement(s, cst.Assign).value)
    }
    inputs = {
        name
        for name in inputs - {""} - produced
        if name.split(".", 1)[0] not in aliases.names and not any(related(name, model) for model in models)
    }
    if any(_may_change_input(tree, node, name) for node in jumped for name in inputs):
        return "what it is built from may change in between"
    unseen = next((name for build in builds if (name := _unseen_code(tree, build)) is not None), None)
    if unseen is not None:
        acting = next(
            (call for node in jumped if (call := _acting_call(tree, aliases, node)) is not None), None
        )
        if acting is not None:
            return (
                f"`{unseen}(...)` may copy the parameters' values or draw random numbers when it is built,"
                f" and `{code_of(acting.func)}(...)` in between may change either"
            )
    return None


def _unseen_code(tree: Tree, build: OptimizerBuild) -> str | None:
    """A call of the construction whose code may read the parameters' values or draw random numbers
    (an EMA helper copying them, ``Lookahead(...)``, another library's class), or None.

    A ``torch.optim`` optimizer only keeps the parameters until its first step; a builtin,
    ``itertools.chain`` or ``model.parameters()`` reads no value; a class of the file whose
    ``__init__`` calls nothing (``WarmupOptim(Adam(...))``, keeping what it is handed) neither."""
    for name in build.optimizers:
        if name.startswith("torch.optim.") and not name.startswith("torch.optim.swa_utils."):
            continue
        if name in _PARAMETER_READERS or name.endswith("parameters") or _keeps_what_it_is_handed(tree, name):
            continue
        return name
    return None


def _keeps_what_it_is_handed(tree: Tree, name: str) -> bool:
    """Is ``name`` a class of the file whose ``__init__`` calls nothing but ``super().__init__()``?"""
    module = tree.root
    assert isinstance(module, cst.Module)
    cls = next((s for s in module.body if isinstance(s, cst.ClassDef) and s.name.value == name), None)
    init = (
        next(
            (s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"),
            None,
        )
        if cls is not None
        else None
    )
    return init is not None and all(
        m.matches(call.func, m.Attribute(value=m.Call(func=m.Name("super")), attr=m.Name("__init__")))
        for call in tree.of_type(init.body, cst.Call)
    )


def _renames(
    small: cst.CSTNode, named: set[str] | frozenset[str], read: set[str], aliases: ImportAliases
) -> bool:
    """``self.model = model`` (or ``net = model.cuda()``): another name for the model, none that the
    constructions read: it changes nothing they see."""
    binding = alias_binding(small, aliases)
    return binding is not None and binding[1] in named and not any(related(binding[0], name) for name in read)


def _holds(tree: Tree, stmt: cst.BaseStatement, keeps: frozenset[int]) -> bool:
    """Does the ``if`` ``stmt`` hold one of the wraps ``keeps``, and no loop (whose body may run again)?"""
    return any(id(node) in keeps for node in tree.descendants(stmt)) and not tree.of_type(
        stmt, (cst.For, cst.While, cst.With, cst.Try, cst.FunctionDef, cst.ClassDef)
    )


def _only_reads(tree: Tree, values: Values, node: cst.CSTNode, produced: set[str]) -> bool:
    """``self.print_network(self.G, "G")``: a statement that only calls a function of the file that
    changes nothing (:meth:`Values.only_reads`), handed names and constants (nothing computed: an
    argument's own calls may act) and none of what is built."""
    if not (isinstance(node, cst.Expr) and isinstance(node.value, cst.Call)):
        return False
    call = node.value
    if any(arg.star or not isinstance(arg.value, _PLAIN_ARGUMENTS) for arg in call.args):
        return False
    if any(may_touch(tree, arg.value, name) for arg in call.args for name in produced):
        return False
    callee = values.functions.callee(call)
    return callee is not None and values.only_reads(callee)


def _acting_call(tree: Tree, aliases: ImportAliases, node: cst.CSTNode) -> cst.Call | None:
    """A call under ``node`` that may change a parameter's value in place or draw a random number
    (``model.load_state_dict(sd)``, ``nn.init.xavier_uniform_(model.weight)``, ``torch.randn(3)``,
    ``Net()``), or None. Known not to: builtins that read (``print``, ``len``), methods that read or
    move (``model.parameters()``, ``p.numel()``, ``model.eval()``, ``criterion.cuda()``), losses
    (``nn.MSELoss()``) and device queries (``torch.cuda.is_available()``)."""
    # (a function or class defined here runs later, if at all: what it holds is left out)
    run_here = [] if type(node) in _DEFINITIONS else tree.unnested(node, _DEFINITIONS) or []
    for call in (n for n in run_here if isinstance(n, cst.Call)):
        func = call.func
        if isinstance(func, cst.Name) and func.value in _READING_BUILTINS:
            continue
        if isinstance(func, cst.Attribute) and func.attr.value in _READING_METHODS:
            continue
        qualified = aliases.qualify(func) or ""
        if qualified in _DEVICE_QUERIES or (qualified.startswith("torch.nn.") and qualified.endswith("Loss")):
            continue
        return call
    return None


def _may_change_input(tree: Tree, node: cst.CSTNode, name: str) -> bool:
    """May ``node`` change ``name``, which the construction reads? A builtin (``float`` in
    ``lr=float(args["lr"])``) changes only when bound again: calling it (``int(args["batch"])``)
    does not."""
    if name in _BUILTINS:
        return name in written(tree, node)
    return may_change(tree, node, name)


def _loads_state(tree: Tree, node: cst.CSTNode, optimizer: str) -> bool:
    return any(
        m.matches(call, _LOAD_STATE) and dotted_name(func_attribute(call).value) == optimizer
        for call in tree.of_type(node, cst.Call)
    )
