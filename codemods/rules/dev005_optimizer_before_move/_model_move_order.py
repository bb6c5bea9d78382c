"""Where a model is moved to a device, relative to a statement that uses it.

DEV005 asks two questions about a model (``model``, ``self.G``) and a statement that builds
something from its parameters:

* is the model moved later in the same block, at its top level or under an ``if`` there (a move
  inside a loop, ``with`` or ``try`` may run any number of times, and is not counted)?
* is it moved later in an enclosing block, after the ``if`` the statement sits in?

A move of an object the model is part of (``model.to(d)`` for ``model.encoder``) counts. Rebinding
the name to a new model (``model = Net()``) ends the search: a later move is of another model.
Wrapping it (``model = nn.DataParallel(model)``) does not, but is remembered: the fix must not
jump over it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import libcst as cst

from codemods.analysis.module_aliases import SameObject, alias_binding, written
from codemods.analysis.nn_modules import model_move
from codemods.core.dataflow import linear_statements
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import method_chain
from codemods.core.tree import Tree


@dataclass(frozen=True)
class LaterMove:
    index: int  # of the statement in the block that moves the model (an `if` for a conditional move)
    wrapped: bool  # the name was rebound to a wrapper of the model on the way
    # Other names that held the model on the way (`self.model = model`), and the one moved when the
    # move is of such a name (`self.model.cuda()` for `model`) or binds one (`net = model.cuda()`).
    aliases: frozenset[str] = frozenset()
    through: str | None = None


def statement_blocks(tree: Tree) -> list[Sequence[cst.BaseStatement]]:
    """The module body and every indented block in it, outermost first."""
    found: list[Sequence[cst.BaseStatement]] = [tree.root.body]
    found.extend(b.body for b in tree.of_type(tree.root, cst.IndentedBlock))
    return found


def moves_model(small: cst.CSTNode, model: str, aliases: ImportAliases) -> bool:
    """Does the simple statement ``small`` move ``model`` (or the object it is part of)?"""
    if not isinstance(small, cst.BaseSmallStatement):
        return False
    found = model_move(small, aliases)
    return found is not None and (found[0] == model or model.startswith(found[0] + "."))


def _rebinding(tree: Tree, node: cst.CSTNode, model: str) -> str | None:
    """ "new" when ``node`` binds ``model`` (or what it lives on) to something else, "wrapped" when
    to something built from it (``nn.DataParallel(model)``), None when it leaves it bound."""
    targets = [w for w in written(tree, node) if w == model or model.startswith(w + ".")]
    if not targets:
        return None
    return "wrapped" if isinstance(node, cst.Assign) and model in _mentioned(tree, node.value) else "new"


def verdict(
    tree: Tree, aliases: ImportAliases, stmt: cst.BaseStatement, model: str
) -> tuple[bool, str | None]:
    """Whether one statement of a block moves ``model``, and whether it rebinds it ("new",
    "wrapped" or None: see :func:`_rebinding`)."""
    if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
        return False, None
    smalls: list[cst.CSTNode] = [stmt]  # a loop, `with` or `try`: a move there is not counted
    if isinstance(stmt, cst.SimpleStatementLine):
        smalls = list(stmt.body)
    elif isinstance(stmt, cst.If) and not tree.of_type(stmt, _NOT_AN_IF):
        smalls = list(linear_statements([stmt]))  # a move in a branch: a conditional move
    rebinding = None
    for small in smalls:
        if moves_model(small, model, aliases):
            if isinstance(small, cst.Assign) and dotted_name(method_chain(small.value, aliases)[0]) is None:
                return True, "wrapped" if model in _mentioned(tree, small.value) else "new"
            return True, rebinding
        rebinding = rebinding or _rebinding(tree, small, model)
    return False, rebinding


_NOT_AN_IF = (cst.For, cst.While, cst.With, cst.Try, cst.TryStar, cst.FunctionDef, cst.ClassDef)


def _mentioned(tree: Tree, node: cst.CSTNode) -> set[str | None]:
    return {dotted_name(n) for n in tree.of_type(node, (cst.Name, cst.Attribute))}


def later_move(
    tree: Tree,
    aliases: ImportAliases,
    statements: Sequence[cst.BaseStatement],
    start: int,
    model: str,
    same: SameObject | None = None,
) -> LaterMove | None:
    """The first statement from ``start`` on that moves ``model``; None when there is none before
    the name is bound to another model. With ``same`` (what holds which object just before
    ``statements[start]``), a move of another name that holds the model then counts too
    (``self.model = model`` ... ``self.model.cuda()``)."""
    wrapped = False
    seen: set[str] = set()
    for index in range(start, len(statements)):
        stmt = statements[index]
        moved, rebinding = verdict(tree, aliases, stmt, model)
        if rebinding == "new":
            return None
        wrapped = wrapped or rebinding == "wrapped"
        if moved:
            return LaterMove(index, wrapped, frozenset(seen))
        if same is None:
            continue
        names = same.same(model)
        seen.update(names - {model})
        through = _alias_move(tree, aliases, stmt, names)
        if through is not None:
            return LaterMove(index, wrapped, frozenset(seen), through)
        same.step(stmt)
        seen.update(same.same(model) - {model})
    return None


def _alias_move(
    tree: Tree, aliases: ImportAliases, stmt: cst.BaseStatement, names: frozenset[str]
) -> str | None:
    """The name of ``names`` that ``stmt`` moves, at its top level or in an ``if`` there (as
    :func:`_verdict` reads a move), also bound on the way (``net = model.cuda()``); None when it
    moves none. A name bound before the move in the statement no longer counts."""
    if not names or isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
        return None
    if isinstance(stmt, cst.SimpleStatementLine):
        smalls: Sequence[cst.CSTNode] = stmt.body
    elif isinstance(stmt, cst.If) and not tree.of_type(stmt, _NOT_AN_IF):
        smalls = linear_statements([stmt])
    else:
        return None
    live = set(names)
    for small in smalls:
        binding = alias_binding(small, aliases)
        if binding is not None and binding[1] in live and binding[2]:
            return binding[1]  # `net = model.cuda()`
        moved = next((name for name in sorted(live) if moves_model(small, name, aliases)), None)
        if moved is not None:
            return moved
        live -= {
            name for name in live if any(name == w or name.startswith(w + ".") for w in written(tree, small))
        }
    return None


def move_after_enclosing_if(
    tree: Tree, aliases: ImportAliases, stmt: cst.BaseStatement, model: str
) -> LaterMove | None:
    """A move of ``model`` after the ``if`` (or ``else``) ``stmt`` sits in, in a block around it."""
    found = move_after_if(tree, aliases, stmt, model)
    return found[2] if found is not None else None


def move_after_if(
    tree: Tree, aliases: ImportAliases, stmt: cst.BaseStatement, model: str
) -> tuple[Sequence[cst.BaseStatement], int, LaterMove] | None:
    """:func:`move_after_enclosing_if`, with the block the move is in and the index there of the
    statement (an ``if``) that holds ``stmt``."""
    node: cst.CSTNode = stmt
    left_an_if = False
    for above in tree.ancestors(stmt):
        if isinstance(
            above, (cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.For, cst.While, cst.With, cst.Try)
        ):
            return None
        if isinstance(above, (cst.IndentedBlock, cst.Module)) and left_an_if:
            body = above.body
            index = next(i for i, s in enumerate(body) if s is node)
            found = later_move(tree, aliases, body, index + 1, model)
            if found is not None:
                return body, index, found
        if isinstance(above, cst.If):
            left_an_if = True
        node = above
    return None
