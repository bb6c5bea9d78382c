"""The tolerance policy for "before and after compute the same thing".

* Keys, shapes and (unless the rewrite changed them) dtypes must match exactly.
* Same floating dtype: ``torch.allclose`` with float32's customary tolerances, rtol 1e-5, atol 1e-6.
* Integer and bool tensors: exactly equal.
* A rewrite that changes the dtype (DEV002: float64 -> float32) is compared after upcasting both to
  float64 with a looser tolerance, rtol 1e-4, atol 1e-5: float32 keeps about 7 significant digits,
  and a few layers of arithmetic lose one or two of them.
* NaN never passes, not even NaN against NaN: a NaN is a bug in the case.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import torch

SAME_DTYPE = {"rtol": 1e-5, "atol": 1e-6}
CHANGED_DTYPE = {"rtol": 1e-4, "atol": 1e-5}


@dataclass
class Comparison:
    equal: bool
    max_abs: float = 0.0
    max_rel: float = 0.0
    dtype_changed: bool = False
    problems: list[str] = field(default_factory=list)


def compare(before: dict[str, torch.Tensor], after: dict[str, torch.Tensor]) -> Comparison:
    result = Comparison(equal=True)
    if sorted(before) != sorted(after):
        result.equal = False
        result.problems.append(f"result keys differ: {sorted(before)} vs {sorted(after)}")
        return result
    for key in sorted(before):
        _compare_one(key, before[key], after[key], result)
    return result


def _compare_one(key: str, a: torch.Tensor, b: torch.Tensor, result: Comparison) -> None:
    if a.shape != b.shape:
        result.equal = False
        result.problems.append(f"{key}: shape {tuple(a.shape)} vs {tuple(b.shape)}")
        return
    floating = a.is_floating_point() or a.is_complex()
    if a.dtype != b.dtype:
        if not (floating and (b.is_floating_point() or b.is_complex())):
            result.equal = False
            result.problems.append(f"{key}: dtype {a.dtype} vs {b.dtype}")
            return
        result.dtype_changed = True
    if not floating:
        if not torch.equal(a, b):
            result.equal = False
            result.problems.append(f"{key}: integer values differ")
        return
    a64, b64 = a.to(torch.float64), b.to(torch.float64)
    if torch.isnan(a64).any() or torch.isnan(b64).any():
        result.equal = False
        result.problems.append(f"{key}: contains NaN")
        return
    if a64.numel():
        difference = (a64 - b64).abs()
        result.max_abs = max(result.max_abs, float(difference.max()))
        largest = float(b64.abs().max())
        result.max_rel = max(result.max_rel, float(difference.max()) / largest if largest else 0.0)
    tolerance = CHANGED_DTYPE if a.dtype != b.dtype else SAME_DTYPE
    if not torch.allclose(a64, b64, **tolerance):
        result.equal = False
        result.problems.append(f"{key}: values differ beyond rtol={tolerance['rtol']}, atol={tolerance['atol']}")
