"""The tolerance policy for "before and after compute the same thing".

* Names and shapes must match exactly; so must dtypes, unless the rule's fix changes dtypes (DEV002),
  and then only by a pair in ``DTYPE_CHANGES`` (float64 -> float32, complex128 -> complex64), with that
  pair's own tolerance. Any other dtype change fails, under any rule: a bfloat16 result is not a float32
  one with a looser tolerance.
* Integer and bool tensors: exactly equal.
* Floating tensors, elementwise as ``torch.allclose``: ``|after - before| <= rtol * |before| + atol``,
  with the absolute floor ``atol = rtol * min(S, 1)``, S the tensor's typical magnitude (the median of
  before's non-zero magnitudes). Each element is held to its own magnitude, so small entries beside a
  majority of large ones (probabilities next to counts of 2e4) are checked to rtol of themselves, not of
  the majority. The floor sits five orders of magnitude (float32) below the tensor's typical values and
  never above rtol, so tiny values against zeros, or with their sign flipped, differ; an all-zero tensor
  must stay exactly zero.
* rtol by dtype: float64 1e-10, float32 1e-5, float16 1e-3, bfloat16 1e-2; ten times that when the two
  ran on different devices (CPU against GPU kernels). float64's is far below float32's precision (about
  6e-8), so a float64 result computed in float32 somewhere and cast back differs; summing in another
  order moves a float64 result by about 1e-15. A dtype change allowed by the rule has its pair's
  rtol: float64 -> float32 1e-4 (float32 keeps about seven significant digits, and a few layers of
  arithmetic lose one or two of them); under such a rule a float64 result that stays float64 has that
  rtol too (its fix may compute it in float32).
* NaN passes only against NaN: at exactly the positions where before's result holds NaN (an empty
  class's mean), after's must, and nowhere else. A result that holds nothing but NaN compares nothing
  and fails. Infinities must match.
"""

from __future__ import annotations

import torch

from autofix.harness.models import Comparison

RTOL = {torch.float64: 1e-10, torch.float32: 1e-5, torch.float16: 1e-3, torch.bfloat16: 1e-2}
LOOSER = 10.0  # across devices
# The dtype changes a dtype rule's fix makes (before's dtype, after's dtype), each with its tolerance.
DTYPE_CHANGES = {(torch.float64, torch.float32): 1e-4, (torch.complex128, torch.complex64): 1e-4}

POLICY = (
    "each floating result elementwise: |after − before| ≤ rtol·|before| + rtol·min(S, 1),"
    " S the median of before's non-zero magnitudes;"
    " rtol float64 1e-10, float32 1e-5, float16 1e-3, bfloat16 1e-2, ×10 across devices; dtypes must match,"
    " except float64 → float32 (rtol 1e-4) under a rule whose fix changes dtypes (DEV002);"
    " integers and bools exact; NaN only where before has NaN; empty results are an error"
)


def rtol_for(a: torch.dtype, b: torch.dtype, cross_device: bool, dtype_changes: bool = False) -> float:
    """The tolerance for before's dtype ``a`` against after's ``b`` (an allowed change, or equal dtypes);
    ``dtype_changes``: the rule's fix may compute a double-precision result in single precision."""
    narrower = {torch.float64: torch.float32, torch.complex128: torch.complex64}
    if a != b or (dtype_changes and a in narrower):
        return DTYPE_CHANGES[(a, narrower[a] if a == b else b)] * (LOOSER if cross_device else 1.0)
    real = {torch.complex64: torch.float32, torch.complex128: torch.float64}.get(a, a)
    rtol = RTOL.get(real, 1e-5)
    return rtol * LOOSER if cross_device else rtol


def compare(
    before: dict[str, torch.Tensor],
    after: dict[str, torch.Tensor],
    *,
    before_phase: str,
    after_phase: str,
    dtype_changes: bool = False,
) -> Comparison:
    """after's results against before's; ``dtype_changes``: the rule's fix may change dtypes (DEV002)."""
    result = Comparison(before_phase, after_phase, equal=True)
    if sorted(before) != sorted(after):
        missing, extra = sorted(set(before) - set(after)), sorted(set(after) - set(before))
        result.problems.append(f"result names differ: missing {missing}, extra {extra}")
    cross = _device_kind(before_phase) != _device_kind(after_phase)
    for key in sorted(set(before) & set(after)):
        _compare_one(key, before[key], after[key], cross, dtype_changes, result)
    result.equal = not result.problems
    return result


def _device_kind(phase: str) -> str:
    # The emulated device computes on the CPU: its numbers are CPU numbers.
    return "gpu" if phase == "cuda" else "cpu"


def _scale(before: torch.Tensor) -> float:
    """The tensor's typical magnitude: the median of before's non-zero magnitudes. Robust, so one huge
    element (a loss history starting at 2e6) does not make every small one next to it unchecked; before's,
    so after cannot widen its own tolerance."""
    magnitudes = before.abs().flatten()
    magnitudes = magnitudes[magnitudes > 0]
    return float(magnitudes.median()) if magnitudes.numel() else 0.0


def _compare_one(
    key: str, a: torch.Tensor, b: torch.Tensor, cross: bool, dtype_changes: bool, result: Comparison
) -> None:
    if a.shape != b.shape:
        result.problems.append(f"{key}: shape {tuple(a.shape)} vs {tuple(b.shape)}")
        return
    floating = a.is_floating_point() or a.is_complex()
    if a.dtype != b.dtype:
        if not dtype_changes:
            result.problems.append(f"{key}: dtype {a.dtype} vs {b.dtype} (this rule's fix changes no dtype)")
            return
        if (a.dtype, b.dtype) not in DTYPE_CHANGES:
            result.problems.append(
                f"{key}: dtype {a.dtype} vs {b.dtype} (a dtype fix makes float64 float32 only)"
            )
            return
        result.dtype_changed = True
    if not floating:
        if not torch.equal(a, b):
            result.problems.append(f"{key}: values differ ({int((a != b).sum())} of {a.numel()})")
        return
    wide = torch.complex128 if a.is_complex() or b.is_complex() else torch.float64
    a64, b64 = a.to(wide), b.to(wide)
    if not a64.numel():
        return
    nan_a, nan_b = torch.isnan(a64), torch.isnan(b64)
    if nan_a.any() or nan_b.any():
        if not torch.equal(nan_a, nan_b):
            where = "where before has none" if (nan_b & ~nan_a).any() else "missing where before has NaN"
            result.problems.append(f"{key}: NaN {where} ({int((nan_a != nan_b).sum())} of {a.numel()})")
            return
        if bool(nan_a.all()):
            result.problems.append(f"{key}: holds only NaN, nothing to compare")
            return
        a64, b64 = a64[~nan_a], b64[~nan_a]
    infinite = torch.isinf(a64) | torch.isinf(b64)
    if infinite.any():
        if not torch.equal(a64[infinite], b64[infinite]):
            result.problems.append(f"{key}: infinities differ")
            return
        a64, b64 = a64[~infinite], b64[~infinite]
        if not a64.numel():
            return
    scale = _scale(a64)
    difference = (a64 - b64).abs()
    # The floor never exceeds rtol in absolute terms: a large majority must not widen the small
    # entries' tolerance (allclose's shape, with atol tied to the tensor's own magnitude below 1).
    bound = a64.abs() + min(scale, 1.0)
    # The error against the bound's unit: at most rtol passes (0/0, an exact zero, is no error).
    errors = torch.where(difference == 0, torch.zeros_like(difference), difference / bound)
    relative = float(errors.max())
    result.max_rel = max(result.max_rel, relative)
    rtol = rtol_for(a.dtype, b.dtype, cross, dtype_changes)
    if bool((difference > rtol * bound).any()):
        result.problems.append(f"{key}: differs by {relative:.1e} of its scale {scale:.1e} (rtol {rtol:g})")
