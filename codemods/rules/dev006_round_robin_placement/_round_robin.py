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
from collections.abc import Callable
from dataclasses import dataclass, field

import libcst as cst
import libcst.matchers as m

from codemods.analysis.nn_modules import CONTAINER_MODULES
from codemods.core.base import Replacement
from codemods.core.dataflow import names_in, suites
from codemods.core.name_bindings import flatten_names
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import code_of, line_statement, without_args
from codemods.core.torch_names import Move, as_move, moves_device
from codemods.core.tree import Tree

_LOOPS = (cst.For, cst.ListComp, cst.GeneratorExp, cst.SetComp, cst.DictComp)
# Calls a device expression may make: anything else (``layer.to(...)``) is not a device.
_DEVICE_CALLS = frozenset({"torch.device", "torch.cuda.device_count", "str", "int"})
_MODULO = m.BinaryOperation(operator=m.Modulo())
_NAME_ASSIGNED = m.Assign(targets=[m.AssignTarget(target=m.Name())])
_STRING_FORMAT = m.Attribute(value=m.SimpleString(), attr=m.Name("format"))
_CUDA_TEXT = m.SimpleString(value=m.MatchIfTrue(lambda text: "cuda" in text))
_ADDS = m.Attribute(attr=m.Name("append") | m.Name("insert") | m.Name("add_module"))
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
    # Never rewritten, only reported: layer i moved to GPU i (no ``% n``: as many GPUs as layers),
    # and GPUs picked ``% n`` for objects that are not moved here (``devices.append(torch.device(...))``).
    by_index: list[Move] = field(default_factory=list)
    choices: list[cst.CSTNode] = field(default_factory=list)


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
        if placed.placements or placed.by_index or placed.choices:
            found.append(placed)
    return found


def _read_loop(
    tree: Tree,
    aliases: ImportAliases,
    loop: cst.For | cst.ListComp | cst.GeneratorExp | cst.SetComp | cst.DictComp,
    placed: RoundRobin,
) -> None:
    fors: list[cst.For] | list[cst.CompFor] = (
        [loop] if isinstance(loop, cst.For) else tree.of_type(loop, cst.CompFor)
    )
    loop_vars = {name for f in fors for name in flatten_names(f.target)}
    counters = {name for f in fors for name in _counters(f)}
    body: cst.CSTNode = loop.body if isinstance(loop, cst.For) else loop

    def counts_round(node: cst.BinaryOperation) -> bool:
        return bool(names_in(tree, node.left) & loop_vars)

    derived = _derived(tree, aliases, body, counts_round)
    seen = {id(move.call) for move in placed.placements + placed.by_index}
    for move in _moves(tree, aliases, body):
        if id(move.call) in seen:
            continue  # an inner loop's placement, seen from the outer loop
        rounds = [n for n in _modulos(tree, move.device) if counts_round(n)]
        if rounds or _reads(tree, move.device, derived):
            placed.placements.append(move)
            for value in [move.device, *(d.value for ds in derived.values() for d in ds)]:
                placed.divisors.update(_spelled(n.right) for n in _modulos(tree, value) if counts_round(n))
        elif move.device is not None and (  # (_moves gives moves with a device)
            _by_counter(tree, move.device, counters)
            and _is_device_value(tree, aliases, move.device)
            and _places_an_object(tree, aliases, move)
        ):
            placed.by_index.append(move)
    used = [move.device for move in placed.placements if move.device is not None]  # (all: see above)
    used += [d.value for ds in derived.values() for d in ds]
    for modulo in _modulos(tree, body):
        if counts_round(modulo) and not any(n is modulo for u in used for n in tree.descendants(u)):
            choice = next((a for a in tree.ancestors(modulo) if _names_a_gpu(aliases, a)), None)
            if choice is not None and all(c is not choice for c in placed.choices):
                placed.choices.append(choice)


def _counters(loop: cst.For | cst.CompFor) -> list[str]:
    """The integer counter of ``for i in range(...)`` and ``for i, x in enumerate(...)``."""
    if m.matches(loop.iter, m.Call(func=m.Name("range"))):
        return flatten_names(loop.target)
    if m.matches(loop.iter, m.Call(func=m.Name("enumerate"))) and m.matches(loop.target, m.Tuple()):
        return flatten_names(cst.ensure_type(loop.target, cst.Tuple).elements[0].value)  # as matched
    return []


def _by_counter(tree: Tree, device: cst.BaseExpression, counters: set[str]) -> bool:
    """``i``, ``f"cuda:{i}"``, ``torch.device("cuda", i + 1)``: the counter itself, not ``ids[i]``."""
    return any(
        name.value in counters and not isinstance(tree.parent(name), (cst.SubscriptElement, cst.Index))
        for name in tree.of_type(device, cst.Name)
    )


def _places_an_object(tree: Tree, aliases: ImportAliases, move: Move) -> bool:
    """Not an input hopping to GPU i: in ``forward``, or on its way into a call (``model[i](x.cuda(i))``)."""
    if in_forward(tree, move.call):
        return False
    for above in tree.ancestors(move.call):
        if isinstance(above, cst.BaseSmallStatement):
            return True
        if isinstance(above, cst.Arg):
            call = tree.parent(above)
            assert isinstance(call, cst.Call)
            return m.matches(call.func, _ADDS) or aliases.qualify(call.func) in CONTAINER_MODULES
    return True


def in_forward(tree: Tree, node: cst.CSTNode) -> bool:
    """Is ``node`` inside a ``forward`` method (where moves carry activations, not layers)?"""
    return any(m.matches(a, m.FunctionDef(name=m.Name("forward"))) for a in tree.ancestors(node))


def _names_a_gpu(aliases: ImportAliases, node: cst.CSTNode) -> bool:
    """``torch.device(...)``, ``f"cuda:{...}"``, ``"cuda:{}".format(...)``, ``"cuda:%d" % ...``."""
    if isinstance(node, cst.Call):
        if aliases.qualify(node.func) == "torch.device":
            return True
        return m.matches(node.func, m.Attribute(value=_CUDA_TEXT, attr=m.Name("format")))
    if isinstance(node, cst.FormattedString):
        return any("cuda" in part.value for part in node.parts if isinstance(part, cst.FormattedStringText))
    return m.matches(node, m.BinaryOperation(left=_CUDA_TEXT, operator=m.Modulo()))


def removal_edits(
    tree: Tree, aliases: ImportAliases, placed: RoundRobin
) -> tuple[dict[cst.CSTNode, Replacement], str]:
    """The edits that take every ``% n`` placement out of the owner, or a sentence saying why they
    would not be enough (a ``% n`` the edits leave behind)."""
    edits: dict[cst.CSTNode, Replacement] = {}

    def by_n(modulo: cst.BinaryOperation) -> bool:
        return _spelled(modulo.right) in placed.divisors

    for scope in tree.of_type(placed.owner, cst.FunctionDef):
        derived = _derived(tree, aliases, scope, by_n)
        for move in _moves(tree, aliases, scope):
            if _reads(tree, move.device, derived) or any(by_n(n) for n in _modulos(tree, move.device)):
                edits.update(_strip(tree, move))
        _drop_unread(tree, aliases, scope, derived, edits)
    _drop_emptied_blocks(tree, placed.owner, edits)
    edits = {node: repl for node, repl in edits.items() if not any(a in edits for a in tree.ancestors(node))}
    for modulo in _modulos(tree, placed.owner):
        if by_n(modulo) and _survives(tree, modulo, edits):
            line = next(
                a for a in tree.ancestors(modulo) if isinstance(a, (cst.SimpleStatementLine, cst.If, cst.For))
            )
            header = code_of(line).strip().splitlines()[0]
            return {}, f"`{header}` would still compute a GPU index with `% {_spelled(modulo.right)}`"
    for move in placed.placements:
        loop = next(a for a in tree.ancestors(move.call) if isinstance(a, _LOOPS))
        for other in _moves(tree, aliases, loop):
            if _survives(tree, other.call, edits) and not in_forward(tree, other.call):
                return {}, f"`{code_of(other.call)}` places the same layers another way"
    return edits, ""


def _strip(tree: Tree, move: Move) -> dict[cst.CSTNode, Replacement]:
    """Remove the statement that only places ``move.subject``, or unwrap the move in place."""
    stmt = next(a for a in tree.ancestors(move.call) if isinstance(a, cst.SimpleStatementLine))
    name = dotted_name(move.subject)

    def is_subject(node: cst.BaseExpression) -> bool:
        return name is not None and dotted_name(node) == name

    placed: m.MatchIfTrue[cst.BaseExpression] = m.MatchIfTrue(lambda node: node is move.call)
    only_places = m.SimpleStatementLine(
        body=[
            m.Expr(value=placed)
            | m.Assign(
                targets=[m.AssignTarget(target=m.MatchIfTrue(is_subject))],
                value=placed | m.IfExp(body=placed, orelse=m.MatchIfTrue(is_subject)),
            )
        ]
    )
    if m.matches(stmt, only_places):
        return {stmt: cst.RemovalSentinel.REMOVE}
    device = [a for a in move.call.args if a.value is move.device]
    flags = m.Arg(keyword=m.Name("non_blocking") | m.Name("copy"))
    if move.method == "to" and any(a not in device and not m.matches(a, flags) for a in move.call.args):
        return {move.call: without_args(move.call, device)}  # .to(d, torch.half) -> .to(torch.half)
    return {move.call: move.subject}


def _drop_unread(
    tree: Tree,
    aliases: ImportAliases,
    scope: cst.FunctionDef,
    derived: dict[str, list[cst.Assign]],
    edits: dict[cst.CSTNode, Replacement],
) -> None:
    """Remove the definitions of derived names (``device_id = i % n``) that nothing reads any more."""
    definitions = [
        line
        for line in tree.of_type(scope, cst.SimpleStatementLine)
        if m.matches(line, m.SimpleStatementLine(body=[_NAME_ASSIGNED]))
        and _assigned_name(line_statement(line, cst.Assign)) in derived
        and _is_device_value(tree, aliases, line_statement(line, cst.Assign).value)
    ]
    changed = True
    while changed:
        changed = False
        for line in definitions:
            name = _assigned_name(line_statement(line, cst.Assign))
            if line in edits:
                continue
            reads = [
                n
                for n in tree.of_type(scope, cst.Name)
                if n.value == name and _survives(tree, n, edits) and not _is_label_or_target(tree, n)
            ]
            if not reads:
                edits[line] = cst.RemovalSentinel.REMOVE
                changed = True


def _drop_emptied_blocks(tree: Tree, owner: cst.CSTNode, edits: dict[cst.CSTNode, Replacement]) -> None:
    """An ``if`` or ``for`` whose body the edits empty goes too; a ``pass`` stays where it cannot."""
    blocks = tree.of_type(owner, cst.IndentedBlock)
    for block in blocks:
        for stmt in block.body:
            _gone(tree, stmt, edits)
    for block in blocks:
        if (
            block.body
            and all(_gone(tree, s, edits) for s in block.body)
            and not _gone(tree, tree.parent(block), edits)
        ):
            edits[block.body[0]] = _PASS


def _gone(tree: Tree, stmt: cst.CSTNode | None, edits: dict[cst.CSTNode, Replacement]) -> bool:
    """Do the edits remove ``stmt``: itself, or (an ``if``/``for``) all of its body? Marks the latter
    removed too. (A module function: a closure calling itself would be a reference cycle.)"""
    if stmt is not None and edits.get(stmt) is cst.RemovalSentinel.REMOVE:
        return True
    if (
        isinstance(stmt, (cst.If, cst.For))
        and _plain(tree, stmt)
        and all(all([_gone(tree, s, edits) for s in suite]) for suite in suites(stmt))
    ):
        edits[stmt] = cst.RemovalSentinel.REMOVE
        return True
    return False


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


def _derived(
    tree: Tree, aliases: ImportAliases, region: cst.CSTNode, seeds: Callable[[cst.BinaryOperation], bool]
) -> dict[str, list[cst.Assign]]:
    """Names a region assigns a device from a seed modulo (or from such names), with their assignments."""
    assigns = [
        a
        for a in tree.of_type(region, cst.Assign)
        if m.matches(a, _NAME_ASSIGNED) and _is_device_value(tree, aliases, a.value)
    ]
    found: dict[str, list[cst.Assign]] = {}
    changed = True
    while changed:
        changed = False
        for assign in assigns:
            name = _assigned_name(assign)
            if all(assign is not known for known in found.get(name, [])) and (
                any(seeds(n) for n in _modulos(tree, assign.value)) or _reads(tree, assign.value, found)
            ):
                found.setdefault(name, []).append(assign)
                changed = True
    return found


def _assigned_name(assign: cst.Assign) -> str:
    """``name`` of ``name = ...``, an assignment that ``_NAME_ASSIGNED`` matched."""
    return cst.ensure_type(assign.targets[0].target, cst.Name).value


def _reads(tree: Tree, node: cst.CSTNode | None, derived: dict[str, list[cst.Assign]]) -> bool:
    """Does ``node`` read a derived name where one of its derived assignments can reach it?"""
    return node is not None and any(
        name.value in derived
        and not _is_label_or_target(tree, name)
        and any(_runs_before(tree, assign, name) for assign in derived[name.value])
        for name in tree.of_type(node, cst.Name)
    )


def _runs_before(tree: Tree, first: cst.CSTNode, later: cst.CSTNode) -> bool:
    """Can ``first`` run before ``later``: it comes earlier in the innermost block holding both, and
    not in another branch of the same ``if`` (``device = ids[i]`` in one, ``device = i % n`` in the other)."""
    later_path = {id(a): b for b, a in zip([later, *tree.ancestors(later)], tree.ancestors(later))}
    step = first
    for above in tree.ancestors(first):
        if id(above) in later_path:
            if not isinstance(above, (cst.IndentedBlock, cst.Module)):
                return not isinstance(above, cst.If)  # the two are in different parts of one statement
            order = [id(stmt) for stmt in above.body]
            return order.index(id(step)) < order.index(id(later_path[id(above)]))
        step = above
    return False


def _is_device_value(tree: Tree, aliases: ImportAliases, value: cst.CSTNode) -> bool:
    """An expression that computes a device or an index: it calls nothing but a few pure builtins."""
    for call in tree.of_type(value, cst.Call):
        name = aliases.qualify(call.func) or dotted_name(call.func) or ""
        if name not in _DEVICE_CALLS and not m.matches(call.func, _STRING_FORMAT):
            return False
    return True


def _moves(tree: Tree, aliases: ImportAliases, region: cst.CSTNode) -> list[Move]:
    found = (as_move(call) for call in tree.of_type(region, cst.Call))
    return [
        move for move in found if move is not None and move.device is not None and moves_device(move, aliases)
    ]


def _modulos(tree: Tree, node: cst.CSTNode | None) -> list[cst.BinaryOperation]:
    return (
        [] if node is None else [n for n in tree.of_type(node, cst.BinaryOperation) if m.matches(n, _MODULO)]
    )


def _spelled(node: cst.BaseExpression) -> str:
    """An expression's code without spaces or outer parentheses: how ``n`` is compared."""
    return re.sub(r"\s+", "", code_of(node.with_changes(lpar=[], rpar=[])))
