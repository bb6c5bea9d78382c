"""Data that the file's own code puts on the device before (or when) a model gets it.

A loop's batches are on the device already when they are drawn from tensors that were moved or
created there (``data = torch.randn(16, 4).to(device)``), or from a loader whose ``collate_fn`` or
dataset (a class of the file) moves them. A model whose ``forward`` moves its own inputs
(``x = x.to(self.fc.weight.device)``) takes CPU data. Local helpers (``to_var(x)``,
``collate(samples)``) are judged by reading their definitions in the file.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterable, Mapping, Sequence
from heapq import heappop, heappush

import libcst as cst

from codemods.analysis.batches import data_root
from codemods.analysis.device_sites import bound_in
from codemods.analysis.moved_models import Block
from codemods.analysis.nn_modules import methods
from codemods.core.dataflow import Step, assigned_names
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import called_method, kwarg, method_chain
from codemods.core.torch_names import as_move
from codemods.core.tree import Tree

# What the callers of a function pass for each of its parameters (see MovedModels.arguments_passed).
Passed = Mapping[str, Sequence[Sequence[str]]]
# Names that hold a loader of batches (not tensors): `train_loader`, `batches`, `data_iter`, `dataset`.
# Methods that bring a tensor back to the host (or out of torch).
_TO_HOST = frozenset({"cpu", "numpy", "item", "tolist"})
_LOADER_NAME = re.compile(r"loader|batches|iterator|(^|_)iter$|dataset|(^|_)ds$", re.IGNORECASE)


class MovedData:
    """Which definitions of a file move data to a device, asked by name and answered once each
    (most files never ask)."""

    def __init__(self, tree: Tree, aliases: ImportAliases) -> None:
        self.tree = tree
        self.aliases = aliases
        self._definitions: dict[str, list[cst.CSTNode]] | None = None
        self._answers: dict[str, bool] = {}
        self._loaders: bool | None = None
        self._forwards: set[str] | None = None
        self._host_forwards: set[str] | None = None
        self._assignments: dict[
            int, tuple[Sequence[Step], list[tuple[cst.Assign, set[str]]], dict[str, list[int]]]
        ] = {}

    def moves_data(self, name: str | None) -> bool:
        """Does the function or class ``name`` of this file move data (``.to(...)``, ``device=``)? A
        method called on ``self`` (``self.create_labels``) is read where the file defines it."""
        if name is None:
            return False
        if name.startswith("self.") and name.count(".") == 1:
            name = name[len("self.") :]
        if name not in self._answers:
            if self._definitions is None:
                self._definitions = {}
                for node in self.tree.of_type(self.tree.root, (cst.FunctionDef, cst.ClassDef)):
                    self._definitions.setdefault(node.name.value, []).append(node)
            self._answers[name] = any(self._mentions_move(node) for node in self._definitions.get(name, []))
        return self._answers[name]

    def loaders_move_data(self) -> bool:
        """Does the file build loaders whose ``collate_fn`` or dataset moves data to the device?"""
        if self._loaders is None:
            root = self.tree.root
            collates = (kwarg(call, "collate_fn") for call in self.tree.of_type(root, cst.Call))
            self._loaders = any(
                c is not None and self.moves_data(dotted_name(c.value)) for c in collates
            ) or any(
                any("Dataset" in (dotted_name(b.value) or "") for b in cls.bases)
                and self.moves_data(cls.name.value)
                for cls in self.tree.of_type(root, cst.ClassDef)
            )
        return self._loaders

    def forward_moves_inputs(self, model: str) -> bool:
        """Does the model named ``model`` move its inputs in ``forward``? When its class is not known,
        any class of the file that does so might be it."""
        if self._forwards is None:
            self._forwards = self._classes_where(self._forward_moves)
        return self._may_be_one_of(model, self._forwards)

    def forward_brings_back(self, model: str) -> bool:
        """Does the model named ``model`` bring (part of) its output back to the host in ``forward``
        (``Normal(mean.cpu(), sigma)``)? When its class is not known, any class of the file that does
        so might be it."""
        if self._host_forwards is None:
            self._host_forwards = self._classes_where(self._forward_brings_back)
        return self._may_be_one_of(model, self._host_forwards)

    def _classes_where(self, test: Callable[[cst.ClassDef], bool]) -> set[str]:
        return {cls.name.value for cls in self.tree.of_type(self.tree.root, cst.ClassDef) if test(cls)}

    def _may_be_one_of(self, model: str, classes: set[str]) -> bool:
        """May the model named ``model`` be an instance of one of ``classes``? Any may be, when the
        file does not show which class it is built from."""
        if not classes:
            return False
        built = self._classes_built_as(model)
        return not built or bool(built & classes)

    def drawn_from_device(
        self, source: cst.BaseExpression, block: Block, module: Block, passed: Passed
    ) -> bool:
        """May batches drawn from ``source`` (a loop's iterable in ``block``) be on the device already:
        made from tensors that were moved or created there, by a loader whose ``collate_fn`` or dataset
        moves them, or handed in by a caller? ``passed``: what the callers pass for each parameter."""
        return bool(self.drawn_from(source, block, module, passed))

    def drawn_from(self, source: cst.BaseExpression, block: Block, module: Block, passed: Passed) -> str:
        """:meth:`drawn_from_device`, saying why: "device" (made there, or moved by the loader),
        "caller" (tensors handed in, which may be anywhere), or "" (the host, as far as the code shows)."""
        if self._puts_on_device(source):
            return "device"
        data = set(_data_names(self.tree, source))
        for steps in (block.steps, module.steps if block is not module else []):
            data, on_device = self._traced(data, steps)
            if on_device:
                return "device"
        if data and self.loaders_move_data():
            return "device"
        # Values handed in by a caller may be anything: only a loader's batches are the caller's CPU data.
        params = bound_in(self.tree, block.function) if block.function is not None else set()
        handed_in = [name for name in data if name.split(".")[0] in params]
        by_caller = bool(handed_in) and not any(
            _is_loader(name)
            or (bool(passed.get(name)) and all(any(map(_is_loader, arg)) for arg in passed[name]))
            for name in handed_in
        )
        return "caller" if by_caller else ""

    def moved_in_enclosing_loop(self, source: cst.BaseExpression, loop: cst.For | cst.While) -> bool:
        """Does a loop around ``loop`` bind a name its iterable draws from to a value put on the device,
        above it (``a = label.long().to(device)``, then ``for action in a.unique():``)? The function's
        own statements are :meth:`drawn_from`'s; these are the enclosing loops' (the last binding of a
        name above the loop decides)."""
        # every name read at the root of the iterable, the tensor a method is called on included
        data = {
            node.value
            for node in self.tree.of_type(source, cst.Name)
            if not (isinstance(parent := self.tree.parent(node), cst.Attribute) and parent.attr is node)
        }
        if not data:
            return False
        below: cst.CSTNode = loop
        for above in self.tree.ancestors(loop):
            if isinstance(above, (cst.FunctionDef, cst.ClassDef, cst.Module)):
                return False
            if isinstance(above, cst.IndentedBlock) and isinstance(
                self.tree.parent(above), (cst.For, cst.While)
            ):
                on_device: dict[str, bool] = {}
                for stmt in above.body:
                    if stmt is below:
                        break
                    for assign in self.tree.of_type(stmt, cst.Assign):
                        for name in data & assigned_names(self.tree, assign):
                            on_device[name] = self._puts_on_device(assign.value)
                if any(on_device.values()):
                    return True
            below = above
        return False

    def _traced(self, data: set[str], steps: Sequence[Step]) -> tuple[set[str], bool]:
        """Walks ``steps`` back from the loop through the assignments that ``data`` names come from:
        the names not bound there, and whether any of those assignments puts its value on the device.

        Later assignments read earlier ones, so they are followed last first, each once the names it
        binds are among those followed. Only the assignments that bind such a name are visited (an
        index by name, merged in order): every loop of a block walks the module's steps back, and
        reading them all made a large generated module quadratic."""
        assignments, binders = self._assignments_of(steps)
        assigned: set[str] = set()
        roots: set[str] = set()
        pending: list[tuple[int, str]] = []  # (position in `assignments`, a followed name it binds)

        def follow(names: Iterable[str], after: int) -> None:
            for root in {n.split(".")[0] for n in names} - roots:
                roots.add(root)
                places = binders.get(root, ())
                at = bisect_right(places, after)
                if at < len(places):
                    heappush(pending, (places[at], root))

        follow(data, -1)
        last = -1
        while pending:
            position, root = heappop(pending)
            places = binders[root]
            at = bisect_right(places, position)
            if at < len(places):
                heappush(pending, (places[at], root))
            if position <= last:
                continue  # reached again through another of its names
            last = position
            node, names = assignments[position]
            assigned |= {n for n in data if n.split(".")[0] in names}
            more = _data_names(self.tree, node.value)
            data.update(more)
            follow(more, position)
            if self._puts_on_device(node.value):
                return data, True
        return {n for n in data if n not in assigned}, False

    def _assignments_of(
        self, steps: Sequence[Step]
    ) -> tuple[list[tuple[cst.Assign, set[str]]], dict[str, list[int]]]:
        """The assignments among ``steps``, last first, with the names each binds, and for each name
        where (in that list) it is bound; once per list of steps. The entry keeps ``steps`` alive, so
        its id names it."""
        entry = self._assignments.get(id(steps))
        if entry is None or entry[0] is not steps:
            found = [
                (step.node, assigned_names(self.tree, step.node))
                for step in reversed(steps)
                if isinstance(step.node, cst.Assign)
            ]
            binders: dict[str, list[int]] = {}
            for position, (_, names) in enumerate(found):
                for name in names:
                    binders.setdefault(name, []).append(position)
            entry = self._assignments[id(steps)] = (steps, found, binders)
        return entry[1], entry[2]

    def _puts_on_device(self, node: cst.CSTNode) -> bool:
        for call in self.tree.of_type(node, cst.Call):
            if as_move(call) is not None or kwarg(call, "device") is not None:
                return True
            if self.moves_data(dotted_name(call.func)):
                return True
            collate = kwarg(call, "collate_fn")
            if collate is not None and (
                self.moves_data(dotted_name(collate.value)) or self._puts_on_device(collate.value)
            ):
                return True
        return False

    def _mentions_move(self, node: cst.CSTNode) -> bool:
        return any(
            as_move(c) is not None or kwarg(c, "device") is not None
            for c in self.tree.of_type(node, cst.Call)
        )

    def _forward_moves(self, cls: cst.ClassDef) -> bool:
        forward = methods(cls).get("forward")
        if forward is None:
            return False
        inputs = {p.name.value for p in forward.params.params[1:]}
        return any(
            (move := as_move(call)) is not None and data_root(move.subject, self.aliases) in inputs
            for call in self.tree.of_type(forward.body, cst.Call)
        )

    def _forward_brings_back(self, cls: cst.ClassDef) -> bool:
        forward = methods(cls).get("forward")
        return forward is not None and any(
            called_method(call) in _TO_HOST for call in self.tree.of_type(forward.body, cst.Call)
        )

    def _classes_built_as(self, model: str) -> set[str]:
        """The local classes whose instances are assigned to ``model`` anywhere (``model = Net(...)``)."""
        built: set[str] = set()
        for assign in self.tree.of_type(self.tree.root, cst.Assign):
            if any(dotted_name(t.target) == model for t in assign.targets):
                root = method_chain(assign.value, self.aliases)[0]
                if isinstance(root, cst.Call) and isinstance(root.func, cst.Name):
                    built.add(root.func.value)
        return built


def _data_names(tree: Tree, source: cst.BaseExpression) -> list[str]:
    """The dotted names a loop's iterable draws data from: ``loader`` and ``self.views`` in
    ``enumerate(zip(loader, self.views))``, not the functions it calls."""
    called = {id(c.func) for c in tree.of_type(source, cst.Call)}
    return [
        name
        for node in tree.of_type(source, (cst.Name, cst.Attribute))
        if id(node) not in called
        and (name := dotted_name(node)) is not None
        and not isinstance(tree.parent(node), cst.Attribute)
    ]


def _is_loader(name: str) -> bool:
    return bool(_LOADER_NAME.search(name.split(".")[-1]))
