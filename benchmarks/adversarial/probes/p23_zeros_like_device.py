"""zeros_like(cuda) is on the GPU; device='cpu' overrides.

EXPECT: cuda:0 cpu
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.zeros_like.html
FAMILY: *_as methods
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

x = torch.ones(2, device='cuda')
print('RESULT:', torch.zeros_like(x).device, torch.zeros_like(x, device='cpu').device)
