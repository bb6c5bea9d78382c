"""The other values of a batch, when the loop moves one of them where it feeds the model.

    for states_i, returns_i in self.minibatches(states, returns):
        value = self.critic(states_i.to(device))
        loss = (returns_i - value).pow(2).mean()

The loop moves ``states_i`` in the model's call: its batches arrive in host memory. ``returns_i``, a
value of the same unpacking, meets what the model computed on the device without a move, and the step
stops on a GPU. It is moved where it meets the output, the way its partner was moved
(``returns_i.to(device)``): its other uses stay as they are.

Only plain shapes count. The partner is moved in the call of a model on a device, to the device the
model was moved to; the output is that call or a name bound to it alone (``value = critic(...)``, not
``_, _, dist = actor(...)``), met in arithmetic (``returns_i - value``) or as an argument of a loss
(``F.mse_loss(value, returns_i)``, ``criterion(value, returns_i)``) in the loop's own simple statements;
the other value is a plain name of the batch, never re-bound in the loop. A model whose ``forward``
brings results back to the host (``Normal(mean.cpu(), sigma)``) is left alone.

A move needs a tensor: a Python number that meets a tensor (``reward - value``) is no problem, and has
no ``.to()``. So a value counts only when the code shows it is a tensor: it is an argument of a torch
loss (``F.mse_loss``, an ``nn.MSELoss()`` of the file), a tensor-only method is called on it in the
loop (``returns_i.detach()``), or the loop reads a generator of this file that yields an item of one
of its parameters (``yield states[ids], returns[ids]``), to which every caller of the loop's function
passes a tensor (``returns.detach()``, not moved: one passed moved is on the device already).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import libcst as cst

from codemods.analysis.batches import Batch, data_node
from codemods.analysis.model_moves import MovedModel, runs_model
from codemods.analysis.moved_models import argument_for
from codemods.analysis.tensor_values import LOSS_CALL
from codemods.core.dataflow import assigned_names
from codemods.core.local_functions import LocalFunctions
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import SuiteStatement, called_method, code_of, func_attribute, method_chain
from codemods.core.torch_names import FACTORIES, Move, as_move, is_simple_device, move_call, moves_device
from codemods.core.tree import Tree
from codemods.rules.dev001_input_not_on_device._model_inputs import is_lengths, used_on_host
from codemods.rules.dev001_input_not_on_device._moved_data import MovedData

# Methods only a tensor has (not a Python number, a list or a NumPy array).
_TENSOR_ONLY_METHODS = frozenset(
    "detach float long half double bfloat16 unsqueeze contiguous permute size numel cuda type_as view_as"
    " expand_as requires_grad_ masked_fill".split()
)
# torch functions that make a tensor from their arguments.
_TENSOR_MAKERS = FACTORIES | {
    f"torch.{n}" for n in "cat stack from_numpy FloatTensor LongTensor Tensor".split()
}
_FUNCTIONAL = "torch.nn.functional."
_FUNCTIONAL_LOSSES = frozenset(
    "cross_entropy nll_loss mse_loss l1_loss smooth_l1_loss huber_loss binary_cross_entropy kl_div"
    " binary_cross_entropy_with_logits poisson_nll_loss gaussian_nll_loss soft_margin_loss".split()
)
_LOSS_MODULE = re.compile(r"^torch\.nn\.\w+Loss$")


@dataclass(frozen=True)
class Partner:
    """A value of a batch that meets a model's output unmoved, while another value of it is moved."""

    name: str  # the value left in host memory: `returns_i`
    moved: str  # its partner, moved in the model's call: `states_i`
    model: str  # the model, as the loop spells it
    move: Move  # the partner's move, mirrored
    uses: tuple[cst.BaseExpression, ...]  # where it meets the output: the expressions to move
    why_not_moved: str  # why the fix is withheld (empty: it is not)

    def moves(self) -> dict[cst.CSTNode, cst.CSTNode]:
        return {use: move_call(use, self.move) for use in self.uses}


def batch_partners(
    tree: Tree,
    aliases: ImportAliases,
    moved_data: MovedData,
    loop: cst.For | cst.While,
    batch: Batch,
    models: Sequence[MovedModel],
    function: cst.FunctionDef | None,
) -> list[Partner]:
    """The values of ``batch`` (the batch of ``loop``, in ``function``) that meet the output of one of
    ``models`` unmoved while another value of the batch is moved in that model's call."""
    found: dict[str, tuple[str, str, Move, list[cst.BaseExpression]]] = {}
    if any(dotted_name(c.func) == "zip" for c in tree.of_type(batch.source, cst.Call)):
        return []  # values side by side from several iterables: no one batch
    for model in models:
        if (
            model.why_unsure
            or moved_data.forward_moves_inputs(model.name)
            or moved_data.forward_brings_back(model.name)
        ):
            continue
        for use, name, moved, move in _uses(tree, aliases, batch, model):
            entry = found.setdefault(name, (moved, model.name, move, []))
            if all(use is not u for u in entry[3]) and _place(move) == _place(entry[2]):
                entry[3].append(use)
    if not found:
        return []
    partners = []
    functions = LocalFunctions(tree)
    for name, (moved, model_name, move, uses) in found.items():
        if any(name in assigned_names(tree, stmt) for stmt in batch.rest) or is_lengths(name):
            continue  # re-bound in the loop: it may be anything there
        handed_in = _handed_in_tensor(tree, aliases, functions, loop, name, function)
        if handed_in == "moved" or not (handed_in or _shown_tensor(tree, aliases, name, batch.rest, uses)):
            continue  # on the device already, or maybe a number: no finding
        why = f"`{name}` is also used in host memory" if used_on_host(tree, aliases, name, batch.rest) else ""
        partners.append(Partner(name, moved, model_name, move, tuple(uses), why))
    return partners


def _uses(
    tree: Tree, aliases: ImportAliases, batch: Batch, model: MovedModel
) -> Iterator[tuple[cst.BaseExpression, str, str, Move]]:
    """Each place in the loop's simple statements where a value of ``batch`` meets the output of a call
    of ``model`` in which another value of it is moved: (the expression, its name, the moved one, the
    move)."""
    outputs: dict[str, tuple[str, Move]] = {}  # names holding an output: the moved value and its move
    for stmt in batch.rest:
        if not isinstance(stmt, cst.SimpleStatementLine):
            for name in assigned_names(tree, stmt):
                outputs.pop(name, None)
            continue
        calls: dict[int, tuple[str, Move]] = {}
        for call in tree.of_type(stmt, cst.Call):
            if runs_model(dotted_name(call.func), model.name):
                moved = _moved_value(aliases, call, batch.names, model.move)
                if moved is not None:
                    calls[id(call)] = moved

        def output(node: cst.BaseExpression, calls: dict[int, tuple[str, Move]]) -> tuple[str, Move] | None:
            root = data_node(node, aliases)
            return calls.get(id(root)) or outputs.get(dotted_name(root) or "")

        for groups in _meetings(tree, aliases, stmt):
            for out_side in groups:
                source = output(out_side, calls)
                if source is None:
                    continue
                for side in groups:
                    root = data_node(side, aliases)
                    if side is not out_side and isinstance(root, cst.Name) and root.value in batch.names:
                        if root.value != source[0]:
                            yield side, root.value, *source
        for name in assigned_names(tree, stmt):
            outputs.pop(name, None)
        for small in stmt.body:
            if (
                isinstance(small, cst.Assign)
                and len(small.targets) == 1
                and isinstance(small.targets[0].target, cst.Name)
            ):
                source = calls.get(id(data_node(small.value, aliases)))
                if source is not None:
                    outputs[small.targets[0].target.value] = source


def _moved_value(
    aliases: ImportAliases, call: cst.Call, names: list[str], model_move: Move
) -> tuple[str, Move] | None:
    """``model(x.to(device))``: the value of the batch moved in ``call``, to where the model was moved."""
    for arg in call.args:
        move = as_move(arg.value) if not arg.star else None
        if move is None or not moves_device(move, aliases) or not is_simple_device(move.device, aliases):
            continue
        subject = data_node(move.subject, aliases)
        if isinstance(subject, cst.Name) and subject.value in names and _place(move) == _place(model_move):
            return subject.value, move
    return None


def _place(move: Move) -> tuple[str, str | None]:
    """Where ``move`` sends its subject, as written: ``("to", "device")``, ``("cuda", None)``."""
    return move.method, code_of(move.device) if move.device is not None else None


def _meetings(tree: Tree, aliases: ImportAliases, stmt: cst.CSTNode) -> Iterator[list[cst.BaseExpression]]:
    """The operands that meet in ``stmt``: both sides of ``a - b``, the arguments of a loss."""
    for node in tree.of_type(stmt, (cst.BinaryOperation, cst.Call)):
        if isinstance(node, cst.BinaryOperation):
            yield [node.left, node.right]
        elif _is_loss(aliases, node) or LOSS_CALL.search(dotted_name(node.func) or ""):
            yield [a.value for a in node.args if not a.star]


def _is_loss(aliases: ImportAliases, call: cst.Call) -> bool:
    """``F.mse_loss(...)``: a torch loss function, which takes tensors only."""
    qualified = aliases.qualify(call.func) or ""
    name = qualified[len(_FUNCTIONAL) :]
    return qualified.startswith(_FUNCTIONAL) and (name in _FUNCTIONAL_LOSSES or name.endswith("_loss"))


def _loss_modules(tree: Tree, aliases: ImportAliases) -> set[str]:
    """Names bound in the file to a torch loss module (``criterion = nn.MSELoss()``)."""
    return {
        name
        for assign in tree.of_type(tree.root, cst.Assign)
        if isinstance(assign.value, cst.Call) and _LOSS_MODULE.match(aliases.qualify(assign.value.func) or "")
        for target in assign.targets
        if (name := dotted_name(target.target)) is not None
    }


def _shown_tensor(
    tree: Tree,
    aliases: ImportAliases,
    name: str,
    body: Sequence[SuiteStatement],
    uses: list[cst.BaseExpression],
) -> bool:
    """Does the loop show that ``name`` is a tensor: a tensor-only method called on it, or each of its
    ``uses`` an argument of a torch loss?"""
    for stmt in body:
        for call in tree.of_type(stmt, cst.Call):
            if (
                called_method(call) in _TENSOR_ONLY_METHODS
                and dotted_name(func_attribute(call).value) == name
            ):
                return True
    losses = _loss_modules(tree, aliases)

    def in_loss(use: cst.BaseExpression) -> bool:
        call = tree.parent(tree.parent(use))  # use -> Arg -> Call
        return isinstance(call, cst.Call) and (_is_loss(aliases, call) or dotted_name(call.func) in losses)

    return all(in_loss(use) for use in uses)


def _handed_in_tensor(
    tree: Tree,
    aliases: ImportAliases,
    functions: LocalFunctions,
    loop: cst.For | cst.While,
    name: str,
    function: cst.FunctionDef | None,
) -> str:
    """Is ``name`` (a target of ``loop``) an item of a tensor every caller hands in: "tensor", "moved"
    (a caller moves it to the device), or "" (unknown)? The loop reads a generator of this file that
    yields an item of one of its parameters at ``name``'s place, fed a parameter of ``function``."""
    if (
        not isinstance(loop, cst.For)
        or function is None
        or not isinstance(loop.target, (cst.Tuple, cst.List))
    ):
        return ""
    targets = [e.value for e in loop.target.elements]
    place = next((i for i, t in enumerate(targets) if isinstance(t, cst.Name) and t.value == name), None)
    source = loop.iter
    generator = functions.callee(source) if isinstance(source, cst.Call) and place is not None else None
    if generator is None or place is None or not isinstance(source, cst.Call):  # (a generator is called)
        return ""
    param = _yielded_parameter(tree, generator, place, len(targets))
    if param is None:
        return ""
    position = _position(functions, generator, param, source)
    handed = argument_for(source, position, param) if position is not None else None
    outer = dotted_name(handed) if isinstance(handed, cst.Name) else None
    if outer is None or outer not in _parameters(function) or outer in assigned_names(tree, function.body):
        return ""
    callers = _calls_to(tree, functions, function)
    if not callers:
        return ""
    verdict = "tensor"
    for call in callers:
        position = _position(functions, function, outer, call)
        passed = argument_for(call, position, outer) if position is not None else None
        if passed is None:
            return ""
        if any(as_move(c) is not None for c in (passed, *tree.of_type(passed, cst.Call))):
            verdict = "moved"
        elif not _makes_tensor(aliases, passed):
            return ""
    return verdict


def _yielded_parameter(tree: Tree, generator: cst.FunctionDef, place: int, width: int) -> str | None:
    """The parameter of ``generator`` whose item (``param[ids]``) or whole every ``yield`` gives at ``place``
    of a tuple of ``width`` values; None when they differ or it is re-bound."""
    found: set[str] = set()
    yields = tree.of_type(generator.body, cst.Yield)
    for expression in yields:
        value = expression.value
        if not isinstance(value, cst.Tuple) or len(value.elements) != width:
            return None
        item = value.elements[place].value
        root = item.value if isinstance(item, cst.Subscript) else item
        if not isinstance(root, cst.Name):
            return None
        found.add(root.value)
    if len(found) != 1:
        return None
    param = found.pop()
    if param not in _parameters(generator) or param in assigned_names(tree, generator.body):
        return None
    return param


def _parameters(function: cst.FunctionDef) -> list[str]:
    return [p.name.value for p in function.params.params]


def _position(functions: LocalFunctions, function: cst.FunctionDef, param: str, call: cst.Call) -> int | None:
    """Where ``call`` passes ``param`` positionally: a method called on an object skips ``self``. None
    when the call's shape does not say (a static method, a method called by a plain name)."""
    params = _parameters(function)
    method = functions.enclosing_class(function) is not None
    if method != isinstance(call.func, cst.Attribute) or (
        method and (function.decorators or params[0] != "self")
    ):
        return None
    return params.index(param) - (1 if method else 0)


def _calls_to(tree: Tree, functions: LocalFunctions, function: cst.FunctionDef) -> list[cst.Call]:
    """The calls of ``function`` in the file; for a method, every ``obj.name(...)`` when no other
    function of the file has its name."""
    if functions.enclosing_class(function) is None:
        return functions.calls_to(function)
    name = function.name.value
    if sum(f.name.value == name for f in tree.of_type(tree.root, cst.FunctionDef)) != 1:
        return []
    return [call for call in tree.of_type(tree.root, cst.Call) if called_method(call) == name]


def _makes_tensor(aliases: ImportAliases, node: cst.BaseExpression) -> bool:
    """``returns.detach()``, ``torch.cat(parts)``: an expression that is a tensor as written."""
    chain = method_chain(node, aliases)
    if any(called_method(link) in _TENSOR_ONLY_METHODS for link in chain[1:]):
        return True
    root = chain[0]
    return isinstance(root, cst.Call) and aliases.qualify(root.func) in _TENSOR_MAKERS
