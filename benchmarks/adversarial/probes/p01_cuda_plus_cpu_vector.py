"""A CUDA tensor plus a CPU tensor with dimensions raises.

EXPECT: RuntimeError
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/test/tensor_iterator_test.cpp (MixedDevices)
FAMILY: arithmetic across devices
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

print('RESULT:', outcome(lambda: torch.ones(5, 5, device='cuda') + torch.ones(5)))
