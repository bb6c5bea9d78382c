"""What a buffer would change beyond moving with the module: names it clashes with, values it refuses,
and dtype casts it follows.

``self.register_buffer("mask", t)`` raises ``KeyError`` where the instance already has a ``mask``
that is no buffer: a class attribute (``mask = None`` in the class body, a method of that name) of the
class or of a class it derives from, or an attribute a base class's ``__init__`` set. Once ``mask`` is
a buffer, setting it to anything but a tensor or ``None`` raises ``TypeError`` (``net.mask = 0.5``,
anywhere in the file, or ``self.mask = 0.5`` in a subclass). And a module's dtype casts
(``.half()``, ``.to(torch.bfloat16)``) cast its floating point buffers, where a plain attribute kept
its dtype.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import libcst as cst

from codemods.analysis.nn_modules import (
    ModelHolders,
    ModuleCast,
    is_module_constructor,
    model_holders,
    model_names,
    models_by_use,
    module_casts,
)
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import code_of, strip_method_chain
from codemods.core.torch_names import DTYPE_SPELLED, is_dtype_expr, shown_a_device
from codemods.core.tree import Tree

# A value shown not to be floating point: module casts leave it alone.
_NOT_FLOATING = re.compile(
    r"\.(long|int|bool|byte|short|char)\(\)\s*$|dtype\s*=\s*\w+\.(long|int\d*|bool|uint8|short)\b"
)
# A value that may be floating point other than float32: a cast to float32 changes it too.
_NOT_FLOAT32 = re.compile(r"float64|double|half|float16|bfloat16|from_numpy|numpy|np\.")
_FLOAT32_CASTS = frozenset({"float", "torch.float", "torch.float32"})
# A dtype given other than as float32 (`dtype=dt`, `dtype=cfg.dtype`): a cast to float32 may change it.
_DTYPE_NOT_FLOAT32 = re.compile(r"dtype\s*=\s*(?!torch\.float(32)?\b)")


def _made_by_torch(value: cst.BaseExpression, aliases: ImportAliases) -> bool:
    """Is ``value`` made by a call of torch's (``torch.full(...)``, ``torch.ones(3).cuda()``), whose
    dtype its text shows, rather than by a function of the file or elsewhere (``make_table(3)``), whose
    dtype it does not?"""
    root = strip_method_chain(value, aliases)
    return isinstance(root, cst.Call) and (aliases.qualify(root.func) or "").startswith("torch.")


def related_classes(tree: Tree, cls: cst.ClassDef) -> tuple[list[cst.ClassDef], list[cst.ClassDef]]:
    """The file's classes ``cls`` derives from, and those that derive from it (by their bases' names)."""
    classes = {c.name.value: c for c in tree.of_type(tree.root, cst.ClassDef)}

    def bases(c: cst.ClassDef) -> list[cst.ClassDef]:
        found: list[cst.ClassDef] = []
        pending = [c]
        while pending:
            for arg in pending.pop().bases:
                base = classes.get(dotted_name(arg.value) or "")
                if base is not None and base is not c and base not in found:
                    found.append(base)
                    pending.append(base)
        return found

    return bases(cls), [c for c in classes.values() if cls in bases(c)]


def name_clash(tree: Tree, cls: cst.ClassDef, name: str) -> str | None:
    """Why ``register_buffer("name", ...)`` in ``cls`` would raise, or a subclass's assignment of
    ``self.name`` would change meaning; None when neither can."""
    ancestors, descendants = related_classes(tree, cls)
    for owner in (cls, *ancestors, *descendants):
        if _binds_in_body(owner, name):
            return (
                f"`{owner.name.value}` has a class attribute `{name}`, so `register_buffer` would raise"
                " (the name exists already)"
            )
    for owner in (*ancestors, *descendants):
        if _sets_attribute(tree, owner, name):
            which = "its base class" if owner in ancestors else "its subclass"
            return (
                f"{which} `{owner.name.value}` sets `self.{name}` too, which a buffer would make raise"
                " or behave otherwise"
            )
    return None


def refused_assignment(
    tree: Tree, cls: cst.ClassDef, name: str, kind: Callable[[cst.BaseExpression], str]
) -> str | None:
    """An assignment elsewhere in the file of ``<object>.name`` to a value that may not be a tensor
    (``net.mask = 0.5``), which a buffer would refuse, spelled as written; None without one.
    ``kind`` gives a value's kind (``tensor``, ``none`` or another). ``self.name`` in the class itself
    is the caller's to read, and in an unrelated class names another object."""
    ancestors, descendants = related_classes(tree, cls)
    mine = (cls, *ancestors)
    others = [c for c in tree.of_type(tree.root, cst.ClassDef) if c not in mine and c not in descendants]
    for assign in tree.of_type(tree.root, cst.Assign):
        for target in assign.targets:
            spelled = target.target
            if not (isinstance(spelled, cst.Attribute) and spelled.attr.value == name):
                continue
            on_self = isinstance(spelled.value, cst.Name) and spelled.value.value == "self"
            if on_self and (
                any(tree.inside(assign, c) for c in mine) or any(tree.inside(assign, c) for c in others)
            ):
                continue
            if kind(assign.value) not in ("tensor", "none"):
                return code_of(assign).strip()
    for call in tree.of_type(tree.root, cst.Call):  # `setattr(net, "mask", 0.5)`: the same, spelled so
        if (
            dotted_name(call.func) == "setattr"
            and len(call.args) == 3
            and isinstance(call.args[1].value, cst.SimpleString)
            and call.args[1].value.evaluated_value == name
            and kind(call.args[2].value) not in ("tensor", "none")
        ):
            return code_of(call).strip()
    return None


def dtype_cast(
    tree: Tree, aliases: ImportAliases, value: cst.BaseExpression, local_modules: set[str]
) -> str | None:
    """A cast of a module of the file to a dtype (``model.half()``, ``Net().to(torch.bfloat16)``) that
    would cast ``value``, made a buffer, where the plain attribute kept its dtype; spelled as written.
    None without one. ``.to()`` and the cast methods cast floating point tensors only: a ``value``
    shown not to be one (``.long()``) is left out; ``.type()`` casts every tensor.

    A cast the code does not spell out is taken for one that reaches every module of the file: a
    method of ``nn.Module`` itself (``nn.Module.double(net)``, ``type(net).double(net)``, ``to_half =
    nn.Module.half``), one chosen by ``getattr(model, name)`` or ``operator.methodcaller``, a function
    run on each tensor (``model._apply(fn)``), and ``.to()`` handed what may be a tensor or a dtype
    (``model.to(ref)``, ``model.to(dtypes["fp64"])``, ``model.to(**cfg)``); so is a cast of what may
    hold a model though the code does not show it does (:meth:`ModelHolders.may_hold`:
    ``copy.deepcopy(net).double()``, ``(a if c else b).half()``)."""
    text = code_of(value)
    floating = not _NOT_FLOATING.search(text)
    shown_float32 = (
        not _NOT_FLOAT32.search(text)
        and not _DTYPE_NOT_FLOAT32.search(text)
        and _made_by_torch(value, aliases)
    )
    models = model_names(tree, aliases) | models_by_use(tree)
    holders: ModelHolders | None = None  # built at the first cast: most files cast no module
    for cast in module_casts(tree, aliases):
        dtype = _dtype_made(tree, aliases, cast, floating)
        if dtype is None or (dtype in _FLOAT32_CASTS and shown_float32):
            continue
        receiver = cast.receiver
        if receiver is None:
            return code_of(cast.node)  # `nn.Module.half(net)`: a module's, whichever it is handed
        if holders is None:
            holders = model_holders(tree, aliases, models, local_modules)
        if (
            is_module_constructor(strip_method_chain(receiver, aliases), aliases, local_modules)
            or holders.may_hold(receiver, cast.node)
            # (a parameter's method called: `def cast(m): return m.half()`; not `getattr(self, name)`)
            or (cast.method is not None and cast.args is not None and _is_a_parameter(tree, receiver))
        ):
            return code_of(cast.node)
    return None


# A dtype the code does not show (`getattr(model, name)()`, `model.to(**cfg)`): it may be any.
_UNSHOWN_DTYPE = "an unshown dtype"


def _dtype_made(tree: Tree, aliases: ImportAliases, cast: ModuleCast, floating: bool) -> str | None:
    """The dtype ``cast`` makes of a tensor, as written (:data:`_UNSHOWN_DTYPE` where the code does not
    show it); None where it leaves the tensor's dtype alone (``.to(device)``, or a floating point cast of
    a tensor that is not floating point)."""
    method, args = cast.method, cast.args
    if method is None or method == "_apply":  # (`_apply(fn)` casts every tensor, not floating ones only)
        return _UNSHOWN_DTYPE
    if method == "type":
        if args is None:
            return _UNSHOWN_DTYPE
        return code_of(args[0].value) if args else None  # (`.type()` says the type, changes nothing)
    if not floating:
        return None
    if method != "to":
        return method
    if args is None or any(a.star for a in args):
        return _UNSHOWN_DTYPE
    for arg in args:
        if (
            is_dtype_expr(arg.value, aliases)
            or (isinstance(arg.value, cst.Name) and DTYPE_SPELLED.match(arg.value.value))
            or (arg.keyword is not None and arg.keyword.value == "dtype")
        ):
            return aliases.qualify(arg.value) or code_of(arg.value)
    first = next((a.value for a in args if a.keyword is None), None)
    if first is not None and not shown_a_device(tree, first):
        return code_of(first)  # `model.to(ref)`: a tensor's dtype, or a dtype held in a container
    return None


def _is_a_parameter(tree: Tree, receiver: cst.BaseExpression) -> bool:
    """``m.half()`` where ``m`` is a parameter of a function (``def cast(m): return m.half()``), which
    another file may hand a model: the cast may be a model's."""
    return isinstance(receiver, cst.Name) and any(
        param.name.value == receiver.value for param in tree.of_type(tree.root, cst.Param)
    )


def _binds_in_body(cls: cst.ClassDef, name: str) -> bool:
    """Does the class body bind ``name`` itself (``mask = None``, ``def mask(self)``)? A bare
    annotation (``mask: Tensor``) binds nothing."""
    for stmt in cls.body.body:
        if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)) and stmt.name.value == name:
            return True
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, cst.Assign) and any(
                    isinstance(t.target, cst.Name) and t.target.value == name for t in small.targets
                ):
                    return True
                if (
                    isinstance(small, cst.AnnAssign)
                    and small.value is not None
                    and isinstance(small.target, cst.Name)
                    and small.target.value == name
                ):
                    return True
    return False


def _sets_attribute(tree: Tree, cls: cst.ClassDef, name: str) -> bool:
    """Does a method of ``cls`` set ``self.name`` (or register it)?"""
    for node in tree.of_type(cls, (cst.Assign, cst.AnnAssign, cst.AugAssign, cst.Call)):
        if isinstance(node, cst.Call):
            if (
                isinstance(node.func, cst.Attribute)
                and node.func.attr.value in ("register_buffer", "register_parameter")
                and node.args
                and isinstance(node.args[0].value, cst.SimpleString)
                and node.args[0].value.evaluated_value == name
            ):
                return True
            continue
        targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
        if any(
            isinstance(t, cst.Attribute)
            and t.attr.value == name
            and isinstance(t.value, cst.Name)
            and t.value.value == "self"
            for t in targets
        ):
            return True
    return False


# What lists a module's buffers: a plain attribute made a buffer shows there (`for b in net.buffers():
# b.zero_()`). A module's `__dict__` (`vars(net)`, `"mask" in self.__dict__`) no longer holds it.
_BUFFER_WALKS = frozenset({"buffers", "named_buffers", "_buffers"})


def buffer_walk(tree: Tree, aliases: ImportAliases) -> str | None:
    """The first place the file lists a module's buffers or reads a module's ``__dict__``
    (``net.buffers()``, ``vars(self)``; not ``vars(args)``), spelled as written; None without one.
    Once per tree."""

    def find() -> str | None:
        models = model_names(tree, aliases) | models_by_use(tree) | {"self"}
        for attribute in tree.of_type(tree.root, cst.Attribute):
            if attribute.attr.value in _BUFFER_WALKS or (
                attribute.attr.value == "__dict__" and dotted_name(attribute.value) in models
            ):
                return code_of(attribute)
        for call in tree.of_type(tree.root, cst.Call):
            if (
                isinstance(call.func, cst.Name)
                and call.func.value == "vars"
                and len(call.args) == 1
                and dotted_name(call.args[0].value) in models
            ):
                return code_of(call)
        return None

    return tree.memo("dev004.buffer_walk", find)
