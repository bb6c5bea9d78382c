"""The legacy constructor calls DEV009 meets, each to its modern spelling or to a reason it has none.

:mod:`codemods.analysis.legacy_constructors` decides data against size for ``torch.FloatTensor(...)`` and its
kin. Here come the two other ways code calls them: ``torch.Tensor(...)``, which makes the default
dtype (float32 unless the program changed it), and a name bound to a legacy type
(:mod:`codemods.rules.dev009_legacy_tensor_api._legacy_type_aliases`), whose device is the alias's
(``"cuda" if cuda else "cpu"``).
"""

from __future__ import annotations

import libcst as cst

from codemods.analysis.legacy_constructors import argument_kinds, legacy_constructor_rewrite
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
    if fixed is None:
        return message + UNCLEAR, None
    if qualified == "torch.Tensor":
        fixed = _default_dtype(tree, aliases, fixed)
        message += " (the default dtype)"
    factory = "torch.tensor" if code_of(fixed.func).endswith("tensor") else "torch.empty"
    return message + f"; use `{factory}(...)`", fixed


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
