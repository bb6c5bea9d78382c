"""Does every use of a loss module stop, on today's PyTorch, before anything is computed from it?

An assignment such as ``loss_fn.size_average = False`` is ignored since PyTorch 0.4.1, so setting
``loss_fn.reduction`` instead changes what today's PyTorch computes. That change is invisible only
where no run on today's PyTorch gets past the loss: every call of the module is followed, in the same
block and unconditionally, by a read that raises on every run since 0.4 (``x.data[0]`` of a value
shown to be 0-dim, DEV011's safe case), or sits in a function of the file every call of which is
(followed to a depth of three). Then the only results the file has ever produced are its author's, on
PyTorch 0.4.0 and earlier, and the fix restores them. The file's own calls are taken as all of them,
as the file's other analyses of callers do; a ``try`` anywhere around a call or a crash (which might
catch the ``IndexError``) ends the proof.
"""

from __future__ import annotations

import libcst as cst

from codemods.analysis.scalars import Scalars
from codemods.core.local_functions import LocalFunctions
from codemods.core.names import ImportAliases
from codemods.core.syntax import code_of
from codemods.core.tree import Tree

# Between a crash and its statement: nodes that evaluate the crash whenever the statement runs.
_EVALUATED = (
    cst.Arg,
    cst.Call,
    cst.BinaryOperation,
    cst.UnaryOperation,
    cst.Element,
    cst.List,
    cst.Tuple,
    cst.Assign,
    cst.AugAssign,
    cst.Expr,
    cst.Return,
    cst.Attribute,
    cst.Subscript,
    cst.SubscriptElement,
    cst.Index,
)
_DEPTH = 3


class StoppedRuns:
    def __init__(self, tree: Tree, aliases: ImportAliases) -> None:
        self.tree = tree
        self.aliases = aliases
        self.scalars = Scalars(tree, aliases)
        self.functions = LocalFunctions(tree)

    def always_stopped(self, receiver: str) -> bool:
        """Every call ``receiver(...)`` in the file is followed by a crash (see the module docstring)."""
        calls = [c for c in self.tree.of_type(self.tree.root, cst.Call) if code_of(c.func) == receiver]
        uses = [
            n for n in self.tree.of_type(self.tree.root, (cst.Name, cst.Attribute)) if code_of(n) == receiver
        ]
        for use in uses:
            parent = self.tree.parent(use)
            if isinstance(parent, cst.Call) and parent.func is use or isinstance(parent, cst.AssignTarget):
                continue
            # `loss_fn.size_average = False`: an attribute set; any other use (`f(loss_fn)`,
            # `loss_fn.forward(x)`) may call it where the file does not show
            if isinstance(parent, cst.Attribute) and isinstance(self.tree.parent(parent), cst.AssignTarget):
                continue
            return False
        return bool(calls) and all(self._stopped_after(c, _DEPTH) for c in calls)

    def _stopped_after(self, call: cst.Call, depth: int) -> bool:
        statement = next(
            (a for a in self.tree.ancestors(call) if isinstance(a, cst.SimpleStatementLine)), None
        )
        if statement is None or any(isinstance(a, cst.Try) for a in self.tree.ancestors(call)):
            return False
        small = next(a for a in self.tree.ancestors(call) if self.tree.parent(a) is statement)
        # `total += loss_fn(...).data[0]`: the crash reads the call's own result.
        if any(any(n is call for n in self.tree.descendants(s.value)) for s in self._crashes(small)):
            return True
        block = self.tree.parent(statement)
        if isinstance(block, (cst.IndentedBlock, cst.Module)):
            later = list(block.body)[list(block.body).index(statement) + 1 :]
            for following in later:
                if not isinstance(following, cst.SimpleStatementLine):
                    break  # a condition or a loop: the crash may not run
                if any(
                    isinstance(s, (cst.Return, cst.Raise, cst.Continue, cst.Break)) for s in following.body
                ):
                    # (a crash in the `return` itself would do, but is rare)
                    break
                if any(self._crashes(s) for s in following.body):
                    return True
        function = next((a for a in self.tree.ancestors(call) if isinstance(a, cst.FunctionDef)), None)
        if function is None or depth == 0 or self.functions.enclosing_class(function) is not None:
            return False
        if function.decorators:
            return False  # a decorator may hand the function to code that calls it
        return self._always_stopped_function(function, depth - 1)

    def _always_stopped_function(self, function: cst.FunctionDef, depth: int) -> bool:
        name = function.name.value
        names = [n for n in self.tree.of_type(self.tree.root, cst.Name) if n.value == name]
        calls = []
        for node in names:
            parent = self.tree.parent(node)
            if parent is function:
                continue
            if not (isinstance(parent, cst.Call) and parent.func is node):
                return False  # handed on: its calls are not all shown
            calls.append(parent)
        return bool(calls) and all(self._stopped_after(c, depth) for c in calls)

    def _crashes(self, small: cst.CSTNode) -> list[cst.Subscript]:
        """The reads in ``small`` that raise on every run since PyTorch 0.4 and run whenever it does."""
        found = self.tree.of_type(small, cst.Subscript)
        return [s for s in found if self._crash(s) and self._evaluated(s, small)]

    def _crash(self, subscript: cst.Subscript) -> bool:
        value = subscript.value
        if not (
            isinstance(value, cst.Attribute) and value.attr.value == "data" and len(subscript.slice) == 1
        ):
            return False
        index = subscript.slice[0].slice
        return (
            isinstance(index, cst.Index)
            and isinstance(index.value, cst.Integer)
            and index.value.value == "0"
            and self.scalars.is_scalar(value.value)
        )

    def _evaluated(self, node: cst.CSTNode, small: cst.CSTNode) -> bool:
        for ancestor in self.tree.ancestors(node):
            if ancestor is small:
                return True
            if not isinstance(ancestor, _EVALUATED):
                return False
        return False
