"""Which models are on a device where a block of code calls them, and how that block names the device.

A model is on a device in a block when the block moves it itself (:mod:`codemods.model_moves`:
``model = Net().to(device)``, ``if use_cuda: model.cuda()`` with its guard, ``device =
next(model.parameters()).device``), or when it was moved before the block runs
(:mod:`codemods.inherited_moves`: by the class's constructor, every caller, the module's top level,
an instance's constructor). Each answer carries the device spelled so that it is valid in the block;
when the block cannot name it, the answer says why and rules only report. A model brought back to
the host (``model.cpu()``) is not on a device from there on.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst
import libcst.matchers as m

from codemods.dataflow import assigned_names, walk_block
from codemods.device_sites import bound_in, module_bound_names
from codemods.inherited_moves import InheritedMoves, argument_for
from codemods.model_moves import (  # noqa: F401  (Block, LOOPS, WRAPPERS, runs_model: this module's API too)
    LOOPS,
    WRAPPERS,
    Block,
    MovedModel,
    block_moves,
    blocks_of,
    brings_back,
    runs_model,
    wrappers,
)
from codemods.names import ImportAliases, dotted_name
from codemods.nn_modules import methods
from codemods.tree import Tree


class MovedModels(InheritedMoves):
    """The moves of every block of a module, and what each block inherits from its class, its
    callers, the module or the instances it builds."""

    def __init__(self, tree: Tree, aliases: ImportAliases) -> None:
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
            block.moves = block_moves(tree, aliases, block)
            self.blocks.append(block)
            self._block_by_function[id(function)] = block
        # Classes whose constructor moves a model it keeps (`self.critic = Critic().to(device)`).
        self._movers = {
            cls.name.value: init for cls in tree.of_type(module, cst.ClassDef)
            if (init := methods(cls).get("__init__")) is not None and init.params.params
            and (init_block := self._block_of(init)) is not None
            and any(mm.name.startswith(init.params.params[0].name.value + ".") for mm in init_block.moves)
        }

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

    def models_called_in(self, block: Block, known_models: set[str]) -> list[MovedModel]:
        """The models on a device in ``block`` that it calls (a moved thing that is called is a
        model: tensors are not callable), or that are known models of the file."""
        key = id(block)
        if key not in self._called:
            called = self.names_called(block)
            self._called[key] = [mm for mm in self.moved_in(block) if mm.name in known_models or mm.name in called]
        return self._called[key]

    def on_device_at(self, block: Block, moved: MovedModel, index: int) -> bool:
        """Is ``moved`` on its device at step ``index`` of ``block``: moved before, and not brought back
        to the host since (``model.cpu()``, ``model = model.to("cpu")``)?"""
        if moved.index >= index:
            return False
        key = (id(block), moved.name)
        if key not in self._back:
            self._back[key] = [i for i, s in enumerate(block.steps) if brings_back(s.node, moved.name, self.aliases)]
        return not any(moved.index < i < index for i in self._back[key])

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
                called = [mm for mm in models if self.on_device_at(block, mm, index)
                          and any(runs_model(c, mm.name) for c in calls)]
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
            passed[name] = [self._described(argument_for(call, i, name), caller, at) for call, caller, at in calls]
        return passed

    def _described(self, arg: cst.BaseExpression | None, caller: Block, at: int) -> list[str]:
        name = dotted_name(arg) if arg is not None else None
        if name is None:
            return []
        origins = [
            dotted_name(step.node.value.func) for step in caller.steps[:at]  # type: ignore[union-attr]
            if m.matches(step.node, m.Assign(value=m.Call())) and name in assigned_names(self.tree, step.node)
        ]
        return [name, *(o for o in origins[-1:] if o is not None)]

    def names_called(self, block: Block) -> set[str | None]:
        """The dotted names of what ``block`` calls (computed once)."""
        if id(block) not in self._names:
            self._names[id(block)] = {dotted_name(c.func) for s in block.steps for c in self.tree.of_type(s.node, cst.Call)}
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
                    node = step.node
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
