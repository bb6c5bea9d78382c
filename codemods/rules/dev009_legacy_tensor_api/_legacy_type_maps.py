"""Dictionaries of legacy tensor types, looked up and called: ``numpy_type_map[name](values)``.

PyTorch 0.3's ``default_collate``, copied into many repositories, maps NumPy dtype names to legacy
constructors, ``numpy_type_map = {"float64": torch.DoubleTensor, ...}``, and calls the one a batch's
dtype names on a list of its numbers, ``numpy_type_map[elem.dtype.name](list(map(py_type, batch)))``.
A legacy constructor of a list makes a tensor of its values; so does ``torch.tensor(values,
dtype=...)`` given the dtype the type stands for. Where the dictionary is a module-level display of
CPU legacy types bound once, and every use of it is such a call of data, the values become the dtypes
(``"float64": torch.float64``) and each call ``torch.tensor(values, dtype=numpy_type_map[name])``.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from codemods.analysis.legacy_constructors import is_data, is_fresh_data, legacy_dtype
from codemods.core.name_bindings import binding_counts
from codemods.core.names import ImportAliases
from codemods.core.syntax import positional, with_kwarg
from codemods.core.tree import Tree

# The types `legacy_dtype` does not name (rare outside such maps): PyTorch 0.3's collate lists them all.
_SMALL_INTEGERS = {"torch.ShortTensor": "int16", "torch.CharTensor": "int8"}


@dataclass(frozen=True)
class TypeMap:
    """A dictionary of legacy types that can become one of dtypes, with the calls of it to rewrite."""

    name: str
    values: dict[cst.CSTNode, cst.BaseExpression]  # each legacy type, and the dtype it stands for
    calls: dict[cst.Call, cst.Call]  # each `name[key](data)`, and `torch.tensor(data, dtype=name[key])`


def legacy_type_maps(tree: Tree, aliases: ImportAliases) -> list[TypeMap]:
    """The module-level dictionaries of legacy CPU types whose every use is a call of data."""
    found: list[TypeMap] = []
    counts = binding_counts(tree)
    module = tree.root
    if not isinstance(module, cst.Module):
        return found
    for statement in module.body:
        if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
            continue
        assign = statement.body[0]
        if not (
            isinstance(assign, cst.Assign)
            and len(assign.targets) == 1
            and isinstance(target := assign.targets[0].target, cst.Name)
            and isinstance(assign.value, cst.Dict)
            and assign.value.elements
            and counts.get(target.value) == 1
        ):
            continue
        values = _dtypes(assign.value, aliases)
        if values is None:
            continue
        calls = _calls(tree, aliases, target)
        if calls:
            found.append(TypeMap(target.value, values, calls))
    return found


def _dtypes(display: cst.Dict, aliases: ImportAliases) -> dict[cst.CSTNode, cst.BaseExpression] | None:
    values: dict[cst.CSTNode, cst.BaseExpression] = {}
    for element in display.elements:
        if not isinstance(element, cst.DictElement):
            return None  # `**other`: what it holds, the display does not say
        qualified = aliases.qualify(element.value) or ""
        dtype = legacy_dtype(qualified) or _SMALL_INTEGERS.get(qualified)
        if dtype is None or not qualified.startswith("torch.") or qualified.startswith("torch.cuda."):
            return None
        values[element.value] = aliases.expr_for(f"torch.{dtype}", f"torch.{dtype}")
    return values


def _calls(tree: Tree, aliases: ImportAliases, target: cst.Name) -> dict[cst.Call, cst.Call] | None:
    """``name[key](data)`` for every read of ``name``; None if one is anything else."""
    calls: dict[cst.Call, cst.Call] = {}
    for read in tree.of_type(tree.root, cst.Name):
        if read.value != target.value or read is target:
            continue
        lookup = tree.parent(read)
        call = tree.parent(lookup)
        if not (
            isinstance(lookup, cst.Subscript)
            and lookup.value is read
            and isinstance(call, cst.Call)
            and call.func is lookup
            and len(call.args) == 1
            and len(positional(call)) == 1
            and is_data(call.args[0].value, aliases)
        ):
            return None
        # `torch.as_tensor` where the legacy type shared an existing array's memory (see is_fresh_data).
        factory = "torch.tensor" if is_fresh_data(call.args[0].value, aliases) else "torch.as_tensor"
        tensor = cst.Call(
            func=aliases.expr_for(factory, factory),
            args=[cst.Arg(call.args[0].value)],
            lpar=call.lpar,
            rpar=call.rpar,
        )
        calls[call] = with_kwarg(tensor, "dtype", lookup)
    return calls
