"""Which GPU placements a portable device fixes safely: those that raised wherever it differs.

``x.cuda()``, ``x.to("cuda")`` and ``torch.zeros(n, device="cuda")`` raise on a machine without a
GPU; where there is one, the portable ``device`` is ``cuda`` (the current GPU, as ``.cuda()``), so a
tensor or module goes exactly where it went. The fix then only changes runs that raised, as long as

* the call is not inside a ``try`` (a handler may have relied on the error), and
* what is placed is provably a torch tensor or module, whose ``.to(device)`` is its ``.cuda()``:
  the result of a ``torch`` call (a factory, ``Variable``, ``torch.from_numpy``, an ``nn`` layer),
  or a tensor method of one; a name of a model built in the file; a batch of a ``DataLoader`` built
  in the same function (a default collate makes tensors; anything else has no ``.cuda()`` and raised
  on every machine); or a name every binding in its function gives one of those. Another object's
  ``cuda()`` is its own method, which ``.to()`` need not mirror.

Everything else stays unsafe: it runs on the CPU where it stopped before, and might not be the same.
"""

from __future__ import annotations

import libcst as cst

from codemods.analysis.nn_modules import model_names
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.tree import Tree

_UNWRAPPING = frozenset({"enumerate", "iter", "tqdm", "tqdm.tqdm"})


class RaisingSites:
    """Answers :meth:`safe` for one file."""

    def __init__(self, tree: Tree, aliases: ImportAliases) -> None:
        self.tree, self.aliases = tree, aliases
        self.models = model_names(tree, aliases)

    def safe(self, call: cst.CSTNode) -> bool:
        """Is the placement ``call`` (a site that ``places``) fixed safely?"""
        if not isinstance(call, cst.Call) or any(isinstance(a, cst.Try) for a in self.tree.ancestors(call)):
            return False
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value in ("cuda", "to"):
            return self._is_torch(func.value, call, depth=0)
        return (self.aliases.qualify(func) or "").startswith("torch.")  # `torch.zeros(n, device="cuda")`

    def _is_torch(self, node: cst.BaseExpression, at: cst.CSTNode, depth: int) -> bool:
        while isinstance(node, (cst.Call, cst.Subscript)):
            if isinstance(node, cst.Subscript):
                node = node.value
                continue
            if (self.aliases.qualify(node.func) or "").startswith("torch."):
                return True
            if not isinstance(node.func, cst.Attribute):
                return False
            node = node.func.value  # a tensor method: `x.view(...)`, `x.float()`
        name = dotted_name(node)
        if name is None:
            return False
        if name in self.models:
            return True
        if not isinstance(node, cst.Name) or depth > 2:
            return False
        function = next((a for a in self.tree.ancestors(at) if isinstance(a, cst.FunctionDef)), None)
        if function is None:
            return False
        bindings = 0
        for target in self.tree.of_type(function, (cst.AssignTarget, cst.For)):
            bound = target.target
            if name not in {n.value for n in self.tree.of_type(bound, cst.Name)}:
                continue
            bindings += 1
            if isinstance(target, cst.For):
                if not self._loader_batch(target, function):
                    return False
                continue
            assign = self.tree.parent(target)
            if not (isinstance(assign, cst.Assign) and isinstance(bound, cst.Name)):
                return False
            if _root(assign.value) == name:
                continue  # `x = x.view(...).cuda()`: a tensor method of what it was
            if not self._is_torch(assign.value, at, depth + 1):
                return False
        params = function.params
        if any(p.name.value == name for p in (*params.params, *params.kwonly_params, *params.posonly_params)):
            return False
        return bindings > 0

    def _loader_batch(self, loop: cst.For, function: cst.FunctionDef) -> bool:
        """``for x, y in loader`` (or ``enumerate(loader)``) with ``loader = DataLoader(...)`` bound
        once in ``function``, without a ``collate_fn``."""
        source = loop.iter
        while isinstance(source, cst.Call) and dotted_name(source.func) in _UNWRAPPING and source.args:
            source = source.args[0].value
        if not isinstance(source, cst.Name):
            return False
        values = [
            a.value
            for a in self.tree.of_type(function, cst.Assign)
            for t in a.targets
            if source.value in {n.value for n in self.tree.of_type(t.target, cst.Name)}
        ]
        return (
            len(values) == 1
            and isinstance(values[0], cst.Call)
            and (dotted_name(values[0].func) or "").endswith("DataLoader")
            and not any(a.keyword is not None and a.keyword.value == "collate_fn" for a in values[0].args)
        )


def _root(node: cst.BaseExpression) -> str | None:
    """``x`` in ``x.view(-1)[0].cuda()``: the name under method calls and indexing."""
    while isinstance(node, (cst.Call, cst.Subscript)):
        if isinstance(node, cst.Subscript):
            node = node.value
        elif isinstance(node.func, cst.Attribute):
            node = node.func.value
        else:
            return None
    return node.value if isinstance(node, cst.Name) else None
