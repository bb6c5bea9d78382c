"""DistributedDataParallel scaffolding for a training script: the generator behind DEV006's fix.

A :class:`Script` names three statements of a script: its entry function (the one the
``if __name__ == "__main__":`` block calls), the statement in it that builds the model, and, when
there is one, the statement that builds its ``DataLoader``. :func:`scaffolding_edits` turns them into
a script ``torchrun`` can launch:

* :data:`SETUP_DISTRIBUTED` (the one copy of the helper's text) goes right above the entry function;
* the entry function starts with ``rank, local_rank, world_size, device = setup_distributed()``;
  right after the model is built it is moved to ``device`` and wrapped in ``ddp_model``, and every
  later ``model(...)`` call goes through the wrapper;
* the loader gets a ``DistributedSampler`` and the epoch loop over it calls ``sampler.set_epoch``;
* ``print`` and ``torch.save`` run on rank 0 only; the process group is destroyed at the end.

:func:`find_script` says whether a script has that shape, and if not, what is missing, in a sentence
a finding can show. The generator knows nothing about why a script is made distributed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

import libcst as cst
import libcst.matchers as m

from codemods.core.base import Replacement
from codemods.core.dataflow import assigned_names
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import (
    code_of,
    is_docstring,
    kwarg,
    line_statement,
    positional,
    with_arg_value,
    with_kwarg,
)
from codemods.core.tree import Tree
from codemods.fixes._model_uses import unrouted_uses
from codemods.fixes.inserts import after_imports, import_if_missing

SETUP_DISTRIBUTED = '''\
def setup_distributed():
    """Join the process group torchrun describes in the environment.

    Run plainly (`python script.py`) there is no such environment: a group of one, nothing to join.
    """
    rank = int(os.environ.get("RANK", 0))
    local_rank = int(os.environ.get("LOCAL_RANK", 0))
    world_size = int(os.environ.get("WORLD_SIZE", 1))
    if torch.cuda.is_available():
        torch.cuda.set_device(local_rank)
        device = torch.device("cuda", local_rank)
    else:
        device = torch.device("cpu")
    if world_size > 1:
        dist.init_process_group(backend="nccl" if torch.cuda.is_available() else "gloo")
    return rank, local_rank, world_size, device
'''
# The names the scaffolding binds in the entry function: the script must not use them there already.
TORCHRUN_NAMES = ("rank", "local_rank", "world_size", "device", "sampler", "ddp_model")
# Calls of a script that starts processes or a process group itself (the last parts of their names).
_LAUNCHERS = ("init_process_group", "mp.spawn", "multiprocessing.spawn", "DistributedDataParallel")
_IMPORTS = (
    "import os",
    "import torch.distributed as dist",
    "from torch.nn.parallel import DistributedDataParallel",
)
_SAMPLER_IMPORT = "from torch.utils.data.distributed import DistributedSampler"
_WRAP = (
    "{model} = {model}.to(device)\n",
    "ddp_model = {model}\n",
    "if world_size > 1:\n"
    "    ddp_model = DistributedDataParallel({model}, device_ids=[local_rank] if torch.cuda.is_available() else None)\n",
)
_DESTROY = "if world_size > 1:\n    dist.destroy_process_group()\n"
_NAME = m.Name("__name__")
_MAIN = m.SimpleString(value=m.MatchIfTrue(lambda text: text.strip("'\"") == "__main__"))
_MAIN_GUARD = m.If(
    test=m.Comparison(left=_NAME, comparisons=[m.ComparisonTarget(m.Equal(), _MAIN)])
    | m.Comparison(left=_MAIN, comparisons=[m.ComparisonTarget(m.Equal(), _NAME)])
)
_ONE_NAME_ASSIGNED = m.SimpleStatementLine(
    body=[m.Assign(targets=[m.AssignTarget(target=m.Name())], value=m.Call())]
)


@dataclass(frozen=True)
class Script:
    """The three statements the scaffolding is woven around."""

    entry: cst.FunctionDef
    model: cst.SimpleStatementLine  # ``model = Builder(...)``, a top-level statement of ``entry``
    loader: cst.SimpleStatementLine | None = None  # ``loader = DataLoader(dataset, ...)``, likewise

    @property
    def model_name(self) -> str:
        return _assigned(self.model)


def find_script(tree: Tree, aliases: ImportAliases, builder: str) -> Script | str:
    """The script whose entry function builds its model with ``builder(...)`` (a class or a function
    of the module), or a sentence saying what keeps the scaffolding out."""
    module = tree.root
    assert isinstance(module, cst.Module)
    if any(_launches(aliases, call) for call in tree.of_type(module, cst.Call)):
        return "the script already starts processes or a process group; convert it by hand"
    if aliases.local_name_for("torch") != "torch":
        return "the fix is written against `import torch`, which this file lacks"
    if any(m.matches(s, m.FunctionDef(name=m.Name("setup_distributed"))) for s in module.body):
        return "a `setup_distributed` function exists already"
    entry = entry_function(tree)
    if entry is None:
        return 'no entry point found (an `if __name__ == "__main__":` block calling a function)'
    name = entry.name.value
    model = model_statement(entry, builder)
    if model is None:
        return f"the entry point `{name}()` does not build the model with `{builder}(...)`"
    elsewhere = [call for call in tree.of_type(module, cst.Call) if m.matches(call.func, m.Name(builder))]
    if len(elsewhere) > 1:
        return f"`{builder}(...)` is called {len(elsewhere)} times; the scaffolding wraps one model"
    taken = sorted(
        (assigned_names(tree, entry.body) | {p.name.value for p in entry.params.params}) & set(TORCHRUN_NAMES)
    )
    if taken:
        return f"`{name}()` already uses the names {', '.join(taken)}"
    script = Script(entry, model, loader_statement(entry, aliases))
    unrouted = unrouted_uses(tree, aliases, entry, model)
    if unrouted:
        return (
            f"`{name}()` uses the model without going through the DistributedDataParallel wrapper"
            f" ({'; '.join(unrouted)})"
        )
    return script


def _launches(aliases: ImportAliases, call: cst.Call) -> bool:
    name = aliases.qualify(call.func) or dotted_name(call.func) or ""
    return any(name == launcher or name.endswith("." + launcher) for launcher in _LAUNCHERS)


def scaffolding_edits(tree: Tree, aliases: ImportAliases, script: Script) -> dict[cst.CSTNode, Replacement]:
    """The imports, the helper above the entry function and the new entry function."""
    module = tree.root
    assert isinstance(module, cst.Module)
    wanted = [*_IMPORTS, _SAMPLER_IMPORT] if script.loader is not None else list(_IMPORTS)
    imports = [line for line in (import_if_missing(aliases, w) for w in wanted) if line is not None]
    edits: dict[cst.CSTNode, Replacement] = dict(after_imports(module, imports))
    entry = script.entry
    # The helper goes right above the entry point, with the same blank lines around both.
    helper = cst.parse_module(SETUP_DISTRIBUTED).body[0].with_changes(leading_lines=entry.leading_lines)
    blank_lines = [cst.EmptyLine() for line in entry.leading_lines if line.comment is None] or [
        cst.EmptyLine()
    ]
    new_entry = distributed_entry(tree, aliases, script).with_changes(leading_lines=blank_lines)
    edits[entry] = cst.FlattenSentinel([helper, new_entry])
    return edits


def distributed_entry(tree: Tree, aliases: ImportAliases, script: Script) -> cst.FunctionDef:
    """The entry function with the scaffolding woven into its body."""
    entry, loader = script.entry, script.loader
    assert isinstance(entry.body, cst.IndentedBlock)
    body = list(entry.body.body)
    start = 1 if body and is_docstring(body[0]) else 0
    new_body: list[cst.BaseStatement] = [
        *body[:start],
        cst.parse_statement("rank, local_rank, world_size, device = setup_distributed()\n"),
    ]
    model = script.model_name
    wrapped = False
    for stmt in body[start:]:
        if stmt is loader:
            new_body.extend(_with_sampler(loader))
            continue
        if loader is not None and isinstance(stmt, cst.For) and _iterates(tree, stmt, _assigned(loader)):
            stmt = _with_set_epoch(stmt)
        if wrapped:
            # `model` stays the plain module (its attributes, indexing and state_dict keys unchanged);
            # the forward passes go through the DistributedDataParallel wrapper, which syncs gradients.
            stmt = cast(
                cst.BaseStatement, stmt.visit(_CallThrough(model))
            )  # it renames calls: still a statement
        new_body.append(stmt)
        if stmt is script.model:
            wrapped = True
            new_body.extend(cst.parse_statement(line.format(model=model)) for line in _WRAP)
    destroy = cst.parse_statement(_DESTROY)
    if m.matches(new_body[-1], m.SimpleStatementLine(body=[m.Return()])):
        new_body.insert(len(new_body) - 1, destroy)
    else:
        new_body.append(destroy)
    new_entry = entry.with_changes(body=entry.body.with_changes(body=new_body))
    return cst.ensure_type(new_entry.visit(_OnRankZero(aliases)), cst.FunctionDef)  # (it wraps lines inside)


def entry_function(tree: Tree) -> cst.FunctionDef | None:
    """The module-level function that ``if __name__ == "__main__":`` calls."""
    module = tree.root
    assert isinstance(module, cst.Module)
    functions = {
        s.name.value: s
        for s in module.body
        if isinstance(s, cst.FunctionDef) and m.matches(s, m.FunctionDef(body=m.IndentedBlock()))
    }
    for stmt in module.body:
        if not (isinstance(stmt, cst.If) and m.matches(stmt, _MAIN_GUARD)):
            continue
        for call in tree.of_type(stmt.body, cst.Call):
            name = dotted_name(call.func)
            if name in functions:
                return functions[name]
    return None


def model_statement(entry: cst.FunctionDef, builder: str) -> cst.SimpleStatementLine | None:
    """``model = builder(...)`` among the entry function's top-level statements."""
    wanted = m.SimpleStatementLine(
        body=[m.Assign(targets=[m.AssignTarget(target=m.Name())], value=m.Call(func=m.Name(builder)))]
    )
    return next(
        (s for s in _top_level(entry) if isinstance(s, cst.SimpleStatementLine) and m.matches(s, wanted)),
        None,
    )


def loader_statement(entry: cst.FunctionDef, aliases: ImportAliases) -> cst.SimpleStatementLine | None:
    """``loader = DataLoader(dataset, ...)`` (dataset a plain name, no sampler yet) among the entry
    function's top-level statements."""
    for stmt in _top_level(entry):
        if not (isinstance(stmt, cst.SimpleStatementLine) and m.matches(stmt, _ONE_NAME_ASSIGNED)):
            continue
        call = cst.ensure_type(line_statement(stmt, cst.Assign).value, cst.Call)  # as matched
        args = positional(call)
        if (
            aliases.qualify(call.func) == "torch.utils.data.DataLoader"
            and args
            and isinstance(args[0].value, cst.Name)
            and kwarg(call, "sampler") is None
        ):
            return stmt
    return None


class _CallThrough(cst.CSTTransformer):
    """``model(x)`` -> ``ddp_model(x)``."""

    def __init__(self, model: str) -> None:
        super().__init__()
        self.model = model

    def leave_Call(self, original_node: cst.Call, updated_node: cst.Call) -> cst.Call:
        if m.matches(updated_node.func, m.Name(self.model)):
            return updated_node.with_changes(func=cst.Name("ddp_model"))
        return updated_node


class _OnRankZero(cst.CSTTransformer):
    """``print(...)`` and ``torch.save(...)`` statements run on rank 0 only."""

    def __init__(self, aliases: ImportAliases) -> None:
        super().__init__()
        self.aliases = aliases

    def leave_SimpleStatementLine(
        self, original_node: cst.SimpleStatementLine, updated_node: cst.SimpleStatementLine
    ) -> cst.BaseStatement:
        if not m.matches(updated_node, m.SimpleStatementLine(body=[m.Expr(value=m.Call())])):
            return updated_node
        call = cst.ensure_type(line_statement(updated_node, cst.Expr).value, cst.Call)  # as matched
        if dotted_name(call.func) != "print" and self.aliases.qualify(call.func) != "torch.save":
            return updated_node
        return cst.If(
            test=cst.parse_expression("rank == 0"),
            body=cst.IndentedBlock(body=[updated_node.with_changes(leading_lines=[])]),
            leading_lines=updated_node.leading_lines,
        )


def _with_sampler(loader: cst.SimpleStatementLine) -> list[cst.BaseStatement]:
    """``sampler = DistributedSampler(dataset, ...)`` and the loader reading from it."""
    assign = loader.body[0]
    assert isinstance(assign, cst.Assign) and isinstance(assign.value, cst.Call)
    call = assign.value
    dataset = code_of(positional(call)[0].value)
    shuffle = kwarg(call, "shuffle")
    shuffle_code = code_of(shuffle.value) if shuffle is not None else "False"
    sampler = cst.parse_statement(
        f"sampler = DistributedSampler({dataset}, shuffle={shuffle_code}) if world_size > 1 else None\n"
    ).with_changes(leading_lines=loader.leading_lines)
    if shuffle is not None and shuffle_code != "False":
        # DataLoader refuses shuffle=True beside a sampler: the sampler shuffles instead.
        alone = "sampler is None" if shuffle_code == "True" else f"sampler is None and {shuffle_code}"
        call = with_arg_value(call, shuffle, cst.parse_expression(alone))
    call = with_kwarg(call, "sampler", cst.Name("sampler"))
    new_loader = loader.with_changes(body=[assign.with_changes(value=call)], leading_lines=[])
    return [sampler, new_loader]


def _with_set_epoch(loop: cst.For) -> cst.For:
    epoch = dotted_name(loop.target)
    if epoch is None or epoch == "_":
        epoch = "epoch"
        loop = loop.with_changes(target=cst.Name("epoch"))
    set_epoch = cst.parse_statement(f"if sampler is not None:\n    sampler.set_epoch({epoch})\n")
    assert isinstance(loop.body, cst.IndentedBlock)
    return loop.with_changes(body=loop.body.with_changes(body=[set_epoch, *loop.body.body]))


def _iterates(tree: Tree, loop: cst.For, name: str) -> bool:
    """Does ``loop`` (or a loop inside it) iterate over ``name``?"""
    return any(dotted_name(inner.iter) == name for inner in tree.of_type(loop, cst.For))


def _top_level(entry: cst.FunctionDef) -> list[cst.BaseStatement]:
    return list(entry.body.body) if isinstance(entry.body, cst.IndentedBlock) else []


def _assigned(stmt: cst.SimpleStatementLine) -> str:
    assign = stmt.body[0]
    assert isinstance(assign, cst.Assign)
    name = dotted_name(assign.targets[0].target)
    assert name is not None
    return name
