"""A device index beyond device_count() raises a RuntimeError (invalid device ordinal).

EXPECT: True
SOURCE: https://docs.pytorch.org/docs/stable/notes/cuda.html
FAMILY: set_device/current_device
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

try:
    torch.zeros(1, device='cuda:7')
    print('RESULT:', False)
except RuntimeError:
    print('RESULT:', True)
