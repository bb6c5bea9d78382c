"""torch.cat of a CUDA and a CPU tensor raises.

EXPECT: RuntimeError
SOURCE: https://docs.pytorch.org/docs/stable/notes/cuda.html
FAMILY: arithmetic across devices
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

print('RESULT:', outcome(lambda: torch.cat([torch.ones(2, device='cuda'), torch.ones(2)])))
