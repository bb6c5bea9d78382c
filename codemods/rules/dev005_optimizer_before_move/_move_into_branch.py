"""A copy of a model's move, put in the ``if`` branch that builds its optimizer.

The optimizer is built in one branch of an ``if`` (a fresh start; the resume branch loads one) and
the model is moved after the ``if``::

    if checkpoint is None:
        model = Net()
        optimizer = Adam(model.parameters())
    else:
        model, optimizer = restore(checkpoint)
    model = model.to(device)

The construction cannot go below the move (that builds it on every path), but the move can be made
earlier on the path that builds it: a copy of it right above the construction. The move after the
``if`` stays, for the other paths; on this one it moves a model already there, which changes nothing.

That keeps the program's meaning only when what runs after the copy, up to the original move, cannot
tell the model moved earlier: it builds optimizers and schedulers from it, loads state into it, or
switches it between training and evaluation, and nothing else of it; it writes nothing the move
reads (``device``); and the move keeps the model's parameter objects (``.to(d)``, ``.cuda()``, of the
model itself; no wrapper). :func:`move_copy` says where the copy goes and what it is, or nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import libcst as cst

from codemods.analysis.module_aliases import written
from codemods.analysis.nn_modules import model_move
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import method_chain
from codemods.core.tree import Tree
from codemods.rules.dev005_optimizer_before_move._dotted_flow import (
    chains_read,
    may_touch,
)

# What may be done to the model after the copy of its move: none of these tells where it is.
_ALLOWED_METHODS = frozenset({"load_state_dict", "train", "eval", "zero_grad"})


@dataclass(frozen=True)
class MoveCopy:
    before: cst.BaseStatement  # the statement the copy goes right above
    copy: cst.BaseStatement
    moved: bool = False  # the move itself goes there (above the whole `if`), not a copy


def move_above_if(
    tree: Tree,
    aliases: ImportAliases,
    model: str,
    block: Sequence[cst.BaseStatement],
    branch: int,
    move: int,
    builds_model: frozenset[int],
) -> MoveCopy | None:
    """The move itself, above the ``if`` ``block[branch]``, when the model is bound before it: every
    path then builds after the move, and no copy is needed. None when the ``if`` or what follows it
    up to the move could tell, or binds the model or anything the move reads, or the move's line
    holds more than the move."""
    line = block[move]
    if _plain_copy(line, model, aliases) is None:
        return None
    if isinstance(line, cst.SimpleStatementLine) and len(line.body) != 1:
        return None
    reads = _reads(tree, line, model)
    root = model.split(".", 1)[0]
    for stmt in block[branch:move]:
        if any(w == model or w == root for w in written(tree, stmt)) or _may_change_reads(tree, stmt, reads):
            return None
        if not _unaware(tree, stmt, model, reads, builds_model) or _calls_own_function(tree, block, stmt):
            return None
        if _leaves(tree, stmt):
            return None
    return MoveCopy(block[branch], line, moved=True)


def _may_change_reads(tree: Tree, stmt: cst.CSTNode, reads: set[str]) -> bool:
    """May ``stmt`` bind or change a name the move reads (``device = ...``; ``configure(args)`` or
    ``args.update(...)`` for ``model.to(args.device)``)? ``reads``: the dotted names the move reads
    (``args.cuda``). Handing one to a move (``x.to(device)``) or to ``print`` changes nothing, nor does
    handing on another attribute of the same object (``MultiStepLR(opt, args.milestones)``)."""
    roots = {read.split(".", 1)[0] for read in reads}
    if any(w.split(".", 1)[0] in roots for w in written(tree, stmt)):
        return True
    for chain in chains_read(tree, stmt):
        spelled = dotted_name(chain) or ""
        if spelled.split(".", 1)[0] not in roots:
            continue
        if isinstance(tree.parent(chain), cst.Arg) and not any(
            read == spelled or read.startswith(spelled + ".") for read in reads
        ):
            continue  # `args.milestones` handed on: `args.cuda`, which the move reads, stays bound
        parent = tree.parent(chain)
        if isinstance(parent, cst.Call) and parent.func is chain and "." in spelled:
            return True  # `args.update(...)`
        if isinstance(parent, cst.Arg):
            call = tree.parent(parent)
            func = call.func if isinstance(call, cst.Call) else None
            name = func.attr.value if isinstance(func, cst.Attribute) else dotted_name(func) if func else None
            if name not in _READING_CALLS:
                return True
    return False


_READING_CALLS = frozenset(
    {"to", "cuda", "print", "len", "str", "repr", "format", "isinstance", "type", "id"}
)


def _leaves(tree: Tree, stmt: cst.CSTNode) -> bool:
    """May a path through ``stmt`` skip the move after it (``return``, ``raise``, ``break``,
    ``continue``), or change where a move goes (``torch.cuda.set_device(i)``,
    ``os.environ["CUDA_VISIBLE_DEVICES"] = ...``)? A move made earlier would then be made where none
    was, or go elsewhere."""
    if tree.of_type(stmt, (cst.Return, cst.Raise, cst.Break, cst.Continue)):
        return True
    for name in tree.of_type(stmt, cst.Name):
        if name.value in _STEERS_DEVICES:
            return True
    # `with torch.cuda.device(1):`
    return any(
        isinstance(call.func, cst.Attribute)
        and call.func.attr.value == "device"
        and (dotted_name(call.func.value) or "").endswith("cuda")
        for call in tree.of_type(stmt, cst.Call)
    )


# Names that choose the current device or the visible ones: a move made before them goes elsewhere.
_STEERS_DEVICES = frozenset(
    {"environ", "putenv", "set_device", "set_default_device", "set_default_tensor_type"}
)


def _calls_own_function(tree: Tree, block: Sequence[cst.BaseStatement], stmt: cst.CSTNode) -> bool:
    """At the module's top level, does ``stmt`` call a function or class of the file? Its body may
    read the model as a global (``evaluate()`` feeding it host tensors), unseen by the name's uses."""
    if block is not tree.root.body:
        return False
    own = {s.name.value for s in block if isinstance(s, (cst.FunctionDef, cst.ClassDef))}
    return any(isinstance(c.func, cst.Name) and c.func.value in own for c in tree.of_type(stmt, cst.Call))


def _move_small(stmt: cst.BaseStatement, model: str, aliases: ImportAliases) -> cst.CSTNode:
    """The part of ``stmt`` that moves ``model``: the small statement on a line of several."""
    if isinstance(stmt, cst.SimpleStatementLine):
        for small in stmt.body:
            found = model_move(small, aliases)
            if found is not None and found[0] == model:
                return small
    return stmt


def _reads(tree: Tree, stmt: cst.CSTNode, model: str) -> set[str]:
    """The dotted names ``stmt`` (a move of ``model``) reads besides the model (``args.cuda``)."""
    reads = {dotted_name(chain) or "" for chain in chains_read(tree, stmt)}
    root = model.split(".", 1)[0]
    return {read for read in reads if read and read.split(".", 1)[0] != root}


def move_copy(
    tree: Tree,
    aliases: ImportAliases,
    build: cst.SimpleStatementLine,
    model: str,
    block: Sequence[cst.BaseStatement],
    branch: int,
    move: int,
    builds_model: frozenset[int],
) -> MoveCopy | None:
    """Where a copy of ``block[move]`` (the move of ``model`` after the ``if`` ``block[branch]``, which
    holds ``build``) goes on ``build``'s path, and the copy; None when one could change the program.
    ``builds_model``: the ids of the statements that build an optimizer or scheduler from ``model``."""
    copy = _plain_copy(block[move], model, aliases) or wrapped_move_copy(block[move], model, aliases)
    path = _path(tree, build, block[branch])
    if copy is None or path is None:
        return None
    anchor = _anchor(tree, path, builds_model)
    inner, at = path[anchor[0]]
    after: list[cst.BaseStatement] = list(inner[anchor[1] :])
    after.extend(s for inner, at in path[anchor[0] + 1 :] for s in inner[at + 1 :])
    after.extend(block[branch + 1 : move])
    reads = _reads(tree, _move_small(block[move], model, aliases), model)
    # The copy of a wrapped move (`model.cuda()` for `nn.DataParallel(model).cuda()`) does not build the
    # wrapper: the names it is spelled with are no reads of the copy.
    reads -= {
        dotted_name(call.func) or ""
        for call in tree.of_type(block[move], cst.Call)
        if aliases.qualify(call.func) == "torch.nn.DataParallel"
    }
    if not all(_unaware(tree, s, model, reads, builds_model) for s in after):
        return None
    if any(_calls_own_function(tree, block, s) or _leaves(tree, s) for s in after):
        return None
    return MoveCopy(inner[anchor[1]], copy)


def _anchor(
    tree: Tree, path: list[tuple[Sequence[cst.BaseStatement], int]], builds_model: frozenset[int]
) -> tuple[int, int]:
    """Where the copy goes on the path: above the first statement of it (outermost block first) that
    builds from the model, or holds a construction that does (``if more: opt2 = ...``); as (the
    level in ``path``, the index in that block). Every construction on the path shares that copy."""
    for level in range(len(path) - 1, -1, -1):
        inner, at = path[level]
        for index in range(at + (level == 0)):
            stmt = inner[index]
            if id(stmt) in builds_model or any(id(s) in builds_model for s in tree.descendants(stmt)):
                return level, index
    return 0, path[0][1]


def _unaware(
    tree: Tree, stmt: cst.CSTNode, model: str, reads: set[str], builds_model: frozenset[int]
) -> bool:
    """Does ``stmt`` do the same with the model moved before it: a construction from it, a statement
    that leaves it alone, ``model.load_state_dict(...)``, or an ``if`` of these; and bind nothing the
    move reads?"""
    if id(stmt) in builds_model:
        return True
    if _may_change_reads(tree, stmt, reads):
        return False
    if not may_touch(tree, stmt, model):
        return True
    if isinstance(stmt, cst.If):
        arms: list[cst.CSTNode] = [*stmt.body.body]
        if isinstance(stmt.orelse, cst.If):
            arms.append(stmt.orelse)
        elif isinstance(stmt.orelse, cst.Else):
            arms.extend(stmt.orelse.body.body)
        return not may_touch(tree, stmt.test, model) and all(
            _unaware(tree, arm, model, reads, builds_model) for arm in arms
        )
    return isinstance(stmt, cst.SimpleStatementLine) and (
        _allowed_use(stmt, model) or _counts_parameters(tree, stmt, model)
    )


def _in_lone_if(
    stmt: cst.If, copy: Callable[[cst.BaseStatement], cst.BaseStatement | None]
) -> cst.BaseStatement | None:
    """``stmt`` (an ``if`` without ``else`` holding one statement) with ``copy`` of that statement in it,
    without the comments above it; None when ``stmt`` holds more, or ``copy`` gives None."""
    if stmt.orelse is not None or not isinstance(stmt.body, cst.IndentedBlock) or len(stmt.body.body) != 1:
        return None
    inner = copy(stmt.body.body[0])
    if inner is None:
        return None
    return stmt.with_changes(body=stmt.body.with_changes(body=[inner]), leading_lines=())


def _plain_copy(stmt: cst.BaseStatement, model: str, aliases: ImportAliases) -> cst.BaseStatement | None:
    """The move of ``model`` in ``stmt`` alone on a line, without the comments above it: ``model.to(d)``,
    ``model = model.cuda()``, or an ``if`` (no ``else``) holding only such a move. None for anything
    else: a wrapper (``nn.DataParallel(model).cuda()``) or a conversion in the chain."""
    if isinstance(stmt, cst.If):
        return _in_lone_if(stmt, lambda inner: _plain_copy(inner, model, aliases))
    if not isinstance(stmt, cst.SimpleStatementLine):
        return None
    for small in stmt.body:
        found = model_move(small, aliases)
        if found is None or found[0] != model:
            continue
        value = small.value if isinstance(small, (cst.Expr, cst.Assign)) else None
        chain = method_chain(value, aliases) if value is not None else []
        if len(chain) != 2 or dotted_name(chain[0]) != model:
            return None
        return cst.SimpleStatementLine(body=[small.with_changes(semicolon=cst.MaybeSentinel.DEFAULT)])
    return None


def wrapped_move_copy(
    stmt: cst.BaseStatement, model: str, aliases: ImportAliases
) -> cst.BaseStatement | None:
    """``model = nn.DataParallel(model).cuda()`` (or ``.to(d)``), alone on its line or the one statement
    of an ``if`` without ``else``: the move of the model it wraps, ``model.cuda()``. The wrapper holds
    the model's own parameter objects, and moving it moves them where they are: the copy does to the
    parameters what the wrapped move does, and leaves the wrapping to it. None for anything else."""
    if isinstance(stmt, cst.If):
        return _in_lone_if(stmt, lambda inner: wrapped_move_copy(inner, model, aliases))
    if not isinstance(stmt, cst.SimpleStatementLine) or len(stmt.body) != 1:
        return None
    small = stmt.body[0]
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1):
        return None
    if dotted_name(small.targets[0].target) != model:
        return None
    move = small.value
    if not (
        isinstance(move, cst.Call)
        and isinstance(move.func, cst.Attribute)
        and move.func.attr.value in ("cuda", "to")
        and isinstance(move.func.value, cst.Call)
    ):
        return None
    wrapper = move.func.value
    if aliases.qualify(wrapper.func) != "torch.nn.DataParallel":
        return None
    wrapped = [a for a in wrapper.args if a.keyword is None or a.keyword.value == "module"]
    if not wrapped or dotted_name(wrapped[0].value) != model:
        return None
    moved = move.with_changes(func=move.func.with_changes(value=wrapped[0].value))
    return cst.SimpleStatementLine(body=[cst.Expr(moved)])


def _path(
    tree: Tree, build: cst.BaseStatement, branch: cst.BaseStatement
) -> list[tuple[Sequence[cst.BaseStatement], int]] | None:
    """The blocks from ``build``'s up to the branch of the ``if`` ``branch`` it is in, innermost first,
    each with the index of the statement on the way; None where a loop, ``with`` or ``try`` lies
    between (what runs there may run again)."""
    path: list[tuple[Sequence[cst.BaseStatement], int]] = []
    node: cst.CSTNode = build
    for above in tree.ancestors(build):
        if above is branch:
            return path
        if isinstance(above, cst.IndentedBlock):
            path.append((above.body, next(i for i, s in enumerate(above.body) if s is node)))
        elif not isinstance(above, (cst.If, cst.Else)):
            return None
        node = above
    return None


def _counts_parameters(tree: Tree, stmt: cst.SimpleStatementLine, model: str) -> bool:
    """``print("params:", sum(p.numel() for p in model.parameters()))``: a line that reads of the model
    only how many parameters it has (``numel``, ``shape``, ``requires_grad``: the same wherever it
    is), and calls nothing but builtins that count and print, or a logger."""
    for call in tree.of_type(stmt, cst.Call):
        func = call.func
        if isinstance(func, cst.Name):
            if func.value not in _COUNTING_BUILTINS:
                return False
        elif not isinstance(func, cst.Attribute):
            return False
        elif dotted_name(func.value) == model:
            if func.attr.value not in ("parameters", "named_parameters"):
                return False
        elif func.attr.value not in _SIZE_ATTRIBUTES and func.attr.value not in _LOGGING_METHODS:
            return False
    for chain in chains_read(tree, stmt):
        if (dotted_name(chain) or "").split(".", 1)[0] != model.split(".", 1)[0]:
            continue
        parent = tree.parent(chain)
        # `model.parameters()` as what a comprehension runs over, and nothing else of the model
        if not (
            isinstance(parent, cst.Call)
            and parent.func is chain
            and isinstance(tree.parent(parent), cst.CompFor)
        ):
            return False
    if not _reads_only_counting_names(tree, stmt, model):
        return False
    for comp in tree.of_type(stmt, cst.CompFor):
        names = {n.value for n in tree.of_type(comp.target, cst.Name)}
        scope = tree.parent(comp)
        for name in tree.of_type(scope, cst.Name) if scope is not None else ():
            if name.value not in names or name is comp.target or tree.inside(name, comp.target):
                continue
            above = tree.parent(name)
            if not (
                isinstance(above, cst.Attribute)
                and above.value is name
                and above.attr.value in _SIZE_ATTRIBUTES
            ):
                return False  # `p.data`, `p.sum()`, `p` itself: its values, or its device, would show
    return True


def _reads_only_counting_names(tree: Tree, stmt: cst.SimpleStatementLine, model: str) -> bool:
    """Does ``stmt`` read no variable but the model, counting builtins, a logger and the targets of its
    own comprehensions (``p`` in ``for p in model.parameters()``)? Another name may hold a part of the
    model (``w = model.fc.weight`` earlier) whose device would show."""
    root = model.split(".", 1)[0]
    bound: list[cst.CompFor] = tree.of_type(stmt, cst.CompFor)  # the comprehensions' loops
    for name in tree.of_type(stmt, cst.Name):
        parent = tree.parent(name)
        if isinstance(parent, cst.Attribute) and parent.attr is name:
            continue
        if isinstance(parent, cst.Arg) and parent.keyword is name:
            continue
        if name.value == root or name.value in _COUNTING_BUILTINS:
            continue
        if isinstance(parent, cst.AssignTarget) and parent.target is name:
            continue  # `n_params = sum(...)`
        if (
            isinstance(parent, cst.Attribute)
            and parent.value is name
            and parent.attr.value in _LOGGING_METHODS
            and isinstance(call := tree.parent(parent), cst.Call)
            and call.func is parent
        ):
            continue  # `logger.info(...)`
        if any(
            name.value in {n.value for n in tree.of_type(comp.target, cst.Name)}
            and (scope := tree.parent(comp)) is not None
            and tree.inside(name, scope)
            for comp in bound
        ):
            continue
        return False
    return True


# A parameter's size and whether it trains: the same on every device.
_SIZE_ATTRIBUTES = frozenset(
    {"numel", "nelement", "shape", "size", "dim", "ndim", "ndimension", "requires_grad"}
)
_COUNTING_BUILTINS = frozenset({"print", "sum", "len", "int", "str", "format", "round"})
_LOGGING_METHODS = frozenset({"info", "debug", "warning", "format", "log"})


def _allowed_use(stmt: cst.BaseStatement, model: str) -> bool:
    """``model.load_state_dict(state)``, ``model.train()``: alone on its line, the same wherever the
    model is."""
    if not isinstance(stmt, cst.SimpleStatementLine) or len(stmt.body) != 1:
        return False
    small = stmt.body[0]
    if not isinstance(small, cst.Expr) or not isinstance(small.value, cst.Call):
        return False
    func = small.value.func
    return (
        isinstance(func, cst.Attribute)
        and dotted_name(func.value) == model
        and func.attr.value in _ALLOWED_METHODS
    )
