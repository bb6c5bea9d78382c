"""How a loop's batch arrives, and where its values go: the data-flow questions DEV001 asks.

A batch arrives in the names a ``for`` header binds (``for i, (x, y) in enumerate(loader)``), in
those ``next(it)`` binds in a ``while`` loop, and in the names it is then unpacked into
(``x, y = batch``, ``ids = batch["input_ids"]``). Its values keep their device through the methods
that return the same data (``x.float()``, ``x.view(-1)``, ``Variable(x)``), and need host memory
where NumPy, Matplotlib and the like read them.
"""

from __future__ import annotations

from typing import Sequence

import libcst as cst

from codemods.dataflow import assigned_names, names_in
from codemods.names import dotted_name
from codemods.syntax import kwarg
from codemods.torch_names import as_move
from codemods.tree import Tree

# Tensor methods that return the same data on the same device (so `x = x.float()` is still the batch).
_SAME_DEVICE_METHODS = frozenset(
    "float double half bfloat16 long int short bool byte view view_as reshape reshape_as unsqueeze squeeze"
    " permute transpose t contiguous flatten clone detach requires_grad_ expand expand_as repeat narrow"
    " index_select type_as abs log exp sqrt".split()
)


_VARIABLE = frozenset({"torch.autograd.Variable", "torch.autograd.variable.Variable"})


# Libraries that want data in host memory.
_HOST_LIBRARIES = ("numpy.", "matplotlib.", "sklearn.", "scipy.", "pandas.", "PIL.", "cv2.")


def flatten_names(target: cst.BaseExpression) -> list[str]:
    if isinstance(target, cst.Name):
        return [] if target.value == "_" else [target.value]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for e in target.elements for n in flatten_names(e.value)]
    return []


def loop_data(tree: Tree, loop: cst.For | cst.While, body: list[cst.BaseStatement]
) -> tuple[list[str], cst.BaseStatement | None, set[str]] | None:
    """The names a loop's batch arrives in, the statement after which they are all bound (None: the
    header itself), and the names the batches are drawn from."""
    anchor: cst.BaseStatement | None = None
    if isinstance(loop, cst.For):
        target = loop.target
        iterable = loop.iter
        if (
            isinstance(iterable, cst.Call)
            and dotted_name(iterable.func) == "enumerate"
            and isinstance(target, cst.Tuple)
            and len(target.elements) == 2
        ):
            target = target.elements[1].value  # the counter of enumerate() is no data
        names = flatten_names(target)
        sources = names_in(tree, iterable)
    else:
        fetched = _fetching_statement(tree, body)
        if fetched is None:
            return None
        anchor, names, sources = fetched
    # `x, y = batch` / `x = batch["x"]` right after: the batch arrives in those names.
    start = body.index(anchor) + 1 if anchor is not None else 0
    for stmt in body[start:]:
        unpacked = _unpacking(stmt, names)
        if unpacked is None:
            break
        source, new_names = unpacked
        if isinstance(stmt.body[0].targets[0].target, (cst.Tuple, cst.List)):  # type: ignore[attr-defined]
            names = [n for n in names if n != source]
        names = names + [n for n in new_names if n not in names]
        anchor = stmt
    return names, anchor, sources


def _fetching_statement(tree: Tree, body: list[cst.BaseStatement]) -> tuple[cst.BaseStatement, list[str], set[str]] | None:
    """In a ``while`` loop: the first statement that binds ``x, y = next(it)`` (also inside a
    ``try`` that restarts the iterator), the names, and the iterator's source names."""
    for stmt in body:
        names: list[str] = []
        sources: set[str] = set()
        for assign in tree.of_type(stmt, cst.Assign):
            value = assign.value
            if isinstance(value, cst.Call) and dotted_name(value.func) == "next" and value.args:
                for target in assign.targets:
                    names += [n for n in flatten_names(target.target) if n not in names]
                sources |= names_in(tree, value.args[0].value)
        if names:
            return stmt, names, sources
    return None


def _unpacking(stmt: cst.BaseStatement, names: list[str]) -> tuple[str, list[str]] | None:
    """``x, y = batch`` or ``x = batch["x"]`` / ``x = batch[0]`` for a batch name: (batch, new names)."""
    if not isinstance(stmt, cst.SimpleStatementLine) or len(stmt.body) != 1:
        return None
    small = stmt.body[0]
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1):
        return None
    target = small.targets[0].target
    value = small.value
    if isinstance(target, (cst.Tuple, cst.List)) and dotted_name(value) in names:
        return dotted_name(value), flatten_names(target)  # type: ignore[return-value]
    if isinstance(target, cst.Name) and isinstance(value, cst.Subscript):
        source = dotted_name(value.value)
        if source in names and is_item_of(value, source):
            return source, [target.value]
    return None


def is_item_of(node: cst.BaseExpression, name: str) -> bool:
    """``name["key"]`` or ``name[0]``: one value of a batch held in a dict, tuple or list."""
    return (
        isinstance(node, cst.Subscript)
        and dotted_name(node.value) == name
        and len(node.slice) == 1
        and isinstance(node.slice[0].slice, cst.Index)
        and isinstance(node.slice[0].slice.value, (cst.SimpleString, cst.Integer))
    )


def item_in(node: cst.BaseExpression, name: str, aliases) -> cst.Subscript | None:  # type: ignore[no-untyped-def]
    """``batch[1]`` in ``batch[1]``, ``batch[1].view(-1)`` or ``Variable(batch[1])``: the value of the
    batch an argument is made from, on the same device."""
    while not is_item_of(node, name):
        if isinstance(node, cst.Call) and aliases.qualify(node.func) in _VARIABLE and node.args:
            node = node.args[0].value
        elif aliases.is_method_call(node) and node.func.attr.value in _SAME_DEVICE_METHODS:  # type: ignore[attr-defined]
            node = node.func.value  # type: ignore[attr-defined]
        else:
            return None
    return node  # type: ignore[return-value]


def used_as_container(tree: Tree, name: str, body: Sequence[cst.BaseStatement]) -> bool:
    """Is ``name`` indexed with keys or constants, or asked for ``.items()``: a dict, list or tuple?"""
    for stmt in body:
        for node in tree.of_type(stmt, (cst.Subscript, cst.Attribute)):
            if isinstance(node, cst.Subscript) and is_item_of(node, name):
                return True
            if isinstance(node, cst.Attribute) and dotted_name(node.value) == name and node.attr.value in (
                "items", "keys", "values"
            ):
                return True
    return False


def passed_to(tree: Tree, name: str, body: Sequence[cst.BaseStatement], model: str) -> bool:
    """``model(batch)``: ``name`` itself (not one of its values) is an argument of the model."""
    return any(
        dotted_name(call.func) == model and any(not a.star and dotted_name(a.value) == name for a in call.args)
        for stmt in body
        for call in tree.of_type(stmt, cst.Call)
    )


def starred_into(tree: Tree, name: str, body: Sequence[cst.BaseStatement], model: str) -> str | None:
    """``model(**batch)`` -> "**", ``model(*batch)`` -> "*"."""
    for stmt in body:
        if name in assigned_names(tree, stmt):
            return None
        for call in tree.of_type(stmt, cst.Call):
            if dotted_name(call.func) == model:
                for arg in call.args:
                    if arg.star and dotted_name(arg.value) == name:
                        return arg.star
    return None


def data_root(node: cst.BaseExpression, aliases) -> str | None:  # type: ignore[no-untyped-def]
    """``x``, ``x[idx]``, ``x.view(-1).float()``, ``Variable(x)``: the name whose data this is, on
    the same device; None for anything else (``x.cpu()``, ``f(x)``)."""
    while True:
        if isinstance(node, cst.Subscript):
            node = node.value
        elif isinstance(node, cst.Call) and aliases.qualify(node.func) in _VARIABLE and node.args:
            node = node.args[0].value
        elif aliases.is_method_call(node) and node.func.attr.value in _SAME_DEVICE_METHODS:  # type: ignore[attr-defined]
            node = node.func.value  # type: ignore[attr-defined]
        else:
            return dotted_name(node)


def rebinding(tree: Tree, stmt: cst.CSTNode, name: str, aliases) -> str:  # type: ignore[no-untyped-def]
    """How ``stmt`` re-binds ``name``: "none", "same" (``x = Variable(x)``, ``x = x.float()``: the same
    data on the same device), "move" (``x = x.to(device)``), or "other"."""
    if name not in assigned_names(tree, stmt):
        return "none"
    kinds: set[str] = set()
    for node in tree.of_type(stmt, (cst.Assign, cst.AugAssign)):
        if isinstance(node, cst.AugAssign):
            kinds.add("same" if dotted_name(node.target) == name else "none")
            continue
        for target in node.targets:
            if name not in flatten_names(target.target):
                continue
            value: cst.BaseExpression | None = node.value
            if isinstance(target.target, (cst.Tuple, cst.List)):
                elements = target.target.elements
                position = next((i for i, e in enumerate(elements) if name in flatten_names(e.value)), None)
                value = (
                    node.value.elements[position].value
                    if position is not None
                    and isinstance(node.value, (cst.Tuple, cst.List))
                    and len(node.value.elements) == len(elements)
                    else None
                )
            if value is not None and any(as_move(c) is not None for c in tree.of_type(value, cst.Call)):
                kinds.add("move")
            elif value is not None and data_root(value, aliases) == name:
                kinds.add("same")
            else:
                kinds.add("other")
    bound_elsewhere = not kinds or any(
        isinstance(n, (cst.For, cst.AsName, cst.AnnAssign)) and name in assigned_names(tree, n) for n in tree.of_type(stmt, (cst.For, cst.AsName, cst.AnnAssign))
    )
    if bound_elsewhere or "other" in kinds:
        return "other"
    return "move" if "move" in kinds else "same"


def needs_cpu(tree: Tree, name: str, body: Sequence[cst.BaseStatement], aliases) -> bool:  # type: ignore[no-untyped-def]
    """Is ``name`` also used where data must be in host memory (``x.numpy()``, ``plt.imshow(x)``)?
    Then moving it at the top of the loop would break that use."""
    for stmt in body:
        for call in tree.of_type(stmt, cst.Call):
            func = call.func
            if isinstance(func, cst.Attribute) and func.attr.value == "numpy" and data_root(func.value, aliases) == name:
                return True
            qualified = aliases.qualify(func) or ""
            if qualified.startswith(_HOST_LIBRARIES) and any(data_root(a.value, aliases) == name for a in call.args):
                return True
    return False


def device_outputs(tree: Tree, stmt: cst.CSTNode, aliases) -> set[str]:  # type: ignore[no-untyped-def]
    """Names ``stmt`` binds to values computed from the model's output, minus those brought back to
    the host (``pred = model(x).argmax(1).cpu()``): those are meant to meet CPU data."""
    names = set(assigned_names(tree, stmt))
    for assign in tree.of_type(stmt, cst.Assign):
        chain = [c for c in tree.of_type(assign.value, cst.Call) if isinstance(c.func, cst.Attribute)]
        if any(c.func.attr.value in ("cpu", "numpy", "item", "tolist") for c in chain):  # type: ignore[attr-defined]
            for target in assign.targets:
                names -= set(flatten_names(target.target))
    return names


class DeviceCode:
    """Which local functions and classes move data to a device (a ``collate_fn``, a dataset), asked
    by name and answered once each: most files never ask."""

    def __init__(self, tree: Tree) -> None:
        self.tree = tree
        self.module = tree.root
        self._definitions: dict[str, list[cst.CSTNode]] | None = None
        self._answers: dict[str, bool] = {}
        self._loaders: bool | None = None

    def moves_data(self, name: str | None) -> bool:
        if name is None:
            return False
        if name not in self._answers:
            if self._definitions is None:
                self._definitions = {}
                for node in self.tree.of_type(self.module, (cst.FunctionDef, cst.ClassDef)):
                    self._definitions.setdefault(node.name.value, []).append(node)
            self._answers[name] = any(
                any(as_move(c) is not None or kwarg(c, "device") is not None for c in self.tree.of_type(node, cst.Call))
                for node in self._definitions.get(name, [])
            )
        return self._answers[name]

    def loaders_move_data(self) -> bool:
        """Does the file build loaders whose ``collate_fn`` or dataset moves data to the device?"""
        if self._loaders is None:
            collates = (kwarg(call, "collate_fn") for call in self.tree.of_type(self.module, cst.Call))
            self._loaders = any(c is not None and self.moves_data(dotted_name(c.value)) for c in collates) or any(
                any("Dataset" in (dotted_name(b.value) or "") for b in cls.bases) and self.moves_data(cls.name.value)
                for cls in self.tree.of_type(self.module, cst.ClassDef)
            )
        return self._loaders
