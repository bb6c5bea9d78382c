""".item() on a CUDA tensor reads back: one device-to-host copy and one sync.

EXPECT: 3.0 COUNTS: h2d=0 d2h=1 syncs=1
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

print('RESULT:', torch.ones(3, device='cuda').sum().item())
