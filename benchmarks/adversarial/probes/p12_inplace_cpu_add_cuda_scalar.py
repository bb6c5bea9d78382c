"""cpu.add_(cuda 0-dim) raises: only CPU scalars are lifted.

EXPECT: RuntimeError
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/test/tensor_iterator_test.cpp
FAMILY: in-place ops
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

x = torch.ones(3)
print('RESULT:', outcome(lambda: x.add_(torch.tensor(1.0, device='cuda'))))
