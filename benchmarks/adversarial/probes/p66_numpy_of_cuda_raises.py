"""cuda.numpy() raises TypeError.

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

print('RESULT:', outcome(lambda: torch.ones(2, device='cuda').numpy()))
