"""Which ``nn.Module`` classes of a file are moved as a whole (``model = Net().cuda()``), and the
hand-written moves their buffers no longer need.

A tensor attribute written ``torch.zeros(3).cuda()`` was moved by hand because the module's own
``.cuda()`` did not move it. Once it is a buffer of a class that the file moves as a whole, the
module's move carries it, and the hand-written one (which fails on a machine without a GPU) can go.
"""

from __future__ import annotations

from typing import cast

import libcst as cst

from codemods.analysis.nn_modules import model_move
from codemods.core.dataflow import function_blocks, linear_statements
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import strip_method_chain
from codemods.core.torch_names import as_move, moves_device
from codemods.core.tree import Tree


def classes_moved_whole(tree: Tree, aliases: ImportAliases, local_modules: set[str]) -> dict[str, set[str]]:
    """Classes an instance of which is moved with .to()/.cuda() somewhere in the file, each with the
    methods that move it (``{"to"}``, ``{"to", "cuda"}``)."""
    instances: dict[str, str] = {}  # variable -> class
    moved: dict[str, set[str]] = {}
    for small in (s for block in function_blocks(tree) for s in linear_statements(block)):
        if isinstance(small, cst.Assign) and len(small.targets) == 1:
            root = strip_method_chain(small.value, aliases)
            target = dotted_name(small.targets[0].target)
            if isinstance(root, cst.Call) and (built := dotted_name(root.func)) in local_modules and target:
                instances[target] = built
        found = model_move(small, aliases)
        if found is None:
            continue
        name, move = found
        root = strip_method_chain(move.subject, aliases)
        if name in instances:
            moved.setdefault(instances[name], set()).add(move.method)
        elif isinstance(root, cst.Call) and (built := dotted_name(root.func)) in local_modules:
            moved.setdefault(built, set()).add(move.method)
    return moved


def without_moves(value: cst.BaseExpression, aliases: ImportAliases) -> cst.BaseExpression:
    """``torch.zeros(3).cuda()`` -> ``torch.zeros(3)``: every device move in ``value`` dropped."""
    return cast(cst.BaseExpression, value.visit(_DropMoves(aliases)))  # calls become expressions: still one


class _DropMoves(cst.CSTTransformer):
    def __init__(self, aliases: ImportAliases) -> None:
        super().__init__()
        self.aliases = aliases

    def leave_Call(self, original_node: cst.Call, updated_node: cst.Call) -> cst.BaseExpression:
        move = as_move(updated_node)
        if move is not None and moves_device(move, self.aliases) and len(updated_node.args) <= 1:
            return move.subject
        return updated_node
