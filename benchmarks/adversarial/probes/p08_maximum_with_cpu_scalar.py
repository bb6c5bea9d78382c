"""torch.maximum(cuda, cpu 0-dim) is a TensorIterator binary op: allowed, result on the GPU.

EXPECT: cuda:0
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/test/tensor_iterator_test.cpp (CPUScalar)
FAMILY: scalars
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

print('RESULT:', torch.maximum(torch.ones(3, device='cuda'), torch.tensor(2.0)).device)
