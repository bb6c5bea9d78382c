"""Which models are on a device where a block of code calls them, and how that block names the device.

A model is on a device in a block when the block moves it itself (:mod:`codemods.analysis.model_moves`:
``model = Net().to(device)``, ``if use_cuda: model.cuda()`` with its guard, ``device =
next(model.parameters()).device``), or when it was moved before the block runs: by the class's
constructor (reported only when another method moves it: whether that ran first is not known), every
caller, the module's top level, or the constructor of an instance the block builds. Each answer
carries the device spelled so that it is valid in the block (``self.args.device`` for ``args.device``
kept as ``self.args``; the parameter the callers pass it in); when the block cannot name it, the
answer says why and rules only report. A model brought back to the host (``model.cpu()``) is not on a
device from there on.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING

import libcst as cst
import libcst.matchers as m

from codemods.analysis.device_sites import bound_in, module_bound_names
from codemods.analysis.model_moves import (  # noqa: F401  (Block, LOOPS, WRAPPERS, runs_model: this module's API too)
    LOOPS,
    MOVED_UNDER_A_CONDITION,
    WRAPPERS,
    Block,
    MovedModel,
    block_moves,
    blocks_of,
    brings_back,
    returned_model_moves,
    runs_model,
    wrappers,
)
from codemods.analysis.nn_modules import methods, model_move
from codemods.analysis.values import Values
from codemods.core.dataflow import assigned_names, names_in, walk_block
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import code_of, positional
from codemods.core.tree import Tree

_BUILDS_INSTANCE = m.Assign([m.AssignTarget(m.Name())], value=m.Call(func=m.Name()))
_UNNAMED = "its device cannot be named here"


class _InheritedMoves:
    """The part of :class:`MovedModels` that answers what a block inherits."""

    if TYPE_CHECKING:  # what MovedModels, the one class built on this part, provides
        tree: Tree
        aliases: ImportAliases
        module_names: set[str]
        blocks: list[Block]
        _movers: dict[str, cst.FunctionDef]
        _globals: list[MovedModel] | None

        def moved_in(self, block: Block) -> list[MovedModel]: ...
        def on_device_at(self, block: Block, moved: MovedModel, index: int) -> bool: ...
        def names_called(self, block: Block) -> set[str | None]: ...
        def bound_names(self, function: cst.FunctionDef) -> set[str]: ...
        def _block_of(self, function: cst.FunctionDef) -> Block | None: ...
        def _calls_of(self, name: str) -> list[tuple[cst.Call, Block, int]]: ...

    def _from_class(self, cls: cst.ClassDef, method: cst.FunctionDef) -> list[MovedModel]:
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

    def _from_constructor(self, cls: cst.ClassDef, method: cst.FunctionDef, this: str) -> list[MovedModel]:
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

    def _from_instances(self, block: Block) -> list[MovedModel]:
        """``agent = Agent(...)`` whose ``__init__`` moves ``self.critic``: ``agent.critic`` is on a
        device from that step on, its device spelled through ``agent`` or a module-level name."""
        found: list[MovedModel] = []
        for index, step in enumerate(block.steps if self._movers else ()):
            node = step.node
            built = (
                node.value.func if isinstance(node, cst.Assign) and isinstance(node.value, cst.Call) else None
            )
            if not (
                isinstance(built, cst.Name)
                and built.value in self._movers
                and m.matches(node, _BUILDS_INSTANCE)
            ):
                continue
            # The matcher has made sure: `name = Class(...)`.
            instance = cst.ensure_type(cst.ensure_type(node, cst.Assign).targets[0].target, cst.Name).value
            init = self._movers[built.value]
            init_block, this = self._block_of(init), init.params.params[0].name.value
            assert init_block is not None  # a mover's constructor has a block: it moves something
            local = self.bound_names(block.function) if block.function is not None else set()
            for moved in (mm for mm in init_block.moves if mm.name.startswith(this + ".")):
                device = moved.move.device
                names = names_in(self.tree, device) if device is not None else set()
                if device is not None and names and names <= {this}:  # (names come from a device)
                    device = cst.parse_expression(instance + code_of(device)[len(this) :])  # `self.device`
                unnamed = names - {this} and (not names <= self.module_names or names & local)
                conditional = moved.conditional or step.conditional
                unsure = moved.why_unsure or (MOVED_UNDER_A_CONDITION if conditional else "")
                unsure = unsure or (_UNNAMED if unnamed else "")
                move = dataclasses.replace(moved.move, device=device)
                found.append(
                    MovedModel(instance + moved.name[len(this) :], move, index, bool(unsure), unsure)
                )
        return found

    def _from_callers(self, function: cst.FunctionDef) -> list[MovedModel]:
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
        self, function: cst.FunctionDef, name: str, moves: list[tuple[cst.Call, MovedModel]]
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
                return self._inherited(
                    first, cst.Name(param.name.value), function, name, allowed={param.name.value}
                )
        spelled = code_of(device)
        same_everywhere = all(
            mm.move.device is not None and code_of(mm.move.device) == spelled for _, mm in moves
        )
        if same_everywhere and names_in(self.tree, device) <= self.module_names:
            return self._inherited(first, device, function, name)
        return self._inherited(first, None, function, name, known=False)

    def _from_module(self, function: cst.FunctionDef, block: Block, taken: set[str]) -> list[MovedModel]:
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
            found.append(
                self._inherited(moved, device, function, known=None if known else False, keep_guard=True)
            )
        return found

    def _module_models(self) -> list[MovedModel]:
        """The models moved at the top level that stay what was moved (computed once)."""
        if self._globals is None:
            module = self.blocks[0]
            self._globals = [
                moved
                for moved in self.moved_in(module)
                if moved.index >= 0
                and not any(
                    moved.name.split(".")[0] in assigned_names(self.tree, step.node)
                    and not self._keeps(step.node, moved.name)
                    for step in module.steps[moved.index + 1 :]
                )
            ]
        return self._globals

    def _keeps(self, node: cst.CSTNode, name: str) -> bool:
        """``net = net.to(device)``, ``net = DataParallel(net)``: ``name`` still holds the moved model."""
        found = model_move(node, self.aliases) if isinstance(node, (cst.Assign, cst.Expr)) else None
        if found is not None and found[0] == name:
            return True
        if not isinstance(node, cst.Assign):
            return False
        values = [node.value.body, node.value.orelse] if isinstance(node.value, cst.IfExp) else [node.value]
        return all(
            dotted_name(v) == name
            or (
                isinstance(v, cst.Call)
                and self.aliases.qualify(v.func) in WRAPPERS
                and bool(v.args)
                and dotted_name(v.args[0].value) == name
            )
            for v in values
        )

    def _inherited(
        self,
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
        elif known is None and device is not None:  # (as the test above has made sure)
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
    return cst.parse_expression(kept[root] + dotted[len(root) :])


def argument_for(call: cst.Call, position: int, name: str) -> cst.BaseExpression | None:
    """What ``call`` passes for the parameter ``name`` at ``position`` (None when it cannot be read)."""
    if any(a.star for a in call.args):
        return None
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg.value
    args = positional(call)
    return args[position].value if position < len(args) else None


class MovedModels(_InheritedMoves):
    """The moves of every block of a module, and what each block inherits from its class, its
    callers, the module or the instances it builds."""

    def __init__(self, tree: Tree, aliases: ImportAliases, values: Values | None = None) -> None:
        self.tree = tree
        module = tree.root
        self.aliases = aliases
        self.module_names = assigned_names_at_top(self.tree, module)
        self.class_of: dict[int, cst.ClassDef] = {}
        for cls in (s for s in module.body if isinstance(s, cst.ClassDef)):
            for method in methods(cls).values():
                self.class_of[id(method)] = cls
        self.top_level = {id(s) for s in module.body if isinstance(s, cst.FunctionDef)}
        self._answers: dict[int, list[MovedModel]] = {}
        self._calls: dict[str, list[tuple[cst.Call, Block, int]]] | None = None
        self._globals: list[MovedModel] | None = None
        self._called: dict[int, list[MovedModel]] = {}  # models_called_in, by block
        self._back: dict[tuple[int, str], list[int]] = {}  # steps that bring a model back to the host
        self._bound: dict[int, set[str]] = {}  # bound_names, by function
        self._names: dict[int, set[str | None]] = {}  # names_called, by block
        self.blocks: list[Block] = []
        self._block_by_function: dict[int, Block] = {}
        for function, statements in blocks_of(self.tree, module):
            block = Block(function, statements, walk_block(statements, LOOPS), [])
            block.moves = block_moves(tree, aliases, block, values=values)
            self.blocks.append(block)
            self._block_by_function[id(function)] = block
        # Functions of the module that return a model they moved: `model = build_model()` moves it too.
        builders = {
            block.function.name.value: move
            for block in self.blocks
            if block.function is not None
            and id(block.function) in self.top_level
            and (move := returned_model_moves(tree, aliases, block.function, block)) is not None
        }
        if builders:
            for block in self.blocks:
                if any(c in builders for c in self.names_called(block)):
                    local = self.bound_names(block.function) if block.function else set()
                    block.moves = block_moves(
                        tree,
                        aliases,
                        block,
                        builders,
                        self._visible_beside(local),
                        values,
                    )
        # Classes whose constructor moves a model it keeps (`self.critic = Critic().to(device)`).
        self._movers = {
            cls.name.value: init
            for cls in tree.of_type(module, cst.ClassDef)
            if (init := methods(cls).get("__init__")) is not None
            and init.params.params
            and (init_block := self._block_of(init)) is not None
            and any(mm.name.startswith(init.params.params[0].name.value + ".") for mm in init_block.moves)
        }

    def _visible_beside(self, local: set[str]) -> Callable[[str], bool]:
        """Is a name a module-level one that a block binding ``local`` still sees?"""
        return lambda name: name in self.module_names and name not in local

    def moved_in(self, block: Block) -> list[MovedModel]:
        """Models on a device in ``block``: what it inherits, then its own moves."""
        key = id(block)
        if key in self._answers:
            return self._answers[key]
        self._answers[key] = block.moves  # a recursive function inherits nothing from itself
        inherited: list[MovedModel] = []
        function = block.function
        if function is not None and id(function) in self.class_of and function.name.value != "__init__":
            inherited += self._from_class(self.class_of[id(function)], function)
        if function is not None and id(function) in self.top_level:
            inherited += self._from_callers(function)
            inherited += self._from_module(function, block, {mm.name for mm in inherited + block.moves})
        found = inherited + block.moves + self._from_instances(block)
        self._answers[key] = found + wrappers(self.aliases, found, block.steps)
        return self._answers[key]

    def models_called_in(self, block: Block, known_models: AbstractSet[str]) -> list[MovedModel]:
        """The models on a device in ``block`` that it calls (a moved thing that is called is a
        model: tensors are not callable), or that are known models of the file."""
        key = id(block)
        if key not in self._called:
            called = self.names_called(block)
            self._called[key] = [
                mm for mm in self.moved_in(block) if mm.name in known_models or mm.name in called
            ]
        return self._called[key]

    def on_device_at(self, block: Block, moved: MovedModel, index: int) -> bool:
        """Is ``moved`` on its device at step ``index`` of ``block``: moved before, and not brought back
        to the host since (``model.cpu()``, ``model = model.to("cpu")``)?"""
        if moved.index >= index:
            return False
        key = (id(block), moved.name)
        if key not in self._back:
            self._back[key] = [
                i for i, s in enumerate(block.steps) if brings_back(s.node, moved.name, self.aliases)
            ]
        return not any(moved.index < i < index for i in self._back[key])

    def loops_calling(
        self, block: Block, known_models: AbstractSet[str]
    ) -> Iterator[tuple[cst.For | cst.While, list[MovedModel]]]:
        """Each loop of ``block`` that calls models on a device (moved before the loop), with those
        models: the ones that can be fixed first."""
        if not (block.moves or any(isinstance(step.node, LOOPS) for step in block.steps)):
            return  # asked of every block: most have no loop
        models = self.models_called_in(block, known_models)
        for index, step in enumerate(block.steps):
            loop = step.node
            if isinstance(loop, LOOPS) and isinstance(loop.body, cst.IndentedBlock):
                calls = {dotted_name(c.func) for c in self.tree.of_type(loop, cst.Call)}
                called = [
                    mm
                    for mm in models
                    if self.on_device_at(block, mm, index) and any(runs_model(c, mm.name) for c in calls)
                ]
                if called:
                    yield loop, sorted(called, key=lambda mm: bool(mm.why_unsure))

    def arguments_passed(self, block: Block) -> dict[str, list[list[str]]]:
        """For each parameter of the function ``block`` is, what each caller in this file passes: the
        argument's dotted name and, for a name the caller assigned from a call, the function called
        (``views`` and ``make_loaders`` for ``views, extra = make_loaders()``); empty when unreadable."""
        if block.function is None:
            return {}
        calls = self._calls_of(block.function.name.value)
        passed: dict[str, list[list[str]]] = {}
        for i, param in enumerate(block.function.params.params):
            name = param.name.value
            passed[name] = [
                self._described(argument_for(call, i, name), caller, at) for call, caller, at in calls
            ]
        return passed

    def _described(self, arg: cst.BaseExpression | None, caller: Block, at: int) -> list[str]:
        name = dotted_name(arg) if arg is not None else None
        if name is None:
            return []
        origins = [  # the matcher has made sure of the classes
            dotted_name(cst.ensure_type(cst.ensure_type(step.node, cst.Assign).value, cst.Call).func)
            for step in caller.steps[:at]
            if m.matches(step.node, m.Assign(value=m.Call())) and name in assigned_names(self.tree, step.node)
        ]
        return [name, *(o for o in origins[-1:] if o is not None)]

    def names_called(self, block: Block) -> set[str | None]:
        """The dotted names of what ``block`` calls (computed once)."""
        if id(block) not in self._names:
            self._names[id(block)] = {
                dotted_name(c.func) for s in block.steps for c in self.tree.of_type(s.node, cst.Call)
            }
        return self._names[id(block)]

    def _block_of(self, function: cst.FunctionDef) -> Block | None:
        return self._block_by_function.get(id(function))  # None for a one-line body (`def f(): pass`)

    def bound_names(self, function: cst.FunctionDef) -> set[str]:
        """The names ``function`` binds (parameters included), computed once."""
        if id(function) not in self._bound:
            self._bound[id(function)] = bound_in(self.tree, function)
        return self._bound[id(function)]

    def _calls_of(self, name: str) -> list[tuple[cst.Call, Block, int]]:
        if self._calls is None:  # built on first use: most files never ask
            self._calls = {}
            for block in self.blocks:
                for index, step in enumerate(block.steps):
                    node: cst.CSTNode = step.node
                    if isinstance(node, LOOPS):
                        node = node.iter if isinstance(node, cst.For) else node.test
                    for call in self.tree.of_type(node, cst.Call):
                        if isinstance(call.func, cst.Name):
                            self._calls.setdefault(call.func.value, []).append((call, block, index))
        return self._calls.get(name, [])


def assigned_names_at_top(tree: Tree, module: cst.Module) -> set[str]:
    """Names bound by the module's own top-level statements (imports, assignments, definitions, also
    inside a top-level ``if``/``try``), not inside functions or classes."""
    names = module_bound_names(tree, module)
    for node in tree.of_type(module, (cst.Import, cst.ImportFrom)):
        if any(isinstance(a, (cst.FunctionDef, cst.ClassDef)) for a in tree.ancestors(node)):
            continue
        if isinstance(node, cst.Import):
            names.update((a.evaluated_alias or a.evaluated_name).split(".")[0] for a in node.names)
        elif not isinstance(node.names, cst.ImportStar):
            names.update(a.evaluated_alias or a.evaluated_name for a in node.names)
    return names
