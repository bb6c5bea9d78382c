"""Wrappers a construction may move past: ``model = nn.DataParallel(model)`` keeps the parameters.

``nn.DataParallel`` holds the model as its one child, ``module``, and has no parameters of its own:
``wrapper.parameters()`` yields the model's parameter objects, in the same order. An optimizer built
from ``model.parameters()`` before the wrap and one built from the wrapper's after it hold the same
tensors; only ``named_parameters()`` (``module.`` in front of every name) and the model's own
attributes (``model.fc``, no longer reachable on the wrapper) differ. :func:`parameter_wraps` finds
such wraps between a construction and its move, when the construction reads nothing else of the
model.
"""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from codemods.analysis.module_aliases import written
from codemods.core.dataflow import linear_statements
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import method_chain
from codemods.core.tree import Tree
from codemods.rules.dev005_optimizer_before_move._dotted_flow import chains_read
from codemods.rules.dev005_optimizer_before_move._optimizer_builds import OptimizerBuild

_DATA_PARALLEL = frozenset(
    {
        "torch.nn.DataParallel",
        "torch.nn.parallel.DataParallel",
        "torch.nn.parallel.data_parallel.DataParallel",
    }
)
_MOVES = frozenset({"to", "cuda"})


def parameter_wraps(
    tree: Tree,
    aliases: ImportAliases,
    builds: Sequence[OptimizerBuild],
    statements: Sequence[cst.BaseStatement],
) -> frozenset[int] | None:
    """The ids of the simple statements in ``statements`` (those between the constructions and the
    move, the move's included) that wrap a model of ``builds`` in ``nn.DataParallel``
    (``model = nn.DataParallel(model)``, ``model = nn.DataParallel(model).cuda()``); None when one of
    them rebinds a model otherwise, or a construction reads more of a model than ``model.parameters()``."""
    models = {model for build in builds for model in build.models}
    if not all(_whole_parameters(tree, build) for build in builds):
        return None
    wraps: set[int] = set()
    for stmt in statements:
        if not isinstance(stmt, (cst.SimpleStatementLine, cst.If)):
            if models & written(tree, stmt):
                return None
            continue
        for small in linear_statements([stmt]):
            if not models & written(tree, small):
                continue
            if not _wraps(small, aliases):
                if not _moves_itself(small, aliases):
                    return None
                continue
            wraps.add(id(small))
    return frozenset(wraps)


def _whole_parameters(tree: Tree, build: OptimizerBuild) -> bool:
    """Does ``build`` read its models only as ``model.parameters()``?"""
    assign = build.statement.body[0]
    assert isinstance(assign, cst.Assign)
    for chain in chains_read(tree, assign.value):
        spelled = dotted_name(chain) or ""
        for model in build.models:
            if spelled == model or spelled.startswith(model + "."):
                parent = tree.parent(chain)
                call = isinstance(parent, cst.Call) and parent.func is chain and not parent.args
                if spelled != model + ".parameters" or not call:
                    return False
    return True


def _wraps(small: cst.BaseSmallStatement, aliases: ImportAliases) -> bool:
    """``model = nn.DataParallel(model, ...)``, possibly moved in the same line."""
    if not isinstance(small, cst.Assign) or len(small.targets) != 1:
        return False
    target = dotted_name(small.targets[0].target)
    chain = method_chain(small.value, aliases)
    if any(not _is_move(link) for link in chain[1:]):
        return False
    root = chain[0]
    return (
        isinstance(root, cst.Call)
        and aliases.qualify(root.func) in _DATA_PARALLEL
        and bool(root.args)
        and root.args[0].keyword is None
        and dotted_name(root.args[0].value) == target
    )


def _moves_itself(small: cst.BaseSmallStatement, aliases: ImportAliases) -> bool:
    """``model = model.cuda()``: the same object, rebound."""
    if not isinstance(small, cst.Assign) or len(small.targets) != 1:
        return False
    chain = method_chain(small.value, aliases)
    return (
        len(chain) > 1
        and dotted_name(chain[0]) == dotted_name(small.targets[0].target)
        and all(_is_move(link) for link in chain[1:])
    )


def _is_move(link: cst.BaseExpression) -> bool:
    return (
        isinstance(link, cst.Call) and isinstance(link.func, cst.Attribute) and link.func.attr.value in _MOVES
    )
