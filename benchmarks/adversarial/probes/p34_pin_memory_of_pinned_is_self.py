"""pin_memory() of an already pinned tensor returns the tensor itself.

EXPECT: True
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/native/Memory.cpp (pin_memory: if (self.is_pinned(device)) return self;)
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
print('RESULT:', p.pin_memory() is p)
