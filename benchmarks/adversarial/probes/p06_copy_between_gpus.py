"""copy_() across GPUs is allowed; the destination keeps its device.

EXPECT: cuda:0
SOURCE: https://docs.pytorch.org/docs/stable/notes/cuda.html (with the exception of copy_() and other methods with copy-like functionality)
FAMILY: arithmetic across devices
GPUS: 2
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

dst = torch.zeros(3, device='cuda:0')
dst.copy_(torch.ones(3, device='cuda:1'))
print('RESULT:', dst.device)
