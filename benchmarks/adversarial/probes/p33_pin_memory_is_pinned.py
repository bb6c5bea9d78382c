"""pin_memory() gives a pinned host tensor.

EXPECT: True cpu
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.Tensor.pin_memory.html
FAMILY: pin_memory
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

p = torch.ones(3).pin_memory()
print('RESULT:', p.is_pinned(), p.device)
