"""Which models are on a device where a block of code calls them, and how that block names the device.

A model is on a device when it is moved in the block itself (``model = Net().to(device)``), in the
constructor of the class the block is a method of (``self.model = model.to(self.device)`` in
``__init__``), by every caller of the function the block is (``model.to(device)`` and then
``train(model, loader, device)``), at the module's top level when the block is a function that
calls that global model (``net = net.to(device)`` then ``def train(): ... net(x)``), or when the
block asks the model where it is (``device = next(model.parameters()).device``). Each answer
carries the device spelled so that it is valid in the block; when the block cannot name it, the
answer says so and rules only report. A move to the CPU (``.to("cpu")``) puts nothing on a device.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Iterator, Sequence

import libcst as cst
import libcst.matchers as m

from codemods.dataflow import Step, assigned_names, names_in, walk_block
from codemods.device_sites import bound_in, module_bound_names
from codemods.names import ImportAliases, dotted_name
from codemods.nn_modules import methods, model_move
from codemods.syntax import assigned_chain, code_of, positional
from codemods.torch_names import Move, as_move, is_cpu_device, moves_device
from codemods.tree import Tree

# Calls that wrap a model and run it on the model's device.
WRAPPERS = frozenset(
    {"torch.nn.parallel.DistributedDataParallel", "torch.nn.DataParallel", "torch.nn.parallel.DataParallel",
     "torch.compile"}
)
LOOPS = (cst.For, cst.While)
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


@dataclass(frozen=True)
class MovedModel:
    name: str  # as the block spells it: `model`, `self.model`
    move: Move  # its device is spelled as the block may spell it
    index: int  # the step at which it is moved; -1 when it is moved before the block runs
    conditional: bool  # moved only under a condition, or the block cannot name the device: report only
    why_unsure: str = ""  # when conditional: which of the two, in words for a message


@dataclass
class Block:
    function: cst.FunctionDef | None  # None for the module's own body
    statements: Sequence[cst.BaseStatement]
    steps: list[Step]
    moves: list[MovedModel]  # moved in the block itself


class MovedModels:
    """The moves of every block of a module, and what each block inherits from its class, its
    callers or the module."""

    def __init__(self, tree: Tree, aliases: ImportAliases) -> None:
        self.tree = tree
        module = tree.root
        self.aliases = aliases
        self.module_names = assigned_names_at_top(self.tree, module)
        self.blocks: list[Block] = []
        self.class_of: dict[int, cst.ClassDef] = {}
        for cls in (s for s in module.body if isinstance(s, cst.ClassDef)):
            for method in methods(cls).values():
                self.class_of[id(method)] = cls
        self.top_level = {id(s) for s in module.body if isinstance(s, cst.FunctionDef)}
        self._answers: dict[int, list[MovedModel]] = {}
        self._calls: dict[str, list[tuple[cst.Call, Block, int]]] | None = None
        self._globals: list[MovedModel] | None = None
        self._called: dict[int, list[MovedModel]] = {}  # models_called_in, by block
        for function, statements in _blocks(self.tree, module):
            steps = walk_block(statements, LOOPS)
            self.blocks.append(Block(function, statements, steps, self._own_moves(steps)))

    def moved_in(self, block: Block) -> list[MovedModel]:
        """Models on a device in ``block``: what it inherits, then its own moves."""
        key = id(block)
        if key in self._answers:
            return self._answers[key]
        self._answers[key] = block.moves  # a recursive function inherits nothing from itself
        inherited: list[MovedModel] = []
        function = block.function
        if function is not None and id(function) in self.class_of and function.name.value != "__init__":
            inherited += self._from_constructor(self.class_of[id(function)], function)
        if function is not None and id(function) in self.top_level:
            inherited += self._from_callers(function)
            inherited += self._from_module(function, block, {mm.name for mm in inherited + block.moves})
        found = inherited + block.moves
        self._answers[key] = found + self._wrappers(found, block.steps)
        return self._answers[key]

    def models_called_in(self, block: Block, known_models: set[str]) -> list[MovedModel]:
        """The models on a device in ``block`` that it calls (a moved thing that is called is a
        model: tensors are not callable), or that are known models of the file."""
        key = id(block)
        if key not in self._called:
            called = self._names_called(block)
            self._called[key] = [mm for mm in self.moved_in(block) if mm.name in known_models or mm.name in called]
        return self._called[key]

    def _names_called(self, block: Block) -> set[str | None]:
        return {dotted_name(c.func) for step in block.steps for c in self.tree.of_type(step.node, cst.Call)}

    def arguments_passed(self, block: Block) -> dict[str, list[list[str]]]:
        """For each parameter of the function ``block`` is, what each caller in this file passes: the
        argument's dotted name and, for a name the caller assigned from a call, the function called
        (``views`` and ``make_loaders`` for ``views, extra = make_loaders()``); empty when unreadable."""
        if block.function is None:
            return {}
        calls = self._calls_of(block.function.name.value)
        return {
            p.name.value: [self._described(_argument_for(call, i, p.name.value), caller, at) for call, caller, at in calls]
            for i, p in enumerate(block.function.params.params)
        }

    def _described(self, arg: cst.BaseExpression | None, caller: Block, at: int) -> list[str]:
        name = dotted_name(arg) if arg is not None else None
        if name is None:
            return []
        origins = [
            dotted_name(step.node.value.func) for step in caller.steps[:at]
            if m.matches(step.node, m.Assign(value=m.Call())) and name in assigned_names(self.tree, step.node)
        ]
        return [name, *(o for o in origins[-1:] if o is not None)]

    def loops_calling(
        self, block: Block, known_models: set[str]
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
                called = [mm for mm in models if mm.index < index and mm.name in calls]
                if called:
                    yield loop, sorted(called, key=lambda mm: mm.conditional)

    # -- the block's own moves

    def _own_moves(self, steps: list[Step]) -> list[MovedModel]:
        moves: list[MovedModel] = []
        for index, step in enumerate(steps):
            if not isinstance(step.node, (cst.Assign, cst.Expr)):
                continue
            found = model_move(step.node, self.aliases) or self._attribute_move(step.node)
            if found and not is_cpu_device(found[1].device, self.aliases):
                moves.append(MovedModel(found[0], found[1], index, step.conditional, _condition(step.conditional)))
            if m.matches(step.node, _ASKS_MODEL_DEVICE):
                asked = step.node.value.value  # type: ignore[union-attr]  # next(model.parameters())
                model = dotted_name(asked.args[0].value.func.value)
                device = step.node.targets[0].target  # type: ignore[union-attr]
                if model is not None:
                    move = Move(asked, cst.Name(model), "to", device)
                    moves.append(MovedModel(model, move, index, step.conditional, _condition(step.conditional)))
        return moves + self._wrappers(moves, steps)

    def _attribute_move(self, node: cst.CSTNode) -> tuple[str, Move] | None:
        """``self.model = model.to(self.device)``: a model handed to a constructor, moved and kept.
        (Whether it is a model, not a tensor, is decided by its being called.)"""
        assigned = assigned_chain(node, self.aliases)  # type: ignore[arg-type]
        if assigned is None or "." not in assigned[0] or not isinstance(assigned[1][0], cst.Name):
            return None
        for link in assigned[1][1:]:
            move = as_move(link)
            if move and moves_device(move, self.aliases):
                return assigned[0], move
        return None

    def _wrappers(self, moved: list[MovedModel], steps: list[Step]) -> list[MovedModel]:
        """``ddp = DistributedDataParallel(model)``, ``fast = torch.compile(model)``, ``alias = model``:
        names that call a moved model are moved models too."""
        wrappers: list[MovedModel] = []
        for index, step in enumerate(steps):
            node = step.node
            if not (isinstance(node, cst.Assign) and len(node.targets) == 1):
                continue
            target = dotted_name(node.targets[0].target)
            values = [node.value.body, node.value.orelse] if isinstance(node.value, cst.IfExp) else [node.value]
            for value in values:
                if isinstance(value, cst.Call) and self.aliases.qualify(value.func) in WRAPPERS and value.args:
                    value = value.args[0].value
                source = next(
                    (mm for mm in moved + wrappers if dotted_name(value) == mm.name and mm.index < index), None
                )
                if target is not None and source is not None and target != source.name:
                    unsure = _why_unsure(source) or _condition(step.conditional)
                    wrappers.append(MovedModel(target, source.move, index, bool(unsure), unsure))
                    break
        return wrappers

    # -- moved by the constructor of the method's class

    def _from_constructor(self, cls: cst.ClassDef, method: cst.FunctionDef) -> list[MovedModel]:
        init = methods(cls).get("__init__")
        if init is None or not init.params.params or not method.params.params:
            return []
        this = init.params.params[0].name.value
        if method.params.params[0].name.value != this or method.decorators:
            return []
        block = next((b for b in self.blocks if b.function is init), None)
        if block is None:
            return []
        # `self.device = device`, `self.args = args`: other methods name what the constructor got.
        kept: dict[str, str] = {}
        for step in block.steps:
            node = step.node
            if isinstance(node, cst.Assign) and len(node.targets) == 1 and not step.conditional:
                target, value = dotted_name(node.targets[0].target), node.value
                if target and target.startswith(this + ".") and isinstance(value, cst.Name):
                    kept.setdefault(value.value, target)
        init_names = bound_in(self.tree, init)
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

    # -- moved by every caller of the function

    def _from_callers(self, function: cst.FunctionDef) -> list[MovedModel]:
        calls = self._calls_of(function.name.value)
        if not calls:
            return []
        found: list[MovedModel] = []
        for position, param in enumerate(function.params.params):
            moves = []
            for call, block, index in calls:
                arg = _argument_for(call, position, param.name.value)
                caller_model = None if arg is None else dotted_name(arg)
                move = next(
                    (mm for mm in self.moved_in(block) if mm.name == caller_model and mm.index < index
                     and not mm.conditional),
                    None,
                ) if block.function is not function else None
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
            passed = [_argument_for(call, position, param.name.value) for call, _ in moves]
            if all(
                arg is not None and mm.move.device is not None and code_of(arg) == code_of(mm.move.device)
                for arg, (_, mm) in zip(passed, moves)
            ):
                return self._inherited(first, cst.Name(param.name.value), function, name, allowed={param.name.value})
        same_everywhere = all(mm.move.device is not None and code_of(mm.move.device) == code_of(device) for _, mm in moves)
        if same_everywhere and names_in(self.tree, device) <= self.module_names:
            return self._inherited(first, device, function, name)
        return self._inherited(first, None, function, name, known=False)

    # -- moved at the module's top level, used as a global

    def _from_module(self, function: cst.FunctionDef, block: Block, taken: set[str]) -> list[MovedModel]:
        """Models moved at the top level that ``function`` reads as globals: moved before the module
        calls it, and not bound again there to anything but the moved model or a wrapper of it."""
        local = bound_in(self.tree, function)
        called = self._names_called(block)
        calls_at_top = [i for _, caller, i in self._calls_of(function.name.value) if caller is self.blocks[0]]
        found: list[MovedModel] = []
        for moved in self._module_models():
            if moved.name in taken or moved.name not in called or moved.name in local:
                continue
            if any(index < moved.index for index in calls_at_top):
                continue
            device = moved.move.device
            known = device is None or names_in(self.tree, device) <= self.module_names
            found.append(self._inherited(moved, device, function, known=None if known else False))
        return found

    def _module_models(self) -> list[MovedModel]:
        """The models moved at the top level that stay what was moved (computed once)."""
        if self._globals is None:
            module = self.blocks[0]
            self._globals = [
                moved for moved in self.moved_in(module)
                if "." not in moved.name and not any(
                    moved.name in assigned_names(self.tree, step.node) and not self._keeps(step.node, moved.name)
                    for step in module.steps[moved.index + 1:]
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
            or (isinstance(v, cst.Call) and self.aliases.qualify(v.func) in WRAPPERS and bool(v.args)
                and dotted_name(v.args[0].value) == name)
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
    ) -> MovedModel:
        """``moved`` as seen from ``function``: moved before it runs, with the device as ``function``
        spells it. Report only when it cannot: no spelling, or a local name shadows one it uses
        (``allowed`` names are the function's own and meant: ``self``, the device parameter)."""
        if known is None and device is None:
            known = moved.move.method == "cuda" and moved.move.device is None  # `.cuda()` needs no name
        elif known is None:
            known = not (names_in(self.tree, device) - set(allowed)) & bound_in(self.tree, function)
        move = dataclasses.replace(moved.move, device=device if device is not None else moved.move.device)
        unsure = _why_unsure(moved) or ("" if known else "its device cannot be named here")
        return MovedModel(name or moved.name, move, -1, bool(unsure), unsure)

    def _calls_of(self, name: str) -> list[tuple[cst.Call, Block, int]]:
        if self._calls is None:  # built on first use: most files never ask
            self._calls = {}
            for block in self.blocks:
                for index, step in enumerate(block.steps):
                    node = step.node
                    if isinstance(node, LOOPS):
                        node = node.iter if isinstance(node, cst.For) else node.test
                    for call in self.tree.of_type(node, cst.Call):
                        if isinstance(call.func, cst.Name):
                            self._calls.setdefault(call.func.value, []).append((call, block, index))
        return self._calls.get(name, [])


def _condition(conditional: bool) -> str:
    return "it is moved only under a condition" if conditional else ""


def _why_unsure(moved: MovedModel) -> str:
    return moved.why_unsure or _condition(moved.conditional)


def _respelled(device: cst.BaseExpression, kept: dict[str, str]) -> cst.BaseExpression | None:
    """``args.device`` as another method spells it (``self.args.device``) when the constructor kept
    its root (``self.args = args``); None when it did not."""
    dotted = dotted_name(device)
    root = (dotted or "").split(".")[0]
    if dotted is None or root not in kept:
        return None
    return cst.parse_expression(kept[root] + dotted[len(root):])


def _argument_for(call: cst.Call, position: int, name: str) -> cst.BaseExpression | None:
    if any(a.star for a in call.args):
        return None
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg.value
    args = positional(call)
    return args[position].value if position < len(args) else None


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


def _blocks(tree: Tree, module: cst.Module) -> Iterator[tuple[cst.FunctionDef | None, Sequence[cst.BaseStatement]]]:
    """The module's body (with the body of ``if __name__ == "__main__":`` as its own: it runs when the
    script does), then each function's."""
    statements: list[cst.BaseStatement] = []
    for stmt in module.body:
        statements += stmt.body.body if m.matches(stmt, _MAIN_GUARD) else [stmt]  # type: ignore[attr-defined]
    yield None, statements
    for function in tree.of_type(module, cst.FunctionDef):
        if isinstance(function.body, cst.IndentedBlock):
            yield function, function.body.body
