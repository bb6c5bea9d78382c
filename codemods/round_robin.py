"""Round-robin GPU placement: layers a loop spreads over the GPUs by ``i % n``, and the edits that
take that placement out of a model.

A placement is a move (``.to(d)``, ``.cuda(d)``) inside a loop or comprehension whose device computes
``<loop variable> % n``, directly (``f"cuda:{i % n}"``, ``torch.device("cuda", i % n)``) or through
names the loop derives from it (``device_id = i % n`` then ``.cuda(device_id)``, also when an
``if``/``else`` defines ``device_id`` twice). The ``n`` of those placements is the GPU count; every
other move in the same class or function whose device is computed ``% n`` (a head placed on
``cuda:{(depth - 1) % n}``, activations hopping in ``forward``) belongs to the same scheme, and
goes with it: once the edits are applied nothing in the model divides by ``n``, so a machine without
a GPU (``n == 0``) never divides by zero.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

import libcst as cst
import libcst.matchers as m

from codemods.base import Replacement
from codemods.dataflow import names_in, suites
from codemods.names import ImportAliases, dotted_name
from codemods.syntax import code_of, flatten_names, without_args
from codemods.torch_names import Move, as_move, moves_device
from codemods.tree import Tree

_LOOPS = (cst.For, cst.ListComp, cst.GeneratorExp, cst.SetComp, cst.DictComp)
# Calls a device expression may make: anything else (``layer.to(...)``) is not a device.
_DEVICE_CALLS = frozenset({"torch.device", "torch.cuda.device_count", "str", "int"})
_MODULO = m.BinaryOperation(operator=m.Modulo())
_PASS = cst.SimpleStatementLine(body=[cst.Pass()])
# Calls an `if` test or a `for` iterable may make and still be dropped with an emptied body.
_PLAIN_CALLS = frozenset(
    {"range", "enumerate", "len", "zip", "reversed", "torch.cuda.is_available", "torch.cuda.device_count"}
)


@dataclass
class RoundRobin:
    """The round-robin placements of one class or top-level function (its ``owner``)."""

    owner: cst.ClassDef | cst.FunctionDef
    placements: list[Move] = field(default_factory=list)  # the moves in loops, in source order
    divisors: set[str] = field(default_factory=set)  # how ``n`` is spelled: ``num_gpus``, ...


def round_robins(tree: Tree, aliases: ImportAliases) -> list[RoundRobin]:
    """Every class or top-level function of the module that places layers round-robin."""
    module = tree.root
    assert isinstance(module, cst.Module)
    found = []
    for owner in module.body:
        if not isinstance(owner, (cst.ClassDef, cst.FunctionDef)):
            continue
        placed = RoundRobin(owner)
        for loop in tree.of_type(owner, _LOOPS):
            _read_loop(tree, aliases, loop, placed)
        if placed.placements:
            found.append(placed)
    return found


def _read_loop(tree: Tree, aliases: ImportAliases, loop: cst.CSTNode, placed: RoundRobin) -> None:
    loop_vars = set(flatten_names(loop.target)) if isinstance(loop, cst.For) else {
        name for comp in tree.of_type(loop, cst.CompFor) for name in flatten_names(comp.target)
    }
    body = loop.body if isinstance(loop, cst.For) else loop

    def counts_round(node: cst.CSTNode) -> bool:
        return bool(names_in(tree, node.left) & loop_vars)  # type: ignore[attr-defined]

    derived = _derived(tree, aliases, body, counts_round)
    for move in _moves(tree, aliases, body):
        if any(move.call is p.call for p in placed.placements):
            continue  # an inner loop's placement, seen from the outer loop
        rounds = [n for n in _modulos(tree, move.device) if counts_round(n)]
        if rounds or names_in(tree, move.device) & set(derived):
            placed.placements.append(move)
            for value in [move.device, *derived.values()]:
                placed.divisors.update(_spelled(n.right) for n in _modulos(tree, value) if counts_round(n))


def removal_edits(tree: Tree, aliases: ImportAliases, placed: RoundRobin) -> tuple[dict[cst.CSTNode, Replacement], str]:
    """The edits that take every ``% n`` placement out of the owner, or a sentence saying why they
    would not be enough (a ``% n`` the edits leave behind)."""
    edits: dict[cst.CSTNode, Replacement] = {}
    for scope in tree.of_type(placed.owner, cst.FunctionDef):
        derived = _derived(tree, aliases, scope, lambda node: _spelled(node.right) in placed.divisors)  # type: ignore[attr-defined]
        for move in _moves(tree, aliases, scope):
            if names_in(tree, move.device) & set(derived) or any(
                _spelled(n.right) in placed.divisors for n in _modulos(tree, move.device)
            ):
                edits.update(_strip(tree, move))
        _drop_unread(tree, aliases, scope, derived, edits)
    _drop_emptied_blocks(tree, placed.owner, edits)
    edits = {node: repl for node, repl in edits.items() if not any(a in edits for a in tree.ancestors(node))}
    for modulo in tree.of_type(placed.owner, cst.BinaryOperation):
        if m.matches(modulo, _MODULO) and _spelled(modulo.right) in placed.divisors and _survives(tree, modulo, edits):
            line = next(a for a in tree.ancestors(modulo) if isinstance(a, (cst.SimpleStatementLine, cst.If, cst.For)))
            header = code_of(line).strip().splitlines()[0]
            return {}, f"`{header}` would still compute a GPU index with `% {_spelled(modulo.right)}`"
    return edits, ""


def _strip(tree: Tree, move: Move) -> dict[cst.CSTNode, Replacement]:
    """Remove the statement that only places ``move.subject``, or unwrap the move in place."""
    stmt = next(a for a in tree.ancestors(move.call) if isinstance(a, cst.SimpleStatementLine))
    subject = m.MatchIfTrue(lambda node: dotted_name(node) is not None and dotted_name(node) == dotted_name(move.subject))
    placed = m.MatchIfTrue(lambda node: node is move.call)
    only_places = m.SimpleStatementLine(body=[
        m.Expr(value=placed)
        | m.Assign(targets=[m.AssignTarget(target=subject)], value=placed | m.IfExp(body=placed, orelse=subject))
    ])
    if m.matches(stmt, only_places):
        return {stmt: cst.RemovalSentinel.REMOVE}
    device = [a for a in move.call.args if a.value is move.device]
    flags = m.Arg(keyword=m.Name("non_blocking") | m.Name("copy"))
    if move.method == "to" and any(a not in device and not m.matches(a, flags) for a in move.call.args):
        return {move.call: without_args(move.call, device)}  # .to(d, torch.half) -> .to(torch.half)
    return {move.call: move.subject}


def _drop_unread(tree: Tree, aliases: ImportAliases, scope: cst.FunctionDef, derived: dict[str, cst.CSTNode], edits: dict[cst.CSTNode, Replacement]) -> None:
    """Remove the definitions of derived names (``device_id = i % n``) that nothing reads any more."""
    definitions = [
        line for line in tree.of_type(scope, cst.SimpleStatementLine)
        if m.matches(line, m.SimpleStatementLine(body=[m.Assign(targets=[m.AssignTarget(target=m.Name())])]))
        and line.body[0].targets[0].target.value in derived  # type: ignore[attr-defined]
        and _is_device_value(tree, aliases, line.body[0].value)  # type: ignore[attr-defined]
    ]
    changed = True
    while changed:
        changed = False
        for line in definitions:
            name = line.body[0].targets[0].target.value  # type: ignore[attr-defined]
            if line in edits:
                continue
            reads = [
                n for n in tree.of_type(scope, cst.Name)
                if n.value == name and _survives(tree, n, edits) and not _is_label_or_target(tree, n)
            ]
            if not reads:
                edits[line] = cst.RemovalSentinel.REMOVE
                changed = True


def _drop_emptied_blocks(tree: Tree, owner: cst.CSTNode, edits: dict[cst.CSTNode, Replacement]) -> None:
    """An ``if`` or ``for`` whose body the edits empty goes too; a ``pass`` stays where it cannot."""

    def gone(stmt: cst.CSTNode) -> bool:
        if edits.get(stmt) is cst.RemovalSentinel.REMOVE:
            return True
        if isinstance(stmt, (cst.If, cst.For)) and _plain(tree, stmt) and all(
            all([gone(s) for s in suite]) for suite in suites(stmt)
        ):
            edits[stmt] = cst.RemovalSentinel.REMOVE
            return True
        return False

    blocks = tree.of_type(owner, cst.IndentedBlock)
    for block in blocks:
        for stmt in block.body:
            gone(stmt)
    for block in blocks:
        if block.body and all(gone(s) for s in block.body) and not gone(tree.parent(block)):
            edits[block.body[0]] = _PASS


def _plain(tree: Tree, compound: cst.If | cst.For) -> bool:
    """Removing the statement loses nothing but its body: its test or iterable calls nothing else."""
    head = compound.test if isinstance(compound, cst.If) else compound.iter
    return all(code_of(c.func) in _PLAIN_CALLS for c in tree.of_type(head, cst.Call))


def _survives(tree: Tree, node: cst.CSTNode, edits: dict[cst.CSTNode, Replacement]) -> bool:
    """Is ``node`` still in the code once ``edits`` are applied?"""
    for above in [node, *tree.ancestors(node)]:
        replacement = edits.get(above)
        if replacement is cst.RemovalSentinel.REMOVE:
            return False
        if isinstance(replacement, cst.CSTNode):
            return any(kept is node for kept in tree.descendants(replacement))
    return True


def _is_label_or_target(tree: Tree, name: cst.Name) -> bool:
    parent = tree.parent(name)
    return isinstance(parent, cst.AssignTarget) or (isinstance(parent, cst.Attribute) and parent.attr is name)


def _derived(tree: Tree, aliases: ImportAliases, region: cst.CSTNode, seeds: Callable[[cst.CSTNode], bool]) -> dict[str, cst.CSTNode]:
    """Names a region assigns a device from a seed modulo (or from such names), with the value."""
    assigns = [
        a for a in tree.of_type(region, cst.Assign)
        if m.matches(a, m.Assign(targets=[m.AssignTarget(target=m.Name())]))
    ]
    found: dict[str, cst.CSTNode] = {}
    changed = True
    while changed:
        changed = False
        for assign in assigns:
            name = assign.targets[0].target.value  # type: ignore[attr-defined]
            if name not in found and _is_device_value(tree, aliases, assign.value) and (
                any(seeds(n) for n in _modulos(tree, assign.value)) or names_in(tree, assign.value) & set(found)
            ):
                found[name] = assign.value
                changed = True
    return found


def _is_device_value(tree: Tree, aliases: ImportAliases, value: cst.CSTNode) -> bool:
    """An expression that computes a device or an index: it calls nothing but a few pure builtins."""
    for call in tree.of_type(value, cst.Call):
        name = aliases.qualify(call.func) or dotted_name(call.func) or ""
        if name not in _DEVICE_CALLS and not m.matches(call.func, m.Attribute(value=m.SimpleString(), attr=m.Name("format"))):
            return False
    return True


def _moves(tree: Tree, aliases: ImportAliases, region: cst.CSTNode) -> list[Move]:
    moves = (as_move(call) for call in tree.of_type(region, cst.Call))
    return [move for move in moves if move is not None and move.device is not None and moves_device(move, aliases)]


def _modulos(tree: Tree, node: cst.CSTNode | None) -> list[cst.BinaryOperation]:
    return [] if node is None else [n for n in tree.of_type(node, cst.BinaryOperation) if m.matches(n, _MODULO)]


def _spelled(node: cst.BaseExpression) -> str:
    """An expression's code without spaces or outer parentheses: how ``n`` is compared."""
    return re.sub(r"\s+", "", code_of(node.with_changes(lpar=[], rpar=[])))
