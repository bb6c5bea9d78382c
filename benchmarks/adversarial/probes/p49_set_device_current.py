"""set_device(1): current_device() is 1 and device='cuda' means cuda:1.

EXPECT: 1 cuda:1
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.cuda.set_device.html; https://docs.pytorch.org/docs/stable/notes/cuda.html
FAMILY: set_device/current_device
GPUS: 2
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

torch.cuda.set_device(1)
print('RESULT:', torch.cuda.current_device(), torch.zeros(1, device='cuda').device)
