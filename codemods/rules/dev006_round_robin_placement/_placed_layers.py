"""Where the layers a loop places on GPUs end up: in an ``nn.Module``, or in a plain Python list.

DistributedDataParallel wraps one ``nn.Module``, and ``.to(device)`` moves what that module registers:
its attributes that are modules, and the layers of an ``nn.ModuleList``, ``nn.Sequential`` or
``nn.ModuleDict``. Layers kept in a plain list (``self.blocks = []``, or a builder that returns
``[...]``) are neither moved nor synchronised, so a fix that drops their placement and moves "the model"
would leave them behind. :func:`unregistered` says, in phrases a finding can show, where that is so.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from codemods.analysis.nn_modules import CONTAINER_MODULES, is_module_constructor, module_classes
from codemods.core.name_bindings import flatten_names
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import code_of, func_attribute, strip_method_chain
from codemods.core.torch_names import Move
from codemods.core.tree import Tree
from codemods.rules.dev006_round_robin_placement._round_robin import RoundRobin, in_forward

# The layer is an attribute of the module or goes into a container call (or a builder returns it,
# and :func:`_returned` judges what it returns).
REGISTERED = "<registered>"
_ADDS = m.Name("append") | m.Name("extend") | m.Name("insert")
_COMPREHENSIONS = (cst.ListComp, cst.GeneratorExp, cst.SetComp, cst.DictComp)
_LISTS = (cst.List, cst.ListComp, cst.Dict, cst.DictComp, cst.Tuple)


def unregistered(tree: Tree, aliases: ImportAliases, placed: RoundRobin) -> list[str]:
    """What keeps the placed layers from forming one ``nn.Module`` (empty when they do)."""
    owner, problems = placed.owner, []
    local_modules = module_classes(tree, aliases)
    if isinstance(owner, cst.ClassDef) and owner.name.value not in local_modules:
        problems.append(f"`{owner.name.value}` is not an nn.Module")
    if isinstance(owner, cst.FunctionDef):
        problems.extend(_returned(tree, aliases, owner, local_modules))
    for move in placed.placements:
        if in_forward(tree, move.call):
            continue  # an activation hopping between GPUs, not a layer
        container = _container(tree, aliases, move)
        if container is None:
            problems.append(f"nothing shows where the layer placed by `{code_of(move.call)}` is kept")
        elif container != REGISTERED:
            problems.extend(_kept_in(tree, aliases, owner, container, local_modules))
    return list(dict.fromkeys(problems))


def _container(tree: Tree, aliases: ImportAliases, move: Move) -> str | None:
    """The dotted name of what holds the placed layer, REGISTERED, or None when it cannot be told."""
    comprehension = next((a for a in tree.ancestors(move.call) if isinstance(a, _COMPREHENSIONS)), None)
    if comprehension is not None:
        return _holder_of_value(tree, aliases, comprehension)
    if isinstance(move.subject, cst.Subscript):
        return dotted_name(move.subject.value)  # self.layers[i].cuda(i % n)
    holder = _holder_of_value(tree, aliases, move.call)
    layer = dotted_name(move.subject)
    loop = next((a for a in tree.ancestors(move.call) if isinstance(a, cst.For)), None)
    if holder is not None or layer is None or loop is None:
        return holder
    if layer in flatten_names(loop.target):  # for i, layer in enumerate(self.layers): layer.cuda(i % n)
        iterable = loop.iter
        while m.matches(iterable, m.Call(func=m.Name("enumerate") | m.Name("reversed"))):
            iterable = cst.ensure_type(iterable, cst.Call).args[0].value  # as matched
        return dotted_name(iterable)
    # layer = nn.Linear(...).to(d) / layer.cuda(d), then self.blocks.append(layer) in the same loop
    for name in tree.of_type(loop.body, cst.Name):
        if name.value == layer and name is not move.subject:
            holder = _holder_of_value(tree, aliases, name)
            if holder is not None:
                return holder
    return None


def _holder_of_value(tree: Tree, aliases: ImportAliases, value: cst.CSTNode) -> str | None:
    """Where ``value`` is stored by the expression or statement right around it."""
    parent = tree.parent(value)
    if isinstance(parent, cst.Return):
        return REGISTERED
    if isinstance(parent, cst.Arg):
        call = tree.parent(parent)
        assert isinstance(call, cst.Call)
        if aliases.qualify(call.func) in CONTAINER_MODULES:
            return REGISTERED  # nn.ModuleList([... for i in ...]), nn.Sequential(*layers)
        if m.matches(call.func, m.Attribute(value=m.Name("self"), attr=m.Name("add_module"))) or m.matches(
            call, m.Call(func=m.Name("setattr"), args=[m.Arg(m.Name("self")), m.ZeroOrMore()])
        ):
            return REGISTERED
        if m.matches(call.func, m.Attribute(attr=_ADDS)):
            return dotted_name(func_attribute(call).value)  # layers.append(...)
        return None
    if isinstance(parent, cst.Assign) and len(parent.targets) == 1:
        target = parent.targets[0].target
        if isinstance(target, cst.Subscript):
            return dotted_name(target.value)  # blocks[i] = ...
        spelled = dotted_name(target) or ""
        return REGISTERED if spelled.startswith("self.") else spelled or None
    return None


def _kept_in(
    tree: Tree, aliases: ImportAliases, owner: cst.CSTNode, holder: str, local_modules: set[str]
) -> list[str]:
    values = _values_of(tree, aliases, owner, holder)
    if any(is_module_constructor(v, aliases, local_modules) for v in values):
        return []
    wrapped = any(
        dotted_name(arg.value) == holder
        for call in tree.of_type(owner, cst.Call)
        if aliases.qualify(call.func) in CONTAINER_MODULES
        for arg in call.args
    )
    if values and all(isinstance(v, _LISTS) or m.matches(v, m.Call(func=m.Name("list"))) for v in values):
        if wrapped:
            return []  # layers = [] ... nn.Sequential(*layers)
        return [
            f"the layers are kept in `{holder}`, a Python list that no nn.Module registers"
            " (`.to(device)` would leave them behind; an nn.ModuleList would not)"
        ]
    return [f"nothing shows whether `{holder}` is an nn.Module"]


def _returned(
    tree: Tree, aliases: ImportAliases, builder: cst.FunctionDef, local_modules: set[str]
) -> list[str]:
    """What keeps a builder function from returning one nn.Module."""
    name = builder.name.value
    returns = [r.value for r in tree.of_type(builder, cst.Return) if r.value is not None]
    if not returns:
        return [f"`{name}()` returns no model"]
    for value in returns:
        values = (
            _values_of(tree, aliases, builder, dotted_name(value)) if isinstance(value, cst.Name) else [value]
        )
        modules = [
            is_module_constructor(strip_method_chain(v, aliases), aliases, local_modules) for v in values
        ]
        if values and all(modules):
            continue
        if values and all(isinstance(v, _LISTS) for v in values):
            return [
                f"`{name}()` returns `{code_of(value)}`, a Python list, not an nn.Module:"
                " DistributedDataParallel wraps one module (an nn.Sequential or nn.ModuleList of the layers)"
            ]
        return [f"nothing shows that `{name}()` returns an nn.Module"]
    return []


def _values_of(
    tree: Tree, aliases: ImportAliases, owner: cst.CSTNode, spelled: str | None
) -> list[cst.BaseExpression]:
    """The values ``owner`` assigns to ``spelled`` (a dotted name)."""
    return [
        strip_method_chain(assign.value, aliases)
        for assign in tree.of_type(owner, cst.Assign)
        if any(dotted_name(t.target) == spelled for t in assign.targets)
    ]
