"""torch.cuda.device(1) selects GPU 1 inside the block and restores GPU 0 after.

EXPECT: cuda:1 0
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.cuda.device.html
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

with torch.cuda.device(1):
    inside = torch.ones(1).cuda().device
print('RESULT:', inside, torch.cuda.current_device())
