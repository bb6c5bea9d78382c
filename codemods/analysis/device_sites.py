"""Where a module chooses its device, and where code may use that one device.

DEV007 writes one portable device per module: it reuses the module's own definition (``device =
...``, a device value under a device-like name such as ``DEVICE``, or one kept on the parsed
options, ``args.device = torch.device(...)``), and adds one after the imports only where no name of
the module or of the enclosing functions would shadow it. Code that already has a device of its own
uses that one instead: a function's ``device`` parameter, a ``device = torch.device(...)`` the
function chooses above, and ``self.device`` in the methods of a class whose ``__init__`` sets it.
:class:`ModuleDevice` answers, for one place in the code, which device it may use and which edits
bring the definition in.
"""

from __future__ import annotations

import re
from functools import cached_property

import libcst as cst

from codemods.core.base import Replacement
from codemods.core.dataflow import assigned_names
from codemods.core.name_bindings import binding_scope, bindings_in, is_label, parameter_names, shadowed_at
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import code_of, kwarg, positional
from codemods.core.tree import Tree
from codemods.fixes.inserts import after_imports, last_top_import
from codemods.fixes.portable_device import PortableDevice

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
        isinstance(s, cst.SimpleString) and str(s.evaluated_value).startswith(("cuda", "cpu"))
        for s in strings
    )


def module_device(module: cst.Module, aliases: ImportAliases) -> tuple[str | None, cst.CSTNode | None, int]:
    """The module's own device definition (``device = ...``, else a device value under a device-like
    name such as ``DEVICE``, else one kept on an object, ``args.device = torch.device(...)``): its
    name, its statement and its position in the module."""
    found: list[tuple[str, cst.CSTNode, int]] = []
    for index, stmt in enumerate(module.body):
        if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
            continue
        small = stmt.body[0]
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1):
            continue
        target = small.targets[0].target
        if isinstance(target, cst.Name):
            name = target.value
            # `device = 0`: a GPU index under the name (`.to(device)` would still need that GPU), not a
            # device the fixes may read.
            gpu_index = isinstance(small.value, cst.Integer) or (
                isinstance(small.value, cst.UnaryOperation)
                and isinstance(small.value.expression, cst.Integer)
            )
            if (name == "device" and not gpu_index) or (
                DEVICE_NAME.search(name) and looks_like_device(small.value, aliases)
            ):
                found.append((name, stmt, index))
        elif isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name):
            dotted = dotted_name(target)
            if dotted and DEVICE_NAME.search(target.attr.value) and looks_like_device(small.value, aliases):
                found.append((dotted, stmt, index))
    found.sort(key=lambda f: (f[0] != "device", "." in f[0]))
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


# Where a name can be bound apart from the module: functions, lambdas and comprehensions.
_SCOPES = (cst.FunctionDef, cst.Lambda, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)


def bound_in(tree: Tree, scope: cst.CSTNode) -> set[str]:
    """The names a function binds (its parameters and what its body assigns), or those a
    comprehension's ``for`` clauses bind."""
    if not isinstance(scope, (cst.FunctionDef, cst.Lambda)):
        return {
            n.value
            for clause in tree.of_type(scope, cst.CompFor)
            for n in tree.of_type(clause.target, cst.Name)
        }
    return parameter_names(scope) | assigned_names(tree, scope.body)


def _index_in(module: cst.Module, top: cst.CSTNode) -> int:
    for index, stmt in enumerate(module.body):
        if stmt is top:
            return index
    return len(module.body)


# The portable device as files write it (spaces removed, double quotes).
_PORTABLE_SPELLINGS = frozenset(
    {
        'torch.device("cuda"iftorch.cuda.is_available()else"cpu")',
        '"cuda"iftorch.cuda.is_available()else"cpu"',
        'torch.device("cuda")iftorch.cuda.is_available()elsetorch.device("cpu")',
        'torch.accelerator.current_accelerator()iftorch.accelerator.is_available()elsetorch.device("cpu")',
    }
)


class ModuleDevice:
    """The module's one device (its own definition, else ``device`` added after the imports) and
    the places that may use it."""

    def __init__(self, tree: Tree, aliases: ImportAliases, portable: PortableDevice) -> None:
        self._tree = tree
        self._module = tree.root
        assert isinstance(self._module, cst.Module)
        found, self._defined, self._index = module_device(self._module, aliases)
        self.name = found or "device"
        self._root = self.name.split(".")[0]  # `args` of `args.device`: what a local name may shadow
        self._aliases = aliases
        self._portable = portable
        self._added: dict[cst.CSTNode, Replacement] | None = None

    @cached_property
    def chosen_late(self) -> bool:
        """Does the file set CUDA_VISIBLE_DEVICES when it runs, with no device of its own?
        `torch.cuda.is_available()` initialises CUDA, after which that setting is ignored: such a file
        must not have its device chosen at import time."""
        return self._defined is None and _sets_visible_devices(self._tree, self._aliases)

    def is_portable(self) -> bool:
        """Is the device the fixes read the GPU wherever there is one (and the CPU elsewhere)? True for
        the definition the fixes add, and for a file's own written as one: ``torch.device("cuda" if
        torch.cuda.is_available() else "cpu")`` and its spellings (not ``"cuda" if args.cuda``: a flag
        may choose the CPU on a GPU machine)."""
        if self._defined is None:
            return True
        small = self._defined.body[0] if isinstance(self._defined, cst.SimpleStatementLine) else None
        if not isinstance(small, cst.Assign) or self._rebound():
            return False
        text = code_of(small.value)
        torch = self._portable.torch
        if torch and torch != "torch":  # `import torch as T`
            text = re.sub(rf"(?<![\w.]){re.escape(torch)}\.", "torch.", text)
        return re.sub(r"\s+", "", text).replace("'", '"') in _PORTABLE_SPELLINGS

    def rebound(self) -> bool:
        """Does the file define its own device and may bind that name again (:meth:`_rebound`)? A fix that
        reads the name may then read the CPU on a machine with a GPU: the finding says so."""
        return self._defined is not None and self._rebound()

    def _rebound(self) -> bool:
        """Does the file give the device's name another value than its definition: a second module-level
        binding (``device = torch.device("cpu")`` below it, or under an ``if``) or a function's
        ``global`` one? Code that reads the name may then read the CPU on a machine with a GPU. (A file
        that binds names through ``globals()``, ``exec`` or the module object has every fix unsafe:
        :mod:`codemods.core.dynamic_names`.)"""
        if "." in self.name:
            return False  # `args.device`: kept on an object, whose other writes are not tracked here
        return len(bindings_in(self._tree, self._module, self.name)) > 1 or self._declared_global()

    def _declared_global(self) -> bool:
        """Does a function declare the device's name ``global`` (and so may rebind the module's)?"""
        return any(
            name.name.value == self._root
            for declaration in self._tree.of_type(self._module, cst.Global)
            for name in declaration.names
        )

    def inline(self) -> cst.BaseExpression | None:
        """The portable device written out at the place that uses it, in a file that chooses its
        GPUs at run time (where no definition is added); else None."""
        return cst.parse_expression(self._portable.spelled(device_object=True)) if self.chosen_late else None

    def local_device(self, node: cst.CSTNode) -> cst.BaseExpression | None:
        """The device the code around ``node`` already has: a ``device`` parameter of an enclosing
        function (without a ``None`` default, which ``.to()`` would not take), a device the function
        chooses above ``node`` (:meth:`_chosen_here`), or ``self.device`` in a method (not
        ``__init__``) of a class whose ``__init__`` sets it; None when none."""
        for above in self._tree.ancestors(node):
            if isinstance(above, cst.Lambda):
                return None
            if not isinstance(above, cst.FunctionDef):
                continue
            for param in [*above.params.params, *above.params.kwonly_params]:
                default = param.default
                if DEVICE_NAME.fullmatch(param.name.value) and not (
                    isinstance(default, cst.Name) and default.value == "None"
                ):
                    return cst.Name(param.name.value)
            chosen = self._chosen_here(above, node)
            if chosen is not None:
                return cst.Name(chosen)
            if self._defined is None and isinstance(self._tree.parent(above), cst.Module):
                handed = self._handed_tensor(above, node)
                if handed is not None:
                    return cst.Attribute(cst.Name(handed), cst.Name("device"))
            cls = self._tree.parent(self._tree.parent(above))
            if isinstance(cls, cst.ClassDef) and above.name.value != "__init__":
                kept = self._kept_device(cls)
                if kept is not None:
                    return cst.parse_expression(kept)
            return None
        return None

    def _chosen_here(self, function: cst.FunctionDef, node: cst.CSTNode) -> str | None:
        """A device the function itself chooses before ``node``: ``device = torch.device(...)`` (or a
        ``"cuda"``/``"cpu"`` string, or a choice between them) as a statement of its body above the
        one holding ``node``, under a device-like name that every assignment in the function gives
        such a value. Code there reads that device; a module-level one would be shadowed anyway."""
        body = function.body.body if isinstance(function.body, cst.IndentedBlock) else ()
        holder = next(
            (a for a in [node, *self._tree.ancestors(node)] if self._tree.parent(a) is function.body), None
        )
        if holder is None:
            return None
        for statement in body:
            if statement is holder:
                return None
            small = statement.body[0] if isinstance(statement, cst.SimpleStatementLine) else None
            if not (isinstance(small, cst.Assign) and len(small.targets) == 1):
                continue
            target = small.targets[0].target
            if not (isinstance(target, cst.Name) and DEVICE_NAME.fullmatch(target.value)):
                continue
            bindings = bindings_in(self._tree, function, target.value)
            assigns = [self._tree.parent(b) for b in bindings]
            if all(
                isinstance(b, cst.AssignTarget)
                and isinstance(b.target, cst.Name)
                and isinstance(a, cst.Assign)
                and looks_like_device(a.value, self._aliases)
                for b, a in zip(bindings, assigns)
            ):
                return target.value
        return None

    def _handed_tensor(self, function: cst.FunctionDef, node: cst.CSTNode) -> str | None:
        """A library helper's tensor argument, for a tensor the helper makes at ``node``
        (``Variable(torch.LongTensor(length)).cuda()``, ``torch.zeros(n, device="cuda")``): the new
        tensor goes where the tensors it is handed are, not to a device the module adds. The first
        parameter the function reads as a tensor (``logits.size(-1)``, ``x.device``, ``x.dim()``) and
        that ``node`` does not read (``x.cuda()`` moves the argument itself: left to the module device)."""
        if (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute)
            and node.func.attr.value
            in (
                "cuda",
                "to",
            )
        ):
            if not isinstance(node.func.value, cst.Call):
                return None  # a name or an attribute: maybe the argument itself, moved
        read = {n.value for n in self._tree.of_type(node, cst.Name)}
        tensors = {
            a.value.value
            for a in self._tree.of_type(function.body, cst.Attribute)
            if isinstance(a.value, cst.Name)
            and (a.attr.value in _TENSOR_ONLY or (a.attr.value in _TENSOR_CALLS and _called(self._tree, a)))
        }
        for param in function.params.params:
            name = param.name.value
            if name in tensors and name not in read:
                return name
        return None

    def _kept_device(self, cls: cst.ClassDef) -> str | None:
        """``self.device`` when the class's ``__init__`` assigns it (a device, or a parameter)."""
        body = cls.body.body if isinstance(cls.body, cst.IndentedBlock) else []
        init = next((s for s in body if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"), None)
        if init is None:
            return None
        params = parameter_names(init)
        for assign in self._tree.of_type(init.body, cst.Assign):
            target = assign.targets[0].target if len(assign.targets) == 1 else None
            name = dotted_name(target) if target is not None else None
            if (
                name is not None
                and name.startswith("self.")
                and name.count(".") == 1
                and DEVICE_NAME.fullmatch(name[5:])
                and (dotted_name(assign.value) in params or looks_like_device(assign.value, self._aliases))
            ):
                return name
        return None

    def edits_at(self, node: cst.CSTNode) -> dict[cst.CSTNode, Replacement] | None:
        """The edits (none, or the added definition) that let code at ``node`` read the device by
        :attr:`name`; None where it cannot: a local name shadows it, module-level code runs before
        the definition, or no definition can be added (see :meth:`_definition`)."""
        # A function, class body, lambda or comprehension around `node` that binds the name (a walrus,
        # an import, `device = "cpu"` in a class body) hides the module's device from `node`.
        if shadowed_at(self._tree, node, self._root):
            return None
        scopes = [a for a in self._tree.ancestors(node) if isinstance(a, _SCOPES)]
        if self._defined is None:
            return self._definition() or None
        top = [node, *self._tree.ancestors(node)][-2]  # the module-level statement around node
        runs_before = (
            not any(isinstance(s, (cst.FunctionDef, cst.Lambda)) for s in scopes)
            and _index_in(self._module, top) < self._index
        )
        return None if runs_before else {}

    def _definition(self) -> dict[cst.CSTNode, Replacement]:
        """``device = ...`` after the opening imports; empty when the module binds ``device`` to
        something else, or when ``torch`` is not bound by an import above that place (imported
        under ``try:``, or further down)."""
        if self._added is None:
            self._added = {}
            if self.chosen_late:
                return self._added
            anchor = last_top_import(self._module)
            torch = (self._portable.torch or "").split(".")[0]
            above = self._module.body[: _index_in(self._module, anchor) + 1] if anchor is not None else []
            imported_above = set().union(*map(_imported_names, above))
            # No import line binds `torch`: it comes with a star import, which must be above too.
            starred = (
                not any(torch in _imported_names(s) for s in self._module.body) and "*" in imported_above
            )
            # Any module-level binding of the name (`from torch import device`, a walrus, a `def`), or a
            # function's `global` one, would clash with the added definition.
            taken = (
                self.name in module_bound_names(self._tree, self._module)
                or bindings_in(self._tree, self._module, self.name)
                or self._declared_global()
                or self._read_from_a_star_import()
            )
            if not taken and (torch in imported_above or starred):
                self._added = after_imports(self._module, [self._portable.definition(self.name)])
        return self._added

    def _read_from_a_star_import(self) -> bool:
        """Does the file read the device's name where no binding of it shows, beside a star import
        (``from config import *``, then ``torch.zeros(n, device=device)``)? The star import binds it
        then, maybe to the CPU on purpose: an added definition would take its place."""
        if not any("*" in _imported_names(s) for s in self._module.body):
            return False
        return any(
            binding_scope(self._tree, name, self.name) is self._tree.root
            for name in self._tree.of_type(self._tree.root, cst.Name)
            if name.value == self.name and _is_read(self._tree, name)
        )


def _is_read(tree: Tree, name: cst.Name) -> bool:
    """Is ``name`` a read of a variable: not an attribute's or a keyword's name, nor a parameter's?"""
    if is_label(tree, name):
        return False
    return not isinstance(
        tree.parent(name), (cst.Param, cst.FunctionDef, cst.ClassDef, cst.ImportAlias, cst.AsName)
    )


# A helper of the project's own that picks the GPUs when the program runs (YOLO's
# `utils.select_device(opt.device)`, st-gcn's `torchlight.visible_gpu(arg.device)` set
# CUDA_VISIBLE_DEVICES), not torch's `torch.cuda.set_device`.
_SELECTS_GPUS = re.compile(
    r"^(select|choose|pick|set|setup|assign|configure)_(gpus?|devices?|cuda)$"
    r"|^((set|use)_)?(cuda_)?visible_(gpus?|devices?)$"
)


# What only a tensor has (`x.device`, `x.is_cuda`), or calls as a method (`x.size(0)`, `x.dim()`;
# NumPy's `size` and `ndim` are attributes, not methods).
_TENSOR_ONLY = frozenset({"device", "is_cuda"})
_TENSOR_CALLS = frozenset(
    "size dim unsqueeze contiguous masked_fill new_zeros new_ones new_full new_empty new_tensor".split()
)


def _called(tree: Tree, attribute: cst.Attribute) -> bool:
    parent = tree.parent(attribute)
    return isinstance(parent, cst.Call) and parent.func is attribute


def _sets_visible_devices(tree: Tree, aliases: ImportAliases) -> bool:
    """``os.environ["CUDA_VISIBLE_DEVICES"] = ...``, ``os.environ.setdefault("CUDA_VISIBLE_DEVICES",
    ...)`` or ``os.putenv("CUDA_VISIBLE_DEVICES", ...)`` anywhere in the file, or a call of a helper
    named for choosing the GPUs (``select_device(opt.device)``, ``set_gpus(...)``) that is not torch's."""
    for node in tree.of_type(tree.root, (cst.AssignTarget, cst.Call)):
        if isinstance(node, cst.Call):
            called = dotted_name(node.func) or ""
            qualified = aliases.qualify(node.func) or called
            if _SELECTS_GPUS.match(called.rsplit(".", 1)[-1]) and not qualified.startswith("torch."):
                return True
        if isinstance(node, cst.AssignTarget):
            target = node.target
            keys = (
                [e.slice.value for e in target.slice if isinstance(e.slice, cst.Index)]
                if isinstance(target, cst.Subscript)
                else []
            )
        else:
            is_setter = isinstance(node.func, cst.Attribute) and node.func.attr.value in (
                "setdefault",
                "putenv",
            )
            keys = [node.args[0].value] if is_setter and node.args else []
        if any(isinstance(k, cst.SimpleString) and "CUDA_VISIBLE_DEVICES" in k.value for k in keys):
            return True
    return False


def _imported_names(statement: cst.CSTNode) -> set[str]:
    """The names an import line binds (``"*"`` stands for a star import's)."""
    names: set[str] = set()
    for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
        if isinstance(small, cst.ImportFrom) and isinstance(small.names, cst.ImportStar):
            names.add("*")
        elif isinstance(small, (cst.Import, cst.ImportFrom)) and not isinstance(small.names, cst.ImportStar):
            for alias in small.names:
                bound = alias.asname.name if alias.asname else alias.name
                names.add((dotted_name(bound) or "").split(".")[0])
    return names
