"""Where a function of the file that moves its first parameter sends it, said at the call.

    def to_var(x):                          def create_variable(tensor):
        if torch.cuda.is_available():           if torch.cuda.is_available():
            x = x.cuda()                            return Variable(tensor.cuda())
        return Variable(x)                      else:
                                                    return Variable(tensor)

``to_var(torch.zeros(n))`` makes the tensor on the host for the helper to copy it. When the helper moves
its parameter once, as it receives it, either always or under one test at the top of its body, the
caller can name the same place: ``"cuda" if torch.cuda.is_available() else "cpu"``. Made there, the
tensor reaches the helper where the helper would have put it, and its move copies nothing. The test
and the device are read at the call instead of inside the helper, so they may only read what is the
same in both places: ``torch.cuda.is_available()``, names the helper does not bind and the caller's
function does not either (globals), ``self`` when a method calls a method of its own class, and the
helper's other parameters, which the call spells with the argument it passes them (a name, an attribute
or a literal: ``maybe_cuda(torch.zeros(n), args.cuda)`` reads ``args.cuda`` twice, unchanged in between)
or the literal default it leaves them. Wrapped first, ``x = Variable(x)`` (or ``x = x.detach()``) and then
``x = x.cuda()``, the parameter is moved as it arrives as well: the wrapper keeps the tensor where it is.
"""

from __future__ import annotations

import re

import libcst as cst

from codemods.analysis.cli_options import CliOptions
from codemods.core.dataflow import assigned_names
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import func_attribute
from codemods.core.torch_names import VARIABLE
from codemods.core.tree import Tree, children
from codemods.rules.dev010_create_on_device._move_targets import int_or_none, move_target

_CPU = cst.SimpleString('"cpu"')
_PURE_CALLS = frozenset({"torch.cuda.is_available", "torch.device"})
_PLAIN_DECORATORS = frozenset({"staticmethod", "classmethod"})
# Nodes a move may sit under between the helper's body and the move itself (no loop, no `try`, no
# nested function: the move is made once, as the parameter arrives).
_PLAIN = (
    cst.Call,
    cst.Arg,
    cst.Attribute,
    cst.Return,
    cst.Assign,
    cst.SimpleStatementLine,
    cst.IndentedBlock,
    cst.IfExp,
    cst.If,
    cst.Else,
)
_LEAVES = (cst.Return, cst.Raise, cst.Yield)
_CPU_TEXT = re.compile(r"""^[rbuRBU]*['"]cpu""")
# What a call may pass for a parameter the device is read from: read once more at the call, it must be
# what it was a moment before (no call in it).
_PLAIN_ARGUMENTS = (cst.Name, cst.Attribute, cst.SimpleString, cst.Integer)


def helper_device(
    tree: Tree, helper: cst.FunctionDef, call: cst.Call, aliases: ImportAliases
) -> cst.BaseExpression | None:
    """The device ``helper`` (run by ``call``) moves its first parameter to, spelled at ``call``; None
    when the helper does more than one plain move of it, or the place depends on what the call cannot
    read the same way."""
    if any(dotted_name(d.decorator) not in _PLAIN_DECORATORS for d in helper.decorators):
        return None  # a decorator may change what the call runs
    params = [p.name.value for p in helper.params.params]
    is_method = bool(params) and params[0] in ("self", "cls")
    if is_method:
        params = params[1:]
    if not params or not isinstance(helper.body, cst.IndentedBlock):
        return None
    first = params[0]
    moves = [c for c in tree.of_type(helper.body, cst.Call) if _moves(c, first, aliases)]
    if len(moves) != 1:
        return None
    move = moves[0]
    target = move_target(move, aliases)
    if target is None or target.dtype is not None or target.like is not None:
        return None
    device: cst.BaseExpression | None = target.device
    spelled = aliases.local_name_for("torch.device")
    if device is None and target.index is not None and spelled is not None:
        options = CliOptions.of(tree)
        if int_or_none(tree, target.index, options):  # `.cuda(self.gpu_id)`: `torch.device("cuda", i)`
            device = cst.Call(
                func=cst.parse_expression(spelled),
                args=[cst.Arg(cst.SimpleString('"cuda"')), cst.Arg(target.index)],
            )
    if device is None:
        return None
    plain, condition = _condition(tree, helper, move, first, aliases)
    if not plain:
        return None
    if condition is not None:
        test, in_else = condition
        device = cst.IfExp(test=test, body=_CPU if in_else else device, orelse=device if in_else else _CPU)
    passed = _passed(tree, helper, call, device, first, is_method)
    if passed is None or not _same_at_the_call(tree, helper, call, device, aliases, is_method, set(passed)):
        return None
    if passed:
        replacements = {id(n): passed[n.value] for n in _free_names(device) if n.value in passed}
        rebuilt = device.visit(_ArgumentsAtTheCall(replacements))
        if not isinstance(rebuilt, cst.BaseExpression):
            return None
        device = rebuilt
    if isinstance(device, cst.SimpleString) and _CPU_TEXT.match(device.value):
        return None  # (`def to_var(x, device="cpu")` left to its default: nothing moves)
    return device.deep_clone()


def _moves(call: cst.Call, first: str, aliases: ImportAliases) -> bool:
    """``first.cuda()``, ``first.to(device)``, ``Variable(first).cuda()``."""
    if not (isinstance(call.func, cst.Attribute) and call.func.attr.value in ("cuda", "to")):
        return False
    receiver = func_attribute(call).value
    if isinstance(receiver, cst.Call) and aliases.qualify(receiver.func) in VARIABLE:
        receiver = receiver.args[0].value if len(receiver.args) == 1 else receiver
    return isinstance(receiver, cst.Name) and receiver.value == first


def _condition(
    tree: Tree, helper: cst.FunctionDef, move: cst.Call, first: str, aliases: ImportAliases
) -> tuple[bool, tuple[cst.BaseExpression, bool] | None]:
    """Whether the move is made plainly, as the parameter arrives (not in a loop, under two tests,
    after an earlier ``return`` or the parameter rebound); and the one test it depends on, with whether
    it is in the ``else`` (None when it always runs)."""
    found: tuple[cst.BaseExpression, bool] | None = None
    child: cst.CSTNode = move
    top: cst.CSTNode | None = None
    for above in tree.ancestors(move):
        if above is helper.body:
            top = child
            break
        if not isinstance(above, _PLAIN):
            return False, None
        if isinstance(above, (cst.If, cst.IfExp)):
            if child is above.test or found is not None:
                return False, None  # the move in the test, or under two tests
            found = (above.test, child is above.orelse)
        child = above
    if top is None:
        return False, None
    body = list(helper.body.body)
    index = next(i for i, s in enumerate(body) if s is top)
    # Nothing before the move leaves the helper or rebinds the parameter.
    before = body[:index]
    if isinstance(top, cst.If) and found is not None:
        branch = top.orelse.body if found[1] and isinstance(top.orelse, cst.Else) else top.body
        statements = list(branch.body) if isinstance(branch, cst.IndentedBlock) else []
        holder = next((s for s in statements if any(d is move for d in tree.descendants(s))), None)
        before += statements[: next(i for i, s in enumerate(statements) if s is holder)] if holder else []
    if any(
        tree.of_type(s, _LEAVES) or (first in assigned_names(tree, s) and not _wraps(s, first, aliases))
        for s in before
    ):
        return False, None
    return True, found


def _wraps(statement: cst.CSTNode, first: str, aliases: ImportAliases) -> bool:
    """``x = Variable(x)`` or ``x = x.detach()``: the parameter rebound to itself, where it was
    (``Variable`` of a tensor is that tensor on today's PyTorch, detached)."""
    if not (isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1):
        return False
    assign = statement.body[0]
    if not (isinstance(assign, cst.Assign) and len(assign.targets) == 1):
        return False
    target, value = assign.targets[0].target, assign.value
    if not (isinstance(target, cst.Name) and target.value == first and isinstance(value, cst.Call)):
        return False
    if isinstance(value.func, cst.Attribute) and value.func.attr.value == "detach":
        wrapped = value.func.value
        return not value.args and isinstance(wrapped, cst.Name) and wrapped.value == first
    return (
        aliases.qualify(value.func) in VARIABLE
        and len(value.args) == 1
        and value.args[0].keyword is None
        and not value.args[0].star
        and isinstance(value.args[0].value, cst.Name)
        and value.args[0].value.value == first
    )


def _same_at_the_call(
    tree: Tree,
    helper: cst.FunctionDef,
    call: cst.Call,
    device: cst.BaseExpression,
    aliases: ImportAliases,
    is_method: bool,
    passed: set[str],
) -> bool:
    """Does ``device`` (read in ``helper``) mean the same at ``call``? Only calls of
    ``torch.cuda.is_available()``, names neither the helper nor a function around the call binds,
    ``self`` for a method of the caller's own class, and the parameters in ``passed`` (the call says
    what they hold)."""
    if any(aliases.qualify(c.func) not in _PURE_CALLS for c in tree_of(device, cst.Call)):
        return False
    bound = _bound(tree, helper)
    for caller in (a for a in tree.ancestors(call) if isinstance(a, cst.FunctionDef)):
        bound |= _bound(tree, caller)  # (an enclosing function's name would shadow the global too)
    free = {id(name) for name in _free_names(device)}
    for name in tree_of(device, cst.Name):
        if name.value in passed and id(name) in free:
            continue
        if name.value == "self":
            if not (is_method and dotted_name(call.func) == f"self.{helper.name.value}"):
                return False
        elif name.value in bound and name.value not in aliases.names:
            return False
    return True


def _passed(
    tree: Tree,
    helper: cst.FunctionDef,
    call: cst.Call,
    device: cst.BaseExpression,
    first: str,
    is_method: bool,
) -> dict[str, cst.BaseExpression] | None:
    """What ``call`` hands each parameter of ``helper`` that ``device`` reads (besides the one moved):
    the argument, a name, attribute or literal, or the literal default; None when one cannot be said
    (``*args``, a computed argument, a parameter the helper rebinds)."""
    params = list(helper.params.params)[1 if is_method else 0 :]
    names = {p.name.value: p for p in [*params, *helper.params.kwonly_params]}
    wanted = {n.value for n in _free_names(device) if n.value in names and n.value != first}
    if not wanted:
        return {}
    if (
        any(a.star for a in call.args)
        or helper.params.posonly_params
        or wanted & assigned_names(tree, helper.body)
    ):
        return None
    given: dict[str, cst.BaseExpression] = {}
    for index, arg in enumerate(a for a in call.args if a.keyword is None):
        if index < len(params):
            given[params[index].name.value] = arg.value
    given.update({a.keyword.value: a.value for a in call.args if a.keyword is not None})
    passed: dict[str, cst.BaseExpression] = {}
    for name in wanted:
        value = given.get(name, names[name].default)
        if value is None or not isinstance(value, _PLAIN_ARGUMENTS):
            return None
        if name not in given and not isinstance(value, (cst.SimpleString, cst.Integer)):
            return None  # (a default name was read when the helper was defined, not at the call)
        passed[name] = value
    return passed


class _ArgumentsAtTheCall(cst.CSTTransformer):
    """Each parameter the device reads, replaced at once by what the call passes it (one walk: the
    nodes of a tree rebuilt by one replacement are no longer those found before it)."""

    def __init__(self, replacements: dict[int, cst.BaseExpression]) -> None:
        super().__init__()
        self.replacements = replacements

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.BaseExpression:
        value = self.replacements.get(id(original_node))
        return value.deep_clone() if value is not None else updated_node


def _free_names(node: cst.BaseExpression) -> list[cst.Name]:
    """The plain names ``node`` reads (not the ``attr`` of ``a.attr``)."""
    found: list[cst.Name] = []
    pending: list[cst.CSTNode] = [node]
    while pending:
        current = pending.pop()
        if isinstance(current, cst.Name):
            found.append(current)
        elif isinstance(current, cst.Attribute):
            pending.append(current.value)
        else:
            pending.extend(children(current))
    return found


def _bound(tree: Tree, function: cst.FunctionDef) -> set[str]:
    """The parameters of ``function`` and the names its body assigns."""
    names = {p.name.value for p in function.params.params}
    names |= {p.name.value for p in function.params.kwonly_params}
    return names | assigned_names(tree, function.body)


def tree_of(node: cst.CSTNode, kind: type[cst.CSTNode]) -> list:
    """Nodes of ``kind`` under ``node``, in source order; ``node`` need not be in the file's tree.

    A plain walk of ``children``, not a visitor class made per call: such a class is a reference cycle,
    which the engine (its collector paused) would keep alive with every node it saw.
    """
    found: list = []
    pending = [node]
    while pending:
        current = pending.pop()
        if isinstance(current, kind):
            found.append(current)
        pending.extend(reversed(children(current)))
    return found
