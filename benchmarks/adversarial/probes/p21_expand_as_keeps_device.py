"""cpu.expand_as(cuda) stays on the CPU.

EXPECT: cpu
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.Tensor.expand_as.html (equivalent to self.expand(other.size()))
FAMILY: *_as methods
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

print('RESULT:', torch.ones(1, 3).expand_as(torch.ones(2, 3, device='cuda')).device)
