"""How a float64 producer fed to a float32 model becomes float32 (DEV002's fixes).

Each producer gets the smallest cast that makes its output float32: ``.double()`` becomes
``.float()``, a ``dtype=torch.float64`` argument becomes ``torch.float32``, NumPy data gets
``.float()`` after ``torch.from_numpy`` or ``dtype=torch.float32`` in ``torch.tensor``. Nothing is
cast when a later link of the same chain already picks a dtype.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet

import libcst as cst

from codemods.core.names import ImportAliases
from codemods.core.syntax import kwarg, method_chain, positional, with_arg_value, with_kwarg
from codemods.core.torch_names import FACTORIES, FLOAT64_DTYPES, picks_dtype
from codemods.core.tree import Tree
from codemods.rules.dev002_float64_input._float_models import float_consuming_models
from codemods.rules.dev002_float64_input._numpy_dtypes import FLOAT64, UNKNOWN, NumpyDtypes


def may_cast(call: cst.Call, aliases: ImportAliases) -> bool:
    """Whether ``call`` is a float64 producer that :meth:`Float32Casts.fix_for` may cast: the tests it
    makes of the call alone (``fix_for`` answers None for every other call, whatever feeds it)."""
    func = call.func
    if isinstance(func, cst.Attribute) and func.attr.value == "double" and not call.args:
        return True
    if isinstance(func, cst.Attribute) and func.attr.value in ("to", "type"):
        return any(aliases.qualify(a.value) in FLOAT64_DTYPES for a in call.args if a.star == "")
    qualified = aliases.qualify(func)
    if qualified in FACTORIES and (dtype := kwarg(call, "dtype")) is not None:
        if aliases.qualify(dtype.value) in FLOAT64_DTYPES:
            return True
    return qualified in ("torch.from_numpy", "torch.tensor", "torch.as_tensor") and bool(call.args)


class Float32Casts:
    """The fixes for one file: its imports, its NumPy arrays' dtypes, its models that take floats."""

    def __init__(
        self, tree: Tree, aliases: ImportAliases, dtypes: NumpyDtypes, models: AbstractSet[str]
    ) -> None:
        self.tree = tree
        self.aliases = aliases
        self.dtypes = dtypes
        self.models = models
        self._float_models: set[str] | None = None

    def float_models(self) -> set[str]:
        """The models whose first layer takes floats (:func:`float_consuming_models`): a module-wide
        analysis, built for the first fix that asks."""
        if self._float_models is None:
            self._float_models = float_consuming_models(self.tree, self.models, self.aliases)
        return self._float_models

    def _is_float64(self, node: cst.BaseExpression) -> bool:
        return self.aliases.qualify(node) in FLOAT64_DTYPES

    def _float32(self) -> cst.BaseExpression:
        """``torch.float32`` as the module spells it: parsed only for a fix that writes it (this is asked
        of every call that feeds a model, and most are no float64 producer)."""
        return self.aliases.expr_for("torch.float32", "torch.float32")

    def fix_for(
        self, call: cst.Call, whole: cst.BaseExpression, arrays: dict[str, str], model: str
    ) -> tuple[str, cst.BaseExpression | None] | None:
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value == "double" and not call.args:
            if self._chain_picks_dtype(whole, call):
                return None
            return (
                "`.double()` makes a float64 input for a float32 model; use `.float()`",
                call.with_changes(func=func.with_changes(attr=cst.Name("float"))),
            )
        if isinstance(func, cst.Attribute) and func.attr.value in ("to", "type"):
            dtype_arg = kwarg(call, "dtype") or next(
                (a for a in positional(call) if self._is_float64(a.value)), None
            )
            if dtype_arg is not None and self._is_float64(dtype_arg.value):
                return (
                    "float64 input for a float32 model; convert to `torch.float32`",
                    with_arg_value(call, dtype_arg, self._float32()),
                )
            return None
        qualified = self.aliases.qualify(func)
        dtype = kwarg(call, "dtype")
        if qualified in FACTORIES and dtype is not None and self._is_float64(dtype.value):
            return (
                "float64 tensor created for a float32 model; use `dtype=torch.float32`",
                with_arg_value(call, "dtype", self._float32()),
            )
        if qualified == "torch.from_numpy" and call.args and not self._chain_picks_dtype(whole, call):
            made_float = cst.Call(func=cst.Attribute(value=call, attr=cst.Name("float")))
            array = self.dtypes.of(call.args[0].value, arrays)
            if array == FLOAT64:
                return (
                    "NumPy data is float64; `torch.from_numpy` keeps that; add `.float()` for the model",
                    made_float,
                )
            if array == UNKNOWN:
                # Any dtype but float32 fails in a float32 layer; `.float()` is right for all of them,
                # but only when the model's first layer takes floats (an embedding takes indices).
                message = (
                    f"`torch.from_numpy` keeps the array's dtype (float64 unless made float32) into `{model}`"
                )
                return (message + "; add `.float()`", made_float) if model in self.float_models() else None
            return None
        if (
            qualified in ("torch.tensor", "torch.as_tensor")
            and dtype is None
            and call.args
            and self.dtypes.of(call.args[0].value, arrays) == FLOAT64
            and not self._chain_picks_dtype(whole, call)
        ):
            return (
                "NumPy data is float64; give the tensor `dtype=torch.float32` for the model",
                with_kwarg(call, "dtype", self._float32()),
            )
        return None

    def _chain_picks_dtype(self, whole: cst.BaseExpression, inner: cst.Call) -> bool:
        """True if a later link of the chain already picks a dtype (``.float()``, ``.to(torch.float32)``)."""
        chain = method_chain(whole, self.aliases)
        return picks_dtype(chain[chain.index(inner) + 1 :] if inner in chain else [], self.aliases)
