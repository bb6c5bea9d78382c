"""repr of a CUDA tensor names its device.

EXPECT: tensor([1., 1.], device='cuda:0')
SOURCE: https://github.com/pytorch/pytorch/blob/main/torch/_tensor_str.py (device suffix)
FAMILY: repr/storage
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

print('RESULT:', repr(torch.ones(2, device='cuda')))
