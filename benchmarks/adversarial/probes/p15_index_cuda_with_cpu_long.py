"""A CUDA tensor indexed with CPU int64 indices: allowed, result on the GPU.

EXPECT: cuda:0
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/native/TensorAdvancedIndexing.cpp ("indices should be either on cpu or on the same device as the indexed tensor")
FAMILY: indexing with CPU indices
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

print('RESULT:', torch.arange(5.0, device='cuda')[torch.tensor([0, 2])].device)
