"""A CPU tensor indexed with CUDA indices raises.

EXPECT: RuntimeError
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/native/TensorAdvancedIndexing.cpp ("indices should be either on cpu or on the same device as the indexed tensor (cpu)")
FAMILY: indexing with CPU indices
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

print('RESULT:', outcome(lambda: torch.arange(5.0)[torch.tensor([0, 2], device='cuda')]))
