"""Which models are on a device where a block of code calls them, and how that block names the device.

A model is on a device when it is moved in the block itself (``model = Net().to(device)``), in the
constructor of the class the block is a method of (``self.model = model.to(self.device)`` in
``__init__``), by every caller of the function the block is (``model.to(device)`` and then
``train(model, loader, device)``), or when the block asks the model where it is
(``device = next(model.parameters()).device``). Each answer carries the device spelled so that it
is valid in the block; when the block cannot name it, the answer says so and rules only report.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Iterator, Sequence

import libcst as cst

from codemods.dataflow import Step, assigned_names, names_in, walk_block
from codemods.names import ImportAliases, dotted_name
from codemods.nn_modules import model_move
from codemods.syntax import assigned_chain, positional
from codemods.torch_names import Move, as_move, moves_device
from codemods.tree import Tree

# Calls that wrap a model and run it on the model's device.
WRAPPERS = frozenset(
    {"torch.nn.parallel.DistributedDataParallel", "torch.nn.DataParallel", "torch.nn.parallel.DataParallel",
     "torch.compile"}
)
LOOPS = (cst.For, cst.While)


@dataclass(frozen=True)
class MovedModel:
    name: str  # as the block spells it: `model`, `self.model`
    move: Move  # its device is spelled as the block may spell it
    index: int  # the step at which it is moved; -1 when it is moved before the block runs
    conditional: bool  # moved only under a condition, or the block cannot name the device: report only


@dataclass
class Block:
    function: cst.FunctionDef | None  # None for the module's own body
    statements: Sequence[cst.BaseStatement]
    steps: list[Step]
    moves: list[MovedModel]  # moved in the block itself


class MovedModels:
    """The moves of every block of a module, and what each block inherits from its class or callers."""

    def __init__(self, tree: Tree, aliases: ImportAliases) -> None:
        self.tree = tree
        module = tree.root
        self.aliases = aliases
        self.module_names = assigned_names_at_top(self.tree, module)
        self.blocks: list[Block] = []
        self.class_of: dict[int, cst.ClassDef] = {}
        for cls in _classes(module):
            for stmt in cls.body.body:
                if isinstance(stmt, cst.FunctionDef):
                    self.class_of[id(stmt)] = cls
        self.top_level = {id(s) for s in module.body if isinstance(s, cst.FunctionDef)}
        self._answers: dict[int, list[MovedModel]] = {}
        self._calls: dict[str, list[tuple[cst.Call, Block, int]]] | None = None
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
        found = inherited + block.moves
        self._answers[key] = found + self._wrappers(found, block.steps)
        return self._answers[key]

    # -- the block's own moves

    def _own_moves(self, steps: list[Step]) -> list[MovedModel]:
        moves: list[MovedModel] = []
        for index, step in enumerate(steps):
            if not isinstance(step.node, (cst.Assign, cst.Expr)):
                continue
            found = model_move(step.node, self.aliases) or self._attribute_move(step.node)
            if found:
                moves.append(MovedModel(found[0], found[1], index, step.conditional))
            asked = _asks_model_device(step.node)
            if asked:
                model, device, call = asked
                move = Move(call, cst.Name(model), "to", cst.Name(device))
                moves.append(MovedModel(model, move, index, step.conditional))
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
                    wrappers.append(
                        MovedModel(target, source.move, index, step.conditional or source.conditional)
                    )
                    break
        return wrappers

    # -- moved by the constructor of the method's class

    def _from_constructor(self, cls: cst.ClassDef, method: cst.FunctionDef) -> list[MovedModel]:
        init = next(
            (s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"), None
        )
        if init is None or not init.params.params or not method.params.params:
            return []
        this = init.params.params[0].name.value
        if method.params.params[0].name.value != this or any(
            d.decorator for d in method.decorators
        ):
            return []
        block = next((b for b in self.blocks if b.function is init), None)
        if block is None:
            return []
        # `self.device = device` lets other methods name a device the constructor got as a parameter.
        kept: dict[str, str] = {}
        for step in block.steps:
            node = step.node
            if isinstance(node, cst.Assign) and len(node.targets) == 1 and not step.conditional:
                target, value = dotted_name(node.targets[0].target), dotted_name(node.value)
                if target and value and target.startswith(this + ".") and "." not in value:
                    kept.setdefault(value, target)
        init_names = _parameters(init) | assigned_names(self.tree, init.body)
        found: list[MovedModel] = []
        for moved in block.moves:
            if not moved.name.startswith(this + "."):
                continue
            device = moved.move.device
            spelled: cst.BaseExpression | None = device
            if device is not None and not names_in(self.tree, device) <= {this}:
                if isinstance(device, cst.Name) and device.value in kept:
                    spelled = cst.parse_expression(kept[device.value])
                elif names_in(self.tree, device) & init_names or not names_in(self.tree, device) <= self.module_names:
                    spelled = None
            found.append(self._inherited(moved, spelled, method, allowed={this}))
        return found

    # -- moved by every caller of the function

    def _from_callers(self, function: cst.FunctionDef) -> list[MovedModel]:
        calls = self._calls_of(function.name.value)
        params = function.params.params
        if not calls:
            return []
        found: list[MovedModel] = []
        for position, param in enumerate(params):
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
        code = _code(device)
        for position, param in enumerate(function.params.params):
            passed = [_argument_for(call, position, param.name.value) for call, _ in moves]
            if all(
                arg is not None and mm.move.device is not None and _code(arg) == _code(mm.move.device)
                for arg, (_, mm) in zip(passed, moves)
            ):
                return self._inherited(first, cst.Name(param.name.value), function, name, allowed={param.name.value})
        same_everywhere = all(mm.move.device is not None and _code(mm.move.device) == code for _, mm in moves)
        if same_everywhere and names_in(self.tree, device) <= self.module_names:
            return self._inherited(first, device, function, name)
        return self._inherited(first, None, function, name, known=False)

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
            known = not (names_in(self.tree, device) - set(allowed)) & _locals(self.tree, function)
        move = dataclasses.replace(moved.move, device=device if device is not None else moved.move.device)
        return MovedModel(name or moved.name, move, -1, moved.conditional or not known)

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


def _asks_model_device(node: cst.CSTNode) -> tuple[str, str, cst.Call] | None:
    """``device = next(model.parameters()).device``: (model, device, the next() call)."""
    if not (isinstance(node, cst.Assign) and len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name)):
        return None
    value = node.value
    if not (isinstance(value, cst.Attribute) and value.attr.value == "device" and isinstance(value.value, cst.Call)):
        return None
    call = value.value
    if dotted_name(call.func) != "next" or len(call.args) != 1:
        return None
    inner = call.args[0].value
    if not (isinstance(inner, cst.Call) and isinstance(inner.func, cst.Attribute) and inner.func.attr.value == "parameters"):
        return None
    model = dotted_name(inner.func.value)
    return (model, node.targets[0].target.value, call) if model else None


def _argument_for(call: cst.Call, position: int, name: str) -> cst.BaseExpression | None:
    if any(a.star for a in call.args):
        return None
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg.value
    args = positional(call)
    return args[position].value if position < len(args) else None


def _parameters(function: cst.FunctionDef) -> set[str]:
    params = function.params
    return {p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)}


def _locals(tree: Tree, function: cst.FunctionDef) -> set[str]:
    return _parameters(function) | assigned_names(tree, function.body)


def _code(node: cst.CSTNode) -> str:
    return cst.Module(body=[]).code_for_node(node)


def assigned_names_at_top(tree: Tree, module: cst.Module) -> set[str]:
    """Names bound by the module's own top-level statements (imports, assignments, definitions)."""
    names: set[str] = set()
    for stmt in module.body:
        if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
            names.add(stmt.name.value)
        elif isinstance(stmt, cst.SimpleStatementLine):
            names |= assigned_names(tree, stmt)
            for small in stmt.body:
                if isinstance(small, cst.Import):
                    names.update((a.evaluated_alias or a.evaluated_name).split(".")[0] for a in small.names)
                elif isinstance(small, cst.ImportFrom) and not isinstance(small.names, cst.ImportStar):
                    names.update(a.evaluated_alias or a.evaluated_name for a in small.names)
    return names


def _classes(module: cst.Module) -> list[cst.ClassDef]:
    return [s for s in module.body if isinstance(s, cst.ClassDef)]


def _blocks(tree: Tree, module: cst.Module) -> Iterator[tuple[cst.FunctionDef | None, Sequence[cst.BaseStatement]]]:
    yield None, module.body
    
    for function in tree.of_type(module, cst.FunctionDef):
        if isinstance(function.body, cst.IndentedBlock):
            yield function, function.body.body
