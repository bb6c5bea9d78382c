"""The method of a class of the file that ``model.init_hidden(b)`` runs, when the file shows which.

``LocalFunctions`` resolves ``helper(x)`` and ``self.helper(x)``. A script calls its model's methods on
an instance: ``model = RNNModel(...)`` (or ``RNNModel(...).cuda()``, which returns the module), then
``hidden = model.init_hidden(bsz)``. Where the name is bound once in its scope, to the class's call, and
the class (defined once at the top of the file) defines the method itself once, the call runs that
method; anything else (a second binding, a parameter, an inherited or imported method) is not resolved.
"""

from __future__ import annotations

import libcst as cst

from codemods.core.name_bindings import binding_scope, bindings_in
from codemods.core.tree import Tree

# Module methods that return the module itself.
_RETURN_SELF = frozenset({"cuda", "to", "cpu", "train", "eval", "float", "double", "half"})


def instance_method(tree: Tree, call: cst.Call) -> cst.FunctionDef | None:
    """The method ``call`` (``name.method(...)``) runs, or None when the file does not show it."""
    func = call.func
    if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name)):
        return None
    name = func.value.value
    if name in ("self", "cls"):
        return None
    bindings = bindings_in(tree, binding_scope(tree, call, name), name)
    if len(bindings) != 1 or not isinstance(bindings[0], cst.AssignTarget):
        return None
    assign = tree.parent(bindings[0])
    if not (isinstance(assign, cst.Assign) and len(assign.targets) == 1):
        return None
    value = assign.value
    while (
        isinstance(value, cst.Call)
        and isinstance(value.func, cst.Attribute)
        and value.func.attr.value in _RETURN_SELF
    ):
        value = value.func.value  # `RNNModel(...).cuda()`
    if not (isinstance(value, cst.Call) and isinstance(value.func, cst.Name)):
        return None
    root = tree.root
    classes = [
        c
        for c in getattr(root, "body", ())
        if isinstance(c, cst.ClassDef) and c.name.value == value.func.value
    ]
    if len(classes) != 1 or not isinstance(classes[0].body, cst.IndentedBlock):
        return None
    methods = [
        s for s in classes[0].body.body if isinstance(s, cst.FunctionDef) and s.name.value == func.attr.value
    ]
    return methods[0] if len(methods) == 1 else None
