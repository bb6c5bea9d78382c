"""Whether a tensor made on the host is moved to a device afterwards.

``torch.zeros(n).to(device)``, ``Variable(torch.zeros(n)).cuda()``, ``t.type(x.data.type())`` (the
type string of a tensor names its device), ``h = torch.zeros(n)`` followed
by ``if use_cuda: h = h.cuda()``, a helper's result moved where it is called
(``self._mask(n).to(device)``) and a tensor handed to a local function that moves its argument
(``cuda_variable(torch.zeros(n))``), or to one from elsewhere whose name says it moves it
(``to_var(torch.randn(n))``) all end up on a device: they are a host-then-move question
(DEV010), not a tensor left behind on the CPU (DEV003). A value is followed through tensor methods,
arithmetic, ``torch`` functions, ``Variable``, assignments to a name and ``return``; anything else
(an argument to a model, an attribute) stops it.
"""

from __future__ import annotations

import re

import libcst as cst

from codemods.analysis.tensor_climb import GO_ON, GoOn, TensorClimb
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import code_of
from codemods.core.torch_names import as_move, moves_device, named_a_mover
from codemods.core.tree import Tree

# An `if` about the device: code under it already chooses where its tensors go.
_DEVICE_TEST = re.compile(r"cuda|gpu|is_available", re.IGNORECASE)


class MovedValues(TensorClimb[bool]):
    """Answers "does this value reach a device?" for one file."""

    carries_operands = True
    max_depth = 8

    def __init__(self, tree: Tree, aliases: ImportAliases) -> None:
        super().__init__(tree)
        self.aliases = aliases
        self.movers = _movers(tree)
        self.functions = {f.name.value for f in tree.of_type(tree.root, cst.FunctionDef)}
        # Answers of _name_moved and _result_moved by (id of the statement, depth). Without them a name
        # assigned again and again (`x = self.conv(x)` down a `forward`) was followed from each
        # assignment to every later one, at every depth: 0.08 s of a 13 ms parse (timm's
        # non_local_attn.py). The statements are the tree's, which keeps them alive.
        self._answers: dict[tuple[int, int], bool] = {}
        self._calls: dict[str | None, list[cst.Call]] | None = None  # see _result_moved_now
        self._names: dict[
            int, dict[str | None, list[tuple[int, cst.Name | cst.Attribute]]]
        ] = {}  # see _names_in

    def is_moved(self, node: cst.BaseExpression, depth: int = 0) -> bool:
        """Does the value of ``node`` reach a ``.to(device)``/``.cuda()``/``.type_as(t)``?"""
        return bool(self.climb(node, depth))

    def method(self, call: cst.Call, name: str) -> bool | GoOn | None:
        move = as_move(call)
        if name == "type_as" or (move is not None and moves_device(move, self.aliases)):
            return True
        if name == "type" and len(call.args) == 1 and _type_string_of_a_tensor(call.args[0].value):
            return True  # `.type(x.data.type())`: `"torch.cuda.FloatTensor"` on a GPU, x's device
        return GO_ON

    def argument(self, call: cst.Call, arg: cst.Arg) -> bool | GoOn | None:
        qualified = self.aliases.qualify(call.func) or ""
        if call.args[0] is arg and self._mover(call, qualified):
            return True
        return GO_ON if qualified.startswith("torch.") else None

    def bound(self, assign: cst.Assign, depth: int) -> bool:
        return self._name_moved(assign, depth)

    def returned(self, ret: cst.Return, depth: int) -> bool:
        return self._result_moved(ret, depth)

    def _mover(self, call: cst.Call, qualified: str) -> bool:
        """A function of this file that moves its first argument, or one from elsewhere whose name
        says it does (``to_var(x)``, ``utils.cuda(x, flag)``)."""
        called = dotted_name(call.func)
        if called is None or called in self.movers:
            return called is not None
        local = called.removeprefix("self.") in self.functions
        return not local and not qualified.startswith("torch.") and named_a_mover(called)

    def in_device_branch(self, node: cst.CSTNode) -> bool:
        """Is ``node`` under an ``if``/``else`` that tests for a GPU (``if use_cuda:``)?"""
        return any(
            isinstance(above, cst.If) and _DEVICE_TEST.search(code_of(above.test))
            for above in self.tree.ancestors(node)
        )

    def _name_moved(self, assign: cst.Assign, depth: int) -> bool:
        """``h = <value>``: is ``h`` moved by a later statement of the same function?"""
        key = (id(assign), depth)
        if key not in self._answers:
            self._answers[key] = self._name_moved_now(assign, depth)
        return self._answers[key]

    def _name_moved_now(self, assign: cst.Assign, depth: int) -> bool:
        targets = {dotted_name(t.target) for t in assign.targets} - {None}
        scope = next(
            (a for a in self.tree.ancestors(assign) if isinstance(a, cst.FunctionDef)), self.tree.root
        )
        start = self.tree.position(assign)
        if start is None:
            return False
        names = self._names_in(scope)
        # Every read of a target after the assignment (and in its value), in source order.
        later = sorted(entry for target in targets for entry in names.get(target, ()) if entry[0] > start)
        for _, node in later:
            if not isinstance(self.tree.parent(node), cst.AssignTarget) and self.is_moved(node, depth + 1):
                return True
        return False

    def _names_in(self, scope: cst.CSTNode) -> dict[str | None, list[tuple[int, cst.Name | cst.Attribute]]]:
        """The names and dotted attributes under ``scope`` by their spelling, with their positions, in
        source order: one pass per scope, where each assignment asked about looked at every node after
        it (a function that assigns ``x`` again and again was walked once per assignment and depth)."""
        known = self._names.get(id(scope))
        if known is None:
            known = self._names[id(scope)] = {}
            for node in self.tree.of_type(scope, (cst.Name, cst.Attribute)):
                position = self.tree.position(node)
                if position is not None:
                    known.setdefault(dotted_name(node), []).append((position, node))
        return known

    def _result_moved(self, ret: cst.Return, depth: int) -> bool:
        """``return <value>``: is the result moved where the function is called?"""
        key = (id(ret), depth)
        if key not in self._answers:
            self._answers[key] = self._result_moved_now(ret, depth)
        return self._answers[key]

    def _result_moved_now(self, ret: cst.Return, depth: int) -> bool:
        function = next((a for a in self.tree.ancestors(ret) if isinstance(a, cst.FunctionDef)), None)
        if function is None:
            return False
        name = function.name.value
        if self._calls is None:  # the module's calls by what they call: one pass, not one per `return`
            self._calls = {}
            for call in self.tree.of_type(self.tree.root, cst.Call):
                self._calls.setdefault(dotted_name(call.func), []).append(call)
        calls = [*self._calls.get(name, ()), *self._calls.get(f"self.{name}", ())]
        if len(calls) > len(self._calls.get(name, ())):  # both spellings: back into source order
            calls.sort(key=lambda call: self.tree.position(call) or 0)
        return any(self.is_moved(call, depth + 1) for call in calls)


def _movers(tree: Tree) -> set[str]:
    """Local functions (and methods, as ``self.name``) that move their first argument to a device."""
    found: set[str] = set()
    for function in tree.of_type(tree.root, cst.FunctionDef):
        params = [*function.params.posonly_params, *function.params.params]
        is_method = bool(params) and params[0].name.value == "self"
        params = params[1:] if is_method else params
        if not params:
            continue
        first = params[0].name.value
        for call in tree.of_type(function.body, cst.Call):
            move = as_move(call)
            if move is not None and dotted_name(move.subject) == first:
                found.add(f"self.{function.name.value}" if is_method else function.name.value)
                break
    return found


def _type_string_of_a_tensor(node: cst.BaseExpression) -> bool:
    """``x.type()`` or ``x.data.type()``: a tensor's type string, which names its device
    (``"torch.cuda.FloatTensor"``), so ``.type()`` of it moves a tensor there as ``type_as`` does."""
    return (
        isinstance(node, cst.Call)
        and not node.args
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value == "type"
    )
