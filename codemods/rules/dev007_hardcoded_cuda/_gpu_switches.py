"""Switches that say a GPU exists, written so that they cannot say otherwise.

``USE_CUDA = True``, ``args.cuda = True``, ``config["use_gpu"] = True``, ``{"use_cuda": True}``, a
``use_cuda=True`` parameter default or keyword, an argparse ``--cuda`` option with ``default=True``
(it cannot be turned off), and ``args.cuda = not args.no_cuda`` (on unless the user says otherwise):
on a machine without a GPU each sends the code it guards to ``.cuda()``. So does a device chosen
by an off switch alone, ``"cuda" if not opt.no_cuda else "cpu"``, and an argparse ``--cuda`` option
with ``action="store_false"`` (on unless given). The fix asks the machine:
``torch.cuda.is_available()`` (``not args.no_cuda and torch.cuda.is_available()``; the option gets
``default=torch.cuda.is_available()``).

A bare ``gpu=True`` parameter or keyword is as often "generate GPU code" as "there is a GPU": for
parameters, keywords and dictionary keys only ``use_``/``with_`` names count.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import libcst as cst
import libcst.matchers as m

from codemods.core.names import dotted_name
from codemods.core.syntax import code_of, kwarg, positional, with_kwarg
from codemods.core.tree import children

_ASSIGNED = re.compile(r"^(use_|with_)?(cuda|gpu)$", re.IGNORECASE)
_ARGUMENT = re.compile(r"^(use|with)_(cuda|gpu)$", re.IGNORECASE)
_OPTION = re.compile(r"^--?(use[-_])?(cuda|gpu)$", re.IGNORECASE)
_OFF_SWITCH = re.compile(r"^(no|disable)_(cuda|gpu)$", re.IGNORECASE)


_STRING_KEY = m.Subscript(slice=[m.SubscriptElement(m.Index(m.SimpleString()))])


def _is_true(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) and node.value == "True"


@dataclass(frozen=True)
class Switch:
    """A switch stuck on: report ``node``; the fix replaces ``value`` (``True``, or ``not
    args.no_cuda``) with one that also asks whether there is a GPU."""

    node: cst.CSTNode
    value: cst.BaseExpression
    spelled: str  # how the message quotes it

    def asking(self, available: cst.BaseExpression) -> cst.BaseExpression:
        if isinstance(self.value, cst.UnaryOperation):  # `not args.no_cuda` -> `... and available`
            return cst.BooleanOperation(left=self.value, operator=cst.And(), right=available)
        if isinstance(self.value, (cst.Attribute, cst.Name)) and _off_key(self.value):
            # `"cpu" if opt.no_cuda else "cuda"` -> `opt.no_cuda or not available`
            missing = cst.UnaryOperation(operator=cst.Not(), expression=available)
            return cst.BooleanOperation(left=self.value, operator=cst.Or(), right=missing)
        if isinstance(self.value, cst.Call):  # `add_argument("--cuda", action="store_false")`
            return with_kwarg(self.value, "default", available)
        return available


def _key(target: cst.BaseExpression) -> str | None:
    """The last name of an assignment target: ``use_cuda``, ``args.cuda``, ``config["use_gpu"]``."""
    if isinstance(target, cst.Subscript) and m.matches(target, _STRING_KEY):
        index = cst.ensure_type(target.slice[0].slice, cst.Index)  # `x["key"]`, as matched
        key = cst.ensure_type(index.value, cst.SimpleString).evaluated_value
        return key if isinstance(key, str) else None
    spelled = dotted_name(target)
    return spelled.rsplit(".", 1)[-1] if spelled else None


def assigned_switch(node: cst.Assign) -> Switch | None:
    """``USE_CUDA = True``, ``args.cuda = not args.no_cuda``, ``config["use_gpu"] = True``."""
    if len(node.targets) != 1:
        return None
    target = node.targets[0].target
    key = _key(target)
    names = _ARGUMENT if isinstance(target, cst.Subscript) else _ASSIGNED  # `config["cuda"]` may be anything
    if key is None or not names.match(key):
        return None
    value = node.value
    if _is_true(value):
        return Switch(node, value, f"`{code_of(target)} = True`")
    if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Not):
        off = _key(value.expression)
        if off is not None and _OFF_SWITCH.match(off):
            return Switch(node, value, f"`{code_of(target)} = {code_of(value)}`")
    return None


def _off_key(node: cst.BaseExpression) -> bool:
    """``opt.no_cuda``, ``args.disable_gpu``: an off switch read as it is."""
    off = _key(node)
    return off is not None and _OFF_SWITCH.match(off) is not None


def _off_switch_negated(node: cst.BaseExpression) -> bool:
    """``not opt.no_cuda``, ``not args.disable_gpu``."""
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
        off = _key(node.expression)
        return off is not None and _OFF_SWITCH.match(off) is not None
    return False


def _names_cuda(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.SimpleString) and str(node.evaluated_value).startswith("cuda")


def chosen_by_off_switch(values: list[cst.BaseExpression]) -> list[Switch]:
    """``"cuda" if not opt.no_cuda else "cpu"`` (or ``"cpu" if opt.no_cuda else "cuda"``) among
    ``values`` (an assignment's value, a call's arguments): the GPU unless the user turns it off."""
    return [
        Switch(value.test, value.test, f"`{code_of(value)}`")
        for value in values
        # (the exact class, which has no subclass: isinstance goes through libcst's ABCMeta for every
        # argument of every call that is not one)
        if type(value) is cst.IfExp
        and (
            (_names_cuda(value.body) and _off_switch_negated(value.test))
            or (_names_cuda(value.orelse) and _off_key(value.test))
        )
    ]


def parameter_switch(param: cst.Param) -> Switch | None:
    """``def train(model, use_cuda=True)``."""
    name = param.name.value
    if param.default is not None and _ARGUMENT.match(name) and _is_true(param.default):
        return Switch(param, param.default, f"`{name}=True`")
    return None


def argument_switches(call: cst.Call) -> list[Switch]:
    """``Trainer(model, use_cuda=True)``, ``dict(use_gpu=True)``, and an argparse option that cannot
    be turned off: ``parser.add_argument("--cuda", action="store_true", default=True)``."""
    found = [
        Switch(arg, arg.value, f"`{arg.keyword.value}=True`")
        for arg in call.args
        if arg.keyword is not None and _ARGUMENT.match(arg.keyword.value) and _is_true(arg.value)
    ]
    if found and _names_gpus(call):
        found = []  # `Net(use_cuda=True, device_ids=[0, 1])`: a placement on named GPUs (DEV006)
    default = kwarg(call, "default")
    argparse = isinstance(call.func, cst.Attribute) and call.func.attr.value == "add_argument"
    if argparse:
        options = [a.value for a in positional(call) if isinstance(a.value, cst.SimpleString)]
        if any(_OPTION.match(str(o.evaluated_value)) for o in options):
            action = kwarg(call, "action")
            if default is not None and _is_true(default.value):
                found.append(Switch(call, default.value, f"`{code_of(options[0])}` defaulting to True"))
            elif (
                default is None
                and action is not None
                and isinstance(action.value, cst.SimpleString)
                and action.value.evaluated_value == "store_false"
            ):
                found.append(
                    Switch(call, call, f"`{code_of(options[0])}` with `store_false` (on unless given)")
                )
    return found


_GPU_LIST_KEYWORD = re.compile(r"^(device|gpu)(_?(ids?|list|s))$|^gpus$|^devices$", re.IGNORECASE)


def _names_gpus(call: cst.Call) -> bool:
    """Does ``call`` also hand a literal list of GPU indices (``device_ids=[0, 1]``,
    ``device_list=[(0, 1), 4]``)? Then it places its work on those GPUs whatever the switch says:
    turning the switch into a question of the machine would not make it run without them."""
    for arg in call.args:
        if arg.keyword is None or not _GPU_LIST_KEYWORD.match(arg.keyword.value):
            continue
        if isinstance(arg.value, (cst.List, cst.Tuple)) and any(
            isinstance(node, cst.Integer) for node in _walk(arg.value)
        ):
            return True
    return False


def _walk(node: cst.CSTNode) -> list[cst.CSTNode]:
    found = [node]
    for child in children(node):
        found.extend(_walk(child))
    return found


def dictionary_switch(element: cst.DictElement) -> Switch | None:
    """``{"use_cuda": True}``: a configuration that turns the GPU on."""
    key = element.key
    if (
        isinstance(key, cst.SimpleString)
        and _ARGUMENT.match(str(key.evaluated_value))
        and _is_true(element.value)
    ):
        return Switch(element, element.value, f"`{code_of(key)}: True`")
    return None
