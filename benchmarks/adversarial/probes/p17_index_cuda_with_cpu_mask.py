"""A CUDA tensor indexed with a CPU bool mask: allowed.

EXPECT: [1.0, 3.0]
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/native/TensorAdvancedIndexing.cpp
FAMILY: indexing with CPU indices
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

x = torch.arange(4.0, device='cuda')
print('RESULT:', x[torch.tensor([False, True, False, True])].tolist())
