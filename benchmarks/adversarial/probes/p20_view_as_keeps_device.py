"""cpu.view_as(cuda) only reads the shape: the view stays on the CPU.

EXPECT: cpu
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.Tensor.view_as.html (equivalent to self.view(other.size()))
FAMILY: *_as methods
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

print('RESULT:', torch.ones(2, 3).view_as(torch.ones(3, 2, device='cuda')).device)
