"""Hand-written ``to()``/``cuda()``/``_apply()`` overrides of an ``nn.Module`` that move its plain
tensor attributes along with the module.

Before buffers, modules moved their plain tensors by hand::

    def to(self, device):
        self.action_scale = self.action_scale.to(device)
        return super().to(device)

Such an attribute does move with the module whenever the override runs, and then the code is correct
as written. ``_apply`` runs for every move, also when a parent module is moved. ``to`` and ``cuda``
run only when the class's own instance is moved by that very method: a parent's ``.to(device)``
reaches its children through ``_apply`` and skips their ``to`` override. The rule never removes such an
override (a user's method), whatever else it does.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from codemods.core.syntax import positional
from codemods.core.tree import Tree

# Overrides that move the module to a device (`cpu` moves it to the host only).
OVERRIDE_METHODS = ("to", "cuda", "_apply")
_SELF_ATTRIBUTE = m.Attribute(value=m.Name("self"))
_SELF_MOVE = m.Call(func=m.Attribute(value=_SELF_ATTRIBUTE, attr=m.Name("to") | m.Name("cuda")))


def override_moves(methods: dict[str, cst.FunctionDef], tree: Tree) -> dict[str, set[str]]:
    """For each of the ``to``/``cuda``/``_apply`` overrides in ``methods``, the attributes it moves:
    ``self.a = self.a.to(...)`` / ``.cuda(...)`` anywhere in its body, or in ``_apply(self, fn)``,
    ``self.a = fn(self.a)``."""
    found: dict[str, set[str]] = {}
    for name in OVERRIDE_METHODS:
        method = methods.get(name)
        if method is None:
            continue
        params = [p.name.value for p in method.params.params]
        fn = params[1] if name == "_apply" and len(params) > 1 else None
        moved: set[str] = set()
        for assign in tree.of_type(method, cst.Assign):
            if len(assign.targets) != 1 or not m.matches(assign.targets[0].target, _SELF_ATTRIBUTE):
                continue
            target = cst.ensure_type(assign.targets[0].target, cst.Attribute).attr.value
            if _moves_itself(assign.value, target, fn):
                moved.add(target)
        found[name] = moved
    return found


def _moves_itself(value: cst.BaseExpression, attribute: str, fn: str | None) -> bool:
    if m.matches(value, _SELF_MOVE):
        subject = cst.ensure_type(cst.ensure_type(value, cst.Call).func, cst.Attribute).value
        return cst.ensure_type(subject, cst.Attribute).attr.value == attribute
    if fn is not None and isinstance(value, cst.Call) and m.matches(value.func, m.Name(fn)):
        args = positional(value)
        own = m.Attribute(value=m.Name("self"), attr=m.Name(attribute))
        return len(args) == 1 and m.matches(args[0].value, own)
    return False


def nested_classes(tree: Tree, local_modules: set[str]) -> set[str]:
    """Local module classes this file builds as a part of another module: called inside another
    module class (``self.head = Head()``), or handed to a call (``nn.Sequential(Head(), ...)``,
    ``nn.ModuleList([Head() for _ in range(n)])``). Their own ``to``/``cuda`` overrides do not run
    when the whole is moved."""
    nested: set[str] = set()
    for call in tree.of_type(tree.root, cst.Call):
        if not (isinstance(call.func, cst.Name) and call.func.value in local_modules):
            continue
        built = call.func.value
        for above in tree.ancestors(call):
            if isinstance(above, cst.ClassDef) and above.name.value in local_modules - {built}:
                nested.add(built)
                break
            if isinstance(above, cst.Arg):
                nested.add(built)
                break
    return nested
