"""get_device() is the GPU index for a CUDA tensor, -1 on the CPU.

EXPECT: 1 -1
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.Tensor.get_device.html
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

print('RESULT:', torch.ones(1).to('cuda:1').get_device(), torch.ones(1).get_device())
