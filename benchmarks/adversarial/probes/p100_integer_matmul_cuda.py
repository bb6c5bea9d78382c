"""CUDA has no int64 matmul kernel: it raises.

EXPECT: True
SOURCE: https://github.com/pytorch/pytorch/issues/44428 (CUDA support for matrix multiplication on Long tensors: open)
FAMILY: arithmetic across devices
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

a = torch.ones(2, 2, dtype=torch.int64, device='cuda')
try:
    a @ a
    print('RESULT:', False)
except RuntimeError:
    print('RESULT:', True)
