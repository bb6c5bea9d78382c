"""How a function uses the model it builds: the uses that would go around a wrapper.

After ``model = Net(...)`` a wrapper (``ddp_model = DistributedDataParallel(model)``) only sees the
forward passes made through it. The scaffolding turns every ``model(...)`` into ``ddp_model(...)``;
a forward pass made any other way (``model.encode(x)``, ``model[0](x)``, a loop over its layers, the
model handed to a helper that calls it) would go around the wrapper, and under torchrun the gradients
of that pass would not be averaged: the processes would drift apart without an error.

Reading the model is fine: its parameters, state dict, mode, attributes and the tensors under them.
"""

from __future__ import annotations

from typing import cast

import libcst as cst
import libcst.matchers as m

from codemods.core.name_bindings import is_label
from codemods.core.names import ImportAliases
from codemods.core.syntax import code_of, line_statement
from codemods.core.tree import Tree

# nn.Module methods that do not run the forward pass.
NON_FORWARD_METHODS = frozenset(
    "parameters named_parameters buffers named_buffers state_dict load_state_dict train eval zero_grad"
    " modules named_modules children named_children requires_grad_ extra_repr".split()
)
# Methods of the tensors under a model (``model[0].weight.detach()``).
TENSOR_METHODS = frozenset(
    "detach clone item cpu numpy tolist size numel dim norm sum mean abs max min std var".split()
)
# Functions the whole model may be handed to: they do not call it.
_READERS = frozenset({"print", "len", "str", "repr", "type", "id", "isinstance", "torch.save"})
_LINKS = (cst.Attribute, cst.Subscript)


def unrouted_uses(
    tree: Tree, aliases: ImportAliases, function: cst.FunctionDef, built: cst.SimpleStatementLine
) -> list[str]:
    """The uses of the model ``built`` assigns (a plain name, bound by a top-level statement of
    ``function``) after that statement that a wrapper would not see, each as a short phrase."""
    assert isinstance(function.body, cst.IndentedBlock) and m.matches(
        built, m.SimpleStatementLine(body=[m.Assign(targets=[m.AssignTarget(target=m.Name())])])
    )
    model = cst.ensure_type(
        line_statement(built, cst.Assign).targets[0].target, cst.Name
    ).value  # as asserted
    statements = list(function.body.body)
    found: list[str] = []
    for stmt in statements[statements.index(built) + 1 :]:
        for name in tree.of_type(stmt, cst.Name):
            if name.value == model and not is_label(tree, name):
                problem = _problem(tree, aliases, name)
                if problem and problem not in found:
                    found.append(problem)
    return found


def _problem(tree: Tree, aliases: ImportAliases, name: cst.Name) -> str | None:
    top: cst.CSTNode = name
    parent = tree.parent(top)
    while isinstance(parent, _LINKS) and parent.value is top:
        top, parent = parent, tree.parent(parent)
    whole = top is name or isinstance(top, cst.Subscript)  # the model or one of its layers
    if isinstance(parent, cst.Call) and parent.func is top:
        if top is name:
            return None  # model(...): routed through the wrapper
        method = top.attr.value if isinstance(top, cst.Attribute) else None
        on_the_model = isinstance(top, cst.Attribute) and top.value is name
        if method in NON_FORWARD_METHODS or (method == "cuda" and on_the_model and not parent.args):
            return None  # model.parameters(), model.cuda(): the current device, the wrapper's
        if method in TENSOR_METHODS and not on_the_model:
            return None  # model[0].weight.detach()
        return f"`{code_of(parent.func)}(...)` is called directly"
    if isinstance(parent, cst.AssignTarget) and top is name:
        return f"`{name.value}` is bound again"
    if isinstance(parent, (cst.For, cst.CompFor)) and parent.iter is top:
        return f"a loop iterates over `{code_of(top)}`"  # and may call each layer
    if not whole:
        return None  # an attribute read: `model.training`, `model.fc.weight`
    if isinstance(parent, cst.Arg):
        # An argument of a call. (Also a class's base, `class C(model)`: then there is no `func` to read,
        # and the AttributeError stops the run on this file as it always has.)
        call = cast(cst.Call, tree.parent(parent))
        callee = aliases.qualify(call.func) or code_of(call.func)
        if callee not in _READERS:
            return f"`{code_of(top)}` is handed to `{code_of(call.func)}()`"
        return None
    if isinstance(parent, (cst.Assign, cst.AnnAssign, cst.Return, cst.Element, cst.DictElement, cst.Yield)):
        return f"`{code_of(top)}` is passed on"
    return None
