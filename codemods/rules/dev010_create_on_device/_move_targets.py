"""Where ``.to(...)`` and ``.cuda(...)`` send a tensor, when the call is a plain move to a device.

``x.to(device)``, ``x.to(device=args.device)``, ``x.to(device, torch.float16)``, ``x.cuda()``, ``x.cuda(1)``
and ``x.type_as(t)`` (to ``t``'s device and dtype) are plain moves: a factory can take the same device (and
dtype) as ``device=``/``dtype=``; so is ``x.to(t)`` where ``x`` reads ``t.size()`` or ``t.shape``, which shows
``t`` is a tensor. ``x.to(other_tensor)`` otherwise (which takes the other tensor's dtype too),
``non_blocking=``, ``copy=``, ``memory_format=`` and a ``.to(dtype)`` alone are not. ``x.cuda(some_index)`` is
a move whose device a factory cannot take as written (``.cuda(None)`` is the current GPU, ``device=None`` the
CPU): :attr:`MoveTarget.device` is None then.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import libcst as cst

from codemods.analysis.cli_options import CliOptions
from codemods.core.name_bindings import bindings_in
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import called_method, kwarg, positional
from codemods.core.torch_names import is_dtype_expr
from codemods.core.tree import Tree, children

# `Config.DEVICE`, `self._device`, `args.gpu` (an index: `.to(i)` and `device=i` are both `cuda:i`, and
# `.to(None)` leaves a tensor where `device=None` makes it, on the CPU), `local_rank`
_DEVICE_NAME = re.compile(
    r"^(_?device|dev|\w+_device|\w+_dev|device_\w+|gpu|gpu_?id|gpu_index|rank|local_rank)$", re.IGNORECASE
)
_CPU = re.compile(r"""^[rbuRBU]*['"]cpu""")
_CUDA = cst.SimpleString('"cuda"')


@dataclass(frozen=True)
class MoveTarget:
    call: cst.Call
    device: cst.BaseExpression | None  # what device= would be; None when it cannot be written
    dtype: cst.BaseExpression | None = None
    # `.type_as(t)`: the move takes another tensor's device and dtype; when the dtype cannot move onto
    # the factory, the call stays after it (converting on the device gives the same values).
    like: cst.BaseExpression | None = None
    # `.cuda(i)` with `i` not a literal: the index, for the rule to write where it knows `i` is an int
    # or None (`torch.device("cuda", i)`, as `.cuda(i)` reads it).
    index: cst.BaseExpression | None = None


def move_target(call: cst.CSTNode, aliases: ImportAliases) -> MoveTarget | None:
    """``call`` as a plain move to a device, or None."""
    method = called_method(call)
    if method not in ("to", "cuda", "type_as"):
        return None
    assert isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)
    if method == "cuda":
        return _cuda_target(call)
    if method == "type_as":
        return _like_target(call)
    device = kwarg(call, "device")
    dtype = kwarg(call, "dtype")
    if any(a.star or (a.keyword and a.keyword.value not in ("device", "dtype")) for a in call.args):
        return None  # non_blocking=, copy=, memory_format=
    args = positional(call)
    if device is None and args:
        device, args = args[0], args[1:]
    if dtype is None and args:
        dtype, args = args[0], args[1:]
    if device is not None and len(call.args) == 1 and _sized_by(call.func.value, device.value):
        return _like_target(call)  # `torch.ones(x.size()).to(x)`: `x` has a size, so it is a tensor
    if device is None or args or not names_a_device(device.value, aliases):
        return None
    if dtype is not None and not is_dtype_expr(dtype.value, aliases):
        return None
    return MoveTarget(call, device.value, dtype.value if dtype is not None else None)


def _like_target(call: cst.Call) -> MoveTarget | None:
    """``x.type_as(t)``, ``t`` a name or an attribute chain (read twice once rewritten: ``t.device``)."""
    if len(call.args) != 1 or call.args[0].star or call.args[0].keyword is not None:
        return None
    like = call.args[0].value
    root = like
    while isinstance(root, cst.Attribute):
        root = root.value
    if not isinstance(root, cst.Name) or root.value in ("self", "cls") and like is root:
        return None
    return MoveTarget(
        call,
        cst.Attribute(value=like.deep_clone(), attr=cst.Name("device")),
        cst.Attribute(value=like.deep_clone(), attr=cst.Name("dtype")),
        like,
    )


def _sized_by(receiver: cst.BaseExpression, other: cst.BaseExpression) -> bool:
    """Does ``receiver`` read ``other.size(...)`` or ``other.shape``? Then ``other`` is a tensor (a device,
    a dtype or a string has neither), and ``.to(other)`` takes its device and dtype as ``.type_as`` does."""
    spelled = dotted_name(other)
    if spelled is None or spelled in ("self", "cls"):
        return False
    stack: list[cst.CSTNode] = [receiver]
    while stack:
        node = stack.pop()
        if (
            isinstance(node, cst.Attribute)
            and node.attr.value in ("size", "shape")
            and dotted_name(node.value) == spelled
        ):
            return True
        # The code fields only (libcst's `.children` runs a visitor per node: a tenth of the rule's time
        # on a fix-heavy file); an attribute is never in a whitespace or punctuation field.
        stack.extend(children(node))
    return False


def _cuda_target(call: cst.Call) -> MoveTarget | None:
    if not call.args:
        return MoveTarget(call, _CUDA)
    if (
        len(call.args) != 1
        or call.args[0].star
        or (call.args[0].keyword or cst.Name("device")).value != "device"
    ):
        return None  # non_blocking=
    index = call.args[0].value
    if isinstance(index, cst.Integer):
        return MoveTarget(call, cst.SimpleString(f'"cuda:{index.value}"'))
    if isinstance(index, cst.SimpleString) and "cuda" in index.value:
        return MoveTarget(call, index)
    return MoveTarget(call, None, index=index)


def names_a_device(node: cst.BaseExpression, aliases: ImportAliases) -> bool:
    """An expression that names a device (and not a tensor whose device and dtype `.to` copies)."""
    if isinstance(node, cst.SimpleString):
        return not _CPU.match(node.value)
    if isinstance(node, cst.FormattedString):  # f"cuda:{rank}"
        first = node.parts[0] if node.parts else None
        return isinstance(first, cst.FormattedStringText) and first.value.startswith("cuda")
    if isinstance(node, cst.Attribute):
        return node.attr.value == "device" or bool(_DEVICE_NAME.match(node.attr.value))
    if isinstance(node, cst.Name):
        return bool(_DEVICE_NAME.match(node.value))
    if isinstance(node, cst.Call) and aliases.qualify(node.func) == "torch.device":
        return all(_plain_device_argument(a.value) for a in node.args) and not (
            node.args
            and isinstance(node.args[0].value, cst.SimpleString)
            and _CPU.match(node.args[0].value.value)
        )
    return False


def _plain_device_argument(node: cst.BaseExpression) -> bool:
    """What ``torch.device(...)`` is given: a string, an index, a name or attribute, or a choice between
    them (``"cuda" if torch.cuda.is_available() else "cpu"``, the portable device DEV007 writes out where
    a file picks its GPUs at run time). Moved from ``.to()`` to ``device=`` it is read once, as before."""
    if isinstance(node, cst.IfExp):
        return _plain_device_argument(node.body) and _plain_device_argument(node.orelse)
    return isinstance(node, (cst.SimpleString, cst.Integer, cst.Name, cst.Attribute))


def int_or_none(tree: Tree, index: cst.BaseExpression, options: CliOptions) -> bool:
    """Is ``index`` (given to ``.cuda()``) an ``int`` or None wherever it is read, as the file shows? An
    ``argparse`` option of ``type=int`` (``args.gpu``); a module-level name every binding of which in the
    file is an ``int`` or None literal or such an option (``GPU = args.gpu``); ``self.attr`` that the file
    assigns only such values."""
    if isinstance(index, cst.Attribute) and isinstance(index.value, cst.Name):
        if index.value.value == "self":
            return _assigned_only_indexes(tree, index.attr.value, options, attribute=True)
        return options.is_int_or_none(index)
    if isinstance(index, cst.Name):
        return _assigned_only_indexes(tree, index.value, options, attribute=False)
    return False


def _assigned_only_indexes(tree: Tree, name: str, options: CliOptions, attribute: bool) -> bool:
    """Every binding of ``name`` (``self.name`` when ``attribute``) in the file assigns an int or None
    literal, or an ``int`` option; and there is at least one."""
    values: list[cst.BaseExpression] = []
    if attribute:
        for target in tree.of_type(tree.root, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign)):
            node = target.target
            if isinstance(node, cst.Attribute) and node.attr.value == name:
                if not isinstance(target, cst.AssignTarget):
                    return False
                assign = tree.parent(target)
                if not isinstance(assign, cst.Assign) or len(assign.targets) != 1:
                    return False
                values.append(assign.value)
            elif isinstance(node, (cst.Tuple, cst.List)) and any(
                isinstance(e.value, cst.Attribute) and e.value.attr.value == name for e in node.elements
            ):
                return False
    else:
        for binding in bindings_in(tree, tree.root, name):
            assign = tree.parent(binding)
            if not (
                isinstance(binding, cst.AssignTarget)
                and isinstance(binding.target, cst.Name)
                and isinstance(assign, cst.Assign)
                and len(assign.targets) == 1
            ):
                return False
            values.append(assign.value)
        # bound in a function (a parameter, a local): another value there
        if tree.memo(("dev010 bound in a function", name), lambda: _bound_in_a_function(tree, name)):
            return False
    return bool(values) and all(
        isinstance(v, cst.Integer)
        or (isinstance(v, cst.Name) and v.value == "None")
        or (isinstance(v, cst.Attribute) and options.is_int_or_none(v))
        for v in values
    )


def _bound_in_a_function(tree: Tree, name: str) -> bool:
    """Whether a function or lambda of the file binds ``name`` (asked once per name and tree: a large
    script's every `.cuda(gpu)` asked it of each of its thousands of functions)."""
    return any(bindings_in(tree, f, name) for f in tree.of_type(tree.root, (cst.FunctionDef, cst.Lambda)))
