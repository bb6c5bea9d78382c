"""cuda.mul_(cpu 0-dim) is allowed.

EXPECT: [2.0, 2.0, 2.0]
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/test/tensor_iterator_test.cpp (CPUScalar)
FAMILY: in-place ops
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

x = torch.ones(3, device='cuda')
x.mul_(torch.tensor(2.0))
print('RESULT:', x.tolist())
