"""Triangular masks built with NumPy and wrapped with ``torch.from_numpy``, spelled in torch.

``torch.from_numpy(np.triu(np.ones((n, n)), k=1).astype("uint8"))`` makes the mask on the host,
whatever device the code runs on; ``torch.triu(torch.ones((n, n), dtype=torch.uint8, device=d),
diagonal=1)`` makes the same values where they are used. The dtype is kept exactly: NumPy's
``ones`` is float64 unless ``dtype=`` or ``.astype(...)`` says otherwise.
"""

from __future__ import annotations

import libcst as cst

from codemods.core.names import ImportAliases
from codemods.core.syntax import code_of, keyword_arg, kwarg, positional, with_kwarg

# NumPy dtype spellings (module prefix and quotes removed) and the torch dtype of the same values.
_TORCH_DTYPES = {
    "float64": "float64",
    "double": "float64",
    "float": "float64",
    "float_": "float64",
    "float32": "float32",
    "single": "float32",
    "float16": "float16",
    "half": "float16",
    "int64": "int64",
    "int": "int64",
    "int32": "int32",
    "int16": "int16",
    "int8": "int8",
    "uint8": "uint8",
    "bool": "bool",
    "bool_": "bool",
}
_TRIANGLES = {"numpy.triu": "triu", "numpy.tril": "tril"}


def triangular_mask_rewrite(
    call: cst.Call, aliases: ImportAliases, device: cst.BaseExpression
) -> cst.Call | None:
    """``torch.from_numpy(np.triu(np.ones(S[, dtype=D]), k=K)[.astype(D)])`` ->
    ``torch.triu(torch.ones(S, dtype=torch.D, device=device), diagonal=K)``; None for other shapes."""
    if aliases.qualify(call.func) != "torch.from_numpy" or len(call.args) != 1 or call.args[0].keyword:
        return None
    array = call.args[0].value
    dtype = None
    if (
        isinstance(array, cst.Call)
        and isinstance(array.func, cst.Attribute)
        and array.func.attr.value == "astype"
    ):
        if len(array.args) != 1 or array.args[0].keyword:
            return None
        dtype = _torch_dtype(array.args[0].value)
        array = array.func.value
        if dtype is None:
            return None
    triangle = _TRIANGLES.get(aliases.qualify(array.func) or "") if isinstance(array, cst.Call) else None
    if triangle is None:
        return None
    assert isinstance(array, cst.Call)
    ones, offset = _triangle_args(array)
    if ones is None or aliases.qualify(ones.func) != "numpy.ones":
        return None
    shape = positional(ones)
    ones_dtype = kwarg(ones, "dtype")
    if len(shape) != 1 or len(ones.args) != 1 + (ones_dtype is not None):
        return None
    if dtype is None:
        dtype = "float64" if ones_dtype is None else _torch_dtype(ones_dtype.value)
        if dtype is None:
            return None
    torch_ones = cst.Call(func=aliases.expr_for("torch.ones", "torch.ones"), args=[cst.Arg(shape[0].value)])
    torch_ones = with_kwarg(torch_ones, "dtype", aliases.expr_for(f"torch.{dtype}", f"torch.{dtype}"))
    torch_ones = with_kwarg(torch_ones, "device", device)
    fixed = cst.Call(
        func=aliases.expr_for(f"torch.{triangle}", f"torch.{triangle}"), args=[cst.Arg(torch_ones)]
    )
    if offset is not None:
        fixed = fixed.with_changes(
            args=[
                fixed.args[0].with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
                keyword_arg("diagonal", offset),
            ]
        )
    return fixed


def _triangle_args(call: cst.Call) -> tuple[cst.Call | None, cst.BaseExpression | None]:
    """``np.triu(m, k)`` / ``np.triu(m, k=k)``: (m if it is a call, k or None)."""
    args = positional(call)
    k = kwarg(call, "k")
    if (
        not args
        or len(args) > 2
        or (k is not None and len(args) == 2)
        or len(call.args) != len(args) + (k is not None)
    ):
        return None, None
    offset = args[1].value if len(args) == 2 else (k.value if k is not None else None)
    return (args[0].value if isinstance(args[0].value, cst.Call) else None), offset


def _torch_dtype(node: cst.BaseExpression) -> str | None:
    return _TORCH_DTYPES.get(code_of(node).rsplit(".", 1)[-1].strip("'\""))
