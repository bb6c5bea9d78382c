"""The legacy typed constructors (``torch.FloatTensor(...)``, ``torch.cuda.LongTensor(...)``) and their
modern spelling, decided once for every rule that rewrites them.

A legacy constructor reads its arguments by what they are: a list or tuple is data, ints are a size,
a tensor is aliased, a NumPy array is copied. Read from the source alone, a single argument is data
when it is a literal list, tuple or comprehension, a size when it provably is an int or a
``torch.Size`` (an int literal, ``x.size(i)``, ``x.shape``, ``len(...)``, an ``int`` parameter, sums
and products of those); anything else is unclear, and the caller reports instead of rewriting.
"""

from __future__ import annotations

import libcst as cst

from codemods.names import ImportAliases, dotted_name
from codemods.syntax import with_kwarg
from codemods.torch_names import LEGACY_TENSOR_DTYPES

_SIZE_CALLS = frozenset({"size", "numel", "dim"})
_SIZE_BUILTINS = frozenset({"len", "int"})
_SIZE_OPERATORS = (cst.Add, cst.Subtract, cst.Multiply, cst.FloorDivide)


def legacy_dtype(qualified: str | None) -> str | None:
    """``torch.FloatTensor``/``torch.cuda.FloatTensor`` -> "float32"; None for anything else."""
    prefix, _, kind = (qualified or "").rpartition(".")
    if prefix in ("torch", "torch.cuda"):
        return LEGACY_TENSOR_DTYPES.get(kind)
    return None


def is_size(node: cst.BaseExpression, int_names: frozenset[str] = frozenset()) -> bool:
    """Is ``node`` provably an int or a ``torch.Size`` (and so a size, never data)?"""
    if isinstance(node, cst.Integer):
        return True
    if isinstance(node, cst.Name):
        return node.value in int_names
    if isinstance(node, cst.Attribute):
        return node.attr.value == "shape"
    if isinstance(node, cst.Subscript):
        return is_size(node.value, int_names)
    if isinstance(node, cst.BinaryOperation):
        return isinstance(node.operator, _SIZE_OPERATORS) and is_size(node.left, int_names) and is_size(
            node.right, int_names
        )
    if isinstance(node, cst.Call):
        if isinstance(node.func, cst.Attribute):
            return node.func.attr.value in _SIZE_CALLS and len(node.args) <= 1
        return dotted_name(node.func) in _SIZE_BUILTINS
    return False


def legacy_constructor_rewrite(
    call: cst.Call,
    qualified: str,
    aliases: ImportAliases,
    int_names: frozenset[str] = frozenset(),
    device: cst.BaseExpression | None = None,
) -> cst.Call | None:
    """``torch.FloatTensor([1, 2])`` -> ``torch.tensor([1, 2], dtype=torch.float32)``,
    ``torch.cuda.LongTensor(n, m)`` -> ``torch.empty(n, m, dtype=torch.int64, device="cuda")``.

    ``device`` replaces the constructor's own device (CPU, or ``"cuda"`` for ``torch.cuda.*``).
    None when the arguments do not say whether they are data or a size, or use keywords.
    """
    dtype = legacy_dtype(qualified)
    if dtype is None or any(arg.keyword is not None or arg.star == "**" for arg in call.args):
        return None
    args = list(call.args)
    if not args:
        factory, args = "empty", [cst.Arg(cst.Integer("0"))]
    elif len(args) == 1 and not args[0].star:
        value = args[0].value
        if isinstance(value, (cst.List, cst.Tuple, cst.ListComp)):
            factory = "tensor"
        elif is_size(value, int_names):
            factory = "empty"
        else:
            return None
    else:
        factory = "empty"  # several arguments (or *shape) are always a size
    args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    fixed = cst.Call(func=aliases.expr_for(f"torch.{factory}", f"torch.{factory}"), args=args)
    fixed = with_kwarg(fixed, "dtype", aliases.expr_for(f"torch.{dtype}", f"torch.{dtype}"))
    if device is None and qualified.startswith("torch.cuda."):
        device = cst.SimpleString('"cuda"')
    if device is not None:
        fixed = with_kwarg(fixed, "device", device)
    return fixed
