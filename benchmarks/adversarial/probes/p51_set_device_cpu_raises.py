"""set_device('cpu') raises ValueError.

EXPECT: ValueError
SOURCE: https://github.com/pytorch/pytorch/blob/main/torch/cuda/_utils.py (_get_device_index: Expected a cuda device, but got: cpu)
FAMILY: set_device/current_device
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

print('RESULT:', outcome(lambda: torch.cuda.set_device('cpu')))
