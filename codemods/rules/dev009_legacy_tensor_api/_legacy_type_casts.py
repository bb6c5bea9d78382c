"""``x.type(torch.cuda.FloatTensor)``: the legacy conversion, and the ``.to(device, dtype)`` it means.

``t.type(T)`` for a legacy tensor type ``T`` (spelled out, as a string, or through an alias such as
``Tensor``) converts to ``T``'s dtype on ``T``'s device: ``t.to("cuda", torch.float32)``. A module's
``.type(T)`` also casts its integer buffers, which ``.to()`` does not, so a receiver that may be a
module (``self``, ``model``, a name bound to one) is only reported. ``t.type(type(u))`` meant "like
``u``" before 0.4; since then ``type(u)`` is always ``torch.Tensor``, the default CPU float type.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet

import libcst as cst
import libcst.matchers as m

from codemods.analysis.evident_data import plain_returns
from codemods.analysis.legacy_constructors import legacy_dtype
from codemods.core.name_bindings import bindings_in
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import code_of, func_attribute, positional, with_args_appended
from codemods.core.tree import Tree
from codemods.rules.dev009_legacy_tensor_api._legacy_type_aliases import LegacyAliases

_MODULE_NAME = re.compile(r"model|net|module|layer|encoder|decoder|block|head|backbone|policy", re.I)
_TYPE_OF = m.Call(func=m.Name("type"), args=[m.Arg()])


def type_cast(
    call: cst.Call,
    aliases: ImportAliases,
    type_aliases: LegacyAliases,
    models: AbstractSet[str],
    tree: Tree | None = None,
) -> tuple[str, cst.Call | None] | None:
    """For ``call`` = ``x.type(T)``: the message and the ``.to(...)`` it means (None when it is only
    reported); None when ``call`` is not a legacy conversion."""
    args = positional(call)
    if len(args) != 1 or any(a.keyword and a.keyword.value != "non_blocking" for a in call.args):
        return None
    target = args[0].value
    if m.matches(target, _TYPE_OF):
        return (
            f"`.type({code_of(target)})` converts to the default CPU float type since PyTorch 0.4 (`type(t)`"
            " is always `torch.Tensor`); to match a tensor, use `.type_as(t)`",
            None,
        )
    alias = type_aliases.at(target)
    qualified = alias.qualified if alias else aliases.qualify(target) or ""
    if isinstance(target, cst.SimpleString) and isinstance(target.evaluated_value, str):
        qualified = target.evaluated_value
    dtype = legacy_dtype(qualified)
    if dtype is None:
        return None
    message = f"`.type({code_of(target)})` is the legacy conversion"
    receiver = func_attribute(call).value
    name = dotted_name(receiver) or ""
    if (
        name == "self"
        or name.startswith("self.")
        or name in models
        or not _is_tensor_like(receiver, aliases)
        or (tree is not None and _receiver_may_be_a_module(tree, receiver, aliases))
    ):
        return (
            message + "; use `.to(device, dtype)` (for a module, `Module.type` also casts integer"
            " buffers, so it is not rewritten)",
            None,
        )
    device: cst.BaseExpression = cst.SimpleString(
        '"cuda"' if qualified.startswith("torch.cuda.") else '"cpu"'
    )
    if alias is not None and alias.default_on_cpu:
        return (
            message + "; use `.to(device, dtype)` (the type is float32 on the GPU, the default on the CPU)",
            None,
        )
    if alias is not None and alias.conditional:
        if alias.device is None:
            return (
                message + "; use `.to(device, dtype)` (the condition choosing the type may read"
                " differently here, so it is not rewritten)",
                None,
            )
        device = alias.device
    torch_dtype = aliases.expr_for(f"torch.{dtype}", f"torch.{dtype}")
    kept = [a.with_changes(comma=cst.MaybeSentinel.DEFAULT) for a in call.args if a.keyword is not None]
    to = call.with_changes(func=call.func.with_changes(attr=cst.Name("to")), args=[])
    fixed = with_args_appended(to, cst.Arg(device), cst.Arg(torch_dtype), *kept)
    return message + f"; use `.to({code_of(device)}, torch.{dtype})`", fixed


def _is_tensor_like(node: cst.BaseExpression, aliases: ImportAliases) -> bool:
    """A value `.type(...)` may be called on as a tensor: not named like a module (``model``,
    ``self.encoder``), whose `.type()` means something else. A call's result is one when the call is a
    torch function outside ``torch.nn`` (``torch.from_numpy(x)``) or a method of such a value
    (``x.float()``); what another call returns (``q_func(n)``, ``build(args)``) may be a module."""
    name = dotted_name(node)
    if name is not None:
        return not _MODULE_NAME.search(name.rsplit(".", 1)[-1])
    if isinstance(node, cst.Call):
        qualified = aliases.qualify(node.func) or ""
        if qualified.startswith("torch.nn."):
            return qualified.startswith("torch.nn.functional.")
        if qualified.startswith("torch."):
            return True
        return isinstance(node.func, cst.Attribute) and _is_tensor_like(node.func.value, aliases)
    return isinstance(node, (cst.Subscript, cst.BinaryOperation))


# Loops whose items are modules (`for m in model.children():`), not tensors.
_MODULE_ITERATORS = frozenset({"children", "modules", "named_children", "named_modules"})
# Short names of modules (`m`, `mod`, `child`, `bn`, `conv`), beside those `_MODULE_NAME` finds.
_SHORT_MODULE_NAME = re.compile(r"^(m|mod|sub|child|submodule|bn\d*|conv\d*|fc\d*|lin\d*|norm\d*)$", re.I)


def _receiver_may_be_a_module(tree: Tree, receiver: cst.BaseExpression, aliases: ImportAliases) -> bool:
    """``m.type(T)``, ``layers[0].type(T)``: a name, or an item of one, that may hold a module."""
    while isinstance(receiver, cst.Subscript):
        receiver = receiver.value
    return isinstance(receiver, cst.Name) and _may_hold_a_module(tree, receiver, aliases)


def _may_hold_a_module(tree: Tree, name: cst.Name, aliases: ImportAliases, depth: int = 0) -> bool:
    """Does a binding of ``name`` where it is read show it may hold a module, whose ``.type(T)`` also
    casts integer buffers: a loop over ``.children()`` or over a module's layers, a name spelled like a
    module (``m``, ``child``, ``bn``), a list of ``nn`` layers, a class or an ``nn`` layer called, or
    another such name (``for m in seq.children(): m.type(torch.DoubleTensor)``)."""
    if _SHORT_MODULE_NAME.match(name.value) or depth > 3:
        return True
    scope = next((a for a in tree.ancestors(name) if isinstance(a, (cst.FunctionDef, cst.Lambda))), tree.root)
    bindings = bindings_in(tree, scope, name.value)
    if not bindings and scope is not tree.root:
        bindings = bindings_in(tree, tree.root, name.value)  # a global the function reads
    for binding in bindings:
        if isinstance(binding, cst.For):
            iterated = binding.iter
            if any(f".{m}(" in code_of(iterated) for m in _MODULE_ITERATORS):
                return True
            base = iterated.func if isinstance(iterated, cst.Call) else iterated
            if _MODULE_NAME.search((dotted_name(base) or "").rsplit(".", 1)[-1]):
                return True  # `for block in self.layers:`
        elif isinstance(binding, cst.AssignTarget):
            assign = tree.parent(binding)
            if isinstance(assign, cst.Assign) and _makes_a_module(tree, assign.value, aliases, depth):
                return True
    return False


def _makes_a_module(tree: Tree, value: cst.BaseExpression, aliases: ImportAliases, depth: int) -> bool:
    """``nn.BatchNorm1d(2)``, ``Discriminator()``, ``[nn.Linear(2, 2)]``, ``layers[0]`` of such a list,
    or a name that may hold a module."""
    if isinstance(value, cst.Name):
        return _may_hold_a_module(tree, value, aliases, depth + 1)
    if isinstance(value, cst.Subscript):
        return _makes_a_module(tree, value.value, aliases, depth)
    if isinstance(value, (cst.List, cst.Tuple)):
        return any(_makes_a_module(tree, e.value, aliases, depth) for e in value.elements)
    if isinstance(value, cst.Call):
        qualified = aliases.qualify(value.func) or ""
        if qualified.startswith("torch.nn.") and not qualified.startswith("torch.nn.functional."):
            return True
        returned = plain_returns(tree, value) if depth < 3 else []
        if returned and any(_makes_a_module(tree, r, aliases, depth + 1) for r in returned):
            return True  # `D = discriminator()`, a function of the file that returns a module
        last = (dotted_name(value.func) or "").rsplit(".", 1)[-1]
        return last[:1].isupper() and not qualified.startswith(
            "torch."
        )  # a class (a library's or the file's)
    return False
