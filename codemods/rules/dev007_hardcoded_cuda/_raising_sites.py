"""Which GPU placements a portable device fixes safely: those that raised wherever it differs.

``x.cuda()``, ``x.to("cuda")`` and ``torch.zeros(n, device="cuda")`` raise on a machine without a
GPU; where there is one, the portable ``device`` is ``cuda`` (the current GPU, as ``.cuda()``), so a
tensor or module goes exactly where it went. The fix then only changes runs that raised, as long as

* the call is not inside a ``try`` (a handler may have relied on the error), and
* what is placed is provably a torch tensor or module, whose ``.to(device)`` is its ``.cuda()``:
  the result of a ``torch`` call (a factory, ``Variable``, ``torch.from_numpy``, an ``nn`` layer),
  or a tensor method of one; an instance of an ``nn.Module`` class of the file (``Net().cuda()``), or
  a name of a model built in the file (neither where a class of the file defines its own ``cuda``,
  ``to`` or ``_apply``); a batch of a ``DataLoader`` built in the same function, or handed to it by
  every call in the file (a default collate makes tensors; anything else has no ``.cuda()`` and
  raised on every machine); or a name every binding in its function gives one of those. Another object's
  ``cuda()`` is its own method, which ``.to()`` need not mirror.

Everything else stays unsafe: it runs on the CPU where it stopped before, and might not be the same.
"""

from __future__ import annotations

import libcst as cst

from codemods.analysis.nn_modules import model_names, module_classes
from codemods.core.dataflow import bound_value
from codemods.core.name_bindings import is_label
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.tree import Tree

_UNWRAPPING = frozenset({"enumerate", "iter", "tqdm", "tqdm.tqdm"})


class RaisingSites:
    """Answers :meth:`safe` for one file."""

    def __init__(self, tree: Tree, aliases: ImportAliases) -> None:
        self.tree, self.aliases = tree, aliases
        self.local_modules = module_classes(tree, aliases)
        # A class of the file with its own `cuda()` or `to()`: `.to(device)` need not do what its
        # `.cuda()` does, so no model move is safe here.
        overridden = any(
            isinstance(s, cst.FunctionDef) and s.name.value in ("cuda", "to", "_apply")
            for cls in tree.of_type(tree.root, cst.ClassDef)
            if isinstance(cls.body, cst.IndentedBlock)
            for s in cls.body.body
        )
        self.models = frozenset() if overridden else model_names(tree, aliases)
        if overridden:
            self.local_modules = set()

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
            if isinstance(node.func, cst.Name) and node.func.value in self.local_modules:
                return True  # `Net()`, an nn.Module of this file: `.to(device)` is its `.cuda()`
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
            value = bound_value(bound, assign.value, name) if isinstance(assign, cst.Assign) else None
            if (
                value is None
                and isinstance(assign, cst.Assign)
                and self._unpacks_batch(bound, assign.value, function)
            ):
                continue  # `x, y = data` of `for data in loader`: default-collated elements are tensors
            if value is None:
                return False
            if _root(value) == name:
                continue  # `x = x.view(...).cuda()`: a tensor method of what it was
            if not self._is_torch(value, at, depth + 1):
                return False
        params = function.params
        if any(p.name.value == name for p in (*params.params, *params.kwonly_params, *params.posonly_params)):
            return False
        return bindings > 0

    def _unpacks_batch(
        self, target: cst.BaseExpression, value: cst.BaseExpression, function: cst.FunctionDef
    ) -> bool:
        """``x, y = data`` where every binding of ``data`` in ``function`` is a loop over a loader: a
        default collate makes each element a tensor, or something with no ``.cuda()`` at all (a
        list of strings, a dict), which raised on every machine."""
        if not (isinstance(target, cst.Tuple) and isinstance(value, cst.Name)):
            return False
        loops = [
            b
            for b in self.tree.of_type(function, (cst.AssignTarget, cst.For))
            if value.value in {n.value for n in self.tree.of_type(b.target, cst.Name)}
        ]
        return bool(loops) and all(isinstance(b, cst.For) and self._loader_batch(b, function) for b in loops)

    def _loader_batch(self, loop: cst.For, function: cst.FunctionDef) -> bool:
        """``for x, y in loader`` (or ``enumerate(loader)``) with ``loader = DataLoader(...)`` bound
        once in ``function``, without a ``collate_fn``."""
        source = loop.iter
        while isinstance(source, cst.Call) and dotted_name(source.func) in _UNWRAPPING and source.args:
            source = source.args[0].value
        return self._loader(source, function, depth=0)

    def _loader(self, source: cst.BaseExpression, function: cst.FunctionDef, depth: int) -> bool:
        """``DataLoader(...)`` without a ``collate_fn``, a name bound once in ``function`` to one, or
        a parameter of a top-level function that every call of it in the file passes one for
        (``train(train_loader, model)`` with ``train_loader = DataLoader(...)`` in the caller)."""
        if isinstance(source, cst.Call):
            return (dotted_name(source.func) or "").endswith("DataLoader") and not any(
                a.keyword is not None and a.keyword.value == "collate_fn" for a in source.args
            )
        if not isinstance(source, cst.Name):
            return False
        values = [
            a.value
            for a in self.tree.of_type(function, cst.Assign)
            for t in a.targets
            if source.value in {n.value for n in self.tree.of_type(t.target, cst.Name)}
        ]
        if values:
            return len(values) == 1 and self._loader(values[0], function, depth)
        return depth < 2 and self._passed_loader(function, source.value, depth)

    def _passed_loader(self, function: cst.FunctionDef, name: str, depth: int) -> bool:
        """Does every call of the top-level ``function`` in the file pass a loader for its parameter
        ``name`` (by position or keyword, at least one call, the name used nowhere but in calls)?"""
        params = function.params
        if not isinstance(self.tree.parent(function), cst.Module) or isinstance(params.star_arg, cst.Param):
            return False
        plain = [p.name.value for p in params.params]
        if name not in plain:
            return False
        index = plain.index(name)
        uses = [
            n
            for n in self.tree.of_type(self.tree.root, cst.Name)
            if n.value == function.name.value and n is not function.name and not is_label(self.tree, n)
        ]
        if not uses:
            return False
        for use in uses:
            call = self.tree.parent(use)
            if not (isinstance(call, cst.Call) and call.func is use):
                return False
            if any(a.star for a in call.args):
                return False
            keyword = next((a for a in call.args if a.keyword is not None and a.keyword.value == name), None)
            positional = [a for a in call.args if a.keyword is None]
            arg = keyword or (positional[index] if index < len(positional) else None)
            caller = next((a for a in self.tree.ancestors(call) if isinstance(a, cst.FunctionDef)), None)
            if arg is None or caller is None or not self._loader(arg.value, caller, depth + 1):
                return False
        return True


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
