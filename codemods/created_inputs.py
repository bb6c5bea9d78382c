"""Tensors a block creates on the CPU (``src = torch.randint(...)``, no ``device=``) and then feeds to
a model that was moved to a device before the call.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Sequence

import libcst as cst

from codemods.dataflow import Step, assigned_names
from codemods.moved_models import LOOPS, Block, MovedModel
from codemods.names import ImportAliases, dotted_name
from codemods.syntax import assigned_chain, kwarg
from codemods.torch_names import FACTORIES, as_move
from codemods.tree import Tree


@dataclass(frozen=True)
class CreatedInput:
    name: str
    factory: cst.Call  # the factory call that makes it, without device=
    model: MovedModel  # the moved model it is fed to
    bound: frozenset[str]  # the names bound when it is created (a device expression may only use those)


def created_inputs(tree: Tree, aliases: ImportAliases, block: Block, models: Sequence[MovedModel]) -> Iterator[CreatedInput]:
    """The tensors ``block`` creates and feeds to one of ``models`` after the block moved it."""
    moved = [mm for mm in models if mm.index >= 0]
    if not moved:
        return
    steps = block.steps
    bound: set[str] = set(aliases.names)
    for index, step in enumerate(steps):
        node = step.node
        if isinstance(node, LOOPS):
            bound |= assigned_names(tree, node.target) if isinstance(node, cst.For) else set()
            continue
        created = _created_tensor(node, aliases)
        if created is not None:
            model = _model_fed_with(tree, created[0], steps, index, moved)
            if model is not None:
                yield CreatedInput(created[0], created[1], model, frozenset(bound))
        bound |= assigned_names(tree, node)


def _created_tensor(node: cst.BaseSmallStatement, aliases: ImportAliases) -> tuple[str, cst.Call] | None:
    """``name = torch.<factory>(...)`` (possibly followed by methods) without ``device=``."""
    assigned = assigned_chain(node, aliases)
    if assigned is None:
        return None
    name, chain = assigned
    root = chain[0]
    if not (isinstance(root, cst.Call) and aliases.qualify(root.func) in FACTORIES):
        return None
    if kwarg(root, "device") is not None or any(as_move(link) for link in chain[1:]):
        return None
    return name, root


def _model_fed_with(
    tree: Tree, name: str, steps: Sequence[Step], created_at: int, moved: Sequence[MovedModel]
) -> MovedModel | None:
    """The moved model that ``name`` is passed to (after the move), before ``name`` is re-bound."""
    for index in range(created_at + 1, len(steps)):
        node = steps[index].node
        if isinstance(node, LOOPS):
            continue
        for call in tree.of_type(node, cst.Call):
            callee = dotted_name(call.func)
            fed = any(dotted_name(a.value) == name for a in call.args)
            model = next((mm for mm in moved if mm.name == callee and mm.index < index), None)
            if fed and model is not None:
                return model
        if name in assigned_names(tree, node):
            return None
    return None
