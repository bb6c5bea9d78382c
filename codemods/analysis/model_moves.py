"""A move of a model as one block of code sees it, and the moves a block makes itself.

A block (the module's body, or a function's) moves a model with ``model.to(device)``,
``model = Net().cuda()`` or ``self.model = model.to(self.device)``, or asks where it is
(``device = next(model.parameters()).device``), or gets it from a function of the file that moved
it (``model = build_model(args)``); ``ddp = DistributedDataParallel(model)`` or
``fast = torch.compile(model)`` then run on the same device. A move under a plain, stable condition
(``if use_cuda:``, ``if torch.cuda.is_available():``) keeps that condition as its guard: data moved
under the same guard follows the model. A move to the CPU puts nothing on a device.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass

import libcst as cst
import libcst.matchers as m

from codemods.analysis.nn_modules import model_move
from codemods.analysis.values import WRAPPERS, Values
from codemods.core.dataflow import Step, assigned_names, names_in
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import assigned_chain, func_attribute, method_chain, single_target
from codemods.core.torch_names import Move, as_move, is_cpu_device, moves_device
from codemods.core.tree import Tree

LOOPS = (cst.For, cst.While)
MOVED_UNDER_A_CONDITION = "it is moved only under a condition"
# Methods every nn.Module has that do not run it on data: calling them feeds the model nothing.
_BOOKKEEPING = frozenset(
    "parameters named_parameters buffers named_buffers state_dict load_state_dict train eval to cuda cpu"
    " zero_grad apply modules named_modules children named_children requires_grad_ register_buffer"
    " register_parameter add_module half float double".split()
)
# `device = next(model.parameters()).device`
_ASKS_MODEL_DEVICE = m.Assign(
    targets=[m.AssignTarget(m.Name())],
    value=m.Attribute(
        value=m.Call(func=m.Name("next"), args=[m.Arg(m.Call(func=m.Attribute(attr=m.Name("parameters"))))]),
        attr=m.Name("device"),
    ),
)
_MAIN_GUARD = m.If(
    test=m.Comparison(left=m.Name("__name__"), comparisons=[m.ComparisonTarget(m.Equal(), m.SimpleString())]),
    body=m.IndentedBlock(),
    orelse=None,
)
_TO_HOST = m.Call(func=m.Attribute(attr=m.Name("cpu"))) | m.Call(
    func=m.Attribute(attr=m.Name("to")), args=[m.Arg(m.SimpleString(m.MatchIfTrue(lambda s: "cpu" in s)))]
)


@dataclass(frozen=True)
class MovedModel:
    name: str  # as the block spells it: `model`, `self.model`
    move: Move  # its device is spelled as the block may spell it
    index: int  # the step at which it is moved; -1 when it is moved before the block runs
    conditional: bool  # moved only under a condition, or the block cannot name the device
    why_unsure: str = ""  # why data fed to it cannot be moved for sure (empty: it can), for a message
    guard: cst.BaseExpression | None = None  # the stable condition it was moved under (`use_cuda`)


@dataclass
class Block:
    function: cst.FunctionDef | None  # None for the module's own body
    statements: Sequence[cst.BaseStatement]
    steps: list[Step]
    moves: list[MovedModel]  # moved in the block itself


def runs_model(func: str | None, model: str) -> bool:
    """``model(x)``, ``model.decoder(x)``, ``model.forward(x)``: a call (``func``, its dotted name) that
    runs ``model``, a submodule or a method of it on its arguments."""
    if func is None or not func.startswith(model):
        return False
    return func == model or (func[len(model)] == "." and func.rsplit(".", 1)[1] not in _BOOKKEEPING)


def why_unsure(moved: MovedModel) -> str:
    return moved.why_unsure or (MOVED_UNDER_A_CONDITION if moved.conditional and moved.guard is None else "")


def block_moves(
    tree: Tree,
    aliases: ImportAliases,
    block: Block,
    builders: Mapping[str, Move] | None = None,
    visible: Callable[[str], bool] = lambda name: False,
    values: Values | None = None,
) -> list[MovedModel]:
    """The moves ``block`` makes itself, in order, then the wrappers of the models it moved.
    ``builders``: the file's functions that return a model they moved (``model = build_model()``
    moves ``model`` as ``build_model`` moved it; see :func:`returned_model_moves`); ``visible``: the
    module-level names the block may read, to name their device as the builder did; ``values``: the
    file's value model, for the models a call of the file's own function or class moves
    (``setup(model)``, ``Trainer(model)``): on a device after the call, its device named only there."""
    moves: list[MovedModel] = []
    for index, step in enumerate(block.steps):
        node = step.node
        if not isinstance(node, (cst.Assign, cst.Expr)):
            continue
        found = model_move(node, aliases) or _attribute_move(node, aliases)
        if found is None and builders and isinstance(node, cst.Assign):
            found = _built_moved(node, builders, visible)
        asks = isinstance(node.value, cst.Attribute) and node.value.attr.value == "device"  # cheap test first
        if asks and m.matches(node, _ASKS_MODEL_DEVICE):  # which has made sure of the classes below
            assign = cst.ensure_type(node, cst.Assign)
            asked = cst.ensure_type(cst.ensure_type(assign.value, cst.Attribute).value, cst.Call)  # next(...)
            model = dotted_name(func_attribute(cst.ensure_type(asked.args[0].value, cst.Call)).value)
            device = assign.targets[0].target
            found = (model, Move(asked, cst.parse_expression(model), "to", device)) if model else None
        if found and not is_cpu_device(found[1].device, aliases):
            guard = _stable_guard(tree, aliases, block, index) if step.conditional else None
            unsure = MOVED_UNDER_A_CONDITION if step.conditional and guard is None else ""
            moves.append(MovedModel(found[0], found[1], index, step.conditional, unsure, guard))
        elif found is None and values is not None:
            moves.extend(_moved_by_calls(tree, values, node, index))
    return moves + wrappers(aliases, moves, block.steps)


def _moved_by_calls(tree: Tree, values: Values, node: cst.Assign | cst.Expr, index: int) -> list[MovedModel]:
    """The models the calls of one statement move inside the file's own functions or classes."""
    found: list[MovedModel] = []
    for call in tree.of_type(node, cst.Call):
        for name in sorted(values.moved_by_call(call)):
            move = Move(call, cst.parse_expression(name), "cuda", None)
            unsure = f"it is moved inside `{dotted_name(call.func)}(...)`, which names its device there"
            found.append(MovedModel(name, move, index, True, unsure))
    return found


def returned_model_moves(
    tree: Tree, aliases: ImportAliases, function: cst.FunctionDef, block: Block
) -> Move | None:
    """How ``function`` moves the model it returns: ``model.to(device)`` then ``return model`` (the
    move not under a condition), or ``return Net().to(device)``; None when it returns no moved model.
    The move's device is the function's; :func:`_built_moved` respells it for the caller."""
    last = block.statements[-1] if block.statements else None
    small = last.body[0] if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 else None
    if not isinstance(small, cst.Return) or small.value is None:
        return None
    returned = dotted_name(small.value)
    if returned is not None:
        moved = [mm for mm in block.moves if mm.name == returned and not mm.conditional]
        later = [s for s in block.steps if s.node is not None and returned in assigned_names(tree, s.node)]
        if moved and not any(block.steps.index(s) > moved[-1].index for s in later):
            return moved[-1].move
        return None
    chain = method_chain(small.value, aliases)
    if len(chain) > 1 and isinstance(chain[0], cst.Call):
        move = as_move(chain[-1])
        if move is not None and moves_device(move, aliases) and not is_cpu_device(move.device, aliases):
            return move
    return None


def _built_moved(
    node: cst.Assign, builders: Mapping[str, Move], visible: Callable[[str], bool]
) -> tuple[str, Move] | None:
    """``model = build_model(args)`` with ``build_model`` returning a model it moved: a move of
    ``model`` to the builder's device when that is a module-level name this block sees (``device``),
    else to the model's own (``next(model.parameters()).device``)."""
    target = single_target(node)
    if target is None or not isinstance(node.value, cst.Call):
        return None
    move = builders.get(dotted_name(node.value.func) or "")
    if move is None:
        return None
    device = move.device
    if not (isinstance(device, cst.Name) and visible(device.value)):
        device = cst.parse_expression(f"next({target}.parameters()).device")
    return target, Move(node.value, cst.parse_expression(target), "to", device)


def _attribute_move(node: cst.BaseSmallStatement, aliases: ImportAliases) -> tuple[str, Move] | None:
    """``self.model = model.to(self.device)``: a model handed to a constructor, moved and kept.
    (Whether it is a model, not a tensor, is decided by its being called.)"""
    assigned = assigned_chain(node, aliases)
    if assigned is None or "." not in assigned[0] or not isinstance(assigned[1][0], cst.Name):
        return None
    for link in assigned[1][1:]:
        move = as_move(link)
        if move and moves_device(move, aliases):
            return assigned[0], move
    return None


def _stable_guard(tree: Tree, aliases: ImportAliases, block: Block, index: int) -> cst.BaseExpression | None:
    """``use_cuda`` for a move written as ``if use_cuda: model.cuda()`` directly in the block: a test
    that names a flag or asks ``torch.cuda.is_available()``, not bound again after the move."""
    line = tree.parent(block.steps[index].node)
    suite = tree.parent(line) if line is not None else None
    branch = tree.parent(suite) if suite is not None else None
    if not (
        isinstance(branch, cst.If) and branch.orelse is None and any(s is branch for s in block.statements)
    ):
        return None
    test = branch.test
    flag = isinstance(test, (cst.Name, cst.Attribute)) and dotted_name(test) is not None
    if not (
        flag or (m.matches(test, m.Call(args=[])) and aliases.qualify(test) == "torch.cuda.is_available")
    ):
        return None
    later = {n for step in block.steps[index + 1 :] for n in assigned_names(tree, step.node)}
    return test if not names_in(tree, test) & later else None


def wrappers(aliases: ImportAliases, moved: list[MovedModel], steps: list[Step]) -> list[MovedModel]:
    """``ddp = DistributedDataParallel(model)``, ``fast = torch.compile(model)``, ``alias = model``:
    names that call a moved model are moved models too."""
    found: list[MovedModel] = []
    if not moved:  # a wrapper wraps a moved model (or a wrapper of one, found here from those)
        return found
    for index, step in enumerate(steps):
        node = step.node
        if not (isinstance(node, cst.Assign) and len(node.targets) == 1):
            continue
        target = dotted_name(node.targets[0].target)
        if target is None:  # (`x[i] = model`: nothing that names a model)
            continue
        values = [node.value.body, node.value.orelse] if isinstance(node.value, cst.IfExp) else [node.value]
        for value in values:
            if isinstance(value, cst.Call) and aliases.qualify(value.func) in WRAPPERS and value.args:
                value = value.args[0].value
            source = next(
                (mm for mm in moved + found if dotted_name(value) == mm.name and mm.index < index), None
            )
            if source is not None and target != source.name:
                unsure = why_unsure(source) or (MOVED_UNDER_A_CONDITION if step.conditional else "")
                guard = source.guard if not step.conditional else None
                conditional = source.conditional or step.conditional
                found.append(MovedModel(target, source.move, index, conditional, unsure, guard))
                break
    return found


def brings_back(node: cst.CSTNode, name: str, aliases: ImportAliases) -> bool:
    """``model.cpu()``, ``model = model.to("cpu")``: the model back in host memory."""
    if not isinstance(node, (cst.Assign, cst.Expr)) or (
        isinstance(node, cst.Assign) and single_target(node) != name
    ):
        return False
    chain = method_chain(node.value, aliases)
    return dotted_name(chain[0]) == name and any(m.matches(link, _TO_HOST) for link in chain[1:])


def blocks_of(
    tree: Tree, module: cst.Module
) -> Iterator[tuple[cst.FunctionDef | None, Sequence[cst.BaseStatement]]]:
    """The module's body (with the body of ``if __name__ == "__main__":`` as its own: it runs when the
    script does), then each function's."""
    statements: list[cst.BaseStatement] = []
    for stmt in module.body:
        if isinstance(stmt, cst.If) and m.matches(
            stmt, _MAIN_GUARD
        ):  # the type test first: a matcher is slow
            statements += cst.ensure_type(stmt.body, cst.IndentedBlock).body  # as the matcher has made sure
        else:
            statements.append(stmt)
    yield None, statements
    for function in tree.of_type(module, cst.FunctionDef):
        if isinstance(function.body, cst.IndentedBlock):
            yield function, function.body.body
