"""Models a function finds on a device before it runs, and how it spells their device.

A method finds the models its class's constructor moved (``self.model = model.to(self.device)``),
and, reported only, those another method moves (``initialization()``: whether it ran first is not
known). A function finds the models every caller passed it after moving them, and the global models
moved at the module's top level. A block that builds an instance (``agent = Agent(...)``) finds the
models that instance's constructor moved (``agent.critic``). The device is respelled for the
function (``self.args.device`` for ``args.device`` kept as ``self.args``; the parameter the callers
pass it in); when it cannot be, the model is reported only.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import libcst as cst
import libcst.matchers as m

from codemods.dataflow import assigned_names, names_in
from codemods.model_moves import MOVED_UNDER_A_CONDITION, WRAPPERS, Block, MovedModel, runs_model
from codemods.names import dotted_name
from codemods.nn_modules import methods, model_move
from codemods.syntax import code_of, positional

if TYPE_CHECKING:
    from codemods.moved_models import MovedModels

_BUILDS_INSTANCE = m.Assign([m.AssignTarget(m.Name())], value=m.Call(func=m.Name()))
_UNNAMED = "its device cannot be named here"


class InheritedMoves:
    """The part of :class:`codemods.moved_models.MovedModels` that answers what a block inherits."""

    def _from_class(self: MovedModels, cls: cst.ClassDef, method: cst.FunctionDef) -> list[MovedModel]:
        """Models the constructor moved; then those another method moves (``initialization()``,
        ``to_gpu()``), reported only: whether that method ran first is not known here."""
        if not method.params.params or method.decorators:
            return []
        this = method.params.params[0].name.value
        found = self._from_constructor(cls, method, this)
        for name, other in methods(cls).items():
            block = self._block_of(other)
            if other is method or name == "__init__" or block is None or not block.moves or other.decorators:
                continue
            taken = {f.name for f in found}
            for moved in block.moves:
                if moved.name.startswith(this + ".") and not moved.conditional and moved.name not in taken:
                    unsure = f"it is moved in `{name}()`, which may not have run"
                    found.append(MovedModel(moved.name, moved.move, -1, True, unsure))
        return found

    def _from_constructor(self: MovedModels, cls: cst.ClassDef, method: cst.FunctionDef, this: str) -> list[MovedModel]:
        init = methods(cls).get("__init__")
        if init is None or not init.params.params or init.params.params[0].name.value != this:
            return []
        block = self._block_of(init)
        if block is None or not block.moves:
            return []
        # `self.device = device`, `self.args = args`: other methods name what the constructor got.
        kept: dict[str, str] = {}
        for step in block.steps:
            node = step.node
            if isinstance(node, cst.Assign) and len(node.targets) == 1 and not step.conditional:
                target, value = dotted_name(node.targets[0].target), node.value
                if target and target.startswith(this + ".") and isinstance(value, cst.Name):
                    kept.setdefault(value.value, target)
        init_names = self.bound_names(init)
        found: list[MovedModel] = []
        for moved in block.moves:
            if not moved.name.startswith(this + "."):
                continue
            device = moved.move.device
            spelled: cst.BaseExpression | None = device
            if device is not None and not names_in(self.tree, device) <= {this}:
                spelled = _respelled(device, kept)
                if spelled is None and not names_in(self.tree, device) & init_names:
                    spelled = device if names_in(self.tree, device) <= self.module_names else None
            found.append(self._inherited(moved, spelled, method, allowed={this}))
        return found

    def _from_instances(self: MovedModels, block: Block) -> list[MovedModel]:
        """``agent = Agent(...)`` whose ``__init__`` moves ``self.critic``: ``agent.critic`` is on a
        device from that step on, its device spelled through ``agent`` or a module-level name."""
        found: list[MovedModel] = []
        for index, step in enumerate(block.steps if self._movers else ()):
            node = step.node
            built = node.value.func if isinstance(node, cst.Assign) and isinstance(node.value, cst.Call) else None
            if not (isinstance(built, cst.Name) and built.value in self._movers and m.matches(node, _BUILDS_INSTANCE)):
                continue
            instance = node.targets[0].target.value  # type: ignore[union-attr]
            init = self._movers[built.value]
            init_block, this = self._block_of(init), init.params.params[0].name.value
            assert init_block is not None  # a mover's constructor has a block: it moves something
            local = self.bound_names(block.function) if block.function is not None else set()
            for moved in (mm for mm in init_block.moves if mm.name.startswith(this + ".")):
                device = moved.move.device
                names = names_in(self.tree, device) if device is not None else set()
                if names and names <= {this}:
                    device = cst.parse_expression(instance + code_of(device)[len(this):])  # `self.device`
                unnamed = names - {this} and (not names <= self.module_names or names & local)
                conditional = moved.conditional or step.conditional
                unsure = moved.why_unsure or (MOVED_UNDER_A_CONDITION if conditional else "")
                unsure = unsure or (_UNNAMED if unnamed else "")
                move = dataclasses.replace(moved.move, device=device)
                found.append(MovedModel(instance + moved.name[len(this):], move, index, bool(unsure), unsure))
        return found

    def _from_callers(self: MovedModels, function: cst.FunctionDef) -> list[MovedModel]:
        calls = self._calls_of(function.name.value)
        if not calls:
            return []
        found: list[MovedModel] = []
        for position, param in enumerate(function.params.params):
            moves = []
            for call, block, index in calls:
                arg = argument_for(call, position, param.name.value)
                caller_model = None if arg is None else dotted_name(arg)
                moved = (mm for mm in self.moved_in(block) if mm.name == caller_model and not mm.conditional)
                in_time = (mm for mm in moved if self.on_device_at(block, mm, index))
                move = next(in_time, None) if block.function is not function else None
                if move is None:
                    break
                moves.append((call, move))
            else:
                found.append(self._from_caller_moves(function, param.name.value, moves))
        return found

    def _from_caller_moves(
        self: MovedModels, function: cst.FunctionDef, name: str, moves: list[tuple[cst.Call, MovedModel]]
    ) -> MovedModel:
        """The callee's spelling of the callers' device: a parameter every caller passes it to,
        or a module-level name the callee does not shadow."""
        first = moves[0][1]
        device = first.move.device
        if device is None:
            cuda_everywhere = all(mm.move.method == "cuda" and mm.move.device is None for _, mm in moves)
            return self._inherited(first, None, function, name, known=cuda_everywhere)
        for position, param in enumerate(function.params.params):
            passed = [argument_for(call, position, param.name.value) for call, _ in moves]
            if all(
                arg is not None and mm.move.device is not None and code_of(arg) == code_of(mm.move.device)
                for arg, (_, mm) in zip(passed, moves)
            ):
                return self._inherited(first, cst.Name(param.name.value), function, name, allowed={param.name.value})
        spelled = code_of(device)
        same_everywhere = all(mm.move.device is not None and code_of(mm.move.device) == spelled for _, mm in moves)
        if same_everywhere and names_in(self.tree, device) <= self.module_names:
            return self._inherited(first, device, function, name)
        return self._inherited(first, None, function, name, known=False)

    def _from_module(self: MovedModels, function: cst.FunctionDef, block: Block, taken: set[str]) -> list[MovedModel]:
        """Models moved at the top level that ``function`` reads as globals: moved before the module
        calls it, and not bound again there to anything but the moved model or a wrapper of it."""
        local = self.bound_names(function)
        called = self.names_called(block)
        calls_at_top = [i for _, caller, i in self._calls_of(function.name.value) if caller is self.blocks[0]]
        found: list[MovedModel] = []
        for moved in self._module_models():
            if moved.name in taken or moved.name.split(".")[0] in local:
                continue
            if not any(runs_model(c, moved.name) for c in called):
                continue
            if any(index < moved.index for index in calls_at_top):
                continue
            device = moved.move.device
            known = device is None or names_in(self.tree, device) <= self.module_names
            found.append(self._inherited(moved, device, function, known=None if known else False, keep_guard=True))
        return found

    def _module_models(self: MovedModels) -> list[MovedModel]:
        """The models moved at the top level that stay what was moved (computed once)."""
        if self._globals is None:
            module = self.blocks[0]
            self._globals = [
                moved for moved in self.moved_in(module)
                if moved.index >= 0 and not any(
                    moved.name.split(".")[0] in assigned_names(self.tree, step.node)
                    and not self._keeps(step.node, moved.name)
                    for step in module.steps[moved.index + 1:]
                )
            ]
        return self._globals

    def _keeps(self: MovedModels, node: cst.CSTNode, name: str) -> bool:
        """``net = net.to(device)``, ``net = DataParallel(net)``: ``name`` still holds the moved model."""
        found = model_move(node, self.aliases) if isinstance(node, (cst.Assign, cst.Expr)) else None
        if found is not None and found[0] == name:
            return True
        if not isinstance(node, cst.Assign):
            return False
        values = [node.value.body, node.value.orelse] if isinstance(node.value, cst.IfExp) else [node.value]
        return all(
            dotted_name(v) == name
            or (isinstance(v, cst.Call) and self.aliases.qualify(v.func) in WRAPPERS and bool(v.args)
                and dotted_name(v.args[0].value) == name)
            for v in values
        )

    def _inherited(
        self: MovedModels,
        moved: MovedModel,
        device: cst.BaseExpression | None,
        function: cst.FunctionDef,
        name: str | None = None,
        *,
        allowed: frozenset[str] | set[str] = frozenset(),
        known: bool | None = None,
        keep_guard: bool = False,
    ) -> MovedModel:
        """``moved`` as seen from ``function``: moved before it runs, with the device as ``function``
        spells it. Report only when it cannot: no spelling, or a local name shadows one it uses
        (``allowed`` names are the function's own and meant: ``self``, the device parameter). A
        guard is kept when ``function`` sees the same module-level names (a global model)."""
        local = self.bound_names(function)
        if known is None and device is None:
            known = moved.move.method == "cuda" and moved.move.device is None  # `.cuda()` needs no name
        elif known is None:
            known = not (names_in(self.tree, device) - set(allowed)) & local
        guard = moved.guard if keep_guard else None
        if guard is not None and not names_in(self.tree, guard) <= self.module_names - local:
            guard = None  # the function does not see the module's flag under that name
        move = dataclasses.replace(moved.move, device=device if device is not None else moved.move.device)
        unsure = moved.why_unsure or (MOVED_UNDER_A_CONDITION if moved.conditional and guard is None else "")
        unsure = unsure or ("" if known else _UNNAMED)
        return MovedModel(name or moved.name, move, -1, moved.conditional or bool(unsure), unsure, guard)


def _respelled(device: cst.BaseExpression, kept: dict[str, str]) -> cst.BaseExpression | None:
    """``args.device`` as another method spells it (``self.args.device``) when the constructor kept
    its root (``self.args = args``); None when it did not."""
    dotted = dotted_name(device)
    root = (dotted or "").split(".")[0]
    if dotted is None or root not in kept:
        return None
    return cst.parse_expression(kept[root] + dotted[len(root):])


def argument_for(call: cst.Call, position: int, name: str) -> cst.BaseExpression | None:
    """What ``call`` passes for the parameter ``name`` at ``position`` (None when it cannot be read)."""
    if any(a.star for a in call.args):
        return None
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg.value
    args = positional(call)
    return args[position].value if position < len(args) else None
