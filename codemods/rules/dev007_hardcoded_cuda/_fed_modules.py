"""The module a tensor is fed to: ``page(x.cuda(gpu))`` feeds ``x`` to ``page``.

Where a tensor is moved to an explicit GPU right where it is passed to a layer, the GPU it needs is
the layer's own: ``embedding.embeddings[0](ids.cuda(embedding.page_devices[0]))`` needs the GPU page 0
lives on, which is ``next(embedding.embeddings[0].parameters()).device``, the CPU on a machine without
one. :func:`fed_module` finds that layer when the file shows it is one:

- a name every assignment of which (in the same function, or at the module's level) constructs a
  module class of this file (``embedding = LargeEmbedding(...)``), or ``self`` in a module class;
- then attributes its class assigns only layers to (``self.embeddings = nn.ModuleList(...)``,
  ``self.fc = nn.Linear(...)``, an instance of another module class of the file), and items of
  containers (``[0]`` of a ``ModuleList``, ``Sequential`` or ``ModuleDict``).

Whether that layer has parameters (``next(...)`` needs one) is not shown for container items or for
classes built from what their caller hands in: callers state that assumption with their fix.
"""

from __future__ import annotations

import libcst as cst

from codemods.analysis.nn_modules import CONTAINER_MODULES, is_module_constructor, module_classes
from codemods.analysis.tensor_attributes import self_attribute
from codemods.core.name_bindings import bindings_in
from codemods.core.names import ImportAliases
from codemods.core.torch_names import VARIABLE
from codemods.core.tree import Tree


def fed_module(tree: Tree, aliases: ImportAliases, value: cst.BaseExpression) -> cst.BaseExpression | None:
    """The layer ``value`` is the first argument of (through ``Variable(...)`` wrappers), when the
    file shows it is a module; else None."""
    node: cst.CSTNode = value
    while True:
        arg = tree.parent(node)
        if not isinstance(arg, cst.Arg) or arg.keyword is not None or arg.star:
            return None
        call = tree.parent(arg)
        if not isinstance(call, cst.Call) or call.args[0] is not arg:
            return None
        if aliases.qualify(call.func) in VARIABLE:
            node = call
            continue
        return call.func if _Layers(tree, aliases).kind(call.func, call) is not None else None


class _Layers:
    def __init__(self, tree: Tree, aliases: ImportAliases) -> None:
        self.tree = tree
        self.aliases = aliases
        self.local = module_classes(tree, aliases)
        self.classes = {
            c.name.value: c for c in tree.of_type(tree.root, cst.ClassDef) if c.name.value in self.local
        }

    def kind(self, expr: cst.BaseExpression, at: cst.CSTNode) -> str | None:
        """ "layer", "container" (a layer whose items are layers) or a module class's name, for
        ``expr`` read at ``at``; None when the file does not show it is a module."""
        if isinstance(expr, cst.Name):
            return self._class_of_name(expr.value, at)
        if isinstance(expr, cst.Attribute):
            owner = self.kind(expr.value, at)
            return self._attribute(owner, expr.attr.value) if owner in self.classes else None
        if isinstance(expr, cst.Subscript) and len(expr.slice) == 1:
            return "layer" if self.kind(expr.value, at) == "container" else None
        return None

    def _class_of_name(self, name: str, at: cst.CSTNode) -> str | None:
        function = next((a for a in self.tree.ancestors(at) if isinstance(a, cst.FunctionDef)), None)
        if name == "self":
            cls = next((a for a in self.tree.ancestors(at) if isinstance(a, cst.ClassDef)), None)
            return cls.name.value if cls is not None and cls.name.value in self.classes else None
        bindings = bindings_in(self.tree, function or self.tree.root, name)
        kinds = set()
        for binding in bindings:
            assign = self.tree.parent(binding) if isinstance(binding, cst.AssignTarget) else None
            if not isinstance(assign, cst.Assign) or len(assign.targets) != 1:
                return None
            kinds.add(self._constructed(assign.value))
        return kinds.pop() if len(kinds) == 1 else None

    def _attribute(self, cls: str, attr: str) -> str | None:
        """What every ``self.attr = ...`` of class ``cls`` assigns, when it is one kind of layer."""
        kinds = set()
        for assign in self.tree.of_type(self.classes[cls], cst.Assign):
            for target in assign.targets:
                if isinstance(target.target, cst.Attribute) and target.target.attr.value == attr:
                    kinds.add(self._constructed(assign.value) if self_attribute(target.target) else None)
        return kinds.pop() if len(kinds) == 1 else None

    def _constructed(self, value: cst.BaseExpression) -> str | None:
        if not isinstance(value, cst.Call) or not is_module_constructor(value, self.aliases, self.local):
            return None
        if isinstance(value.func, cst.Name) and value.func.value in self.classes:
            return value.func.value
        return "container" if self.aliases.qualify(value.func) in CONTAINER_MODULES else "layer"
