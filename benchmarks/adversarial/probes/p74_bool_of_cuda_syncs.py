"""Python control flow on a CUDA value syncs.

EXPECT: yes COUNTS: h2d=0 d2h=1 syncs=1
SOURCE: https://docs.pytorch.org/tutorials/recipes/recipes/tuning_guide.html#avoid-unnecessary-cpu-gpu-synchronization
FAMILY: .item()/sync points
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

x = torch.ones(3, device='cuda')
print('RESULT:', 'yes' if x.sum() > 0 else 'no')
