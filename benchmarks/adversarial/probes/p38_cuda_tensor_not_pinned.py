"""A CUDA tensor is not pinned.

EXPECT: False
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/native/Memory.cpp (is_pinned: only CPU tensors can be pinned)
FAMILY: pin_memory
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

print('RESULT:', torch.ones(3, device='cuda').is_pinned())
