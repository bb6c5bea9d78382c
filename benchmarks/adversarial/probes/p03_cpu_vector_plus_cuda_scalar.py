"""A CUDA 0-dim tensor is no scalar to a CPU tensor with dimensions: raises.

EXPECT: RuntimeError
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/test/tensor_iterator_test.cpp (only CPU zero-dim tensors are lifted); https://docs.pytorch.org/docs/stable/notes/cuda.html
FAMILY: scalars
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

print('RESULT:', outcome(lambda: torch.ones(5) + torch.tensor(2.0, device='cuda')))
