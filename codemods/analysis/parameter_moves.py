"""Which of a call's arguments the file's own function or class moves to a device.

``train(model, opt, loader)`` whose body runs ``model.to(device)``, and ``Trainer(G, D, G_opt, D_opt,
use_cuda=...)`` whose ``__init__`` keeps ``self.G = G`` and runs ``if use_cuda: self.G.cuda()``, both
move the model their caller hands them: ``Module.to()`` and ``.cuda()`` move parameters in place, so
the caller's object is on the device after the call. A caller that built an optimizer from that
model's parameters before the call built it before the move, though no move is in sight there.

Only what the file shows is followed: a function defined once outside classes, or a class defined
once at the top level with its own ``__init__``; a move in the callee's own body (in a branch too),
not in functions it calls in turn. In project mode the same facts come for what the file imports from
the project's other files. Positional and keyword arguments are matched to parameters;
``*args`` and ``**kwargs`` match nothing.
"""

from __future__ import annotations

from collections.abc import Mapping

import libcst as cst

from codemods.analysis.nn_modules import model_move
from codemods.core.dataflow import block, linear_statements
from codemods.core.local_functions import LocalFunctions
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.tree import Tree

# What other files of the project do to what they are handed, by how this file spells the callee:
# ``{"Trainer": (("model", "opt"), ("model",))}`` (the parameters a call fills, the moved ones).
ProjectMoves = Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]]


def moved_arguments(
    tree: Tree,
    aliases: ImportAliases,
    call: cst.Call,
    functions: LocalFunctions,
    project: ProjectMoves | None = None,
) -> set[str]:
    """The dotted names handed to ``call`` (``model``, ``self.net``) that its callee moves to a device:
    a function or class of this file, or one another file of the project defines (``project``: what
    this file imports, by how it spells the callee; see :mod:`autofix.files.project`)."""
    callee = functions.callee(call)
    skip = 0
    if callee is None:
        callee, skip = _constructor(tree, call), 1
    elif functions.enclosing_class(callee) is not None:
        skip = 1  # `self.helper(model)`: the first parameter is `self`
    params: list[str]
    moved: frozenset[str]
    if callee is not None:
        params = [p.name.value for p in callee.params.params][skip:]
        moved = tree.memo(("moved parameters", id(callee)), lambda: _moved_parameters(aliases, callee))
    else:
        elsewhere = project.get(dotted_name(call.func) or "") if project else None
        if elsewhere is None:
            return set()
        params, moved = list(elsewhere[0]), frozenset(elsewhere[1])
    found: set[str] = set()
    for position, arg in enumerate(call.args):
        if arg.star:
            break  # `*args` shifts every later position
        if arg.keyword is not None:
            param = arg.keyword.value
        elif position < len(params):
            param = params[position]
        else:
            continue
        name = dotted_name(arg.value)
        if param in moved and name is not None:
            found.add(name)
    return found


def _constructor(tree: Tree, call: cst.Call) -> cst.FunctionDef | None:
    """``Trainer(...)``: the ``__init__`` of a class defined once at the file's top level."""
    if not isinstance(call.func, cst.Name):
        return None
    classes = tree.memo("top-level classes by name", lambda: _top_level_classes(tree)).get(
        call.func.value, []
    )
    if len(classes) != 1 or not isinstance(classes[0].body, cst.IndentedBlock):
        return None
    inits = [s for s in classes[0].body.body if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"]
    return inits[0] if len(inits) == 1 else None


def _top_level_classes(tree: Tree) -> dict[str, list[cst.ClassDef]]:
    found: dict[str, list[cst.ClassDef]] = {}
    for stmt in tree.root.body:
        if isinstance(stmt, cst.ClassDef):
            found.setdefault(stmt.name.value, []).append(stmt)
    return found


def _moved_parameters(aliases: ImportAliases, function: cst.FunctionDef) -> frozenset[str]:
    """Parameters of ``function`` whose value its body moves: directly (``model.cuda()``,
    ``model = model.to(d)``) or through the attribute it is kept in (``self.model = model``)."""
    params = {p.name.value for p in function.params.params}
    kept: dict[str, str] = {}  # `self.model` -> `model`
    moved: set[str] = set()
    for small in linear_statements(block(function.body)):
        if isinstance(small, cst.Assign) and len(small.targets) == 1:
            target, value = dotted_name(small.targets[0].target), dotted_name(small.value)
            if target is not None and "." in target and value in params:
                kept[target] = value
        found = model_move(small, aliases)
        if found is None:
            continue
        subject = found[0]
        if subject in params:
            moved.add(subject)
        elif subject in kept:
            moved.add(kept[subject])
    return frozenset(moved)
