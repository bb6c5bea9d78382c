"""A CUDA factory with pin_memory=True raises.

EXPECT: RuntimeError
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/cuda/EmptyTensor.cpp (empty_cuda: "Only dense CPU tensors can be pinned")
FAMILY: pin_memory
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

print('RESULT:', outcome(lambda: torch.zeros(3, device='cuda', pin_memory=True)))
