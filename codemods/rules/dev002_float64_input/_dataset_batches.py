"""Float64 batches: a ``DataLoader`` over a ``Dataset`` of this file whose items are float64.

The default collate turns float64 NumPy items (and ``torch.from_numpy`` of them) into float64
batch tensors. An item's dtype is read from ``__getitem__``'s ``return``: NumPy data made in the
method, or ``self.<attr>`` (sliced) where ``__init__`` sets it once, from NumPy data made there or
from a parameter, whose argument at the construction (``Windows(series[:32], 6)``) is read in the
constructing function, through local helpers that return NumPy data (``series =
load_prices(text)``).
"""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst
import libcst.matchers as m

from codemods.core.dataflow import linear_statements
from codemods.core.names import dotted_name
from codemods.core.syntax import single_target
from codemods.core.tree import Tree
from codemods.rules.dev002_float64_input._numpy_dtypes import FLOAT64, UNKNOWN, NumpyDtypes

_UNWRAPPING = frozenset({"enumerate", "iter", "tqdm", "tqdm.tqdm"})


class DatasetBatches:
    """Which loop targets of a file are float64 batches of a local dataset."""

    def __init__(self, tree: Tree, dtypes: NumpyDtypes) -> None:
        self.tree, self.dtypes = tree, dtypes
        self.classes = {c.name.value: c for c in tree.of_type(tree.root, cst.ClassDef)}
        self.functions = {
            f.name.value: f for f in (s for s in tree.root.body if isinstance(s, cst.FunctionDef))
        }
        self._depth = 0

    def float64_targets(self, loop: cst.For) -> set[str]:
        """The names ``loop`` binds to float64 batch tensors (``x`` in ``for x, y in loader``)."""
        source: cst.BaseExpression = loop.iter
        target: cst.BaseExpression = loop.target
        while isinstance(source, cst.Call) and dotted_name(source.func) in _UNWRAPPING and source.args:
            if dotted_name(source.func) == "enumerate":
                if not (isinstance(target, cst.Tuple) and len(target.elements) == 2):
                    return set()
                target = target.elements[1].value
            source = source.args[0].value
        scope = self._scope(loop)
        loader = self._bound_once(scope, source) if isinstance(source, cst.Name) else None
        if not (isinstance(loader, cst.Call) and (dotted_name(loader.func) or "").endswith("DataLoader")):
            return set()
        if not loader.args or loader.args[0].keyword is not None:
            return set()
        if any(a.keyword is not None and a.keyword.value == "collate_fn" for a in loader.args):
            return set()
        dataset: cst.BaseExpression | None = loader.args[0].value
        if isinstance(dataset, cst.Name):
            dataset = self._bound_once(scope, dataset)
        if not isinstance(dataset, cst.Call) or not isinstance(dataset.func, cst.Name):
            return set()
        items = self.item_dtypes(dataset, scope)
        if isinstance(target, cst.Name):
            return {target.value} if items == [FLOAT64] else set()
        if isinstance(target, cst.Tuple) and len(target.elements) == len(items):
            return {
                e.value.value
                for e, dtype in zip(target.elements, items)
                if isinstance(e.value, cst.Name) and dtype == FLOAT64
            }
        return set()

    def item_dtypes(self, construction: cst.Call, caller: cst.CSTNode) -> list[str]:
        """The dtypes of the items ``Cls(...)`` gives, one per element of the returned tuple."""
        cls = self.classes.get(cst.ensure_type(construction.func, cst.Name).value)
        methods = {f.name.value: f for f in cls.body.body if isinstance(f, cst.FunctionDef)} if cls else {}
        getitem, init = methods.get("__getitem__"), methods.get("__init__")
        if getitem is None or init is None:
            return []
        returns = [r.value for r in self.tree.of_type(getitem, cst.Return) if r.value is not None]
        if len(returns) != 1:
            return []
        parts = returns[0].elements if isinstance(returns[0], cst.Tuple) else None
        values = [e.value for e in parts] if parts is not None else [returns[0]]
        arrays = self.arrays(_statements(getitem))
        return [self._item(v, arrays, init, construction, caller) for v in values]

    def _item(
        self,
        value: cst.BaseExpression,
        arrays: dict[str, str],
        init: cst.FunctionDef,
        construction: cst.Call,
        caller: cst.CSTNode,
    ) -> str:
        if isinstance(value, cst.Call) and dotted_name(value.func) in ("torch.from_numpy", "from_numpy"):
            value = value.args[0].value if value.args else value
        root = value
        while isinstance(root, cst.Subscript):
            root = root.value
        if not m.matches(root, m.Attribute(value=m.Name("self"))):
            return self.dtypes.of(value, arrays)
        attr = cst.ensure_type(root, cst.Attribute).attr.value
        sets = [
            a.value
            for a in self.tree.of_type(init, cst.Assign)
            for t in a.targets
            if m.matches(t.target, m.Attribute(value=m.Name("self"), attr=m.Name(attr)))
        ]
        if len(sets) != 1:
            return UNKNOWN
        source = sets[0]
        params = [p.name.value for p in init.params.params][1:]
        if isinstance(source, cst.Name) and source.value in params:
            arg = _argument(construction, params, source.value)
            return UNKNOWN if arg is None else self.dtypes.of(arg, self.arrays(self._body(caller)))
        return self.dtypes.of(source, self.arrays(_statements(init)))

    def arrays(self, statements: Sequence[cst.BaseStatement]) -> dict[str, str]:
        """The NumPy names of a block and their dtypes, read in order (helpers' returns included)."""
        arrays: dict[str, str] = {}
        for small in linear_statements(statements):
            target = single_target(small)
            if target is None or not isinstance(small, cst.Assign):
                continue
            arrays.pop(target, None)
            dtype = self.of(small.value, arrays)
            if dtype != UNKNOWN:
                arrays[target] = dtype
        return arrays

    def of(self, value: cst.BaseExpression, arrays: dict[str, str]) -> str:
        """``NumpyDtypes.of``, and a local helper's result: float64 when every ``return`` is."""
        if (
            isinstance(value, cst.Call)
            and isinstance(value.func, cst.Name)
            and value.func.value in self.functions
            and self._depth < 3
        ):
            function = self.functions[value.func.value]
            self._depth += 1
            try:
                inner = self.arrays(_statements(function))
                returns = [r.value for r in self.tree.of_type(function, cst.Return)]
                dtypes = {self.dtypes.of(r, inner) if r is not None else UNKNOWN for r in returns}
            finally:
                self._depth -= 1
            return FLOAT64 if dtypes == {FLOAT64} else UNKNOWN
        return self.dtypes.of(value, arrays)

    def _scope(self, node: cst.CSTNode) -> cst.CSTNode:
        return next((a for a in self.tree.ancestors(node) if isinstance(a, cst.FunctionDef)), self.tree.root)

    def _body(self, scope: cst.CSTNode) -> Sequence[cst.BaseStatement]:
        if isinstance(scope, cst.FunctionDef) and isinstance(scope.body, cst.IndentedBlock):
            return scope.body.body
        return scope.body if isinstance(scope, cst.Module) else []

    def _bound_once(self, scope: cst.CSTNode, name: cst.Name) -> cst.BaseExpression | None:
        values = [
            a.value
            for a in self.tree.of_type(scope, cst.Assign)
            for t in a.targets
            if name.value in {n.value for n in self.tree.of_type(t.target, cst.Name)}
        ]
        target = self._target_of(values[0]) if len(values) == 1 else None
        return values[0] if target is not None and m.matches(target, m.Name(name.value)) else None

    def _target_of(self, value: cst.BaseExpression) -> cst.BaseExpression | None:
        assign = self.tree.parent(value)
        return (
            assign.targets[0].target if isinstance(assign, cst.Assign) and len(assign.targets) == 1 else None
        )


def _statements(function: cst.FunctionDef) -> Sequence[cst.BaseStatement]:
    return function.body.body if isinstance(function.body, cst.IndentedBlock) else []


def _argument(call: cst.Call, params: list[str], name: str) -> cst.BaseExpression | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg.value
    positional = [a for a in call.args if a.keyword is None and not a.star]
    index = params.index(name)
    return positional[index].value if index < len(positional) else None
