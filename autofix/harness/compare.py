"""The tolerance policy for "before and after compute the same thing".

* Names, shapes and (unless the rewrite changed them) dtypes must match exactly.
* Integer and bool tensors: exactly equal.
* Floating tensors, each on its own scale S (its largest magnitude, before or after):
  ``|after - before| <= rtol * (|before| + S)`` elementwise. The absolute floor ``rtol * S`` sits
  five orders of magnitude (float32) below the tensor's own values, so tiny values against zeros, or
  with their sign flipped, differ; an all-zero tensor must stay exactly zero.
* rtol by the less precise dtype of the two: float64 1e-7, float32 1e-5, float16 1e-3, bfloat16
  1e-2; ten times that when the two ran on different devices (CPU against GPU kernels) or the
  rewrite changed the dtype (float64 -> float32 keeps about seven significant digits, and a few
  layers of arithmetic lose one or two of them).
* NaN never passes, not even NaN against NaN: a NaN is a bug in the case. Infinities must match.
"""

from __future__ import annotations

import torch

from autofix.harness.models import Comparison

RTOL = {torch.float64: 1e-7, torch.float32: 1e-5, torch.float16: 1e-3, torch.bfloat16: 1e-2}
LOOSER = 10.0  # across devices, or across a dtype change

POLICY = (
    "each floating result on its own scale S (largest magnitude): |after − before| ≤ rtol·(|before| + S);"
    " rtol float64 1e-7, float32 1e-5, float16 1e-3, bfloat16 1e-2, ×10 across devices or a dtype change;"
    " integers and bools exact; NaN never passes; empty results are an error"
)


def rtol_for(a: torch.dtype, b: torch.dtype, cross_device: bool) -> float:
    def of(dtype: torch.dtype) -> float:
        real = {torch.complex64: torch.float32, torch.complex128: torch.float64}.get(dtype, dtype)
        return RTOL.get(real, 1e-5)

    rtol = max(of(a), of(b))
    return rtol * LOOSER if cross_device or a != b else rtol


def compare(
    before: dict[str, torch.Tensor], after: dict[str, torch.Tensor], *, before_phase: str, after_phase: str
) -> Comparison:
    result = Comparison(before_phase, after_phase, equal=True)
    if sorted(before) != sorted(after):
        missing, extra = sorted(set(before) - set(after)), sorted(set(after) - set(before))
        result.problems.append(f"result names differ: missing {missing}, extra {extra}")
    cross = _device_kind(before_phase) != _device_kind(after_phase)
    for key in sorted(set(before) & set(after)):
        _compare_one(key, before[key], after[key], cross, result)
    result.equal = not result.problems
    return result


def _device_kind(phase: str) -> str:
    # The emulated device computes on the CPU: its numbers are CPU numbers.
    return "gpu" if phase == "cuda" else "cpu"


def _compare_one(key: str, a: torch.Tensor, b: torch.Tensor, cross: bool, result: Comparison) -> None:
    if a.shape != b.shape:
        result.problems.append(f"{key}: shape {tuple(a.shape)} vs {tuple(b.shape)}")
        return
    floating = a.is_floating_point() or a.is_complex()
    if a.dtype != b.dtype:
        if not (floating and (b.is_floating_point() or b.is_complex())):
            result.problems.append(f"{key}: dtype {a.dtype} vs {b.dtype}")
            return
        result.dtype_changed = True
    if not floating:
        if not torch.equal(a, b):
            result.problems.append(f"{key}: values differ ({int((a != b).sum())} of {a.numel()})")
        return
    wide = torch.complex128 if a.is_complex() or b.is_complex() else torch.float64
    a64, b64 = a.to(wide), b.to(wide)
    if torch.isnan(a64).any() or torch.isnan(b64).any():
        result.problems.append(f"{key}: contains NaN")
        return
    if not a64.numel():
        return
    infinite = torch.isinf(a64) | torch.isinf(b64)
    if infinite.any():
        if not torch.equal(a64[infinite], b64[infinite]):
            result.problems.append(f"{key}: infinities differ")
            return
        a64, b64 = a64[~infinite], b64[~infinite]
        if not a64.numel():
            return
    scale = float(torch.maximum(a64.abs().max(), b64.abs().max()))
    difference = (a64 - b64).abs()
    largest = float(difference.max())
    relative = largest / scale if scale else 0.0
    result.max_rel = max(result.max_rel, relative)
    rtol = rtol_for(a.dtype, b.dtype, cross)
    if bool((difference > rtol * (a64.abs() + scale)).any()):
        result.problems.append(f"{key}: differs by {relative:.1e} of its scale {scale:.1e} (rtol {rtol:g})")
