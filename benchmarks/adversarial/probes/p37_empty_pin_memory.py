"""torch.empty(..., pin_memory=True) is pinned.

EXPECT: True
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.empty.html (pin_memory: allocated in pinned memory, CPU tensors only)
FAMILY: pin_memory
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

print('RESULT:', torch.empty(3, pin_memory=True).is_pinned())
