"""Where a module chooses its device, and where code may use that one device.

DEV007 writes one portable device per module: it reuses the module's own definition (``device =
...``, or a device value under a device-like name such as ``DEVICE``), and adds one after the
imports only where no name of the module or of the enclosing functions would shadow it.
:class:`ModuleDevice` answers, for one place in the code, whether it may use that device and
which edits bring the definition in.
"""

from __future__ import annotations

import re
from typing import Callable

import libcst as cst

from codemods.base import Replacement
from codemods.dataflow import assigned_names
from codemods.inserts import after_imports
from codemods.names import ImportAliases, dotted_name
from codemods.syntax import kwarg, positional
from codemods.tree import Tree

# Names that hold a device: `device`, `DEVICE`, `dev`, `self.device`, `train_device` (not
# `device_type` or `device_str`, which name a kind of device in APIs that are CUDA-specific on purpose).
DEVICE_NAME = re.compile(r"(^|_)(device|dev)$", re.IGNORECASE)


def device_positions(tree: Tree, node: cst.CSTNode, aliases: ImportAliases) -> set[str]:
    """Dotted names used where a device goes (``.to(d)``, ``device=d``, ``map_location=d``,
    ``torch.device(d)``): a ``"cuda"`` assigned to one of them is a device, elsewhere maybe not."""
    found: set[str] = set()
    for call in tree.of_type(node, cst.Call):
        places = [kwarg(call, "device"), kwarg(call, "map_location")]
        is_to = isinstance(call.func, cst.Attribute) and call.func.attr.value == "to"
        if (is_to or aliases.qualify(call.func) == "torch.device") and positional(call):
            places.append(positional(call)[0])
        found.update(name for name in (dotted_name(p.value) for p in places if p is not None) if name)
    return found


def looks_like_device(value: cst.BaseExpression, aliases: ImportAliases) -> bool:
    """``torch.device(...)``, ``"cuda"``, ``"cpu"``, ``"cuda" if ... else "cpu"``."""
    if isinstance(value, cst.Call) and aliases.qualify(value.func) == "torch.device":
        return True
    strings = [value.body, value.orelse] if isinstance(value, cst.IfExp) else [value]
    return any(
        isinstance(s, cst.SimpleString) and str(s.evaluated_value).startswith(("cuda", "cpu")) for s in strings
    )


def module_device(module: cst.Module, aliases: ImportAliases) -> tuple[str | None, cst.CSTNode | None, int]:
    """The module's own device definition (``device = ...``, else a device value under a device-like
    name such as ``DEVICE``): its name, its statement and its position in the module."""
    found: list[tuple[str, cst.CSTNode, int]] = []
    for index, stmt in enumerate(module.body):
        if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
            continue
        small = stmt.body[0]
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
            name = small.targets[0].target.value
            if name == "device" or (DEVICE_NAME.search(name) and looks_like_device(small.value, aliases)):
                found.append((name, stmt, index))
    found.sort(key=lambda f: f[0] != "device")
    return found[0] if found else (None, None, 0)


def module_bound_names(tree: Tree, module: cst.Module) -> set[str]:
    """Names bound at the module's top level, in any statement there (not in functions or classes)."""
    bound: set[str] = set()
    for stmt in module.body:
        if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
            bound.add(stmt.name.value)
            continue
        bound |= assigned_names(tree, stmt)
        for inner in tree.of_type(stmt, (cst.FunctionDef, cst.ClassDef)):
            bound -= assigned_names(tree, inner.body)
    return bound


def bound_in(tree: Tree, function: cst.FunctionDef | cst.Lambda) -> set[str]:
    """The names a function binds: its parameters and what its body assigns."""
    params = function.params
    names = {p.name.value for p in (*params.params, *params.kwonly_params, *params.posonly_params)}
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            names.add(star.name.value)
    return names | assigned_names(tree, function.body)


def _index_in(module: cst.Module, top: cst.CSTNode) -> int:
    for index, stmt in enumerate(module.body):
        if stmt is top:
            return index
    return len(module.body)


class ModuleDevice:
    """The module's one device (its own definition, else ``device`` added after the imports) and
    the places that may use it."""

    def __init__(self, tree: Tree, aliases: ImportAliases, definition: Callable[[], cst.SimpleStatementLine]) -> None:
        """``definition()`` is the statement to add when the module has no device of its own."""
        self._tree = tree
        self._module = tree.root
        assert isinstance(self._module, cst.Module)
        found, self._defined, self._index = module_device(self._module, aliases)
        self.name = found or "device"
        self._definition = definition
        self._module_names: set[str] | None = None
        self._function_names: dict[int, set[str]] = {}

    def edits_at(self, node: cst.CSTNode) -> dict[cst.CSTNode, Replacement] | None:
        """The edits (none, or the added definition) that let code at ``node`` read the device by
        :attr:`name`; None where it cannot: a local name shadows it, module-level code runs before
        the definition, or the module binds ``device`` to something else."""
        functions = [a for a in self._tree.ancestors(node) if isinstance(a, (cst.FunctionDef, cst.Lambda))]
        if any(self.name in self._bound_in(f) for f in functions):
            return None
        if self._defined is not None:
            top = [node, *self._tree.ancestors(node)][-2]  # the module-level statement around node
            runs_before = not functions and _index_in(self._module, top) < self._index
            return None if runs_before else {}
        if self._module_names is None:
            self._module_names = module_bound_names(self._tree, self._module)
        edits = after_imports(self._module, [self._definition()])
        return edits if edits and self.name not in self._module_names else None

    def _bound_in(self, function: cst.FunctionDef | cst.Lambda) -> set[str]:
        if id(function) not in self._function_names:
            self._function_names[id(function)] = bound_in(self._tree, function)
        return self._function_names[id(function)]
