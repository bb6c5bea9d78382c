"""Reseeding reproduces the GPU's numbers.

EXPECT: True
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.manual_seed.html (sets the seed on all devices)
FAMILY: factories with generators
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

torch.manual_seed(3)
a = torch.rand(4, device='cuda')
torch.manual_seed(3)
b = torch.rand(4, device='cuda')
print('RESULT:', torch.equal(a, b))
