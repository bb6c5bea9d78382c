"""Which values of a loop go into a model, or meet what it computed.

A value is fed to a model when it is an argument of the model's call, or when it meets the
model's output (or anything computed from it on the device) in a call (``criterion(out, y)``,
``out.eq(y)``), an arithmetic operation (``out - y``) or a comparison (``pred == y``). Results brought
back to the host (``pred = model(x).argmax(1).cpu()``) are meant to meet CPU data, and calls that
only look at a value (``print``, ``len``) feed nothing. Sequence lengths (``lengths``, ``src_len``)
stay in host memory by convention: ``pack_padded_sequence`` wants them there.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import libcst as cst
import libcst.matchers as m

from codemods.analysis.batches import (
    Batch,
    bound_pairs,
    data_root,
    is_item_of,
    item_in,
    moved_names_statement,
    moved_values_statement,
    passed_to,
    rebinding,
    starred_into,
    under_guard,
    used_as_container,
    used_as_itself,
)
from codemods.analysis.model_moves import MovedModel, runs_model
from codemods.core.dataflow import assigned_names, names_in
from codemods.core.name_bindings import flatten_names
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import SuiteStatement, code_of, method_chain
from codemods.core.torch_names import Move, move_call
from codemods.core.tree import Tree

# Calls that only look at a value (logging, formatting): using a name there does not make it model data.
_INSPECTING_CALLS = frozenset({"print", "len", "str", "repr", "format", "isinstance", "type", "id"})
_INSPECTING_METHODS = frozenset(
    "format set_postfix set_description add_scalar add_scalars log info debug warning write".split()
)
_INSPECTING_METHOD = m.Attribute(attr=m.Name(m.MatchIfTrue(lambda name: name in _INSPECTING_METHODS)))
# Libraries that want data in host memory.
_NUMPY_METHOD = m.Attribute(attr=m.Name("numpy"))
_HOST_LIBRARIES = ("numpy.", "matplotlib.", "sklearn.", "scipy.", "pandas.", "PIL.", "cv2.")
_LENGTHS = re.compile(r"(^|_)(len|lens|length|lengths)(_|$)", re.IGNORECASE)
# Methods whose result is in host memory: a value computed with them no longer meets device data.
_TO_HOST = frozenset({"cpu", "numpy", "item", "tolist"})
_HOST_METHOD = m.Call(func=m.Attribute(attr=m.Name(m.MatchIfTrue(lambda name: name in _TO_HOST))))


class ModelInputs:
    """What ``body`` (a loop's statements) feeds ``model`` (the model's name as the loop spells it)."""

    def __init__(
        self, tree: Tree, aliases: ImportAliases, body: Sequence[SuiteStatement], model: str
    ) -> None:
        self.tree = tree
        self.aliases = aliases
        self.body = body
        self.model = model
        self._fed: list[tuple[SuiteStatement, list[cst.BaseExpression]]] | None = None

    def reaches(self, name: str, start: int = 0) -> bool:
        """Does ``name`` (unmoved, not re-bound to something else) go into the model or meet its output?"""
        for stmt, fed in self._statements()[start:]:
            if any(data_root(value, self.aliases) == name for value in fed):
                return True
            if rebinding(self.tree, stmt, name, self.aliases) in ("move", "other"):
                return False  # moved by the code itself, or re-bound to a value that is not ours
        return False

    def items(self, names: list[str]) -> list[cst.Subscript]:
        """``batch["input_ids"]``, ``batch[0]`` fed to the model, directly or through a name they are
        bound to (``real = batch[0]``): moved where they are read, since the batch's other values may
        be meant for the CPU."""
        found: list[cst.Subscript] = []
        for name in names:
            if any(name in assigned_names(self.tree, stmt) for stmt in self.body):
                continue
            for index, (stmt, fed) in enumerate(self._statements()):
                found += [i for i in (item_in(value, name, self.aliases) for value in fed) if i is not None]
                for alias, item in _items_bound(stmt, name):
                    if self.reaches(alias, index + 1) and not self.needs_cpu(alias):
                        found.append(item)
        return list({id(item): item for item in found}.values())

    def needs_cpu(self, name: str) -> bool:
        return used_on_host(self.tree, self.aliases, name, self.body)

    def _statements(self) -> list[tuple[SuiteStatement, list[cst.BaseExpression]]]:
        """Each statement of the body with the values it feeds the model (computed once)."""
        if self._fed is None:
            outputs: set[str] = set()
            self._fed = []
            for stmt in self.body:
                self._fed.append((stmt, list(self._fed_by(stmt, outputs))))
                if self._calls_model(stmt) or names_in(self.tree, stmt) & outputs:
                    outputs |= self._device_outputs(stmt)
        return self._fed

    def _fed_by(self, stmt: cst.CSTNode, outputs: set[str]) -> Iterator[cst.BaseExpression]:
        for call in self.tree.of_type(stmt, cst.Call):
            func = dotted_name(call.func)
            if func in _INSPECTING_CALLS or m.matches(call.func, _INSPECTING_METHOD):
                continue
            args = [a.value for a in call.args if not a.star]
            receiver = call.func.value if isinstance(call.func, cst.Attribute) else None
            if (
                runs_model(func, self.model)
                or any(self._is_output(a, outputs) for a in args)
                or (receiver is not None and self._is_output(receiver, outputs))
            ):
                yield from args
        for operation in self.tree.of_type(stmt, (cst.BinaryOperation, cst.Comparison)):
            if isinstance(operation, cst.BinaryOperation):
                sides = [operation.left, operation.right]
            else:
                sides = [operation.left, *(c.comparator for c in operation.comparisons)]
            if any(self._is_output(side, outputs) for side in sides):
                yield from sides

    def _is_output(self, node: cst.BaseExpression, outputs: set[str]) -> bool:
        """``model(x)``, ``out``, ``model(x).argmax(1)``: computed on the device, not brought back."""
        chain = method_chain(node, self.aliases)
        if any(m.matches(link, _HOST_METHOD) for link in chain[1:]):
            return False
        root = chain[0]
        if isinstance(root, cst.Call) and runs_model(dotted_name(root.func), self.model):
            return True
        return data_root(root, self.aliases) in outputs

    def _calls_model(self, stmt: cst.CSTNode) -> bool:
        return any(runs_model(dotted_name(c.func), self.model) for c in self.tree.of_type(stmt, cst.Call))

    def _device_outputs(self, stmt: cst.CSTNode) -> set[str]:
        """Names ``stmt`` binds to values computed on the device, minus those brought back to the host."""
        names = set(assigned_names(self.tree, stmt))
        for node in self.tree.of_type(stmt, (cst.Assign, cst.AugAssign)):
            calls = self.tree.of_type(node.value, cst.Call)
            if any(m.matches(c, _HOST_METHOD) for c in calls):
                targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
                names -= {n for t in targets for n in flatten_names(t)}
        return names


def is_lengths(name: str) -> bool:
    """``lengths``, ``src_len``, ``length_tensor``: sequence lengths, kept in host memory on purpose."""
    return bool(_LENGTHS.search(name))


def used_on_host(tree: Tree, aliases: ImportAliases, name: str, nodes: Sequence[cst.CSTNode]) -> bool:
    """Is ``name`` used in ``nodes`` where data must be in host memory (``x.numpy()``,
    ``plt.imshow(x)``)? Then moving it to the device would break that use."""
    for node in nodes:
        for call in tree.of_type(node, cst.Call):
            func = call.func
            numpy_of = cst.ensure_type(func, cst.Attribute).value if m.matches(func, _NUMPY_METHOD) else None
            if numpy_of is not None and data_root(numpy_of, aliases) == name:
                return True
            if (aliases.qualify(func) or "").startswith(_HOST_LIBRARIES) and any(
                data_root(a.value, aliases) == name for a in call.args
            ):
                return True
    return False


def _items_bound(stmt: SuiteStatement, name: str) -> Iterator[tuple[str, cst.Subscript]]:
    """``real = batch[0]``, ``x, y = batch[0], batch[1]``: each name bound to an item of ``name``."""
    for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ():
        if isinstance(small, cst.Assign) and len(small.targets) == 1:
            for target, value in bound_pairs(small.targets[0].target, small.value):
                if is_item_of(value, name):
                    yield target.value, value


@dataclass(frozen=True)
class LoopInputs:
    """What of a loop's batch reaches a model, by how it is to be moved."""

    tensors: list[str]  # plain names: moved right after the batch arrives
    starred: dict[str, str]  # passed as `*batch` / `**batch`: their tensor values are moved
    passed_whole: list[str]  # a list or dict passed whole: which values are tensors is unknown
    items: list[cst.Subscript]  # values read from a dict, tuple or list batch: moved where read
    on_host: str | None  # a name among tensors and starred that is also used in host memory

    def named(self) -> list[str]:
        items = [code_of(i) for i in self.items]
        return list(dict.fromkeys(self.tensors + list(self.starred) + self.passed_whole + items))

    def why_not_moved(
        self, tree: Tree, batch: Batch, torch: str | None, guard: cst.BaseExpression | None
    ) -> str:
        """Why moving these values could break the program (empty when it cannot). Under a ``guard``,
        values read where they are used cannot be moved: only statements can be put under it."""
        if self.passed_whole:
            return f"`{self.passed_whole[0]}` is passed whole; which of its values are tensors is unknown"
        if self.on_host:
            return f"`{self.on_host}` is also used in host memory"
        if self.starred and torch is None:
            return "`torch` is not imported by name"
        for name, star in self.starred.items():
            # The move binds the name to a new dict (list) of the moved values: a write into the batch
            # would no longer reach the object the loop drew, and a dict subclass's or a tensor's own
            # attributes would be gone.
            itself = used_as_itself(tree, name, batch.rest)
            if itself is not None:
                made = "dict" if star == "**" else "list"
                return (
                    f"`{code_of(itself)}` uses the batch itself, which a new {made} of its moved values"
                    " would change"
                )
        if guard is not None and self.items:
            return "it is moved only under a condition"
        place = batch.moved_here([])[0]
        if (self.tensors or self.starred) and any(
            i in tree.of_type(place, cst.Subscript) for i in self.items
        ):
            return "the edits would overlap"
        return ""

    def moves(
        self, tree: Tree, batch: Batch, move: Move, torch: str | None, guard: cst.BaseExpression | None
    ) -> dict[cst.CSTNode, cst.CSTNode | cst.FlattenSentinel]:
        """The edits that move these values, each the way its shape needs (see :class:`LoopInputs`),
        under the model's ``guard`` when it has one."""
        lines: list[cst.BaseStatement] = [moved_names_statement(self.tensors, move)] if self.tensors else []
        taken = names_in(tree, move.device) if move.device is not None else set()
        if self.starred:
            assert torch is not None  # why_not_moved has made sure
            lines += [moved_values_statement(n, star, move, torch, taken) for n, star in self.starred.items()]
        if lines and guard is not None:
            lines = [under_guard(lines, guard)]
        edits: dict[cst.CSTNode, cst.CSTNode | cst.FlattenSentinel] = {
            item: move_call(item, move) for item in self.items
        }
        if lines:
            place, replacement = batch.moved_here(lines)
            edits[place] = replacement
        return edits


def first_fed(
    tree: Tree,
    aliases: ImportAliases,
    batch: Batch,
    models: Sequence[MovedModel],
    skip: Callable[[str], bool],
) -> tuple[MovedModel, LoopInputs] | None:
    """The first of ``models`` (not ``skip``ped) that ``batch`` reaches, and how it reaches it."""
    for model in models:
        # (a Python value the loop draws, `0.5` of `ys = [0.5, 1.0]`, meets the output as it is)
        names = [n for n in batch.names if n not in batch.plain]
        found = loop_inputs(tree, aliases, batch.rest, names, model.name)
        if found.named() and not skip(model.name):
            return model, found
    return None


def loop_inputs(
    tree: Tree, aliases: ImportAliases, body: Sequence[SuiteStatement], names: list[str], model: str
) -> LoopInputs:
    """How each of ``names`` (a batch arriving before ``body``) reaches ``model`` in ``body``. A name
    indexed by keys or positions is a dict, tuple or list, whose values are moved where they are
    read; a plain name is a tensor."""
    inputs = ModelInputs(tree, aliases, body, model)
    containers = [n for n in names if used_as_container(tree, n, body)]
    starred = {n: star for n in names if (star := starred_into(tree, n, body, model))}
    tensors = [
        n
        for n in names
        if n not in containers and n not in starred and not is_lengths(n) and inputs.reaches(n)
    ]
    # A container re-bound in the loop (`batch = to_cuda(batch)`) holds what that call made of it.
    unstarred = [
        n for n in containers if n not in starred and not any(n in assigned_names(tree, s) for s in body)
    ]
    passed_whole = [n for n in unstarred if passed_to(tree, n, body, model)]
    on_host = next((n for n in tensors + list(starred) if inputs.needs_cpu(n)), None)
    return LoopInputs(tensors, starred, passed_whole, inputs.items(unstarred), on_host)
