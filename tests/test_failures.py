"""Which failures count as the ones a rule cures: recognised from PyTorch's own messages."""

from __future__ import annotations

import pytest

from autofix.harness.failures import classify
from autofix.harness.models import DEVICE_MISMATCH, DTYPE_MISMATCH, ERROR, NEEDS_GPU


@pytest.mark.parametrize(
    "type_name, message, kind",
    [
        ("RuntimeError", "Expected all tensors to be on the same device, but found at least two devices", DEVICE_MISMATCH),
        ("RuntimeError", "mat1 and mat2 must have the same dtype, but got Double and Float", DTYPE_MISMATCH),
        ("AssertionError", "Torch not compiled with CUDA enabled", NEEDS_GPU),
        ("RuntimeError", "Cannot access accelerator device when none is available.", NEEDS_GPU),
        ("RuntimeError", "Cannot initialize CUDA without ATen_cuda library. PyTorch splits its backend", NEEDS_GPU),
        ("AttributeError", "module 'torch._C' has no attribute '_cuda_setDevice'", NEEDS_GPU),
        ("RuntimeError", "Invalid device, must be cuda device", NEEDS_GPU),
        ("AttributeError", "'NoneType' object has no attribute 'same device'", ERROR),
        ("KeyError", "same device", ERROR),
        ("RuntimeError", "something else went wrong", ERROR),
    ],
)
def test_kinds(type_name, message, kind):
    assert classify(type_name, message) == kind


def test_a_case_raising_the_message_itself_is_no_proof():
    assert classify("RuntimeError", "Expected all tensors to be on the same device", raised_by_case=True) == ERROR
