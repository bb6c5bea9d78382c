"""Tensors a block creates in host memory and then feeds to a model that is on a device there.

A factory without ``device=`` (``src = torch.randint(...)``) is fixed where it is called; a tensor
made from host data (``torch.from_numpy(a)``, ``torch.FloatTensor(state)``, also inside
``Variable(...)``) is moved right after it is made, as legacy reinforcement-learning loops forget to
do with each new observation (``next_state`` made at the bottom of the loop, fed at the top as
``state``). Sequence lengths are left alone (see
:mod:`codemods.rules.dev001_input_not_on_device._model_inputs`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from itertools import chain

import libcst as cst
import libcst.matchers as m

from codemods.analysis.batches import (
    data_node,
    data_root,
    is_variable,
    moved_names_statement,
    rebinding,
    under_guard,
)
from codemods.analysis.model_moves import MOVED_UNDER_A_CONDITION
from codemods.analysis.moved_models import LOOPS, Block, MovedModel, MovedModels, runs_model
from codemods.core.dataflow import Step, assigned_names, names_in
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import code_of, kwarg, method_chain, single_target, with_kwarg
from codemods.core.torch_names import (
    FACTORIES,
    LEGACY_TENSOR_DTYPES,
    RANDOM_FACTORIES,
    RANDOM_FILLS,
    as_move,
    is_simple_device,
    move_call,
    shown_a_device,
)
from codemods.core.tree import Tree
from codemods.rules.dev001_input_not_on_device._model_inputs import is_lengths, used_on_host

_ONE_STATEMENT = m.SimpleStatementLine([m.DoNotCare()])
# Callees that compare a model's output with a target: `criterion`, `loss_fn`, `F.cross_entropy`.
_LOSS = re.compile(r"loss|criterion|cross_entropy|nll|kl_div|bce", re.IGNORECASE)
_FROM_HOST_DATA = frozenset(
    {"torch.from_numpy", "torch.Tensor", *(f"torch.{kind}" for kind in LEGACY_TENSOR_DTYPES)}
)
_MAKERS = frozenset(q.rsplit(".", 1)[-1] for q in (*FACTORIES, *_FROM_HOST_DATA))


@dataclass(frozen=True)
class VisibleNames:
    """The names visible at a point of a block: the imports and what the block bound before that point,
    and, in a function, the module's names it does not bind itself. The module's part is shared, not
    copied for each statement: a large generated module has thousands of names and as many statements."""

    own: frozenset[str]
    module: frozenset[str] | set[str] = frozenset()
    shadowed: frozenset[str] | set[str] = frozenset()

    def __contains__(self, name: object) -> bool:
        return name in self.own or (name in self.module and name not in self.shadowed)

    def cover(self, names: set[str]) -> bool:
        return all(name in self for name in names)


@dataclass(frozen=True)
class CreatedInput:
    name: str  # the name it is bound to, or its code when it is made right in the model's call
    made: cst.Call  # a factory call without device= (fixed with device=), else the value (moved after)
    is_factory: bool
    model: MovedModel  # the model it is fed to
    bound: VisibleNames  # the names visible where it is made (a device expression may only use those)
    on_host: bool  # also used where it must stay in host memory (`.numpy()`): report only
    statement: cst.BaseSmallStatement | None  # the assignment that binds it (None: made in the call)

    @property
    def fixed_in_place(self) -> bool:
        """A factory gets ``device=``, unless the model is moved under a guard: then the tensor is too."""
        return self.is_factory and self.model.guard is None

    def _device(self) -> cst.BaseExpression | None:
        move = self.model.move
        if self.fixed_in_place and move.method == "cuda":
            # `.cuda()` means the current CUDA device; `.cuda(i)` has no factory spelling we trust.
            return cst.SimpleString('"cuda"') if move.device is None else None
        return move.device

    def why_not_moved(self, tree: Tree, aliases: ImportAliases) -> str:
        """Why it cannot be moved for sure (empty when it can)."""
        device = self._device()
        nameable = (self.model.move.method == "cuda" and not self.fixed_in_place) or (
            device is not None
            and is_simple_device(device, aliases)
            and self.bound.cover(names_in(tree, device))
            # `Net().to(ref)` with `ref` a tensor moves the model and casts it to ref's dtype: `device=ref`
            # would raise, so the device must be shown to be one.
            and shown_a_device(tree, device)
        )
        line = tree.parent(self.statement) if self.statement is not None else None
        return (
            self.model.why_unsure
            or ("" if nameable else "its device cannot be named here")
            or (f"`{self.name}` is also used in host memory" if self.on_host else "")
            or (
                MOVED_UNDER_A_CONDITION
                if self.model.guard is not None and not (line is not None and m.matches(line, _ONE_STATEMENT))
                else ""
            )
        )

    def moves(self, tree: Tree) -> dict[cst.CSTNode, cst.CSTNode | cst.FlattenSentinel]:
        """``device=`` on the factory; ``.to(device)`` after the value; under a guard, ``if use_cuda:
        x = x.cuda()`` after the line that makes it."""
        # Asked only when why_not_moved finds nothing: a guarded statement is alone on its line, and a
        # factory fixed in place has a device.
        guard = self.model.guard
        if guard is not None:
            line = cst.ensure_type(tree.parent(self.statement), cst.SimpleStatementLine)
            moved = moved_names_statement([self.name], self.model.move)
            return {line: cst.FlattenSentinel([line, under_guard([moved], guard)])}
        if self.fixed_in_place:
            device = self._device()
            assert device is not None
            return {self.made: with_kwarg(self.made, "device", device.deep_clone())}
        return {self.made: move_call(self.made, self.model.move)}


def _draws_random(qualified: str | None, chain: list[cst.BaseExpression]) -> bool:
    """``torch.randint(...)``, or a factory filled in place with random numbers (``.normal_()``)."""
    return qualified in RANDOM_FACTORIES or any(
        isinstance(link, cst.Call)
        and isinstance(link.func, cst.Attribute)
        and link.func.attr.value in RANDOM_FILLS
        for link in chain
    )


def may_create(names_called: set[str | None]) -> bool:
    """Could a block calling ``names_called`` make a tensor in host memory? (A cheap test by name.)"""
    return any(name is not None and name.rsplit(".", 1)[-1] in _MAKERS for name in names_called)


class CreatedInputs:
    """The tensors ``block`` makes in host memory and feeds to a model while it is on a device
    (``known_models``: the file's model names, see :meth:`MovedModels.models_called_in`)."""

    def __init__(
        self,
        tree: Tree,
        aliases: ImportAliases,
        placements: MovedModels,
        block: Block,
        known_models: AbstractSet[str],
    ) -> None:
        self.tree, self.aliases, self.placements, self.block = tree, aliases, placements, block
        self.known_models = known_models
        self.models: Sequence[MovedModel] = []
        self._loop_steps: dict[int, int] | None = None  # made when first asked (see _following)

    def __iter__(self) -> Iterator[CreatedInput]:
        if not may_create(self.placements.names_called(self.block)):
            return  # the cheap test first: most blocks make no tensor
        self.models = self.placements.models_called_in(self.block, self.known_models)
        if not self.models:
            return
        tree, steps = self.tree, self.block.steps
        bound: set[str] = set(self.aliases.names)  # and, step by step, what the block binds
        function = self.block.function
        # A function also sees the module's names it does not bind itself.
        module, shadowed = (
            (self.placements.module_names, self.placements.bound_names(function))
            if function
            else (frozenset(), frozenset())
        )

        def visible() -> VisibleNames:
            return VisibleNames(frozenset(bound), module, shadowed)

        for index, step in enumerate(steps):
            node = step.node
            if isinstance(node, LOOPS):
                bound |= assigned_names(tree, node.target) if isinstance(node, cst.For) else set()
                continue
            name = single_target(node) or "."
            plain = "." not in name and not is_lengths(name)
            made = (
                self._made(node.value) if plain and isinstance(node, cst.Assign) else None
            )  # (a plain one is)
            model = (
                self._fed_with(name, index, _zero_dim(made[0], self.aliases)) if made is not None else None
            )
            if made is not None and model is not None:
                on_host = used_on_host(tree, self.aliases, name, [s.node for s in steps[index + 1 :]])
                yield CreatedInput(name, *made, model, visible(), on_host, node)
            yield from self._made_in_call(node, index, visible)
            bound |= assigned_names(tree, node)

    def _model_called(self, call: cst.Call, index: int) -> MovedModel | None:
        callee = dotted_name(call.func)
        on_device = (mm for mm in self.models if runs_model(callee, mm.name))
        return next((mm for mm in on_device if self.placements.on_device_at(self.block, mm, index)), None)

    def _made_in_call(
        self, node: cst.CSTNode, index: int, visible: Callable[[], VisibleNames]
    ) -> Iterator[CreatedInput]:
        """``model(torch.from_numpy(state).float())``: tensors made in host memory right in a model's call."""
        for call in self.tree.of_type(node, cst.Call):
            model = self._model_called(call, index)
            if model is None:
                continue
            for arg in call.args:
                made = self._made(arg.value) if not arg.star else None
                if made is not None and not (arg.keyword and is_lengths(arg.keyword.value)):
                    yield CreatedInput(code_of(arg.value), *made, model, visible(), False, None)

    def _made(self, value: cst.BaseExpression) -> tuple[cst.Call, bool] | None:
        """``torch.<factory>(...)`` without ``device=`` (the factory, fixed with ``device=``), or
        ``torch.from_numpy(a).float()`` (the value, moved after), possibly in ``Variable(...)``, never
        moved on the way."""
        chain = method_chain(value, self.aliases)
        computed = False  # arithmetic on the made tensor, not only `Variable(...)` around it
        while True:
            if is_variable(chain[0], self.aliases) and chain[0].args:
                chain = method_chain(chain[0].args[0].value, self.aliases) + chain[1:]
            elif (scaled := self._scaled(chain[0])) is not None:  # `(torch.arange(n) * 7).view(...)`
                chain = method_chain(scaled, self.aliases) + chain[1:]
                computed = True
            else:
                break
        root = chain[0]
        if not isinstance(root, cst.Call) or any(
            as_move(c) or self._typed_by_name(c) for c in self.tree.of_type(value, cst.Call)
        ):
            return None
        qualified = self.aliases.qualify(root.func)
        if qualified in FACTORIES and kwarg(root, "device") is None:
            if not _draws_random(qualified, chain):
                return root, True
            if computed:
                return None  # arithmetic on a random draw: moving the result would be a second rewrite
            # A random draw is moved once drawn: made on the device, it would draw other numbers.
            return (value, False) if isinstance(value, cst.Call) else None
        if qualified in _FROM_HOST_DATA and isinstance(value, cst.Call):
            return value, False
        return None

    def _typed_by_name(self, call: cst.Call) -> bool:
        """``x.type(Tensor)`` with ``Tensor`` a name (``torch.cuda.FloatTensor if use_cuda else
        torch.FloatTensor``): a cast that may put the value on the GPU, so not a value left on the host.
        ``.type(torch.FloatTensor)`` names a host type and moves nothing."""
        func = call.func
        if not (isinstance(func, cst.Attribute) and func.attr.value == "type" and len(call.args) == 1):
            return False
        arg = call.args[0].value
        qualified = self.aliases.qualify(arg) or ""
        return isinstance(arg, (cst.Name, cst.Attribute)) and not (
            qualified.startswith("torch.") and not qualified.startswith("torch.cuda.")
        )

    def _scaled(self, node: cst.BaseExpression) -> cst.BaseExpression | None:
        """``torch.arange(n) * 7 % VOCAB``: the tensor side of arithmetic with plain numbers (literals,
        or module-level names bound once to one), which gives the same values on any device."""
        if not isinstance(node, cst.BinaryOperation):
            return None
        numbers = self.tree.memo("module-level numbers", self._module_numbers)
        if self.block.function is not None:
            numbers = numbers - self.placements.bound_names(self.block.function)
        for tensor, other in ((node.left, node.right), (node.right, node.left)):
            plain = isinstance(other, (cst.Integer, cst.Float)) or (
                isinstance(other, cst.Name) and other.value in numbers
            )
            if plain and isinstance(method_chain(tensor, self.aliases)[0], (cst.Call, cst.BinaryOperation)):
                return tensor
        return None

    def _module_numbers(self) -> frozenset[str]:
        """Names the module binds once, at its top level, to a number literal (``VOCAB = 50``)."""
        bound: dict[str, int] = {}
        numbers: set[str] = set()
        for stmt in self.tree.root.body:
            if not isinstance(stmt, cst.SimpleStatementLine):
                continue
            for small in stmt.body:
                for name in assigned_names(self.tree, small):
                    bound[name] = bound.get(name, 0) + 1
                if isinstance(small, cst.Assign) and isinstance(small.value, (cst.Integer, cst.Float)):
                    numbers.update(n for n in assigned_names(self.tree, small))
        return frozenset(n for n in numbers if bound.get(n) == 1)

    def _fed_with(self, name: str, created_at: int, zero_dim: bool = False) -> MovedModel | None:
        """The model on a device that ``name`` (or a name it is then assigned to: ``state =
        next_state``) is passed to, while it still holds the tensor made; in a loop, also in the next
        iteration (``next_state`` made at the bottom, ``model(state)`` at the top). A target counts
        as fed to the model whose output it meets in a loss (``criterion(out, y)``, ``(out - y)``)."""
        holders = {name}
        outputs: dict[str, MovedModel] = {}  # names holding a model's output, on its device
        steps = self.block.steps
        if self._loop_steps is None:
            self._loop_steps = loop_steps_of(steps)
        for index in _following(self.tree, steps, created_at, self._loop_steps):
            node = steps[index].node
            if isinstance(node, LOOPS):
                continue
            for call in self.tree.of_type(node, cst.Call):
                model = self._model_called(call, index)
                if model is not None and any(data_root(a.value, self.aliases) in holders for a in call.args):
                    return model
            # A 0-dim tensor meets a device tensor from the host without a copy or an error.
            met = self._output_met(node, holders, outputs, index) if not zero_dim else None
            if met is not None:
                return met
            outputs = {
                o: mm for o, mm in outputs.items() if rebinding(self.tree, node, o, self.aliases) == "none"
            }
            outputs.update(self._outputs_bound(node, index))
            holders = {
                h for h in holders if rebinding(self.tree, node, h, self.aliases) not in ("move", "other")
            }
            target = single_target(node)
            if (
                target is not None
                and isinstance(node, cst.Assign)
                and data_root(node.value, self.aliases) in holders
            ):
                holders.add(target)
            if not holders:
                return None
        return None

    def _outputs_bound(self, node: cst.CSTNode, index: int) -> dict[str, MovedModel]:
        """``out = model(x)``, ``out, hidden = model(x, hidden)``: the names bound to the output of a
        model on a device (not ``model(x).cpu()``: data_root keeps to views on the same device)."""
        if not isinstance(node, cst.Assign) or len(node.targets) != 1:
            return {}
        root = data_node(node.value, self.aliases)
        model = self._model_called(root, index) if isinstance(root, cst.Call) else None
        if model is None:
            return {}
        target = node.targets[0].target
        elements = target.elements if isinstance(target, (cst.Tuple, cst.List)) else [target]
        names = (dotted_name(e.value if isinstance(e, cst.BaseElement) else e) for e in elements)
        return {n: model for n in names if n is not None and "." not in n}

    def _output_met(
        self, node: cst.CSTNode, holders: set[str], outputs: dict[str, MovedModel], index: int
    ) -> MovedModel | None:
        """The model whose output meets one of ``holders`` in ``node``: both handed to a loss
        (``criterion(out, y)``, ``F.mse_loss(out, y)``), or the two sides of arithmetic (``out - y``,
        ``(model(x) - y) ** 2``: the output named or the model's call itself)."""
        pairs: list[list[cst.BaseExpression]] = [
            [a.value for a in call.args]
            for call in self.tree.of_type(node, cst.Call)
            if _LOSS.search(dotted_name(call.func) or "")
        ]
        pairs += [[op.left, op.right] for op in self.tree.of_type(node, cst.BinaryOperation)]
        for values in pairs:
            roots = {data_root(v, self.aliases) for v in values}
            if not roots & holders:
                continue
            met = next((outputs[r] for r in roots if r in outputs), None)
            for value in values if met is None else ():
                inline = data_node(value, self.aliases)
                met = self._model_called(inline, index) if isinstance(inline, cst.Call) else None
                if met is not None:
                    break
            if met is not None:
                return met
        return None


def _zero_dim(made: cst.Call, aliases: ImportAliases) -> bool:
    """``torch.tensor(0.5)``: a number, not an array."""
    args = made.args
    return (
        aliases.qualify(made.func) == "torch.tensor"
        and bool(args)
        and isinstance(args[0].value, (cst.Integer, cst.Float, cst.UnaryOperation))
    )


def loop_steps_of(steps: Sequence[Step]) -> dict[int, int]:
    """Where each loop among ``steps`` is in it, by the loop's id (``steps`` keeps the nodes alive)."""
    return {id(step.node): j for j, step in enumerate(steps) if isinstance(step.node, LOOPS)}


def _following(tree: Tree, steps: Sequence[Step], index: int, loop_steps: dict[int, int]) -> Iterator[int]:
    """The steps after ``index`` in the order they run: to the end of the innermost loop around it,
    then from that loop's top back to ``index`` (the next iteration), then what follows the loop.
    ``loop_steps``: :func:`loop_steps_of` ``steps``, kept by the caller for all its questions.
    Lazily, as callers stop at the first use of a value: a module's block has thousands of steps."""
    around = next((loop_steps[id(a)] for a in tree.ancestors(steps[index].node) if id(a) in loop_steps), None)
    if around is None:
        return iter(range(index + 1, len(steps)))
    top = steps[around].node
    inside = (
        k for k in range(index + 1, len(steps)) if not any(a is top for a in tree.ancestors(steps[k].node))
    )
    end = next(inside, len(steps))
    return chain(range(index + 1, end), range(around + 1, index), range(end, len(steps)))
