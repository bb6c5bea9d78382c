"""An LSTM's state kept as a module attribute (``self.hidden = self.init_hidden()``), and where to move it.

``(h, c)`` is a tuple, so neither ``.to(device)`` nor a buffer moves it. What does work on every device
is to move the state where an LSTM of the class reads it:
``self.lstm(x, self.hidden)`` becomes ``self.lstm(x, tuple(h.to(x.device) for h in self.hidden))``.
``Tensor.to`` to the device a tensor is already on returns that tensor, so where the state is where
the LSTM is (the CPU, or every call after the first, which stores the LSTM's own state) the call
gets the same tensors as before.

:func:`state_moves` gives those edits when the class shows the attribute always holds such a tuple:

- every assignment of it in the class is a tuple of tensors (a tuple literal of them, a method of the
  class that returns one), the state an ``nn.LSTMCell`` of the class returns
  (``self.hidden = self.cell(x, self.hidden)``) or the second half of what an ``nn.LSTM`` of the class
  returns (``out, self.hidden = self.lstm(x, self.hidden)``);
- code outside the class sets it (``model.hidden = ...``) only from such a method
  (``model.hidden = model.init_hidden()``);
- the class reads it only as the state argument of its LSTMs (the second argument, or ``hx=``).

A read moved so already (``tuple(h.to(...) for h in self.hidden)``: this fix, or written by hand) needs
no edit; when every read is, there is nothing to fix or report. Otherwise it gives the reason it does
not. The device is the one :mod:`codemods.analysis.forward_reach` names for the function holding the
read (``x.device`` of ``forward``'s input, ``next(self.parameters()).device``) where the code shows that
``x`` is then a tensor (a ``PackedSequence`` has no ``.device``): a parameter annotated ``Tensor`` or used
as only a tensor can be, never bound again before the read, or a name last bound before it by a tensor
method (``x = x.view(...)``). Elsewhere it is the LSTM's own device,
``next(self.lstm.parameters()).device``, which an LSTM always has.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import libcst as cst

from codemods.analysis.forward_reach import (
    Reached,
    is_tensor_method_call,
    reached_functions,
    shown_tensor_parameter,
)
from codemods.analysis.nn_modules import methods
from codemods.analysis.tensor_attributes import NONE, TENSORS, ModuleAttributes, self_attribute
from codemods.core.base import Replacement
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import code_of, kwarg, positional
from codemods.core.tree import Tree

_LSTM, _LSTM_CELL = "torch.nn.LSTM", "torch.nn.LSTMCell"


@dataclass(frozen=True)
class StateMoves:
    edits: dict[cst.CSTNode, Replacement]  # each read -> the read moved to its LSTM's device
    reason: str | None  # why the attribute is not fixed (then no edits); neither: every read is moved already


def state_moves(
    tree: Tree, aliases: ImportAliases, cls: cst.ClassDef, attributes: ModuleAttributes, name: str
) -> StateMoves:
    """The moves of ``self.<name>`` to the device of each LSTM that reads it, or why there are none
    (see the module docstring)."""
    lstms = _lstm_layers(tree, aliases, cls)
    own = methods(cls)
    kinds = {id(a.assign): a.kind for a in attributes.assignments if a.name == name}
    reads: list[tuple[cst.Attribute, cst.Call]] = []
    for node in tree.of_type(cls.body, cst.Attribute):
        if self_attribute(node) != name:
            continue
        method = _method_of(tree, own, node)
        why = _assignment_problem(tree, lstms, kinds, node, method)
        if why is not None:
            return StateMoves({}, why)
        call = _state_of(tree, lstms, node)
        if call is not None:
            reads.append((node, call))
        elif not _is_assigned(tree, node) and not _moved_state(tree, lstms, node):
            return StateMoves({}, f"it is read in `{method}` other than as the state of an LSTM of the class")
    outside = _set_outside(tree, attributes, cls, name)
    if outside is not None:
        return StateMoves({}, f"it is also set outside the class (`{outside}`)")
    if not reads:  # every read is moved already (this fix, or by hand)
        return StateMoves({}, None)
    reached = reached_functions(tree, aliases, cls)
    edits: dict[cst.CSTNode, Replacement] = {}
    for node, call in reads:
        device = _device_at(tree, aliases, reached, call) or cst.parse_expression(
            f"next({code_of(call.func)}.parameters()).device"
        )
        edits[node] = _moved(node, device)
    return StateMoves(edits, None)


def _lstm_layers(tree: Tree, aliases: ImportAliases, cls: cst.ClassDef) -> dict[str, str]:
    """``self.lstm = nn.LSTM(...)``: the attributes every assignment of which in ``cls`` builds an
    ``nn.LSTM`` (or every one an ``nn.LSTMCell``), with that class."""
    built: dict[str, set[str]] = {}
    for node in tree.of_type(cls.body, cst.Attribute):
        name = self_attribute(node)
        if name is None or not _is_assigned(tree, node):
            continue
        value = _assigned_value(tree, node)
        built.setdefault(name, set()).add(
            (aliases.qualify(value.func) or "") if isinstance(value, cst.Call) else ""
        )
    return {name: kinds.pop() for name, kinds in built.items() if kinds in ({_LSTM}, {_LSTM_CELL})}


def _is_assigned(tree: Tree, node: cst.CSTNode) -> bool:
    """Is ``node`` a target: of an assignment (also inside an unpacking), ``+=``, ``for``, ``with ... as``,
    ``del``?"""
    parent = tree.parent(node)
    while isinstance(parent, (cst.Element, cst.StarredElement, cst.Tuple, cst.List)):
        node, parent = parent, tree.parent(parent)
    return (
        isinstance(
            parent,
            (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.For, cst.AsName, cst.Del, cst.CompFor),
        )
        and getattr(parent, "target", getattr(parent, "name", None)) is node
    )


def _assigned_value(tree: Tree, node: cst.CSTNode) -> cst.BaseExpression | None:
    """``v`` of ``node = v`` (also ``other = node = v``); None where ``node`` is no such target."""
    target = tree.parent(node)
    assign = tree.parent(target) if isinstance(target, cst.AssignTarget) else None
    return assign.value if isinstance(assign, cst.Assign) else None


def _method_of(tree: Tree, own: dict[str, cst.FunctionDef], node: cst.CSTNode) -> str:
    methods_of = {id(f): n for n, f in own.items()}
    return next((methods_of[id(a)] for a in tree.ancestors(node) if id(a) in methods_of), "the class body")


def _assignment_problem(
    tree: Tree, lstms: dict[str, str], kinds: dict[int, str], node: cst.Attribute, method: str
) -> str | None:
    """Why the assignment ``node`` is a target of (if it is one) may leave something other than an LSTM's
    state tuple in the attribute; None when it cannot."""
    if not _is_assigned(tree, node):
        return None
    target = tree.parent(node)
    if isinstance(target, (cst.AssignTarget, cst.AnnAssign)):
        # (an AssignTarget is in an Assign)
        assign = (
            cst.ensure_type(tree.parent(target), cst.Assign)
            if isinstance(target, cst.AssignTarget)
            else target
        )
        value = assign.value
        if kinds.get(id(assign)) == TENSORS or _lstm_called(lstms, value) == _LSTM_CELL:
            return None
        if kinds.get(id(assign)) == NONE:
            return f"it is also set to None in `{method}`"
    elif isinstance(target, cst.Element) and isinstance(pair := tree.parent(target), cst.Tuple | cst.List):
        holder = tree.parent(pair)
        owner = tree.parent(holder)  # an Assign, when ``holder`` is an AssignTarget
        if (
            isinstance(holder, cst.AssignTarget)
            and isinstance(owner, cst.Assign)
            and len(owner.targets) == 1
            and len(pair.elements) == 2
            and pair.elements[1] is target
            and _lstm_called(lstms, owner.value) == _LSTM
        ):
            return None
    return f"it is also set in `{method}` to what may not be an LSTM's state, a tuple of tensors"


def _lstm_called(lstms: dict[str, str], value: cst.BaseExpression | None) -> str | None:
    """``self.lstm(...)``: the class of the LSTM layer ``value`` calls, if it calls one."""
    return lstms.get(self_attribute(value.func) or "") if isinstance(value, cst.Call) else None


def _state_of(tree: Tree, lstms: dict[str, str], node: cst.CSTNode) -> cst.Call | None:
    """The call of an LSTM layer of the class whose state argument (the second, or ``hx=``) ``node`` is."""
    arg = tree.parent(node)
    call = tree.parent(arg) if isinstance(arg, cst.Arg) else None
    # (``call`` is one only above an argument)
    if (
        not isinstance(call, cst.Call)
        or not isinstance(arg, cst.Arg)
        or _lstm_called(lstms, call) is None
        or arg.star
    ):
        return None
    args = positional(call)
    if arg is kwarg(call, "hx") or (len(args) == 2 and args[1] is arg):
        return call
    return None


def _moved_state(tree: Tree, lstms: dict[str, str], node: cst.CSTNode) -> bool:
    """Is ``node`` ``self.hidden`` of ``tuple(h.to(...) for h in self.hidden)``, an LSTM's state argument?"""
    for_in = tree.parent(node)
    generator = tree.parent(for_in)
    arg = tree.parent(generator)
    moved = tree.parent(arg)
    return (
        isinstance(for_in, cst.CompFor)
        and for_in.iter is node
        and not for_in.ifs
        and for_in.inner_for_in is None
        and isinstance(generator, cst.GeneratorExp)
        and isinstance(arg, cst.Arg)
        and isinstance(moved, cst.Call)
        and dotted_name(moved.func) == "tuple"
        and len(moved.args) == 1
        and isinstance(element := generator.elt, cst.Call)
        and isinstance(element.func, cst.Attribute)
        and element.func.attr.value == "to"
        and dotted_name(element.func.value) == dotted_name(for_in.target)
        and _state_of(tree, lstms, moved) is not None
    )


def _set_outside(tree: Tree, attributes: ModuleAttributes, cls: cst.ClassDef, name: str) -> str | None:
    """An assignment of ``<obj>.<name>`` outside ``cls`` (not ``self.<name>`` of another class) that is
    not ``obj.<method>()`` of a method of ``cls`` that returns a tuple of tensors; its code."""
    inside = set(map(id, tree.descendants(cls)))
    builders = {n for n, f in attributes.methods.items() if attributes.returns_kind(f) == TENSORS}
    for node in tree.of_type(tree.root, cst.Attribute):
        if (
            node.attr.value != name
            or id(node) in inside
            or dotted_name(node.value) == "self"
            or not _is_assigned(tree, node)
        ):
            continue
        value = _assigned_value(tree, node)
        called = value.func if isinstance(value, cst.Call) else None
        if not (isinstance(called, cst.Attribute) and called.attr.value in builders):
            statement = next((a for a in tree.ancestors(node) if isinstance(a, cst.BaseSmallStatement)), node)
            return code_of(statement)
    return None


def _device_at(
    tree: Tree, aliases: ImportAliases, reached: list[Reached], call: cst.Call
) -> cst.BaseExpression | None:
    """The device :mod:`codemods.analysis.forward_reach` names for the function holding ``call``, where the
    code shows that its tensor is one at ``call``; else None."""
    function = next((a for a in tree.ancestors(call) if isinstance(a, cst.FunctionDef)), None)
    found = next((r for r in reached if r.function is function), None)
    if found is None or found.device is None or found.assumes is not None:
        return None
    if found.tensor is None or _tensor_at(tree, aliases, found.function, found.tensor, call):
        return found.device
    return None


def _tensor_at(
    tree: Tree, aliases: ImportAliases, function: cst.FunctionDef, name: str, call: cst.Call
) -> bool:
    """Does the code show that ``name`` holds a tensor where ``call`` runs? A parameter shown to be one
    and never bound again, or a name last bound before ``call`` (and bound nowhere after it, which a
    loop would carry back) by ``name = t.view(...)`` in a block that holds ``call`` too."""
    binds: list[cst.Name | cst.Call] = []
    for node in tree.descendants(function.body):
        if node is call:
            binds.append(call)
        elif isinstance(node, cst.Name) and node.value == name and _is_assigned(tree, node):
            binds.append(node)
    if binds[-1] is not call:
        return False
    if len(binds) == 1:
        return shown_tensor_parameter(tree, aliases, function, name)
    last, target = binds[-2], tree.parent(binds[-2])
    assign = tree.parent(target) if isinstance(target, cst.AssignTarget) else None
    holders = set(map(id, tree.ancestors(call)))
    return (
        isinstance(assign, cst.Assign)
        and len(assign.targets) == 1
        and is_tensor_method_call(assign.value)
        and all(id(a) in holders for a in tree.ancestors(last) if isinstance(a, cst.BaseSuite))
    )


def _moved(state: cst.Attribute, device: cst.BaseExpression) -> cst.BaseExpression:
    """``tuple(h.to(device) for h in self.hidden)``, ``h`` a name ``device`` does not use."""
    used = set(re.findall(r"\w+", code_of(device)))
    item = next(n for n in ("h", "state", "tensor", "state_tensor") if n not in used)
    return cst.parse_expression(f"tuple({item}.to({code_of(device)}) for {item} in {code_of(state)})")
