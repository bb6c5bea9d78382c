"""The legacy constructor calls DEV009 meets, each to its modern spelling or to a reason it has none.

:mod:`codemods.analysis.legacy_constructors` decides data against size for ``torch.FloatTensor(...)`` and its
kin. Here come the two other ways code calls them: ``torch.Tensor(...)``, which makes the default
dtype (float32 unless the program changed it), and a name bound to a legacy type
(:mod:`codemods.rules.dev009_legacy_tensor_api._legacy_type_aliases`), whose device is the alias's
(``"cuda" if cuda else "cpu"``).
"""

from __future__ import annotations

import libcst as cst

from codemods.analysis.legacy_constructors import (
    argument_kinds,
    as_tensor_of,
    legacy_constructor_rewrite,
    legacy_dtype,
)
from codemods.core.names import ImportAliases
from codemods.core.syntax import code_of, kwarg, with_arg_value, without_args
from codemods.core.tree import Tree
from codemods.rules.dev009_legacy_tensor_api._legacy_type_aliases import LegacyAlias

UNCLEAR = (
    ": cannot tell data from a size here; use `torch.tensor(data, dtype=...)` or"
    " `torch.empty(size, dtype=...)`"
)


def constructor_call(
    tree: Tree, aliases: ImportAliases, call: cst.Call, qualified: str, alias: LegacyAlias | None
) -> tuple[str, cst.Call | None]:
    """The message for the legacy constructor ``call`` (of ``qualified``, or through ``alias``) and
    its exact modern spelling, or None when the source does not say what the call makes."""
    message = f"legacy constructor {alias.spelled if alias else f'`{qualified}`'}"
    if alias is not None:
        qualified = alias.qualified
        if alias.conditional and alias.device is None:
            return message + UNCLEAR.split(";")[
                0
            ] + "; its device is chosen by a condition that may read differently here", None
    device = alias.device if alias is not None and alias.conditional else None
    legacy = "torch.FloatTensor" if qualified == "torch.Tensor" else qualified
    sizes, data = argument_kinds(tree, call, aliases)  # as DEV003 and DEV004 decide: one behaviour
    fixed = legacy_constructor_rewrite(call, legacy, aliases, sizes, device, data)
    if fixed is None and alias is None:
        fixed = _array_rewrite(call, qualified, aliases)
        if fixed is not None:
            return (
                message + " of an array (`x.reshape(...)`, `np.where(c)[1]`): `torch.as_tensor(...)` makes"
                " the same tensor, sharing the array's memory where the legacy call did",
                fixed,
            )
    if fixed is None:
        return message + UNCLEAR, None
    if qualified == "torch.Tensor":
        fixed = _default_dtype(tree, aliases, fixed)
        message += " (the default dtype)"
    factory = "torch.tensor" if code_of(fixed.func).endswith("tensor") else "torch.empty"
    return message + f"; use `{factory}(...)`", fixed


def _array_rewrite(call: cst.Call, qualified: str, aliases: ImportAliases) -> cst.Call | None:
    """``torch.FloatTensor(state.reshape(1, -1))`` -> ``torch.as_tensor(state.reshape(1, -1),
    dtype=torch.float32)`` where the one argument is an array whatever its receiver is (see
    :func:`_is_array`): never an int, so never a size. ``as_tensor`` shares a NumPy array's memory when
    the dtype matches and copies otherwise, as the legacy call does, and fails on the same arrays
    (negative strides); on a tensor of the same dtype it gives that (fresh) tensor instead of an alias of
    it, and one of another dtype it converts where the legacy call raised."""
    dtype = legacy_dtype(qualified)
    if dtype is None and qualified != "torch.Tensor":
        return None
    if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
        return None
    value = call.args[0].value
    if not _is_array(value, aliases, floating=dtype is None or dtype.startswith(("float", "bfloat"))):
        return None
    cuda = cst.SimpleString('"cuda"') if qualified.startswith("torch.cuda.") else None
    fixed = as_tensor_of(value, qualified, aliases, cuda)
    return fixed.with_changes(lpar=call.lpar, rpar=call.rpar) if fixed is not None else None


# Methods whose result is an array (a NumPy array, or a tensor) whatever the receiver: on a NumPy scalar
# too (`np.float64(1).reshape(1)` is an array); on a list or a number they raise, as the legacy call then
# did on most of them.
_ARRAY_METHODS = frozenset({"reshape", "flatten", "ravel"})
_FLOAT_DTYPES = frozenset(
    {"float", "numpy.float32", "numpy.float64", "numpy.float16", "numpy.single", "numpy.double"}
)


def _is_array(value: cst.BaseExpression, aliases: ImportAliases, floating: bool) -> bool:
    """``value`` is an array by its own expression: ``x.reshape(...)`` (with a shape), ``x.flatten()``,
    ``x.ravel()``, ``x.astype(np.float32)`` for a floating constructor (a NumPy scalar's ``astype``
    stays a scalar, which a float constructor rejects as it always did, while an integer one would read
    it as a size), and ``np.where(c)[i]`` (an array of indices)."""
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute):
        method = value.func.attr.value
        if aliases.qualify(value.func) is not None:
            return False  # `np.reshape(...)` and other module functions: `is_data` decides those
        if method == "reshape":
            return bool(value.args)
        if method in _ARRAY_METHODS:
            return True
        if method == "astype" and floating and len(value.args) == 1:
            target = value.args[0].value
            spelled = aliases.qualify(target) or (target.value if isinstance(target, cst.Name) else None)
            if isinstance(target, cst.SimpleString):
                spelled = "numpy." + target.raw_value
            return spelled in _FLOAT_DTYPES
        return False
    if isinstance(value, cst.Subscript) and len(value.slice) == 1:
        index = value.slice[0].slice
        where = value.value
        return (
            isinstance(index, cst.Index)
            and isinstance(index.value, cst.Integer)
            and isinstance(where, cst.Call)
            and aliases.qualify(where.func) == "numpy.where"
            and len(where.args) == 1
        )
    return False


def _default_dtype(tree: Tree, aliases: ImportAliases, fixed: cst.Call) -> cst.Call:
    """``torch.Tensor`` makes the default dtype: so does ``torch.empty``, and ``torch.tensor`` of
    float literals; other data gets ``dtype=torch.get_default_dtype()``."""
    dtype = kwarg(fixed, "dtype")
    assert dtype is not None
    data = fixed.args[0].value
    if code_of(fixed.func).endswith("empty") or (
        tree.of_type(data, cst.Float) and not tree.of_type(data, (cst.Name, cst.Attribute, cst.Call))
    ):
        return without_args(fixed, [dtype])
    return with_arg_value(fixed, dtype, cst.Call(aliases.expr_for("torch.get_default_dtype")))
