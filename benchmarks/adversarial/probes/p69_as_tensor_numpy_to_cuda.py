"""torch.as_tensor(ndarray, device='cuda') copies host data to the GPU: one copy.

EXPECT: cuda:0 COUNTS: h2d=1 d2h=0 syncs=1
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.as_tensor.html; https://docs.pytorch.org/tutorials/recipes/recipes/tuning_guide.html#avoid-unnecessary-cpu-gpu-synchronization
FAMILY: NumPy interop
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

import numpy as np
print('RESULT:', torch.as_tensor(np.ones(3), device='cuda').device)
