"""np.asarray(cuda tensor) raises TypeError (__array__).

EXPECT: TypeError
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.Tensor.numpy.html
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
print('RESULT:', outcome(lambda: np.asarray(torch.ones(2, device='cuda'))))
