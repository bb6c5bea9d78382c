"""randperm(device='cuda') is a permutation on the GPU.

EXPECT: cuda:0 [0, 1, 2, 3, 4]
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.randperm.html
FAMILY: factories with generators
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

p = torch.randperm(5, device='cuda')
print('RESULT:', p.device, sorted(p.tolist()))
